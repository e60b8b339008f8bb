"""The observation: a fixed-size float32 vector of what one player may see.

The layout is a list of named blocks, each of a width given by a formula over the sizes of the
game's content (docs/rl.md has the same table; a test checks that they agree). Players are
listed from the observer's seat on: block "player 0" is always the observer. Nothing hidden is
read: only the observer's own hand (and the zones a mechanic lets cards be played from), never
another's hand, the deck or its order; the options only for the player whose decision it is.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

import numpy as np

from compiler import vocab
from compiler.ops.protocol import DECISION_KINDS

from ..actions import KINDS
from ..content import Content
from ..mechanic import load_plugins
from ..rules import tags
from .choices import CONTROLS, Choices

#: every value is clipped to this range, the bounds of the observation's Box
BOUND = 1_000_000.0
#: the features of one option slot after its kind's one-hot
SLOT_FEATURES = ("card", "area", "component", "number")


def option_kinds() -> tuple[str, ...]:
    """What an option can be: an action kind (`action:play`, `action:std`, … of every mechanic the
    engine has), else the kind of its decision (`area`, `pay`, …); "other" for an action kind
    no mechanic declares."""
    load_plugins()
    return (*(f"action:{k}" for k in sorted(KINDS)), *(k for k in DECISION_KINDS if k != "action"), "other")


@dataclass(frozen=True)
class Block:
    name: str
    formula: str
    width: int
    start: int

    @property
    def stop(self) -> int:
        return self.start + self.width


class Encoder:
    """The observation of one content and player count; `layout` is its table of blocks."""

    def __init__(self, content: Content, players: int, slots: int):
        self.content = content
        self.players = players
        self.cards = sorted(content.cards)
        self.card_index = {name: i for i, name in enumerate(self.cards)}
        self.globals = list(content.tracks.globals)
        self.areas = list(content.map.areas)
        self.area_index = {name: i for i, name in enumerate(self.areas)}
        #: the observer's own zones of cards to play: the hand and those a mechanic plays from
        self.hands = ("hand", *(z for m in content.mechanics for z in m.played_from))
        self.phases = ("setup", *content.flow.generation, *content.flow.final, "over")
        self.tags = tuple(vocab.TAGS)
        self.resources = tuple(vocab.STANDARD_RESOURCES)
        self.tiles = tuple(vocab.TILE_KINDS)
        self.milestones = [c["name"] for c in content.of_type("milestone")]
        self.awards = [c["name"] for c in content.of_type("award")]
        #: the board's components (standard projects, conversions, milestones, awards …), by type and name
        self.components = sorted((kind, name) for kind, table in content.board.items() for name in table)
        self.component_index: dict[str, int] = {}
        for i, (_, name) in enumerate(self.components):
            self.component_index.setdefault(content.slug(name), i)
        self.kinds = option_kinds()
        self.slots = slots
        self.symbols = {"P": players, "C": len(self.cards), "G": len(self.globals), "A": len(self.areas),
                        "H": len(self.phases), "T": len(self.tags), "R": len(self.resources),
                        "D": len(DECISION_KINDS), "K": len(self.kinds), "S": slots, "F": len(SLOT_FEATURES),
                        "M": len(self.milestones), "W": len(self.awards), "B": len(self.components)}
        self._slot_of: dict[str, tuple[int, float, float, float, float]] = {}
        self.layout = self._layout()
        self.size = self.layout[-1].stop
        self.where = {b.name: b for b in self.layout}

    def _layout(self) -> list[Block]:
        rows = [("generation", "1"), ("phase", "H"), ("globals", "G"),
                ("players", "P * (6 + 2 * R + T)"), ("in play", "P * C"), ("hand", "C"),
                ("board", "2 * A"), ("milestones", "M"), ("awards", "W"), ("decision", "D"),
                ("picked", "C + 1"), ("paging", "3"), ("controls", str(len(CONTROLS))), ("slots", "S * (K + F)")]
        out, start = [], 0
        for name, formula in rows:
            width = width_of(formula, self.symbols)
            out.append(Block(name, formula, width, start))
            start += width
        return out

    def encode(self, state: dict, observer: int, choices: Choices | None) -> np.ndarray:
        """The observation of `observer`; `choices` is the decision under way, shown only when it
        is the observer's."""
        v = np.zeros(self.size, dtype=np.float32)
        w = self.where
        v[w["generation"].start] = state["generation"]
        phase = state["phase"]
        if phase in self.phases:
            v[w["phase"].start + self.phases.index(phase)] = 1
        g0 = w["globals"].start
        for i, name in enumerate(self.globals):
            v[g0 + i] = state["globals"].get(name, 0)
        n = len(state["players"])
        seats = [(observer + k) % n for k in range(n)]
        self._players(v, state, seats)
        self._board(v, state, seats)
        self._claims(v, state, seats)
        own = state["players"][observer]
        h0 = w["hand"].start
        for zone in self.hands:
            for name in own.get(zone, ()):
                if name in self.card_index:
                    v[h0 + self.card_index[name]] = 1
        d = choices.decision if choices is not None else None
        if d is not None and d["player"] == observer:
            self._decision(v, choices)
        np.clip(v, -BOUND, BOUND, out=v)
        return v

    def _players(self, v: np.ndarray, state: dict, seats: list[int]) -> None:
        w = self.where
        width = 6 + 2 * len(self.resources) + len(self.tags)
        cards = len(self.cards)
        funded = [0] * len(seats)
        claimed = [0] * len(seats)
        for m in state.get("milestones", ()):
            claimed[m["player"]] += 1
        for a in state.get("awards", ()):
            funded[a["player"]] += 1
        for k, p in enumerate(seats):
            pl = state["players"][p]
            at = w["players"].start + k * width
            counts = tags(state, self.content, p)
            row = [pl["tr"], len(pl["hand"]), int(bool(pl.get("passed"))),
                   sum(e.get("res", 0) for e in pl["played"]), claimed[p], funded[p],
                   *(pl["res"].get(r, 0) for r in self.resources), *(pl["prod"].get(r, 0) for r in self.resources),
                   *(counts.get(t, 0) for t in self.tags)]
            v[at:at + width] = row
            base = w["in play"].start + k * cards
            for e in pl["played"]:
                i = self.card_index.get(e["name"])
                if i is not None:
                    v[base + i] = 1
            for name in pl.get("events", ()):
                i = self.card_index.get(name)
                if i is not None:
                    v[base + i] = 1

    def _board(self, v: np.ndarray, state: dict, seats: list[int]) -> None:
        b0 = self.where["board"].start
        seat_of = {p: k for k, p in enumerate(seats)}
        for area, cell in state["board"].items():
            i = self.area_index.get(area)
            if i is None:
                continue
            tile = cell.get("tile")
            v[b0 + 2 * i] = self.tiles.index(tile) + 1 if tile in self.tiles else len(self.tiles) + 1
            owner = cell.get("owner")
            v[b0 + 2 * i + 1] = seat_of[owner] + 1 if owner in seat_of else 0

    def _claims(self, v: np.ndarray, state: dict, seats: list[int]) -> None:
        """Who claimed each milestone and funded each award (their position from the observer + 1)."""
        seat_of = {p: k for k, p in enumerate(seats)}
        for block, names, key in (("milestones", self.milestones, "milestones"), ("awards", self.awards, "awards")):
            start = self.where[block].start
            for claim in state.get(key, ()):
                if claim["name"] in names:
                    v[start + names.index(claim["name"])] = seat_of[claim["player"]] + 1

    def _decision(self, v: np.ndarray, choices: Choices) -> None:
        w = self.where
        d = choices.decision
        v[w["decision"].start + DECISION_KINDS.index(d["kind"])] = 1
        p0 = w["picked"].start
        for oid in choices.chosen:
            i = self.card_index.get(oid)
            if i is not None:
                v[p0 + i] = 1
        v[p0 + len(self.cards)] = len(choices.chosen)
        g0 = w["paging"].start
        v[g0:g0 + 3] = (choices.page, choices.pages, len(choices.offer))
        v[w["controls"].start:w["controls"].stop] = choices.mask()[choices.slots:]
        width = len(self.kinds) + len(SLOT_FEATURES)
        s0 = w["slots"].start
        for k, o in enumerate(choices.shown()):
            kind, *features = self._slot(d["kind"], o["id"])
            at = s0 + k * width
            v[at + kind] = 1
            v[at + len(self.kinds):at + width] = features

    def _slot(self, decision_kind: str, oid: str) -> tuple[int, float, float, float, float]:
        """An option's kind (an index into `kinds`), the card it names (its index + 1, 0 for none),
        the area and the board component it names (likewise) and the first number its id holds (0
        for none); remembered per id."""
        key = f"{decision_kind}\0{oid}"
        found = self._slot_of.get(key)
        if found is None:
            head, _, rest = oid.partition(":")
            kind = f"action:{head}" if decision_kind == "action" else decision_kind
            card = next((self.card_index[c] + 1 for c in (oid, rest, rest.rpartition(":")[0])
                         if c in self.card_index), 0)
            area = self.area_index[oid] + 1 if oid in self.area_index else 0
            component = self.component_index[rest] + 1 if rest in self.component_index else 0
            number = next((float(x) for x in (oid, head, rest) if _is_number(x)), 0.0)
            index = self.kinds.index(kind if kind in self.kinds else "other")
            found = self._slot_of[key] = (index, card, area, component, number)
        return found


def width_of(formula: str, symbols: dict[str, int]) -> int:
    """A block's width from its formula: whole numbers, the symbols, `+`, `*` and parentheses."""
    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name) and node.id in symbols:
            return symbols[node.id]
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mult)):
            left, right = value(node.left), value(node.right)
            return left + right if isinstance(node.op, ast.Add) else left * right
        raise ValueError(f"not a width formula: {formula!r}")
    return value(ast.parse(formula, mode="eval").body)


def _is_number(text: str) -> bool:
    return text.lstrip("-").isdigit()
