"""Scenario files: rulings and card behaviour as data (docs/scenarios.md).

A scenario sets up a position, answers decisions, and checks the state, whether options
are offered, and that illegal answers are refused with a reason and change nothing.
"""

from __future__ import annotations

import json

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from compiler import vocab
from compiler.diagnostics import CompileError, Diagnostic, did_you_mean
from compiler.gameflow import default_variants
from compiler.modules import ModuleError, add_folder, resolve
from compiler.ops.protocol import DECISION_KINDS
from compiler.text import article
from compiler.strictyaml import Kind, Map, Seq, Where, diagnostic, load_text, plain, read_text, where
from compiler.tiles import TILE_KINDS

from . import flow, rules, scoring, why
from .content import Content, Memo, available_maps, for_players, load_content, slug, with_map_module
from .game import EngineError, Game, IllegalAnswer
from .mechanic import load_plugins
from .memo import track
from .scenario_check import DEALT_KEYS, IMPOSSIBLE, UNKNOWN_NAME, WRONG_VALUE, ScenarioError, check_shape
from .setup import new_state


@dataclass
class Outcome:
    path: str
    name: str
    failures: list[str] = field(default_factory=list)
    steps: int = 0
    #: the errors of the cards of its modules that do not compile (the game went on without them)
    not_compiled: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


SCENARIO_FILES = Kind("scenario files", "a scenario file", "step")


def load_file(path: Path) -> tuple[Any, list[str]]:
    """A scenario file through the strict loader, its shape checked; and its lines."""
    data, lines = load_text(read_text(path), str(path), SCENARIO_FILES)
    check_shape(data)
    return data, lines


def build_game(setup: Map, content: Content | None = None, here: Path | None = None,
               not_compiled: list[Diagnostic] | None = None) -> Game:
    """A game in the position the setup describes (action phase unless told otherwise). `here`
    is the scenario's folder: card folders named in `cards:` are found from it. A card of the
    modules that does not compile is left out (naming it is an error saying so), and its error
    is added to `not_compiled` when given; without that list, it stops the game."""
    setup = setup if isinstance(setup, Map) else Map(setup or {})
    cards = setup.get("cards") or []
    folders = [c for c in cards if isinstance(c, str)]
    try:
        added = tuple(add_folder((here or Path.cwd()) / f) for f in folders)
        modules = resolve(_modules(setup) + added) if added else _modules(setup)
    except ModuleError as e:
        raise ScenarioError(f"setup.cards: {e}", where(setup, "cards"), UNKNOWN_NAME) from None
    try:
        on = default_variants(modules) if "variants" not in setup else tuple(setup["variants"])
        map_name = slug(setup.get("map", "tharsis"))
        if map_name not in available_maps():
            raise ScenarioError(f"unknown map {setup['map']!r} {did_you_mean(map_name, available_maps())}".rstrip(),
                                where(setup, "map"), UNKNOWN_NAME)
        specs_given = setup.get("players")
        seats = len(specs_given) if isinstance(specs_given, list) else 2
        modules = for_players(with_map_module(modules, map_name), seats)
        on = on if "variants" in setup else default_variants(modules)
        content = content or load_content(modules, map_name, tuple(sorted(set(on))), not_compiled is not None)
        if not_compiled is not None:
            not_compiled.extend(content.not_compiled)
    except ModuleError as e:
        raise ScenarioError(f"setup: {e}", where(setup, "variants") if "variants" in setup else where(setup),
                            UNKNOWN_NAME) from None
    if any(not isinstance(c, str) for c in cards):
        content = with_cards(content, cards, where(setup, "cards"))
    specs = setup["players"] if "players" in setup else Seq([Map(name="Alice"), Map(name="Bob")])
    low, high = content.rules.players
    if not low <= len(specs) <= high:
        raise ScenarioError(f"{len(specs)} player(s): a game has {low} to {high}", where(setup, "players"),
                            IMPOSSIBLE)
    names = [s.get("name", f"P{i + 1}") for i, s in enumerate(specs)]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise ScenarioError(f"two players named {name!r}: answers and paths name players, so names differ",
                                where(specs[i], "name") if "name" in specs[i] else where(specs, i), IMPOSSIBLE)
    if setup.get("draft") and not content.rules.draft:
        raise ScenarioError("draft: these modules play without the draft (F256)", where(setup, "draft"), WRONG_VALUE)
    game = Game(new_state(content, names, setup.get("seed", 0), setup.get("draft", False)), content)
    st = game.state
    st["phase"] = setup.get("phase", "action")
    phases = flow.phases_of(content.flow)
    if st["phase"] not in phases:
        raise ScenarioError(f"unknown phase {st['phase']!r}; phases are {', '.join(phases)}",
                            where(setup, "phase"), UNKNOWN_NAME)
    st["setup"] = {"stage": content.flow.setup[0].task if st["phase"] == "setup" else "done", "i": 0}
    st["first"] = _player_index(st, setup.get("first", 0), where(setup, "first"))
    st["current"] = _player_index(st, setup.get("current", 0), where(setup, "current"))
    st["actions"] = setup.get("actions", 0)
    if st["actions"] >= content.rules.actions_per_turn:
        raise ScenarioError(f"actions: {st['actions']} taken, but a turn has {content.rules.actions_per_turn}",
                            where(setup, "actions"), WRONG_VALUE)
    for pl, spec in zip(st["players"], specs, strict=True):
        st["deck"].extend(pl["dealt"])  # cards dealt at random go back: the scenario says what is dealt
        pl["dealt"] = []
        if st["phase"] != "setup":
            pl["dealt_corps"] = []
        if st["phase"] == "setup":  # corporations not named stay as dealt at random
            if spec.get("dealt_corporations"):
                pl["dealt_corps"] = [_card(content, spec["dealt_corporations"], i, "corporation")
                                     for i in range(len(spec["dealt_corporations"]))]
            pl["dealt"] = [_card(content, spec["dealt"], i) for i in range(len(spec.get("dealt") or ()))]
        elif any(k in spec for k in DEALT_KEYS):
            key = next(k for k in DEALT_KEYS if k in spec)
            raise ScenarioError(f"{key} is for 'phase: setup' only", where(spec, key), WRONG_VALUE)
    for m in load_plugins().values():
        said = [k for k in m.scenario.setup if k in setup] + [k for s in specs for k in m.scenario.player if k in s]
        if m in content.mechanics and m.scenario.arrange is not None:
            m.scenario.arrange(game, setup, specs, lambda node, key, kind="": _card(content, node, key, kind))
        elif said:
            raise ScenarioError(f"{said[0]}: no module of this game switches on the mechanic {m.name} "
                                f"({m.summary})", where(setup, said[0]) if said[0] in setup else where(setup),
                                WRONG_VALUE)
    if "discard" in setup or st["phase"] != "setup":  # else what the deal discarded stays (F261's 4 cards)
        st["deck"].extend(st["discard"])  # into no other zone: every card stays in one place
        st["discard"] = [_card(content, setup["discard"], i) for i in range(len(setup.get("discard") or ()))]
    set_position(game, setup, fresh=True)
    game.advance()
    return game


def set_position(game: Game, spec: Map, fresh: bool = False) -> None:
    """Put the position a `setup:` (fresh game) or a step's `set:` describes; only the keys given
    change. Lists given (hand, played, …) replace what was there; a card named leaves the deck."""
    st, content = game.state, game.content
    if "generation" in spec:
        st["generation"] = spec["generation"]
    globals_ = spec.get("globals") or Map()
    for k, v in globals_.items():
        bounds = content.rules.track_range(k)
        if bounds is None:
            raise ScenarioError(f"unknown global '{k}' {did_you_mean(str(k), st['globals'])}".rstrip(),
                                globals_.key_at(k), UNKNOWN_NAME)
        step = content.rules.globals[k]["step"]
        if not bounds[0] <= v <= bounds[1] or (v - bounds[0]) % step:
            raise ScenarioError(f"{k} {v} is off its track ({bounds[0]} to {bounds[1]} in steps of {step})",
                                globals_.at(k), WRONG_VALUE)
        st["globals"][k] = v
    players = spec.get("players") or Seq()
    for i, pspec in enumerate(players):
        p = i if fresh else _player_index(st, pspec["name"], where(pspec, "name"))
        _set_player(game, p, pspec)
    board = spec.get("board") or Map()
    for area, tile in board.items():
        _area(content, area, board.key_at(area))
        tile = tile if isinstance(tile, dict) else Map(tile=tile)
        if tile["tile"] not in TILE_KINDS:
            raise ScenarioError(f"unknown tile kind {tile['tile']!r} {did_you_mean(tile['tile'], TILE_KINDS)}".rstrip(),
                                board.at(area), UNKNOWN_NAME)
        owner = tile.get("owner")
        entry = {"tile": tile["tile"], "owner": None if owner is None else _player_index(st, owner, tile.at("owner"))}
        if "name" in tile:
            entry["name"] = tile["name"]
        st["board"][area] = entry
    claims = spec.get("claims") or Map()
    for area, owner in claims.items():
        st["claims"][_area(content, area, claims.key_at(area))] = _player_index(st, owner, claims.at(area))
    for kind, key in (("milestone", "milestones"), ("award", "awards")):
        given = spec.get(key) or Map()
        for name, owner in given.items():
            if name not in content.board[kind]:
                raise ScenarioError(f"unknown {kind} '{name}' {did_you_mean(str(name), content.board[kind])}".rstrip(),
                                    given.key_at(name), UNKNOWN_NAME)
            st[key] = [e for e in st[key] if e["name"] != name]
            st[key].append({"name": name, "player": _player_index(st, owner, given.at(name))})
    _settle_cards(game, spec, fresh)
    track(st)  # the parts replaced are tracked afresh: what was derived from the old ones is not theirs


def _set_player(game: Game, p: int, spec: Map) -> None:
    content, pl = game.content, game.state["players"][p]
    if "corporation" in spec:
        corp = _card(content, spec, "corporation", "corporation")
        pl["played"] = [e for e in pl["played"] if e["name"] != pl["corp"]]
        pl["corp"] = corp
        pl["played"].insert(0, {"name": corp, "res": 0, "used": False, "area": None})
        pl["first_action"] = spec.get("first_action", False)
        if pl["first_action"] and not content.cards[corp].get("first_action"):
            raise ScenarioError(f"{corp} has no first action in this game", where(spec, "first_action"), WRONG_VALUE)
    elif "first_action" in spec:
        pl["first_action"] = spec["first_action"]
    if "tr" in spec:
        pl["tr"] = spec["tr"]
    for key, target in (("resources", "res"), ("production", "prod")):
        given = spec.get(key) or Map()
        for r, v in given.items():
            if r not in pl[target]:
                raise ScenarioError(f"player {pl['name']}: unknown resource '{r}' "
                                    f"{did_you_mean(str(r), pl[target])}".rstrip(), given.key_at(r), UNKNOWN_NAME)
            if target == "prod" and v < content.rules.floor(r):
                raise ScenarioError(f"player {pl['name']}: {r} production {v} is below its floor, "
                                    f"{content.rules.floor(r)}", given.at(r), WRONG_VALUE)
            pl[target][r] = v
    for key in ("hand", "events"):
        if key in spec:
            pl[key] = [_card(content, spec[key], i) for i in range(len(spec[key]))]
    if "played" in spec:
        entries = [e if isinstance(e, dict) else Map(name=e) for e in spec["played"]]
        pl["played"] = [e for e in pl["played"] if e["name"] == pl["corp"]] + [
            {"name": _card(content, e, "name"), "res": e.get("resources", 0), "used": e.get("used", False),
             "area": None if e.get("area") is None else _area(content, e["area"], where(e, "area"))}
            for e in entries]
    if "passed" in spec:
        pl["passed"] = spec["passed"]
    if "tr_raised" in spec:
        pl["tr_gen"] = int(spec["tr_raised"])
    if "granted" in spec:
        pl["granted"] = [{"mod": m, "n": n, "until": "next-card"} for m, n in spec["granted"].items()]


def _settle_cards(game: Game, spec: Map, fresh: bool) -> None:
    """Cards named in places leave the deck (and, for a `set`, the discard pile); `deck` puts cards
    on top. A card in two places (two hands, a hand and play, a pile and elsewhere) is an impossible
    position."""
    st, content = game.state, game.content
    held = [c for pl in st["players"] for c in pl["hand"] + pl["events"] + [e["name"] for e in pl["played"]]
            + pl.get("dealt", []) + pl.get("dealt_corps", [])]
    seen: set[str] = set()
    for c in held:  # each card of the game exists once: in one hand, or in play once, …
        if c in seen:
            raise ScenarioError(f"card '{c}' is in two places; the game has one of each card",
                                _last_place(spec, c) or where(spec), IMPOSSIBLE)
        seen.add(c)
    placed = set(held)
    if not fresh:
        st["discard"] = [c for c in st["discard"] if c not in placed]
    top = [_card(content, spec["deck"], i) for i in range(len(spec.get("deck") or ()))]
    for pile, others in ((st["discard"], placed), (top, placed | set(st["discard"]))):
        twice = next((c for c in pile if c in others or pile.count(c) > 1), None)
        if twice:
            raise ScenarioError(f"card '{twice}' is in two places; a card in a pile is nowhere else",
                                _last_place(spec, twice) or where(spec), IMPOSSIBLE)
    exact = fresh and spec.get("deck_exact")
    rest = [] if exact else [c for c in st["deck"] if c not in placed and c not in st["discard"] and c not in top]
    st["deck"] = rest + list(reversed(top))


def _last_place(node: Any, name: str) -> Where | None:
    """Where a card name is last written under a node (the second mention is the one at fault)."""
    found = None
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        if value == name:
            found = where(node, key)
        elif isinstance(value, (dict, list)):
            found = _last_place(value, name) or found
    return found


def _modules(setup: Map) -> tuple[str, ...]:
    """`modules: [base, corpera]`, or the shorthand `corporate_era: false` (base only)."""
    if "modules" in setup and "corporate_era" in setup:
        raise ScenarioError("setup names the modules twice: give 'modules' or 'corporate_era'",
                            where(setup, "corporate_era"), WRONG_VALUE)
    if "modules" not in setup:
        return ("base", "corpera") if setup.get("corporate_era", True) else ("base",)
    try:
        return resolve(setup["modules"])
    except ModuleError as e:
        raise ScenarioError(f"setup.modules: {e}", where(setup, "modules"), UNKNOWN_NAME) from None


def with_cards(content: Content, cards: Any, pos: Where = (1, 1)) -> Content:
    """The content plus cards written in the scenario itself (card files' format), to try a
    card or a construct that no printed card has. They go to no deck: name them in a hand. They
    may use the words of the modules in play and no others (a word of a module not in play is an
    error at the card, S004); a compile error is reported once, at the field it is in. Entries
    that are strings (card folders) are skipped."""
    if not isinstance(cards, list) or not all(isinstance(c, (dict, str)) for c in cards):
        raise ScenarioError("setup.cards is a list of cards written as in a card file", pos)
    from compiler.library import compile_text
    compiled: list[dict] = []
    for i, raw in enumerate(cards):
        if isinstance(raw, str):
            continue
        text = yaml.safe_dump([plain(raw)], sort_keys=False, allow_unicode=True)
        result = compile_text(text, "<setup.cards>", "scenario")
        if not result.ok:
            first = result.diagnostics[0]
            said = list(dict.fromkeys(d.message for d in result.diagnostics))  # each once
            field_ = _field_at(text, first.position.line)
            raise ScenarioError(f"setup.cards: {raw.get('name', f'card {i + 1}')}: {'; '.join(said)}"
                                + (f" (expected: {first.expected})" if first.expected else ""),
                                where(raw, field_) if field_ in raw else where(cards, i), WRONG_VALUE)
        for card in result.cards:
            _words_in_play(content, card, raw, where(cards, i))
        compiled.extend(result.cards)
    clash = [c["name"] for c in compiled if c["name"] in content.cards]
    if clash:
        raise ScenarioError(f"setup.cards: '{clash[0]}' is already a card of the game", pos, IMPOSSIBLE)
    return replace(content, cards={**content.cards, **{c["name"]: c for c in compiled}}, memo=Memo())


def _field_at(text: str, line: int) -> str:
    """The field of a card dumped as YAML that a line of the dump belongs to."""
    for row in reversed(text.splitlines()[:line]):
        key = row[2:].partition(":")[0] if row[:2] in ("- ", "  ") and not row[2:3].isspace() else ""
        if key:
            return key
    return ""


def _words_in_play(content: Content, card: dict, raw: Any, pos: Where) -> None:
    """A card written in a scenario uses the words of the modules in play only: a word another
    module declares is an error naming that module, not a crash when the game meets it."""
    from compiler.compile import words_used
    from compiler.modules import manifests
    known = manifests()
    for word, kind in words_used(card):
        owners = [m for m in known if word in known[m].words(kind)]
        if owners and not any(m in content.modules for m in owners):
            raise ScenarioError(f"setup.cards: {card['name']} uses '{word}', a word of module {owners[0]}, which is "
                                f"not in this game; add {owners[0]} to setup.modules", pos, UNKNOWN_NAME)


def _card(content: Content, node: Any, key: Any, kind: str = "") -> str:
    """The card named at node[key], known to the game (and of the given type, if any)."""
    name = node[key]
    card = content.cards.get(name)
    if card is None and name in content.left_out:
        raise ScenarioError(f"'{name}' is not in this game: {content.left_out[name]}", where(node, key), WRONG_VALUE)
    if card is None:
        raise ScenarioError(f"unknown card '{name}' {did_you_mean(str(name), content.cards)}".rstrip(),
                            where(node, key), UNKNOWN_NAME)
    if kind and card["type"] != kind:
        raise ScenarioError(f"'{name}' is not a {kind} (it is {card['type']})", where(node, key), WRONG_VALUE)
    return name


def _area(content: Content, area: Any, pos: Where) -> str:
    if area not in content.map.areas:
        raise ScenarioError(f"unknown area '{area}' {did_you_mean(str(area), content.map.areas)}".rstrip(),
                            pos, UNKNOWN_NAME)
    return area


def _player_index(st: dict, who: Any, pos: Where | None = None) -> int:
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < len(st["players"]):
        return who
    for i, pl in enumerate(st["players"]):
        if pl["name"] == who:
            return i
    names = [pl["name"] for pl in st["players"]]
    raise ScenarioError(f"unknown player {who!r}; players are {', '.join(names)} (or 0 to {len(names) - 1})",
                        pos, UNKNOWN_NAME)


# ---- looking things up ---------------------------------------------------------------
def _canonical(value: Any) -> str:
    """A value as text that equal values share (a mapping's keys in any order; a card name as is)."""
    return value if isinstance(value, str) else json.dumps(plain(value), sort_keys=True, default=str)


#: What `pending.X` may name: the decision's kind, whose it is, its prompt, its options (each an id
#: and a label) and, for a selection, how few and how many options it takes.
PENDING_FIELDS = ("kind", "player", "prompt", "options", "min", "max")


def lookup(game: Game, path: str) -> Any:
    """Values by dotted path: 'Alice.res.plant', 'Alice.prod.mc', 'Alice.tr', 'Alice.hand',
    'Alice.card.Pets' (resources on it), 'Alice.score.total', 'globals.oxygen', 'board.r5c5.tile',
    'pending.kind', 'game.generation', 'deck.size'. A path must name something that exists — a
    field, a track, an area of the map, a card or tag of the game — and end there: anything else
    is an error (S004), never a None that an expectation of None would pass."""
    st, content = game.state, game.content
    head, _, rest = path.partition(".")
    parts = rest.split(".") if rest else []

    def fail(why: str) -> ScenarioError:
        return ScenarioError(f"cannot look up '{path}': {why}", code=UNKNOWN_NAME)

    def arity(*allowed: int) -> None:
        if len(parts) not in allowed:
            raise fail(f"'{head}' takes {' or '.join(map(str, allowed))} part(s) after it, not {len(parts)}")

    def one_of(name: str, known: Any, what: str) -> str:
        if name not in known:
            hint = did_you_mean(name, [str(k) for k in known])
            raise fail(f"no {what} '{name}'" + (f" ({hint})" if hint else ""))
        return name

    if head == "globals":
        arity(1)
        return st["globals"][one_of(parts[0], st["globals"], "global parameter")]
    if head == "board":
        arity(1, 2)
        tile = st["board"].get(one_of(parts[0], content.map.areas, "area of the map"))
        if not parts[1:] or tile is None:
            return tile
        value = tile.get(one_of(parts[1], ("tile", "owner", "name", "spacing"), "field of a tile"))
        if parts[1] == "owner" and value is not None:
            return st["players"][value]["name"]
        return value
    if head == "pending":
        arity(0, 1)
        d = st["pending"] or {}
        if parts and parts[0] not in PENDING_FIELDS:
            hint = did_you_mean(parts[0], PENDING_FIELDS)
            raise fail(f"a pending decision has no '{parts[0]}'{f' ({hint})' if hint else ''}; the paths are "
                       + ", ".join(f"pending.{f}" for f in PENDING_FIELDS))
        if parts and parts[0] == "player" and d:
            return st["players"][d["player"]]["name"]
        return d.get(parts[0]) if parts else d
    if head == "game":  # a field of the game, and into it: a key, a list's index or its entry of that name
        if not parts:
            arity(1)
        value = st[one_of(parts[0], st, "field of the game")]
        for part in parts[1:]:
            if isinstance(value, dict):
                value = value[one_of(part, value, "field")]
            elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            elif isinstance(value, list):
                named = {e["name"]: e for e in value if isinstance(e, dict) and "name" in e}
                value = named[one_of(part, named, "entry")]
            else:
                raise fail(f"'{part}' goes into a value that has no parts")
        return value
    if head == "deck":
        arity(0, 1)
        if parts:
            one_of(parts[0], ("size",), "field of the deck")
        return len(st["deck"])
    if head == "claims":
        arity(1)
        owner = st["claims"].get(one_of(parts[0], content.map.areas, "area of the map"))
        return None if owner is None else st["players"][owner]["name"]
    if head in ("milestones", "awards"):
        arity(0)
        return [m["name"] for m in st[head]]
    p = _player_index(st, head)
    pl = st["players"][p]
    key = parts[0] if parts else ""
    card_name = ".".join(parts[1:])
    if key in ("res", "resources", "prod", "production"):
        arity(2)
        return pl["res" if key.startswith("res") else "prod"][one_of(parts[1], pl["res"], "resource")]
    if key in ("card", "area", "vp"):
        one_of(card_name, content.cards, "card in this game")
        entry = rules.find_played(st, p, card_name)
        if key == "vp":
            return scoring.card_vp(st, content, p, card_name, entry)
        return None if entry is None else entry.get("res" if key == "card" else "area", 0 if key == "card" else None)
    if key == "tags":
        arity(2)
        return rules.tags(st, content, p)[one_of(parts[1], vocab.TAGS, "tag")]
    if key == "score":
        arity(2)
        rows = scoring.score(st, content)
        return rows[p][one_of(parts[1], rows[p], "score row")]
    if key in ("hand_size", "played"):
        arity(1)
        return len(pl["hand"]) if key == "hand_size" else [e["name"] for e in pl["played"]]
    if key in pl:
        arity(1)
        return pl[key]
    raise fail(f"a player has no '{key}'")


# ---- running ------------------------------------------------------------------------------
def run(path: Path, content: Content | None = None) -> Outcome:
    """Run one file. A malformed file is a failure saying where and what, never a traceback. A card
    of its modules that does not compile is left out of the game: the outcome carries its error."""
    lines: list[str] = []
    broken: list[Diagnostic] = []
    try:
        data, lines = load_file(path)
        out = run_data(data, str(path), content, broken)
    except CompileError as e:  # the file cannot be read as YAML under the strict loader's rules
        out = Outcome(str(path), path.stem, [_malformed(d) for d in e.diagnostics])
    except ScenarioError as e:
        d = diagnostic(str(path), lines, e.pos or (1, 1), e.code, e.message)
        out = Outcome(str(path), path.stem, [_malformed(d)])
    except EngineError as e:  # the cards (a card author's, say) ask for what cannot be done
        out = Outcome(str(path), path.stem, [f"the engine could not go on: {e}"])
    out.not_compiled = broken
    return out


def _malformed(d: Diagnostic) -> str:
    return d.render().replace(f" {d.code} ", f" {d.code} malformed scenario: ", 1)


def run_data(data: Map, where_: str, content: Content | None = None,
             not_compiled: list[Diagnostic] | None = None) -> Outcome:
    """Run a scenario already read (and shape-checked) by `load_file`."""
    out = Outcome(where_, str(data.get("name", where_)))
    game = build_game(data.get("setup") or Map(), content, Path(where_).parent, not_compiled)
    run_steps(game, data["steps"], out, "")
    return out


def run_steps(game: Game, steps: Seq, out: Outcome, prefix: str) -> bool:
    """Run steps in order, stopping at the first that fails; False if one did."""
    for i, step in enumerate(steps, start=1):
        out.steps += 1
        label = f"{prefix}step {i}"
        if not _run_step(game, step, out, label):
            return False
        for b, branch in enumerate(step.get("branches") or (), start=1):
            if not run_steps(game.clone(), branch, out, f"{label}, branch {b}, "):
                return False
    return True


def _run_step(game: Game, step: Map, out: Outcome, label: str) -> bool:
    """One step: set, whose turn, offers, illegal answers, the answer, then the checks after it."""
    failures = out.failures
    if "set" in step:
        d = game.pending
        if not d or d["kind"] != "action":
            raise ScenarioError(f"{label}: 'set' changes the position between actions, but the pending decision "
                                f"is {d['kind'] if d else 'none'}", where(step, "set"), WRONG_VALUE)
        set_position(game, step["set"])
        game.state["pending"] = None
        game.advance()  # the action decision is offered again, from the new position
    d = game.pending
    if "as" in step and d and game.state["players"][d["player"]]["name"] != step["as"]:
        failures.append(f"{label}: decision is {game.state['players'][d['player']]['name']}'s, "
                        f"expected {step['as']}'s")
        return False
    ids = [o["id"] for o in d["options"]] if d else []
    for oid in _as_list(step.get("offered")):
        if str(oid) not in ids:
            failures.append(f"{label}: '{oid}' is not offered{_why_not(game, str(oid))}; "
                            f"offered: {_options_text(d)}")
    for oid in _as_list(step.get("not_offered")):
        if str(oid) in ids:
            failures.append(f"{label}: '{oid}' is offered but should not be")
    if "offered_exactly" in step:
        want = [str(o) for o in step["offered_exactly"]]
        missing, extra = [o for o in want if o not in ids], [o for o in ids if o not in want]
        if missing or extra:
            why = "".join(_why_not(game, o) for o in missing)
            failures.append(f"{label}: offered {_options_text(d)}; missing: {', '.join(missing) or '-'}{why}; "
                            f"not expected: {', '.join(extra) or '-'}")
    if "illegal" in step:
        _check_illegal(game, step, d, failures, label)
    for key in ("play", "answer"):
        if key in step:
            ans = f"play:{step[key]}" if key == "play" else _answer(step[key])
            if not d:
                failures.append(f"{label}: no decision is pending for answer {ans!r}")
                return False
            try:
                game.answer(d["player"], ans)
            except IllegalAnswer as e:
                failures.append(f"{label}: answer {ans!r} refused: {e}{_why_not(game, str(ans))}; "
                                f"offered: {_options_text(d)}")
                return False
    expect = step.get("expect") or Map()
    for k, expected in expect.items():
        try:
            got = lookup(game, str(k))
        except ScenarioError as e:
            raise e.at(expect.key_at(k)) from None
        except (KeyError, IndexError, TypeError):
            raise ScenarioError(f"{label}: cannot look up '{k}'", expect.key_at(k), UNKNOWN_NAME) from None
        if isinstance(expected, list) and isinstance(got, list):  # in any order, each item by value
            same = sorted(map(_canonical, expected)) == sorted(map(_canonical, got))
        else:
            same = got == expected
        if not same:
            failures.append(f"{label}: {k} is {got!r}, expected {expected!r}")
    if "log" in step and not any(str(step["log"]) in line for line in game.state["log"]):
        failures.append(f"{label}: no log line mentions {step['log']!r}")
    if "not_asked" in step:
        _check_not_asked(game, step, failures, label)
    return not failures


def _check_illegal(game: Game, step: Map, d: dict | None, failures: list[str], label: str) -> None:
    """The answer is refused, with the reason asked for, and the game is byte-for-byte unchanged."""
    spec = step["illegal"] if isinstance(step["illegal"], dict) else Map(answer=step["illegal"])
    before = game.save()
    who = _player_index(game.state, spec["as"], where(spec, "as")) if "as" in spec else (d["player"] if d else 0)
    try:
        game.answer(who, _answer(spec["answer"]))
        failures.append(f"{label}: answer {spec['answer']!r} was accepted but should be illegal")
    except IllegalAnswer as e:
        if spec.get("reason") and spec["reason"] not in str(e):
            failures.append(f"{label}: refused with '{e}', expected the reason to mention '{spec['reason']}'")
    if game.save() != before:
        failures.append(f"{label}: an illegal answer changed the game")


def _check_not_asked(game: Game, step: Map, failures: list[str], label: str) -> None:
    """`not_asked`: the decision put to a player by this step (the one pending after its answer, or
    after its `set`) is not of these kinds: `target`, `[target, order]`, or per player `{Bob: target}`."""
    spec = step["not_asked"]
    per_player = spec.items() if isinstance(spec, dict) else [(None, spec)]
    d = game.pending
    for who, kinds in per_player:
        kinds = _as_list(kinds)
        for kind in kinds:
            if kind not in DECISION_KINDS:
                hint = did_you_mean(str(kind), DECISION_KINDS) or "kinds: " + ", ".join(DECISION_KINDS)
                raise ScenarioError(f"{label}: unknown decision kind '{kind}'; {hint}", where(step, "not_asked"),
                                    UNKNOWN_NAME)
        p = None if who is None else _player_index(game.state, who, spec.key_at(who))
        if d and d["kind"] in kinds and (p is None or d["player"] == p):
            name = game.state["players"][d["player"]]["name"]
            failures.append(f"{label}: {name} is asked {article(d['kind'])} decision ({d['prompt']}), "
                            f"but should not be")


def _options_text(d: dict | None) -> str:
    """The options of a decision as a failure shows them: each id, and its label where that says more."""
    if not d:
        return "nothing (no decision is pending)"
    return ", ".join(o["id"] if o["label"] in (o["id"], "") else f"{o['id']} ({o['label']})" for o in d["options"])


def _why_not(game: Game, oid: str) -> str:
    """For `play:CARD` not offered: why, in the words the play screen's hand uses (tmars/why.py);
    else nothing."""
    kind, _, name = oid.partition(":")
    d = game.pending
    if kind != "play" or not d or name not in game.content.cards:
        return ""
    p = d["player"]
    if name not in game.state["players"][p]["hand"]:
        return f" ({name} is not in {game.state['players'][p]['name']}'s hand)"
    reason = next((v.reason for v in why.hand_verdicts(game.interp, p, d) if v.card == name), "")
    return f" ({name}: {reason})" if reason else ""


def _as_list(v: Any) -> list:
    if v is None:
        return []
    return v if isinstance(v, list) else [v]


def _answer(v: Any) -> Any:
    if isinstance(v, list):
        return [str(x) for x in v]
    return str(v)
