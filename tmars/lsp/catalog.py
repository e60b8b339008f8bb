"""Every card the server knows, with where its name is written: the shipped library, the card
folders of the workspace, card folders a scenario names, and open card files as they are typed.

Hover, completion, go-to-definition and the check of card names in scenarios all read this one
table. A file is compiled with `compiler.library.compile_text`, the same function the command line
uses, so the IR shown here is the IR the engine would run. An open buffer replaces its file's
cards until it is closed (then the file on disk counts again).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from compiler.frame import read_cards
from compiler.library import (CompileResult, card_files, compile_file, compile_paths, compile_text, module_of,
                              read_card_file)
from compiler.modules import CARDS_ROOT

log = logging.getLogger(__name__)

#: Folders never searched for card or scenario files (tools' and version control's own).
SKIPPED_DIRS = {".git", ".hg", ".venv", "venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache",
                ".pytest_cache", "build", "dist", ".tox"}


@dataclass(frozen=True)
class CardEntry:
    """One compiled card and where it is written (1-based line and column of its name's value)."""

    ir: dict
    path: Path
    line: int
    col: int

    @property
    def name(self) -> str:
        return str(self.ir.get("name", ""))

    @property
    def module(self) -> str:
        return str(self.ir.get("module", ""))


def key(path: Path) -> Path:
    """A path as the catalog files it (resolved when it can be)."""
    try:
        return path.resolve()
    except OSError:
        return path


class Catalog:
    """The cards of a set of files, by file and by name (a later file does not hide an earlier
    card of the same name: `by_name` keeps the first, as the library's own duplicate check would
    complain about the second)."""

    def __init__(self, roots: Iterable[Path] = ()) -> None:
        self.roots: list[Path] = []
        self.files: dict[Path, CompileResult] = {}
        self.open: set[Path] = set()
        self._by_name: dict[str, CardEntry] | None = None
        self.add_roots([CARDS_ROOT, *roots])

    # ---- filling ---------------------------------------------------------------------------
    def add_roots(self, roots: Iterable[Path]) -> None:
        """Compile every card file under these folders not known yet."""
        for root in roots:
            root = key(Path(root))
            if not root.is_dir() or root in self.roots:
                continue
            self.roots.append(root)
            for path in card_files([root]):
                if SKIPPED_DIRS & set(path.parts) or key(path) in self.files:
                    continue
                self._compile_disk(key(path))

    def _compile_disk(self, path: Path) -> None:
        try:
            self.files[path] = from_cache(path) or compile_file(path)
        except Exception:  # a file the compiler cannot take must not take the server down
            log.exception("cannot compile %s", path)
            self.files[path] = CompileResult()
        self._by_name = None

    def update(self, path: Path, text: str) -> CompileResult:
        """Compile an open buffer's text in place of its file; the result (diagnostics included)."""
        path = key(path)
        result = (self._unchanged(path, text) or compile_text(text, str(path), module_of(path)))
        self.files[path] = result
        self.open.add(path)
        self._by_name = None
        return result

    @staticmethod
    def _unchanged(path: Path, text: str) -> CompileResult | None:
        """A buffer opened and not edited yet: its file's cards from the compile cache."""
        try:
            if path.is_file() and read_card_file(path) == text.encode("utf-8"):
                return from_cache(path)
        except Exception:  # unreadable, or not a card file after all: compile the text
            return None
        return None

    def close(self, path: Path) -> None:
        """A buffer closed: its file on disk counts again (or nothing, if it was never saved)."""
        path = key(path)
        self.open.discard(path)
        if path.is_file() and any(root in path.parents for root in self.roots):
            self._compile_disk(path)
        else:
            self.files.pop(path, None)
            self._by_name = None

    # ---- reading ---------------------------------------------------------------------------
    def entries(self) -> Iterator[CardEntry]:
        # a copy of the table: the diagnostics worker may add a file while a hover reads it
        for path, result in list(self.files.items()):
            for raw, ir, _ in result.sources:
                loc = raw.fields.get("name")
                line, col = (loc.line, loc.col) if loc is not None else (raw.line, raw.col)
                yield CardEntry(ir, path, line, col)

    @property
    def by_name(self) -> dict[str, CardEntry]:
        if self._by_name is None:
            table: dict[str, CardEntry] = {}
            for entry in self.entries():
                table.setdefault(entry.name, entry)
            self._by_name = table
        return self._by_name

    def get(self, name: object) -> CardEntry | None:
        return self.by_name.get(name) if isinstance(name, str) else None

    def named(self, name: str) -> list[CardEntry]:
        """Every card of that name (a reprint and its original are two)."""
        return [e for e in self.entries() if e.name == name] if name in self.by_name else []

    def same_module(self, path: Path) -> list[CompileResult]:
        """The compiled files of the module `path` belongs to, other than `path` itself: what the
        linter's library checks (duplicate names, numbers) compare a buffer with."""
        path = key(path)
        folder = _module_folder(path)
        if folder is None:
            return []
        return [r for p, r in list(self.files.items()) if p != path and folder in p.parents]


def from_cache(path: Path) -> CompileResult | None:
    """A file on disk as `compile_file` would give it, its IR from the compile cache (where the
    command line left it) and only its frames read again for their positions: a library of
    hundreds of cards is known in a fraction of a second instead of seconds. None when the file
    does not compile cleanly or its frames and cards do not pair up (then it is compiled anew)."""
    cached = compile_paths([path])
    if cached.diagnostics:
        return None
    raws, lines = read_cards(read_card_file(path).decode("utf-8"), str(path))
    if [r.fields["name"].value if "name" in r.fields else None for r in raws] != [c["name"] for c in cached.cards]:
        return None
    return CompileResult(cards=cached.cards, sources=[(raw, ir, lines) for raw, ir in zip(raws, cached.cards,
                                                                                        strict=True)])


def _module_folder(path: Path) -> Path | None:
    from compiler.modules import MANIFEST
    for folder in path.parents:
        if (folder / MANIFEST).is_file():
            return folder
    return None


def yaml_files(roots: Iterable[Path]) -> Iterator[Path]:
    """Every YAML file under these folders, tools' folders left out, each once."""
    seen: set[Path] = set()
    for root in roots:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*.yaml")):
            if SKIPPED_DIRS & set(path.relative_to(root).parts) or not path.is_file():
                continue
            k = key(path)
            if k not in seen:
                seen.add(k)
                yield k
