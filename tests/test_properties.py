"""Property-based checks over many seeded random games (hypothesis): invariants after every
decision, save anywhere, illegal answers change nothing, malformed saves are refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tmars.agents import RandomAgent
from tmars.game import Game, IllegalAnswer, SaveError
from tmars.soak import play_checked

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                    derandomize=True)


#: the module sets the properties are checked with: each expansion alone and together
MODULE_SETS = st.sampled_from([("base", "corpera"), ("base", "corpera", "prelude"), ("base", "corpera", "venus"),
                               ("base", "corpera", "prelude", "venus")])


@SETTINGS
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), ce=st.booleans(), draft=st.booleans(),
       modules=MODULE_SETS)
def test_invariants_hold_after_every_decision(seed, players, ce, draft, modules):
    result = play_checked(seed, players, ce, draft, modules=modules if ce else ("base",))
    assert result.decisions > 50
    assert result.generations >= 1


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), modules=MODULE_SETS)
def test_the_kept_menu_equals_a_fresh_one_after_set_like_edits(seed, players, modules):
    """Played cards replaced one for one and tiles swapping owners between actions (as a scenario's
    `set` may do): every kept menu still equals one built from scratch."""
    result = play_checked(seed, players, True, False, modules=modules, edits=True)
    assert result.edits > 0 and result.decisions > 50


def replay(seed: int, players: int, answers: list, modules: tuple = ("base", "corpera")) -> Game:
    game = Game.new(players, seed=seed, max_generations=40, modules=modules)
    for p, a in answers:
        game.answer(p, a)
    return game


def random_answers(seed: int, players: int, modules: tuple = ("base", "corpera")) -> list:
    game = Game.new(players, seed=seed, max_generations=40, modules=modules)
    agents = [RandomAgent(seed + i) for i in range(players)]
    out = []
    while not game.over:
        d = game.pending
        a = agents[d["player"]].choose(game)
        out.append((d["player"], a))
        game.answer(d["player"], a)
    return out


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), where=st.floats(0, 1), modules=MODULE_SETS)
def test_save_and_load_anywhere_continues_identically(seed, players, where, modules):
    answers = random_answers(seed, players, modules)
    straight = replay(seed, players, answers, modules)
    cut = int(where * (len(answers) - 1))
    first = replay(seed, players, answers[:cut], modules)
    loaded = Game.load(json.dumps(json.loads(first.save())))
    for p, a in answers[cut:]:
        loaded.answer(p, a)
    assert loaded.save() == straight.save()


garbage = st.one_of(
    st.text(max_size=20), st.integers(-5, 500).map(str), st.none(), st.integers(), st.booleans(),
    st.lists(st.text(max_size=10), max_size=4), st.sampled_from(["play:Birds", "pass ", "r99c1", "act:Pets",
                                                                   "std:nothing", "-1", "999", ["play:Birds"]]))


@settings(max_examples=80, deadline=None, derandomize=True)
@given(seed=st.integers(0, 500), steps=st.integers(0, 150), bad=garbage, wrong_player=st.booleans())
def test_illegal_answers_are_refused_and_change_nothing(seed, steps, bad, wrong_player):
    game = Game.new(3, seed=seed, max_generations=40)
    agents = [RandomAgent(seed + i) for i in range(3)]
    for _ in range(steps):
        if game.over:
            return
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
    if game.over:
        return
    d = game.pending
    ids = [o["id"] for o in d["options"]]
    player = (d["player"] + 1) % 3 if wrong_player else d["player"]
    legal = player == d["player"] and ((d["kind"] != "select" and bad in ids) or
                                       (d["kind"] == "select" and isinstance(bad, list) and
                                        all(b in ids for b in bad) and len(set(bad)) == len(bad) and
                                        d.get("min", 0) <= len(bad) <= d.get("max", len(ids))))
    if legal:
        return
    before = game.save()
    try:
        game.answer(player, bad)
        raise AssertionError(f"accepted {bad!r}")
    except IllegalAnswer as e:
        assert str(e)
    assert game.save() == before


@settings(max_examples=150, deadline=None, derandomize=True)
@given(text=st.one_of(st.text(max_size=200), st.binary(max_size=200).map(lambda b: b.decode("latin-1"))))
def test_malformed_saves_raise_save_error(text):
    try:
        Game.load(text)
    except SaveError as e:
        assert str(e)


def test_corrupted_real_saves_raise_save_error():
    game = Game.new(2, seed=5)
    state = json.loads(game.save())
    corruptions = [
        lambda s: s.pop("players"), lambda s: s.update(version=2), lambda s: s["players"][0].update(hand=["Nope"]),
        lambda s: s["players"][0]["res"].pop("mc"), lambda s: s.update(deck=["Ghost Card"]),
        lambda s: s["board"].update({"r99c9": {"tile": "city"}}), lambda s: s.update(stack=[{"t": "boom"}]),
        lambda s: s["options"].update(modules=["turmoil"]), lambda s: s["players"][1]["prod"].update(mc="lots"),
        lambda s: s.update(rng="seed"),
    ]  # a forged 'pending' is not refused but replaced: tests/test_saves.py
    for corrupt in corruptions:
        broken = json.loads(json.dumps(state))
        corrupt(broken)
        try:
            Game.load(json.dumps(broken))
            raise AssertionError(f"accepted a corrupted save: {corrupt}")
        except SaveError as e:
            assert str(e)


def test_the_invariants_notice_a_broken_state():
    """Each invariant the soak relies on fails on a state that breaks it (so a soak's 'no failure'
    means something): a card in two places, a track between its steps, resources on a card that
    holds none, too many milestones."""
    from tmars import invariants
    game = Game.new(2, seed=4, modules=("base", "corpera", "venus"))
    st, content = json.loads(game.save()), game.content
    assert invariants.check(st, content) == []
    broken = json.loads(json.dumps(st))
    broken["players"][0]["hand"].append(broken["deck"][0])
    assert any("both in" in v for v in invariants.check(broken, content))
    broken = json.loads(json.dumps(st))
    broken["globals"]["venus"] = 3
    assert any("between the steps" in v for v in invariants.check(broken, content))
    broken = json.loads(json.dumps(st))
    broken["players"][1]["played"].append({"name": "Mine", "res": 2, "used": False, "area": None})
    assert any("holds none" in v for v in invariants.check(broken, content))
    broken = json.loads(json.dumps(st))
    broken["milestones"] = [{"name": m, "player": 0} for m in list(content.map.milestones)[:4]]
    assert any("milestones claimed" in v for v in invariants.check(broken, content))
    broken = json.loads(json.dumps(st))
    broken["awards"] = [{"name": a, "player": p} for a, p in ((list(content.map.awards)[0], 0),) * 2]
    assert any("awards funded" in v for v in invariants.check(broken, content))


def _int_paths(value, path=()):
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield path
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _int_paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _int_paths(v, (*path, i))


def test_every_whole_number_of_a_save_written_as_a_float_is_refused():
    """The class of issue 32's sixth breakage, swept: in a save taken mid-game, each integer
    field in turn made a float (`20` -> `20.0`) is refused, never loaded."""
    game = Game.new(3, seed=11, modules=("base", "corpera", "prelude", "venus"))
    agents = [RandomAgent(11 + i) for i in range(3)]
    for _ in range(300):
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
    state = json.loads(game.save())
    paths = [p for p in _int_paths(state) if p[0] != "pending"]  # the pending decision is made anew, not read
    assert len(paths) > 50
    for path in paths:
        broken = json.loads(json.dumps(state))
        node = broken
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = float(node[path[-1]])
        with pytest.raises(SaveError):
            Game.load(json.dumps(broken))
            raise AssertionError(f"a float at {'.'.join(map(str, path))} was loaded")
