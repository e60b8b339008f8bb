"""The strong bot's choices: each option tried on a copy holding nothing it cannot see, carried to
the end of the unit of play it begins, and the position it leaves judged (`worth.position`).

Cards it may keep or buy are judged one by one: played on a copy as though their global
requirements were met, the worth they add less their cost, discounted for the generations their
requirements keep them waiting (`cards.card_worth`); a selection keeps the cards worth more than
their price, and discards those worth least.
"""

from __future__ import annotations

from typing import Any

from .. import rules, trial
from ..botbase import Bot
from ..game import Game, selection_sizes
from . import worth
from .cards import card_worth, corporation_worth, default_selection
from .hidden import unseen_copy

#: answers tried at a decision inside an action (the first decision of an action tries them all)
INNER_OPTIONS = 10
#: decisions answered on a copy to finish what an option begins
FINISH_STEPS = 8
#: generations of income a hand is planned to be played with
HAND_GENERATIONS = 2
#: decisions answered on a copy after a selection, until the cards chosen are in the hand
SETTLE_STEPS = 40


class StrongAgent(Bot):
    """Plans with the engine's copies: one step ahead, each step carried to the end of its action."""

    kind = "strong"

    def choose(self, game: Game) -> Any:
        d = game.pending
        p = d["player"]
        if d["kind"] == "select":
            return self._select(game, d, p)
        ids = [o["id"] for o in d["options"]]
        if len(ids) == 1:
            return ids[0]
        if d["kind"] == "corporation":
            return max(ids, key=lambda c: corporation_worth(game, p, c, self.rng))
        return self._best(game, p, ids, finish=True)

    # ---- one step ahead ---------------------------------------------------------------
    def _best(self, game: Game, p: int, ids: list[str], finish: bool) -> str:
        base = unseen_copy(game, p, self.rng)
        horizon = worth.generations_left(base.state, base.content)
        best, best_v = ids[0], float("-inf")
        for oid in ids:
            v = self._after(base, p, oid, finish, horizon)
            if v > best_v:
                best, best_v = oid, v
        return best

    def _after(self, base: Game, p: int, answer: Any, finish: bool, horizon: float) -> float:
        """The position after answering on a copy (and, with `finish`, after the rest of the unit)."""
        copy = base.look_ahead()
        generation = base.state["generation"]
        try:
            copy.answer(p, answer)
            if finish:
                self._finish(copy, p)
        except Exception:  # an answer the copy's guessed cards cannot carry out: not this one
            return float("-inf")
        if copy.state["generation"] != generation and not copy.over:
            # a pass that ended the generation: its production is no gain of the pass (the worth
            # already counts it), and the estimate of the generations left is not comparable
            return worth.position(base, p, horizon=horizon)
        return worth.position(copy, p, horizon=horizon)

    def _finish(self, copy: Game, p: int) -> None:
        """Answer the rest of a unit of play on a copy: the bot's own questions one step ahead
        (no further), anyone else's with their first answer."""
        for _ in range(FINISH_STEPS):
            if copy.over:
                return
            stack = copy.state["stack"]
            if stack and stack[-1]["t"] in trial.BOUNDARY:
                return  # the unit is over: what comes next is another action
            d = copy.pending
            if d["kind"] == "select":
                copy.answer(d["player"], default_selection(d))
                continue
            ids = [o["id"] for o in d["options"]]
            if d["player"] != p or len(ids) == 1:
                copy.answer(d["player"], ids[0])
                continue
            copy.answer(p, self._best(copy, p, ids[:INNER_OPTIONS], finish=False))

    # ---- selections -------------------------------------------------------------------
    def _select(self, game: Game, d: dict, p: int) -> list[str]:
        """Among the selections of the cards ranked by worth (the best k, or the worst k for a
        discard), the one that leaves the best position with the hand counted at what it will
        bring (`_hand_worth`)."""
        ids = [o["id"] for o in d["options"]]
        cards = game.content.cards
        if not all(i in cards for i in ids):
            return default_selection(d)
        hand = game.state["players"][p]["hand"]
        values = {c: card_worth(game, p, c, self.rng) for c in dict.fromkeys(ids + hand)}
        ranked = sorted(ids, key=lambda c: (-values[c], ids.index(c)))
        if "only" in d:
            candidates = [list(s) for s in d["only"]]
        else:
            sizes = selection_sizes(d)
            candidates = [ranked[:k] for k in sizes] + [ranked[len(ranked) - k:] for k in sizes if k]
        base = unseen_copy(game, p, self.rng)
        horizon = worth.generations_left(base.state, base.content)
        alone = _others_unrevealed(game)
        before = _hand_worth(base, p, values)
        best, best_v = candidates[0], float("-inf")
        for chosen in candidates:
            copy = base.look_ahead()
            try:
                copy.answer(p, chosen)
                self._until_in_hand(copy, p)
            except Exception:
                continue
            v = worth.position(copy, p, _hand_worth(copy, p, values) - before, horizon, alone)
            if v > best_v:
                best, best_v = chosen, v
        return best

    def _until_in_hand(self, copy: Game, p: int) -> None:
        """Go on with a copy after a selection until the cards chosen are where they go and paid
        for: the next action (everyone else's questions answered first, the setup's included)."""
        for _ in range(SETTLE_STEPS):
            if copy.over or copy.pending["kind"] == "action":
                return
            d = copy.pending
            copy.answer(d["player"], default_selection(d) if d["kind"] == "select" else d["options"][0]["id"])


def _others_unrevealed(game: Game) -> bool:
    """Is it the setup's private choice, the other players' corporations not yet revealed? What a
    copy makes of them then comes of what they were dealt, which the bot may not look at."""
    return any(not pl.get("corp") for pl in game.state["players"])


def _hand_worth(game: Game, p: int, values: dict[str, float]) -> float:
    """What the player's hand will bring: its cards worth most, as many as the money of the next
    `HAND_GENERATIONS` generations can play (what they cost, the player's money and income),
    at their worth; the rest bring nothing before more money comes."""
    st, content = game.state, game.content
    pl = st["players"][p]
    budget = pl["res"]["mc"] + HAND_GENERATIONS * (pl["tr"] + pl["prod"]["mc"])
    total = 0.0
    for c in sorted((c for c in pl["hand"] if values.get(c, 0.0) > 0), key=lambda c: -values[c]):
        cost = rules.card_cost(st, content, p, c)
        if cost > budget:
            continue
        budget -= cost
        total += values[c]
    return total
