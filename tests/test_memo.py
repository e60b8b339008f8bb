"""Caches are derived from the state they belong to or from the content, never from object ids."""

from __future__ import annotations

import json
import pickle

from tmars.agents import RandomAgent
from tmars.game import Game
from tmars.memo import Bounded, Tracked, TrackedDict, derived, extended


def test_a_value_derived_from_a_growing_list_is_redone_when_it_grows():
    played = Tracked([{"name": "A"}])
    calls = []

    def build():
        calls.append(len(played))
        return [e["name"] for e in played]

    assert derived(played, "names", build) == ["A"]
    assert derived(played, "names", build) == ["A"] and calls == [1]
    played.append({"name": "B"})
    assert derived(played, "names", build) == ["A", "B"] and calls == [1, 2]
    copy = pickle.loads(pickle.dumps(played))
    assert copy == played and copy.derived == {}  # a copy starts clean
    assert json.loads(json.dumps({"played": played})) == {"played": [{"name": "A"}, {"name": "B"}]}


def test_a_value_built_from_a_growing_dict_is_given_only_the_new_items():
    board = TrackedDict({"a": 1})
    given = []

    def add(total, items):
        items = list(items)
        given.append(items)
        total["sum"] += sum(v for _, v in items)

    assert extended(board, "sum", lambda: {"sum": 0}, add) == {"sum": 1}
    board["b"] = 2
    board["c"] = 3
    first = extended(board, "sum", lambda: {"sum": 0}, add)
    assert first == {"sum": 6} and given == [[("a", 1)], [("b", 2), ("c", 3)]]
    assert extended(board, "sum", lambda: {"sum": 0}, add) is first  # the same length: remembered
    assert extended({"a": 1, "b": 2}, "sum", lambda: {"sum": 0}, add) == {"sum": 3}  # a plain dict: built


def test_a_bounded_table_forgets_its_oldest_entries():
    table = Bounded(8)
    for i in range(20):
        table.put(i, i)
    assert len(table) <= 8 and 19 in table and 0 not in table


def test_games_leave_nothing_behind_in_the_content_caches():
    sizes = []
    for seed in range(12):  # enough play for a table keyed on the state to pass the bound below
        game = Game.new(2, seed=seed, max_generations=8)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        while not game.over:
            d = game.pending
            game.answer(d["player"], agents[d["player"]].choose(game))
        memo = game.content.memo
        tables = [v for v in memo.values() if isinstance(v, dict)]
        bounded = [v for v in tables if isinstance(v, Bounded)]  # and tables of them (per game options)
        bounded += [t for v in tables for t in v.values() if isinstance(t, Bounded)]
        assert bounded and all(len(t) <= t.size for t in bounded)
        holds_bounded = [v for v in tables if any(isinstance(t, Bounded) for t in v.values())]
        sizes.append(max(len(v) for v in tables
                         if not isinstance(v, Bounded) and not any(v is t for t in holds_bounded)))
    # the tables keyed on state values (legal areas, menu parts shared between games) forget their
    # oldest entries past their size; every other table is keyed on a component (a card, a standard
    # project, ...) or a part of one (a card's three menu parts, a row), whatever the number of games
    components = len(game.content.cards) + sum(len(of_type) for of_type in game.content.board.values())
    assert max(sizes) <= 3 * components
    assert all(not isinstance(k, tuple) or not any(isinstance(x, int) and x > 10**9 for x in k)
               for k in game.content.memo)  # no key holds an object id
