"""Play checked games: invariants after every decision, greenery placement, no stalls, and every
kept action menu equal to one built from scratch (`menu.py`).

Shared by the property tests and tools/soak.py, so a failure found by a long soak replays
exactly in a test by its seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import invariants, trial
from .menu import MenuMismatch, check_menus
from compiler.ops import Tile, walk

from .agents import RandomAgent
from .game import Game
from .game import EngineError

#: the ops told apart here, by their declared names (string compares on hot paths)
_TILE = Tile.name


@dataclass
class CheckedGame:
    seed: int
    players: int
    corporate_era: bool
    draft: bool
    decisions: int = 0
    generations: int = 0
    capped: bool = False
    edits: int = 0


class InvariantBroken(AssertionError):
    pass


#: one action decision in this many gets a set-like edit of the position first (`edit_position`)
EDIT_EVERY = 25


def edit_position(game: Game, rng: random.Random) -> str | None:
    """Change the position between two actions as a scenario's `set` may, keeping every count the
    same so that nothing keyed on a length can see it: a played card is replaced by one from the
    deck (the first to the discard pile), or two players' tiles swap owners. The action decision
    is then worked out again (and its menu checked against a fresh one). What was done, or None."""
    st = game.state
    cards = [(p, i) for p, pl in enumerate(st["players"]) for i, e in enumerate(pl["played"])
             if e["name"] != pl["corp"] and e.get("area") is None]
    cards_of = game.content.cards
    # a card that places a tile when played has one in a real game: put in play without it, it
    # would be a position no game reaches
    spare = [c for c in st["deck"] if cards_of[c]["type"] in ("automated", "active")
             and not any(n["op"] == _TILE for n in walk(cards_of[c].get("play", [])))]
    owned = [a for a, t in st["board"].items() if t.get("owner") is not None and t["tile"] in ("city", "greenery")]
    pairs = [(a, b) for a in owned for b in owned if st["board"][a]["owner"] < st["board"][b]["owner"]]
    kinds = [k for k, possible in (("card", cards and spare), ("tiles", pairs)) if possible]
    if not kinds:
        return None
    if rng.choice(kinds) == "card":
        p, i = rng.choice(cards)
        new = rng.choice(spare)
        st["deck"].remove(new)
        old = st["players"][p]["played"][i]
        st["discard"].append(old["name"])
        st["players"][p]["played"][i] = {"name": new, "res": 0, "used": False, "area": None}
        done = f"{st['players'][p]['name']}'s {old['name']} replaced by {new}"
    else:
        a, b = rng.choice(pairs)
        (pa, pb) = st["board"][a]["owner"], st["board"][b]["owner"]
        st["board"][a] = {**st["board"][a], "owner": pb}
        st["board"][b] = {**st["board"][b], "owner": pa}
        done = f"the tiles on {a} and {b} swap owners"
    st["pending"] = None
    game.advance()
    return done


def play_checked(seed: int, players: int, corporate_era: bool = True, draft: bool = False,
                 max_generations: int = 40, decision_limit: int = 60_000, modules: tuple[str, ...] | None = None,
                 variants: tuple[str, ...] | None = None, edits: bool = False,
                 map_name: str = "tharsis") -> CheckedGame:
    """Play one random game, checking every invariant after every decision. `modules` (default:
    base, with Corporate Era if `corporate_era`) and `variants` pick the game's content. With
    `edits`, some action decisions are preceded by a set-like edit of the position
    (`edit_position`), after which the kept menu must still equal a fresh one."""
    game = Game.new(players, seed=seed, corporate_era=corporate_era, draft=draft, max_generations=max_generations,
                    modules=modules, variants=variants, map_name=map_name)
    check_menus(game.interp)
    start_tr = game.content.tracks.start_tr
    agents = [RandomAgent(seed * 101 + i) for i in range(players)]
    result = CheckedGame(seed, players, corporate_era, draft)
    areas = game.content.map.areas
    editor = random.Random(seed * 7 + 3)
    while not game.over:
        d = game.pending
        if edits and d["kind"] == "action" and editor.randrange(EDIT_EVERY) == 0:
            try:
                done = edit_position(game, editor)
            except (EngineError, MenuMismatch) as e:
                raise InvariantBroken(f"seed {seed}, {players} players, decision {result.decisions}, "
                                      f"after an edit: {e}") from None
            if done is not None:
                result.edits += 1
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
