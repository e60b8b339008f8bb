"""The rule facts of the game (tracks, costs, counts, points) as data: `cards/<module>/rules.yaml`.

One file states each fact; the engine, the linter, the rules text and the sheet read it here.
A later module's file replaces the keys it gives, so a module or a map can change a cost or add
a track without touching code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from pathlib import Path
from typing import Any


from .diagnostics import CompileError, did_you_mean
from .vocab import STANDARD_RESOURCES
from .wholeschema import Validator
from .modules import CARDS_ROOT, MAX_DATA_BYTES, ON_FORGET, ModuleError, folder_of, manifests
from .strictyaml import Kind, Map, diagnostic, load_text, locate, read_text


@dataclass(frozen=True)
class GameRules:
    start_tr: int
    globals: dict[str, dict]  # name -> start, goal, step, ends_game (from the manifests' tracks)
    bonuses: tuple[dict, ...]  # param, at, do (card language), source (manifest, line, col of `do`)
    production_floor: dict[str, int]
    metal_value: dict[str, int]
    ocean_adjacency_mc: int
    milestone_cost: int
    milestone_points: int
    milestones_most: int
    award_costs: tuple[int, ...]
    award_points: tuple[int, ...]
    card_price: int
    research_draw: int
    actions_per_turn: int
    setup_corporations: int
    setup_cards: int
    start_production: int
    players: tuple[int, int]  # fewest and most players a game can have
    #: the production phase: what is left of a resource that turns into another first (energy
    #: into heat), and what each resource's income adds to its production (M€: the TR)
    production_converts: dict[str, str] = field(default_factory=dict)
    income_adds: dict[str, str] = field(default_factory=dict)
    beginner_corporations: tuple[str, ...] = ()
    #: a game of fixed length ends after this generation whatever the parameters (None: it ends
    #: when they are all at their goal), as the modules in play make it
    last_generation: int | None = None
    #: whether a track still rises in the final phases (the final conversions, F258)
    final_phase_raises: bool = True
    #: whether the map's and the modules' milestones and awards are in the game (F238)
    milestones_awards: bool = True
    #: whether the draft variant may be played (not in the solo game, F256)
    draft: bool = True
    #: the sections of the rules files the core does not read: each is a mechanic's own facts
    #: (tmars/mechanics/), by the key the mechanic reads
    sections: dict[str, dict] = field(default_factory=dict)

    def section(self, key: str) -> dict:
        """A mechanic's facts (`{}` when no module in play states them)."""
        return self.sections.get(key, {})

    def floor(self, res: str) -> int:
        return self.production_floor.get(res, 0)

    def ending_tracks(self) -> tuple[str, ...]:
        """The tracks that must all be at their goal for the game to end."""
        return tuple(k for k, v in self.globals.items() if v.get("ends_game", False))

    def track_range(self, name: str) -> tuple[int, int] | None:
        spec = self.globals.get(name)
        return (spec["start"], spec["goal"]) if spec else None


_COUNT = {"type": "integer", "minimum": 0}
_AMOUNTS = {"type": "object", "additionalProperties": {"type": "integer"}}


def _record(**fields: dict) -> dict:
    return {"type": "object", "properties": fields, "required": sorted(fields), "additionalProperties": False}


#: every fact a rules file may state, with its shape (a file states some of them; together the
#: modules of a game state every one but those marked optional below)
FACTS: dict[str, dict] = {
    "start_tr": _COUNT,
    "players": _record(min=_COUNT, max=_COUNT),
    "production_floor": _AMOUNTS, "metal_value": _AMOUNTS,
    "ocean_adjacency_mc": _COUNT,
    "milestones": _record(cost=_COUNT, points=_COUNT, most=_COUNT),
    "awards": _record(costs={"type": "array", "items": _COUNT, "minItems": 1},
                      points={"type": "array", "items": _COUNT, "minItems": 1}),
    "card_price": _COUNT, "research_draw": _COUNT, "actions_per_turn": {"type": "integer", "minimum": 1},
    "setup": _record(corporations=_COUNT, cards=_COUNT),
    "start_production": {"type": "integer"},
    "production": _record(converts={"type": "object", "additionalProperties": {"enum": list(STANDARD_RESOURCES)},
                                    "propertyNames": {"enum": list(STANDARD_RESOURCES)}},
                          income_adds={"type": "object", "additionalProperties": {"enum": ["tr"]},
                                       "propertyNames": {"enum": list(STANDARD_RESOURCES)}}),
    "beginner_corporations": {"type": "array", "items": {"type": "string", "minLength": 1}},
    "last_generation": {"type": "object", "required": ["generations"], "additionalProperties": False,
                        "properties": {"generations": {"type": "integer", "minimum": 1},
                                       "with": {"type": "object", "additionalProperties": {"type": "integer",
                                                                                            "minimum": 1},
                                                "description": "the last generation with a module in play, by id"}}},
    "final_phase_raises": {"type": "boolean"},
    "milestones_awards": {"type": "boolean"},
    "draft": {"type": "boolean"},
}
#: facts a game may go without (the beginner variant's list may be absent; a game ends by its
#: parameters unless a module gives it a fixed length)
OPTIONAL_FACTS = frozenset({"production_floor", "beginner_corporations", "last_generation", "final_phase_raises",
                            "milestones_awards", "draft"})
#: the keys of rules.yaml the core reads (GameRules' fields); any other is a mechanic's section
CORE_FACTS = frozenset(FACTS)


def mechanic_names() -> set[str]:
    """The mechanics some known module (or one of its variants) switches on: their names may head
    a section of facts of their own in a rules file."""
    out: set[str] = set()
    for module in manifests().values():
        flows = [module.flow or {}] + [v.get("flow", {}) for v in (module.variants or {}).values()]
        for flow in flows:
            out.update(flow.get("mechanics", ()))
    return out


@lru_cache(maxsize=16)
def load_rules(modules: tuple[str, ...] = ("base",)) -> GameRules:
    data: dict = {}
    tracks: dict[str, dict] = {}
    bonuses: list[dict] = []
    known = manifests()
    for m in modules:
        path = (folder_of(m) if m in known else CARDS_ROOT / m) / "rules.yaml"
        if path.exists():
            data.update(_facts(str(path)))
        for name, spec in (known[m].words("globals") if m in known else {}).items():
            tracks[name] = ({k: spec[k] for k in ("start", "goal", "step")}
                            | {"ends_game": spec.get("ends_game", False), "raised_by": spec.get("raised_by", "")})
            manifest = str((folder_of(m) if m in known else CARDS_ROOT / m) / "module.yaml")
            bonuses.extend({"param": name, "at": b["at"], "do": b["do"], "source": (manifest, *_at(b, "do"))}
                           for b in spec.get("bonuses", ()))
    missing = sorted(CORE_FACTS - OPTIONAL_FACTS - set(data))
    if missing:
        raise ModuleError(f"the rules files of the modules {', '.join(modules)} do not state "
                          f"{', '.join(repr(m) for m in missing)} (cards/base/rules.yaml states every fact)")
    return GameRules(
        start_tr=data["start_tr"], globals=tracks, bonuses=tuple(bonuses),
        production_floor=data.get("production_floor", {}), metal_value=data["metal_value"],
        ocean_adjacency_mc=data["ocean_adjacency_mc"], milestone_cost=data["milestones"]["cost"],
        milestone_points=data["milestones"]["points"], milestones_most=data["milestones"]["most"],
        award_costs=tuple(data["awards"]["costs"]), award_points=tuple(data["awards"]["points"]),
        card_price=data["card_price"], research_draw=data["research_draw"],
        actions_per_turn=data["actions_per_turn"], setup_corporations=data["setup"]["corporations"],
        setup_cards=data["setup"]["cards"], start_production=data["start_production"],
        players=(data["players"]["min"], data["players"]["max"]),
        production_converts=dict(data["production"]["converts"]), income_adds=dict(data["production"]["income_adds"]),
        beginner_corporations=tuple(data.get("beginner_corporations", ())),
        last_generation=_last_generation(data.get("last_generation"), modules),
        final_phase_raises=data.get("final_phase_raises", True),
        milestones_awards=data.get("milestones_awards", True),
        draft=data.get("draft", True),
        sections={k: v for k, v in data.items() if k not in CORE_FACTS})


def _last_generation(spec: dict | None, modules: tuple[str, ...]) -> int | None:
    """The last generation of a game of fixed length with these modules: the shortest a module in
    play gives (F324)."""
    if not spec:
        return None
    return min([spec["generations"], *(n for m, n in spec.get("with", {}).items() if m in modules)])


@lru_cache(maxsize=64)
def _facts(path: str) -> dict:
    """`load_facts`, once a run per file: several sets of modules share their rules files (the
    rules text asks the base game's alone), and reading one means parsing and checking it."""
    return load_facts(Path(path))


def load_facts(path: Path) -> dict:
    """One rules.yaml, read strictly and checked against `FACTS`; a file with a problem makes no
    game, and every problem of it is said at once, each at its place."""
    try:
        text = read_text(path, MAX_DATA_BYTES)
        data, lines = load_text(text, str(path), Kind("rules files", "a rules file"))
    except CompileError as e:
        raise ModuleError(str(e)) from None
    data = data or Map()
    if not isinstance(data, dict):
        raise ModuleError(f"{path}: a rules file is a mapping of rule facts")
    problems = fact_problems(data, str(path), lines)
    if problems:
        raise ModuleError(str(CompileError(problems)))
    return data


def fact_problems(data: dict, path: str, lines: list[str]) -> list:
    """The problems of a rules file's facts, in file order: unknown keys (with the nearest fact or
    mechanic), values of the wrong shape (with what was expected)."""
    mechanics = mechanic_names()
    out = []
    for key, value in data.items():
        if key in mechanics:
            if not isinstance(value, dict):
                out.append(diagnostic(path, lines, _at(data, key), "E601",
                                      f"'{key}' holds the facts of the mechanic {key}: a mapping of them",
                                      expected=f"{key}: {{fact: value, …}}"))
            continue
        shape = FACTS.get(key)
        if shape is None:
            hint = did_you_mean(str(key), set(FACTS) | mechanics)
            out.append(diagnostic(path, lines, _key_at(data, key), "E601", f"unknown rule fact '{key}'",
                                  suggestion=hint or "a rules file states these facts: " + ", ".join(sorted(FACTS)),
                                  expected="a rule fact (docs/modules.md, 'Rule facts') or the name of a mechanic "
                                           "a module switches on"))
            continue
        for error in sorted(Validator(shape).iter_errors(value),
                            key=lambda e: locate(value, e.absolute_path)):
            where = ".".join([str(key), *map(str, error.absolute_path)])
            unknown = error.validator == "additionalProperties"
            out.append(diagnostic(path, lines, locate(value, error.absolute_path) if error.absolute_path
                                  else _at(data, key), "E601", f"{where}: {error.message}",
                                  expected=_expected(shape, error),
                                  suggestion="" if not unknown else "its fields: " + ", ".join(
                                      sorted(error.schema.get("properties", {})))))
    return out


def _at(data: Any, key: Any) -> tuple[int, int]:
    return data.at(key) if isinstance(data, Map) else (1, 1)


def _key_at(data: Any, key: Any) -> tuple[int, int]:
    return data.key_at(key) if isinstance(data, Map) else (1, 1)


def _expected(shape: dict, error: Any) -> str:
    kind = error.schema.get("type")
    if kind == "integer":
        low = error.schema.get("minimum")
        return "a whole number" + (f" of at least {low}" if low is not None else "")
    if kind == "object" and "properties" in error.schema:
        return "{" + ", ".join(f"{k}: …" for k in error.schema["properties"]) + "}"
    if kind == "array":
        return "a list"
    return str(kind or "")


ON_FORGET.append(load_rules.cache_clear)
ON_FORGET.append(_facts.cache_clear)
