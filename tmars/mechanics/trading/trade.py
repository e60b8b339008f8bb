"""The trade action: pay the trade's price in one resource (F348) and trade with a colony tile.

The prices are rule facts (`trading: {trade: {mc: 9, energy: 3, titanium: 3}}`); discounts that
cards give on a trade (`discount 1 on trade`) lower each of them, however they stack, never below
zero. What the trade does is the `trade` op's (`compiler/ops/colonies.py`), which a card's action
may also use at a price of its own (a floater removed from a card). A trade is no standard
project (F362).
"""

from __future__ import annotations

from compiler.ops import Resource, items_cannot_fail
from compiler.ops.colonies import Trade, can_trade, trade_is_safe
from compiler.text import noun

from ... import rules
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
    if res == "mc":  # paid through the payment step: what may pay as M€ helps (heat, where a card allows it)
        return price <= g.state["players"][p]["res"]["mc"] or price <= rules.pay_value(g.state, g.content, p)
    return g.state["players"][p]["res"].get(res, 0) >= price


def _label(res: str, price: int) -> str:
    what = f"{price} M€" if res == "mc" else f"{price} {noun(res, price)}"
    return f"Trade with a colony tile ({what})"


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
        safe = trade_is_safe(st, g.content) and all(
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
