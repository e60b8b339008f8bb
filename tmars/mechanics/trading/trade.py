"""The trade action: pay the trade's price in one resource (F348) and trade with a colony tile.

The prices are rule facts (`trading: {trade: {mc: 9, energy: 3, titanium: 3}}`); discounts that
cards give on a trade (`discount 1 on trade`) lower each of them, however they stack, never below
zero. What the trade does is the `trade` op's (`compiler/ops/colonies.py`), which a card's action
may also use at a price of its own (Titan Floating Launch-pad's floater). A trade is no standard
project (F362).
"""

from __future__ import annotations

from compiler.ops import Cards, Resource, items_cannot_fail
from compiler.ops.colonies import Trade, can_trade, marker, trade_is_safe, tradeable
from compiler.text import noun

from ... import feasible, rules
from ...actions import ActionKind, kind
from ...interpreter import Interp, option
from ...trial import action_completes

NAME = "trading"


def prices(g: Interp, p: int) -> dict[str, int]:
    """What a trade costs the player now in each resource that may pay it."""
    base = g.content.rules.section(NAME).get("trade") or {}
    less = rules.discount(g.state, g.content, p, {"kind": "trade"})
    return {res: max(0, int(n) - less) for res, n in base.items()}


def _affordable(g: Interp, p: int, res: str, price: int) -> bool:
    if res == "mc":  # paid through the payment step: what may pay as M€ helps (Helion's heat)
        return price <= g.state["players"][p]["res"]["mc"] or price <= rules.pay_value(g.state, g.content, p)
    return g.state["players"][p]["res"].get(res, 0) >= price


def _label(res: str, price: int) -> str:
    what = f"{price} M€" if res == "mc" else f"{price} {noun(res, price)}"
    return f"Trade with a colony tile ({what})"


def _proven(g: Interp, p: int) -> bool:
    """Can every income and colony bonus a trade may pay now be completed, each by the player
    who gets it? Proven row by row, statically, as plain draws and discards, or by the ledger;
    False where only a trial can tell."""
    st, content = g.state, g.content
    for t in tradeable(st, content):
        spec = content.cards[t["name"]]["parts"]
        at = marker(st, content, t)
        incomes = spec["track"][at:]
        # every draw of this trade at once, so that no row is proven with cards another row takes
        draws = _draws(spec["bonus"]) * len(t["owners"]) + max(map(_draws, incomes))
        supply = len(st["deck"]) + len(st["discard"])
        rows = [(q, "bonus", spec["bonus"]) for q in set(t["owners"])]
        rows += [(p, f"track:{i}", spec["track"][i]) for i in range(at, len(spec["track"]))]
        for q, which, row in rows:
            if items_cannot_fail(row) or (draws <= supply and _draws_then_discards(st, q, row)):
                continue
            if feasible.row_verdict(g, q, f"colony:{t['name']}:{which}", [], row, {"p": q, "card": t["name"]}) \
                    is not True:
                return False
    return True


def _draws(row: list) -> int:
    return sum(n["n"] for n in row if n["op"] == Cards.name and n["n"] > 0 and set(n) <= {"op", "n"})


def _draws_then_discards(state: dict, q: int, row: list) -> bool:
    """Does a row of plain draws and discards (Pluto's bonus: draw a card, then discard one) surely
    complete for player q, its items taken in order, when the deck and the discard pile hold every
    card the trade draws?"""
    hand = len(state["players"][q]["hand"])
    for node in row:
        if node["op"] != Cards.name or set(node) - {"op", "n"}:
            return False
        hand += node["n"]
        if hand < 0:
            return False
    return True


@kind
class TradeAction(ActionKind):
    """`trade:RES`: trade, paying the price in that resource."""

    prefix = "trade"
    mechanic = NAME

    def offers(self, g, p):
        """Each price the player can pay, while a fleet is home and a tile free; a trial only where
        some income, colony bonus or reaction to the trade could fail."""
        st = g.state
        if not can_trade(st, g.content, p):
            return []
        out = []
        safe = (trade_is_safe(st, g.content) or _proven(g, p)) and all(
            items_cannot_fail(eff["do"]) for _, eff in rules.listeners(st, g.content, p).get("trade", ()))
        for res, price in prices(g, p).items():
            oid = f"trade:{res}"
            if _affordable(g, p, res, price) and (safe or action_completes(g, p, oid)):
                out.append(option(oid, _label(res, price)))
        return out

    def rows(self, g, p, arg):
        price = prices(g, p)[arg]
        cost = [{"op": Resource.name, "res": arg, "n": -price}] if price and arg != "mc" else []
        return cost, [{"op": Trade.name}]

    def start(self, g, p, arg):
        price = prices(g, p)[arg]
        if arg == "mc":
            g.push_items([{"op": Trade.name}], {"p": p})
            if price:
                g.push({"t": "pay", "p": p, "amount": price, "why": "a trade", "says": "pays for a trade"})
            return
        cost = [{"op": Resource.name, "res": arg, "n": -price}] if price else []
        g.push_items([*cost, {"op": Trade.name}], {"p": p})
