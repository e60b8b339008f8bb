"""Why a card in the hand can or cannot be played now, in words a player reads.

The action menu (`offers.playable_cards`) only lists the cards that pass three tests, in this
order: the requirements are met, the cost can be paid, the card's effects can be completed. This
module runs the same rule queries in the same order and, for a card that fails, says which test
failed and by how much, so that a person play-testing cards sees why a card is not offered rather
than just not seeing it. Nothing here is keyed on a card: every sentence comes from the IR.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.text import have_text

from . import feasible, rules

#: The kinds of verdict, in the order the menu tests them; NOT_NOW: it passes them all, but the
#: decision waiting does not offer to play it (another player's turn, a first action to take first).
PLAYABLE, REQUIREMENT, COST, EFFECTS, NOT_NOW = "playable", "requirement", "cost", "effects", "not now"


@dataclass(frozen=True)
class Verdict:
    """A card's standing: `kind` is one of the constants above, `reason` a sentence (empty when
    playable), `cost` what the card costs this player now."""

    card: str
    kind: str
    reason: str
    cost: int

    @property
    def playable(self) -> bool:
        return self.kind == PLAYABLE


def unmet_requirements(state: dict, content: Any, p: int, card: dict) -> list[str]:
    """Each requirement of the card the player does not meet, as 'requires 9% oxygen (now 3)';
    met within the player's flex (requirement steps ignored), as the menu counts it."""
    out = []
    for req in card.get("requires", ()):
        if rules.requirement_met(state, content, p, req, rules.flex_of(state, content, p, req["count"])):
            continue
        now = rules.count(state, content, p, req, wild=req["cmp"] == ">=")
        out.append(f"requires {have_text(req, req['value'], req['cmp'])} (now {now})")
    return out


def verdict(g: Any, p: int, name: str) -> Verdict:
    """Can player `p` play the card `name` on an action now, and if not, why not. `g` is the
    game's interpreter (`game.interp`): the same object the action menu asks."""
    state, content = g.state, g.content
    card = content.cards[name]
    cost = rules.card_cost(state, content, p, name)
    unmet = unmet_requirements(state, content, p, card)
    if unmet:
        return Verdict(name, REQUIREMENT, "; ".join(unmet), cost)
    steel, titanium = "building" in card["tags"], "space" in card["tags"]
    reserve = feasible.reserved_resources(g, p, card)
    if not rules.can_pay(state, content, p, cost, steel, titanium, reserve, name):
        value = rules.pay_value(state, content, p, steel, titanium, reserve, name)
        metals = " (M€ and steel)" if steel else " (M€ and titanium)" if titanium else ""
        return Verdict(name, COST, f"costs {cost} M€; you can pay {value}{metals}", cost)
    if not feasible.card_offerable(g, p, card):
        return Verdict(name, EFFECTS, "its effects cannot be completed now", cost)
    return Verdict(name, PLAYABLE, "", cost)


def hand_verdicts(g: Any, p: int, pending: dict | None = None) -> list[Verdict]:
    """A verdict for each card in the player's hand, in hand order (a card held twice once). Given
    the decision waiting, a card that passes every test but is not among its options is NOT_NOW."""
    out = [verdict(g, p, name) for name in dict.fromkeys(g.state["players"][p]["hand"])]
    if pending is None:
        return out
    return [v if not v.playable or f"play:{v.card}" in _offered(pending, p) else
            Verdict(v.card, NOT_NOW, _not_now(g, pending, p), v.cost) for v in out]


def _offered(pending: dict, p: int) -> set[str]:
    return {o["id"] for o in pending["options"]} if pending["player"] == p else set()


def _not_now(g: Any, pending: dict, p: int) -> str:
    if pending["player"] != p:
        return f"it is {g.state['players'][pending['player']]['name']}'s decision"
    if pending["kind"] != "action":
        return "not at this decision"
    if "first-action" in _offered(pending, p):
        return "the corporation's first action comes first"
    return "not offered now"
