"""Compiler diagnostics: one error, with where it is, what was expected and a suggestion."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field

from .terminal import clip


@dataclass(frozen=True)
class Position:
    """A point in a source file, 1-based line and column."""

    path: str
    line: int
    col: int


def excerpt(source_line: str, col: int, width: int = 80) -> list[str]:
    """The offending source line and a caret under its column, as both compiler and lint show them;
    a long line shows only `width` characters around the column, '…' marking what is left out."""
    line = source_line.rstrip("\n")
    if not line:
        return []
    at = max(col - 1, 0)
    if len(line) > width:
        start = 0 if at < width * 3 // 4 else max(0, min(at - width // 2, len(line) - width))
        shown = line[start: start + width]
        if start > 0:
            shown = "…" + shown[1:]
        if start + width < len(line):
            shown = shown[:-1] + "…"
        line, at = shown, at - start
    return ["    " + line, "    " + " " * at + "^"]


def where(path: str, line: int, col: int) -> str:
    """'path:line:col', or just 'path' for a problem with the whole file (line 0)."""
    return f"{path}:{line}:{col}" if line > 0 else path


def render(path: str, line: int, col: int, severity: str, code: str, message: str, source_line: str = "",
           expected: str = "", suggestion: str = "", notes: Iterable[str] = ()) -> str:
    """The one format of every diagnostic tmars prints (compiler, lint, scenarios, the language server): a first
    line `path:line:col: severity CODE message` that tools can parse, then the source line with a
    caret under the column, what was expected, a suggestion and notes, each on its own line."""
    out = [f"{where(path, line, col)}: {severity} {code} {message}"]
    out += excerpt(source_line, col)
    if expected:
        out.append(f"  expected: {expected}")
    if suggestion:
        out.append(f"  help: {suggestion}")
    out.extend(f"  note: {n}" for n in notes)
    return "\n".join(out)


@dataclass
class Diagnostic:
    """A problem in a card file, rendered like a compiler message."""

    code: str
    message: str
    position: Position
    source_line: str = ""
    expected: str = ""
    suggestion: str = ""
    severity: str = "error"
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.message, self.expected, self.suggestion = clip(self.message), clip(self.expected), clip(self.suggestion)

    def render(self) -> str:
        p = self.position
        return render(p.path, p.line, p.col, self.severity, self.code, self.message, self.source_line,
                      self.expected, self.suggestion, self.notes)

    def as_json(self) -> dict:
        p = self.position
        return {
            "path": p.path, "line": p.line, "col": p.col, "severity": self.severity,
            "code": self.code, "message": self.message, "expected": self.expected,
            "suggestion": self.suggestion,
        }


class CompileError(Exception):
    """Raised with one or more diagnostics; never escapes the CLI as a traceback."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__("\n".join(d.render() for d in diagnostics))
        self.diagnostics = diagnostics


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A suggestion for a misspelt word, or '' when nothing is close. A word of an expansion the
    engine does not run yet says so rather than suggesting a look-alike."""
    from .vocab import LATER
    stem = word.removesuffix("-tag").removesuffix("-prod")
    if stem in LATER:
        return f"'{stem}' comes with {LATER[stem]}, which tmars does not run yet"
    close = difflib.get_close_matches(word, sorted(choices), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""
