"""The one way tmars reads a YAML or JSON file someone else may have written.

Every file is read under the same guarantees, so that nothing a user loads can crash or hang a
run: only regular files (a FIFO or a device would block the read), at most a size limit (measured
while reading, never trusting a size given up front), PyYAML's safe loader, no anchors or aliases
(how YAML bombs are built), a limited nesting depth (no RecursionError), and no key given twice
in a mapping (the second would silently win). Each problem is a positioned diagnostic.

Mappings and lists come back as `Map` and `Seq`: a dict and a list that also know where each of
their entries was written, so that a later check can point at the line and column at fault.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from . import readfile
from .diagnostics import CompileError, Diagnostic, Position

MAX_FILE_BYTES = 2_000_000
MAX_DEPTH = 40

Where = tuple[int, int]  # 1-based line and column


@dataclass(frozen=True)
class Kind:
    """How messages name the files being read and their entries ("card files", "a card file", "card")."""

    files: str = "these files"
    one: str = "such a file"
    entry: str = "entry"


ANY = Kind()


class Map(dict):
    """A YAML mapping that remembers where it, each key and each value were written."""

    pos: Where = (1, 1)

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.keys_at: dict[Any, Where] = {}
        self.values_at: dict[Any, Where] = {}

    def at(self, key: Any) -> Where:
        return self.values_at.get(key, self.pos)

    def key_at(self, key: Any) -> Where:
        return self.keys_at.get(key, self.pos)


class Seq(list):
    """A YAML list that remembers where it and each entry were written."""

    pos: Where = (1, 1)

    def __init__(self, *args: Any):
        super().__init__(*args)
        self.items_at: list[Where] = []

    def at(self, i: int) -> Where:
        return self.items_at[i] if 0 <= i < len(self.items_at) else self.pos


def where(node: Any, key: Any = None) -> Where:
    """Where a value (or the entry `key` of a mapping or list) was written; (1, 1) if unknown."""
    if key is None:
        return getattr(node, "pos", (1, 1))
    if isinstance(node, (Map, Seq)):
        return node.at(key)
    return (1, 1)


def locate(root: Any, path: tuple | list) -> Where:
    """Where the value at a path of keys and indices (a JSON Schema error's path) was written."""
    node, pos = root, where(root)
    for step in path:
        found = step in node if isinstance(node, Map) else (
            isinstance(node, Seq) and isinstance(step, int) and 0 <= step < len(node))
        if not found:
            break
        pos, node = node.at(step), node[step]
    return pos


def diagnostic(path: str, lines: list[str], pos: Where, code: str, message: str, suggestion: str = "",
               expected: str = "") -> Diagnostic:
    """A diagnostic at a place in a file, with its source line for the caret."""
    line, col = pos
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    return Diagnostic(code, message, Position(path, line, col), src, expected, suggestion)


# ---- reading bytes -------------------------------------------------------------------------------
def read_bytes(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes (compiler/readfile.py), a refusal
    being a diagnostic about the whole file."""
    try:
        return readfile.read_bytes(path, limit)
    except readfile.Unreadable as e:
        raise CompileError([Diagnostic(e.code, e.reason, Position(str(path), 0, 0))]) from None


def read_text(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes (see `read_bytes`)."""
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError as e:
        raise _error(str(path), "E007", f"file is not UTF-8 text: byte {e.start} cannot be read") from None


def _error(path: str, code: str, message: str) -> CompileError:
    return CompileError([Diagnostic(code, message, Position(path, 1, 1))])


# ---- composing YAML ------------------------------------------------------------------------------
class _Refused(Exception):
    """Raised by the composer at an anchor, an alias or too deep a nesting."""

    def __init__(self, code: str, message: str, mark: yaml.Mark, suggestion: str = ""):
        super().__init__(message)
        self.code, self.message, self.mark, self.suggestion = code, message, mark, suggestion


class StrictLoader(yaml.SafeLoader):
    """The safe loader's composer, refusing anchors and aliases and limiting nesting as it goes,
    so that no YAML bomb is expanded and no deep nesting reaches Python's recursion limit."""

    kind: Kind = ANY

    def __init__(self, stream: str):
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise _Refused("E004", f"YAML anchors and aliases are not allowed in {self.kind.files}",
                           event.start_mark, f"write each {self.kind.entry} out in full")
        if self._depth >= MAX_DEPTH:
            raise _Refused("E003", "YAML nested too deeply", event.start_mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def lines_of(text: str) -> list[str]:
    """The file's lines as YAML counts them (so that YAML's line numbers find the right one)."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def compose(text: str, path: str, kind: Kind = ANY,
            hint: Callable[[yaml.MarkedYAMLError, str], str] | None = None) -> tuple[yaml.Node | None, list[str]]:
    """Compose a YAML document safely, turning any YAML error into a positioned diagnostic.
    `kind` names the files in messages; `hint` suggests a fix for a syntax error."""
    lines = lines_of(text)
    if len(text) > MAX_FILE_BYTES:
        raise CompileError([diagnostic(path, lines, (1, 1), "E005", f"file larger than {MAX_FILE_BYTES} bytes")])
    loader_class = type("Loader", (StrictLoader,), {"kind": kind})
    # Pure-Python PyYAML on purpose: libyaml accepts some files PyYAML rejects (stray tabs…), and a
    # file must read the same everywhere.
    try:
        node = yaml.compose(text, Loader=loader_class)
    except _Refused as e:
        raise CompileError([diagnostic(path, lines, (e.mark.line + 1, e.mark.column + 1), e.code, e.message,
                                       e.suggestion)]) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        message = f"YAML: {e.problem or e}"
        if e.context and e.context_mark and ("end of stream" in str(e.problem) or not mark
                                             or mark.line >= len(lines)):
            # an unclosed quote or bracket: show where it was opened, not the end of the file
            mark = e.context_mark
            message = f"YAML: {e.problem} {e.context}"
        pos = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        src = lines[pos[0] - 1] if 0 < pos[0] <= len(lines) else ""
        raise CompileError([diagnostic(path, lines, pos, "E001", message, hint(e, src) if hint else "")]) from None
    except yaml.reader.ReaderError as e:  # a character YAML does not allow (NUL, most controls)
        before = text[: e.position]
        line = len(lines_of(before + "x"))
        col = len(before) - max(before.rfind(c) for c in "\n\r\x85\u2028\u2029")
        shown = f"#x{e.character:04x}" if isinstance(e.character, int) else repr(e.character)
        raise CompileError([diagnostic(path, lines, (line, col), "E001",
                                       f"YAML: character {shown} is not allowed in {kind.one}")]) from None
    except yaml.YAMLError as e:
        raise CompileError([diagnostic(path, lines, (1, 1), "E001", f"YAML: {e}")]) from None
    return node, lines


_CORE = "tag:yaml.org,2002:"
_COLLECTIONS = {_CORE + "seq", _CORE + "map"}
_KINDS = {"int": "a whole number", "float": "a number", "timestamp": "a date", "bool": "yes or no",
          "binary": "binary data", "null": "nothing"}


def scalar(node: yaml.ScalarNode, path: str = "", lines: list[str] | None = None, kind: Kind = ANY) -> Any:
    """The value of a scalar under the safe loader's rules; a value it cannot build is a diagnostic."""
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    except yaml.MarkedYAMLError as e:  # a tag the safe loader does not know, a '<<' merge key
        message = f"YAML: {e.problem or e.context or 'cannot read this value'}"
        hint = (f"merge keys ('<<') are not allowed: write each {kind.entry} out in full"
                if node.tag.endswith(":merge") else f"{kind.files} use no YAML tags: remove the '!…'")
    except Exception:  # PyYAML's constructors raise anything on bad data: 2020-13-45, '!!int', …
        shown = node.value if len(node.value) <= 30 else node.value[:27] + "..."
        message = f"YAML cannot read {shown!r} as {_KINDS.get(node.tag.rsplit(':', 1)[-1], 'a value')}"
        hint = "quote the value to keep it as text"
    finally:
        loader.dispose()
    raise CompileError([diagnostic(path, lines or [], _pos(node), "E001", message, hint)])


def refuse_tag(node: yaml.Node, path: str, lines: list[str], kind: Kind = ANY) -> None:
    """Collections carry no tags but the core ones (a tag would make the safe loader build something else)."""
    if not isinstance(node, yaml.ScalarNode) and node.tag not in _COLLECTIONS:
        raise CompileError([diagnostic(path, lines, _pos(node), "E001",
                                       f"YAML: tag '{node.tag.replace(_CORE, '!!')}' is not allowed in {kind.files}",
                                       f"{kind.files} use no YAML tags: remove the '!…'")])


def _pos(node: yaml.Node) -> Where:
    return node.start_mark.line + 1, node.start_mark.column + 1


def data(node: yaml.Node | None, path: str, lines: list[str], kind: Kind = ANY) -> Any:
    """Plain data (Map, Seq, scalars) from composed nodes; a key given twice is an error (E006)."""
    if node is None:
        return None
    refuse_tag(node, path, lines, kind)
    if isinstance(node, yaml.ScalarNode):
        return scalar(node, path, lines, kind)
    if isinstance(node, yaml.SequenceNode):
        out = Seq(data(n, path, lines, kind) for n in node.value)
        out.items_at = [_pos(n) for n in node.value]
    else:
        out = Map()
        for k, v in node.value:
            key = data(k, path, lines, kind)
            if isinstance(key, (dict, list)):
                raise CompileError([diagnostic(path, lines, _pos(k), "E002", "a key is a word or a number")])
            if key in out:
                first = out.keys_at[key]
                raise CompileError([diagnostic(path, lines, _pos(k), "E006",
                                               f"key '{key}' given twice (first on line {first[0]})",
                                               "give each key once: the second would silently replace the first")])
            out[key] = data(v, path, lines, kind)
            out.keys_at[key], out.values_at[key] = _pos(k), _pos(v)
    out.pos = _pos(node)
    return out


def load_text(text: str, path: str, kind: Kind = ANY) -> tuple[Any, list[str]]:
    """A YAML (or JSON) text as located plain data, and its lines."""
    node, lines = compose(text, path, kind)
    return data(node, path, lines, kind), lines


def load_file(path: str | Path, kind: Kind = ANY, limit: int = MAX_FILE_BYTES) -> Any:
    """A YAML file as located plain data; any problem raises CompileError with its place."""
    return load_text(read_text(path, limit), str(path), kind)[0]


def load_json_file(path: str | Path, limit: int = MAX_FILE_BYTES) -> Any:
    """A JSON file under the same limits (regular file, size); nesting too deep is an error, not a crash."""
    text = read_text(path, limit)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        line, col = (getattr(e, "lineno", 1), getattr(e, "colno", 1))
        raise CompileError([diagnostic(str(path), lines_of(text), (line, col), "E001",
                                       f"JSON: {getattr(e, 'msg', None) or 'nested too deeply'}")]) from None


def plain(value: Any) -> Any:
    """The same data as bare dicts and lists (for a dumper or a state that knows no `Map`)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
