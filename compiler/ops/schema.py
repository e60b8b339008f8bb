"""The JSON Schema of a compiled card, derived from the shapes the ops declare and those in `ir.py`."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .. import vocab
from ..ir import CARD, COND, COUNT
from . import ON_NEW_OP, OPS


def _spec(spec: Any) -> Any:
    if isinstance(spec, str) and spec.startswith("#"):
        return {"$ref": f"#/$defs/{spec[1:]}"}
    return spec


@lru_cache(maxsize=1)
def schema() -> dict:
    """The JSON Schema of a compiled card, built from the shape declarations above."""
    defs: dict[str, Any] = {"count": COUNT, "cond": COND}
    for name, op in OPS.items():
        props = {"op": {"const": name}}
        props.update({k: _spec(v) for k, v in {**op.required, **op.optional}.items()})
        defs[f"op_{name}"] = {"type": "object", "required": ["op", *op.required], "properties": props,
                              "additionalProperties": False}
    defs["item"] = {"oneOf": [{"$ref": f"#/$defs/op_{name}"} for name in OPS]}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://tmars.dev/ir/card.json",
            "title": f"tmars compiled card (card language v{vocab.LANGUAGE_VERSION})", **CARD, "$defs": defs}



ON_NEW_OP.append(schema.cache_clear)
