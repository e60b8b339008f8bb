"""What can be known without a game state: which items and triggered effects can never fail.

An item can fail when a mandatory part of it may be impossible: a loss, a tile with no legal
area, a discard from too small a hand, an override. Gains, raises, TR, steals (always optional),
optional effects and optional removals cannot. Each op says which it is (`Op.cannot_fail`);
the offer check skips its search where nothing left can fail, which is most of the deck.
"""

from __future__ import annotations

from compiler.ops import items_cannot_fail, items_safe_whatever_chosen

from .content import Content
from .memo import derived

__all__ = ["cards_with_unsafe_triggers", "items_cannot_fail", "items_safe_whatever_chosen",
           "triggered_choices_in_play", "unsafe_triggers_in_play"]


def cards_with_unsafe_triggers(content: Content) -> frozenset[str]:
    """Cards whose triggered effects can fail: while one is in play, a unit of play is searched."""
    found = content.memo.get("unsafe-triggers")
    if found is None:
        found = content.memo["unsafe-triggers"] = frozenset(
            name for name, card in content.cards.items()
            if any("on" in eff and not items_cannot_fail(eff["do"]) for eff in card.get("effects", ())))
    return found


def unsafe_triggers_in_play(state: dict, content: Content) -> bool:
    unsafe = content.memo.get("unsafe-triggers")
    if unsafe is None:
        unsafe = cards_with_unsafe_triggers(content)
    return bool(unsafe) and any(
        derived(pl["played"], "unsafe-triggers", lambda pl=pl: any(e["name"] in unsafe for e in pl["played"]))
        for pl in state["players"])


def cards_with_triggered_choices(content: Content) -> frozenset[str]:
    """Cards whose triggered effects hold a decision some answer of which can fail (an option
    that costs what the player may lack): while one is in play, every decision is checked."""
    found = content.memo.get("choice-triggers")
    if found is None:
        found = content.memo["choice-triggers"] = frozenset(
            name for name, card in content.cards.items()
            if any("on" in eff and not items_safe_whatever_chosen(eff["do"]) for eff in card.get("effects", ())))
    return found


def triggered_choices_in_play(state: dict, content: Content) -> bool:
    names = cards_with_triggered_choices(content)
    return bool(names) and any(
        derived(pl["played"], "choice-triggers", lambda pl=pl: any(e["name"] in names for e in pl["played"]))
        for pl in state["players"])
