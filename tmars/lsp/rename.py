"""Rename a card everywhere its name is written.

Its name is written where the card is defined (`name:`), in the cards that name it (a reprint's
`replaces:`, a field its card type declares of kind `name`, such as a Turmoil agenda's `party`),
in the manifests that add it to a map (`adds_to_map.milestones`/`awards`) and the maps that list it
(`milestones`/`awards`), and in the scenarios that name it (navigate.references: lists, `play`,
option ids `play:NAME`, expect paths `Alice.card.NAME`), and the ids made from it that can only
mean this card (`derived`: its own tile's name, `std:`/`milestone:`/`award:` option ids). A rename
to a name another card has, or of a word that is no card, is refused with a message that says so:
one name for two cards is what the library's duplicate check rejects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from lsprotocol import types

from compiler.diagnostics import CompileError
from compiler.modules import MANIFEST
from compiler.strictyaml import Map, Seq, load_text
from compiler.vocab import type_fields

from tmars.content import MAP_FOLDER

from .catalog import Catalog, yaml_files
from .derived import Clash, derived_edits
from .documents import Kind, line_of, scalar_span
from .hover import NAME_FIELD
from .mentions import mention_at, scenario_mentions
from .navigate import file_text, references

#: What a module's manifest lists card names under.
MANIFEST_LISTS = (("adds_to_map", "milestones"), ("adds_to_map", "awards"))
#: What a map (`<module>/board/NAME.yaml`, tmars.content) lists card names under.
MAP_LISTS = (("milestones",), ("awards",))


class Refused(Exception):
    """A rename that cannot be done, with the reason the editor shows."""


def name_span(kind: Kind, text: str, line: int, col: int) -> tuple[str, types.Range] | None:
    """The card name under the cursor and the range it takes: a scenario's mention, or a card
    file's `name:`/`replaces:` value."""
    if kind is Kind.SCENARIO:
        m = mention_at(scenario_mentions(text), line, col)
        return (m.name, types.Range(types.Position(line, m.start), types.Position(line, m.end))) if m else None
    if kind is Kind.CARDS:
        named = NAME_FIELD.match(line_of(text, line))
        if named and named.start(3) <= col <= named.end(3):
            return named.group(3), types.Range(types.Position(line, named.start(3)), types.Position(line, named.end(3)))
    return None


def prepare(kind: Kind, text: str, line: int, col: int, catalog: Catalog) -> tuple[str, types.Range]:
    """The name to rename and its range, or Refused when the cursor is on no card's name."""
    found = name_span(kind, text, line, col)
    if found is None:
        raise Refused("tmars: only a card's name can be renamed here (its `name:` in a card file, or where a "
                      "scenario names it)")
    if catalog.get(found[0]) is None:
        raise Refused(f"tmars: '{found[0]}' is no card's name; nothing to rename")
    return found


def check_new_name(old: str, new: str, catalog: Catalog) -> None:
    """Refuse an empty name, one with a character the files cannot hold plain, or a taken one."""
    if not new.strip() or new != new.strip() or "\n" in new:
        raise Refused(f"tmars: '{new}' is no name for a card: a card's name is one line of text with no "
                      "leading or trailing spaces")
    if any(ch in new for ch in ",[]{}") or ": " in new or " #" in new or new.endswith(":") or \
            new.startswith(("-", "*", "&", "!", "|", ">", "%", "@", "`", "'", '"', "?")):
        raise Refused(f"tmars: '{new}' cannot be written plain where scenarios list card names ([Birds, …]): "
                      "no , [ ] { }, no ': ' or ' #', and no quote or YAML marker first; choose another")
    taken = catalog.get(new)
    if taken is not None and new != old:
        raise Refused(f"tmars: '{new}' is already the name of a card ({taken.path}:{taken.line}); "
                      "choose a name no card has")


def rename(old: str, new: str, catalog: Catalog, roots: Iterable[Path], opened: Callable[[Path], str | None],
           unsaved: Iterable[tuple[str, str]] = ()) -> types.WorkspaceEdit:
    """Every edit that renames the card `old` to `new`, by file; `unsaved`: the (uri, text) of
    open documents no file holds yet, searched as scenarios too."""
    check_new_name(old, new, catalog)
    changes: dict[str, list[types.TextEdit]] = {}
    seen: set[tuple[str, int, int]] = set()

    def add(uri: str, rng: types.Range, text: str = new) -> None:
        if (uri, rng.start.line, rng.start.character) not in seen:
            seen.add((uri, rng.start.line, rng.start.character))
            changes.setdefault(uri, []).append(types.TextEdit(rng, text))

    for path, rng in card_mentions(old, catalog, opened):
        add(path.as_uri(), rng)
    roots = list(roots)
    for path, rng in manifest_mentions(old, [*catalog.roots, *roots], opened):
        add(path.as_uri(), rng)
    unsaved = list(unsaved)
    for loc in references(old, roots, opened, unsaved):
        add(loc.uri, loc.range)
    try:
        for entry in catalog.named(old):  # a standard project and a project card may share a name
            for uri, rng, text in derived_edits(entry, new, catalog, roots, opened, unsaved):
                add(uri, rng, text)
    except Clash as e:
        raise Refused(str(e)) from None
    return types.WorkspaceEdit(changes=changes)


def card_mentions(name: str, catalog: Catalog,
                  opened: Callable[[Path], str | None]) -> Iterator[tuple[Path, types.Range]]:
    """Where card files write the name: a card's own `name:`, and the fields that name a card."""
    for path, result in list(catalog.files.items()):
        text: str | None = None
        for raw, ir, _ in result.sources:
            naming = ["name", "replaces", *(k for k, spec in type_fields(str(ir.get("type", ""))).items()
                                            if spec.get("kind") == "name")]
            for field in naming:
                loc = raw.fields.get(field)
                if loc is None or loc.value != name:
                    continue
                if text is None:
                    text = opened(path) or file_text(path)
                yield path, _span(text, loc.line, loc.col, name)


def manifest_mentions(name: str, roots: Iterable[Path],
                      opened: Callable[[Path], str | None]) -> Iterator[tuple[Path, types.Range]]:
    """Where module manifests and maps list the name (the milestones and awards of a map)."""
    for path in yaml_files(roots):
        lists = MANIFEST_LISTS if path.name == MANIFEST else MAP_LISTS if path.parent.name == MAP_FOLDER else ()
        if not lists:
            continue
        text = opened(path) or file_text(path)
        if name not in text:
            continue
        try:
            data, _ = load_text(text, str(path))
        except CompileError:
            continue
        for keys in lists:
            items = data
            for k in keys:
                items = items.get(k) if isinstance(items, Map) else None
            if isinstance(items, Seq):
                for i, item in enumerate(items):
                    if item == name:
                        line, col = items.at(i)
                        yield path, _span(text, line, col, name)


def _span(text: str, line: int, col: int, name: str) -> types.Range:
    """The range of a name written at a 1-based place (past its opening quote if quoted)."""
    start, end = scalar_span(line_of(text, line - 1), col - 1, name)
    return types.Range(types.Position(line - 1, start), types.Position(line - 1, end))
