"""Every scenario file under tests/scenarios is a test: rulings and cards as data."""

from __future__ import annotations

from pathlib import Path

import pytest

from tmars.scenario import run

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_scenario(path):
    outcome = run(path)
    assert outcome.ok, "\n".join(outcome.failures)


def test_there_are_scenarios():
    assert FILES
