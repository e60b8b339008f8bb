"""The trading mechanic (Colonies, issue 33): colony tiles, their markers, colonies and fleets."""

import pytest


def test_the_eleven_colony_tiles_are_said_in_the_card_language():
    """Issue 33's groundwork: every colony tile of Colonies (build bonus, colony bonus, a trade
    track of 7 steps, the marker's start, the resource that wakes it) compiles, lints clean, reads
    as rules text and draws, with no Python (cards/colonies/colony-tiles.yaml)."""

    from compiler.library import compile_paths
    from compiler.lint import lint_paths
    from compiler.modules import CARDS_ROOT
    from compiler.sheet.render import render_card
    from compiler.text import card_text
    folder = CARDS_ROOT / "colonies"
    result = compile_paths([folder / "colony-tiles.yaml"], use_cache=False)
    assert result.ok and not lint_paths([folder]).findings
    tiles = {c["name"]: c for c in result.cards if c["type"] == "colony"}
    assert len(tiles) == 11 and all(len(t["parts"]["track"]) == 7 for t in tiles.values())
    assert {n for n, t in tiles.items() if "wakes" in t["parts"]} == {"Enceladus", "Miranda", "Titan"}
    luna = card_text(tiles["Luna"])
    assert "When you place a colony here: increase your M€ production 2 steps." in luna
    assert "6: gain 17 M€" in luna
    assert tiles["Europa"]["parts"]["build"] == [{"op": "tile", "tile": "ocean"}]
    assert all("p-part-track" in render_card(t) for t in tiles.values())


def _colony_game(players: int, seed: int = 3):
    from tmars.game import Game
    return Game.new(players, seed=seed, modules=("base", "corpera", "colonies"))


@pytest.mark.parametrize("players,dealt", [(2, 5), (3, 5), (4, 6), (5, 7)])
def test_the_trading_mechanic_deals_the_colony_tiles_by_the_number_of_players(players, dealt):
    """Issue 33's first part of the trading mechanic: as many tiles as its facts say for the
    number of players, in printed order, no tile twice; an active tile's marker at its start,
    a tile whose resource no card in play holds parked; one fleet each; and the game saves."""
    from compiler.modules import forget_added
    from tmars.game import Game
    try:
        game = _colony_game(players)
        tiles = game.state["colonies"]
        names = [t["name"] for t in tiles]
        assert len(names) == dealt and len(set(names)) == dealt
        assert names == sorted(names, key=game.content.in_printed_order("colony").index)
        for t in tiles:
            sleeps = "wakes" in game.content.cards[t["name"]]["parts"]
            assert t["marker"] == (None if sleeps else 1) and t["owners"] == []
        assert [pl["fleets"] for pl in game.state["players"]] == [1] * players
        assert Game.load(game.save()).state["colonies"] == tiles
    finally:
        forget_added()


def test_a_save_with_a_colony_tile_the_game_lacks_or_a_fourth_colony_is_refused():
    """A forged save is refused: an unknown tile, a fourth colony, a marker off its track or left
    of its colonies, a parked tile with colonies, a tile twice, more fleets away than owned."""
    import json

    from compiler.modules import forget_added
    from tmars.game import Game
    from tmars.savefile import SaveError
    try:
        game = _colony_game(2)
        for forge in (lambda s: s["colonies"][0].update(name="Vulcan"),
                      lambda s: s["colonies"][0].update(owners=[0, 1, 0, 1]),
                      lambda s: s["colonies"][0].update(marker=9), lambda s: s["players"][0].update(fleets=-1),
                      lambda s: s["colonies"][0].update(owners=[0, 1], marker=1),
                      lambda s: s["colonies"][0].update(owners=[0], marker=None),
                      lambda s: s["colonies"].append(dict(s["colonies"][0])),
                      lambda s: [t.update(fleet=0) for t in s["colonies"][:2]]):
            data = json.loads(game.save())
            forge(data)
            with pytest.raises(SaveError):
                Game.load(json.dumps(data))
    finally:
        forget_added()


def test_markers_move_up_each_generation_and_a_tile_wakes_with_a_card_that_holds_its_resource():
    """At each generation's end an active tile's marker moves up one step, to its last at most; a
    parked tile stays parked until some card in play holds its resource, then moves from its start."""
    from compiler.modules import forget_added
    from tmars import flow
    try:
        game = next(g for g in (_colony_game(5, seed) for seed in range(40))
                    if any(t["name"] == "Enceladus" for t in g.state["colonies"]))
        tiles = {t["name"]: t for t in game.state["colonies"]}
        active = next(n for n, t in tiles.items() if t["marker"] is not None)
        flow.new_generation(game.interp)
        flow.new_generation(game.interp)
        assert tiles[active]["marker"] == 3 and tiles["Enceladus"]["marker"] is None
        game.state["players"][1]["played"].append({"name": "Tardigrades", "res": 0, "used": False, "area": None})
        flow.new_generation(game.interp)
        assert tiles["Enceladus"]["marker"] == 2 and tiles[active]["marker"] == 4
        for _ in range(5):
            flow.new_generation(game.interp)
        assert tiles[active]["marker"] == 6 and tiles["Enceladus"]["marker"] == 6
    finally:
        forget_added()


@pytest.mark.parametrize("tile,says", [("{name: Luna, marker: 9}", "on its track: 0 to 6"),
                                       ("{name: Luna, marker: 1, owners: [Alice, Bob]}", "right of its colonies"),
                                       ("{name: Titan, marker: null, owners: [Alice]}", "parked"),
                                       ("{name: Luna, owners: [Zed]}", "unknown player")])
def test_a_scenario_position_of_colony_tiles_no_game_can_reach_is_refused(tmp_path, tile, says):
    from tmars.scenario import run
    path = tmp_path / "bad.yaml"
    path.write_text(f"name: bad\nsetup:\n  modules: [base, corpera, colonies]\n  colonies:\n    - {tile}\n"
                    "steps:\n  - expect: {game.generation: 1}\n")
    outcome = run(path)
    assert not outcome.ok and says in " ".join(str(f) for f in outcome.failures)
