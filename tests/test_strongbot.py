"""The strong bot: it plays whole games of every kind, sees nothing hidden, decides the same way
from the same position, and judges positions as its docs say (docs/bots.md)."""

from __future__ import annotations

import copy

import pytest

from tmars.agents import BOTS, GreedyAgent, restore
from tmars.botgame import play_bot_game
from tmars.cli import main
from tmars.game import Game
from tmars.rng import SeededRandom
from tmars.strongbot import StrongAgent, worth
from tmars.strongbot.cards import DEAD, card_worth
from tmars.strongbot.hidden import unseen_copy


def test_the_strong_bot_is_a_kind_of_bot():
    assert BOTS["strong"] is StrongAgent


@pytest.mark.parametrize("players, modules", [
    (2, ("base", "corpera")),
    (3, ("base", "corpera", "prelude", "venus", "colonies", "turmoil")),
    (1, ("base", "corpera")),
])
def test_it_plays_whole_games_without_an_engine_failure(players, modules):
    game, decisions = play_bot_game(7, players, "strong", modules, False, 40)
    assert game.over and not game.failures
    assert decisions > 50
    if players > 1:
        assert not game.state.get("capped")
        assert len(game.scores()) == players


def test_the_same_seed_gives_the_same_game():
    a, _ = play_bot_game(3, 2, "strong", ("base", "corpera"), False, 40)
    b, _ = play_bot_game(3, 2, "strong", ("base", "corpera"), False, 40)
    assert a.state["log"] == b.state["log"]


def test_it_beats_the_greedy_bot_in_either_seat():
    """Two seeded games, one in each seat (tools/bot_targets.py measures hundreds)."""
    first, _ = play_bot_game(11, 2, "strong,greedy", ("base", "corpera"), False, 60)
    second, _ = play_bot_game(11, 2, "greedy,strong", ("base", "corpera"), False, 60)
    assert first.scores()[0]["total"] > first.scores()[1]["total"]
    assert second.scores()[1]["total"] > second.scores()[0]["total"]


def _midgame(seed: int = 5) -> Game:
    game = Game.new(2, seed=seed, modules=("base", "corpera"))
    bots = [GreedyAgent(1), GreedyAgent(2)]
    while game.state["generation"] < 3 or game.pending["kind"] != "action":
        d = game.pending
        game.answer(d["player"], bots[d["player"]].choose(game))
    return game


def test_a_copy_deals_the_unseen_cards_again_and_keeps_what_the_player_sees():
    game = _midgame()
    p = game.pending["player"]
    q = 1 - p
    seen = unseen_copy(game, p, SeededRandom(4))
    st, real = seen.state, game.state
    assert st["players"][p]["hand"] == real["players"][p]["hand"]
    assert len(st["players"][q]["hand"]) == len(real["players"][q]["hand"])
    hidden = sorted(real["deck"] + real["players"][q]["hand"])
    assert sorted(st["deck"] + st["players"][q]["hand"]) == hidden
    assert st["deck"] != real["deck"]
    assert st["rng"] != real["rng"]
    assert st["players"][q]["played"] == real["players"][q]["played"]


def test_its_choice_does_not_depend_on_what_it_cannot_see():
    """The deck's order and the other player's hand exchanged with deck cards: the same copies
    to try answers on, and the same answer."""
    game = _midgame()
    p = game.pending["player"]
    q = 1 - p
    other = game.look_ahead()
    st = other.state
    pool = st["deck"] + st["players"][q]["hand"]
    pool.reverse()
    n = len(st["players"][q]["hand"])
    st["players"][q]["hand"], st["deck"] = pool[:n], pool[n:]
    st["rng"] = 12345
    assert st["players"][q]["hand"] != game.state["players"][q]["hand"] or n == 0
    mine, theirs = unseen_copy(game, p, SeededRandom(4)).state, unseen_copy(other, p, SeededRandom(4)).state
    assert mine["deck"] == theirs["deck"] and mine["rng"] == theirs["rng"]
    assert mine["players"][q]["hand"] == theirs["players"][q]["hand"]
    one, two = StrongAgent(9), StrongAgent(9)
    assert one.choose(game) == two.choose(other)


def test_a_resumed_bot_goes_on_as_the_uninterrupted_one():
    game = _midgame()
    bot = StrongAgent(21)
    bot.choose(game)
    again = restore(copy.deepcopy(bot.snapshot()))
    assert isinstance(again, StrongAgent)
    assert again.choose(game) == bot.choose(game)


def test_a_rating_step_and_production_raise_the_worth():
    game = _midgame()
    st, content = game.state, game.content
    p = game.pending["player"]
    later = worth.generations_left(st, content)
    base = worth.player_worth(st, content, p, later, 0)
    raised = copy.deepcopy(st)
    raised["players"][p]["tr"] += 1
    assert worth.player_worth(raised, content, p, later, 1) > base + worth.VP
    richer = copy.deepcopy(st)
    richer["players"][p]["prod"]["mc"] += 1
    assert worth.player_worth(richer, content, p, later, 0) == pytest.approx(base + later)


def test_money_kept_to_the_end_is_worth_nothing():
    game = _midgame()
    st, content = game.state, game.content
    p = game.pending["player"]
    richer = copy.deepcopy(st)
    richer["players"][p]["res"]["mc"] += 50
    assert worth.player_worth(richer, content, p, 0.0, 0) == worth.player_worth(st, content, p, 0.0, 0)
    assert worth.player_worth(richer, content, p, 5.0, 0) > worth.player_worth(st, content, p, 5.0, 0)


def test_the_player_ahead_wants_the_game_to_end_and_the_one_behind_does_not_gain_by_waiting():
    game = _midgame()
    p = game.pending["player"]
    sooner, later = game.look_ahead(), game.look_ahead()
    for g in (sooner, later):
        g.state["players"][p]["tr"] += 30  # far ahead
    sooner.state["globals"]["oceans"] = later.state["globals"]["oceans"] + 3
    assert worth.position(sooner, p) > worth.position(later, p)
    behind = game.look_ahead()
    behind.state["players"][1 - p]["tr"] += 30
    early = behind.look_ahead()
    early.state["globals"]["oceans"] += 3
    horizon = worth.generations_left(behind.state, behind.content)
    assert worth.position(early, p, horizon=horizon) == pytest.approx(worth.position(behind, p, horizon=horizon),
                                                                        rel=0.05)


def test_a_card_whose_maximum_has_passed_is_worth_nothing_to_buy():
    game = _midgame()
    p = game.pending["player"]
    content = game.content
    past = [name for name, c in content.cards.items() if c.get("type") in ("automated", "active", "event")
            and any(r["count"] == "oxygen" and r["cmp"] == "<=" for r in c.get("requires", ()))]
    name = past[0]
    limit = next(r["value"] for r in content.cards[name]["requires"] if r["count"] == "oxygen")
    game.state["globals"]["oxygen"] = min(content.tracks.globals["oxygen"]["goal"], limit + 5)
    assert card_worth(game, p, name, SeededRandom(1)) == DEAD


def test_the_cli_plays_it(capsys):
    assert main(["game", "--seed", "2", "--agent", "strong,greedy", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "decisions in" in out
