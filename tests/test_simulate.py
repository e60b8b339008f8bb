"""Parallel simulation gives the same games as a single process, locally and on Ray."""

from __future__ import annotations

import json

from tmars.cli import main


def results(tmp_path, *extra: str) -> list[dict]:
    out = tmp_path / f"r{len(list(tmp_path.iterdir()))}.json"
    assert main(["simulate", "--games", "4", "--players", "2", "--seed", "30", "--json", str(out), *extra]) == 0
    games = json.loads(out.read_text())
    for g in games:
        g.pop("seconds")
    return games


def test_workers_do_not_change_results(tmp_path):
    one = results(tmp_path)
    two = results(tmp_path, "--workers", "2")
    assert one == two
    assert [g["seed"] for g in one] == [30, 31, 32, 33]


def test_ray_gives_the_same_results(tmp_path):
    assert results(tmp_path) == results(tmp_path, "--ray")
