"""`tmars play`: nothing typed can crash or lose a game, and a resumed game is the same game."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

from tmars import human
from tmars.agents import RandomAgent
from tmars.cli import main
from tmars.game import Game
from tmars.human import AUTOSAVE, HumanAgent, read_numbers


def lines(*typed: str):
    """A reader that types these lines, then ends the input."""
    feed = iter(typed)

    def read(prompt: str = "") -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None
    return read


def seat(*typed: str) -> tuple[HumanAgent, io.StringIO]:
    out = io.StringIO()
    return HumanAgent(Console(file=out, width=200, highlight=False), read=lines(*typed)), out


def at_selection() -> Game:
    """A game whose first decision selects cards: the kept cards, after choosing a corporation."""
    game = Game.new(2, seed=4)
    game.answer(0, game.pending["options"][0]["id"])
    assert game.pending["kind"] == "select" and len(game.pending["options"]) == 10
    return game


def test_odd_numbers_get_a_hint_and_are_asked_again():
    game = Game.new(2, seed=4)
    agent, out = seat("²", "1" * 5000, "-1", "0", " 2 ", "1")
    assert agent.choose(game) == game.pending["options"][1]["id"]
    text = out.getvalue()
    assert text.count("type the number of an option, from 1 to") == 4


def test_a_selection_takes_each_option_once_and_never_counts_from_the_end():
    game = at_selection()
    agent, out = seat("1 1", "0", "-1", "11", "10 2")
    assert agent.choose(game) == [game.pending["options"][9]["id"], game.pending["options"][1]["id"]]
    text = out.getvalue()
    assert "1 is there twice" in text
    assert "'0' is not an option" in text and "'-1' is not an option" in text
    assert "'11' is not an option: type a number from 1 to 10" in text


def test_reading_numbers_strictly():
    assert read_numbers("3 1", 5, 0, 2) == [3, 1]
    assert read_numbers("", 5, 0, 2) == []
    assert read_numbers("1 2 3", 5, 0, 2) == "choose 0 to 2 options, not 3"
    assert read_numbers("", 5, 1, 1) == "choose 1 option, not 0"
    for bad in ("6", "0", "1 1", "1 2 3", "²", "١", "+1", "1.0", "9" * 5000):
        assert isinstance(read_numbers(bad, 5, 0, 2), str), bad


def test_help_lists_the_commands(tmp_path):
    game = Game.new(2, seed=4)
    agent, out = seat("help", "show", "1")
    agent.choose(game)
    text = out.getvalue()
    assert "save FILE" in text and "show" in text and AUTOSAVE in text
    assert text.count("Choose your corporation") == 2


def test_save_names_are_stripped_and_bad_ones_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = Game.new(2, seed=4)
    agent, out = seat("save g.json   ", "save a\0b", "save", "save   ", f"save {tmp_path}", "save no/such/dir/x", "1")
    agent.choose(game)
    text = out.getvalue()
    assert (tmp_path / "g.json").is_file() and "saved to g.json\n" in text
    assert Game.load((tmp_path / "g.json").read_text()).pending == game.pending
    assert "cannot contain a NUL character" in text
    assert text.count("give the file a name") == 2
    assert "is a folder" in text
    assert "cannot save to no/such/dir/x: No such file or directory" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_names_are_shown_as_they_are_never_as_markup():
    game = Game.new(2, seed=4)
    game.state["pending"]["options"][0]["label"] = "[red]Mars[/red] [link=x]Inc[/link]"
    game.state["pending"]["prompt"] = "Choose [bold]one"
    agent, out = seat("1")
    agent.choose(game)
    assert "[red]Mars[/red] [link=x]Inc[/link]" in out.getvalue() and "Choose [bold]one" in out.getvalue()


@pytest.mark.parametrize("stop,code,word", [(EOFError, 1, "end of input"), (KeyboardInterrupt, 130, "interrupted")])
def test_end_of_input_or_ctrl_c_saves_the_game_and_exits_non_zero(monkeypatch, tmp_path, capsys, stop, code, word):
    monkeypatch.chdir(tmp_path)
    typed = iter(["1"])

    def read(prompt=""):
        for line in typed:
            return line
        raise stop
    monkeypatch.setattr("builtins.input", read)
    assert main(["play", "--seed", "4", "--bots", "random"]) == code
    out = capsys.readouterr().out
    saved = tmp_path / AUTOSAVE
    assert f"{word}: the game is saved to {saved}" in out
    assert Game.load(saved.read_text()).pending["kind"] == "select"  # where the game stood: keeping cards


def answer_first(prompt: str = "") -> str:
    """A person who always takes the first option (the fewest numbers at a selection)."""
    found = re.search(r"\((\d+)-\d+\)", prompt)
    return " ".join(str(i) for i in range(1, int(found.group(1)) + 1)) if found else "1"


def test_a_resumed_game_is_the_uninterrupted_game_byte_for_byte(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    games = []
    original = human.session

    def kept(game, agents, console, target=None):
        games.append(game)
        return original(game, agents, console, target)
    monkeypatch.setattr(human, "session", kept)
    quiet = ["--seed", "6", "--bots", "random"]
    monkeypatch.setattr("builtins.input", answer_first)
    assert main(["play", *quiet]) == 0
    whole = games[-1].save()

    asked = []

    def until_40(prompt=""):
        asked.append(prompt)
        if len(asked) > 40:
            raise EOFError
        return answer_first(prompt)
    monkeypatch.setattr("builtins.input", until_40)
    assert main(["play", *quiet]) == 1
    seats = json.loads((tmp_path / AUTOSAVE).read_text())["agents"]
    assert [s["kind"] for s in seats] == ["human", "random"]
    monkeypatch.setattr("builtins.input", answer_first)
    assert main(["play", "--load", AUTOSAVE, "--seed", "99"]) == 0  # the bots come from the save, not --seed
    assert games[-1].save() == whole


def test_a_bot_rebuilt_from_its_snapshot_draws_the_same():
    bot = RandomAgent(5)
    bot.rng.random()
    from tmars.agents import restore
    twin = restore(bot.snapshot())
    assert [bot.rng.random() for _ in range(5)] == [twin.rng.random() for _ in range(5)]


def _line_session(tmp_path, choose):
    """A line-mode session whose human answers with `choose`; (status, the autosave's JSON)."""
    console = Console(file=io.StringIO())
    agent = HumanAgent(console)
    agent.choose = choose
    game = Game.new(2, seed=4)
    status = human.session(game, [agent, RandomAgent(5)], console, tmp_path / "kept.json")
    kept = tmp_path / "kept.json"
    return status, (json.loads(kept.read_text()) if kept.exists() else None), console.file.getvalue()


def test_sigterm_or_sighup_ends_a_line_session_with_the_game_saved(tmp_path):
    """A closed terminal (SIGHUP) or a kill (SIGTERM) ended `play` with no save."""
    import os
    import signal
    for signum in (signal.SIGTERM, signal.SIGHUP):
        def stopped(game, signum=signum):
            os.kill(os.getpid(), signum)
            return "never"
        status, kept, said = _line_session(tmp_path, stopped)
        assert status == 128 + signum and kept is not None and kept["over"] is False
        assert f"stopped ({signal.Signals(signum).name})" in said and "kept.json" in said


def test_any_failure_in_a_line_session_saves_the_game_and_says_where(tmp_path):
    def broken(game):
        raise RuntimeError("a bug in an agent")
    status, kept, said = _line_session(tmp_path, broken)
    assert status == 1 and kept is not None and "tmars failed (RuntimeError: a bug in an agent)" in said


def test_an_unfinished_game_in_the_autosave_file_is_never_overwritten(tmp_path, monkeypatch):
    """A new `play` quit at once used to overwrite an earlier unfinished autosave: it goes to the
    next free name; a finished game's file, or the one the session loaded, is used again."""
    monkeypatch.chdir(tmp_path)
    unfinished = Game.new(2, seed=1).save()
    (tmp_path / AUTOSAVE).write_text(unfinished)
    assert human.autosave_target() == tmp_path / "tmars-autosave-2.json"
    assert human.autosave_target(str(tmp_path / AUTOSAVE)) == tmp_path / AUTOSAVE
    (tmp_path / "tmars-autosave-2.json").write_text("not even JSON")
    assert human.autosave_target() == tmp_path / "tmars-autosave-3.json"
    (tmp_path / AUTOSAVE).write_text(json.dumps({**json.loads(unfinished), "over": True}))
    assert human.autosave_target() == tmp_path / AUTOSAVE
    monkeypatch.setattr("builtins.input", lambda prompt="": (_ for _ in ()).throw(EOFError))
    (tmp_path / AUTOSAVE).write_text(unfinished)
    assert main(["play", "--seed", "2", "--plain"]) == 1
    assert (tmp_path / AUTOSAVE).read_text() == unfinished  # the earlier game is still there


def test_the_plain_status_line_shows_every_track_of_the_game_by_its_noun():
    game = Game.new(2, seed=4, modules=("base", "corpera", "venus"))
    agent, _ = seat()
    line = agent.status(game, 0)
    assert "temperature -30°C, oxygen 0%, oceans 0, Venus 0%" in line


def test_quitting_an_unfinished_game_prints_the_score_as_if_it_ended_now(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", lines())
    assert main(["play", "--plain", "--seed", "4"]) == 1
    out = capsys.readouterr().out
    assert "Scores if the game ended now" in out and "total" in out and "│ P1 " in out


def test_a_lost_solo_game_shows_its_verdict_instead_of_scores(capsys):
    from tmars.cli import print_standing
    game = Game.new(1, seed=4)
    game.state["over"], game.state["scores"] = True, []
    game.state["solo"]["result"] = {"won": False, "why": "lost: the goal was not reached"}
    print_standing(game)
    out = capsys.readouterr().out
    assert "lost: the goal was not reached" in out and "total" not in out
