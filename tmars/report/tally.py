"""The report's counts, kept as the games arrive, in memory that does not grow with the number of
games: per name (corporation, card, a mechanic's card type, bot, seat, bot in a seat) how many seats
played it and their share of the wins, sums of points per source, and counts of generations and scores."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .stats import wilson

#: the win-rate tables, each a figure and a CSV; a mechanic's card type adds its own
TABLES = ("corporation", "card", "bot", "seat", "bot-seat")


@dataclass
class ReportTally:
    games: int = 0
    capped: int = 0
    generations: Counter = field(default_factory=Counter)
    #: final scores, one per scored seat
    totals: Counter = field(default_factory=Counter)
    #: table -> name -> [seats that played it, their share of the wins]
    rates: dict[str, dict[str, list]] = field(default_factory=lambda: {t: {} for t in TABLES})
    #: the mechanics' card types seen (each a table), in the order first seen
    types: list[str] = field(default_factory=list)
    #: the score rows (`flow.scoring`), in order, and their sums over all scored seats and over the
    #: winners (each weighted by its share of the win)
    sources: list[str] = field(default_factory=list)
    points_all: dict[str, float] = field(default_factory=dict)
    points_won: dict[str, float] = field(default_factory=dict)
    scored: int = 0
    won_weight: float = 0.0
    #: engine failures recovered from (`Game.keep_going`), with the seed of their game
    failures: list[tuple[int, str]] = field(default_factory=list)

    def add(self, result: dict) -> None:
        self.games += 1
        self.capped += bool(result["capped"])
        self.generations[result["generations"]] += 1
        self.failures.extend((result["seed"], f) for f in result.get("failures", ()))
        for i, seat in enumerate(result["seats"]):
            self._count("seat", str(i + 1), seat["win"])
            self._count("bot", seat["bot"], seat["win"])
            self._count("bot-seat", f"{seat['bot']} in seat {i + 1}", seat["win"])
            if seat["corporation"]:
                self._count("corporation", seat["corporation"], seat["win"])
            for card_type, names in seat["by_type"].items():
                if card_type not in self.types:
                    self.types.append(card_type)
                    self.rates[card_type] = {}
                for name in dict.fromkeys(names):
                    self._count(card_type, name, seat["win"])
            for name in dict.fromkeys(seat["cards"]):  # a card played twice is one play of it
                self._count("card", name, seat["win"])
            if seat["total"] is not None:
                self._score(seat)

    def _count(self, table: str, name: str, win: float) -> None:
        entry = self.rates[table].setdefault(name, [0, 0.0])
        entry[0] += 1
        entry[1] += win

    def _score(self, seat: dict) -> None:
        self.scored += 1
        self.won_weight += seat["win"]
        self.totals[seat["total"]] += 1
        for source, points in seat["points"].items():
            if source not in self.points_all:
                self.sources.append(source)
            self.points_all[source] = self.points_all.get(source, 0) + points
            self.points_won[source] = self.points_won.get(source, 0) + seat["win"] * points

    def rate_rows(self, table: str, min_plays: int = 1) -> list[dict]:
        """The rows of a win-rate table with at least `min_plays` plays, best rate first (then the
        most plays, then by name): name, plays, wins, rate and its 95 % Wilson interval."""
        rows = []
        for name, (plays, wins) in self.rates[table].items():
            if plays >= min_plays:
                low, high = wilson(wins, plays)
                rows.append({"name": name, "plays": plays, "wins": wins, "rate": wins / plays, "low": low,
                             "high": high})
        return sorted(rows, key=lambda r: (-r["rate"], -r["plays"], r["name"]))

    def point_rows(self) -> list[dict]:
        """Mean points per source, over all scored seats and over the winners."""
        return [{"source": s, "all": self.points_all[s] / self.scored if self.scored else 0.0,
                 "winners": self.points_won[s] / self.won_weight if self.won_weight else 0.0} for s in self.sources]
