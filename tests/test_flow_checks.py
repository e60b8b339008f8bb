"""A module's flow can neither loop nor count twice: a name is in a section once, a phase in the
generation or the final phases, an entry never goes after itself (E606); an entry goes next to a
step the game has, and first_phase is a phase of the generation (E607). A game refuses such a flow
as it is loaded (ModuleError, each problem at its place in the manifest); `tmars lint` reports them
on module.yaml, with the names the engine does not have."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.gameflow import flow_diagnostics, load_flow
from compiler.lint import lint_paths
from compiler.library import CARDS_ROOT
from compiler.modules import ModuleError, manifests
from tmars.flow import flow_names
from tmars.game import Game

CARD = ('- name: Tiny Probe\n  number: "001"\n  type: automated\n  cost: 3\n  tags: []\n  play: +1 plant\n')

LOOPY = """\
id: loopy
name: Loopy
requires: [base]
flow:
  mechanics: [prelud, world_government, world_government]
  setup:
    - {name: reveal, order: turn}
  generation:
    - {name: production, after: production}
    - {name: setup, after: game_end}
    - {name: world_governmnt, after: game_end}
    - {name: research, after: action, before: production}
    - {name: final, after: production}
    - {name: world_government, after: producton}
  final:
    - {name: game_end, after: final}
  scoring:
    - {name: tr, after: cards}
    - terraform
  first_phase: actoin
variants:
  again:
    meaning: a variant scoring the cards twice
    flow:
      scoring: [cards]
"""

#: each problem of LOOPY: code, line, column, the start of its message (after 'module loopy: flow: ')
#: and of its help; the last column says whether loading the flow finds it (the names the engine
#: has are checked by the game afterwards, and by lint)
LOOPY_PROBLEMS = [
    ("E607", 5, 15, "mechanics: this engine has no mechanic 'prelud'", "did you mean 'prelude'?", False),
    ("E606", 5, 41, "mechanics: 'world_government' is switched on twice", "name each mechanic once", True),
    ("E606", 7, 14, "setup: 'reveal' is already a setup step of the game (module base's): a second would run again",
     "name each setup step once", True),
    ("E606", 9, 33, "generation: 'production' goes after itself", "name the phase it goes after: one of research",
     True),
    ("E607", 10, 14, "generation: this engine has no phase 'setup'", "", False),
    ("E607", 11, 14, "generation: this engine has no phase 'world_governmnt'", "did you mean 'world_government'?",
     False),
    ("E606", 12, 47, "generation: 'research' goes both after 'action' and before 'production'",
     "give one of after and before", True),
    ("E606", 13, 14, "generation: 'final' is already a final phase of the game (module base's)",
     "name it in generation or in final, once", True),
    ("E607", 14, 39, "generation: 'world_government' goes after 'producton', which is not a phase of the game",
     "did you mean 'production'?", True),
    ("E606", 16, 14, "final: 'game_end' is already a phase of the game (module base's)",
     "name it in final or in generation, once", True),
    ("E606", 18, 14, "scoring: 'tr' is already a score row of the game (module base's): a second would count twice",
     "name each score row once", True),
    ("E607", 19, 7, "scoring: this engine has no score row 'terraform'", "", False),
    ("E607", 20, 16, "first_phase: 'actoin' is not a phase of the generation", "did you mean 'action'?", True),
]


def module(tmp_path: Path, manifest: str, name: str = "loopy") -> Path:
    """A module folder with one card and this manifest (its id is the folder's name)."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "module.yaml").write_text(manifest.replace("id: loopy", f"id: {name}"))
    (folder / "cards.yaml").write_text(CARD)
    return folder


def flow_of(body: str) -> str:
    return f"id: loopy\nname: Loopy\nrequires: [base]\nflow:\n{body}"


def test_the_shipped_flows_have_no_problems_and_load_with_every_variant():
    names = flow_names()
    assert {"setup_choose", "play_preludes"} <= set(names["setup"]) and "setup" not in names["generation"]
    for mid in manifests():
        assert flow_diagnostics(CARDS_ROOT / mid, names) == [], mid
    every = tuple(manifests())
    variants = {v: spec for m in manifests().values() for v, spec in m.variants.items()}
    adding = tuple(sorted(v for v, spec in variants.items() if not spec.get("without_flow")))
    flow = load_flow(every, adding)
    assert flow.scoring == ("tr", "milestones", "awards", "greenery", "cities", "cards", "committee")
    without = load_flow(every, tuple(sorted(variants)))  # F002: Turmoil's and Colonies' own flows left out
    assert without.scoring == flow.scoring[:-1] and not {"politics", "trading"} & set(without.mechanics)
    assert [s.task for s in flow.setup] == ["setup_choose", "reveal", "play_preludes"]
    assert not [f for f in lint_paths().findings if f.code.startswith("E60")]


def test_lint_reports_every_problem_of_a_flow_at_its_place_in_module_yaml(tmp_path):
    folder = module(tmp_path, LOOPY)
    found = [f for f in lint_paths([folder]).findings if f.path == str(folder / "module.yaml")]
    expected = [(code, line, col) for code, line, col, *_ in LOOPY_PROBLEMS]
    expected.append(("E606", 25, 17))  # the variant's score row, added after the module's part
    assert [(f.code, f.line, f.col) for f in found] == expected
    by_place = {(f.line, f.col): f for f in found}
    for _, line, col, message, hint, _ in LOOPY_PROBLEMS:
        f = by_place[(line, col)]
        assert f.message.startswith(f"module loopy: flow: {message}") and f.suggestion.startswith(hint), f
    variant = by_place[(25, 17)]
    assert variant.message.startswith("module loopy (variant again): flow: scoring: 'cards' is already a score row")


def test_a_game_refuses_the_flow_with_every_problem_at_its_place_not_a_traceback(tmp_path):
    folder = module(tmp_path, LOOPY)
    with pytest.raises(ModuleError) as refused:
        Game.new(2, seed=1, card_folders=(str(folder),))
    text = str(refused.value)
    path = folder / "module.yaml"
    for code, line, col, message, _, at_load in LOOPY_PROBLEMS:
        assert (f"{path}:{line}:{col}: error {code} module loopy: flow: {message}" in text) == at_load, message
    assert text.count(" error E60") == sum(p[-1] for p in LOOPY_PROBLEMS)


def test_production_placed_after_itself_is_refused_instead_of_looping_for_ever(tmp_path, capsys):
    """It ran production for ever (end_phase finds the first 'production', and enters the second)."""
    from tmars.cli import main
    folder = module(tmp_path, flow_of("  generation: [{name: production, after: production}]\n"))
    where = f"{folder / 'module.yaml'}:5:42: error E606 module loopy: flow: generation: 'production' goes after itself"
    with pytest.raises(ModuleError, match=where):
        Game.new(2, seed=1, card_folders=(str(folder),))
    assert [(f.code, f.line, f.col) for f in lint_paths([folder]).findings] == [("E606", 5, 42)]
    assert main(["game", "--quiet", "--cards", str(folder)]) == 2
    err = capsys.readouterr().err
    assert where in err and "Traceback" not in err


def test_a_score_row_given_again_is_refused_instead_of_counted_twice(tmp_path):
    """TR was counted twice in the total."""
    folder = module(tmp_path, flow_of("  scoring: [{name: tr, after: cards}]\n"))
    with pytest.raises(ModuleError, match=r"module.yaml:5:20: error E606 module loopy: flow: scoring: 'tr' is "
                                          r"already a score row of the game \(module base's\)"):
        Game.new(2, seed=1, card_folders=(str(folder),))
    found = lint_paths([folder]).findings
    assert [(f.code, f.line, f.col, f.suggestion) for f in found] == [("E606", 5, 20, "name each score row once")]


@pytest.mark.parametrize(("body", "message"), [
    # the reveal again: a KeyError ('setup_corp') in the second reveal
    ("  setup: [{name: reveal, order: turn}]\n", "'reveal' is already a setup step of the game"),
    # the game ended after generation 1: the game-end check was taken for a final phase
    ("  final: [{name: game_end, after: final}]\n", "'game_end' is already a phase of the game"),
    # the action phase again: its second entry sent the generation back to the first for ever
    ("  generation: [{name: action, after: production}]\n", "'action' is already a phase of the game"),
    ("  generation: [{name: research, after: game_end, before: action}]\n",
     "'research' goes both after 'game_end' and before 'action'"),
])
def test_a_flow_that_would_run_a_step_again_is_refused(tmp_path, body, message):
    folder = module(tmp_path, flow_of(body))
    with pytest.raises(ModuleError, match=f"error E606 module loopy: flow: [a-z]+: {message}"):
        Game.new(2, seed=1, card_folders=(str(folder),))
    assert [f.code for f in lint_paths([folder]).findings] == ["E606"]


def test_the_setup_phase_is_no_step_of_a_generation(tmp_path):
    """A generation entering the setup phase went back to first_phase for ever, never ending."""
    folder = module(tmp_path, flow_of("  generation: [{name: setup, after: game_end}]\n"))
    with pytest.raises(ModuleError, match="names the phase 'setup', which this engine does not have"):
        Game.new(2, seed=1, card_folders=(str(folder),))
    found = lint_paths([folder]).findings
    assert [(f.code, f.line, f.col) for f in found] == [("E607", 5, 23)]
    assert found[0].message == "module loopy: flow: generation: this engine has no phase 'setup'"


def test_a_variant_s_flow_is_checked_after_its_module_s(tmp_path):
    """A variant's entry placed after its own module's step is fine; one repeating a step is not."""
    good = module(tmp_path, "id: loopy\nname: Loopy\nrequires: [base]\nflow:\n"
                            "  generation: [{name: world_government, after: game_end}]\n"
                            "  mechanics: [world_government]\n"
                            "variants:\n  twice:\n    meaning: again\n    flow:\n"
                            "      generation: [{name: world_government, before: game_end}]\n")
    found = lint_paths([good]).findings
    assert [(f.code, f.line, f.col) for f in found] == [("E606", 11, 27)]
    assert found[0].message.startswith("module loopy (variant twice): flow: generation: 'world_government' is "
                                       "already a phase of the game (module loopy's)")
    Game.new(2, seed=1, card_folders=(str(good),))  # the variant off: the module's own flow plays
    with pytest.raises(ModuleError, match="11:27: error E606 module loopy \\(variant twice\\)"):
        Game.new(2, seed=1, card_folders=(str(good),), variants=("twice",))


def test_lint_checks_the_flow_of_a_module_folder_without_cards(tmp_path):
    """A module may bring only a flow (a variant, a phase): linting its folder checks its manifest."""
    folder = tmp_path / "loopy"
    folder.mkdir()
    (folder / "module.yaml").write_text(flow_of("  scoring: [{name: cards, before: tr}]\n"))
    found = lint_paths([tmp_path]).findings
    assert [(f.code, f.path, f.line, f.col) for f in found] == [("E606", str(folder / "module.yaml"), 5, 20)]


def test_a_task_that_is_no_setup_step_is_refused_as_one(tmp_path):
    """`setup: [buy_start]` (a task, but not one a flow may run for each player) crashed with a
    KeyError when the game started: it is a setup step the engine does not have."""
    from compiler.modules import ModuleError
    from tmars.game import Game
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "module.yaml").write_text("id: badflow\nname: Bad\nrequires: [base]\nflow:\n  setup: [buy_start]\n")
    with pytest.raises(ModuleError, match="setup step 'buy_start', which this engine does not have"):
        Game.new(2, seed=1, card_folders=(str(folder),))
