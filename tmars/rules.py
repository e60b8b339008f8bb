"""Pure rule queries on a game state: counts, tags, requirements, costs, payment and board.

Nothing here changes the state; the interpreter and the flow call these to decide what is
legal. Everything is generic over the IR: no card is named.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import sys
from itertools import product
from operator import mul

from compiler import vocab
from compiler.counts import COUNTS
from compiler.tiles import TILE_KINDS
from compiler.triggers import TRIGGERS

from .board import next_to
from .content import Content
from .mechanic import THIS_ACTION
from .memo import extended

STANDARD = vocab.STANDARD_RESOURCES


# ---- cards in play -------------------------------------------------------------
def in_play(state: dict, p: int) -> list[dict]:
    """The player's played non-event cards, corporation first."""
    return state["players"][p]["played"]


def find_played(state: dict, p: int, name: str) -> dict | None:
    for e in state["players"][p]["played"]:
        if e["name"] == name:
            return e
    return None


def tags(state: dict, content: Content, p: int) -> Counter:
    """Tags in play (corporation and non-event cards), counted again only for the cards played
    since (`memo.extended`): a card played adds its tags."""
    return extended(state["players"][p]["played"], "tags", Counter, _add_tags, content.cards)


def _add_tags(counts: Counter, played: Any, cards: dict) -> None:
    for e in played:
        counts.update(cards[e["name"]]["tags"])


def tag_types(state: dict, content: Content, p: int) -> int:
    """How many types of tag the player's cards in play carry: a wild tag is no type of its own
    (F114), and events are not in play (F393)."""
    return sum(1 for t, n in tags(state, content, p).items() if n > 0 and t not in content.wild)


def _memo_on_played(state: dict, content: Content, p: int, kind: str, build) -> Any:
    """A value that depends only on the names of a player's played cards (and, in a game with
    standing effects no card gives, on their revision: `standing`), remembered on the played list
    for its length (played cards only accumulate; `tmars/memo.py`)."""
    played = state["players"][p]["played"]
    if content.standing_hooks:
        return _memo_on_played_and_standing(state, content, p, kind, build, played)
    try:  # inlined memo.derived: this runs tens of thousands of times a game
        memo = played.derived
    except AttributeError:
        memo = None
    if memo is not None:
        hit = memo.get(kind)
        if hit is not None and hit[0] == len(played):
            return hit[1]
    found = build(content, played)
    if memo is not None:
        memo[kind] = (len(played), found)
    return found


def _memo_on_played_and_standing(state: dict, content: Content, p: int, kind: str, build, played: list) -> Any:
    """`_memo_on_played` keyed on the standing effects' revision too (one entry a kind)."""
    revision = standing(state, content, p)[0]
    memo = getattr(played, "derived", None)
    hit = memo.get(kind) if memo is not None else None
    if hit is not None and hit[0] == len(played) and hit[2] == revision:
        return hit[1]
    found = build(content, played)
    if memo is not None:
        memo[kind] = (len(played), found, revision)
    return found


def modifiers(state: dict, content: Content, p: int, kind: str) -> tuple[dict, ...]:
    """The player's static modifiers of one kind: the played cards' (all kinds at once, extended as
    cards are played) and those standing effects no card gives hold (`standing`)."""
    mods = _played_modifiers(content, state["players"][p]["played"], kind)
    if content.standing_hooks:
        mods += standing_modifiers(state, content, p, kind)
    return mods


# ---- standing effects no card gives --------------------------------------------------
def standing(state: dict, content: Content, p: int) -> tuple[tuple, tuple[tuple[str, dict], ...]]:
    """The one door for standing effects that come from no card (a ruling party's policy, a tile
    a mechanic puts in play): each switched-on mechanic's `standing` for the player now, as
    (revisions, ((source, effect), …)). The revisions are equal whenever the effects are: what
    is derived from them (the kept menu's fingerprints) is keyed on them, never remembered on the
    played cards. Modifiers, listeners and triggered effects add them to the played cards'."""
    hooks = content.standing_hooks
    if len(hooks) == 1:  # the common case: one mechanic brings them
        revision, own = hooks[0](state, content, p)
        return (revision,), own
    revisions, effects = [], []
    for hook in hooks:
        revision, own = hook(state, content, p)
        revisions.append(revision)
        effects.extend(own)
    return tuple(revisions), tuple(effects)


def standing_modifiers(state: dict, content: Content, p: int, kind: str) -> tuple[dict, ...]:
    return tuple(m for _, eff in standing(state, content, p)[1] for m in eff.get("mods", ()) if m["mod"] == kind)


def _standing_triggered(state: dict, content: Content, p: int) -> list[tuple[str, list[dict]]]:
    """The standing triggered effects no card gives, by source, as `triggered_effects` lists them."""
    out: dict[str, list[dict]] = {}
    for source, eff in standing(state, content, p)[1]:
        if "on" in eff:
            out.setdefault(source, []).append(eff)
    return list(out.items())


def _played_modifiers(content: Content, played: list, kind: str) -> tuple[dict, ...]:
    """`modifiers` from the played cards themselves (what a value remembered with them has)."""
    try:  # `memo.extended`'s hit, inlined: asked for every cost and payment
        hit = played.derived.get("mods")
        if hit is not None and hit[0] == len(played):
            return hit[1].get(kind, ())
    except AttributeError:
        pass
    return extended(played, "mods", dict, _add_modifiers, content.cards).get(kind, ())


def _add_modifiers(out: dict[str, tuple[dict, ...]], played: Any, cards: dict) -> None:
    for e in played:
        for eff in cards[e["name"]].get("effects", ()):
            for m in eff.get("mods", ()):
                out[m["mod"]] = out.get(m["mod"], ()) + (m,)


def modifier_holders(content: Content, kind: str) -> frozenset[str]:
    """The cards whose standing effects give a modifier of this kind: those `modifiers` gathers it
    from (remembered per content)."""
    found = content.memo.get("modifier-holders:" + kind)
    if found is None:
        found = content.memo["modifier-holders:" + kind] = frozenset(
            name for name, card in content.cards.items()
            if any(m["mod"] == kind for eff in card.get("effects", ()) for m in eff.get("mods", ())))
    return found


def triggered_effects(state: dict, content: Content, p: int) -> list[tuple[str, list[dict]]]:
    """The player's played cards with triggered effects, in play order, with those effects
    (memoised on the played cards), then the standing ones no card gives (`standing`)."""
    found = _memo_on_played(state, content, p, "triggered-effects", _triggered_effects)
    if content.standing_hooks:
        found = found + _standing_triggered(state, content, p)
    return found


def listeners(state: dict, content: Content, p: int) -> dict[str, tuple[tuple[str, dict], ...]]:
    """For each kind of event, the player's triggered effects listening to it, (card, effect) in
    play order: extended as cards are played (`memo.extended`), asked at every event; then the
    standing ones no card gives (`standing`), by their source."""
    played = state["players"][p]["played"]
    if content.standing_hooks:
        return _with_standing_listeners(state, content, p, played)
    try:  # `memo.extended`'s hit, inlined: asked at every event
        hit = played.derived.get("listeners")
        if hit is not None and hit[0] == len(played):
            return hit[1]
    except AttributeError:
        pass
    return extended(played, "listeners", dict, _add_listeners, content.cards)


def _with_standing_listeners(state: dict, content: Content, p: int, played: list) -> dict:
    out = dict(extended(played, "listeners", dict, _add_listeners, content.cards))
    for source, eff in standing(state, content, p)[1]:
        if "on" in eff:
            for kind in dict.fromkeys(TRIGGERS[t["event"]].listens for t in eff["on"]):
                out[kind] = out.get(kind, ()) + ((source, eff),)
    return out


def _add_listeners(table: dict, played: Any, cards: dict) -> None:
    for e in played:
        name = e["name"]
        for eff in cards[name].get("effects", ()):
            if "on" in eff:
                for kind in dict.fromkeys(TRIGGERS[t["event"]].listens for t in eff["on"]):
                    table[kind] = table.get(kind, ()) + ((name, eff),)


def _triggered_effects(content: Content, played: list) -> list[tuple[str, list[dict]]]:
    out = []
    for e in played:
        effects = [eff for eff in content.cards[e["name"]].get("effects", ()) if "on" in eff]
        if effects:
            out.append((e["name"], effects))
    return out


def has_override(state: dict, content: Content, p: int, name: str) -> list[tuple[dict, dict]]:
    """(played entry, modifier) for each override modifier of that name the player has."""
    out = []
    for e in in_play(state, p):
        for eff in content.cards[e["name"]].get("effects", ()):
            for m in eff.get("mods", ()):
                if m["mod"] == "override" and m["name"] == name:
                    out.append((e, m))
    return out


def is_protected(state: dict, content: Content, owner: int, card_name: str | None, by: int) -> bool:
    """Is removing the owner's resources (on card_name; plants when None) by player `by` refused?
    protect-resources(here) guards its own card against everyone; with no argument it guards
    plants and every card against opponents only (F128)."""
    for e, m in has_override(state, content, owner, "protect-resources"):
        scope = m["args"][0] if m["args"] else "all"
        if scope == "here" and card_name == e["name"]:
            return True
        if scope == "all" and by != owner:
            return True
    return False


# ---- counts ----------------------------------------------------------------------
def tiles_owned(state: dict, p: int | None, kind: str | None = None, mars_only: bool = False,
                content: Content | None = None) -> int:
    """Tiles of a kind (any kind but oceans when None) a player owns (every player's when p is
    None), on Mars only when asked with the content (`tile_counts`)."""
    counts = tile_counts(state, p, content if mars_only else None)
    return counts["tile"] if kind is None else counts.get(kind, 0)


def tile_counts(state: dict, p: int | None, mars: Content | None = None) -> dict[str, int]:
    """A player's tiles by kind (every player's for None; on Mars only, given the content whose map
    says which areas are off it), and under "tile" all of them but oceans. The board only grows,
    so a bigger one adds the tiles placed since (`memo.extended`)."""
    return extended(state["board"], f"tile-counts:{p}:{mars is not None}", _no_tiles, _add_tile_counts, p,
                    mars.map.areas if mars is not None else None)


def _no_tiles() -> dict[str, int]:
    return {"tile": 0}


def _add_tile_counts(counts: dict[str, int], placed: Any, p: int | None, mars_areas: dict | None) -> None:
    for area, t in placed:
        if p is not None and t.get("owner") != p:
            continue
        if mars_areas is not None and mars_areas[area].kind == "off":
            continue
        kind = t["tile"]
        counts[kind] = counts.get(kind, 0) + 1
        also = TILE_KINDS[kind].counts_as  # a module's kind counted as a city or greenery too
        if also:
            counts[also] = counts.get(also, 0) + 1
        if kind != "ocean":
            counts["tile"] += 1


def tiles_next_to(state: dict, content: Content, p: int, kind: str | None, mars_only: bool, beside: str) -> int:
    """The player's tiles of a kind (any kind but oceans when None) with at least one tile of the
    kind `beside` next to them, each tile once (on Mars only when asked)."""
    board, areas = state["board"], content.map.areas
    n = 0
    for aid, t in board.items():
        if t.get("owner") != p or t["tile"] == "ocean" or (kind is not None and t["tile"] != kind):
            continue
        if mars_only and areas[aid].kind == "off":
            continue
        if any(board.get(nb, {}).get("tile") == beside for nb in areas[aid].neighbours):
            n += 1
    return n


def empty_areas_next_to(state: dict, content: Content, p: int) -> int:
    """The areas of the map with no tile on them next to any of the player's tiles, each once:
    reserved areas included, off-map areas never (they are next to nothing)."""
    board, areas = state["board"], content.map.areas
    return sum(1 for aid in next_to(state, content, "owner", p) if aid not in board and areas[aid].kind != "off")


def count(state: dict, content: Content, p: int, c: dict, ctx: dict | None = None, wild: bool = False) -> int:
    """Evaluate a count node for player p (all players with '!', the others with 'opponents');
    each kind of count word says how (`compiler/counts.py`). `wild`: the count is one where a
    wild tag may stand for the tag counted, to the player's good (a gain per tag, a minimum
    required), so the acting player's wild tags are added (`wild_tags`, F330)."""
    players = range(len(state["players"])) if c.get("any") else (p,)
    if "opponents" in c.get("args", ()):
        players = [q for q in range(len(state["players"])) if q != p]
    value = COUNTS[c["count"]].value(_THIS, state, content, p, c, ctx, players)
    if wild and content.wild:
        value += wild_tags(state, content, c["count"], players)
    if len(c) == 1:  # a bare count word (most are): nothing more to apply
        return value
    for more in c.get("plus", ()):  # counts added up (influence counted as so many tags)
        value += count(state, content, p, more, ctx, wild)
    if "above" in c:
        value = max(0, value - c["above"])
    if "div" in c:
        value //= c["div"]
    if "max" in c:
        value = min(value, c["max"])
    if "less" in c:  # another count taken off, never below 0 (an event's loss less your influence)
        value = max(0, value - count(state, content, p, c["less"], ctx))
    return value


def acting(state: dict) -> int | None:
    """The player whose own action this is, if any: the player to play in the action phase, and
    in the setup the player whose step (revealing a corporation, a mechanic's step) is resolving."""
    phase = state["phase"]
    if phase == "action":
        return state["current"]
    if phase == "setup":
        stack = state["stack"]
        return stack[0].get("p") if stack else None
    return None


def wild_tags(state: dict, content: Content, word: str, players: Any) -> int:
    """How many wild tags stand for the tag a count word names (F330): only the acting player's,
    on cards in their tableau, not on a card still being played (its play batch is on the stack);
    for any tag of the game, the event tag included (F113), never for wild tags themselves; and
    only for the tag they were given in this action, once given one (`wild_as`, F327).
    Elsewhere a wild tag counts as no tag."""
    if not word.endswith(vocab.COUNT_SUFFIX_TAG):
        return 0
    tag = word[:-4]
    if tag in content.wild:
        return 0
    q = acting(state)
    if q is None or q not in players:
        return 0
    given = state["players"][q].get("wild_as")
    if given is not None and given != tag:  # it already stands for another tag in this action (F327)
        return 0
    held = tags(state, content, q)
    n = sum(held.get(t, 0) for t in content.wild)
    if n:
        for task in state["stack"]:  # a card being played: its wild tag does nothing yet
            name = task.get("card") if task["t"] == "batch" and task["p"] == q else None
            if name is not None and content.cards[name]["type"] != "event":
                n -= sum(content.cards[name]["tags"].count(t) for t in content.wild)
    return n


# ---- places among the players ------------------------------------------------------
def scores(state: dict, content: Content, c: dict, ctx: dict | None = None) -> list[int]:
    """Every player's count, by seat: what a place among them is judged on."""
    return [count(state, content, q, c, ctx) for q in range(len(state["players"]))]


def rank_key(c: dict) -> str:
    """The key of a ranked count among the scores a row's context froze."""
    import json
    return json.dumps({k: v for k, v in c.items() if k != "rank"}, sort_keys=True)


def placed(state: dict, content: Content, p: int, c: dict, ctx: dict | None = None) -> bool:
    """Does player p hold the place a condition names (`most`, `second`, `least`), as awards are
    placed (F389): ties share a place, a tie for the most leaves no second, and the most and the
    second need more than 0. The scores frozen for a row every player resolves in turn (a global
    event, a ruling bonus) are judged as they were before anyone resolved it (`freeze_ranks`)."""
    frozen = (ctx or {}).get("scores", {}).get(rank_key(c))
    values = frozen if frozen is not None else scores(state, content, c, ctx)
    mine = values[p]
    if c["rank"] == "least":
        return mine == min(values)
    top = max(values)
    if c["rank"] == "most":
        return mine == top > 0
    rest = [v for v in values if v < top]
    return values.count(top) == 1 and bool(rest) and mine == max(rest) > 0


def freeze_ranks(state: dict, content: Content, rows: list) -> dict:
    """The scores of every place a row asks about, as they are now: a row every player resolves in
    turn judges places before anyone's part changes them (a bonus to the lowest TR raises it)."""
    from compiler.ops import walk
    out = {}
    for node in walk(rows):
        cond = node.get("cond")
        if isinstance(cond, dict) and "rank" in cond:
            out[rank_key(cond)] = scores(state, content, cond)
    return out


# ---- requirements ----------------------------------------------------------------
def played_this_action(state: dict, content: Content, p: int, req: dict) -> int:
    """How many of the tags a requirement counts were played in the action under way."""
    early = state.get(THIS_ACTION)
    if early is None or not req["count"].endswith(vocab.COUNT_SUFFIX_TAG):
        return 0
    if early["p"] != p and not req.get("any"):
        return 0
    if early["p"] == p and "opponents" in req.get("args", ()):
        return 0
    tag, cards = req["count"][:-4], content.cards
    if tag == "event":
        return sum(1 for n in early["cards"] if cards[n]["type"] == "event")
    return sum(cards[n]["tags"].count(tag) for n in early["cards"] if cards[n]["type"] != "event")


def requirement_met(state: dict, content: Content, p: int, req: dict, flex: int = 0, ctx: dict | None = None,
                    less: int = 0) -> bool:
    """A minimum is met with the acting player's wild tags standing for the tag asked (F330); a
    maximum is not made harder by them (they stand for a tag only when the player wants). `ctx`:
    the card a condition is on, for what it counts on that card (`if floater >= 4 then …`);
    `less`: what the count had not yet when the action began (`played_this_action`)."""
    if "rank" in req:
        return placed(state, content, p, req, ctx)
    value = count(state, content, p, req, ctx, wild=req["cmp"] == ">=") - less
    spec = content.rules.globals.get(req["count"])
    step = spec["step"] if spec else 1 if req["cmp"] == ">=" and req["count"].endswith(vocab.COUNT_SUFFIX_TAG) else None
    slack = flex * step if step and not req.get("any") else 0
    if req["cmp"] == ">=":
        return value + slack >= req["value"]
    return value - slack <= req["value"]


def granted(state: dict, p: int, kind: str) -> int:
    """The total of the modifiers of one kind the player holds for a while (`next-card(…)`)."""
    mods = state["players"][p].get("granted")
    return sum(m["n"] for m in mods if m["mod"] == kind) if mods else 0


def flex_of(state: dict, content: Content, p: int, param: str | None = None) -> int:
    """Steps the player's global requirements on this track are met within: the flex modifiers for
    every track, and those for this one only (`flex 2 venus`); for a tag (`science-tag`), the
    tags fewer its minimums need (`flex 1 science-tag`), those modifiers only."""
    tag = param is not None and param.endswith(vocab.COUNT_SUFFIX_TAG)
    known = _memo_on_played(state, content, p, "flex", _new_table)
    standing = known.get(param)
    if standing is None:
        standing = known[param] = sum(m["n"] for m in modifiers(state, content, p, "flex")
                                      if m.get("param", None if tag else param) == param)
    return standing if tag else standing + granted(state, p, "flex")


def requirements_met(state: dict, content: Content, p: int, card: dict) -> bool:
    reqs = card.get("requires")
    if not reqs:
        return True
    early = THIS_ACTION in state  # cards played earlier in this action: their tags are not counted
    for r in reqs:  # a loop, not all(): no generator made for each card asked
        less = played_this_action(state, content, p, r) if early else 0
        if not requirement_met(state, content, p, r, flex_of(state, content, p, r["count"]), less=less):
            return False
    return not content.wild or _wild_tags_suffice(state, content, p, card)


def _tag_minimums(content: Content, card: dict) -> tuple[dict, ...]:
    """A card's own minimums of tags (`plant-tag >= 1`), remembered per card."""
    memo = content.memo["tag-minimums"]
    found = memo.get(card["name"])
    if found is None:
        found = memo[card["name"]] = tuple(
            r for r in card["requires"]
            if r["cmp"] == ">=" and r["count"].endswith(vocab.COUNT_SUFFIX_TAG) and not r.get("any"))
    return found


def wild_may_stand_for(state: dict, content: Content, p: int, tag: str) -> bool:
    """May the player's wild tags (in play) stand for this tag now: in their own action, for a tag
    that is no wild tag, unless given another type in this action (F327, F330)?"""
    return acting(state) == p and tag not in content.wild and state["players"][p].get("wild_as") in (None, tag)


def wild_stands_for(state: dict, content: Content, p: int, card: dict) -> str | None:
    """The tag the player's wild tags must stand for to meet the card's requirements, if they
    fall short without them: the type the wild tag takes for the action that plays it (F327)."""
    if not content.wild or not card.get("requires"):
        return None
    for r in _tag_minimums(content, card):
        have = count(state, content, p, r) - played_this_action(state, content, p, r)
        if have < r["value"] - flex_of(state, content, p, r["count"]):
            return r["count"][:-4]
    return None


def count_for_gain(state: dict, content: Content, p: int, c: dict, ctx: dict | None = None) -> int:
    """A count that multiplies what the player gains, as it is carried out: with the acting
    player's wild tags standing for the tag counted when that adds to it, which gives the wild tag
    that type for the rest of the action (F327: it never counts as two tags in one action)."""
    value = count(state, content, p, c, ctx, wild=True)
    q = acting(state) if content.wild else None
    if q is not None and "wild_as" not in state["players"][q] and value > count(state, content, p, c, ctx):
        state["players"][q]["wild_as"] = c["count"][:-4]
    return value


def _wild_tags_suffice(state: dict, content: Content, p: int, card: dict) -> bool:
    """A wild tag stands for one tag in an action (F114, F327): each of the card's tag minimums
    is met with the wild tags standing in (`requirement_met`), and together the tags they are
    short by without them may be no more than the wild tags the player has."""
    minimums = _tag_minimums(content, card)
    if len(minimums) < 2:
        return True
    short, wild = 0, 0
    for r in minimums:
        have = count(state, content, p, r) - played_this_action(state, content, p, r)
        need = r["value"] - flex_of(state, content, p, r["count"])
        if have < need:
            short += need - have
            wild = wild_tags(state, content, r["count"], (p,))
    return short <= wild


# ---- triggers and discounts matching ---------------------------------------------
def trigger_matches(t: dict, event: dict, owner: int, content: Content) -> bool:
    """Does a trigger node (from `owner`'s card) fire on this event? Each kind of trigger word
    says when (`compiler/triggers.py`); only a red-bordered one fires on other players' events."""
    if not t.get("any") and event["p"] != owner:
        return False
    return TRIGGERS[t["event"]].matches(t, event, content)


def discount(state: dict, content: Content, p: int, subject: dict, unit: str = "mc",
             mods: tuple | None = None) -> int:
    """Standing discount from cards in play (or from `mods`, those of cards not yet in play) for a
    card (subject={'kind':'card','card':name}), a standard project, a conversion, a trade or buying
    a card. A tag discount counts each matching tag (F078)."""
    total = 0
    is_card = subject["kind"] == "card"
    for m in modifiers(state, content, p, "discount") if mods is None else mods:
        if m.get("unit", "mc") != unit:
            continue
        if "on" not in m:
            total += m["n"] if is_card else 0
            continue
        for t in m["on"]:
            if is_card and t["event"].endswith("-tag"):
                total += m["n"] * content.cards[subject["card"]]["tags"].count(t["event"][:-4])
            elif trigger_matches(t, {**subject, "p": p}, p, content):
                total += m["n"]
    return total


def buy_price(state: dict, content: Content, p: int, corp: str | None = None) -> int:
    """What buying one card costs the player: the card price less the discounts on buying (a
    negative one is a surcharge, F371), never below 0. At setup, before anything is
    in play, `corp` is the corporation chosen: its own effects already set the price of the
    starting hand. A game whose cards change no price skips the work (`Content.buy_discounts`)."""
    if not content.buy_discounts:
        return content.rules.card_price
    mods = _played_modifiers(content, [{"name": corp}], "discount") if corp else None
    return max(0, content.rules.card_price - discount(state, content, p, {"kind": "buy"}, mods=mods))


def card_cost(state: dict, content: Content, p: int, name: str) -> int:
    """Printed cost less discounts, never below 0 (F077). The discounts from cards in play are
    memoised with them, per card asked; a discount granted until the next card is added on top."""
    card = content.cards[name]
    known = _memo_on_played(state, content, p, "card-discounts", _new_table)
    standing = known.get(name)
    if standing is None:
        standing = known[name] = discount(state, content, p, {"kind": "card", "card": name})
    return max(0, card.get("cost", 0) - standing - granted(state, p, "discount"))


def std_cost(state: dict, content: Content, p: int, card: dict) -> int:
    known = _memo_on_played(state, content, p, "std-discounts", _new_table)
    off = known.get(card["name"])
    if off is None:
        subject = {"kind": "std", "name": card["name"], "cost": card.get("cost", 0)}
        off = known[card["name"]] = discount(state, content, p, subject)
    return max(0, card.get("cost", 0) - off)


def _new_table(content: Content, played: list) -> dict:
    """An empty table, filled as it is asked, of values that depend on the played cards."""
    return {}


# ---- payment -----------------------------------------------------------------------
def metal_value(state: dict, content: Content, p: int, res: str) -> int:
    worth = _memo_on_played(state, content, p, "metal-values", _metal_values)[res]
    if content.standing_hooks:
        worth += sum(m["n"] for m in standing_modifiers(state, content, p, "value") if m["res"] == res)
    return worth


def _metal_values(content: Content, played: list) -> dict[str, int]:
    """Each metal's worth in M€: the rules' value and the player's modifiers of it."""
    mods = _played_modifiers(content, played, "value")
    return {res: worth + sum(m["n"] for m in mods if m["res"] == res)
            for res, worth in content.rules.metal_value.items()}


def ocean_adjacency_mc(state: dict, content: Content, p: int) -> int:
    """The M€ each ocean next to a tile the player places gives: the rules' bonus and the player's
    `value +N ocean` modifiers."""
    bonus = content.rules.ocean_adjacency_mc
    for m in modifiers(state, content, p, "value"):
        if m["res"] == "ocean":
            bonus += m["n"]
    return bonus


def pay_with(state: dict, content: Content, p: int) -> list[str]:
    """Resources the player may spend as M€ (a 'pay X as mc' modifier, F170)."""
    found = _memo_on_played(state, content, p, "pay-with", _pay_with)
    if content.standing_hooks:
        extra = [m["res"] for m in standing_modifiers(state, content, p, "pay") if m["as"] == "mc" and "n" not in m]
        found = found + [r for r in extra if r not in found]
    return found


def _pay_with(content: Content, played: list) -> list[str]:
    mods = _played_modifiers(content, played, "pay")
    return [m["res"] for m in mods if m["as"] == "mc" and "n" not in m]


def card_payments(state: dict, content: Content, p: int, card: str | None) -> list[tuple[str, int, int]]:
    """Resources held on the player's cards that may pay for this card: ('card:NAME', value each,
    how many), from a 'pay RES as N mc on TRIGGER' effect of the card holding them."""
    if card is None or not content.card_pay:
        return []
    payers = _memo_on_played(state, content, p, "card-payers", _card_payers)
    if not payers:
        return []
    out = []
    for e in state["players"][p]["played"]:
        for m in payers.get(e["name"], ()):
            if m["as"] != "mc":
                continue
            if e.get("res") and (not m.get("on") or any(_card_matches(t, card, p, content) for t in m["on"])):
                out.append((f"card:{e['name']}", m["n"], e["res"]))
    return out


def heat_worth(state: dict, content: Content, p: int) -> int:
    """The heat the player's card resources held as heat are worth (`heat_payments`)."""
    return sum(worth * k for _, worth, k in heat_payments(state, content, p))


def heat_payments(state: dict, content: Content, p: int) -> list[tuple[str, int, int]]:
    """Resources held on the player's cards that may be spent as heat wherever heat is spent
    (`pay floater as 2 heat`, F357): (card name, heat each, how many)."""
    if not content.card_pay:
        return []
    payers = _memo_on_played(state, content, p, "card-payers", _card_payers)
    out = []
    for e in state["players"][p]["played"]:
        for m in payers.get(e["name"], ()):
            if m["as"] == "heat" and e.get("res"):
                out.append((e["name"], m["n"], e["res"]))
    return out


def _card_payers(content: Content, played: list) -> dict[str, list[dict]]:
    """The played cards whose own resources may pay for cards, with those 'pay' modifiers."""
    out: dict[str, list[dict]] = {}
    for e in played:
        held = content.cards[e["name"]]
        mods = [m for eff in held.get("effects", ()) for m in eff.get("mods", ())
                if m["mod"] == "pay" and "n" in m and m["res"] == held.get("holds")]
        if mods:
            out[e["name"]] = mods
    return out


def _card_matches(t: dict, card: str, p: int, content: Content) -> bool:
    if t["event"].endswith(vocab.COUNT_SUFFIX_TAG):
        return t["event"][:-4] in content.cards[card]["tags"]
    return trigger_matches(t, {"kind": "card", "card": card, "p": p}, p, content)


def _spendable(state: dict, p: int, reserve: dict | None) -> dict:
    """The player's resources, less what the card being paid for must itself spend: heat usable
    as M€ cannot pay a card's cost and also the heat its own effect takes."""
    res = state["players"][p]["res"]
    if not reserve:
        return res
    return {k: max(0, v - reserve.get(k, 0)) for k, v in res.items()}


def payment_options(state: dict, content: Content, p: int, amount: int, steel: bool, titanium: bool,
                    reserve: dict | None = None, card: str | None = None) -> list[dict]:
    """Every way to pay `amount` that wastes no unit: {'mc', 'steel', 'titanium', 'heat'} dicts
    (and 'card:NAME' for resources held on a card that may pay for this card)."""
    res = _spendable(state, p, reserve)
    held = card_payments(state, content, p, card)
    if held:
        res = {**res, **{k: n for k, _, n in held}}
    kinds = []
    if steel and res["steel"]:
        kinds.append(("steel", metal_value(state, content, p, "steel")))
    if titanium and res["titanium"]:
        kinds.append(("titanium", metal_value(state, content, p, "titanium")))
    for r in pay_with(state, content, p):
        if res[r]:
            kinds.append((r, 1))
    if held:
        kinds += [(k, v) for k, v, _ in held]
    if not kinds:  # M€ only: one way, or none
        mc = max(0, amount)
        return [{"mc": mc}] if mc <= res["mc"] else []
    options: list[dict] = []
    have = res["mc"]
    if len(kinds) == 1:  # the common case, in the same order as below
        k, worth = kinds[0]
        for n in range(min(res[k], -(-amount // worth)), -1, -1):
            value = n * worth
            mc = amount - value if value < amount else 0
            if mc > have:
                break  # fewer units only leave more to pay in M€
            if n and value - worth >= amount:
                continue  # a unit could be dropped: wasteful
            options.append({"mc": mc, k: n} if n else {"mc": mc})
        return options
    names = [k for k, _ in kinds]
    worths = [v for _, v in kinds]
    ranges = [range(min(res[k], -(-amount // v)), -1, -1) for k, v in kinds]
    for counts in product(*ranges):  # the first kind's count varies slowest, each from the most down
        value = sum(map(mul, counts, worths))
        mc = max(0, amount - value)
        if mc > have:
            continue
        if value >= amount and any(n and value - v >= amount for n, v in zip(counts, worths, strict=True)):
            continue  # a unit of some kind could be dropped: wasteful
        option = {"mc": mc}
        for k, n in zip(names, counts, strict=True):
            if n:
                option[k] = n
        options.append(option)
    return options


def spare_payment_value(state: dict, content: Content, p: int, metals: tuple | list) -> int:
    """M€ worth of the metals (and resources usable as M€) that may pay an M€ cost."""
    res = state["players"][p]["res"]
    value = 0
    for m in metals:
        if res[m]:
            value += res[m] * metal_value(state, content, p, m)
    for r in pay_with(state, content, p):
        value += res[r]
    return value


def can_pay(state: dict, content: Content, p: int, amount: int, steel: bool = False,
            titanium: bool = False, reserve: dict | None = None, card: str | None = None) -> bool:
    """Metals may overpay (no change is given), so the total value decides."""
    if _spendable(state, p, reserve)["mc"] >= amount:  # M€ alone will do: the rest can only add
        return True
    return pay_value(state, content, p, steel, titanium, reserve, card) >= amount


def pay_value(state: dict, content: Content, p: int, steel: bool = False, titanium: bool = False,
              reserve: dict | None = None, card: str | None = None) -> int:
    """The most M€ the player could pay a cost with: M€, resources usable as M€, resources held on
    cards that may pay for this card, and the metals the cost allows (what `can_pay` compares)."""
    res = _spendable(state, p, reserve)
    plain, steel_worth, titanium_worth = purse(state, content, p, res)
    value = plain + (steel_worth if steel else 0) + (titanium_worth if titanium else 0)
    if content.card_pay:
        value += sum(v * n for _, v, n in card_payments(state, content, p, card))
    return value


def purse(state: dict, content: Content, p: int, res: dict | None = None) -> tuple[int, int, int]:
    """What the player's resources (or `res`) are worth as M€: M€ with the resources usable as M€,
    the steel, the titanium. A cost's payment adds the metals it allows (`pay_value`)."""
    if res is None:
        res = state["players"][p]["res"]
    plain = res["mc"]
    for r in pay_with(state, content, p):
        plain += res[r]
    return (plain, res["steel"] * metal_value(state, content, p, "steel") if res["steel"] else 0,
            res["titanium"] * metal_value(state, content, p, "titanium") if res["titanium"] else 0)


_THIS = sys.modules[__name__]  # the counts read tags, tiles and played cards through this module
