"""Every op of the IR is declared once (compiler/ops) and serves every consumer."""

from __future__ import annotations

import pytest

from compiler.ir import part_rows
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
    rows += [items for _, items in part_rows(card)]
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


# ---- declarations: how it is written, its icons, what it changes -------------------------------
import ast  # noqa: E402
import pickle  # noqa: E402
from pathlib import Path  # noqa: E402

from compiler import vocab  # noqa: E402
from compiler.lower import CONSTRUCTS, ROW_CONSTRUCTS  # noqa: E402
from compiler.ops.lowering import atom_table  # noqa: E402
from compiler.sheet import icons  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", sorted(OPS))
def test_each_op_declares_how_it_is_written_its_icons_and_what_it_changes(name):
    op = OPS[name]
    assert isinstance(getattr(op, "written_as", None), str), f"op '{name}' does not say how it is written"
    assert isinstance(getattr(op, "writes", None), tuple), f"op '{name}' does not say what of the state it changes"
    if op.written_as == "icon":
        words = set(op.words(False)) | set(op.words(True))
        assert words, f"op '{name}' is written as an icon but declares no words"
        assert type(op).lower is not Op.lower, f"op '{name}' does not say how its icon is lowered"
        for word in words:
            assert icons.has(op.icon(word)), f"op '{name}': the word '{word}' has no icon ('{op.icon(word)}')"
    else:
        assert op.written_as in CONSTRUCTS or op.written_as in ROW_CONSTRUCTS, \
            f"op '{name}' is written as '{op.written_as}', a construct the lowerer has no entry for"


def test_the_lowering_table_is_the_ops_words_each_word_once():
    free, boxed = atom_table(False), atom_table(True)
    assert set(free) == vocab.ALL_ATOM_WORDS
    assert {"plant", "floater", "tr", "city", "card", "play-card", "next-card"} <= set(free)
    assert set(boxed) == set(vocab.STANDARD_RESOURCES)
    assert {op.name for op in boxed.values()} == {"production"}


def _schema_has(schema: dict, path: list[str]) -> bool:
    node = schema
    for part in path:
        for key in ("anyOf",):
            if key in node:
                node = next((n for n in node[key] if n.get("type") != "null"), node)
        if node.get("type") == "array":
            if part != "*":
                return False
            node = node["items"]
        elif part == "*":
            node = node.get("additionalProperties") or {}
        else:
            props = node.get("properties") or {}
            if part not in props:
                return False
            node = props[part]
    return True


def test_what_each_op_changes_is_a_part_of_the_save_schema():
    from tmars.content import load_content
    from tmars.savefile import schema as save_schema
    schema = save_schema(load_content(("base", "corpera", "prelude", "venus", "colonies", "turmoil")), 2)
    for name, op in OPS.items():
        for path in op.writes:
            assert _schema_has(schema, path.split(".")), f"op '{name}' writes '{path}', which no save may hold"


#: the interpreter's own parts, which every op's run may touch through its services
MACHINERY = {"log", "stack", "pending", "rng"}
#: parts keyed by area: any key
BY_AREA = {"board", "claims", "last_tile"}


def _changed(before, after, path=()):
    if type(before) is not type(after) and not (isinstance(before, dict) and isinstance(after, dict)) \
            and not (isinstance(before, list) and isinstance(after, list)):
        yield path
    elif isinstance(before, dict):
        for k in set(before) | set(after):
            key = "*" if path[-1:] and path[-1] in BY_AREA else k
            if k not in before or k not in after:
                yield (*path, key)
            else:
                yield from _changed(before[k], after[k], (*path, key))
    elif isinstance(before, list):
        if len(before) != len(after):
            yield path
        else:
            for a, b in zip(before, after, strict=True):
                yield from _changed(a, b, (*path, "*"))
    elif before != after:
        yield path


def _declared(path: tuple, writes: tuple[str, ...]) -> bool:
    return any(len(w.split(".")) <= len(path) and all(d in ("*", p) for d, p in zip(w.split("."), path, strict=False))
               for w in writes)


def test_each_op_changes_only_what_it_declares(monkeypatch):
    """Games with every module, each op's run watched: what it changed (the interpreter's stack,
    log and random state aside) is a part its declaration names."""
    from tmars.agents import RandomAgent
    from tmars.game import Game
    seen: dict[str, set] = {name: set() for name in OPS}
    undeclared: list[str] = []
    for name, op in OPS.items():
        run = type(op).run

        def watched(g, node, ctx, answer, _run=run, _op=op, _name=name):
            before = pickle.loads(pickle.dumps(g.state))
            out = _run(_op, g, node, ctx, answer)
            for path in _changed(before, g.state):
                if path[0] not in MACHINERY:
                    seen[_name].add(path)
                    if not _declared(path, _op.writes) and not _op.child_fields:
                        undeclared.append(f"{_name}: {'.'.join(map(str, path))}")
            return out
        monkeypatch.setattr(op, "run", watched)
    for seed in range(3):
        game = Game.new(2, seed=seed, modules=("base", "corpera", "prelude", "venus"), max_generations=100)
        agents = [RandomAgent(seed * 2), RandomAgent(seed * 2 + 1)]
        while not game.over:
            d = game.pending
            game.answer(d["player"], agents[d["player"]].choose(game))
    assert not undeclared, sorted(set(undeclared))[:20]
    assert seen["resource"] and seen["tile"] and seen["cards"], "the games ran the common ops"


OP_NAMES = set(OPS)


def _names_an_op(node: ast.AST) -> bool:
    """A string literal naming an op, alone or in a tuple, list or set."""
    if isinstance(node, ast.Constant):
        return node.value in OP_NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_an_op(e) for e in node.elts)
    return False


def _is_op_field(node: ast.AST) -> bool:
    """`x["op"]`, `x.get("op")` or a variable called op."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "op"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return bool(node.args) and isinstance(node.args[0], ast.Constant) and node.args[0].value == "op"
    return isinstance(node, ast.Name) and node.id == "op"


def test_no_op_is_named_by_its_string_outside_its_declaration():
    """Consumers ask the op's declaration or compare with its class's name, so renaming an op or
    adding one is done in compiler/ops alone."""
    found = []
    for path in sorted((ROOT / "tmars").rglob("*.py")) + sorted((ROOT / "compiler").rglob("*.py")):
        if "ops" in path.relative_to(ROOT).parts[1:2]:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(_is_op_field(s) for s in sides) and any(_names_an_op(s) for s in sides):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            elif isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values, strict=True):
                    if isinstance(k, ast.Constant) and k.value == "op" and _names_an_op(v):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} (a node made by name)")
    assert not found, found


@pytest.fixture
def foo_op():
    """An op declared here, as a module author would: `+N foo` gives its player N foo counters."""
    from compiler.ops import ON_NEW_OP

    class Foo(Op):
        name = "test_foo"
        required = {"n": {"type": "integer"}}
        written_as = "icon"
        writes = ("players.*.foo",)

        def words(self, in_box):
            return () if in_box else ("foo",)

        def icon(self, word):
            return "star"

        def lower(self, atom):
            atom.no_args()
            return {"op": self.name, "n": atom.sign * atom.n}

        def player_state(self, shapes):
            return {"foo": shapes.integer(0, 1000)}

        def text(self, node, cost, note):
            return f"gain {node['n']} foo"

        def source(self, node):
            return f"+{node['n']} foo"

        def html(self, node):
            return "<span>foo</span>"

        def run(self, g, node, ctx, answer):
            pl = g.state["players"][ctx["p"]]
            pl["foo"] = pl.get("foo", 0) + node["n"]

    yield OPS["test_foo"]
    del OPS["test_foo"]
    for forget in ON_NEW_OP:
        forget()


def test_an_op_is_added_by_one_declaration(foo_op, tmp_path):
    """Its words lower to it, the IR schema takes its node (a card file using it compiles), and a
    game it ran in can be saved."""
    from compiler.lower import lower_field
    from compiler.parser import SourceText
    from compiler.ops.schema import schema as ir_schema
    from tmars.game import Game
    from tmars.savefile import SaveError, check_shape

    assert lower_field(SourceText("+3 foo", "x.yaml", 1, 1), "row") == [[{"op": "test_foo", "n": 3}]]
    assert "op_test_foo" in ir_schema()["$defs"]
    from compiler.library import compile_file
    card = tmp_path / "foo.yaml"
    card.write_text('- name: Foo Works\n  number: "F01"\n  type: automated\n  cost: 3\n  play: +2 foo\n')
    result = compile_file(card)
    assert result.ok, [d.render() for d in result.diagnostics]
    assert result.cards[0]["play"] == [{"op": "test_foo", "n": 2}]
    game = Game.new(2, seed=1)
    foo_op.run(game.interp, {"op": "test_foo", "n": 3}, {"p": 0}, None)
    assert game.state["players"][0]["foo"] == 3
    game.content.memo.pop(("save-schema", 2), None)
    check_shape(game.state, game.content)  # the op's field is part of the save schema
    game.content.memo.pop(("save-schema", 2), None)
    type(foo_op).player_state = Op.player_state  # undeclared: the same game cannot be saved
    with pytest.raises(SaveError, match="foo"):
        check_shape(game.state, game.content)
    game.content.memo.pop(("save-schema", 2), None)


def test_every_word_an_icon_may_be_has_a_meaning_for_authors():
    """The language server explains each word from its op's declaration or the vocabulary it
    comes from: a word added with an op and no meaning fails here."""
    from tmars.lsp.words import describe
    missing = [w for w in atom_table(False) if not describe(w)]
    assert not missing, missing
