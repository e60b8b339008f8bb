"""Steady-state speed against another revision, in turns on one core: a wall-clock ratio that a
busy machine blurs less.

On a shared VM the speed of a core drifts by tens of percent within minutes, and the two cores of
this machine differ by 10-25 % at the same moment, so two benchmarks run one after the other, or at
once on two cores, can disagree by more than the difference they are meant to show. This plays the
base workload (2 players, Tharsis, uniform random bots) with this tree and with `--against REV`
(checked out in a temporary git worktree) in turns, a fresh process each time, pinned to one core,
in the order A B B A A B ... so that a drift falls on both alike; each turn warms up first
(`--warmup` games), then times `--games` games. It reports each round's ratio of games per second
and their median, the same ratio for the engine's time alone (the time spent answering, per
decision: the uniform random bots' own choosing is a cost the engine does not have), and the p99
decision of each tree (median over the turns).

    python tools/speedup.py --against REV [--rounds 8] [--games 150] [--warmup 50] [--core 0]

`tools/instructions.py` gives the count that no machine blurs; this gives the time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from revisions import ROOT, checked_out

#: one turn, self-contained: it runs against any revision, so it uses only what every revision has
#: (`Game.new`, `answer`, `RandomAgent`), not this tree's `bench.py`
TURN = """
import json, sys, time
from tmars.agents import RandomAgent
from tmars.game import Game
games, warmup = int(sys.argv[1]), int(sys.argv[2])
def one(seed, times):
    game = Game.new(2, seed=seed, modules=("base", "corpera"), max_generations=100)
    agents = [RandomAgent(seed * 2), RandomAgent(seed * 2 + 1)]
    while not game.over:
        d = game.pending
        a = agents[d["player"]].choose(game)
        t = time.perf_counter()
        game.answer(d["player"], a)
        if times is not None:
            times.append(time.perf_counter() - t)
for s in range(warmup):
    one(10_000 + s, None)
times = []
start = time.perf_counter()
for s in range(games):
    one(s, times)
elapsed = time.perf_counter() - start
times.sort()
print(json.dumps({"games_per_s": games / elapsed, "p99_us": 1e6 * times[int(len(times) * 0.99)],
                  "engine_s": sum(times), "decisions": len(times)}))
"""


def turn(tree: Path, cache: str, games: int, warmup: int, core: int) -> dict:
    """One fresh process of `tree` on `core`: its games per second, p99 decision and decisions."""
    env = {**os.environ, "PYTHONPATH": str(tree), "TMARS_CACHE": cache}
    run = subprocess.run([sys.executable, "-c", TURN, str(games), str(warmup)], capture_output=True, text=True,
                         env=env, cwd=cache, preexec_fn=lambda: os.sched_setaffinity(0, {core}))
    if run.returncode != 0:
        raise SystemExit(f"a turn of {tree} failed:\n{run.stderr[-2000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def compare(this: Path, other: Path, rounds: int, games: int, warmup: int, core: int, label: str) -> int:
    with tempfile.TemporaryDirectory() as cache_a, tempfile.TemporaryDirectory() as cache_b:
        trees = {"this": (this, cache_a), label: (other, cache_b)}
        for tree, cache in trees.values():  # compile each tree's cards first: no turn pays for it
            turn(tree, cache, 1, 0, core)
        ratios: list[float] = []
        engine: list[float] = []  # the same ratio for the engine's time alone (answering), without the bots'
        p99: dict[str, list[float]] = {"this": [], label: []}
        decisions: dict[str, int] = {}
        for r in range(rounds):
            order = ["this", label] if r % 2 == 0 else [label, "this"]
            got = {name: turn(*trees[name], games, warmup, core) for name in order}
            for name, figures in got.items():
                p99[name].append(figures["p99_us"])
                decisions[name] = figures["decisions"]
            ratios.append(got["this"]["games_per_s"] / got[label]["games_per_s"])
            engine.append((got[label]["engine_s"] / got[label]["decisions"])
                          / (got["this"]["engine_s"] / got["this"]["decisions"]))
            print(f"round {r + 1}: this {got['this']['games_per_s']:.2f} games/s, {label} "
                  f"{got[label]['games_per_s']:.2f}, ratio {ratios[-1]:.3f} (engine alone {engine[-1]:.3f})",
                  flush=True)
    print(f"median ratio {statistics.median(ratios):.3f} over {rounds} rounds "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f})")
    print(f"engine alone (the time spent answering, without the bots' choosing): median ratio "
          f"{statistics.median(engine):.3f} (min {min(engine):.3f}, max {max(engine):.3f})")
    print(f"p99 decision: this {statistics.median(p99['this']):.0f} µs, {label} "
          f"{statistics.median(p99[label]):.0f} µs (median over the turns)")
    if decisions["this"] != decisions[label]:
        print("note: the games differ between the two (the bots' choices changed)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", metavar="REV", required=True, help="a git revision to compare with")
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--games", type=int, default=150, help="games timed in each turn")
    ap.add_argument("--warmup", type=int, default=50, help="games played first in each turn, not timed")
    ap.add_argument("--core", type=int, default=0, help="the core every turn runs on")
    args = ap.parse_args()
    if args.rounds < 1 or args.games < 1 or args.warmup < 0:
        ap.error("--rounds and --games must be at least 1, --warmup at least 0")
    if args.core not in os.sched_getaffinity(0):
        ap.error(f"core {args.core} is not available; this process may use {sorted(os.sched_getaffinity(0))}")
    with checked_out(args.against) as tree:
        return compare(ROOT, tree, args.rounds, args.games, args.warmup, args.core, args.against)


if __name__ == "__main__":
    sys.exit(main())
