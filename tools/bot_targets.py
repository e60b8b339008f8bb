"""Measure a bot against the targets of issue 37 over seeded games (2 players, base + Corporate Era
unless told otherwise): the median length of its games against itself, its share of wins against
another bot in either seat, and the median time it takes to decide.

    python tools/bot_targets.py --games 200 --workers 2 [--bot strong] [--against greedy]

A tie for first (after the rules' tie-break) shares the win (`game.win_shares`). Times are
wall-clock per decision of the measured bot, so run it on a quiet machine. Prints one table and
writes nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tmars.botgame import make_agent
from tmars.game import Game, win_shares


def play(job: tuple[int, tuple[str, ...], tuple[str, ...], int]) -> dict:
    """One game: its length, the places of its seats, and the measured bot's decision times."""
    seed, seats, modules, cap = job
    game = Game.new(len(seats), seed=seed, modules=modules, max_generations=cap)
    agents = [make_agent(kind, seed * 31 + i) for i, kind in enumerate(seats)]
    times: list[float] = []
    while not game.over:
        d = game.pending
        t = time.perf_counter()
        answer = agents[d["player"]].choose(game)
        if seats[d["player"]] == seats[0]:
            times.append(time.perf_counter() - t)
        game.answer(d["player"], answer)
    return {"generations": game.state["generation"], "capped": bool(game.state.get("capped")),
            "share": win_shares(game), "times": times}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--bot", default="strong")
    ap.add_argument("--against", default="greedy")
    ap.add_argument("--modules", default="base,corpera")
    ap.add_argument("--max-generations", type=int, default=60)
    ap.add_argument("--skip-self", action="store_true", help="measure only the games against the other bot")
    ap.add_argument("--skip-against", action="store_true", help="measure only the games against itself")
    args = ap.parse_args()
    modules = tuple(args.modules.split(","))
    seeds = range(args.seed, args.seed + args.games)
    jobs_self = [(s, (args.bot, args.bot), modules, args.max_generations) for s in seeds]
    half = args.games // 2
    jobs_vs = ([(s, (args.bot, args.against), modules, args.max_generations) for s in seeds[:half]]
               + [(s, (args.against, args.bot), modules, args.max_generations) for s in seeds[half:]])
    with ProcessPoolExecutor(args.workers) as pool:
        own = [] if args.skip_self else list(pool.map(play, jobs_self, chunksize=4))
        vs = [] if args.skip_against else list(pool.map(play, jobs_vs, chunksize=4))
    print(f"{args.bot} on {'+'.join(modules)}, {args.games} seeded games from seed {args.seed}")
    if own:
        gens = [r["generations"] for r in own]
        times = [t for r in own for t in r["times"]]
        print(f"  against itself: median {statistics.median(gens):g} generations "
              f"(min {min(gens)}, max {max(gens)}, capped {sum(r['capped'] for r in own)}); "
              f"decision median {1000 * statistics.median(times):.1f} ms, p90 "
              f"{1000 * statistics.quantiles(times, n=10)[-1]:.1f} ms, {len(times)} decisions")
    if not vs:
        return 0
    first = sum(r["share"][0] for r in vs[:half])
    second = sum(r["share"][1] for r in vs[half:])
    n2 = len(vs) - half
    print(f"  against {args.against}: won {first + second:g} of {len(vs)} ({100 * (first + second) / len(vs):.1f} %); "
          f"first seat {first:g}/{half}, second seat {second:g}/{n2}; "
          f"median {statistics.median(r['generations'] for r in vs):g} generations")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
