"""Map files (cards/*/board/*.yaml) have a schema and the checks a schema cannot make (E605): a
game refuses a bad map with every problem at its place, and `tmars lint` reports them on the map."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.boards import board_diagnostics, board_files
from compiler.library import CARDS_ROOT, compile_paths

TINY = """\
name: Tiny
module: bse
rows:
  - - {type: lnd, bonus: [steal]}
    - {type: ocean, volcanc: true}
  - - {type: land, reserved: noctis-cty}
off_map:
  - {id: haven, name: Haven, reserved: phobos-space-haven}
  - {id: haven, name: Haven Two, reserved: ganymede-colony}
  - {id: r1c2, name: Clash, reserved: ganymede-colony}
milestones: [Mayor, Mayor, Gardner]
awards: [Banker]
colour: red
"""

#: (line, col, the start of the message, the help) of each problem of TINY, in file order
TINY_PROBLEMS = [
    (2, 9, "the map names the module 'bse'", "did you mean 'base'?"),
    (4, 14, "area r1c1: type: 'lnd' is not one of ['land', 'ocean']", "did you mean 'land'?"),
    (4, 27, "area r1c1: bonus.0: 'steal' is not one of", "did you mean 'steel'?"),
    (5, 21, "area r1c2: unknown field 'volcanc'", "did you mean 'volcanic'?"),
    (6, 30, "area r2c1 is reserved for 'noctis-cty', which is not a tile name of any module",
     "did you mean 'noctis-city'?"),
    (9, 10, "the area id 'haven' is given twice (first on line 8)", "give each area its own id"),
    (10, 10, "the area id 'r1c2' is the id of an area on Mars", "give each area its own id"),
    (11, 21, "the milestone 'Mayor' is on the map twice", "name each milestone once"),
    (11, 28, "the map names the milestone 'Gardner', which no card of the game is", "did you mean 'Gardener'?"),
    (13, 1, "unknown field 'colour'", "its fields: awards, globals, milestones, module, name, off_map, rows"),
]


def library_components() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for c in compile_paths().cards:
        out.setdefault(c["type"], set()).add(c["name"])
    return out


def assert_tiny_problems(found: list) -> None:
    """The problems of TINY (diagnostics or lint findings), each with its code, place, message and help."""
    facts = [(d.code, *((d.position.line, d.position.col) if hasattr(d, "position") else (d.line, d.col)),
              d.message, d.suggestion) for d in found]
    assert [f[:3] for f in facts] == [("E605", line, col) for line, col, _, _ in TINY_PROBLEMS]
    for (*_, message, hint), (_, _, start, help_start) in zip(facts, TINY_PROBLEMS, strict=True):
        assert message.startswith(start) and hint.startswith(help_start), (message, hint)


def test_the_shipped_maps_have_no_problems():
    shipped = board_files([CARDS_ROOT])
    assert sorted(p.name for p in shipped) == ["amazonis-planitia.yaml", "elysium.yaml", "hellas.yaml", "tharsis.yaml",
                                               "vastitas-borealis.yaml"]
    components = library_components()
    for path in shipped:
        assert board_diagnostics(path, components) == []


def test_a_bad_map_has_every_problem_at_its_place_with_the_nearest_word(tmp_path):
    path = tmp_path / "board" / "tiny.yaml"
    path.parent.mkdir()
    path.write_text(TINY)
    found = board_diagnostics(path, {"milestone": {"Mayor", "Gardener"}, "award": {"Banker"}})
    assert_tiny_problems(found)


def test_loading_a_bad_map_raises_the_content_error_with_the_rendered_problems(tmp_path):
    from tmars.content import ContentError, load_map
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY)
    with pytest.raises(ContentError) as refused:
        load_map(path, {"milestone": {"Mayor", "Gardener"}, "award": {"Banker"}})
    text = str(refused.value)
    assert f"{path}:4:14: error E605 area r1c1: type: 'lnd' is not one of ['land', 'ocean']" in text
    assert "    - {type: ocean, volcanc: true}" in text and "help: did you mean 'volcanic'?" in text
    assert text.count("error E605") == len(TINY_PROBLEMS)
    path.write_text("name: Bare\nrowz: []\n")  # once a KeyError: 'rows'
    with pytest.raises(ContentError, match=r"tiny.yaml:1:1: error E605 the map: 'rows' is a required property"):
        load_map(path)
    path.write_text("name: Flat\nrows: [[land, ocean]]\n")  # once a TypeError: string indices must be integers
    with pytest.raises(ContentError, match=r"tiny.yaml:2:9: error E605 area r1c1: 'land' is not of type 'object'"):
        load_map(path)


def _broken_map(tmp_path: Path, monkeypatch, text: str) -> Path:
    """A map the game may choose ('broken'), beside the shipped ones."""
    from tmars import content
    path = tmp_path / "board" / "broken.yaml"
    path.parent.mkdir()
    path.write_text(text)
    shipped = dict(content._map_files())
    monkeypatch.setattr(content, "_map_files", lambda: {**shipped, "broken": path})
    return path


def test_a_game_on_a_bad_map_is_refused_with_the_problems_and_no_traceback(tmp_path, monkeypatch, capsys):
    """A milestone no card is can only be told with the game's cards: the game tells it, at its place."""
    from tmars.cli import main
    from tmars.content import ContentError
    from tmars.game import Game
    tharsis = (CARDS_ROOT / "base" / "board" / "tharsis.yaml").read_text()
    path = _broken_map(tmp_path, monkeypatch, tharsis.replace("Mayor, Gardener", "Mayor, Gardner"))
    line = next(i for i, text in enumerate(tharsis.splitlines(), 1) if text.startswith("milestones:"))
    with pytest.raises(ContentError, match=f"broken.yaml:{line}:34: error E605 the map names the milestone 'Gardner'"):
        Game.new(2, seed=1, map_name="broken")
    assert main(["game", "--quiet", "--map", "broken"]) == 2
    err = capsys.readouterr().err
    assert f"{path}:{line}:34: error E605" in err and "did you mean 'Gardener'?" in err and "Traceback" not in err


def _module_with_board(tmp_path: Path) -> Path:
    folder = tmp_path / "tiny"
    (folder / "board").mkdir(parents=True)
    (folder / "module.yaml").write_text("id: tiny\nname: Tiny\nrequires: [base]\n")
    (folder / "cards.yaml").write_text('- name: Tiny Probe\n  number: "001"\n  type: automated\n  cost: 3\n'
                                       "  tags: []\n  play: +1 plant\n")
    (folder / "board" / "tiny.yaml").write_text(TINY)
    return folder


def test_lint_checks_the_maps_of_the_folders_it_lints_at_the_map_s_own_path(tmp_path, capsys):
    from compiler.lint import lint_paths
    from tmars.cli import main
    folder = _module_with_board(tmp_path)
    board = str(folder / "board" / "tiny.yaml")
    for target in (folder, folder / "board" / "tiny.yaml"):  # the module's folder, or the map named alone
        found = [f for f in lint_paths([target]).findings if f.severity == "error"]
        assert {f.path for f in found} == {board}
        assert_tiny_problems(found)
    assert main(["lint", str(folder)]) == 1
    out = capsys.readouterr().out
    assert f"{board}:4:14: error E605 area r1c1: type: 'lnd'" in out and "did you mean 'noctis-city'?" in out
    (folder / "board" / "tiny.yaml").write_text((CARDS_ROOT / "base" / "board" / "tharsis.yaml").read_text())
    assert [f for f in lint_paths([folder]).findings if f.severity == "error"] == []
