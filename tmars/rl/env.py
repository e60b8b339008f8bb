"""A PettingZoo AEC environment over the decision protocol.

Each agent (`player_0` … `player_{n-1}`) is a seat; the agent selected is the one whose decision is
pending. An action is one pick among the options of that decision (`choices.Choices`: a fixed
`Discrete(slots + 3)`, long offers paged, selections built pick by pick), with a mask of exactly
the legal actions. Rewards are 0 until the game ends (`rewards.final_rewards`). docs/rl.md has the
encoding, the rewards and the guarantees.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..game import Game
from .choices import CONTROLS, Choices, IllegalAction
from .encoding import BOUND, Block, Encoder
from .rewards import REWARDS, final_rewards

__all__ = ["IllegalAction", "TmarsEnv", "env"]

#: option slots by default: more than any offer of the shipped content in practice (an area
#: decision on a map offers at most its areas); longer offers are paged
SLOTS = 64


class TmarsEnv(AECEnv):
    """A game of tmars for learners, one agent per seat."""

    metadata = {"render_modes": ["ansi"], "name": "tmars_v0", "is_parallelizable": False}

    def __init__(self, players: int = 2, modules: tuple[str, ...] = ("base", "corpera"), map_name: str = "tharsis",
                 variants: tuple[str, ...] | None = None, draft: bool = False, max_generations: int | None = 50,
                 render_mode: str | None = None, reward: str = "win", slots: int = SLOTS):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if max_generations is not None and max_generations < 1:
            raise ValueError("max_generations is a whole number of at least 1 (or None: no cap)")
        self.options = {"players": players, "modules": tuple(modules), "map_name": map_name, "variants": variants,
                        "draft": draft, "max_generations": max_generations}
        self.render_mode = render_mode
        self.reward_mode = reward
        self.game = Game.new(seed=0, **self.options)
        self.choices = Choices(slots)
        self.encoder = Encoder(self.game.content, players, slots)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = list(self.possible_agents)
        box = spaces.Box(-BOUND, BOUND, shape=(self.encoder.size,), dtype=np.float32)
        mask = spaces.Box(0, 1, shape=(self.choices.size,), dtype=np.int8)
        self._observation_space = spaces.Dict({"observation": box, "action_mask": mask})
        self._action_space = spaces.Discrete(self.choices.size)
        self._seeds = np.random.default_rng()

    # ---- spaces ----------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def observation_layout(self) -> list[Block]:
        """The observation's blocks in order: name, width formula, width, start (docs/rl.md)."""
        return list(self.encoder.layout)

    # ---- episode ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: the same seed and the same actions give the same game, step by step."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(2**31))
        # an engine failure (a bug) rolls its unit of play back and withdraws the answer, as in the
        # CLI's games, rather than ending a long training run; `game.failures` lists them
        self.game = Game.new(seed=game_seed, **self.options).keep_going()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._next_decision()

    def _next_decision(self) -> None:
        """Start on the engine's pending decision, giving a selection's finish where it is the only
        legal action; at the game's end, the rewards and every agent done."""
        game = self.game
        while True:
            if self.choices.decision is not game.pending:  # a new decision, not a selection under way
                self.choices.start(game)
            if not self.choices.only_finish():
                break
            game.answer(game.pending["player"], self.choices.answer())
        if game.over:
            self._end()
            return
        self.agent_selection = self.possible_agents[game.pending["player"]]

    def _end(self) -> None:
        capped = bool(self.game.state.get("capped"))
        for agent, r in zip(self.possible_agents, final_rewards(self.game, self.reward_mode), strict=True):
            self.rewards[agent] = 0.0 if capped else r
            self.terminations[agent] = not capped
            self.truncations[agent] = capped
            self.infos[agent] = {"scores": self.game.scores(), "capped": capped,
                                 "engine_failures": len(self.game.failures)}
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict:
        p = self.possible_agents.index(agent)
        observation = self.encoder.encode(self.game.state, p, self.choices)
        d = self.choices.decision
        mine = d is not None and d["player"] == p and not self.game.over
        mask = np.array(self.choices.mask() if mine else [0] * self.choices.size, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def action_mask(self, agent: str | None = None) -> np.ndarray:
        return self.observe(agent or self.agent_selection)["action_mask"]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        answer = self.choices.act(self.game, action)  # IllegalAction here changes nothing
        if answer is not None:
            self.game.answer(self.game.pending["player"], answer)
        self._moved_on()

    def answer(self, answer: Any) -> None:
        """Answer the pending decision as the engine takes it (a bot's answer: an option id or a
        list of them); IllegalAnswer, with nothing changed, for one the engine refuses."""
        self.game.answer(self.game.pending["player"], answer)
        self._moved_on()

    def _moved_on(self) -> None:
        """After the selected agent's action: its reward so far handed over, the next decision."""
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._clear_rewards()
        self._next_decision()
        self._accumulate_rewards()

    # ---- display ---------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return describe(self)

    def close(self) -> None:
        return None


def describe(env: TmarsEnv) -> str:
    """The game in a few lines: generation, parameters, each seat, and the decision's actions."""
    st = env.game.state
    lines = [f"generation {st['generation']}, {st['phase']}: "
             + ", ".join(f"{k} {v}" for k, v in st["globals"].items())]
    for p, pl in enumerate(st["players"]):
        lines.append(f"  player_{p} {pl['name']} ({pl['corp'] or '-'}): TR {pl['tr']}, "
                     + ", ".join(f"{k} {v}" for k, v in pl["res"].items()))
    c = env.choices
    d = c.decision
    if env.game.over or d is None:
        lines.append("over: " + ", ".join(f"{r['player']} {r['total']}" for r in env.game.scores()))
        return "\n".join(lines)
    lines.append(f"player_{d['player']}: {d['prompt']} (page {c.page + 1} of {c.pages})")
    lines += [f"  {i}: {o['label']}" for i, o in enumerate(c.shown())]
    lines += [f"  {c.slots + i}: {name}" for i, name in enumerate(CONTROLS)
              if c.mask()[c.slots + i]]
    return "\n".join(lines)


def env(**kwargs: Any) -> TmarsEnv:
    """A tmars environment (`TmarsEnv`'s arguments)."""
    return TmarsEnv(**kwargs)
