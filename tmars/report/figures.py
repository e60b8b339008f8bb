"""The report's figures as SVG text (matplotlib, without pyplot's global state): the same numbers
always give the same bytes, since the SVG ids' salt and the metadata date are fixed."""

from __future__ import annotations

import io
import math

import matplotlib
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

#: fixed ids and no date: the same figure is the same bytes; text stays text (small, searchable)
RC = {"svg.hashsalt": "tmars-report", "svg.fonttype": "none", "font.size": 9}
WIDTH = 8.0
BAR = "#4c72b0"
WINNERS = "#dd8452"


def svg(fig: Figure) -> str:
    """The figure as an inline <svg> element (no XML prolog, no date)."""
    out = io.StringIO()
    with matplotlib.rc_context(RC):
        fig.savefig(out, format="svg", metadata={"Date": None}, bbox_inches="tight")
    text = out.getvalue()
    return text[text.index("<svg"):]


def win_rates(rows: list[dict], title: str, chance: float | None) -> str:
    """Horizontal bars, best at the top: each name's win rate with its 95 % interval, labelled with
    its number of plays; a dashed line at the rate chance alone would give."""
    with matplotlib.rc_context(RC):
        fig = Figure(figsize=(WIDTH, 1.2 + 0.22 * max(len(rows), 1)))
        ax = fig.add_subplot()
        ys = range(len(rows))[::-1]
        rates = [100 * r["rate"] for r in rows]
        err = [[100 * (r["rate"] - r["low"]) for r in rows], [100 * (r["high"] - r["rate"]) for r in rows]]
        ax.barh(list(ys), rates, xerr=err, color=BAR, ecolor="#333333", capsize=2, height=0.7)
        ax.set_yticks(list(ys), [f"{r['name']} ({r['plays']})" for r in rows])
        if chance is not None:
            ax.axvline(100 * chance, color="#888888", linestyle="--", linewidth=1, label="chance")
            ax.legend(loc="lower right")
        ax.set_xlim(0, 100)
        ax.set_xlabel("win rate, % (bar: 95 % Wilson interval; in brackets: plays)")
        ax.set_title(title)
        ax.set_ylim(-0.7, len(rows) - 0.3)
        return svg(fig)


def counts(values: list[tuple[int, int]], title: str, xlabel: str, ylabel: str) -> str:
    """A bar for each value counted."""
    with matplotlib.rc_context(RC):
        fig = Figure(figsize=(WIDTH, 3.2))
        ax = fig.add_subplot()
        ax.bar([v for v, _ in values], [c for _, c in values], width=0.9, color=BAR)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(title)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        return svg(fig)


def points(rows: list[dict]) -> str:
    """Mean points per source: all seats beside the winners."""
    with matplotlib.rc_context(RC):
        fig = Figure(figsize=(WIDTH, 3.2))
        ax = fig.add_subplot()
        xs = range(len(rows))
        ax.bar([x - 0.2 for x in xs], [r["all"] for r in rows], width=0.4, color=BAR, label="all players")
        ax.bar([x + 0.2 for x in xs], [r["winners"] for r in rows], width=0.4, color=WINNERS, label="winners")
        ax.set_xticks(list(xs), [r["source"] for r in rows])
        ax.set_ylabel("mean points per player")
        ax.set_title("Where the points come from")
        ax.legend()
        return svg(fig)


def rank_scatter(summary: list[dict], compared: list[dict]) -> str:
    """One panel per source: each corporation's rank in the run against its rank in the real data
    (1 = best); the closer to the diagonal, the more the run agrees."""
    with matplotlib.rc_context(RC):
        cols = 2
        rows = max(1, math.ceil(len(summary) / cols))
        fig = Figure(figsize=(WIDTH, 3.8 * rows))
        for k, s in enumerate(summary):
            ax = fig.add_subplot(rows, cols, k + 1)
            mine = [p for p in compared if p["source"] == s["source"]]
            ax.scatter([p["run_rank"] for p in mine], [p["real_rank"] for p in mine], color=BAR, s=14)
            for p in mine:
                ax.annotate(p["corporation"], (p["run_rank"], p["real_rank"]), fontsize=6, xytext=(3, 2),
                            textcoords="offset points")
            top = max([s["n"], 1])
            ax.plot([1, top], [1, top], color="#888888", linestyle="--", linewidth=1)
            ax.set_xlim(top + 0.5, 0.5)
            ax.set_ylim(top + 0.5, 0.5)
            ax.set_xlabel("rank in this run")
            ax.set_ylabel("rank in the real data")
            ax.set_title(f"{s['source']}\nrho = {fmt(s['rho'], 2)}, n = {s['n']}", fontsize=8)
        fig.tight_layout()
        return svg(fig)


def fmt(x: float, digits: int = 4) -> str:
    """A number as the report prints it: fixed digits, and 'n/a' for an undefined one."""
    return "n/a" if math.isnan(x) else f"{x:.{digits}f}"
