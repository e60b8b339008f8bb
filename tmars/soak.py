"""Play checked games: invariants after every decision, greenery placement, no stalls, and every
kept action menu equal to one built from scratch (`menu.py`).

Shared by the property tests and tools/soak.py, so a failure found by a long soak replays
exactly in a test by its seed.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import invariants, trial
from .menu import MenuMismatch, check_menus
from .agents import RandomAgent
from .game import Game
from .game import EngineError


@dataclass
class CheckedGame:
    seed: int
    players: int
    corporate_era: bool
    draft: bool
    decisions: int = 0
    generations: int = 0
    capped: bool = False


class InvariantBroken(AssertionError):
    pass


def play_checked(seed: int, players: int, corporate_era: bool = True, draft: bool = False,
                 max_generations: int = 40, decision_limit: int = 60_000, modules: tuple[str, ...] | None = None,
                 variants: tuple[str, ...] | None = None) -> CheckedGame:
    """Play one random game, checking every invariant after every decision. `modules` (default:
    base, with Corporate Era if `corporate_era`) and `variants` pick the game's content."""
    game = Game.new(players, seed=seed, corporate_era=corporate_era, draft=draft, max_generations=max_generations,
                    modules=modules, variants=variants)
    check_menus(game.interp)
    start_tr = game.content.tracks.start_tr
    agents = [RandomAgent(seed * 101 + i) for i in range(players)]
    result = CheckedGame(seed, players, corporate_era, draft)
    areas = game.content.map.areas
    while not game.over:
        d = game.pending
        if not d["options"]:
            raise InvariantBroken(f"seed {seed}: a decision with no option (soft-lock): {d['prompt']}")
        before = set(game.state["board"])
        must = invariants.own_greenery_areas(game.state, game.content, d["player"]) if d["kind"] == "area" else None
        exhausted = trial.exhausted
        try:
            game.answer(d["player"], agents[d["player"]].choose(game))
        except (EngineError, MenuMismatch) as e:
            raise InvariantBroken(f"seed {seed}, {players} players, decision {result.decisions}: {e}") from None
        result.decisions += 1
        broken = invariants.check(game.state, game.content, start_tr)
        if trial.exhausted > exhausted:
            broken.append("an offer check gave up its search (raise trial.BUDGET or prune it)")
        for aid in set(game.state["board"]) - before:
            tile = game.state["board"][aid]
            if tile["tile"] == "greenery" and areas[aid].kind == "land" and must and aid not in must:
                broken.append(f"greenery on {aid} although {sorted(must)} were next to own tiles")
        if broken:
            raise InvariantBroken(f"seed {seed}, {players} players, decision {result.decisions}: "
                                  + "; ".join(broken))
        if result.decisions > decision_limit:
            raise InvariantBroken(f"seed {seed}: more than {decision_limit} decisions: the game stalls")
    result.generations = game.state["generation"]
    result.capped = bool(game.state.get("capped"))
    return result
