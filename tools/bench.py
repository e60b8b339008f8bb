"""Benchmarks: compile time of the card library (cold and warm), random-play throughput,
state copy and save costs, and peak memory. Prints a table and writes JSON for comparison.

    python tools/bench.py [--games 50] [--json out.json] [--compare old.json]
                          [--only compile|play|steady|modules|maps|solo|state|memory|lint-many|env]
                          [--memory-games 1000] [--env-games 20]
                          [--lint-files 5000] [--steady-games 500] [--module-sets "base;base,corpera,colonies"]

`play` is the 50-game figure (3 warm-up games); `steady` plays 500 games after 50 of warm-up;
`modules` gives games/s and ms per generation for each module set, `maps` for each map (`--maps`).

`lint-many` lints that many one-card files (the shipped project cards, renamed, their cost changed
on each round), the way a fan collection of one file per card is linted.

`env` gives the reinforcement-learning environment's steps per second (tmars.rl, docs/rl.md): a
uniform random policy over the legal actions, seeds 0 to N-1, for two module sets.

Speed is measured here, never in timed tests.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from compiler.library import compile_paths


def bench_compile(repeats: int = 3) -> dict:
    import os
    cold, warm = [], []
    cards = 0
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["TMARS_CACHE"] = tmp
            t = time.perf_counter()
            result = compile_paths()
            cold.append(time.perf_counter() - t)
            t = time.perf_counter()
            compile_paths()
            warm.append(time.perf_counter() - t)
            cards = len(result.cards)
    os.environ.pop("TMARS_CACHE", None)
    c, w = min(cold), min(warm)
    return {"cards": cards, "compile_cold_s": c, "compile_warm_s": w,
            "compile_cold_per_card_ms": 1000 * c / cards, "compile_warm_per_card_ms": 1000 * w / cards}


def one_card_files(folder: Path, count: int) -> None:
    """Write `count` one-card files into `folder`: the shipped project cards, each renamed, in turn."""
    from compiler.modules import CARDS_ROOT
    entries: list[str] = []
    for path in sorted(CARDS_ROOT.glob("*/projects-*.yaml")):
        current: list[str] = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("- ") and current:
                entries.append("\n".join(current))
                current = []
            if line.startswith("- ") or current:
                current.append(line)
        if current:
            entries.append("\n".join(current))
    for i in range(count):
        text = entries[i % len(entries)]
        first, _, rest = text.partition("\n")
        # each round through the cards changes their cost, so that no two files compile to the same card
        extra = i // len(entries)
        rest = re.sub(r"^  cost: (\d+)", lambda m, extra=extra: f"  cost: {int(m.group(1)) + extra}", rest, flags=re.M)
        (folder / f"card-{i:05d}.yaml").write_text(f"{first} {i}\n{rest}\n", encoding="utf-8")


def bench_lint_many(count: int) -> dict:
    from compiler.lint import lint_paths
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "fan-cards"
        folder.mkdir()
        one_card_files(folder, count)
        t = time.perf_counter()
        result = lint_paths([folder])
        elapsed = time.perf_counter() - t
    return {"lint_files": result.files, "lint_many_s": elapsed, "lint_per_file_ms": 1000 * elapsed / result.files}


def bench_play(games: int, warmup: int = 3, modules: tuple[str, ...] = ("base", "corpera"), prefix: str = "",
               map_name: str = "tharsis", players: int = 2, variants: tuple[str, ...] | None = None) -> dict:
    """Games of uniform random bots, two players unless told (on Tharsis unless a map is named):
    games/s, ms per generation, µs per decision (median and p99) and per action menu (an answer
    after which the next decision is an action choice: the menu rebuilt at each prompt)."""
    from tmars.agents import RandomAgent
    from tmars.game import Game

    def one(seed: int, times: list | None, menus: list | None) -> tuple[int, int]:
        game = Game.new(players, seed=seed, modules=modules, max_generations=100, map_name=map_name,
                        variants=variants)
        agents = [RandomAgent(seed * 2 + k) for k in range(players)]
        n = 0
        while not game.over:
            d = game.pending
            a = agents[d["player"]].choose(game)
            t = time.perf_counter()
            game.answer(d["player"], a)
            if times is not None:
                took = time.perf_counter() - t
                times.append(took)
                if menus is not None and game.pending and game.pending["kind"] == "action":
                    menus.append(took)
            n += 1
        return n, game.state["generation"]

    for s in range(warmup):
        one(10_000 + s, None, None)
    times: list[float] = []
    menus: list[float] = []
    decisions, gens = [], []
    t = time.perf_counter()
    for s in range(games):
        n, g = one(s, times, menus)
        decisions.append(n)
        gens.append(g)
    elapsed = time.perf_counter() - t
    times.sort()
    menus.sort()
    return {f"{prefix}games": games, f"{prefix}games_per_s": games / elapsed,
            f"{prefix}ms_per_generation": 1000 * elapsed / sum(gens),
            f"{prefix}median_generations": statistics.median(gens),
            f"{prefix}median_decisions": statistics.median(decisions),
            f"{prefix}decision_median_us": 1e6 * times[len(times) // 2],
            f"{prefix}decision_p99_us": 1e6 * times[int(len(times) * 0.99)],
            f"{prefix}action_menu_median_us": 1e6 * menus[len(menus) // 2] if menus else 0.0}


def bench_steady(games: int, warmup: int = 50) -> dict:
    """The steady state: many games in one process after a warm-up, where caches are full and the
    collector has seen the card library."""
    return bench_play(games, warmup=warmup, prefix="steady_")


def bench_module_sets(sets: list[tuple[str, ...]], games: int) -> dict:
    """Games/s for each module set (a module may not slow the base workload by more than 5 %)."""
    out: dict = {}
    for modules in sets:
        figures = bench_play(games, warmup=3, modules=modules, prefix=f"{'+'.join(modules)}_")
        out[f"{'+'.join(modules)}_games_per_s"] = figures[f"{'+'.join(modules)}_games_per_s"]
        out[f"{'+'.join(modules)}_ms_per_generation"] = figures[f"{'+'.join(modules)}_ms_per_generation"]
    return out


def bench_state() -> dict:
    from tmars.agents import RandomAgent
    from tmars.game import Game
    game = Game.new(2, seed=3, max_generations=100)
    agents = [RandomAgent(1), RandomAgent(2)]
    while not game.over:  # the end of a game: the largest state
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
    n = 200
    t = time.perf_counter()
    for _ in range(n):
        game.clone()
    copy_ms = 1000 * (time.perf_counter() - t) / n
    t = time.perf_counter()
    for _ in range(n):
        text = game.save()
    save_ms = 1000 * (time.perf_counter() - t) / n
    return {"state_copy_ms": copy_ms, "save_ms": save_ms, "save_bytes": len(text.encode())}


def peak_memory(games: int = 3) -> dict:
    tracemalloc.start()
    bench_play(games, warmup=0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"peak_memory_mb": peak / 2**20}


def memory_over_games(games: int) -> dict:
    """Memory held after many games in one process: what the caches keep once games are gone.
    Measured with tracemalloc after the first 10 games and after all of them."""
    import gc

    from tmars.game import Game
    tracemalloc.start()
    bench_play(10, warmup=0)
    gc.collect()
    early, _ = tracemalloc.get_traced_memory()
    bench_play(games - 10, warmup=0)
    gc.collect()
    late, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    memo = Game.new(2, seed=0, modules=("base", "corpera")).content.memo  # the content the games were played with
    return {"memory_games": games, "memory_after_10_games_mb": early / 2**20,
            f"memory_after_{games}_games_mb": late / 2**20, "content_memo_entries": sum(
                len(v) if isinstance(v, dict) else 1 for v in memo.values()),
            "menu_shared_parts": sum(len(table) for table in memo.get("menu-shared", {}).values())}


def bench_maps(maps: list[str], games: int) -> dict:
    """Games/s and ms per generation on each map (base + Corporate Era, two random bots)."""
    out: dict = {}
    for name in maps:
        figures = bench_play(games, warmup=3, prefix=f"{name}_", map_name=name)
        out[f"map_{name}_games_per_s"] = figures[f"{name}_games_per_s"]
        out[f"map_{name}_ms_per_generation"] = figures[f"{name}_ms_per_generation"]
    return out


def bench_solo(games: int) -> dict:
    """Games/s and ms per generation of the solo game, each mode (base + Corporate Era, a random bot)."""
    out: dict = {}
    for name, variants in (("solo", ()), ("solo_tr63", ("tr63",))):
        figures = bench_play(games, warmup=3, prefix=f"{name}_", players=1, variants=variants)
        out[f"{name}_games_per_s"] = figures[f"{name}_games_per_s"]
        out[f"{name}_ms_per_generation"] = figures[f"{name}_ms_per_generation"]
    return out


def bench_env(games: int) -> dict:
    """Steps/s of the AEC environment (observation, mask and step) under a uniform random masked
    policy, two players, seeds 0 to games-1 after one warm-up game: base + Corporate Era, and with
    Prelude, Venus, Colonies and Turmoil besides."""
    import numpy as np

    from tmars.rl.env import TmarsEnv
    out: dict = {}
    for name, modules in (("env_base", ("base", "corpera")),
                          ("env_all", ("base", "corpera", "prelude", "venus", "colonies", "turmoil"))):
        env = TmarsEnv(players=2, modules=modules, max_generations=100)
        steps = 0
        elapsed = 0.0
        for seed in range(-1, games):
            rng = np.random.default_rng(seed + 1)
            t = time.perf_counter()
            env.reset(seed=seed + 1_000 if seed < 0 else seed)
            n = 0
            for _ in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                n += 1
            if seed >= 0:
                elapsed += time.perf_counter() - t
                steps += n
        out[f"{name}_steps_per_s"] = steps / elapsed
        out[f"{name}_steps_per_game"] = steps / games
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--json")
    ap.add_argument("--compare")
    ap.add_argument("--only", choices=("compile", "play", "steady", "modules", "maps", "solo", "state", "memory",
                                       "lint-many", "env"))
    ap.add_argument("--maps", default=None, help="maps for the per-map figure, ',' between (default: every map)")
    ap.add_argument("--steady-games", type=int, default=500, help="games after a 50-game warm-up for the steady state")
    ap.add_argument("--module-sets",
                    default="base;base,corpera;base,corpera,colonies;base,corpera,prelude,venus,colonies",
                    help="module sets for the per-module figure, ';' between sets, ',' between modules")
    ap.add_argument("--memory-games", type=int, default=1000, help="games played for the memory figure")
    ap.add_argument("--env-games", type=int, default=20, help="games per module set for the environment figure")
    ap.add_argument("--lint-files", type=int, default=5000, help="one-card files linted for the lint-many figure")
    args = ap.parse_args()
    figures: dict = {}
    if args.only in (None, "compile"):
        figures.update(bench_compile())
    if args.only in (None, "play"):
        figures.update(bench_play(args.games))
    if args.only == "steady":  # minutes: asked for by name
        figures.update(bench_steady(args.steady_games))
    if args.only == "modules":
        sets = [tuple(m.strip() for m in part.split(",") if m.strip()) for part in args.module_sets.split(";")]
        figures.update(bench_module_sets([m for m in sets if m], args.games))
    if args.only == "maps":
        from tmars.content import available_maps
        maps = [m.strip() for m in args.maps.split(",")] if args.maps else available_maps()
        figures.update(bench_maps(maps, args.games))
    if args.only == "solo":
        figures.update(bench_solo(args.games))
    if args.only in (None, "state"):
        figures.update(bench_state())
    if args.only is None:
        figures.update(peak_memory())
    if args.only in (None, "memory"):
        figures.update(memory_over_games(args.memory_games))
    if args.only in (None, "lint-many"):
        figures.update(bench_lint_many(args.lint_files))
    if args.only in (None, "env"):
        figures.update(bench_env(args.env_games))
    old = json.loads(Path(args.compare).read_text()) if args.compare else {}
    width = max(len(k) for k in figures)
    for k, v in figures.items():
        line = f"{k:<{width}}  {v:>12.3f}" if isinstance(v, float) else f"{k:<{width}}  {v:>12}"
        if k in old and old[k]:
            line += f"   x{v / old[k]:.2f} vs old"
        print(line)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
