"""The maps of Hellas & Elysium (issue 35), checked against the research facts
(docs/research/maps-elysium-hellas-facts.yaml) and played: every area as the facts list it, the
map's own module joined to a game on it, its milestones and awards counted as the FAQ says."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tmars.content import load_content, with_map_module
from tmars.scenario import build_game

FACTS = yaml.safe_load((Path(__file__).resolve().parents[1] / "docs" / "research"
                        / "maps-elysium-hellas-facts.yaml").read_text(encoding="utf-8"))


def position(tmp_path: Path, setup: str):
    """The game a scenario's setup (YAML text, indented as under `setup:`) describes."""
    from tmars.scenario import load_file
    path = tmp_path / "position.yaml"
    path.write_text(f"name: a position\nsetup:\n{setup}steps:\n  - expect: {{Alice.tr: 20}}\n")
    data, _ = load_file(path)
    return build_game(data["setup"], here=tmp_path)


def count(game, text: str, p: int = 0) -> int:
    """A count of the card language (`tile(bottom 2)`), as player p has it now."""
    from compiler.lower import lower_field
    from compiler.parser import SourceText
    from tmars import rules
    return rules.count(game.state, game.content, p, lower_field(SourceText(text, "t", 1, 1), "counts")[0])


@pytest.mark.parametrize("name", ["elysium", "hellas"])
def test_every_area_is_as_the_facts_list_it(name):
    facts = FACTS["maps"][name]
    content = load_content(with_map_module(("base", "corpera"), name), name)
    areas = content.map.areas
    for r, row in enumerate(facts["rows"], start=1):
        for c, spec in enumerate(row, start=1):
            area = areas[f"r{r}c{c}"]
            assert area.kind == spec["type"] and area.name == spec.get("name", "")
            assert area.volcanic == bool(spec.get("volcanic")), area.id
            bonus = spec.get("bonus", [])
            assert (area.bonus if isinstance(bonus, list) else area.extra) == (
                bonus if isinstance(bonus, list) else content.map.areas[area.id].extra), area.id
    on_mars = [a for a in areas.values() if a.kind != "off"]
    assert len(on_mars) == 61 and sum(a.kind == "ocean" for a in on_mars) == 12
    assert content.map.milestones == facts["milestones"] and content.map.awards == facts["awards"]


def test_a_game_on_a_map_plays_with_the_map_s_module():
    assert with_map_module(("base", "corpera"), "elysium")[-1] == "hellas-elysium"
    assert with_map_module(("base",), "tharsis") == ("base",)


def test_hellas_south_pole_costs_6_m_and_brings_an_ocean_due_even_with_no_ocean_left():
    """r9c3: whoever places a tile there pays 6 M€ and places an ocean; with 5 M€ it is not
    offered; with every ocean out the 6 M€ is still paid, for nothing (facts: the BGG FAQ)."""
    def greenery(mc: int, oceans: int = 0):
        game = build_game({"map": "hellas", "globals": {"oceans": oceans},
                           "players": [{"name": "Alice", "resources": {"mc": mc, "plant": 8}}, {"name": "Bob"}]})
        game.answer(0, "convert:plants-to-greenery")
        return game
    assert "r9c3" not in [o["id"] for o in greenery(5).pending["options"]]
    game = greenery(6)
    game.answer(0, "r9c3")
    assert game.pending["kind"] == "area" and game.state["players"][0]["res"]["mc"] == 0
    game.answer(0, game.pending["options"][0]["id"])
    assert game.state["globals"]["oceans"] == 1 and game.state["players"][0]["tr"] == 22
    game = greenery(6, oceans=9)
    game.answer(0, "r9c3")
    st = game.state
    assert st["players"][0]["res"]["mc"] == 0 and st["globals"]["oceans"] == 9 and st["players"][0]["tr"] == 21


def test_the_maps_milestones_and_awards_count_as_the_faq_says(tmp_path):
    """Polar Explorer counts owned tiles on the two bottom rows (oceans are nobody's); Desert Settler
    the four bottom rows; Tactician project cards with a requirement (events never, F280);
    Celebrity project cards costing 20 or more (F281); Excentric the resources on cards."""
    game = position(tmp_path, """  map: hellas
  board:
    r8c1: {tile: city, owner: Alice}
    r9c1: {tile: greenery, owner: Alice}
    r9c5: {tile: greenery, owner: Alice}
    r7c2: {tile: city, owner: Alice}
    r7c1: ocean
  players:
    - name: Alice
      resources: {mc: 8}
      played: [Arctic Algae, Birds, Algae, {name: Pets, resources: 3}]
      events: [Comet]
    - {name: Bob}
""")

    assert count(game, "tile(bottom 2)") == 3 and count(game, "tile(bottom 4)") == 4 and count(game, "tile") == 4
    assert count(game, "project-card(requirements)") == 3, "Arctic Algae, Birds and Algae have one; Pets none"
    assert count(game, "project-card(cost >= 12)") == 1  # Arctic Algae 12
    assert count(game, "project-card(cost <= 10)") == 3
    assert count(game, "project-card") == 4
    assert count(game, "card-resource") == 3
    claim = [o["id"] for o in game.pending["options"]]
    assert "milestone:polar-explorer" in claim and "milestone:tactician" not in claim


VASTITAS = yaml.safe_load((Path(__file__).resolve().parents[1] / "docs" / "research"
                           / "maps-vastitas-amazonis-facts.yaml").read_text(encoding="utf-8"))["vastitas_borealis"]
SPECIAL = {"temperature-for-4mc": [{"op": "resource", "res": "mc", "n": -4},
                                   {"op": "raise", "param": "temperature", "n": 1}],
           "delegate": [{"op": "delegate", "n": 1}]}


def test_vastitas_borealis_areas_are_as_the_facts_list_them():
    content = load_content(with_map_module(("base", "corpera", "turmoil"), "vastitas-borealis"), "vastitas-borealis")
    areas = content.map.areas
    for row in VASTITAS["rows"]:
        for spec in row:
            area = areas[spec["id"]]
            assert (area.kind, area.volcanic, area.name) == (spec["type"], bool(spec.get("volcanic")),
                                                             spec.get("name", "")), spec["id"]
            assert area.bonus == spec.get("bonus", []), spec["id"]
            assert list(area.extra) == SPECIAL.get(spec.get("special"), []), spec["id"]
    assert sum(a.volcanic for a in areas.values()) == 4
    plain = load_content(with_map_module(("base", "corpera"), "vastitas-borealis"), "vastitas-borealis")
    assert plain.map.areas["r4c8"].extra == () and plain.map.areas["r5c5"].extra, \
        "without Turmoil the delegate bonus is ignored (F035); the north pole's cost stays"


def test_vastitas_north_pole_costs_4_m_and_raises_the_temperature(tmp_path):
    def greenery(mc: int):
        game = build_game({"map": "vastitas-borealis", "players": [
            {"name": "Alice", "resources": {"mc": mc, "plant": 8}}, {"name": "Bob"}]})
        game.answer(0, "convert:plants-to-greenery")
        return game
    assert "r5c5" not in [o["id"] for o in greenery(3).pending["options"]]
    game = greenery(4)
    game.answer(0, "r5c5")
    st = game.state
    assert st["players"][0]["res"]["mc"] == 0 and st["globals"]["temperature"] == -28
    assert st["players"][0]["tr"] == 22, "oxygen and temperature, a step each"


def test_the_vastitas_counts(tmp_path):
    """Geologist: tiles on or next to a volcanic area; Landscaper: the largest group of connected
    own tiles; Highlander: own tiles on Mars with no ocean next to them; Farmer: animals and
    microbes on cards, other resources not."""
    game = position(tmp_path, """  map: vastitas-borealis
  board:
    r1c3: {tile: city, owner: Alice}
    r2c3: {tile: greenery, owner: Alice}
    r2c4: {tile: greenery, owner: Alice}
    r6c5: {tile: city, owner: Alice}
    r4c3: ocean
  players:
    - name: Alice
      played: [{name: Pets, resources: 3}, {name: Tardigrades, resources: 2}, {name: Physics Complex, resources: 4}]
    - {name: Bob}
""")

    assert count(game, "tile(near-volcanic)") == 3, "r1c3 is Hecates Tholus, r2c3 and r2c4 touch it; r6c5 none"
    assert count(game, "tile-group") == 3 and count(game, "tile") == 4
    assert count(game, "card-resource(animal, microbe)") == 5 and count(game, "card-resource") == 9
    assert count(game, "tile(mars, inland)") == 4 - sum(
        1 for a in ("r1c3", "r2c3", "r2c4", "r6c5")
        if any(game.state["board"].get(n, {}).get("tile") == "ocean" for n in game.content.map.areas[a].neighbours))


def test_the_play_screen_marks_an_area_whose_bonus_is_a_row():
    from tmars.tui import hexmap
    content = load_content(with_map_module(("base", "corpera"), "hellas"), "hellas")
    (_, _), (second, _) = hexmap.cell(content.map.areas["r9c3"], None)
    assert hexmap.EXTRA in second and hexmap.EXTRA in hexmap.legend(content)
    (_, _), (plain, _) = hexmap.cell(content.map.areas["r9c2"], None)
    assert hexmap.EXTRA not in plain and "hh" in plain
    tharsis = load_content(("base", "corpera"), "tharsis")
    assert hexmap.EXTRA not in hexmap.legend(tharsis)


def test_simulate_coverage_lists_the_map_s_milestones_claimed_and_awards_funded(capsys):
    from tmars.cli import main
    assert main(["simulate", "--map", "hellas", "--games", "3", "--coverage"]) == 0
    out = capsys.readouterr()
    text = out.out + out.err
    import re
    claimed = re.search(r"milestones claimed: (\d+)/5", text)
    funded = re.search(r"awards funded: (\d+)/5", text)
    assert claimed and funded and int(claimed.group(1)) >= 1, text[-400:]


def test_the_maps_rules_text_says_what_is_counted_and_where():
    from compiler.library import compile_paths
    from compiler.text import card_text
    cards = {c["name"]: c for c in compile_paths().cards}
    assert card_text(cards["Ecologist"]) == \
        "Claim when you have 4 plant tags, microbe tags and animal tags together."
    assert card_text(cards["Desert Settler"]) == \
        "Goes to the player with the most tiles on the 4 bottom rows of the map."
    assert "next to no ocean tile" in card_text(cards["Highlander"])
    assert card_text(cards["Landlord"]) == "Goes to the player with the most tiles."


@pytest.mark.parametrize("modules,production,claimable", [
    (["base"], 1, False), (["base"], 2, True), (["base", "corpera"], 1, True), (["base", "corpera"], 0, False)])
def test_generalist_needs_each_production_a_step_above_the_game_s_start(tmp_path, modules, production, claimable):
    """F276: a step above the starting production - 2 in the standard game, 1 with Corporate Era."""
    prod = ", ".join(f"{r}: {production}" for r in ("mc", "steel", "titanium", "plant", "energy", "heat"))
    game = position(tmp_path, f"""  map: elysium
  modules: {modules}
  players:
    - {{name: Alice, resources: {{mc: 8}}, production: {{{prod}}}}}
    - {{name: Bob}}
""")
    assert ("milestone:generalist" in [o["id"] for o in game.pending["options"]]) is claimable


AMAZONIS = yaml.safe_load((Path(__file__).resolve().parents[1] / "docs" / "research"
                           / "maps-vastitas-amazonis-facts.yaml").read_text(encoding="utf-8"))["amazonis_planitia"]


def test_amazonis_planitia_areas_and_its_longer_tracks():
    """91 areas as the facts list them; the map's own goals and bonus steps take the place of the
    modules' (temperature to +14 °C, oxygen to 18 %, 11 oceans, Venus to 36 %); a bonus step of a
    mechanic not in play (a colony, without Colonies) does nothing."""
    modules = with_map_module(("base", "corpera", "venus"), "amazonis-planitia")
    content = load_content(modules, "amazonis-planitia")
    areas = content.map.areas
    for row in AMAZONIS["rows"]:
        for spec in row:
            area = areas[spec["id"]]
            assert (area.kind, area.volcanic) == (spec["type"], bool(spec.get("volcanic"))), spec["id"]
            assert area.bonus == spec.get("bonus", []), spec["id"]
            assert bool(area.extra) == (spec.get("special") not in (None, "delegate", "two-delegates-same-party"))
    assert sum(a.kind != "off" for a in areas.values()) == 91
    goals = {w: content.tracks.globals[w]["goal"] for w in ("temperature", "oxygen", "oceans", "venus")}
    assert goals == {"temperature": 14, "oxygen": 18, "oceans": 11, "venus": 36}
    assert content.rules.globals["oxygen"]["goal"] == 18, "the rules and the tracks say the same"
    steps = {(b["param"], b["at"]) for b in content.tracks.bonuses}
    assert {("temperature", -12), ("oxygen", 7), ("oxygen", 11), ("venus", 22)} <= steps
    assert ("oxygen", 8) not in steps, "Tharsis' 8 % step is not on this map"
    colony = next(b for b in content.tracks.bonuses if (b["param"], b["at"]) == ("venus", 16))
    assert colony["do"] == [], "no colony without Colonies"
    tharsis = load_content(("base", "corpera", "venus"), "tharsis")
    assert tharsis.tracks.globals["temperature"]["goal"] == 8 and tharsis.tracks.globals["venus"]["goal"] == 30


def test_lobbyist_is_met_only_with_all_delegates_placed_and_never_without_turmoil(tmp_path):
    def claimable(modules: str, placed: int) -> bool:
        parties = "" if placed == 0 else (
            f"  politics: {{chairman: Alice, parties: {{Greens: [{', '.join(['Alice'] * (placed - 1))}]}},"
            " empty_lobby: [Alice]}\n")
        game = position(tmp_path, f"""  map: amazonis-planitia
  modules: [{modules}]
{parties}  players:
    - {{name: Alice, resources: {{mc: 8}}}}
    - {{name: Bob}}
""")
        return "milestone:lobbyist" in [o["id"] for o in game.pending["options"]]

    assert claimable("base, corpera, turmoil", 7)
    assert not claimable("base, corpera, turmoil", 6)
    assert not claimable("base, corpera", 0)
