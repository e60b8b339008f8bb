"""Mechanics as plug-ins: what a rule system beyond the cards brings to the engine, registered in
one place.

A mechanic (a step of the setup, a phase of the generation, and next trading, politics, the solo
game) is one package under `tmars/mechanics/` that calls `register` with a `Mechanic`: the tasks
it pushes (how each runs, its fields in a save, whether it begins a unit of play), its phases,
its part of the state and of each player's record (shapes for saves, zones that hold cards), and
the hooks it adds to setup (dealing, the private choice, the reveal). A module's manifest switches
a mechanic on (`flow: {mechanics: [name]}`, in the module or in one of its variants); the core
reads the registries below and names no mechanic.

The core registers its own tasks and phases in the same registries (`core_tasks`, `core_phases`),
so every consumer (the interpreter's loop, the flow, the offer check, the save schema, the
invariants) reads one statement of each step.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .content import Content
    from .interpreter import Interp

Handler = Callable[["Interp", dict, Any], "dict | None"]

AMOUNT = 10**6  # more of anything than a game can reach: a larger number is a damaged or forged save
COUNT = 1000  # a bound for counters (TR, generations, card resources) no real game reaches

class SaveError(Exception):
    """A save file that is not a tmars game this engine can continue (or a state a mechanic's
    `check_save` refuses: the invariants report it)."""


#: how each task type runs, by name: the interpreter's loop reads this (TASKS has the rest of each)
HANDLERS: dict[str, Handler] = {}


@dataclass(frozen=True)
class SaveShapes:
    """The JSON Schema pieces a part of a save is written with (built by tmars/savefile.py)."""

    content: Content
    players: int
    player: dict  # a player's index
    project: dict  # a project card of this game
    corp: dict  # a corporation of this game
    card: dict  # any card of this game
    node: dict  # an IR node (checked against the cards elsewhere)
    ctx: dict  # the context an IR node runs in (player, card, X …)
    names: Callable[[Iterable[str], str], dict]  # an enum of names, with what the refusal calls one
    listing: Callable[..., dict]  # an array of items
    record: Callable[..., dict]  # an object with exactly these properties
    integer: Callable[[int, int], dict]  # a whole number in a range
    flag: dict = field(default_factory=lambda: {"type": "boolean"})


@dataclass(frozen=True)
class Task:
    """A task type: how it runs, and what a saved game may hold of it."""

    run: Handler
    fields: Callable[[SaveShapes], dict] = lambda s: {}  # field -> JSON Schema ("t" aside)
    optional: tuple[str, ...] = ()  # fields a task of this type may lack
    begins_unit: bool = False  # a unit of play starts with it: the offer check's trials stop before it
    #: a module's flow may name it as a setup step: it runs once for each player, given only `p`
    setup_step: bool = False
    holds_cards: bool = False  # its "cards" are in no other zone while it waits (a save checks each card once)
    #: as a setup step: what it needs on a player's record when it comes to them, and what it leaves
    records: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())


@dataclass(frozen=True)
class Phase:
    """A phase of a generation: `advance` runs whenever nothing is on the stack (it pushes the
    phase's next task or ends the phase); `start`, if any, as the phase begins."""

    advance: Callable[[Interp], None]
    start: Callable[[Interp], None] | None = None
    #: whether a flow may name it (the setup phase is where a new game is, before generation 1:
    #: no flow enters it, and a generation that did would never end)
    in_flow: bool = True


@dataclass(frozen=True)
class SetupQuestion:
    """A question a mechanic adds to each player's private setup choice (after the corporation
    and the kept cards): asked unless `done`; `ask` gives None when there is nothing to choose,
    and `take` then records the answer (None when nothing was asked) on the player's record."""

    done: Callable[[dict], bool]
    ask: Callable[[Interp, int], dict | None]
    take: Callable[[Interp, int, Any], None]


@dataclass(frozen=True)
class ScenarioKeys:
    """What a scenario file may say of a mechanic's part of a position (docs/scenarios.md): keys
    of a player's entry (given only with `phase: setup`: what was dealt) and of `setup:`, each
    with its JSON Schema; `arrange(game, setup, players, card)` puts them into the new game
    (`card(node, key, type)` is the card named there, refused when unknown or of another type)."""

    player: dict[str, dict] = field(default_factory=dict)
    setup: dict[str, dict] = field(default_factory=dict)
    arrange: Callable[..., None] | None = None
    #: the keys above that list card names, with the card type they hold (an editor completes them)
    card_lists: dict[str, str] = field(default_factory=dict)
    #: keys of its setup section that name a component the scenario puts to work (the global event
    #: that resolves, the party that rules; a dotted path with `*` for any key reaches a nested one,
    #: `agendas.*.policy`), and action kinds that use the action of the component such a key names
    #: (`policy:action` the ruling party's): read by tools/scenario_coverage.py
    chosen: tuple[str, ...] = ()
    acts: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Mechanic:
    """Everything one mechanic brings; each part is read by the consumer named in its comment."""

    name: str
    summary: str
    tasks: dict[str, Task] = field(default_factory=dict)
    phases: dict[str, Phase] = field(default_factory=dict)
    #: rows of the final score it brings, by name, each `(state, content, p, awards) -> VP`: a
    #: module's flow names the row (`scoring:`) where it counts
    score_rows: dict[str, Callable[..., int]] = field(default_factory=dict)
    #: its keys in the state and in each player's record: key -> JSON Schema
    state: Callable[[SaveShapes], dict] = lambda s: {}
    player_state: Callable[[SaveShapes], dict] = lambda s: {}
    #: keys of the state and of a player's record that hold card names (each card in one place)
    zones: tuple[str, ...] = ()
    player_zones: tuple[str, ...] = ()
    #: player zones a card may be played from (`resolve_card`'s `from`)
    played_from: tuple[str, ...] = ()
    #: the card types it brings into play that no core deck holds (its cards are allowed in its
    #: zones, in play and in a card being played)
    card_types: tuple[str, ...] = ()
    #: option-id prefixes of its decisions whose argument is a card's name (`discard:Name`)
    card_options: tuple[str, ...] = ()
    deal: Callable[[Interp], None] | None = None  # at the new game, after the core has dealt
    questions: tuple[SetupQuestion, ...] = ()
    reveal: Callable[[Interp, int], None] | None = None  # as a player reveals their choice
    check_save: Callable[[dict], None] | None = None  # what a save's schema cannot say (raise SaveError)
    scenario: ScenarioKeys = field(default_factory=ScenarioKeys)
    #: who acts for no player when its steps raise a track or place a tile (`world` in a task's
    #: context): how the log names them
    neutral_actor: str = ""
    #: how a finished game of its kind ended, where a game is won or lost rather than placed (the
    #: solo game): {"won": bool, "why": words}, or None while it has no verdict
    verdict: Callable[[dict], dict | None] | None = None
    #: how far the player still is from the goal of a game that is won or lost, in steps (global
    #: parameter steps, TR): what a bot weighs to reach it (0: it holds)
    goal_gap: Callable[[dict, Content], int] | None = None
    #: a neutral opponent it brings, as the log names it: red-bordered effects may target it, and it
    #: has every resource and production in any amount (`content.opponent`)
    opponent: str = ""
    #: standing effects no card gives (a ruling party's policy, a tile's bonus): for a player now,
    #: (revision, ((source, effect), …)), each effect in a card's IR form (`{"mods": …}` or
    #: `{"on": …, "do": …}`); equal revisions mean equal effects (`rules.standing`)
    standing: Callable[[dict, Content, int], tuple[Any, tuple[tuple[str, dict], ...]]] | None = None
    #: parts of its state the offer check of its rows and actions may read, each with its
    #: fingerprint for player p (`tmars/menu.py`): a `reads` may name them, and a kept part
    #: reading one is dropped when its fingerprint changes
    domains: dict[str, Callable[[dict, Any, int], Any]] = field(default_factory=dict)
    #: what it makes ready again as a generation begins (its fleets come home, its lobby opens),
    #: after the core's own (passing, TR raised this generation, what was granted for a while)
    new_generation: Callable[[Interp], None] | None = None
    #: its part of the state as lines of text for a player at the table (`tmars play`): a title
    #: and the lines (the colony tiles with their markers, colonies and fleets)
    describe: Callable[[dict, Content], tuple[str, list[str]]] | None = None
    #: what the bots' coverage report (`simulate --coverage`) lists for it: a label ('colony
    #: tiles traded with') -> (the card type counted, the names a finished game used)
    coverage: dict[str, tuple[str, Callable[[dict], Iterable[str]]]] = field(default_factory=dict)

    def cards(self, content: Content) -> list[str]:
        """Its cards in this game, in printed order."""
        return [name for t in self.card_types for name in content.in_printed_order(t)]


#: every registered mechanic, by name
MECHANICS: dict[str, Mechanic] = {}
#: every phase, the core's and the mechanics', by name
PHASES: dict[str, Phase] = {}
#: every task type, by name (its handler is also in interpreter.HANDLERS, which the loop reads)
TASKS: dict[str, Task] = {}
#: tasks that begin a unit of play (the offer check's boundary)
UNIT_STARTS: set[str] = set()


def _add_tasks(owner: str, tasks: dict[str, Task]) -> None:
    for name, task in tasks.items():
        if name in TASKS:
            raise ValueError(f"{owner}: the task '{name}' is already registered")
        TASKS[name] = task
        HANDLERS[name] = task.run
        if task.begins_unit:
            UNIT_STARTS.add(name)


#: the state's record of the action under way: the player and the cards they played in it, in
#: order. A card's tags count as played for the whole action: a card entering play later in it
#: reacts to them (`Interp.tags_played`); requirements are judged as the action began, so they
#: do not count them (F106, `rules.played_this_action`).
THIS_ACTION = "this_action"


def forget_action(state: dict, wild: tuple[str, ...], p: int | None = None) -> None:
    """An action of player p's is over, or one that may play cards begins (a corporation revealed,
    a card a mechanic's setup step plays), or (p None) a phase begins: what the state recorded of
    the last action is forgotten, the cards played in it and, in a game with wild tags (`wild`,
    the content's), the type they took in it (F327: a wild tag is given a type anew in each
    action). Asked at every action's end: nothing is done when nothing was recorded."""
    if THIS_ACTION in state:
        del state[THIS_ACTION]
    if not wild:
        return
    for player in (state["players"] if p is None else (state["players"][p],)):
        player.pop("wild_as", None)


def _add_phases(owner: str, phases: dict[str, Phase]) -> None:
    for name, phase in phases.items():
        if name in PHASES:
            raise ValueError(f"{owner}: the phase '{name}' is already registered")
        PHASES[name] = phase


def core_tasks(tasks: dict[str, Task]) -> None:
    """The core's own task types (turn, research, the setup choice …)."""
    _add_tasks("the core", tasks)


def core_phases(phases: dict[str, Phase]) -> None:
    _add_phases("the core", phases)


#: the kept menu's domains the mechanics add (`Mechanic.domains`), name -> fingerprint; the
#: core's are `tmars/menu.py`'s own
DOMAINS: dict[str, Callable[[dict, Any, int], Any]] = {}


def register(mechanic: Mechanic) -> Mechanic:
    """Add a mechanic's tasks and phases to the registries; called once, when its package loads."""
    if mechanic.name in MECHANICS:
        raise ValueError(f"the mechanic '{mechanic.name}' is already registered")
    _add_tasks(f"mechanic {mechanic.name}", mechanic.tasks)
    _add_phases(f"mechanic {mechanic.name}", mechanic.phases)
    clash = [d for d in mechanic.domains if d in DOMAINS]
    if clash:
        raise ValueError(f"mechanic {mechanic.name}: the menu domain '{clash[0]}' is already declared")
    DOMAINS.update(mechanic.domains)
    from .scoring import ROWS
    clash = [r for r in mechanic.score_rows if r in ROWS]
    if clash:
        raise ValueError(f"mechanic {mechanic.name}: the score row '{clash[0]}' is already declared")
    ROWS.update(mechanic.score_rows)
    MECHANICS[mechanic.name] = mechanic
    return mechanic


_loaded = False


def load_plugins() -> dict[str, Mechanic]:
    """Import every package of `tmars/mechanics/` once (each registers itself); the mechanics by name."""
    global _loaded
    if not _loaded:
        _loaded = True
        from . import mechanics
        for info in pkgutil.iter_modules(mechanics.__path__, mechanics.__name__ + "."):
            importlib.import_module(info.name)
    return MECHANICS


def names_off(on: Iterable[str]) -> set[str]:
    """The task and phase names of the mechanics not switched on: a game without them has none."""
    load_plugins()
    on = set(on)
    return {name for m in MECHANICS.values() if m.name not in on for name in (*m.tasks, *m.phases)}


def switched_on(names: Iterable[str]) -> tuple[Mechanic, ...]:
    """The mechanics a game's modules switch on, in the order named."""
    load_plugins()
    return tuple(MECHANICS[n] for n in names)
