"""Can these effects be completed? A conservative ledger over the IR.

The engine offers a card, action or option only if its effects can be carried out (F043,
F063, F099), apart from the three exceptions: a maxed parameter, resources with nowhere to
go, and optional removal. The ledger sums, per resource, production and hand, the most the
effects could give and the least they must take, so that the player's choice of order
(F075, F076) is allowed for: a loss may be covered by a gain resolved before it.
"""

from __future__ import annotations

from collections import defaultdict

from . import board, rules
from .content import Content


class Ledger:
    """Optimistic gains and mandatory losses of one player, plus hard failures."""

    def __init__(self) -> None:
        self.gain: dict[tuple, int] = defaultdict(int)
        self.loss: dict[tuple, int] = defaultdict(int)
        self.failed = False

    def ok(self, state: dict, p: int) -> bool:
        if self.failed:
            return False
        pl = state["players"][p]
        for key, lost in self.loss.items():
            have = self.gain.get(key, 0)
            kind = key[0]
            if kind == "res":
                have += pl["res"][key[1]]
            elif kind == "prod":
                have += pl["prod"][key[1]] - rules.PROD_FLOOR.get(key[1], 0)
            elif kind == "hand":
                have += len(pl["hand"])
            elif kind == "cres":
                have += key[2]
            if have < lost:
                return False
        return True


def amount(state: dict, content: Content, node: dict, ctx: dict, for_loss: bool) -> int:
    n = abs(node["n"])
    if node.get("x"):
        x = ctx.get("x")
        n *= x if x is not None else (ctx.get("xmin", 1) if for_loss else 0)
    if "per" in node:
        n *= rules.count(state, content, ctx["p"], node["per"], ctx)
    return n


def add_items(state: dict, content: Content, items: list, ctx: dict, led: Ledger, mandatory: bool = False) -> None:
    for node in items:
        add_item(state, content, node, ctx, led, mandatory)


def add_item(state: dict, content: Content, node: dict, ctx: dict, led: Ledger, mandatory: bool = False) -> None:
    op = node["op"]
    p = ctx["p"]
    if op == "resource":
        n = amount(state, content, node, ctx, node["n"] < 0)
        if node["n"] > 0:
            led.gain[("res", node["res"])] += n
        elif not node.get("any") and not node.get("upto"):
            if node["res"] == "mc" and mandatory:
                n = max(0, n - rules.spare_payment_value(state, content, p, node.get("with", ())))
            led.loss[("res", node["res"])] += n
        elif mandatory:
            led.failed |= not any(pl["res"][node["res"]] >= n for pl in state["players"])
    elif op == "production":
        n = amount(state, content, node, ctx, node["n"] < 0)
        if node["n"] > 0:
            led.gain[("prod", node["res"])] += n
        elif node.get("any"):
            floor = rules.PROD_FLOOR.get(node["res"], 0)
            others = [q for q in range(len(state["players"])) if q != p
                      and state["players"][q]["prod"][node["res"]] - n >= floor]
            if not others:
                led.loss[("prod", node["res"])] += n
        else:
            led.loss[("prod", node["res"])] += n
    elif op == "box":
        add_items(state, content, node["items"], ctx, led, mandatory)
    elif op == "card_resource":
        if node["n"] > 0 and node["where"] == "that" and not _that_can_hold(state, content, node, ctx):
            led.failed = True  # 'on the card just played, if it can hold one' (F162)
        if node["n"] < 0:
            n = amount(state, content, node, ctx, True)
            if node.get("any"):
                if mandatory and not _removable_card_exists(state, content, p, node["res"], n):
                    led.failed = True
            elif node["where"] == "here":
                entry = rules.find_played(state, p, ctx.get("card", ""))
                have = entry.get("res", 0) if entry else 0
                led.loss[("cres", ctx.get("card"), have)] += n
    elif op == "cards":
        n = amount(state, content, node, ctx, node["n"] < 0)
        if node["n"] < 0:
            led.loss[("hand",)] += n
        elif not node.get("buy") and "of" not in node:
            led.gain[("hand",)] += n
    elif op == "tile":
        if not board.tile_possible(state, content, p, node, ctx):
            led.failed = True
    elif op == "claim":
        if not board.claimable_areas(state, content):
            led.failed = True
    elif op == "choice":
        options = []
        for opt in node["options"]:
            sub = Ledger()
            add_items(state, content, opt, ctx, sub, mandatory)
            if not sub.failed and sub.ok(state, p):
                options.append(sub)
        if not options:
            led.failed = True
            return
        for key in {k for o in options for k in o.gain}:
            led.gain[key] += max(o.gain.get(key, 0) for o in options)
        for key in {k for o in options for k in o.loss}:
            led.loss[key] += min(o.loss.get(key, 0) for o in options)
    elif op == "pay":
        add_items(state, content, node["cost"], ctx, led, mandatory=True)
        add_items(state, content, node["gain"], ctx, led, mandatory)
    elif op == "group":
        add_items(state, content, node["items"], ctx, led, mandatory)
    elif op == "if":
        cond = node["cond"]
        if "reveal" not in cond and rules.requirement_met(state, content, p, cond):
            add_items(state, content, node["items"], ctx, led, mandatory)
    elif op == "override":
        from .overrides import PRIMITIVES
        prim = PRIMITIVES[node["name"]]
        if not prim.feasible(state, content, node, ctx):
            led.failed = True
    # tr, raise, steal, may: always possible (maxed parameters and optional parts are exceptions)


def _that_can_hold(state: dict, content: Content, node: dict, ctx: dict) -> bool:
    """Can the card that set off this effect hold the resource?"""
    entry = rules.find_played(state, ctx["p"], ctx.get("that") or "")
    held = content.cards[entry["name"]].get("holds") if entry else None
    return bool(held) and node["res"] in ("held", held)


def _removable_card_exists(state: dict, content: Content, p: int, res: str, n: int) -> bool:
    for q, pl in enumerate(state["players"]):
        for e in pl["played"]:
            if content.cards[e["name"]].get("holds") == res and e.get("res", 0) >= n \
                    and not rules.is_protected(state, content, q, e["name"], p):
                return True
    return False


def predicted_trigger_gains(state: dict, content: Content, p: int, card: dict, led: Ledger) -> None:
    """Gains the player's own effects would give while this card resolves (its tags, its tiles)."""
    events = [{"kind": "tag", "tag": t, "p": p} for t in card["tags"]]
    for node in card.get("play", ()):
        if node["op"] == "tile":
            events.append({"kind": "tile-kind", "tile": node["tile"], "p": p})
    effects = [eff for e in rules.in_play(state, p) for eff in content.cards[e["name"]].get("effects", ())]
    effects += list(card.get("effects", ()))
    for eff in effects:
        for ev in events:
            if any(_loosely_matches(t, ev) for t in eff.get("on", ())):
                sub = Ledger()
                add_items(state, content, eff["do"], {"p": p, "card": card["name"]}, sub)
                for k, v in sub.gain.items():
                    led.gain[k] += v


def _loosely_matches(t: dict, ev: dict) -> bool:
    word = t["event"]
    if ev["kind"] == "tag":
        return word == ev["tag"] + "-tag"
    return word in (ev["tile"], "tile")


def cannot_fail(items: list) -> bool:
    """Items that can always be carried out whatever the state: gains, optional removals,
    raises and TR. Checking them is skipped, which is most of the deck."""
    for node in items:
        op = node["op"]
        if op in ("tile", "claim", "override", "pay", "if", "steal"):
            return False
        optional_removal = node.get("any") and op in ("resource", "card_resource")
        if op in ("resource", "production", "card_resource", "cards") and node["n"] < 0 and not optional_removal:
            return False
        if op == "production" and node.get("any"):
            return False
        if op == "choice" and not all(cannot_fail(o) for o in node["options"]):
            return False
        if op in ("box", "group") and not cannot_fail(node["items"]):  # 'may' is optional: never fails
            return False
    return True


def reserved_resources(state: dict, content: Content, p: int, card: dict) -> dict:
    """Standard resources the card's own effects must spend, net of its own gains: they cannot
    also pay its cost."""
    key = ("spends-own", card["name"])
    spends = content.memo.get(key)
    if spends is None:
        spends = content.memo[key] = _spends_own_resources(card.get("play", []))
    if not spends:
        return {}
    led = Ledger()
    add_items(state, content, card.get("play", ()), {"p": p, "card": card["name"]}, led)
    return {k[1]: v - led.gain.get(k, 0) for k, v in led.loss.items()
            if k[0] == "res" and k[1] != "mc" and v > led.gain.get(k, 0)}


def _spends_own_resources(items: list) -> bool:
    for node in items:
        if node["op"] == "resource" and node["n"] < 0 and not node.get("any") and node["res"] != "mc":
            return True
        nested = node.get("items", []) + node.get("cost", []) + node.get("gain", [])
        nested += [n for o in node.get("options", ()) for n in o]
        if nested and _spends_own_resources(nested):
            return True
    return False


def safe_items(content: Content, name: str, items: list) -> bool:
    """cannot_fail, memoised per named row (a card's play row, a standard project's)."""
    key = ("cannot-fail", name)
    safe = content.memo.get(key)
    if safe is None:
        safe = content.memo[key] = cannot_fail(items)
    return safe


def card_feasible(state: dict, content: Content, p: int, card: dict) -> bool:
    if safe_items(content, card["name"], card.get("play", [])):
        return True
    led = Ledger()
    ctx = {"p": p, "card": card["name"]}
    add_items(state, content, card.get("play", ()), ctx, led)
    if led.ok(state, p):
        return True
    predicted_trigger_gains(state, content, p, card, led)  # a loss covered by the card's own triggers (F075)
    return led.ok(state, p)


def items_ready(state: dict, content: Content, items: list, ctx: dict) -> bool:
    """Overrides that need an earlier effect first (a tile before its placement metal) say so."""
    from .overrides import PRIMITIVES
    for node in items:
        if node["op"] == "override" and not PRIMITIVES[node["name"]].ready(state, content, node, ctx):
            return False
        if node.get("adjacent") and str(ctx["p"]) not in state.get("last_tile", {}):
            return False  # a removal from neighbours of the tile this card places waits for the tile
        if node["op"] == "box" and not items_ready(state, content, node["items"], ctx):
            return False
    return True


def items_feasible(state: dict, content: Content, items: list, ctx: dict, mandatory: bool = False,
                   extra: list | None = None) -> bool:
    """Feasibility of items, together with other obligations still to come (extra: [(items, ctx)])."""
    led = Ledger()
    add_items(state, content, items, ctx, led, mandatory)
    for more, mctx in extra or ():
        if mctx.get("p") == ctx["p"]:
            add_items(state, content, more, mctx, led, mctx.get("mandatory", False))
    return led.ok(state, ctx["p"])


def action_feasible(state: dict, content: Content, alt: dict, ctx: dict) -> bool:
    led = Ledger()
    c = {**ctx, "xmin": 1}
    add_items(state, content, alt["cost"], c, led, mandatory=True)
    add_items(state, content, alt["gain"], c, led)
    return led.ok(state, ctx["p"])
