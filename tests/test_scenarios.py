"""Every scenario file under tests/scenarios is a test: rulings and cards as data."""

from __future__ import annotations

from pathlib import Path

import pytest

from tmars.scenario import run

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_scenario(path):
    outcome = run(path)
    assert outcome.ok, "\n".join(outcome.failures)


def test_there_are_scenarios():
    assert FILES


# ---- malformed scenarios fail, at their place ----------------------------------------------------
GOOD_SETUP = "setup:\n  players:\n    - name: Alice\n      resources: {mc: 11}\n    - name: Bob\n"
TWO = "setup:\n  players:\n    - name: Alice\n      {a}\n    - name: Bob\n      {b}\n"
GOOD_STEPS = "steps:\n  - answer: std:power-plant\n    expect: {Alice.prod.energy: 1}\n"


def _failure(tmp_path, text: str) -> str:
    path = tmp_path / "s.yaml"
    path.write_text(text)
    outcome = run(path)
    assert not outcome.ok, "a malformed scenario passed"
    return outcome.failures[0].splitlines()[0]


def test_a_well_formed_scenario_passes(tmp_path):
    (tmp_path / "s.yaml").write_text(GOOD_SETUP + GOOD_STEPS)
    assert run(tmp_path / "s.yaml").ok


@pytest.mark.parametrize("text, place, code, words", [
    ("name: x\nstepz:\n  - answer: pass\n", "2:1", "S001", "unknown key 'stepz'; did you mean 'steps'?"),
    (GOOD_SETUP + GOOD_STEPS + "foo: 1\n", "9:1", "S001", "unknown key 'foo'"),
    (GOOD_SETUP + "steps:\n", "6:7", "S002", "steps: None is not of type 'array'"),
    (GOOD_SETUP + "steps: []\n", "6:8", "S003", "steps is empty"),
    ("setup:\n" + GOOD_STEPS, "1:7", "S002", "setup: None is not of type 'object'"),
    (GOOD_SETUP + "steps:\n  - note: nothing\n", "7:5", "S003", "neither answers nor checks"),
    (GOOD_SETUP + "steps:\n  - answer: std:power-plant\n", "7:5", "S003", "the last step and checks nothing"),
    (GOOD_SETUP + "steps:\n  - answer: std:power-plant\n    expect: {}\n", "8:13", "S003", "expect is empty"),
    (GOOD_SETUP + "steps:\n  - illegal: {}\n", "7:14", "S002", "'answer' is a required property"),
    (GOOD_SETUP.replace("mc: 11", "mc: -3") + GOOD_STEPS, "4:23", "S002", "-3 is less than the minimum of 0"),
    (GOOD_SETUP.replace("mc: 11", "mc: 1.5") + GOOD_STEPS, "4:23", "S002", "1.5 is not of type 'integer'"),
    (GOOD_SETUP + "      played: [{name: Pets, used: maybe}]\n" + GOOD_STEPS, "6:35", "S002",
     "'maybe' is not of type 'boolean'"),
    (GOOD_SETUP.replace("resources: {mc: 11}", "corporation: Comet") + GOOD_STEPS, "4:20", "S002",
     "'Comet' is not a corporation (it is event)"),
    (GOOD_SETUP.replace("- name: Bob", "- name: Alice") + GOOD_STEPS, "5:13", "S005", "two players named 'Alice'"),
    ("setup:\n  players: []\n" + GOOD_STEPS, "2:12", "S005", "0 player(s): a game has 1 to 5"),
    ("setup:\n  draft: true\n  players: [{name: Alice}]\n" + GOOD_STEPS, "2:10", "S002",
     "draft: these modules play without the draft (F256)"),
    ("setup:\n  players: [{name: A}, {name: B}, {name: C}, {name: D}, {name: E}, {name: F}]\n" + GOOD_STEPS,
     "2:12", "S005", "6 player(s): a game has 1 to 5"),
    (GOOD_SETUP + "  claims: {r99c1: Alice}\n" + GOOD_STEPS, "6:12", "S004", "unknown area 'r99c1'"),
    (GOOD_SETUP + "  phase: lunch\n" + GOOD_STEPS, "6:10", "S004", "unknown phase 'lunch'"),
    (GOOD_SETUP + "  globals: {oxygen: 15}\n" + GOOD_STEPS, "6:21", "S002", "oxygen 15 is off its track"),
    (GOOD_SETUP + "      hand: [Birdz]\n" + GOOD_STEPS, "6:14", "S004", "unknown card 'Birdz' did you mean 'Birds'?"),
    (GOOD_SETUP + "  deck: [Birds]\n  discard: [Birds]\n" + GOOD_STEPS, "7:13", "S005", "card 'Birds' is in two"),
    # the game has one of each card: in two hands, in a hand and in play, twice in play, two corporations
    (TWO.format(a="hand: [Birds]", b="hand: [Birds]") + GOOD_STEPS, "6:14", "S005", "card 'Birds' is in two places"),
    (TWO.format(a="hand: [Birds]", b="played: [{name: Birds, resources: 1}]") + GOOD_STEPS, "6:23", "S005",
     "card 'Birds' is in two places"),
    (TWO.format(a="played: [Birds, Pets, Birds]", b="resources: {}") + GOOD_STEPS, "4:29", "S005",
     "card 'Birds' is in two places"),
    (TWO.format(a="events: [Comet]", b="hand: [Comet]") + GOOD_STEPS, "6:14", "S005", "card 'Comet' is in two"),
    (TWO.format(a="corporation: Helion", b="corporation: Helion") + GOOD_STEPS, "6:20", "S005",
     "card 'Helion' is in two places"),
    (TWO.format(a="hand: [Birds]", b="resources: {}") + "steps:\n  - set: {players: [{name: Bob, hand: [Birds]}]}\n"
     "    expect: {Bob.hand_size: 1}\n", "8:40", "S005", "card 'Birds' is in two places"),
    (GOOD_SETUP + "steps:\n  - answer: std:power-plant\n    expect: {Alice.prod.energy: 1, Alice.prod.energy: 2}\n",
     "8:36", "E006", "key 'Alice.prod.energy' given twice"),
    (GOOD_SETUP + "steps:\n  - expect: {Carol.tr: 20}\n", "7:14", "S004", "unknown player 'Carol'"),
    (GOOD_SETUP + "steps:\n  - not_asked: targte\n    expect: {Alice.tr: 20}\n", "7:16", "S004",
     "unknown decision kind 'targte'; did you mean 'target'?"),
    ("a: &a [1, 2]\nb: [*a, *a]\n", "1:4", "E004", "anchors and aliases are not allowed in scenario files"),
    ("name: " + "[" * 50_000 + "]" * 50_000 + "\n", "1:", "E003", "nested too deeply"),
])
def test_malformed_scenarios_say_where_and_what(tmp_path, text, place, code, words):
    first = _failure(tmp_path, text)
    assert f"s.yaml:{place}" in first and f"error {code} malformed scenario: " in first and words in first, first


def test_set_is_only_between_actions(tmp_path):
    text = GOOD_SETUP.replace("mc: 11", "mc: 30") + \
        "steps:\n  - answer: std:city\n    expect: {pending.kind: area}\n" \
        "  - set: {globals: {oxygen: 14}}\n    expect: {globals.oxygen: 14}\n"
    assert "'set' changes the position between actions, but the pending decision is area" in \
        _failure(tmp_path, text)


def test_an_empty_folder_is_an_error_not_a_pass(tmp_path, capsys):
    from tmars.cli import main
    assert main(["scenario", str(tmp_path)]) == 2
    assert "no scenario files" in capsys.readouterr().err


# ---- what scenarios can say ------------------------------------------------------------------------
FEATURES = GOOD_SETUP + """\
steps:
  - answer: std:power-plant
    expect: {Alice.prod.energy: 1}
  - set:
      players: [{name: Alice, resources: {mc: 14}}]
      globals: {oxygen: 13}
      awards: {Landlord: Bob, Banker: Bob, Scientist: Bob}
    offered_exactly: [done, std:power-plant, std:asteroid]
    expect: {Alice.res.mc: 14, globals.oxygen: 13, Alice.prod.energy: 1, awards: [Landlord, Banker, Scientist]}
  - answer: done
    not_asked: {Alice: [action, area]}
    branches:
      - - answer: pass
          expect: {pending.player: Alice}
      - - offered_exactly: [pass]
          expect: {Bob.passed: false}
"""


def test_set_offered_exactly_not_asked_and_branches_pass_when_true(tmp_path):
    (tmp_path / "s.yaml").write_text(FEATURES)
    outcome = run(tmp_path / "s.yaml")
    assert outcome.ok, outcome.failures
    assert outcome.steps == 5


@pytest.mark.parametrize("old, new, message", [
    ("{mc: 14}", "{mc: 13}",
     "step 2: offered std:power-plant (standard project: Power Plant), done (end turn); missing: std:asteroid; "
     "not expected: -"),
    ("{Alice: [action, area]}", "{Bob: action}", "step 3: Bob is asked an action decision"),
    ("{pending.player: Alice}", "{pending.player: Bob}", "step 3, branch 1, step 1: pending.player is 'Alice'"),
    ("{Bob.passed: false}", "{Bob.passed: true}", "step 3, branch 2, step 1: Bob.passed is False, expected True"),
])
def test_each_new_check_fails_when_false(tmp_path, old, new, message):
    assert old in FEATURES
    (tmp_path / "s.yaml").write_text(FEATURES.replace(old, new))
    outcome = run(tmp_path / "s.yaml")
    assert outcome.failures and outcome.failures[0].startswith(message), outcome.failures


# ---- the format's documentation runs ---------------------------------------------------------------
DOC = Path(__file__).parent.parent / "docs" / "scenarios.md"
DOC_EXAMPLES = [b for b in DOC.read_text(encoding="utf-8").split("```yaml\n")[1:]]


@pytest.mark.parametrize("block", [b.split("```")[0] for b in DOC_EXAMPLES],
                         ids=lambda b: b.splitlines()[0][:60])
def test_every_example_in_the_docs_runs_and_passes(block, tmp_path):
    (tmp_path / "example.yaml").write_text(block)
    outcome = run(tmp_path / "example.yaml")
    assert outcome.ok, outcome.failures


def test_the_docs_have_examples():
    assert len(DOC_EXAMPLES) >= 5


def _doc_steps(steps):
    for step in steps or ():
        yield step
        for branch in step.get("branches") or ():
            yield from _doc_steps(branch)


def test_the_docs_show_every_decision_kind_and_option_id_form(tmp_path, monkeypatch):
    """Run the doc's examples, recording each answer with the kind of decision it answered: every
    kind, every action of the menu and every form of a target's ids is shown working."""
    from compiler.ops.protocol import DECISION_KINDS
    from tmars.actions import KINDS
    from tmars.game import Game
    answered: set[tuple[str, str]] = set()
    real = Game.answer

    def recording(game, player, answer):
        kind = game.pending["kind"] if game.pending else "-"
        real(game, player, answer)
        ids = answer if isinstance(answer, list) else [answer]
        answered.update((kind, str(a)) for a in ids)

    monkeypatch.setattr(Game, "answer", recording)
    for i, block in enumerate(b.split("```")[0] for b in DOC_EXAMPLES):
        (tmp_path / f"{i}.yaml").write_text(block)
        assert run(tmp_path / f"{i}.yaml").ok
    kinds = {k for k, _ in answered}
    assert set(DECISION_KINDS) <= kinds, f"no example answers: {set(DECISION_KINDS) - kinds}"
    actions = {a.partition(":")[0] for k, a in answered if k == "action"}
    assert set(KINDS) <= actions, f"no example takes the actions: {set(KINDS) - actions}"
    import re
    targets = {a for k, a in answered if k == "target"}
    for form in (r"\d+", r"\d+:\d+", "none", r"\d+:[^:]+:\d+"):
        assert any(re.fullmatch(form, a) for a in targets), f"no example answers a target with {form}"
    assert {("confirm", "yes"), ("confirm", "no")} <= answered


def test_the_docs_show_every_path_form():
    import yaml
    used = set()
    for block in (b.split("```")[0] for b in DOC_EXAMPLES):
        for step in _doc_steps(yaml.safe_load(block)["steps"]):
            for key in step.get("expect") or {}:
                head, _, rest = str(key).partition(".")
                parts = rest.split(".")
                if head in ("Alice", "Bob", "Carol"):
                    used.add("player." + parts[0])
                elif head == "board":
                    used.add("board" + ("." + parts[1] if len(parts) > 1 else ""))
                elif head in ("pending", "game"):
                    used.add(f"{head}.{parts[0]}")
                else:
                    used.add(head)
    wanted = {f"player.{k}" for k in ("res", "prod", "tr", "hand", "hand_size", "played", "events", "card", "area",
                                      "tags", "vp", "score", "passed", "corp")}
    wanted |= {"globals", "board.tile", "board.owner", "claims", "milestones", "awards", "deck", "pending.kind",
               "pending.player", "game.generation", "game.phase"}
    assert wanted <= used, f"no example of: {sorted(wanted - used)}"


@pytest.mark.parametrize("key,value", [
    ("Alice.tr.foo.bar", 20), ("game.phase.x", "action"), ("game.nothing", None), ("board.r99c99.tile", None),
    ("Alice.card.Nonexistent Card", None), ("Alice.tags.nonsense", 0), ("globals.wetness", None),
    ("Alice.res.gold", 0), ("Alice.nothing", None), ("deck.count", 3), ("Alice.score.nothing", 0),
])
def test_an_expectation_of_something_that_does_not_exist_is_an_error(tmp_path, key, value):
    """Each of these passed with exit 0 (a missing field looked up as None, which `null` matched):
    a path must name a field, area, card or tag that exists and end there (S004)."""
    import json
    scenario = tmp_path / "s.yaml"
    scenario.write_text("setup:\n  players: [{name: Alice}, {name: Bob}]\n"
                        f"steps:\n  - expect: {{{key}: {json.dumps(value)}}}\n")
    outcome = run(scenario)
    assert not outcome.ok and any("S004" in f and "cannot look up" in f for f in outcome.failures), outcome.failures


def test_an_expectation_of_something_that_exists_still_passes(tmp_path):
    """The same paths where they name what exists: an empty area, a card not in play, a tag not
    played, the phase, the TR."""
    scenario = tmp_path / "s.yaml"
    scenario.write_text("setup:\n  players: [{name: Alice}, {name: Bob}]\n"
                        "steps:\n  - expect: {board.r1c1.tile: null, Alice.card.Birds: null, Alice.tags.plant: 0,"
                        " game.phase: action, Alice.tr: 20}\n")
    outcome = run(scenario)
    assert outcome.ok, outcome.failures
