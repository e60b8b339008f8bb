"""Semantic tokens: the card language inside a card file's YAML strings, coloured by what each
token is (a number, a resource, a tag, a count word, an operator …).

A YAML highlighter sees `play: -2 plant-prod!, +1 city` as one string. The fields that hold card
language are lexed here with the grammar's tokens (grammar/cards.lark) and each word classified
by what `words.describe` says it is, so an editor colours a misspelt word (no reading) apart from
a known one. The fields are the language's and the rows a card's type declares (`resolve:` of a
global event), at the top of a card and under its `solo:`. A value folded over several lines
(`play: >-`, a quoted or plain string that goes on) is read back onto the lines it is written on:
each token is sent where its characters are, line by line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from compiler.diagnostics import CompileError
from compiler.frame import Located, RawCard, read_cards
from compiler.solo import KEY as SOLO_KEY
from compiler.vocab import type_fields

from .complete import LANGUAGE_FIELDS
from .words import KEYWORDS, SYMBOLS, describe

#: The token types this server sends, in the legend's order.
TOKEN_TYPES = ("number", "operator", "keyword", "type", "enumMember", "variable", "event", "macro", "property",
               "parameter")
#: What kind of word (words.describe's kinds) takes which token type, the reading a row most likely
#: means first (`plant` in a row is the resource before the tag); a known word of another kind is
#: a `property`.
KIND_TOKENS = {"keyword": "keyword", "standard resource": "enumMember", "card resource": "enumMember",
               "count word": "variable", "trigger word": "event", "tag": "type", "override": "macro"}
#: The grammar's tokens: arrows and comparisons first, then amounts (`-2`, `3X`, `X`), words
#: (an override's star is its own token), and the one-character symbols.
#: The kinds of a field a card's type declares whose value is card language (compiler/compile.py).
ROW_KINDS = ("row", "rows")
TOKEN = re.compile(r"(?P<op>->|=>|>=|<=)|(?P<num>\d+)(?P<numx>X)?|(?P<x>\bX\b)|"
                   r"(?P<word>[a-z][a-z0-9]*(?:-[a-z0-9]+)*)|(?P<sym>[-+!*,()\[\]])")


def lex(value: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, token type) of each token of a card-language string."""
    words: dict[str, str | None] = {}
    for m in TOKEN.finditer(value):
        if m.group("op"):
            yield m.start(), m.end(), "operator"
        elif m.group("num"):
            yield m.start("num"), m.end("num"), "number"
            if m.group("numx"):
                yield m.start("numx"), m.end("numx"), "parameter"
        elif m.group("x"):
            yield m.start(), m.end(), "parameter"
        elif m.group("word"):
            word = m.group("word")
            if word not in words:
                words[word] = _word_type(word, value[m.end():m.end() + 1] == "*")
            if words[word] is not None:
                yield m.start(), m.end(), words[word]
        else:
            yield m.start(), m.end(), "operator"


def _word_type(word: str, starred: bool) -> str | None:
    if word in KEYWORDS:
        return "keyword"
    meanings = describe(f"{word}*" if starred else word)
    if not meanings:
        return None
    kinds = {m.kind for m in meanings}
    return next((token for kind, token in KIND_TOKENS.items() if kind in kinds), "property")


def symbol_at(source_line: str, col: int) -> str | None:
    """The symbol of the card language (`->`, `=>`, `X`, `!` …) the 0-based column is on, if any."""
    for m in TOKEN.finditer(source_line):
        if m.group("word") or m.group("num") and not m.group("numx"):
            continue
        start, end = (m.start("numx"), m.end("numx")) if m.group("numx") else (m.start(), m.end())
        if start <= col < end:
            text = source_line[start:end]
            return text if text in SYMBOLS else None
    return None


def tokens(text: str) -> list[int]:
    """The document's tokens, encoded as the protocol asks (five integers each, relative to the
    one before)."""
    try:
        raws, lines = read_cards(text, "tokens.yaml")
    except CompileError:
        return []
    found: list[tuple[int, int, int, int]] = []
    for raw in raws:
        for loc in language_values(raw):
            found += _located(loc, lines)
    out: list[int] = []
    prev_line = prev_start = 0
    for line, start, length, kind in sorted(set(found)):
        out += [line - prev_line, start - prev_start if line == prev_line else start, length, kind, 0]
        prev_line, prev_start = line, start
    return out


def language_fields(raw: RawCard) -> set[str]:
    """The fields of a card whose values are card language: the language's, and the rows its type declares."""
    ctype = raw.fields["type"].value if "type" in raw.fields else None
    own = type_fields(ctype) if isinstance(ctype, str) else {}
    return {*LANGUAGE_FIELDS, *(f for f, spec in own.items() if spec.get("kind") in ROW_KINDS)}


def language_values(raw: RawCard) -> Iterator[Located]:
    """Each card-language value of a card, at the top and under `solo:` (each entry of a list of rows)."""
    fields = language_fields(raw)
    solo = raw.fields.get(SOLO_KEY)
    for field, loc in [*raw.fields.items(), *((solo.fields or {}).items() if solo else ())]:
        if field in fields:
            yield from loc.items if loc.items is not None else [loc]


def _located(loc: Located, lines: list[str]) -> list[tuple[int, int, int, int]]:
    """The tokens of a card-language value, each where its characters are written."""
    value: Any = loc.value
    if not isinstance(value, str) or not 0 < loc.line <= len(lines):
        return []
    where = source_positions(loc, value, lines)
    if where is None:
        return []
    out = []
    for start, end, kind in lex(value):
        first, last = where[start], where[end - 1]
        if first and last and first[0] == last[0] and last[1] - first[1] == end - 1 - start:
            out.append((first[0], first[1], end - start, TOKEN_TYPES.index(kind)))
    return out


def source_positions(loc: Located, value: str, lines: list[str]) -> list[tuple[int, int] | None] | None:
    """Where each character of a string value is written (0-based line and column; None for the
    spaces that folding made of line breaks and indentation), or None when its characters are not
    all in the text in order (an escape): then the value gets no tokens rather than wrong ones."""
    line, col = loc.line - 1, loc.col - 1
    if loc.style in (">", "|"):  # a block: its text starts on the line after the indicator
        line, col = line + 1, 0
    elif loc.style in ("'", '"'):
        col += 1
    out: list[tuple[int, int] | None] = []
    for ch in value:
        if ch.isspace():
            out.append(None)
            continue
        while True:
            if line >= len(lines):
                return None
            src = lines[line]
            if col >= len(src) or (loc.style == '"' and src[col:].rstrip() == "\\"):
                line, col = line + 1, 0  # the end of a line (a double-quoted line's `\` goes on)
            elif src[col].isspace():
                col += 1
            else:
                break
        if src[col] != ch:
            return None
        out.append((line, col))
        col += 1
    return out
