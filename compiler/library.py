"""Compiling card files and folders, with a cache keyed by a hash of the grammar, the
compiler and the sources."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .compile import CardCompiler
from .diagnostics import CompileError, Diagnostic, Position
from .frame import MAX_FILE_BYTES, read_cards
from .modules import CARDS_ROOT, module_of_path
from .parser import GRAMMAR_PATH
from .readfile import Unreadable, read_bytes, resolved
from .strictyaml import load_json_file

NON_CARD_DIRS = {"board", "scenarios"}  # a module's maps, and the scenarios that check its cards
NON_CARD_FILES = {"rules.yaml", "module.yaml"}  # a module's rule facts and its manifest
CACHE_LIMIT = 64_000_000  # a cached file's compiled cards; larger means it is not one of ours


@dataclass
class CompileResult:
    cards: list[dict] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # (raw card with field positions, compiled card, file lines): what the linter reads
    sources: list[tuple] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.diagnostics


def card_files(paths: list[str | Path] | None = None) -> list[Path]:
    """Every card file under the given files or folders (default: the shipped library), sorted."""
    roots = [Path(p) for p in paths] if paths else [CARDS_ROOT]
    out: list[Path] = []
    for root in roots:
        if root.is_dir():
            out.extend(p for p in sorted(root.rglob("*.yaml"))
                       if p.is_file() and not NON_CARD_DIRS & set(p.relative_to(root).parts)
                       and p.name not in NON_CARD_FILES)
        else:
            out.append(root)
    return out


def module_of(path: Path) -> str:
    """The module is the one whose manifest (`module.yaml`) is nearest above the file; without
    one, the folder directly under cards/, or the file's parent folder."""
    found = module_of_path(path)
    if found:
        return found
    try:
        parts = resolved(path).parts
    except OSError:  # a loop of links: its module is its folder's (the file is refused when read)
        return path.parent.name
    if "cards" in parts:
        i = len(parts) - 1 - parts[::-1].index("cards")
        if i + 1 < len(parts) - 1:
            return parts[i + 1]
    return path.parent.name or "custom"


#: a folder of card files with no module.yaml: checked with every module's words, and no game takes it
NO_MANIFEST = "E010"


def manifestless(paths: list[str | Path] | None) -> list[Diagnostic]:
    """A warning for each folder of card files that no manifest holds, at its first file. Such
    files are compiled as a module of their folder with the words of every module, so a word of a
    module they never name passes here and fails once the folder gets a manifest, while
    `tmars game/play --cards` refuse the folder outright: said by `tmars cards` and `tmars lint`
    alike, so that they and `--cards` agree on what the folder is."""
    out: list[Diagnostic] = []
    seen: set[Path] = set()
    for path in card_files(paths):
        if path.parent in seen or module_of_path(path) is not None:
            continue
        try:
            first = read_card_file(path).decode("utf-8", errors="replace").splitlines()[:1]
        except Unreadable:  # refused with its own error: nothing of its module to say
            continue
        seen.add(path.parent)
        folder = path.parent.name or str(path.parent)
        out.append(Diagnostic(NO_MANIFEST, f"no module.yaml in {folder} or above it: its cards were checked with "
                              f"the words of every module, and a game's --cards needs a module.yaml",
                              Position(_display(path), 1, 1), (first or [""])[0],
                              suggestion="add a module.yaml naming the module and the modules it requires "
                                         "(docs/modules.md)", severity="warning"))
    return out


def compile_text(text: str, path: str, module: str) -> CompileResult:
    result = CompileResult()
    try:
        raws, lines = read_cards(text, path)
    except CompileError as e:
        result.diagnostics.extend(e.diagnostics)
        return result
    compiler = CardCompiler(path, lines, module)
    for raw in raws:
        card = compiler.compile(raw)
        if card is not None:
            result.cards.append(card)
            result.sources.append((raw, card, lines))
    result.diagnostics.extend(compiler.diagnostics)
    return result


def read_card_file(path: Path) -> bytes:
    """The bytes of a card file, refused unread if it is not a regular file or too large."""
    return read_bytes(path, MAX_FILE_BYTES)


def unreadable(e: Unreadable, path: Path) -> CompileResult:
    """A file refused before it was read: one diagnostic about the whole file (line 0)."""
    return CompileResult(diagnostics=[Diagnostic(e.code, e.reason, Position(_display(path), 0, 0))])


def compile_file(path: Path) -> CompileResult:
    try:
        data = read_card_file(path)
    except Unreadable as e:
        return unreadable(e, path)
    return compile_data(data, path)


def compile_data(data: bytes, path: Path) -> CompileResult:
    """Compile the bytes read from a card file."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        return CompileResult(diagnostics=[_not_utf8(data, e, _display(path))])
    return compile_text(text, _display(path), module_of(path))


def _not_utf8(data: bytes, e: UnicodeDecodeError, path: str) -> Diagnostic:
    """Where the first byte that is not UTF-8 sits, shown on its line (undecodable bytes as '?')."""
    line_start = data.rfind(b"\n", 0, e.start) + 1
    line_end = data.find(b"\n", e.start)
    raw_line = data[line_start: line_end if line_end >= 0 else len(data)]
    before = data[line_start: e.start].decode("utf-8", errors="replace")
    shown = raw_line.decode("utf-8", errors="replace").replace("\ufffd", "?").rstrip("\r")
    line = data[: e.start].count(b"\n") + 1
    return Diagnostic("E007", f"file is not UTF-8 text: byte 0x{data[e.start]:02x} cannot be read",
                      Position(path, line, len(before) + 1), shown,
                      suggestion="save the file as UTF-8")


def _display(path: Path) -> str:
    try:
        return str(resolved(path).relative_to(Path.cwd()))
    except (ValueError, OSError):
        return str(path)


@lru_cache(maxsize=1)
def toolchain_hash() -> str:
    """Hash of everything that decides what a card compiles to: grammar and compiler code."""
    h = hashlib.sha256(GRAMMAR_PATH.read_bytes())
    for p in sorted(Path(__file__).parent.rglob("*.py")):  # the ops declare shapes the lowering checks
        h.update(p.read_bytes())
    return h.hexdigest()


def manifests_hash() -> str:
    """Hash of the module manifests known to the run: what a card may use depends on them."""
    from .modules import MANIFEST, manifests, folder_of
    h = hashlib.sha256()
    for mid in sorted(manifests()):
        h.update((folder_of(mid) / MANIFEST).read_bytes())
    return h.hexdigest()


def cache_dir() -> Path:
    base = os.environ.get("TMARS_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "tmars")
    return Path(base)


def _digest(cards: list) -> str:
    return hashlib.sha256(json.dumps(cards, sort_keys=True).encode()).hexdigest()


def _cached_cards(data: Any) -> list | None:
    """The cards of a cache file, or None when it is not one this toolchain wrote whole: a cache
    file carries the digest of its cards, so one cut short, edited or of another shape is compiled
    again rather than trusted (a card of the wrong shape would break the engine later)."""
    if not isinstance(data, dict) or set(data) != {"sha256", "cards"} or not isinstance(data["cards"], list):
        return None
    return data["cards"] if data["sha256"] == _digest(data["cards"]) else None


def compile_paths(paths: list[str | Path] | None = None, use_cache: bool = True) -> CompileResult:
    """Compile files and folders; a file whose source and toolchain are unchanged comes from cache."""
    files = card_files(paths)
    tool = toolchain_hash()
    for path in files:  # every module met is known before the manifests are hashed
        module_of(path)
    manifests_key = manifests_hash()
    result = CompileResult()
    cdir = cache_dir()
    for path in files:
        try:
            data = read_card_file(path)
        except Unreadable as e:
            result.diagnostics.extend(unreadable(e, path).diagnostics)
            continue
        key = None
        if use_cache:
            module = module_of(path)  # the same text may belong to another module elsewhere
            key = hashlib.sha256(tool.encode() + str(path.resolve()).encode() + module.encode()
                                 + manifests_key.encode() + data).hexdigest()
            try:
                cached = cdir / f"{key}.json"
                cards = _cached_cards(load_json_file(cached, CACHE_LIMIT)) if cached.exists() else None
                if cards is not None:
                    result.cards.extend(cards)
                    continue
            except (OSError, CompileError):  # unreadable or damaged: compile it again
                pass
        one = compile_data(data, path)
        result.cards.extend(one.cards)
        result.diagnostics.extend(one.diagnostics)
        if key and one.ok:
            try:
                cdir.mkdir(parents=True, exist_ok=True)
                tmp = cdir / f"{key}.tmp{os.getpid()}"
                tmp.write_text(json.dumps({"sha256": _digest(one.cards), "cards": one.cards}))
                tmp.replace(cdir / f"{key}.json")
            except OSError:
                pass
    return result
