"""The actions of a turn, as a registry of action kinds.

Each kind (play a card, use a card's action, a standard project, a conversion, a milestone, an
award, a corporation's first action, ending the turn) states the options it offers on the
menu and how a chosen one starts. A module adds a kind by registering a class; nothing here
is an `if` chain over kinds. Option ids are `PREFIX:ARGUMENT` (`play:Birds`, `std:power-plant`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from compiler.text import items_text

from . import feasible, rules
from .interpreter import HANDLERS, Interp, ask_one, decision, option
from .menu import Menu, keeps_nothing_of, part, play_reads, requirement_reads, rows_reads
from .trial import action_completes, unit_is_plain


class ActionKind:
    """One kind of action. `offers` lists its menu options for player p now (each offered only
    when it can be completed); `start` pushes what carrying out `arg` takes."""

    prefix: ClassVar[str]
    #: it takes one of the turn's actions (ending the turn or passing does not)
    counts: ClassVar[bool] = True
    #: while it offers anything, the menu is only its options and ending the turn (F-rules of
    #: a corporation's first action)
    exclusive: ClassVar[bool] = False

    def offers(self, g: Interp, p: int) -> list[dict]:
        raise NotImplementedError

    def start(self, g: Interp, p: int, arg: str) -> None:
        raise NotImplementedError

    def rows(self, g: Interp, p: int, arg: str) -> tuple[list, list]:
        """(cost, effects) the action carries out, for the offer check's quick test; (None, None)
        when unknown."""
        return None, None


KINDS: dict[str, ActionKind] = {}


def kind(cls: type[ActionKind]) -> type[ActionKind]:
    """Register an action kind; the menu lists kinds in registration order."""
    KINDS[cls.prefix] = cls()
    return cls


# ---- what can be done now ---------------------------------------------------------------------
def playable_cards(g: Interp, p: int) -> list[tuple[str, int]]:
    """The cards in the hand that can be played now, with what they cost."""
    return [(entry[3], entry[0]) for entry in _playable(g, p)]


def _playable(g: Interp, p: int) -> list[list]:
    """The entries (`_card_entry`) of the cards in the hand that can be played now. Each card's
    entry and its verdict (`_card_verdict`) are parts of the kept menu (`menu.py`), the verdict
    asked only once the player can pay; affordability, and a trial where one decides, are worked
    out each time."""
    st, content = g.state, g.content
    menu = g.menu
    parts = menu.now if menu is not None else None
    cards = content.cards
    mc = st["players"][p]["res"]["mc"]
    worth = None  # what the player's resources are worth as M€ (`rules.purse`), asked once
    out = []
    for name in dict.fromkeys(st["players"][p]["hand"]):
        entry = parts.get(("card", name)) if parts is not None else None
        if entry is None:
            entry = part(g, p, ("card", name), _card_entry_reads, _card_entry, g, p, cards[name])
        cost, metals = entry[0], entry[1]
        if cost > mc:  # M€ alone would do: what the card's own effects spend is never M€
            if entry[4]:
                if worth is None:
                    worth = rules.purse(st, content, p)
                if cost > worth[0] + (worth[1] if metals[0] else 0) + (worth[2] if metals[1] else 0):
                    continue
            elif not rules.can_pay(st, content, p, cost, *metals, feasible.reserved_resources(g, p, cards[name]),
                                   name):
                continue
        verdict = parts.get(("verdict", name), UNKNOWN) if parts is not None else UNKNOWN
        if verdict is UNKNOWN:
            verdict = part(g, p, ("verdict", name), _verdict_reads, _card_verdict, g, p, cards[name])
        if verdict is False or (verdict is None and not action_completes(g, p, "play:" + name)):
            continue
        out.append(entry)
    return out


#: no kept value (a verdict may be None)
UNKNOWN = object()


def _card_entry(g: Interp, p: int, card: dict) -> tuple:
    """(cost, metals, option, name, alone): what the card costs, whether steel and titanium may
    pay, its option, and whether what the player has decides alone (its own effects spend none
    of it, and no card's resources may pay for it)."""
    content = g.content
    name = card["name"]
    cost = rules.card_cost(g.state, content, p, name)
    return (cost, ("building" in card["tags"], "space" in card["tags"]),
            option(f"play:{name}", f"play {name} ({cost} M€)"), name,
            not content.card_pay and not feasible.spends_own_resources(content, card))


def _card_entry_reads(g: Interp, p: int, card: dict) -> frozenset[str]:
    return frozenset({"discounts"})


def _card_verdict(g: Interp, p: int, card: dict) -> bool | None:
    """Are the card's requirements met, and can its effects be completed (None: a trial decides)?"""
    # the requirements are kept on their own too: for a verdict that reads resources (and is not kept)
    if "requires" in card and not part(g, p, ("req", card["name"]), _requirement_reads, rules.requirements_met,
                                      g.state, g.content, p, card):
        return False
    return feasible.card_verdict(g, p, card)


def _verdict_reads(g: Interp, p: int, card: dict) -> frozenset[str]:
    out = play_reads(card.get("play", []))
    return out | requirement_reads(card["requires"]) if "requires" in card else out


def _requirement_reads(st: dict, content: Any, p: int, card: dict) -> frozenset[str]:
    return requirement_reads(card["requires"])


def _row_offerable(g: Interp, p: int, choice: str, key: str, cost: list, gain: list, ctx: dict,
                   counts: bool = True, reads: Any = None) -> bool:
    """feasible.row_offerable, with the row's entry (`_row_entry`) a part of the kept menu; the
    cost's plain losses, and a trial where one decides, are worked out each time."""
    menu = g.menu
    parts = menu.now if menu is not None else None
    k = (key, counts)
    entry = parts.get(k) if parts is not None else None
    if entry is None:
        entry = part(g, p, k, reads or _row_reads, _row_entry, g, p, key, cost, gain, ctx)
    plain, verdict = entry
    if plain:
        res = g.state["players"][p]["res"]
        for r, n, metals in plain:
            if res[r] < n and (metals is None or res[r] + rules.spare_payment_value(g.state, g.content, p, metals) < n):
                return False
    return action_completes(g, p, choice, counts) if verdict is None else verdict


def _row_entry(g: Interp, p: int, key: str, cost: list, gain: list, ctx: dict) -> tuple[tuple, bool | None]:
    """(plain losses, verdict): the cost's plain losses (8 plants: `feasible.plain_cost_losses`) as
    (resource, amount, the metals that may pay it when it is M€), tested apart when the rest of the
    row reads no resource; and the verdict on the rest (on the whole row otherwise), None when a
    trial decides."""
    plain, rest = _split(g.content, key, cost, gain)
    if not plain:
        return (), feasible.row_verdict(g, p, key, cost, gain, ctx)
    losses = []
    for i in plain:
        node = cost[i]
        losses.append((node["res"], -node["n"], tuple(node.get("with", ())) if node["res"] == "mc" else None))
    return tuple(losses), feasible.row_verdict(g, p, key + "|rest", rest, gain, ctx)


def _split(content: Any, key: str, cost: list, gain: list) -> tuple[tuple[int, ...], list]:
    """The plain losses of the cost and the rest of it, when the rest reads no resource."""
    plain = feasible.plain_cost_losses(content, key, cost, gain)
    if plain:
        rest = [n for i, n in enumerate(cost) if i not in plain]
        if keeps_nothing_of(rows_reads(rest, gain)) is False:
            return plain, rest
    return (), cost


def _row_reads(g: Interp, p: int, key: str, cost: list, gain: list, ctx: dict) -> frozenset[str]:
    plain, rest = _split(g.content, key, cost, gain)
    return rows_reads(rest, gain)


def _conversion_reads(g: Interp, p: int, key: str, cost: list, gain: list, ctx: dict) -> frozenset[str]:
    """A conversion's row, and its amounts: discounted in the resource spent by cards in play."""
    return _row_reads(g, p, key, cost, gain, ctx) | {"discounts"}


def usable_actions(g: Interp, p: int) -> list[str]:
    """Played cards whose action (one of its alternatives) can be carried out now."""
    played = g.state["players"][p]["played"]
    out = []
    for i, name, alts in rules._memo_on_played(g.state, g.content, p, "actions", _with_actions):
        if played[i].get("used"):
            continue
        ctx = {"p": p, "card": name}
        if any(_row_offerable(g, p, choice, key, a["cost"], a["gain"], ctx) for choice, key, a in alts):
            out.append(name)
    return out


def _with_actions(content: Any, played: list) -> list[tuple[int, str, list[tuple[str, str, dict]]]]:
    """The played cards with an action: (place, name, (option id, row key, alternative) each)."""
    out = []
    for i, e in enumerate(played):
        alts = content.cards[e["name"]].get("action")
        if alts:
            name = e["name"]
            out.append((i, name, [(f"act:{name}", f"act:{name}:{k}", a) for k, a in enumerate(alts)]))
    return out


def option_id(g: Interp, prefix: str, name: str) -> str:
    """'std:power-plant' for a board component: its menu option id (remembered per name)."""
    memo = g.content.memo.get("option-ids")
    if memo is None:
        memo = g.content.memo["option-ids"] = {}
    oid = memo.get((prefix, name))
    if oid is None:
        oid = memo[(prefix, name)] = f"{prefix}:{g.content.slug(name)}"
    return oid


def usable_projects(g: Interp, p: int) -> list[dict]:
    """The options of the standard projects that can be carried out now. Each one's cost and
    option (`_std_entry`) and its verdict are parts of the kept menu, the verdict asked only once
    the player can pay; affordability, and a trial where one decides, are worked out each time."""
    st, content = g.state, g.content
    menu = g.menu
    parts = menu.now if menu is not None else None
    mc = st["players"][p]["res"]["mc"]
    worth = None  # M€ and what may pay as M€ (`rules.purse`), asked once
    out = []
    for card in content.of_type("standard-project"):
        name = card["name"]
        entry = parts.get(("std", name)) if parts is not None else None
        if entry is None:
            entry = part(g, p, ("std", name), _std_entry_reads, _std_entry, g, p, card)
        cost, opt = entry
        if cost > mc:
            if worth is None:
                worth = rules.pay_value(st, content, p)
            if cost > worth:
                continue
        verdict = parts.get(("std-verdict", name), UNKNOWN) if parts is not None else UNKNOWN
        if verdict is UNKNOWN:
            verdict = part(g, p, ("std-verdict", name), _std_reads, _std_verdict, g, p, card)
        if verdict is False or (verdict is None and not action_completes(g, p, opt["id"])):
            continue
        out.append(opt)
    return out


def _std_entry(g: Interp, p: int, card: dict) -> tuple[int, dict]:
    """(cost, option)."""
    return (rules.std_cost(g.state, g.content, p, card),
            option(option_id(g, "std", card["name"]), f"standard project: {card['name']}"))


def _std_entry_reads(g: Interp, p: int, card: dict) -> frozenset[str]:
    return frozenset({"discounts"})


def _std_verdict(g: Interp, p: int, card: dict) -> bool | None:
    """Can the project be completed once paid (None: a trial decides; nothing of it can pay its
    cost)?"""
    oid = option_id(g, "std", card["name"])
    return feasible.row_verdict(g, p, oid, [], card.get("play", []), {"p": p})


def _std_reads(g: Interp, p: int, card: dict) -> frozenset[str]:
    return rows_reads([], card.get("play", []))


def conversion_cost(g: Interp, p: int, card: dict) -> list[dict]:
    """The conversion's cost items, less any discount given in the spent resource (Ecoline's
    greenery for 7 plants), remembered with the played cards the discounts come from."""
    known = rules._memo_on_played(g.state, g.content, p, "conversion-costs", rules._new_table)
    out = known.get(card["name"])
    if out is None:
        out = known[card["name"]] = _conversion_cost(g, p, card)
    return list(out)  # the items are IR, never changed; the list is the caller's


def _conversion_cost(g: Interp, p: int, card: dict) -> list[dict]:
    out = []
    for node in card["action"][0]["cost"]:
        if node["op"] == "resource" and node["n"] < 0:
            subject = {"kind": "conversion", "res": node["res"], "name": card["name"], "cost": 0}
            off = rules.discount(g.state, g.content, p, subject, unit=node["res"])
            node = {**node, "n": min(0, node["n"] + off)}
        out.append(node)
    return out



def conversion_usable(g: Interp, p: int, card: dict, counts: bool = True) -> bool:
    oid = option_id(g, "convert", card["name"])
    return _row_offerable(g, p, oid, oid, conversion_cost(g, p, card), card["action"][0]["gain"], {"p": p}, counts,
                          _conversion_reads)



def open_milestones(g: Interp, p: int) -> list[dict]:
    """The options of the milestones that can be claimed now: their requirements are parts of the
    kept menu, the price and the places left are worked out each time."""
    st, content = g.state, g.content
    game_rules = content.rules
    claimed = st["milestones"]
    if len(claimed) >= game_rules.milestones_most:
        return []
    cost = game_rules.milestone_cost
    if st["players"][p]["res"]["mc"] < cost and not rules.can_pay(st, content, p, cost):
        return []
    taken = {m["name"] for m in claimed}
    menu = g.menu
    parts = menu.now if menu is not None else None
    out = []
    for name in content.map.milestones:
        if name in taken:
            continue
        entry = parts.get(("milestone", name)) if parts is not None else None
        if entry is None:
            entry = part(g, p, ("milestone", name), _milestone_reads, _milestone_entry, g, p, name)
        if entry[0]:
            out.append(entry[1])
    return out


def _milestone_entry(g: Interp, p: int, name: str) -> tuple[bool, dict]:
    """(requirements met, option)."""
    reqs = g.content.component("milestone", name)["requires"]
    return (all(rules.requirement_met(g.state, g.content, p, r) for r in reqs),
            option(f"milestone:{g.content.slug(name)}", f"claim milestone {name}"))


def _milestone_reads(g: Interp, p: int, name: str) -> frozenset[str]:
    return requirement_reads(g.content.component("milestone", name)["requires"])


def open_awards(g: Interp, p: int) -> list[dict]:
    """The options of the awards that can be funded now: one is left to fund, and the player can
    pay the next price."""
    st, content = g.state, g.content
    funded = st["awards"]
    costs = content.rules.award_costs
    n = len(funded)
    if n >= len(costs):
        return []
    cost = costs[n]
    if st["players"][p]["res"]["mc"] < cost and not rules.can_pay(st, content, p, cost):
        return []
    taken = {a["name"] for a in funded}
    return [option(f"award:{content.slug(name)}", f"fund award {name} ({cost} M€)")
            for name in content.map.awards if name not in taken]


# ---- the kinds --------------------------------------------------------------------------------
@kind
class FirstAction(ActionKind):
    """A corporation's first action, taken before anything else (it is the only offer then)."""

    prefix = "first-action"
    exclusive = True

    def offers(self, g, p):
        pl = g.state["players"][p]
        return [option("first-action", f"{pl['corp']}: first action")] if pl.get("first_action") else []

    def start(self, g, p, arg):
        pl = g.state["players"][p]
        pl["first_action"] = False
        card = g.content.cards[pl["corp"]]
        g.say(p, f"takes {pl['corp']}'s first action")
        used = g.state.setdefault("actions_used", [])
        if pl["corp"] not in used:
            used.append(pl["corp"])
        g.push({"t": "batch", "p": p, "entries": [{"items": [n], "ctx": {"p": p, "card": pl["corp"]}}
                                                  for n in card["first_action"]]})


@kind
class PlayCard(ActionKind):
    prefix = "play"

    def offers(self, g, p):
        return [entry[2] for entry in _playable(g, p)]

    def rows(self, g, p, arg):
        card = g.content.cards[arg]  # its own effects may fire while it resolves (F105)
        return [], card.get("play", []) + [n for e in card.get("effects", ()) if "on" in e for n in e["do"]]

    def start(self, g, p, arg):
        st, content = g.state, g.content
        card = content.cards[arg]
        g.push({"t": "resolve_card", "p": p, "card": arg, "said": True})
        g.push({"t": "pay", "p": p, "says": f"plays {arg}", "amount": rules.card_cost(st, content, p, arg),
                "steel": "building" in card["tags"], "titanium": "space" in card["tags"], "why": arg, "card": arg,
                "reserve": feasible.reserved_resources(g, p, card)})


@kind
class CardAction(ActionKind):
    prefix = "act"

    def offers(self, g, p):
        return [option(f"act:{name}", f"use the action of {name}") for name in usable_actions(g, p)]

    def rows(self, g, p, arg):
        alts = g.content.cards[arg]["action"]
        return [n for a in alts for n in a["cost"]], [n for a in alts for n in a["gain"]]

    def start(self, g, p, arg):
        g.push({"t": "use_action", "p": p, "card": arg})


@kind
class StandardProject(ActionKind):
    prefix = "std"

    def offers(self, g, p):
        return usable_projects(g, p)

    def rows(self, g, p, arg):
        return [], g.content.component("standard-project", arg).get("play", [])

    def start(self, g, p, arg):
        st, content = g.state, g.content
        card = content.component("standard-project", arg)
        cost = rules.std_cost(st, content, p, card)
        says = f"uses standard project {card['name']}"
        g.push({"t": "std_effects", "p": p, "card": card["name"]})
        if cost:
            g.push({"t": "pay", "p": p, "amount": cost, "why": card["name"], "says": says})
        else:
            g.say(p, says)


@kind
class Conversion(ActionKind):
    prefix = "convert"

    def offers(self, g, p):
        content = g.content
        return [option(option_id(g, "convert", c["name"]), c["name"])
                for c in content.of_type("conversion") if conversion_usable(g, p, c)]

    def rows(self, g, p, arg):
        card = g.content.component("conversion", arg)
        return conversion_cost(g, p, card), card["action"][0]["gain"]

    def start(self, g, p, arg):
        card = g.content.component("conversion", arg)
        g.say(p, f"converts: {card['name']}")
        cost = conversion_cost(g, p, card)
        res = next((n["res"] for n in cost if n["op"] == "resource"), "")
        g.push({"t": "batch", "p": p, "entries": []})
        g.push_items([{"op": "pay", "cost": cost, "gain": card["action"][0]["gain"]}], {"p": p})
        g.emit({"kind": "conversion", "res": res, "p": p})


@kind
class Milestone(ActionKind):
    prefix = "milestone"

    def offers(self, g, p):
        return open_milestones(g, p)

    def rows(self, g, p, arg):
        return [], []  # only its price, which the menu checked

    def start(self, g, p, arg):
        name = g.content.component("milestone", arg)["name"]
        g.state["milestones"].append({"name": name, "player": p})
        g.say(p, f"claims {name}")
        g.push({"t": "pay", "p": p, "amount": g.content.rules.milestone_cost, "why": name})


@kind
class Award(ActionKind):
    prefix = "award"

    def offers(self, g, p):
        return open_awards(g, p)

    def rows(self, g, p, arg):
        return [], []

    def start(self, g, p, arg):
        st = g.state
        name = g.content.component("award", arg)["name"]
        cost = g.content.rules.award_costs[len(st["awards"])]
        st["awards"].append({"name": name, "player": p})
        g.say(p, f"funds {name}")
        g.push({"t": "pay", "p": p, "amount": cost, "why": name})


@kind
class EndTurn(ActionKind):
    """After an action, 'done' ends the turn; with no action taken, ending the turn is passing
    for the rest of the generation (F200)."""

    prefix = "done"
    counts = False

    def offers(self, g, p):
        return [option("done", "end turn")] if g.state["actions"] >= 1 else []

    def start(self, g, p, arg):
        g.state["actions"] = 0
        next_player(g.state)


@kind
class Pass(ActionKind):
    prefix = "pass"
    counts = False

    def offers(self, g, p):
        if g.state["actions"] == 0:
            return [option("pass", "pass")]
        exclusive = any(k.exclusive and k.offers(g, p) for k in KINDS.values())
        return [option("pass", "pass")] if exclusive else []

    def start(self, g, p, arg):
        st = g.state
        st["players"][p]["passed"] = True
        st["actions"] = 0
        g.say(p, "passes")
        next_player(st)


def action_options(g: Interp, p: int) -> list[dict]:
    """The menu of a turn, its parts kept between prompts (`menu.py`)."""
    menu = g.menu
    if menu is None:
        menu = g.menu = Menu()
    return menu.build(g, p, _menu_now)


def _menu_now(g: Interp, p: int) -> list[dict]:
    """Every kind's offers, in registration order."""
    for k in KINDS.values():
        if k.exclusive:
            only = k.offers(g, p)
            if only:
                return only + KINDS["pass"].offers(g, p)
    return [o for k in KINDS.values() if not k.exclusive for o in k.offers(g, p)]


def start_action(g: Interp, p: int, choice: str, counts: bool = True) -> None:
    """Carry out a chosen action; `counts` is False for the final greenery round, which has no turns."""
    prefix, _, arg = choice.partition(":")
    action = KINDS[prefix]
    if counts and action.counts:
        cost, items = action.rows(g, p, arg)
        plain = items is not None and unit_is_plain(g, p, choice, items, cost)
        g.push({"t": "end_action", "p": p, **({"plain": True} if plain else {})})
    action.start(g, p, arg)


def h_turn(g: Interp, task: dict, answer: Any) -> dict | None:
    p = task["p"]
    st = g.state
    if answer is None:
        return decision(p, "action", f"{st['players'][p]['name']}: choose an action", action_options(g, p))
    start_action(g, p, answer)
    return None



def h_resolve_card(g: Interp, task: dict, answer: Any) -> dict | None:
    """The card leaves the hand and enters play before its effects, so its own tags and
    effects count (F105); the effects and every trigger form one batch in the player's order."""
    p, name = task["p"], task["card"]
    st = g.state
    pl = st["players"][p]
    card = g.content.cards[name]
    zone = task.get("from", "hand")  # a prelude is played from the preludes kept, or from a draw
    if name in pl.get(zone, ()):
        pl[zone].remove(name)
    st.get("last_tile", {}).pop(str(p), None)
    # modifiers granted until the next card were for this one: they end now
    pl["granted"] = [m for m in pl.get("granted", ()) if m["until"] != "next-card"]
    if card["type"] == "event":
        pl["events"].append(name)
    else:
        pl["played"].append({"name": name, "res": 0, "used": False, "area": None})
    if not task.get("said"):  # else the payment's line said it
        g.say(p, f"plays {name}")
    ctx = {"p": p, "card": name}
    # the batch names the card: while it is on the stack the card is being played, and its wild
    # tag does nothing yet (F330, rules.wild_tags)
    g.push({"t": "batch", "p": p, "card": name, "entries": [{"items": [n], "ctx": ctx} for n in card.get("play", ())]})
    for t in card["tags"]:
        g.emit({"kind": "tag", "tag": t, "p": p, "card": name})
    g.emit({"kind": "card", "p": p, "card": name})
    return None



def h_use_action(g: Interp, task: dict, answer: Any) -> dict | None:
    p, name = task["p"], task["card"]
    alts = g.content.cards[name]["action"]
    ctx = {"p": p, "card": name, "xmin": 1}
    if answer is None and len(alts) == 1:
        answer = "0"  # the only action: no decision, and no labels to write
    answer, ask = ask_one(answer, p, "choice", f"Which action of {name}?",
                          [option(str(i), f"{items_text(a['cost']) or 'free'} -> {items_text(a['gain'])}")
                           for i, a in enumerate(alts)] if answer is None else [])
    if ask:
        return ask
    alt = alts[int(answer)]
    if task.get("again"):  # used again through another card's action (F293): already marked used
        g.say(p, f"uses {name} again")
    else:
        entry = rules.find_played(g.state, p, name)
        entry["used"] = True
        used = g.state.setdefault("actions_used", [])
        if name not in used:
            used.append(name)
        g.say(p, f"uses {name}")
    g.push({"t": "batch", "p": p, "entries": []})
    g.push_items([{"op": "pay", "cost": alt["cost"], "gain": alt["gain"]}], ctx)
    return None



def h_std_effects(g: Interp, task: dict, answer: Any) -> dict | None:
    p = task["p"]
    card = g.content.component("standard-project", task["card"])
    g.push({"t": "batch", "p": p, "entries": [{"items": card.get("play", []), "ctx": {"p": p, "xmin": 1}}]})
    g.emit({"kind": "std", "p": p, "name": card["name"], "cost": card.get("cost", 0)})
    return None



def h_end_action(g: Interp, task: dict, answer: Any) -> dict | None:
    st = g.state
    st["actions"] += 1
    if st["actions"] >= g.content.rules.actions_per_turn:
        st["actions"] = 0
        next_player(st)
    return None



def next_player(st: dict) -> None:
    n = len(st["players"])
    for k in range(1, n + 1):
        q = (st["current"] + k) % n
        if not st["players"][q]["passed"]:
            st["current"] = q
            return




HANDLERS.update({"turn": h_turn, "resolve_card": h_resolve_card, "use_action": h_use_action,
                 "std_effects": h_std_effects, "end_action": h_end_action})
