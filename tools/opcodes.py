"""Python bytecodes executed per decision, counted one by one: a measure of work with no noise at all,
and one per decision, so it gives the tail (p99) that wall clock blurs most.

`instructions.py` counts machine instructions for whole runs; a run of the same tree moves by ±0.5 %
with where CPython lays its tables out, and it says nothing of single decisions. `speedup.py` times
single decisions, but on a shared VM its p99 moves by 10 % between runs. This plays the base workload
(2 players, Tharsis, uniform random bots, the modules given) with every bytecode counted
(`sys.settrace` with `f_trace_opcodes`: about 20 times slower than plain play) and reports, per
decision, the mean, p50, p90, p99 and p99.9 of the bytecodes executed while the engine answered
(the bots' choosing is left out); with `--against REV`, the same for another revision and the ratios.
A bytecode is not a fixed cost (a dict look-up is one, so is a call), so a change that moves work
into C is judged by `instructions.py`; for the rest the two agree (1.2 % more bytecodes was 1.2 %
more instructions when this was written).

    python tools/opcodes.py [--games 20] [--modules base,corpera] [--against REV]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from revisions import ROOT, checked_out

#: one run, self-contained: it runs against any revision, so it uses only what every revision has
GAMES = """
import json, sys
from tmars.agents import RandomAgent
from tmars.game import Game
games, modules = int(sys.argv[1]), tuple(sys.argv[2].split(","))
count = [0]
def tracer(frame, event, arg):
    frame.f_trace_opcodes = True
    frame.f_trace_lines = False
    def each(frame, event, arg):
        if event == "opcode":
            count[0] += 1
        return each
    return each
def one(seed, out):
    game = Game.new(2, seed=seed, modules=modules, max_generations=100)
    agents = [RandomAgent(seed * 2), RandomAgent(seed * 2 + 1)]
    while not game.over:
        d = game.pending
        a = agents[d["player"]].choose(game)
        count[0] = 0
        if out is not None:
            sys.settrace(tracer)
        game.answer(d["player"], a)
        sys.settrace(None)
        if out is not None:
            out.append(count[0])
one(10_000, None)  # warm-up: compiled content and first-use caches are startup, not play
counts = []
for s in range(games):
    one(s, counts)
print(json.dumps(counts))
"""

QUANTILES = (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("p99.9", 0.999))


def per_decision(tree: Path, games: int, modules: str) -> list[int]:
    """The bytecodes of each decision of `games` seeded games played with the code of `tree`."""
    with tempfile.TemporaryDirectory() as cache:  # each tree its own compile cache
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", "TMARS_CACHE": cache}
        run = subprocess.run([sys.executable, "-c", GAMES, str(games), modules], capture_output=True, text=True,
                             env=env, cwd=cache)
    if run.returncode != 0:
        raise SystemExit(f"the games failed in {tree}:\n{run.stderr[-2000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def summary(counts: list[int]) -> dict[str, float]:
    """The mean and the quantiles of the bytecodes per decision."""
    ordered = sorted(counts)
    out = {"mean": sum(ordered) / len(ordered)}
    for name, q in QUANTILES:
        out[name] = ordered[min(len(ordered) - 1, int(len(ordered) * q))]
    return out


def line(label: str, counts: list[int]) -> str:
    figures = summary(counts)
    return f"{label}: " + ", ".join(f"{k} {v:,.0f}" for k, v in figures.items()) + \
        f" bytecodes per decision ({len(counts)} decisions)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--modules", default="base,corpera")
    ap.add_argument("--against", metavar="REV", help="a git revision to compare with")
    args = ap.parse_args()
    now = per_decision(ROOT, args.games, args.modules)
    print(line("this tree", now))
    if args.against:
        with checked_out(args.against) as tree:
            then = per_decision(tree, args.games, args.modules)
        print(line(args.against, then))
        if len(then) != len(now):
            print("note: the games differ between the two (the bots' choices changed); the figures are per decision")
        a, b = summary(now), summary(then)
        print(f"ratio (this / {args.against}): " + ", ".join(f"{k} {a[k] / b[k]:.3f}" for k in a))
    return 0


if __name__ == "__main__":
    sys.exit(main())
