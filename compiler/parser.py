"""Lark front end: card-language text to a parse tree with positions kept."""

from __future__ import annotations

from functools import lru_cache

from lark import Lark, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .diagnostics import CompileError, Diagnostic, Position, did_you_mean
from .shipped import shipped

GRAMMAR_PATH = shipped("grammar") / "cards.lark"
START_RULES = ("row", "requires", "vp", "effect", "counts")

# How terminals read to a card author, for "expected ..." lines.
TERMINAL_NAMES = {
    "WORD": "a word (resource, tag, tile…)", "NUMBER": "a number", "SIGN": "'+' or '-'",
    "ARROW": "'->'", "WHEN": "'=>'", "THEN": "'then'", "CMP": "'>=' or '<='", "MARK": "'!'", "STAR": "'*'", "X": "'X'",
    "UPTO": "'upto'", "LSQB": "'['", "RSQB": "']'", "LPAR": "'('", "RPAR": "')'",
    "COMMA": "','", "COLON": "':'", "OR": "'or'", "PER": "'per'", "IF": "'if'", "MAY": "'may'",
    "STEAL": "'steal'", "REVEAL": "'reveal'", "DISCOUNT": "'discount'", "VALUE": "'value'",
    "FLEX": "'flex'", "PAY": "'pay'", "AS": "'as'", "ON": "'on'", "PLUS": "'+'", "MAX": "'max'", "LESS": "'less'",
    "ABOVE": "'above'", "RANK": "'most', 'second' or 'least'",
    "$END": "end of text",
}
# Order of the "expected" list: what an author most likely meant comes first.
_EXPECTED_ORDER = {name: i for i, name in enumerate(TERMINAL_NAMES)}
KEYWORDS = ("then", "or", "per", "if", "may", "steal", "reveal", "discount", "value", "flex", "pay", "as", "on", "upto",
            "need", "max", "less", "above", "most", "second", "least")


@lru_cache(maxsize=1)
def grammar_text() -> str:
    return GRAMMAR_PATH.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def lark_parser() -> Lark:
    return Lark(grammar_text(), parser="lalr", start=list(START_RULES), propagate_positions=True,
                maybe_placeholders=False)


class SourceText:
    """A card-language string and where it sits in its file, to map offsets to positions."""

    def __init__(self, text: str, path: str, line: int, col: int, file_lines: list[str] | None = None):
        self.text = text
        self.path = path
        self.line = line
        self.col = col
        self.file_lines = file_lines or []
        self._map: list[tuple[int, int]] | None = None

    def position(self, offset: int) -> Position:
        where = self._aligned()
        if where:
            if offset < len(where):
                line, col = where[offset]
            else:  # just after the last character that is not a space
                last = len(self.text.rstrip()) - 1
                line, col = where[last][0], where[last][1] + 1
            return Position(self.path, line, col)
        before = self.text[:offset]
        extra_lines = before.count("\n")
        if extra_lines:
            return Position(self.path, self.line + extra_lines, offset - before.rfind("\n"))
        return Position(self.path, self.line, self.col + offset)

    def _aligned(self) -> list[tuple[int, int]]:
        """File position of each character of the text, when it is not written verbatim on one line.

        A YAML value may span lines (plain or folded rows, '|' blocks, list entries): then its
        characters are found, in order, in the file from where the value starts. Empty when the
        text sits verbatim on its line (positions are then simple arithmetic) or cannot be found.
        """
        if self._map is not None:
            return self._map
        self._map = []
        lines = self.file_lines
        if not self.text or not 0 < self.line <= len(lines):
            return self._map
        if lines[self.line - 1][self.col - 1: self.col - 1 + len(self.text)] == self.text:
            return self._map
        li, ci, budget = self.line - 1, self.col - 1, 4 * len(self.text) + 200
        out: list[tuple[int, int]] = []
        for ch in self.text:
            if ch.isspace():
                out.append((li + 1, ci + 1))
                continue
            while li < len(lines) and (ci >= len(lines[li]) or lines[li][ci] != ch):
                budget -= 1
                if budget < 0:
                    return self._map
                ci += 1
                if ci > len(lines[li]):
                    li, ci = li + 1, 0
            if li >= len(lines):
                return self._map
            out.append((li + 1, ci + 1))
            ci += 1
        self._map = out
        return out

    def source_line(self, pos: Position) -> str:
        if 0 < pos.line <= len(self.file_lines):
            return self.file_lines[pos.line - 1]
        return self.text.splitlines()[0] if self.text else ""

    def diagnostic(self, code: str, message: str, offset: int, expected: str = "",
                   suggestion: str = "") -> Diagnostic:
        pos = self.position(offset)
        return Diagnostic(code, message, pos, self.source_line(pos), expected, suggestion)


def _describe_expected(names: set[str]) -> str:
    ordered = sorted(names, key=lambda n: (_EXPECTED_ORDER.get(n, len(_EXPECTED_ORDER)), n))
    readable = list(dict.fromkeys(TERMINAL_NAMES.get(n, f"'{n.lower()}'") for n in ordered))
    return ", ".join(readable[:10]) + (", …" if len(readable) > 10 else "")


def _expected(e: UnexpectedInput, fallback) -> set[str]:
    """The terminals the parser could really take here.

    Lark's own lists come from LALR states shared between contexts (a ']' is "expected" in a
    requirement); asking the interactive parser which tokens it accepts is exact.
    """
    ip = getattr(e, "interactive_parser", None)
    if ip is not None:
        accepts = ip.accepts()
        if accepts:
            return set(accepts)
    return set(fallback or ())


MAX_NESTING = 16


def _check_nesting(source: SourceText) -> None:
    """Refuse boxes and groups nested deeper than any card needs, before they reach recursion."""
    depth = 0
    for i, ch in enumerate(source.text):
        if ch in "([":
            depth += 1
            if depth > MAX_NESTING:
                raise CompileError([source.diagnostic("E105", "card text nested too deeply", i,
                                                      f"at most {MAX_NESTING} brackets inside each other")])
        elif ch in ")]":
            depth = max(depth - 1, 0)


def parse(source: SourceText, start: str) -> Tree:
    """Parse one field's text; syntax errors become E1xx diagnostics."""
    _check_nesting(source)
    try:
        return lark_parser().parse(source.text, start=start)
    except UnexpectedCharacters as e:
        text, pos = source.text, e.pos_in_stream
        bad = text[pos] if pos < len(text) else ""
        if bad in "<>=":
            raise CompileError([_comparison_error(source, pos)]) from None
        hint = ""
        if bad.isupper():
            hint = "words are lower case (only the amount X is a capital)"
        raise CompileError([source.diagnostic(
            "E101", f"unexpected character {bad!r}", pos,
            _describe_expected(_expected(e, e.allowed)), hint)]) from None
    except UnexpectedEOF as e:
        raise CompileError([source.diagnostic(
            "E102", "the row ends too early", len(source.text),
            _describe_expected(_expected(e, e.expected)), _closing_hint(source.text))]) from None
    except UnexpectedToken as e:
        tok = e.token
        offset = tok.start_pos if tok.start_pos is not None else len(source.text)
        expected = _expected(e, e.expected)
        if tok.type == "$END":
            raise CompileError([source.diagnostic(
                "E102", "the row ends too early", len(source.text),
                _describe_expected(expected), _closing_hint(source.text))]) from None
        suggestion = ""
        if tok.type == "WORD":
            places = ("most", "second", "least")  # a place is asked only after 'if'
            suggestion = did_you_mean(str(tok), KEYWORDS if "RANK" in expected else
                                      [k for k in KEYWORDS if k not in places])
            if not suggestion and "COMMA" in expected:
                suggestion = "separate items with ','"
        elif tok.type == "LPAR" and source.text[:offset].rstrip().endswith("*"):
            suggestion = "in a row the arguments come before the '*', e.g. copy-production(building)*"
        raise CompileError([source.diagnostic(
            "E103", f"unexpected {_token_label(tok)}",
            offset, _describe_expected(expected), suggestion)]) from None
    except UnexpectedInput as e:  # pragma: no cover - other Lark errors
        raise CompileError([source.diagnostic("E100", str(e).splitlines()[0], 0)]) from None


def _token_label(tok) -> str:
    if tok.type == "WORD":
        return f"word '{tok}'"
    if tok.type == "NUMBER":
        return f"number {tok}"
    return TERMINAL_NAMES.get(tok.type) or repr(str(tok))


def _comparison_error(source: SourceText, pos: int) -> Diagnostic:
    """'>', '<', '=', '==', '=<' …: the language compares only with '>=' and '<='."""
    text = source.text
    end = pos
    while end < len(text) and text[end] in "<>=":
        end += 1
    op = text[pos:end]
    rest = text[end:].lstrip()
    digits = rest[: len(rest) - len(rest.lstrip("0123456789"))]
    hint = "'more than N' is '>= N+1', 'less than N' is '<= N-1'"
    if digits and op in (">", "<"):
        n = int(digits) + (1 if op == ">" else -1)
        hint = f"write '{op}= {n}'"
    elif digits and op in ("=", "=="):
        hint = "'exactly N' is not a printed requirement; use '>= N' or '<= N'"
    return source.diagnostic("E104", f"unknown comparison '{op}'", pos, "'>=' or '<='", hint)


def _closing_hint(text: str) -> str:
    if text.count("[") > text.count("]"):
        return "close the production box with ']'"
    if text.count("(") > text.count(")"):
        return "close the group with ')'"
    end = text.rstrip()
    if end.endswith("->"):
        return "say what the arrow gives, e.g. '-1 energy -> +1 plant'"
    if end.endswith("=>"):
        return "say what the effect does, e.g. 'science-tag => +1 mc'"
    if end.endswith(","):
        return "remove the trailing ','"
    return ""
