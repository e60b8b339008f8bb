"""The action menu, kept between prompts: only what a change can affect is worked out again.

What is legal changes little between two prompts (in random play, 97 % of the parts worked out
again come out as before), and working it out is most of the engine's time: the offer check of
every card in the hand, every standard project, conversion, card action and milestone. So each
entry of the menu is split into *parts* (a card's requirements, its cost, whether its effects can
be completed), and a part is kept with the *domains* of the state it reads. This module owns all
of it: the rules it calls know nothing of it, and what each kind of action offers (`offers.py`)
only names its parts and what each reads.

**Domains**, for the player whose menu it is; each has a fingerprint (`FINGERPRINT`), cheap
lengths and small tuples:

* `board`: the tiles (their revision, `memo.revision`: a stamp and a length) and the claims;
* `played`: own cards in play (their revision) and the number of events played (all a count of
  events reads), and the modifiers held a while (`next-card(...)`);
* `discounts`: own discounts, standing and held until the next card;
* `flex`: own requirement flex, standing and held;
* `cres`: the resources on own cards;
* `hand`: the number of cards in hand; read at a level too, `hand:3`, whether the hand holds at
  least 3 cards (a discard of 3, a requirement of 3 cards in hand), changed only when the number
  crosses it (`LEVELS`);
* `tr`: own TR; read at a level too, `tr:35` (a requirement of a TR of 35), as `hand` is;
* `tr-raises`: the steps own TR went up this generation; read at a level too, `tr-raises:1`;
* `table`: own TR and its rise this generation, the milestones and awards taken, the generation;
* `triggers`: whether a card whose triggered effects can fail is in play (rows then need a trial);
* `deck`: whether a card is left to draw or reveal (in the deck or the discard pile);
* the other players' `others:res`, `others:cards` (cards in play, events, card resources),
  `others:hand` and `others:tr` (with its rise this generation); `others` stands for all four and
  every member of `others-prod`;
* six families, one domain per member: `globals:oxygen`, `prod:heat`, `tag:science` (a tag
  with the wild tags that may stand for it, F330), `tiles:city` (the number of own city tiles;
  `tiles:tile` of own tiles but oceans), `effects:building-tag` (the own cards in play with an
  effect answering that trigger word, which a card's own tags or tiles set off: all that a card's
  offer check counts on, `feasible.predicted_trigger_gains`), `others-prod:heat` (the other
  players' heat production, in seat order: whether a red-border decrease finds another player to
  take it from). The bare name stands for every member;
* `place:city`: whether a tile has an area; a tile with a name or placement rules is named with
  them (`compiler.tiles.place_member`). Its fingerprint is an area it may go on
  (`board.tile_witness`), asked again alone when a tile is placed: every placement rule reads an
  area and its neighbours, and tiles stay. Most tiles placed change no one's `place:` domain,
  where each of them changes `board`.

Own *resources* (`res`) are no domain: they change at nearly every prompt, so a part that reads
them is never kept. Affordability (resources against a cost) is worked out at every menu, and so
are the plain resource losses of a row's cost (8 plants for a greenery, 2 M€ for an action),
tested apart from the rest of the row, which is kept when it reads no resource
(`feasible.plain_cost_losses`).

**What depends on what.** Each op and each count word declares the domains its offer check
reads (`Op.reads`, `Count.reads`, in `compiler/`), in a cost or elsewhere: a production loss
reads `prod:R`, one tile `place:` it (several the `board`) and the track it counts for, a
discard of N cards `hand:N`, a condition (`need`) its count's level as a requirement does, a
`per` amount its count's domains, a red-border removal nothing unless it is a cost (then
everyone's resources), a reveal `deck`, an override what its primitive says (else `*`). A domain
whose fingerprint cannot change in the content's games is not read (`triggers` when no card's
triggered effects can fail).
A row that may give cards as well as discard them (a draw, a tile's bonus, the player's triggers)
reads the whole `hand`, and one whose tiles' bonuses may pay a loss, or with several tiles, the
`board` (the former `played` too: the modifiers held say what an ocean next to a tile is worth).
From those:

* a card's requirements read their counts' domains (a count's level where it says what that
  reads, `Count.at_least`: `hand:16`), and `flex` for a global parameter;
* a card's, standard project's or conversion's cost reads `discounts`;
* whether a project, conversion or card action can be completed reads its items' domains and
  `triggers`; a card's effects, when they can fail, the members of `effects` its tags and tiles
  set off too (its own triggers may pay, F075);
* a milestone's requirements read their counts' domains.

A part reading `res` or `*` is not kept. A verdict the static test and the ledger cannot give is
kept as "a trial decides" (None), and the trial (the interpreter on a copy, `trial.py`), which may
read anything, runs at every menu.

**Invalidation rule.** A kept part is used again if and only if no domain it reads has a
different fingerprint now than when it was worked out. At each menu the fingerprints of the
domains some kept part reads are compared with the player's previous menu, and the parts reading a
changed domain are dropped (an index from each domain to its parts). Some fingerprints are
functions of a cheaper *source* (`SOURCES`: the cards played and the modifiers held, the numbers
of tiles and claims, the other players' productions as they stand); the fingerprints are kept
grouped by source, and a source equal to its value at the previous menu passes over its whole
group. A change of phase, or of whether the player is the one acting, drops everything. The parts
live on the engine object of one state, per player, and are dropped when its state object is
replaced.

**Shared between games.** A fingerprint is enough to see a change within one game; some say all
a part reading them may depend on in any game of the content: a member of `globals`, `prod`,
`tag` (with the wild tags), `tiles`, `effects` or `others-prod`, whether a tile has an area, a
level, the TR, the hand's size, the modifiers held, the other players' resources (`VALUED`). A
part that reads only these, worked out in one game, holds wherever they have the same values, for
a player with as many players and the same options (in the same seat, when it reads the other
players'): it is kept in a table of the content keyed on those values (`_shared`, bounded), so a
card drawn again, a track back at a value seen before, a new game, finds it there. `board`,
`played`, `cres`, `table` and the other players' cards say less (a number of tiles, of cards): a
part reading one of them is never shared.

**Proof.** With `check` on (`check_menus`: the soak and the property tests), every menu is also
built from scratch, and any difference raises `MenuMismatch`: a domain missing from some `reads`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.counts import condition_reads
from compiler.ops import Cards, Tile, items_cannot_fail, items_reads, own_resource_loss, walk
from compiler.tiles import place_node

from .board import tile_witness, tile_witnesses
from .mechanic import DOMAINS
from .memo import Bounded, extended, revision
from .rules import acting, modifier_holders, standing, standing_modifiers, tags, tile_counts
from .static import cards_with_unsafe_triggers, play_words, unsafe_triggers_in_play, words_answered

#: the ops told apart here, by their declared names (string compares on hot paths)
_CARDS, _TILE = Cards.name, Tile.name

#: domains whose fingerprint is one value each
PLAIN = ("board", "played", "discounts", "flex", "cres", "hand", "tr", "tr-raises", "table", "triggers", "deck",
         "others:res", "others:cards", "others:hand", "others:tr")
#: families of domains, one per member (`globals:oxygen`, `prod:heat`, `tag:science`); the bare
#: family name stands for every member
FAMILIES = ("globals", "prod", "tag", "place", "tiles", "effects", "others-prod")
#: plain domains whose fingerprint is a number, also read at a level: `hand:3` is whether the hand
#: holds at least 3 cards, `tr:35` whether the TR is at least 35, changed only when the number
#: crosses the level
LEVELS = ("hand", "tr", "tr-raises")
#: read so often and changed so often that a part reading them is worked out every time
NOT_KEPT = frozenset({"res", "*"})


class MenuMismatch(AssertionError):
    """The kept menu differs from the menu built from scratch: a domain is missing from a `reads`."""


def domains_of(reads: frozenset[str]) -> tuple[str, ...] | None:
    """The domains a part is indexed under; None when it is never kept. A name no domain has is a
    mistake in a declaration, and raises."""
    out = set()
    for domain in reads:
        if domain == "others":
            out.update(d for d in PLAIN if d.startswith("others:"))
            out.add("others-prod")
            continue
        if domain in PLAIN:
            out.add(domain)
            continue
        if domain in DOMAINS:  # a mechanic's (`Mechanic.domains`): fingerprinted as the core's are
            FINGERPRINT.setdefault(domain, DOMAINS[domain])
            out.add(domain)
            continue
        base, _, member = domain.partition(":")
        if base in NOT_KEPT:
            return None
        if base in LEVELS:
            out.add(f"{base}:{int(member)}")
            continue
        if base not in FAMILIES:
            raise ValueError(f"unknown menu domain {domain!r}")
        out.add(f"{base}:{member}" if member else base)
    return tuple(sorted(out))


def _own_tags(st: dict, content: Any, p: int) -> dict:
    """The player's tags, and under `WILD` the wild tags that may stand for any of them while
    they act (F330)."""
    held = tags(st, content, p)
    if not content.wild:
        return dict(held)  # a plain dict: a Counter compares in Python
    return {**held, WILD: sum(held.get(t, 0) for t in content.wild)}


#: the member of the tag family that stands for every tag: the wild tags
WILD = "*"


def _others(part: Callable[[dict], Any]) -> Callable[[dict, Any, int], tuple]:
    """The fingerprint of one part of every other player's state."""
    return lambda st, content, p: tuple([part(q) for i, q in enumerate(st["players"]) if i != p])


def _played(st: dict, content: Any, p: int) -> tuple:
    pl = st["players"][p]
    granted = pl.get("granted")
    played = pl["played"]
    if content.standing_hooks:  # standing effects no card gives: by their revisions
        return revision(played), len(pl["events"]), tuple(map(str, granted)) if granted else (), \
            standing(st, content, p)[0]
    try:  # `memo.revision` inlined: a source, taken at every menu
        return played.stamp, len(played), len(pl["events"]), tuple(map(str, granted)) if granted else ()
    except AttributeError:
        return revision(played), len(pl["events"]), tuple(map(str, granted)) if granted else ()


def _held(st: dict, content: Any, p: int, kind: str) -> tuple:
    """The modifiers of one kind the player holds: standing, by the cards in play that give them
    (a value, the same in any game; extended with the cards played), and held a while, by their
    amounts."""
    pl = st["players"][p]
    granted = pl.get("granted")
    holders = extended(pl["played"], "holding:" + kind, dict, _add_holders, content, kind)
    held = tuple(holders), tuple([m["n"] for m in granted if m["mod"] == kind]) if granted else ()
    if content.standing_hooks:  # and those standing effects no card gives hold, by value
        held += (tuple(map(str, standing_modifiers(st, content, p, kind))),)
    return held


def _add_holders(names: dict[str, None], played: Any, content: Any, kind: str) -> None:
    holders = modifier_holders(content, kind)
    for e in played:
        if e["name"] in holders:
            names[e["name"]] = None


def _discounts(st: dict, content: Any, p: int) -> tuple:
    return _held(st, content, p, "discount")


def _effects(st: dict, content: Any, p: int) -> dict[str, tuple]:
    """For each trigger word a card's play may set off (`building-tag`, `city`, `tile`), the own
    cards in play with an effect answering it, in play order (extended as cards are played)."""
    found = extended(st["players"][p]["played"], "answering-by-word", dict, _add_answering, content)
    if content.standing_hooks:  # standing effects no card gives, by their source
        found = dict(found)
        words = play_words(content)
        for source, eff in standing(st, content, p)[1]:
            for w in dict.fromkeys(t["event"] for t in eff.get("on", ()) if t["event"] in words):
                found[w] = found.get(w, ()) + (source,)
    return found


def _add_answering(out: dict[str, tuple], played: Any, content: Any) -> None:
    for e in played:
        name = e["name"]
        for w in words_answered(content, name):
            out[w] = out.get(w, ()) + (name,)


def _flex(st: dict, content: Any, p: int) -> tuple:
    return _held(st, content, p, "flex")


def _table(st: dict, content: Any, p: int) -> tuple:
    pl = st["players"][p]
    taken, funded = st["milestones"], st["awards"]
    return (pl["tr"], pl.get("tr_gen", 0), tuple([m["name"] for m in taken]) if taken else (),
            tuple([a["name"] for a in funded]) if funded else (), st["generation"])


def _others_prod(st: dict, content: Any, p: int) -> dict[str, tuple]:
    """Each production, the other players' amounts of it in seat order."""
    out: dict[str, tuple] = {}
    for i, q in enumerate(st["players"]):  # loops, not comprehensions: taken whenever one changes
        if i != p:
            for r, n in q["prod"].items():
                out[r] = out.get(r, ()) + (n,)
    return out


def _board(st: dict, content: Any, p: int) -> tuple:
    claims = st["claims"]
    board = st["board"]
    try:  # `memo.revision` inlined, as in `_played`
        return board.stamp, len(board), tuple(claims.items()) if claims else ()
    except AttributeError:
        return revision(board), tuple(claims.items()) if claims else ()


#: each domain's fingerprint for player p (a family's is a dict of its members'); see the table above
FINGERPRINT: dict[str, Callable[[dict, Any, int], Any]] = {
    "board": _board,
    "played": _played,
    "discounts": _discounts,
    "effects": _effects,
    "flex": _flex,
    "cres": lambda st, content, p: tuple([e.get("res", 0) for e in st["players"][p]["played"]]),
    "hand": lambda st, content, p: len(st["players"][p]["hand"]),
    "tr": lambda st, content, p: st["players"][p]["tr"],
    "tr-raises": lambda st, content, p: int(st["players"][p].get("tr_gen", 0)),
    "others:res": _others(lambda q: tuple(q["res"].values())),
    "others-prod": _others_prod,
    "others:cards": _others(lambda q: (revision(q["played"]), len(q["events"]),
                                       tuple([e.get("res", 0) for e in q["played"]]))),
    "others:hand": _others(lambda q: len(q["hand"])),
    "others:tr": _others(lambda q: (q["tr"], q.get("tr_gen", 0))),
    "table": _table,
    "triggers": lambda st, content, p: unsafe_triggers_in_play(st, content),
    "deck": lambda st, content, p: bool(st["deck"] or st["discard"]),
    "globals": lambda st, content, p: st["globals"].copy(),
    "prod": lambda st, content, p: st["players"][p]["prod"].copy(),
    "tag": _own_tags,
    "tiles": lambda st, content, p: tile_counts(st, p),
    # the board; a member's own fingerprint is an area the tile may go on (`PlayerParts.places`)
    "place": _board,
}


#: domains whose fingerprint is their value, all a part reading them may depend on in any game of
#: the content (`board`, by contrast, is the number of tiles: enough to see a change in one game);
#: with the members of the families (`FAMILIES`) and the levels,
#: a part that reads only these is shared between games (`shareable`, `_shared`)
VALUED = frozenset({"discounts", "flex", "hand", "tr", "tr-raises", "triggers", "deck", "others:res",
                    "others:hand", "others:tr"})
#: how many parts are shared between games, at most (the oldest are forgotten)
SHARED_SIZE = 32768

def _others_prod_raw(st: dict, content: Any, p: int) -> tuple:
    """The other players' productions as they stand, cheap to take and compare (`SOURCES`)."""
    out = []
    for i, q in enumerate(st["players"]):
        if i != p:
            out.append(tuple(q["prod"].values()))
    return tuple(out)


#: cheap values that some domains' fingerprints are functions of (`SOURCE_OF`): while a source is
#: the same as at the player's last menu, those fingerprints are not taken again
SOURCES: dict[str, Callable[[dict, Any, int], Any]] = {
    "played": _played,  # the cards played and the modifiers held
    "board": _board,  # the revision of the tiles, and the claims
    "others-prod": _others_prod_raw,
}
#: the source each such domain is a function of
SOURCE_OF: dict[str, str] = {
    "discounts": "played", "effects": "played", "flex": "played", "tag": "played",
    "board": "board", "place": "board", "tiles": "board",
    "others-prod": "others-prod",
}


class PlayerParts:
    """One player's kept parts, the index from each domain to the parts reading it, and the
    fingerprints, taken at that player's last menu, of the domains some kept part reads (a family
    by its bare name), grouped by the source they are functions of (`SOURCES`), with the sources."""

    __slots__ = ("context", "groups", "index", "levels", "parts", "places", "prints", "sources")

    def __init__(self) -> None:
        self.parts: dict[tuple, Any] = {}
        self.index: dict[str, set[tuple]] = {}
        self.prints: dict[str, Any] = {}
        #: the domains with a fingerprint, by the source they are functions of ("" for none), so that
        #: a source that stands passes over its domains at once
        self.groups: dict[str, dict[str, None]] = {}
        #: the sources taken at the last menu (`SOURCES`); one not taken then is taken again
        self.sources: dict[str, Any] = {}
        self.context: tuple | None = None
        #: for each tile some kept part reads (`place:city`), an area it may go on
        #: (`board.tile_witness`); its parts are dropped when there comes to be one, or none
        self.places: dict[str, tuple] = {}
        #: the levels some kept part reads a `LEVELS` domain at, with their domains (3: `hand:3`)
        self.levels: dict[str, dict[int, str]] = {}

    def refresh(self, st: dict, content: Any, p: int) -> None:
        """Drop the parts that read a domain whose fingerprint changed since the last menu."""
        context = (st["phase"], acting(st) == p)
        if context != self.context:  # everything
            self.context = context
            self.parts.clear()
            self.index.clear()
            self.prints.clear()
            self.groups.clear()
            self.sources.clear()
            self.places.clear()
            self.levels.clear()
            return
        sources, taken = self.sources, {}
        for src, names in self.groups.items():
            if not names:
                continue
            if src:
                value = taken[src] = SOURCES[src](st, content, p)
                if value == sources.get(src, _MISSING):
                    continue
            self.compare(st, content, p, src, names)
        self.sources = taken

    def compare(self, st: dict, content: Any, p: int, src: str, names: dict[str, None]) -> None:
        """Take the fingerprints of these domains again, and drop the parts of those that changed."""
        prints = self.prints
        gone = []
        for name in names:  # a value may be replaced as it goes, none added or removed
            was = prints[name]
            now = FINGERPRINT[name](st, content, p)
            if now == was:
                continue
            if name in self.index:
                self.drop(name)  # a plain domain, or the bare family: every member
            if name == "place":
                prints[name] = now
                self.move_places(st, content, p)
            elif name in LEVELS:
                prints[name] = now
                self.cross_levels(name, was, now)
            elif name in FAMILIES:
                prints[name] = now
                self.drop_members(name, was, now)
            else:
                gone.append(name)
        for name in gone:
            del prints[name]
            del names[name]

    def take(self, st: dict, content: Any, p: int, name: str) -> Any:
        """The fingerprint of a domain not yet taken, kept from now on in its source's group."""
        now = self.prints[name] = FINGERPRINT[name](st, content, p)
        src = SOURCE_OF.get(name, "")
        group = self.groups.get(src)
        if group is None:
            self.groups[src] = {name: None}
        else:
            group[name] = None
        return now

    def cross_levels(self, name: str, was: int, now: int) -> None:
        """Drop the parts reading a level of `name` that the number crossed (`hand:3`)."""
        levels = self.levels.get(name)
        if not levels:
            return
        low, high = (was, now) if was < now else (now, was)
        for level, domain in list(levels.items()):
            if low < level <= high:  # at least the level before and not now, or the other way
                if domain in self.index:
                    self.drop(domain)
                else:
                    del levels[level]

    def drop_members(self, name: str, was: dict, now: dict) -> None:
        """Drop the parts reading a member of the family `name` whose value changed (a member
        missing on one side counts as changed, so a value gone to 0 drops its parts too)."""
        if was.get(WILD, 0) != now.get(WILD, 0):  # wild tags stand for every tag
            for domain in [d for d in self.index if d.startswith(name)]:
                self.drop(domain)
        index = self.index
        for member, value in now.items():  # loops, not sets: taken at most menus
            if was.get(member, _MISSING) != value:
                domain = f"{name}:{member}"
                if domain in index:
                    self.drop(domain)
        for member in was:  # a member gone (not in `now`) changed too
            if member not in now:
                domain = f"{name}:{member}"
                if domain in index:
                    self.drop(domain)

    def move_places(self, st: dict, content: Any, p: int) -> None:
        """A tile or a claim was added: drop the parts reading a tile that came to have an area,
        or to have none. (A tile no kept part reads any more is forgotten.)"""
        index = self.index
        places = {tile: was for tile, was in self.places.items() if "place:" + tile in index}
        self.places = moved = tile_witnesses(st, content, p, places, place_node)
        for tile, was in places.items():
            if (moved[tile][2] is None) != (was[2] is None):
                self.drop("place:" + tile)

    def copy(self) -> PlayerParts:
        """An independent copy, for a copy of the state they were kept for (`Menu.copy_for`)."""
        out = PlayerParts()
        out.parts = dict(self.parts)
        out.index = {d: set(keys) for d, keys in self.index.items()}
        out.prints = dict(self.prints)
        out.groups = {src: dict(names) for src, names in self.groups.items()}
        out.sources = dict(self.sources)
        out.context = self.context
        out.places = dict(self.places)
        out.levels = {name: dict(levels) for name, levels in self.levels.items()}
        return out

    def drop(self, domain: str) -> None:
        keys = self.index.pop(domain, None)
        if keys:
            parts = self.parts
            for key in keys:
                parts.pop(key, None)

    def keep(self, g: Any, p: int, key: tuple, reads: PartReads, value: Any) -> tuple | None:
        """Keep a part's value under the domains it reads, taking their fingerprints where none is
        taken; for a part shared between games, return what those domains are now (its key in the
        shared table, with the part's own)."""
        self.parts[key] = value
        index, prints = self.index, self.prints
        out: list | None = [] if reads.shared else None
        for d, base, kind, member, level in reads.plans:
            found = index.get(d)
            if found is None:
                index[d] = {key}
            else:
                found.add(key)  # a part worked out again may still be listed under another domain
            now = prints.get(base, _MISSING)
            if now is _MISSING:
                now = self.take(g.state, g.content, p, base)
            if kind is _LEVEL:
                levels = self.levels.get(base)
                if levels is None:
                    self.levels[base] = {level: d}
                else:
                    levels[level] = d
                if out is not None:
                    out.append(now >= level)
            elif kind is _PLACE:
                witness = self.places.get(member)
                if witness is None:
                    witness = self.places[member] = tile_witness(g.state, g.content, p, place_node(member))
                if out is not None:
                    out.append(witness[2] is not None)
            elif out is not None:
                out.append(now if kind is _PLAIN else now.get(member, 0) if kind is _MEMBER
                           else (now.get(member, 0), now.get(WILD, 0)))
        return None if out is None else tuple(out)


class PartReads:
    """What a part reads, worked out once per content and part: how each of its domains is read
    (`_plan`: with the domain first), and whether the part is shared between games (`shareable`)."""

    __slots__ = ("plans", "seated", "shared")

    def __init__(self, domains: tuple[str, ...]) -> None:
        self.plans = tuple((d, *(_PLANS.get(d) or _plan(d))) for d in domains)
        self.shared = shareable(domains)
        #: its values name the other players by seat (`others-prod:heat`): shared only with the same seat
        self.seated = any(d.startswith("others") for d in domains)


#: how a domain is read: (the fingerprint it is compared under, what it is: one of the five
#: below, the family member, the level)
_PLANS: dict[str, tuple[str, str, str, int]] = {}
_PLAIN, _MEMBER, _TAG, _PLACE, _LEVEL = "plain", "member", "tag", "place", "level"


def _plan(domain: str) -> tuple[str, str, str, int]:
    if domain in FINGERPRINT:
        plan = (domain, _PLAIN, "", 0)
    else:
        base, _, member = domain.partition(":")
        kind = _LEVEL if base in LEVELS else _PLACE if base == "place" else _TAG if base == "tag" else _MEMBER
        plan = (base, kind, member, int(member) if kind is _LEVEL else 0)
    _PLANS[domain] = plan
    return plan


class Menu:
    """The kept parts of one game state's menus, per player."""

    __slots__ = ("check", "domains", "now", "players", "shared", "state")

    def __init__(self) -> None:
        self.domains: dict[tuple, PartReads | None] = {}
        self.shared: Bounded | None = None  # the parts shared between games (`_shared`)
        self.state: dict | None = None
        self.check = False
        self.players: dict[int, PlayerParts] = {}
        self.now: dict | None = None  # the kept parts of the menu being built, None outside one

    def copy_for(self, state: dict) -> Menu:
        """The kept parts for a copy of this menu's state, equal to it now (`Game.look_ahead`):
        what was kept holds for the copy as it does for the original, by the same rule."""
        out = Menu()
        out.check, out.domains = self.check, self.domains
        if self.state is not None:
            out.state = state
            out.players = {p: kept.copy() for p, kept in self.players.items()}
        return out

    def build(self, g: Any, p: int, options: Callable[[Any, int], list[dict]]) -> list[dict]:
        """`options(g, p)`, with its parts kept between calls for this game state."""
        st = g.state
        if self.state is not st:
            self.state = st
            self.players = {}
            self.shared = None
            self.domains = _domains_known(g.content)
        kept = self.players.get(p)
        if kept is None:
            kept = self.players[p] = PlayerParts()
        kept.refresh(st, g.content, p)
        self.now = kept.parts
        try:
            menu = options(g, p)
        finally:
            self.now = None
        if self.check:
            fresh = options(g, p)
            if menu != fresh:
                missing = [o["id"] for o in fresh if o not in menu]
                extra = [o["id"] for o in menu if o not in fresh]
                raise MenuMismatch(f"generation {st['generation']}, player {p}: the kept menu differs from a fresh "
                                   f"one: missing {missing}, extra {extra}")
        return menu


#: an engine's menu before its first (a trial's copy never has one): nothing is kept, `now` is None,
#: so a caller reads `g.menu.now` with no test first (the menu's parts are looked up at every prompt)
NO_MENU = Menu()


def _domains_known(content: Any) -> dict[tuple, PartReads | None]:
    """The domains each part reads (`domains_of`), worked out once per content and part."""
    return content.memo["menu-domains"]


def check_menus(g: Any) -> None:
    """From now on, build each of this engine's menus from scratch too and compare (the proof)."""
    if g.menu is NO_MENU:
        g.menu = Menu()
    g.menu.check = True


_MISSING = object()
#: no kept value (a kept verdict may be None): for a caller's own look-up before `part`
UNKNOWN = object()


def part(g: Any, p: int, key: tuple, reads: Callable[..., frozenset[str]], work: Callable[..., Any],
         *args: Any) -> Any:
    """The value of one part of p's menu that is not kept (its caller looked first, in the parts
    kept, `g.menu.now`): `work(*args)`, kept from now on while the domains `reads(*args)` names are
    unchanged (asked once per content and part). A part reading only values is looked up in the
    table shared between games first, and put there (`_shared`). Outside a menu nothing is kept."""
    menu = g.menu
    if menu.now is None:
        return work(*args)
    reads_of = menu.domains.get(key, _MISSING)
    if reads_of is _MISSING:
        found = frozenset(reads(*args))
        if g.content.map.risky and any(d == "board" or d.startswith("place:") for d in found):
            found |= {"res"}  # a tile may go where its bonus costs something (a map's paid area): never kept
        domains = domains_of(found - _constant(g.content))
        reads_of = menu.domains[key] = None if domains is None else PartReads(domains)
    if reads_of is None:
        return work(*args)
    kept = menu.players[p]
    if not reads_of.shared:
        value = work(*args)
        kept.keep(g, p, key, reads_of, value)
        return value
    values = kept.keep(g, p, key, reads_of, None)
    shared = menu.shared
    if shared is None:
        shared = menu.shared = _shared(g)
    known = (reads_of, p, values) if reads_of.seated else (reads_of, values)  # the part by its reads: one per key
    value = shared.get(known, _MISSING)
    if value is _MISSING:
        value = shared.put(known, work(*args))
    kept.parts[key] = value
    return value


def _constant(content: Any) -> frozenset[str]:
    """The domains whose fingerprint never changes in games of this content, which a part need
    not read: `triggers` when no card's triggered effects can fail."""
    found = content.memo.get("menu-constant")
    if found is None:
        constant = set() if cards_with_unsafe_triggers(content) else {"triggers"}
        found = content.memo["menu-constant"] = frozenset(constant)
    return found


def shareable(domains: tuple[str, ...]) -> bool:
    """Does a part reading these domains read only what their fingerprints say in full (`VALUED`)?
    (Asked once per content and part, by `PartReads`.)"""
    return all(d in VALUED or (d.partition(":")[0] in FAMILIES + LEVELS and ":" in d) for d in domains)


def _shared(g: Any) -> Bounded:
    """The parts shared between the games of one content with the same players and options,
    keyed on the values of the domains they read."""
    st = g.state
    tables = g.content.memo["menu-shared"]
    key = (len(st["players"]), repr(st["options"]))
    table = tables.get(key)
    if table is None:
        table = tables[key] = Bounded(SHARED_SIZE)
    return table


def keeps_nothing_of(reads: frozenset[str]) -> bool:
    """Is a part reading these never kept (it reads resources, or anything)?"""
    return any(d.partition(":")[0] in NOT_KEPT for d in reads)


# ---- what each part reads ---------------------------------------------------------------------
def requirement_reads(reqs: list) -> frozenset[str]:
    """A requirement's counts (their level, where a count says what that reads: `hand:16` for
    16 cards in hand), and for a global parameter the flex that may meet it within steps."""
    out: frozenset[str] = frozenset()
    for r in reqs:
        out |= condition_reads(r)
    if any(d.startswith("globals") for d in out) or any(r["count"].endswith("-tag") for r in reqs if "count" in r):
        out |= {"flex"}  # a tag's minimum too may be met with fewer (`flex 1 science-tag`)
    return out


def rows_reads(cost: list, gain: list) -> frozenset[str]:
    """Whether a row (its cost paid first) can be completed: its items', and the triggers in play
    that may need a trial."""
    out = frozenset({"triggers"}) | items_reads(cost, True) | items_reads(gain)
    tiles = [n for n in walk(cost + gain) if n["op"] == _TILE]
    if len(tiles) > 1:
        out |= {"board"}  # several tiles count the legal areas
    if tiles and any(own_resource_loss(n) for n in walk(gain)):
        out |= {"board", "played"}  # a loss after the cost, their bonuses (an ocean's worth: `value +N ocean`)
    if tiles or any(n["op"] == _CARDS and n.get("n", 0) > 0 for n in walk(cost + gain)):
        out = _whole_hand(out)
    return out


def play_reads(items: list, words: Any = None) -> frozenset[str]:
    """Whether a card's effects can be completed: as a row, and when they can fail, the player's
    own triggered effects too, which may pay a loss (F075) and draw: those answering the trigger
    words the card's play sets off (`static.play_trigger_words`), all of them when not given."""
    if items_cannot_fail(items):
        return rows_reads([], items)
    answering = {"effects"} if words is None else {"effects:" + w for w in words}
    return _whole_hand(rows_reads([], items) | answering)


def _whole_hand(reads: frozenset[str]) -> frozenset[str]:
    """A discard read at a level (`hand:2`) reads the hand's size where the row may also give
    cards (a draw, a tile's bonus, the player's triggers): the ledger weighs the two together."""
    if not any(d.startswith("hand:") for d in reads):
        return reads
    return frozenset(d for d in reads if not d.startswith("hand:")) | {"hand"}
