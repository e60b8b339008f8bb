"""Ops on colony tiles (the trading mechanic's state, `tmars/mechanics/trading`): placing a
colony, trading, gaining a trade fleet, moving a tile's marker, a colony's bonus paid again and a
tile added to the game.

A colony tile is a card of type `colony` whose fields a module declares (`build`, `bonus`,
`track`, `marker`, `wakes`); the tiles of a game are `state["colonies"]`, each with its marker, the
players who own its colonies and the fleet visiting it this generation. What a tile is now
(active or parked, where its marker stands, whether it is open to a colony or a trade) is worked
out here, once, for these ops and the mechanic alike.
"""

from __future__ import annotations

from typing import Any

from ..ir import INT, STR, TRUE
from ..sheet import render as rd
from . import Node, Op, Word, items_cannot_fail
from .protocol import CannotComplete, ask_one, option

#: how many colonies a tile holds (its three spaces): no card ever adds a fourth (F354)
SPACES = 3
#: what the offer check of these ops reads: the trading mechanic's menu domain (the tiles with
#: their markers, colonies and fleets, and the player's fleets)
TILES_READ = frozenset({"colonies"})
#: the mechanic that keeps the colony tiles (`tmars/mechanics/trading`)
MECHANIC = "trading"
#: the game's state keys of the tiles in play and of those traded with this game (declared with
#: their save shape by the mechanic)
TILES, TRADED = "colonies", "colonies_traded"


# ---- what a tile is now ------------------------------------------------------------------------
def parts(content: Any, name: str) -> dict:
    """A tile's own fields (`build`, `bonus`, `track`, `marker`, `wakes`)."""
    return content.cards[name]["parts"]


def awake(state: dict, content: Any, name: str) -> bool:
    """Is the tile active: it needs no resource, or some player has a card in play that holds the
    resource it names (F346)?"""
    wakes = parts(content, name).get("wakes")
    if wakes is None:
        return True
    return any(wakes in _held(content, pl["played"]) for pl in state["players"])


def _held(content: Any, played: list) -> frozenset:
    """The card resources the cards of a played list hold: remembered on the list (a tracked list
    of the engine, `tmars/memo.py`: forgotten when it changes other than by growing)."""
    memo = getattr(played, "derived", None)
    if memo is not None:
        hit = memo.get("held")
        if hit is not None and hit[0] == len(played):
            return hit[1]
    found = frozenset(h for e in played if (h := content.cards[e["name"]].get("holds")))
    if memo is not None:
        memo["held"] = (len(played), found)
    return found


def marker(state: dict, content: Any, tile: dict) -> int | None:
    """Where a tile's marker stands: its own step; for a tile still parked, its start once some
    card in play holds the resource that wakes it (a tile wakes as that card enters play, and for
    good: the first move of its marker fixes it), else None."""
    if tile["marker"] is not None:
        return tile["marker"]
    return parts(content, tile["name"])["marker"] if awake(state, content, tile["name"]) else None


def last_step(content: Any, tile: dict) -> int:
    return len(parts(content, tile["name"])["track"]) - 1


def open_tiles(state: dict, content: Any, p: int, again: bool = False) -> list[dict]:
    """The tiles a player may place a colony on: active, with a free space, and none of theirs
    (`again`: or one of theirs, where a card allows it)."""
    return [t for t in state.get(TILES, ()) if marker(state, content, t) is not None
            and len(t["owners"]) < SPACES and (again or p not in t["owners"])]


def free_fleets(state: dict, p: int) -> int:
    """How many of a player's trade fleets are home (not visiting a tile this generation)."""
    away = sum(1 for t in state.get(TILES, ()) if t.get("fleet") == p)
    return state["players"][p].get("fleets", 0) - away


def tradeable(state: dict, content: Any) -> list[dict]:
    """The tiles a trade may visit: active, and no fleet there this generation (F347)."""
    return [t for t in state.get(TILES, ()) if "fleet" not in t and marker(state, content, t) is not None]


def can_trade(state: dict, content: Any, p: int) -> bool:
    return free_fleets(state, p) > 0 and bool(tradeable(state, content))


def trade_is_safe(state: dict, content: Any) -> bool:
    """Can no trade fail now, whichever tile it visits: every income it may get (at the marker or
    above, where a card raises it first) and every colony bonus it pays out cannot fail? Then the
    offer check need not try one (a bonus that discards a card is tried)."""
    for t in tradeable(state, content):
        key = ("trade-safe", t["name"], marker(state, content, t), bool(t["owners"]))
        safe = content.memo.get(key)
        if safe is None:
            spec = parts(content, t["name"])
            safe = content.memo[key] = (not t["owners"] or items_cannot_fail(spec["bonus"])) and all(
                items_cannot_fail(row) for row in spec["track"][key[2]:])
        if not safe:
            return False
    return True


def _tile(state: dict, name: str) -> dict:
    return next(t for t in state[TILES] if t["name"] == name)


def _entries(items: list, p: int, card: str) -> list[dict]:
    """A row as a batch entry of player p's, from a tile (none for an empty row)."""
    return [{"items": items, "ctx": {"p": p, "card": card}}] if items else []


def bonus_entries(state: dict, content: Any, tile: dict, only: int | None = None) -> list[dict]:
    """A tile's colony bonus to each colony's owner, once per colony (`only`: that player's)."""
    bonus = parts(content, tile["name"])["bonus"]
    return [e for q in tile["owners"] if only is None or q == only for e in _entries(bonus, q, tile["name"])]


def _tile_choice(answer: Any, p: int, prompt: str, tiles: list[dict]) -> tuple[Any, dict | None]:
    return ask_one(answer, p, "choice", prompt, [option(t["name"], t["name"]) for t in tiles])


# ---- the ops -----------------------------------------------------------------------------------
class PlaceColony(Op):
    """`colony`: place one of your colonies on an active colony tile with a free space where you
    have none (`colony(again)`: or where you have one already); you gain the build bonus of the
    space at once (F361), and the marker moves up to the step just right of the colonies if it
    stood left of them. A colony is no tile on Mars (F368) and no resource: a card that places one
    needs a tile to place it on (F353)."""

    name = "colony"
    mechanic = MECHANIC
    optional = {"again": TRUE}
    written_as = "icon"
    writes = ("colonies",)  # the build bonus is the tile's own row, run as items of their own
    emits = ("colony",)

    def words(self, in_box):
        return () if in_box else ("colony",)

    def icon(self, word):
        return "colony"

    def meaning(self, word):
        return "place a colony on a colony tile (its build bonus is yours at once); colony(again): even " \
               "on a tile where you have one"

    def lower(self, atom):
        node: Node = {"op": self.name}
        for a, place in atom.each_arg():
            if a != "again" or "again" in node:
                raise atom.fail("E219", f"unknown colony option '{a}'", place, "'again'")
            node["again"] = True
        if atom.sign < 0 or atom.n != 1:
            raise atom.fail("E216", "one colony is placed at a time", atom.place, "'colony'")
        return node

    def text(self, node, cost, note):
        again = " (it may go on a colony tile where you already have one)" if node.get("again") else ""
        return "place a colony" + again

    def source(self, node):
        return "colony(again)" if node.get("again") else "colony"

    def html(self, node):
        return rd.grp(rd.icons.icon("colony") + (rd.small("again") if node.get("again") else ""))

    def run(self, g, node, ctx, answer):
        p, st, content = ctx["p"], g.state, g.content
        tiles = open_tiles(st, content, p, node.get("again", False))
        if not tiles:
            raise CannotComplete("no colony tile with a free space for a colony of yours")
        answer, ask = _tile_choice(answer, p, "Place a colony on which colony tile?", tiles)
        if ask:
            return ask
        tile = _tile(st, answer)
        at = marker(st, content, tile)
        tile["owners"].append(p)
        tile["marker"] = max(at, len(tile["owners"]))
        g.say(p, f"places a colony on {answer}")
        g.push_items(parts(content, answer)["build"], {"p": p, "card": ctx.get("card")})
        g.emit({"kind": "colony", "p": p, "card": answer})
        return None

    def bound(self, g, node, ctx, led, mandatory):
        """Failed with no open tile; no proof (a trial decides) unless some open tile's build
        bonus cannot fail."""
        tiles = open_tiles(g.state, g.content, ctx["p"], node.get("again", False))
        if not tiles:
            led.failed = True
        elif not any(items_cannot_fail(parts(g.content, t["name"])["build"]) for t in tiles):
            led.inexact = True

    def reads(self, node, mandatory=False):
        return TILES_READ  # which tiles are open (their build bonus is the tile's own, a fact)

    def cannot_fail(self, node, mandatory, tile_ok):
        return False

    def exactness(self, node):
        return "dynamic"  # its own verdict (`bound`) is exact alone

    def order_matters(self, node):
        return True

    def events(self, node):
        return [{"kind": "colony"}]


class Trade(Word):
    """`trade`: send one of your trade fleets home this generation to a colony tile no fleet is
    visiting; what it costs is paid before (the trade action's price, or a card's action cost).
    Cards that react to a trade go first (a marker raised first), then the
    trader gets the income at the marker and every colony's owner the tile's colony bonus, in the
    order the trader chooses, each owner making their own choices (F351); then the marker drops
    to the step just right of the colonies (F364). The second part is the same op with the tile
    named (`tile`), pushed by the first: no card writes it."""

    name = word = "trade"
    mechanic = MECHANIC
    optional = {"tile": STR}
    writes = ("colonies", "colonies_traded")
    emits = ("trade",)

    def icon(self, word):
        return "trade"

    def meaning(self, word):
        return "trade with a colony tile, using one of your trade fleets"

    def text(self, node, cost, note):
        return "trade with a colony tile"

    def html(self, node):
        return rd.grp(rd.icons.icon("trade"))

    def run(self, g, node, ctx, answer):
        if "tile" in node:
            return self._income(g, node["tile"], ctx["p"])
        p, st, content = ctx["p"], g.state, g.content
        tiles = tradeable(st, content)
        if free_fleets(st, p) <= 0 or not tiles:
            raise CannotComplete("no trade fleet at home, or no colony tile free to trade with")
        answer, ask = _tile_choice(answer, p, "Trade with which colony tile?", tiles)
        if ask:
            return ask
        tile = _tile(st, answer)
        tile["fleet"] = p
        traded = st.setdefault(TRADED, [])
        if answer not in traded:
            traded.append(answer)  # the tiles traded with this game (for the bots' coverage report)
        tile["marker"] = marker(st, content, tile)
        g.say(p, f"trades with {answer}")
        g.push_items([{"op": self.name, "tile": answer}], {"p": p, "card": ctx.get("card")})
        g.push({"t": "batch", "p": p, "entries": []})  # what reacts to the trade comes first
        g.emit({"kind": "trade", "p": p, "card": answer})
        return None

    def _income(self, g, name: str, p: int) -> None:
        st, content = g.state, g.content
        tile = _tile(st, name)
        income = parts(content, name)["track"][tile["marker"]]
        entries = _entries(income, p, name) + bonus_entries(st, content, tile)
        tile["marker"] = len(tile["owners"])
        g.push({"t": "batch", "p": p, "entries": entries})
        return None

    def bound(self, g, node, ctx, led, mandatory):
        """Failed with no fleet home or no tile free; no proof (a trial decides) where some income
        or colony bonus could fail (`trade_is_safe`)."""
        if "tile" in node or not trade_is_safe(g.state, g.content):
            led.inexact = True
        elif not can_trade(g.state, g.content, ctx["p"]):
            led.failed = True

    def reads(self, node, mandatory=False):
        return TILES_READ

    def cannot_fail(self, node, mandatory, tile_ok):
        return False

    def exactness(self, node):
        return "dynamic"

    def order_matters(self, node):
        return True

    def events(self, node):
        return [] if "tile" in node else [{"kind": "trade"}]


class Fleet(Op):
    """`+N fleet`: gain N trade fleets (each trades once a generation, F347)."""

    name = "fleet"
    mechanic = MECHANIC
    required = {"n": INT}
    written_as = "icon"
    writes = ("players.*.fleets",)

    def words(self, in_box):
        return () if in_box else ("fleet",)

    def icon(self, word):
        return "fleet"

    def meaning(self, word):
        return "trade fleets: +N fleet gains N"

    def lower(self, atom):
        atom.no_args()
        if atom.sign < 0:
            raise atom.fail("E216", "trade fleets are only gained", atom.place, "'+1 fleet'")
        return {"op": self.name, "n": atom.n}

    def text(self, node, cost, note):
        n = node["n"]
        return f"gain {n} trade fleet{'s' if n != 1 else ''}"

    def source(self, node):
        return f"+{node['n']} fleet"

    def html(self, node):
        return rd.grp(rd.amount_icon(self.icon("fleet"), node))

    def run(self, g, node, ctx, answer):
        pl = g.state["players"][ctx["p"]]
        pl["fleets"] = pl.get("fleets", 0) + node["n"]
        g.say(ctx["p"], f"gains {node['n']} trade fleet{'s' if node['n'] != 1 else ''}")
        return None

    def reads(self, node, mandatory=False):
        return frozenset()

    def cannot_fail(self, node, mandatory, tile_ok):
        return True


def _dominates(low: list, high: list) -> bool:
    """Is the income `high` at least `low` in every way: the same items, each as much or more?
    Then raising a marker toward it can only help, and nobody need be asked (a track
    whose steps give different productions is a real choice)."""
    if len(low) != len(high):
        return False
    for a, b in zip(low, high, strict=True):
        if {k: v for k, v in a.items() if k != "n"} != {k: v for k, v in b.items() if k != "n"}:
            return False
        if b.get("n", 0) < a.get("n", 0):
            return False
    return True


class Marker(Op):
    """`+N marker` / `-N marker`: move a colony tile's marker N steps up or down its track.
    `marker(that)`: the tile that set the effect off (a trade); `marker(other)`: a tile whose
    marker no other `marker(other)` item of this card has moved (F360: two different tiles,
    whichever the player moves first; the tile remembers it until the generation ends). A marker never goes past its
    track's last step, nor down onto a colony (it stays right of them), and a parked tile's marker
    does not move."""

    name = "marker"
    mechanic = MECHANIC
    required = {"n": INT}
    optional = {"that": TRUE, "other": TRUE}
    written_as = "icon"
    writes = ("colonies",)

    def words(self, in_box):
        return () if in_box else ("marker",)

    def icon(self, word):
        return "marker"

    def meaning(self, word):
        return "a colony tile's trade marker: +N marker moves it up N steps, -N marker down"

    def lower(self, atom):
        node: Node = {"op": self.name, "n": atom.sign * atom.n}
        for a, place in atom.each_arg():
            if a not in ("that", "other") or a in node:
                raise atom.fail("E219", f"unknown marker option '{a}'", place, "'that' or 'other'")
            node[a] = True
        return node

    def text(self, node, cost, note):
        n = node["n"]
        which = "that colony tile's" if node.get("that") else \
            "a different colony tile's" if node.get("other") and n < 0 else "a colony tile's"
        return f"{'raise' if n > 0 else 'lower'} {which} trade marker {abs(n)} step{'s' if abs(n) != 1 else ''}"

    def source(self, node):
        args = [a for a in ("that", "other") if node.get(a)]
        return f"{node['n']:+d} marker" + (f"({', '.join(args)})" if args else "")

    def html(self, node):
        return rd.grp(rd.amount_icon(self.icon("marker"), node) + (rd.small("other") if node.get("other") else ""))

    def candidates(self, g, node, ctx) -> list[dict]:
        st, content = g.state, g.content
        if node.get("that"):
            tiles = [_tile(st, ctx["that"])] if ctx.get("that") in {t["name"] for t in st.get(TILES, ())} else []
        else:
            tiles = list(st.get(TILES, ()))
        out = []
        for t in tiles:
            at = marker(st, content, t)
            if at is None or (node.get("other") and t.get("moved") == ctx.get("card")):
                continue
            room = last_step(content, t) - at if node["n"] > 0 else at - len(t["owners"])
            if room >= abs(node["n"]):
                out.append(t)
        return out

    def run(self, g, node, ctx, answer):
        p, st = ctx["p"], g.state
        tiles = self.candidates(g, node, ctx)
        if not tiles:
            if node.get("that") and node["n"] > 0:
                return None  # at its last step already: nothing is left to raise
            raise CannotComplete("no colony tile whose marker can move so")
        answer, ask = _tile_choice(answer, p, "Move the marker of which colony tile?", tiles)
        if ask:
            return ask
        tile = _tile(st, answer)
        tile["marker"] = marker(st, g.content, tile) + node["n"]
        if node.get("other") and ctx.get("card"):
            tile["moved"] = ctx["card"]  # the card's other marker item moves another tile
        g.say(p, f"{'raises' if node['n'] > 0 else 'lowers'} the marker of {answer} to step {tile['marker']}")
        return None

    def worth_asking(self, g, node, ctx) -> bool:
        """Raising the marker of the tile traded with is optional (a trigger's 'may'); it is
        asked only where the higher step is not surely better (`_dominates`)."""
        if not (node.get("that") and node["n"] > 0):
            return True
        tiles = self.candidates(g, node, ctx)
        if not tiles:
            return False
        track = parts(g.content, tiles[0]["name"])["track"]
        at = marker(g.state, g.content, tiles[0])
        return not _dominates(track[at], track[at + node["n"]])

    def bound(self, g, node, ctx, led, mandatory):
        if not (node.get("that") and node["n"] > 0) and not self.candidates(g, node, ctx):
            led.failed = True

    def reads(self, node, mandatory=False):
        return TILES_READ

    def cannot_fail(self, node, mandatory, tile_ok):
        return bool(node.get("that")) and node["n"] > 0

    def exactness(self, node):
        return "inexact"

    def order_matters(self, node):
        return True


class ColonyBonus(Word):
    """`colony-bonus`: gain the colony bonus of every colony you own, once per colony, as if a
    trade paid them; you order them."""

    name = word = "colony-bonus"
    mechanic = MECHANIC
    writes = ()

    def icon(self, word):
        return "colony"

    def meaning(self, word):
        return "gain the colony bonus of each of your colonies"

    def text(self, node, cost, note):
        return "gain the colony bonus of each of your colonies"

    def html(self, node):
        return rd.grp(rd.icons.icon("colony") + rd.small("bonus"))

    def run(self, g, node, ctx, answer):
        p = ctx["p"]
        entries = [e for t in g.state.get(TILES, ()) for e in bonus_entries(g.state, g.content, t, only=p)]
        if entries:
            g.push({"t": "batch", "p": p, "entries": entries})
        return None

    def reads(self, node, mandatory=False):
        return TILES_READ

    def cannot_fail(self, node, mandatory, tile_ok):
        return False

    def exactness(self, node):
        return "inexact"

    def order_matters(self, node):
        return True


class AddColonyTile(Word):
    """`colony-tile`: put a colony tile of your choice that is not in play into the game (F356);
    it is parked until a card in play holds its resource, as at setup."""

    name = word = "colony-tile"
    mechanic = MECHANIC
    writes = ("colonies",)

    def icon(self, word):
        return "colony"

    def meaning(self, word):
        return "put a colony tile that is not in play into the game"

    def text(self, node, cost, note):
        return "put a colony tile of your choice that is not in play into the game"

    def html(self, node):
        return rd.grp(rd.small("+") + rd.icons.icon("colony"))

    @staticmethod
    def supply(g) -> list[str]:
        used = {t["name"] for t in g.state.get(TILES, ())}
        return [n for n in g.content.in_printed_order("colony") if n not in used]

    def run(self, g, node, ctx, answer):
        p, st, content = ctx["p"], g.state, g.content
        names = self.supply(g)
        if not names:
            raise CannotComplete("every colony tile is in play")
        answer, ask = ask_one(answer, p, "choice", "Put which colony tile into the game?",
                              [option(n, n) for n in names])
        if ask:
            return ask
        order = content.in_printed_order("colony")
        tiles = st.setdefault(TILES, [])
        tiles.append({"name": answer, "owners": [],
                      "marker": parts(content, answer)["marker"] if awake(st, content, answer) else None})
        tiles.sort(key=lambda t: order.index(t["name"]))
        g.say(p, f"puts {answer} into the game")
        return None

    def bound(self, g, node, ctx, led, mandatory):
        if not self.supply(g):
            led.failed = True

    def reads(self, node, mandatory=False):
        return TILES_READ

    def cannot_fail(self, node, mandatory, tile_ok):
        return False

    def exactness(self, node):
        return "inexact"


__all__ = ["SPACES", "TILES", "TRADED", "AddColonyTile", "ColonyBonus", "Fleet", "Marker", "PlaceColony", "Trade",
           "awake", "bonus_entries", "can_trade", "free_fleets", "marker", "open_tiles", "trade_is_safe", "tradeable"]
