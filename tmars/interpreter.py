"""The generic interpreter: executes IR items as resumable tasks on a stack kept in the state.

A task is plain data. The engine calls its handler with the player's answer (None the first
time); the handler either finishes (possibly pushing more tasks) or returns a decision, in
which case it must not have changed anything yet, so that it can be called again with the
answer. That is what makes a game JSON-serialisable in the middle of a card's effects.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from compiler.ops import OPS, Cards, May, Override, Resource, ReuseAction, walk
from compiler.ops.special import PRIMITIVES
from compiler.text import items_text, noun, param_noun, title
from compiler.tiles import TILE_KINDS
from compiler.triggers import TRIGGERS
from compiler.vocab import HELD, STANDARD_RESOURCES, THAT

from . import board, rules
from .content import Content
from .mechanic import AMOUNT, COUNT, HANDLERS, THIS_ACTION, Task, core_tasks
from .menu import NO_MENU, Menu
from .rng import shuffle
from compiler.ops.protocol import CannotComplete, Decision, ask_one, decision, option

#: the ops told apart here, by their declared names (string compares on hot paths)
_CARDS, _OVERRIDE, _REUSE_ACTION, _RESOURCE, _MAY = Cards.name, Override.name, ReuseAction.name, Resource.name, May.name

__all__ = ["CannotComplete", "Decision", "HANDLERS", "Interp", "ask_one", "decision", "option"]


#: A log line of one player's doings grows to about this many characters, then a new one begins.
LINE = 120


def row_entries(items: list, ctx: dict) -> list[dict]:
    """A row's items as the entries of a batch, each ordered on its own (F218); the items that use
    X are one entry, in printed order, so that X is chosen once for all of them (F214)."""
    if not has_x(items):  # most rows: one entry per item
        return [{"items": [node], "ctx": ctx} for node in items]
    entries: list[dict] = []
    with_x: dict | None = None
    for node in items:
        if has_x([node]):
            if with_x is None:
                with_x = {"items": [], "ctx": ctx}
                entries.append(with_x)
            with_x["items"].append(node)
        else:
            entries.append({"items": [node], "ctx": ctx})
    return entries


def has_x(items: list) -> bool:
    """Do these items (not the options of a choice in them: those ask their own X) use X?
    (A plain recursion rather than `walk`: every sequence of effects asks it.)"""
    for node in items:
        if node.get("x"):
            return True
        for field, is_options in OPS[node["op"]].child_fields:
            if not is_options and has_x(node[field]):
                return True
    return False


def x_bound(g: Interp, items: list, ctx: dict) -> int:
    """Largest X the mandatory X-losses in these items allow, from what the player has now."""
    best = None
    for node in walk(items, into_options=False):
        if node.get("x") and node["n"] < 0:
            room = OPS[node["op"]].x_room(g, node, ctx)
            if room is not None:
                best = room if best is None else min(best, room)
    return 0 if best is None else best


def x_losses_bounded(items: list) -> bool:
    """Are the X-losses the only losses here, each on its own key and none also gained? Then
    every X up to `x_bound` can be paid, and choosing X needs no search."""
    keys = []
    gained = set()
    for node in walk(items, into_options=False):
        if OPS[node["op"]].exactness(node) != "amount" or node.get("n", 0) == 0:
            continue
        key = (node["op"], node.get("res"))
        if node["n"] > 0:
            gained.add(key)
        elif not node.get("x") or node.get("any") or "per" in node:
            return False
        else:
            keys.append(key)
    return len(set(keys)) == len(keys) and not gained & set(keys)


class Interp:
    """The engine over one game state and its content: the task handlers, and the services the
    IR ops use to carry themselves out (counting, the board, the deck, tiles, TR)."""

    def __init__(self, state: dict, content: Content):
        self.state = state
        self.content = content
        self.menu: Menu = NO_MENU  # the action menu's kept parts (`menu.py`), made at the first menu
        #: the payment task last asked about and its ways to pay: its answer picks one of those
        self.ways: tuple[dict, list[dict]] | None = None
        self.new_step()

    # ---- plumbing ----------------------------------------------------------------
    def push(self, task: dict) -> None:
        self.state["stack"].append(task)

    def push_items(self, items: list, ctx: dict) -> None:
        if items:
            self.state["stack"].append({"t": "seq", "items": list(items), "ctx": dict(ctx)})

    def new_step(self) -> None:
        """An answer begins: lines from now on are new (what came before has been shown)."""
        self.mark = len(self.state["log"])
        self.subject: int | None = None

    def log(self, text: str) -> None:
        self.state["log"].append(text)
        self.subject = None

    def continues(self, p: int) -> bool:
        """Does a line about p go on the last line (written in this answer, about p, not too long)?"""
        log = self.state["log"]
        return self.subject == p and len(log) > self.mark and len(log[-1]) < LINE

    def say(self, p: int, text: str) -> None:
        """A line about what player p does or gets: 'Alice gains 2 plants'. What one player does
        in a row within one answer goes on one line ('Alice plays Birds (10 M€), loses 2 plants'),
        so that the log, which saves carry, stays short."""
        log = self.state["log"]
        if self.continues(p):
            log[-1] += ", " + text
        else:
            log.append(f"{self.pname(p)} {text}")
        self.subject = p

    def pname(self, p: int) -> str:
        return self.state["players"][p]["name"]

    def source(self, ctx: dict) -> str:
        """' (Pets)' after a log line of a triggered effect (its context names what set it off), so
        a player sees why something changed on another player's turn; '' otherwise."""
        return f" ({ctx['card']})" if "that" in ctx and ctx.get("card") else ""

    def emit(self, event: dict) -> None:
        """Collect every player's triggered effects for this event into the enclosing batch."""
        if event["kind"] not in self.content.listened:
            return
        entries = []
        st, content = self.state, self.content
        kind, matches = event["kind"], rules.trigger_matches
        for q in range(len(st["players"])):
            found = rules.listeners(st, content, q).get(kind)
            if not found:
                continue
            for name, eff in found:
                for t in eff["on"]:
                    if matches(t, event, q, content):
                        entries.append({"items": bind_that(eff["do"], event), "ctx": {"p": q, "card": name,
                                                                                     "that": event.get("card")}})
                        break
        if entries:
            self._into_batch(entries, event["p"])

    def _into_batch(self, entries: list, p: int | None) -> None:
        """Triggered effects join the enclosing batch (the player orders them with the rest), or
        make one; an event of no player's (a tile placed for no one) is ordered by the first player."""
        for task in reversed(self.state["stack"]):
            if task["t"] == "batch":
                task["entries"].extend(entries)
                return
        self.push({"t": "batch", "p": self.state["first"] if p is None else p, "entries": entries})

    def tags_played(self, p: int, name: str) -> None:
        """A card has entered p's play: its tags are played (an event for each), and as a card's
        tags count as played for the whole action, the new card's own effects also react to the
        tags of the cards played before it in this action (`mechanic.THIS_ACTION`: a card another
        card plays reacts to that card's tags), which it joins."""
        st, content = self.state, self.content
        early = st.get(THIS_ACTION)
        if early is None or early["p"] != p:
            early = st[THIS_ACTION] = {"p": p, "cards": []}
        elif early["cards"] and "tag" in content.listened:
            self._replay_tags(p, name, early["cards"])
        early["cards"].append(name)
        for t in content.cards[name]["tags"]:
            self.emit({"kind": "tag", "tag": t, "p": p, "card": name})

    def _replay_tags(self, p: int, name: str, earlier: list[str]) -> None:
        """The tag events of the cards played earlier in this action, for the new card's own
        triggered effects only (the cards already in play reacted as they were played)."""
        effects = [eff for eff in self.content.cards[name].get("effects", ()) if "on" in eff]
        if not effects:
            return
        entries = []
        for card in earlier:
            for tag in self.content.cards[card]["tags"]:
                event = {"kind": "tag", "tag": tag, "p": p, "card": card}
                for eff in effects:
                    if any(TRIGGERS[t["event"]].listens == "tag" and rules.trigger_matches(t, event, p, self.content)
                           for t in eff["on"]):
                        entries.append({"items": bind_that(eff["do"], event), "ctx": {"p": p, "card": name,
                                                                                     "that": card}})
        if entries:
            self._into_batch(entries, p)

    def production_raised(self, p: int, res: str, n: int) -> None:
        """A player's production went up n steps: one event per step (Manutech's 'for each step')."""
        for _ in range(n):
            self.emit({"kind": "production", "res": res, "p": p})

    def reusable_actions(self, p: int) -> list[str]:
        """The player's blue cards whose action was used this generation, except actions that
        themselves reuse actions (F293: only your own cards)."""
        out = []
        for e in self.state["players"][p]["played"]:
            card = self.content.cards[e["name"]]
            if e.get("used") and card["type"] == "active" and card.get("action") and not any(
                    n["op"] == _REUSE_ACTION for a in card["action"] for n in walk(a["cost"] + a["gain"])):
                out.append(e["name"])
        return out

    def reuse_verdict(self, p: int) -> bool | None:
        """Can some used action be completed again: True, False, or None when only a trial can tell."""
        from .feasible import row_verdict
        verdicts = [row_verdict(self, p, f"act:{name}:{i}", a["cost"], a["gain"], {"p": p, "card": name})
                    for name in self.reusable_actions(p) for i, a in enumerate(self.content.cards[name]["action"])]
        if any(v is True for v in verdicts):
            return True
        return False if all(v is False for v in verdicts) else None

    # ---- services for the ops ----------------------------------------------------------
    def count(self, p: int, c: dict, ctx: dict | None = None, wild: bool = False) -> int:
        return rules.count(self.state, self.content, p, c, ctx, wild)

    def count_for_gain(self, p: int, c: dict, ctx: dict | None = None) -> int:
        return rules.count_for_gain(self.state, self.content, p, c, ctx)

    def find_played(self, p: int, name: str) -> dict | None:
        return rules.find_played(self.state, p, name)

    def ocean_adjacency_mc(self, p: int) -> int:
        return rules.ocean_adjacency_mc(self.state, self.content, p)

    def protected(self, owner: int, card_name: str | None, by: int) -> bool:
        return rules.is_protected(self.state, self.content, owner, card_name, by)

    def requirement_met(self, p: int, cond: dict, ctx: dict | None = None) -> bool:
        return rules.requirement_met(self.state, self.content, p, cond, ctx=ctx)

    def spare_payment_value(self, p: int, metals: tuple | list) -> int:
        return rules.spare_payment_value(self.state, self.content, p, metals)

    def heat_payments(self, p: int) -> list[tuple[str, int, int]]:
        return rules.heat_payments(self.state, self.content, p)

    def holders(self, p: int, res: str, exclude: str | None = None) -> list[dict]:
        """The player's cards that hold this resource ('held': any resource) other than `exclude`."""
        cards = self.content.cards
        return [e for e in self.state["players"][p]["played"]
                if (cards[e["name"]].get("holds") == res or (res == HELD and cards[e["name"]].get("holds")))
                and e["name"] != exclude]

    def legal_areas(self, p: int, node: dict, ctx: dict | None = None) -> list[str]:
        return board.legal_areas(self.state, self.content, p, node, ctx)

    def tile_possible(self, p: int, node: dict, ctx: dict | None = None) -> bool:
        return board.tile_possible(self.state, self.content, p, node, ctx)

    def ocean_skipped(self, node: dict) -> bool:
        return board.ocean_skipped(self.state, self.content, node)

    def claimable_areas(self) -> list[str]:
        return board.claimable_areas(self.state, self.content)

    def area_label(self, aid: str) -> str:
        return area_label(self.content, aid)

    def area_options(self, areas: list[str]) -> list[dict]:
        """The options of a choice among these areas (`area_options`)."""
        return area_options(self.content, areas)

    def adjacent_owners(self, p: int) -> set[int]:
        """Other players owning a tile next to the tile this player placed last (a removal marked adjacent)."""
        area = self.state.get("last_tile", {}).get(str(p))
        if not area:
            return set()
        tiles = self.state["board"]
        owners = {tiles[n].get("owner") for n in self.content.map.areas[area].neighbours if n in tiles}
        return {q for q in owners if q is not None and q != p}

    def place_tile(self, p: int, node: dict, area: str, ctx: dict) -> None:
        place_tile(self, p, node, area, ctx)

    def draw_cards(self, p: int, n: int) -> list[str]:
        drawn = self.take_from_deck(n)
        self.state["players"][p]["hand"].extend(drawn)
        if drawn:
            self.say(p, f"draws {len(drawn)} {noun('card', len(drawn))}")
        return drawn

    def take_from_deck(self, n: int) -> list[str]:
        """Top n cards; the discard pile is shuffled into a new deck when needed (F085)."""
        st = self.state
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

    def reveal_until(self, p: int, tag: str | None, n: int, shows: str | None = None) -> list[str]:
        """Reveal cards from the deck until n with the tag (or showing the card resource `shows`)
        are found: those go to the hand, the rest to the discard pile. Stops when the deck and the
        discard pile run out (the designer's suggested house rule, F176), so it never loops over
        the same cards."""
        st = self.state
        found: list[str] = []
        shown: list[str] = []
        limit = len(st["deck"]) + len(st["discard"])
        while len(found) < n and len(found) + len(shown) < limit:
            drawn = self.take_from_deck(1)
            if not drawn:
                break
            hit = self.content.shows(drawn[0], shows) if shows else tag in self.content.cards[drawn[0]]["tags"]
            (found if hit else shown).append(drawn[0])
        st["players"][p]["hand"].extend(found)
        st["discard"].extend(shown)
        self.log(f"{self.pname(p)} reveals {len(found) + len(shown)} card(s) and keeps {', '.join(found) or 'none'}")
        return found

    def take_from_extra_deck(self, deck: str, n: int) -> list[str]:
        """Top n cards of another deck (`{deck}_deck`), its discard pile reshuffled when needed (F339)."""
        st = self.state
        out = []
        for _ in range(n):
            if not st.get(f"{deck}_deck") and st.get(f"{deck}_discard"):
                st[f"{deck}_deck"] = st[f"{deck}_discard"]
                st[f"{deck}_discard"] = []
                shuffle(st, st[f"{deck}_deck"])
            if not st.get(f"{deck}_deck"):
                break
            out.append(st[f"{deck}_deck"].pop())
        return out

    def playable_with(self, p: int, mods: list[dict]) -> list[str]:
        """The cards in the hand that could be played now with these modifiers granted."""
        from .offers import playable_cards
        pl = self.state["players"][p]
        before = pl.get("granted", [])
        pl["granted"] = before + mods
        try:
            return [name for name, _ in playable_cards(self, p)]
        finally:
            pl["granted"] = before

    def play_from_hand(self, p: int, name: str, mods: list[dict]) -> None:
        """Play a card from the hand now (not as an action of the turn), with these modifiers,
        which end as it is played."""
        from .actions import KINDS
        pl = self.state["players"][p]
        pl["granted"] = pl.get("granted", []) + mods
        KINDS["play"].start(self, p, name)

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
        stack = self.state["stack"]  # `push`, inlined: every effect passes here
        if len(items) > 1:
            stack.append({"t": "seq", "items": items[1:], "ctx": ctx})
        stack.append({"t": "item", "node": items[0], "ctx": ctx})
        return None

    def h_batch(self, task: dict, answer: Any) -> Decision | None:
        """Simultaneous effects in the order the player chooses (F218). Every entry that can go now
        is an option; the offer check keeps those that can be completed. When every entry can go
        and the order cannot change the outcome, nothing is asked."""
        entries = task["entries"]
        if not entries:
            return None
        if answer is None and len(entries) == 1:
            pick = 0  # ready or not, the one entry goes (as below)
        elif answer is None:
            ready = [i for i, e in enumerate(entries) if entry_ready(self.state, e)] or list(range(len(entries)))
            if len(ready) == 1:
                pick = ready[0]
            else:
                # the active player orders all triggers; outside the action phase, the first player (F204)
                chooser = task["p"] if self.state["phase"] == "action" else self.state["first"]
                free = len(ready) == len(entries) and (not any(_order_matters(e["items"]) for e in entries)
                                                       or _idle_now(self, entries))
                if free:
                    first = entries[0]["ctx"]["p"]
                    for e in entries:
                        if e["ctx"]["p"] != first:  # several players' effects: may their draws compete?
                            free = not _draws_compete(self.state, entries)
                            break
                # labels are written only for a decision that is asked (`trial.offer`)
                return decision(chooser, "order", "Choose which effect resolves next",
                                [option(str(i), "") for i in ready], auto="first" if free else "single",
                                describe=lambda oid: describe_entry(self, entries[int(oid)]))
        else:
            pick = int(answer)
        entry = entries.pop(pick)
        self.state["stack"].append(task)  # the batch goes back under the entry it releases, and resumes after it
        self.push_items(entry["items"], entry["ctx"])
        return None

    def h_item(self, task: dict, answer: Any) -> Decision | None:
        node = task["node"]
        return OPS[node["op"]].run(self, node, task["ctx"], answer)

    def h_raise(self, task: dict, answer: Any) -> Decision | None:
        """Raise a track a step (and again for n > 1): TR for the player, and the bonus step reached.
        A raise for no player (`world`: a mechanic's neutral actor) gives nobody TR or anything of
        a bonus step but what changes the planet, placed by the player who decides for it (F290)."""
        param, p, world = task["param"], task["p"], task.get("world", False)
        g = self.state["globals"]
        spec = self.content.tracks.globals[param]
        if task["n"] <= 0 or g[param] >= spec["goal"]:
            return None
        if not self.content.rules.final_phase_raises and self.state["phase"] in self.content.flow.final:
            self.log(f"{param_noun(param)} stays at {g[param]}: nothing raises a parameter after the game's end")
            return None
        g[param] = min(spec["goal"], g[param] + spec["step"])
        if world:
            self.log(f"{self.content.neutral_actor} raises {param_noun(param)} to {g[param]}")
        else:
            self.raise_tr(p, 1)
            self.say(p, f"raises {param_noun(param)} to {g[param]} (+1 TR)")
        self.emit({"kind": "raise", "param": param, "p": None if world else p})
        if task["n"] > 1:
            self.push({**task, "n": task["n"] - 1})
        for b in self.content.tracks.bonuses:
            if b["param"] == param and b["at"] == g[param]:
                if world:
                    self.push_items([n for n in b["do"] if OPS[n["op"]].changes_the_planet], {"p": p, "world": True})
                else:
                    self.push_items(b["do"], {"p": p})
        return None

    def raise_tr(self, p: int, n: int) -> None:
        pl = self.state["players"][p]
        pl["tr"] += n
        if n > 0:
            pl["tr_gen"] = int(pl.get("tr_gen", 0)) + n  # raises this generation (the tr-raises count)
            pl["tr_raises"] = pl.get("tr_raises", 0) + n
            if "tr" in self.content.listened:  # a charge on every step (a ruling party's policy)
                for _ in range(n):
                    self.emit({"kind": "tr", "p": p})
        elif n < 0:
            pl["tr_lost"] = pl.get("tr_lost", 0) - n  # what the invariants add back

    def h_pay(self, task: dict, answer: Any) -> Decision | None:
        p = task["p"]
        asked = self.ways
        if asked is not None and asked[0] is task and answer is not None:  # the ways it was asked with
            opts = asked[1]
        else:
            opts = rules.payment_options(self.state, self.content, p, task["amount"], task.get("steel", False),
                                         task.get("titanium", False), task.get("reserve"), task.get("card"))
        self.ways = None
        if answer is None and len(opts) == 1:
            answer = "0"  # the only way: no decision, and no labels to write
        if answer is None:  # the prompt and labels are written only for a decision to ask
            answer, ask = ask_one(None, p, "pay", f"Pay {task['amount']} M€ for {task.get('why', '')}",
                                  [option(str(i), payment_label(o)) for i, o in enumerate(opts)])
            if ask:
                self.ways = (task, opts)
                return ask
        chosen = opts[int(answer)]
        res = self.state["players"][p]["res"]
        for k, v in chosen.items():
            if k.startswith("card:"):
                rules.find_played(self.state, p, k[5:])["res"] -= v
            else:
                res[k] -= v
        paid = quantities(chosen)
        if task.get("says"):  # the action this pays for, said with its price in one line
            self.say(p, task["says"] + (f" ({paid})" if paid else ""))
        elif paid:  # what it pays for is named, unless the line it joins says it
            why = f" for {task['why']}" if task.get("why") and not self.continues(p) else ""
            self.say(p, f"pays {paid}{why}")
        return None


def bind_that(items: list, event: dict) -> list:
    """The outcome of a triggered effect with `that` (`+1 that`) made the resource the event names;
    other outcomes are shared as they are."""
    res = event.get("res")
    if res is None or not any(n.get("res") == THAT for n in walk(items)):
        return items
    return _with_res(items, res)


def _with_res(value: Any, res: str) -> Any:
    """A copy of IR with every `"res": "that"` made `res`."""
    if isinstance(value, list):
        return [_with_res(v, res) for v in value]
    if isinstance(value, dict):
        return {k: (res if k == "res" and v == THAT else _with_res(v, res)) for k, v in value.items()}
    return value


def entry_ready(state: dict, entry: dict) -> bool:
    """Effects that act on the tile their card places wait for it: an override that declares so,
    or a removal from the owners of tiles next to it."""
    ctx = entry["ctx"]
    for node in walk(entry["items"], into_options=False):
        if node["op"] == _OVERRIDE and PRIMITIVES[node["name"]].waits_for_tile:
            played = rules.find_played(state, ctx["p"], ctx.get("card") or "")
            if not (played and played.get("area")):
                return False
        if node.get("adjacent") and str(ctx["p"]) not in state.get("last_tile", {}):
            return False
    return True


def quantities(amounts: dict) -> str:
    """'9 M€, 2 steel, 1 plant': the nonzero amounts, in the words of the rules text; resources
    paid from a card (`card:NAME` in a payment) are said as taken from it."""
    said = []  # a loop rather than a generator: said at every payment
    for k, v in amounts.items():
        if v:
            said.append(f"{v} from {k[5:]}" if k.startswith("card:") else f"{v} {noun(k, v)}")
    return ", ".join(said)


def payment_label(o: dict) -> str:
    return _payment_label(tuple(o.items()))


@lru_cache(maxsize=4096)
def _payment_label(amounts: tuple) -> str:
    """A way to pay in words, remembered: every payment decision labels all its ways."""
    return ", ".join([f"{v} {k}" for k, v in amounts if v]) or "nothing"


def _order_matters(items: list) -> bool:
    """Order is asked when an entry's outcome can depend on what resolved before it: an
    optional effect, a discard, a choice involving a loss, a red-border removal or an override
    (F073, F076). Each op says whether it is such a part."""
    return any(OPS[node["op"]].order_matters(node) for node in walk(items, into_options=False))


def _idle_now(g: Interp, entries: list) -> bool:
    """Is every entry nothing but parts that do nothing now (two red-bordered removals of plants
    when no one has a plant) and fixed gains of other standard resources, offered or not (`may
    +1 mc`), which set nothing off? Then any order has the same outcome and none is asked (whether
    to take an offered gain is still asked). An entry with anything else (a loss, a tile placed,
    whose bonus or whose watchers may give what another removes) keeps the question."""
    idle = [(node, OPS[node["op"]].idle(g, node, e["ctx"])) for e in entries for node in e["items"]]
    removed = {node.get("res") for node, quiet in idle if quiet}

    def gain(node: dict) -> bool:
        if node["op"] == _MAY:
            return all(gain(n) for n in node["items"])
        return node["op"] == _RESOURCE and node["n"] > 0 and OPS[_RESOURCE].plain_gain(node) and \
            node["res"] not in removed
    return all(quiet or gain(node) for node, quiet in idle)


def _draws_compete(state: dict, entries: list) -> bool:
    """Do players draw in these entries more cards than the deck holds? Then who draws first gets
    the last cards of the deck, and the order is the chooser's (F351: the trader orders the
    income and the colony bonuses)."""
    drawers, total = set(), 0
    for e in entries:
        for node in walk(e["items"], into_options=False):
            if node["op"] == _CARDS and node["n"] > 0 and not node.get("of"):
                drawers.add(e["ctx"]["p"])
                total += node["n"]
    return len(drawers) > 1 and total > len(state["deck"])


def describe_entry(g: Interp, entry: dict) -> str:
    src = entry["ctx"].get("card") or "effect"
    return f"{src} ({g.pname(entry['ctx']['p'])}): {items_text(entry['items'])}"


def area_options(content: Content, areas: list[str]) -> list[dict]:
    """The options of a choice among areas, each made once per content: a tile's placement asks
    among dozens of areas, and an option is never changed once made."""
    memo = content.memo["area-options"]
    out = []
    for aid in areas:
        found = memo.get(aid)
        if found is None:
            found = memo[aid] = option(aid, area_label(content, aid))
        out.append(found)
    return out


def area_label(content: Content, aid: str) -> str:
    """'21 (Tharsis Tholus, steel)': the area, its name and its placement bonus (remembered)."""
    labels = content.memo["area-labels"]
    label = labels.get(aid)
    if label is None:
        a = content.map.areas[aid]
        extra = ([a.name] if a.name else []) + list(a.bonus)
        label = labels[aid] = aid + (f" ({', '.join(extra)})" if extra else "")
    return label


def place_tile(g: Interp, p: int, node: dict, area: str, ctx: dict) -> None:
    if ctx.get("world"):
        place_for_the_world(g, node, area)
        return
    st = g.state
    kind = node["tile"]
    traits = TILE_KINDS[kind]
    tile = {"tile": kind, "owner": p if traits.owned else None}
    if "name" in node:
        tile["name"] = node["name"]
    if {r if isinstance(r, str) else r["rule"] for r in node.get("rules", ())} & board.SPACING_WAIVERS:
        tile["spacing"] = "waived"  # placed by a rule that allows a city next to it (reserved, next-cities)
    st["board"][area] = tile
    st["claims"].pop(area, None)
    st.setdefault("last_tile", {})[str(p)] = area
    spec = g.content.map.areas[area]
    pl = st["players"][p]
    named = g.content.map.areas[area].name
    g.say(p, f"places {title(node['name']) if 'name' in node else kind} on {area}" + (f" ({named})" if named else ""))
    if ctx.get("card"):
        entry = g.find_played(p, ctx["card"])
        if entry is not None and entry.get("area") is None:
            entry["area"] = area
    draws = 0
    bonus: dict[str, int] = {}
    for b in spec.bonus:
        if b == "card":
            draws += 1
        else:
            bonus[b] = bonus.get(b, 0) + 1
    oceans = sum(1 for n in spec.neighbours if st["board"].get(n, {}).get("tile") == "ocean")
    worth = g.ocean_adjacency_mc(p) if oceans else 0
    if worth > 0:
        bonus["mc"] = bonus.get("mc", 0) + worth * oceans
    for r, n in bonus.items():
        pl["res"][r] += n
    if any(bonus.values()):
        g.say(p, f"gains {quantities(bonus)} from the area")
    if draws:
        g.draw_cards(p, draws)
    if spec.extra:  # the rest of a bonus written as a row: a cost, a tile (checked as any row's)
        g.say(p, f"resolves the bonus of {area}")
        g.push_items(list(spec.extra), {"p": p})
    traits.after_placing(g, p)
    g.emit({"kind": "tile", "tile": kind, "area": area, "p": p})


def place_for_the_world(g: Interp, node: dict, area: str) -> None:
    """A tile placed for no player (a mechanic's neutral actor, F290): no owner, no placement bonus, no TR;
    it raises its track, and the effects of anyone's cards that watch for it fire."""
    kind = node["tile"]
    traits = TILE_KINDS[kind]
    g.state["board"][area] = {"tile": kind, "owner": None}
    g.state["claims"].pop(area, None)
    g.log(f"{g.content.neutral_actor} places {kind} on {g.area_label(area)}")
    traits.after_placing(g, g.state["first"], world=True)
    g.emit({"kind": "tile", "tile": kind, "area": area, "p": None})


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
            verb = f"Buy ({rules.buy_price(g.state, g.content, p)} M€ each)" if task["buy"] else "Keep"
            return decision(p, "select", f"{verb} up to {most} card(s)", [option(c, c) for c in cards],
                            min=least, max=most)
    if task["buy"]:
        buy_cards(g, p, cards, answer)
        return None
    for c in cards:
        (pl["hand"] if c in answer else g.state["discard"]).append(c)
    if cards:
        g.say(p, f"looks at {len(cards)} {noun('card', len(cards))}, keeps {len(answer)}")
    return None




core_tasks({
    "seq": Task(Interp.h_seq, lambda s: {"items": s.listing(s.node, minItems=1), "ctx": s.ctx}),
    "item": Task(Interp.h_item, lambda s: {"node": s.node, "ctx": s.ctx}),
    "batch": Task(Interp.h_batch, lambda s: {
        "p": s.player, "card": s.card, "entries": s.listing(s.record({"items": s.listing(s.node), "ctx": s.ctx}))},
        optional=("card",)),
    "raise": Task(Interp.h_raise, lambda s: {"param": s.names(s.content.tracks.globals, "a global parameter"),
                                             "n": s.integer(-COUNT, COUNT), "p": s.player, "world": s.flag},
                  optional=("world",)),
    "pay": Task(Interp.h_pay, lambda s: {
        "p": s.player, "amount": s.integer(0, AMOUNT), "why": {"type": "string", "maxLength": 200},
        "says": {"type": "string", "maxLength": 200}, "steel": s.flag, "titanium": s.flag, "card": s.card,
        "reserve": s.record({r: s.integer(0, AMOUNT) for r in STANDARD_RESOURCES}, required=())},
        optional=("why", "says", "steel", "titanium", "reserve", "card")),
    "look": Task(h_look, lambda s: {"p": s.player, "cards": s.listing(s.project), "keep": s.integer(0, COUNT),
                                    "buy": s.flag}, holds_cards=True),
})

from . import overrides  # noqa: E402,F401  (registers the rule primitives the override op runs)
