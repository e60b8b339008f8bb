"""What a module's author can say, second round (issue 36): a track ends the game only when its
manifest says so, and lint warns when nothing raises a track that does; VP as a sum of terms."""

from __future__ import annotations

from pathlib import Path

from compiler.gamerules import load_rules
from compiler.library import compile_paths
from compiler.lint import lint_paths
from compiler.modules import add_folder
from tmars.scenario import run

TRACK = """id: {id}
name: Dust
requires: [base]
vocabulary:
  globals:
    {word}:
      meaning: the {word} on Mars, raised a step at a time
      start: 0
      goal: 3
      step: 1
{ends}"""


def _module(tmp_path: Path, mid: str, ends: str, cards: str = "", word: str = "dust") -> Path:
    """A module with one track (each test's module its own word: a word is one module's)."""
    folder = tmp_path / mid
    folder.mkdir()
    (folder / "module.yaml").write_text(TRACK.format(id=mid, ends=ends, word=word))
    (folder / "cards.yaml").write_text(cards.replace("dust", word) if cards else "[]\n")
    return folder


RAISER = """- name: Dust Devil
  number: "D01"
  type: event
  cost: 3
  tags: [event]
  play: +1 dust
"""


def test_a_track_ends_the_game_only_when_its_manifest_says_so(tmp_path):
    silent = add_folder(_module(tmp_path, "dustsilent", "", word="haze"))
    assert "haze" in load_rules(("base", silent)).globals and "haze" not in load_rules(("base", silent)).ending_tracks()
    loud = add_folder(_module(tmp_path, "dustloud", "      ends_game: true\n", RAISER, word="smog"))
    assert "smog" in load_rules(("base", loud)).ending_tracks()


def test_lint_warns_of_a_track_that_ends_the_game_and_that_nothing_raises(tmp_path):
    folder = _module(tmp_path, "dustless", "      ends_game: true\n", word="grit")
    found = [f for f in lint_paths([folder]).findings if f.code == "E611"]
    assert len(found) == 1 and found[0].severity == "warning" and "'grit' ends the game" in found[0].message
    assert found[0].line == 11 and found[0].path.endswith("module.yaml")
    raised = _module(tmp_path, "dustraised", "      ends_game: true\n", RAISER, word="soot")
    assert not [f for f in lint_paths([raised]).findings if f.code == "E611"]


SUM_CARD = """- name: Sum Card
  number: "990"
  type: active
  cost: 5
  tags: [animal]
  holds: animal
  action: -> +1 animal
  vp: 1 per 2 animal, 3 if oxygen >= 10
"""


def test_vp_may_be_a_sum_of_terms_each_counted_on_its_own(tmp_path):
    folder = tmp_path / "vpsum"
    folder.mkdir()
    (folder / "cards.yaml").write_text(SUM_CARD)
    result = compile_paths([folder], use_cache=False)
    assert result.ok, [d.render() for d in result.diagnostics]
    (card,) = result.cards
    assert card["vp"] == {"sum": [{"n": 1, "per": {"count": "animal", "div": 2}},
                                  {"n": 3, "if": {"count": "oxygen", "cmp": ">=", "value": 10}}]}
    from compiler.printer import card_fields
    from compiler.sheet.render import vp_html
    from compiler.text import vp_text
    assert card_fields(card)["vp"] == "1 per 2 animal, 3 if oxygen >= 10"
    assert vp_text(card["vp"]) == "1 VP per 2 animals on this card, plus 3 VP if the board shows 10% oxygen."
    assert vp_html(card["vp"]).count('class="vp"') == 2


def test_a_vp_sum_scores_each_term(tmp_path):
    scenario = """
name: a VP sum
setup:
  cards:
    - {name: Sum Card, number: "990", type: active, cost: 5, tags: [animal], holds: animal,
       action: "-> +1 animal", vp: "1 per 2 animal, 3 if oxygen >= 10"}
  globals: {oxygen: 10}
  players:
    - name: Alice
      played: [{name: Sum Card, resources: 5}]
    - name: Bob
steps:
  - expect: {Alice.score.cards: 5}
  - set: {globals: {oxygen: 9}}
    expect: {Alice.score.cards: 2}
"""
    path = tmp_path / "vpsum.yaml"
    path.write_text(scenario)
    outcome = run(path)
    assert outcome.ok, outcome


ODD = """- name: Odd Ruling
  number: "957"
  type: automated
  cost: 3
  play: +1 mc
  not-as-printed: each opponent loses a plant when the oxygen is maxed
"""


def test_a_card_not_as_printed_says_so_in_its_text_on_the_sheet_and_in_lint(tmp_path):
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "cards.yaml").write_text(ODD)
    result = compile_paths([folder], use_cache=False)
    (card,) = result.cards
    assert card["not_as_printed"] == "each opponent loses a plant when the oxygen is maxed"
    from compiler.sheet.render import render_card
    from compiler.text import card_text
    assert card_text(card).endswith("Not as printed: the game leaves out that each opponent loses a plant when "
                                    "the oxygen is maxed.")
    assert 'class="unprinted"' in render_card(card)
    found = [f for f in lint_paths([folder]).findings if f.code == "L429"]
    assert len(found) == 1 and found[0].severity == "warning" and found[0].line == 6


def test_the_log_names_tracks_and_named_tiles_as_the_rules_text_does(tmp_path):
    scenario = """
name: nouns in the log
setup:
  players:
    - name: Alice
      resources: {mc: 14}
    - name: Bob
steps:
  - answer: std:asteroid
    log: "raises the temperature to -28 (+1 TR)"
"""
    path = tmp_path / "nouns.yaml"
    path.write_text(scenario)
    assert run(path).ok
    from compiler.text import article
    assert article("europa tag") == "a europa tag" and article("animal tag") == "an animal tag"


def test_the_help_of_a_renamed_rule_an_unknown_override_and_a_tag_as_a_target_leads_somewhere(tmp_path):
    folder = tmp_path / "helps"
    folder.mkdir()
    (folder / "cards.yaml").write_text("""- name: Spacing Card
  number: "901"
  type: automated
  cost: 9
  play: city(spacing-waived), +1 plant
- name: Odd Override
  number: "902"
  type: automated
  cost: 9
  play: reduce-production(any)*
  note: lowers a production
- name: Float Card
  number: "903"
  type: active
  cost: 9
  holds: floater
  action: -> +1 floater(any, jovian)
""")
    found = {(d.code, d.position.line): d for d in compile_paths([folder], use_cache=False).diagnostics}
    renamed = found[("E217", 5)]
    assert renamed.position.col == 14 and "is now 'any-neighbours'" in renamed.message
    override = found[("E220", 10)]
    assert override.message == "unknown override 'reduce-production'" and "not-as-printed" in override.suggestion
    assert "copy-production" not in override.suggestion
    assert "floater(any, jovian-tag)" in found[("E212", 17)].suggestion


def test_lint_fix_removes_the_fields_a_check_says_to_remove(tmp_path):
    from compiler.lint import apply_fixes
    path = tmp_path / "c.yaml"
    path.write_text("""- name: Zero Card
  number: "971"
  type: automated
  cost: 4
  vp: 0
  play: +1 plant
- name: Holding Event
  number: "972"
  type: event
  cost: 4
  tags: [event]
  holds: animal
  play: +1 plant
""")
    findings = [f for f in lint_paths([path]).findings if f.code in ("L109", "L412")]
    assert {f.code for f in findings} == {"L109", "L412"} and all(f.drop for f in findings)
    assert apply_fixes(findings) == (2, [])
    text = path.read_text()
    assert "vp: 0" not in text and "holds:" not in text and text.count("play: +1 plant") == 2
    assert not [f for f in lint_paths([path]).findings if f.code in ("L109", "L412")]
