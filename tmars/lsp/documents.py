"""What an open document is (card file, module manifest, scenario, or none of ours) and which word
sits under the cursor.

Editors send URIs and 0-based positions; the compiler speaks paths and 1-based line/column. The
conversions live here once. Columns are counted in characters (code points): the files are YAML
text whose names are written in the Latin alphabet, where characters and UTF-16 units agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from urllib.parse import unquote, urlparse

from compiler.library import NON_CARD_DIRS, NON_CARD_FILES
from compiler.modules import MANIFEST


class Kind(Enum):
    CARDS = "card file"
    MANIFEST = "module manifest"
    SCENARIO = "scenario file"
    OTHER = "other"


#: A word of the card language, an override's name with its star, or an option id's prefix.
WORD = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*\*?")
#: Anything that may be part of a word (for the end of the word an error points at).
WORDISH = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")
_TOP_STEPS = re.compile(r"^steps\s*:", re.MULTILINE)
_TOP_LIST = re.compile(r"^-\s", re.MULTILINE)


def uri_to_path(uri: str) -> Path | None:
    """The file a `file:` URI names; None for an unsaved buffer (`untitled:`) or another scheme."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    return Path(unquote(parsed.path))


def classify(path: Path | None, text: str) -> Kind:
    """A manifest by its name; a scenario under a `scenarios` folder or by its top-level `steps:`;
    a card file under a module folder (or `cards/`) that is not a map or rules file, or any other
    YAML list of cards. Anything else is none of ours and gets no diagnostics."""
    if path is not None and path.suffix not in (".yaml", ".yml"):
        return Kind.OTHER
    if path is not None and path.name == MANIFEST:
        return Kind.MANIFEST
    parts = set(path.parts) if path is not None else set()
    if "scenarios" in parts or _TOP_STEPS.search(text):
        return Kind.SCENARIO
    if path is not None and (NON_CARD_DIRS & parts or path.name in NON_CARD_FILES):
        return Kind.OTHER
    if path is not None and ("cards" in parts or _has_manifest_above(path)):
        return Kind.CARDS
    return Kind.CARDS if _TOP_LIST.search(text) and re.search(r"^\s*-?\s*name\s*:", text, re.MULTILINE) \
        else Kind.OTHER


def _has_manifest_above(path: Path) -> bool:
    try:
        return any((folder / MANIFEST).is_file() for folder in path.resolve().parents)
    except OSError:
        return False


@dataclass(frozen=True)
class Span:
    """A piece of one line: 0-based line, start and end columns (end exclusive), and its text."""

    line: int
    start: int
    end: int
    text: str


def line_of(text: str, line: int) -> str:
    """The 0-based line `line` of a text ('' past its end)."""
    lines = text.splitlines()
    return lines[line] if 0 <= line < len(lines) else ""


def word_at(text: str, line: int, col: int, pattern: re.Pattern = WORD) -> Span | None:
    """The match of `pattern` on the line that covers (or ends at) the 0-based column."""
    src = line_of(text, line)
    for m in pattern.finditer(src):
        if m.start() <= col <= m.end():
            return Span(line, m.start(), m.end(), m.group())
    return None


def word_end(source_line: str, col0: int) -> int:
    """Where the word that starts at the 0-based column ends (a quoted value: past its closing
    quote); one character on for a symbol."""
    if col0 < len(source_line) and source_line[col0] in "'\"":
        close = source_line.find(source_line[col0], col0 + 1)
        if close > col0:
            return close + 1
    m = WORDISH.match(source_line, col0)
    if m and m.end() > col0:
        return m.end()
    return min(col0 + 1, max(len(source_line), col0 + 1))


def scalar_span(source_line: str, col0: int, value: str) -> tuple[int, int]:
    """The columns a scalar value takes when it starts at `col0` (past a quote if quoted)."""
    if col0 < len(source_line) and source_line[col0] in "'\"":
        col0 += 1
    return col0, col0 + len(value)
