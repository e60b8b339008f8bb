"""What a card would be worth to a player: played on a copy now, its global requirements aside,
the worth it adds less its cost, discounted for the wait its requirements impose.

The copy is given plenty of every resource and some of every production first, so that what the
card takes (a production decrease, plants it removes) is counted as the loss it is rather than
stopping it; its actions and effects count as the worth of any player's (`worth.engine`).
A card whose global maximum is already passed can never be played (`DEAD`); a global minimum
still ahead delays it by the generations the pace of the game needs to reach it; any other
minimum not met (tags, production) delays it `GENERATIONS_PER_MISSING` for each thing missing.
"""

from __future__ import annotations

from typing import Any

from .. import rules
from ..game import Game, selection_sizes
from ..rng import SeededRandom
from . import worth
from .hidden import unseen_copy

#: the worth of a card that can never be played
DEAD = -10.0
#: resources and production given on the copy so that what the card takes never stops it there
SPARE_MC, SPARE_OTHER, SPARE_PRODUCTION = 200, 20, 3
#: decisions answered on the copy while the card (or its action) resolves
STEPS = 12
#: what each M€ of a card's cost weighs beyond itself: money is short, and a card bought is only
#: worth its price if it beats the other uses of the money it will take to play
SCARCE_MONEY = 0.5
#: answers tried at each of the player's own questions while a card resolves on the copy
OPTIONS_TRIED = 8
#: generations a requirement waits for each tag (or other thing counted) still missing
GENERATIONS_PER_MISSING = 2.0


def card_worth(game: Game, p: int, name: str, rng: SeededRandom) -> float:
    st, content = game.state, game.content
    card = content.cards[name]
    wait = _wait(st, content, p, card)
    if wait is None:
        return DEAD
    gained = _played_on_copy(game, p, name, rng)
    if gained is None:
        return DEAD / 2
    gained -= SCARCE_MONEY * rules.card_cost(st, content, p, name)
    later = worth.generations_left(st, content)
    if wait > 0:
        gained *= max(0.0, 1 - wait / (later + 1))
    return gained


def corporation_worth(game: Game, p: int, name: str, rng: SeededRandom) -> float:
    """What a corporation dealt at setup would be worth: revealed on a copy with no card kept, the
    player's own worth then (the others' are not to be looked at yet)."""
    copy = unseen_copy(game, p, rng)
    st = copy.state
    pl = st["players"][p]
    pl["setup_corp"], pl["setup_keep"] = name, []
    st["stack"], st["pending"] = [], None
    copy.interp.push({"t": "reveal", "p": p})
    try:
        copy.advance()
        for _ in range(STEPS):  # its own questions as it starts; then the setup asks someone else
            if copy.over or copy.pending["player"] != p:
                break
            _answer(copy, p)
    except Exception:  # it cannot start here
        return DEAD
    return worth.margin(copy, p, alone=True)[0]


def _wait(st: dict, content: Any, p: int, card: dict) -> float | None:
    """Generations the card's requirements keep it waiting (None: never playable again)."""
    wait = 0.0
    tracks = content.tracks.globals
    for r in card.get("requires", ()):
        spec = tracks.get(r["count"])
        if spec is None:
            if "rank" in r or r["cmp"] != ">=":
                if not rules.requirement_met(st, content, p, r):
                    wait = max(wait, 1.0)
                continue
            short = r["value"] - rules.count(st, content, p, r)
            if short > 0:
                wait = max(wait, GENERATIONS_PER_MISSING * short)
            continue
        flex = rules.flex_of(st, content, p, r["count"]) * spec["step"]
        now = st["globals"][r["count"]]
        if r["cmp"] == "<=":
            if now - flex > r["value"]:
                return None
            continue
        short = (r["value"] - flex - now) / spec["step"]
        if short > 0:
            pace = max(worth.SLOWEST_PACE, worth.pace_so_far(st, content))
            wait = max(wait, short * len(content.rules.ending_tracks()) / pace)
    return wait


def _played_on_copy(game: Game, p: int, name: str, rng: SeededRandom) -> float | None:
    """The worth the card adds when it resolves on a copy (its cost taken off, its action and
    effects counted), or None when it cannot be carried out there."""
    copy = unseen_copy(game, p, rng)
    st, content = copy.state, copy.content
    pl = st["players"][p]
    if name in pl["hand"]:
        pl["hand"].remove(name)
    for res in pl["res"]:
        pl["res"][res] += SPARE_MC if res == "mc" else SPARE_OTHER
    for res in pl["prod"]:
        pl["prod"][res] += SPARE_PRODUCTION
    cost = rules.card_cost(st, content, p, name)
    before, later = worth.margin(copy, p)  # the horizon held: the spare production would skew it
    st["pending"] = None
    if not _resolves(copy, p, {"t": "resolve_card", "p": p, "card": name, "from": "none"}):
        return None
    return worth.margin(copy, p, later)[0] - before - cost


def _resolves(copy: Game, p: int, task: dict) -> bool:
    """Carry out a card (its task pushed) on the copy to its end, the player's own questions
    answered one step ahead and others' with their first answer: False if it cannot."""
    st = copy.state
    depth = len(st["stack"])
    st["pending"] = None
    try:
        copy.interp.push(task)
        copy.advance()
        for _ in range(STEPS):
            if copy.over or len(st["stack"]) <= depth:
                return True
            _answer(copy, p)
    except Exception:  # its effects cannot be carried out here
        return False
    return len(st["stack"]) <= depth


def _answer(copy: Game, p: int) -> None:
    """Answer the copy's pending question: the player's own one step ahead (`_best_now`), anyone
    else's with their first answer, a selection with the first one allowed."""
    d = copy.pending
    if d["kind"] == "select":
        copy.answer(d["player"], default_selection(d))
    elif d["player"] == p:
        copy.answer(p, _best_now(copy, p, [o["id"] for o in d["options"]]))
    else:
        copy.answer(d["player"], d["options"][0]["id"])


def default_selection(d: dict) -> list[str]:
    """The first selection allowed: the first of `only`, else the fewest options, first first."""
    if "only" in d:
        return list(d["only"][0])
    k = min(selection_sizes(d), default=0)
    return [o["id"] for o in d["options"][:k]]


def _best_now(copy: Game, p: int, ids: list[str]) -> str:
    later = worth.generations_left(copy.state, copy.content)
    best, best_v = ids[0], float("-inf")
    for oid in ids[:OPTIONS_TRIED]:
        trial = copy.look_ahead()
        try:
            trial.answer(p, oid)
        except Exception:
            continue
        v = worth.margin(trial, p, later)[0]
        if v > best_v:
            best, best_v = oid, v
    return best
