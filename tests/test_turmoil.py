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
