"""The shape of a scenario file, checked before anything runs (docs/scenarios.md).

A scenario that checks nothing passes whatever the engine does, so it is malformed: a key
nobody reads (a typo such as `stepz:`), a value of the wrong type or range, no steps, a step
that neither answers, sets, branches nor checks, or a list of steps whose last step checks
nothing (an answer must be followed by a check). Each problem is reported at its line and column.
"""

from __future__ import annotations

from typing import Any

import jsonschema

from compiler.diagnostics import did_you_mean
from compiler.wholeschema import Validator
from compiler.strictyaml import Map, Seq, Where, locate, where

from .mechanic import load_plugins


class ScenarioError(Exception):
    """The scenario file itself is malformed; `pos` is where, when known."""

    def __init__(self, message: str, pos: Where | None = None, code: str = "S002"):
        super().__init__(message)
        self.message, self.pos, self.code = message, pos, code

    def at(self, pos: Where) -> ScenarioError:
        """The same error, placed (if it was not placed yet)."""
        return self if self.pos else ScenarioError(self.message, pos, self.code)


UNKNOWN_KEY, WRONG_VALUE, CHECKS_NOTHING, UNKNOWN_NAME, IMPOSSIBLE = "S001", "S002", "S003", "S004", "S005"

#: What a step may check; a step with none of these (and no answer, `set` or `branches`) does nothing.
CHECKS = ("expect", "offered", "not_offered", "offered_exactly", "not_asked", "illegal", "log")
ACTS = ("answer", "play", "set", "branches")

_INT = {"type": "integer"}
_COUNT = {"type": "integer", "minimum": 0}
_NAME = {"type": "string", "minLength": 1}
_NAMES = {"type": "array", "items": _NAME}
_WHO = {"anyOf": [_NAME, _COUNT]}
_ID = {"anyOf": [{"type": "string"}, _INT]}
_IDS = {"anyOf": [_ID, {"type": "array", "items": _ID}]}
_KINDS = {"anyOf": [_NAME, _NAMES]}


def _object(properties: dict, required: tuple[str, ...] = ()) -> dict:
    return {"type": "object", "properties": properties, "additionalProperties": False, "required": list(required)}


_PLAYED = {"anyOf": [_NAME, _object({"name": _NAME, "resources": _COUNT, "used": {"type": "boolean"},
                                     "area": _NAME}, ("name",))]}
#: a player's keys that say what was dealt: a new game's only (`phase: setup`), never a step's `set`
DEALT_KEYS = ("dealt", "dealt_corporations", *(k for m in load_plugins().values() for k in m.scenario.player))
_PLAYER_FIELDS = {
    "name": _NAME, "corporation": _NAME, "first_action": {"type": "boolean"}, "tr": _COUNT,
    "resources": {"type": "object", "additionalProperties": _COUNT},
    "production": {"type": "object", "additionalProperties": _INT},
    "hand": _NAMES, "events": _NAMES, "dealt": _NAMES, "dealt_corporations": _NAMES,
    **{k: v for m in load_plugins().values() for k, v in m.scenario.player.items()},
    "played": {"type": "array", "items": _PLAYED},
    "passed": {"type": "boolean"}, "tr_raised": {"anyOf": [{"type": "boolean"}, _COUNT]},
    "granted": {"type": "object", "additionalProperties": _COUNT},
}
#: a tile kind: the language's or a module's (checked against the game's kinds as it is put)
_KIND = {"type": "string", "pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$"}
_TILE = {"anyOf": [_KIND, _object({"tile": _KIND, "owner": {"anyOf": [_WHO, {"type": "null"}]}, "name": _NAME},
                                  ("tile",))]}
_POSITION = {  # what both `setup` and a step's `set` may give
    "players": {"type": "array", "items": {"$ref": "#/$defs/player"}},
    "generation": {"type": "integer", "minimum": 1},
    "globals": {"type": "object", "additionalProperties": _INT},
    "board": {"type": "object", "additionalProperties": _TILE},
    "claims": {"type": "object", "additionalProperties": _WHO},
    "milestones": {"type": "object", "additionalProperties": _WHO},
    "awards": {"type": "object", "additionalProperties": _WHO},
    "deck": _NAMES,
}
#: The setup keys a step's `set:` may change (the rest make a new game, not a new position).
SET_KEYS = tuple(_POSITION)
_SETUP = {
    **_POSITION, "modules": {**_NAMES, "minItems": 1}, "corporate_era": {"type": "boolean"}, "variants": _NAMES,
    "map": _NAME,
    "draft": {"type": "boolean"}, "seed": _INT, "phase": _NAME, "first": _WHO, "current": _WHO, "actions": _COUNT,
    "deck_exact": {"type": "boolean"}, "discard": _NAMES,
    **{k: v for m in load_plugins().values() for k, v in m.scenario.setup.items()},
    "cards": {"type": "array", "items": {"anyOf": [_NAME, {"type": "object"}]}},
}
_STEP = _object({
    "note": {"type": "string"}, "as": _NAME, "answer": {"anyOf": [_ID, {"type": "array", "items": _ID}]},
    "play": _NAME, "expect": {"type": "object", "minProperties": 1}, "log": {"type": "string", "minLength": 1},
    "offered": _IDS, "not_offered": _IDS, "offered_exactly": {"type": "array", "items": _ID},
    "not_asked": {"anyOf": [_KINDS, {"type": "object", "minProperties": 1, "additionalProperties": _KINDS}]},
    "illegal": {"anyOf": [_ID, _object({"answer": {"anyOf": [_ID, {"type": "array", "items": _ID}]},
                                        "reason": {"type": "string"}, "as": _NAME}, ("answer",))]},
    "set": {**_object({k: v for k, v in _POSITION.items()}), "minProperties": 1,
            "properties": {**_POSITION, "players": {"type": "array", "items": {"$ref": "#/$defs/set_player"}}}},
    "branches": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/steps"}},
})
SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "tmars scenario file",
    **_object({"name": _NAME, "cites": {"anyOf": [_NAME, _NAMES]}, "setup": _object(_SETUP),
               "steps": {"$ref": "#/$defs/steps"}}, ("steps",)),
    "$defs": {
        "steps": {"type": "array", "minItems": 1, "items": _STEP},
        "player": _object(_PLAYER_FIELDS),
        "set_player": _object({k: v for k, v in _PLAYER_FIELDS.items() if k not in DEALT_KEYS}, ("name",)),
    },
}

_VALIDATOR = Validator(SCHEMA)


def check_shape(data: Any) -> None:
    """Raise the first problem of shape (by place in the file), then the first step that checks nothing."""
    problems = shape_errors(data, first=True)
    if problems:
        raise problems[0]


def shape_errors(data: Any, first: bool = False) -> list[ScenarioError]:
    """The problems of shape in file order (only the first with `first`); when the shape is right,
    the first step that checks nothing. An editor shows them all; a run stops at the first."""
    if not isinstance(data, dict):
        return [ScenarioError("a scenario is a mapping with 'setup' and 'steps'", where(data))]
    errors = sorted(_VALIDATOR.iter_errors(data), key=lambda e: locate(data, e.absolute_path))
    if errors:
        return [_explain(data, e) for e in errors[:1 if first else None]]
    try:
        check_steps(data["steps"], "steps")
    except ScenarioError as e:
        return [e]
    return []


def _explain(root: Any, error: jsonschema.ValidationError) -> ScenarioError:
    """A schema error in the scenario's own words, at its place."""
    node = error.instance
    path = _dotted(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(node, Map):
        known = error.schema.get("properties", {})
        extra = next(k for k in node if k not in known)
        hint = did_you_mean(str(extra), known)
        message = f"unknown key '{extra}'{' in ' + path if path else ''}; {hint or 'known: ' + ', '.join(known)}"
        return ScenarioError(message, node.key_at(extra), UNKNOWN_KEY)
    if error.validator == "required":
        return ScenarioError(f"{path or 'the scenario'}: {error.message}", locate(root, error.absolute_path),
                             CHECKS_NOTHING if "'steps'" in error.message else WRONG_VALUE)
    if error.validator in ("minItems", "minProperties") and path.endswith(("steps", "branches", "expect", "set")):
        return ScenarioError(f"{path} is empty: it would check nothing", locate(root, error.absolute_path),
                             CHECKS_NOTHING)
    if error.context:  # one of several forms: explain the form that got furthest into the value
        deepest = max(error.context, key=lambda e: (len(e.absolute_path), e.validator not in ("type", "anyOf")))
        if len(deepest.absolute_path) > len(error.absolute_path) or deepest.validator not in ("type", "anyOf"):
            return _explain(root, deepest)
        return ScenarioError(f"{path or 'the scenario'}: {node!r} is none of the forms this key takes",
                             locate(root, error.absolute_path), WRONG_VALUE)
    return ScenarioError(f"{path or 'the scenario'}: {error.message}", locate(root, error.absolute_path),
                         WRONG_VALUE)


def _dotted(path: Any) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else ("." if out else "") + str(p)
    return out


def check_steps(steps: Seq, label: str) -> None:
    """Every step answers, sets, branches or checks; the last one checks (or branches, each
    branch then ending in a check), so no answer goes unchecked."""
    for i, step in enumerate(steps):
        if not any(k in step for k in CHECKS + ACTS):
            raise ScenarioError(f"{label}[{i}] neither answers nor checks anything", where(steps, i), CHECKS_NOTHING)
        for b, branch in enumerate(step.get("branches") or ()):
            check_steps(branch, f"{label}[{i}].branches[{b}]")
    last = steps[-1]
    if not any(k in last for k in CHECKS) and "branches" not in last:
        raise ScenarioError(f"{label}[{len(steps) - 1}] is the last step and checks nothing: add an 'expect' "
                            f"(or another check) so the answers are seen to do what they should",
                            where(steps, len(steps) - 1), CHECKS_NOTHING)
