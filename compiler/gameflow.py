"""The structure of a game as data: the setup steps, the phases of a generation, the phases that
follow once the game end is triggered, and the rows of the final score.

Each module's manifest may state its part under `flow:` (`cards/base/module.yaml` states the
whole base game). A later module adds a step by naming where it goes (`after:` or `before:` an
existing one), and switches on the engine's mechanics its steps belong to (`mechanics:`), so a
module adds a setup step or a phase without a line of the engine's flow changing. Names are
looked up in the engine's registries (the core's and the mechanics' steps and phases, score
rows), which `tmars/flow.py` checks when a game is made.

A name is in a section once, and a phase in the generation or the final phases, not both: a
second would run again (a generation looping on its first `production`, which `end_phase` finds
first) or count a score row twice; an entry goes after or before another, never itself. Such a
flow is refused as it is loaded (E606), as is one placing an entry next to a step the game does
not have (E607), each problem at its place in its manifest; `tmars lint` reports them too, and
names the engine does not have (`flow_diagnostics`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, did_you_mean
from .modules import FLOW_SECTIONS as SECTIONS
from .modules import (MANIFEST, MANIFEST_SCHEMA, ON_FORGET, ModuleError, closure, folder_of, manifest_for_lint,
                      manifests, resolve, schema_diagnostics)
from .strictyaml import diagnostic, lines_of, where


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


#: A flow that would run a step twice, loop or count a score row twice (E606), and one that names
#: what the game does not have (E607): each said at its place in the manifest.
REPEATS, UNKNOWN = "E606", "E607"
#: Names known to the engine, by section (and "mechanics"): name -> the mechanic it belongs to, ''
#: for the core's (tmars/flow.py `flow_names`). The compiler keeps no list of them.
Known = dict[str, dict[str, str]]


@dataclass(frozen=True)
class FlowProblem:
    """A problem of one module's part of a flow, with where it was written (`node`, `key`: see
    `strictyaml.where`) in the manifest of `module`."""

    code: str
    module: str  # the module whose manifest holds it
    part: str  # how the message names the part: 'module base', 'module base (variant NAME)'
    section: str
    message: str
    node: Any = None
    key: Any = None
    suggestion: str = ""
    expected: str = ""

    def diagnostic(self, path: str, lines: list[str]) -> Diagnostic:
        return diagnostic(path, lines, where(self.node, self.key), self.code,
                          f"{self.part}: flow: {self.section}: {self.message}", self.suggestion, self.expected)


class _Merge:
    """The lists of a game's flow as each module's part is added, in order, with the problems met:
    a name is in a section once, and a phase in the generation or the final phases, not both."""

    def __init__(self, known: Known | None = None):
        self.lists: dict[str, list] = {k: [] for k in SECTIONS}  # setup items are (name, order)
        self.owner: dict[str, dict[str, str]] = {k: {} for k in SECTIONS}  # name -> the part that added it
        self.mechanics: list[str] = []
        self.first: tuple[str, str, Any] | None = None  # the last first_phase given: module, part, its flow
        self.problems: list[FlowProblem] = []
        self.known = known

    def names(self, section: str) -> list[str]:
        return [i[0] if isinstance(i, tuple) else i for i in self.lists[section]]

    def add(self, module: str, part: str, flow: Any) -> None:
        """Add one module's (or variant's) part of the flow."""
        if not isinstance(flow, dict):
            return
        self._mechanics(module, part, flow.get("mechanics") or [])
        for section in SECTIONS:
            entries = flow.get(section) or []
            for i in range(len(entries) if isinstance(entries, list) else 0):
                self._entry(module, part, section, entries, i)
        if "first_phase" in flow:
            self.first = (module, part, flow)

    def _problem(self, code: str, module: str, part: str, section: str, message: str, at: tuple[Any, Any],
                 suggestion: str = "", expected: str = "") -> None:
        self.problems.append(FlowProblem(code, module, part, section, message, *at, suggestion, expected))

    def _mechanics(self, module: str, part: str, names: list) -> None:
        """The mechanics a part switches on: each once in its list, each one the engine has."""
        for i, name in enumerate(names):
            if name in names[:i]:
                self._problem(REPEATS, module, part, "mechanics", f"'{name}' is switched on twice", (names, i),
                              "name each mechanic once")
                continue
            if self.known is not None and name not in self.known["mechanics"]:
                have = self.known["mechanics"]
                self._problem(UNKNOWN, module, part, "mechanics", f"this engine has no mechanic '{name}'", (names, i),
                              did_you_mean(str(name), have), "one of " + (", ".join(sorted(have)) or "none"))
            if name not in self.mechanics:
                self.mechanics.append(name)

    def _entry(self, module: str, part: str, section: str, entries: list, i: int) -> None:
        """Put one entry where it says (after or before a named one, else at the end), unless it
        would make the game run a step twice, loop, or count a row twice."""
        entry = entries[i]
        spec = entry if isinstance(entry, dict) else {"name": entry}
        name = spec["name"]
        at = (entry, "name") if isinstance(entry, dict) else (entries, i)
        noun = SECTIONS[section]
        names = self.names(section)
        problem = partial(self._problem, module=module, part=part, section=section)
        if "after" in spec and "before" in spec:
            problem(REPEATS, message=f"'{name}' goes both after '{spec['after']}' and before '{spec['before']}'",
                    at=(entry, "before"), suggestion="give one of after and before")
            return
        way = "after" if "after" in spec else "before" if "before" in spec else ""
        anchor = spec.get(way)
        if anchor == name:
            problem(REPEATS, message=f"'{name}' goes {way} itself", at=(entry, way),
                    suggestion=f"name the {noun} it goes {way}" + (f": one of {', '.join(names)}" if names else ""))
            return
        if anchor is not None and anchor not in names:
            problem(UNKNOWN, message=f"'{name}' goes {way} '{anchor}', which is not a {noun} of the game",
                    at=(entry, way), suggestion=did_you_mean(str(anchor), names),
                    expected=f"a {noun} already in the game: " + (", ".join(names) or "none"))
            anchor = None
        if name in names:
            problem(REPEATS, message=f"'{name}' is already a {noun} of the game ({self.owner[section][name]}'s): "
                                     f"a second would {'count twice' if section == 'scoring' else 'run again'}",
                    at=at, suggestion=f"name each {noun} once")
            return
        other = {"generation": "final", "final": "generation"}.get(section)
        if other and name in self.names(other):
            problem(REPEATS, message=f"'{name}' is already a {SECTIONS[other]} of the game "
                                     f"({self.owner[other][name]}'s): a phase is in the generation or in the "
                                     "final phases, not both",
                    at=at, suggestion=f"name it in {section} or in {other}, once")
            return
        self._known(module, part, section, name, at)
        self.owner[section][name] = part
        item = (name, spec.get("order", "seat")) if section == "setup" else name
        if anchor is None:
            self.lists[section].append(item)
        else:
            self.lists[section].insert(names.index(anchor) + (way == "after"), item)

    def _known(self, module: str, part: str, section: str, name: str, at: tuple[Any, Any]) -> None:
        """A name the engine has, and of a mechanic the game switches on (when the names are known)."""
        if self.known is None:
            return
        have = self.known[section]
        noun = SECTIONS[section]
        owner = have.get(name)
        if owner is None:
            self._problem(UNKNOWN, module, part, section, f"this engine has no {noun} '{name}'", at,
                          did_you_mean(name, have), f"a {noun}: " + ", ".join(sorted(have)))
        elif owner and owner not in self.mechanics:
            self._problem(UNKNOWN, module, part, section, f"'{name}' is a {noun} of the mechanic {owner}, which the "
                          "game does not switch on", at, f"switch it on with 'mechanics: [{owner}]' under flow")

    def finish(self) -> str:
        """The phase generation 1 starts at: the last one a part gives (else the first phase),
        which is a phase of the generation."""
        phases = self.lists["generation"]
        if self.first is None:
            return phases[0] if phases else ""
        module, part, flow = self.first
        first = flow["first_phase"]
        if first not in phases:
            self._problem(UNKNOWN, module, part, "first_phase", f"'{first}' is not a phase of the generation",
                          (flow, "first_phase"), did_you_mean(str(first), phases),
                          "a phase of the generation: " + (", ".join(phases) or "none"))
        return first


def variants_of(modules: tuple[str, ...]) -> dict[str, str]:
    """The variants the modules offer, id -> meaning."""
    known = manifests()
    return {v: spec["meaning"] for m in modules if m in known for v, spec in known[m].variants.items()}


def default_variants(modules: tuple[str, ...]) -> tuple[str, ...]:
    """The variants on by default with these modules (a module's variant that its expansion plays with)."""
    known = manifests()
    return tuple(dict.fromkeys(v for m in modules if m in known for v in known[m].default_variants))


def without_flow(modules: tuple[str, ...], variants: tuple[str, ...]) -> frozenset[str]:
    """The modules whose own flow a variant on leaves out (`without_flow`): their cards are played
    without their subsystem, and their reprints of the base game's components do not apply (F002)."""
    known = manifests()
    return frozenset(m for m in modules if m in known
                     for v, spec in known[m].variants.items() if v in variants and spec.get("without_flow"))


@lru_cache(maxsize=16)
def load_flow(modules: tuple[str, ...], variants: tuple[str, ...] = ()) -> GameFlow:
    """The game's structure for a module set, each module's part applied in dependency order, then
    the part of each variant turned on. A flow that would run a step twice, loop or count a row
    twice, or that places a step after one the game does not have, is refused with every problem
    at its place in its manifest."""
    offered = variants_of(modules)
    unknown = [v for v in variants if v not in offered]
    if unknown:
        raise ModuleError(f"unknown variant {unknown[0]!r}; these modules offer "
                          f"{', '.join(sorted(offered)) or 'none'}")
    known = manifests()
    merge = _Merge()
    flowless = without_flow(modules, variants)
    for m in modules:
        if m not in flowless:  # else its cards without its subsystem (F002)
            merge.add(m, f"module {m}", known[m].flow if m in known else {})
    for m in modules:
        for v, spec in (known[m].variants.items() if m in known else ()):
            if v in variants:
                merge.add(m, f"module {m} (variant {v})", spec["flow"])
    if not merge.lists["generation"]:
        raise ModuleError(f"the modules {', '.join(modules)} declare no phases of a generation (flow: generation)")
    first = merge.finish()
    if merge.problems:
        raise ModuleError("\n".join(_rendered(merge.problems)))
    lists = merge.lists
    return GameFlow(tuple(SetupStep(t, o) for t, o in lists["setup"]), tuple(lists["generation"]), first,
                    tuple(lists["final"]), tuple(lists["scoring"]), tuple(variants), tuple(merge.mechanics))


def _rendered(problems: list[FlowProblem]) -> list[str]:
    """Problems as the command line shows them, each at its place in its module's manifest."""
    out = []
    for p in problems:
        path = folder_of(p.module) / MANIFEST
        try:
            lines = lines_of(path.read_text(encoding="utf-8"))
        except OSError:
            lines = []
        out.append(p.diagnostic(str(path), lines))
    return [d.render() for d in sorted(out, key=lambda d: (d.position.path, d.position.line, d.position.col))]


#: how the engine's names are asked (`tmars.flow` adds its `flow_names` when the engine loads):
#: the compiler names no engine module; without the engine a flow's names are the game's to check
ENGINE_NAMES: list[Callable[[], Known]] = []


def flow_diagnostics(folder: Path, known: Known | None, text: str | None = None) -> list[Diagnostic]:
    """The problems of a module's flow and of its variants' flows, for lint, each at its place in
    its module.yaml: each part is added to the flow of the modules it requires (a variant's, also
    to its module's) and checked against the names the engine has (`known`). A manifest that cannot
    be read, or is of the wrong shape, is reported where its cards are compiled. `text`: the
    manifest as an editor holds it."""
    path = folder / MANIFEST
    read = manifest_for_lint(folder, text)
    if read is None:
        return []
    data, lines, _ = read
    if schema_diagnostics(MANIFEST_SCHEMA, data, str(path), lines, "E604", "the manifest"):
        return []
    mid = data["id"]
    own = [(f"module {mid}", data.get("flow"))]
    variants = [(f"module {mid} (variant {v})", spec["flow"]) for v, spec in (data.get("variants") or {}).items()]
    out = []
    for part, flow in own + variants:
        merge = _Merge(known)
        for r in _required(data.get("requires") or [], mid):
            merge.add(r, f"module {r}", manifests()[r].flow)
        if part != own[0][0]:  # a variant's part comes after its module's
            merge.add(mid, *own[0])
        merge.add(mid, part, flow)
        merge.finish()
        out += [p.diagnostic(str(path), lines) for p in merge.problems if p.part == part]
    return out


def _required(requires: list[str], mid: str) -> tuple[str, ...]:
    """The modules a module requires, directly or not, that this run knows, in dependency order."""
    names = set().union(*(closure(r) for r in requires)) - {mid}
    try:
        return resolve(sorted(names))
    except ModuleError:  # a requirement missing: said where the module is compiled
        return ()


ON_FORGET.append(load_flow.cache_clear)
