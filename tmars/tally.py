"""The summary of a run of many games, kept as the results arrive, in memory that does not grow
with the number of games (counts of values, sums and sets of names, never a list of games)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import IO


def median(counts: Counter) -> float:
    """The median of the values counted (the mean of the two middle ones for an even count)."""
    n = sum(counts.values())
    if not n:
        return float("nan")
    seen, low = 0, None
    for value in sorted(counts):
        seen += counts[value]
        if low is None and seen > (n - 1) // 2:
            low = value
        if seen > n // 2:
            return (low + value) / 2
    raise AssertionError("unreachable")  # pragma: no cover


@dataclass
class Tally:
    games: int = 0
    capped: int = 0
    decisions: int = 0
    score_sum: float = 0
    scores: int = 0
    generations: Counter = field(default_factory=Counter)
    decisions_per_game: Counter = field(default_factory=Counter)
    played: set[str] = field(default_factory=set)
    actions: set[str] = field(default_factory=set)
    #: what the mechanics' coverage lists (`Mechanic.coverage`): label -> names used
    used: dict[str, set[str]] = field(default_factory=dict)
    #: engine failures recovered from (`Game.keep_going`), with the seed of their game
    failures: list[tuple[int, str]] = field(default_factory=list)
    #: games won or lost rather than placed (the solo game's verdict): how many, and how many won
    judged: int = 0
    won: int = 0

    def add(self, result: dict) -> None:
        self.games += 1
        self.failures.extend((result["seed"], f) for f in result.get("failures", ()))
        self.capped += bool(result["capped"])
        self.decisions += result["decisions"]
        self.score_sum += sum(result["scores"])
        self.scores += len(result["scores"])
        self.generations[result["generations"]] += 1
        self.decisions_per_game[result["decisions"]] += 1
        self.played.update(result["played"])
        self.actions.update(result["actions"])
        if "won" in result:
            self.judged += 1
            self.won += bool(result["won"])
        for label, names in result.get("used", {}).items():
            self.used.setdefault(label, set()).update(names)


class JsonList:
    """A JSON list written to a file one item at a time and closed properly however the run ends,
    so that the file of a stopped run is still valid JSON."""

    def __init__(self, path: str):
        self.path = path
        self.count = 0
        self.out: IO[str] | None = None

    def __enter__(self) -> JsonList:
        self.out = open(self.path, "w", encoding="utf-8")
        self.out.write("[")
        return self

    def add(self, item: dict) -> None:
        assert self.out is not None
        self.out.write(("\n" if not self.count else ",\n") + json.dumps(item))
        self.count += 1

    def __exit__(self, *exc: object) -> None:
        assert self.out is not None
        try:
            self.out.write("\n]\n")
            self.out.close()
        except OSError:  # the disk filled or the file went away: the run says so (`cmd_simulate`)
            pass
