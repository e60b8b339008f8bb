"""Every change of a player's resources, production, TR, cards or card resources, and of the
board, leaves a line in the game's log that names the player (issue 13)."""

from __future__ import annotations

import json

import pytest

from tmars.agents import RandomAgent
from tmars.game import Game
from tmars.scenario import run


def _players(st: dict) -> list[str]:
    """What the log must account for, per player."""
    return [json.dumps([pl["res"], pl["prod"], pl["tr"], sorted(pl["hand"]), pl["events"],
                        [(e["name"], e.get("res", 0), e.get("area")) for e in pl["played"]]], sort_keys=True)
            for pl in st["players"]]


def _board(st: dict) -> str:
    return json.dumps([st["board"], st["claims"]], sort_keys=True)


GAMES = [(2, 0, True, False), (3, 1, True, False), (4, 2, True, False), (2, 3, False, False),
         (3, 4, False, False), (4, 5, True, True), (2, 6, True, True), (3, 7, True, False)]


@pytest.mark.parametrize("players, seed, corporate_era, draft", GAMES)
def test_every_change_is_logged_and_names_the_player(players, seed, corporate_era, draft):
    game = Game.new(players, seed=seed, corporate_era=corporate_era, draft=draft)
    bots = [RandomAgent(seed * 10 + i) for i in range(players)]
    decisions = 0
    while not game.over:
        st = game.state
        before, board, seen = _players(st), _board(st), len(st["log"])
        d = game.pending
        answer = bots[d["player"]].choose(game)
        game.answer(d["player"], answer)
        new = st["log"][seen:]
        after = _players(st)
        what = f"seed {seed}, decision {decisions} ({d['kind']}: {answer!r})"
        if _board(st) != board:
            assert new, f"{what}: the board changed, but no log line says so"
        for q, (old, now) in enumerate(zip(before, after, strict=True)):
            if old != now:
                name = st["players"][q]["name"]
                assert any(name in line for line in new), \
                    f"{what}: {name}'s state changed, but no new log line names them; new lines: {new}"
        decisions += 1
    assert decisions > 50  # a real game was played


SETUP = "setup:\n  deck: [Birds, Fish, Pets]\n  players:\n    - name: Alice\n{alice}    - name: Bob\n{bob}steps:\n"


@pytest.mark.parametrize("alice, bob, steps, line", [
    # cards looked at: the kept one goes to the hand, the rest are discarded
    ("      resources: {mc: 2}\n      hand: [Invention Contest]\n", "",
     "  - play: Invention Contest\n  - answer: [Birds]\n    expect: {Alice.hand: [Birds]}\n",
     "Alice looks at 3 cards, keeps 1"),
    # the payment, in one line with the card it pays for
    ("      resources: {mc: 20, steel: 2}\n      hand: [Deep Well Heating]\n", "",
     "  - play: Deep Well Heating\n  - answer: '0'\n    expect: {Alice.res.steel: 0}\n",
     "Alice plays Deep Well Heating (9 M€, 2 steel)"),
    # a triggered effect on another player names the card that set it off
    ("      resources: {mc: 18}\n", "      played: [Arctic Algae]\n",
     "  - answer: std:aquifer\n  - answer: r1c2\n    expect: {Bob.res.plant: 2}\n",
     "Bob gains 2 plants (Arctic Algae)"),
    # what an area gives
    ("      resources: {mc: 18}\n", "",
     "  - answer: std:aquifer\n  - answer: r1c2\n    expect: {Alice.res.steel: 2}\n",
     "Alice places ocean on r1c2, gains 2 steel from the area"),
    # production, and the TR a raise gives
    ("      resources: {mc: 14}\n      production: {plant: 2}\n", "      passed: true\n",
     "  - answer: std:asteroid\n"
     "    log: Alice uses standard project Asteroid (14 M€), raises the temperature to -28 (+1 TR)\n"
     "  - answer: done\n  - answer: pass\n    expect: {game.generation: 2}\n",
     "Alice produces 21 M€, 2 plants"),
])
def test_specific_lines(tmp_path, alice, bob, steps, line):
    text = SETUP.format(alice=alice, bob=bob) + steps + f"    log: \"{line}\"\n"
    (tmp_path / "s.yaml").write_text(text)
    outcome = run(tmp_path / "s.yaml")
    assert outcome.ok, outcome.failures
