"""Card files: the YAML frame of each card, read safely with the position of every field.

A card file is a YAML list of mappings. Anchors and aliases are refused (they are never
needed and they are how YAML bombs are built); tags other than the core ones are refused
by the safe loader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from .diagnostics import CompileError, Diagnostic, Position

MAX_FILE_BYTES = 2_000_000
MAX_DEPTH = 40


@dataclass
class Located:
    """A YAML value with the position of its first character and its scalar style."""

    value: Any
    line: int
    col: int
    style: str | None = None
    items: list[Located] | None = None  # for a list: where each of its entries is


@dataclass
class RawCard:
    """One card as written: field name -> located value, plus where the card starts."""

    path: str
    line: int
    col: int
    fields: dict[str, Located] = field(default_factory=dict)
    key_positions: dict[str, tuple[int, int]] = field(default_factory=dict)


def _diag(path: str, lines: list[str], line: int, col: int, code: str, message: str,
          expected: str = "", suggestion: str = "") -> Diagnostic:
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    return Diagnostic(code, message, Position(path, line, col), src, expected, suggestion)


def _plain(node: yaml.Node, path: str, lines: list[str], depth: int = 0) -> Any:
    if depth > MAX_DEPTH:
        m = node.start_mark
        raise CompileError([_diag(path, lines, m.line + 1, m.column + 1, "E003", "YAML nested too deeply")])
    if isinstance(node, yaml.ScalarNode):
        return _scalar(node, path, lines)
    if node.tag not in _PLAIN_COLLECTIONS:
        m = node.start_mark
        raise CompileError([_diag(path, lines, m.line + 1, m.column + 1, "E001",
                                  f"YAML: tag '{node.tag.replace(_CORE, '!!')}' is not allowed in card files",
                                  suggestion="card files use no YAML tags: remove the '!…'")])
    if isinstance(node, yaml.SequenceNode):
        return [_plain(n, path, lines, depth + 1) for n in node.value]
    if isinstance(node, yaml.MappingNode):
        return {_plain(k, path, lines, depth + 1): _plain(v, path, lines, depth + 1) for k, v in node.value}
    raise AssertionError("unknown YAML node")  # pragma: no cover


def _style(node: yaml.Node) -> str | None:
    return node.style if isinstance(node, yaml.ScalarNode) else None


def _items(node: yaml.Node, path: str, lines: list[str]) -> list[Located] | None:
    if not isinstance(node, yaml.SequenceNode):
        return None
    return [Located(_plain(n, path, lines, 1), n.start_mark.line + 1, n.start_mark.column + 1, _style(n))
            for n in node.value]


def _scalar(node: yaml.ScalarNode, path: str = "", lines: list[str] | None = None) -> Any:
    """The value of a scalar under the safe loader's rules; a value it cannot build is a diagnostic."""
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    except yaml.MarkedYAMLError as e:  # a tag the safe loader does not know, a '<<' merge key
        message = f"YAML: {e.problem or e.context or 'cannot read this value'}"
        hint = ("merge keys ('<<') are not allowed: write each card out in full" if node.tag.endswith(":merge")
                else "card files use no YAML tags: remove the '!…'")
    except Exception:  # PyYAML's constructors raise anything on bad data: 2020-13-45, '!!int', …
        shown = node.value if len(node.value) <= 30 else node.value[:27] + "..."
        kind = _KINDS.get(node.tag.rsplit(":", 1)[-1], "a value")
        message = f"YAML cannot read {shown!r} as {kind}"
        hint = "quote the value to keep it as text"
    finally:
        loader.dispose()
    m = node.start_mark
    raise CompileError([_diag(path, lines or [], m.line + 1, m.column + 1, "E001", message, suggestion=hint)])


_CORE = "tag:yaml.org,2002:"
_PLAIN_COLLECTIONS = {_CORE + "seq", _CORE + "map"}
_KINDS = {"int": "a whole number", "float": "a number", "timestamp": "a date", "bool": "yes or no",
          "binary": "binary data", "null": "nothing"}


class _Refused(Exception):
    """Raised by the composer at an anchor, an alias or too deep a nesting."""

    def __init__(self, code: str, message: str, mark: yaml.Mark, suggestion: str = ""):
        super().__init__(message)
        self.code, self.message, self.mark, self.suggestion = code, message, mark, suggestion


class _CardLoader(yaml.SafeLoader):
    """The safe loader's composer, refusing anchors and aliases and limiting nesting as it goes,
    so that no YAML bomb is expanded and no deep nesting reaches Python's recursion limit."""

    def __init__(self, stream):
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise _Refused("E004", "YAML anchors and aliases are not allowed in card files",
                           event.start_mark, "write each card out in full")
        if self._depth >= MAX_DEPTH:
            raise _Refused("E003", "YAML nested too deeply", event.start_mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _yaml_hint(e: yaml.MarkedYAMLError, src: str) -> str:
    """What a card author most likely did wrong, from PyYAML's complaint and the line it is on."""
    problem, context = str(e.problem or ""), str(e.context or "")
    if "flow" in context + problem or ("expected <block end>" in problem and "[" in src):
        return "a card-language row that starts with '[' must be quoted, e.g. play: \"[+1 plant]\""
    if "mapping values are not allowed" in problem:
        return "line up the fields of a card under each other, or quote a value that contains ': '"
    if "'\\t'" in problem:
        return "indent with spaces, not tabs"
    if "end of stream" in problem and "quoted" in context:
        return "close the quote that starts here"
    return ""


def _lines(text: str) -> list[str]:
    """The file's lines as YAML counts them (so that YAML's line numbers find the right one)."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def load_yaml_nodes(text: str, path: str) -> tuple[yaml.Node | None, list[str]]:
    """Compose a YAML document safely, turning any YAML error into a positioned diagnostic."""
    if len(text) > MAX_FILE_BYTES:  # files are measured before they are read; text handed in is measured here
        raise CompileError([Diagnostic("E005", f"too large ({len(text.encode())} bytes; limit {MAX_FILE_BYTES})",
                                       Position(path, 0, 0))])
    lines = _lines(text)
    # Pure-Python PyYAML on purpose: libyaml accepts some files PyYAML rejects (stray tabs…), and a
    # card file must compile the same everywhere.
    try:
        node = yaml.compose(text, Loader=_CardLoader)
    except _Refused as e:
        m = e.mark
        raise CompileError([_diag(path, lines, m.line + 1, m.column + 1, e.code, e.message,
                                  suggestion=e.suggestion)]) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        message = f"YAML: {e.problem or e}"
        if e.context and e.context_mark and ("end of stream" in str(e.problem) or not mark
                                             or mark.line >= len(lines)):
            # an unclosed quote or bracket: show where it was opened, not the end of the file
            mark = e.context_mark
            message = f"YAML: {e.problem} {e.context}"
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        hint = _yaml_hint(e, lines[line - 1] if 0 < line <= len(lines) else "")
        raise CompileError([_diag(path, lines, line, col, "E001", message, suggestion=hint)]) from None
    except yaml.reader.ReaderError as e:  # a character YAML does not allow (NUL, most controls)
        before = text[: e.position]
        line = len(_lines(before + "x"))
        col = len(before) - max(before.rfind(c) for c in "\n\r\x85\u2028\u2029")
        what = f"#x{e.character:04x}" if isinstance(e.character, int) else repr(e.character)
        raise CompileError([_diag(path, lines, line, col, "E001",
                                  f"YAML: character {what} is not allowed in a card file")]) from None
    except yaml.YAMLError as e:
        raise CompileError([_diag(path, lines, 1, 1, "E001", f"YAML: {e}")]) from None
    return node, lines


def read_cards(text: str, path: str) -> tuple[list[RawCard], list[str]]:
    """Read a card file into raw cards; the file must be a list of mappings with string keys."""
    node, lines = load_yaml_nodes(text, path)
    if node is None:
        return [], lines
    if not isinstance(node, yaml.SequenceNode):
        m = node.start_mark
        raise CompileError([_diag(path, lines, m.line + 1, m.column + 1, "E002",
                                  "a card file is a list of cards", "'- name: …' entries")])
    cards = []
    for item in node.value:
        m = item.start_mark
        if not isinstance(item, yaml.MappingNode):
            raise CompileError([_diag(path, lines, m.line + 1, m.column + 1, "E002",
                                      "each card is a mapping of fields", "'name: …', 'type: …', …")])
        card = RawCard(path, m.line + 1, m.column + 1)
        for key_node, value_node in item.value:
            km = key_node.start_mark
            if not isinstance(key_node, yaml.ScalarNode) or not isinstance(_scalar(key_node, path, lines), str):
                raise CompileError([_diag(path, lines, km.line + 1, km.column + 1, "E002",
                                          "field names are words")])
            key = _scalar(key_node, path, lines)
            if key in card.fields:
                raise CompileError([_diag(path, lines, km.line + 1, km.column + 1, "E006",
                                          f"field '{key}' given twice")])
            vm = value_node.start_mark
            card.fields[key] = Located(_plain(value_node, path, lines), vm.line + 1, vm.column + 1,
                                       _style(value_node), _items(value_node, path, lines))
            card.key_positions[key] = (km.line + 1, km.column + 1)
        cards.append(card)
    return cards, lines
