"""The reinforcement-learning environments (tmars.rl): the PettingZoo and Gymnasium APIs, seeds,
masks that are exactly the legal actions, the observation's bounds and what it hides, and the
documented layout."""

from __future__ import annotations

import copy
import itertools
import re
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from tmars import trial
from tmars.game import EngineError, Game, selection_refusal
from tmars.rl.choices import BACK, FINISH, MORE, Choices, IllegalAction
from tmars.rl.encoding import width_of
from tmars.rl.env import TmarsEnv
from tmars.rl.single import SingleEnv

DOC = Path(__file__).resolve().parent.parent / "docs" / "rl.md"
ALL = ("base", "corpera", "prelude", "venus", "colonies", "turmoil")


def play(env: TmarsEnv, seed: int, check: bool = False) -> list[tuple]:
    """A game of uniform random legal actions: (agent, observation, mask, reward, action) per step."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if check:
            assert env.observation_space(agent).contains(obs)
        if term or trunc:
            out.append((agent, obs["observation"].tobytes(), None, reward, None))
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        out.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, action))
        env.step(action)
    return out


def test_pettingzoo_api_test_passes():
    api_test(TmarsEnv(max_generations=2), num_cycles=300)


def test_gymnasium_check_env_passes_on_the_single_agent_wrapper():
    check_env(SingleEnv(opponents="random", max_generations=2, illegal="stay"), skip_render_check=True)


def test_single_agent_game_against_bots_ends_with_the_learners_reward():
    env = SingleEnv(opponents=["greedy", "random"], players=3, seat=1, max_generations=None)
    obs, info = env.reset(seed=2)
    assert (info["action_mask"] == obs["action_mask"]).all() and obs["action_mask"].any()
    rng = np.random.default_rng(0)
    term = trunc = False
    while not (term or trunc):
        assert env.aec.game.pending["player"] == 1
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    places = [r["place"] for r in env.aec.game.scores()]
    assert term and not trunc
    if places[1] != 1:
        assert reward == pytest.approx(-0.5)  # three seats: a loser's share of the winner's +1
    elif places.count(1) == 1:
        assert reward == pytest.approx(1.0)


def test_single_agent_wrapper_refuses_a_masked_action_unless_told_to_stay():
    env = SingleEnv(opponents="random", max_generations=2)
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        env.step(bad)
    staying = SingleEnv(opponents="random", max_generations=2, illegal="stay")
    obs, _ = staying.reset(seed=1)
    before = staying.aec.game.save()
    _, reward, term, trunc, info = staying.step(bad)
    assert info["illegal_action"] and reward == 0 and not term and not trunc
    assert staying.aec.game.save() == before


def test_a_seeded_episode_repeats_exactly():
    first, second = TmarsEnv(max_generations=5), TmarsEnv(max_generations=5)
    a, b = play(first, 11), play(second, 11)
    assert a == b
    assert first.game.state["log"] == second.game.state["log"]
    assert play(first, 12) != a
    seed_test(lambda: TmarsEnv(max_generations=2), num_cycles=200)  # PettingZoo's own check of seeding


def test_a_reset_without_a_seed_follows_from_the_last_seed_given():
    first, second = TmarsEnv(max_generations=2), TmarsEnv(max_generations=2)
    for env in (first, second):
        env.reset(seed=3)
        env.reset()
    assert first.game.state["seed"] == second.game.state["seed"] != 3
    assert first.game.save() == second.game.save()


def test_a_solo_learner_needs_no_opponents():
    env = SingleEnv(players=1, max_generations=None)
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    term = trunc = False
    while not (term or trunc):
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert term and reward == (1.0 if env.aec.game.verdict["won"] else -1.0)


@pytest.mark.parametrize("players, modules", [(2, ("base", "corpera")), (3, ALL), (1, ("base", "corpera"))])
def test_random_masked_policy_plays_complete_games(players, modules):
    env = TmarsEnv(players=players, modules=modules, max_generations=None)
    steps = play(env, 3, check=True)
    assert env.game.over and not env.game.state.get("capped") and env.game.failures == []
    final = {agent: reward for agent, _, mask, reward, _ in steps if mask is None}
    assert set(final) == set(env.possible_agents)
    if players == 1:
        assert final["player_0"] == (1.0 if env.game.verdict["won"] else -1.0)
        return
    assert sum(final.values()) == pytest.approx(0)
    places = [r["place"] for r in env.game.scores()]
    if places.count(1) == 1:
        assert final[f"player_{places.index(1)}"] == pytest.approx(1.0)


def test_score_rewards_are_the_score_differences():
    env = TmarsEnv(max_generations=None, reward="score")
    steps = play(env, 4)
    final = {agent: reward for agent, _, mask, reward, _ in steps if mask is None}
    totals = [r["total"] for r in env.game.scores()]
    assert final == {"player_0": totals[0] - totals[1], "player_1": totals[1] - totals[0]}


def test_a_capped_game_is_truncated_with_no_reward():
    env = TmarsEnv(max_generations=1)
    steps = play(env, 5)
    assert all(env.truncations.get(a, True) for a in env.possible_agents)
    assert [r for _, _, mask, r, _ in steps if mask is None] == [0.0, 0.0]
    assert env.game.state["capped"]


def test_paged_offers_show_every_option_once_and_play_to_the_end():
    env = TmarsEnv(max_generations=3, slots=4)
    env.reset(seed=6)
    paged = 0
    while not env.game.over and paged < 5:
        c = env.choices
        if c.decision["kind"] != "select" and len(c.offer) > 4:
            seen = []
            for _ in range(c.pages):
                seen += [o["id"] for o in c.shown()]
                env.step(c.slots + MORE)
            assert seen == [o["id"] for o in c.decision["options"]] and c.page == 0
            paged += 1
        mask = env.action_mask()
        env.step(int(np.flatnonzero(mask[:4])[-1]) if mask[:4].any() else int(np.flatnonzero(mask)[0]))
    assert paged == 5


def _complete(choices: Choices, game, rng) -> object:
    """Random legal actions on a copy of the picks until they give an engine answer."""
    while True:
        answer = choices.act(game, int(rng.choice(np.flatnonzero(choices.mask()))))
        if answer is not None:
            return answer


def test_every_masked_legal_action_is_accepted_by_the_engine():
    env = TmarsEnv(modules=ALL, max_generations=2)
    env.reset(seed=8)
    rng = np.random.default_rng(0)
    tried = 0
    for _ in range(120):
        if env.game.over:
            break
        mask = env.action_mask()
        for action in np.flatnonzero(mask):
            picks, game = copy.deepcopy(env.choices), env.game.look_ahead()
            answer = picks.act(game, int(action))
            if answer is None:
                if action == picks.slots + MORE:
                    continue
                answer = _complete(picks, game, rng)
            game.answer(game.pending["player"], answer)  # IllegalAnswer here fails the test
            tried += 1
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert tried > 300


def test_an_engine_failure_withdraws_the_answer_and_the_episode_goes_on(monkeypatch):
    env = TmarsEnv(max_generations=2)
    env.reset(seed=4)
    while env.choices.decision["kind"] == "select" or len(env.choices.offer) < 2:
        env.step(int(np.flatnonzero(env.action_mask())[0]))
    culprit = env.choices.shown()[0]["id"]
    resolve = Game._resolve

    def failing(game, answer):
        if answer == culprit:
            raise EngineError("a bug")
        resolve(game, answer)
    monkeypatch.setattr(Game, "_resolve", failing)
    env.step(0)
    assert len(env.game.failures) == 1 and culprit in env.game.failures[0]
    assert culprit not in [o["id"] for o in env.choices.offer]
    assert env.action_mask().any()


def test_a_masked_illegal_action_is_refused_and_changes_nothing():
    env = TmarsEnv(max_generations=2)
    env.reset(seed=9)
    agent = env.agent_selection
    before = (env.game.save(), env.observe(agent)["observation"].tobytes(), env._cumulative_rewards.copy())
    illegal = int(np.flatnonzero(env.action_mask() == 0)[0])
    for bad in (illegal, -1, env.choices.size, "1", 1.0, None):
        with pytest.raises(IllegalAction, match="legal|integer"):
            env.step(bad)
    assert (env.game.save(), env.observe(agent)["observation"].tobytes(), env._cumulative_rewards) == before
    assert env.agent_selection == agent


def _reachable(choices: Choices, game=None) -> set[tuple[str, ...]]:
    """Every answer a sequence of legal actions can give."""
    found, stack, seen = set(), [copy.deepcopy(choices)], set()
    while stack:
        c = stack.pop()
        key = (tuple(c.chosen), c.page)
        if key in seen:
            continue
        seen.add(key)
        for action in np.flatnonzero(c.mask()):
            nxt = copy.deepcopy(c)
            answer = nxt.act(game, int(action))
            if answer is not None:
                found.add(tuple(answer))
            else:
                stack.append(nxt)
    return found


def _legal(d: dict, ok=lambda a: True) -> set[tuple[str, ...]]:
    ids = [o["id"] for o in d["options"]]
    return {c for k in range(len(ids) + 1) for c in itertools.combinations(ids, k)
            if selection_refusal(d, list(c)) is None and ok(c)}


SELECTIONS = [
    {"min": 1, "max": 2},
    {"min": 0, "max": 10},
    {"min": 0, "max": 3, "sizes": [0, 3]},
    {"min": 1, "max": 2, "only": [["a"], ["a", "b"], ["c", "d"]]},
]


@pytest.mark.parametrize("extra", SELECTIONS)
def test_a_selection_built_pick_by_pick_reaches_exactly_its_legal_answers(extra):
    d = {"player": 0, "kind": "select", "prompt": "?", **extra,
         "options": [{"id": i, "label": i} for i in "abcd"]}
    c = Choices(slots=2)
    c.decision = d
    c._refresh(None)
    assert _reachable(c) == _legal(d)


def test_a_checked_selection_finishes_only_where_the_engine_check_does(monkeypatch):
    monkeypatch.setattr(trial, "answer_completes", lambda g, answer, stop: "b" not in answer)
    monkeypatch.setattr(trial, "boundary_depth", lambda stack: 0)
    game = type("G", (), {"interp": None, "state": {"stack": []}})()
    d = {"player": 0, "kind": "select", "prompt": "?", "min": 2, "max": 2, "check": True,
         "options": [{"id": i, "label": i} for i in "abc"]}
    c = Choices(slots=3)
    c.decision = d
    c._refresh(game)
    assert _reachable(c, game) == _legal(d, lambda a: "b" not in a) == {("a", "c")}
    c.act(game, 1)  # picks "b": every pair with it fails the check
    c.act(game, 0)
    assert c.mask() == [0, 0, 0, 0, 0, 1]  # a dead end: only "back"
    c.act(game, c.slots + BACK)
    assert c.chosen == ["b"] and c.mask()[c.slots + FINISH] == 0


def test_the_observation_hides_other_hands_and_the_deck():
    env = TmarsEnv(max_generations=3)
    env.reset(seed=10)
    while env.game.state["phase"] == "setup" or not env.game.state["players"][1]["hand"]:
        env.step(int(np.flatnonzero(env.action_mask())[0]))
    before = env.observe("player_0")["observation"].copy()
    st = env.game.state
    other = st["players"][1]["hand"]
    other[0], st["deck"][0] = st["deck"][0], other[0]
    st["deck"].reverse()
    assert (env.observe("player_0")["observation"] == before).all()
    mine = st["players"][0]["hand"]
    mine[0], st["deck"][1] = st["deck"][1], mine[0]
    assert (env.observe("player_0")["observation"] != before).any()


def test_a_modules_cards_to_play_are_in_its_owners_hand_block_only():
    env = TmarsEnv(modules=ALL, max_generations=2)
    env.reset(seed=3)
    st = env.game.state
    while not st["players"][0].get("preludes"):
        env.step(int(np.flatnonzero(env.action_mask())[0]))
    hand = next(b for b in env.observation_layout() if b.name == "hand")
    index = env.encoder.card_index[st["players"][0]["preludes"][0]]
    assert env.observe("player_0")["observation"][hand.start + index] == 1
    assert env.observe("player_1")["observation"][hand.start + index] == 0


def test_claims_and_an_options_component_are_seen_from_the_observers_seat():
    env = TmarsEnv(max_generations=3)
    env.reset(seed=2)
    while not any(o["id"].startswith("std:") for o in env.choices.shown()):
        env.step(int(np.flatnonzero(env.action_mask())[-1]))
    me = env.possible_agents.index(env.agent_selection)
    enc, where = env.encoder, {b.name: b for b in env.observation_layout()}
    env.game.state["milestones"].append({"name": enc.milestones[2], "player": 1})
    assert env.observe("player_0")["observation"][where["milestones"].start + 2] == 2
    assert env.observe("player_1")["observation"][where["milestones"].start + 2] == 1
    slot = next(i for i, o in enumerate(env.choices.shown()) if o["id"].startswith("std:"))
    oid = env.choices.shown()[slot]["id"]
    width = len(enc.kinds) + 4
    at = where["slots"].start + slot * width
    component = env.observe(env.possible_agents[me])["observation"][at + len(enc.kinds) + 2]
    assert enc.components[int(component) - 1] == ("standard-project", next(
        n for n in env.game.content.board["standard-project"] if env.game.content.slug(n) == oid[4:]))
    assert env.observe(env.possible_agents[me])["observation"][at + enc.kinds.index("action:std")] == 1


def test_the_decision_is_shown_only_to_its_player():
    env = TmarsEnv(max_generations=2)
    env.reset(seed=1)
    me = env.agent_selection
    other = next(a for a in env.agents if a != me)
    slots = next(b for b in env.observation_layout() if b.name == "slots")
    assert env.observe(me)["observation"][slots.start:slots.stop].any()
    assert not env.observe(other)["observation"][slots.start:slots.stop].any()
    assert not env.observe(other)["action_mask"].any()


def test_the_documented_layout_is_the_codes():
    rows = re.findall(r"^\| `([^`]+)` \| `([^`]+)` \|", DOC.read_text(encoding="utf-8"), flags=re.M)
    for players, modules in ((2, ("base", "corpera")), (3, ALL)):
        env = TmarsEnv(players=players, modules=modules)
        layout = env.observation_layout()
        assert rows == [(b.name, b.formula) for b in layout]
        assert [width_of(f, env.encoder.symbols) for _, f in rows] == [b.width for b in layout]
        assert layout[-1].stop == env.observation_space("player_0")["observation"].shape[0]
        for symbol in env.encoder.symbols:
            assert re.search(rf"^\| `{symbol}` \|", DOC.read_text(encoding="utf-8"), flags=re.M), symbol


def test_bad_arguments_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="render_mode"):
        TmarsEnv(render_mode="human")
    with pytest.raises(ValueError, match="reward"):
        TmarsEnv(reward="elo")
    with pytest.raises(ValueError, match="unknown bot"):
        SingleEnv(opponents="nobody")
    with pytest.raises(ValueError, match="opponents"):
        SingleEnv(players=3, opponents=["greedy"])


def test_ansi_render_lists_the_legal_actions():
    env = TmarsEnv(render_mode="ansi", max_generations=2)
    env.reset(seed=1)
    text = env.render()
    assert env.game.pending["prompt"] in text
    assert all(f"  {i}: " in text for i in np.flatnonzero(env.action_mask()))


def test_the_docs_examples_run(capsys):
    examples = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert len(examples) == 2
    for code in examples:
        exec(compile(code, str(DOC), "exec"), {})
    printed = capsys.readouterr().out
    assert "'place': 1" in printed and re.search(r"^-?1\.0$|^-?0\.0$|^0\.\d+$", printed, flags=re.M)
