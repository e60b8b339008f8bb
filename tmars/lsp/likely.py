"""Which answers a scenario's step most likely gives, read from the scenario alone.

Running the game up to the step would say exactly which options it has; completion cannot afford
that on every keystroke. What the file says is cheap and usually enough: the step's own `offered`
lists, the decision the step before left pending (`expect: {pending.kind: area}` is answered with
an area), and the cards the players hold (`play:` a card in hand, `act:` a played card's action).
Each completion item gets a rank from these; a text that cannot be read yet ranks nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import CompileError
from compiler.strictyaml import Map, Seq, load_text

from .mentions import DECK_LISTS

#: The pending decision kinds answered with an area's id, and those answered with a card's name.
AREA_DECISIONS = ("area",)
CARD_DECISIONS = ("card", "select")
#: The step keys that list the options a step offers.
OFFERED_KEYS = ("offered", "offered_exactly")


@dataclass
class Step:
    """What the file says about the options of the step the cursor is in."""

    offered: set[str] = field(default_factory=set)
    pending: str | None = None
    in_hand: set[str] = field(default_factory=set)
    played: set[str] = field(default_factory=set)


def step_at(text: str, line: int) -> Step | None:
    """The step whose lines hold the 0-based line, or None when the text cannot be read."""
    try:
        data, _ = load_text(text, "scenario.yaml")
    except CompileError:
        return None
    if not isinstance(data, Map):
        return None
    out = Step()
    _holdings(data.get("setup"), out)
    steps = data.get("steps")
    if not isinstance(steps, Seq):
        return out
    before = [i for i in range(len(steps)) if steps.at(i)[0] - 1 <= line]
    for i in before[:-1]:  # what the earlier steps `set` counts too
        if isinstance(steps[i], Map):
            _holdings(steps[i].get("set"), out)
    if not before:
        return out
    here = steps[before[-1]]
    if isinstance(here, Map):
        for key in OFFERED_KEYS:
            out.offered |= _strings(here.get(key))
    if len(before) > 1 and isinstance(steps[before[-2]], Map):
        expect = steps[before[-2]].get("expect")
        if isinstance(expect, Map) and isinstance(expect.get("pending.kind"), str):
            out.pending = expect["pending.kind"]
    return out


def _holdings(spec: Any, out: Step) -> None:
    if not isinstance(spec, Map):
        return
    for player in spec.get("players") or ():
        if isinstance(player, Map):
            out.in_hand |= _strings(player.get("hand"))
            out.played |= _strings(player.get("played")) | {str(p["name"]) for p in player.get("played") or ()
                                                             if isinstance(p, Map) and "name" in p}
    for key in DECK_LISTS:  # a card in the deck is not in hand; listed to say so
        out.in_hand -= _strings(spec.get(key))


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, Seq):
        return {v for v in value if isinstance(v, str)}
    return set()


def rank(step: Step | None, label: str, what: str) -> int:
    """0 (most likely) to 5: `what` is 'option', 'card' or 'area'."""
    if step is None:
        return {"option": 2, "card": 4, "area": 5}[what]
    if label in step.offered:
        return 0
    if what == "area":
        return 1 if step.pending in AREA_DECISIONS else 5
    if what == "card":
        return 1 if step.pending in CARD_DECISIONS else 4
    prefix, sep, rest = label.partition(":")
    if sep and prefix == "play" and rest in step.in_hand or sep and prefix == "act" and rest in step.played:
        return 1
    if sep and prefix in ("play", "act"):
        return 3
    return 2
