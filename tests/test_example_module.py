"""The worked example of docs/modules.md, examples/crystal: a module that is data only. It brings
a tag, a card resource and a count word; its six cards (one of each kind) compile, lint clean,
pass their scenarios, are played by bots and are drawn on a sheet whose key shows the new words.
No Python file knows of it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from compiler.library import compile_paths
from compiler.lint import lint_paths
from compiler.modules import add_folder
from tmars.scenario import run

ROOT = Path(__file__).resolve().parent.parent
CRYSTAL = ROOT / "examples" / "crystal"
SCENARIOS = sorted((CRYSTAL / "scenarios").glob("*.yaml"))
NEW_WORDS = ("crystal", "shard", "caverns")


def test_the_module_is_data_and_no_python_names_its_words():
    assert not list(CRYSTAL.rglob("*.py"))
    found = subprocess.run(["git", "grep", "-l", "-i", "-E", "|".join(NEW_WORDS), "--", "*.py"], cwd=ROOT,
                           capture_output=True, text=True).stdout.split()
    assert [f for f in found if f != "tests/test_example_module.py"] == []


def test_its_cards_compile_lint_clean_and_are_one_of_each_kind():
    add_folder(CRYSTAL)
    result = compile_paths([CRYSTAL], use_cache=False)
    assert result.ok and not lint_paths([CRYSTAL]).findings
    cards = {c["name"]: c for c in result.cards}
    assert {c["type"] for c in cards.values()} == {"corporation", "automated", "active", "event"}
    assert any("action" in c for c in cards.values()) and any(c.get("effects") for c in cards.values())
    assert any(r["count"] == "crystal-tag" for c in cards.values() for r in c.get("requires", ()))
    assert "caverns you have" in " ".join(__import__("compiler.text").text.card_text(c) for c in cards.values())


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_each_card_behaves_as_its_scenario_says(path):
    outcome = run(path)
    assert outcome.ok, "\n".join(outcome.failures)


def test_every_card_has_a_scenario():
    text = "".join(p.read_text(encoding="utf-8") for p in SCENARIOS)
    cards = compile_paths([CRYSTAL], use_cache=False).cards
    assert [c["name"] for c in cards if c["name"] not in text] == []


def test_bots_play_every_card_in_games_with_the_module(capsys):
    from tmars.cli import main
    assert main(["simulate", "--modules", "base,corpera,crystal", "--cards", str(CRYSTAL), "--games", "30",
                 "--seed", "1", "--coverage"]) == 0
    out = capsys.readouterr().out
    assert "30 │" in out and "│ capped                      │     0 │" in out
    never = out.split("never played:")[-1] if "never played:" in out else ""
    names = [c["name"] for c in compile_paths([CRYSTAL], use_cache=False).cards if c["type"] != "corporation"]
    assert not [n for n in names if n in never]
    from tmars.botgame import play_bot_game
    corps = set()
    for seed in range(1, 31):
        game, _ = play_bot_game(seed, 2, "random", ("base", "corpera", "crystal"), False, 100,
                                folders=(str(CRYSTAL),))
        corps |= {pl["corp"] for pl in game.state["players"]}
    assert "Crystal Consortium" in corps


def test_the_sheet_draws_its_cards_and_keys_its_new_words(tmp_path):
    from tmars.cli import main
    out = tmp_path / "crystal.html"
    assert main(["sheet", "--cards", str(CRYSTAL), "--module", "crystal", "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert all(name in html for name in ("Crystal Consortium", "Shard Refinery", "Deep Vault"))
    for symbol in ("tag-crystal", "shard", "caverns"):
        assert f'<symbol id="i-{symbol}"' in html and f'href="#i-{symbol}"' in html
    key = html.split('class="legend"')[1].split("Marks")[0]
    assert "crystal tag" in key and "shards" in key and "caverns" in key
