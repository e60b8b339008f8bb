"""The solo game (F256-F263): a game of one player, its neutral tiles, its length and verdict, as
the command line, saves and the Colonies tiles see it. The FAQ's rulings are scenarios
(tests/scenarios/solo/)."""

from __future__ import annotations

import json

from tmars.cli import main
from tmars.content import load_content
from tmars.game import Game
from tmars.interpreter import Interp
from tmars.mechanics.solo.neutral import clockwise, place_neutral_tiles
from tmars.setup import new_state


def _counted_from(cards: list[str]) -> dict:
    """The neutral tiles a new solo game on Tharsis counts out when these cards top the deck."""
    content = load_content(("base", "corpera", "solo"))
    st = new_state(content, ["Ann"], 1)
    st["board"], st["discard"] = {}, []
    st["deck"] = [c for c in st["deck"] if c not in cards] + list(reversed(cards))  # the first named on top
    place_neutral_tiles(Interp(st, content))
    return st


def test_neighbours_go_round_clockwise_from_the_top_left():
    content = load_content(("base", "corpera", "solo"))
    assert clockwise(content, "r3c3") == ["r2c2", "r2c3", "r3c4", "r4c4", "r4c3", "r3c2"]  # above the middle row
    assert clockwise(content, "r5c2") == ["r4c1", "r4c2", "r5c3", "r6c2", "r6c1", "r5c1"]  # on it
    assert clockwise(content, "r7c3") == ["r6c3", "r6c4", "r7c4", "r8c3", "r8c2", "r7c2"]  # below it


def test_the_neutral_tiles_are_counted_out_by_the_costs_of_four_cards():
    """F261 on Tharsis: a 10 counts the 10th legal city area from the top left (r3c3), a 1 the
    last from the bottom right (r9c4: r9c5 is an ocean area), an 8 goes round r3c3's six
    neighbours clockwise from the top left to the 2nd (r2c3), and a 10 goes round r9c4's three
    free ones (r8c4, r8c5, r9c3: r9c5 is an ocean area) three times and one more (r8c4)."""
    st = _counted_from(["Algae", "Earth Office", "Cartel", "Birds"])
    assert {a: t["tile"] for a, t in st["board"].items()} == {
        "r3c3": "city", "r9c4": "city", "r2c3": "greenery", "r8c4": "greenery"}
    assert all(t["owner"] is None for t in st["board"].values())
    assert st["globals"]["oxygen"] == 0  # F044: the neutral greeneries raise nothing
    assert st["discard"] == ["Algae", "Earth Office", "Cartel", "Birds"]


def test_a_card_that_costs_nothing_is_discarded_and_the_next_counts_in_its_place():
    st = _counted_from(["Indentured Workers", "Algae", "Earth Office", "Cartel", "Birds"])
    assert st["board"]["r3c3"]["tile"] == "city" and st["board"]["r9c4"]["tile"] == "city"  # F262
    assert st["discard"][0] == "Indentured Workers"


def test_a_solo_game_starts_at_tr_14_with_no_production_and_no_milestones_or_awards():
    game = Game.new(1, seed=4)
    pl = game.state["players"][0]
    assert pl["tr"] == 14 and set(pl["prod"].values()) == {0}
    assert game.content.map.milestones == [] and game.content.map.awards == []
    assert sum(1 for t in game.state["board"].values() if t["owner"] is None) == 4
    assert "corpera" in game.content.modules and game.content.opponent == "the neutral player"


def test_the_solo_game_runs_its_full_length_and_says_whether_it_was_won(capsys):
    assert main(["game", "--players", "1", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "generation 14" in out and ("won:" in out or "lost:" in out)
    assert main(["game", "--players", "1", "--seed", "2", "--quiet", "--modules", "base,corpera,prelude"]) == 0
    assert "generation 12" in capsys.readouterr().out  # F324


def test_the_tr63_game_has_buffer_gas_and_the_other_games_do_not():
    assert "Buffer Gas" in Game.new(1, seed=1, variants=("tr63",)).content.board["standard-project"]
    assert "Buffer Gas" not in Game.new(1, seed=1).content.board["standard-project"]  # F326


def test_a_solo_game_is_the_same_game_from_the_same_seed_and_survives_a_save():
    from tmars.agents import GreedyAgent
    runs = []
    for _ in range(2):
        game, bot = Game.new(1, seed=7), GreedyAgent(7)
        for k in range(60):
            if k == 30:
                game = Game.load(game.save())
            game.answer(0, bot.choose(game))
        runs.append(game.save())
    assert runs[0] == runs[1]
    assert json.loads(runs[0])["solo"]["neutral"]


def test_with_colonies_the_solo_player_keeps_3_of_4_tiles_and_starts_2_mc_production_lower():
    game = Game.new(1, seed=5, modules=("base", "corpera", "colonies"))
    game.answer(0, game.pending["options"][0]["id"])  # the corporation
    game.answer(0, [])  # no cards kept
    d = game.pending
    assert d["kind"] == "select" and len(d["options"]) == 4 and d["min"] == d["max"] == 3
    keep = [o["id"] for o in d["options"]][1:]
    game.answer(0, keep)
    assert [t["name"] for t in game.state["colonies"]] == keep
    corp = game.state["players"][0]["corp"]
    from_corp = sum(n["n"] for n in game.content.cards[corp].get("start", ())
                    if n["op"] == "production" and n["res"] == "mc")
    assert game.state["players"][0]["prod"]["mc"] == from_corp - 2


def test_the_solo_game_has_no_draft(capsys):
    import pytest
    from compiler.modules import ModuleError
    with pytest.raises(ModuleError, match="without the draft"):
        Game.new(1, seed=1, draft=True)  # F256
    assert main(["game", "--players", "1", "--draft"]) == 2
    assert "without the draft" in capsys.readouterr().err


def test_a_solo_goal_the_rules_give_wrong_refuses_the_game(tmp_path):
    import pytest
    from compiler.modules import ModuleError
    folder = tmp_path / "mysolo"
    folder.mkdir()
    (folder / "module.yaml").write_text("id: mysolo\nname: My solo\nrequires: [base, corpera]\none_player: true\n"
                                        "flow:\n  mechanics: [solo]\n")
    (folder / "rules.yaml").write_text("solo: {goal: {tr: lots}}\n")
    with pytest.raises(ModuleError, match="neither {parameters: all} nor {tr: N}"):
        Game.new(1, seed=1, card_folders=(str(folder),))
