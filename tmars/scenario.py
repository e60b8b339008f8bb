"""Scenario files: rulings and card behaviour as data (docs/scenarios.md).

A scenario sets up a position, answers decisions, and checks the state, whether options
are offered, and that illegal answers are refused with a reason and change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from . import rules, scoring
from .content import Content, load_content
from compiler.modules import ModuleError, add_folder, resolve

from .game import EngineError, Game, IllegalAnswer
from .setup import new_state


class ScenarioError(Exception):
    """The scenario file itself is malformed."""


@dataclass
class Outcome:
    path: str
    name: str
    failures: list[str] = field(default_factory=list)
    steps: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures


PLAYER_KEYS = {"name", "corporation", "tr", "resources", "production", "hand", "played", "events",
               "first_action", "passed", "tr_raised", "granted", "dealt", "dealt_corporations"}
SETUP_KEYS = {"players", "corporate_era", "modules", "draft", "seed", "generation", "phase", "current", "actions",
              "globals", "board", "claims", "deck", "deck_exact", "discard", "milestones", "awards", "first",
              "cards"}


def load_file(path: Path) -> dict:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise ScenarioError(f"{path}: cannot read: {e}") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        raise ScenarioError(f"{where}: YAML: {getattr(e, 'problem', e)}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario is a mapping with 'setup' and 'steps'")
    return data


def build_game(setup: dict, content: Content | None = None, here: Path | None = None) -> Game:
    """A game in the position the setup describes (action phase unless told otherwise). `here`
    is the scenario's folder: card folders named in `cards:` are found from it."""
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise ScenarioError(f"unknown setup key(s): {', '.join(sorted(unknown))}; "
                            f"known: {', '.join(sorted(SETUP_KEYS))}")
    cards = setup.get("cards")
    if cards is not None and not isinstance(cards, list):
        raise ScenarioError("setup.cards is a list of cards written as in a card file, or of card folders")
    folders = [c for c in cards or () if isinstance(c, str)]
    try:
        added = tuple(add_folder((here or Path.cwd()) / f) for f in folders)
        modules = resolve(_modules(setup) + added) if added else _modules(setup)
    except ModuleError as e:
        raise ScenarioError(f"setup.cards: {e}") from None
    try:
        content = content or load_content(modules, "tharsis")
    except ModuleError as e:
        raise ScenarioError(f"setup: {e}") from None
    if any(not isinstance(c, str) for c in cards or ()):
        content = with_cards(content, [c for c in cards if not isinstance(c, str)])
    specs = setup.get("players") or [{"name": "Alice"}, {"name": "Bob"}]
    if not isinstance(specs, list) or not all(isinstance(s, dict) for s in specs):
        raise ScenarioError("setup.players is a list of mappings")
    names = [s.get("name", f"P{i + 1}") for i, s in enumerate(specs)]
    game = Game(new_state(content, names, int(setup.get("seed", 0)), bool(setup.get("draft", False))), content)
    st = game.state
    st["phase"] = setup.get("phase", "action")
    st["setup"] = {"stage": content.flow.setup[0].task if st["phase"] == "setup" else "done", "i": 0}
    st["generation"] = int(setup.get("generation", 1))
    st["first"] = int(setup.get("first", 0))
    st["current"] = _player_index(st, setup.get("current", 0))
    st["actions"] = int(setup.get("actions", 0))
    for k, v in (setup.get("globals") or {}).items():
        if k not in st["globals"]:
            raise ScenarioError(f"unknown global '{k}'")
        st["globals"][k] = v
    used: set[str] = set()
    for p, spec in enumerate(specs):
        _setup_player(game, p, spec, used)
    for area, tile in (setup.get("board") or {}).items():
        if area not in content.map.areas:
            raise ScenarioError(f"unknown area '{area}'")
        if isinstance(tile, str):
            tile = {"tile": tile}
        kind = tile.get("tile")
        if kind not in ("city", "greenery", "ocean", "special"):
            raise ScenarioError(f"area {area}: tile is city, greenery, ocean or special")
        owner = tile.get("owner")
        entry = {"tile": kind, "owner": None if owner is None else _player_index(st, owner)}
        if "name" in tile:
            entry["name"] = tile["name"]
        st["board"][area] = entry
    for area, owner in (setup.get("claims") or {}).items():
        st["claims"][area] = _player_index(st, owner)
    for kind, key in (("milestone", "milestones"), ("award", "awards")):
        for name, owner in (setup.get(key) or {}).items():
            if name not in content.board[kind]:
                raise ScenarioError(f"unknown {kind} '{name}'")
            st[key].append({"name": name, "player": _player_index(st, owner)})
    for pl, spec in zip(st["players"], specs, strict=True):
        _deal(content, st, pl, spec, used)
    top = [_card(content, c) for c in setup.get("deck") or []]
    st["discard"] = [_card(content, c) for c in setup.get("discard") or []]
    used.update(st["discard"])
    rest = [] if setup.get("deck_exact") else [c for c in st["deck"] if c not in used and c not in top]
    st["deck"] = rest + list(reversed(top))
    game.advance()
    return game


def _modules(setup: dict) -> tuple[str, ...]:
    """`modules: [base, corpera]`, or the shorthand `corporate_era: false` (base only)."""
    if "modules" in setup and "corporate_era" in setup:
        raise ScenarioError("setup names the modules twice: give 'modules' or 'corporate_era'")
    if "modules" not in setup:
        return ("base", "corpera") if setup.get("corporate_era", True) else ("base",)
    names = setup["modules"]
    if not isinstance(names, list) or not names or not all(isinstance(m, str) for m in names):
        raise ScenarioError("setup.modules is a list of module names, such as [base, corpera]")
    try:
        return resolve(names)
    except ModuleError as e:
        raise ScenarioError(f"setup.modules: {e}") from None


def with_cards(content: Content, cards: Any) -> Content:
    """The content plus cards written in the scenario itself (card files' format), to try a
    card or a construct that no printed card has. They go to no deck: name them in a hand."""
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        raise ScenarioError("setup.cards is a list of cards written as in a card file")
    from compiler.library import compile_text
    text = yaml.safe_dump(cards, sort_keys=False, allow_unicode=True)
    result = compile_text(text, "<setup.cards>", "scenario")
    if not result.ok:
        raise ScenarioError("setup.cards: " + "; ".join(d.message for d in result.diagnostics))
    clash = [c["name"] for c in result.cards if c["name"] in content.cards]
    if clash:
        raise ScenarioError(f"setup.cards: '{clash[0]}' is already a card of the game")
    return replace(content, cards={**content.cards, **{c["name"]: c for c in result.cards}}, memo={})


def _deal(content: Content, st: dict, pl: dict, spec: dict, used: set[str]) -> None:
    """In the setup phase, the corporations and project cards dealt to choose from (F178);
    otherwise nothing is dealt. Cards dealt at random go back to the deck."""
    st["deck"].extend(pl["dealt"])
    pl["dealt"] = []
    if st["phase"] != "setup":
        pl["dealt_corps"] = []
        return
    if spec.get("dealt_corporations"):
        pl["dealt_corps"] = [_card(content, c) for c in spec["dealt_corporations"]]
    pl["dealt"] = [_card(content, c) for c in spec.get("dealt") or []]
    used.update(pl["dealt"])


def _card(content: Content, name: Any) -> str:
    if name not in content.cards:
        from compiler.diagnostics import did_you_mean
        raise ScenarioError(f"unknown card '{name}' {did_you_mean(str(name), content.cards)}".rstrip())
    return name


def _player_index(st: dict, who: Any) -> int:
    if isinstance(who, int) and 0 <= who < len(st["players"]):
        return who
    for i, pl in enumerate(st["players"]):
        if pl["name"] == who:
            return i
    raise ScenarioError(f"unknown player {who!r}")


def _setup_player(game: Game, p: int, spec: dict, used: set[str]) -> None:
    content, pl = game.content, game.state["players"][p]
    unknown = set(spec) - PLAYER_KEYS
    if unknown:
        raise ScenarioError(f"player {pl['name']}: unknown key(s) {', '.join(sorted(unknown))}")
    if "corporation" in spec:
        corp = _card(content, spec["corporation"])
        pl["corp"] = corp
        pl["played"].append({"name": corp, "res": 0, "used": False, "area": None})
        pl["first_action"] = bool(spec.get("first_action", False))
    if "tr" in spec:
        pl["tr"] = int(spec["tr"])
    for key, target in (("resources", "res"), ("production", "prod")):
        for r, v in (spec.get(key) or {}).items():
            if r not in pl[target]:
                raise ScenarioError(f"player {pl['name']}: unknown resource '{r}'")
            pl[target][r] = int(v)
    for c in spec.get("hand") or []:
        pl["hand"].append(_card(content, c))
        used.add(c)
    for c in spec.get("played") or []:
        c = c if isinstance(c, dict) else {"name": c}
        name = _card(content, c.get("name"))
        pl["played"].append({"name": name, "res": int(c.get("resources", 0)), "used": bool(c.get("used", False)),
                             "area": c.get("area")})
        used.add(name)
    for c in spec.get("events") or []:
        pl["events"].append(_card(content, c))
        used.add(c)
    pl["passed"] = bool(spec.get("passed", False))
    pl["tr_gen"] = int(spec.get("tr_raised", 0))
    pl["granted"] = [{"mod": m, "n": int(n), "until": "next-card"} for m, n in dict(spec.get("granted") or {}).items()]


# ---- looking things up ---------------------------------------------------------------
def lookup(game: Game, path: str) -> Any:
    """Values by dotted path: 'Alice.res.plant', 'Alice.prod.mc', 'Alice.tr', 'Alice.hand',
    'Alice.card.Pets' (resources on it), 'Alice.score.total', 'globals.oxygen', 'board.r5c5.tile',
    'pending.kind', 'game.generation', 'deck.size'."""
    st = game.state
    head, _, rest = path.partition(".")
    parts = rest.split(".") if rest else []
    if head == "globals":
        return st["globals"][parts[0]]
    if head == "board":
        tile = st["board"].get(parts[0])
        if not parts[1:] or tile is None:
            return tile
        value = tile.get(parts[1])
        if parts[1] == "owner" and value is not None:
            return st["players"][value]["name"]
        return value
    if head == "pending":
        d = st["pending"] or {}
        if parts and parts[0] == "player" and d:
            return st["players"][d["player"]]["name"]
        return d.get(parts[0]) if parts else d
    if head == "game":
        return st.get(parts[0])
    if head == "deck":
        return len(st["deck"])
    if head == "claims":
        owner = st["claims"].get(parts[0])
        return None if owner is None else st["players"][owner]["name"]
    if head == "milestones":
        return [m["name"] for m in st["milestones"]]
    if head == "awards":
        return [a["name"] for a in st["awards"]]
    p = _player_index(st, head)
    pl = st["players"][p]
    key = parts[0] if parts else ""
    if key in ("res", "resources"):
        return pl["res"][parts[1]]
    if key in ("prod", "production"):
        return pl["prod"][parts[1]]
    if key == "card":
        name = ".".join(parts[1:])
        entry = rules.find_played(st, p, name)
        return None if entry is None else entry.get("res", 0)
    if key == "area":
        entry = rules.find_played(st, p, ".".join(parts[1:]))
        return None if entry is None else entry.get("area")
    if key == "hand_size":
        return len(pl["hand"])
    if key == "played":
        return [e["name"] for e in pl["played"]]
    if key == "tags":
        return rules.tags(st, game.content, p)[parts[1]]
    if key == "vp":
        return scoring.card_vp(st, game.content, p, ".".join(parts[1:]),
                               rules.find_played(st, p, ".".join(parts[1:])))
    if key == "score":
        rows = scoring.score(st, game.content)
        return rows[p][parts[1]]
    if key in pl:
        return pl[key]
    raise ScenarioError(f"cannot look up '{path}'")


# ---- running ------------------------------------------------------------------------------
STEP_KEYS = {"answer", "as", "expect", "offered", "not_offered", "illegal", "note", "play", "log"}


def run(path: Path, content: Content | None = None) -> Outcome:
    """Run one file. A malformed file is a failure with its reason, never a traceback."""
    try:
        data = load_file(path)
        return run_data(data, str(path), content)
    except ScenarioError as e:
        return Outcome(str(path), path.stem, [f"malformed scenario: {e}"])
    except EngineError as e:  # the cards (a card author's, say) ask for what cannot be done
        return Outcome(str(path), path.stem, [f"the engine could not go on: {e}"])
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
        return Outcome(str(path), path.stem, [f"malformed scenario: a value has the wrong shape "
                                              f"({type(e).__name__}: {e})"])


def run_data(data: dict, where: str, content: Content | None = None) -> Outcome:
    out = Outcome(where, str(data.get("name", where)))
    setup = data.get("setup") or {}
    if not isinstance(setup, dict):
        raise ScenarioError("setup is a mapping")
    game = build_game(setup, content, Path(where).parent)
    steps = data.get("steps") or []
    if not isinstance(steps, list):
        raise ScenarioError("steps is a list")
    for i, step in enumerate(steps, start=1):
        if not isinstance(step, dict) or set(step) - STEP_KEYS:
            raise ScenarioError(f"step {i}: a mapping with keys among {', '.join(sorted(STEP_KEYS))}")
        out.steps = i
        label = f"step {i}"
        d = game.pending
        if "as" in step and d and game.state["players"][d["player"]]["name"] != step["as"]:
            out.failures.append(f"{label}: decision is {game.state['players'][d['player']]['name']}'s, "
                                f"expected {step['as']}'s")
            return out
        ids = [o["id"] for o in d["options"]] if d else []
        for oid in _as_list(step.get("offered")):
            if str(oid) not in ids:
                out.failures.append(f"{label}: '{oid}' is not offered; offered: {', '.join(ids)}")
        for oid in _as_list(step.get("not_offered")):
            if str(oid) in ids:
                out.failures.append(f"{label}: '{oid}' is offered but should not be")
        if "illegal" in step:
            spec = step["illegal"] if isinstance(step["illegal"], dict) else {"answer": step["illegal"]}
            before = game.save()
            who = _player_index(game.state, spec["as"]) if "as" in spec else (d["player"] if d else 0)
            try:
                game.answer(who, _answer(spec.get("answer")))
                out.failures.append(f"{label}: answer {spec.get('answer')!r} was accepted but should be illegal")
            except IllegalAnswer as e:
                if spec.get("reason") and spec["reason"] not in str(e):
                    out.failures.append(f"{label}: refused with '{e}', expected the reason to mention "
                                        f"'{spec['reason']}'")
            if game.save() != before:
                out.failures.append(f"{label}: an illegal answer changed the game")
        for key in ("play", "answer"):
            if key in step:
                ans = f"play:{step[key]}" if key == "play" else _answer(step[key])
                if not d:
                    out.failures.append(f"{label}: no decision is pending for answer {ans!r}")
                    return out
                try:
                    game.answer(d["player"], ans)
                except IllegalAnswer as e:
                    out.failures.append(f"{label}: answer {ans!r} refused: {e}")
                    return out
        for k, expected in (step.get("expect") or {}).items():
            try:
                got = lookup(game, str(k))
            except (KeyError, IndexError, TypeError):
                raise ScenarioError(f"{label}: cannot look up '{k}'") from None
            if isinstance(expected, list) and isinstance(got, list):
                same = sorted(map(str, expected)) == sorted(map(str, got))
            else:
                same = got == expected
            if not same:
                out.failures.append(f"{label}: {k} is {got!r}, expected {expected!r}")
        if "log" in step and not any(str(step["log"]) in line for line in game.state["log"]):
            out.failures.append(f"{label}: no log line mentions {step['log']!r}")
        if out.failures:
            return out
    return out


def _as_list(v: Any) -> list:
    if v is None:
        return []
    return v if isinstance(v, list) else [v]


def _answer(v: Any) -> Any:
    if isinstance(v, list):
        return [str(x) for x in v]
    return str(v)
