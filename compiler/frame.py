"""Card files: the YAML frame of each card, read safely with the position of every field.

A card file is a YAML list of mappings. Anchors and aliases are refused (they are never
needed and they are how YAML bombs are built); tags other than the core ones are refused
by the safe loader.
"""

from __future__ import annotations

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
        return _scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return [_plain(n, path, lines, depth + 1) for n in node.value]
    if isinstance(node, yaml.MappingNode):
        return {_plain(k, path, lines, depth + 1): _plain(v, path, lines, depth + 1) for k, v in node.value}
    raise AssertionError("unknown YAML node")  # pragma: no cover


def _scalar(node: yaml.ScalarNode) -> Any:
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def _check_no_aliases(text: str, path: str, lines: list[str]) -> None:
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                m = event.start_mark
                raise CompileError([_diag(path, lines, m.line + 1, m.column + 1, "E004",
                                          "YAML anchors and aliases are not allowed in card files",
                                          suggestion="write each card out in full")])
    except yaml.YAMLError:
        return  # reported with its position by the composer


def load_yaml_nodes(text: str, path: str) -> tuple[yaml.Node | None, list[str]]:
    """Compose a YAML document safely, turning any YAML error into a positioned diagnostic."""
    lines = text.splitlines()
    if len(text) > MAX_FILE_BYTES:
        raise CompileError([_diag(path, lines, 1, 1, "E005", f"file larger than {MAX_FILE_BYTES} bytes")])
    _check_no_aliases(text, path, lines)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        hint = ""
        if e.problem and "flow" in str(e.context or "") + str(e.problem):
            hint = "a card-language row that starts with '[' must be quoted, e.g. play: \"[+1 plant]\""
        elif "expected <block end>" in str(e.problem or "") and "[" in (lines[line - 1] if line <= len(lines) else ""):
            hint = "a card-language row that starts with '[' must be quoted, e.g. play: \"[+1 plant]\""
        raise CompileError([_diag(path, lines, line, col, "E001", f"YAML: {e.problem or e}",
                                  suggestion=hint)]) from None
    except yaml.YAMLError as e:
        raise CompileError([_diag(path, lines, 1, 1, "E001", f"YAML: {e}")]) from None
    except RecursionError:
        raise CompileError([_diag(path, lines, 1, 1, "E003", "YAML nested too deeply")]) from None
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
            if not isinstance(key_node, yaml.ScalarNode) or not isinstance(_scalar(key_node), str):
                raise CompileError([_diag(path, lines, km.line + 1, km.column + 1, "E002",
                                          "field names are words")])
            key = _scalar(key_node)
            if key in card.fields:
                raise CompileError([_diag(path, lines, km.line + 1, km.column + 1, "E006",
                                          f"field '{key}' given twice")])
            vm = value_node.start_mark
            style = value_node.style if isinstance(value_node, yaml.ScalarNode) else None
            card.fields[key] = Located(_plain(value_node, path, lines), vm.line + 1, vm.column + 1, style)
            card.key_positions[key] = (km.line + 1, km.column + 1)
        cards.append(card)
    return cards, lines
