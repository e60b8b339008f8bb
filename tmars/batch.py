"""Running many seeded bot games: in this process, in a pool of worker processes, or on Ray.

Jobs are made as they are needed, a few chunks of seeds ahead of the results, so a run of any
size holds constant memory; results come back in seed order, so the worker count never changes
them. A run ends cleanly however it is stopped: SIGINT and SIGTERM raise `Stopped` in the parent,
which terminates its workers at once; each worker also watches its parent and exits when the parent
is gone (a SIGKILL leaves no orphans).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from itertools import islice
from typing import Any


@dataclass(frozen=True)
class Spec:
    """What every game of a run shares; a game adds its seed."""

    players: int
    agent: str
    modules: tuple[str, ...]
    draft: bool
    max_generations: int | None
    map_name: str = "tharsis"
    folders: tuple[str, ...] = ()
    variants: tuple[str, ...] | None = None
    #: each result also carries its seats (`report.record.seats`): what `tmars report` counts
    seats: bool = False


class Stopped(Exception):
    """SIGINT or SIGTERM arrived: the run stops and reports what it has."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


#: the map's milestones claimed and awards funded, as `--coverage` lists them
BOARD_COVERAGE = {"milestone": "milestones claimed", "award": "awards funded"}


def play_one(spec: Spec, seed: int) -> dict:
    """One game's result: what the summary, --coverage and --json need, and each seat's record when
    `tmars report` asks for it (`Spec.seats`)."""
    from .botgame import play_bot_game, seat_kinds
    from .report.record import seats
    t = time.perf_counter()
    game, decisions = play_bot_game(seed, spec.players, spec.agent, spec.modules, spec.draft, spec.max_generations,
                                    spec.map_name, spec.folders, spec.variants)
    played = sorted({e["name"] for pl in game.state["players"] for e in pl["played"]}
                    | {n for pl in game.state["players"] for n in pl["events"]})
    used = {label: sorted(names(game.state))
            for m in game.content.mechanics for label, (_, names) in m.coverage.items()}
    used |= {label: sorted(e["name"] for e in game.state[f"{kind}s"]) for kind, label in BOARD_COVERAGE.items()}
    return {"seed": seed, "generations": game.state["generation"], "decisions": decisions,
            "capped": bool(game.state.get("capped")), "seconds": time.perf_counter() - t,
            "scores": [r["total"] for r in game.scores()], "played": played,
            "actions": sorted(game.state.get("actions_used", [])), "failures": game.failures, "used": used,
            **({"won": game.verdict["won"]} if game.verdict else {}),
            **({"seats": seats(game, seat_kinds(spec.agent, spec.players))} if spec.seats else {})}


def play_chunk(spec: Spec, first: int, count: int) -> list[dict]:
    return [play_one(spec, seed) for seed in range(first, first + count)]


def chunks(first: int, games: int, size: int) -> Iterator[tuple[int, int]]:
    """(first seed, count) for consecutive chunks of seeds, made one at a time."""
    for start in range(first, first + games, size):
        yield start, min(size, first + games - start)


def chunk_size(games: int, workers: int) -> int:
    """Small enough to share the work out evenly and keep results flowing, big enough to amortise the trip."""
    return max(1, min(8, games // (workers * 8)))


def run_here(spec: Spec, first: int, games: int) -> Iterator[dict]:
    for seed in range(first, first + games):
        yield play_one(spec, seed)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)  # the parent is gone (even by SIGKILL): nobody is left to take the results


def _worker_start(parent: int) -> None:
    """In each worker: stopping is the parent's decision (it terminates the pool), and a worker
    never outlives its parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, inherited by fork
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


class PoolRun:
    """Results in seed order from `workers` processes; `close()` (or the end of the results)
    terminates the workers at once. The pool starts when the run is made, before the caller
    starts any thread of its own (a progress bar), since the workers are forked."""

    def __init__(self, spec: Spec, first: int, games: int, workers: int):
        self.spec, self.first, self.games, self.workers = spec, first, games, workers
        self.pool = multiprocessing.get_context("fork").Pool(workers, initializer=_worker_start,
                                                             initargs=(os.getpid(),))

    def __iter__(self) -> Iterator[dict]:
        try:
            source = chunks(self.first, self.games, chunk_size(self.games, self.workers))
            window = deque(self._submit(c) for c in islice(source, self.workers * 4))
            while window:
                done = window.popleft().get()
                window.extend(self._submit(c) for c in islice(source, 1))
                yield from done
        finally:
            self.close()

    def _submit(self, chunk: tuple[int, int]):
        return self.pool.apply_async(play_chunk, (self.spec, *chunk))

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()


def start(spec: Spec, first: int, games: int, workers: int, ray: bool,
          address: str | None) -> PoolRun | Iterator[dict]:
    """The results of a run in seed order, on Ray, in a pool of `workers` processes or in this one;
    its `close()` ends the workers at once."""
    if ray:
        return run_ray(spec, first, games, address)
    if workers > 1:
        return PoolRun(spec, first, games, workers)
    return run_here(spec, first, games)


def ray_problem(wanted: bool) -> str | None:
    """Why `--ray` cannot be used here (Ray not installed), or None."""
    import importlib.util
    if wanted and importlib.util.find_spec("ray") is None:
        return "--ray: Ray is not installed; install it with pip install \"tmars[cluster]\""
    return None


def play_all(spec: Spec, first: int, games: int, workers: int, ray: bool, address: str | None, label: str,
             console: Any, take: Callable[[dict], None]) -> int:
    """Play a run's games (`start`) and hand each result to `take` in seed order, with a progress
    bar on `console`: what `simulate` and `report` share. SIGINT or SIGTERM stops it at once, the
    workers ended: the signal's number, or 0 when every game was played. An error raised by `take`
    (a full disk) ends the run and is the caller's to report."""
    from rich.progress import Progress
    try:
        with (stop_on_signals(), closing(start(spec, first, games, workers, ray, address)) as source,
              Progress(console=console, transient=True) as progress):
            task = progress.add_task(label, total=games)
            for r in source:
                take(r)
                progress.advance(task)
    except Stopped as e:
        return e.signum
    return 0


def run_ray(spec: Spec, first: int, games: int, address: str | None) -> Iterator[dict]:
    """Results in seed order from a Ray cluster (a local one if no address is given)."""
    import ray
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    try:
        remote = ray.remote(play_chunk)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        source = chunks(first, games, chunk_size(games, cpus))
        window = deque(remote.remote(spec, *c) for c in islice(source, cpus * 4))
        while window:
            done = ray.get(window.popleft())
            window.extend(remote.remote(spec, *c) for c in islice(source, 1))
            yield from done
    finally:
        if started:
            ray.shutdown()


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """SIGINT and SIGTERM raise `Stopped` (once) while the block runs; the old handlers come back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    raised = False

    def handler(signum: int, frame: object) -> None:
        nonlocal raised
        if not raised:
            raised = True
            raise Stopped(signum)

    old: dict[int, Callable | int | None] = {s: signal.signal(s, handler) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)
