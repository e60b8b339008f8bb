"""The tile kinds of the card language, each declared once with the rules the engine applies.

A tile kind says where it goes by default, whether it has an owner, whether cities keep their
distance from it, whether it must go next to its owner's tiles when it can (F038), and what
placing it sets off (an ocean raises the ocean count and TR, a greenery raises oxygen). The
board (`tmars/board.py`) and the interpreter read these traits; the rules text and the icons use
the kind's name. The language's kinds are here; a module brings more in its manifest
(`vocabulary.tile_kinds`, with these traits), added to `TILE_KINDS` as the run learns of it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .modules import ON_NEW_WORDS, all_words


@dataclass(frozen=True)
class TileKind:
    name: str
    meaning: str
    on_ocean_area: bool = False  # goes on an area reserved for oceans unless told 'land'
    owned: bool = True  # the player who places it owns it
    keeps_distance: bool = False  # no two of these next to each other unless a rule waives it
    next_to_own: bool = False  # next to its owner's tiles whenever such an area is free (F038)
    global_param: str = ""  # the global parameter placing it raises one step ('' for none)
    counts_as_param: str = ""  # the global track that counts these tiles (oceans)
    counts_as: str = ""  # the kind it also counts as wherever tiles are counted (a module's kind)

    def after_placing(self, g: Any, p: int, world: bool = False) -> None:
        """What placing it sets off, beyond the placement bonus: its track rises, with TR for the
        player, or for nobody when a neutral actor placed it (F290)."""
        st = g.state
        if self.counts_as_param:
            st["globals"][self.counts_as_param] += 1
            if not world:
                g.raise_tr(p, 1)
            g.emit({"kind": "raise", "param": self.counts_as_param, "p": None if world else p})
        if self.global_param:
            g.push({"t": "raise", "param": self.global_param, "n": 1, "p": p, **({"world": True} if world else {})})


#: the kinds of the language itself
CORE_KINDS: tuple[TileKind, ...] = (
    TileKind("city", "a city tile", keeps_distance=True),
    TileKind("greenery", "a greenery tile: raises oxygen one step", next_to_own=True, global_param="oxygen"),
    TileKind("ocean", "an ocean tile: raises the ocean count and your TR", on_ocean_area=True, owned=False,
             counts_as_param="oceans"),
    TileKind("special", "a named tile with its own placement rules"),
)
#: every kind this run knows: the language's, then the modules' (refilled in place as a module
#: added to the run brings new ones)
TILE_KINDS: dict[str, TileKind] = {}


def _refresh_kinds() -> None:
    TILE_KINDS.clear()
    TILE_KINDS.update({k.name: k for k in CORE_KINDS})
    for word, spec in all_words("tile_kinds").items():
        TILE_KINDS.setdefault(word, TileKind(
            word, spec["meaning"], on_ocean_area=bool(spec.get("on_ocean_area")), owned=spec.get("owned", True),
            keeps_distance=bool(spec.get("keeps_distance")), next_to_own=bool(spec.get("next_to_own")),
            counts_as=spec.get("counts_as", "")))


_refresh_kinds()
ON_NEW_WORDS.append(_refresh_kinds)


def place_member(node: dict) -> str:
    """The member of the menu's `place` family that says whether this one tile has an area: the
    kind for a plain tile ("city"), else the kind, name and placement rules written as JSON, read
    back by `place_node`."""
    if "name" not in node and not node.get("rules"):
        return node["tile"]
    return json.dumps([node["tile"], node.get("name"), node.get("rules", [])], separators=(",", ":"))


def place_node(member: str) -> dict:
    """The tile node a `place` member stands for (remembered per member)."""
    found = _PLACE_NODES.get(member)
    if found is None:
        if member.startswith("["):
            kind, name, rules = json.loads(member)
            found = {"tile": kind}
            if name is not None:
                found["name"] = name
            if rules:
                found["rules"] = rules
        else:
            found = {"tile": member}
        _PLACE_NODES[member] = found
    return found


_PLACE_NODES: dict[str, dict] = {}
