"""The Turmoil phase, after the game-end check of a generation that is not the last (F391): each
step a task of its own on the stack, so that a decision inside one waits for its player and a game
can be saved there (issue 34).

1. every player's TR falls by 1; 2. the current global event resolves (with the events, next);
3. the new government: the dominant party rules, the old chairman goes back to its owner's
reserve, the new ruling party's leader takes the chair (a player's +1 TR, charged by no policy:
this is no action phase, F373), its other delegates go back to their reserves, dominance passes
to the party with the most delegates (ties: the next party in board order from the one that
ruled), every player gets the ruling bonus, and each empty lobby takes a delegate from its
player's reserve (F382).
"""

from __future__ import annotations

from typing import Any

from compiler.ops import TR

from ... import rules
from ...flow import end_phase
from ...interpreter import Interp
from ...mechanic import Phase, Task
from .board import (CHAIRMAN_AGENDAS, EVENT_DISCARD, NEUTRAL, STATE, bonus_of, draw_event, next_dominant, party_of,
                    place_neutral, to_reserve)


def start(g: Interp) -> None:
    """The steps, pushed last first."""
    g.push({"t": "changing_times"})
    g.push({"t": "new_government"})
    g.push({"t": "resolve_event"})
    g.push({"t": "tr_revision"})


def h_resolve_event(g: Interp, task: dict, answer: Any) -> None:
    """The current global event resolves for every player, the first player first (F386: nobody's
    action, so no policy applies)."""
    st = g.state
    current = st[STATE]["current"]
    if current is None:
        return None
    g.log(f"global event: {current}")
    parts = g.content.cards[current]["parts"]
    for_everyone(g, parts["resolve"], current, partial=True)
    if parts.get("first"):  # the first player's part, for nobody's benefit (F390), before the others'
        g.push_items(parts["first"], {"p": st["first"], "card": current, "world": True, "partial": True})
    return None


def for_everyone(g: Interp, rows: list, card: str, partial: bool = False) -> None:
    """A row every player resolves, the first player first: places among the players judged as
    they stand before anyone resolves it (`rules.freeze_ranks`); `partial`: what it takes of a
    player's resources, production or hand is taken as far as they can (a global event's, F392;
    card resources taken from a card of their choice stay whole: that option needs such a card)."""
    st = g.state
    frozen = rules.freeze_ranks(st, g.content, rows)
    first, n = st["first"], len(st["players"])
    extra = ({"scores": frozen} if frozen else {}) | ({"partial": True} if partial else {})
    for p in reversed([(first + i) % n for i in range(n)]):
        g.push_items(rows, {"p": p, "card": card} | extra)


def h_changing_times(g: Interp, task: dict, answer: Any) -> None:
    """The current event is discarded; the coming one becomes current (a neutral delegate to its
    current party); the distant one comes; a new distant one is revealed (a neutral delegate to
    its revealed party)."""
    st, cards = g.state, g.content.cards
    board = st[STATE]
    if board["current"]:
        st[EVENT_DISCARD].append(board["current"])
    board["current"], board["coming"] = board["coming"], board["distant"]
    if board["current"]:
        place_neutral(board, cards[board["current"]]["parts"]["current"])
    board["distant"] = draw_event(st)
    if board["distant"]:
        place_neutral(board, cards[board["distant"]]["parts"]["revealed"])
    return None


def h_tr_revision(g: Interp, task: dict, answer: Any) -> None:
    for p, pl in enumerate(g.state["players"]):
        if pl["tr"] > 0:
            g.raise_tr(p, -1)
            g.say(p, "loses 1 TR (the Turmoil phase)")
    return None


def h_new_government(g: Interp, task: dict, answer: Any) -> None:
    st = g.state
    board = st[STATE]
    ruling = board["ruling"] = board["dominant"]
    if ruling not in board["ruled"]:  # the parties that ruled this game (coverage)
        board["ruled"].append(ruling)
    party = party_of(board, ruling)
    to_reserve(st, board["chairman"])
    leader = party["leader"]
    if leader is not None:
        party["delegates"].remove(leader)  # the leader's delegate takes the chair
    elif board["neutral"] > 0:  # a party with no leader seats a neutral chairman from the reserve
        board["neutral"] -= 1
        leader = NEUTRAL
    board["chairman"] = leader
    for owner in party["delegates"]:
        to_reserve(st, owner)
    party["delegates"], party["leader"] = [], None
    g.log(f"{ruling} rule; the chairman is {'neutral' if leader in (NEUTRAL, None) else g.pname(leader)}")
    board["dominant"] = next_dominant(board, ruling)  # ties: the next parties first, the one that ruled last
    for pl in st["players"]:  # each empty lobby takes a delegate from the reserve (F382)
        if not pl["lobby"] and pl["delegates"] > 0:
            pl["lobby"], pl["delegates"] = True, pl["delegates"] - 1
    if isinstance(leader, int):  # after the bonus (the Reds' bonus judges the TR before it)
        g.push_items([{"op": TR.name, "n": 1}], {"p": leader, "card": ruling})
    g.push({"t": "ruling_bonus"})
    if any(m.name == CHAIRMAN_AGENDAS for m in g.content.mechanics):  # the chairman chooses the agenda first
        g.push({"t": "choose_agenda", "p": leader if isinstance(leader, int) else None, "party": ruling})
    return None


def h_ruling_bonus(g: Interp, task: dict, answer: Any) -> None:
    """Every player gets the ruling party's bonus (its own, or its agenda's)."""
    board = g.state[STATE]
    source = bonus_of(board, board["ruling"])
    for_everyone(g, g.content.cards[source]["parts"]["bonus"], source)
    return None


TASKS = {"tr_revision": Task(h_tr_revision), "resolve_event": Task(h_resolve_event),
         "new_government": Task(h_new_government), "ruling_bonus": Task(h_ruling_bonus),
         "changing_times": Task(h_changing_times)}
PHASES = {"turmoil": Phase(end_phase, start)}
