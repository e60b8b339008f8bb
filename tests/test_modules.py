"""Modules are folders of data: a manifest names the module, what it requires and the words it
brings; a card may use only the words of its module and of the modules it requires."""

from __future__ import annotations

import pytest

from compiler import vocab
from compiler.library import compile_paths
from compiler.modules import closure, installed_words, manifests, resolve

CARD = """
- name: Fighter Bay
  number: M01
  type: active
  cost: 5
  tags: [space]
  holds: fighter
  action: -> +1 fighter
"""


def write_module(folder, requires):
    folder.mkdir()
    (folder / "module.yaml").write_text(f"id: {folder.name}\nname: Test\nrequires: {requires}\n")
    (folder / "cards.yaml").write_text(CARD)


def test_the_game_words_come_from_the_manifests():
    assert tuple(installed_words("tags")) == vocab.TAGS and "building" in manifests()["base"].words("tags")
    assert tuple(installed_words("card_resources")) == vocab.CARD_RESOURCES
    assert "fighter" in manifests()["corpera"].words("card_resources")  # Security Fleet's, a Corporate Era word
    assert vocab.GLOBALS == ("temperature", "oxygen", "venus")  # Venus Next brings the fourth track
    assert closure("corpera") == {"base", "corpera"} and resolve(["corpera", "base"]) == ("base", "corpera")


def test_a_card_using_a_word_its_module_does_not_require_is_refused_with_the_module_that_brings_it(tmp_path):
    write_module(tmp_path / "needsfix", "[base]")
    result = compile_paths([tmp_path / "needsfix"], use_cache=False)
    codes = [(d.code, d.message, d.suggestion) for d in result.diagnostics]
    assert codes == [("E320", "'fighter' is a card resource of module corpera, which module needsfix does not require",
                      "add corpera to the requires of needsfix's module.yaml")]
    write_module(tmp_path / "fixed", "[base, corpera]")
    assert compile_paths([tmp_path / "fixed"], use_cache=False).ok


def test_a_malformed_manifest_is_refused_with_where_and_why(tmp_path):
    import pytest

    from compiler.modules import ModuleError, read_manifest
    (tmp_path / "module.yaml").write_text("id: pack\nname: Pack\nrequires: base\n")
    with pytest.raises(ModuleError, match=r"module.yaml:3:11: error E604 requires: 'base' is not of type 'array'"):
        read_manifest(tmp_path)
    (tmp_path / "module.yaml").write_text("id: pack\nname: Pack\nvocabulary: {rivers: {dome: a dome}}\n")
    with pytest.raises(ModuleError, match="vocabulary: unknown field 'rivers'"):
        read_manifest(tmp_path)
    (tmp_path / "module.yaml").write_text("id: pack\nname: Pack\nrequries: [base]\nnumbring: {cards: x}\n")
    with pytest.raises(ModuleError) as refused:  # every problem at once, each at its place, with the nearest field
        read_manifest(tmp_path)
    text = str(refused.value)
    assert "module.yaml:3:1: error E604 unknown field 'requries'" in text and "did you mean 'requires'?" in text
    assert "module.yaml:4:1: error E604 unknown field 'numbring'" in text and "did you mean 'numbering'?" in text


DOMES = __import__("pathlib").Path(__file__).parent / "fixtures" / "domes"


def test_a_module_of_data_brings_new_words_and_plays_with_no_python(capsys):
    """tests/fixtures/domes brings a tag and a card resource; its cards compile, lint clean, are
    drawn on a sheet with key entries for the new words, and bots play games with them."""
    from compiler.lint import lint_paths
    from compiler.modules import add_folder
    from compiler.sheet import make_sheet
    from tmars.cli import main

    add_folder(DOMES)
    assert "dome" in vocab.TAGS and "seed" in vocab.CARD_RESOURCES
    result = compile_paths([DOMES], use_cache=False)
    assert result.ok and {c["module"] for c in result.cards} == {"domes"} and len(result.cards) == 5
    assert not lint_paths([DOMES]).findings
    sheet = make_sheet(result.cards)
    assert "Seed Vault" in sheet.html and "seeds" in sheet.html
    assert main(["simulate", "--games", "6", "--seed", "3", "--cards", str(DOMES), "--coverage"]) == 0
    out = capsys.readouterr().out
    assert "capped" in out and "cards played" in out


def test_a_card_that_needs_a_module_is_dealt_only_when_that_module_is_in_play():
    from tmars.game import Game
    needy = str(DOMES.parent / "needy")
    without = Game.new(2, seed=2, modules=("base",), card_folders=(needy,))
    assert "Fighter Escort" in without.content.cards and "Fighter Escort" not in without.content.project_deck()
    with_it = Game.new(2, seed=2, card_folders=(needy,))
    assert "Fighter Escort" in with_it.content.project_deck()


def test_a_module_adds_its_milestone_and_award_to_the_map_and_a_missing_one_is_refused(tmp_path):
    import pytest

    from tmars.content import ContentError
    from tmars.game import Game
    folder = tmp_path / "honours"
    folder.mkdir()
    (folder / "module.yaml").write_text("id: honours\nname: Honours\nrequires: [base]\n"
                                        "adds_to_map: {milestones: [Hoarder], awards: [Collector]}\n")
    (folder / "cards.yaml").write_text("- name: Hoarder\n  type: milestone\n  requires: card-in-hand >= 3\n"
                                       "- name: Collector\n  type: award\n  score: card-in-hand\n")
    game = Game.new(2, seed=4, card_folders=(str(folder),))
    assert game.content.map.milestones[-1] == "Hoarder" and len(game.content.map.milestones) == 6
    assert game.content.map.awards[-1] == "Collector" and "Landlord" in game.content.map.awards
    while game.state["phase"] == "setup":
        d = game.pending
        game.answer(d["player"], [o["id"] for o in d["options"]][:d.get("max", 1)] if d["kind"] == "select"
                    else d["options"][0]["id"])
    p = game.pending["player"]
    game.state["players"][p]["res"]["mc"] = 30
    game.state["players"][p]["hand"] = game.state["deck"][:3]
    game.state["pending"] = None
    game.state["stack"].clear()
    game.advance()
    ids = {o["id"] for o in game.pending["options"]}
    assert "milestone:hoarder" in ids and "award:collector" in ids
    other = tmp_path / "bad"
    other.mkdir()
    (other / "module.yaml").write_text("id: bad\nname: Bad\nrequires: [base]\nadds_to_map: {awards: [Nobody]}\n")
    with pytest.raises(ContentError, match="adds the award 'Nobody' to the map, but no card"):
        Game.new(2, seed=4, card_folders=(str(other),))


def test_with_prelude_all_corporations_are_shuffled_together_and_two_dealt():
    """F341: one shuffled pile of every module's corporations, two dealt to each player."""
    from tmars.game import Game
    dealt: list[str] = []
    for seed in range(40):
        game = Game.new(3, seed=seed, modules=("base", "corpera", "prelude"))
        hands = [pl["dealt_corps"] for pl in game.state["players"]]
        assert all(len(h) == 2 for h in hands) and len({c for h in hands for c in h}) == 6
        dealt += [c for h in hands for c in h]
    modules = {game.content.cards[c]["module"] for c in dealt}
    prelude_corps = {c for c in dealt if game.content.cards[c]["module"] == "prelude"}
    assert modules == {"base", "corpera", "prelude"} and len(prelude_corps) == 5
    same_kind = sum(1 for i in range(0, len(dealt), 2)
                    if len({game.content.cards[c]["module"] == "prelude" for c in dealt[i:i + 2]}) == 1)
    assert same_kind > 0  # some players get two corporations of one kind: no one-from-each dealing


def test_a_word_said_to_come_later_is_brought_by_no_module():
    from compiler import vocab
    from compiler.modules import VOCABULARY_KINDS, all_words
    brought = {w for kind in VOCABULARY_KINDS for w in all_words(kind)}
    assert not set(vocab.LATER) & brought


def test_venus_project_cards_are_shuffled_into_the_deck_with_or_without_corporate_era():
    """F305: the Venus Next project cards join the project deck; Corporate Era's are added or not, as usual.
    A new game's project cards are its deck and the cards dealt to choose from."""
    from tmars.content import load_content
    from tmars.game import Game

    def project_cards_of(modules):
        content = load_content(modules)
        return {m: {c["name"] for c in content.cards.values()
                    if c["module"] == m and c["type"] in ("automated", "active", "event")} for m in modules}

    for modules in (("base", "venus"), ("base", "corpera", "venus")):
        game = Game.new(2, seed=5, modules=modules)
        players = game.state["players"]
        in_game = game.state["deck"] + [c for pl in players for c in pl["dealt"]]
        assert len(in_game) == len(set(in_game)) == len(game.content.project_deck())
        cards = project_cards_of(("base", "corpera", "venus"))
        assert len(cards["venus"]) == 49 and cards["venus"] <= set(in_game)
        assert cards["base"] <= set(in_game)
        if "corpera" in modules:
            assert cards["corpera"] <= set(in_game)
        else:
            assert not cards["corpera"] & set(in_game)
            assert not any(game.content.cards[c]["module"] == "corpera" for c in in_game)
        venus_corps = {c for c in game.content.corporations() if game.content.cards[c]["module"] == "venus"}
        assert venus_corps == {"Aphrodite", "Celestic", "Manutech", "Morning Star Inc.", "Viron"}
        dealt: set[str] = set()
        for seed in range(20):
            dealt |= {c for pl in Game.new(2, seed=seed, modules=modules).state["players"] for c in pl["dealt_corps"]}
        assert dealt & venus_corps and dealt <= set(game.content.corporations())


def test_a_flow_entry_with_a_misspelt_field_or_an_order_outside_setup_is_refused_at_its_place(tmp_path):
    """A flow entry is a name or {name, after or before}; only a setup step has an order: each
    departure is an E604 at its own place, the misspelt field with the nearest one."""
    import pytest

    from compiler.modules import ModuleError, read_manifest
    (tmp_path / "module.yaml").write_text("id: pack\nname: Pack\nrequires: [base]\nflow:\n"
                                          "  generation: [{name: x, aftr: production, order: seat}]\n"
                                          "  setup: [{name: y, order: sit}]\n")
    with pytest.raises(ModuleError) as refused:
        read_manifest(tmp_path)
    text = str(refused.value)
    assert "module.yaml:5:26: error E604 flow.generation.0: unknown field 'aftr'" in text
    assert "did you mean 'after'?" in text
    assert "module.yaml:5:44: error E604 flow.generation.0: unknown field 'order'" in text
    assert "module.yaml:6:28: error E604 flow.setup.0.order: 'sit' is not one of ['seat', 'turn']" in text
    assert "expected: one of seat, turn" in text
    assert text.count("error E604") == 3


def test_a_module_requiring_itself_or_a_circle_of_modules_is_refused_in_words(tmp_path):
    """A module may not require itself, even through others: a game says which circle (it used
    to recurse without end), and lint points at the requirement (E608)."""
    from compiler.lint import lint_paths
    from compiler.modules import ModuleError, add_folder, forget_added, resolve
    (tmp_path / "me").mkdir()
    (tmp_path / "me" / "module.yaml").write_text("id: me\nname: Me\nrequires: [base, me]\n")
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "module.yaml").write_text("id: ma\nname: A\nrequires: [mb]\n")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "module.yaml").write_text("id: mb\nname: B\nrequires: [ma]\n")
    try:
        for folder in ("me", "a", "b"):
            add_folder(tmp_path / folder)
        with pytest.raises(ModuleError, match="circle: me -> me"):
            resolve(("base", "me"))
        with pytest.raises(ModuleError, match="circle: ma -> mb -> ma"):
            resolve(("ma", "mb"))
    finally:
        forget_added()
    found = [(f.code, f.line, f.col) for f in lint_paths([tmp_path / "me"]).findings]
    assert found == [("E608", 3, 18)]


def test_a_module_declaring_a_word_another_brings_or_the_language_has_is_refused(tmp_path):
    """A module's second `plant` tag used to be silently ignored, and a card resource `plant`
    made two icons of one word: lint points at each (E609) and a game refuses the module."""
    from compiler.lint import lint_paths
    from compiler.modules import ModuleError, add_folder, forget_added
    folder = tmp_path / "dup"
    folder.mkdir()
    (folder / "module.yaml").write_text("id: dup\nname: Dup\nrequires: [base]\nvocabulary:\n  tags:\n"
                                        "    plant: a plant tag again\n  card_resources:\n    plant: a plant\n"
                                        "    geode: a geode\n")
    found = [(f.code, f.line, f.col) for f in lint_paths([folder]).findings]
    assert found == [("E609", 6, 5), ("E609", 8, 5)]
    try:
        with pytest.raises(ModuleError, match="'plant' is already a tag of the module base"):
            add_folder(folder)
    finally:
        forget_added()


def test_a_typo_in_no_variant_is_refused_as_an_unknown_variant_is(capsys):
    from tmars.cli import main
    assert main(["game", "--seed", "1", "--modules", "base,corpera,venus", "--no-variant", "wgtt"]) == 2
    assert "unknown variant 'wgtt' for --no-variant" in capsys.readouterr().err
    assert main(["game", "--seed", "1", "--modules", "base,corpera,venus", "--variant", "nope"]) == 2


WIDGETS = """id: widgets
name: Widgets
requires: [base]
vocabulary:
  card_types:
    widget:
      meaning: a widget, a component with fields of its own
      label: Widget
      colour: "#336699"
      fields:
        build: {kind: row, says: When you build here, required: true}
        bonus: {kind: row, says: Widget bonus}
        track: {kind: rows, says: Income by step, steps: 3}
        marker: {kind: number, says: The marker starts at step, most: 2}
        wakes: {kind: card_resource, says: Inactive until a card holds}
"""


def test_a_card_type_declares_fields_of_its_own_and_every_consumer_reads_them(tmp_path):
    """A module's card type may declare fields its cards state (a colony tile's build bonus, its
    trade track): they compile to the card's `parts`, by kind, with the language's checks, and the
    rules text, the sheet and the printer show them; another type's card may not use them."""
    from compiler.library import compile_file
    from compiler.modules import add_folder, forget_added
    from compiler.printer import card_fields
    from compiler.sheet.render import render_card
    from compiler.text import card_text
    folder = tmp_path / "widgets"
    folder.mkdir()
    (folder / "module.yaml").write_text(WIDGETS)
    good = folder / "widgets.yaml"
    good.write_text('- name: Big Widget\n  type: widget\n  build: "[+1 energy]"\n  bonus: +2 mc\n'
                    '  track: ["+1 mc", "+2 mc", "+4 plant"]\n  marker: 1\n  wakes: microbe\n')
    bad = tmp_path / "bad.yaml"
    try:
        add_folder(folder)
        result = compile_file(good)
        assert result.ok, [d.render() for d in result.diagnostics]
        card = result.cards[0]
        assert card["parts"] == {
            "build": [{"op": "box", "items": [{"op": "production", "res": "energy", "n": 1}]}],
            "bonus": [{"op": "resource", "res": "mc", "n": 2}],
            "track": [[{"op": "resource", "res": "mc", "n": 1}], [{"op": "resource", "res": "mc", "n": 2}],
                      [{"op": "resource", "res": "plant", "n": 4}]],
            "marker": 1, "wakes": "microbe"}
        text = card_text(card)
        assert "When you build here: increase your energy production 1 step." in text
        assert "Income by step: 0: gain 1 M€; 1: gain 2 M€; 2: gain 4 plants." in text
        assert "The marker starts at step 1." in text and "Inactive until a card holds: microbes." in text
        html = render_card(card)
        assert "p-part-track" in html and "Widget" in html
        assert card_fields(card)["track"] == ["+1 mc", "+2 mc", "+4 plant"]
        bad.write_text('- name: Wrong\n  type: widget\n  bonus: +2 mc\n  marker: -1\n  wakes: gold\n'
                       '- name: Other\n  number: "901"\n  type: automated\n  cost: 3\n  play: +1 mc\n  track: +1 mc\n')
        codes = sorted(d.code for d in compile_file(bad).diagnostics)
        assert codes == ["E301", "E302", "E303", "E304"]  # a field of another type; -1; no such resource; no build
        bad.write_text('- name: Short\n  type: widget\n  build: +1 mc\n  track: ["+1 mc"]\n  marker: 3\n')
        said = [d.message for d in compile_file(bad).diagnostics]
        assert any("1 steps; a widget has 3" in m for m in said) and any("up to 2" in m for m in said)
    finally:
        forget_added()


def test_a_card_type_s_field_may_not_be_named_as_a_field_every_card_has(tmp_path):
    from compiler.lint import lint_paths
    from compiler.modules import ModuleError, add_folder, forget_added
    folder = tmp_path / "widgets"
    folder.mkdir()
    (folder / "module.yaml").write_text(WIDGETS.replace("marker: {kind: number", "start: {kind: number"))
    found = [(f.code, f.line) for f in lint_paths([folder]).findings]
    assert ("E609", 6) in found  # at the card type that declares it
    try:
        with pytest.raises(ModuleError, match="declares 'start', which is a field every card may have"):
            add_folder(folder)
    finally:
        forget_added()


def test_a_label_of_no_field_or_an_icon_the_sheet_lacks_is_lint_s_error_and_no_game_s(tmp_path):
    """Only the sheet reads a card type's `labels` and a field's `icon`: a label of a field its
    cards do not have, or an icon not of the sheet's set, would draw nothing, so lint points at the
    card type (E610); a game still takes the module."""
    from compiler.lint import lint_paths
    from compiler.modules import add_folder, forget_added
    folder = tmp_path / "widgets"
    folder.mkdir()
    (folder / "module.yaml").write_text(WIDGETS.replace('      fields:\n', '      labels: {bonsu: Bonus, action: Use}\n'
                                                        '      fields:\n').replace(
        "wakes: {kind: card_resource,", "owner: {kind: name, of: widget, icon: pawn, says: Owned by}\n"
        "        wakes: {kind: card_resource,"))
    found = [(f.code, f.line, f.message) for f in lint_paths([folder]).findings if f.code == "E610"]
    assert [(code, line) for code, line, _ in found] == [("E610", 6), ("E610", 6)]
    assert "labels 'bonsu', which is neither a field of its own nor action nor effects" in found[0][2]
    assert "draws 'pawn' with 'owner', which is no icon of the sheet's set" in found[1][2]
    try:
        assert add_folder(folder) == "widgets"
    finally:
        forget_added()


def test_two_modules_may_bring_the_same_word_alike(tmp_path):
    """Floaters are Venus Next's and Colonies' both: a module that brings a word exactly as another
    does is no clash (one with another meaning is, above)."""
    from compiler.lint import lint_paths
    from compiler.modules import add_folder, all_words, forget_added
    folder = tmp_path / "sky"
    folder.mkdir()
    floater = all_words("card_resources")["floater"]
    spec = ", ".join(f"{k}: {v}" for k, v in floater.items())
    (folder / "module.yaml").write_text(f"id: sky\nname: Sky\nrequires: [base]\nvocabulary:\n"
                                        f"  card_resources:\n    floater: {{{spec}}}\n")
    assert not [f for f in lint_paths([folder]).findings if f.code == "E609"]
    try:
        assert add_folder(folder) == "sky"
    finally:
        forget_added()
