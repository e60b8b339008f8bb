"""The game object: a plain-data state, the content it runs on, and the decision protocol.

The engine never prompts. `pending` is the one decision waiting (who, what kind, every
legal option with a stable id and a label); `answer` takes an option id (or a list of ids
for a 'select' decision) and advances until the next decision. An illegal answer raises
IllegalAnswer with the reason and leaves the state exactly as it was.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from . import flow
from .content import Content, load_content
from .interpreter import Interp


class IllegalAnswer(Exception):
    """An answer that is not one of the pending decision's options."""


class Game:
    def __init__(self, state: dict, content: Content):
        self.state = state
        self.content = content
        self.interp = Interp(state, content)

    @classmethod
    def new(cls, players: int | list[str] = 2, seed: int = 0, corporate_era: bool = True, draft: bool = False,
            beginners: tuple[int, ...] = (), max_generations: int | None = None,
            content: Content | None = None) -> Game:
        names = players if isinstance(players, list) else [f"P{i + 1}" for i in range(players)]
        if content is None:
            content = load_content(("base", "corpera") if corporate_era else ("base",))
        state = flow.new_state(content, names, seed, corporate_era, draft, beginners, max_generations)
        game = cls(state, content)
        game.advance()
        return game

    # ---- protocol ------------------------------------------------------------------
    @property
    def pending(self) -> dict | None:
        return self.state["pending"]

    @property
    def over(self) -> bool:
        return self.state["over"]

    def answer(self, player: int, answer: Any) -> None:
        d = self.state["pending"]
        if d is None:
            raise IllegalAnswer("no decision is pending: the game is over")
        if player != d["player"]:
            raise IllegalAnswer(f"it is {self.state['players'][d['player']]['name']}'s decision, not "
                                f"player {player}'s")
        ids = [o["id"] for o in d["options"]]
        if d["kind"] == "select":
            if not isinstance(answer, (list, tuple)) or not all(isinstance(a, str) for a in answer):
                raise IllegalAnswer("this decision takes a list of option ids")
            if len(set(answer)) != len(answer):
                raise IllegalAnswer("an option was chosen twice")
            bad = [a for a in answer if a not in ids]
            if bad:
                raise IllegalAnswer(f"not an option: {bad[0]!r}")
            if not d.get("min", 0) <= len(answer) <= d.get("max", len(ids)):
                raise IllegalAnswer(f"choose between {d.get('min', 0)} and {d.get('max', len(ids))} options")
            answer = list(answer)
        elif not isinstance(answer, str) or answer not in ids:
            raise IllegalAnswer(f"not an option: {answer!r}; options are {', '.join(ids[:12])}"
                                + ("…" if len(ids) > 12 else ""))
        self.state["pending"] = None
        self.state.setdefault("answers", []).append(answer)
        stack = self.state["stack"]
        idx = len(stack) - 1
        again = self.interp.run(stack[idx], answer)
        if again is not None:  # pragma: no cover - handlers finish once answered
            self.state["pending"] = again
            return
        del stack[idx]
        self.advance()

    def advance(self) -> None:
        st = self.state
        stack = st["stack"]
        while st["pending"] is None:
            if stack:
                idx = len(stack) - 1
                d = self.interp.run(stack[idx], None)
                if d is not None:
                    st["pending"] = d
                else:
                    del stack[idx]
            elif st["over"]:
                return
            else:
                flow.advance_flow(self.interp)

    # ---- persistence -----------------------------------------------------------------
    def save(self) -> str:
        return json.dumps(self.state, sort_keys=True, separators=(",", ":"))

    @classmethod
    def load(cls, text: str, content: Content | None = None) -> Game:
        state = json.loads(text)
        if content is None:
            content = load_content(tuple(state["options"]["modules"]))
        return cls(state, content)

    def clone(self) -> Game:
        return Game(copy.deepcopy(self.state), self.content)

    def scores(self) -> list[dict]:
        return self.state.get("scores", [])
