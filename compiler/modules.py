"""Modules: the folders under cards/, each described by its `module.yaml` (id, printed name, the
modules it requires). A game names the modules it plays with; `resolve` checks the names and
their requirements and puts them in dependency order, with a message that lists what exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import yaml

from .gamerules import CARDS_ROOT

MANIFEST = "module.yaml"


class ModuleError(ValueError):
    """A module set that cannot be played: an unknown name, or a requirement left out."""


@dataclass(frozen=True)
class Module:
    id: str
    name: str
    requires: tuple[str, ...]


@lru_cache(maxsize=1)
def manifests() -> dict[str, Module]:
    """Every module this installation has, by id."""
    out: dict[str, Module] = {}
    for path in sorted(CARDS_ROOT.glob(f"*/{MANIFEST}")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        mid = str(data.get("id", path.parent.name))
        out[mid] = Module(mid, str(data.get("name", mid)), tuple(data.get("requires") or ()))
    return out


def resolve(names: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The module set to play: every name known, every requirement present; in dependency order."""
    known = manifests()
    unknown = [m for m in names if m not in known]
    if unknown:
        raise ModuleError(f"unknown module {unknown[0]!r}; this tmars has {', '.join(sorted(known))}")
    for m in names:
        missing = [r for r in known[m].requires if r not in names]
        if missing:
            raise ModuleError(f"module {m!r} requires {', '.join(missing)}: add it to the modules")
    ordered: list[str] = []

    def visit(m: str) -> None:
        if m not in ordered:
            for r in known[m].requires:
                visit(r)
            ordered.append(m)

    for m in names:
        visit(m)
    return tuple(ordered)


def parse_list(text: str) -> tuple[str, ...]:
    """'base, corpera' -> ('base', 'corpera')."""
    return tuple(m.strip() for m in text.split(",") if m.strip())
