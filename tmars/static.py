"""What can be known without a game state: which items and triggered effects can never fail.

An item can fail when a mandatory part of it may be impossible: a loss, a tile with no legal
area, a discard from too small a hand, an override. Gains, raises, TR, steals (always optional),
optional effects and optional removals cannot. Each op says which it is (`Op.cannot_fail`);
the offer check skips its search where nothing left can fail, which is most of the deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler import vocab
from compiler.ops import OPS, Tile, items_cannot_fail, items_safe_whatever_chosen
from compiler.tiles import TILE_KINDS
from compiler.modules import ON_NEW_WORDS
from compiler.triggers import TRIGGERS

from .content import Content
from .memo import Bounded, derived

#: the ops told apart here, by their declared names (string compares on hot paths)
_TILE = Tile.name

__all__ = ["cards_answering_a_play", "cards_with_unsafe_triggers", "items_cannot_fail", "items_safe_whatever_chosen",
           "play_trigger_words", "triggered_choices_in_play", "unsafe_triggers_in_play"]


def _cards_whose_triggers(content: Content, kind: str, ok: Callable[[list], bool]) -> frozenset[str]:
    found = content.memo.get(kind)
    if found is None:
        found = content.memo[kind] = frozenset(
            name for name, card in content.cards.items()
            if any("on" in eff and not ok(eff["do"]) for eff in card.get("effects", ())))
    return found


def _any_in_play(state: dict, kind: str, names: frozenset[str]) -> bool:
    """Has any player one of these cards in play? (Remembered on each played list; `memo.derived`
    inlined: this is asked at every decision and for every row of a menu.)"""
    if not names:
        return False
    for pl in state["players"]:
        played = pl["played"]
        memo = getattr(played, "derived", None)
        hit = memo.get(kind) if memo is not None else None
        if hit is not None and hit[0] == len(played):
            if hit[1]:
                return True
        elif derived(played, kind, _holds_any, played, names):
            return True
    return False


def _holds_any(played: list, names: frozenset[str]) -> bool:
    return any(e["name"] in names for e in played)


def play_trigger_words(tags: Any, tiles: Any) -> set[str]:
    """The trigger words that a card's own tags and tiles set off while it is played, as
    `feasible.predicted_trigger_gains` matches them: each tag's, each tile kind's, and any tile's."""
    return {t + "-tag" for t in tags} | set(tiles) | ({"tile"} if tiles else set())


def card_play_words(content: Content, card: dict) -> frozenset[str]:
    """The trigger words a card's own tags, the tiles its effects place and the events they emit
    (a production raised, a track raised: `play_events`) set off while it is played (worked out
    for every card of the content at once, the first time one is asked)."""
    table = content.memo.get("card-play-words")
    if table is None:
        table = content.memo["card-play-words"] = {name: _play_words_of(c) for name, c in content.cards.items()}
    return table[card["name"]]


def _play_words_of(card: dict) -> frozenset[str]:
    words = play_trigger_words(card["tags"], [n["tile"] for n in card.get("play", ()) if n["op"] == Tile.name])
    for event in play_events(card):
        words |= event_words(event)
    return frozenset(words)


def play_events(card: dict) -> list[dict]:
    """The engine events a card's effects surely emit for its player as it is played, as its ops
    declare them (`Op.events`)."""
    return [e for node in card.get("play", ()) for e in OPS[node["op"]].events(node)]


def event_words(event: dict) -> frozenset[str]:
    """The trigger words (with no filter) that fire on an engine event of the player's own
    (remembered per event: there are few)."""
    key = tuple(sorted(event.items()))
    found = _EVENT_WORDS.get(key)
    if found is None:
        found = _EVENT_WORDS.put(key, frozenset(
            w for w, kind in TRIGGERS.items() if kind.listens == event["kind"]
            and kind.matches({"event": w}, {**event, "p": 0}, None)))
    return found


#: event_words by event, forgotten when a module added to the run brings new words
_EVENT_WORDS = Bounded(256)
ON_NEW_WORDS.append(_EVENT_WORDS.clear)


def play_words(content: Content) -> frozenset[str]:
    """Every trigger word a card's play may set off (`play_trigger_words` of every tag and tile,
    and the words listening to the kinds of event ops emit)."""
    found = content.memo.get("play-words")
    if found is None:
        emitted = {kind for op in OPS.values() for kind in op.emits}
        found = content.memo["play-words"] = frozenset(
            play_trigger_words(vocab.TAGS, TILE_KINDS)
            | {w for w, kind in TRIGGERS.items() if kind.listens in emitted})
    return found


def words_answered(content: Content, name: str) -> frozenset[str]:
    """The trigger words a card's play may set off that this card's triggered effects answer
    (remembered per card)."""
    memo = content.memo["words-answered"]
    found = memo.get(name)
    if found is None:
        words = play_words(content)
        found = memo[name] = frozenset(t["event"] for eff in content.cards[name].get("effects", ())
                                       for t in eff.get("on", ()) if t["event"] in words)
    return found


def answered_play_words(content: Content) -> frozenset[str]:
    """The trigger words a card's play may set off that some card of the content answers: the
    only ones whose answering cards a card's offer check may count on."""
    found = content.memo.get("answered-play-words")
    if found is None:
        found = content.memo["answered-play-words"] = frozenset().union(
            *(words_answered(content, name) for name in cards_answering_a_play(content)))
    return found


def cards_answering_a_play(content: Content) -> frozenset[str]:
    """Cards with a triggered effect that a card's own tags or tiles may set off: of the effects in
    play, the only ones a card's offer check counts on (`feasible.predicted_trigger_gains`)."""
    found = content.memo.get("answering-a-play")
    if found is None:
        found = content.memo["answering-a-play"] = frozenset(
            name for name in content.cards if words_answered(content, name))
    return found


def cards_with_unsafe_triggers(content: Content) -> frozenset[str]:
    """Cards whose triggered effects can fail: while one is in play, a unit of play is searched."""
    return _cards_whose_triggers(content, "unsafe-triggers", items_cannot_fail)


def unsafe_triggers_in_play(state: dict, content: Content) -> bool:
    names = content.memo.get("unsafe-triggers")  # asked for every offer: the common answer first
    if names is None:
        names = cards_with_unsafe_triggers(content)
    if content.standing_hooks and _unsafe_standing(state, content):
        return True
    return bool(names) and _any_in_play(state, "unsafe-triggers", names)


def _unsafe_standing(state: dict, content: Content) -> bool:
    """Has any player a standing triggered effect no card gives (`rules.standing`) that can fail?"""
    from .rules import standing
    return any("on" in eff and not items_cannot_fail(eff["do"])
               for p in range(len(state["players"])) for _, eff in standing(state, content, p)[1])


def cards_with_triggered_choices(content: Content) -> frozenset[str]:
    """Cards whose triggered effects hold a decision some answer of which can fail (an option
    that costs what the player may lack): while one is in play, every decision is checked."""
    return _cards_whose_triggers(content, "choice-triggers", items_safe_whatever_chosen)


def triggered_choices_in_play(state: dict, content: Content) -> bool:
    return _any_in_play(state, "choice-triggers", cards_with_triggered_choices(content))
