"""A game at a table: the seats (people and bots), the bots' moves, and undo by replay.

Undo does not keep copies of past states: it rebuilds the game from where this session began
(`start`: the seeded new game, or the loaded save) and replays the answers given since, less
the undone ones. The engine is deterministic (its random state is part of the game state), so
the rebuilt game is byte for byte the one that stood before those answers; the bots' random
states are restored from the marks taken at each of the person's decisions, so that after an
undo the bots answer as they did the first time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..game import Game


@dataclass(frozen=True)
class Mark:
    """Where a person faced a decision: how many answers the game had been given, and each
    seat's snapshot (a bot's random state) at that moment."""

    answers: int
    seats: tuple[dict, ...]


class Table:
    """The game, its agents (seat order; a seat whose agent's `kind` is 'human' is a person's)
    and the marks to undo to. `start` rebuilds the game as this session began."""

    def __init__(self, game: Game, agents: list[Any], start: Callable[[], Game]):
        self.game = game
        self.agents = agents
        self.start = start
        self.marks: list[Mark] = []

    # ---- seats ----------------------------------------------------------------------------
    def is_human(self, seat: int) -> bool:
        return getattr(self.agents[seat], "kind", "") == "human"

    @property
    def human(self) -> int:
        """The seat the screen shows as 'you': the person deciding now, else the first person."""
        d = self.game.pending
        if d is not None and self.is_human(d["player"]):
            return d["player"]
        return next((i for i in range(len(self.agents)) if self.is_human(i)), 0)

    def snapshots(self) -> list[dict]:
        return [a.snapshot() for a in self.agents]

    def save_text(self) -> str:
        """The game with every seat's kind and random state: `tmars play --load` resumes it."""
        return self.game.save(agents=self.snapshots())

    # ---- play -----------------------------------------------------------------------------
    def run_bots(self) -> None:
        """Let the bots answer until a person decides or the game ends, then mark that decision."""
        game = self.game
        while not game.over and not self.is_human(game.pending["player"]):
            d = game.pending
            game.answer(d["player"], self.agents[d["player"]].choose(game))
        # an engine failure rolled a unit back (`Game.keep_going`): marks past it are gone
        self.marks = [m for m in self.marks if m.answers <= len(game.answers)]
        if not game.over and (not self.marks or self.marks[-1].answers != len(game.answers)):
            self.marks.append(Mark(len(game.answers), tuple(self.snapshots())))

    def answer(self, answer: Any) -> None:
        """The person's answer to the pending decision (IllegalAnswer leaves everything as it
        was), then the bots' moves up to the next decision of a person."""
        self.game.answer(self.game.pending["player"], answer)
        self.run_bots()

    # ---- undo -----------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return len(self.marks) >= 2 or (len(self.marks) == 1 and self.marks[0].answers < len(self.game.answers))

    def undo(self) -> bool:
        """Go back to the person's previous decision (the bots' answers after it are undone with
        it). False when there is none: the session began there."""
        if not self.can_undo():
            return False
        if self.marks[-1].answers == len(self.game.answers):  # the decision shown now: go to the one before
            self.marks.pop()
        mark = self.marks[-1]
        self.game = self.replay(mark.answers)
        for agent, seat in zip(self.agents, mark.seats, strict=True):
            if "rng" in seat:
                agent.rng.setstate(seat["rng"])
        return True

    def replay(self, count: int) -> Game:
        """The game rebuilt from its start and its first `count` answers."""
        game = self.start()
        for player, answer in self.game.answers[:count]:
            game.answer(player, answer)
        return game
