"""The outline of an open document and the cards of the workspace by name.

A card file's outline is its cards, each with its fields; a scenario's is its name, its setup and
its steps (each step named by what it does); a manifest's is its sections and their entries. The
YAML loaders give where each key starts, not where its value ends, so a section is taken to run
up to the line before the next one at its level (or the end of its parent).
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types

from compiler.diagnostics import CompileError
from compiler.frame import read_cards
from compiler.strictyaml import Map, Seq, load_text

from .catalog import Catalog
from .documents import Kind
from .navigate import location

#: The step keys that say what a scenario's step does, in the order a step's name tells them.
STEP_VERBS = ("play", "answer", "as", "set", "expect", "offered", "not_offered", "offered_exactly", "illegal",
              "branches", "note")


def outline(kind: Kind, text: str) -> list[types.DocumentSymbol]:
    """The document's symbols (none for a text that cannot be read yet: the outline of a file
    being typed is empty rather than wrong)."""
    lines = text.splitlines()
    try:
        if kind is Kind.CARDS:
            return _cards(text, lines)
        if kind is Kind.SCENARIO:
            return _scenario(text, lines)
        if kind is Kind.MANIFEST:
            return _manifest(text, lines)
    except CompileError:
        return []
    return []


def workspace_symbols(query: str, catalog: Catalog) -> list[types.WorkspaceSymbol]:
    """Every card whose name holds the query's letters in order (case ignored), a name that
    starts with the query first, then by name."""
    found = [e for e in catalog.entries() if _fuzzy(query, e.name)]
    q = query.lower()
    found.sort(key=lambda e: (not e.name.lower().startswith(q), e.name.lower(), str(e.path)))
    return [types.WorkspaceSymbol(name=e.name, kind=types.SymbolKind.Class, location=location(e),
                                  container_name=e.module or None) for e in found]


def _fuzzy(query: str, name: str) -> bool:
    it = iter(name.lower())
    return all(ch in it for ch in query.lower() if not ch.isspace())


# ---- ranges -----------------------------------------------------------------------------------
def _range(lines: list[str], start: tuple[int, int], end_line: int) -> types.Range:
    """From a 1-based (line, col) to the end of the 0-based line `end_line`, trailing blank and
    comment lines left out."""
    first = start[0] - 1
    while end_line > first and (end_line >= len(lines) or not lines[end_line].strip()
                                or lines[end_line].lstrip().startswith("#")):
        end_line -= 1
    end_col = len(lines[end_line]) if 0 <= end_line < len(lines) else 0
    return types.Range(types.Position(first, start[1] - 1), types.Position(end_line, max(end_col, 0)))


def _word(start: tuple[int, int], length: int) -> types.Range:
    return types.Range(types.Position(start[0] - 1, start[1] - 1), types.Position(start[0] - 1, start[1] - 1 + length))


def _ends(starts: list[tuple[int, int]], last: int) -> list[int]:
    """For sections starting at these 1-based places, the 0-based line each ends on: the line
    before the next one, the last one at `last`."""
    return [nxt[0] - 2 for nxt in starts[1:]] + [last] if starts else []


def _symbol(name: str, detail: str | None, kind: types.SymbolKind, rng: types.Range, sel: types.Range,
            children: list[types.DocumentSymbol] | None = None) -> types.DocumentSymbol:
    # a selection must lie inside its range (a client refuses the outline otherwise)
    if (sel.start.line, sel.start.character) < (rng.start.line, rng.start.character) or \
            (sel.end.line, sel.end.character) > (rng.end.line, rng.end.character):
        sel = types.Range(rng.start, rng.start)
    return types.DocumentSymbol(name=name or "?", detail=detail, kind=kind, range=rng, selection_range=sel,
                                children=children or None)


# ---- card files ------------------------------------------------------------------------------
def _cards(text: str, lines: list[str]) -> list[types.DocumentSymbol]:
    raws, _ = read_cards(text, "outline.yaml")
    ends = _ends([(r.line, r.col) for r in raws], len(lines) - 1)
    out = []
    for raw, end in zip(raws, ends, strict=True):
        name = raw.fields.get("name")
        title = str(name.value) if name is not None else "(no name)"
        keys = sorted(raw.key_positions.items(), key=lambda kv: kv[1])
        field_ends = _ends([p for _, p in keys], end)
        fields = [_symbol(k, _short(raw.fields[k].value), types.SymbolKind.Field, _range(lines, p, e), _word(p, len(k)))
                  for (k, p), e in zip(keys, field_ends, strict=True)]
        sel = _word((name.line, name.col + (name.style in ("'", '"'))), len(title)) if name is not None \
            else _word((raw.line, raw.col), 1)
        detail = " · ".join(str(raw.fields[k].value) for k in ("type", "number") if k in raw.fields) or None
        out.append(_symbol(title, detail, types.SymbolKind.Class, _range(lines, (raw.line, raw.col), end), sel,
                           fields))
    return out


def _short(value: Any, limit: int = 60) -> str | None:
    """A field's value as the outline shows it beside the field's name: scalars and lists of
    scalars only, cut to a line."""
    if isinstance(value, list):
        value = ", ".join(str(getattr(v, "value", v)) for v in value)
    elif isinstance(value, dict) or value is None:
        return None
    s = str(value)
    return s if len(s) <= limit else s[:limit - 1] + "…"


# ---- scenarios -------------------------------------------------------------------------------
def _scenario(text: str, lines: list[str]) -> list[types.DocumentSymbol]:
    data, _ = load_text(text, "outline.yaml")
    if not isinstance(data, Map):
        return []
    out = _sections(data, lines, len(lines) - 1)
    for sym in out:
        if sym.name == "name" and isinstance(data.get("name"), str):
            sym.detail, sym.kind = data["name"], types.SymbolKind.String
        if sym.name == "steps" and isinstance(data.get("steps"), Seq):
            sym.children = _steps(data["steps"], lines, sym.range.end.line) or None
    return out


def _steps(steps: Seq, lines: list[str], last: int) -> list[types.DocumentSymbol]:
    starts = [steps.at(i) for i in range(len(steps))]
    out = []
    for i, (step, start, end) in enumerate(zip(steps, starts, _ends(starts, last), strict=True), 1):
        what = _step_name(step)
        rng = _range(lines, start, end)
        out.append(_symbol(f"{i}. {what}" if what else f"{i}.", None, types.SymbolKind.Event, rng,
                           types.Range(rng.start, rng.start)))
    return out


def _step_name(step: Any) -> str:
    """What a step does, as its keys say it: `play: Birds`, `as: Bob · answer: pass`."""
    if not isinstance(step, Map):
        return ""
    parts = []
    for verb in STEP_VERBS:
        if verb in step:
            value = step[verb]
            parts.append(f"{verb}: {value}" if isinstance(value, (str, int, float)) else verb)
    return " · ".join(parts)


# ---- manifests -------------------------------------------------------------------------------
def _manifest(text: str, lines: list[str]) -> list[types.DocumentSymbol]:
    data, _ = load_text(text, "module.yaml")
    return _sections(data, lines, len(lines) - 1, depth=2) if isinstance(data, Map) else []


def _sections(data: Map, lines: list[str], last: int, depth: int = 1) -> list[types.DocumentSymbol]:
    """A mapping's keys as symbols, their own mappings' keys as children down to `depth` levels."""
    keys = sorted(data, key=lambda k: data.key_at(k))
    starts = [data.key_at(k) for k in keys]
    out = []
    for k, start, end in zip(keys, starts, _ends(starts, last), strict=True):
        value = data[k]
        rng = _range(lines, start, end)
        children = _sections(value, lines, rng.end.line, depth - 1) if depth > 1 and isinstance(value, Map) else []
        out.append(_symbol(str(k), _short(value), _kind_of(value), rng, _word(start, len(str(k))), children))
    return out


def _kind_of(value: Any) -> types.SymbolKind:
    if isinstance(value, Map):
        return types.SymbolKind.Namespace
    if isinstance(value, Seq):
        return types.SymbolKind.Array
    return types.SymbolKind.Property

