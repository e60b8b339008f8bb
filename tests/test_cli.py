"""The command line: exit codes and output of each command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tmars.cli import main


def test_cards_json_gives_frame_facts_and_ir(capsys):
    assert main(["cards", "--json", "--module", "base"]) == 0
    lines = capsys.readouterr().out.splitlines()
    cards = [json.loads(line) for line in lines]
    birds = next(c for c in cards if c["name"] == "Birds")
    assert birds["number"] == "072" and birds["tags"] == ["animal"] and birds["module"] == "base"
    assert birds["ir"]["play"][0]["op"] == "box"
    assert "Decrease any player's plant production 2 steps." in birds["text"]
    assert all(c["module"] == "base" for c in cards)
    assert len([c for c in cards if c["type"] in ("automated", "active", "event")]) > 100


def test_cards_reports_errors_with_exit_1(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("- name: X\n  type: automated\n  cost: 3\n  play: +2 plnat\n")
    assert main(["cards", str(bad), "--no-cache"]) == 1
    err = capsys.readouterr().err
    assert "E201" in err and "did you mean 'plant'" in err and ":4:" in err


def test_scenario_command_exit_codes(tmp_path, capsys):
    good = tmp_path / "good.yaml"
    good.write_text("setup:\n  players: [{name: A, resources: {mc: 11}}, {name: B}]\n"
                    "steps:\n  - answer: std:power-plant\n    expect: {A.prod.energy: 1, A.res.mc: 0}\n")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("setup:\n  players: [{name: A, resources: {mc: 11}}, {name: B}]\n"
                     "steps:\n  - answer: std:power-plant\n    expect: {A.prod.energy: 2}\n")
    broken = tmp_path / "broken.yaml"
    broken.write_text("setup: [\n")
    assert main(["scenario", str(good)]) == 0
    assert main(["scenario", str(good), str(wrong)]) == 1
    out = capsys.readouterr().out
    assert "A.prod.energy is 1, expected 2" in out
    assert main(["scenario", str(broken)]) == 1
    assert "malformed scenario" in capsys.readouterr().out


def test_game_prints_log_and_scores(capsys):
    assert main(["game", "--seed", "2", "--agent", "random"]) == 0
    out = capsys.readouterr().out
    assert "game over" in out and "total" in out


def test_simulate_summary_and_coverage(capsys):
    assert main(["simulate", "--games", "3", "--players", "3", "--coverage"]) == 0
    out = capsys.readouterr().out
    assert "completed" in out and "cards played:" in out and "actions used:" in out


def test_schema_commands(capsys):
    assert main(["schema"]) == 0
    assert "$defs" in json.loads(capsys.readouterr().out)
    assert main(["schema", "--frame"]) == 0
    assert json.loads(capsys.readouterr().out)["type"] == "array"


def test_bad_player_count_is_a_usage_error(capsys):
    assert main(["game", "--players", "9"]) == 2


def typing(*lines: str):
    """A stand-in for input(): the given lines, then end of input."""
    typed = iter(lines)

    def fake_input(prompt=""):
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None
    return fake_input


def test_play_in_the_terminal_with_typed_answers(monkeypatch, capsys, tmp_path):
    """A person answers by number; a wrong entry is refused and asked again; end of input saves and stops."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", typing("0", "abc", "1", "", "1", "1", "1"))
    assert main(["play", "--seed", "3", "--bots", "random"]) == 1
    out = capsys.readouterr().out
    assert "Choose your corporation" in out
    assert "type the number of an option" in out
    assert "Keep cards at 3 M€ each" in out


def test_play_saves_mid_game_and_resumes(monkeypatch, tmp_path, capsys):
    save = tmp_path / "g.json"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", typing("1", f"save {save}"))
    assert main(["play", "--seed", "4", "--bots", "random"]) == 1
    assert f"saved to {save}" in capsys.readouterr().out
    state = json.loads(save.read_text())
    assert (state["pending"]["kind"], state["pending"]["player"]) == ("select", 0)  # saved mid-setup
    monkeypatch.setattr("builtins.input", typing())
    assert main(["play", "--load", str(save)]) == 1
    assert "Keep cards at 3 M€ each" in capsys.readouterr().out


def test_play_refuses_a_broken_save(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 1}')
    assert main(["play", "--load", str(bad)]) == 2
    assert "cannot load" in capsys.readouterr().err


def test_usage_errors_exit_2_without_traceback(capsys):
    import pytest as _pytest
    with _pytest.raises(SystemExit) as e:
        main(["simulate", "--games", "0"])
    assert e.value.code == 2
    assert main(["game", "--players", "6"]) == 2
    assert "--players must be between 1 and 5" in capsys.readouterr().err
    assert main(["game", "--players", "1", "--standard"]) == 2
    assert "always plays with Corporate Era" in capsys.readouterr().err
    assert main(["game", "--players", "2", "--modules", "base,corpera,solo"]) == 2
    assert "--players 1" in capsys.readouterr().err
    with _pytest.raises(SystemExit) as e:
        main(["simulate", "--workers", "many"])
    assert e.value.code == 2


def test_game_options_name_modules_and_map(capsys):
    assert main(["game", "--seed", "3", "--modules", "base", "--quiet", "--agent", "random"]) == 0
    assert "decisions in" in capsys.readouterr().out
    for argv, message in [(["--modules", "corpera"], "requires base"),
                          (["--modules", "base,pathfinders"],
                           "unknown module 'pathfinders'; this tmars has amazonis-vastitas, base, colonies, corpera"),
                          (["--map", "utopia"],
                           "unknown map 'utopia'; this tmars has amazonis-planitia, elysium, hellas, tharsis, "
                           "vastitas-borealis"),
                          (["--modules", "base", "--standard"], "give one")]:
        assert main(["game", "--seed", "3", "--quiet", *argv]) == 2
        assert message in capsys.readouterr().err


def test_game_takes_card_folders(capsys):
    from pathlib import Path
    fan = str(Path(__file__).parent / "fixtures" / "fan")
    assert main(["game", "--seed", "5", "--cards", fan, "--agent", "random"]) == 0
    assert "decisions in" in capsys.readouterr().out
    assert main(["game", "--seed", "5", "--cards", str(Path(__file__).parent), "--quiet"]) == 2
    assert "needs a module.yaml" in capsys.readouterr().err


def test_cards_and_sheet_read_the_modules_folders_and_map_they_are_given(tmp_path, capsys):
    domes = str(Path(__file__).parent / "fixtures" / "domes")
    assert main(["cards", "--json", "--cards", domes, "--module", "domes"]) == 0
    names = [json.loads(line)["name"] for line in capsys.readouterr().out.splitlines()]
    assert "Seed Vault" in names and all(n.startswith(("Dome", "Seed")) for n in names)
    assert main(["cards", "--json", "--modules", "base", "--map", "tharsis"]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {c["module"] for c in listed} == {"base"}
    assert {c["name"] for c in listed if c["type"] == "milestone"} == {"Terraformer", "Mayor", "Gardener",
                                                                        "Builder", "Planner"}
    assert main(["cards", "--modules", "corpera"]) == 2
    assert "requires base" in capsys.readouterr().err
    out = tmp_path / "domes.html"
    assert main(["sheet", "--cards", domes, "--module", "domes", "-o", str(out)]) == 0
    assert "Seed Vault" in out.read_text()
    assert main(["sheet", "--map", "nowhere", "-o", str(out)]) == 2
    assert "unknown map 'nowhere'" in capsys.readouterr().err


def status(argv: list[str]) -> int:
    """The exit status of a command, whether main returns it or argparse exits with it."""
    try:
        return main(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 1


GOOD_CARD = '- name: Good\n  number: "901"\n  type: automated\n  cost: 5\n  play: +1 plant\n'
BAD_CARD = "- name: X\n  type: automated\n  cost: 3\n  play: +2 plnat\n"
SCENARIO = ("setup:\n  players: [{name: A, resources: {mc: 11}}, {name: B}]\n"
            "steps:\n  - answer: std:power-plant\n    expect: {A.prod.energy: %d}\n")


@pytest.fixture
def files(tmp_path):
    (tmp_path / "good.yaml").write_text(GOOD_CARD)
    (tmp_path / "bad.yaml").write_text(BAD_CARD)
    (tmp_path / "pass.yaml").write_text(SCENARIO % 1)
    (tmp_path / "fail.yaml").write_text(SCENARIO % 2)
    (tmp_path / "a-file").write_text("")
    return tmp_path


EXIT_CODES = [  # one rule for every command: 0 done, 1 findings or failures, 2 usage or input errors
    ("cards", ["cards", "{d}/good.yaml"], 0),
    ("cards", ["cards", "{d}/bad.yaml", "--no-cache"], 1),
    ("cards", ["cards", "/nonexistent"], 2),
    ("cards", ["cards", "--module", "nosuch"], 2),
    ("lint", ["lint", "{d}/good.yaml"], 0),
    ("lint", ["lint", "{d}/bad.yaml"], 1),
    ("lint", ["lint", "/nonexistent"], 2),
    ("lint", ["lint", "--select", "Q9"], 2),
    ("sheet", ["sheet", "{d}/good.yaml", "-o", "{d}/sheet.html", "--no-cache"], 0),
    ("sheet", ["sheet", "{d}/bad.yaml", "-o", "{d}/sheet.html", "--no-cache"], 1),
    ("sheet", ["sheet", "{d}/good.yaml", "-o", "{d}"], 2),
    ("sheet", ["sheet", "{d}/good.yaml", "-o", "{d}/a-file/sheet.html"], 2),
    ("sheet", ["sheet", "{d}/good.yaml", "-o", "{d}/no/such/sheet.html"], 2),
    ("game", ["game", "--quiet", "--agent", "random", "--max-generations", "1"], 0),
    ("game", ["game", "--map", "nosuch"], 2),
    ("play", ["play", "--load", "{d}/no-save.json"], 2),
    ("play", ["play", "--players", "7"], 2),
    ("simulate", ["simulate", "--games", "1", "--max-generations", "1"], 0),
    ("simulate", ["simulate", "--games", "1", "--json", "{d}"], 2),
    ("simulate", ["simulate", "--games", "1", "--json", "{d}/a-file/r.json"], 2),
    ("report", ["report", "--games", "1", "--max-generations", "1", "--workers", "1", "--out", "{d}/report"], 0),
    ("report", ["report", "--games", "1", "--out", "{d}/a-file"], 2),
    ("report", ["report", "--games", "1", "--agent", "nosuch", "--out", "{d}/report"], 2),
    ("scenario", ["scenario", "{d}/pass.yaml"], 0),
    ("scenario", ["scenario", "{d}/fail.yaml"], 1),
    ("scenario", ["scenario", "{d}/nosuch.yaml"], 2),
    ("schema", ["schema"], 0),
    ("schema", ["schema", "--nosuch"], 2),
    ("lsp", ["lsp", "--nosuch"], 2),  # serving (0 after shutdown and exit) is run over stdio in test_lsp.py
]


@pytest.mark.parametrize("command, argv, expected", EXIT_CODES, ids=[" ".join(a) for _, a, _ in EXIT_CODES])
def test_every_command_follows_the_exit_code_rule(files, command, argv, expected, capsys):
    assert status([a.format(d=files) for a in argv]) == expected, capsys.readouterr()


def test_every_command_is_in_the_exit_code_table():
    from tmars.cli import parser
    commands = next(a for a in parser()._actions if a.dest == "command").choices
    assert set(commands) == {c for c, _, _ in EXIT_CODES}


def test_usage_errors_say_what_is_wrong_before_any_work(files, capsys):
    assert status(["cards", "--module", "nosuch"]) == 2
    assert "unknown module 'nosuch'" in capsys.readouterr().err
    assert status(["cards", "/nonexistent"]) == 2
    assert "no such file or folder: /nonexistent" in capsys.readouterr().err
    assert status(["sheet", str(files / "good.yaml"), "-o", str(files / "a-file" / "s.html")]) == 2
    assert "a-file is not a folder" in capsys.readouterr().err
    assert not (files / "sheet.html").exists()


@pytest.fixture
def unwritable(tmp_path):
    """Paths a command cannot write as a file: a loop of links, a pipe, a device (through a link
    too), a view of the running system."""
    import os
    (tmp_path / "a.html").symlink_to(tmp_path / "b.html")
    (tmp_path / "b.html").symlink_to(tmp_path / "a.html")
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "full.html").symlink_to("/dev/full")
    return tmp_path


@pytest.mark.parametrize("args,said", [
    (["sheet", "-o", "{d}/a.html"], "a loop of symbolic links"),
    (["sheet", "-o", "{d}/full.html"], "not a regular file"),
    (["sheet", "-o", "/proc/tmars-sheet.html"], "view of the running system"),
    (["simulate", "--games", "1", "--json", "{d}/pipe.json"], "not a regular file"),
    (["simulate", "--games", "1", "--json", "/dev/full"], "not a regular file"),
    (["simulate", "--games", "1", "--json", "/proc/tmars.json"], "view of the running system"),
])
def test_an_output_that_is_no_file_is_refused_with_exit_2_and_a_sentence(unwritable, capsys, args, said):
    """A pipe used to hang the command, a device or /proc ended in a traceback or exit 1 with raw
    error text: each is a usage error, said before any work is done."""
    assert main([a.format(d=unwritable) for a in args]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_a_card_folder_that_is_a_loop_of_links_is_refused_in_words(tmp_path, capsys):
    (tmp_path / "x").symlink_to(tmp_path / "y")
    (tmp_path / "y").symlink_to(tmp_path / "x")
    for args in (["game", "--seed", "1", "--cards", str(tmp_path / "x")],
                 ["simulate", "--games", "1", "--cards", str(tmp_path / "x")], ["lint", str(tmp_path / "x")]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert ("loop of symbolic links" in err or "no such file" in err) and "Traceback" not in err


def test_a_folder_without_a_manifest_gets_the_same_warning_from_cards_and_lint(tmp_path, capsys):
    folder = tmp_path / "loose"
    folder.mkdir()
    (folder / "c.yaml").write_text("- name: Floaty\n  number: N1\n  type: active\n  cost: 5\n  tags: [space]\n"
                                   "  holds: floater\n  action: -> +1 floater\n")
    warning = ("c.yaml:1:1: warning E010 no module.yaml in loose or above it: its cards were checked with the words "
               "of every module, and a game's --cards needs a module.yaml")
    assert main(["cards", str(folder)]) == 0
    assert warning in capsys.readouterr().err
    assert main(["lint", str(folder)]) == 0
    out = capsys.readouterr().out
    assert warning in out and "0 error(s), 1 warning(s)" in out
    assert main(["lint", "--ignore", "E010", str(folder)]) == 0
    assert "0 warning(s)" in capsys.readouterr().out
    (folder / "module.yaml").write_text("id: loose\nname: Loose\nrequires: [base, venus]\n")
    assert main(["cards", str(folder)]) == 0
    assert "E010" not in capsys.readouterr().err
