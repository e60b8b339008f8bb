"""A card played without a subsystem of its expansion (F002): a game may use Turmoil's or Colonies'
cards without the committee or the colony tiles, and leaves out of each card whatever refers to
them. What refers to a mechanic is declared where the word is: an op's, a count's and a trigger's
`mechanic`. This module takes those parts out of a card's IR, and says when nothing is left.

A card whose requirement is on such a count depends on the subsystem (a party ruling, the
chairman, a number of colonies): it is left out of the game. Of the others, what goes: an item
that is such an op, or that counts such a count (`per`, `less`, a condition); an option or a box
left empty by that; an action whose gain is left empty (nothing would be bought with its cost);
an effect whose triggers, or whose every modifier, are such; VP counted on such a count. A card
left with nothing to do is left out too.
"""

from __future__ import annotations

from .ir import vp_terms

from typing import Any

from .counts import COUNTS
from .ops import OPS

Node = dict[str, Any]

#: the card's rows of items (an action's are its alternatives, handled on their own)
ROWS = ("play", "start", "first_action")


def _count_off(c: Node | None, off: frozenset[str]) -> bool:
    """Does a count (or one it adds up or takes off) belong to a mechanic that is off?"""
    if not isinstance(c, dict) or "count" not in c:
        return False
    if getattr(COUNTS.get(c["count"]), "mechanic", None) in off:
        return True
    return any(_count_off(inner, off) for inner in (c.get("less"), *c.get("plus", ())))


def _node_off(node: Node, off: frozenset[str]) -> bool:
    if OPS[node["op"]].mechanic in off:
        return True
    if _count_off(node.get("per"), off) or _count_off(node.get("less"), off):
        return True
    return isinstance(node.get("cond"), dict) and _count_off(node["cond"], off)


def items_without(items: list[Node], off: frozenset[str]) -> list[Node]:
    """The items with every part of a mechanic that is off taken out; a node whose own items or
    options are left empty by that goes too."""
    out = []
    for node in items:
        if _node_off(node, off):
            continue
        fields = OPS[node["op"]].child_fields
        if not fields:
            out.append(node)
            continue
        new, emptied = dict(node), False
        for field, is_options in fields:
            if is_options:
                options = [items_without(opt, off) for opt in node[field]]
                kept = [o for o, before in zip(options, node[field], strict=True) if o or not before]
                emptied |= not kept
                new[field] = kept
            else:
                new[field] = items_without(node[field], off)
                emptied |= bool(node[field]) and not new[field] and field != "cost"
        if not emptied:
            out.append(new)
    return out


def _effect_without(e: Node, off: frozenset[str]) -> Node | None:
    from .triggers import TRIGGERS
    if "on" in e:
        on = [t for t in e["on"] if getattr(TRIGGERS.get(t["event"]), "mechanic", None) not in off]
        do = items_without(e["do"], off)
        return {**e, "on": on, "do": do} if on and (do or not e["do"]) else None
    mods = []
    for m in e.get("mods", ()):
        on = [t for t in m.get("on", ()) if getattr(TRIGGERS.get(t["event"]), "mechanic", None) not in off]
        if (m.get("on") and not on) or (m["mod"] == "extra" and getattr(COUNTS.get(m["res"]), "mechanic", None) in off):
            continue
        mods.append({**m, "on": on} if m.get("on") else m)
    return {**e, "mods": mods} if mods else None


def mechanics_named() -> frozenset[str]:
    """Every mechanic an op, a count or a trigger of the language belongs to."""
    from .triggers import TRIGGERS
    return frozenset(m for k in (*OPS.values(), *COUNTS.values(), *TRIGGERS.values())
                     if (m := getattr(k, "mechanic", None)))


def without(card: Node, off: frozenset[str]) -> Node | None:
    """The card with what refers to the mechanics in `off` left out (F002); None when it depends on
    them (a requirement on one) or that leaves it nothing to do (no row, action, effect or VP that
    it had)."""
    if not off:
        return card
    if any(_count_off(r, off) for r in card.get("requires", ())):
        return None
    new = dict(card)
    terms = vp_terms(card.get("vp"))
    kept = [t for t in terms if not (_count_off(t.get("per"), off) or _count_off(t.get("if"), off))]
    if len(kept) < len(terms):  # a term counting what is left out goes, the rest stays
        if kept:
            new["vp"] = kept[0] if len(kept) == 1 else {"sum": kept}
        else:
            del new["vp"]
    for key in ROWS:
        if key in card:
            row = items_without(card[key], off)
            if row or not card[key]:
                new[key] = row
            else:
                del new[key]
    if "action" in card:
        alts = []
        for alt in card["action"]:
            gain = items_without(alt["gain"], off)
            if gain or not alt["gain"]:
                alts.append({**alt, "cost": items_without(alt["cost"], off), "gain": gain})
        if alts:
            new["action"] = alts
        else:
            del new["action"]
    if "effects" in card:
        effects = [e for e in (_effect_without(e, off) for e in card["effects"]) if e is not None]
        if effects:
            new["effects"] = effects
        else:
            del new["effects"]
    had = [k for k in (*ROWS, "action", "effects", "vp") if card.get(k)]
    if had and not any(new.get(k) for k in had):
        return None
    return new
