"""Asterisk overrides: the rule primitives the icons cannot say, each implemented once.

Each primitive has a feasibility check (is there any way to carry it out?) and a run step
with the usual task protocol (return a decision, or act and return None).
"""

from __future__ import annotations

from typing import Any

from compiler.ops import ANYTHING, NOTHING, Box, special

from . import rules
from .interpreter import CannotComplete, ask_one, option
from .content import Content

#: the ops told apart here, by their declared names (string compares on hot paths)
_BOX = Box.name


class Primitive:
    #: resolves only after its card's tile is placed (the batch offers it once the tile is down)
    waits_for_tile = False
    #: may be impossible to carry out (then `verdict` says when)
    can_fail = False
    #: changes resources or production (so its verdict is no proof beside other losses)
    changes_resources = False
    #: the menu domains its verdict reads (`tmars/menu.py`): anything, unless it says
    reads: frozenset[str] = ANYTHING

    def feasible(self, state: dict, content: Content, node: dict, ctx: dict) -> bool:
        return True

    def verdict(self, g: Any, node: dict, ctx: dict) -> bool | None:
        """Can it be carried out now: True, False, or None when only a trial can tell."""
        return self.feasible(g.state, g.content, node, ctx)

    def run(self, g: Any, node: dict, ctx: dict, answer: Any) -> dict | None:
        return None


def _top_boxes(card: dict) -> list[dict]:
    """The production boxes printed in a card's bottom section; a corporation's is in its start."""
    row = card.get("start", ()) if card["type"] == "corporation" else card.get("play", ())
    return [n for n in row if n["op"] == _BOX]


class CopyProduction(Primitive):
    """Apply again the production box of one of your played cards with the given tag (F151-F155)."""

    can_fail = True
    changes_resources = True
    #: the own cards in play, and what a production box's verdict reads: the productions it
    #: lowers (the player's or another's) and the counts its amounts may be per
    reads = frozenset({"played", "prod", "others-prod", "tag", "tiles", "globals"})

    def candidates(self, state: dict, content: Content, node: dict, ctx: dict) -> list[dict]:
        tag = node["args"][0] if node["args"] else None
        out = []
        for e in state["players"][ctx["p"]]["played"]:
            card = content.cards[e["name"]]
            if e["name"] == ctx.get("card"):  # a corporation with the tag is a valid target too (F321)
                continue
            if tag and tag not in card["tags"] and not (
                    content.wild and self._wild_for(state, content, ctx["p"], card, tag)):
                continue
            if _top_boxes(card):
                out.append(e)  # whether its box can be carried out is the offer check's question
        return out

    @staticmethod
    def _wild_for(state: dict, content: Content, p: int, card: dict, tag: str) -> bool:
        """The card's wild tag may be the tag asked (a card with a building tag is any card with one,
        and a wild tag in play counts as one in its owner's action: F156)."""
        wild = content.wild
        return bool(wild) and any(t in wild for t in card["tags"]) and rules.wild_may_stand_for(state, content, p, tag)

    def feasible(self, state, content, node, ctx):
        return bool(self.candidates(state, content, node, ctx))

    def verdict(self, g, node, ctx):
        """True when some candidate's box surely can be applied, False when none can."""
        from .feasible import items_verdict
        undecided = False
        for e in self.candidates(g.state, g.content, node, ctx):  # the first sure one settles it
            verdict = items_verdict(g, [(_top_boxes(g.content.cards[e["name"]]), {"p": ctx["p"], "card": e["name"]})])
            if verdict is True:
                return True
            undecided |= verdict is None
        return None if undecided else False

    def run(self, g, node, ctx, answer):
        cands = self.candidates(g.state, g.content, node, ctx)
        answer, ask = ask_one(answer, ctx["p"], "card", "Copy the production box of which card?",
                              [option(e["name"], e["name"]) for e in cands])
        if ask:
            return ask
        tag = node["args"][0] if node["args"] else None
        if tag and tag not in g.content.cards[answer]["tags"]:  # its wild tag is that tag for the action (F327)
            g.state["players"][ctx["p"]]["wild_as"] = tag
        g.say(ctx["p"], f"copies the production box of {answer}")
        g.push_items(_top_boxes(g.content.cards[answer]), {"p": ctx["p"], "card": answer})
        return None


class ProductionOfPlacedMetal(Primitive):
    """+1 production of the metal shown as placement bonus where this card's tile went (F146, F154)."""

    waits_for_tile = True  # and once its tile is down it cannot fail
    changes_resources = True
    reads = NOTHING

    def run(self, g, node, ctx, answer):
        entry = rules.find_played(g.state, ctx["p"], ctx.get("card") or "")
        area = entry.get("area") if entry else None
        if not area:
            raise CannotComplete("the card's tile is not placed yet")
        bonus = g.content.map.areas[area].bonus
        for metal in ("steel", "titanium"):
            if metal in bonus:
                g.state["players"][ctx["p"]]["prod"][metal] += 1
                g.say(ctx["p"], f"gains 1 {metal} production")
                g.production_raised(ctx["p"], metal, 1)
                return None
        return None


class RaiseLowestProduction(Primitive):
    """+1 production of one of the player's lowest productions, M€ included; a tie is the
    player's choice (F340)."""

    changes_resources = True
    reads = NOTHING  # it cannot fail

    def run(self, g, node, ctx, answer):
        prod = g.state["players"][ctx["p"]]["prod"]
        low = min(prod[r] for r in rules.STANDARD)
        answer, ask = ask_one(answer, ctx["p"], "choice", "Increase which of your lowest productions?",
                              [option(r, f"{r} production") for r in rules.STANDARD if prod[r] == low])
        if ask:
            return ask
        prod[answer] += 1
        g.log(f"{g.pname(ctx['p'])} increases their {answer} production")
        g.production_raised(ctx["p"], answer, 1)
        return None


class Protection(Primitive):
    """A standing protection of the player's resources: nothing to carry out when played."""

    reads = NOTHING


PRIMITIVES: dict[str, Primitive] = special.PRIMITIVES  # the override op reads them there
PRIMITIVES.update({
    "copy-production": CopyProduction(),
    "production-of-placed-metal": ProductionOfPlacedMetal(),
    "protect-resources": Protection(),
    "raise-lowest-production": RaiseLowestProduction(),
})
