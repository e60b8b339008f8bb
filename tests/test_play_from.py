"""`tmars play --scenario FILE` and `--hand "A, B"`: the game starts where asked, bad input is a
clear error (never a traceback), and saves and undo work as in any game."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from tmars.botgame import make_agent
from tmars.cli import main
from tmars.game import Game
from tmars.human import AUTOSAVE, HumanAgent
from tmars.playfrom import from_scenario, with_hand
from tmars.tui.table import Table

SCENARIO = """name: a position to play from
setup:
  players:
    - name: Alice
      resources: {mc: 20}
      hand: [Birds, Deep Well Heating]
    - name: Bob
steps:
  - expect: {pending.kind: action}
"""


def typing(*typed: str):
    feed = iter(typed)

    def read(prompt: str = "") -> str:
        for line in feed:
            return line
        raise EOFError
    return read


def test_play_from_a_scenario_starts_at_its_setup_and_its_save_resumes(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.yaml").write_text(SCENARIO)
    monkeypatch.setattr("builtins.input", typing("1"))  # play Deep Well Heating, the first option
    assert main(["play", "--plain", "--scenario", "s.yaml"]) == 1  # input ends: saved
    out = capsys.readouterr().out
    assert "Hand: Birds, Deep Well Heating" in out and "mc:20(+0)" in out
    assert "Alice plays Deep Well Heating" in out
    saved = Game.load((tmp_path / AUTOSAVE).read_text())  # a player without a corporation: allowed here
    assert saved.state["players"][0]["hand"] == ["Birds"]
    assert [p["name"] for p in saved.state["players"]] == ["Alice", "Bob"]


def test_a_scenario_error_is_its_place_and_message(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nsetup:\n  map: tharsys\nsteps:\n  - expect: {pending.kind: action}\n")
    assert main(["play", "--plain", "--scenario", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:3:8: error S004 unknown map 'tharsys'" in err and "did you mean 'tharsis'" in err
    assert "Traceback" not in err


def test_a_scenario_with_cards_written_inline_is_refused_with_why(tmp_path, capsys):
    path = tmp_path / "inline.yaml"
    path.write_text("name: x\nsetup:\n  cards:\n    - name: Tiny\n      type: event\n      cost: 1\n"
                    "      play: +1 mc\nsteps:\n  - expect: {pending.kind: action}\n")
    assert main(["play", "--plain", "--scenario", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:3:3:" in err and "put them in a folder with a module.yaml" in err


def test_hand_puts_the_cards_in_the_first_players_hand_and_checks_their_names(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", typing())
    assert main(["play", "--plain", "--seed", "4", "--hand", "Birds, Lichen"]) == 1
    assert "Hand: Birds, Lichen" in capsys.readouterr().out
    saved = Game.load((tmp_path / AUTOSAVE).read_text())
    st = saved.state
    assert st["players"][0]["hand"] == ["Birds", "Lichen"]
    places = st["deck"] + [c for pl in st["players"] for c in pl["dealt"] + pl["hand"]]
    assert places.count("Birds") == 1 and places.count("Lichen") == 1  # moved, not copied
    assert main(["play", "--plain", "--hand", "Birds, Lichn"]) == 2
    assert "unknown card 'Lichn' did you mean 'Lichen'?" in capsys.readouterr().err
    assert main(["play", "--plain", "--hand", "CrediCor"]) == 2
    assert "'CrediCor' is not a card the deck deals (it is a corporation card)" in capsys.readouterr().err
    assert main(["play", "--plain", "--load", "x.json", "--hand", "Birds"]) == 2


def test_a_card_taken_from_a_deal_is_replaced_and_the_decision_asked_afresh():
    game = Game.new(2, seed=4)
    dealt = game.state["players"][1]["dealt"][0]
    moved = with_hand(game, [dealt])
    assert moved.state["players"][0]["hand"] == [dealt]
    assert dealt not in moved.state["players"][1]["dealt"] and len(moved.state["players"][1]["dealt"]) == 10
    mine = moved.state["players"][0]["dealt"][0]
    mine_game = with_hand(Game.new(2, seed=4), [mine])
    assert mine_game.pending["player"] == 0
    assert all(mine not in str(o["id"]) for o in mine_game.pending["options"])


def test_undo_from_a_scenario_start_gives_back_its_position(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO)
    start = from_scenario(path)
    table = Table(start(), [HumanAgent(Console(file=io.StringIO())), make_agent("random", 2)], start)
    table.run_bots()
    before = table.game.save()
    table.answer("play:Deep Well Heating")
    assert table.game.save() != before
    assert table.undo() and table.game.save() == before
    assert Path(table.game.state["options"]["scenario"]) == path
