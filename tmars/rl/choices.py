"""A pending decision as a sequence of picks among a fixed number of slots.

A learner acts through `Discrete(slots + 3)`: index i < slots takes the i-th option of the page
shown, `slots + FINISH` ends a selection, `slots + MORE` shows the next page of a long offer and
`slots + BACK` takes back a selection's last pick. An offer longer than the slots is paged, never
cut. A selection ("select": min, max, sizes, only) is built one pick at a time: an option is
offered only while some legal answer still holds the picks so far and it, and "finish" only when
the picks are a legal answer; the answer goes to the engine when finished. Where the engine judges
a selection only when it is given (its "check" flag: too many choices to try beforehand), finish
is offered only for picks the engine's own check accepts, and "back" where no pick nor finish is
left, so a dead end can be left.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import trial
from ..game import Game, selection_refusal, selection_sizes

#: the control actions, after the option slots
FINISH, MORE, BACK = 0, 1, 2
CONTROLS = ("finish", "more", "back")


class IllegalAction(ValueError):
    """An action the mask marks illegal: refused before the engine sees anything."""


class Choices:
    """The picks under way on the pending decision: the page shown and a selection's picks."""

    def __init__(self, slots: int):
        if slots < 1:
            raise ValueError("an environment needs at least one option slot")
        self.slots = slots
        self.decision: dict | None = None
        self.chosen: list[str] = []
        self.page = 0
        self.offer: list[dict] = []
        self.finish_ok = False
        self.back_ok = False

    @property
    def size(self) -> int:
        """How many actions there are: the slots and the controls."""
        return self.slots + len(CONTROLS)

    def start(self, game: Game) -> None:
        """Begin on the game's pending decision (or on none: the game is over)."""
        self.decision = game.pending
        self.chosen = []
        self._refresh(game)

    def _refresh(self, game: Game) -> None:
        d = self.decision
        self.page = 0
        if d is None:
            self.offer, self.finish_ok, self.back_ok = [], False, False
            return
        if d["kind"] != "select":
            self.offer, self.finish_ok, self.back_ok = list(d["options"]), False, False
            return
        self.offer = _picks(d, self.chosen)
        self.finish_ok = _finishes(game, d, self.chosen)
        self.back_ok = bool(self.chosen) and not self.offer and not self.finish_ok

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.offer) // self.slots))

    def shown(self) -> list[dict]:
        """The options on the page shown, slot by slot."""
        return self.offer[self.page * self.slots:(self.page + 1) * self.slots]

    def mask(self) -> list[int]:
        """1 for each legal action, 0 for the rest."""
        out = [0] * self.size
        for i in range(len(self.shown())):
            out[i] = 1
        out[self.slots + FINISH] = int(self.finish_ok)
        out[self.slots + MORE] = int(self.pages > 1)
        out[self.slots + BACK] = int(self.back_ok)
        return out

    def only_finish(self) -> bool:
        """Is finishing the selection the one legal action? Then the env gives it at once."""
        return self.finish_ok and not self.offer

    def act(self, game: Game, action: Any) -> Any:
        """Apply an action; the engine answer when the decision is complete, else None. An illegal
        action raises IllegalAction and changes nothing."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise IllegalAction(f"an action is an integer from 0 to {self.size - 1}, not {action!r}")
        action = int(action)
        if not 0 <= action < self.size or not self.mask()[action]:
            raise IllegalAction(f"action {action} is not legal now; legal: "
                                + ", ".join(str(i) for i, m in enumerate(self.mask()) if m))
        if action == self.slots + MORE:
            self.page = (self.page + 1) % self.pages
            return None
        if action == self.slots + FINISH:
            return self.answer()
        if action == self.slots + BACK:
            self.chosen.pop()
            self._refresh(game)
            return None
        picked = self.shown()[action]["id"]
        if self.decision["kind"] != "select":
            return picked
        self.chosen.append(picked)
        self._refresh(game)
        return None

    def answer(self) -> list[str]:
        """The selection's picks as the engine takes them (`in_option_order`)."""
        return in_option_order(self.decision, self.chosen)


def in_option_order(d: dict, chosen: list[str]) -> list[str]:
    """Picks in the order of the decision's options, as the engine takes a selection."""
    order = {o["id"]: i for i, o in enumerate(d["options"])}
    return sorted(chosen, key=order.__getitem__)


def _picks(d: dict, chosen: list[str]) -> list[dict]:
    """The options some legal answer holds together with the picks so far."""
    taken = set(chosen)
    left = [o for o in d["options"] if o["id"] not in taken]
    only = d.get("only")
    if only is not None:
        held = set()
        for c in only:
            if taken.issubset(c):
                held.update(c)
        return [o for o in left if o["id"] in held]
    if not any(k > len(chosen) for k in selection_sizes(d)):
        return []
    return left


def _finishes(game: Game, d: dict, chosen: list[str]) -> bool:
    """Are the picks a legal answer, as the engine judges one (its check included)?"""
    answer = in_option_order(d, chosen)
    if selection_refusal(d, answer) is not None:
        return False
    if d.get("check"):
        return trial.answer_completes(game.interp, answer, trial.boundary_depth(game.state["stack"]))
    return True
