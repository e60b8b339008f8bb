"""What a save file may hold: a JSON Schema of the game state, built from the loaded content, and
the checks a schema cannot say (tasks that must match the hand, effects that must come from the
cards). A save is verified before it is played, never trusted: anything it refuses is refused
with a sentence a player can act on, never with the engine's internals.

The schema is derived from the state `setup.new_state` builds and the tasks the interpreter
pushes; where the content names things (cards, areas, milestones, phases), it lists them, so
an unknown name is refused at load and not 25 decisions later.
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema

from compiler.wholeschema import Validator as WholeValidator

from compiler import vocab
from compiler.ops import OPS, Pay
from compiler.tiles import TILE_KINDS

from . import flow, invariants
from .content import Content
from .mechanic import AMOUNT, COUNT, TASKS, THIS_ACTION, SaveError, SaveShapes, names_off
from .setup import players_range, step_players, step_records

#: the ops told apart here, by their declared names (string compares on hot paths)
_PAY = Pay.name
U64 = (1 << 64) - 1


#: the largest save file read (a late game's is a few hundred kilobytes)
MAX_SAVE_BYTES = 64_000_000


# ---- the schema --------------------------------------------------------------------------------
def _int(lo: int, hi: int) -> dict:
    return {"type": "integer", "minimum": lo, "maximum": hi}


def _names(names: Any, title: str) -> dict:
    """A name from the content; `title` is what the refusal calls it ('a corporation')."""
    return {"enum": sorted(names), "title": title}


def _obj(props: dict, required: Any = None, **extra: Any) -> dict:
    return {"type": "object", "properties": props, "additionalProperties": False,
            "required": sorted(props if required is None else required), **extra}


def _list(items: dict, **extra: Any) -> dict:
    return {"type": "array", "items": items, **extra}


def schema(content: Content, players: int) -> dict:
    """The JSON Schema of a saved game of this many players on this content."""
    key = ("save-schema", players)
    found = content.memo.get(key)
    if found is None:
        found = content.memo[key] = _schema(content, players)
    return found


def _schema(content: Content, n: int) -> dict:
    rules = content.rules
    projects = set(content.project_deck())
    corps = set(content.corporations()) | set(content.beginner_corporations())
    project = _names(projects, "a project card of this game")
    corp = _names(corps, "a corporation of this game")
    card = _names(set(content.cards), "a card of this game")
    area = _names(content.map.areas, "an area of the map")
    player = {**_int(0, n - 1), "title": "a player"}
    node = {"type": "object", "required": ["op"], "properties": {"op": _names(OPS, "an effect of the card language")}}
    ctx = _obj({"p": player, "card": {"anyOf": [card, {"type": "null"}]}, "that": {"anyOf": [card, {"type": "null"}]},
                "xmin": _int(0, 1), "x": _int(0, AMOUNT), "mandatory": {"type": "boolean"},
                "world": {"type": "boolean"}, "partial": {"type": "boolean"},
                "scores": {"type": "object", "additionalProperties": _list(_int(-AMOUNT, AMOUNT))}}, required=("p",))
    shapes = SaveShapes(content, n, player, project, corp, card, node, ctx, _names, _list, _obj, _int)
    standard = vocab.STANDARD_RESOURCES
    res = _obj({r: _int(0, AMOUNT) for r in standard})
    prod = _obj({r: _int(rules.floor(r), AMOUNT) for r in standard})
    played = _obj({"name": _names(set(content.cards), "a card that can be in play"),
                   "res": _int(0, AMOUNT),
                   "used": {"type": "boolean"}, "area": {"anyOf": [area, {"type": "null"}]}})
    granted = _obj({"mod": _names(vocab.GRANTABLE, "a modifier"), "n": _int(-COUNT, COUNT),
                    "until": _names(vocab.DURATIONS, "a duration")})
    mechanics = content.mechanics
    player_state = _obj({
        "name": {"type": "string", "minLength": 1, "maxLength": 100}, "corp": {"anyOf": [corp, {"type": "null"}]},
        "tr": _int(0, COUNT), "tr_gen": _int(0, COUNT), "tr_raises": _int(0, COUNT), "tr_lost": _int(0, COUNT),
        "res": res, "prod": prod,
        "hand": _list(project), "played": _list(played), "events": _list(project), "passed": {"type": "boolean"},
        "granted": _list(granted), "dealt": _list(project), "dealt_corps": _list(corp),
        "first_action": {"type": "boolean"}, "setup_corp": corp, "setup_keep": _list(project),
        "wild_as": _names(vocab.TAGS, "a tag (the type a wild tag took in this action)"),
        **{k: v for m in mechanics for k, v in m.player_state(shapes).items()},
        **{k: v for op in OPS.values() for k, v in op.player_state(shapes).items()}},
        required=("name", "corp", "tr", "res", "prod", "hand", "played", "events", "passed"))
    tile = _obj({"tile": _names(TILE_KINDS, "a tile"), "owner": {"anyOf": [player, {"type": "null"}]},
                 "name": {"type": "string", "maxLength": 100}, "spacing": {"const": "waived"}},
                required=("tile", "owner"))
    spec = content.tracks.globals
    globals_ = _obj({k: _int(v["start"], v["goal"]) for k, v in spec.items()})
    claimed = _obj({"name": _names(content.map.milestones, "a milestone of this map"), "player": player})
    funded = _obj({"name": _names(content.map.awards, "an award of this map"), "player": player})
    packs = _list(_list(project), minItems=n, maxItems=n)
    stages = [s.task for s in content.flow.setup] + ["choose", "done"]
    props = {
        "version": {"const": 1}, "seed": {"type": "integer"}, "rng": _int(0, U64),
        "options": _obj({"draft": {"type": "boolean"}, "map": {"type": "string"},
                         "variants": _list(_names(content.variants, "a variant of these modules")),
                         "modules": _list({"type": "string"}, minItems=1),
                         "max_generations": {"anyOf": [_int(1, COUNT), {"type": "null"}]},
                         "card_folders": _list({"type": "string"}),
                         "scenario": {"type": "string"}}, required=("modules",)),
        "generation": _int(1, COUNT), "phase": _names(flow.phases_of(content.flow) + ["over"], "a phase of the game"),
        "first": player, "current": player, "actions": _int(0, rules.actions_per_turn),
        "globals": globals_, "board": {"type": "object", "propertyNames": area, "additionalProperties": tile},
        "claims": {"type": "object", "propertyNames": area, "additionalProperties": player},
        "deck": _list(project), "discard": _list(project),
        "players": _list(player_state, minItems=n, maxItems=n),
        "milestones": _list(claimed, maxItems=rules.milestones_most),
        "awards": _list(funded, maxItems=len(rules.award_costs)),
        "stack": _list(_task_schema(content, shapes)),
        "pending": {}, "setup": _obj({"stage": _names(stages, "a setup step"), "i": _int(0, n)}),
        "research": _obj({"i": _int(0, n), "cards": packs, "draft_rounds": _int(0, COUNT)},
                         required=("i", "cards")),
        "draft": _obj({"packs": packs, "picked": packs, "turn": _int(0, n)}),
        "final": _int(0, n), "log": _list({"type": "string"}), "over": {"type": "boolean"},
        "capped": {"type": "boolean"}, "scores": _list({"type": "object"}),
        "last_tile": {"type": "object", "propertyNames": {"enum": [str(p) for p in range(n)], "title": "a player"},
                      "additionalProperties": area},
        "actions_used": _list(card),
        THIS_ACTION: _obj({"p": player, "cards": _list(card)}, required=("p", "cards")),
        "agents": _list(_obj({"kind": _names(agent_kinds(), "a kind of player (human or a bot's kind)"),
                              "rng": _int(0, U64)}, required=("kind",)), minItems=n, maxItems=n),
        **{k: v for m in mechanics for k, v in m.state(shapes).items()},
        **{k: v for op in OPS.values() for k, v in op.state(shapes).items()},
    }
    required = ("version", "rng", "options", "generation", "phase", "first", "current", "actions", "globals",
                "board", "claims", "deck", "discard", "players", "milestones", "awards", "stack", "log", "over")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://tmars.dev/save.json",
            "title": "a saved tmars game", **_obj(props, required)}


def agent_kinds() -> tuple[str, ...]:
    """Who may sit in a seat: a person, or a bot of a kind `agents.BOTS` has."""
    from .agents import BOTS
    return ("human", *BOTS)


def _task_schema(content: Content, shapes: SaveShapes) -> dict:
    """Each task type's fields, as its declaration states them (the core's and the mechanics' on);
    IR nodes are only required to be objects here and are checked against the cards by `unknown_effects`."""
    off = names_off(content.flow.mechanics)
    tasks = {t: task for t, task in TASKS.items() if t not in off}
    branches = []
    for t, task in tasks.items():
        fields = task.fields(shapes)
        branches.append({"if": {"properties": {"t": {"const": t}}},
                         "then": _obj({"t": {"const": t}, **fields},
                                      required=[k for k in ["t", *fields] if k not in task.optional])})
    return {"type": "object", "required": ["t"], "properties": {"t": _names(tasks, "a step the engine knows")},
            "allOf": branches}


def _enum(validator: Any, enums: list, instance: Any, schema: dict) -> Any:
    """`enum` for names: a plain membership test (the library compares each entry in Python)."""
    if isinstance(instance, str) and instance in enums:
        return
    yield from jsonschema.Draft202012Validator.VALIDATORS["enum"](validator, enums, instance, schema)


#: The draft the save schema is written in, with integers that are integers
#: (`compiler/wholeschema.py`) and names looked up quickly: a late game lists hundreds.
Validator = jsonschema.validators.extend(WholeValidator, {"enum": _enum})


# ---- refusals in words -------------------------------------------------------------------------
def _where(path: Any) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return f"in this save, {out or 'the whole'}"


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "…"


_TYPES = {"integer": "a whole number", "string": "a text", "boolean": "true or false", "object": "a table of fields",
          "array": "a list", "null": "nothing"}


def describe(error: jsonschema.ValidationError) -> str:
    """A schema violation as a sentence."""
    where, value, check, expected = _where(error.absolute_path), error.instance, error.validator, error.validator_value
    title = error.schema.get("title", "") if isinstance(error.schema, dict) else ""
    if check in ("maximum", "minimum") and title == "a player":
        return f"{where} is {_shown(value)}, not a player of this game"
    if check == "maximum":
        return f"{where} is {_shown(value)}, more than {expected}"
    if check == "minimum":
        return f"{where} is {_shown(value)}, less than {expected}"
    if check in ("enum", "const"):
        if title:
            return f"{where} is {_shown(value)}, which is not {title}"
        return f"{where} is {_shown(value)}, not {_shown(expected)}"
    if check == "type":
        kinds = expected if isinstance(expected, list) else [expected]
        return f"{where} should be {' or '.join(_TYPES.get(k, k) for k in kinds)}, not {_shown(value)}"
    if check == "required":
        missing = [k for k in expected if k not in value]
        return f"{where} lacks '{missing[0]}'" if missing else f"{where} is incomplete"
    if check == "additionalProperties":
        extra = sorted(set(value) - set(error.schema.get("properties", {})))
        return f"{where} has an entry this engine does not know: {_shown(extra[0] if extra else value)}"
    if check in ("minItems", "maxItems"):
        bound = "at least" if check == "minItems" else "at most"
        return f"{where} has {len(value)} entries; it holds {bound} {expected}"
    if check == "minLength":
        return f"{where} is empty"
    if check == "maxLength":
        return f"{where} is longer than {expected} characters"
    if check == "anyOf" and error.context:
        return describe(min(error.context, key=lambda e: len(e.schema_path)))
    return f"{where} is not valid: {_shown(value)}"


def _first_error(validator: jsonschema.protocols.Validator, state: dict) -> jsonschema.ValidationError | None:
    errors = list(validator.iter_errors(state))
    if not errors:
        return None
    best = jsonschema.exceptions.best_match(errors)
    while best.validator in ("allOf", "if") and best.context:  # into the branch that failed
        best = jsonschema.exceptions.best_match(best.context)
    return best


# ---- verification ------------------------------------------------------------------------------
def check_shape(state: Any, content: Content) -> None:
    """The save against its schema; a violation raises SaveError naming the field."""
    players = state.get("players") if isinstance(state, dict) else None
    if not isinstance(players, list):
        raise SaveError("this save has no list of players")
    seats = players_range(content.rules)
    if len(players) not in seats:
        raise SaveError(f"this save has {len(players)} player{'s' if len(players) != 1 else ''}; "
                        f"a game has {seats.start} to {seats.stop - 1}")
    if content.one_player != (len(players) == 1):  # the solo game's module plays in a game of one player, alone
        raise SaveError(f"this save has {len(players)} player{'s' if len(players) != 1 else ''}, and its modules "
                        + ("are a game of one player's" if content.one_player else "no game of one player's"))
    validator = Validator(schema(content, len(players)))
    error = _first_error(validator, state)
    if error is not None:
        raise SaveError(describe(error))


def check_meaning(state: dict, content: Content) -> None:
    """What the schema cannot say: the phase's own records, names claimed once, tasks that match
    the hands and the table, effects that come from the cards, and the game's invariants."""
    phase = state["phase"]
    if state["over"] != (phase == "over"):
        raise SaveError(f"the save's phase is '{phase}' but says the game is {'' if state['over'] else 'not '}over")
    needs = {"setup": "setup", "research": "research", "final": "final"}
    if phase in needs and needs[phase] not in state:
        raise SaveError(f"the save is in its {phase} phase but lacks its '{needs[phase]}' record")
    if phase == "research" and state["options"].get("draft") and ("draft" not in state
                                                                   or "draft_rounds" not in state["research"]):
        raise SaveError("the save drafts in its research phase but lacks its record of the draft")
    if phase == "setup":
        _check_setup(state, content)
    for kind in ("milestones", "awards"):
        names = [m["name"] for m in state[kind]]
        if len(set(names)) != len(names):
            raise SaveError(f"the save's {kind} name one twice")
    for pl in state["players"]:
        if pl["corp"] is None and "scenario" not in state["options"] and (  # a scenario may play without one
                phase != "setup" or not pl.get("dealt_corps") or "dealt" not in pl):
            raise SaveError(f"{pl['name']} has no corporation and none to choose from")
        if pl.get("first_action") and not (pl["corp"] and content.cards[pl["corp"]].get("first_action")):
            raise SaveError(f"{pl['name']} has a first action to take, but no corporation that gives one")
        if ("setup_corp" in pl) != ("setup_keep" in pl):
            raise SaveError(f"{pl['name']}'s setup choice is half recorded")
    _check_cards_once(state, content)
    _check_tasks(state, content)
    problems = invariants.check(state, content)
    if problems:
        raise SaveError(f"this save breaks the rules of the game: {problems[0]}")


def _check_setup(state: dict, content: Content) -> None:
    """Each player the current setup step has yet to come to holds what that step needs, and
    each it is done with holds what it gives."""
    steps = content.flow.setup
    stage = {"choose": steps[0].task}.get(state["setup"]["stage"], state["setup"]["stage"])
    step = next((s for s in steps if s.task == stage), None)
    if step is None:
        return
    needs, gives = step_records(step.task)
    i = state["setup"]["i"]
    running = [t["p"] for t in state["stack"] if t["t"] == step.task]
    for players, keys in ((step_players(step, state, i) + running, needs),
                          ([p for p in step_players(step, state, 0, i) if p not in running], gives)):
        for p in players:
            pl = state["players"][p]
            missing = [k for k in keys if pl.get(k) is None]
            if missing:
                raise SaveError(f"{pl['name']}'s setup lacks its '{missing[0]}'")


def _check_cards_once(state: dict, content: Content) -> None:
    """A card is in one place: the deck, the discard pile, a hand, in play, dealt, a mechanic's
    zone, or in a set of cards being drafted, researched or looked at. (Kept cards are some of
    those dealt, and a research task's cards are its player's research cards.)"""
    players = state["players"]
    research_draw = content.rules.research_draw
    research, draft = state.get("research"), state.get("draft")
    places = [c for k in invariants.zones(content) for c in state.get(k, [])]
    places += [c for pl in players for k in invariants.player_zones(content) for c in pl.get(k, [])]
    places += [e["name"] for pl in players for e in pl["played"]]
    if research is not None and draft is not None and research.get("draft_rounds", 0) < research_draw:
        places += [c for k in ("packs", "picked") for pack in draft[k] for c in pack]
    elif research is not None:  # the players who have bought no longer hold their research cards
        n = len(players)
        running = {t["p"] for t in state["stack"] if t["t"] == "research"}
        done = {(state["first"] + k) % n for k in range(research["i"])} - running
        places += [c for p, pack in enumerate(research["cards"]) if p not in done for c in pack]
    places += [c for t in state["stack"] if TASKS[t["t"]].holds_cards for c in t["cards"]]
    seen: set[str] = set()
    for c in places:
        if c in seen:
            raise SaveError(f"this save has {c} twice")
        seen.add(c)
    for pl in players:
        if not set(pl.get("setup_keep", [])) <= set(pl.get("dealt", [])):
            raise SaveError(f"{pl['name']} keeps cards that were not dealt")
    for t in state["stack"]:
        if t["t"] == "research" and (research is None or t["cards"] != research["cards"][t["p"]]):
            raise SaveError(f"the save's research offers {players[t['p']]['name']} cards that were not drawn")
    for m in content.mechanics:
        if m.check_save is not None:
            m.check_save(state)


def _check_tasks(state: dict, content: Content) -> None:
    players = state["players"]
    known = known_effects(content)
    resolving: dict[tuple[int, str], int] = {}
    for task in state["stack"]:
        t, p = task["t"], task.get("p", task.get("ctx", {}).get("p"))
        pl = players[p] if isinstance(p, int) else {}  # a phase's step is nobody's
        if t == "resolve_card":
            key = (p, task["card"])
            resolving[key] = resolving.get(key, 0) + 1
            zone = task.get("from", "hand")
            if zone != "none" and pl.get(zone, []).count(task["card"]) < resolving[key]:  # none: drawn and played
                raise SaveError(f"the save plays {task['card']}, which is not in {pl['name']}'s {zone}")
        elif t == "use_action":
            card = content.cards[task["card"]]
            if not card.get("action") or not any(e["name"] == task["card"] for e in pl["played"]):
                raise SaveError(f"the save uses an action of {task['card']}, which {pl['name']} cannot use")
        elif t == "setup_choose" and "corp" in task and task["corp"] not in pl.get("dealt_corps", ()):
            raise SaveError(f"the save chooses {task['corp']}, which {pl['name']} was not dealt")
        elif t == "reveal" and "setup_corp" not in pl:
            raise SaveError(f"the save reveals {pl['name']}'s corporation before it was chosen")
        nodes = [task["node"]] if t == "item" else task.get("items", [])
        nodes += [n for e in task.get("entries", ()) for n in e["items"]]
        for node in nodes:
            if not effect_known(node, known):
                raise SaveError("the save holds an effect that is on none of this game's cards")


def _canonical(node: dict) -> str:
    return json.dumps({k: v for k, v in node.items() if k != "n"}, sort_keys=True)


def known_effects(content: Content) -> frozenset[str]:
    """Every effect of the content's cards and board, amounts aside (a tile effect is split into
    single tiles as it runs, and a discount lowers a cost)."""
    found = content.memo.get("save-effects")
    if found is None:
        out: set[str] = set()

        def collect(value: Any) -> None:
            if isinstance(value, dict):
                if isinstance(value.get("op"), str) and value["op"] in OPS:
                    out.add(_canonical(value))
                for v in value.values():
                    collect(v)
            elif isinstance(value, list):
                for v in value:
                    collect(v)
        collect(list(content.cards.values()))
        collect([c for kind in content.board.values() for c in kind.values()])
        collect(content.tracks.bonuses)
        found = content.memo["save-effects"] = frozenset(out)
    return found


def effect_known(node: Any, known: frozenset[str]) -> bool:
    """Is this effect one of the cards', with a sane amount? A cost paid for an action is made of
    the action's own parts."""
    if not isinstance(node, dict) or not isinstance(node.get("n", 0), int) or isinstance(node.get("n"), bool) \
            or abs(node.get("n", 0)) > COUNT:
        return False
    if _canonical(node) in known:
        return True
    if node.get("op") == _PAY and set(node) == {"op", "cost", "gain"}:
        parts = node["cost"], node["gain"]
        return all(isinstance(p, list) for p in parts) and all(effect_known(n, known) for p in parts for n in p)
    return False
