"""`tmars report`: run the games (as `tmars simulate` does), count as they arrive, then write the
files (output.py). Everything that can be refused is refused before the first game."""

from __future__ import annotations

import argparse
import importlib.util
import os
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

from ..batch import Spec, play_all, ray_problem
from ..botgame import seat_kinds
from ..tally import median
from . import real
from .tally import ReportTally

CARD_PLAYS = 30


def add_arguments(p: argparse.ArgumentParser, agent_kinds: Callable[[str], str],
                  positive: Callable[[str], int]) -> None:
    """The report's own options (the game options are `cli.parser`'s, shared with simulate); the
    argparse types are the command line's, so that a bad bot or count is refused the same way."""
    p.add_argument("--games", type=positive, default=100)
    p.add_argument("--agent", type=agent_kinds, default="greedy", metavar="BOT[,BOT…]",
                   help="the bot in every seat, or one per seat separated by commas (random, greedy, strong)")
    p.add_argument("--workers", type=positive, default=os.cpu_count() or 1,
                   help="processes to play in (default: one per core); the report does not depend on it")
    p.add_argument("--max-generations", type=positive, default=100)
    p.add_argument("--ray", action="store_true", help="run the games on a Ray cluster (pip install '.[cluster]')")
    p.add_argument("--ray-address", default=None, help="address of a running Ray cluster (default: start one)")
    p.add_argument("--out", required=True, metavar="DIR", help="the folder to write report.html and the CSVs in")
    p.add_argument("--per-game", action="store_true", help="also write per-game.csv, a row per player of each game")
    p.add_argument("--min-plays", type=positive, default=CARD_PLAYS,
                   help=f"show a card's win rate only when it was played this often (default {CARD_PLAYS})")
    p.add_argument("--real", metavar="FILE", help="corporation figures from real games to compare with "
                   "(default: the repository's docs/research/corporation-win-rates.yaml)")


def out_problem(folder: str) -> str | None:
    """Why the output folder cannot be used (it is made if missing), or None."""
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"{folder} is a file, not a folder"
    except OSError as e:
        return f"cannot make the folder {folder}: {e.strerror or e}"
    probe = path / ".tmars-report-probe"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        return f"cannot write in {folder}: {e.strerror or e}"
    return None


def run(args: argparse.Namespace) -> int:
    from ..cli import err, game_modules, game_variants, say, signal_name
    if importlib.util.find_spec("matplotlib") is None:  # an optional dependency
        say("error: tmars report draws with matplotlib, which is not installed; install it with "
            "pip install \"tmars[report]\"", err)
        return 2
    try:
        given = Path(args.real) if args.real else real.DEFAULT if real.DEFAULT.exists() else None
        sources = real.load(given) if given else None
    except real.RealDataError as e:
        say(f"error: --real: {e}", err)
        return 2
    ray = ray_problem(args.ray)
    if ray:
        say(f"error: {ray}", err)
        return 2
    from . import output
    modules = game_modules(args)
    variants = game_variants(args, modules)
    problem = out_problem(args.out)
    if problem:
        say(f"error: --out: {problem}", err)
        return 2
    spec = Spec(args.players, args.agent, modules, args.draft, args.max_generations, args.map,
                tuple(args.cards or ()), variants, seats=True)
    out = Path(args.out)
    tally = ReportTally()
    try:
        with ExitStack() as stack:
            per_game = stack.enter_context(output.PerGame(out / "per-game.csv")) if args.per_game else None

            def take(r: dict) -> None:
                tally.add(r)
                if per_game:
                    per_game.add(r)
            stopped = play_all(spec, args.seed, args.games, args.workers, args.ray, args.ray_address, "playing",
                               err, take)
    except OSError as e:  # writing per-game.csv failed (a full disk)
        say(f"error: --per-game: cannot write {out / 'per-game.csv'}: {e.strerror or e}", err)
        return 2
    warning = (f"Stopped ({signal_name(stopped)}) after {tally.games} of {args.games} games: this report covers "
               "only the games that finished." if stopped else "")
    try:
        written = write(out, args, spec, tally, sources, warning)
    except OSError as e:
        say(f"error: --out: cannot write in {args.out}: {e.strerror or e}", err)
        return 2
    for path in output.report_files(out):
        if path.name not in written:
            path.unlink()  # an earlier report's file this one has no figure for
    if warning:
        say(warning, err)
    for seed, failure in tally.failures:
        say(f"error: seed {seed}: {failure}", err)
    say(f"wrote {out / 'report.html'} and {len(written) - 1} CSV files", err)
    return 128 + stopped if stopped else (1 if tally.failures else 0)


def write(out: Path, args: argparse.Namespace, spec: Spec, tally: ReportTally, sources: list | None,
          warning: str) -> set[str]:
    """Write the figures and report.html; the names of the files written."""
    from . import output
    from .figures import fmt
    from .output import Report
    chance = 1 / spec.players if spec.players > 1 else None
    s = "s" if spec.players != 1 else ""
    report = Report(f"tmars report: {tally.games} games, {spec.players} player{s}, {spec.agent}", [
        ("games", f"{tally.games} (seeds {args.seed} to {args.seed + tally.games - 1})" if tally.games else "0"),
        ("bots, seat by seat", ", ".join(seat_kinds(spec.agent, spec.players))),
        ("modules", ", ".join(spec.modules)), ("map", spec.map_name),
        ("variants", "the modules' defaults" if spec.variants is None else ", ".join(spec.variants) or "none"),
        ("draft", "yes" if spec.draft else "no"), ("generation cap", str(spec.max_generations)),
        ("games capped (stopped at the cap, scored as they stood)", str(tally.capped)),
        ("generations (median)", fmt(median(tally.generations), 1)),
        ("engine failures recovered", str(len(tally.failures)))], warning)
    sec = report.sections
    sec.append(output.rate_section(out, tally, "corporation", "Win rate per corporation",
                                   "Of the players who played a corporation, the share who won.", chance))
    for card_type in tally.types:  # a mechanic's own cards: a table when any were played
        if tally.rates[card_type]:
            sec.append(output.rate_section(out, tally, card_type, f"Win rate per {card_type}",
                                           f"Of the players who played a {card_type} card, the share who won.",
                                           chance))
    sec.append(output.rate_section(out, tally, "card", f"Win rate per card (played at least {args.min_plays} times)",
                                   "Of the players who played a project card, the share who won: a card the "
                                   "winners play more than the others rates high.", chance, args.min_plays))
    if len(tally.rates["bot"]) > 1:
        sec.append(output.rate_section(out, tally, "bot", "Win rate per bot", "Each kind of bot's share of wins "
                                       "over the seats it played.", chance))
        sec.append(output.rate_section(out, tally, "bot-seat", "Win rate per bot and seat", "Each kind of bot in "
                                       "each seat: a bot that wins only from one seat shows here.", chance))
    if spec.players > 1:
        sec.append(output.rate_section(out, tally, "seat", "Win rate per seat", "Seat 1 moves first in the first "
                                       "generation.", chance))
    sec.append(output.count_section(out, tally.generations, "generations.csv", "Generations", "generations", "games",
                                    "How many generations the games lasted (a capped game counts at the cap)."))
    sec.append(output.count_section(out, tally.totals, "scores.csv", "Final scores", "score", "players",
                                    "Every player's final score."))
    sec.append(output.points_section(out, tally))
    if sources is not None:
        rates = {r["name"]: r["rate"] for r in tally.rate_rows("corporation")}
        summary, compared = real.compare(rates, sources)
        sec.append(output.correlation_section(out, summary, compared, COMPARISON))
    output.write_html(out / "report.html", report)
    return {"report.html"} | {x.csv for x in sec} | ({"correlation-points.csv"} if sources is not None else set()) | (
        {"per-game.csv"} if args.per_game else set())


COMPARISON = ("Spearman's rank correlation between this run's corporation win rates and each source's figures, "
              "over the corporations both have: 1 means the same order, 0 no relation, -1 the reverse. Ranks are "
              "compared, not rates: the real games had 3 players (chance 33 %) or an unstated number and strong "
              "human players, so their rates and this run's are on different scales. The interval is approximate "
              "(Fisher's z with the Fieller-Hartley-Pearson variance) and needs at least 4 corporations; the real "
              "games are not independent (the same players recur), so trust it less than it claims. Each source's "
              "population and limits are in docs/research/corporation-win-rates.yaml.")
