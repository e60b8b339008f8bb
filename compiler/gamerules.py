"""The rule facts of the game (tracks, costs, counts, points) as data: `cards/<module>/rules.yaml`.

One file states each fact; the engine, the linter, the rules text and the sheet read it here.
A later module's file replaces the keys it gives, so a module or a map can change a cost or add
a track without touching code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from pathlib import Path

from .diagnostics import CompileError
from .modules import CARDS_ROOT, MAX_DATA_BYTES, ON_FORGET, ModuleError, folder_of, manifests
from .strictyaml import Kind, load_file


@dataclass(frozen=True)
class GameRules:
    start_tr: int
    globals: dict[str, dict]  # name -> start, goal, step, ends_game (from the manifests' tracks)
    bonuses: tuple[dict, ...]  # param, at, do (card language)
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
    beginner_corporations: tuple[str, ...] = ()
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
        return tuple(k for k, v in self.globals.items() if v.get("ends_game", True))

    def track_range(self, name: str) -> tuple[int, int] | None:
        spec = self.globals.get(name)
        return (spec["start"], spec["goal"]) if spec else None


#: the keys of rules.yaml the core reads (GameRules' fields); any other mapping is a mechanic's section
CORE_FACTS = frozenset({"start_tr", "production_floor", "metal_value", "ocean_adjacency_mc", "milestones", "awards",
                        "card_price", "research_draw", "actions_per_turn", "setup", "start_production", "players",
                        "beginner_corporations"})


@lru_cache(maxsize=16)
def load_rules(modules: tuple[str, ...] = ("base",)) -> GameRules:
    data: dict = {}
    tracks: dict[str, dict] = {}
    bonuses: list[dict] = []
    known = manifests()
    for m in modules:
        path = (folder_of(m) if m in known else CARDS_ROOT / m) / "rules.yaml"
        if path.exists():
            data.update(load_facts(path))
        for name, spec in (known[m].words("globals") if m in known else {}).items():
            tracks[name] = ({k: spec[k] for k in ("start", "goal", "step")}
                            | {"ends_game": spec.get("ends_game", True), "raised_by": spec.get("raised_by", "")})
            bonuses.extend({"param": name, "at": b["at"], "do": b["do"]} for b in spec.get("bonuses", ()))
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
        beginner_corporations=tuple(data.get("beginner_corporations", ())),
        sections={k: v for k, v in data.items() if k not in CORE_FACTS and isinstance(v, dict)})


def load_facts(path: Path) -> dict:
    """One rules.yaml, read strictly; a file that is not a mapping of facts makes no game."""
    try:
        data = load_file(path, Kind("rules files", "a rules file"), MAX_DATA_BYTES) or {}
    except CompileError as e:
        raise ModuleError(str(e)) from None
    if not isinstance(data, dict):
        raise ModuleError(f"{path}: a rules file is a mapping of rule facts")
    return data


ON_FORGET.append(load_rules.cache_clear)
