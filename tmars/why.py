"""Why a card in the hand can or cannot be played now, in words a player reads.

The action menu (`actions.playable_cards`) only lists the cards that pass three tests, in this
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

#: The kinds of verdict, in the order the menu tests them.
PLAYABLE, REQUIREMENT, COST, EFFECTS = "playable", "requirement", "cost", "effects"


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


def hand_verdicts(g: Any, p: int) -> list[Verdict]:
    """A verdict for each card in the player's hand, in hand order (a card held twice once)."""
    return [verdict(g, p, name) for name in dict.fromkeys(g.state["players"][p]["hand"])]
