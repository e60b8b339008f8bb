"""The count words of the card language, each kind declared once with what its consumers need.

A count (`2 city-tile!(mars)`, `science-tag`, `plant-prod`) is read by requirements, `per`,
conditions, VP and award scores. Each kind states the words it covers and their meaning (the
vocabulary and lint), its value in a game (`value`, given the engine's `rules` module), its noun
phrase for the rules text (`parts`) and its icon on the sheet (`icon`). Adding a count word is
one class here plus its tests; `tests/test_counts.py` fails when a kind lacks any of these.
"""

from __future__ import annotations

from .names import slug

from collections.abc import Callable

from typing import Any

from . import vocab
from .modules import all_words, keep_tables
from .triggers import cost_ok

Node = dict[str, Any]


#: every kind, in the order declared: each concrete subclass of `Count` registers itself, so a
#: mechanic's package adds a kind by declaring it (the tables are refilled as it does)
KINDS: list[Count] = []
_refill: Callable[[], None] | None = None


class Count:
    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        KINDS.append(cls())
        if _refill is not None:  # declared after the tables were made: by a mechanic's package
            _refill()

    #: words this kind covers, with their meaning
    def words(self) -> dict[str, str]:
        raise NotImplementedError

    def value(self, rules: Any, state: dict, content: Any, p: int, c: Node, ctx: dict | None,
              players: list[int]) -> int:
        raise NotImplementedError

    def parts(self, c: Node, who: str) -> tuple[str, str, str]:
        """(singular noun, plural noun, qualifier): ('power tag', 'power tags', 'you have')."""
        raise NotImplementedError

    def icon(self, c: Node, icons: Any, small: Any, grp: Any) -> tuple[str, list[str]]:
        """(icon html, captions) on the sheet, drawn with the sheet's helpers."""
        raise NotImplementedError

    #: the mechanic whose state it counts (colonies: `trading`), for lint L427
    mechanic: str | None = None

    #: the arguments it takes besides `(opponents)`, which every count takes (lint L407)
    arguments: frozenset[str] = frozenset()

    def takes(self, c: Node) -> frozenset[str]:
        """The arguments this count may be given (lint L407): its kind's and `(opponents)`."""
        return self.arguments | {"opponents"}

    #: the menu domain whose fingerprint is this count's value itself (`tmars.menu.LEVELS`): the
    #: count reads it, and whether the count is at least n reads its level `DOMAIN:n`
    level: str | None = None

    def reads(self, c: Node) -> frozenset[str]:
        """The state domains its value reads for the asking player, their own ones; `count_reads`
        adds the other players' for `!` and `opponents` (domains: `tmars/menu.py`). The default:
        its `level` domain, or anything, so a kind that does not say is never kept."""
        return frozenset({self.level or "*"})

    def others_reads(self, c: Node) -> frozenset[str]:
        """What it reads of the other players' state when it counts theirs (`!`, `opponents`).
        The default: all of it."""
        return frozenset({"others"})

    def at_least(self, c: Node, n: int) -> frozenset[str] | None:
        """What whether the player's own count is at least n reads, when that is finer than
        `reads` (a requirement's test): its `level` at n (`hand:16`); None for a count without
        one, which reads the count itself."""
        return frozenset({f"{self.level}:{n}"}) if self.level else None


class GlobalParameter(Count):
    """The global parameters: the tracks the modules' manifests declare. A track moved by placing a
    tile (the oceans) is counted, worded and drawn as those tiles."""

    def words(self):
        return {w: spec["meaning"] for w, spec in all_words("globals").items()}

    def value(self, rules, state, content, p, c, ctx, players):
        return state["globals"][c["count"]]

    def others_reads(self, c):
        return frozenset()  # the tracks are everyone's

    def reads(self, c):
        return frozenset({"globals:" + c["count"]})

    def parts(self, c, who):
        word = c["count"]
        tile = all_words("globals").get(word, {}).get("raised_by")
        if tile:
            return f"{tile} tile", f"{tile} tiles", "in play"
        return f"{word} step", f"{word} steps", ""

    def icon(self, c, icons, small, grp):
        return icons.icon(all_words("globals").get(c["count"], {}).get("raised_by") or c["count"]), []


class Rating(Count):
    level = "tr"

    def words(self):
        return {"tr": "your terraform rating"}

    def value(self, rules, state, content, p, c, ctx, players):
        return state["players"][p]["tr"]

    def others_reads(self, c):
        return frozenset({"others:tr"})

    def parts(self, c, who):
        return "step of terraform rating", "steps of terraform rating", ""

    def icon(self, c, icons, small, grp):
        return icons.icon("tr"), []


class RatingRaises(Count):
    level = "tr-raises"

    def words(self):
        return {"tr-raises": "steps your terraform rating has gone up this generation"}

    def value(self, rules, state, content, p, c, ctx, players):
        return int(state["players"][p].get("tr_gen", 0))

    def others_reads(self, c):
        return frozenset({"others:tr"})

    def parts(self, c, who):
        return "terraform rating step this generation", "terraform rating steps this generation", ""

    def icon(self, c, icons, small, grp):
        return icons.icon("tr"), ["this generation"]


class Tags(Count):
    def words(self):
        return {f"{t}-tag": f"{t} tags you have in play (all players' with !)" for t in vocab.TAGS}

    def value(self, rules, state, content, p, c, ctx, players):
        tag = c["count"][:-4]
        if tag == "event":  # events are face down: counted from the events played
            return sum(len(state["players"][q]["events"]) for q in players)
        n = sum(rules.tags(state, content, q)[tag] for q in players)
        return n + _own_event_tags(content, tag, ctx, players) if content.own_tag_events else n

    def others_reads(self, c):
        return frozenset({"others:cards"})

    def reads(self, c):
        tag = c["count"][:-4]
        return frozenset({"played"} if tag == "event" else {"tag:" + tag})

    def parts(self, c, who):
        tag = c["count"][:-4]
        if tag == "event":
            args = c.get("args", ())
            return "event", "events", "played by your opponents" if "opponents" in args else (
                "played by any player" if c.get("any") else "you have played")
        return f"{tag} tag", f"{tag} tags", who

    def icon(self, c, icons, small, grp):
        return icons.tag(c["count"][:-4]), []


def _own_event_tags(content: Any, tag: str, ctx: dict | None, players: Any) -> int:
    """An event's own tags count for its own effects while it resolves (F105: a draw per
    science tag counts the event's own), though an event's tags never count once it is played."""
    card = ctx.get("card") if ctx else None
    if card not in content.own_tag_events or ctx["p"] not in players:
        return 0
    return content.cards[card]["tags"].count(tag)


class TaglessCards(Count):
    """Your cards in play with no tag: corporations, cards played before the first generation,
    green and blue cards, never events (F358); a card whose only tags are wild tags counts (a wild
    tag is no tag outside your own actions, F330)."""

    def words(self):
        return {"tagless-card": "your cards in play with no tag, events left out (any player's with !)"}

    def value(self, rules, state, content, p, c, ctx, players):
        cards = content.cards
        return sum(1 for q in players for e in state["players"][q]["played"]
                   if cards[e["name"]]["type"] != "event" and all(t in content.wild for t in cards[e["name"]]["tags"]))

    def reads(self, c):
        return frozenset({"played"})

    def others_reads(self, c):
        return frozenset({"others:cards"})

    def parts(self, c, who):
        return "card with no tag", "cards with no tag", "you have in play"

    def icon(self, c, icons, small, grp):
        return icons.icon("card"), ["no tag"]


class TagTypes(Count):
    """The types of tag among your cards in play. Events never count (their tags are face down once
    played, F393), nor does a wild tag (it is no type of its own, F114), nor a card with no tag
    (no tag is no type, F115): the tags `new-tag-type` fires for (F355)."""

    def words(self):
        return {"tag-type": "tag types you have in play, events and wild tags left out (all players' added up with !)"}

    def value(self, rules, state, content, p, c, ctx, players):
        return sum(rules.tag_types(state, content, q) for q in players)

    def reads(self, c):
        return frozenset({"played"})

    def others_reads(self, c):
        return frozenset({"others:cards"})

    def parts(self, c, who):
        return "tag type", "tag types", who

    def icon(self, c, icons, small, grp):
        return icons.tag("wild"), ["types"]


class ActiveCards(Count):
    """Your blue cards in play: those of type `active`, whatever they hold or do."""

    def words(self):
        return {"active-card": "your active (blue) cards in play (all players' with !)"}

    def value(self, rules, state, content, p, c, ctx, players):
        cards = content.cards
        return sum(1 for q in players for e in state["players"][q]["played"] if cards[e["name"]]["type"] == "active")

    def reads(self, c):
        return frozenset({"played"})

    def others_reads(self, c):
        return frozenset({"others:cards"})

    def parts(self, c, who):
        return "blue card", "blue cards", who

    def icon(self, c, icons, small, grp):
        return icons.icon("card"), ["active"]


class EventCards(Count):
    def words(self):
        return {"event-card": "event cards you have played (all players' with !)"}

    def value(self, rules, state, content, p, c, ctx, players):
        return sum(len(state["players"][q]["events"]) for q in players)

    def others_reads(self, c):
        return frozenset({"others:cards"})

    def reads(self, c):
        return frozenset({"played"})

    def parts(self, c, who):
        return "event", "events", "played by any player" if c.get("any") else "you have played"

    def icon(self, c, icons, small, grp):
        return icons.tag("event"), []


class ProjectCards(Count):
    """Your project cards in play, green (automated) and blue (active): never events, nor the cards
    played before the first generation, nor corporations (F281, F285). `(automated)` or `(active)`
    one colour only, `(requirements)` only those with something in their requirement box (F280),
    `(cost >= N)` those printed at N M€ or more (F281); several filters together all hold."""

    arguments = frozenset({"automated", "active", "requirements", "cost"})
    KINDS = ("automated", "active")

    def words(self):
        return {"project-card": "your green and blue cards in play (filters: automated, active, requirements, "
                                "cost >= N; all players' with !)"}

    def value(self, rules, state, content, p, c, ctx, players):
        cards, args = content.cards, c.get("args", ())
        kinds = [a for a in args if a in self.KINDS] or self.KINDS
        costs = [a for a in args if isinstance(a, dict) and a["rule"] == "cost"]
        need_reqs = "requirements" in args
        n = 0
        for q in players:
            for e in state["players"][q]["played"]:
                card = cards[e["name"]]
                if card["type"] not in kinds or (need_reqs and not card.get("requires")):
                    continue
                if all(cost_ok(a, card.get("cost", 0)) for a in costs):
                    n += 1
        return n

    def reads(self, c):
        return frozenset({"played"})

    def others_reads(self, c):
        return frozenset({"others:cards"})

    def parts(self, c, who):
        args = c.get("args", ())
        colour = " and ".join(w for w, a in (("green", "automated"), ("blue", "active")) if a in args) or "project"
        what = f"{colour} card"
        extra = []
        if "requirements" in args:
            extra.append("with a requirement")
        extra += [f"costing {a['n']} M€ or {'more' if a['cmp'] == '>=' else 'less'}" for a in args
                  if isinstance(a, dict) and a["rule"] == "cost"]
        tail = (" " + " and ".join(extra)) if extra else ""
        return what + tail, what.replace("card", "cards") + tail, who

    def icon(self, c, icons, small, grp):
        args = c.get("args", ())
        return icons.icon("card"), [a if isinstance(a, str) else f"{a['rule']} {a['cmp']} {a['n']}" for a in args]


class HighestProduction(Count):
    """The highest of your productions, whichever resource it is (M€ included, F279)."""

    def words(self):
        return {"highest-prod": "your highest production, of any resource (M€ included)"}

    def value(self, rules, state, content, p, c, ctx, players):
        return max(max(state["players"][q]["prod"].values()) for q in players)

    def reads(self, c):
        return frozenset({"prod:" + r for r in vocab.STANDARD_RESOURCES})

    def others_reads(self, c):
        return frozenset({"others-prod:" + r for r in vocab.STANDARD_RESOURCES})

    def parts(self, c, who):
        return "step of your highest production", "steps of your highest production", ""

    def icon(self, c, icons, small, grp):
        return grp(icons.icon("held"), "box mini"), ["highest"]


class HeldResources(Count):
    """The resources on your cards, every kind added up (animals, microbes, floaters, science …);
    with kinds as arguments, those kinds only (`card-resource(animal, microbe)`)."""

    def words(self):
        return {"card-resource": "the resources on your cards, every kind added up, or the kinds named "
                                 "(all players' with !)"}

    def takes(self, c):
        return frozenset(vocab.CARD_RESOURCES) | {"opponents"}

    def value(self, rules, state, content, p, c, ctx, players):
        kinds = [a for a in c.get("args", ()) if a in vocab.CARD_RESOURCES]
        cards = content.cards
        return sum(e.get("res", 0) for q in players for e in state["players"][q]["played"]
                   if not kinds or cards[e["name"]].get("holds") in kinds)

    def reads(self, c):
        return frozenset({"cres"})

    def others_reads(self, c):
        return frozenset({"others"})

    def parts(self, c, who):
        kinds = [a for a in c.get("args", ()) if a in vocab.CARD_RESOURCES]
        if kinds:
            from .text import join, noun
            return f"{join(kinds, 'or')} on your cards", f"{join([noun(k, 2) for k in kinds], 'and')} on your cards", ""
        return "resource on your cards", "resources on your cards", ""

    def icon(self, c, icons, small, grp):
        kinds = [a for a in c.get("args", ()) if a in vocab.CARD_RESOURCES]
        return "".join(icons.icon(k) for k in kinds) or icons.icon("held"), ["on cards"]


class Production(Count):
    """Your production of a resource; `(gained)` only the steps above the game's starting
    production (the rules' `start_production`: 1 in the standard game, 0 with Corporate Era), as
    a map's milestone counts it (F276)."""

    arguments = frozenset({"gained"})

    def words(self):
        return {f"{r}-prod": f"your {r} production (all players' with !; (gained): the steps above the start)"
                for r in vocab.STANDARD_RESOURCES}

    def value(self, rules, state, content, p, c, ctx, players):
        start = content.rules.start_production if "gained" in c.get("args", ()) else 0
        return sum(state["players"][q]["prod"][c["count"][:-5]] - start for q in players)

    def others_reads(self, c):
        return frozenset({"others-prod:" + c["count"][:-5]})

    def reads(self, c):
        return frozenset({"prod:" + c["count"][:-5]})

    def parts(self, c, who):
        from .text import RES
        res = RES.get(c["count"][:-5], c["count"][:-5])
        if "gained" in c.get("args", ()):
            return f"step of {res} production above the start", f"steps of {res} production above the start", \
                "of all players" if c.get("any") else "you have"
        return f"step of {res} production", f"steps of {res} production", \
            "of all players" if c.get("any") else "you have"

    def icon(self, c, icons, small, grp):
        return grp(icons.icon(c["count"][:-5]), "box mini"), []


class Resources(Count):
    def words(self):
        return {r: f"your {r} (all players' with !)" for r in vocab.STANDARD_RESOURCES}

    def value(self, rules, state, content, p, c, ctx, players):
        return sum(state["players"][q]["res"][c["count"]] for q in players)

    def others_reads(self, c):
        return frozenset({"others:res"})

    def reads(self, c):
        return frozenset({"res:" + c["count"]})

    def parts(self, c, who):
        from .text import NOUNS
        sing, plur = NOUNS[c["count"]]
        return sing, plur, "all players have" if c.get("any") else "you have"

    def icon(self, c, icons, small, grp):
        return icons.icon(c["count"]), []


class Tiles(Count):
    """Your tiles of a kind; `(mars)` leaves out those off the map, `(ocean-adjacent)` those with
    no ocean tile next to them (each tile once, however many oceans touch it), `(bottom N)` all
    but those on the map's N bottom rows (south of the equator: the 4 bottom rows of a 9-row map)."""

    arguments = frozenset({"mars", "ocean-adjacent", "bottom", "inland", "near-volcanic"})
    #: the arguments that pick tiles by where they are (each read from the map and the board)
    PLACES = ("bottom", "inland", "near-volcanic")

    def words(self):
        return {"city-tile": "city tiles you own (any player's with !)",
                "greenery-tile": "greenery tiles you own (any player's with !)",
                "special-tile": "special (named) tiles you own (any player's with !)",
                "tile": "tiles you own (any player's with !)",
                **{f"{w}-tile": f"{w} tiles you own (any player's with !): {spec['meaning']}"
                   for w, spec in all_words("tile_kinds").items()}}

    def value(self, rules, state, content, p, c, ctx, players):
        word, args = c["count"], c.get("args", ())
        kind = None if word == "tile" else word[:-5]
        mars = "mars" in args
        # every tile in play for any player's (`!`): those of no player too, a city or greenery placed
        # for the neutral opponent (the solo game's, F272); oceans are nobody's and never counted
        everyone = bool(c.get("any")) and len(players) == len(state["players"])
        owners = (*players, None) if everyone else tuple(players)
        if any((a if isinstance(a, str) else a["rule"]) in self.PLACES for a in args):
            return sum(1 for aid, t in state["board"].items() if t.get("owner") in owners and t["tile"] != "ocean"
                       and (kind is None or t["tile"] == kind) and _placed_as_asked(state, content, aid, args))
        if "ocean-adjacent" in args:
            return sum(rules.tiles_next_to(state, content, q, kind, mars, "ocean") for q in owners)
        if everyone:
            return rules.tiles_owned(state, None, kind, mars, content)
        return sum(rules.tiles_owned(state, q, kind, mars, content) for q in players)

    def others_reads(self, c):
        return frozenset({"board"})  # the other players' tiles: what is on the board

    def reads(self, c):
        if any(not isinstance(a, str) or a in ("mars", "ocean-adjacent", *self.PLACES) for a in c.get("args", ())):
            return frozenset({"board"})  # where the tiles are, and what is next to them
        return frozenset({"tiles:" + c["count"].removesuffix("-tile")})  # own tiles of the kind: their number

    def parts(self, c, who):
        word, args = c["count"], c.get("args", ())
        kind = "tile" if word == "tile" else f"{word[:-5]} tile"
        if "mars" in args:
            who = "on Mars" if c.get("any") else "you have on Mars"
        if "ocean-adjacent" in args:
            who = f"{who} next to an ocean tile".strip()
        if "inland" in args:
            who = f"{who} next to no ocean tile".strip()
        if "near-volcanic" in args:
            who = f"{who} on or next to a volcanic area".strip()
        for a in args:
            if isinstance(a, dict) and a["rule"] == "bottom":
                rows = "the bottom row" if a["n"] == 1 else f"the {a['n']} bottom rows"
                who = f"{who} on {rows} of the map".strip()
        return kind, kind + "s", who

    def icon(self, c, icons, small, grp):
        word = c["count"]
        ic = icons.icon("tile" if word == "tile" else word[:-5])
        if "ocean-adjacent" in c.get("args", ()):
            ic += small("next to") + icons.icon("ocean", "sub")
        rows = [a["n"] for a in c.get("args", ()) if isinstance(a, dict) and a["rule"] == "bottom"]
        return ic, [f"bottom {rows[0]} rows"] if rows else []


def _placed_as_asked(state: dict, content: Any, aid: str, args: Any) -> bool:
    """Is the tile on this area on Mars where the arguments ask: `bottom N` on the map's N bottom
    rows, `inland` with no ocean tile next to it, `near-volcanic` on a volcanic area or next to one?"""
    areas, board = content.map.areas, state["board"]
    area = areas[aid]
    if area.kind == "off":
        return False
    for a in args:
        if isinstance(a, dict) and a["rule"] == "bottom":
            fails = area.row <= content.map.rows - a["n"]
        elif a == "inland":
            fails = any(board.get(nb, {}).get("tile") == "ocean" for nb in area.neighbours)
        elif a == "near-volcanic":
            fails = not (area.volcanic or any(areas[nb].volcanic for nb in area.neighbours))
        else:
            fails = False
        if fails:
            return False
    return True


class TileGroup(Count):
    """The most of your tiles on Mars linked to each other through neighbouring areas: your largest
    group of connected tiles (an ocean is nobody's and links nothing)."""

    def words(self):
        return {"tile-group": "your largest group of connected tiles on Mars"}

    def value(self, rules, state, content, p, c, ctx, players):
        areas, board = content.map.areas, state["board"]
        own = {aid for aid, t in board.items() if t.get("owner") in players and areas[aid].kind != "off"}
        best, seen = 0, set()
        for start in own:
            if start in seen:
                continue
            group, todo = 0, [start]
            seen.add(start)
            while todo:
                aid = todo.pop()
                group += 1
                for nb in areas[aid].neighbours:
                    if nb in own and nb not in seen:
                        seen.add(nb)
                        todo.append(nb)
            best = max(best, group)
        return best

    def reads(self, c):
        return frozenset({"board"})

    def others_reads(self, c):
        return frozenset({"board"})

    def parts(self, c, who):
        return "tile in your largest group of connected tiles", "tiles in your largest group of connected tiles", ""

    def icon(self, c, icons, small, grp):
        return icons.icon("tile") * 2, ["connected"]


class Colonies(Count):
    """Colonies on the colony tiles (the trading mechanic's): yours, or everyone's with `!`. A
    colony is no tile on Mars (F368), so `tile` and `city-tile` never count it."""

    mechanic = "trading"

    def words(self):
        return {"colonies": "colonies you own on colony tiles (any player's with !)"}

    def value(self, rules, state, content, p, c, ctx, players):
        return sum(t["owners"].count(q) for t in state.get("colonies", ()) for q in players)

    def reads(self, c):
        return frozenset({"colonies"})

    def others_reads(self, c):
        return frozenset({"colonies"})

    def parts(self, c, who):
        return "colony", "colonies", who

    def icon(self, c, icons, small, grp):
        return icons.icon("colony"), []


def _board(state: dict) -> dict | None:
    """The Terraforming Committee of a game with the politics mechanic on (else None)."""
    return state.get("politics")


class PlacedDelegates(Count):
    """Your delegates on the Terraforming Committee: in parties (leaders included) and in the
    chairman's seat, not those in your reserve or your lobby (F380, F382)."""

    mechanic = "politics"

    def words(self):
        return {"delegate-placed": "your delegates in parties and in the chairman's seat (not in reserve or lobby)"}

    def value(self, rules, state, content, p, c, ctx, players):
        board = _board(state)
        if board is None:
            return 0
        return sum(party["delegates"].count(q) for party in board["parties"] for q in players) + sum(
            board["chairman"] == q for q in players)

    def reads(self, c):
        return frozenset({"politics"})

    def others_reads(self, c):
        return frozenset({"politics"})

    def parts(self, c, who):
        return "delegate in a party or the chair", "delegates in parties or the chair", who

    def icon(self, c, icons, small, grp):
        return icons.icon("delegate"), ["placed"]


class ResourceTypes(Count):
    """The kinds of resource you have at least one of: each standard resource in your stock and
    each kind of resource on your cards."""

    def words(self):
        return {"resource-type": "the kinds of resource you have: standard ones in stock, and on your cards"}

    def value(self, rules, state, content, p, c, ctx, players):
        total = 0
        for q in players:
            pl = state["players"][q]
            held = {content.cards[e["name"]].get("holds") for e in pl["played"] if e.get("res", 0) > 0}
            total += sum(1 for n in pl["res"].values() if n > 0) + len(held - {None})
        return total

    def reads(self, c):
        return frozenset({"res", "cres"})

    def others_reads(self, c):
        return frozenset({"others"})

    def parts(self, c, who):
        return "kind of resource", "kinds of resource", who

    def icon(self, c, icons, small, grp):
        return icons.icon("held"), ["kinds"]


class Influence(Count):
    """A player's influence on the Terraforming Committee (the politics mechanic's, F383): 1 as
    chairman, 1 as leader of the dominant party, 1 for any delegate of theirs there that is not its
    leader, and what their cards add (`+1 influence`, a modifier: 4 is possible)."""

    mechanic = "politics"
    takes_extra = True

    def words(self):
        return {"influence": "your influence: chairman, leader of the dominant party, a delegate there"}

    def value(self, rules, state, content, p, c, ctx, players):
        board = _board(state)
        if board is None:
            return 0
        total = 0
        dominant = next(x for x in board["parties"] if x["name"] == board["dominant"])
        for q in players:
            leads = dominant["leader"] == q
            total += int(board["chairman"] == q) + int(leads) + int(dominant["delegates"].count(q) - leads > 0)
            total += sum(m["n"] for m in rules.modifiers(state, content, q, "extra") if m["res"] == "influence")
        return total

    def reads(self, c):
        return frozenset({"politics", "played"})

    def others_reads(self, c):
        return frozenset({"politics", "others:cards"})

    def parts(self, c, who):
        return "influence", "influence", ""

    def icon(self, c, icons, small, grp):
        return icons.icon("tr"), ["influence"]


class PartySupport(Count):
    """A party's icon as a requirement (`party(greens)`): 1 while that party rules or while you
    have at least the rule's number of delegates there (`politics: requirement_delegates`, 2), its
    leader included; else 0."""

    mechanic = "politics"
    boolean = True

    def words(self):
        return {"party": "1 if the party named rules or you have enough delegates there: party(mars-first)"}

    def takes(self, c):
        return frozenset(a for a in c.get("args", ()) if isinstance(a, str))  # a party's name, as a word

    def value(self, rules, state, content, p, c, ctx, players):
        board = _board(state)
        names = [a for a in c.get("args", ()) if isinstance(a, str)]
        if board is None or not names:
            return 0
        need = int(content.rules.section("politics").get("requirement_delegates", 2))
        party = next((x for x in board["parties"] if slug(x["name"]) == names[0]), None)
        if party is None:
            return 0
        return sum(int(slug(board["ruling"]) == names[0] or party["delegates"].count(q) >= need) for q in players)

    def reads(self, c):
        return frozenset({"politics"})

    def others_reads(self, c):
        return frozenset({"politics"})

    def parts(self, c, who):
        name = " ".join(w.capitalize() for w in next(iter(c.get("args", ["a"])), "a").split("-"))
        return f"{name} ruling or 2 of your delegates there", f"{name} ruling or 2 of your delegates there", ""

    def icon(self, c, icons, small, grp):
        name = next(iter(c.get("args", [""])), "")
        return icons.icon("delegate"), [name.replace("-", " ")]


class Chair(Count):
    """The chairman's seat: 1 if it is yours, or with `(neutral)` if it is neutral's."""

    mechanic = "politics"
    boolean = True

    def words(self):
        return {"chairman": "1 if you are the chairman ((neutral): if the chairman is neutral)"}

    arguments = frozenset({"neutral"})

    def value(self, rules, state, content, p, c, ctx, players):
        board = _board(state)
        if board is None:
            return 0
        if "neutral" in c.get("args", ()):
            return int(board["chairman"] == "neutral")
        return sum(int(board["chairman"] == q) for q in players)

    def reads(self, c):
        return frozenset({"politics"})

    def others_reads(self, c):
        return frozenset({"politics"})

    def parts(self, c, who):
        if "neutral" in c.get("args", ()):
            return "neutral chairman", "neutral chairmen", ""
        return "chairman seat", "chairman seats", who

    def icon(self, c, icons, small, grp):
        return icons.icon("delegate"), ["chairman"] + (["neutral"] if "neutral" in c.get("args", ()) else [])


class PartyLeads(Count):
    """The parties whose leader is one of your delegates (the chairman leads none, F380)."""

    mechanic = "politics"

    def words(self):
        return {"party-leader": "parties you lead (any player's with !)"}

    def value(self, rules, state, content, p, c, ctx, players):
        board = _board(state)
        return 0 if board is None else sum(int(x["leader"] == q) for x in board["parties"] for q in players)

    def reads(self, c):
        return frozenset({"politics"})

    def others_reads(self, c):
        return frozenset({"politics"})

    def parts(self, c, who):
        return "party you lead", "parties you lead", ""

    def icon(self, c, icons, small, grp):
        return icons.icon("delegate"), ["party leader"]


class PartiesJoined(Count):
    """The parties with at least one of your delegates, its leader included (the chairman sits in
    no party, F380)."""

    mechanic = "politics"

    def words(self):
        return {"delegated-party": "parties with at least one of your delegates"}

    def value(self, rules, state, content, p, c, ctx, players):
        board = _board(state)
        return 0 if board is None else sum(int(q in x["delegates"]) for x in board["parties"] for q in players)

    def reads(self, c):
        return frozenset({"politics"})

    def others_reads(self, c):
        return frozenset({"politics"})

    def parts(self, c, who):
        return "party with a delegate of yours", "parties with a delegate of yours", ""

    def icon(self, c, icons, small, grp):
        return icons.icon("delegate"), ["party"]


class Adjacent(Count):
    def words(self):
        return {"city-adjacent": "city tiles next to this card's tile",
                "ocean-adjacent": "ocean tiles next to this card's tile"}

    def value(self, rules, state, content, p, c, ctx, players):
        kind = c["count"][:-9]
        entry = rules.find_played(state, ctx["p"], ctx["card"]) if ctx and ctx.get("card") else None
        area = entry.get("area") if entry else None
        if not area:
            return 0
        board = state["board"]
        return sum(1 for nb in content.map.areas[area].neighbours if board.get(nb, {}).get("tile") == kind)

    def reads(self, c):
        return frozenset({"board", "played"})

    def parts(self, c, who):
        kind = c["count"][: -len("-adjacent")]
        return f"adjacent {kind} tile", f"adjacent {kind} tiles", ""

    def icon(self, c, icons, small, grp):
        return icons.icon(c["count"][: -len("-adjacent")]), ["adjacent"]


class EmptyAreasNextToYours(Count):
    """The empty areas next to any of your tiles, each once however many of your tiles touch it:
    an area reserved for oceans or for a named tile counts while no tile is on it, an off-map
    area never. With `!`, each player's are counted and added up."""

    def words(self):
        return {"empty-adjacent": "empty areas next to your tiles, each once (every player's added up with !)"}

    def value(self, rules, state, content, p, c, ctx, players):
        return sum(rules.empty_areas_next_to(state, content, q) for q in players)

    def reads(self, c):
        return frozenset({"board"})

    def others_reads(self, c):
        return frozenset({"board"})

    def parts(self, c, who):
        whose = {"in play": "a player's", "your opponents have": "an opponent's"}.get(who, "your")
        return f"empty area next to {whose} tiles", f"empty areas next to {whose} tiles", ""

    def icon(self, c, icons, small, grp):
        return icons.icon("tile"), ["empty", "adjacent"]


class Hand(Count):
    level = "hand"

    def words(self):
        return {"card-in-hand": "cards in your hand"}

    def value(self, rules, state, content, p, c, ctx, players):
        return len(state["players"][p]["hand"])

    def others_reads(self, c):
        return frozenset({"others:hand"})

    def parts(self, c, who):
        return "card in your hand", "cards in your hand", ""

    def icon(self, c, icons, small, grp):
        return icons.icon("card"), ["in hand"]


class OnThisCard(Count):
    """A card resource: those on this card, or with `(all)` those on every card of yours that holds
    it (a milestone counting floaters, say), since a milestone or award has no card of its own."""

    arguments = frozenset({"all"})

    def words(self):
        return {r: f"{r} resources on this card (on all your cards with (all))" for r in vocab.CARD_RESOURCES}

    def value(self, rules, state, content, p, c, ctx, players):
        if "all" in c.get("args", ()):
            return sum(e.get("res", 0) for q in players for e in state["players"][q]["played"]
                       if content.cards[e["name"]].get("holds") == c["count"])
        entry = rules.find_played(state, ctx["p"], ctx["card"]) if ctx and ctx.get("card") else None
        return entry.get("res", 0) if entry else 0

    def reads(self, c):
        return frozenset({"cres", "played"})

    def parts(self, c, who):
        from .text import NOUNS
        sing, plur = NOUNS[c["count"]]
        return sing, plur, (f"{who} on your cards" if "all" in c.get("args", ()) else "on this card")

    def icon(self, c, icons, small, grp):
        return icons.icon(c["count"]), []


class Defined(Count):
    """Count words a module defines in its manifest (`vocabulary.counts`) as a sum of counts the
    language already has, so a module brings a new count word with no Python. A `!` on the word
    counts every player's, as it would on each part."""

    def words(self):
        return {w: spec["meaning"] for w, spec in all_words("counts").items()}

    def value(self, rules, state, content, p, c, ctx, players):
        extra = {k: c[k] for k in ("any", "args") if k in c}
        return sum(rules.count(state, content, p, part | extra, ctx) for part in definition(c["count"]))

    def takes(self, c):
        """What the counts it adds up take: an argument is given to each, and read by those that take it."""
        return frozenset().union(*(COUNTS[part["count"]].takes(part) for part in definition(c["count"])))

    def reads(self, c):
        out: frozenset[str] = frozenset()
        for part in definition(c["count"]):
            out |= COUNTS[part["count"]].reads(part)
        return out

    def others_reads(self, c):
        out: frozenset[str] = frozenset()
        for part in definition(c["count"]):
            out |= COUNTS[part["count"]].others_reads(part)
        return out

    def parts(self, c, who):
        spec = all_words("counts")[c["count"]]
        return spec["singular"], spec["plural"], who

    def icon(self, c, icons, small, grp):
        return icons.icon(c["count"]), []


def count_reads(c: Node) -> frozenset[str]:
    """The state domains a count node reads: its kind's, and the other players' when it counts
    theirs (`!`, `opponents`)."""
    kind = COUNTS.get(c["count"])
    if kind is None:
        return frozenset({"*"})
    out = kind.reads(c)
    if c.get("any") or "opponents" in c.get("args", ()):
        out = out | kind.others_reads(c)
    for more in (*c.get("plus", ()), *((c["less"],) if "less" in c else ())):
        out = out | count_reads(more)
    return out


def condition_reads(c: Node) -> frozenset[str]:
    """What whether the player meets a condition on a count reads (a requirement, `need`): the
    count's level at the value, where its kind has one and the count is the player's own
    (`Count.at_least`: `hand:16`; at most v is not at least v + 1), else the count itself."""
    kind = COUNTS.get(c["count"])
    if "rank" in c:  # a place among the players reads everyone's count
        return count_reads(c | {"any": True})
    if kind is not None and not (c.get("any") or "plus" in c or "opponents" in c.get("args", ())):
        finer = kind.at_least(c, c["value"] if c["cmp"] == ">=" else c["value"] + 1)
        if finer is not None:
            return finer
    return count_reads(c)


class DefinitionError(ValueError):
    """A module's count word whose definition is not a sum of counts of the language."""


_DEFINED: dict[tuple[str, str], tuple[Node, ...]] = {}


def definition(word: str) -> tuple[Node, ...]:
    """The counts a defined count word adds up, compiled from its manifest (remembered per text)."""
    text = all_words("counts")[word]["sum"]
    key = (word, text)
    if key not in _DEFINED:
        from .diagnostics import CompileError
        from .lower import lower_field
        from .parser import SourceText
        try:
            parts = lower_field(SourceText(text, f"module.yaml: counts: {word}", 1, 1), "counts")
        except CompileError as e:
            raise DefinitionError(f"count word '{word}' is defined as '{text}': {e.diagnostics[0].message}") from None
        nested = [p["count"] for p in parts if p["count"] in all_words("counts")]
        if nested:
            raise DefinitionError(f"count word '{word}' is defined with '{nested[0]}', itself a defined count; "
                                  "write out the counts it adds up")
        _DEFINED[key] = tuple(parts)
    return _DEFINED[key]


COUNTS: dict[str, Count] = {}
MEANINGS: dict[str, str] = {}
_refill = keep_tables(KINDS, COUNTS, MEANINGS)  # refilled when a module added to the run brings new words


def kind_of(word: str) -> Count:
    return COUNTS[word]
