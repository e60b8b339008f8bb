"""The offer check: an option is offered only if carrying it out can be completed.

The check of record is the interpreter itself, run on a copy of the state: a trial plays the
rest of the current unit of play (an action, a setup step) and explores every decision by
depth-first search until one path completes. A mandatory part that cannot be carried out raises
`CannotComplete`, which ends that path. So nothing here restates a rule: what the engine would
do is what the check sees.

Trials cost a copy of the state, so they run only where something can fail: a unit marked plain
when it starts (`unit_is_plain`) is never searched, what is left of a unit is looked at
statically (`rest_is_safe`), and where only the answer's own items can fail an exact ledger
decides (`feasible.items_verdict`); most decisions skip the search. In a real game a
decision's options are filtered here (`offer`); a `CannotComplete` outside a trial is an engine
error, because the option was offered as completable.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator
from itertools import combinations, islice
from typing import Any

from compiler.ops import OPS, Box, CardResource, Choice, Group, May, Pay, Resource, Tile, items_plain_gain, walk
from compiler.vocab import STANDARD_RESOURCES

from . import board
from .interpreter import CannotComplete, Interp, x_losses_bounded
from .mechanic import UNIT_STARTS
from .memo import carry
from .static import (items_cannot_fail, items_safe_whatever_chosen, triggered_choices_in_play,
                     unsafe_triggers_in_play)

#: the ops told apart here, by their declared names (string compares on hot paths)
(_BOX, _CARD_RESOURCE, _CHOICE, _GROUP, _MAY, _PAY, _RESOURCE, _TILE) = (
    Box.name, CardResource.name, Choice.name, Group.name, May.name,
    Pay.name, Resource.name, Tile.name)

# Tasks that begin a unit of play: a trial never runs them, it stops when one is on top. Each task
# type says so where it is declared (the core's and every mechanic's, tmars/mechanic.py).
BOUNDARY = UNIT_STARTS
BUDGET = 4000  # answers tried in one search; beyond it the option is not offered and `exhausted` counts it


class SearchExhausted(Exception):
    pass


#: answers tried in a search before it remembers the positions it reached: most searches end long
#: before, and remembering costs a copy of the state at each step
RECALL_AFTER = 300


class Budget:
    """The answers a search may still try, and, once it has tried many, the positions it reached
    and found no way on from: different orders of the same effects often reach one position (a
    charge on each TR step, an ocean's area), which then is not searched again."""

    def __init__(self, steps: int = BUDGET):
        self.left = steps
        self.dead: set[bytes] | None = None

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise SearchExhausted

    def seen_before(self, state: dict) -> bool:
        """Was this position reached before in this search (and so found to be a dead end)? It is
        remembered now; only once the search has tried `RECALL_AFTER` answers."""
        if self.dead is None:
            if BUDGET - self.left < RECALL_AFTER:
                return False
            self.dead = set()
        log = state["log"]
        state["log"] = []
        try:
            key = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
        finally:
            state["log"] = log
        if key in self.dead:
            return True
        self.dead.add(key)
        return False


exhausted = 0  # searches given up, for the soak to report


#: parts of the state that are flat lists of card names: copied as lists, not pickled (a third of
#: the time a fork takes goes to the discard pile otherwise)
FLAT = ("deck", "discard")


def fork(state: dict) -> dict:
    """An independent copy of the state without its log (trials do not read the log)."""
    kept = {k: state[k] for k in FLAT}
    log = state["log"]
    state["log"] = []
    for k in FLAT:
        state[k] = []
    try:
        data = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
    finally:
        state["log"] = log
        state.update(kept)
    out = pickle.loads(data)
    for k, names in kept.items():
        out[k] = list(names)
    carry(state, out)
    return out


def boundary_depth(stack: list) -> int:
    """How many tasks remain once the current unit of play is done."""
    for i in range(len(stack) - 1, -1, -1):
        if stack[i]["t"] in BOUNDARY:
            return i + 1
    return 0


def _selections(g: Interp, d: dict, stop: int) -> Iterator[list[str]]:
    """The answers a search tries to a selection (cards to keep, buy or discard), fewest cards first.
    Where nothing left of the unit can tell the offered cards apart (`_cards_alike`), the first k
    stand for every choice of k; else every choice of k is tried."""
    ids = [o["id"] for o in d["options"]]
    lo, hi = d.get("min", 0), d.get("max", len(ids))
    alike = _cards_alike(g, stop)
    for k in range(lo, hi + 1):
        if alike:
            yield ids[:k]
        else:
            for chosen in combinations(ids, k):
                yield list(chosen)


def _cards_alike(g: Interp, stop: int) -> bool:
    """Can nothing left of the unit after a selection depend on which cards were chosen, only on
    how many? Only an op that reads the hand's cards (`Op.reads_hand_cards`: playing a card from
    it) tells them apart; a task whose rest is unknown might, and so might a triggered effect
    of the content that holds such an op."""
    stack = g.state["stack"]
    for items in [_continuation(stack[-1])] + [task_items(g, t) for t in stack[stop:-1]]:
        if items is None or any(OPS[n["op"]].reads_hand_cards for n in walk(items)):
            return False
    return not _triggers_read_hand_cards(g.content)


def _triggers_read_hand_cards(content: Any) -> bool:
    found = content.memo.get("triggers-read-hand-cards")
    if found is None:
        found = content.memo["triggers-read-hand-cards"] = any(
            OPS[n["op"]].reads_hand_cards for c in content.cards.values() for e in c.get("effects", ())
            if "on" in e for n in walk(e["do"]))
    return found


def _branches(g: Interp, d: dict, stop: int) -> list[Any]:
    """The answers a search tries to a decision other than a selection (`_selections`), in order.
    Of an optional removal from any player (a red border), only removing nothing: what it takes
    gives the player nothing, and nothing after it needs anyone to have less. Of an order to
    resolve a batch in, an entry of plain gains (`items_plain_gain`) that can go
    now is tried alone: done first it never makes the rest harder, so any order that completes
    has one that starts with it; an entry of plain losses (`_plain_loss`) is tried only when
    nothing else is left, and then one of them."""
    options = d["options"]
    if d["kind"] == "target" and any(o["id"] == "none" for o in options):
        return ["none"]  # an optional removal: taking nothing leaves everyone the most, never less able
    task = g.state["stack"][-1]
    if d["kind"] == "pay" and g.ways is not None and g.ways[0] is task and _only_mc_ahead(g, stop, task["p"]):
        ways = g.ways[1]  # the way that keeps the most M€ alone: nothing ahead asks for what else it spends
        return [options[min(range(len(ways)), key=lambda i: ways[i].get("mc", 0))]["id"]]
    if task["t"] == "batch":
        entries = task["entries"]
        for o in options:
            if items_plain_gain(entries[int(o["id"])]["items"]):
                return [o["id"]]
        later = [o["id"] for o in options if not _plain_loss(entries[int(o["id"])]["items"])]
        return later or [options[0]["id"]]  # plain losses last: paid later, nothing has less to go on
    return [o["id"] for o in options]


def _plain_loss(items: list) -> bool:
    """Does an entry only take fixed amounts of the player's own standard resources (a charge on a
    TR step)? Put after every other entry it never makes the rest harder: the same is paid, and
    meanwhile the player has more, which no effect asks to be less."""
    return all(n["op"] == _RESOURCE and n["n"] < 0 and n["res"] in STANDARD_RESOURCES
               and not (n.get("any") or n.get("x") or n.get("per") or n.get("less") or n.get("upto"))
               for n in items)


def completes(g: Interp, stop: int, budget: Budget) -> bool:
    """Can the tasks above depth `stop` be carried out to the end, for some answers? Mutates g's state."""
    stack = g.state["stack"]
    while len(stack) > stop:
        idx = len(stack) - 1
        try:
            d = g.run(stack[idx], None)
        except CannotComplete:
            return False
        if d is None:
            del stack[idx]
            continue
        if d["kind"] == "select":
            return _select_completes(g, d, idx, stop, budget)
        if unsafe_triggers_in_play(g.state, g.content) and _charges_unpayable(g, stop):
            return False  # whatever is answered, the charges on the TR steps to come cannot be paid
        answers = _branches(g, d, stop)
        last = len(answers) - 1
        for k, ans in enumerate(answers):
            budget.spend()
            sub = g if k == last else Interp(fork(g.state), g.content)  # the last answer uses g itself
            try:
                sub.run(sub.state["stack"][idx], ans)
            except CannotComplete:
                continue
            del sub.state["stack"][idx]
            if budget.seen_before(sub.state):
                continue
            if completes(sub, stop, budget):
                return True
        return False
    return True


def _only_mc_ahead(g: Interp, stop: int, p: int) -> bool:
    from .feasible import only_mc_ahead  # feasible builds on this module
    return only_mc_ahead(g, stop, p)


def _charges_unpayable(g: Interp, stop: int) -> bool:
    from .feasible import unit_charges_unpayable  # feasible builds on this module
    return unit_charges_unpayable(g, stop)


def _select_completes(g: Interp, d: dict, idx: int, stop: int, budget: Budget) -> bool:
    """`completes` at a selection: each choice `_selections` gives, made one at a time (there may
    be many), each on a copy but the last, which uses g itself."""
    choices = _selections(g, d, stop)
    ans = next(choices, None)
    while ans is not None:
        budget.spend()
        following = next(choices, None)
        sub = g if following is None else Interp(fork(g.state), g.content)
        try:
            sub.run(sub.state["stack"][idx], ans)
        except CannotComplete:
            ans = following
            continue
        del sub.state["stack"][idx]
        if completes(sub, stop, budget):
            return True
        ans = following
    return False


def search(g: Interp, stop: int) -> bool:
    global exhausted
    try:
        return completes(g, stop, Budget())
    except SearchExhausted:
        exhausted += 1
        return False


def answer_completes(g: Interp, answer: Any, stop: int) -> bool:
    """Would answering the pending task this way leave a unit that can be completed?"""
    sub = Interp(fork(g.state), g.content)
    stack = sub.state["stack"]
    idx = len(stack) - 1
    try:
        sub.run(stack[idx], answer)
    except CannotComplete:
        return False
    del stack[idx]
    return search(sub, stop)


def action_completes(g: Interp, p: int, choice: str, counts: bool = True) -> bool:
    """Can this action-menu choice be carried out to the end of the action?"""
    from .actions import start_action
    from .feasible import charges_verdict
    verdict = charges_verdict(g, p, choice)
    if verdict is not None:
        return verdict
    sub = Interp(fork(g.state), g.content)
    base = len(sub.state["stack"])
    try:
        start_action(sub, p, choice, counts)
    except CannotComplete:
        return False
    return search(sub, base + 1 if counts else base)


def _continuation(task: dict) -> list | None:
    """What the top task still has to do once its decision is answered (None: unknown, search)."""
    t = task["t"]
    if t == "item":
        node = task["node"]
        if node["op"] == _CHOICE:
            return [n for opt in node["options"] for n in opt]
        if node["op"] == _MAY:
            return node["items"]
        return None if OPS[node["op"]].answer_leads_elsewhere else []
    if t == "seq":  # choosing X: losses bounded by x_bound are paid whatever X is chosen
        items = task["items"]
        return _without_x_losses(items) if x_losses_bounded(items) else items
    if t == "batch":
        return [n for e in task["entries"] for n in e["items"]]
    return [] if t in ("pay", "look") else None


def _without_x_losses(items: list) -> list:
    out = []
    for n in items:
        if n.get("x") and n.get("n", 0) < 0:
            continue
        if n["op"] == _PAY:
            n = {**n, "cost": _without_x_losses(n["cost"]), "gain": _without_x_losses(n["gain"])}
        elif n["op"] in (_BOX, _GROUP):
            n = {**n, "items": _without_x_losses(n["items"])}
        out.append(n)
    return out


def task_items(g: Interp, task: dict) -> list | None:
    """What a task below the top will do (None: it may fail in ways the items do not show)."""
    t = task["t"]
    cards = g.content.cards
    if t == "seq":
        return task["items"]
    if t == "item":
        return [task["node"]]
    if t == "batch":
        return [n for e in task["entries"] for n in e["items"]]
    if t in ("raise", "look"):
        return []
    if t == "resolve_card":
        return cards[task["card"]].get("play", [])
    if t == "use_action":
        return [n for a in cards[task["card"]]["action"] for n in a["cost"] + a["gain"]]
    if t == "std_effects":
        return g.content.component("standard-project", task["card"]).get("play", [])
    return None


class TileCheck:
    """Tiles in what is left of a unit are safe when each has a legal area now and they cannot
    take each other's areas: one tile, or only oceans with enough ocean areas."""

    def __init__(self, g: Interp):
        self.g = g
        self.kinds: list[str] = []
        self.p = 0

    def ok(self, node: dict) -> bool:
        st, content = self.g.state, self.g.content
        self.kinds += [node["tile"]] * node.get("n", 1)
        if len(self.kinds) > 1 and any(k != "ocean" for k in self.kinds):
            return False
        if board.ocean_skipped(st, content, node):
            return True
        risky = content.map.risky  # an area whose bonus may fail is no safe place
        if len(self.kinds) == 1 and not risky:
            return board.tile_possible(st, content, self.p, node)
        safe = [a for a in board.legal_areas(st, content, self.p, {**node, "n": 1}) if a not in risky]
        return len(safe) >= len(self.kinds)


def _safe(items: list | None, task: dict, tiles: TileCheck) -> bool:
    if items is None:
        return False
    if task["t"] == "batch":
        for e in task["entries"]:
            tiles.p = e["ctx"]["p"]
            if not items_cannot_fail(e["items"], e["ctx"].get("mandatory", False), tiles.ok):
                return False
        return True
    ctx = task.get("ctx", {})
    tiles.p = ctx.get("p", task.get("p", 0))
    return items_cannot_fail(items, ctx.get("mandatory", False), tiles.ok)


def rest_is_safe(g: Interp, stop: int, tiles: TileCheck | None = None) -> bool:
    """Can nothing below the pending decision, down to the end of its unit, fail?"""
    tiles = tiles or TileCheck(g)
    stack = g.state["stack"]
    for i in range(stop, len(stack) - 1):
        task = stack[i]
        if not _safe(task_items(g, task), task, tiles):
            return False
    return not unsafe_triggers_in_play(g.state, g.content)


def _spends_resources(g: Interp, stack: list, stop: int) -> bool:
    """Does anything after a payment take resources from the player, or read them (a condition on
    steel, an amount per plant)? If not, how the player pays cannot matter, and the unit was
    offered as completable. A triggered effect that can fail may take them too (a trigger that
    costs M€): then it does."""
    if unsafe_triggers_in_play(g.state, g.content):
        return True
    for task in stack[stop:-1]:
        items = task_items(g, task)
        if items is None:
            return True
        if task["t"] == "batch":
            items = [n for e in task["entries"] for n in e["items"]]
        risky = g.content.map.risky  # a tile may go where its bonus costs something (a map's paid area)
        for n in walk(items):
            if n.get("n", 0) < 0 and n["op"] in (_RESOURCE, _CARD_RESOURCE) or (risky and n["op"] == _TILE):
                return True
            if ("cond" in n or "per" in n or not OPS[n["op"]].child_fields) and _reads_resources(n):
                return True
    return False


def _reads_resources(node: dict) -> bool:
    """Does what this node does depend on the player's resources (or on anything: '*')?"""
    for d in OPS[node["op"]].reads(node):  # noqa: SIM110  (a loop: no generator made)
        if d == "*" or d == "res" or d.startswith("res:"):
            return True
    return False


def _viable(g: Interp, task: dict, answer: str, stop: int, rest_safe: bool) -> bool:
    """Can this answer be completed? The ledger decides where it is exact, else a trial."""
    from .feasible import items_verdict, row_verdict
    verdict = None
    if task["t"] == "use_action":  # an alternative of a card's action
        p, name = task["p"], task["card"]
        alt = g.content.cards[name]["action"][int(answer)]
        verdict = row_verdict(g, p, f"act:{name}:{answer}", alt["cost"], alt["gain"], {"p": p, "card": name})
    elif rest_safe:  # only what this answer leads to can fail: weigh it alone
        ctx = task.get("ctx", {})
        node = task.get("node", {})
        if task["t"] == "item" and node.get("op") == _CHOICE:
            verdict = items_verdict(g, [(node["options"][int(answer)], ctx)])
        elif task["t"] == "item" and node.get("op") == _MAY:
            verdict = True if answer == "no" else items_verdict(g, [(node["items"], ctx)])
    return answer_completes(g, answer, stop) if verdict is None else verdict


def _viable_orders(g: Interp, task: dict, options: list[dict], stop: int, rest_safe: bool) -> list[dict]:
    """The options of an order to resolve a batch in (`_viable` of each): when only what the batch
    leads to can fail, every order completes if all its entries together are exact, which is weighed
    once for all of them; else each is tried."""
    from .feasible import items_verdict
    if rest_safe and items_verdict(g, [(e["items"], e["ctx"]) for e in task["entries"]]):
        return options
    return [o for o in options if answer_completes(g, o["id"], stop)]


#: choices of cards a selection's offer check tries one by one, at most; beyond, each selection
#: answered is checked when it is given (`selection_refusal`)
SELECTION_CHOICES = 256


def _selection_offered(g: Interp, d: dict, stop: int) -> dict:
    """A selection narrowed to what can be completed: the sizes that can (where the cards are
    alike, `_cards_alike`), else the cards some completing choice holds, and the completing
    choices themselves (`only`) when not every choice of those cards completes. The protocol
    refuses any other answer (`selection_refusal`)."""
    ids = [o["id"] for o in d["options"]]
    lo, hi = d.get("min", 0), d.get("max", len(ids))
    if _cards_alike(g, stop):
        sizes = [k for k in range(lo, hi + 1) if answer_completes(g, ids[:k], stop)]
        if not sizes:
            raise CannotComplete(f"no choice of '{d['prompt']}' can be completed")
        out = {**d, "min": sizes[0], "max": sizes[-1]}
        if len(sizes) != sizes[-1] - sizes[0] + 1:
            out["sizes"] = sizes
        return out
    choices = [c for k in range(lo, hi + 1) for c in islice(combinations(ids, k), SELECTION_CHOICES + 1)]
    if len(choices) > SELECTION_CHOICES:
        return {**d, "check": True}
    good = [c for c in choices if answer_completes(g, list(c), stop)]
    if not good:
        raise CannotComplete(f"no choice of '{d['prompt']}' can be completed")
    kept = [o for o in d["options"] if any(o["id"] in c for c in good)]
    least, most = min(map(len, good)), max(map(len, good))
    out = {**d, "options": kept, "min": least, "max": most}
    names = [o["id"] for o in kept]
    every = {c for k in range(least, most + 1) for c in combinations(names, k)}
    if every != set(good):
        out["only"] = [list(c) for c in good]
    return out


def _bonus_steps_safe(content) -> bool:
    """Can no bonus step of the tracks fail, whatever is chosen in it (remembered per content)?"""
    found = content.memo.get("bonus-steps-safe")
    if found is None:
        found = content.memo["bonus-steps-safe"] = all(
            items_safe_whatever_chosen(b["do"], False, lambda n: True) for b in content.tracks.bonuses)
    return found


def unit_is_plain(g: Interp, p: int, key: str, rows: Callable[[Interp, int, str], tuple[list | None, list | None]],
                  arg: str) -> bool:
    """Can nothing in a unit of play with these rows, (cost, items) as `rows(g, p, arg)` gives them (None:
    unknown), fail, whatever is answered inside it? Then its decisions need no offer check: it is
    marked on the task that ends it. What does not depend on the board is remembered per action
    (`key`); the rows are asked for only when the board decides."""
    if triggered_choices_in_play(g.state, g.content) or not _bonus_steps_safe(g.content):
        return False  # a track's bonus step that may fail (a colony a map's Venus step places) is weighed too
    if g.content.standing_hooks and unsafe_triggers_in_play(g.state, g.content):
        return False  # a standing effect no card gives can fail (a ruling party's charge): nothing is plain
    memo = g.content.memo["plain-units"]
    static = memo.get(key)
    asked = None
    if static is None:  # (safe with every tile placeable, has tiles)
        cost, items = asked = rows(g, p, arg)
        static = memo[key] = (False, False) if items is None else (
            items_safe_whatever_chosen(list(cost), True, lambda n: True)
            and items_safe_whatever_chosen(items, False, lambda n: True),
            any(n["op"] == _TILE for n in walk(list(cost) + list(items))))
    safe, has_tiles = static
    if not safe or not has_tiles:
        return safe
    if g.content.map.risky:
        return False  # an area whose bonus may fail may be chosen: the areas are weighed
    cost, items = asked or rows(g, p, arg)
    tiles = TileCheck(g)
    tiles.p = p
    return items_safe_whatever_chosen(list(cost), True, tiles.ok) and items_safe_whatever_chosen(items, False, tiles.ok)


def offer(g: Interp, d: dict) -> tuple[dict | None, Any]:
    """Filter a decision to the options that can be completed: (decision to ask, None), or
    (None, answer) when the decision answers itself (one option left, or any order will do).
    A decision that says how to `describe` its options is given their labels only when asked:
    most answer themselves, and a trial never shows one."""
    describe = d.pop("describe", None)
    asked, answer = _filtered(g, d)
    if asked is not None and describe is not None:
        asked = {**asked, "options": [{**o, "label": describe(o["id"])} for o in asked["options"]]}
    return asked, answer


def _filtered(g: Interp, d: dict) -> tuple[dict | None, Any]:
    auto = d.pop("auto", None)
    stack = g.state["stack"]
    options = d["options"]
    if len(options) == 1 and auto:
        return None, options[0]["id"]  # if it cannot complete, that shows as an engine error
    select = d["kind"] == "select"
    if stack[-1]["t"] in BOUNDARY or (len(options) == 1 and not select):
        return d, None
    stop = boundary_depth(stack)
    if stop and stack[stop - 1].get("plain"):  # nothing of this unit can fail (`unit_is_plain`)
        return (None, options[0]["id"]) if auto == "first" else (d, None)
    tiles = TileCheck(g)
    rest_safe = rest_is_safe(g, stop, tiles)
    settled = rest_safe and _safe(_continuation(stack[-1]), stack[-1], tiles)
    risky = g.content.map.risky
    if settled and risky and d["kind"] == "area":  # an area whose bonus may fail (a cost, a tile) is weighed
        options = [o for o in options if o["id"] not in risky or answer_completes(g, o["id"], stop)]
        if not options:
            raise CannotComplete(f"no option of '{d['prompt']}' can be completed")
    if select:
        return (d if settled else _selection_offered(g, d, stop)), None
    if not settled and not (stack[-1]["t"] == "pay" and not _spends_resources(g, stack, stop)):
        if stack[-1]["t"] == "batch":
            options = _viable_orders(g, stack[-1], options, stop, rest_safe)
        else:
            options = [o for o in options if _viable(g, stack[-1], o["id"], stop, rest_safe)]
        if not options:
            raise CannotComplete(f"no option of '{d['prompt']}' can be completed")
    if (auto == "first" and len(options) == len(d["options"])) or (auto and len(options) == 1):
        return None, options[0]["id"]
    if len(options) != len(d["options"]):
        d = {**d, "options": options}
    return d, None
