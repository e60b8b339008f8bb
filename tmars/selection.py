"""Which card files a library command reads: the one rule that `cards`, `sheet` and `lint` share.

Positional paths are read as given. Otherwise `--modules a,b` picks installed modules (with
what they require) and `--cards FOLDER` adds folders that carry their own manifest; with neither,
the whole shipped library is read. `--map NAME` keeps, of the board components (milestones and
awards), those the map lists.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from compiler.modules import ModuleError, add_folder, folder_of, manifests, parse_list, resolve


def add_selection_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--modules", metavar="M,M", help="read these modules and what they require (default: all shipped)")
    p.add_argument("--cards", action="append", metavar="FOLDER", dest="folders",
                   help="add a folder of cards with its own module.yaml (repeatable)")
    p.add_argument("--map", metavar="NAME", help="keep only the milestones and awards of this map")


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
    from .content import available_maps, load_map, map_file, slug
    if slug(map_name) not in available_maps():
        raise ModuleError(f"unknown map {map_name!r}; this tmars has {', '.join(available_maps())}")
    board = load_map(map_file(slug(map_name)))
    return set(board.milestones) | set(board.awards)


def keep_on_map(cards: list[dict], names: set[str] | None) -> list[dict]:
    """Drop the milestones and awards that are not on the chosen map."""
    if names is None:
        return cards
    return [c for c in cards if c["type"] not in ("milestone", "award") or c["name"] in names]
