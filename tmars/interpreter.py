"""The generic interpreter: executes IR items as resumable tasks on a stack kept in the state.

A task is plain data. The engine calls its handler with the player's answer (None the first
time); the handler either finishes (possibly pushing more tasks) or returns a decision, in
which case it must not have changed anything yet, so that it can be called again with the
answer. That is what makes a game JSON-serialisable in the middle of a card's effects.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from compiler.ir import walk
from compiler.text import items_text

from . import board, rules
from .content import Content

Decision = dict[str, Any]


def option(oid: str, label: str) -> dict:
    return {"id": oid, "label": label}


def decision(p: int, kind: str, prompt: str, options: list[dict], **extra: Any) -> Decision:
    return {"player": p, "kind": kind, "prompt": prompt, "options": options, **extra}


def ask_one(answer: Any, p: int, kind: str, prompt: str, options: list[dict]) -> tuple[Any, Decision | None]:
    """(answer, None) when the answer is known — given, or the only option — else (None, decision).
    The decision is marked so that the offer check answers it alone when only one option of it
    can be completed."""
    if answer is not None:
        return answer, None
    if not options:
        raise CannotComplete(prompt)
    if len(options) == 1:
        return options[0]["id"], None
    return None, decision(p, kind, prompt, options, auto="single")


def has_x(items: list) -> bool:
    """Do these items (not the options of a choice in them: those ask their own X) use X?"""
    return any(node.get("x") for node in walk(items, into_options=False))


def x_bound(g: Interp, items: list, ctx: dict) -> int:
    """Largest X the mandatory X-losses in these items allow, from what the player has now."""
    pl = g.state["players"][ctx["p"]]
    best = 10 ** 6
    for node in walk(items, into_options=False):
        if not node.get("x") or node["n"] > 0:
            continue
        unit = abs(node["n"])
        op = node["op"]
        if op == "resource":
            best = min(best, pl["res"][node["res"]] // unit)
        elif op == "production":
            best = min(best, (pl["prod"][node["res"]] - g.content.rules.floor(node["res"])) // unit)
        elif op == "cards":
            best = min(best, len(pl["hand"]) // unit)
    return 0 if best == 10 ** 6 else best


def x_losses_bounded(items: list) -> bool:
    """Are the X-losses the only losses here, each on its own key and none also gained? Then
    every X up to `x_bound` can be paid, and choosing X needs no search."""
    keys = []
    gained = set()
    for node in walk(items, into_options=False):
        n = node.get("n", 0)
        if node["op"] not in ("resource", "production", "cards", "card_resource") or n == 0:
            continue
        key = (node["op"], node.get("res"))
        if n > 0:
            gained.add(key)
        elif not node.get("x") or node.get("any") or "per" in node:
            return False
        else:
            keys.append(key)
    return len(set(keys)) == len(keys) and not gained & set(keys)


class CannotComplete(Exception):
    """A mandatory part of an effect cannot be carried out. A trial run treats it as a dead end;
    in a real game it means an option was offered that could not be completed: an engine error."""


class Interp:
    """Task handlers over a game state and its content."""

    def __init__(self, state: dict, content: Content):
        self.state = state
        self.content = content

    # ---- plumbing ----------------------------------------------------------------
    def push(self, task: dict) -> None:
        self.state["stack"].append(task)

    def push_items(self, items: list, ctx: dict) -> None:
        if items:
            self.push({"t": "seq", "items": list(items), "ctx": dict(ctx)})

    def log(self, text: str) -> None:
        self.state["log"].append(text)

    def pname(self, p: int) -> str:
        return self.state["players"][p]["name"]

    def emit(self, event: dict) -> None:
        """Collect every player's triggered effects for this event into the enclosing batch."""
        entries = []
        for q, pl in enumerate(self.state["players"]):
            for e in pl["played"]:
                for eff in self.content.cards[e["name"]].get("effects", ()):
                    if "on" in eff and any(rules.trigger_matches(t, event, q, self.content) for t in eff["on"]):
                        entries.append({"items": eff["do"], "ctx": {"p": q, "card": e["name"],
                                                                     "that": event.get("card")}})
        if not entries:
            return
        for task in reversed(self.state["stack"]):
            if task["t"] == "batch":
                task["entries"].extend(entries)
                return
        self.push({"t": "batch", "p": event["p"], "entries": entries})

    # ---- task dispatch -------------------------------------------------------------
    def run(self, task: dict, answer: Any) -> Decision | None:
        return HANDLERS[task["t"]](self, task, answer)

    def h_seq(self, task: dict, answer: Any) -> Decision | None:
        ctx = task["ctx"]
        if "x" not in ctx and has_x(task["items"]):
            lo, hi = ctx.get("xmin", 1), x_bound(self, task["items"], ctx)  # X is at least 1 (F214)
            hi = max(lo, hi)
            if answer is None:
                if lo == hi:
                    answer = str(lo)
                else:
                    return decision(ctx["p"], "amount", "Choose X",
                                    [option(str(v), f"X = {v}") for v in range(lo, hi + 1)])
            ctx = {**ctx, "x": int(answer)}
        items = task["items"]
        if len(items) > 1:
            self.push({"t": "seq", "items": items[1:], "ctx": ctx})
        self.push({"t": "item", "node": items[0], "ctx": ctx})
        return None

    def h_batch(self, task: dict, answer: Any) -> Decision | None:
        """Simultaneous effects in the order the player chooses (F218). Every entry that can go now
        is an option; the offer check keeps those that can be completed. When every entry can go
        and the order cannot change the outcome, nothing is asked."""
        entries = task["entries"]
        if not entries:
            return None
        if answer is None:
            ready = [i for i, e in enumerate(entries) if entry_ready(self.state, e)] or list(range(len(entries)))
            if len(ready) == 1:
                pick = ready[0]
            else:
                opts = [option(str(i), describe_entry(self, entries[i])) for i in ready]
                # the active player orders all triggers; outside the action phase, the first player (F204)
                chooser = task["p"] if self.state["phase"] == "action" else self.state["first"]
                free = len(ready) == len(entries) and not any(_order_matters(e["items"]) for e in entries)
                return decision(chooser, "order", "Choose which effect resolves next", opts,
                                auto="first" if free else "single")
        else:
            pick = int(answer)
        entry = entries.pop(pick)
        self.push(task)  # the batch goes back under the entry it releases, and resumes after it
        self.push_items(entry["items"], entry["ctx"])
        return None

    def h_item(self, task: dict, answer: Any) -> Decision | None:
        node, ctx = task["node"], task["ctx"]
        return ITEM_HANDLERS[node["op"]](self, node, ctx, answer)

    def h_raise(self, task: dict, answer: Any) -> Decision | None:
        param, p = task["param"], task["p"]
        g = self.state["globals"]
        spec = self.content.tracks.globals[param]
        if task["n"] <= 0 or g[param] >= spec["goal"]:
            return None
        g[param] = min(spec["goal"], g[param] + spec["step"])
        self.raise_tr(p, 1)
        self.log(f"{self.pname(p)} raises {param} to {g[param]}")
        if task["n"] > 1:
            self.push({"t": "raise", "param": param, "n": task["n"] - 1, "p": p})
        for b in self.content.tracks.bonuses:
            if b["param"] == param and b["at"] == g[param]:
                self.push_items(b["do"], {"p": p})
        return None

    def raise_tr(self, p: int, n: int) -> None:
        pl = self.state["players"][p]
        pl["tr"] += n
        if n > 0:
            pl["tr_gen"] = True
            pl["tr_raises"] = pl.get("tr_raises", 0) + n

    def h_pay(self, task: dict, answer: Any) -> Decision | None:
        p = task["p"]
        opts = rules.payment_options(self.state, self.content, p, task["amount"], task.get("steel", False),
                                     task.get("titanium", False), task.get("reserve"))
        answer, ask = ask_one(answer, p, "pay", f"Pay {task['amount']} M€ for {task.get('why', '')}",
                              [option(str(i), payment_label(o)) for i, o in enumerate(opts)])
        if ask:
            return ask
        chosen = opts[int(answer)]
        res = self.state["players"][p]["res"]
        for k, v in chosen.items():
            res[k] -= v
        return None


def entry_ready(state: dict, entry: dict) -> bool:
    """Effects that act on the tile their card places wait for it: an override that declares so,
    or a removal from the owners of tiles next to it."""
    from .overrides import PRIMITIVES
    ctx = entry["ctx"]
    for node in walk(entry["items"], into_options=False):
        if node["op"] == "override" and PRIMITIVES[node["name"]].waits_for_tile:
            played = rules.find_played(state, ctx["p"], ctx.get("card") or "")
            if not (played and played.get("area")):
                return False
        if node.get("adjacent") and str(ctx["p"]) not in state.get("last_tile", {}):
            return False
    return True


def payment_label(o: dict) -> str:
    return ", ".join(f"{v} {k}" for k, v in o.items() if v) or "nothing"


def _order_matters(items: list) -> bool:
    """Order is asked when an entry's outcome can depend on what resolved before it: an
    optional effect, a discard, a choice involving a loss, a red-border removal or an override
    (F073, F076)."""
    for node in walk(items, into_options=False):
        op = node["op"]
        if op in ("may", "override", "steal") or (op == "cards" and node["n"] < 0):
            return True
        if node.get("any") and node.get("n", 0) < 0:
            return True
        if op == "choice" and any(_is_loss(n) for opt in node["options"] for n in walk(opt)):
            return True
    return False


def _is_loss(node: dict) -> bool:
    return node["op"] in ("resource", "production", "cards", "card_resource") and node["n"] < 0


def describe_entry(g: Interp, entry: dict) -> str:
    src = entry["ctx"].get("card") or "effect"
    return f"{src} ({g.pname(entry['ctx']['p'])}): {items_text(entry['items'])}"


# ---- item handlers -------------------------------------------------------------------
def amount_of(g: Interp, node: dict, ctx: dict) -> int:
    n = abs(node["n"])
    if node.get("x"):
        n *= ctx.get("x", 0)
    if "per" in node:
        n *= rules.count(g.state, g.content, ctx["p"], node["per"], ctx)
    return n


def i_resource(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    p, res = ctx["p"], node["res"]
    n = amount_of(g, node, ctx)
    players = g.state["players"]
    if node["n"] > 0:
        players[p]["res"][res] += n
        return None
    if not node.get("any"):
        if res == "mc" and ctx.get("mandatory") and n:
            metals = node.get("with", ())
            g.push({"t": "pay", "p": p, "amount": n, "steel": "steel" in metals, "titanium": "titanium" in metals,
                    "why": ctx.get("card") or "an action"})
            return None
        have = players[p]["res"][res]
        if have < n and not node.get("upto"):
            raise CannotComplete(f"{g.pname(p)} has {have} {res}, not {n}")
        players[p]["res"][res] = max(0, have - n)
        return None
    # red border: optional, partial, all from one player (F088); protected plants are safe (F128)
    if ctx.get("mandatory"):
        targets = [(q, n) for q, pl in enumerate(players) if pl["res"][res] >= n]
        opts = [option(f"{q}:{n}", f"{g.pname(q)} loses {n} {res}") for q, _ in targets]
    else:
        opts = [option("none", "nobody")]
        near = adjacent_owners(g, p) if node.get("adjacent") else None
        for q, pl in enumerate(players):
            if res == "plant" and rules.is_protected(g.state, g.content, q, None, p):
                continue
            if near is not None and q not in near:
                continue
            for k in range(min(n, pl["res"][res]), 0, -1):
                opts.append(option(f"{q}:{k}", f"{g.pname(q)} loses {k} {res}"))
    answer, ask = ask_one(answer, p, "target", f"Remove up to {n} {res} from a player", opts)
    if ask:
        return ask
    if answer != "none":
        q, k = (int(v) for v in answer.split(":"))
        players[q]["res"][res] -= k
        g.log(f"{g.pname(q)} loses {k} {res}")
    return None


def adjacent_owners(g: Interp, p: int) -> set[int]:
    """Other players owning a tile next to the tile this player placed last (a removal marked adjacent)."""
    area = g.state.get("last_tile", {}).get(str(p))
    if not area:
        return set()
    board = g.state["board"]
    owners = {board[n].get("owner") for n in g.content.map.areas[area].neighbours if n in board}
    return {q for q in owners if q is not None and q != p}


def i_production(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    p, res = ctx["p"], node["res"]
    n = amount_of(g, node, ctx)
    players = g.state["players"]
    if node["n"] > 0:
        players[p]["prod"][res] += n
        return None
    floor = g.content.rules.floor(res)
    if not node.get("any"):
        if players[p]["prod"][res] - n < floor and not node.get("upto"):
            raise CannotComplete(f"{g.pname(p)}'s {res} production cannot drop by {n}")
        players[p]["prod"][res] = max(floor, players[p]["prod"][res] - n)
        return None
    # red border: mandatory and whole, on one player, who may be the player (F268)
    targets = [q for q, pl in enumerate(players) if pl["prod"][res] - n >= floor]
    others = [q for q in targets if q != p]
    if others:
        targets = others + ([p] if p in targets else [])
    answer, ask = ask_one(answer, p, "target", f"Decrease a player's {res} production by {n}",
                          [option(str(q), g.pname(q)) for q in targets])
    if ask:
        return ask
    q = int(answer)
    players[q]["prod"][res] -= n
    g.log(f"{g.pname(q)}'s {res} production drops by {n}")
    return None


def i_box(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    """The player orders a box's changes (F268): increases first never leave fewer ways to make
    its decreases, so they go first and nothing needs asking."""
    items = node["items"]
    gains = [n for n in items if n["op"] == "production" and n["n"] > 0]
    g.push_items(gains + [n for n in items if n not in gains], ctx)
    return None


def holders(g: Interp, p: int, res: str, exclude: str | None = None) -> list[dict]:
    return [e for e in g.state["players"][p]["played"]
            if g.content.cards[e["name"]].get("holds") == res and e["name"] != exclude]


def i_card_resource(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    p, res, where = ctx["p"], node["res"], node["where"]
    n = amount_of(g, node, ctx)
    st = g.state
    if node["n"] > 0:
        if where == "here":
            targets = [e for e in holders(g, p, res) if e["name"] == ctx.get("card")]
        elif where == "that":
            entry = rules.find_played(st, p, ctx.get("that") or "")
            held = g.content.cards[entry["name"]].get("holds") if entry else None
            targets = [entry] if entry and held and (res == "held" or held == res) else []
            if not targets:  # only if the card just played can hold it (F162)
                raise CannotComplete(f"{ctx.get('that')} cannot hold {res}")
        elif where == "nonempty":
            targets = [e for e in st["players"][p]["played"]
                       if e.get("res") and g.content.cards[e["name"]].get("holds")]
        else:
            targets = holders(g, p, res, exclude=ctx.get("card") if where == "other" else None)
        if not targets:
            return None  # resources with nowhere to go are lost (F120)
        answer, ask = ask_one(answer, p, "card", f"Add {n} {res} to which card?",
                              [option(e["name"], e["name"]) for e in targets])
        if ask:
            return ask
        entry = rules.find_played(st, p, answer)
        entry["res"] = entry.get("res", 0) + n
        g.log(f"{g.pname(p)} adds {n} {res if res != 'held' else 'resource'} to {entry['name']}")
        return None
    if not node.get("any"):
        entry = rules.find_played(st, p, ctx.get("card") or "")
        have = entry.get("res", 0) if entry else 0
        if have < n and not node.get("upto"):
            raise CannotComplete(f"{ctx.get('card')} holds {have} {res}, not {n}")
        if entry:
            entry["res"] = max(0, have - n)
        return None
    mandatory = ctx.get("mandatory", False)
    opts = [] if mandatory else [option("none", "nobody")]
    for q, pl in enumerate(st["players"]):
        for e in pl["played"]:
            if g.content.cards[e["name"]].get("holds") != res or not e.get("res"):
                continue
            if rules.is_protected(st, g.content, q, e["name"], p):
                continue
            amounts = [n] if mandatory else range(min(n, e["res"]), 0, -1)
            for k in amounts:
                if e["res"] >= k:
                    opts.append(option(f"{q}:{e['name']}:{k}", f"{k} {res} from {e['name']} ({g.pname(q)})"))
    answer, ask = ask_one(answer, p, "target", f"Remove {n} {res} from a card", opts)
    if ask:
        return ask
    if answer != "none":
        q, name, k = answer.split(":")
        entry = rules.find_played(st, int(q), name)
        entry["res"] -= int(k)
        g.log(f"{g.pname(p)} removes {k} {res} from {name}")
    return None


def i_tr(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    n = amount_of(g, node, ctx) * (1 if node["n"] > 0 else -1)
    g.raise_tr(ctx["p"], n)
    g.log(f"{g.pname(ctx['p'])} gains {n} TR")
    return None


def i_raise(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    g.push({"t": "raise", "param": node["param"], "n": amount_of(g, node, ctx), "p": ctx["p"]})
    return None


def i_tile(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    p = ctx["p"]
    if board.ocean_skipped(g.state, g.content, node):
        g.log("no ocean left: the ocean is skipped")
        return None
    if node.get("n", 1) > 1 and answer is None:
        rest = {**node, "n": node["n"] - 1}
        if rest["n"] == 1:
            rest.pop("n")
        g.push({"t": "item", "node": rest, "ctx": ctx})
        g.push({"t": "item", "node": {**node, "n": 1}, "ctx": ctx})
        return None
    areas = board.legal_areas(g.state, g.content, p, node, ctx)
    if not areas:
        raise CannotComplete(f"no legal area for {node.get('name', node['tile'])}")
    if answer is None:
        return decision(p, "area", f"Place {node.get('name', node['tile'])}",
                        [option(a, area_label(g.content, a)) for a in areas])
    place_tile(g, p, node, answer, ctx)
    return None


def area_label(content: Content, aid: str) -> str:
    a = content.map.areas[aid]
    extra = [a.name] if a.name else []
    extra += a.bonus
    return aid + (f" ({', '.join(extra)})" if extra else "")


SPACING_WAIVERS = {"reserved", "next-cities"}


def place_tile(g: Interp, p: int, node: dict, area: str, ctx: dict) -> None:
    st = g.state
    kind = node["tile"]
    owner = None if kind == "ocean" else p
    tile = {"tile": kind, "owner": owner}
    if "name" in node:
        tile["name"] = node["name"]
    if {r if isinstance(r, str) else r["rule"] for r in node.get("rules", ())} & SPACING_WAIVERS:
        tile["spacing"] = "waived"  # placed by a rule that allows a city next to it (reserved, next-cities)
    st["board"][area] = tile
    st["claims"].pop(area, None)
    st.setdefault("last_tile", {})[str(p)] = area
    spec = g.content.map.areas[area]
    pl = st["players"][p]
    g.log(f"{g.pname(p)} places {node.get('name', kind)} on {area_label(g.content, area)}")
    if ctx.get("card"):
        entry = rules.find_played(st, p, ctx["card"])
        if entry is not None and entry.get("area") is None:
            entry["area"] = area
    draws = 0
    for b in spec.bonus:
        if b == "card":
            draws += 1
        else:
            pl["res"][b] += 1
    oceans = sum(1 for n in spec.neighbours if st["board"].get(n, {}).get("tile") == "ocean")
    pl["res"]["mc"] += g.content.rules.ocean_adjacency_mc * oceans
    if draws:
        draw_cards(g, p, draws)
    if kind == "ocean":
        st["globals"]["oceans"] += 1
        g.raise_tr(p, 1)
    elif kind == "greenery":
        g.push({"t": "raise", "param": "oxygen", "n": 1, "p": p})
    g.emit({"kind": "tile", "tile": kind, "area": area, "p": p})


def draw_cards(g: Interp, p: int, n: int) -> list[str]:
    drawn = take_from_deck(g, n)
    g.state["players"][p]["hand"].extend(drawn)
    if drawn:
        g.log(f"{g.pname(p)} draws {len(drawn)} card(s)")
    return drawn


def take_from_deck(g: Interp, n: int) -> list[str]:
    """Top n cards; the discard pile is shuffled into a new deck when needed (F085)."""
    from .rng import shuffle
    st = g.state
    out = []
    for _ in range(n):
        if not st["deck"] and st["discard"]:
            st["deck"] = st["discard"]
            st["discard"] = []
            shuffle(st, st["deck"])
        if not st["deck"]:
            break
        out.append(st["deck"].pop())
    return out


def i_cards(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    p = ctx["p"]
    n = amount_of(g, node, ctx)
    pl = g.state["players"][p]
    if node["n"] < 0:
        if n == 0:
            return None
        if len(pl["hand"]) < n:
            raise CannotComplete(f"{g.pname(p)} has {len(pl['hand'])} card(s) to discard, not {n}")
        if answer is None:
            if len(pl["hand"]) == n:
                answer = list(pl["hand"])
            else:
                return decision(p, "select", f"Discard {n} card(s)",
                                [option(c, c) for c in pl["hand"]], min=n, max=n)
        for c in answer:
            pl["hand"].remove(c)
            g.state["discard"].append(c)
        g.log(f"{g.pname(p)} discards {len(answer)} card(s)")
        return None
    if node.get("buy"):
        g.push({"t": "look", "p": p, "cards": take_from_deck(g, n), "keep": n, "buy": True})
        return None
    if "of" in node:
        g.push({"t": "look", "p": p, "cards": take_from_deck(g, node["of"]), "keep": n, "buy": False})
        return None
    draw_cards(g, p, n)
    return None


def h_look(g: Interp, task: dict, answer: Any) -> Decision | None:
    """Look at cards and keep some (free) or buy some (at the card price, F083); the rest are discarded."""
    p, cards = task["p"], task["cards"]
    pl = g.state["players"][p]
    from .flow import buy_cards, buyable
    most = min(task["keep"], len(cards))
    if task["buy"]:
        most = buyable(g, p, most)
    least = 0 if task["buy"] else min(task["keep"], len(cards))
    if answer is None:
        if most == 0 or (least == most == len(cards)):
            answer = list(cards)[:most]
        else:
            verb = f"Buy ({g.content.rules.card_price} M€ each)" if task["buy"] else "Keep"
            return decision(p, "select", f"{verb} up to {most} card(s)", [option(c, c) for c in cards],
                            min=least, max=most)
    if task["buy"]:
        buy_cards(g, p, cards, answer)
        return None
    for c in cards:
        (pl["hand"] if c in answer else g.state["discard"]).append(c)
    return None


def i_steal(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    """A steal is a package: take exactly n from one player and gain it (F094), or from nobody."""
    p, res, n = ctx["p"], node["res"], node["n"]
    players = g.state["players"]
    opts = [option("none", "nobody")]
    for q, pl in enumerate(players):
        if q == p or (res == "plant" and rules.is_protected(g.state, g.content, q, None, p)):
            continue
        have = pl["res"].get(res, 0)
        amounts = range(min(n, have), 0, -1) if node.get("upto") else ([n] if have >= n else [])
        for k in amounts:
            opts.append(option(f"{q}:{k}", f"steal {k} {res} from {g.pname(q)}"))
    answer, ask = ask_one(answer, p, "target", f"Steal {n} {res}", opts)
    if ask:
        return ask
    if answer != "none":
        q, k = (int(v) for v in answer.split(":"))
        players[q]["res"][res] -= k
        players[p]["res"][res] += k
        g.log(f"{g.pname(p)} steals {k} {res} from {g.pname(q)}")
    return None


def i_claim(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    areas = board.claimable_areas(g.state, g.content)
    if not areas:
        raise CannotComplete("no area left to claim")
    if answer is None:
        return decision(ctx["p"], "area", "Claim an area", [option(a, area_label(g.content, a)) for a in areas])
    g.state["claims"][answer] = ctx["p"]
    g.log(f"{g.pname(ctx['p'])} claims {answer}")
    return None


def i_choice(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    answer, ask = ask_one(answer, ctx["p"], "choice", "Choose one",
                          [option(str(i), items_text(opt)) for i, opt in enumerate(node["options"])])
    if ask:
        return ask
    g.push_items(node["options"][int(answer)], ctx)
    return None


def i_pay(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    g.push_items(node["gain"], ctx)
    g.push_items(node["cost"], {**ctx, "mandatory": True})
    return None


def i_may(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    """Optional: 'no' always completes, and 'yes' is offered only when it can be completed."""
    if answer is None:
        return decision(ctx["p"], "confirm", f"Do you want to: {items_text(node['items'])}?",
                        [option("yes", "yes"), option("no", "no")], auto="single")
    if answer == "yes":
        g.push_items(node["items"], ctx)
    return None


def i_group(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    g.push_items(node["items"], ctx)
    return None


def i_if(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    cond = node["cond"]
    if "reveal" in cond:
        cards = take_from_deck(g, 1)
        if not cards:  # nothing to reveal: the action would do nothing, which is not allowed (F212)
            raise CannotComplete("no card left to reveal")
        card = cards[0]
        g.state["discard"].append(card)  # revealed and discarded (F157)
        hit = cond["reveal"] in g.content.cards[card]["tags"]
        g.log(f"{g.pname(ctx['p'])} reveals {card}: {'a hit' if hit else 'no match'}")
    else:
        hit = rules.requirement_met(g.state, g.content, ctx["p"], cond)
    if hit:
        g.push_items(node["items"], ctx)
    return None


def i_override(g: Interp, node: dict, ctx: dict, answer: Any) -> Decision | None:
    from .overrides import PRIMITIVES
    return PRIMITIVES[node["name"]].run(g, node, ctx, answer)


ITEM_HANDLERS: dict[str, Callable] = {
    "resource": i_resource, "production": i_production, "box": i_box, "card_resource": i_card_resource,
    "tr": i_tr, "raise": i_raise, "tile": i_tile, "cards": i_cards, "steal": i_steal, "claim": i_claim,
    "choice": i_choice, "pay": i_pay, "may": i_may, "group": i_group, "if": i_if, "override": i_override,
}

HANDLERS: dict[str, Callable] = {
    "seq": Interp.h_seq, "batch": Interp.h_batch, "item": Interp.h_item, "raise": Interp.h_raise,
    "pay": Interp.h_pay, "look": h_look,
}
