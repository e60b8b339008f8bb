"""Long soak: play checked random games for N minutes (invariants after every decision,
no soft-lock, no stall, save/load round trips), and report games, decisions and any failure
with the seed that replays it.

    python tools/soak.py --minutes 10 [--start-seed 0] [--players 2,3,4,5] [--modules base,corpera,prelude]
                         [--variant wgt]

With --players, the games cycle through the player counts given (default: 2 to 5 in turn).

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


def player_counts(text: str) -> tuple[int, ...]:
    """argparse type: '3' or '1,4': player counts between 1 (the solo game) and 5."""
    try:
        counts = tuple(int(p) for p in text.split(",") if p.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of player counts such as 2,4") from None
    if not counts or not all(1 <= c <= 5 for c in counts):
        raise argparse.ArgumentTypeError("player counts are 1 to 5")
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=5)
    ap.add_argument("--start-seed", type=int, default=0)
    ap.add_argument("--players", type=player_counts, default=(2, 3, 4, 5),
                    help="player counts to cycle through, comma-separated (default: 2,3,4,5)")
    ap.add_argument("--modules", default=None,
                    help="the modules of every game, comma-separated (default: base; Corporate Era every other game)")
    ap.add_argument("--variant", action="append", default=None, help="a variant on in every game (repeatable)")
    ap.add_argument("--map", default="tharsis", help="the map of every game (default: tharsis)")
    args = ap.parse_args(argv)
    modules = tuple(m.strip() for m in args.modules.split(",") if m.strip()) if args.modules else None
    variants = tuple(args.variant) if args.variant else None
    end = time.monotonic() + 60 * args.minutes
    games = decisions = capped = 0
    failures = []
    seed = args.start_seed
    while time.monotonic() < end:
        players = args.players[seed % len(args.players)]
        ce, draft = seed % 2 == 0, seed % 3 == 0 and players > 1  # the solo game has no draft (F256)
        edits = seed % 2 == 1  # every other game is edited between actions as a scenario's set may
        try:
            r = play_checked(seed, players, ce, draft, modules=modules, variants=variants, edits=edits,
                             map_name=args.map)
            decisions += r.decisions
            capped += r.capped
            if seed % 10 == 0:  # a save/load round trip of a fresh game
                g = Game.new(players, seed=seed, modules=modules, variants=variants, map_name=args.map)
                assert Game.load(json.dumps(json.loads(g.save()))).save() == g.save()
        except Exception as e:  # a soak reports every failure and goes on
            failures.append((seed, players, ce, draft, edits, f"{type(e).__name__}: {e}",
                             traceback.format_exc(limit=3)))
        games += 1
        seed += 1
    print(f"games: {games} (seeds {args.start_seed}..{seed - 1}; players {','.join(map(str, args.players))}), "
          f"decisions: {decisions}, capped: {capped}, failures: {len(failures)}")
    for seed, players, ce, draft, edits, msg, tb in failures:
        print(f"  seed {seed}, {players} players, corporate era {ce}, draft {draft}: {safe(msg)}")
        print("    " + safe(tb.strip()).replace("\n", "\n    "))
        print("    replay: python -c \"from tmars.soak import play_checked; "
              f"play_checked({seed}, {players}, {ce}, {draft}, modules={modules!r}, variants={variants!r}, "
              f"edits={edits}, map_name={args.map!r})\"")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
