"""One seeded game played by bots to the end: what `game`, `simulate` and its workers run."""

from __future__ import annotations

from typing import Any


def make_agent(kind: str, seed: int) -> Any:
    """A bot of this kind (`agents.BOTS`), seeded."""
    from .agents import BOTS
    return BOTS[kind](seed)


def seat_kinds(agent: str, players: int) -> list[str]:
    """The bot in each seat: `agent` names one kind for every seat, or a kind per seat separated
    by commas (`strong,greedy`), repeated in turn when there are more seats than names."""
    kinds = [k.strip() for k in agent.split(",")]
    return [kinds[i % len(kinds)] for i in range(players)]


def play_bot_game(seed: int, players: int, agent: str, modules: tuple[str, ...], draft: bool,
                  max_generations: int | None, map_name: str = "tharsis", folders: tuple[str, ...] = (),
                  variants: tuple[str, ...] | None = None) -> tuple:
    from .game import Game
    game = Game.new(players, seed=seed, modules=modules, map_name=map_name, draft=draft,
                    max_generations=max_generations, card_folders=folders, variants=variants).keep_going()
    agents = [make_agent(kind, seed * 31 + i) for i, kind in enumerate(seat_kinds(agent, players))]
    decisions = 0
    while not game.over:
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
        decisions += 1
    return game, decisions
