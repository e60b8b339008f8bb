"""Long soak: play checked random games for N minutes (invariants after every decision,
no soft-lock, no stall, save/load round trips), and report games, decisions and any failure
with the seed that replays it.

    python tools/soak.py --minutes 10 [--start-seed 0]

Replay a failure with: python -c "from tmars.soak import play_checked; play_checked(SEED, PLAYERS, CE, DRAFT)"
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from compiler.terminal import safe
from tmars.game import Game
from tmars.soak import play_checked


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=5)
    ap.add_argument("--start-seed", type=int, default=0)
    args = ap.parse_args()
    end = time.monotonic() + 60 * args.minutes
    games = decisions = capped = 0
    failures = []
    seed = args.start_seed
    while time.monotonic() < end:
        players = 2 + seed % 4
        ce, draft = seed % 2 == 0, seed % 3 == 0
        try:
            r = play_checked(seed, players, ce, draft)
            decisions += r.decisions
            capped += r.capped
            if seed % 10 == 0:  # a save/load round trip of a fresh game
                g = Game.new(players, seed=seed)
                assert Game.load(json.dumps(json.loads(g.save()))).save() == g.save()
        except Exception as e:  # a soak reports every failure and goes on
            failures.append((seed, players, ce, draft, f"{type(e).__name__}: {e}", traceback.format_exc(limit=3)))
        games += 1
        seed += 1
    print(f"games: {games} (seeds {args.start_seed}..{seed - 1}), decisions: {decisions}, capped: {capped}, "
          f"failures: {len(failures)}")
    for seed, players, ce, draft, msg, tb in failures:
        print(f"  seed {seed}, {players} players, corporate era {ce}, draft {draft}: {safe(msg)}")
        print("    " + safe(tb.strip()).replace("\n", "\n    "))
        print("    replay: python -c \"from tmars.soak import play_checked; "
              f"play_checked({seed}, {players}, {ce}, {draft})\"")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
