"""F002: an expansion's corporations and cards without the rest of it (the variants
`without-committee` and `without-colony-tiles`): what refers to the subsystem left out is left out
of each card, and a card that requires it is left out of the game."""

from __future__ import annotations

import pytest

from compiler.unplug import without
from tmars.content import load_content

OFF = frozenset({"politics"})


def test_the_committee_s_parts_are_left_out_of_a_card_and_what_they_leave_empty_goes_too():
    card = {"name": "Made Up", "type": "automated", "cost": 5,
            "play": [{"op": "delegate", "n": 1}, {"op": "resource", "res": "mc", "n": 2,
                                                   "per": {"count": "influence"}},
                     {"op": "resource", "res": "plant", "n": 1},
                     {"op": "choice", "options": [[{"op": "delegate", "n": 2}], [{"op": "resource", "res": "heat",
                                                                                 "n": 3}]]}],
            "action": [{"cost": [{"op": "resource", "res": "mc", "n": -3}], "gain": [{"op": "chairman"}]},
                       {"cost": [], "gain": [{"op": "resource", "res": "steel", "n": 1}]}]}
    kept = without(card, OFF)
    assert kept["play"] == [{"op": "resource", "res": "plant", "n": 1},
                            {"op": "choice", "options": [[{"op": "resource", "res": "heat", "n": 3}]]}]
    assert kept["action"] == [card["action"][1]], "an action that would buy nothing goes"
    assert without(card, frozenset()) is card
    assert without({**card, "requires": [{"count": "party", "args": ["greens"], "cmp": ">=", "value": 1}]}, OFF) is None
    only = {"name": "Only Politics", "type": "event", "cost": 1, "play": [{"op": "delegate", "n": 2}]}
    assert without(only, OFF) is None, "nothing left to do: out of the game"


def test_without_the_committee_the_game_keeps_turmoil_s_corporations_and_leaves_out_what_needs_it():
    full = load_content(("base", "corpera", "turmoil"))
    game = load_content(("base", "corpera", "turmoil"), variants=("without-committee",))
    assert game.flow.mechanics == () and "turmoil" not in game.flow.generation
    turmoil = {n for n, c in full.cards.items() if c["module"] == "turmoil" and c["type"] in ("automated", "active",
                                                                                               "event", "corporation")}
    kept = turmoil & set(game.cards)
    assert {"Lakefront Resorts", "Pristar", "Terralabs Research", "Utopia Invest", "Septem Tribus"} <= kept
    for name in turmoil - kept:
        assert name in game.left_out and "F002" in game.left_out[name]
    assert "Wildlife Dome" in game.left_out and "action" in full.cards["Septem Tribus"]
    assert "action" not in game.cards["Septem Tribus"] and game.cards["Septem Tribus"]["start"]
    assert game.component("milestone", "Terraformer")["requires"][0]["value"] == 35
    assert full.component("milestone", "Terraformer")["requires"][0]["value"] == 26


def test_a_scenario_naming_a_card_left_out_says_why(tmp_path):
    from tmars.scenario import ScenarioError, build_game, load_file
    path = tmp_path / "out.yaml"
    path.write_text("""name: a left-out card
setup:
  modules: [base, corpera, turmoil]
  variants: [without-committee]
  players:
    - {name: Alice, hand: [Wildlife Dome]}
    - {name: Bob}
steps:
  - expect: {Alice.res.mc: 0}
""")
    data, _ = load_file(path)
    with pytest.raises(ScenarioError, match="'Wildlife Dome' is not in this game: .*F002"):
        build_game(data["setup"], here=tmp_path)


@pytest.mark.parametrize("modules,variant", [(("base", "corpera", "turmoil"), "without-committee"),
                                             (("base", "corpera", "colonies"), "without-colony-tiles")])
def test_a_whole_game_without_the_subsystem_plays_to_its_end(modules, variant):
    from tmars.botgame import make_agent
    from tmars.game import Game
    game = Game.new(2, seed=4, modules=modules, variants=(variant,))
    agents = [make_agent("random", 7 + i) for i in range(2)]
    while not game.over:
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
    assert "politics" not in game.state and "colonies" not in game.state
    assert game.state["generation"] > 1
