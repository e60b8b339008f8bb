"""Lark front end: card-language text to a parse tree with positions kept."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .diagnostics import CompileError, Diagnostic, Position, did_you_mean

GRAMMAR_PATH = Path(__file__).resolve().parent.parent / "grammar" / "cards.lark"
START_RULES = ("row", "requires", "vp", "effect", "counts")

# How terminals read to a card author, for "expected ..." lines.
TERMINAL_NAMES = {
    "WORD": "a word (resource, tag, tile…)", "NUMBER": "a number", "SIGN": "'+' or '-'",
    "ARROW": "'->'", "WHEN": "'=>'", "THEN": "'then'", "CMP": "'>=' or '<='", "MARK": "'!'", "STAR": "'*'", "X": "'X'",
    "UPTO": "'upto'", "LSQB": "'['", "RSQB": "']'", "LPAR": "'('", "RPAR": "')'",
    "COMMA": "','", "COLON": "':'", "OR": "'or'", "PER": "'per'", "IF": "'if'", "MAY": "'may'",
    "STEAL": "'steal'", "REVEAL": "'reveal'", "DISCOUNT": "'discount'", "VALUE": "'value'",
    "FLEX": "'flex'", "PAY": "'pay'", "AS": "'as'", "ON": "'on'", "$END": "end of text",
}
KEYWORDS = ("then", "or", "per", "if", "may", "steal", "reveal", "discount", "value", "flex", "pay", "as", "on", "upto")


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

    def position(self, offset: int) -> Position:
        before = self.text[:offset]
        extra_lines = before.count("\n")
        if extra_lines:
            return Position(self.path, self.line + extra_lines, offset - before.rfind("\n"))
        return Position(self.path, self.line, self.col + offset)

    def source_line(self, pos: Position) -> str:
        if 0 < pos.line <= len(self.file_lines):
            return self.file_lines[pos.line - 1]
        return self.text.splitlines()[0] if self.text else ""

    def diagnostic(self, code: str, message: str, offset: int, expected: str = "",
                   suggestion: str = "") -> Diagnostic:
        pos = self.position(offset)
        return Diagnostic(code, message, pos, self.source_line(pos), expected, suggestion)


def _describe_expected(names: set[str]) -> str:
    readable = sorted({TERMINAL_NAMES.get(n, f"'{n.lower()}'") for n in names})
    return ", ".join(readable[:8]) + (", …" if len(readable) > 8 else "")


def parse(source: SourceText, start: str) -> Tree:
    """Parse one field's text; syntax errors become E1xx diagnostics."""
    try:
        return lark_parser().parse(source.text, start=start)
    except UnexpectedCharacters as e:
        bad = source.text[e.pos_in_stream] if e.pos_in_stream < len(source.text) else ""
        hint = ""
        if bad.isupper():
            hint = "words are lower case (only the amount X is a capital)"
        raise CompileError([source.diagnostic(
            "E101", f"unexpected character {bad!r}", e.pos_in_stream,
            _describe_expected(set(e.allowed or ())), hint)]) from None
    except UnexpectedEOF as e:
        raise CompileError([source.diagnostic(
            "E102", "the row ends too early", len(source.text),
            _describe_expected(set(e.expected)), _closing_hint(source.text))]) from None
    except UnexpectedToken as e:
        tok = e.token
        offset = tok.start_pos if tok.start_pos is not None else len(source.text)
        if tok.type == "$END":
            raise CompileError([source.diagnostic(
                "E102", "the row ends too early", len(source.text),
                _describe_expected(set(e.expected)), _closing_hint(source.text))]) from None
        suggestion = ""
        if tok.type == "WORD":
            suggestion = did_you_mean(str(tok), KEYWORDS)
        raise CompileError([source.diagnostic(
            "E103", f"unexpected {_token_label(tok)}",
            offset, _describe_expected(set(e.expected)), suggestion)]) from None
    except UnexpectedInput as e:  # pragma: no cover - other Lark errors
        raise CompileError([source.diagnostic("E100", str(e).splitlines()[0], 0)]) from None


def _token_label(tok) -> str:
    return f"{TERMINAL_NAMES.get(tok.type, tok.type)} {str(tok)!r}"


def _closing_hint(text: str) -> str:
    if text.count("[") > text.count("]"):
        return "close the production box with ']'"
    if text.count("(") > text.count(")"):
        return "close the group with ')'"
    return ""
