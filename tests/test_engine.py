"""Engine properties: determinism, save/load anywhere, illegal answers, complete games."""

from __future__ import annotations

import json
import random

import pytest

from tmars.agents import GreedyAgent, RandomAgent
from tmars.game import Game, IllegalAnswer
from tmars.trial import boundary_depth


def play(game: Game, seed: int, limit: int = 5000, stop_at: int | None = None) -> list:
    agents = [RandomAgent(seed * 7 + i) for i in range(len(game.state["players"]))]
    answers = []
    while not game.over and len(answers) < limit:
        if stop_at is not None and len(answers) == stop_at:
            break
        d = game.pending
        a = agents[d["player"]].choose(game)
        answers.append((d["player"], a))
        game.answer(d["player"], a)
    return answers


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_seed_and_answers_give_the_same_game(seed):
    first = Game.new(2, seed=seed, max_generations=40)
    answers = play(first, seed)
    second = Game.new(2, seed=seed, max_generations=40)
    for p, a in answers:
        second.answer(p, a)
    assert first.save() == second.save()
    assert first.over


def test_different_seeds_deal_differently():
    a, b = Game.new(2, seed=1), Game.new(2, seed=2)
    assert a.state["players"][0]["dealt"] != b.state["players"][0]["dealt"]


@pytest.mark.parametrize("cut", [5, 40, 120, 200])
def test_save_anywhere_and_continue_identically(cut):
    game = Game.new(3, seed=11, max_generations=40)
    answers = play(game, 11)
    replay = Game.new(3, seed=11, max_generations=40)
    for p, a in answers[:cut]:
        replay.answer(p, a)
    saved = replay.save()
    json.loads(saved)
    loaded = Game.load(saved)
    for p, a in answers[cut:]:
        loaded.answer(p, a)
    assert loaded.save() == game.save()


def test_state_is_json_in_the_middle_of_an_effect():
    game = Game.new(2, seed=5, max_generations=40)
    agents = [RandomAgent(1), RandomAgent(2)]
    mid_effect = 0
    while not game.over:
        if game.state["stack"] and game.pending["kind"] != "action":
            assert json.loads(game.save())["stack"], "pending effect lost in the save"
            mid_effect += 1
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
    assert mid_effect > 5


def test_illegal_answers_are_refused_and_change_nothing():
    game = Game.new(2, seed=3)
    before = game.save()
    d = game.pending
    bad = [(d["player"], "no-such-option"), (1 - d["player"], d["options"][0]["id"]), (d["player"], 42),
           (d["player"], None)]
    for p, a in bad:
        with pytest.raises(IllegalAnswer) as err:
            game.answer(p, a)
        assert str(err.value)
        assert game.save() == before


def test_select_answers_are_checked():
    game = Game.new(2, seed=3)
    game.answer(0, game.pending["options"][0]["id"])  # corporation
    d = game.pending
    assert d["kind"] == "select"
    before = game.save()
    for bad in (["not-a-card"], [d["options"][0]["id"]] * 2, "a string", [o["id"] for o in d["options"]] + ["x"]):
        with pytest.raises(IllegalAnswer):
            game.answer(0, bad)
        assert game.save() == before


def finish_unit(game: Game, rng: random.Random) -> int:
    """Answer at random until the unit of play the last answer began is over (its stack is
    back to the boundary it started from); every answer on the way must complete."""
    stop = boundary_depth(game.state["stack"])
    steps = 0
    while not game.over and len(game.state["stack"]) > stop and game.pending:
        d = game.pending
        if d["kind"] == "select":
            answer = [o["id"] for o in d["options"][:d.get("min", 0)]]
        else:
            answer = rng.choice(d["options"])["id"]
        game.answer(d["player"], answer)  # an EngineError here is an offered option that failed
        steps += 1
    return steps


@pytest.mark.parametrize("seed", [8, 21])
def test_every_offered_option_completes_to_the_end_of_its_unit(seed):
    """Each option of each decision, on a clone, played on with random answers to the end of the
    action (or setup step) it belongs to: nothing offered may fail on the way."""
    game = Game.new(3, seed=seed, max_generations=30)
    agents = [RandomAgent(seed + i) for i in range(3)]
    rng = random.Random(seed)
    checked = deep = 0
    while not game.over and checked < 400:
        d = game.pending
        assert d["options"], "a decision with no option is a soft-lock"
        if d["kind"] != "select":
            for o in d["options"]:
                trial = game.clone()
                trial.answer(d["player"], o["id"])
                deep += finish_unit(trial, rng)
                checked += 1
        game.answer(d["player"], agents[d["player"]].choose(game))
    assert checked >= 400 and deep > 100


@pytest.mark.parametrize("players,ce,draft", [(2, True, False), (3, False, True), (4, True, True)])
def test_random_games_end(players, ce, draft):
    game = Game.new(players, seed=players, corporate_era=ce, draft=draft, max_generations=60)
    play(game, players, limit=20000)
    assert game.over
    assert len(game.scores()) == players
    assert sorted(r["place"] for r in game.scores()) == list(range(1, players + 1))


def test_greedy_agent_finishes_a_game():
    game = Game.new(2, seed=4, max_generations=40)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    while not game.over:
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
    assert game.over


def test_standard_game_starts_with_production_one_and_corporate_era_with_zero():
    std = Game.new(2, seed=1, corporate_era=False)
    ce = Game.new(2, seed=1, corporate_era=True)
    assert set(std.state["players"][0]["prod"].values()) == {1}
    assert set(ce.state["players"][0]["prod"].values()) == {0}
    assert all(ce.content.cards[c]["module"] in ("base", "corpera") for c in ce.state["deck"])
    assert all(std.content.cards[c]["module"] == "base" for c in std.state["deck"])


def test_recorded_answers_replay_the_game():
    game = Game.new(2, seed=21, max_generations=40)
    play(game, 21)
    again = Game.new(2, seed=21, max_generations=40)
    for p, a in game.answers:
        again.answer(p, a)
    assert again.save() == game.save()
    assert len(game.save()) < 30_000, "a finished game's save should stay small"


def test_each_player_is_dealt_two_corporations_and_ten_cards():
    """F194: two corporations to choose from, and ten project cards."""
    game = Game.new(5, seed=9)
    players = game.state["players"]
    assert [len(p["dealt_corps"]) for p in players] == [2] * 5
    assert [len(p["dealt"]) for p in players] == [10] * 5
    dealt = [c for p in players for c in p["dealt_corps"]]
    assert len(set(dealt)) == 10


def test_corporate_era_corporations_go_to_the_corporation_deck_only():
    """F196: the standard game removes Corporate Era cards and corporations; with Corporate Era its
    corporations are dealt as corporations and never enter the project deck."""
    ce = Game.new(2, seed=1, corporate_era=True)
    assert {"Saturn Systems", "Teractor"} <= set(ce.content.corporations())
    assert not {"Saturn Systems", "Teractor"} & set(ce.state["deck"] + [c for p in ce.state["players"]
                                                                        for c in p["dealt"]])
    std = Game.new(2, seed=1, corporate_era=False)
    assert not {"Saturn Systems", "Teractor"} & set(std.content.corporations())
    assert "Research" not in std.content.cards and len(std.content.project_deck()) < 208


def _ways_by_brute_force(amount: int, have_mc: int, units: int, worth: int) -> list[dict]:
    """Every count of one metal, most first, leaving an M€ part the player has and wasting no unit."""
    out = []
    for n in range(units, -1, -1):
        mc = max(0, amount - n * worth)
        wasteful = n > 0 and n * worth - worth >= amount
        if mc <= have_mc and not wasteful:
            out.append({"mc": mc, "steel": n} if n else {"mc": mc})
    return out


@pytest.mark.parametrize("amount", [0, 1, 7, 8, 9, 16, 23])
def test_the_ways_to_pay_with_one_metal_are_every_count_that_wastes_nothing(amount):
    from tmars import rules
    game = Game.new(2, seed=1)
    pl = game.state["players"][0]
    worth = rules.metal_value(game.state, game.content, 0, "steel")
    for steel in range(0, 7):
        for mc in (0, 3, 8, 30):
            pl["res"].update(steel=steel, mc=mc, heat=0)
            ways = rules.payment_options(game.state, game.content, 0, amount, True, False)
            assert ways == _ways_by_brute_force(amount, mc, steel, worth), (steel, mc)


def test_an_offered_answer_the_engine_cannot_carry_out_rolls_its_unit_back(monkeypatch):
    """With `keep_going` (the CLI's games), a unit of play is a transaction: when an answer offered
    turns out not to complete (an offer check broken here on purpose), the unit goes back to where
    it began, the answer that began it is withdrawn with a line in the log, the failure is
    recorded, and the game goes on. Without it, the failure is raised (the soak and the tests)."""
    from pathlib import Path

    from tmars import trial
    from tmars.game import EngineError
    from tmars.scenario import build_game, load_file
    data, _ = load_file(Path(__file__).parent / "scenarios" / "engine" / "payment-before-a-condition-on-it.yaml")
    monkeypatch.setattr(trial, "_spends_resources", lambda g, stack, stop: False)  # the bug the scenario guards

    def at_the_action(keep_going: bool) -> tuple[Game, dict]:
        game = build_game(data["setup"])
        if keep_going:
            game.keep_going()
        before = json.loads(game.save())
        game.answer(0, "act:Steel Test")
        assert [o["id"] for o in game.pending["options"]] == ["0", "1", "2"]  # "0" (both steel) cannot complete
        return game, before

    game, _ = at_the_action(keep_going=False)
    with pytest.raises(EngineError):
        game.answer(0, "0")

    game, before = at_the_action(keep_going=True)
    game.answer(0, "0")
    after = json.loads(game.save())
    assert len(game.failures) == 1 and "withdrawn" in game.state["log"][-1]
    assert "act:Steel Test" not in [o["id"] for o in game.pending["options"]]
    assert after["players"] == before["players"] and after["stack"] == before["stack"] and game.answers == []
    game.answer(0, "pass")  # and it goes on
    assert game.pending["player"] == 1
