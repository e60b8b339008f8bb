"""The report's files: one CSV per figure holding exactly the numbers plotted, the optional
per-game CSV (written as the games arrive), and report.html with every figure inline."""

from __future__ import annotations

import csv
import html
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from . import figures
from .figures import fmt
from .tally import ReportTally

#: the files a report writes besides its win-rate tables (`win-rate-*.csv`)
NAMES = ("report.html", "generations.csv", "scores.csv", "points.csv", "correlation.csv", "correlation-points.csv",
         "per-game.csv")


def report_files(out: Path) -> list[Path]:
    """The files in `out` a report may have written (an earlier report's among them)."""
    return sorted([*out.glob("win-rate-*.csv"), *(p for p in (out / n for n in NAMES) if p.exists())])


def number(x: float) -> str:
    """A number in a CSV: a whole number as such, else four decimals; 'nan' when undefined."""
    if isinstance(x, float) and math.isnan(x):
        return "nan"
    return str(int(x)) if float(x).is_integer() else f"{x:.4f}"


def write_csv(path: Path, header: list[str], rows: list[list]) -> None:
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows([[v if isinstance(v, str) else number(v) for v in row] for row in rows])


class PerGame:
    """per-game.csv, a row per seat of each game, written as the games arrive (never held)."""

    def __init__(self, path: Path):
        self.path = path
        self.file: IO[str] | None = None
        self.sources: list[str] | None = None
        self.types: list[str] = []

    def __enter__(self) -> PerGame:
        self.file = open(self.path, "w", encoding="utf-8", newline="")
        self.writer = csv.writer(self.file, lineterminator="\n")
        return self

    def add(self, result: dict) -> None:
        if self.sources is None:  # the score rows are the same in every game of a run
            first = result["seats"][0]
            self.sources, self.types = list(first["points"]), list(first["by_type"])
            self.writer.writerow(["seed", "generations", "capped", "seat", "bot", "corporation", *self.types,
                                  "cards_played", *self.sources, "total", "place", "win"])
        for i, s in enumerate(result["seats"]):
            self.writer.writerow([result["seed"], result["generations"], int(bool(result["capped"])), i + 1, s["bot"],
                                  s["corporation"] or "", *(";".join(s["by_type"][t]) for t in self.types),
                                  ";".join(s["cards"]),
                                  *(s["points"].get(k, "") for k in self.sources),
                                  "" if s["total"] is None else s["total"], "" if s["place"] is None else s["place"],
                                  number(s["win"])])

    def __exit__(self, *exc: object) -> None:
        assert self.file is not None
        self.file.close()  # a full disk raises here as well: the run says so (`command.run`)


@dataclass
class Section:
    title: str
    text: str
    figure: str
    csv: str
    table: str = ""


@dataclass
class Report:
    """What report.html says above the figures, and the sections below."""

    title: str
    facts: list[tuple[str, str]]
    warning: str = ""
    sections: list[Section] = field(default_factory=list)


RATE_HEADER = ["name", "plays", "wins", "win_rate", "low95", "high95"]


def rate_section(out: Path, tally: ReportTally, table: str, title: str, text: str, chance: float | None,
                 min_plays: int = 1) -> Section:
    rows = tally.rate_rows(table, min_plays)
    name = f"win-rate-{table}.csv"
    write_csv(out / name, RATE_HEADER, [[r["name"], r["plays"], r["wins"], r["rate"], r["low"], r["high"]]
                                        for r in rows])
    return Section(title, text, figures.win_rates(rows, title, chance), name)


def count_section(out: Path, counter: dict, name: str, title: str, key: str, unit: str, text: str) -> Section:
    values = sorted(counter.items())
    write_csv(out / name, [key, unit], [list(v) for v in values])
    return Section(title, text, figures.counts(values, title, key, unit), name)


def points_section(out: Path, tally: ReportTally) -> Section:
    rows = tally.point_rows()
    write_csv(out / "points.csv", ["source", "mean_all", "mean_winners"],
              [[r["source"], r["all"], r["winners"]] for r in rows])
    return Section("Where the points come from",
                   "The mean points each score row gives a player, over all players and over the winners "
                   "(a tie for first counts each winner by their share).", figures.points(rows), "points.csv")


def correlation_section(out: Path, summary: list[dict], compared: list[dict], note: str) -> Section:
    write_csv(out / "correlation.csv", ["source", "metric", "n", "spearman_rho", "low95", "high95", "about"],
              [[s["source"], s["metric"], s["n"], s["rho"], s["low"], s["high"], s["about"]] for s in summary])
    write_csv(out / "correlation-points.csv",
              ["source", "corporation", "run_win_rate", "real_value", "run_rank", "real_rank"],
              [[p["source"], p["corporation"], p["run_win_rate"], p["real"], p["run_rank"], p["real_rank"]]
               for p in compared])
    rows = "".join(f"<tr><td>{html.escape(s['source'])}</td><td>{html.escape(s['about'])}</td>"
                   f"<td>{html.escape(s['metric'])}</td><td>{s['n']}</td><td>{fmt(s['rho'], 3)}</td>"
                   f"<td>{fmt(s['low'], 3)} to {fmt(s['high'], 3)}</td></tr>" for s in summary)
    table = ("<table><tr><th>source</th><th>who played</th><th>measure</th><th>corporations in both</th>"
             f"<th>Spearman's rho</th><th>approx. 95 % interval</th></tr>{rows}</table>")
    return Section("Compared with real games", note, figures.rank_scatter(summary, compared) if summary else "",
                   "correlation.csv", table)


STYLE = ("body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}"
         "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}"
         ".warning{color:#a00;font-weight:bold}svg{max-width:100%;height:auto}")


def write_html(path: Path, report: Report) -> None:
    facts = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in report.facts)
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(report.title)}"
             f"</title><style>{STYLE}</style></head><body>\n<h1>{html.escape(report.title)}</h1>\n"]
    if report.warning:
        parts.append(f"<p class=\"warning\">{html.escape(report.warning)}</p>\n")
    parts.append(f"<table>{facts}</table>\n")
    for s in report.sections:
        parts.append(f"<h2>{html.escape(s.title)}</h2>\n<p>{html.escape(s.text)} "
                     f"<a href=\"{html.escape(s.csv)}\">{html.escape(s.csv)}</a></p>\n{s.table}\n{s.figure}\n")
    parts.append("</body></html>\n")
    path.write_text("".join(parts), encoding="utf-8")
