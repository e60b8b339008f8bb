"""Maintainers' scripts take the options their docs give."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tool(name: str):
    spec = importlib.util.spec_from_file_location(f"tool_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_soak_plays_the_player_counts_asked_for(monkeypatch, capsys):
    soak = tool("soak")
    played: list[int] = []
    real = soak.play_checked

    def recording(seed, players, *rest, **options):
        played.append(players)
        return real(seed, players, *rest, **options)

    monkeypatch.setattr(soak, "play_checked", recording)
    assert soak.main(["--minutes", "0.03", "--players", "3,5"]) == 0
    assert len(played) >= 2 and set(played) == {3, 5}
    assert "players 3,5" in capsys.readouterr().out


def test_opcodes_counts_the_same_games_alike_decision_by_decision(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    opcodes = tool("opcodes")
    first = opcodes.per_decision(ROOT, 1, "base")
    assert len(first) > 100 and all(n > 0 for n in first)
    assert opcodes.per_decision(ROOT, 1, "base") == first  # nothing of the machine enters the count
    figures = opcodes.summary(first)
    assert figures["p50"] <= figures["p90"] <= figures["p99"] <= figures["p99.9"] <= max(first)
    assert min(first) <= figures["mean"] <= max(first)
