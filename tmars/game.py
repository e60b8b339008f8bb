"""The game object: a plain-data state, the content it runs on, and the decision protocol.

The engine never prompts. `pending` is the one decision waiting (who, what kind, every
legal option with a stable id and a label); `answer` takes an option id (or a list of ids
for a 'select' decision) and advances until the next decision. An illegal answer raises
IllegalAnswer with the reason and leaves the state exactly as it was.
"""

from __future__ import annotations

import json
import pickle
from operator import itemgetter
from typing import Any

from compiler.gameflow import default_variants
from compiler.modules import ModuleError, add_folder, resolve
from compiler.readfile import resolved

from . import flow, scoring, savefile, trial
from .content import Content, available_maps, for_players, load_content, slug, with_map_module
from .interpreter import HANDLERS, CannotComplete, Interp
from .memo import track
from .menu import NO_MENU
from .savefile import SaveError
from .setup import new_state


#: an option's id (a C-level getter: a selection lists the ids of its options)
_ID = itemgetter("id")


def _offered(options: list[dict], answer: Any) -> bool:
    """Is the answer one option's id? A loop, not a list of the ids: asked at every decision."""
    if isinstance(answer, str):
        for o in options:
            if o["id"] == answer:
                return True
    return False


def selection_sizes(d: dict) -> list[int]:
    """How many options an answer to a selection may hold: one of its `sizes`, where given, else
    `min` to `max`; never more than it offers."""
    n = len(d["options"])
    return [k for k in d.get("sizes") or range(d.get("min", 0), d.get("max", n) + 1) if k <= n]


def selection_refusal(d: dict, answer: Any) -> str | None:
    """Why an answer to a selection is not one of its legal answers (None: it is one): a list of
    its option ids, each once, as many as `min` to `max` allow (one of `sizes`, where given) and
    one of `only`, where given (the choices that can be completed, `trial._selection_offered`)."""
    ids = list(map(_ID, d["options"]))
    if not isinstance(answer, (list, tuple)) or not all(isinstance(a, str) for a in answer):
        return "this decision takes a list of option ids"
    if len(set(answer)) != len(answer):
        return "an option was chosen twice"
    bad = [a for a in answer if a not in ids]
    if bad:
        return f"not an option: {bad[0]!r}"
    least, most = d.get("min", 0), d.get("max", len(ids))
    if not least <= len(answer) <= most:
        return f"choose between {least} and {most} options"
    sizes = d.get("sizes")
    if sizes is not None and len(answer) not in sizes:
        return f"choose {' or '.join(map(str, sizes))} options: no other number can be carried out in full"
    only = d.get("only")
    if only is not None and sorted(answer, key=ids.index) not in only:
        return ("these cannot be carried out in full together; choices that can: "
                + "; ".join(", ".join(c) or "none" for c in only[:6]) + ("…" if len(only) > 6 else ""))
    return None


def win_shares(game: Game) -> list[float]:
    """Each seat's share of the win of a finished game: a game won or lost (the solo game) gives
    its verdict; a placed game gives 1 to the first place (ties broken as the rules break them),
    shared equally when several seats still tie for it."""
    verdict = game.verdict
    if verdict is not None:
        return [1.0 if verdict["won"] else 0.0 for _ in game.state["players"]]
    first = [r["place"] == 1 for r in game.scores()]
    return [1 / sum(first) if f else 0.0 for f in first]


class IllegalAnswer(Exception):
    """An answer that is not one of the pending decision's options."""


class EngineError(Exception):
    """The engine offered an option it could not carry out in full: a bug, never a player's doing."""


class Game:
    def __init__(self, state: dict, content: Content):
        track(state)
        self.state = state
        self.content = content
        self.interp = Interp(state, content)
        # The answers given to this object, for replays; kept out of the state so saves stay small.
        self.answers: list[tuple[int, Any]] = []
        self.seats: list[dict] | None = None  # the seats' kinds and random states, from a save
        #: with `keep_going`: the state the answers since are replayed from, how many answers came
        #: before it, where the unit of play under way began, and the engine failures recovered from
        self._origin: bytes | None = None
        self._origin_answers = 0
        self._unit_start = 0
        self.failures: list[str] = []

    @classmethod
    def new(cls, players: int | list[str] = 2, seed: int = 0, corporate_era: bool = True, draft: bool = False,
            beginners: tuple[int, ...] = (), max_generations: int | None = None,
            content: Content | None = None, modules: tuple[str, ...] | None = None,
            map_name: str = "tharsis", card_folders: tuple[str, ...] = (),
            variants: tuple[str, ...] | None = None) -> Game:
        """A new game. `modules` names the modules in play (default: base, with Corporate Era
        unless `corporate_era` is False); `card_folders` adds folders of cards with their own
        manifests as modules; `variants` the variants on (default: those the modules turn on).
        The state records the modules, the folders, the map and the variants."""
        names = players if isinstance(players, list) else [f"P{i + 1}" for i in range(players)]
        added = tuple(add_folder(f) for f in card_folders)
        if content is None:
            modules = resolve((modules or (("base", "corpera") if corporate_era else ("base",)))
                              + tuple(m for m in added if m not in (modules or ())))
            if map_name not in available_maps():
                raise ModuleError(f"unknown map {map_name!r}; this tmars has {', '.join(available_maps())}")
            modules = for_players(with_map_module(modules, map_name), len(names))
            on = default_variants(modules) if variants is None else tuple(variants)
            content = load_content(modules, map_name, tuple(sorted(set(on))))
        if draft and not content.rules.draft:
            raise ModuleError("these modules play without the draft (F256): leave out --draft")
        state = new_state(content, names, seed, draft, beginners, max_generations)
        if card_folders:
            state["options"]["card_folders"] = [str(resolved(f)) for f in card_folders]
        game = cls(state, content)
        game.advance()
        return game

    # ---- protocol ------------------------------------------------------------------
    @property
    def pending(self) -> dict | None:
        return self.state["pending"]

    @property
    def verdict(self) -> dict | None:
        """How a finished game that is won or lost ended ({won, why}: the solo game's), else None."""
        for m in self.content.mechanics:
            if m.verdict is not None:
                found = m.verdict(self.state)
                if found is not None:
                    return found
        return None

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
        if d["kind"] == "select":
            refusal = selection_refusal(d, answer)
            if refusal is None and d.get("check"):
                stack = self.state["stack"]
                if not trial.answer_completes(self.interp, list(answer), trial.boundary_depth(stack)):
                    refusal = "these cards cannot be carried through to the end of the action; choose others"
            if refusal is not None:
                raise IllegalAnswer(refusal)
            answer = list(answer)
        elif not _offered(d["options"], answer):
            ids = list(map(_ID, d["options"]))
            raise IllegalAnswer(f"not an option: {answer!r}; options are {', '.join(ids[:12])}"
                                + ("…" if len(ids) > 12 else ""))
        if self._origin is not None:
            stack = self.state["stack"]
            if stack and stack[-1]["t"] in trial.BOUNDARY:  # this answer begins a unit of play
                self._unit_start = len(self.answers)
        self.state["pending"] = None
        self.answers.append((player, answer))
        self.interp.new_step()
        try:
            self._resolve(answer)
            self.advance()
        except EngineError as e:
            if self._origin is None:
                raise
            self._roll_back(e)

    # ---- recovery --------------------------------------------------------------------
    def keep_going(self) -> Game:
        """Make every unit of play a transaction (the CLI's games): an answer offered that the
        engine then cannot carry out, an engine bug, rolls the unit back to where it began; the
        answer that began it is withdrawn with a line in the log, `failures` records it, and the
        game goes on. The state is kept once, here; a rollback replays the answers since."""
        self._origin = pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL)
        self._origin_answers = len(self.answers)
        self._unit_start = len(self.answers)
        return self

    def _roll_back(self, error: EngineError) -> None:
        start = self._unit_start
        player, culprit = self.answers[start]
        game = Game(pickle.loads(self._origin), self.content)
        for p, a in self.answers[self._origin_answers:start]:
            game.answer(p, a)
        self.state, self.interp = game.state, game.interp
        self.answers = self.answers[:start]
        d = self.state["pending"]
        if d is not None and d["kind"] != "select":
            left = [o for o in d["options"] if o["id"] != culprit]
            if left:
                self.state["pending"] = {**d, "options": left}
        message = (f"engine failure: {error}; the answer {culprit!r} was withdrawn and the game goes on "
                   f"from before it (please report this game's seed and answers)")
        self.state["log"].append(message)
        self.failures.append(message)

    def _resolve(self, answer: Any) -> None:
        """Run the top task with its answer."""
        stack = self.state["stack"]
        idx = len(stack) - 1
        task = stack[idx]
        try:
            again = HANDLERS[task["t"]](self.interp, task, answer)  # `Interp.run`, inlined
        except CannotComplete as e:
            raise EngineError(f"an offered option could not be completed: {e}") from None
        if again is not None:  # a task of several questions (the setup choice) asks its next one
            self.state["pending"] = again
            return
        del stack[idx]

    def advance(self) -> None:
        st = self.state
        stack = st["stack"]
        interp = self.interp
        while st["pending"] is None:
            if stack:
                idx = len(stack) - 1
                task = stack[idx]
                try:
                    d = HANDLERS[task["t"]](interp, task, None)  # `Interp.run`, inlined: the engine's loop
                    if d is None:
                        del stack[idx]
                        continue
                    d, auto = trial.offer(interp, d)
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
                flow.advance_flow(interp)

    # ---- persistence -----------------------------------------------------------------
    def save(self, agents: list[dict] | None = None) -> str:
        """The state as JSON; `agents` (one entry per seat: its kind and random state) lets a
        resumed game go on exactly as the uninterrupted one would have."""
        state = self.state if agents is None else {**self.state, "agents": agents}
        return json.dumps(state, sort_keys=True, separators=(",", ":"))

    @classmethod
    def load(cls, text: str | bytes, content: Content | None = None) -> Game:
        """A saved game, verified: its shape against the save schema, its meaning against the
        game's invariants, and the pending decision recomputed from the stack rather than read.
        Anything else raises SaveError with a sentence a player understands. The seats' saved
        kinds and random states are on `seats` (None when the save has none)."""
        try:
            state = json.loads(text)
        except (ValueError, TypeError, RecursionError):
            raise SaveError("this file is not a saved game (it is not JSON)") from None
        if not isinstance(state, dict):
            raise SaveError("this file is not a saved game (a save is a JSON object)")
        if state.get("version") != 1 or type(state.get("version")) is not int:  # 1.0 is no version
            raise SaveError(f"this save's version is {str(state.get('version'))[:20]}; this tmars reads version 1")
        options = state.get("options")
        if not isinstance(options, dict):
            raise SaveError("this save has no options (its modules and map)")
        if content is None:
            content = _content_of(options)
        savefile.check_shape(state, content)
        savefile.check_meaning(state, content)
        seats = state.pop("agents", None)
        state["pending"] = None
        game = cls(state, content)
        game.seats = seats
        game._resume()
        return game

    def _resume(self) -> None:
        """Recompute the pending decision by running the stack, and check that the unit of play
        in progress can be completed; a save whose game cannot go on is refused."""
        try:
            if self.state["over"]:
                verdict = self.verdict
                if verdict is None or verdict["won"]:  # a game lost is not scored (F257)
                    self.state["scores"] = scoring.score(self.state, self.content)
                return
            self.advance()
            stack = self.state["stack"]
            if stack and not trial.completes(Interp(trial.fork(self.state), self.content),
                                             trial.boundary_depth(stack), trial.Budget()):
                raise SaveError("this save's game cannot go on: what was under way cannot be completed")
        except SaveError:
            raise
        except trial.SearchExhausted:  # too deep to prove here: each decision's offer check still guards it
            return
        except Exception:  # a state the checks passed but the engine cannot run: refused, not crashed
            raise SaveError("this save's game cannot go on from where it was saved") from None

    def clone(self) -> Game:
        """An independent copy: the state is plain data, so a pickle round trip copies it exactly
        (about three times faster than copy.deepcopy). It starts with nothing derived or kept, so
        it may be changed by hand (a scenario's branch)."""
        return Game(pickle.loads(pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL)), self.content)

    def look_ahead(self) -> Game:
        """A copy to try answers on, changed by answering only: without its log (a trial's copy,
        `trial.fork`), and with what is derived from the played cards and the board
        (`memo.carry`) and the kept menu, which hold for it as they do for this game."""
        copy = Game(trial.fork(self.state), self.content)
        if self.interp.menu is not NO_MENU:
            copy.interp.menu = self.interp.menu.copy_for(copy.state)
        return copy

    def scores(self) -> list[dict]:
        return self.state.get("scores", [])


def _content_of(options: dict) -> Content:
    """The content a save's options name: its modules, card folders and map."""
    modules = options.get("modules")
    if not isinstance(modules, list) or not modules or not all(isinstance(m, str) for m in modules):
        raise SaveError("this save names no modules")
    folders = options.get("card_folders", [])
    try:
        if not isinstance(folders, list) or not all(isinstance(f, str) for f in folders):
            raise ModuleError("'card_folders' is a list of folders")
        for folder in folders:
            add_folder(folder)
        modules = list(resolve(modules))
    except (ModuleError, ValueError, OSError) as e:
        raise SaveError(f"{e} (the save's modules)") from None
    map_name = options.get("map", "tharsis")
    if not isinstance(map_name, str) or slug(map_name) not in available_maps():
        raise SaveError(f"unknown map {str(map_name)[:40]!r} in the save; this tmars has {', '.join(available_maps())}")
    variants = options.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise SaveError("the save's variants are not a list of names")
    try:
        return load_content(tuple(modules), map_name, tuple(sorted(set(variants))))
    except ModuleError as e:
        raise SaveError(f"{e} (the save's variants)") from None
