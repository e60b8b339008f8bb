"""What can be known about items without a game state: which of them can never fail.

An item can fail when a mandatory part of it may be impossible: a loss, a tile with no legal
area, a discard from too small a hand, an override. Gains, raises, TR, steals (always optional),
optional effects and optional removals cannot. The offer check skips its search where nothing
left can fail, which is most of the deck.
"""

from __future__ import annotations

from collections.abc import Callable

from .content import Content
from .overrides import PRIMITIVES

TileCheck = Callable[[dict], bool] | None


def node_cannot_fail(node: dict, mandatory: bool = False, tile_ok: TileCheck = None) -> bool:
    """`mandatory`: the node is part of a cost, where a red-border removal must be made in full.
    `tile_ok`: a tile is safe when this says so (a caller that knows the board); else it may fail."""
    op = node["op"]
    if op == "tile":
        return tile_ok is not None and tile_ok(node)
    if op == "override":
        return not PRIMITIVES[node["name"]].can_fail
    if op == "claim":
        return False
    if op in ("resource", "production", "card_resource", "cards") and node["n"] < 0:
        optional_removal = node.get("any") and op in ("resource", "card_resource") and not mandatory
        return bool(optional_removal or node.get("upto"))
    if op == "production" and node.get("any"):
        return False
    if op == "card_resource" and node["where"] == "that":
        return False
    if op == "if":
        return "reveal" not in node["cond"] and items_cannot_fail(node["items"], mandatory, tile_ok)
    if op == "choice":  # the player can always take an option that cannot fail
        return any(items_cannot_fail(opt, mandatory, tile_ok) for opt in node["options"])
    if op == "may":  # declining always completes
        return True
    if op in ("box", "group"):
        return items_cannot_fail(node["items"], mandatory, tile_ok)
    if op == "pay":
        return items_cannot_fail(node["cost"], True, tile_ok) and items_cannot_fail(node["gain"], mandatory, tile_ok)
    return True


def items_cannot_fail(items: list, mandatory: bool = False, tile_ok: TileCheck = None) -> bool:
    return all(node_cannot_fail(n, mandatory, tile_ok) for n in items)


def cards_with_unsafe_triggers(content: Content) -> frozenset[str]:
    """Cards whose triggered effects can fail: while one is in play, a unit of play is searched."""
    found = content.memo.get("unsafe-triggers")
    if found is None:
        found = content.memo["unsafe-triggers"] = frozenset(
            name for name, card in content.cards.items()
            if any("on" in eff and not items_cannot_fail(eff["do"]) for eff in card.get("effects", ())))
    return found


def unsafe_triggers_in_play(state: dict, content: Content) -> bool:
    unsafe = cards_with_unsafe_triggers(content)
    return bool(unsafe) and any(e["name"] in unsafe for pl in state["players"] for e in pl["played"])
