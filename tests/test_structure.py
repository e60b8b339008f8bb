"""The game's structure is open: phases, setup steps and action kinds are registries, and a
save records its modules and map."""

from __future__ import annotations

import json

import pytest

from tmars import actions, flow
from tmars.game import Game, SaveError
from tmars.interpreter import option


def test_a_save_records_its_modules_and_map_and_loading_restores_them():
    game = Game.new(2, seed=4, corporate_era=False)
    saved = json.loads(game.save())
    assert saved["options"]["modules"] == ["base"] and saved["options"]["map"] == "tharsis"
    loaded = Game.load(game.save())
    assert loaded.content.modules == ("base",) and loaded.content.map.id == "tharsis"
    assert loaded.content.rules.start_production == 1  # the standard game's rule, from base/rules.yaml
    assert Game.new(2, seed=4).content.rules.start_production == 0  # Corporate Era's rules.yaml


@pytest.mark.parametrize("options,reason", [({"modules": ["base", "pathfinders"]}, "unknown module"),
                                            ({"modules": ["corpera"]}, "requires base"),
                                            ({"map": "utopia"}, "unknown map")])
def test_a_save_naming_modules_or_a_map_this_tmars_lacks_is_refused(options, reason):
    state = json.loads(Game.new(2, seed=1).save())
    state["options"].update(options)
    with pytest.raises(SaveError, match=reason):
        Game.load(json.dumps(state))


class Donation(actions.ActionKind):
    """A made-up action kind: give 1 M€ to the bank."""

    prefix = "donate"

    def offers(self, g, p):
        return [option("donate", "donate 1 M€")] if g.state["players"][p]["res"]["mc"] >= 1 else []

    def start(self, g, p, arg):
        g.state["players"][p]["res"]["mc"] -= 1


def test_an_action_kind_is_added_by_registering_it(monkeypatch):
    monkeypatch.setitem(actions.KINDS, "donate", Donation())
    game = Game.new(2, seed=2)
    while game.pending["kind"] != "action":
        d = game.pending
        game.answer(d["player"], [] if d["kind"] == "select" else d["options"][0]["id"])
    p = game.pending["player"]
    assert "donate" in [o["id"] for o in game.pending["options"]]
    before = game.state["players"][p]["res"]["mc"]
    game.answer(p, "donate")
    assert game.state["players"][p]["res"]["mc"] == before - 1
    assert game.state["actions"] == 1  # it took one of the turn's actions


def _module_with_flow(tmp_path, flow: str, mid: str = "steps") -> str:
    folder = tmp_path / mid
    folder.mkdir()
    (folder / "module.yaml").write_text(f"id: {mid}\nname: Steps\nrequires: [base]\nflow:\n{flow}")
    return str(folder)


@pytest.fixture
def plug_in():
    """Register mechanics for one test; the registries are as they were afterwards."""
    from tmars import mechanic, menu
    tables = (mechanic.MECHANICS, mechanic.TASKS, mechanic.HANDLERS, mechanic.PHASES, mechanic.DOMAINS,
              menu.FINGERPRINT)
    before = [dict(t) for t in tables]
    starts = set(mechanic.UNIT_STARTS)
    yield mechanic.register
    for table, was in zip(tables, before, strict=True):
        table.clear()
        table.update(was)
    mechanic.UNIT_STARTS.clear()
    mechanic.UNIT_STARTS.update(starts)


def test_a_setup_step_a_phase_and_a_score_row_are_added_by_a_manifest(monkeypatch, tmp_path, plug_in):
    """A mechanic registered as a plug-in brings a setup step and a phase, and a module's manifest
    switches it on and puts them where it says: the setup step after the reveal, the phase after
    the action phase, a score row at the end; the rest of the flow is unchanged."""
    from tmars import scoring
    from tmars.mechanic import Mechanic, Phase, Task
    met, phases = [], []

    def h_greet(g, task, answer):
        met.append((task["p"], g.state["players"][task["p"]]["corp"] is not None))

    def advance_tally(g):
        phases.append((g.state["generation"], g.state["phase"]))
        flow.end_phase(g)

    plug_in(Mechanic("greeting", "a test's", tasks={"greet": Task(h_greet, lambda s: {"p": s.player}, setup_step=True)},
                     phases={"tally": Phase(advance_tally)}))
    monkeypatch.setitem(scoring.ROWS, "bonus", lambda state, content, p, awards: 7)
    folder = _module_with_flow(tmp_path, "  mechanics: [greeting]\n"
                                         "  setup: [{name: greet, order: turn, after: reveal}]\n"
                                         "  generation: [{name: tally, after: action}]\n  scoring: [bonus]\n")
    game = Game.new(3, seed=5, card_folders=(folder,), max_generations=3)
    assert [s.task for s in game.content.flow.setup] == ["setup_choose", "reveal", "greet"]
    assert game.content.flow.generation == ("research", "action", "tally", "production", "game_end")
    agents = [__import__("tmars.agents").agents.RandomAgent(i) for i in range(3)]
    while not game.over:
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
    assert met == [(0, True), (1, True), (2, True)]
    assert phases == [(1, "tally"), (2, "tally"), (3, "tally")]
    assert all(row["bonus"] == 7 and row["total"] == sum(row[k] for k in game.content.flow.scoring)
               for row in game.scores())


def test_a_flow_naming_what_the_engine_lacks_or_a_missing_anchor_is_refused(tmp_path):
    from compiler.modules import ModuleError
    folder = _module_with_flow(tmp_path, "  generation: [{name: politics, after: action}]\n")
    with pytest.raises(ModuleError, match="names the phase 'politics', which this engine does not have"):
        Game.new(2, seed=1, card_folders=(folder,))
    folder = _module_with_flow(tmp_path, "  generation: [{name: production, after: trade}]\n", "misplaced")
    with pytest.raises(ModuleError, match="'production' goes after 'trade', which is not a phase"):
        Game.new(2, seed=1, card_folders=(folder,))
    folder = _module_with_flow(tmp_path, "  mechanics: [politcs]\n", "unknown")
    with pytest.raises(ModuleError, match="switch on the mechanic 'politcs', which this engine does not have; it "
                                          "has agendas, chairman_agendas, politics, prelude, solo, trading, "
                                          "world_government"):
        Game.new(2, seed=1, card_folders=(folder,))


def test_a_mechanic_s_step_is_only_in_a_game_that_switches_it_on(tmp_path):
    """The prelude step belongs to the prelude mechanic: a flow that names it without switching the
    mechanic on is refused with the switch to add; a game without it cannot be loaded into it."""
    from compiler.modules import ModuleError
    folder = _module_with_flow(tmp_path, "  setup: [{name: play_preludes, after: reveal}]\n", "borrow")
    with pytest.raises(ModuleError, match=r"'play_preludes'.*mechanic prelude's: switch it on with "
                                          r"'mechanics: \[prelude\]'"):
        Game.new(2, seed=1, card_folders=(folder,))
    game = Game.new(2, seed=1)
    saved = json.loads(game.save())
    saved["stack"].append({"t": "play_preludes", "p": 0})
    with pytest.raises(SaveError, match="play_preludes"):
        Game.load(json.dumps(saved))
    with_it = Game.new(2, seed=1, modules=("base", "corpera", "prelude"))
    assert [m.name for m in with_it.content.mechanics] == ["prelude"]
    assert all(len(pl["dealt_preludes"]) == 4 for pl in with_it.state["players"])


def test_tile_kinds_are_declared_once_with_their_rules():
    from compiler import vocab
    from compiler.tiles import CORE_KINDS, TILE_KINDS
    assert {k.name for k in CORE_KINDS} <= set(TILE_KINDS)  # a module's kinds join the language's
    assert set(vocab.TILE_KINDS) == (set(TILE_KINDS) - {"special"}) | {"tile"}  # each placed by its word
    assert TILE_KINDS["ocean"].counts_as_param == "oceans" and not TILE_KINDS["ocean"].owned
    assert TILE_KINDS["greenery"].global_param == "oxygen" and TILE_KINDS["greenery"].next_to_own
    assert TILE_KINDS["city"].keeps_distance


FAN = str(__import__("pathlib").Path(__file__).parent / "fixtures" / "fan")


def test_a_card_folder_with_a_manifest_joins_the_game_and_its_saves():
    game = Game.new(2, seed=5, card_folders=(FAN,))
    assert game.content.modules == ("base", "corpera", "fan")
    dealt = game.state["deck"] + [c for pl in game.state["players"] for c in pl["dealt"]]
    assert "Greenhouse Dome" in dealt and "Orbital Survey" in dealt
    saved = json.loads(game.save())
    assert saved["options"]["modules"] == ["base", "corpera", "fan"] and saved["options"]["card_folders"] == [FAN]
    assert Game.load(game.save()).content.modules == ("base", "corpera", "fan")
    saved["options"]["card_folders"] = ["/nowhere/at/all"]
    with pytest.raises(SaveError, match="module.yaml"):
        Game.load(json.dumps(saved))


def test_a_reprint_takes_the_place_of_the_card_it_replaces_and_a_silent_clash_is_refused():
    from compiler.modules import ModuleError
    root = __import__("pathlib").Path(__file__).parent / "fixtures"
    game = Game.new(2, seed=3, card_folders=(str(root / "reprint"),))
    assert game.content.cards["Deimos Down"]["cost"] == 29 and game.content.cards["Deimos Down"]["module"] == "reprint"
    assert Game.new(2, seed=3).content.cards["Deimos Down"]["cost"] == 31  # without the pack, the base card
    with pytest.raises(ModuleError, match="two cards named 'Deimos Down', in modules base and clash"):
        Game.new(2, seed=3, card_folders=(str(root / "clash"),))


def test_a_variant_is_turned_on_by_name_recorded_in_the_save_and_refused_when_unknown(capsys):
    from tmars.agents import RandomAgent
    from tmars.cli import main
    game = Game.new(2, seed=8, variants=("wgt",), max_generations=4)
    assert game.state["options"]["variants"] == ["wgt"] and "world_government" in game.content.flow.generation
    agents = [RandomAgent(1), RandomAgent(2)]
    raised = 0
    while not game.over:
        d = game.pending
        raised += d["kind"] == "choice" and d["prompt"].startswith("World Government")
        game.answer(d["player"], agents[d["player"]].choose(game))
        if game.state["generation"] == 2 and raised == 1 and not game.over:
            resumed = Game.load(game.save())
            assert resumed.content.flow == game.content.flow
    assert raised == 3  # generations 1 to 3; the capped last one ends at the game-end check
    assert "world_government" not in Game.new(2, seed=8).content.flow.generation
    assert main(["game", "--variant", "nosuch", "--quiet"]) == 2
    assert "unknown variant 'nosuch'; these modules offer wgt" in capsys.readouterr().err
    assert main(["game", "--variant", "wgt", "--no-variant", "wgt", "--quiet", "--max-generations", "2"]) == 0


def test_each_variant_has_a_no_flag(capsys):
    """`--no-wgt` (the issue's spelling) is `--no-variant wgt`: made for every variant a shipped
    module offers, so World Government Terraforming, on by default with Venus Next, can be left out."""
    from tmars.cli import main
    args = ["game", "--seed", "3", "--modules", "base,corpera,venus", "--max-generations", "3"]
    assert main(args) == 0
    assert "World Government" in capsys.readouterr().out
    assert main([*args, "--no-wgt"]) == 0
    assert "World Government" not in capsys.readouterr().out


def test_a_scenario_names_a_mechanic_s_keys_only_in_a_game_that_switches_it_on():
    """`prelude_deck` and `dealt_preludes` are the prelude mechanic's scenario keys: in a game with
    Prelude they set the deck; without it they are refused, naming the mechanic."""
    from compiler.strictyaml import Map
    from tmars.scenario import ScenarioError, build_game
    game = build_game(Map({"modules": ["base", "corpera", "prelude"], "prelude_deck": ["Donation", "Biofuels"]}))
    assert game.state["prelude_deck"][-2:] == ["Biofuels", "Donation"]
    with pytest.raises(ScenarioError, match="prelude_deck: no module of this game switches on the mechanic prelude"):
        build_game(Map({"modules": ["base", "corpera"], "prelude_deck": ["Donation"]}))


def test_the_core_names_no_mechanic():
    """Prelude's and World Government Terraforming's words appear in their own packages and data
    (cards/prelude, the mechanics' packages), not in the engine's core nor in the compiler: every
    other mechanic and card type is added the same way."""
    import re
    from pathlib import Path
    from tmars.mechanic import load_plugins
    root = Path(__file__).resolve().parent.parent
    mechanics = load_plugins()
    words = re.compile(r"prelude|world.government|\bwgt\b", re.IGNORECASE)
    assert {"prelude", "world_government"} <= set(mechanics)
    code = [p for p in sorted((root / "tmars").rglob("*.py")) if "mechanics" not in p.relative_to(root).parts]
    code += sorted((root / "compiler").rglob("*.py")) + sorted((root / "compiler").rglob("*.lark"))
    found = [f"{path.relative_to(root)}:{n}: {line.strip()}" for path in code
             for n, line in enumerate(path.read_text().splitlines(), 1) if words.search(line)]
    assert found == []


def test_a_rules_file_is_checked_against_the_facts_with_every_problem_at_its_place(tmp_path):
    """A misspelt fact, a value of the wrong shape and a field too many are each an error at their
    line and column, all at once, with what was expected or the nearest name; a mechanic's facts go
    under its name; no traceback, no silent key."""
    from compiler.modules import ModuleError
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "module.yaml").write_text("id: house\nname: House rules\nrequires: [base]\n")
    (folder / "rules.yaml").write_text("card_prise: 4\nresearch_draw: three\nmilestones: {cost: 8, points: 5, most: 3, "
                                       "bonus: 1}\nprelude: {dealt: 4}\n")
    with pytest.raises(ModuleError) as refused:
        Game.new(2, seed=1, card_folders=(str(folder),))
    text = str(refused.value)
    rules = str(folder / "rules.yaml")
    assert f"{rules}:1:1: error E601 unknown rule fact 'card_prise'" in text and "did you mean 'card_price'?" in text
    assert f"{rules}:2:16: error E601 research_draw: 'three' is not of type 'integer'" in text
    assert "expected: a whole number of at least 0" in text
    assert f"{rules}:3:13: error E601 milestones: Additional properties are not allowed ('bonus'" in text
    assert text.count("error E601") == 3  # the prelude mechanic's facts, under its name, are no problem


def test_a_fact_no_module_states_is_named(monkeypatch):
    from compiler import gamerules
    from compiler.modules import ModuleError
    real = gamerules.load_facts

    def without_card_price(path):
        data = dict(real(path))
        data.pop("card_price", None)
        return data
    monkeypatch.setattr(gamerules, "load_facts", without_card_price)
    gamerules.load_rules.cache_clear()
    gamerules._facts.cache_clear()  # a rules file is read once a run: read it again, changed
    try:
        with pytest.raises(ModuleError, match="do not state 'card_price'"):
            gamerules.load_rules(("base", "corpera"))
    finally:
        gamerules.load_rules.cache_clear()
        gamerules._facts.cache_clear()


def _module_with_track(tmp_path, bonus: str):
    folder = tmp_path / "trk"
    folder.mkdir()
    (folder / "module.yaml").write_text(
        "id: trk\nname: Track\nrequires: [base]\nvocabulary:\n  globals:\n    depth:\n      meaning: a depth\n"
        "      start: 0\n      goal: 10\n      step: 2\n      ends_game: false\n      bonuses:\n"
        f"        - {bonus}\n")
    (folder / "cards.yaml").write_text('- name: Depth Probe\n  number: "001"\n  type: automated\n  cost: 3\n'
                                       "  tags: []\n  play: +1 plant\n")
    return folder


def test_a_track_bonus_is_checked_in_its_manifest_by_lint_and_by_a_game(tmp_path):
    """A misspelt word in a track's bonus is an error at its place in module.yaml, found by lint
    (not only when a game runs, and never blamed on rules.yaml); a bonus off its track is refused."""
    from compiler.lint import lint_paths
    from compiler.modules import ModuleError
    folder = _module_with_track(tmp_path, "{at: 4, do: +1 crad}")
    manifest = str(folder / "module.yaml")
    found = [f for f in lint_paths([folder]).findings if f.severity == "error"]
    assert [(f.code, f.path, f.line, f.col) for f in found] == [("E201", manifest, 13, 26)]
    assert "did you mean 'card'?" in found[0].suggestion
    with pytest.raises(ModuleError, match=f"{manifest}:13:26: error E201 unknown word 'crad'"):
        Game.new(2, seed=1, card_folders=(str(folder),))
    (tmp_path / "b").mkdir()
    off = _module_with_track(tmp_path / "b", "{at: 11, do: +1 card}")
    with pytest.raises(ModuleError, match=r"module.yaml:13:16: error E602 the bonus of 'depth' at 11 is not a step"):
        Game.new(2, seed=1, card_folders=(str(off),))


def test_a_bonus_off_its_track_does_not_hide_the_manifests_other_problems_from_lint(tmp_path):
    """E602 refuses the module to a game, but lint reads on and reports it with the rest."""
    from compiler.lint import lint_paths
    from compiler.modules import ModuleError
    folder = _module_with_track(tmp_path, "{at: 11, do: +1 card}\n        - {at: 4, do: +1 crad}")
    found = [(f.code, f.line) for f in lint_paths([folder]).findings if f.severity == "error"]
    assert found == [("E602", 13), ("E201", 14)]
    with pytest.raises(ModuleError, match=r"E602 the bonus of 'depth' at 11 is not a step"):
        Game.new(2, seed=1, card_folders=(str(folder),))


def test_a_misspelt_count_sum_is_found_in_its_manifest_before_a_card_uses_it(tmp_path):
    from compiler.lint import lint_paths
    folder = _module_with_track(tmp_path, "{at: 4, do: +1 card}")
    manifest = folder / "module.yaml"
    manifest.write_text(manifest.read_text() + "  counts:\n    towns:\n      meaning: towns\n      singular: town\n"
                        "      plural: towns\n      sum: city-tile + citty-tile\n")
    found = [f for f in lint_paths([folder]).findings if f.severity == "error"]
    assert [(f.code, f.path, f.line, f.col) for f in found] == [("E230", str(manifest), 19, 24)]  # at citty-tile


def test_lint_finds_a_milestone_added_to_the_map_that_no_card_is(tmp_path):
    from compiler.lint import lint_paths
    folder = _module_with_track(tmp_path, "{at: 4, do: +1 card}")
    manifest = folder / "module.yaml"
    manifest.write_text(manifest.read_text() + "adds_to_map:\n  milestones: [Hovrlord]\n")
    found = [f for f in lint_paths([folder]).findings if f.severity == "error"]
    assert [(f.code, f.line, f.col) for f in found] == [("E603", 15, 16)]
    assert found[0].suggestion == "did you mean 'Hoverlord'?"


def test_a_standing_effect_no_card_gives_reaches_costs_events_and_the_kept_menu(tmp_path, plug_in):
    """A mechanic's standing effects (a ruling party's policy, say) come from no card: through
    `Mechanic.standing` they discount every card and answer events as a played card's would, and
    as they come and go between actions every kept menu still equals one built from scratch."""
    from compiler.lower import lower_field
    from compiler.parser import SourceText
    from tmars import rules
    from tmars.agents import RandomAgent
    from tmars.mechanic import Mechanic
    from tmars.menu import check_menus
    policy = {"on": False}
    discount = lower_field(SourceText("discount 3", "policy", 1, 1), "effect")
    bonus = lower_field(SourceText("city => +2 mc", "policy", 1, 1), "effect")

    def standing(state, content, p):
        return policy["on"], ((("policy", discount), ("policy", bonus)) if policy["on"] else ())

    plug_in(Mechanic("policy", "a test's", standing=standing))
    folder = _module_with_flow(tmp_path, "  mechanics: [policy]\n")
    game = Game.new(2, seed=8, card_folders=(folder,), max_generations=8)
    check_menus(game.interp)
    agents = [RandomAgent(8), RandomAgent(9)]
    seen_discount = city_bonus = False
    while not game.over:
        d = game.pending
        if d["kind"] == "action" and game.state["phase"] == "action":
            policy["on"] = not policy["on"]  # it comes and goes between actions
            st, content, p = game.state, game.content, d["player"]
            hand = [c for c in st["players"][p]["hand"] if content.cards[c].get("cost", 0) >= 3]
            if hand:
                on = rules.card_cost(st, content, p, hand[0])
                policy["on"] = not policy["on"]
                off = rules.card_cost(st, content, p, hand[0])
                policy["on"] = not policy["on"]
                seen_discount |= (off - on) == (3 if policy["on"] else -3)
            game.answer(p, agents[p].choose(game))  # the menu just offered was checked against a fresh one
            continue
        mc = [pl["res"]["mc"] for pl in game.state["players"]]
        answer = agents[d["player"]].choose(game)
        placing_city = d["kind"] == "area" and "city" in d.get("prompt", "").lower() and policy["on"]
        game.answer(d["player"], answer)
        city_bonus |= placing_city and game.state["players"][d["player"]]["res"]["mc"] >= mc[d["player"]] + 2
    assert seen_discount, "the standing discount lowered a card's cost while on, and not while off"
    assert city_bonus, "the standing effect answered a city placed while it was on"


def test_a_count_kind_and_a_trigger_kind_are_added_by_declaring_them():
    """As an op is (tests/test_ops.py), a kind of count or of trigger is one declaration, as a
    mechanic's package would make it: its words join the language at once, and the engine counts
    and matches them; taking it away leaves the language as it was."""
    from compiler import counts, triggers
    from compiler.lower import lower_field
    from compiler.parser import SourceText
    from tmars import rules

    class Widgets(counts.Count):
        def words(self):
            return {"widgets": "the widgets you have"}

        def value(self, rules, state, content, p, c, ctx, players):
            return 7 * len(players)

        def parts(self, c, who):
            return "widget", "widgets", "you have"

        def icon(self, c, icons, small, grp):
            return icons.icon("star"), []

    class Ping(triggers.Trigger):
        listens = "ping"

        def words(self):
            return {"ping": "a ping is heard"}

        def matches(self, t, event, content):
            return event["kind"] == "ping"

        def phrase(self, t, cost):
            return "a ping is heard"

        def icon(self, t, icons, small):
            return icons.icon("star"), []

    try:
        row = lower_field(SourceText("+1 mc per widgets", "x.yaml", 1, 1), "row")
        assert row == [[{"op": "resource", "res": "mc", "n": 1, "per": {"count": "widgets"}}]]
        effect = lower_field(SourceText("ping => +1 heat", "x.yaml", 1, 1), "effect")
        assert effect["on"] == [{"event": "ping"}]
        game = Game.new(2, seed=3)
        assert rules.count(game.state, game.content, 0, {"count": "widgets"}) == 7
        assert rules.trigger_matches({"event": "ping"}, {"kind": "ping", "p": 0}, 0, game.content)
    finally:
        counts.KINDS.remove(next(k for k in counts.KINDS if isinstance(k, Widgets)))
        triggers.KINDS.remove(next(k for k in triggers.KINDS if isinstance(k, Ping)))
        counts._refill()
        triggers._refill()
    assert "widgets" not in counts.COUNTS and "ping" not in triggers.TRIGGERS


def test_production_is_what_the_rules_file_says(monkeypatch):
    """The production phase reads its rule facts: with energy left turning into plants instead
    of heat and no TR in the M€ income, a player's resources come out so."""
    import dataclasses
    from tmars import flow
    game = Game.new(2, seed=4)
    pl = game.state["players"][0]
    pl["res"] = {r: 0 for r in pl["res"]} | {"energy": 3}
    pl["prod"] = {r: 1 for r in pl["prod"]}
    rules = dataclasses.replace(game.content.rules, production_converts={"energy": "plant"}, income_adds={})
    monkeypatch.setattr(game.content, "rules", rules)
    flow.production(game.interp)
    assert pl["res"] == {"mc": 1, "steel": 1, "titanium": 1, "plant": 4, "energy": 1, "heat": 1}
    monkeypatch.undo()
    pl["res"] = {r: 0 for r in pl["res"]} | {"energy": 3}
    flow.production(game.interp)
    assert pl["res"] == {"mc": 1 + pl["tr"], "steel": 1, "titanium": 1, "plant": 1, "energy": 1, "heat": 4}


def test_a_mechanic_makes_its_part_ready_as_each_generation_begins(tmp_path, plug_in):
    """`Mechanic.new_generation` runs as each generation after the first begins, after the core's
    own resets (no player has passed)."""
    from tmars.agents import RandomAgent
    from tmars.mechanic import Mechanic
    seen = []
    plug_in(Mechanic("fleets", "a test's", new_generation=lambda g: seen.append(
        (g.state["generation"], any(pl["passed"] for pl in g.state["players"])))))
    folder = _module_with_flow(tmp_path, "  mechanics: [fleets]\n")
    game = Game.new(2, seed=2, card_folders=(folder,), max_generations=4)
    agents = [RandomAgent(1), RandomAgent(2)]
    while not game.over:
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
    assert seen == [(2, False), (3, False), (4, False)]


def test_a_mechanic_s_menu_domain_drops_the_parts_that_read_it(tmp_path, plug_in):
    """A mechanic declares the parts of its state an offer may read (`Mechanic.domains`): a kept
    part reading one is dropped when its fingerprint changes, and kept while it stands."""
    from tmars.mechanic import Mechanic
    from tmars.menu import PartReads, PlayerParts, domains_of
    fleets = {"home": 1}
    plug_in(Mechanic("fleets", "a test's", domains={"fleets": lambda st, content, p: fleets["home"]}))
    with pytest.raises(ValueError, match="unknown menu domain 'fleet'"):
        domains_of(frozenset({"fleet"}))
    game = Game.new(2, seed=6, card_folders=(_module_with_flow(tmp_path, "  mechanics: [fleets]\n"),))
    g, st, content = game.interp, game.state, game.content
    kept = PlayerParts()
    kept.refresh(st, content, 0)  # the context taken
    kept.keep(g, 0, ("trade", "x"), PartReads(domains_of(frozenset({"fleets"}))), "kept")
    kept.keep(g, 0, ("other", "y"), PartReads(domains_of(frozenset({"tr"}))), "kept too")
    kept.refresh(st, content, 0)
    assert set(kept.parts) == {("trade", "x"), ("other", "y")}
    fleets["home"] = 0
    kept.refresh(st, content, 0)
    assert set(kept.parts) == {("other", "y")}
