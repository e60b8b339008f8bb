"""Instructions per decision, counted by valgrind: a speed comparison that a busy machine cannot blur.

Wall-clock benchmarks on a shared VM vary by ±15 % between runs. The number of machine
instructions the interpreter executes for the same seeded games does not: it is a fixed property
of the code. This runs the base workload (2 players, Tharsis, uniform random bots, the modules
given) under `valgrind --tool=callgrind` twice, with no game and with N games, so the startup
cost cancels out, and reports instructions per game and per decision. With `--against REV` it does
the same for another revision (checked out in a temporary git worktree) and gives the ratio,
which is how "no more than 5 % slower than before" is checked.

    python tools/instructions.py [--games 4] [--warmup 1] [--modules base,corpera] [--against REV]
                                 [--hash-seeds 5] [--no-gc]

It takes a few minutes (valgrind runs Python about 50 times slower). Needs valgrind
(Debian package `valgrind`).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from revisions import checked_out

ROOT = Path(__file__).resolve().parent.parent

GAMES = """
import gc, os, sys
from tmars.agents import RandomAgent
from tmars.game import Game
modules = tuple(sys.argv[2].split(","))
decisions = 0
def one(seed):
    global decisions
    game = Game.new(2, seed=seed, modules=modules, max_generations=100)
    agents = [RandomAgent(seed * 2), RandomAgent(seed * 2 + 1)]
    while not game.over:
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
        decisions += 1
for s in range(int(sys.argv[3])):  # warm-up: compiled content and first-use caches are startup, not play
    one(10_000 + s)
decisions = 0
if os.environ.get("TMARS_NO_GC"):
    gc.collect()
    gc.disable()
for s in range(int(sys.argv[1])):
    one(s)
print(decisions)
"""


def count(tree: Path, games: int, modules: str, cache: Path, warmup: int, hash_seed: int = 0) -> tuple[int, int]:
    """(instructions, decisions) of a run of `games` games with the code of `tree`, its compiled
    cards read from `cache` (filled beforehand, so no run pays for compiling)."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "games.py"
        script.write_text(GAMES)
        out = Path(tmp) / "callgrind.out"
        # a fixed string hash: otherwise each run lays out dicts and sets differently, ±1 % apart
        env = {**os.environ, "PYTHONPATH": str(tree), "TMARS_CACHE": str(cache), "PYTHONHASHSEED": str(hash_seed)}
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                              str(script), str(games), modules, str(warmup)], capture_output=True, text=True,
                             env=env, cwd=tmp)
        if run.returncode != 0:
            raise SystemExit(f"valgrind failed:\n{run.stderr[-2000:]}")
        found = re.search(r"Collected : (\d+)", run.stderr)
        if not found:
            raise SystemExit("valgrind did not report the instructions collected")
        return int(found.group(1)), int(run.stdout.strip().splitlines()[-1])


def per_game(tree: Path, games: int, modules: str, warmup: int = 1, hash_seeds: int = 1) -> dict:
    """The instructions per game and per decision, averaged over `hash_seeds` string-hash seeds
    (0, 1, …): each seed lays the interpreter's tables out differently, a shift of up to ±0.5 % that
    the average smooths; `spread` is each seed's figure, in order."""
    spread = []
    with tempfile.TemporaryDirectory() as cache:  # each tree its own compile cache, filled first
        env = {**os.environ, "PYTHONPATH": str(tree), "TMARS_CACHE": cache}
        # the same games, played first, fill the cache: some content is compiled when a game first asks for it
        subprocess.run([sys.executable, "-c", GAMES, str(games), modules, str(warmup)], check=True,
                       capture_output=True, env=env, cwd=cache)
        for seed in range(hash_seeds):
            base, _ = count(tree, 0, modules, Path(cache), warmup, seed)
            total, decisions = count(tree, games, modules, Path(cache), warmup, seed)
            spread.append((total - base) / decisions)
    played = sum(spread) / len(spread) * decisions
    return {"instructions_per_game": played / games, "instructions_per_decision": played / decisions,
            "decisions": decisions, "spread": spread}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--modules", default="base,corpera")
    ap.add_argument("--against", metavar="REV", help="a git revision to compare with")
    ap.add_argument("--warmup", type=int, default=1,
                    help="games played first, counted in neither run: 50 for the steady state, where what is "
                         "kept between games is warm (slow: valgrind plays them twice)")
    ap.add_argument("--hash-seeds", type=int, default=1,
                    help="average over this many string-hash seeds (each run lays tables out differently)")
    ap.add_argument("--no-gc", action="store_true",
                    help="no garbage collection in the measured games: a collection runs when enough objects "
                         "were allocated, so any change to the code moves when it runs, which shifts the count "
                         "by up to ±0.5 %% (even an unused function added); without it two trees compare on "
                         "their own work alone")
    args = ap.parse_args()
    if args.no_gc:
        os.environ["TMARS_NO_GC"] = "1"
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    now = per_game(ROOT, args.games, args.modules, args.warmup, args.hash_seeds)
    print(f"this tree: {now['instructions_per_decision'] / 1e3:.1f} k instructions per decision "
          f"({now['decisions']} decisions in {args.games} games)")
    if args.against:
        with checked_out(args.against) as tree:
            then = per_game(tree, args.games, args.modules, args.warmup, args.hash_seeds)
        print(f"{args.against}: {then['instructions_per_decision'] / 1e3:.1f} k instructions per decision "
              f"({then['decisions']} decisions)")
        if then["decisions"] != now["decisions"]:
            print("note: the games differ between the two (the bots' choices changed); compare per decision")
        ratio = now["instructions_per_decision"] / then["instructions_per_decision"]
        each = [a / b for a, b in zip(now["spread"], then["spread"], strict=True)]
        print(f"ratio (this / {args.against}): {ratio:.3f}"
              + (f" (per hash seed: {min(each):.3f} to {max(each):.3f})" if len(each) > 1 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
