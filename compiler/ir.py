"""The effect IR: every node shape declared once, and the JSON Schema derived from it.

Shapes are written as small dicts of field -> type spec. A type spec is a JSON Schema
fragment or a reference to another shape by name ("#item", "#count", …). `schema()`
turns the declarations into one JSON Schema document that every compiled card is
validated against.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import vocab

INT = {"type": "integer"}
STR = {"type": "string"}
TRUE = {"const": True}
STD = {"enum": list(vocab.STANDARD_RESOURCES)}
CARDRES = {"enum": list(vocab.CARD_RESOURCES)}
ITEMS = {"type": "array", "items": {"$ref": "#/$defs/item"}}
BOX_ITEMS = {"type": "array", "items": {"oneOf": [{"$ref": "#/$defs/op_production"},
                                                  {"$ref": "#/$defs/op_override"}]}}
OPTIONS = {"type": "array", "minItems": 1, "items": ITEMS}
ARG = {"oneOf": [STR, {"type": "object", "required": ["rule"], "additionalProperties": False,
                       "properties": {"rule": STR, "n": INT, "cmp": {"enum": [">=", "<="]}}}]}
ARGS = {"type": "array", "items": ARG}

# op name -> (required fields, optional fields)
ITEM_SHAPES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "resource": ({"res": STD, "n": INT}, {"x": TRUE, "upto": TRUE, "any": TRUE, "per": "#count",
                                          "with": {"type": "array", "items": {"enum": ["steel", "titanium"]}},
                                          "adjacent": TRUE}),
    "production": ({"res": STD, "n": INT}, {"x": TRUE, "upto": TRUE, "any": TRUE, "per": "#count"}),
    "box": ({"items": BOX_ITEMS}, {}),
    "card_resource": ({"res": {"enum": list(vocab.CARD_RESOURCES) + [vocab.HELD]}, "n": INT,
                       "where": {"enum": ["here", "other", "any", "that", "nonempty"]}},
                      {"x": TRUE, "upto": TRUE, "any": TRUE, "per": "#count"}),
    "tr": ({"n": INT}, {"x": TRUE, "per": "#count"}),
    "raise": ({"param": {"enum": list(vocab.GLOBALS)}, "n": INT}, {"x": TRUE, "per": "#count"}),
    "tile": ({"tile": {"enum": ["city", "greenery", "ocean", "special"]}},
             {"name": STR, "n": INT, "rules": ARGS}),
    "cards": ({"n": INT}, {"x": TRUE, "of": INT, "buy": TRUE, "per": "#count"}),
    "steal": ({"res": {"enum": list(vocab.STANDARD_RESOURCES) + list(vocab.CARD_RESOURCES)}, "n": INT},
              {"upto": TRUE}),
    "claim": ({}, {}),
    "choice": ({"options": OPTIONS}, {}),
    "pay": ({"cost": ITEMS, "gain": ITEMS}, {}),
    "may": ({"items": ITEMS}, {}),
    "group": ({"items": ITEMS}, {}),
    "if": ({"cond": "#cond", "items": ITEMS}, {}),
    "override": ({"name": {"enum": sorted(vocab.OVERRIDES)}, "args": ARGS}, {}),
}

COUNT = {"type": "object", "required": ["count"], "additionalProperties": False,
         "properties": {"count": STR, "div": {"type": "integer", "minimum": 1}, "any": TRUE, "args": ARGS}}
COMPARISON = {"type": "object", "required": ["count", "cmp", "value"], "additionalProperties": False,
              "properties": {**COUNT["properties"], "cmp": {"enum": [">=", "<="]}, "value": INT}}
COND = {"oneOf": [COMPARISON, {"type": "object", "required": ["reveal"], "additionalProperties": False,
                               "properties": {"reveal": {"enum": list(vocab.TAGS)}}}]}
TRIGGER = {"type": "object", "required": ["event"], "additionalProperties": False,
           "properties": {"event": STR, "any": TRUE, "args": ARGS}}
MODIFIER = {"type": "object", "required": ["mod"], "properties": {
    "mod": {"enum": ["discount", "value", "flex", "pay", "override"]}, "n": INT, "unit": STR,
    "on": {"type": "array", "items": TRIGGER}, "res": STR, "as": STR, "name": STR, "args": ARGS},
    "additionalProperties": False}
EFFECT = {"oneOf": [
    {"type": "object", "required": ["on", "do"], "additionalProperties": False,
     "properties": {"on": {"type": "array", "minItems": 1, "items": TRIGGER}, "do": ITEMS}},
    {"type": "object", "required": ["mods"], "additionalProperties": False,
     "properties": {"mods": {"type": "array", "minItems": 1, "items": MODIFIER}}},
]}
ACTION = {"type": "object", "required": ["cost", "gain"], "additionalProperties": False,
          "properties": {"cost": ITEMS, "gain": ITEMS}}
VP = {"type": "object", "required": ["n"], "additionalProperties": False,
      "properties": {"n": INT, "per": {"$ref": "#/$defs/count"}, "if": {"$ref": "#/$defs/cond"}}}

CARD = {
    "type": "object",
    "required": ["name", "module", "type", "tags"],
    "additionalProperties": False,
    "properties": {
        "name": STR, "number": STR, "module": STR, "type": {"enum": list(vocab.CARD_TYPES)},
        "cost": {"type": "integer", "minimum": 0}, "tags": {"type": "array", "items": {"enum": list(vocab.TAGS)}},
        "requires": {"type": "array", "items": COMPARISON}, "vp": VP, "holds": CARDRES,
        "play": ITEMS, "start": ITEMS, "first_action": ITEMS,
        "action": {"type": "array", "minItems": 1, "items": ACTION},
        "effects": {"type": "array", "items": EFFECT}, "note": STR,
        "score": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/count"}},
    },
}


def _spec(spec: Any) -> Any:
    if isinstance(spec, str) and spec.startswith("#"):
        return {"$ref": f"#/$defs/{spec[1:]}"}
    return spec


@lru_cache(maxsize=1)
def schema() -> dict:
    """The JSON Schema of a compiled card, built from the shape declarations above."""
    defs: dict[str, Any] = {"count": COUNT, "cond": COND}
    for op, (required, optional) in ITEM_SHAPES.items():
        props = {"op": {"const": op}}
        props.update({k: _spec(v) for k, v in {**required, **optional}.items()})
        defs[f"op_{op}"] = {"type": "object", "required": ["op", *required], "properties": props,
                            "additionalProperties": False}
    defs["item"] = {"oneOf": [{"$ref": f"#/$defs/op_{op}"} for op in ITEM_SHAPES]}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://tmars.dev/ir/card.json",
            "title": f"tmars compiled card (card language v{vocab.LANGUAGE_VERSION})", **CARD, "$defs": defs}


def _child_fields(op: str) -> tuple[tuple[str, bool], ...]:
    """The fields of an op that hold nested items, read off its declared shape: (field, is_options)."""
    required, optional = ITEM_SHAPES[op]
    return tuple((k, spec is OPTIONS) for k, spec in {**required, **optional}.items()
                 if spec is ITEMS or spec is BOX_ITEMS or spec is OPTIONS)


CHILD_FIELDS: dict[str, tuple[tuple[str, bool], ...]] = {op: _child_fields(op) for op in ITEM_SHAPES}


def children(node: dict, into_options: bool = True) -> list[dict]:
    """The items nested directly in a node. The options of a choice are alternatives, not parts:
    `into_options=False` leaves them out (an X inside an option is asked when that option is chosen)."""
    out: list[dict] = []
    for field, is_options in CHILD_FIELDS[node["op"]]:
        if is_options:
            if into_options:
                for opt in node[field]:
                    out.extend(opt)
        else:
            out.extend(node[field])
    return out


def walk(items: list, into_options: bool = True):
    """Every node of these items and of everything nested in them, depth first."""
    stack = list(reversed(items))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node, into_options)))
