"""What a position is worth to a player, in M€ at today's prices, from public facts only.

A victory point is worth `VP` M€. Everything else is worth what it will turn into before the game
ends, so its worth follows the generations left: production pays once per production phase to
come, a step of terraform rating pays its M€ every generation as well as its point, and money is
worth nothing once the game is surely in its last generation (what is left over scores nothing).
The generations left are estimated from the steps the game-ending tracks still need and the pace
they have been raised at so far (or read, in a game of fixed length). A player's position is their
worth less the best other player's: an attack counts, and so does ending the game while ahead.
"""

from __future__ import annotations

from typing import Any

from .. import rules, scoring

#: M€ one victory point is worth
VP = 7.0
#: what a M€ kept is worth while the game goes on, and by its end (it scores nothing itself, so
#: anything that turns it into more than this is worth doing now)
MONEY = 1.0
MONEY_AT_END = 0.0
#: a card in the hand, at its most (an average card's worth before it is known)
HAND_CARD = 2.5
#: plants or heat a conversion turns into a greenery or a temperature step
PER_CONVERSION = 8
#: M€ a blue card's action, and a triggered effect, are guessed to bring in each generation
ACTION_PER_GENERATION = 2.5
EFFECT_PER_GENERATION = 1.5
#: the share of what a conversion brings that plants or heat held are worth: they score only once
#: converted, so converting them is always worth doing
UNCONVERTED = 0.7
#: the fewest steps of the game-ending tracks raised in a generation, as the estimate's floor
SLOWEST_PACE = 3.5
#: the spread of the final margin, in points, this generation and for each generation after
SPREAD_NOW = 3.0
SPREAD_PER_GENERATION = 10.0
#: what a step still missing from a game's goal costs (the solo game: all or nothing)
GOAL_STEP = 25.0


def steps_left(state: dict, content: Any) -> tuple[int, int]:
    """(steps the game-ending tracks still need, steps they have been raised so far)."""
    spec = content.tracks.globals
    left = done = 0
    for k in content.rules.ending_tracks():
        s = spec[k]
        left += max(0, (s["goal"] - state["globals"][k]) // s["step"])
        done += max(0, (state["globals"][k] - s["start"]) // s["step"])
    return left, done


def generations_left(state: dict, content: Any) -> float:
    """Generations estimated to follow this one (0: this is surely the last)."""
    last = content.rules.last_generation
    if last is not None:
        return float(max(0, last - state["generation"]))
    left = steps_left(state, content)[0]
    if left == 0:
        return 0.0
    return left / max(SLOWEST_PACE, 1.5 * pace_so_far(state, content))


def pace_so_far(state: dict, content: Any) -> float:
    """Steps of the game-ending tracks raised in each generation played so far, on average."""
    return steps_left(state, content)[1] / max(1, state["generation"] - 1)


def track_open(state: dict, content: Any, track: str) -> bool:
    spec = content.tracks.globals.get(track)
    return spec is not None and state["globals"][track] < spec["goal"]


def player_worth(state: dict, content: Any, p: int, later: float, vp: int) -> float:
    """A player's worth: their points, and what their resources, production and rating will
    bring over `later` generations to come."""
    pl = state["players"][p]
    res, prod = pl["res"], pl["prod"]
    near = min(1.0, later / 2)
    money = MONEY * near + MONEY_AT_END * (1 - near)  # money scores nothing: it is for spending
    steel = rules.metal_value(state, content, p, "steel")
    titanium = rules.metal_value(state, content, p, "titanium")
    oxygen = track_open(state, content, "oxygen")
    plant = UNCONVERTED * (VP * (2 if oxygen else 1) + (later if oxygen else 0)) / PER_CONVERSION
    heat = UNCONVERTED * (VP + later) / PER_CONVERSION if track_open(state, content, "temperature") else 0.0
    value = vp * VP + pl["tr"] * later
    value += money * (res["mc"] + steel * res["steel"] + titanium * res["titanium"] + 0.5 * res["energy"])
    value += plant * res["plant"] + heat * res["heat"]
    value += later * (prod["mc"] + steel * prod["steel"] + titanium * prod["titanium"] + prod["energy"]
                      + heat * prod["heat"])
    value += (later + 1) * plant * prod["plant"]
    value += len(pl["hand"]) * HAND_CARD * min(1.0, later / 3)
    return value + engine(content, pl["played"]) * later


def engine(content: Any, played: list) -> float:
    """What the actions and triggered effects of a player's cards in play bring in a generation:
    a fixed guess for each (what they will be used on, or set off by, is not known)."""
    cards = content.cards
    total = 0.0
    for e in played:
        card = cards[e["name"]]
        if card.get("action"):
            total += ACTION_PER_GENERATION
        for eff in card.get("effects", ()):
            if "on" in eff:
                total += EFFECT_PER_GENERATION
    return total


def margin(game: Any, p: int, later: float | None = None, alone: bool = False) -> tuple[float, float]:
    """(player p's worth less the best other player's — or, alone or `alone` (the others not to
    be looked at), less what the goal still lacks —, the generations estimated to follow this
    one, unless given)."""
    st, content = game.state, game.content
    if later is None:
        later = generations_left(st, content)
    points = [row["total"] for row in scoring.score(st, content)]
    mine = player_worth(st, content, p, later, points[p])
    if len(points) == 1 or alone:
        gap = sum(m.goal_gap(st, content) for m in content.mechanics if m.goal_gap is not None)
        return mine - GOAL_STEP * gap, later
    best = max(player_worth(st, content, q, later, points[q]) for q in range(len(points)) if q != p)
    return mine - best, later


def position(game: Any, p: int, extra: float = 0.0, horizon: float | None = None, alone: bool = False) -> float:
    """How good the position is for player p (with `extra` M€ of worth the state does not show):
    the margin over the best other player, in points, over its spread by the end of the game,
    which narrows as the end nears. The odds of finishing ahead grow with that ratio alone (a
    normal margin's), and unlike a chance of winning it never flattens out: a player ahead gains
    by ending the game sooner, and a game settled is still played for its margin. A player
    behind is judged at the `horizon` the decision began with, if given: the leader decides when
    the game ends, so making it last is no plan (and it keeps anyone from shunning the terraforming
    that scores). Alone (or `alone`: the others not to be looked at), the worth itself."""
    ahead, later = margin(game, p, alone=alone)
    ahead += extra
    if len(game.state["players"]) == 1 or alone:
        return ahead
    if ahead < 0 and horizon is not None:
        later = horizon
    return ahead / VP / (SPREAD_NOW + SPREAD_PER_GENERATION * later)
