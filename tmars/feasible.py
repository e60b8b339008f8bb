"""A quick necessary test for the action menu: a ledger of optimistic gains and mandatory losses.

The offer check of record is the trial search (`trial.py`): the interpreter itself, run on a
copy. The ledger only saves work in front of it. It is a relaxation: it sums, per resource,
production and hand, the most the effects could give and the least they must take, so that
the player's choice of order (F075, F076) is allowed for. When it says no, nothing can
complete; when it says yes for items whose outcome cannot depend on order or choices
(`ledger_is_exact`), that is the answer; otherwise the trial decides.
"""

from __future__ import annotations

from collections import defaultdict

from compiler.ir import walk

from . import board, rules
from .content import Content
from .overrides import PRIMITIVES
from .static import items_cannot_fail, unsafe_triggers_in_play
from .trial import action_completes


class Ledger:
    """Optimistic gains and mandatory losses of one player, plus hard failures."""

    def __init__(self) -> None:
        self.gain: dict[tuple, int] = defaultdict(int)
        self.loss: dict[tuple, int] = defaultdict(int)
        self.failed = False

    def ok(self, state: dict, content: Content, p: int) -> bool:
        if self.failed:
            return False
        pl = state["players"][p]
        for key, lost in self.loss.items():
            have = self.gain.get(key, 0)
            kind = key[0]
            if kind == "res":
                have += pl["res"][key[1]]
            elif kind == "prod":
                have += pl["prod"][key[1]] - content.rules.floor(key[1])
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
            floor = content.rules.floor(node["res"])
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
        n = node.get("n", 1)
        if n == 1 and not board.tile_possible(state, content, p, node, ctx):
            led.failed = True
        elif n > 1 and not board.ocean_skipped(state, content, node):
            led.failed |= len(board.legal_areas(state, content, p, {**node, "n": 1}, ctx)) < n
    elif op == "claim":
        if not board.claimable_areas(state, content):
            led.failed = True
    elif op == "choice":
        options = []
        for opt in node["options"]:
            sub = Ledger()
            add_items(state, content, opt, ctx, sub, mandatory)
            if not sub.failed and sub.ok(state, content, p):
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
    elif op == "if":  # a relaxation: what it may give counts, what it may take does not
        if "reveal" in node["cond"] and not (state["deck"] or state["discard"]):
            led.failed = True  # nothing to reveal (F212)
        sub = Ledger()
        add_items(state, content, node["items"], ctx, sub, mandatory)
        for key, v in sub.gain.items():
            led.gain[key] += v
    elif op == "override":
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
    return any(node["op"] == "resource" and node["n"] < 0 and not node.get("any") and node["res"] != "mc"
               for node in walk(items))


def ledger_is_exact(cost: list, gain: list) -> tuple[bool, tuple]:
    """Is the ledger's yes a proof? It is for own gains and losses with fixed amounts (X counts at
    its least, 1) on keys that no item both gains and loses, with at most one tile or only oceans
    (a placement bonus cannot pay a loss outside the cost), choices whose options lose nothing,
    conditions that cannot fail, and overrides whose feasibility test is exact.

    Red-border production decreases are returned apart, as (resource, amount): when an opponent
    can take each of them, they touch nothing of the player's and the yes still holds."""
    gained: set = set()
    lost: set = set()
    red: list[tuple[str, int]] = []
    tiles: list[str] = []
    loss_outside_cost = False
    for part, items in (("cost", cost), ("gain", gain)):
        for node in walk(items):
            op = node["op"]
            if op == "override":
                if not PRIMITIVES[node["name"]].feasible_is_exact:
                    return False, ()
                continue
            if op == "if" and not items_cannot_fail(node["items"]):
                return False, ()
            if op == "choice" and any(_is_loss(n) for opt in node["options"] for n in walk(opt)):
                return False, ()
            if op == "tile":
                tiles += [node["tile"]] * node.get("n", 1)
                continue
            n = node.get("n", 0)
            if op not in ("resource", "production", "cards", "card_resource") or n == 0:
                continue
            if n < 0 and "per" in node:
                return False, ()
            if n < 0 and op == "resource" and node["res"] == "mc" and not node.get("any") and part == "gain":
                return False, ()  # an M€ loss competes with the card's cost: let the trial pay both
            key = (op, node.get("res"))
            if n > 0:
                gained.add(key)
            elif op == "production" and node.get("any"):
                if node.get("x"):
                    return False, ()
                red.append((node["res"], -n))
            elif not (node.get("any") and op in ("resource", "card_resource")):
                lost.add(key)
                loss_outside_cost |= part == "gain" and op == "resource"
    one_tile = len(tiles) <= 1 or all(t == "ocean" for t in tiles)
    return one_tile and not (gained & lost) and not (tiles and loss_outside_cost), tuple(red)


def _opponents_take(state: dict, content: Content, p: int, red: tuple) -> bool:
    """Can an opponent take each of these red-border production decreases?"""
    players = state["players"]
    return all(any(q != p and pl["prod"][res] - n >= content.rules.floor(res) for q, pl in enumerate(players))
               for res, n in red)


def _is_loss(node: dict) -> bool:
    return node["op"] in ("resource", "production", "cards", "card_resource") and node.get("n", 0) < 0


def exact_for(state: dict, content: Content, p: int, key: str, cost: list, gain: list) -> bool:
    """ledger_is_exact (remembered per named row: a card's play row, an action, a project), with
    its red-border decreases checked against the opponents now."""
    memo = content.memo.setdefault("ledger-exact", {})
    found = memo.get(key)
    if found is None:
        found = memo[key] = ledger_is_exact(cost, gain)
    exact, red = found
    return exact and (not red or _opponents_take(state, content, p, red))


def safe_for(content: Content, key: str, cost: list, gain: list) -> bool:
    """Can these items never fail (`static.items_cannot_fail`)? Remembered per named row."""
    memo = content.memo.setdefault("cannot-fail", {})
    found = memo.get(key)
    if found is None:
        found = memo[key] = items_cannot_fail(cost, True) and items_cannot_fail(gain)
    return found


def card_offerable(g, p: int, card: dict) -> bool:
    """Can playing this card be completed (its cost is affordable: checked before)?"""
    st, content = g.state, g.content
    play = card.get("play", [])
    key = "play:" + card["name"]
    risky_triggers = unsafe_triggers_in_play(st, content)
    if safe_for(content, key, [], play) and not risky_triggers:
        return True
    led = Ledger()
    add_items(st, content, play, {"p": p, "card": card["name"]}, led)
    if led.ok(st, content, p) and exact_for(st, content, p, key, [], play) and not risky_triggers:
        return True
    predicted_trigger_gains(st, content, p, card, led)  # a loss covered by the card's own triggers (F075)
    if not led.ok(st, content, p):
        return False
    return action_completes(g, p, key)


def row_verdict(g, p: int, key: str, cost: list, gain: list, ctx: dict) -> bool | None:
    """True or False when the static test or the ledger decide; None when a trial must."""
    st, content = g.state, g.content
    risky_triggers = unsafe_triggers_in_play(st, content)
    if safe_for(content, key, cost, gain) and not risky_triggers:
        return True
    led = Ledger()
    c = {**ctx, "xmin": 1}
    add_items(st, content, cost, c, led, mandatory=True)
    add_items(st, content, gain, c, led)
    if not led.ok(st, content, p):
        return False
    if exact_for(st, content, p, key, cost, gain) and not risky_triggers:
        return True
    return None


def row_offerable(g, p: int, choice: str, key: str, cost: list, gain: list, ctx: dict, counts: bool = True) -> bool:
    """Can an action, standard project or conversion with these items be completed?"""
    verdict = row_verdict(g, p, key, cost, gain, ctx)
    return action_completes(g, p, choice, counts) if verdict is None else verdict
