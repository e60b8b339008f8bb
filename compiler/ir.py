"""The effect IR: the shapes around the ops, and the JSON Schema derived from the declarations.

Each op declares its own shape in `compiler/ops` (small dicts of field -> type spec); the
shapes of counts, conditions, triggers, modifiers and cards are here. A type spec is a JSON
Schema fragment or a reference to another shape by name ("#item", "#count", …). `schema()`
turns the declarations into one JSON Schema document that every compiled card is validated
against (`compiler/ops/schema.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


from . import vocab
from .solo import KEY as SOLO_KEY, LANGUAGE_FIELDS

INT = {"type": "integer"}
STR = {"type": "string"}
TRUE = {"const": True}
STD = {"enum": list(vocab.STANDARD_RESOURCES)}
# The game's words (tags, card resources, global parameters) are brought by modules: the schema
# checks their form, and the compiler checks them against the modules (E310, E303, E320).
WORD = {"type": "string", "pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$"}
CARDRES = WORD
ITEMS = {"type": "array", "items": {"$ref": "#/$defs/item"}}
BOX_ITEMS = {"type": "array", "items": {"oneOf": [{"$ref": "#/$defs/op_production"},
                                                  {"$ref": "#/$defs/op_override"}]}}
OPTIONS = {"type": "array", "minItems": 1, "items": ITEMS}
ARG = {"oneOf": [STR, {"type": "object", "required": ["rule"], "additionalProperties": False,
                       "properties": {"rule": STR, "n": INT, "cmp": {"enum": [">=", "<="]}}}]}
ARGS = {"type": "array", "items": ARG}

COUNT = {"type": "object", "required": ["count"], "additionalProperties": False,
         "properties": {"count": STR, "div": {"type": "integer", "minimum": 1},
                                  "max": {"type": "integer", "minimum": 1}, "less": {"type": "object"}, "any": TRUE,
                                  "args": ARGS, "above": {"type": "integer", "minimum": 1},
                                  "plus": {"type": "array", "minItems": 1, "items": {"type": "object"}}}}
COMPARISON = {"type": "object", "required": ["count", "cmp", "value"], "additionalProperties": False,
              "properties": {**COUNT["properties"], "cmp": {"enum": [">=", "<="]}, "value": INT}}
RANK = {"type": "object", "required": ["rank", "count"], "additionalProperties": False,
        "properties": {**COUNT["properties"], "rank": {"enum": ["most", "second", "least"]}}}
COND = {"oneOf": [COMPARISON, RANK, {"type": "object", "required": ["reveal"], "additionalProperties": False,
                                     "properties": {"reveal": WORD}}]}
TRIGGER = {"type": "object", "required": ["event"], "additionalProperties": False,
           "properties": {"event": STR, "any": TRUE, "args": ARGS}}
MODIFIER = {"type": "object", "required": ["mod"], "properties": {
    "mod": {"enum": ["discount", "value", "flex", "pay", "override", "extra"]}, "n": INT, "unit": STR,
    "on": {"type": "array", "items": TRIGGER}, "res": STR, "as": STR, "name": STR, "args": ARGS,
    "param": WORD},
    "additionalProperties": False}
EFFECT = {"oneOf": [
    {"type": "object", "required": ["on", "do"], "additionalProperties": False,
     "properties": {"on": {"type": "array", "minItems": 1, "items": TRIGGER}, "do": ITEMS}},
    {"type": "object", "required": ["mods"], "additionalProperties": False,
     "properties": {"mods": {"type": "array", "minItems": 1, "items": MODIFIER}}},
]}
ACTION = {"type": "object", "required": ["cost", "gain"], "additionalProperties": False,
          "properties": {"cost": ITEMS, "gain": ITEMS}}
VP_TERM = {"type": "object", "required": ["n"], "additionalProperties": False,
           "properties": {"n": INT, "per": {"$ref": "#/$defs/count"}, "if": {"$ref": "#/$defs/cond"}}}
#: a card's VP: one term (a fixed amount, an amount per something, an amount if a condition holds),
#: or the sum of several ("1 per 2 animal, 3 if reef >= 10")
VP = {"anyOf": [VP_TERM, {"type": "object", "required": ["sum"], "additionalProperties": False,
                          "properties": {"sum": {"type": "array", "items": VP_TERM, "minItems": 2}}}]}


def every_mapping(value: Any) -> Iterator[dict]:
    """Every mapping inside a JSON-like value (a card, a row, any IR), depth first, the outer first:
    for a question asked of every node whatever field holds it."""
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from every_mapping(v)
    elif isinstance(value, list):
        for v in value:
            yield from every_mapping(v)


def vp_terms(vp: dict | None) -> list[dict]:
    """The terms of a card's VP, each `{n, per?, if?}` (none for a card without VP): every reader
    of VP (the score, the rules text, the sheet, lint) goes through this."""
    if not vp:
        return []
    return list(vp["sum"]) if "sum" in vp else [vp]

#: the value of a field of its own a card's type declares: a row, a list of rows, a number, a word
PART = {"anyOf": [ITEMS, {"type": "array", "items": ITEMS}, {"type": "integer", "minimum": 0}, STR]}

CARD = {
    "type": "object",
    "required": ["name", "module", "type", "tags"],
    "additionalProperties": False,
    "properties": {
        # a type of the language or one a module brings (a game may add a module's): the compiler
        # checks it against the types known (E306)
        "name": STR, "number": STR, "title": STR, "module": STR, "type": WORD,
        "cost": {"type": "integer", "minimum": 0}, "tags": {"type": "array", "items": WORD},
        "requires": {"type": "array", "items": COMPARISON}, "vp": VP, "holds": CARDRES,
        "play": ITEMS, "start": ITEMS, "first_action": ITEMS,
        "action": {"type": "array", "minItems": 1, "items": ACTION},
        "effects": {"type": "array", "items": EFFECT}, "note": STR, "not_as_printed": STR, "replaces": STR,
        "needs": {"type": "array", "items": STR},
        "score": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/count"}},
        # the fields of its own a card's type declares (a colony tile's build bonus, its trade track)
        "parts": {"type": "object", "propertyNames": WORD, "additionalProperties": PART},
    },
}
# the solo game's line of a card (`solo:`, compiler/solo.py): rows in the place of the card's own
# fields in a game of one player, by the IR key of the field (the language's, or a part's name)
CARD["properties"][SOLO_KEY] = {
    "type": "object", "minProperties": 1, "propertyNames": {"anyOf": [WORD, {"const": "first_action"}]},
    "properties": {k: CARD["properties"][k] for k in LANGUAGE_FIELDS.values()},
    "additionalProperties": PART}


def part_rows(card: dict) -> list[tuple[str, list]]:
    """(field, items) for every row of the fields of its own a card's type declares (`parts`): a
    row's items, or each step's of a list of rows."""
    out: list[tuple[str, list]] = []
    for name, value in (card.get("parts") or {}).items():
        if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
            out.extend((name, items) for items in value)
        elif isinstance(value, list):
            out.append((name, value))
    return out
