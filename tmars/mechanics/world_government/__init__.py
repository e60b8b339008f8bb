"""World Government Terraforming (Venus Next's variant, playable in any game, F254): a phase after
the game-end check of each generation that is not the last, in which the first player raises one
global parameter that is not maxed, for nobody's benefit (F290, F291). The base module's `wgt`
variant switches it on and names the phase in the flow.
"""

from __future__ import annotations

from typing import Any

from compiler.ops import Tile
from compiler.text import param_noun

from ...flow import end_phase
from ...interpreter import Interp, ask_one, option
from ...mechanic import Mechanic, Phase, Task, register

#: the ops told apart here, by their declared names (string compares on hot paths)
_TILE = Tile.name


def start(g: Interp) -> None:
    g.push({"t": "world_government", "p": g.state["first"]})


def h_world_government(g: Interp, task: dict, answer: Any) -> dict | None:
    """The first player raises one global parameter that is not maxed, any track (a tile for a
    track raised by placing one), with nothing gained by anyone."""
    p = task["p"]
    spec, now = g.content.tracks.globals, g.state["globals"]
    open_ = [k for k, v in spec.items() if now[k] < v["goal"]]
    if not open_:
        return None
    answer, ask = ask_one(answer, p, "choice", "World Government: raise a global parameter (no one gains)",
                          [option(k, f"{param_noun(k)} ({now[k]} now)") for k in open_])
    if ask:
        return ask
    tile = spec[answer].get("raised_by")
    if tile:
        g.push({"t": "item", "node": {"op": _TILE, "tile": tile}, "ctx": {"p": p, "world": True}})
    else:
        g.push({"t": "raise", "param": answer, "n": 1, "p": p, "world": True})
    return None


register(Mechanic(
    name="world_government",
    summary="World Government Terraforming: the first player raises a global parameter each generation",
    tasks={"world_government": Task(h_world_government, lambda s: {"p": s.player}, begins_unit=True)},
    # its one task done (the phase's start pushes it), the phase is over
    phases={"world_government": Phase(end_phase, start)},
    neutral_actor="the World Government",
))
