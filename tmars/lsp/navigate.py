"""Go to definition (a card named in a scenario, or by `replaces:`, to where its card is written)
and find references (every scenario that names a card).

References are searched in every YAML file under the workspace folders (and the repository's
`tests/scenarios/` when the server runs from a checkout): a file is read only if its text holds the
name, and counted only if it is a scenario; the text of an open document is used instead of the
file on disk, and open documents no file holds yet are searched too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from lsprotocol import types

from compiler.modules import CARDS_ROOT
from compiler.readfile import Unreadable, read_text
from compiler.strictyaml import MAX_FILE_BYTES

from .catalog import CardEntry, Catalog, yaml_files
from .documents import Kind, classify, line_of, uri_to_path
from .hover import NAME_FIELD
from .mentions import mention_at, scenario_mentions

#: The scenarios of the checkout the server runs from, searched even with no workspace open.
SHIPPED_SCENARIOS = CARDS_ROOT.parent / "tests" / "scenarios"


def location(entry: CardEntry) -> types.Location:
    """Where a card's name is written in its card file."""
    line, col = entry.line - 1, entry.col - 1
    src = _disk_line(entry.path, line)
    if col < len(src) and src[col] in "'\"":
        col += 1
    return types.Location(entry.path.as_uri(), types.Range(types.Position(line, col),
                                                           types.Position(line, col + len(entry.name))))


def _disk_line(path: Path, line: int) -> str:
    return line_of(file_text(path), line)


def file_text(path: Path) -> str:
    """A file's text ('' if it cannot be read as UTF-8 text within the size limit)."""
    try:
        return read_text(path, MAX_FILE_BYTES)
    except (Unreadable, UnicodeDecodeError):
        return ""


def name_at(kind: Kind, text: str, line: int, col: int) -> str | None:
    """The card name under the cursor: a scenario's mention, or a card file's `name:`/`replaces:`."""
    if kind is Kind.SCENARIO:
        m = mention_at(scenario_mentions(text), line, col)
        return m.name if m else None
    if kind is Kind.CARDS:
        named = NAME_FIELD.match(line_of(text, line))
        if named and named.start(3) <= col <= named.end(3):
            return named.group(3)
    return None


def definition(kind: Kind, text: str, line: int, col: int, catalog: Catalog) -> list[types.Location]:
    name = name_at(kind, text, line, col)
    return [location(e) for e in catalog.named(name)] if name else []


def references(name: str, roots: Iterable[Path], opened: Callable[[Path], str | None],
               unsaved: Iterable[tuple[str, str]] = ()) -> list[types.Location]:
    """Every place a scenario under `roots` names the card `name`; `unsaved`: the (uri, text) of
    open documents no file holds yet, searched as scenarios too (what rename edits, references find)."""
    out: list[types.Location] = []
    for path in yaml_files([*roots, SHIPPED_SCENARIOS]):
        text = opened(path)
        if text is None:
            try:
                text = read_text(path, MAX_FILE_BYTES)
            except (Unreadable, UnicodeDecodeError):
                continue
        out += _scenario_locations(name, path.as_uri(), path, text)
    for uri, text in unsaved:
        out += _scenario_locations(name, uri, uri_to_path(uri), text)
    return out


def _scenario_locations(name: str, uri: str, path: Path | None, text: str) -> list[types.Location]:
    """Where a text, if it is a scenario, names the card `name`."""
    if name not in text or classify(path, text) is not Kind.SCENARIO:
        return []
    return [types.Location(uri, types.Range(types.Position(m.line, m.start), types.Position(m.line, m.end)))
            for m in scenario_mentions(text) if m.name == name]
