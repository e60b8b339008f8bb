"""Which card files a library command reads: the one rule that `cards`, `sheet` and `lint` share.

Positional paths are read as given. Otherwise `--modules a,b` picks installed modules (with
what they require) and `--cards FOLDER` adds folders that carry their own manifest; with neither,
the whole shipped library is read. `--map NAME` keeps, of the board components (milestones and
awards), those the map lists; for `tmars sheet` it draws the map instead (`map_board`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from compiler.modules import ModuleError, add_folder, folder_of, manifests, parse_list, resolve

if TYPE_CHECKING:
    from .content import Map


def add_selection_arguments(p: argparse.ArgumentParser,
                            map_help: str = "keep only the milestones and awards of this map") -> None:
    """The options that pick the card files; `map_help` says what `--map` does for this command."""
    p.add_argument("--modules", metavar="M,M", help="read these modules and what they require (default: all shipped)")
    p.add_argument("--cards", action="append", metavar="FOLDER", dest="folders",
                   help="add a folder of cards with its own module.yaml (repeatable)")
    p.add_argument("--map", metavar="NAME", help=map_help)


def selected_paths(args: argparse.Namespace) -> list[str | Path] | None:
    """The files or folders to compile; None means the shipped library. Raises ModuleError for an
    unknown module, a requirement left out or a folder without a manifest."""
    added = tuple(add_folder(f) for f in getattr(args, "folders", None) or ())
    names = parse_list(args.modules) if getattr(args, "modules", None) else ()
    if not names and not added:
        return list(args.paths) or None
    if not names:
        names = tuple(m for m in manifests() if m not in added)
    modules = resolve(tuple(names) + tuple(m for m in added if m not in names))
    return list(args.paths) + [folder_of(m) for m in modules]


def map_components(map_name: str | None) -> set[str] | None:
    """The milestone and award names of a map, or None for no filter; ModuleError if unknown."""
    if not map_name:
        return None
    from .content import load_map, map_file
    board = load_map(map_file(_known_map(map_name)))
    return set(board.milestones) | set(board.awards)


def map_board(map_name: str) -> Callable[[list[dict]], Map]:
    """The map a board sheet draws, as a loader of it checked against a compiled library (its
    milestones and awards must be cards of it). The name is checked at once: ModuleError if unknown."""
    from .content import load_map, map_file
    path = map_file(_known_map(map_name))

    def load(cards: list[dict]) -> Map:
        components: dict[str, set[str]] = {}
        for c in cards:
            components.setdefault(c["type"], set()).add(c["name"])
        return load_map(path, components)
    return load


def _known_map(map_name: str) -> str:
    """A map's file name from the name given; ModuleError naming the maps there are if none is."""
    from .content import available_maps, slug
    if slug(map_name) not in available_maps():
        raise ModuleError(f"unknown map {map_name!r}; this tmars has {', '.join(available_maps())}")
    return slug(map_name)


def keep_on_map(cards: list[dict], names: set[str] | None) -> list[dict]:
    """Drop the milestones and awards that are not on the chosen map."""
    if names is None:
        return cards
    return [c for c in cards if c["type"] not in ("milestone", "award") or c["name"] in names]
