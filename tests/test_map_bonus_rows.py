"""A placement bonus written as a row of the card language (issue 35): an area that costs M€ and
places an ocean is offered only when its player can pay, runs as ordinary items, and counts for
the offer check as any row (a map file under a test folder, found as the shipped ones are)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tmars import content as content_module
from tmars.scenario import build_game

THARSIS = Path(__file__).resolve().parents[1] / "cards" / "base" / "board" / "tharsis.yaml"
FIRST_AREA = "  - - {type: land, bonus: [steel, steel]}                                            # r1c1"


@pytest.fixture
def paid_map(tmp_path, monkeypatch):
    """Tharsis with its first area's bonus a row: pay 6 M€, then place an ocean."""
    text = THARSIS.read_text(encoding="utf-8")
    assert FIRST_AREA in text
    text = text.replace("name: Tharsis", "name: Paid Corner")
    text = text.replace(FIRST_AREA, '  - - {type: land, bonus: "-6 mc, ocean"}')
    folder = tmp_path / "paid" / "board"
    folder.mkdir(parents=True)
    (folder / "paid-corner.yaml").write_text(text, encoding="utf-8")
    shipped = content_module._map_files
    monkeypatch.setattr(content_module, "_map_files", lambda: {**shipped(), "paid-corner": folder / "paid-corner.yaml"})
    content_module.load_content.cache_clear()
    yield "paid-corner"
    content_module.load_content.cache_clear()


def _game(mc: int, map_name: str):
    return build_game({"map": map_name, "players": [{"name": "Alice", "resources": {"mc": mc, "plant": 8}},
                                                    {"name": "Bob"}]})


def test_an_area_that_costs_m_is_offered_only_to_a_player_who_can_pay_it(paid_map):
    game = _game(5, paid_map)
    game.answer(0, "convert:plants-to-greenery")
    assert game.pending["kind"] == "area"
    assert "r1c1" not in [o["id"] for o in game.pending["options"]], "5 M€ cannot pay the area's 6"
    game = _game(6, paid_map)
    game.answer(0, "convert:plants-to-greenery")
    assert "r1c1" in [o["id"] for o in game.pending["options"]]
    game.answer(0, "r1c1")
    assert game.pending["kind"] == "area" and game.state["players"][0]["res"]["mc"] == 0, "paid, the ocean to place"
    game.answer(0, "r1c2")
    st = game.state
    assert st["board"]["r1c1"]["tile"] == "greenery" and st["board"]["r1c2"]["tile"] == "ocean"
    assert st["globals"]["oceans"] == 1 and st["players"][0]["tr"] == 22


def test_a_map_s_bonus_row_that_does_not_compile_is_refused_at_its_place(tmp_path):
    from compiler.boards import board_diagnostics
    text = THARSIS.read_text(encoding="utf-8").replace(FIRST_AREA, '  - - {type: land, bonus: "-6 mcc"}')
    folder = tmp_path / "bad" / "board"
    folder.mkdir(parents=True)
    path = folder / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    found = board_diagnostics(path)
    assert found and all(str(path) in d.render() for d in found)
    assert any("mcc" in d.render() for d in found)
