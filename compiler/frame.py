"""Card files: the YAML frame of each card, read safely with the position of every field.

A card file is a YAML list of mappings, read by the strict loader every file goes through
(compiler/strictyaml.py: no anchors or aliases, limited size and depth, no key twice).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from .diagnostics import CompileError, Diagnostic, Position
from .strictyaml import MAX_FILE_BYTES, Kind, compose, data, diagnostic, scalar



@dataclass
class Located:
    """A YAML value with the position of its first character and its scalar style."""

    value: Any
    line: int
    col: int
    style: str | None = None
    items: list[Located] | None = None  # for a list: where each of its entries is
    #: for a mapping (a card's `solo:` rows): each entry as a located value, and where its key is
    fields: dict[str, Located] | None = None
    key_positions: dict[str, tuple[int, int]] | None = None


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
    return diagnostic(path, lines, (line, col), code, message, suggestion, expected)


CARD_FILES = Kind("card files", "a card file", "card")


def _plain(node: yaml.Node, path: str, lines: list[str], depth: int = 0) -> Any:
    return data(node, path, lines, CARD_FILES)


def _style(node: yaml.Node) -> str | None:
    return node.style if isinstance(node, yaml.ScalarNode) else None


def _items(node: yaml.Node, path: str, lines: list[str]) -> list[Located] | None:
    if not isinstance(node, yaml.SequenceNode):
        return None
    return [Located(_plain(n, path, lines, 1), n.start_mark.line + 1, n.start_mark.column + 1, _style(n))
            for n in node.value]


def _located(node: yaml.Node, path: str, lines: list[str], inner: bool = True) -> Located:
    """A field's value with its position; a mapping's entries located too, one level down (a
    card's `solo:` maps field names to rows, each checked at its own place)."""
    m = node.start_mark
    loc = Located(_plain(node, path, lines), m.line + 1, m.column + 1, _style(node), _items(node, path, lines))
    if inner and isinstance(node, yaml.MappingNode):
        loc.fields, loc.key_positions = {}, {}
        for key_node, value_node in node.value:
            key = _scalar(key_node, path, lines) if isinstance(key_node, yaml.ScalarNode) else None
            if isinstance(key, str):
                loc.fields[key] = _located(value_node, path, lines, inner=False)
                loc.key_positions[key] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
    return loc


def _scalar(node: yaml.ScalarNode, path: str = "", lines: list[str] | None = None) -> Any:
    return scalar(node, path, lines, CARD_FILES)


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


def load_yaml_nodes(text: str, path: str) -> tuple[yaml.Node | None, list[str]]:
    """Compose a card file with the strict loader (compiler/strictyaml.py), card-file hints added;
    text handed in (not read from a file) is measured here."""
    if len(text) > MAX_FILE_BYTES:
        raise CompileError([Diagnostic("E005", f"too large ({len(text.encode())} bytes; limit {MAX_FILE_BYTES})",
                                       Position(path, 0, 0))])
    return compose(text, path, CARD_FILES, _yaml_hint)


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
            card.fields[key] = _located(value_node, path, lines)
            card.key_positions[key] = (km.line + 1, km.column + 1)
        cards.append(card)
    return cards, lines
