"""Parallel simulation gives the same games as a single process, locally and on Ray."""

from __future__ import annotations

import json
import sys
import time

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


def ray_installed() -> bool:
    import importlib.util
    return importlib.util.find_spec("ray") is not None


def test_ray_gives_the_same_results_or_says_it_is_missing(tmp_path, capsys):
    if ray_installed():
        assert results(tmp_path) == results(tmp_path, "--ray")
    else:
        assert main(["simulate", "--games", "2", "--ray"]) == 2
        assert "Ray is not installed" in capsys.readouterr().err


def test_without_ray_the_ray_option_is_a_usage_error(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed: importing it fails
    out = tmp_path / "never.json"
    assert main(["simulate", "--games", "2", "--ray", "--json", str(out)]) == 2
    assert "error: --ray: Ray is not installed" in capsys.readouterr().err
    assert not out.exists()  # refused before any game ran


def test_output_is_checked_before_any_game_runs(tmp_path, capsys):
    for target, message in [(tmp_path / "no" / "such" / "r.json", "there is no folder"),
                            (tmp_path, "is a folder, not a file")]:
        t = time.perf_counter()
        assert main(["simulate", "--games", "100000", "--json", str(target)]) == 2
        assert time.perf_counter() - t < 5  # refused at once: 100000 games would take many minutes
        assert message in capsys.readouterr().err
