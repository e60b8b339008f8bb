"""Agents answer the pending decision. They see only what the protocol exposes."""

from __future__ import annotations

from typing import Any, Protocol

from compiler.ops import Cards, walk

from . import scoring
from .game import Game
from .botbase import Bot
from .rng import SeededRandom
from .strongbot import StrongAgent

#: the ops told apart here, by their declared names (string compares on hot paths)
_CARDS = Cards.name


class Agent(Protocol):
    def choose(self, game: Game) -> Any: ...


def _select(rng: SeededRandom, d: dict) -> list[str]:
    if "only" in d:  # the choices that can be completed, when not every choice of the cards can
        return list(rng.choice(d["only"]))
    k = rng.choice(d["sizes"]) if "sizes" in d else rng.randint(d.get("min", 0), d.get("max", len(d["options"])))
    return [o["id"] for o in rng.sample(d["options"], k)]


#: the kind of action of each option id ("play" for "play:birds"): a random bot groups a menu's
#: options by kind at every action
_KIND_OF: dict[str, str] = {}


class RandomAgent(Bot):
    """Uniform over the kinds of action (play, standard project, …), then over that kind's
    options, like a person mashing buttons; other decisions uniformly."""

    kind = "random"

    def choose(self, game: Game) -> Any:
        d = game.pending
        if d["kind"] == "select":
            return _select(self.rng, d)
        opts = d["options"]
        if d["kind"] == "action":
            kinds: dict[str, list[str]] = {}
            kind_of = _KIND_OF
            for o in opts:
                oid = o["id"]
                kind = kind_of.get(oid)
                if kind is None:
                    kind = kind_of[oid] = oid.partition(":")[0]
                group = kinds.get(kind)
                if group is None:
                    kinds[kind] = [oid]
                else:
                    group.append(oid)
            kind = self.rng.choice(sorted(kinds))
            return self.rng.choice(kinds[kind])
        return self.rng.choice(opts)["id"]


class GreedyAgent(Bot):
    """Tries each option on a copy of the game and keeps the one that most raises its
    estimated score (VP now plus a little for M€ and production); selections keep cheap cards."""

    kind = "greedy"
    #: what a step still missing from the goal of a game won or lost (the solo game) is worth
    GOAL_WEIGHT = 2.0
    ACTION_PRIORITY = ("milestone", "convert", "play", "award", "act", "std", "first-action", "done", "pass")

    def value(self, game: Game, p: int) -> float:
        st = game.state
        row = scoring.score(st, game.content)[p]
        pl = st["players"][p]
        prod = pl["prod"]
        gap = sum(m.goal_gap(st, game.content) for m in game.content.mechanics if m.goal_gap is not None)
        return (row["total"] + 0.1 * pl["res"]["mc"] + 0.6 * prod["mc"] + 1.2 * (prod["steel"] + prod["plant"])
                + 1.5 * prod["titanium"] + 0.8 * (prod["energy"] + prod["heat"]) + 0.1 * len(pl["hand"])
                - self.GOAL_WEIGHT * gap)

    def choose(self, game: Game) -> Any:
        d = game.pending
        p = d["player"]
        if d["kind"] == "select":
            ids = [o["id"] for o in d["options"]]
            cost = {c: game.content.cards.get(c, {}).get("cost", 0) for c in ids}
            if "only" in d:  # the cheapest of the choices that can be completed
                return list(min(d["only"], key=lambda c: (sum(cost[x] for x in c), c)))
            most = d.get("max", len(ids))
            ranked = sorted(ids, key=cost.__getitem__)
            k = max(d.get("min", 0), min(most, 3))
            if "sizes" in d:
                k = min(d["sizes"], key=lambda n: abs(n - k))
            return ranked[:k]
        options = d["options"]
        if len(options) == 1:
            return options[0]["id"]
        if d["kind"] == "action":
            if any(o["id"] == "first-action" for o in options):
                return "first-action"  # a corporation's first action is always worth taking
            options = [o for o in options if o["id"] not in ("pass", "done")] or options
            options = [o for o in options if not _sells_cards(game, o["id"])] or options
        best, best_v = options[0]["id"], float("-inf")
        for o in options[:24]:
            trial = game.look_ahead()
            try:
                trial.answer(p, o["id"])
            except Exception:  # pragma: no cover - every option is legal by construction
                continue
            v = self.value(trial, p) + self.rng.random() * 0.01
            if v > best_v:
                best, best_v = o["id"], v
        if d["kind"] == "action" and best_v <= self.value(game, p) + 0.05 and game.state["actions"] == 0:
            ids = [o["id"] for o in d["options"]]
            if any(i.startswith("play:") for i in ids):
                return best
            return "pass" if "pass" in ids else best
        return best


def _sells_cards(game: Game, oid: str) -> bool:
    """A standard project that discards cards from the hand: a last resort for this agent."""
    prefix, _, arg = oid.partition(":")
    if prefix != "std":
        return False
    items = game.content.component("standard-project", arg).get("play", [])
    return any(n["op"] == _CARDS and n["n"] < 0 for n in walk(items))


BOTS: dict[str, type[Bot]] = {"random": RandomAgent, "greedy": GreedyAgent, "strong": StrongAgent}


def restore(seat: dict) -> Bot:
    """A bot as a save recorded it: its kind and its random state."""
    bot = BOTS[seat["kind"]]()
    bot.rng.setstate(seat["rng"])
    return bot
