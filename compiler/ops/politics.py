"""Ops on the Terraforming Committee (the politics mechanic's board, `tmars/mechanics/politics`):
placing your delegates, swapping one for a neutral one, removing one, taking the chair.

The board is `state["politics"]`: its parties, each with its delegates (a seat, or "neutral")
and its leader, the chairman, the ruling and the dominant party, the neutral reserve. How a
delegate joins or leaves a party and what follows (its leader, the dominant party) is stated here,
once, for these ops and the mechanic alike.
"""

from __future__ import annotations

from typing import Any

from ..ir import INT
from ..sheet import render as rd
from . import Node, Op, Word
from .protocol import CannotComplete, ask_one, option

#: the mechanic that keeps the board, and the state key of the board
MECHANIC = STATE = "politics"
#: who owns a neutral delegate (a player is their seat)
NEUTRAL = "neutral"
#: what the offer check of these ops reads: the board with the player's lobby and reserve
BOARD_READ = frozenset({"politics"})


# ---- the board's rules -------------------------------------------------------------------------
def party_of(board: dict, name: str) -> dict:
    return next(p for p in board["parties"] if p["name"] == name)


def size(board: dict, name: str) -> int:
    """A party's delegates, its leader included (the chairman sits in none, F380)."""
    return len(party_of(board, name)["delegates"])


def place(board: dict, owner: Any, name: str) -> None:
    """A delegate of `owner` (a seat, or neutral) joins a party: the first to enter an empty party
    leads it, and the lead passes only to an owner with strictly more delegates there (F378); the
    party takes dominance only with strictly more delegates than the dominant party."""
    party = party_of(board, name)
    party["delegates"].append(owner)
    leader = party["leader"]
    if leader is None or (owner != leader and party["delegates"].count(owner) > party["delegates"].count(leader)):
        party["leader"] = owner
    if name != board["dominant"] and size(board, name) > size(board, board["dominant"]):
        board["dominant"] = name


def place_neutral(board: dict, name: str) -> None:
    """A neutral delegate from the reserve joins a party; none is placed when the reserve is empty
    (F381)."""
    if board["neutral"] > 0:
        board["neutral"] -= 1
        place(board, NEUTRAL, name)


def next_dominant(board: dict, after: str) -> str:
    """The party with the most delegates; a tie goes to the nearest of them to the left of `after`
    on the board (the party that ruled, or was dominant), wrapping round, `after` itself last."""
    names = [p["name"] for p in board["parties"]]
    at = names.index(after)
    order = names[:at][::-1] + names[at + 1:][::-1] + [after]
    return max(order, key=lambda n: (size(board, n), -order.index(n)))


def reseat_leader(party: dict, active: int | None, players: int) -> None:
    """After a delegate left: the leader stays unless another owner now has strictly more
    delegates there; among owners tied above, the first clockwise from the active player leads,
    neutral last (F378)."""
    dels = party["delegates"]
    if not dels:
        party["leader"] = None
        return
    most = max(dels.count(o) for o in set(dels))
    if party["leader"] in dels and dels.count(party["leader"]) == most:
        return
    start = active if active is not None else 0
    order: list[Any] = [(start + i) % players for i in range(players)] + [NEUTRAL]
    party["leader"] = next(o for o in order if dels.count(o) == most)


def remove(board: dict, owner: Any, name: str, active: int | None, players: int) -> None:
    """One non-leader delegate of `owner` leaves a party (to its owner's reserve, which the caller
    keeps); its leader and the dominant party are judged again."""
    party = party_of(board, name)
    party["delegates"].reverse()  # the last one placed leaves: the leader's own seat stays first
    party["delegates"].remove(owner)
    party["delegates"].reverse()
    reseat_leader(party, active, players)
    dominant = board["dominant"]
    if any(size(board, p["name"]) > size(board, dominant) for p in board["parties"]):
        board["dominant"] = next_dominant(board, dominant)


def available(state: dict, p: int) -> int:
    """A player's delegates free to place: the reserve and the lobby (F382: the lobby counts as
    reserve for what a card places)."""
    pl = state["players"][p]
    return pl["delegates"] + int(pl["lobby"])


def take_one(state: dict, p: int) -> None:
    """A delegate of the player's leaves the reserve, or the lobby when the reserve is empty (the
    free lobby delegate is kept for the player's own lobbying while there is another)."""
    pl = state["players"][p]
    if pl["delegates"] > 0:
        pl["delegates"] -= 1
    else:
        pl["lobby"] = False


def to_reserve(state: dict, owner: Any) -> None:
    if owner == NEUTRAL:
        state[STATE]["neutral"] += 1
    elif owner is not None:
        state["players"][owner]["delegates"] += 1


def _who(g: Any, owner: Any) -> str:
    return "neutral" if owner == NEUTRAL else g.pname(owner)


def _active(state: dict) -> int | None:
    return state["current"] if state["phase"] == "action" else None


# ---- ops ------------------------------------------------------------------------------------
class OnTheCommittee(Op):
    """A kind of op on the board: it fails exactly when `why_not` gives a reason, which its
    `bound` reports to the offer check (exact on its own); what it reads is the board."""

    mechanic = MECHANIC

    def why_not(self, state: dict, node: Node, p: int) -> str | None:
        raise NotImplementedError

    def act(self, g: Any, node: Node, ctx: dict, answer: Any, board: dict) -> dict | None:
        """Carry it out (`why_not` has found nothing against it)."""
        raise NotImplementedError

    def run(self, g, node, ctx, answer):
        why = self.why_not(g.state, node, ctx["p"])
        if why:
            raise CannotComplete(why)
        return self.act(g, node, ctx, answer, g.state[STATE])

    def bound(self, g, node, ctx, led, mandatory):
        if self.why_not(g.state, node, ctx["p"]):
            led.failed = True

    def reads(self, node, mandatory=False):
        return BOARD_READ

    def cannot_fail(self, node, mandatory, tile_ok):
        return False

    def exactness(self, node):
        return "dynamic"  # its own verdict (`bound`) is exact alone

    def order_matters(self, node):
        return False  # only another op on delegates could make a difference, and no card has two


class Delegate(OnTheCommittee):
    """`+N delegate`: N of your delegates (reserve or lobby) into one party you choose, mandatory
    (F406: not done without N available); `+1 delegate(neutral)`: one of yours takes the place of a
    neutral delegate that does not lead its party, in one step (F379); `-1 delegate(any)`: any
    delegate that does not lead its party (anyone's, neutral, yours) goes back to its reserve (the
    chairman is in no party, F380)."""

    name = "delegate"
    required = {"n": INT}
    optional = {"swap": {"const": NEUTRAL}, "from": {"const": "any"}}
    written_as = "icon"
    writes = (STATE, "players.*.delegates", "players.*.lobby")

    def words(self, in_box):
        return () if in_box else ("delegate",)

    def icon(self, word):
        return "delegate"

    def meaning(self, word):
        return "delegates: +N delegate places N of yours in one party; +1 delegate(neutral) takes a neutral " \
               "one's place; -1 delegate(any) removes one that does not lead its party"

    def lower(self, atom):
        args = [a for a, _ in atom.each_arg()]
        if atom.sign > 0 and args in ([], ["neutral"]):
            if args and atom.n != 1:
                raise atom.fail("E216", "one delegate takes a neutral one's place at a time", atom.place,
                                "+1 delegate(neutral)")
            return {"op": self.name, "n": atom.n} | ({"swap": NEUTRAL} if args else {})
        if atom.sign < 0 and args == ["any"] and atom.n == 1:
            return {"op": self.name, "n": -1, "from": "any"}
        raise atom.fail("E219", "a delegate is placed (+N delegate, +1 delegate(neutral)) or removed "
                        "(-1 delegate(any))", atom.args_place or atom.place, "+N delegate, +1 delegate(neutral), "
                        "-1 delegate(any)")

    def text(self, node, cost, note):
        if node.get("swap"):
            return "replace a neutral delegate that does not lead its party with one of yours"
        if node["n"] < 0:
            return "remove a delegate that does not lead its party (anyone's) to its reserve"
        n = node["n"]
        return f"place {'one of your delegates' if n == 1 else f'{n} of your delegates'} in " \
               f"{'a party' if n == 1 else 'one party'}"

    def source(self, node):
        if node.get("swap"):
            return "+1 delegate(neutral)"
        if node["n"] < 0:
            return "-1 delegate(any)"
        return f"+{node['n']} delegate"

    def html(self, node):
        mark = rd.small("neutral") if node.get("swap") else rd.small("any") if node["n"] < 0 else ""
        sign = rd.q("-") if node["n"] < 0 else ""
        return rd.grp(sign + rd.icons.icon("delegate") * max(1, abs(node["n"])) + mark)

    def _removable(self, board: dict) -> list[tuple[str, Any]]:
        out = []
        for party in board["parties"]:
            for owner in dict.fromkeys(party["delegates"]):
                if party["delegates"].count(owner) - (party["leader"] == owner) > 0:
                    out.append((party["name"], owner))
        return out

    def _swappable(self, board: dict) -> list[str]:
        return [p["name"] for p in board["parties"]
                if p["delegates"].count(NEUTRAL) - (p["leader"] == NEUTRAL) > 0]

    def why_not(self, state: dict, node: Node, p: int) -> str | None:
        board = state.get(STATE)
        if board is None:
            return "no Terraforming Committee in this game"
        if node["n"] < 0:
            return None if self._removable(board) else "no delegate outside a party's lead"
        if available(state, p) < max(1, node["n"]):
            return "not enough delegates in your reserve and lobby"
        if node.get("swap") and not self._swappable(board):
            return "no neutral delegate outside a party's lead"
        return None

    def act(self, g, node, ctx, answer, board):
        st, p = g.state, ctx["p"]
        if node["n"] < 0:
            options = [option(f"{party}:{owner}", f"{_who(g, owner)}'s delegate in {party}")
                       for party, owner in self._removable(board)]
            answer, ask = ask_one(answer, p, "choice", "Remove which delegate?", options)
            if ask:
                return ask
            party, owner = answer.rsplit(":", 1)
            owner = owner if owner == NEUTRAL else int(owner)
            remove(board, owner, party, _active(st), len(st["players"]))
            to_reserve(st, owner)
            g.say(p, f"removes {_who(g, owner)}'s delegate from {party}")
            if node["n"] < -1:  # the next one, chosen anew
                g.push_items([{**node, "n": node["n"] + 1}], ctx)
            return None
        names = self._swappable(board) if node.get("swap") else [x["name"] for x in board["parties"]]
        answer, ask = ask_one(answer, p, "choice", "In which party?", [option(n, n) for n in names])
        if ask:
            return ask
        if node.get("swap"):
            party = party_of(board, answer)
            party["delegates"][party["delegates"].index(NEUTRAL, 1 if party["leader"] == NEUTRAL else 0)] = p
            to_reserve(st, NEUTRAL)
            take_one(st, p)
            if party["delegates"].count(p) > party["delegates"].count(party["leader"]):
                party["leader"] = p
            g.say(p, f"replaces a neutral delegate in {answer} with one of theirs")
            return None
        for _ in range(node["n"]):
            take_one(st, p)
            place(board, p, answer)
        g.say(p, f"places {node['n']} delegate{'s' if node['n'] > 1 else ''} in {answer}")
        return None


class Chairman(OnTheCommittee, Word):
    """`chairman`: one of your delegates (reserve or lobby) takes the chairman's seat; the one who
    sat there goes back to its reserve."""

    name = word = "chairman"
    writes = (STATE, "players.*.delegates", "players.*.lobby")

    def icon(self, word):
        return "delegate"

    def meaning(self, word):
        return "one of your delegates takes the chairman's seat"

    def text(self, node, cost, note):
        return "one of your delegates takes the chairman's seat (the chairman returns to its reserve)"

    def html(self, node):
        return rd.grp(rd.icons.icon("delegate") + rd.small("chairman"))

    def why_not(self, state: dict, node: Node, p: int) -> str | None:
        if state.get(STATE) is None or available(state, p) < 1:
            return "no delegate in your reserve or lobby"
        return None

    def act(self, g, node, ctx, answer, board):
        st, p = g.state, ctx["p"]
        to_reserve(st, board["chairman"])
        take_one(st, p)
        board["chairman"] = p
        g.say(p, "takes the chairman's seat")
        return None
