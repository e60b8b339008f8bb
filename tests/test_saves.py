"""Saves are verified, never trusted: a corrupt save is refused with a sentence or plays on."""

from __future__ import annotations

import copy
import json
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tmars.agents import RandomAgent
from tmars.game import Game, IllegalAnswer, SaveError

CAP = 6  # generations: the fuzzed games are short so that each can be played to its end


@lru_cache(maxsize=1)
def real_saves() -> tuple[str, ...]:
    """Saves of seeded bot games at various points: setup, mid-effect, research, drafting, late."""
    out = []
    for seed, players, draft in ((1, 2, False), (2, 3, True), (3, 4, False)):
        game = Game.new(players, seed=seed, draft=draft, max_generations=CAP)
        agents = [RandomAgent(seed * 10 + i) for i in range(players)]
        k = 0
        while not game.over:
            if k in (0, 1, 3, 17, 60, 111, 200, 333) or (game.state["stack"] and len(game.state["stack"]) > 3
                                                         and k % 7 == 0):
                out.append(game.save())
            d = game.pending
            game.answer(d["player"], agents[d["player"]].choose(game))
            k += 1
        out.append(game.save())
    return tuple(out)


def paths(value, prefix=()):
    """Every place in a JSON tree, as a path of keys and indices."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


NAMES = ("Birds", "Tharsis Republic", "Ghost Card", "r1c1", "r9c9", "nonsense", "", "play:Birds", "Mayor", "mc",
         "ocean", "turn", "resource", "0")


def leaves(value) -> list:
    """Every string and number in a JSON tree: names and amounts a corruption can swap in."""
    if isinstance(value, dict):
        return [x for v in value.values() for x in leaves(v)] + list(value)
    if isinstance(value, list):
        return [x for v in value for x in leaves(v)]
    return [value]


def corrupt(state: dict, path: tuple, how: int, pick: int) -> None:
    """One corruption at `path`: delete it, change its type, push a number out of range, swap a
    name or number for another one of the save or an unknown one, point at a player who is not
    there, repeat a list's entry, forge the pending decision."""
    if not path:
        state["pending"] = {"player": 0, "kind": "action", "prompt": "x",
                            "options": [{"id": "play:Birds", "label": "forged"}, {"id": "std:city"}]}
        return
    parent = state
    for part in path[:-1]:
        parent = parent[part]
    key = path[-1]
    old = parent[key]
    n = len(state["players"])
    if how == 0:
        del parent[key]
        return
    if how == 1:
        new = [None, "x", 1.5, [], {}, True, 7, [old], {"v": old}][pick % 9]
    elif how == 2:
        new = [-1, 10**30, -(10**30), 2**64, n, 9, 0, 1000001][pick % 8] if isinstance(old, int) else old
    elif how == 3:
        new = NAMES[pick % len(NAMES)]
    elif how == 4:
        new = old + [copy.deepcopy(old[pick % len(old)])] if isinstance(old, list) and old else old
    elif how == 5:
        new = (old + [NAMES[pick % len(NAMES)]]) if isinstance(old, list) else 3 if isinstance(old, int) else old
    else:
        same = [v for v in leaves(state) if type(v) is type(old) and v != old]
        new = same[pick * 7919 % len(same)] if same else old
    parent[key] = new


def play_out(game: Game) -> None:
    agents = [RandomAgent(i) for i in range(len(game.state["players"]))]
    steps = 0
    while not game.over:
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
        steps += 1
        assert steps < 20000, "a loaded game did not end"


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(which=st.integers(0, 10**6), where=st.integers(0, 10**9), how=st.integers(0, 6), pick=st.integers(0, 100))
def test_a_corrupt_save_is_refused_or_plays_to_the_end(which, where, how, pick):
    saves = real_saves()
    state = json.loads(saves[which % len(saves)])
    places = [p for p in paths(state) if not p or p[0] != "log"]
    try:
        corrupt(state, places[where % len(places)], how, pick)
    except (KeyError, IndexError, TypeError):
        return
    try:
        game = Game.load(json.dumps(state))
    except SaveError as e:
        assert str(e) and "Error" not in str(e)
        return
    play_out(game)


# ---- the bugs found, one by one ---------------------------------------------------------------
def mid_game(seed: int = 3, decisions: int = 60, **options) -> Game:
    game = Game.new(2, seed=seed, max_generations=CAP, **options)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for _ in range(decisions):
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
    return game


def refusal(state: dict) -> str:
    with pytest.raises(SaveError) as e:
        Game.load(json.dumps(state))
    return str(e.value)


def test_an_unknown_phase_is_refused_at_once():
    state = json.loads(mid_game().save())
    state["phase"] = "nonsense"
    assert refusal(state) == 'in this save, phase is "nonsense", which is not a phase of the game'


@pytest.mark.parametrize("decisions", [0, 1, 2, 60, 61])
def test_the_pending_decision_is_recomputed_not_read(decisions):
    game = mid_game(decisions=decisions)
    state = json.loads(game.save())
    del state["pending"]
    assert Game.load(json.dumps(state)).pending == game.pending
    state["pending"] = {"player": 1, "kind": "action", "prompt": "forged",
                        "options": [{"id": "play:Birds"}, {"id": "std:city", "label": 3}]}
    loaded = Game.load(json.dumps(state))
    assert loaded.pending == game.pending
    with pytest.raises(IllegalAnswer):
        loaded.answer(game.pending["player"], "play:Birds")


def test_the_recomputed_decision_is_the_saved_one_throughout_a_game():
    """Every decision of a drafted 3-player game, setup's two questions included, comes back the same."""
    game = Game.new(3, seed=2, draft=True, max_generations=3)
    agents = [RandomAgent(i) for i in range(3)]
    k = 0
    while not game.over:
        if k % 4 == 0 or game.pending["kind"] != "action":
            saved = game.save()
            loaded = Game.load(saved)
            assert loaded.pending == game.pending and loaded.save() == saved
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
        k += 1
    assert Game.load(game.save()).scores() == game.scores()


@pytest.mark.parametrize("players", [0, 6])
def test_a_save_with_too_few_or_too_many_players_is_refused(players):
    state = json.loads(mid_game().save())
    state["players"] = (state["players"] * 3)[:players]
    assert refusal(state) == f"this save has {players} player{'s' if players != 1 else ''}; a game has 1 to 5"


def test_a_save_of_one_player_without_the_solo_game_and_the_other_way_round_is_refused():
    state = json.loads(mid_game().save())
    state["players"] = state["players"][:1]
    assert refusal(state) == "this save has 1 player, and its modules no game of one player's"
    solo = json.loads(Game.new(1, seed=3).save())
    solo["players"] = solo["players"] * 2
    assert refusal(solo) == "this save has 2 players, and its modules are a game of one player's"


def test_absurd_amounts_are_refused():
    state = json.loads(mid_game().save())
    state["players"][0]["res"]["mc"] = 10**30
    assert "players[0].res.mc is 1000000000000000000000000000000, more than 1000000" in refusal(state)
    state = json.loads(mid_game().save())
    state["players"][1]["prod"]["heat"] = -1
    assert "players[1].prod.heat is -1, less than 0" in refusal(state)


def test_unknown_names_are_refused_by_what_they_should_be():
    state = json.loads(mid_game().save())
    state["milestones"] = [{"name": "Ghost", "player": 0}]
    assert refusal(state) == 'in this save, milestones[0].name is "Ghost", which is not a milestone of this map'
    state = json.loads(mid_game().save())
    state["players"][0]["corp"] = "Birds"
    assert refusal(state) == 'in this save, players[0].corp is "Birds", which is not a corporation of this game'


def test_a_task_for_a_player_who_is_not_there_or_a_text_for_a_number_is_refused():
    state = json.loads(mid_game().save())
    state["stack"].append({"t": "turn", "p": 9})
    at = len(state["stack"]) - 1
    assert refusal(state) == f"in this save, stack[{at}].p is 9, not a player of this game"
    state = json.loads(mid_game().save())
    state["generation"] = "3"
    assert refusal(state) == 'in this save, generation should be a whole number, not "3"'


def test_a_forged_task_or_effect_is_refused():
    state = json.loads(mid_game().save())
    state["stack"] += [{"t": "end_action", "p": 0}, {"t": "resolve_card", "p": 0, "card": "Birds"}]
    assert refusal(state) == "the save plays Birds, which is not in P1's hand"
    state = json.loads(mid_game().save())
    state["stack"].append({"t": "item", "node": {"op": "resource", "res": "mc", "n": 5, "any": True,
                                                 "upto": True, "x": True}, "ctx": {"p": 0}})
    assert refusal(state) == "the save holds an effect that is on none of this game's cards"


def test_a_card_of_a_module_the_save_does_not_name_is_refused_in_words():
    state = json.loads(mid_game(seed=7).save())
    state["options"]["modules"] = ["base"]
    state["deck"].append("Fuel Factory")  # a Corporate Era card
    message = refusal(state)
    assert "Error" not in message and "which is not" in message


def test_the_save_schema_describes_every_task_the_engine_runs():
    """Every handler the loop can run is a declared task; a game's save allows the core's tasks and
    those of the mechanics it switches on, and no other."""
    from tmars.interpreter import HANDLERS
    from tmars.mechanic import MECHANICS, TASKS
    from tmars.savefile import schema
    assert set(HANDLERS) == set(TASKS)
    game = mid_game()
    tasks = schema(game.content, 2)["properties"]["stack"]["items"]["properties"]["t"]["enum"]
    mechanics_tasks = {t for m in MECHANICS.values() for t in m.tasks}
    assert set(tasks) == set(TASKS) - mechanics_tasks and {"play_preludes", "world_government"} <= mechanics_tasks
    full = Game.new(2, seed=1, modules=("base", "corpera", "prelude", "venus"))
    tasks = schema(full.content, 2)["properties"]["stack"]["items"]["properties"]["t"]["enum"]
    off = {t for m in MECHANICS.values() if m.name not in full.content.mechanic_names for t in m.tasks}
    assert set(tasks) == set(TASKS) - off and {"play_preludes", "world_government"} <= set(tasks)


@pytest.mark.parametrize("path", [("current",), ("rng",), ("generation",), ("players", 0, "prod", "mc"),
                                  ("players", 0, "res", "heat"), ("globals", "oxygen")])
def test_a_whole_number_written_as_a_float_is_refused(path):
    """Integers are integers: `0.0` in any integer field is refused with the field named (it used
    to load and then crash the engine's arithmetic or formatting)."""
    from tmars.savefile import SaveError
    data = json.loads(Game.new(2, seed=1).save())
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = float(node[path[-1]])
    with pytest.raises(SaveError, match="should be a whole number"):
        Game.load(json.dumps(data))


def test_a_rules_file_with_a_float_count_is_refused(tmp_path):
    """The same class in the data files: `card_price: 3.0` is an error at its place (E601)."""
    from compiler.gamerules import fact_problems
    from compiler.strictyaml import Kind, load_text
    text = "card_price: 3.0\n"
    data, lines = load_text(text, "rules.yaml", Kind("rules files", "a rules file"))
    problems = fact_problems(data, "rules.yaml", lines)
    assert [(d.code, d.position.line) for d in problems] == [("E601", 1)]
