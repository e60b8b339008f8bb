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

and, declared beside them, what it is in the language and the game:

* `written_as`, `words`, `lower`: the grammar's construct that builds it, or the words of the
  icons it is written with and how its node is built from one; the lowerer looks words up in a
  table made from these (`lowering.atom_table`), never in a list of its own;
* `icon`, `meaning`: the sheet's icon for each of its words, and what it means to an author;
* `writes`, `player_state`, `state`: the parts of the state its `run` may change, and the save
  schema of any part it adds (`tmars/savefile.py` reads them).

Nothing here imports the engine: `run` and `bound` receive the engine `g`, whose methods are the
engine's services (counting, the board, the deck). Adding an op is one class in one of these
modules plus its tests; `tests/test_ops.py` fails when an op lacks any consumer's method or any
declaration. No other module names an op by its string: they ask the op (`OPS[node["op"]]`) or
compare with its class's `name` (`is_op`).

The modules: `amounts` (resources, production, card resources, TR, cards), `board` (raises,
tiles, claims), `colonies` (colonies, trades, fleets and markers on colony tiles), `structure`
(boxes, choices, payments, optional and conditional items) and `special` (steals, asterisk
overrides).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from ..ir import BOX_ITEMS, ITEMS, OPTIONS

if TYPE_CHECKING:
    from .lowering import Atom

Node = dict[str, Any]
OPS: dict[str, Op] = {}
#: what is made from the ops and made again when one is added (the lowering table, the IR schema)
ON_NEW_OP: list = []


class Op:
    """One op of the IR. Subclasses set `name`, `required` and `optional` and the methods below."""

    name: ClassVar[str]
    #: a condition on the row rather than something done (its clause leads the sentence)
    is_condition: ClassVar[bool] = False
    #: it changes the board or the global parameters rather than giving a player something: what
    #: is left of a track's bonus step when a neutral actor, who gains nothing, reaches it (F290)
    changes_the_planet: ClassVar[bool] = False
    #: what an answer to its decision leads to is not in its items (an override's rule, another
    #: card's action used again): the offer check must try each answer rather than read the rest
    answer_leads_elsewhere: ClassVar[bool] = False
    #: what it does depends on which cards the hand holds, not only on how many: a selection of
    #: cards made before it in the same unit (a discard, cards kept) is searched card by card
    reads_hand_cards: ClassVar[bool] = False
    required: ClassVar[dict[str, Any]] = {}
    optional: ClassVar[dict[str, Any]] = {}
    #: the kinds of engine event its `run` emits for its player (`compiler/triggers.py`), which a
    #: card's own effects may set off while it is played (`events`)
    emits: ClassVar[tuple[str, ...]] = ()
    #: its rules text is a sentence of its own, never joined to its neighbours' ("gain 2 plants and 1 heat")
    text_alone: ClassVar[bool] = False
    #: fields holding nested items, derived from the shape: (field, holds alternatives)
    child_fields: ClassVar[tuple[tuple[str, bool], ...]] = ()
    #: how a card writes it: "icon" (a word with an amount and arguments: `words` says which words,
    #: `lower` builds the node) or the grammar's construct that builds it (its rule in
    #: `grammar/card.lark`, or "alternatives" and "arrow" for the parts of a row)
    written_as: ClassVar[str]
    #: the parts of the state its `run` may change, as paths of the save schema ('*' for any key
    #: or index: "players.*.res"); what it runs through tasks and nested items is theirs to declare
    writes: ClassVar[tuple[str, ...]]
    #: the mechanic whose part of the state it acts on (a colony: `trading`): a card using it in a
    #: module that switches it on nowhere can never be played (lint L427)
    mechanic: ClassVar[str | None] = None

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "name" not in cls.__dict__:
            return  # a kind of op (`Word`), not an op of its own
        fields = {**cls.required, **cls.optional}
        cls.child_fields = tuple((k, spec is OPTIONS) for k, spec in fields.items()
                                 if spec is ITEMS or spec is BOX_ITEMS or spec is OPTIONS)
        OPS[cls.name] = cls()
        for forget in ON_NEW_OP:
            forget()

    # ---- compiler ---------------------------------------------------------------------------
    def text(self, node: Node, cost: bool, note: str | None) -> str:
        raise NotImplementedError

    def source(self, node: Node) -> str:
        raise NotImplementedError

    def html(self, node: Node) -> str:
        raise NotImplementedError

    def words(self, in_box: bool) -> Iterable[str]:
        """The words of the language an icon of it is written with (inside a production box when
        `in_box`); none for an op a construct builds."""
        return ()

    def lower(self, atom: Atom) -> Node:
        """Its node for one icon written with one of its `words`, its arguments checked (the
        lowerer adds the amount's X, upto, per and red border where `optional` allows them)."""
        raise NotImplementedError

    def meaning(self, word: str) -> str:
        """What an icon written with this word does, for an author (the language server's hover);
        '' for a word whose meaning is stated where it is declared (a module's card resource or
        global parameter in its manifest, a tile kind in `compiler/tiles.py`)."""
        return ""

    def icon(self, word: str) -> str:
        """The sheet's icon (a symbol of `compiler/sheet/icons.py`, or one a module brings) for an
        icon written with this word."""
        raise NotImplementedError

    def player_state(self, shapes: Any) -> dict:
        """Save-schema properties of the fields it adds to a player's state (none: it changes only
        fields the core declares)."""
        return {}

    def state(self, shapes: Any) -> dict:
        """Save-schema properties of the fields it adds to the game's state."""
        return {}

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

    def idle(self, g: Any, node: Node, ctx: dict) -> bool:
        """Would this part, whose order matters, do nothing now whoever it chose (a removal from
        anyone of what no one has)? Then it gives no reason to ask the order of its batch, unless
        another entry of the batch gives what it removes (`interpreter._idle_now`)."""
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

    def events(self, node: Node) -> list[dict]:
        """The engine events (without their player) its run surely emits, as `emits` names their
        kinds: what the offer check expects a card's effects to set off. The default: its parts'
        (every option's) for an op that nests items, none for one that does not."""
        out: list[dict] = []
        for n in children(node):
            out.extend(OPS[n["op"]].events(n))
        return out

    def worth_asking(self, g: Any, node: Node, ctx: dict) -> bool:
        """Inside a 'may': is taking it a real choice? False where doing it now can only help the
        player (a trade's marker raised toward more of the same income), so the 'may' is taken
        without a question. The default: it is asked."""
        return True

    def x_room(self, g: Any, node: Node, ctx: dict) -> int | None:
        """For an X-loss: the largest X the player can pay now (None: it does not bound X)."""
        return None


class Word(Op):
    """An op written as one word, with no amount and no arguments (`trade`, `reuse-action`): its
    word, its node and its source are the word's."""

    word: ClassVar[str]
    written_as = "icon"

    def words(self, in_box):
        return () if in_box else (self.word,)

    def lower(self, atom):
        atom.no_args()
        if atom.sign < 0 or atom.n != 1:
            raise atom.fail("E216", f"'{self.word}' takes no amount", atom.place, f"'{self.word}'")
        return {"op": self.name}

    def source(self, node):
        return self.word


def is_op(node: Node, op: type[Op]) -> bool:
    """Is the node one of this op's? (By the class that declares it, never by a string.)"""
    return node["op"] == op.name


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
        if OPS[node["op"]].child_fields:  # most nodes have none: no list of their children is made
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


__all__ = ["OPS", "TR", "Award", "Box", "CardResource", "Cards", "Choice", "Claim", "Grant", "Group", "If", "May",
           "Need", "Op", "Override", "Pay", "PlayCard", "Production", "Raise", "Resource", "ReuseAction", "Steal",
           "Tile", "own_resource_loss"]

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
    out = count_reads(node["per"]) if "per" in node else NOTHING
    return out | count_reads(node["less"]) if "less" in node else out


def is_loss(node: Node) -> bool:
    """A loss of an amount (resources, production, cards, card resources): what its op says."""
    return node.get("n", 0) < 0 and OPS[node["op"]].exactness(node) == "amount"

from . import amounts, board, colonies, plays, politics, special, structure  # noqa: E402,F401  (each registers its ops)
from .amounts import TR, CardResource, Cards, Production, Resource, own_resource_loss  # noqa: E402  (by class)
from .board import Claim, Raise, Tile  # noqa: E402
from .plays import Award, PlayCard, ReuseAction  # noqa: E402
from .special import Grant, Need, Override, Steal  # noqa: E402
from .structure import Box, Choice, Group, If, May, Pay  # noqa: E402
