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
