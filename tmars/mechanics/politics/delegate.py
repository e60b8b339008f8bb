"""Sending a delegate to a party, an action: the lobby's delegate for free, else one from the
reserve at the facts' price (F382: the lobby counts as reserve for cards; here it goes first)."""

from __future__ import annotations

from ... import rules
from ...actions import ActionKind, kind
from ...interpreter import option
from .board import NAME, STATE, facts, place


@kind
class SendDelegate(ActionKind):
    """`delegate:PARTY`: one delegate of yours joins that party."""

    prefix = "delegate"
    mechanic = NAME

    def offers(self, g, p):
        st = g.state
        board, pl = st.get(STATE), st["players"][p]
        if board is None:
            return []
        price = 0 if pl["lobby"] else int(facts(g.content).get("lobby_price", 5))
        if not pl["lobby"] and (pl["delegates"] <= 0 or not rules.can_pay(st, g.content, p, price)):
            return []
        how = "from the lobby" if pl["lobby"] else f"from the reserve, {price} M€"
        return [option(f"delegate:{party['name']}", f"Send a delegate to {party['name']} ({how})")
                for party in board["parties"]]

    def rows(self, g, p, arg):
        return [], []

    def start(self, g, p, arg):
        st = g.state
        pl = st["players"][p]
        if pl["lobby"]:
            pl["lobby"] = False
            g.say(p, f"sends the lobby's delegate to {arg}")
        else:
            pl["delegates"] -= 1
            price = int(facts(g.content).get("lobby_price", 5))
            g.push({"t": "pay", "p": p, "amount": price, "why": "a delegate", "says": f"sends a delegate to {arg}"})
        place(st[STATE], p, arg)
