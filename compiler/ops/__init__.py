"""The ops of the effect IR, each declared once with everything its consumers need.

An op is a class: its shape (required and optional fields, from which the JSON Schema and child
walking are derived), and one method per consumer:

| method | consumer |
|---|---|
| `text` | rules text clause (`compiler/text.py`) |
| `source` | card language, for the printer's round trip (`compiler/printer.py`) |
| `html` | icons on the reference sheet (`compiler/sheet/render.py`) |
| `run` | the interpreter: carry it out, or return a decision (`tmars/interpreter.py`) |
| `bound` | the ledger's optimistic gains and mandatory losses (`tmars/feasible.py`) |
| `cannot_fail` | whether it can never be impossible, so the offer check may skip its search |
| `exactness` | how it enters the ledger's exactness test (`tmars/feasible.py`) |
| `order_matters` | whether the player must be asked the order of effects around it |
| `reads` | what of the state its offer check may read, for the kept action menu (`tmars/menu.py`) |

Nothing here imports the engine: `run` and `bound` receive the engine `g`, whose methods are the
engine's services (counting, the board, the deck). Adding an op is one class in one of these
modules plus its tests; `tests/test_ops.py` fails when an op lacks any consumer's method.

The modules: `amounts` (resources, production, card resources, TR, cards), `board` (raises,
tiles, claims), `structure` (boxes, choices, payments, optional and conditional items) and
`special` (steals, asterisk overrides).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from ..ir import BOX_ITEMS, ITEMS, OPTIONS

Node = dict[str, Any]
OPS: dict[str, Op] = {}


class Op:
    """One op of the IR. Subclasses set `name`, `required` and `optional` and the methods below."""

    name: ClassVar[str]
    #: a condition on the row rather than something done (its clause leads the sentence)
    is_condition: ClassVar[bool] = False
    #: it changes the board or the global parameters rather than giving a player something: what
    #: is left of a track's bonus step when the World Government, who gains nothing, reaches it (F290)
    changes_the_planet: ClassVar[bool] = False
    #: what an answer to its decision leads to is not in its items (an override's rule, another
    #: card's action used again): the offer check must try each answer rather than read the rest
    answer_leads_elsewhere: ClassVar[bool] = False
    #: what it does depends on which cards the hand holds, not only on how many: a selection of
    #: cards made before it in the same unit (a discard, cards kept) is searched card by card
    reads_hand_cards: ClassVar[bool] = False
    required: ClassVar[dict[str, Any]] = {}
    optional: ClassVar[dict[str, Any]] = {}
    #: fields holding nested items, derived from the shape: (field, holds alternatives)
    child_fields: ClassVar[tuple[tuple[str, bool], ...]] = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        fields = {**cls.required, **cls.optional}
        cls.child_fields = tuple((k, spec is OPTIONS) for k, spec in fields.items()
                                 if spec is ITEMS or spec is BOX_ITEMS or spec is OPTIONS)
        OPS[cls.name] = cls()

    # ---- compiler ---------------------------------------------------------------------------
    def text(self, node: Node, cost: bool, note: str | None) -> str:
        raise NotImplementedError

    def source(self, node: Node) -> str:
        raise NotImplementedError

    def html(self, node: Node) -> str:
        raise NotImplementedError

    # ---- engine -----------------------------------------------------------------------------
    def run(self, g: Any, node: Node, ctx: dict, answer: Any) -> dict | None:
        raise NotImplementedError

    def bound(self, g: Any, node: Node, ctx: dict, led: Any, mandatory: bool) -> None:
        """Add what it may give and must take to the ledger; the default: nothing (it cannot fail)."""

    def cannot_fail(self, node: Node, mandatory: bool, tile_ok: Any) -> bool:
        """Can it never be impossible? `mandatory`: it is part of a cost, where a red-border removal
        must be made in full; `tile_ok`: says whether a tile is safe (None: a tile may fail).
        The default: it cannot fail if none of its parts can."""
        return items_cannot_fail(children(node), mandatory, tile_ok)

    def safe_whatever_chosen(self, node: Node, mandatory: bool, tile_ok: Any) -> bool:
        """Can it never fail, whichever option of any choice in it is taken? (`cannot_fail` asks
        only that some way through exists.) The default: it cannot fail and neither can any of
        its parts, alternatives included."""
        if not self.child_fields:
            return self.cannot_fail(node, mandatory, tile_ok)
        return items_safe_whatever_chosen(children(node), mandatory, tile_ok)

    def exactness(self, node: Node) -> str:
        """How the ledger's exactness test sees it: 'neutral' (takes nothing), 'amount' (a gain or
        loss of a resource, production, cards or card resources), 'tile', 'dynamic' (its own
        verdict, given to the ledger, is exact on its own but not combined with other losses),
        'condition' (judged on the state before the row: exact only with nothing else that
        gains, loses or places), or 'inexact' (a yes of the ledger is no proof where it appears)."""
        return "neutral"

    def order_matters(self, node: Node) -> bool:
        return False

    def plain_gain(self, node: Node) -> bool:
        """Does it only add to its player's resources, production or TR, by an amount fixed
        whatever ran before it, taking nothing, placing nothing and drawing nothing? Then done
        before the rest of its batch it never makes the rest harder, and the offer check's search
        does it first rather than trying every order (`items_plain_gain`). The default: an op that
        nests items is one when all its items (every option's) are; any other op is not."""
        if not self.child_fields:
            return False
        for n in children(node):  # noqa: SIM110  (a loop, not all(): no generator made)
            if not OPS[n["op"]].plain_gain(n):
                return False
        return True

    def reads(self, node: Node, mandatory: bool = False) -> frozenset[str]:
        """The state domains its `bound` and feasibility may read (`tmars/menu.py` names them),
        as part of a cost when `mandatory`. The default: those of its parts for an op that nests
        items, anything ('*') for one that does not, so an op that does not say is never kept."""
        if not self.child_fields:
            return ANYTHING
        return items_reads(children(node), mandatory) | per_reads(node)

    def x_room(self, g: Any, node: Node, ctx: dict) -> int | None:
        """For an X-loss: the largest X the player can pay now (None: it does not bound X)."""
        return None


def children(node: Node, into_options: bool = True) -> list[Node]:
    """The items nested directly in a node. The options of a choice are alternatives, not parts:
    `into_options=False` leaves them out (an X inside an option is asked when that option is chosen)."""
    out: list[Node] = []
    for field, is_options in OPS[node["op"]].child_fields:
        if is_options:
            if into_options:
                for opt in node[field]:
                    out.extend(opt)
        else:
            out.extend(node[field])
    return out


def walk(items: list, into_options: bool = True) -> Iterator[Node]:
    """Every node of these items and of everything nested in them, depth first."""
    stack = list(reversed(items))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node, into_options)))


def items_cannot_fail(items: list, mandatory: bool = False, tile_ok: Any = None) -> bool:
    for n in items:  # noqa: SIM110  (a loop, not all(): no generator made at most decisions)
        if not OPS[n["op"]].cannot_fail(n, mandatory, tile_ok):
            return False
    return True


def items_plain_gain(items: list) -> bool:
    """Are all these items plain gains (`Op.plain_gain`)?"""
    for n in items:  # noqa: SIM110  (as above)
        if not OPS[n["op"]].plain_gain(n):
            return False
    return True


#: the fields that make an amount depend on the state or on an answer, or reach other players
_NOT_PLAIN = frozenset({"x", "per", "any", "upto", "adjacent", "opponents", "of", "buy", "tag", "shows", "with"})


def fixed_gain(node: Node) -> bool:
    """A positive amount that reads nothing and reaches no one else (`Op.plain_gain` of amounts)."""
    return node["n"] > 0 and _NOT_PLAIN.isdisjoint(node)


def items_safe_whatever_chosen(items: list, mandatory: bool = False, tile_ok: Any = None) -> bool:
    for n in items:  # noqa: SIM110  (as above)
        if not OPS[n["op"]].safe_whatever_chosen(n, mandatory, tile_ok):
            return False
    return True


ANYTHING = frozenset({"*"})
NOTHING: frozenset[str] = frozenset()


def items_reads(items: list, mandatory: bool = False) -> frozenset[str]:
    """The state domains the offer check of these items (a cost's when `mandatory`) may read
    (see `Op.reads`)."""
    out: frozenset[str] = NOTHING
    for n in items:
        out = out | OPS[n["op"]].reads(n, mandatory)
    return out


def per_reads(node: Node) -> frozenset[str]:
    """What an amount's `per` count reads (nothing without one)."""
    from ..counts import count_reads
    return count_reads(node["per"]) if "per" in node else NOTHING


def is_loss(node: Node) -> bool:
    """A loss of an amount (resources, production, cards, card resources): what its op says."""
    return node.get("n", 0) < 0 and OPS[node["op"]].exactness(node) == "amount"

from . import amounts, board, plays, special, structure  # noqa: E402,F401  (each module registers its ops)
