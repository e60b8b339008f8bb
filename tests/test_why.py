"""tmars/why.py: the hand's verdicts agree with the action menu and say which test a card fails."""

from __future__ import annotations

import json

from compiler.ops import walk
from tmars import why
from tmars.offers import playable_cards
from tmars.botgame import make_agent
from tmars.game import Game


def at_first_action(seed: int = 1) -> Game:
    """A game at its first action: each player took the first corporation and no cards."""
    game = Game.new(2, seed=seed)
    while game.pending["kind"] != "action":
        d = game.pending
        game.answer(d["player"], [] if d["kind"] == "select" else d["options"][0]["id"])
    return game


def first_card(game: Game, test) -> str:
    """The first project card (in deck order) that passes `test`: the tests name no card."""
    return next(name for name in game.content.project_deck() if test(game.content.cards[name]))


def test_an_unmet_requirement_is_named_with_the_value_now():
    game = at_first_action()
    p = game.pending["player"]
    name = first_card(game, lambda c: any(r["count"] == "temperature" and r["cmp"] == ">="
                                          for r in c.get("requires", ())))
    game.state["players"][p]["hand"].append(name)
    v = why.verdict(game.interp, p, name)
    assert v.kind == why.REQUIREMENT and not v.playable
    assert "°C" in v.reason and "(now -30)" in v.reason


def test_a_card_that_cannot_be_paid_says_its_cost_and_what_can_be_paid():
    game = at_first_action()
    p = game.pending["player"]
    name = first_card(game, lambda c: not c.get("requires") and c.get("cost", 0) >= 20 and "building" not in c["tags"]
                      and "space" not in c["tags"])
    pl = game.state["players"][p]
    pl["hand"].append(name)
    pl["res"]["mc"] = 3
    v = why.verdict(game.interp, p, name)
    assert v.kind == why.COST
    assert v.reason == f"costs {v.cost} M€; you can pay 3"


def test_a_card_whose_effects_cannot_be_completed_says_so():
    game = at_first_action()
    p = game.pending["player"]

    def loses_energy_production(c: dict) -> bool:
        return not c.get("requires") and any(n["op"] == "production" and n.get("res") == "energy" and n["n"] < 0
                                             and not n.get("any") and not n.get("may") for n in walk(c.get("play", [])))
    name = first_card(game, loses_energy_production)
    pl = game.state["players"][p]
    pl["hand"].append(name)
    pl["res"]["mc"] = 100
    pl["prod"]["energy"] = 0
    v = why.verdict(game.interp, p, name)
    assert v.kind == why.EFFECTS and v.reason == "its effects cannot be completed now"


def test_verdicts_agree_with_the_menu_and_change_nothing():
    game = Game.new(2, seed=5)
    bots = [make_agent("random", 1), make_agent("random", 2)]
    checked = 0
    for _ in range(120):
        if game.over:
            break
        d = game.pending
        if d["kind"] == "action":
            before = json.dumps(game.state, sort_keys=True)
            verdicts = why.hand_verdicts(game.interp, d["player"])
            assert json.dumps(game.state, sort_keys=True) == before
            assert {v.card for v in verdicts if v.playable} == {n for n, _ in playable_cards(game.interp, d["player"])}
            assert all(v.reason for v in verdicts if not v.playable)
            checked += 1
        game.answer(d["player"], bots[d["player"]].choose(game))
    assert checked > 10


def test_given_the_decision_waiting_playable_means_offered():
    """With the pending decision, ✓ is exactly what the decision offers to play: a card that passes
    every test but is not offered (a first action to take first, another player's turn) says why."""
    game = Game.new(2, seed=5)
    bots = [make_agent("random", 1), make_agent("random", 2)]
    kinds = set()
    for _ in range(200):
        if game.over:
            break
        d = game.pending
        for p in range(2):
            verdicts = why.hand_verdicts(game.interp, p, d)
            offered = {o["id"] for o in d["options"]} if d["player"] == p else set()
            assert {v.card for v in verdicts if v.playable} == {o[5:] for o in offered if o.startswith("play:")}
            kinds |= {v.reason for v in verdicts if v.kind == why.NOT_NOW}
        game.answer(d["player"], bots[d["player"]].choose(game))
    assert any(r.endswith("'s decision") for r in kinds)
