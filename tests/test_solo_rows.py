"""`solo:` rows: a card's line for the game of one player (compiler/solo.py), compiled as the
fields it stands in for, put in their place by the content of a game of one player only, and
shown by everyone who reads a card (rules text, printer, sheet, lint, language server)."""

from __future__ import annotations

import jsonschema
import pytest
import yaml

from compiler.library import compile_paths, compile_text
from compiler.ops.schema import schema

SOLO_GAME = ("base", "corpera", "turmoil", "solo")
PRINTED_GAME = ("base", "corpera", "turmoil")
CARDS = {c["name"]: c for c in compile_paths().cards if c["module"] == "turmoil"}


def _tr_if(count: dict, cmp: str, value: int, n: int) -> dict:
    return {"op": "if", "cond": {**count, "cmp": cmp, "value": value}, "items": [{"op": "tr", "n": n}]}


ELECTION_COUNT = {"count": "building-tag", "plus": [{"count": "city-tile"}, {"count": "influence"}]}
#: the solo rows of the shipped cards, as the facts give them (docs/research/solo-facts.yaml,
#: turmoil-facts.yaml): Election 5+ -> +1 TR, 10+ -> +2 TR; Revolution 4+ -> -2 TR; the Reds'
#: bonus +1 TR at 20 TR or less; the fan agenda rb02 -1 TR above 20 TR
SOLO_ROWS = {
    "Election": ("resolve", [_tr_if(ELECTION_COUNT, ">=", 5, 1), _tr_if(ELECTION_COUNT, ">=", 10, 1)]),
    "Revolution": ("resolve", [_tr_if({"count": "earth-tag", "plus": [{"count": "influence"}]}, ">=", 4, -2)]),
    "Reds": ("bonus", [_tr_if({"count": "tr"}, "<=", 20, 1)]),
    "Reds bonus 2": ("bonus", [_tr_if({"count": "tr"}, ">=", 21, -1)]),
}


def compile_one(text: str, module: str = "turmoil"):
    return compile_text(text, "solo.yaml", module)


EVENT = """- name: Poll
  type: global-event
  revealed: Greens
  current: Mars First
  resolve: if most city-tile + influence then +2 tr
  solo:
{rows}"""


# ---- compiling -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(SOLO_ROWS))
def test_the_ir_of_a_shipped_card_holds_its_solo_rows_by_field(name):
    field, items = SOLO_ROWS[name]
    card = CARDS[name]
    assert card["solo"] == {field: items}
    assert card["parts"][field] != items, "the printed row is kept as printed"
    jsonschema.validate(card, schema())


def test_a_solo_row_compiles_exactly_as_the_field_it_stands_in_for():
    row = "if city-tile + influence >= 5 then +1 tr"
    (solo,) = compile_one(EVENT.format(rows=f"    resolve: {row}\n")).cards
    (printed,) = compile_one(EVENT.split("  solo:")[0].replace("if most city-tile + influence then +2 tr", row)).cards
    assert solo["solo"]["resolve"] == printed["parts"]["resolve"]
    text = ('- name: Rowful\n  number: "901"\n  type: active\n  cost: 5\n  tags: [science]\n  play: +1 mc\n'
            '  action: -1 mc -> +1 heat\n  solo:\n    play: "[+1 plant], +2 mc"\n    action: -2 mc -> +1 heat\n'
            '    effect: [science-tag => +1 mc, "value +1 steel"]\n    vp: 1 per 2 science-tag\n'
            '    requires: oxygen >= 3\n')
    (card,) = compile_one(text, "base").cards
    plain = ('- name: Rowful\n  number: "901"\n  type: active\n  cost: 5\n  tags: [science]\n'
             '  play: "[+1 plant], +2 mc"\n  action: -2 mc -> +1 heat\n'
             '  effect: [science-tag => +1 mc, "value +1 steel"]\n  vp: 1 per 2 science-tag\n'
             '  requires: oxygen >= 3\n')
    (same,) = compile_one(plain, "base").cards
    assert card["solo"] == {k: same[k] for k in ("play", "action", "effects", "vp", "requires")}


def test_an_unknown_field_under_solo_is_an_error_at_its_place_with_the_fields_and_a_suggestion():
    result = compile_one(EVENT.format(rows="    resolv: +1 tr\n"))
    assert not result.cards
    (d,) = result.diagnostics
    assert (d.code, d.position.line, d.position.col) == ("E301", 7, 5)
    assert "'resolv'" in d.message and "solo" in d.message
    assert d.suggestion == "did you mean 'resolve'?"
    assert "resolve" in d.expected and "revealed" in d.expected and "requires" not in d.expected
    assert d.render().startswith("solo.yaml:7:5: error E301 ")


@pytest.mark.parametrize("rows, line, col, says", [
    ("    requires: tr <= 20\n", 7, 5, "a global-event card has no 'requires'"),  # its type forbids it
    ("    bonus: +1 tr\n", 7, 5, "a global-event card has no 'bonus'"),  # another type's field
    ("    name: Other Poll\n", 7, 5, "'name' is no card language"),
])
def test_a_field_the_card_s_type_forbids_or_lacks_takes_no_solo_row(rows, line, col, says):
    result = compile_one(EVENT.format(rows=rows))
    (d,) = result.diagnostics
    assert (d.code, d.position.line, d.position.col) == ("E314", line, col)
    assert says in d.message
    assert d.expected.split(", ") == ["play", "start", "first-action", "score", "revealed", "current", "first",
                                      "resolve"]


def test_a_solo_that_is_no_mapping_is_an_error_with_an_example():
    (d,) = compile_one('- name: A\n  number: "901"\n  type: automated\n  cost: 1\n  play: +1 mc\n  solo: +2 mc\n',
                       "base").diagnostics
    assert (d.code, d.position.line, d.position.col) == ("E314", 6, 9)
    assert "solo: {play: …}" in d.suggestion


@pytest.mark.parametrize("rows, code, line, col", [
    ("    resolve: +1 plantt\n", "E201", 7, 17),  # a misspelt word, at the word
    ("    resolve: '[+1 animal]'\n", "E211", 7, 19),  # a card resource in a production box
    ("    resolve:\n", "E302", 7, 13),  # empty: no row
    ("    revealed: 3\n", "E302", 7, 15),  # a name of a party, not a number
])
def test_a_wrong_solo_value_gets_the_field_s_own_diagnostic_at_its_place(rows, code, line, col):
    result = compile_one(EVENT.format(rows=rows))
    assert not result.cards
    (d,) = result.diagnostics
    assert (d.code, d.position.line, d.position.col) == (code, line, col), d.render()


def test_a_solo_row_may_use_only_the_words_of_the_card_s_modules():
    text = ('- name: A\n  number: "901"\n  type: automated\n  cost: 1\n  play: +1 mc\n'
            '  solo:\n    play: +1 floater(any)\n')
    (d,) = compile_one(text, "base").diagnostics
    assert d.code == "E320" and "'floater'" in d.message


def test_the_ir_schema_refuses_a_malformed_solo_row():
    card = dict(CARDS["Election"])
    jsonschema.validate(card, schema())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**card, "solo": {"resolve": [{"op": "tr"}]}}, schema())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**card, "solo": {}}, schema())


# ---- the content of a game ---------------------------------------------------------------------
def test_a_game_of_one_player_reads_the_solo_rows_and_any_other_game_the_printed_ones():
    from tmars.content import load_content
    solo, printed = load_content(SOLO_GAME), load_content(PRINTED_GAME)
    assert solo.one_player and not printed.one_player
    for name, (field, items) in SOLO_ROWS.items():
        assert solo.cards[name]["parts"][field] == items, name
        assert printed.cards[name]["parts"][field] == CARDS[name]["parts"][field], name
        assert printed.cards[name]["parts"][field] != items, name
        assert "solo" not in solo.cards[name] and "solo" not in printed.cards[name], "read once, by the content"
    assert solo.cards["Election"]["parts"]["revealed"] == "Greens", "the fields without a solo row stay"
    assert solo.cards["Reds"]["effects"] == CARDS["Reds"]["effects"]
    assert "solo" in CARDS["Election"], "the compiled library is not changed by a game"
    assert solo.cards["Birds"] is printed.cards["Birds"] or solo.cards["Birds"] == printed.cards["Birds"]


def test_a_party_s_bonus_in_a_game_of_one_player_is_its_solo_row():
    """What the politics mechanic pays as the Reds take power is read from the content: the solo row."""
    from tmars.content import load_content
    from tmars.mechanics.politics.agenda import bonus_text
    solo = load_content(SOLO_GAME)
    assert "20 or less" in bonus_text(solo, "Reds")
    assert "fewest" in bonus_text(load_content(PRINTED_GAME), "Reds")


@pytest.mark.parametrize("earth_tags, loses", [(3, 1), (4, 3)])
def test_a_global_event_resolves_by_its_solo_row_in_a_game_of_one_player(tmp_path, earth_tags, loses):
    """Revolution through the Turmoil phase of a game with the solo module: by its solo row a
    player with 3 Earth tags loses no TR (as printed, having the most, she would lose 2) and one
    with 4 loses 2, besides the phase's 1 TR. The game has as few players as the solo module's
    game allows (one, where the engine plays the game of one player; else a second player with
    no Earth tag, who has passed)."""
    from tmars.content import load_content
    from tmars.scenario import build_game, load_file
    players = load_content(SOLO_GAME).rules.players[0]
    cards = ["Pets", "Lunar Beam", "Nuclear Zone", "Sponsors"][:earth_tags]
    others = "\n    - {name: Bob, corporation: Ecoline, passed: true}" * (players - 1)
    path = tmp_path / "revolution.yaml"
    path.write_text(f"""name: Revolution resolves by its solo row
setup:
  modules: [{", ".join(SOLO_GAME)}]
  generation: 4
  politics: {{current: Revolution, chairman: neutral, dominant: Greens, parties: {{Greens: [neutral]}}}}
  players:
    - {{name: Alice, corporation: CrediCor, played: [{", ".join(cards)}]}}{others}
steps:
  - answer: pass
    expect: {{game.event_discard: [Revolution]}}
""")
    data, _ = load_file(path)
    game = build_game(data["setup"], here=tmp_path)
    before = game.state["players"][0]["tr"]
    game.answer(0, "pass")
    assert game.state["event_discard"] == ["Revolution"] and game.state["phase"] == "research"
    assert game.state["players"][0]["tr"] == before - loses


# ---- who reads a card ----------------------------------------------------------------------------
def test_the_rules_text_says_the_solo_game_and_its_thresholds():
    from compiler.text import card_text
    text = card_text(CARDS["Election"])
    printed, solo = text.split("Solo game: ")
    assert "the most building tags" in printed and "at least" not in printed
    assert "at least 5, raise your terraform rating 1 step" in solo
    assert "at least 10, raise your terraform rating 1 step" in solo
    assert "at least 4, lower your terraform rating 2 steps" in card_text(CARDS["Revolution"]).split("Solo game: ")[1]
    assert "your terraform rating is 20 or less" in card_text(CARDS["Reds"]).split("Solo game: ")[1]
    assert "your terraform rating is at least 21" in card_text(CARDS["Reds bonus 2"]).split("Solo game: ")[1]
    assert "Solo game" not in card_text(CARDS["Greens"])


@pytest.mark.parametrize("name", sorted(SOLO_ROWS))
def test_printed_back_and_compiled_again_a_card_with_solo_rows_is_the_same(name):
    from compiler.printer import card_fields
    card = CARDS[name]
    fields = card_fields(card)
    field, _ = SOLO_ROWS[name]
    assert set(fields["solo"]) == {field}
    frame = {"name": card["name"], "type": card["type"], **fields}
    (again,) = compile_one(yaml.safe_dump([frame], sort_keys=False, allow_unicode=True)).cards
    assert again == card


def test_the_sheet_draws_a_solo_panel_with_the_icons_of_the_solo_rows():
    from compiler.sheet.render import items_html, render_card, render_row
    for name, (_, items) in SOLO_ROWS.items():
        for drawn in (render_card(CARDS[name]), render_row(CARDS[name])):
            assert '<div class="panel p-solo"><span class="label">Solo</span>' in drawn, name
            solo_panel = drawn.split('p-solo">')[1].split("</div></div>")[0]
            assert items_html(items) in solo_panel, name
    assert "p-solo" not in render_card(CARDS["Greens"])


def test_lint_reads_the_solo_rows_and_points_at_them(tmp_path):
    from compiler.lint import lint_paths
    path = tmp_path / "cards.yaml"
    path.write_text('- name: Lintish\n  number: "901"\n  type: automated\n  cost: 3\n  tags: [science]\n'
                    '  play: +0 mc\n  solo:\n    play: +0 plant\n')
    found = [(f.code, f.line, f.col) for f in lint_paths([path]).findings]
    assert found == [("L309", 6, 12), ("L309", 8, 14)], "the printed row and the solo row, each once"


def test_lint_finds_the_shipped_solo_rows_clean():
    from compiler.lint import lint_paths
    from compiler.library import CARDS_ROOT
    assert lint_paths([CARDS_ROOT / "turmoil"]).findings == []


def test_the_language_server_completes_the_fields_a_solo_row_may_stand_in_for():
    from tmars.lsp.complete import in_card_file
    lines = EVENT.format(rows="    res\n").splitlines()
    labels = [i.label for i in in_card_file(lines, 6, 7, None)]
    assert labels == ["play", "start", "first-action", "score", "revealed", "current", "first", "resolve"]
    top = [i.label for i in in_card_file(lines, 5, 3, None)]
    assert "solo" in top and "name" in top, "at a card's own fields, every field of a card"
