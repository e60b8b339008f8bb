"""The command line: exit codes and output of each command."""

from __future__ import annotations

import json

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
    assert main(["game", "--players", "1"]) == 2
    assert "solo mode" in capsys.readouterr().err
    with _pytest.raises(SystemExit) as e:
        main(["simulate", "--workers", "many"])
    assert e.value.code == 2


def test_game_options_name_modules_and_map(capsys):
    assert main(["game", "--seed", "3", "--modules", "base", "--quiet", "--agent", "random"]) == 0
    assert "decisions in" in capsys.readouterr().out
    for argv, message in [(["--modules", "corpera"], "requires base"),
                          (["--modules", "base,venus"], "unknown module 'venus'; this tmars has base, corpera"),
                          (["--map", "hellas"], "unknown map 'hellas'; this tmars has tharsis"),
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
