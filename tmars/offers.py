"""What each kind of action offers now: the parts of the action menu and their checks.

Each entry of the menu is a part of the kept menu (`menu.py`), named here with what it reads:
a card's cost and option, and apart from it whether its requirements are met and its effects
can be completed; a standard project's cost and option, and its verdict; a row's verdict (a card
action, a conversion) with the plain losses of its cost tested apart; a milestone's requirements.
What the player can pay, and a trial where one decides, are worked out at every menu.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import feasible, rules
from .interpreter import Interp, option
from .menu import UNKNOWN, keeps_nothing_of, part, play_reads, requirement_reads, rows_reads
from .static import answered_play_words, card_play_words
from .trial import action_completes
from compiler.ops import Resource

#: the ops told apart here, by their declared names (string compares on hot paths)
_RESOURCE = Resource.name


def playable_cards(g: Interp, p: int) -> list[tuple[str, int]]:
    """The cards in the hand that can be played now, with what they cost."""
    return [(entry[3], entry[0]) for entry in playable_entries(g, p)]


def playable_entries(g: Interp, p: int) -> list[tuple]:
    """The entries (`_card_entry`) of the cards in the hand that can be played now. Each card's
    entry, whether its requirements are met and whether its effects can be completed are three
    parts of the kept menu (`menu.py`), the last two asked only once the player can pay;
    affordability, and a trial where one decides, are worked out each time."""
    st, content = g.state, g.content
    parts = g.menu.now
    kept = parts.get if parts is not None else _NOTHING.get
    cards = content.cards
    mc = st["players"][p]["res"]["mc"]
    worth = None  # what the player's resources are worth as M€ (`rules.purse`), asked once
    out = []
    for name in dict.fromkeys(st["players"][p]["hand"]):
        entry = kept(("card", name))
        if entry is None:
            entry = part(g, p, ("card", name), _card_entry_reads, _card_entry, g, p, cards[name])
        cost = entry[0]
        if cost > mc:  # M€ alone would do: what the card's own effects spend is never M€
            metals = entry[1]
            if entry[4]:
                if worth is None:
                    worth = rules.purse(st, content, p)
                if cost > worth[0] + (worth[1] if metals[0] else 0) + (worth[2] if metals[1] else 0):
                    continue
            elif not rules.can_pay(st, content, p, cost, *metals, feasible.reserved_resources(g, p, cards[name]),
                                   name):
                continue
        if entry[5]:
            met = kept(("req", name), UNKNOWN)
            if met is UNKNOWN:
                met = part(g, p, ("req", name), _requirement_reads, rules.requirements_met, st, content, p,
                           cards[name])
            if not met:
                continue
        judged = kept(("verdict", name))
        if judged is None:
            judged = part(g, p, ("verdict", name), _verdict_reads, _card_verdict, g, p, cards[name])
        losses, verdict = judged
        if losses:
            res = st["players"][p]["res"]
            if any(res[r] < n for r, n in losses):
                continue
        if verdict is False or (verdict is None and not action_completes(g, p, "play:" + name)):
            continue
        out.append(entry)
    return out


#: what nothing is kept in (outside a menu)
_NOTHING: dict = {}


def _card_entry(g: Interp, p: int, card: dict) -> tuple:
    """(cost, metals, option, name, alone, requirements): what the card costs, whether steel and
    titanium may pay, its option, whether what the player has decides alone (its own effects
    spend none of it, and no card's resources may pay for it), and whether it has requirements."""
    content = g.content
    name = card["name"]
    cost = rules.card_cost(g.state, content, p, name)
    return (cost, ("building" in card["tags"], "space" in card["tags"]),
            remembered_option(content, f"play:{name}", f"play {name} ({cost} M€)"), name,
            not content.card_pay and not feasible.spends_own_resources(content, card), "requires" in card)


def _card_entry_reads(g: Interp, p: int, card: dict) -> frozenset[str]:
    return frozenset({"discounts"})


def _card_verdict(g: Interp, p: int, card: dict) -> tuple[tuple, bool | None]:
    """(plain losses, verdict): the plain losses of the card's effects (1 plant for Moss:
    `feasible.card_plain_losses`) as (resource, amount), tested apart when the rest of its effects
    reads no resource, and the verdict on the rest (on all of them otherwise), None when a trial
    decides."""
    plain, rest = _play_split(g.content, card)
    if not plain:
        return (), feasible.card_verdict(g, p, card)
    play = card["play"]
    losses = tuple((play[i]["res"], -play[i]["n"]) for i in plain)
    return losses, feasible.card_verdict(g, p, card, rest, f"play:{card['name']}|rest")


def _play_split(content: Any, card: dict) -> tuple[tuple[int, ...], list]:
    """The plain losses of the card's effects and the rest of them, when the rest reads no
    resource (`_apart`)."""
    play = card.get("play", [])
    return _apart(content, "play:" + card["name"], play, feasible.card_plain_losses(content, card), play_reads)


def _apart(content: Any, key: str, items: list, plain: tuple[int, ...],
           rest_reads: Callable[[list], frozenset[str]]) -> tuple[tuple[int, ...], list]:
    """(plain, the rest of the items) when the rest reads no resource, so that it can be kept
    while the plain losses are tested apart; else ((), all the items). Decided once per row."""
    if plain:
        rest = [n for i, n in enumerate(items) if i not in plain]
        apart = content.row_split.get(key)
        if apart is None:
            apart = content.row_split[key] = not keeps_nothing_of(rest_reads(rest))
        if apart:
            return plain, rest
    return (), items


def _verdict_reads(g: Interp, p: int, card: dict) -> frozenset[str]:
    """The rest of the card's effects, and the own effects its tags and tiles may set off
    (`feasible.predicted_trigger_gains`): those of the words some card answers."""
    words = card_play_words(g.content, card) & answered_play_words(g.content)
    return play_reads(_play_split(g.content, card)[1], words)


def _requirement_reads(st: dict, content: Any, p: int, card: dict) -> frozenset[str]:
    return requirement_reads(card["requires"])


def _row_decided(g: Interp, p: int, choice: str, counts: bool, entry: tuple) -> bool:
    """A row's entry (`_row_entry`) decided now: its plain losses against what the player has,
    then its verdict, or a trial where one decides."""
    plain, verdict = entry
    if plain:
        res = g.state["players"][p]["res"]
        for r, n, metals in plain:
            if res[r] >= n:
                continue
            if metals is not None:
                if res[r] + rules.spare_payment_value(g.state, g.content, p, metals) < n:
                    return False
            elif r != "heat" or not g.content.card_pay or res[r] + rules.heat_worth(g.state, g.content, p) < n:
                return False  # heat may be paid with resources held as heat (F357)
    return action_completes(g, p, choice, counts) if verdict is None else verdict


def row_usable(g: Interp, p: int, choice: str, key: str, gain: list, ctx: dict) -> bool:
    """Can the row an option `choice` starts (a row of gains alone, as a corporation's first
    action) be carried out now? The offer check's verdict, else a trial."""
    return _row_decided(g, p, choice, True, _row_entry(g, p, key, [], gain, ctx))


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
    return _apart(content, key, cost, feasible.plain_cost_losses(content, key, cost, gain),
                  lambda rest: rows_reads(rest, gain))


def _row_reads(g: Interp, p: int, key: str, cost: list, gain: list, ctx: dict) -> frozenset[str]:
    """A row's entry reads what its rest reads (the whole row, when nothing is tested apart)."""
    return rows_reads(_split(g.content, key, cost, gain)[1], gain)


def _conversion_reads(g: Interp, p: int, key: str, cost: list, gain: list, ctx: dict) -> frozenset[str]:
    """A conversion's row, and its amounts: discounted in the resource spent by cards in play."""
    return _row_reads(g, p, key, cost, gain, ctx) | {"discounts"}


def usable_actions(g: Interp, p: int) -> list[str]:
    """Played cards whose action (one of its alternatives) can be carried out now."""
    played = g.state["players"][p]["played"]
    parts = g.menu.now
    out = []
    for i, name, alts in rules._memo_on_played(g.state, g.content, p, "actions", _with_actions):
        if played[i].get("used"):
            continue
        for choice, key, a in alts:
            entry = parts.get(key) if parts is not None else None
            if entry is None:
                entry = part(g, p, key, _row_reads, _row_entry, g, p, key[0], a["cost"], a["gain"],
                             {"p": p, "card": name})
            if _row_decided(g, p, choice, True, entry):
                out.append(name)
                break
    return out


def _with_actions(content: Any, played: list) -> list[tuple[int, str, list[tuple[str, str, dict]]]]:
    """The played cards with an action: (place, name, (option id, part key, alternative) each); a
    part key is (row key, counts as an action)."""
    out = []
    for i, e in enumerate(played):
        alts = content.cards[e["name"]].get("action")
        if alts:
            name = e["name"]
            out.append((i, name, [(f"act:{name}", (f"act:{name}:{k}", True), a) for k, a in enumerate(alts)]))
    return out


def option_id(g: Interp, prefix: str, name: str) -> str:
    """'std:power-plant' for a board component: its menu option id (remembered per name)."""
    memo = g.content.memo["option-ids"]
    oid = memo.get((prefix, name))
    if oid is None:
        oid = memo[(prefix, name)] = f"{prefix}:{g.content.slug(name)}"
    return oid


def usable_projects(g: Interp, p: int) -> list[dict]:
    """The options of the standard projects that can be carried out now. Each one's cost and
    option (`_std_entry`) and its verdict are parts of the kept menu, the verdict asked only once
    the player can pay; affordability, and a trial where one decides, are worked out each time."""
    st, content = g.state, g.content
    parts = g.menu.now
    mc = st["players"][p]["res"]["mc"]
    worth = None  # M€ and what may pay as M€ (`rules.purse`), asked once
    out = []
    kept = parts.get if parts is not None else _NOTHING.get
    for card, entry_key, verdict_key in _projects(content):
        entry = kept(entry_key)
        if entry is None:
            entry = part(g, p, entry_key, _std_entry_reads, _std_entry, g, p, card)
        cost, opt = entry
        if cost > mc:
            if worth is None:
                worth = rules.pay_value(st, content, p)
            if cost > worth:
                continue
        verdict = kept(verdict_key, UNKNOWN)
        if verdict is UNKNOWN:
            verdict = part(g, p, verdict_key, _std_reads, _std_verdict, g, p, card)
        if verdict is False or (verdict is None and not action_completes(g, p, opt["id"])):
            continue
        out.append(opt)
    return out


def _projects(content: Any) -> list[tuple[dict, tuple, tuple]]:
    """(project, its entry's part key, its verdict's part key) of each standard project, in order."""
    found = content.memo.get("std-parts")
    if found is None:
        found = content.memo["std-parts"] = [(card, ("std", card["name"]), ("std-verdict", card["name"]))
                                             for card in content.of_type("standard-project")]
    return found


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
        if node["op"] == _RESOURCE and node["n"] < 0:
            subject = {"kind": "conversion", "res": node["res"], "name": card["name"], "cost": 0}
            off = rules.discount(g.state, g.content, p, subject, unit=node["res"])
            node = {**node, "n": min(0, node["n"] + off)}
        out.append(node)
    return out


def conversion_usable(g: Interp, p: int, card: dict, counts: bool = True, oid: str | None = None) -> bool:
    """Can the conversion be carried out now? Its row's entry (`_row_entry`) is a part of the kept
    menu (its cost, discounted, is asked only to work it out); the cost's plain losses, and a
    trial where one decides, are worked out each time. (`oid`: its option id, when known.)"""
    if oid is None:
        oid = option_id(g, "convert", card["name"])
    parts = g.menu.now
    entry = parts.get((oid, counts)) if parts is not None else None
    if entry is None:
        entry = part(g, p, (oid, counts), _conversion_reads, _row_entry, g, p, oid, conversion_cost(g, p, card),
                     card["action"][0]["gain"], {"p": p})
    return _row_decided(g, p, oid, counts, entry)


def conversion_options(g: Interp) -> list[tuple[dict, str, dict]]:
    """(conversion, option id, menu option) of each conversion of the game, made once per content."""
    content = g.content
    found = content.memo.get("conversion-options")  # a list, not a table
    if found is None:
        ids = [(c, option_id(g, "convert", c["name"])) for c in content.of_type("conversion")]
        found = content.memo["conversion-options"] = [(c, oid, remembered_option(content, oid, c["name"]))
                                                      for c, oid in ids]
    return found


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
    taken = [m["name"] for m in claimed] if claimed else ()
    parts = g.menu.now
    kept = parts.get if parts is not None else _NOTHING.get
    out = []
    for name in content.map.milestones:
        if name in taken:
            continue
        entry = kept(("milestone", name))
        if entry is None:
            entry = part(g, p, ("milestone", name), _milestone_reads, _milestone_entry, g, p, name)
        if entry[0]:
            out.append(entry[1])
    return out


def _milestone_entry(g: Interp, p: int, name: str) -> tuple[bool, dict]:
    """(requirements met, option)."""
    content = g.content
    reqs = content.component("milestone", name)["requires"]
    return (all(rules.requirement_met(g.state, content, p, r) for r in reqs),
            remembered_option(content, f"milestone:{content.slug(name)}", f"claim milestone {name}"))


def action_option(content: Any, name: str) -> dict:
    """The menu option of a card's action, made once per content and card."""
    memo = content.memo["action-options"]
    found = memo.get(name)
    if found is None:
        found = memo[name] = remembered_option(content, f"act:{name}", f"use the action of {name}")
    return found


def remembered_option(content: Any, oid: str, label: str) -> dict:
    """The option, made once per content: menus are built at every prompt, and an option is never
    changed once made."""
    memo = content.memo["menu-options"]
    found = memo.get(oid)
    if found is None or found["label"] != label:  # one per option id: the last label (a card's cost)
        found = memo[oid] = option(oid, label)
    return found


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
    memo = content.memo["award-options"]
    key = (cost, *[a["name"] for a in funded])
    found = memo.get(key)
    if found is None:  # the same few lists at every menu: made once per price and awards funded
        taken = set(key[1:])
        found = memo[key] = [remembered_option(content, f"award:{content.slug(name)}", f"fund award {name} ({cost} M€)")
                             for name in content.map.awards if name not in taken]
    return list(found)
