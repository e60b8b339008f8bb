"""`tmars lsp` end to end: a real LSP client (pytest-lsp) talks to the server over stdio.

One server serves the whole module (starting it and knowing the library takes about a second);
each test opens its own documents. The documents are sent as text and never written to disk.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp", reason="pytest-lsp (the dev extra) runs the language server tests")
from lsprotocol import types  # noqa: E402  (only once pytest-lsp, which brings it, is known to be there)
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards" / "base" / "project-cards.yaml"
BIRDS_SCENARIO = ROOT / "tests" / "scenarios" / "cards" / "birds.yaml"

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "tmars.cli", "lsp"],
    server_env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))},
))
async def client(lsp_client: LanguageClient):
    lsp_client.initialized_with = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=ROOT.as_uri(),
        workspace_folders=[types.WorkspaceFolder(ROOT.as_uri(), "tmars")]))
    yield
    await lsp_client.shutdown_session()


async def open_doc(client: LanguageClient, path: Path, text: str) -> list[types.Diagnostic]:
    """Open a document and wait for its diagnostics."""
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "yaml", 1, text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[uri])


def line_of(path: Path, needle: str) -> tuple[int, int]:
    """0-based line and column of the first occurrence of `needle` in a file."""
    for i, line in enumerate(path.read_text().splitlines()):
        if needle in line:
            return i, line.index(needle)
    raise AssertionError(f"{needle!r} not in {path}")


MISSPELT = """\
- name: Lab Test
  number: "201"
  type: automated
  cost: 4
  tags: [sciense]
  play: +1 plant
"""


async def test_a_misspelt_tag_is_published_with_its_code_range_and_help(client: LanguageClient):
    path = ROOT / "cards" / "base" / "zz-lsp-misspelt.yaml"
    (d,) = await open_doc(client, path, MISSPELT)
    assert d.code == "E310"
    assert d.range == types.Range(types.Position(4, 9), types.Position(4, 16))  # the word 'sciense'
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.message.startswith("unknown tag 'sciense'")
    assert "help: did you mean 'science'?" in d.message

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(path.as_uri()), d.range, types.CodeActionContext([d])))
    (fix,) = actions
    assert fix.kind == types.CodeActionKind.QuickFix
    (edit,) = fix.edit.changes[path.as_uri()]
    assert edit.range == d.range and edit.new_text == "science"


async def test_diagnostics_follow_the_text_as_it_is_typed(client: LanguageClient):
    path = ROOT / "cards" / "base" / "zz-lsp-typed.yaml"
    uri = path.as_uri()
    assert await open_doc(client, path, MISSPELT.replace("sciense", "science")) == []
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        [types.TextDocumentContentChangePartial(types.Range(types.Position(5, 11), types.Position(5, 16)), "plantt")]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    (d,) = client.diagnostics[uri]
    assert (d.code, d.range.start.line, d.range.start.character, d.range.end.character) == ("E201", 5, 11, 17)


async def test_lint_findings_come_with_the_compile_errors(client: LanguageClient):
    diags = await open_doc(client, ROOT / "cards" / "base" / "zz-lsp-lint.yaml", MISSPELT.replace(
        "sciense", "science").replace("cost: 4", "cost: 0"))
    assert [(d.code, d.severity, d.range.start.line) for d in diags] == [
        ("L108", types.DiagnosticSeverity.Warning, 3)]


async def test_a_lint_finding_with_a_mechanical_fix_gets_a_quick_fix(client: LanguageClient):
    path = ROOT / "cards" / "base" / "zz-lsp-offstep.yaml"
    text = MISSPELT.replace("sciense", "science").replace("  play:", "  requires: temperature >= -13\n  play:")
    (d,) = await open_doc(client, path, text)
    line = text.splitlines().index("  requires: temperature >= -13")
    assert d.code == "L202" and d.range == types.Range(types.Position(line, 27), types.Position(line, 30))
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(path.as_uri()), d.range, types.CodeActionContext([d])))
    (fix,) = actions
    (edit,) = fix.edit.changes[path.as_uri()]
    assert edit.range == d.range and edit.new_text == "-12"


async def test_any_text_is_survived(client: LanguageClient):
    for i, junk in enumerate(["]]]: [\t-", "- {name: [1, 2]}\n- 3", "- name: A\n  type: automated\n  play: '[[[[[[['",
                              "\x00\x01", "steps: 3\n", ""]):
        await open_doc(client, ROOT / "cards" / "base" / f"zz-junk-{i}.yaml", junk)
        await open_doc(client, ROOT / "tests" / "scenarios" / f"zz-junk-{i}.yaml", junk)
        await open_doc(client, ROOT / "cards" / f"junk{i}" / "module.yaml", junk)
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier((ROOT / "cards" / "base" / "zz-junk-1.yaml").as_uri()), types.Position(0, 3)))
    assert hover is None or hover.contents  # still answering


async def test_scenario_diagnostics_name_unknown_cards_and_keys(client: LanguageClient):
    text = BIRDS_SCENARIO.read_text().replace("hand: [Birds]", "hand: [Birdz]") + "stepz: []\n"
    diags = await open_doc(client, ROOT / "tests" / "scenarios" / "cards" / "zz-birdz.yaml", text)
    by_code = {d.code: d for d in diags}
    assert "unknown key 'stepz'" in by_code["S001"].message
    line, col = next((i, ln.index("Birdz")) for i, ln in enumerate(text.splitlines()) if "hand: [Birdz]" in ln)
    assert by_code["S004"].range == types.Range(types.Position(line, col), types.Position(line, col + 5))
    assert "did you mean 'Birds'?" in by_code["S004"].message


async def test_a_manifest_is_checked_against_its_schema(client: LanguageClient):
    diags = await open_doc(client, ROOT / "cards" / "zz-fan" / "module.yaml",
                           "id: fan\nname: Fan\nrequires: [bsae]\nvocabulary: {tagz: {}}\n")
    messages = sorted(d.message for d in diags)
    assert any("'tagz'" in m for m in messages)
    assert any("unknown module 'bsae'" in m and "did you mean 'base'?" in m for m in messages)


async def test_hover_on_a_card_name_in_a_scenario_gives_its_rules_text_and_facts(client: LanguageClient):
    text = BIRDS_SCENARIO.read_text()
    await open_doc(client, BIRDS_SCENARIO, text)
    line, col = next((i, ln.index("Birds")) for i, ln in enumerate(text.splitlines()) if "hand: [Birds]" in ln)
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(BIRDS_SCENARIO.as_uri()), types.Position(line, col + 2)))
    value = hover.contents.value
    assert "**Birds** · #072" in value
    assert "Action: add 1 animal to this card. Requires 13% oxygen." in value
    assert "| cost | 10 M€ |" in value and "| tags | animal |" in value
    assert "![Birds](data:image/svg+xml;base64," in value  # the card as the sheet draws it


async def test_hover_on_a_word_says_its_meaning_and_module(client: LanguageClient):
    path = ROOT / "cards" / "base" / "zz-lsp-hover.yaml"
    await open_doc(client, path, MISSPELT.replace("sciense", "science").replace("+1 plant", "+1 floater"))
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(path.as_uri()), types.Position(5, 13)))
    assert "floaters kept on a card" in hover.contents.value
    assert "venus (Venus Next)" in hover.contents.value


async def test_completion_offers_tags_with_their_meaning(client: LanguageClient):
    path = ROOT / "cards" / "base" / "zz-lsp-complete.yaml"
    await open_doc(client, path, MISSPELT.replace("[sciense]", "[sc"))
    found = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(path.as_uri()), types.Position(4, 11)))
    items = {i.label: i for i in found.items}
    assert items["science"].detail == "a science tag"
    assert "plantt" not in items


async def test_completion_in_a_scenario_offers_option_ids_and_areas(client: LanguageClient):
    path = ROOT / "tests" / "scenarios" / "zz-complete.yaml"
    text = "setup:\n  players:\n    - name: Alice\n      hand: [Bi\nsteps:\n  - answer: \n"
    await open_doc(client, path, text)
    names = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(path.as_uri()), types.Position(3, 15)))
    assert "Birds" in {i.label for i in names.items}
    options = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(path.as_uri()), types.Position(5, 12)))
    labels = {i.label for i in options.items}
    assert {"play:Birds", "act:Birds", "std:power-plant", "pass", "r3c3"} <= labels


async def test_definition_jumps_from_a_scenario_to_the_card(client: LanguageClient):
    text = BIRDS_SCENARIO.read_text()
    await open_doc(client, BIRDS_SCENARIO, text)
    line, col = next((i, ln.index("Birds")) for i, ln in enumerate(text.splitlines()) if "hand: [Birds]" in ln)
    (loc,) = await client.text_document_definition_async(types.DefinitionParams(
        types.TextDocumentIdentifier(BIRDS_SCENARIO.as_uri()), types.Position(line, col)))
    assert loc.uri == CARDS.as_uri()
    want_line, want_col = line_of(CARDS, "name: Birds")
    assert (loc.range.start.line, loc.range.start.character) == (want_line, want_col + len("name: "))


async def test_references_find_the_scenarios_that_name_a_card(client: LanguageClient):
    await open_doc(client, CARDS, CARDS.read_text())
    line, col = line_of(CARDS, "name: Birds")
    found = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(CARDS.as_uri()), position=types.Position(line, col + 7),
        context=types.ReferenceContext(include_declaration=False)))
    uris = {loc.uri for loc in found}
    assert BIRDS_SCENARIO.as_uri() in uris
    assert all("/scenarios/" in u for u in uris)


async def test_references_see_an_open_scenario_never_saved_as_rename_does(client: LanguageClient):
    fresh = ROOT / "tests" / "scenarios" / "zz-references-unsaved.yaml"  # open, never saved
    assert not fresh.exists()
    await open_doc(client, fresh, "setup:\n  players:\n    - name: Alice\n      hand: [Birds]\nsteps:\n"
                   "  - answer: act:Birds\n")
    await open_doc(client, CARDS, CARDS.read_text())
    line, col = line_of(CARDS, "name: Birds")
    doc, pos = types.TextDocumentIdentifier(CARDS.as_uri()), types.Position(line, col + 7)
    found = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc, position=pos, context=types.ReferenceContext(include_declaration=False)))
    assert sorted((loc.range.start.line, loc.range.start.character) for loc in found if loc.uri == fresh.as_uri()) \
        == [(3, 13), (5, 16)]
    edit = await client.text_document_rename_async(types.RenameParams(doc, pos, "Songbirds"))
    renamed = {(loc.uri, loc.range.start.line, loc.range.start.character) for loc in found}
    assert renamed <= {(uri, e.range.start.line, e.range.start.character)
                       for uri, edits in edit.changes.items() for e in edits}


async def test_ranges_are_in_the_clients_units(client: LanguageClient):
    """The client counts UTF-16 units (the default): a character beyond the Basic Multilingual Plane
    before a name counts two."""
    text = "steps:\n  - {note: \"\U0001F642 birds\", play: Birdz, expect: {Alice.res.mc: 0}}\n"
    (d,) = await open_doc(client, ROOT / "tests" / "scenarios" / "zz-emoji.yaml", text)
    col = text.splitlines()[1].index("Birdz") + 1
    assert d.code == "S004"
    assert d.range == types.Range(types.Position(1, col), types.Position(1, col + 5))


async def test_the_outline_and_symbol_search_and_rename_are_advertised(client: LanguageClient):
    caps = client.initialized_with.capabilities
    assert caps.document_symbol_provider and caps.workspace_symbol_provider
    assert caps.rename_provider  # (with prepareRename for a client that says it supports it)


TWO_CARDS = MISSPELT.replace("sciense", "science") + """\
- name: Zz Second
  number: "202"
  type: event
  cost: 1
  play: +2 heat
"""


async def test_the_outline_of_a_card_file_is_its_cards_with_their_fields(client: LanguageClient):
    path = ROOT / "cards" / "base" / "zz-lsp-outline.yaml"
    await open_doc(client, path, TWO_CARDS)
    found = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        types.TextDocumentIdentifier(path.as_uri())))
    assert [(s.name, s.detail, s.range.start.line, s.range.end.line) for s in found] == [
        ("Lab Test", "automated · 201", 0, 5), ("Zz Second", "event · 202", 6, 10)]
    assert found[0].selection_range == types.Range(types.Position(0, 8), types.Position(0, 16))
    quoted = TWO_CARDS.replace("- name: Zz Second", "- name: 'Zz Second'")
    await open_doc(client, path.with_name("zz-lsp-outline-quoted.yaml"), quoted)
    found = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        types.TextDocumentIdentifier(path.with_name("zz-lsp-outline-quoted.yaml").as_uri())))
    assert found[1].selection_range == types.Range(types.Position(6, 9), types.Position(6, 18))  # inside the quotes
    assert [(c.name, c.detail) for c in found[1].children] == [
        ("name", "Zz Second"), ("number", "202"), ("type", "event"), ("cost", "1"), ("play", "+2 heat")]


async def test_the_outline_of_a_scenario_is_its_name_and_steps(client: LanguageClient):
    text = BIRDS_SCENARIO.read_text()
    await open_doc(client, BIRDS_SCENARIO, text)
    found = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        types.TextDocumentIdentifier(BIRDS_SCENARIO.as_uri())))
    by_name = {s.name: s for s in found}
    assert by_name["name"].detail.startswith("Birds — needs 13% oxygen")
    steps = [s.name for s in by_name["steps"].children]
    assert steps[:3] == ["1. answer: convert:plants-to-greenery · not_offered: play:Birds",
                         "2. answer: r3c3 · expect", "3. play: Birds · expect"]
    assert steps[4] == "5. as: Bob · answer: pass" or steps[4] == "5. answer: pass · as: Bob"


async def test_the_outline_of_a_manifest_is_its_sections(client: LanguageClient):
    path = ROOT / "cards" / "venus" / "module.yaml"
    await open_doc(client, path, path.read_text())
    found = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        types.TextDocumentIdentifier(path.as_uri())))
    by_name = {s.name: s for s in found}
    assert {"id", "requires", "adds_to_map", "vocabulary"} <= set(by_name)
    assert {"tags", "card_resources", "globals"} <= {c.name for c in by_name["vocabulary"].children}
    assert by_name["id"].detail == "venus"


async def test_workspace_symbols_find_cards_by_name(client: LanguageClient):
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="birds"))
    birds = next(s for s in found if s.name == "Birds")
    assert found[0].name.lower().startswith("birds")
    assert birds.location.uri == CARDS.as_uri() and birds.container_name == "base"
    want_line, want_col = line_of(CARDS, "name: Birds")
    assert birds.location.range.start == types.Position(want_line, want_col + len("name: "))


def _edits_at(edit: types.WorkspaceEdit, path: Path) -> list[tuple[int, str]]:
    """The edited lines of a file, as they read after the edit."""
    lines = path.read_text().splitlines()
    edited: dict[int, str] = {}
    for e in sorted(edit.changes.get(path.as_uri(), []), key=lambda e: -e.range.start.character):
        src = edited.get(e.range.start.line, lines[e.range.start.line])
        edited[e.range.start.line] = src[:e.range.start.character] + e.new_text + src[e.range.end.character:]
    return sorted(edited.items())


async def test_rename_a_card_from_a_scenario_renames_it_everywhere(client: LanguageClient):
    text = BIRDS_SCENARIO.read_text()
    await open_doc(client, BIRDS_SCENARIO, text)
    line, col = next((i, ln.index("Birds")) for i, ln in enumerate(text.splitlines()) if "hand: [Birds]" in ln)
    doc, pos = types.TextDocumentIdentifier(BIRDS_SCENARIO.as_uri()), types.Position(line, col + 1)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(doc, pos))
    assert prepared.placeholder == "Birds" and prepared.range.start == types.Position(line, col)
    edit = await client.text_document_rename_async(types.RenameParams(doc, pos, "Songbirds"))
    scenario = [after for _, after in _edits_at(edit, BIRDS_SCENARIO)]
    assert "      hand: [Songbirds]" in scenario and "  - not_offered: play:Songbirds" in scenario
    assert "    expect: {Alice.card.Songbirds: 1, Alice.vp.Songbirds: 1, Alice.tags.animal: 1}" in scenario
    want_line, _ = line_of(CARDS, "name: Birds")
    assert (want_line, "- name: Songbirds") in _edits_at(edit, CARDS)
    fresh = ROOT / "tests" / "scenarios" / "zz-rename-unsaved.yaml"  # open, never saved
    assert not fresh.exists()
    await open_doc(client, fresh, "setup:\n  players:\n    - name: Alice\n      hand: [Birds]\nsteps:\n"
                   "  - answer: act:Birds\n    expect: {Alice.card.Birds: 1}\n")
    edit = await client.text_document_rename_async(types.RenameParams(doc, pos, "Songbirds"))
    assert sorted((e.range.start.line, e.range.start.character) for e in edit.changes[fresh.as_uri()]) == [
        (3, 13), (5, 16), (6, 24)]


async def test_rename_reaches_reprints_and_manifests(client: LanguageClient):
    path = ROOT / "cards" / "venus" / "milestones-awards.yaml"
    text = path.read_text()
    await open_doc(client, path, text)
    line, col = line_of(path, "name: Hoverlord")
    edit = await client.text_document_rename_async(types.RenameParams(
        types.TextDocumentIdentifier(path.as_uri()), types.Position(line, col + 7), "Floatlord"))
    assert (line, "- name: Floatlord") in _edits_at(edit, path)
    manifest = ROOT / "cards" / "venus" / "module.yaml"
    assert [after for _, after in _edits_at(edit, manifest)] == ["  milestones: [Floatlord]"]
    reprint = ROOT / "cards" / "turmoil" / "milestones.yaml"
    line, _ = line_of(reprint, "replaces: Terraformer")
    terraformer = ROOT / "cards" / "base" / "tharsis-milestones-awards.yaml"
    await open_doc(client, terraformer, terraformer.read_text())
    at, col = line_of(terraformer, "name: Terraformer")
    edit = await client.text_document_rename_async(types.RenameParams(
        types.TextDocumentIdentifier(terraformer.as_uri()), types.Position(at, col + 7), "Terraformist"))
    assert (line, "  replaces: Terraformist") in _edits_at(edit, reprint)
    parties = ROOT / "cards" / "turmoil" / "parties.yaml"
    await open_doc(client, parties, parties.read_text())
    at, col = line_of(parties, "name: Mars First")
    edit = await client.text_document_rename_async(types.RenameParams(
        types.TextDocumentIdentifier(parties.as_uri()), types.Position(at, col + 7), "Mars Forever"))
    agendas = [after for _, after in _edits_at(edit, ROOT / "cards" / "turmoil" / "agendas.yaml")]
    assert agendas and set(agendas) == {"  party: Mars Forever"}  # a field its card type declares a name


async def _rename_from_card(client: LanguageClient, path: Path, name: str, new: str) -> types.WorkspaceEdit:
    await open_doc(client, path, path.read_text())
    line, col = line_of(path, f"name: {name}")
    return await client.text_document_rename_async(types.RenameParams(
        types.TextDocumentIdentifier(path.as_uri()), types.Position(line, col + 7), new))


async def test_rename_carries_the_ids_made_from_the_name_that_only_mean_this_card(client: LanguageClient):
    venus = ROOT / "cards" / "venus"
    edit = await _rename_from_card(client, venus / "project-cards.yaml", "Stratopolis", "Strato City")
    line, _ = line_of(venus / "project-cards.yaml", "city(stratopolis, off-mars)")
    assert (line, '  play: "[+2 mc], city(strato-city, off-mars)"') in _edits_at(edit, venus / "project-cards.yaml")
    assert [after for _, after in _edits_at(edit, venus / "module.yaml")] == [
        "    - {id: stratopolis, name: Stratopolis, reserved: strato-city}",  # the area's own id stays
        "    strato-city: the Stratopolis city, on the Venus board's area reserved for it"]
    with pytest.raises(Exception, match="'dawn-city', which a module already declares as a tile"):
        await _rename_from_card(client, venus / "project-cards.yaml", "Stratopolis", "Dawn-City")

    fresh = ROOT / "tests" / "scenarios" / "zz-rename-derived-unsaved.yaml"  # open, never saved
    await open_doc(client, fresh, "setup:\n  players:\n    - name: Alice\nsteps:\n"
                   "  - offered: [std:power-plant, milestone:mayor, award:banker, std:asteroid]\n")
    base = ROOT / "cards" / "base"
    thorgate = ROOT / "tests" / "scenarios" / "cards" / "thorgate.yaml"
    edit = await _rename_from_card(client, base / "standard-projects.yaml", "Power Plant", "Power Station")
    assert [after for _, after in _edits_at(edit, thorgate)] == [
        "  - answer: std:power-station", "    not_offered: std:power-station"]
    line, _ = line_of(base / "corporations.yaml", "std(power-plant)")
    assert _edits_at(edit, base / "corporations.yaml") == [
        (line, "  effect: discount 3 on power-tag or std(power-station)")]
    edited = {(e.range.start.character, e.new_text) for e in edit.changes[fresh.as_uri()]}
    assert edited == {(14, "std:power-station")}
    with pytest.raises(Exception, match="'std:asteroid' is already the option id of another card"):
        await _rename_from_card(client, base / "standard-projects.yaml", "Power Plant", "Asteroid!")
    with pytest.raises(Exception, match="makes no id"):
        await _rename_from_card(client, base / "standard-projects.yaml", "Power Plant", "(+)")
    edit = await _rename_from_card(client, base / "tharsis-milestones-awards.yaml", "Mayor", "Governor")
    assert {(e.range.start.character, e.new_text) for e in edit.changes[fresh.as_uri()]} == {
        (31, "milestone:governor")}
    edit = await _rename_from_card(client, base / "tharsis-milestones-awards.yaml", "Banker", "Financier")
    assert {(e.range.start.character, e.new_text) for e in edit.changes[fresh.as_uri()]} == {
        (48, "award:financier")}
    funded = ROOT / "tests" / "scenarios" / "faq" / "F230-funded-award-everyone-competes.yaml"
    assert "award:financier, award:scientist" in _edits_at(edit, funded)[0][1]


async def test_rename_reaches_claims_expected_values_and_ids_that_name_the_card(client: LanguageClient):
    fresh = ROOT / "tests" / "scenarios" / "zz-rename-values-unsaved.yaml"  # open, never saved
    await open_doc(client, fresh, "setup:\n  players:\n    - name: Alice\nsteps:\n  - set:\n"
                   "      awards: {Banker: Alice}\n    answer: 1:Banker:2\n    expect: {awards: [Banker], x: Banker}\n")
    base = ROOT / "cards" / "base"
    edit = await _rename_from_card(client, base / "tharsis-milestones-awards.yaml", "Banker", "Financier")
    assert sorted((e.range.start.line, e.range.start.character) for e in edit.changes[fresh.as_uri()]) == [
        (5, 15), (6, 14), (7, 22), (7, 34)]
    assert [after for _, after in _edits_at(edit, base / "board" / "tharsis.yaml")] == [
        "awards: [Landlord, Financier, Scientist, Thermalist, Miner]"]  # the map's list of awards


async def test_rename_is_refused_to_a_taken_name_and_off_a_card_name(client: LanguageClient):
    text = BIRDS_SCENARIO.read_text()
    await open_doc(client, BIRDS_SCENARIO, text)
    line, col = next((i, ln.index("Birds")) for i, ln in enumerate(text.splitlines()) if "hand: [Birds]" in ln)
    doc = types.TextDocumentIdentifier(BIRDS_SCENARIO.as_uri())
    with pytest.raises(Exception, match="'Fish' is already the name of a card"):
        await client.text_document_rename_async(types.RenameParams(doc, types.Position(line, col), "Fish"))
    with pytest.raises(Exception, match="only a card's name can be renamed"):
        await client.text_document_prepare_rename_async(types.PrepareRenameParams(doc, types.Position(0, 1)))
    unknown = ROOT / "tests" / "scenarios" / "zz-rename-unknown.yaml"
    await open_doc(client, unknown, "setup:\n  players:\n    - name: Alice\n      hand: [Birdz]\nsteps: []\n")
    with pytest.raises(Exception, match="'Birdz' is no card's name"):
        await client.text_document_prepare_rename_async(types.PrepareRenameParams(
            types.TextDocumentIdentifier(unknown.as_uri()), types.Position(3, 14)))
    with pytest.raises(Exception, match="cannot be written plain"):
        await client.text_document_rename_async(types.RenameParams(doc, types.Position(line, col), "Birds, Fish"))


async def _complete(client: LanguageClient, path: Path, line: int, col: int) -> dict[str, types.CompletionItem]:
    found = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(path.as_uri()), types.Position(line, col)))
    return {i.label: i for i in found.items}


async def test_tags_offered_are_those_of_the_cards_modules(client: LanguageClient):
    text = MISSPELT.replace("[sciense]", "[sc")
    base, venus = ROOT / "cards" / "base" / "zz-lsp-tags.yaml", ROOT / "cards" / "venus" / "zz-lsp-tags.yaml"
    for path in (base, venus):
        await open_doc(client, path, text)
    in_base, in_venus = await _complete(client, base, 4, 11), await _complete(client, venus, 4, 11)
    assert "science" in in_base and "venus" not in in_base  # base requires no module that brings it
    assert "venus" in in_venus and in_venus["venus"].sort_text < in_venus["science"].sort_text  # its own first
    assert in_base["science"].text_edit.range == types.Range(types.Position(4, 9), types.Position(4, 11))
    needing = text.replace("  tags:", "  needs: [venus]\n  tags:")
    await open_doc(client, base.with_name("zz-lsp-needs.yaml"), needing)
    assert "venus" in await _complete(client, base.with_name("zz-lsp-needs.yaml"), 5, 11)


async def test_a_requirement_is_offered_counts_and_comparisons_only(client: LanguageClient):
    path = ROOT / "cards" / "base" / "zz-lsp-requires.yaml"
    text = MISSPELT.replace("sciense", "science").replace("  play:", "  requires: ox\n  play:")
    await open_doc(client, path, text)
    items = await _complete(client, path, 5, 14)
    assert {"oxygen", "temperature", "plant-tag", ">=", "<="} <= set(items)
    assert not {"steal", "ocean-area", "may", "production"} & set(items)
    assert items["oxygen"].detail.startswith("count word")


async def test_a_row_is_offered_no_trigger_and_a_hyphenated_word_is_replaced_whole(client: LanguageClient):
    path = ROOT / "cards" / "base" / "zz-lsp-row.yaml"
    text = MISSPELT.replace("sciense", "science").replace("+1 plant", "+1 plant-pr")
    await open_doc(client, path, text)
    items = await _complete(client, path, 5, 19)
    assert "plant-prod" in items and "steal" in items and "production-phase" not in items
    assert items["plant-prod"].text_edit.range == types.Range(types.Position(5, 11), types.Position(5, 19))


async def test_answers_are_ranked_by_what_the_scenario_says_of_the_step(client: LanguageClient):
    path = ROOT / "tests" / "scenarios" / "zz-ranked.yaml"
    text = ("setup:\n  players:\n    - name: Alice\n      hand: [Birds]\n      played: [Tardigrades]\n"
            "steps:\n  - answer: \n    offered: [std:asteroid]\n  - play: Birds\n    expect: {pending.kind: area}\n"
            "  - answer: \n")
    await open_doc(client, path, text)
    first = await _complete(client, path, 6, 12)
    order = sorted(first, key=lambda label: first[label].sort_text)
    assert order[0] == "std:asteroid"
    assert first["play:Birds"].sort_text < first["play:Fish"].sort_text  # in hand
    assert first["act:Tardigrades"].sort_text < first["act:Birds"].sort_text  # played
    assert first["play:Birds"].sort_text < first["Birds"].sort_text < first["r3c3"].sort_text
    after_area = await _complete(client, path, 10, 12)
    assert after_area["r3c3"].sort_text < after_area["pass"].sort_text < after_area["Birds"].sort_text


def _decoded(data: list[int], legend: list[str], text: str) -> list[tuple[str, str]]:
    """Semantic tokens as (text, type) pairs."""
    lines, out, line, start = text.splitlines(), [], 0, 0
    for i in range(0, len(data), 5):
        line += data[i]
        start = start + data[i + 1] if data[i] == 0 else data[i + 1]
        out.append((lines[line][start:start + data[i + 2]], legend[data[i + 3]]))
    return out


ACTION_CARD = MISSPELT.replace("sciense", "science").replace("  play: +1 plant", "  action: -X heat -> +2 plant-prod!, "
                                                             "[+1 mc] or steal 2 plantz!")


async def test_semantic_tokens_colour_the_card_language_inside_yaml_strings(client: LanguageClient):
    legend = client.initialized_with.capabilities.semantic_tokens_provider.legend.token_types
    path = ROOT / "cards" / "base" / "zz-lsp-tokens.yaml"
    await open_doc(client, path, ACTION_CARD)
    found = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(
        types.TextDocumentIdentifier(path.as_uri())))
    assert _decoded(found.data, legend, ACTION_CARD) == [
        ("-", "operator"), ("X", "parameter"), ("heat", "enumMember"), ("->", "operator"), ("+", "operator"),
        ("2", "number"), ("plant-prod", "variable"), ("!", "operator"), (",", "operator"), ("[", "operator"),
        ("+", "operator"), ("1", "number"), ("mc", "enumMember"), ("]", "operator"), ("or", "keyword"),
        ("steal", "keyword"), ("2", "number"), ("!", "operator")]  # 'plantz' is no word: left uncoloured
    emoji = MISSPELT.replace("sciense", "science").replace("+1 plant", '"\U0001F642, +1 mc"')
    await open_doc(client, path.with_name("zz-lsp-tokens-emoji.yaml"), emoji)
    found = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(
        types.TextDocumentIdentifier(path.with_name("zz-lsp-tokens-emoji.yaml").as_uri())))
    *_, mc = [found.data[i:i + 5] for i in range(0, len(found.data), 5)]
    assert list(mc[2:4]) == [2, legend.index("enumMember")]
    assert sum(found.data[i + 1] for i in range(0, len(found.data), 5)) == emoji.splitlines()[5].index("mc") + 1


FOLDED_CARD = MISSPELT.replace("sciense", "science").replace("  play: +1 plant", """\
  play: >-
    +1 plant,
      +2 heat
  solo:
    play: "+1 mc,
      \U0001F642 -1 heat"
""")


async def test_semantic_tokens_reach_folded_values_and_solo_rows_line_by_line(client: LanguageClient):
    legend = client.initialized_with.capabilities.semantic_tokens_provider.legend.token_types
    path = ROOT / "cards" / "base" / "zz-lsp-tokens-folded.yaml"
    await open_doc(client, path, FOLDED_CARD)
    found = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(
        types.TextDocumentIdentifier(path.as_uri())))
    at, line, start = [], 0, 0
    for i in range(0, len(found.data), 5):
        line += found.data[i]
        start = start + found.data[i + 1] if found.data[i] == 0 else found.data[i + 1]
        at.append((line, start, found.data[i + 2], legend[found.data[i + 3]]))
    assert at == [  # the emoji is two UTF-16 units: what follows it on its line is one further on
        (6, 4, 1, "operator"), (6, 5, 1, "number"), (6, 7, 5, "enumMember"), (6, 12, 1, "operator"),
        (7, 6, 1, "operator"), (7, 7, 1, "number"), (7, 9, 4, "enumMember"),
        (9, 11, 1, "operator"), (9, 12, 1, "number"), (9, 14, 2, "enumMember"), (9, 16, 1, "operator"),
        (10, 9, 1, "operator"), (10, 10, 1, "number"), (10, 12, 4, "enumMember")]
    events = ROOT / "cards" / "turmoil" / "global-events.yaml"  # a row its card type declares: `resolve:`
    text = events.read_text()
    await open_doc(client, events, text)
    found = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(
        types.TextDocumentIdentifier(events.as_uri())))
    solo_row, _ = line_of(events, "if building-tag + city-tile + influence >= 10 then +1 tr")
    decoded, line = _decoded(found.data, legend, text), 0
    lines_of = [line := line + found.data[i] for i in range(0, len(found.data), 5)]
    assert [t for t, at in zip(decoded, lines_of, strict=True) if at == solo_row][:3] == [
        ("if", "keyword"), ("building-tag", "variable"), ("+", "operator")]


async def test_hover_on_the_languages_symbols(client: LanguageClient):
    path = ROOT / "cards" / "base" / "zz-lsp-symbols.yaml"
    await open_doc(client, path, ACTION_CARD)
    row = ACTION_CARD.splitlines()[5]

    async def hover_at(needle: str, offset: int = 0) -> str:
        found = await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(path.as_uri()), types.Position(5, row.index(needle) + offset)))
        return found.contents.value if found else ""

    assert "red arrow of an action" in await hover_at("->", 1)
    assert "chooses as the row resolves" in await hover_at("X")
    assert "red border" in await hover_at("!")
    assert "production box" in await hover_at("[")
    assert "alternatives" in await hover_at(" or ", 1)
    effect = ROOT / "cards" / "base" / "zz-lsp-effect.yaml"
    text = MISSPELT.replace("sciense", "science").replace("  play: +1 plant", "  effect: city-tile! => +1 mc")
    await open_doc(client, effect, text)
    found = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(effect.as_uri()), types.Position(5, text.splitlines()[5].index("=>"))))
    assert "a blue effect" in found.contents.value


@pytest.mark.parametrize(("change", "code", "old", "new"), [
    (("  play: +1 plant", "  play: tile(capital)"), "L415", "capital", "lab-test"),
    (("type: automated", "type: active"), "L102", "active", "automated"),
    (("  play: +1 plant", "  replaces: Birds\n  play: +1 plant"), "L417", "Birds", "Lab Test"),
])
async def test_lint_findings_whose_help_names_the_fix_get_it_as_a_quick_fix(client: LanguageClient, change: tuple,
                                                                          code: str, old: str, new: str):
    path = ROOT / "cards" / "base" / f"zz-lsp-fix-{code}.yaml"
    text = MISSPELT.replace("sciense", "science").replace(*change)
    diags = await open_doc(client, path, text)
    d = next(d for d in diags if d.code == code)
    assert text.splitlines()[d.range.start.line][d.range.start.character:d.range.end.character] == old
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(path.as_uri()), d.range, types.CodeActionContext([d])))
    (fix,) = actions
    (edit,) = fix.edit.changes[path.as_uri()]
    assert edit.range == d.range and edit.new_text == new


async def test_a_lint_finding_whose_fix_removes_a_field_gets_it_as_a_quick_fix(client: LanguageClient):
    path = ROOT / "cards" / "base" / "zz-lsp-fix-remove.yaml"
    text = MISSPELT.replace("sciense", "science").replace("  tags: [science]", "  vp: 0\n  tags:\n  - science") \
        + "- name: Zz Other\n  number: \"203\"\n  type: event\n  cost: 3\n  tags: [event]\n  holds:\n    animal\n"
    diags = await open_doc(client, path, text)
    by_code = {d.code: d for d in diags}
    edits = []
    for code in ("L109", "L412"):
        d = by_code[code]
        (fix,) = await client.text_document_code_action_async(types.CodeActionParams(
            types.TextDocumentIdentifier(path.as_uri()), d.range, types.CodeActionContext([d])))
        edits += fix.edit.changes[path.as_uri()]
    lines = text.splitlines(keepends=True)
    for e in sorted(edits, key=lambda e: -e.range.start.line):
        assert e.new_text == "" and e.range.start.character == e.range.end.character == 0
        del lines[e.range.start.line:e.range.end.line]
    kept = MISSPELT.replace("sciense", "science").replace("  tags: [science]", "  tags:\n  - science")
    assert "".join(lines) == kept + "- name: Zz Other\n  number: \"203\"\n  type: event\n  cost: 3\n  tags: [event]\n"


BAD_MANIFEST = """\
id: zzbad
name: Bad Manifest
requires: [base]
adds_to_map: {milestones: [Hoverlordd]}
vocabulary:
  globals:
    tide:
      meaning: the tide
      start: 0
      goal: 8
      step: 2
      ends_game: false
      bonuses:
        - {at: 4, do: +1 cardz}
        - {at: 3, do: +1 mc}
flow:
  generation: [{name: tidal, after: productionn}]
"""


async def test_a_manifest_is_checked_as_deeply_as_lint_checks_it(client: LanguageClient):
    path = ROOT / "cards" / "zz-bad" / "module.yaml"
    diags = await open_doc(client, path, BAD_MANIFEST)
    lines = BAD_MANIFEST.splitlines()
    found = {(d.code, lines[d.range.start.line][d.range.start.character:d.range.end.character]) for d in diags}
    assert {("E201", "cardz"), ("E602", "3"), ("E603", "Hoverlordd")} <= found  # E602 hides nothing
    assert any(d.code == "E607" and "'productionn'" in d.message for d in diags)
    by_code = {d.code: d for d in diags}
    assert "did you mean 'Hoverlord'?" in by_code["E603"].message


async def test_completion_in_a_manifest(client: LanguageClient):
    path = ROOT / "cards" / "zz-complete" / "module.yaml"
    text = ("id: zzc\nrequires: [ba\nvocabulary:\n  ta\n  globals:\n    tide:\n      bonuses:\n"
            "        - {at: 2, do: +1 plant-pr}\nflow:\n  generation: [{name: tidal, after: solo_v}]\nfl\n")
    await open_doc(client, path, text)
    assert "base" in await _complete(client, path, 1, 13)
    assert {"tags", "counts", "card_types"} <= set(await _complete(client, path, 3, 4))
    row = await _complete(client, path, 7, 33)
    assert row["plant-prod"].text_edit.range == types.Range(types.Position(7, 25), types.Position(7, 33))
    phases = await _complete(client, path, 9, 42)
    assert {"production", "research", "solo_verdict"} <= set(phases) and "milestones" not in phases
    assert phases["solo_verdict"].text_edit.range.start == types.Position(9, 36)
    top = await _complete(client, path, 10, 2)
    assert top["flow"].detail.startswith("what the module adds to the structure of a game")


async def test_hover_in_a_scenario_on_option_ids_and_areas(client: LanguageClient):
    path = ROOT / "tests" / "scenarios" / "zz-hover-options.yaml"
    text = "steps:\n  - answer: std:power-plant\n  - answer: r3c3\n  - answer: first-action\n    note: r3c3\n"
    await open_doc(client, path, text)

    async def hover_at(line: int, col: int) -> str:
        found = await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(path.as_uri()), types.Position(line, col)))
        return found.contents.value if found else ""

    assert (await hover_at(1, 18)).startswith("**Power Plant**")
    assert (await hover_at(2, 13)).startswith("**`r3c3`** — an area: ")
    assert "an option of the action menu: A corporation's first action" in await hover_at(3, 14)
    assert await hover_at(4, 12) == ""  # a note is free text
