"""The offer check against brute force: small random cards written in the card language, played
from random positions. A card is offered exactly when some sequence of answers carries its play
through to the end of the action, found by trying every answer of every decision the interpreter
asks (every choice of cards of a selection, every order) with none of the offer check's shortcuts;
and every answer offered inside the action can itself be carried through.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.ops.protocol import CannotComplete
from compiler.strictyaml import Map
from tmars.game import Game, selection_refusal
from tmars.interpreter import Interp
from tmars.scenario import build_game
from tmars.trial import fork

RES = ("heat", "plant", "mc", "steel")
PROD = ("heat", "plant", "energy")
CARD = "Trial Card"
HAND = ("Tardigrades", "Lichen", "Asteroid")  # a few base cards to discard or keep


def _amount(draw: Any, sign: str) -> str:
    return f"{sign}{draw(st.integers(1, 3))} {draw(st.sampled_from(RES))}"


@st.composite
def items(draw: Any) -> str:
    """One item of a play row, from a small part of the language that can fail in many ways."""
    kind = draw(st.sampled_from(["gain", "loss", "loss", "choice", "xpair", "draw", "discard", "buy", "look",
                                 "need", "prod-gain", "prod-loss", "xbox", "tr", "prod-choice"]))
    if kind == "xbox":
        return f"[-X {draw(st.sampled_from(PROD))}, +X {draw(st.sampled_from(PROD))}]"
    if kind == "tr":
        return "+1 tr"
    if kind == "prod-choice":
        return f"([-1 {draw(st.sampled_from(PROD))}] or {_amount(draw, draw(st.sampled_from('+-')))})"
    if kind == "gain":
        return _amount(draw, "+")
    if kind == "loss":
        return _amount(draw, "-")
    if kind == "choice":
        return f"({_amount(draw, draw(st.sampled_from('+-')))} or {_amount(draw, draw(st.sampled_from('+-')))})"
    if kind == "xpair":
        return f"-X {draw(st.sampled_from(RES))}, +X {draw(st.sampled_from(RES))}"
    if kind == "draw":
        return f"+{draw(st.integers(1, 2))} card"
    if kind == "discard":
        return f"-{draw(st.integers(1, 2))} card"
    if kind == "buy":
        return "+1 card(buy)"
    if kind == "look":
        n = draw(st.integers(1, 2))
        return f"+{n} card(of {n + 1})"
    if kind == "need":
        return f"need {draw(st.sampled_from(RES))} >= {draw(st.integers(1, 3))}"
    sign = "+" if kind == "prod-gain" else "-"
    return f"[{sign}1 {draw(st.sampled_from(PROD))}]"


@st.composite
def positions(draw: Any) -> tuple[str, dict, list[str], str]:
    """(row, resources, hand, how): a card's play row (`play`), or the gain of its action, after a
    cost of one or two items (`action`: `COST -> ROW`), with what the player has."""
    how = draw(st.sampled_from(["play", "play", "action"]))
    row = ", ".join(draw(st.lists(items(), min_size=1, max_size=4)))
    if how == "action":
        costs = st.sampled_from(["-1 heat", "-2 plant", "-1 card", "-2 mc(steel)", "[-1 energy]"])
        row = ", ".join(draw(st.lists(costs, min_size=1, max_size=2, unique=True))) + " -> " + row
    resources = {r: draw(st.integers(0, 4)) for r in RES}
    hand = draw(st.lists(st.sampled_from(HAND), max_size=2, unique=True))
    return row, resources, hand, how


def new_game(row: str, resources: dict, hand: list[str], how: str = "play") -> Game:
    card = ({"name": CARD, "type": "event", "cost": 0, "tags": ["event"], "play": row} if how == "play" else
            {"name": CARD, "type": "active", "cost": 0, "tags": ["building"], "action": row})
    mine = Map({"name": "Alice", "resources": Map(resources), "production": Map({"energy": 1, "heat": 1}),
                "hand": [CARD, *hand] if how == "play" else list(hand)})
    if how == "action":
        mine["played"] = [CARD]
    return build_game(Map({"cards": [card], "players": [mine, Map({"name": "Bob"})]}))


def choice_of(how: str) -> str:
    return ("play:" if how == "play" else "act:") + CARD


def every_answer(d: dict) -> list[Any]:
    """Every answer the interpreter's decision allows, with nothing filtered."""
    ids = [o["id"] for o in d["options"]]
    if d["kind"] != "select":
        return ids
    return [list(c) for k in range(d.get("min", 0), d.get("max", len(ids)) + 1) for c in combinations(ids, k)]


def brute(g: Interp, stop: int, budget: list[int]) -> bool:
    """Can the tasks above `stop` be carried through, for some answers? Every answer is tried."""
    stack = g.state["stack"]
    while len(stack) > stop:
        idx = len(stack) - 1
        try:
            d = g.run(stack[idx], None)
        except CannotComplete:
            return False
        if d is None:
            del stack[idx]
            continue
        for answer in every_answer(d):
            budget[0] -= 1
            assert budget[0] > 0, "the brute force ran out of room: make the cards smaller"
            sub = Interp(fork(g.state), g.content)
            try:
                sub.run(sub.state["stack"][idx], answer)
            except CannotComplete:
                continue
            del sub.state["stack"][idx]
            if brute(sub, stop, budget):
                return True
        return False
    return True


def playable_by_brute_force(game: Game, how: str = "play") -> bool:
    from tmars.actions import start_action
    sub = Interp(fork(game.state), game.content)
    base = len(sub.state["stack"])
    try:
        start_action(sub, 0, choice_of(how))
    except CannotComplete:
        return False
    return brute(sub, base + 1, [20_000])


def offered_answers(d: dict) -> list[Any]:
    """The answers the protocol accepts to a decision offered."""
    if d["kind"] != "select":
        return [o["id"] for o in d["options"]]
    return [a for a in every_answer(d) if selection_refusal(d, a) is None]


def check_every_offer(game: Game, depth: int = 0) -> None:
    """Inside the action, every answer offered is accepted and leads on (the engine raises when
    an offered answer cannot be completed), down to the next action decision."""
    d = game.pending
    if d is None or d["kind"] == "action" or depth > 12:
        return
    answers = offered_answers(d)
    assert answers, f"a decision with nothing to answer: {d['prompt']}"
    for answer in answers:
        again = game.clone()
        again.answer(d["player"], answer)
        check_every_offer(again, depth + 1)


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions())
def test_the_offer_check_agrees_with_brute_force(position):
    row, resources, hand, how = position
    game = new_game(row, resources, hand, how)
    offered = choice_of(how) in [o["id"] for o in game.pending["options"]]
    assert offered == playable_by_brute_force(game, how), (f"{how} {row!r} with {resources}, hand {hand}: "
                                                            f"offered {offered}")
    if offered:
        game.answer(0, choice_of(how))
        check_every_offer(game)
