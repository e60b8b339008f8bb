"""The actions of a turn, as a registry of action kinds.

Each kind (play a card, use a card's action, a standard project, a conversion, a milestone, an
award, a corporation's first action, ending the turn) states the options it offers on the
menu and how a chosen one starts. A module adds a kind by registering a class; nothing here
is an `if` chain over kinds. Option ids are `PREFIX:ARGUMENT` (`play:Birds`, `std:power-plant`).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, ClassVar

from compiler.text import items_text
from compiler.ops import Pay, Resource

from . import feasible, offers, rules
from .interpreter import Interp, ask_one, decision, option, row_entries
from .mechanic import SaveShapes, Task, core_tasks, forget_action
from .menu import NO_MENU, Menu
from .trial import unit_is_plain

#: the ops told apart here, by their declared names (string compares on hot paths)
_PAY, _RESOURCE = Pay.name, Resource.name


class ActionKind:
    """One kind of action. `offers` lists its menu options for player p now (each offered only
    when it can be completed); `start` pushes what carrying out `arg` takes."""

    prefix: ClassVar[str]
    #: it takes one of the turn's actions (ending the turn or passing does not)
    counts: ClassVar[bool] = True
    #: while it offers anything, the menu is only its options and ending the turn (F-rules of
    #: a corporation's first action)
    exclusive: ClassVar[bool] = False
    #: the mechanic that brings it (a trade): offered only in a game that switches it on
    mechanic: ClassVar[str | None] = None
    #: the type of the board component its option names by slug (`std:power-plant`), if any
    component: ClassVar[str] = ""

    def offers(self, g: Interp, p: int) -> list[dict]:
        raise NotImplementedError

    def start(self, g: Interp, p: int, arg: str) -> None:
        raise NotImplementedError

    def rows(self, g: Interp, p: int, arg: str) -> tuple[list, list]:
        """(cost, effects) the action carries out, for the offer check's quick test; (None, None)
        when unknown."""
        return None, None


KINDS: dict[str, ActionKind] = {}
#: the kinds whose offers, while there are any, are the whole menu (a first action)
EXCLUSIVE: list[ActionKind] = []
#: a card entry's option (`offers._card_entry`)
_OPTION = itemgetter(2)


def kind(cls: type[ActionKind]) -> type[ActionKind]:
    """Register an action kind; the menu lists kinds in registration order."""
    KINDS[cls.prefix] = cls()
    EXCLUSIVE[:] = [k for k in KINDS.values() if k.exclusive]
    return cls


# ---- the kinds --------------------------------------------------------------------------------
@kind
class FirstAction(ActionKind):
    """A corporation's first action, taken before anything else (it is the only offer then). One
    that cannot be carried out now (a colony with no tile open for one) is not offered: it waits
    until it can be, and meanwhile the player acts as usual (as when they pass first, F166)."""

    prefix = "first-action"
    exclusive = True

    def offers(self, g, p):
        pl = g.state["players"][p]
        if not pl.get("first_action"):
            return []
        corp = pl["corp"]
        if not offers.row_usable(g, p, "first-action", f"first:{corp}", g.content.cards[corp]["first_action"],
                                 {"p": p, "card": corp}):
            return []
        return [option("first-action", f"{corp}: first action")]

    def start(self, g, p, arg):
        pl = g.state["players"][p]
        pl["first_action"] = False
        card = g.content.cards[pl["corp"]]
        g.say(p, f"takes {pl['corp']}'s first action")
        mark_used(g.state, pl["corp"])
        g.push({"t": "batch", "p": p, "entries": row_entries(card["first_action"], {"p": p, "card": pl["corp"]})})


@kind
class PlayCard(ActionKind):
    prefix = "play"

    def offers(self, g, p):
        return list(map(_OPTION, offers.playable_entries(g, p)))

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
        out = []
        for name in offers.usable_actions(g, p):
            out.append(offers.action_option(g.content, name))
        return out

    def rows(self, g, p, arg):
        alts = g.content.cards[arg]["action"]
        return [n for a in alts for n in a["cost"]], [n for a in alts for n in a["gain"]]

    def start(self, g, p, arg):
        g.push({"t": "use_action", "p": p, "card": arg})


@kind
class StandardProject(ActionKind):
    prefix = "std"
    component = "standard-project"

    def offers(self, g, p):
        return offers.usable_projects(g, p)

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
    component = "conversion"

    def offers(self, g, p):
        out = []
        for c, oid, opt in offers.conversion_options(g):
            if offers.conversion_usable(g, p, c, True, oid):
                out.append(opt)
        return out

    def rows(self, g, p, arg):
        card = g.content.component("conversion", arg)
        return offers.conversion_cost(g, p, card), card["action"][0]["gain"]

    def start(self, g, p, arg):
        card = g.content.component("conversion", arg)
        g.say(p, f"converts: {card['name']}")
        cost = offers.conversion_cost(g, p, card)
        res = next((n["res"] for n in cost if n["op"] == _RESOURCE), "")
        g.push({"t": "batch", "p": p, "entries": []})
        g.push_items([{"op": _PAY, "cost": cost, "gain": card["action"][0]["gain"]}], {"p": p})
        g.emit({"kind": "conversion", "res": res, "p": p})


@kind
class Milestone(ActionKind):
    prefix = "milestone"
    component = "milestone"

    def offers(self, g, p):
        return offers.open_milestones(g, p)

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
    component = "award"

    def offers(self, g, p):
        return offers.open_awards(g, p)

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
        return [offers.remembered_option(g.content, "done", "end turn")] if g.state["actions"] >= 1 else []

    def start(self, g, p, arg):
        g.state["actions"] = 0
        next_player(g.state)


@kind
class Pass(ActionKind):
    prefix = "pass"
    counts = False

    def offers(self, g, p):
        if g.state["actions"] == 0:
            return [offers.remembered_option(g.content, "pass", "pass")]
        for k in EXCLUSIVE:
            if k.offers(g, p):
                return [offers.remembered_option(g.content, "pass", "pass")]
        return []

    def start(self, g, p, arg):
        st = g.state
        st["players"][p]["passed"] = True
        st["actions"] = 0
        g.say(p, "passes")
        next_player(st)


def action_options(g: Interp, p: int) -> list[dict]:
    """The menu of a turn, its parts kept between prompts (`menu.py`)."""
    menu = g.menu
    if menu is NO_MENU:
        menu = g.menu = Menu()
    return menu.build(g, p, _menu_now)


def mark_used(state: dict, name: str) -> None:
    """A component's action was used this game (`simulate --coverage` lists those never used)."""
    used = state.setdefault("actions_used", [])
    if name not in used:
        used.append(name)


def _menu_now(g: Interp, p: int) -> list[dict]:
    """Every kind's offers, in registration order."""
    for k in EXCLUSIVE:
        only = k.offers(g, p)
        if only:
            return only + KINDS["pass"].offers(g, p)
    out: list[dict] = []
    for k in _menu_kinds(g.content):
        out += k.offers(g, p)
    return out


def _menu_kinds(content: Any) -> list:
    """The kinds a menu asks, in registration order: the core's and those of the mechanics on
    (remembered per content: the menu is built at every prompt)."""
    found = content.memo.get("menu-kinds")
    if found is None or found[0] != len(KINDS):  # a kind registered since (a plug-in loaded late)
        on = content.mechanic_names
        found = content.memo["menu-kinds"] = (len(KINDS), [k for k in KINDS.values() if not k.exclusive and (
            k.mechanic is None or k.mechanic in on)])
    return found[1]


def start_action(g: Interp, p: int, choice: str, counts: bool = True) -> None:
    """Carry out a chosen action; `counts` is False for the final greenery round, which has no turns."""
    prefix, _, arg = choice.partition(":")
    action = KINDS[prefix]
    if counts and action.counts:
        plain = unit_is_plain(g, p, choice, action.rows, arg)
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
    zone = task.get("from", "hand")  # or a zone a mechanic plays cards from, or none (a card drawn)
    if g.content.wild and card.get("requires"):  # its requirements are judged before it enters play
        stands_for = rules.wild_stands_for(st, g.content, p, card)
        if stands_for is not None:
            pl["wild_as"] = stands_for  # the type the wild tag took to meet them, for the action (F327)
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
    g.push({"t": "batch", "p": p, "card": name, "entries": row_entries(card.get("play", []), ctx)})
    g.tags_played(p, name)
    if "new-tag-type" in g.content.listened and card["type"] != "event":
        for t in new_tag_types(g, p, name):
            g.emit({"kind": "new-tag-type", "tag": t, "p": p, "card": name})
    g.emit({"kind": "card", "p": p, "card": name})
    return None


def new_tag_types(g: Interp, p: int, name: str) -> list[str]:
    """The types of tag on a card just played that none of the player's other cards in play has
    (events and wild tags never count, F355), in the card's order."""
    cards = g.content.cards
    had = {t for e in g.state["players"][p]["played"] if e["name"] != name and cards[e["name"]]["type"] != "event"
           for t in cards[e["name"]]["tags"]}
    out: list[str] = []
    for t in cards[name]["tags"]:
        if t not in had and t not in out and t != "event" and t not in g.content.wild:
            out.append(t)
    return out



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
        mark_used(g.state, name)
        g.say(p, f"uses {name}")
    g.push({"t": "batch", "p": p, "entries": []})
    g.push_items([{"op": _PAY, "cost": alt["cost"], "gain": alt["gain"]}], ctx)
    return None



def h_std_effects(g: Interp, task: dict, answer: Any) -> dict | None:
    p = task["p"]
    card = g.content.component("standard-project", task["card"])
    g.push({"t": "batch", "p": p, "entries": [{"items": card.get("play", []), "ctx": {"p": p, "xmin": 1}}]})
    g.emit({"kind": "std", "p": p, "name": card["name"], "cost": card.get("cost", 0)})
    return None



def h_end_action(g: Interp, task: dict, answer: Any) -> dict | None:
    st = g.state
    forget_action(st, g.content.wild, task["p"])
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




def _played_cards(s: SaveShapes) -> dict:
    """A card being played: a project, or a card of a type a mechanic brings into play."""
    extra = {c for m in s.content.mechanics for c in m.cards(s.content)}
    return s.names(set(s.content.project_deck()) | extra, "a card that can be played")


def _played_from(s: SaveShapes) -> dict:
    zones = ("hand", "none", *(z for m in s.content.mechanics for z in m.played_from))
    return s.names(zones, "where a played card comes from")


core_tasks({
    "turn": Task(h_turn, lambda s: {"p": s.player}, begins_unit=True),
    "resolve_card": Task(h_resolve_card, lambda s: {"p": s.player, "card": _played_cards(s), "said": s.flag,
                                                    "from": _played_from(s)}, optional=("said", "from")),
    "use_action": Task(h_use_action, lambda s: {"p": s.player, "card": s.card}, optional=("card",)),
    "std_effects": Task(h_std_effects, lambda s: {
        "p": s.player, "card": s.names(s.content.board.get("standard-project", {}), "a standard project")},
        optional=("card",)),
    "end_action": Task(h_end_action, lambda s: {"p": s.player, "plain": s.flag}, optional=("plain",),
                       begins_unit=True),
})
