"""A Gymnasium environment: one learner in one seat, bots (`tmars.agents.BOTS`) in the others.

The bots answer their decisions between the learner's steps; the learner's observation and
mask are the AEC environment's (`tmars.rl.env`), the mask also in `info["action_mask"]`. The
reward is the learner's at the game's end; a game cut short by its cap is truncated. An action
the mask marks illegal raises IllegalAction (`illegal="raise"`), or, with `illegal="stay"`, changes
nothing: reward 0 and `info["illegal_action"]` true (for tools that step unmasked, as Gymnasium's
own checker does).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from ..agents import BOTS
from .choices import IllegalAction
from .env import SLOTS, TmarsEnv


class SingleEnv(gymnasium.Env):
    """A learner against bots: `opponents` is one kind for every other seat or a kind per seat."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, players: int = 2, opponents: str | list[str] = "greedy", seat: int = 0,
                 modules: tuple[str, ...] = ("base", "corpera"), map_name: str = "tharsis",
                 variants: tuple[str, ...] | None = None, draft: bool = False, max_generations: int | None = 50,
                 render_mode: str | None = None, reward: str = "win", slots: int = SLOTS, illegal: str = "raise"):
        if illegal not in ("raise", "stay"):
            raise ValueError(f"illegal is 'raise' or 'stay', not {illegal!r}")
        self.illegal = illegal
        kinds = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(kinds) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, not {len(kinds)}")
        unknown = [k for k in kinds if k not in BOTS]
        if unknown:
            raise ValueError(f"unknown bot {unknown[0]!r}; the bots are {', '.join(sorted(BOTS))}")
        if not 0 <= seat < players:
            raise ValueError(f"seat is 0 to {players - 1}, not {seat}")
        self.aec = TmarsEnv(players=players, modules=modules, map_name=map_name, variants=variants, draft=draft,
                            max_generations=max_generations, render_mode=render_mode, reward=reward, slots=slots)
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.kinds = kinds
        self.bots: dict[int, Any] = {}
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31)) if seed is None else int(seed)
        self.aec.reset(seed=game_seed)
        others = [p for p in range(len(self.aec.possible_agents)) if p != self.seat]
        self.bots = {p: BOTS[kind](game_seed * 31 + p) for p, kind in zip(others, self.kinds, strict=True)}
        self._bots_play()
        obs = self._observe()
        return obs, self._info(obs)

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        try:
            self.aec.step(action)
        except IllegalAction:
            if self.illegal == "raise":
                raise
            obs = self._observe()
            return obs, 0.0, False, False, {**self._info(obs), "illegal_action": True}
        self._bots_play()
        over = self.aec.game.over
        reward = self.aec.rewards.get(self.agent, 0.0) if over else 0.0
        obs = self._observe()
        return (obs, float(reward), over and self.aec.terminations[self.agent],
                over and self.aec.truncations[self.agent], self._info(obs))

    def _bots_play(self) -> None:
        game = self.aec.game
        while not game.over and game.pending["player"] != self.seat:
            self.aec.answer(self.bots[game.pending["player"]].choose(game))

    def _observe(self) -> dict:
        return self.aec.observe(self.agent)

    def _info(self, obs: dict) -> dict:
        return {**self.aec.infos.get(self.agent, {}), "action_mask": obs["action_mask"]}

    def action_masks(self) -> np.ndarray:
        """The legal actions (the name sb3-contrib's maskable algorithms ask for)."""
        return self._observe()["action_mask"]

    def render(self) -> str | None:
        return self.aec.render()
