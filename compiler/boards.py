"""Map files (`cards/<module>/board/*.yaml`): the areas of Mars row by row, the areas off the map,
and the milestones and awards printed on the map.

A map file is checked before anything uses it, every problem at once, each at its line and column
(E605): its shape against `BOARD_SCHEMA` (an unknown field with the nearest one, a word outside its
list with the nearest word), then what a schema cannot say: an area reserved for a tile no module
names, an area id given twice, a module this tmars does not know, a milestone or award no card of
the game is (or one named twice). The engine (`tmars/content.py: load_map`) refuses a map with any
of them; `tmars lint` reports them for the folders it checks (`compiler/lint.py`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import vocab
from .diagnostics import Diagnostic, did_you_mean
from .modules import _MEANING, _WORD, MAX_DATA_BYTES, OFF_MAP_AREA, all_words, manifests, schema_diagnostics
from .strictyaml import Kind, diagnostic, load_text, read_text, where

#: the folder of a module that holds its maps (a file in it is a map file, not a card file)
BOARD_DIR = "board"
CODE = "E605"
MAPS = Kind("map files", "a map file")

#: the kinds of area on Mars a map may have (the engine's `Area.kind`; an area off the map is "off")
AREA_TYPES = {"land": "a land area: any tile but an ocean", "ocean": "an area reserved for oceans"}

_AREA = {
    "type": "object", "required": ["type"], "additionalProperties": False,
    "properties": {
        "type": {"enum": list(AREA_TYPES), "description": "land, or ocean: an area reserved for oceans"},
        "bonus": {"type": ["array", "string"], "items": {"enum": list(vocab.PLACEMENT_BONUSES)}, "minLength": 1,
                  "description": "the placement bonus: the printed words, one a unit (a standard resource, or "
                                 "card: a card drawn), or a row of the card language ('-6 mc, ocean': what "
                                 "placing a tile here costs or does, checked as any row's)"},
        "name": {**_MEANING, "description": "the printed name of a named area (a volcano, a reserved city area)"},
        "volcanic": {"type": "boolean", "description": "a volcanic area (lava-flows and the volcanic rule)"},
        "reserved": {**_WORD, "description": "the named tile the area is kept for (a tile name a module brings)"},
    },
}

BOARD_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://tmars.dev/board.json",
    "title": "tmars map file (board/*.yaml)",
    "type": "object", "required": ["name", "rows"], "additionalProperties": False,
    "properties": {
        "name": {**_MEANING, "description": "the printed name"},
        "module": {**_WORD, "description": "the module the map comes with"},
        "rows": {"type": "array", "minItems": 1, "items": {"type": "array", "minItems": 1, "items": _AREA},
                 "description": "the areas of Mars, row by row from the top, each row from the left: the area "
                                "of row R, column C is rRcC; the rows are centred on the longest"},
        "off_map": {"type": "array", "items": OFF_MAP_AREA,
                    "description": "areas off the map, each with its id, printed name and the tile name it is "
                                   "reserved for"},
        "globals": {"type": "object", "propertyNames": _WORD,
                    "description": "the map's own goal and bonus steps for a global parameter, by its word: "
                                   "they take the place of those its module gives (a track of a module not in "
                                   "play is left alone)",
                    "additionalProperties": {
                        "type": "object", "additionalProperties": False,
                        "properties": {
                            "goal": {"type": "integer", "description": "the value that maxes the track"},
                            "bonuses": {"type": "array", "items": {
                                "type": "object", "required": ["at", "do"], "additionalProperties": False,
                                "properties": {"at": {"type": "integer"},
                                               "do": {"type": "string", "minLength": 1,
                                                      "description": "a row of the card language"}}},
                                "description": "every bonus step of the track on this map"}}}},
        "milestones": {"type": "array", "items": _MEANING, "description": "the milestones printed on the map"},
        "awards": {"type": "array", "items": _MEANING, "description": "the awards printed on the map"},
    },
}


def area_id(row: int, col: int) -> str:
    """The id of the area at a row and column of a map (1-based): how cards, saves and scenarios name it."""
    return f"r{row}c{col}"


def area_place(aid: str) -> tuple[int, int] | None:
    """(row, column) of an area id on Mars ('r5c3' -> (5, 3)); None for an off-map id."""
    m = re.fullmatch(r"r(\d+)c(\d+)", aid)
    return (int(m.group(1)), int(m.group(2))) if m else None


def area_xy(row: int, col: int, rows: int) -> tuple[int, int]:
    """Where an area sits on the hex grid, in half-hex steps across and rows down: rows are centred
    on the middle one, each a half step in per row away from it. One rule, read by the engine (who
    neighbours whom) and by the board diagram (where each hexagon is drawn)."""
    middle = (rows + 1) // 2
    return 2 * (col - 1) + abs(middle - row), row


def board_files(paths: Iterable[str | Path]) -> list[Path]:
    """The map files under the given files or folders: the YAML files of a folder named `board`."""
    out: list[Path] = []
    for root in map(Path, paths):
        if root.is_dir():
            out.extend(p for p in sorted(root.rglob("*.yaml")) if p.is_file() and p.parent.name == BOARD_DIR)
        elif root.parent.name == BOARD_DIR and root.suffix == ".yaml":
            out.append(root)
    return out


def read_board(path: Path) -> tuple[Any, list[str]]:
    """A map file read strictly (size, YAML), as located data and its lines; CompileError if unreadable."""
    return load_text(read_text(path, MAX_DATA_BYTES), str(path), MAPS)


def board_diagnostics(path: Path, components: dict[str, set[str]] | None = None) -> list[Diagnostic]:
    """Every problem of a map file, for lint: one that cannot be read is that problem."""
    from .diagnostics import CompileError
    try:
        data, lines = read_board(path)
    except CompileError as e:
        return e.diagnostics
    return board_problems(data, str(path), lines, components)


def board_problems(data: Any, path: str, lines: list[str],
                   components: dict[str, set[str]] | None = None) -> list[Diagnostic]:
    """The problems of a map's data in file order: its shape, then what the schema cannot say
    (`components`, the names of the game's cards by type, checks the milestones and awards; None
    leaves them to whoever knows the cards). A place the schema already faulted is not faulted twice."""
    out = schema_diagnostics(BOARD_SCHEMA, data, path, lines, CODE, "the map", _label)
    if isinstance(data, dict):
        faulted = {(d.position.line, d.position.col) for d in out}
        more = [*_reserved(data, path, lines), *_ids(data, path, lines), *_module(data, path, lines),
                *_components(data, path, lines, components), *_bonus_rows(data, path, lines)]
        out += [d for d in more if (d.position.line, d.position.col) not in faulted]
    return sorted(out, key=lambda d: (d.position.line, d.position.col))


def _label(keys: list) -> str:
    """A place in a map as its readers know it: 'area r5c3: bonus.0' rather than 'rows.4.2.bonus.0'."""
    if len(keys) >= 3 and keys[0] == "rows" and isinstance(keys[1], int) and isinstance(keys[2], int):
        rest = ".".join(map(str, keys[3:]))
        return f"area {area_id(keys[1] + 1, keys[2] + 1)}" + (f": {rest}" if rest else "")
    return ".".join(map(str, keys))


def _areas(data: dict) -> Iterable[tuple[str, dict, bool]]:
    """(id, area, whether it is on Mars) for each area of the map given as a mapping."""
    rows = data.get("rows")
    for r, row in enumerate(rows if isinstance(rows, list) else (), start=1):
        for c, area in enumerate(row if isinstance(row, list) else (), start=1):
            if isinstance(area, dict):
                yield area_id(r, c), area, True
    off = data.get("off_map")
    for area in off if isinstance(off, list) else ():
        if isinstance(area, dict):
            yield str(area.get("id", "")), area, False


def _reserved(data: dict, path: str, lines: list[str]) -> list[Diagnostic]:
    """An area is reserved for a named tile: a tile name some module brings (`vocabulary.tiles`),
    else no card could ever be placed there."""
    tiles = all_words("tiles")
    out = []
    for aid, area, _ in _areas(data):
        name = area.get("reserved")
        if isinstance(name, str) and name not in tiles:
            out.append(diagnostic(path, lines, where(area, "reserved"), CODE,
                                  f"area {aid} is reserved for '{name}', which is not a tile name of any module",
                                  suggestion=did_you_mean(name, tiles) or "tile names: " + ", ".join(sorted(tiles)),
                                  expected="a tile name a module brings (vocabulary.tiles in its module.yaml)"))
    return out


def _ids(data: dict, path: str, lines: list[str]) -> list[Diagnostic]:
    """Each area has an id of its own: an off-map area's id is neither another's nor that of an
    area on Mars (the second would silently replace the first)."""
    first: dict[str, tuple[tuple[int, int], bool]] = {}
    out = []
    for aid, area, on_mars in _areas(data):
        if on_mars:  # its id is its place
            first.setdefault(aid, (where(area), True))
        elif aid in first:
            (line, _), mars = first[aid]
            said = "the id of an area on Mars" if mars else "given twice"
            out.append(diagnostic(path, lines, where(area, "id"), CODE,
                                  f"the area id '{aid}' is {said} (first on line {line})",
                                  suggestion="give each area its own id: the second would replace the first"))
        else:
            first[aid] = (where(area, "id"), False)
    return out


def bonus_row(text: str, path: str, line: int, col: int, lines: list[str] | None = None) -> list[dict]:
    """An area's bonus written in the card language, as IR items (CompileError when it is not a row)."""
    from .lower import lower_field
    from .parser import SourceText
    alternatives = lower_field(SourceText(text, path, line, col, file_lines=lines), "row")
    return alternatives[0]


def _bonus_rows(data: dict, path: str, lines: list[str]) -> list[Diagnostic]:
    """An area's bonus written as a row compiles (each problem at its place in the file)."""
    from .diagnostics import CompileError
    out = []
    for _, area, _ in _areas(data):
        text = area.get("bonus")
        if isinstance(text, str):
            line, col = where(area, "bonus")
            try:
                bonus_row(text, path, line, col, lines)
            except CompileError as e:
                out.extend(e.diagnostics)
    return out


def _module(data: dict, path: str, lines: list[str]) -> list[Diagnostic]:
    """The module a map names is one this tmars knows."""
    mid = data.get("module")
    known = manifests()
    if not isinstance(mid, str) or mid in known:
        return []
    return [diagnostic(path, lines, where(data, "module"), CODE, f"the map names the module '{mid}', which this "
                       "tmars does not have", suggestion=did_you_mean(mid, known) or "modules: " + ", ".join(known),
                       expected="the id of a module (its module.yaml)")]


def _components(data: dict, path: str, lines: list[str], components: dict[str, set[str]] | None) -> list[Diagnostic]:
    """The milestones and awards on the map are cards of the game, each named once (a second would
    be claimed or funded, and scored, twice)."""
    out = []
    for kind in ("milestone", "award"):
        names = data.get(f"{kind}s")
        seen: set[str] = set()
        for i, name in enumerate(names if isinstance(names, list) else ()):
            if not isinstance(name, str):
                continue
            if name in seen:
                out.append(diagnostic(path, lines, where(names, i), CODE, f"the {kind} '{name}' is on the map twice",
                                      suggestion=f"name each {kind} once"))
            elif components is not None and name not in components.get(kind, set()):
                known = components.get(kind, set())
                out.append(diagnostic(path, lines, where(names, i), CODE,
                                      f"the map names the {kind} '{name}', which no card of the game is",
                                      suggestion=did_you_mean(name, known),
                                      expected=f"the name of a card of type {kind}"))
            seen.add(name)
    return out
