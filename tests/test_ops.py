"""Every op of the IR is declared once (compiler/ops) and serves every consumer."""

from __future__ import annotations

import pytest

from compiler.ops.schema import schema
from compiler.library import compile_paths
from compiler.ops import OPS, Op, children, walk
from compiler.printer import item
from compiler.sheet.render import item_html
from compiler.text import item_text

CARDS = compile_paths().cards
NODES: dict[str, list[dict]] = {name: [] for name in OPS}
for card in CARDS:
    rows = [card.get(k, []) for k in ("play", "start", "first_action")]
    rows += [a["cost"] + a["gain"] for a in card.get("action", ())]
    rows += [e.get("do", []) for e in card.get("effects", ())]
    for row in rows:
        for node in walk(row):
            NODES[node["op"]].append(node)

CONSUMERS = ("text", "source", "html", "run")


@pytest.mark.parametrize("name", sorted(OPS))
def test_each_op_states_what_every_consumer_needs(name):
    op = type(OPS[name])
    missing = [m for m in CONSUMERS if getattr(op, m) is getattr(Op, m)]
    assert not missing, f"op '{name}' does not state: {', '.join(missing)}"
    assert f"op_{name}" in schema()["$defs"], "the schema is derived from the declared shape"


@pytest.mark.parametrize("name", sorted(OPS))
def test_each_op_is_used_and_rendered_by_every_consumer(name):
    """The library uses every op (the engine runs it in the card scenarios), and every use has
    a clause, a source form and icons."""
    assert NODES[name], f"no card uses op '{name}': remove it until a module does"
    for node in NODES[name]:
        assert item_text(node).strip()
        assert item(node).strip()
        assert item_html(node).startswith("<")


def test_child_walking_is_derived_from_the_shapes():
    choice = {"op": "choice", "options": [[{"op": "resource", "res": "heat", "n": -1, "x": True}],
                                          [{"op": "resource", "res": "plant", "n": 1}]]}
    pay = {"op": "pay", "cost": [{"op": "tr", "n": 1}], "gain": [choice]}
    assert [n["op"] for n in walk([pay])] == ["pay", "tr", "choice", "resource", "resource"]
    assert [n["op"] for n in walk([pay], into_options=False)] == ["pay", "tr", "choice"]
    assert children(choice, into_options=False) == []
    assert {f for op in OPS.values() for f, _ in op.child_fields} == {"items", "options", "cost", "gain"}
