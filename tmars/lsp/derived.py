"""The ids made from a card's name (`tmars.content.slug`: 'Grand Plaza' -> 'grand-plaza') that a
rename carries along, where they can only mean this card.

- Its own named tile, when the card places a tile named after itself (`city(stratopolis,
  off-mars)`) and no other card places one of that name: the name in the card's own rows, the
  modules' `vocabulary.tiles` entry that declares it, and every `reserved:` for it (a map's
  areas, a manifest's `adds_to_map.off_map`).
- Its option id in scenarios (`std:power-plant`, `milestone:mayor`, `award:banker`, `convert:…`),
  when its type is one the action menu offers by such an id (`complete.PREFIX_OF_TYPE`) and no
  other card of that type has the same slug; a standard project's slug also where a trigger
  names it in any card's rows (`std(power-plant)`).

Everything else made from a name is left: an area's own `id:` and `name:` (scenarios answer with
area ids, and those are the map's, not the card's), and a slug in another card's rows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from lsprotocol import types

from compiler.diagnostics import CompileError
from compiler.frame import Located
from compiler.lint import all_nodes
from compiler.modules import MANIFEST, all_words
from compiler.ops import Tile
from compiler.strictyaml import Map, Seq, load_text
from compiler.triggers import StandardProjectUsed
from tmars.content import MAP_FOLDER, slug

from .catalog import CardEntry, Catalog, yaml_files
from .complete import PREFIX_OF_TYPE
from .documents import Kind, classify, scalar_span, uri_to_path
from .mentions import option_ids
from .navigate import SHIPPED_SCENARIOS, file_text
from .semantic import language_values, source_positions

#: An edit: the document's URI, the range, the new text.
Edit = tuple[str, types.Range, str]
#: The card types a trigger names by slug in its parentheses (`std(power-plant)`): type -> word.
FILTERS = {"standard-project": StandardProjectUsed.listens}
#: The key under which a map's area (or a manifest's off-map area) names the tile it is kept for.
RESERVED = "reserved"


class Clash(Exception):
    """A derived id the new name would give that another thing already has."""


def own_tile(entry: CardEntry, catalog: Catalog) -> set[str]:
    """The tile words (`city`, `tile` …) with which the card places a tile named after itself;
    empty when it places none, or when another card places a tile of that name too."""
    own = slug(entry.name)
    kinds = _named_tiles(entry.ir, own)
    if kinds and any(_named_tiles(e.ir, own) for e in catalog.entries() if e.name != entry.name):
        return set()
    return kinds


def _named_tiles(ir: dict, name: str) -> set[str]:
    return {str(node.get("tile")) for _, node, _ in all_nodes(ir)
            if node["op"] == Tile.name and node.get("name") == name}


def derived_edits(entry: CardEntry, new: str, catalog: Catalog, roots: Iterable[Path],
                  opened: Callable[[Path], str | None], unsaved: Iterable[tuple[str, str]]) -> Iterator[Edit]:
    """Every edit of an id made from the card's name; Clash when the new name's id is taken."""
    old_id, new_id = slug(entry.name), slug(new)
    if old_id == new_id:
        return
    roots = list(roots)
    kinds = own_tile(entry, catalog)
    prefix = PREFIX_OF_TYPE.get(str(entry.ir.get("type")))
    if prefix and any(slug(e.name) == old_id for e in catalog.entries()
                      if e.name != entry.name and PREFIX_OF_TYPE.get(str(e.ir.get("type"))) == prefix):
        prefix = None  # `std:x` could mean another card too
    if (kinds or prefix) and not new_id:
        raise Clash(f"tmars: '{new}' makes no id ('{old_id}' is this card's tile or option id); choose a name "
                    "with a letter or a digit")
    if kinds:
        if new_id in all_words("tiles"):
            raise Clash(f"tmars: the card's tile would be named '{new_id}', which a module already declares as a "
                        "tile; choose another name")
        yield from _in_rows(catalog, kinds, old_id, new_id, opened, only=entry.name)
        yield from _tile_declared(old_id, new_id, [*catalog.roots, *roots], opened)
    if prefix:
        if any(slug(e.name) == new_id and PREFIX_OF_TYPE.get(str(e.ir.get("type"))) == prefix
               for e in catalog.entries() if e.name != entry.name):
            raise Clash(f"tmars: '{prefix}:{new_id}' is already the option id of another card; choose another name")
        if str(entry.ir.get("type")) in FILTERS:
            yield from _in_rows(catalog, {FILTERS[str(entry.ir.get("type"))]}, old_id, new_id, opened)
        yield from _option_ids(f"{prefix}:{old_id}", f"{prefix}:{new_id}", roots, opened, unsaved)


def _in_rows(catalog: Catalog, words: set[str], old_id: str, new_id: str, opened: Callable[[Path], str | None],
             only: str | None = None) -> Iterator[Edit]:
    """The slug where card rows name it in a word's parentheses (`city(old-slug, …)`,
    `std(old-slug)`): in every card's rows, or only in those of the card named `only`."""
    called = re.compile(rf"\b(?:{'|'.join(map(re.escape, sorted(words)))})\(([^()]*)\)")
    named = re.compile(rf"(?<![a-z0-9-]){re.escape(old_id)}(?![a-z0-9-])")
    for path, result in list(catalog.files.items()):
        lines: list[str] | None = None
        for raw, _, _ in result.sources:
            if only is not None and (raw.fields.get("name") is None or raw.fields["name"].value != only):
                continue
            for item in language_values(raw):
                if isinstance(item.value, str) and old_id in item.value:
                    if lines is None:
                        lines = (opened(path) or file_text(path)).splitlines()
                    yield from _in_value(item, lines, called, named, path.as_uri(), new_id)


def _in_value(loc: Located, lines: list[str], placed: re.Pattern, named: re.Pattern, uri: str,
              new_id: str) -> Iterator[Edit]:
    value: Any = loc.value
    if not isinstance(value, str):
        return
    where = source_positions(loc, value, lines)
    if where is None:
        return
    for call in placed.finditer(value):
        for m in named.finditer(value, call.start(1), call.end(1)):
            first, last = where[m.start()], where[m.end() - 1]
            if first and last and first[0] == last[0]:
                yield uri, types.Range(types.Position(*first), types.Position(first[0], last[1] + 1)), new_id


def _tile_declared(old_id: str, new_id: str, roots: list[Path],
                   opened: Callable[[Path], str | None]) -> Iterator[Edit]:
    """The tile's declaration in a manifest's `vocabulary.tiles`, and every `reserved:` for it in the
    manifests and the maps (`<module>/board/*.yaml`)."""
    for path in yaml_files(roots):
        if path.name != MANIFEST and path.parent.name != MAP_FOLDER:
            continue
        text = opened(path) or file_text(path)
        if old_id not in text:
            continue
        try:
            data, lines = load_text(text, str(path))
        except CompileError:
            continue
        uri = path.as_uri()
        vocabulary = data.get("vocabulary") if isinstance(data, Map) else None
        tiles = vocabulary.get("tiles") if isinstance(vocabulary, Map) else None
        if path.name == MANIFEST and isinstance(tiles, Map) and old_id in tiles:
            yield uri, _range(lines, tiles.key_at(old_id), old_id), new_id
        for where in _reserved(data, old_id):
            yield uri, _range(lines, where, old_id), new_id


def _reserved(node: Any, old_id: str) -> Iterator[tuple[int, int]]:
    """Where a mapping anywhere in the file writes `reserved: old-slug`."""
    if isinstance(node, Map):
        for k, v in node.items():
            if k == RESERVED and v == old_id:
                yield node.at(k)
            else:
                yield from _reserved(v, old_id)
    elif isinstance(node, Seq):
        for v in node:
            yield from _reserved(v, old_id)


def _range(lines: list[str], where: tuple[int, int], text: str) -> types.Range:
    line, col = where
    start, end = scalar_span(lines[line - 1] if 0 < line <= len(lines) else "", col - 1, text)
    return types.Range(types.Position(line - 1, start), types.Position(line - 1, end))


def _option_ids(old: str, new: str, roots: list[Path], opened: Callable[[Path], str | None],
                unsaved: Iterable[tuple[str, str]]) -> Iterator[Edit]:
    """The option id in the answers and checks of every scenario (those open and not saved too)."""
    texts: list[tuple[str, Path | None, str]] = []
    for path in yaml_files([*roots, SHIPPED_SCENARIOS]):
        text = opened(path) or file_text(path)
        texts.append((path.as_uri(), path, text))
    texts += [(uri, uri_to_path(uri), text) for uri, text in unsaved]
    for uri, path, text in texts:
        if old not in text or classify(path, text) is not Kind.SCENARIO:
            continue
        for value, line, start in option_ids(text):
            if value == old:
                yield uri, types.Range(types.Position(line, start), types.Position(line, start + len(old))), new
