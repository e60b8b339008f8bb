"""The trigger words of the card language, each kind declared once with what its consumers need.

A trigger (`science-tag`, `card(event)`, `city!(mars)`, `std(power-plant)`) starts a blue effect
or limits a discount. Each kind states its words and their meaning, the filter words it takes
(lint L406 reads them), whether it fires on an engine event (`matches`), what follows 'when' in
the rules text (`phrase`) and its icon. Adding a trigger word is one class here plus its tests;
`tests/test_triggers.py` fails when a kind lacks any of these.

Engine events are small dicts: {"kind": "tag", "tag": …}, {"kind": "card", "card": …},
{"kind": "std", "name": …, "cost": …}, {"kind": "tile", "tile": …, "area": …},
{"kind": "conversion", "res": …}, {"kind": "raise", "param": …}, {"kind": "production", "res": …}
(one per step), each with the player "p". An event that names a resource ("res") binds `that`
in the outcome (`production => +1 that`).
"""

from __future__ import annotations

from .names import slug

from .ir import vp_terms

from collections.abc import Callable

from typing import Any

from . import vocab
from .modules import keep_tables

Node = dict[str, Any]


def _words(t: Node) -> list[str]:
    return [a for a in t.get("args", ()) if isinstance(a, str)]


def cost_ok(a: dict, cost: int) -> bool:
    """Does a printed cost meet a `cost >= N` / `cost <= N` filter?"""
    return cost >= a["n"] if a.get("cmp", ">=") == ">=" else cost <= a["n"]


#: every kind, in the order declared: each concrete subclass of `Trigger` registers itself, so a
#: mechanic's package adds a kind by declaring it (the tables are refilled as it does)
KINDS: list[Trigger] = []
_refill: Callable[[], None] | None = None


class Trigger:
    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        KINDS.append(cls())
        if _refill is not None:  # declared after the tables were made: by a mechanic's package
            _refill()

    #: the kind of engine event it matches (`"tag"`, `"tile"`, …): an event of a kind no card of
    #: the game listens to is not looked at (`Content.listened`)
    listens: str
    #: its event names a standard resource, which the outcome may gain as `+1 that`
    binds_that = False
    #: what a discount filtered by it lowers, for the rules text ('' : the M€ of what is paid)
    discounts = ""
    #: the mechanic whose events it listens to (a colony placed: `trading`), for lint L427
    mechanic: str | None = None
    #: the word its phrase follows in the rules text: 'when you play …', 'at the start of …'
    lead = "when"

    def words(self) -> dict[str, str]:
        raise NotImplementedError

    def filters(self, word: str) -> set[str] | None:
        """The filter words it takes (None: any, checked elsewhere); `cost >= N` is always allowed."""
        return set()

    def written(self) -> str:
        """How its words are written, for the list of what was expected (E240). The default: its
        words, a filter shown as `(...)` where it takes one."""
        return ", ".join(w + ("(...)" if self.filters(w) != set() else "") for w in sorted(self.words()))

    def matches(self, t: Node, event: dict, content: Any) -> bool:
        raise NotImplementedError

    def phrase(self, t: Node, cost: str) -> str:
        raise NotImplementedError

    def icon(self, t: Node, icons: Any, small: Any) -> tuple[str, list[str]]:
        raise NotImplementedError


class TagPlayed(Trigger):
    listens = "tag"
    def words(self):
        return {f"{t}-tag": f"you play a {t} tag (any player with !)" for t in vocab.TAGS}

    def written(self):
        return "a tag (science-tag)"

    def matches(self, t, event, content):
        return event["kind"] == "tag" and event["tag"] == t["event"][:-4]

    def phrase(self, t, cost):
        from .text import article
        tag = t["event"][:-4]
        what = "an event" if tag == "event" else article(f"{tag} tag")
        return f"any player plays {what}" if t.get("any") else f"you play {what}"

    def icon(self, t, icons, small):
        return icons.tag(t["event"][:-4]), []


class CardPlayed(Trigger):
    listens = "card"
    def words(self):
        return {"card": "you play a card (filters: tag names, cost >= N, requirements, vp)"}

    def filters(self, word):
        return set(vocab.TAGS) | {"requirements", "vp"}

    def matches(self, t, event, content):
        if event["kind"] != "card":
            return False
        card = content.cards[event["card"]]
        for a in t.get("args", ()):
            if a == "vp":
                if not _shows_vp(card, t):
                    return False
            elif isinstance(a, str):
                if (a == "requirements" and not card.get("requires")) or (a != "requirements"
                                                                           and a not in card["tags"]):
                    return False
            elif a["rule"] == "cost" and not cost_ok(a, card.get("cost", 0)):
                return False
        return True

    def phrase(self, t, cost):
        from .text import article
        words = _words(t)
        tags = [w for w in words if w in vocab.TAGS and w != "event"]
        what = article(" ".join([*tags, "event" if "event" in words else "card"]))
        if "requirements" in words:
            what += " with requirements"
        if "vp" in words:
            what += " with a VP icon that is not negative (this one included)"
        return f"{'any player plays' if t.get('any') else 'you play'} {what}{cost}"

    def icon(self, t, icons, small):
        words = _words(t)
        ic = "".join(icons.tag(w) for w in words if w in vocab.TAGS) or icons.icon("card")
        return ic, (["with requirements"] if "requirements" in words else []) + (["VP 0+"] if "vp" in words else [])


def _shows_vp(card: Node, t: Node) -> bool:
    """A VP icon that is not negative: fixed points of 0 or more, or points per something, even
    while worth 0 (F337). A card whose own effect has this very trigger counts too: it is printed
    'including this' (a corporation shows no VP icon)."""
    vp = card.get("vp")
    if vp is not None:
        return all(term["n"] >= 0 for term in vp_terms(vp))
    return any(t in eff.get("on", ()) for eff in card.get("effects", ()))


class StandardProjectUsed(Trigger):
    listens = "std"
    def words(self):
        return {"std": "you use a standard project (filters: its name, cost >= N)"}

    def filters(self, word):
        return None  # the names of the standard projects in play (lint checks them)

    def matches(self, t, event, content):
        if event["kind"] != "std":
            return False
        for a in t.get("args", ()):
            if isinstance(a, str):
                if a != slug(event["name"]):
                    return False
            elif a["rule"] == "cost" and not cost_ok(a, event["cost"]):
                return False
        return True

    def phrase(self, t, cost):
        from .text import join, title
        names = [title(w) for w in _words(t)]
        what = f"the {join(names, 'or')} standard project" if names else "a standard project"
        return f"you use {what}{cost}"

    def icon(self, t, icons, small):
        return icons.icon("std"), [w.replace("-", " ") for w in _words(t)]


class TilePlaced(Trigger):
    listens = "tile"
    def words(self):
        return {"city": "a city tile is placed (by you; by anyone with !; filter: mars)",
                "greenery": "a greenery tile is placed", "ocean": "an ocean tile is placed",
                "tile": "any tile is placed (filter: bonus-metal)"}

    def filters(self, word):
        return {"bonus-metal"} if word == "ocean" else {"mars", "bonus-metal"}

    def matches(self, t, event, content):
        word = t["event"]
        if event["kind"] != "tile" or (word != "tile" and event["tile"] != word):
            return False
        area = content.map.areas[event["area"]]
        words = _words(t)
        if "mars" in words and area.kind == "off":
            return False
        return not ("bonus-metal" in words and not ({"steel", "titanium"} & set(area.bonus)))

    def phrase(self, t, cost):
        from .text import article
        word = t["event"]
        kind = "tile" if word == "tile" else f"{word} tile"
        words = _words(t)
        where = (" on Mars" if "mars" in words else "") + \
            (" on an area with a steel or titanium placement bonus" if "bonus-metal" in words else "")
        return f"any {kind} is placed{where}" if t.get("any") else f"you place {article(kind)}{where}"

    def icon(self, t, icons, small):
        words = _words(t)
        ic = icons.icon(t["event"])
        if "bonus-metal" in words:
            ic += small("on") + icons.icon("steel", "sub") + icons.icon("titanium", "sub")
        return ic, ["on Mars"] if "mars" in words else []


class Conversion(Trigger):
    listens = "conversion"
    binds_that = True

    def words(self):
        return {"conversion": "you use a plant or heat conversion (filter: the resource spent)"}

    def filters(self, word):
        return set(vocab.STANDARD_RESOURCES)

    def matches(self, t, event, content):
        return event["kind"] == "conversion" and all(a == event["res"] for a in _words(t))

    def phrase(self, t, cost):
        from .text import join, noun
        what = join([noun(w, 2) for w in _words(t)], "or") or "resources"
        return f"you convert {what}"

    def icon(self, t, icons, small):
        return "".join(icons.icon(w) for w in _words(t)) or icons.icon("held"), ["conversion"]


class TrackRaised(Trigger):
    """A global parameter raised one step (each step fires once), by you or, with !, by anyone,
    a neutral actor's raise included (F290)."""
    listens = "raise"

    def words(self):
        return {w: f"{w} is raised one step (by you; by anyone with !)" for w in vocab.GLOBALS}

    def written(self):
        return "a global parameter (" + ", ".join(sorted(self.words())) + ")" if self.words() else ""

    def matches(self, t, event, content):
        return event["kind"] == "raise" and event["param"] == t["event"]

    def phrase(self, t, cost):
        from .text import param_noun
        return f"{'any player raises' if t.get('any') else 'you raise'} {param_noun(t['event'])} 1 step"

    def icon(self, t, icons, small):
        return icons.icon(t["event"]), []


class AnyGlobalRaised(Trigger):
    """Any global parameter raised one step, whichever the game has: by a word or by a tile that
    raises one (an ocean), each step once; by you or, with `!`, by anyone."""
    listens = "raise"

    def words(self):
        return {"global": "any global parameter is raised one step, an ocean placed included "
                          "(by you; by anyone with !)"}

    def matches(self, t, event, content):
        return event["kind"] == "raise"

    def phrase(self, t, cost):
        return f"{'any player raises' if t.get('any') else 'you raise'} a global parameter 1 step"

    def icon(self, t, icons, small):
        return icons.icon("params"), []


class ProductionRaised(Trigger):
    """One of your productions increased one step (each step fires once, a corporation's starting
    production included); `production(plant)` only that resource. The event names the resource,
    which the outcome may gain as `+1 that`."""
    listens = "production"

    binds_that = True

    def words(self):
        return {"production": "you increase a production one step (filter: the resource)"}

    def filters(self, word):
        return set(vocab.STANDARD_RESOURCES)

    def matches(self, t, event, content):
        return event["kind"] == "production" and all(a == event["res"] for a in _words(t))

    def phrase(self, t, cost):
        from .text import RES, join
        which = join([RES[w] for w in _words(t)], "or")
        return f"you increase your {which} production 1 step" if which else \
            "you increase the production of a resource 1 step"

    def icon(self, t, icons, small):
        inner = "".join(icons.icon(w) for w in _words(t)) or icons.icon("held")
        return f'<span class="grp box">{inner}</span>', []


class ColonyPlaced(Trigger):
    """A colony placed on a colony tile: by you, or with `!` by anyone (F354)."""
    listens = "colony"
    mechanic = "trading"

    def words(self):
        return {"colony": "a colony is placed (by you; by anyone with !)"}

    def matches(self, t, event, content):
        return event["kind"] == "colony"

    def phrase(self, t, cost):
        return "any player places a colony" if t.get("any") else "you place a colony"

    def icon(self, t, icons, small):
        return icons.icon("colony"), []


class Traded(Trigger):
    """You trade with a colony tile: what reacts goes before the income (`that` is the tile). As a
    discount's filter it lowers the trade's price, whichever resource pays it."""
    listens = "trade"
    mechanic = "trading"
    #: what a discount on it lowers, for the rules text
    discounts = "resource"

    def words(self):
        return {"trade": "you trade with a colony tile"}

    def matches(self, t, event, content):
        return event["kind"] == "trade"

    def phrase(self, t, cost):
        return "you trade"

    def icon(self, t, icons, small):
        return icons.icon("trade"), []


class Bought(Trigger):
    """You buy a card (at setup, in research, or through a card): one event per card bought. As a
    discount's filter it changes the price of buying (a negative discount raises it, F371)."""
    listens = "buy"

    def words(self):
        return {"buy": "you buy a card (one event per card bought)"}

    def matches(self, t, event, content):
        return event["kind"] == "buy"

    def phrase(self, t, cost):
        return "you buy a card"

    def icon(self, t, icons, small):
        return icons.icon("card") + small("buy"), []


class NewTagType(Trigger):
    """A card you play brings a tag of a type you had none of in play (once per type on it; event
    cards and wild tags never do, F355)."""
    listens = "new-tag-type"

    def words(self):
        return {"new-tag-type": "a card you play brings a type of tag you had none of (once per type)"}

    def matches(self, t, event, content):
        return event["kind"] == "new-tag-type"

    def phrase(self, t, cost):
        return "you play a card with a type of tag you had none of in play (each new type)"

    def icon(self, t, icons, small):
        return icons.tag("wild") + small("new"), []


class ProductionPhaseStarts(Trigger):
    """The production phase begins: each effect answering it resolves once, before anything is
    produced (every player's at once, as the first player orders them)."""
    listens = "production-phase"
    lead = "at"

    def words(self):
        return {"production-phase": "the production phase begins (once a generation, before anything is produced)"}

    def matches(self, t, event, content):
        return event["kind"] == "production-phase"

    def phrase(self, t, cost):
        return "the start of each production phase"

    def icon(self, t, icons, small):
        return f'<span class="grp box">{small("phase")}</span>', []


class RatingRaised(Trigger):
    """Your terraform rating goes up one step (each step fires once): what a charge on every TR
    raise reacts to (the Reds' policy)."""
    listens = "tr"

    def words(self):
        return {"tr": "your terraform rating goes up one step (each step fires once)"}

    def matches(self, t, event, content):
        return event["kind"] == "tr"

    def phrase(self, t, cost):
        return "your terraform rating goes up 1 step"

    def icon(self, t, icons, small):
        return icons.icon("tr"), []


TRIGGERS: dict[str, Trigger] = {}
MEANINGS: dict[str, str] = {}
_refill = keep_tables(KINDS, TRIGGERS, MEANINGS)  # refilled when a module added to the run brings new words


def triggers_written() -> str:
    """Every kind of trigger as written, for the list of what was expected (E240)."""
    return "; ".join(w for w in (k.written() for k in KINDS) if w)
