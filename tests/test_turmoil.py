"""Turmoil (issue 34) over whole games: no delegate is ever made or lost, and a decision inside a
global event waits for its player and can be saved there."""

from __future__ import annotations

import pytest

MODULES = ("base", "corpera", "turmoil")


def _delegates(state: dict) -> dict:
    """Where every delegate is: each player's and the neutral ones, counted wherever they stand."""
    board = state["politics"]
    placed: dict = {}
    for party in board["parties"]:
        for owner in party["delegates"]:
            placed[owner] = placed.get(owner, 0) + 1
    out = {p: pl["delegates"] + pl["lobby"] + placed.get(p, 0) + (board["chairman"] == p)
           for p, pl in enumerate(state["players"])}
    out["neutral"] = board["neutral"] + placed.get("neutral", 0) + (board["chairman"] == "neutral")
    return out


@pytest.mark.parametrize("seed,players", [(3, 2), (8, 3)])
def test_no_delegate_is_made_or_lost_in_a_whole_game(seed, players):
    """After every decision of a bot game every player has 7 delegates and the neutral ones are 14,
    wherever they stand (reserve, lobby, parties, the chairman's seat)."""
    from tmars.botgame import make_agent
    from tmars.game import Game
    game = Game.new(players, seed=seed, modules=MODULES)
    agents = [make_agent("random", seed * 31 + i) for i in range(players)]
    want = {**{p: 7 for p in range(players)}, "neutral": 14}
    rulers, decisions = set(), 0
    while not game.over:
        assert _delegates(game.state) == want, f"after decision {decisions}"
        rulers.add(game.state["politics"]["ruling"])
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
        decisions += 1
    assert _delegates(game.state) == want
    assert len(rulers) > 1 and game.state["event_discard"], "the game went through governments and events"


def test_a_decision_inside_a_global_event_waits_for_its_player_and_survives_a_save(tmp_path):
    """Dry Deserts: the first player takes an ocean off the board (an area decision) in the Turmoil
    phase; saved and loaded there, the answer finishes the event and the generation goes on."""
    from tmars.game import Game
    from tmars.scenario import build_game, load_file
    path = tmp_path / "dry.yaml"
    path.write_text("""name: Dry Deserts waits for its first player
setup:
  modules: [base, corpera, turmoil]
  generation: 4
  globals: {oceans: 2}
  board: {r1c4: ocean, r1c5: ocean}
  politics: {current: Dry Deserts, chairman: neutral, parties: {Reds: [neutral]}}
  players:
    - {name: Alice, corporation: CrediCor}
    - {name: Bob, corporation: Ecoline, passed: true}
steps:
  - answer: pass
    expect: {pending.kind: area}
""")
    data, _ = load_file(path)
    game = build_game(data["setup"], here=tmp_path)
    game.answer(0, "pass")
    d = game.pending
    assert (d["kind"], d["player"], game.state["phase"]) == ("area", 0, "turmoil")
    again = Game.load(game.save())
    assert again.pending == d
    again.answer(0, "r1c5")
    st = again.state
    assert st["globals"]["oceans"] == 1 and "r1c5" not in st["board"] and st["board"]["r1c4"]["tile"] == "ocean"
    assert st["event_discard"] == ["Dry Deserts"] and st["phase"] == "research"


def test_political_agendas_draw_each_party_s_bonus_and_policy_for_the_game_and_the_same_seed_draws_the_same():
    """`agendas`: at the start every party has one bonus and one policy among its own printed ones
    and its agendas (a game without Venus Next has no agenda that needs it); a seed draws the same;
    over seeds the agendas themselves are drawn, not only the printed ones."""
    from compiler.modules import ModuleError
    from tmars.game import Game
    from tmars.mechanics.politics.agenda import choices
    seen = set()
    for seed in range(12):
        game = Game.new(2, seed=seed, modules=MODULES, variants=("agendas",))
        drawn = game.state["politics"]["agendas"]
        assert list(drawn) == [p["name"] for p in game.state["politics"]["parties"]]
        for party, agenda in drawn.items():
            bonuses, policies = choices(game.content, party)
            assert agenda["bonus"] in bonuses and agenda["policy"] in policies
            assert game.content.cards[agenda["bonus"]]["type"] in ("party", "agenda")
            seen |= {agenda["bonus"], agenda["policy"]}
        assert Game.new(2, seed=seed, modules=MODULES, variants=("agendas",)).state["politics"]["agendas"] == drawn
    assert "Unity policy 2" not in seen and len(seen) > 20
    with pytest.raises(ModuleError, match="turn on one of them"):
        Game.new(2, seed=1, modules=MODULES, variants=("agendas", "chairman-agendas"))


def test_the_chairman_chooses_the_ruling_party_s_agenda_and_a_save_holds_the_question(tmp_path):
    """`chairman-agendas`: in the new government the new chairman (the dominant party's leader) is
    asked for the ruling party's bonus, then its policy - the options the party's own and its
    agendas; saved and loaded between the two questions, the game asks the same; the bonus chosen
    is paid to every player before the chairman's TR; the policy rules next generation."""
    from tmars.game import Game
    from tmars.scenario import build_game, load_file
    path = tmp_path / "chair.yaml"
    path.write_text("""name: the chairman chooses
setup:
  modules: [base, corpera, turmoil]
  variants: [chairman-agendas]
  generation: 4
  politics: {ruling: Reds, dominant: Greens, chairman: neutral, parties: {Greens: [Alice, Bob]}}
  board:
    r3c3: {tile: greenery, owner: Alice}
    r3c4: {tile: greenery, owner: Alice}
    r4c4: {tile: greenery, owner: Bob}
  players:
    - {name: Alice, corporation: CrediCor}
    - {name: Bob, corporation: Ecoline, passed: true}
steps:
  - answer: pass
    expect: {pending.kind: choice}
""")
    data, _ = load_file(path)
    game = build_game(data["setup"], here=tmp_path)
    game.answer(0, "pass")
    d = game.pending
    assert (d["kind"], d["player"], d["prompt"]) == ("choice", 0, "Choose the ruling bonus of Greens")
    assert [o["id"] for o in d["options"]] == ["Greens", "Greens bonus 2"]
    game.answer(0, "Greens bonus 2")
    d = game.pending
    assert [o["id"] for o in d["options"]] == ["Greens", "Greens policy 2", "Greens policy 3", "Greens policy 4"]
    again = Game.load(game.save())
    assert again.pending == d
    mc = [pl["res"]["mc"] for pl in again.state["players"]]
    tr = [pl["tr"] for pl in again.state["players"]]
    again.answer(0, "Greens policy 2")
    st = again.state
    assert st["politics"]["agendas"]["Greens"] == {"bonus": "Greens bonus 2", "policy": "Greens policy 2"}
    assert [pl["res"]["mc"] - m for pl, m in zip(st["players"], mc, strict=True)] == [4, 2], "2 M€ per greenery you own"
    assert [pl["tr"] - t for pl, t in zip(st["players"], tr, strict=True)] == [1, 0], "the chairman's TR"
    assert st["politics"]["chairman"] == 0 and st["phase"] == "research"


@pytest.mark.parametrize("seed,players", [(551, 5), (769, 3)])
def test_the_offer_check_under_the_reds_decides_without_giving_up(seed, players):
    """Two soak games (Giant Ice Asteroid under the Reds' charge, one for Helion paying with heat)
    where the offer check used to give up its search: the proof that the rest of a unit cannot pay
    its charges cuts each hopeless branch, and of the ways to pay a price only the one keeping the
    most M€ is tried when nothing ahead asks for anything else. The games play to their end with
    every invariant checked and no search given up."""
    from tmars import trial
    from tmars.soak import play_checked
    before = trial.exhausted
    result = play_checked(seed, players, False, False, modules=MODULES, edits=True)
    assert trial.exhausted == before and result.decisions > 500
