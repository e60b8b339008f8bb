"""The game object: a plain-data state, the content it runs on, and the decision protocol.

The engine never prompts. `pending` is the one decision waiting (who, what kind, every
legal option with a stable id and a label); `answer` takes an option id (or a list of ids
for a 'select' decision) and advances until the next decision. An illegal answer raises
IllegalAnswer with the reason and leaves the state exactly as it was.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

from compiler import vocab

from . import flow, trial
from compiler.modules import ModuleError, add_folder, resolve

from .content import Content, available_maps, load_content, slug
from .interpreter import HANDLERS, CannotComplete, Interp
from .memo import track
from .setup import new_state


class IllegalAnswer(Exception):
    """An answer that is not one of the pending decision's options."""


class SaveError(Exception):
    """A save file that is not a tmars game."""


class EngineError(Exception):
    """The engine offered an option it could not carry out in full: a bug, never a player's doing."""


STATE_KEYS = {"version": int, "rng": int, "options": dict, "generation": int, "phase": str, "globals": dict,
              "board": dict, "claims": dict, "deck": list, "discard": list, "players": list, "stack": list,
              "milestones": list, "awards": list, "log": list, "over": bool}


class Game:
    def __init__(self, state: dict, content: Content):
        track(state)
        self.state = state
        self.content = content
        self.interp = Interp(state, content)
        # The answers given to this object, for replays; kept out of the state so saves stay small.
        self.answers: list[tuple[int, Any]] = []

    @classmethod
    def new(cls, players: int | list[str] = 2, seed: int = 0, corporate_era: bool = True, draft: bool = False,
            beginners: tuple[int, ...] = (), max_generations: int | None = None,
            content: Content | None = None, modules: tuple[str, ...] | None = None,
            map_name: str = "tharsis", card_folders: tuple[str, ...] = ()) -> Game:
        """A new game. `modules` names the modules in play (default: base, with Corporate Era
        unless `corporate_era` is False); `card_folders` adds folders of cards with their own
        manifests as modules. The state records the modules, the folders and the map."""
        names = players if isinstance(players, list) else [f"P{i + 1}" for i in range(players)]
        added = tuple(add_folder(f) for f in card_folders)
        if content is None:
            modules = resolve((modules or (("base", "corpera") if corporate_era else ("base",)))
                              + tuple(m for m in added if m not in (modules or ())))
            if map_name not in available_maps():
                raise ModuleError(f"unknown map {map_name!r}; this tmars has {', '.join(available_maps())}")
            content = load_content(modules, map_name)
        state = new_state(content, names, seed, draft, beginners, max_generations)
        if card_folders:
            state["options"]["card_folders"] = [str(Path(f).resolve()) for f in card_folders]
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
        self.answers.append((player, answer))
        self._resolve(answer)
        self.advance()

    def _resolve(self, answer: Any) -> None:
        """Run the top task with its answer."""
        stack = self.state["stack"]
        idx = len(stack) - 1
        try:
            again = self.interp.run(stack[idx], answer)
        except CannotComplete as e:
            raise EngineError(f"an offered option could not be completed: {e}") from None
        if again is not None:  # a task of several questions (the setup choice) asks its next one
            self.state["pending"] = again
            return
        del stack[idx]

    def advance(self) -> None:
        st = self.state
        stack = st["stack"]
        while st["pending"] is None:
            if stack:
                idx = len(stack) - 1
                auto = None
                try:
                    d = self.interp.run(stack[idx], None)
                    if d is not None:
                        d, auto = trial.offer(self.interp, d)
                except CannotComplete as e:
                    raise EngineError(f"an offered option could not be completed: {e}") from None
                if d is not None:
                    st["pending"] = d
                elif auto is not None:
                    self._resolve(auto)
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
    def load(cls, text: str | bytes, content: Content | None = None) -> Game:
        """A saved game; anything that is not one raises SaveError with the reason."""
        try:
            state = json.loads(text)
        except (ValueError, TypeError, RecursionError) as e:
            raise SaveError(f"not JSON: {e}") from None
        if not isinstance(state, dict):
            raise SaveError("a save is a JSON object")
        for key, kind in STATE_KEYS.items():
            if not isinstance(state.get(key), kind) or (kind is int and isinstance(state.get(key), bool)):
                raise SaveError(f"'{key}' is missing or not a {kind.__name__}")
        if state["version"] != 1:
            raise SaveError(f"save version {state['version']} is not supported (this is version 1)")
        modules = state["options"].get("modules")
        if not isinstance(modules, list) or not modules or not all(isinstance(m, str) for m in modules):
            raise SaveError("the save names no modules")
        folders = state["options"].get("card_folders", [])
        try:
            if not isinstance(folders, list) or not all(isinstance(f, str) for f in folders):
                raise ModuleError("'card_folders' is a list of folders")
            for folder in folders:
                add_folder(folder)
            modules = list(resolve(modules))
        except ModuleError as e:
            raise SaveError(f"{e} (the save's modules)") from None
        map_name = state["options"].get("map", "tharsis")
        if not isinstance(map_name, str) or slug(map_name) not in available_maps():
            raise SaveError(f"unknown map {map_name!r} in the save; this tmars has {', '.join(available_maps())}")
        if content is None:
            content = load_content(tuple(modules), map_name)
        game = cls(state, content)
        try:
            game.check_loaded()
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            raise SaveError(f"the save is corrupt: {type(e).__name__} {e}") from None
        return game

    def check_loaded(self) -> None:
        """Walk what a loaded game will read, so corruption shows now and not mid-game."""
        st, cards = self.state, self.content.cards
        for pl in st["players"]:
            for key in ("res", "prod"):
                if set(pl[key]) != set(vocab.STANDARD_RESOURCES):
                    raise ValueError(f"{key} of {pl['name']}")
                if not all(isinstance(v, int) and not isinstance(v, bool) for v in pl[key].values()):
                    raise ValueError(f"{key} amounts of {pl['name']}")
            for name in pl["hand"] + pl["events"] + [e["name"] for e in pl["played"]]:
                cards[name]
            if not isinstance(pl["tr"], int) or not isinstance(pl.get("granted", []), list):
                raise ValueError(f"TR or granted modifiers of {pl['name']}")
            for m in pl.get("granted", ()):
                if m["mod"] not in ("discount", "flex") or not isinstance(m["n"], int):
                    raise ValueError(f"granted modifier of {pl['name']}")
        for name in st["deck"] + st["discard"]:
            cards[name]
        for area in list(st["board"]) + list(st["claims"]):
            self.content.map.areas[area]
        pending = st.get("pending")
        if pending is not None:
            pending["options"][0]["id"]
            if not 0 <= int(pending["player"]) < len(st["players"]):
                raise ValueError("pending player")
        if st["stack"] and not all(isinstance(t, dict) and t.get("t") in HANDLERS for t in st["stack"]):
            raise ValueError("unknown task on the stack")
        if not st["players"] or (pending is None and not st["over"] and not st["stack"]
                                 and st["phase"] not in flow.PHASES):
            raise ValueError("phase")

    def clone(self) -> Game:
        """An independent copy: the state is plain data, so a pickle round trip copies it exactly
        (about three times faster than copy.deepcopy)."""
        return Game(pickle.loads(pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL)), self.content)

    def scores(self) -> list[dict]:
        return self.state.get("scores", [])
