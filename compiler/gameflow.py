"""The structure of a game as data: the setup steps, the phases of a generation, the phases that
follow once the game end is triggered, and the rows of the final score.

Each module's manifest may state its part under `flow:` (`cards/base/module.yaml` states the
whole base game). A later module adds a step by naming where it goes (`after:` or `before:` an
existing one), and switches on the engine's mechanics its steps belong to (`mechanics:`), so a
module adds a setup step or a phase without a line of the engine's flow changing. Names are
looked up in the engine's registries (the core's and the mechanics' steps and phases, score
rows), which `tmars/content.py` checks when a game is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .modules import FLOW_SECTIONS as SECTIONS
from .modules import ON_FORGET, ModuleError, manifests


@dataclass(frozen=True)
class SetupStep:
    task: str  # the task run for each player
    order: str  # "seat": player 0, 1, …; "turn": from the first player (F180)


@dataclass(frozen=True)
class GameFlow:
    setup: tuple[SetupStep, ...]
    generation: tuple[str, ...]  # the phases of a generation, in order
    first_phase: str  # where generation 1 starts once setup is over (setup dealt its cards)
    final: tuple[str, ...]  # after the generation in which the game end was triggered
    scoring: tuple[str, ...]  # the rows of the final score, in order (the total adds them up)
    variants: tuple[str, ...] = ()  # the variants whose parts it includes
    mechanics: tuple[str, ...] = ()  # the engine's mechanics the modules and variants switch on (tmars/mechanic.py)


def _insert(into: list, entry: str | dict, section: str, module: str) -> None:
    if isinstance(entry, str):
        entry = {"name": entry}
    item = (entry["name"], entry.get("order", "seat")) if section == "setup" else entry["name"]
    names = [i[0] if isinstance(i, tuple) else i for i in into]
    anchor = entry.get("after") or entry.get("before")
    if anchor is None:
        into.append(item)
        return
    if anchor not in names:
        raise ModuleError(f"module {module}: flow: {section}: '{entry['name']}' goes "
                          f"{'after' if 'after' in entry else 'before'} '{anchor}', which is not a "
                          f"{SECTIONS[section]} of the game ({', '.join(names) or 'none'})")
    into.insert(names.index(anchor) + (1 if "after" in entry else 0), item)


def variants_of(modules: tuple[str, ...]) -> dict[str, str]:
    """The variants the modules offer, id -> meaning."""
    known = manifests()
    return {v: spec["meaning"] for m in modules if m in known for v, spec in known[m].variants.items()}


def default_variants(modules: tuple[str, ...]) -> tuple[str, ...]:
    """The variants on by default with these modules (a module's variant that its expansion plays with)."""
    known = manifests()
    return tuple(dict.fromkeys(v for m in modules if m in known for v in known[m].default_variants))


@lru_cache(maxsize=16)
def load_flow(modules: tuple[str, ...], variants: tuple[str, ...] = ()) -> GameFlow:
    """The game's structure for a module set, each module's part applied in dependency order, then
    the part of each variant turned on."""
    offered = variants_of(modules)
    unknown = [v for v in variants if v not in offered]
    if unknown:
        raise ModuleError(f"unknown variant {unknown[0]!r}; these modules offer "
                          f"{', '.join(sorted(offered)) or 'none'}")
    lists: dict[str, list] = {k: [] for k in SECTIONS}
    mechanics: list[str] = []
    first = None
    known = manifests()
    parts = [(m, known[m].flow if m in known else {}) for m in modules]
    parts += [(f"{m} (variant {v})", spec["flow"]) for m in modules if m in known
              for v, spec in known[m].variants.items() if v in variants]
    for m, flow in parts:
        mechanics.extend(n for n in flow.get("mechanics", ()) if n not in mechanics)
        for section in SECTIONS:
            for entry in flow.get(section, ()):
                _insert(lists[section], entry, section, m)
        first = flow.get("first_phase", first)
    if not lists["generation"]:
        raise ModuleError(f"the modules {', '.join(modules)} declare no phases of a generation (flow: generation)")
    first = first or lists["generation"][0]
    if first not in lists["generation"]:
        raise ModuleError(f"flow: first_phase '{first}' is not a phase of the generation "
                          f"({', '.join(lists['generation'])})")
    return GameFlow(tuple(SetupStep(t, o) for t, o in lists["setup"]), tuple(lists["generation"]), first,
                    tuple(lists["final"]), tuple(lists["scoring"]), tuple(variants), tuple(mechanics))


ON_FORGET.append(load_flow.cache_clear)
