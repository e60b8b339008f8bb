"""The solo game: one player against a neutral opponent (F256-F263), switched on by the solo
module (cards/solo), which joins every game of one player.

What changes is data first: the solo module's rules.yaml gives the starting TR, the fixed length
(14 generations, 12 with Prelude), that milestones and awards are not used and that the final
conversion raises nothing. This mechanic brings the rest:
- the neutral opponent (`opponent`): red-bordered effects may target it, and it has every
  resource and production in any amount (F259; the ops read `content.opponent`);
- its 2 cities and their greeneries, placed as the game is dealt (`neutral.py`, F261, F262);
  as the player's corporation is revealed, its effects answer those tiles as if placed then (a
  corporation paid for every city in play gets its production for them, F168);
- the verdict, a phase before the final conversion (F257, F258): won when the goal holds at the
  end of the last generation, the goal being the `solo:` section's `goal` (every global
  parameter at its goal, Venus included, F292) or its `goal_in_variant` for a variant in play
  (the TR 63 game: a terraform rating of 63). A game lost ends there, unscored (F257).
"""

from __future__ import annotations

from typing import Any

from ...content import Content
from ...flow import end_phase, finish
from ...interpreter import Interp
from ...mechanic import Mechanic, Phase, SaveShapes, ScenarioKeys, register
from .neutral import place_neutral_tiles

NAME = "solo"
OPPONENT = "the neutral player"


def facts(content: Content) -> dict:
    return content.rules.section(NAME)


#: the solo game's own goal, every global parameter at its goal; the other a rules file may give
#: is a terraform rating, `{tr: N}`
ALL_PARAMETERS = {"parameters": "all"}


def goal(content: Content) -> dict:
    """The goal of this game (remembered with the content): the variant's, if one in play has its
    own, else the solo game's; a goal of neither form refuses the game (ModuleError)."""
    found = content.memo.get("solo-goal")
    if found is None:
        found = content.memo["solo-goal"] = _checked_goal(content)
    return found


def _checked_goal(content: Content) -> dict:
    spec = facts(content)
    found = spec.get("goal", ALL_PARAMETERS)
    for v in content.flow.variants:
        if v in spec.get("goal_in_variant", {}):
            found = spec["goal_in_variant"][v]
    if found != ALL_PARAMETERS and not (isinstance(found, dict) and list(found) == ["tr"]
                                        and isinstance(found["tr"], int)):
        from compiler.modules import ModuleError
        raise ModuleError(f"the solo game's goal {found!r} (rules.yaml, solo:) is neither "
                          "{parameters: all} nor {tr: N}")
    return found


def goal_text(content: Content) -> str:
    spec = goal(content)
    if "tr" in spec:
        return f"a terraform rating of {spec['tr']}"
    return "every global parameter at its goal (" + ", ".join(sorted(content.tracks.globals)) + ")"


def lacking(state: dict, content: Content) -> list[tuple[str, int, int, int]]:
    """What the goal still lacks now, part by part: (what, now, wanted, steps short); empty: it holds."""
    spec = goal(content)
    if "tr" in spec:
        tr = state["players"][0]["tr"]
        return [("terraform rating", tr, spec["tr"], spec["tr"] - tr)] if tr < spec["tr"] else []
    now = state["globals"]
    return [(k, now[k], v["goal"], (v["goal"] - now[k]) // v["step"])
            for k, v in content.tracks.globals.items() if now[k] < v["goal"]]


def shortfall(state: dict, content: Content) -> list[str]:
    """What the goal still lacks now, in words (empty: it holds)."""
    return [f"{what} {now} of {wanted}" for what, now, wanted, _ in lacking(state, content)]


def goal_gap(state: dict, content: Content) -> int:
    """The steps the goal still lacks: TR steps, or global parameter steps (a bot weighs them)."""
    return sum(steps for *_, steps in lacking(state, content))


def deal(g: Interp) -> None:
    """The neutral tiles go on the map before anyone chooses (F256, F261); a goal the rules files
    give wrong refuses the game here, before it starts."""
    goal(g.content)
    g.state[NAME] = {"neutral": place_neutral_tiles(g)}


def reveal(g: Interp, p: int) -> None:
    """The corporation just revealed answers the neutral tiles as if they were placed now: they went
    on the map before it was in play (the rulebook's case: M€ production for each city in play)."""
    for area in g.state.get(NAME, {}).get("neutral", ()):
        tile = g.state["board"].get(area)
        if tile is not None:
            g.emit({"kind": "tile", "tile": tile["tile"], "area": area, "p": None})


def advance_verdict(g: Interp) -> None:
    """The end of the last generation: won if the goal holds (before the final conversion, F258);
    a game lost ends here, as only a won game is scored (F257)."""
    st = g.state
    lacking = shortfall(st, g.content)
    won = not lacking
    why = (f"won: {goal_text(g.content)} by the end of generation {st['generation']}" if won else
           f"lost: {goal_text(g.content)} was not reached by the end of generation {st['generation']} "
           f"({', '.join(lacking)})")
    st[NAME]["result"] = {"won": won, "why": why}
    g.log(why)
    if won:
        end_phase(g)
    else:
        finish(g, scored=False)


def arrange(game: Any, setup: Any, players: Any, card: Any) -> None:
    """A scenario's position: in its setup the neutral tiles are counted out as in any game; past
    it, the board is the scenario's own (a tile with no owner on it is a neutral one)."""
    st = game.state
    if st["phase"] == "setup":
        return
    for area in st[NAME]["neutral"]:
        st["board"].pop(area, None)
    st[NAME]["neutral"] = []


def state_shape(s: SaveShapes) -> dict:
    area = {"type": "string", "maxLength": 20}
    return {NAME: s.record({
        "neutral": s.listing(area, maxItems=4),
        "result": s.record({"won": s.flag, "why": {"type": "string", "maxLength": 300}}),
    }, required=("neutral",))}


def describe(state: dict, content: Content) -> tuple[str, list[str]]:
    last = content.rules.last_generation
    lines = [f"generation {state['generation']} of {last}" if last else f"generation {state['generation']}",
             "goal: " + goal_text(content)]
    lacking = shortfall(state, content)
    lines.append("still to do: " + ", ".join(lacking) if lacking else "the goal holds")
    result = state.get(NAME, {}).get("result")
    if result:
        lines.append(result["why"])
    return "Solo game", lines


def verdict(state: dict) -> dict[str, Any] | None:
    """The verdict of a finished solo game ({won, why}), or None."""
    return state.get(NAME, {}).get("result")


register(Mechanic(
    name=NAME,
    summary="the solo game: a neutral opponent, its tiles, a fixed length and a goal to reach",
    phases={"solo_verdict": Phase(advance_verdict)},
    state=state_shape,
    deal=deal,
    reveal=reveal,
    describe=describe,
    verdict=verdict,
    goal_gap=goal_gap,
    scenario=ScenarioKeys(arrange=arrange),
    opponent=OPPONENT,
))
