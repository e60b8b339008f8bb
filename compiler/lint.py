"""tmars lint: semantic checks on compiled cards, with codes, positions and fixes.

Every rule is registered once with its code, severity, a one-line title, why it matters
and an example card that triggers it; docs/lint.md is generated from this registry and a
test runs every example. Compile errors (E-codes) are findings too.
"""

from __future__ import annotations

from .names import slug

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import vocab
from .modules import all_words
from .tiles import TILE_KINDS
from .triggers import TRIGGERS
from .diagnostics import Diagnostic, Position, render
from .strictyaml import diagnostic, where
from .frame import RawCard
from .terminal import clip, has_control, safe
from .gameflow import ENGINE_NAMES
from .ir import every_mapping, part_rows, vp_terms
from .library import CompileResult, card_files, compile_file
from .ops import (OPS, Award, CardResource, Cards, Choice, If, Override, PlayCard, Raise, Resource, ReuseAction, Steal,
                  Tile)

Node = dict[str, Any]


@dataclass(frozen=True)
class Replace:
    """A check's suggestion that is a mechanical fix: the text the finding points at becomes `new`
    (`tmars lint --fix`, the language server's quick fix). `help` is said as any suggestion."""

    new: str
    help: str


@dataclass(frozen=True)
class RemoveField:
    """A check's suggestion to remove a field: its key's line and the lines of its value go (the
    language server's quick fix). `help` is said as any suggestion."""

    field: str
    help: str


@dataclass
class Finding:
    code: str
    severity: str  # error | warning
    message: str
    path: str
    line: int
    col: int
    source_line: str = ""
    suggestion: str = ""
    card: str = ""
    expected: str = ""
    old: str = ""  # a mechanical fix: the text at line:col ...
    new: str = ""  # ... and what it becomes
    drop: tuple[int, int] | None = None  # a field to remove: its first and last line (1-based)

    def __post_init__(self) -> None:
        self.message, self.suggestion, self.expected = clip(self.message), clip(self.suggestion), clip(self.expected)

    def render(self) -> str:
        return render(self.path, self.line, self.col, self.severity, self.code, self.message, self.source_line,
                      self.expected, self.suggestion)

    def as_json(self) -> dict:
        out = {"code": self.code, "severity": self.severity, "message": self.message, "path": self.path,
               "line": self.line, "col": self.col, "expected": self.expected, "suggestion": self.suggestion,
               "card": self.card}
        if self.old:
            out["fix"] = {"old": self.old, "new": self.new}
        if self.drop:
            out["fix"] = {"remove_lines": list(self.drop)}
        return out


@dataclass
class Card:
    """One compiled card with the positions of its fields, as the checks see it."""

    raw: RawCard
    ir: Node
    lines: list[str]

    @property
    def name(self) -> str:
        return self.ir["name"]

    def at(self, fieldname: str | None, text: str | None = None) -> tuple[int, int]:
        """Line and column of a field (or of some text inside it), else of the card itself."""
        loc = self.raw.fields.get(fieldname) if fieldname else None
        if loc is None:
            if fieldname and fieldname in self.raw.key_positions:
                return self.raw.key_positions[fieldname]
            return self.raw.line, self.raw.col
        if text and 0 < loc.line <= len(self.lines):
            for ln in range(loc.line, min(loc.line + 30, len(self.lines) + 1)):
                start = loc.col - 1 if ln == loc.line else 0
                idx = self.lines[ln - 1].find(text, start)
                if idx >= 0:
                    return ln, idx + 1
        return loc.line, loc.col

    def field_lines(self, fieldname: str) -> tuple[int, int] | None:
        """The lines a field takes (its key's and those its value runs on), when deleting them
        leaves the card whole: not its first field (the line with the card's `- `), not one that
        shares its line with another."""
        at = self.raw.key_positions.get(fieldname)
        if at is None or at[0] == self.raw.line or any(
                p[0] == at[0] for k, p in self.raw.key_positions.items() if k != fieldname):
            return None
        last = at[0]
        bare = not self.lines[at[0] - 1].split(":", 1)[-1].split("#", 1)[0].strip()
        for ln in range(at[0] + 1, len(self.lines) + 1):
            src = self.lines[ln - 1]
            if not src.strip():
                continue
            indent = len(src) - len(src.lstrip())
            # `tags:` with its list's `- ` entries under it at the key's own indent
            block_list = bare and indent == at[1] - 1 and src.lstrip().startswith("- ")
            if indent < at[1] and not block_list:  # back at the key's indent: the next field or card
                break
            last = ln
        return at[0], last


@dataclass
class Rule:
    code: str
    severity: str
    title: str
    why: str
    example: str
    check: Callable[[Card], Iterable[tuple]] | None = None
    library_check: Callable[[list[Card]], Iterable[tuple]] | None = None


RULES: dict[str, Rule] = {}


def rule(code: str, severity: str, title: str, why: str, example: str, library: bool = False):
    """Register a check. It yields (message, field, text-to-point-at, suggestion) tuples
    (library checks yield (card, message, field, text, suggestion))."""
    def wrap(fn):
        RULES[code] = Rule(code, severity, title, why, example.strip("\n"),
                           None if library else fn, fn if library else None)
        return fn
    return wrap


# ---- IR walking ----------------------------------------------------------------------------
def walk(items: Iterable[Node], inside: tuple[str, ...] = ()) -> Iterator[tuple[Node, tuple[str, ...]]]:
    """Every item node with the chain of enclosing ops."""
    for node in items:
        yield node, inside
        here = (*inside, node["op"])
        for key in ("items", "cost", "gain"):
            if key in node:
                yield from walk(node[key], here)
        for opt in node.get("options", ()):
            yield from walk(opt, here)


def rows(card: Node) -> Iterator[tuple[str, list[Node], bool]]:
    """(field, items, is-cost) for every item list of a card."""
    for key, fieldname in (("play", "play"), ("start", "start"), ("first_action", "first-action")):
        if key in card:
            yield fieldname, card[key], False
    for alt in card.get("action", ()):
        yield "action", alt["cost"], True
        yield "action", alt["gain"], False
    for eff in card.get("effects", ()):
        if "do" in eff:
            yield "effect", eff["do"], False
    for fieldname, items in part_rows(card):
        yield fieldname, items, False


def all_nodes(card: Node) -> Iterator[tuple[str, Node, tuple[str, ...]]]:
    for fieldname, items, _ in rows(card):
        for node, inside in walk(items):
            yield fieldname, node, inside


def counts(card: Node) -> Iterator[tuple[str, Node]]:
    """Every count node: in requirements, VP, 'per' amounts, an amount's 'less' and conditions, and
    the counts these add up or take off."""
    for f, cnt in _outer_counts(card):
        yield from _with_inner(f, cnt)


def _outer_counts(card: Node) -> Iterator[tuple[str, Node]]:
    for r in card.get("requires", ()):
        yield "requires", r
    for vp in vp_terms(card.get("vp")):
        if "per" in vp:
            yield "vp", vp["per"]
        if "if" in vp and "count" in vp["if"]:
            yield "vp", vp["if"]
    for fieldname, node, _ in all_nodes(card):
        if "per" in node:
            yield fieldname, node["per"]
        if "less" in node:
            yield fieldname, node["less"]
        if node["op"] == If.name and "count" in node["cond"]:
            yield fieldname, node["cond"]


def _with_inner(f: str, cnt: Node) -> Iterator[tuple[str, Node]]:
    """A count, then those it adds up (`plus`) and takes off (`less`)."""
    yield f, cnt
    for more in (*cnt.get("plus", ()), *((cnt["less"],) if "less" in cnt else ())):
        yield from _with_inner(f, more)


def token(node: Node) -> str:
    """The word of a node as written, for pointing at it in the source line."""
    return node.get("res") or node.get("param") or node.get("name") or node.get("tile") or node["op"]


PROJECTS = ("automated", "active", "event")
def track_range(word: str) -> tuple[int, int] | None:
    """(start, goal) of a global parameter any known module brings, from its manifest."""
    spec = all_words("globals").get(word)
    return (spec["start"], spec["goal"]) if spec else None


def track_step(word: str) -> int | None:
    spec = all_words("globals").get(word)
    return spec["step"] if spec else None


# ---- card structure -------------------------------------------------------------------------
@rule("L101", "error", "an event has an action or an ongoing effect",
      "Events go face down once played (F104); an action or blue effect on one can never be used.",
      """
- name: Flash Flood
  number: "901"
  type: event
  cost: 5
  tags: [event]
  action: -> +1 plant
""")
def event_with_action(c: Card):
    if c.ir["type"] == "event":
        for f in ("action", "effects"):
            if c.ir.get(f):
                yield (f"event '{c.name}' has an {'action' if f == 'action' else 'effect'}",
                       "action" if f == "action" else "effect", None, "make it an active (blue) card")


@rule("L102", "error", "an active card has neither an action nor an effect",
      "A blue card exists to keep an action or an effect in play; without one it is an automated card.",
      """
- name: Empty Dome
  number: "902"
  type: active
  cost: 5
  play: "[+1 mc]"
""")
def active_without_use(c: Card):
    if c.ir["type"] == "active" and not c.ir.get("action") and not c.ir.get("effects"):
        yield "active card without action or effect", "type", "active", \
            Replace("automated", "make it 'type: automated'")


@rule("L103", "error", "an automated card has an action or an effect",
      "Green cards resolve once and keep only tags and VP (F095); an action or effect needs a blue card.",
      """
- name: Green Pump
  number: "903"
  type: automated
  cost: 5
  action: -1 energy -> +1 mc
""")
def automated_with_use(c: Card):
    if c.ir["type"] == "automated" and (c.ir.get("action") or c.ir.get("effects")):
        yield "automated card with an action or effect", "type", "automated", \
            Replace("active", "make it 'type: active'")


@rule("L104", "error", "a corporation without starting M€",
      "Every corporation gives its starting M€; without it the player cannot buy a starting hand.",
      """
- name: Broke Corp
  type: corporation
  start: "[+1 plant]"
""")
def corp_without_mc(c: Card):
    if c.ir["type"] == "corporation":
        start = c.ir.get("start", [])
        if not any(n["op"] == Resource.name and n["res"] == "mc" and n["n"] > 0 for n in start):
            yield "corporation without starting M€ in 'start'", "start" if "start" in c.raw.fields else "type", \
                None, "add 'start: +NN mc'"


@rule("L105", "warning", "a corporation, standard project, conversion, milestone or award has tags or VP it "
      "cannot use, or a corporation has a cost",
      "A corporation is not bought with a cost; board components carry no tags or VP.",
      """
- name: Pricey Corp
  type: corporation
  cost: 10
  start: +40 mc
""")
def corp_with_cost(c: Card):
    t = c.ir["type"]
    if t == "corporation" and "cost" in c.ir:
        yield "a corporation has no cost", "cost", None, RemoveField("cost", "remove 'cost'")
    if t in ("standard-project", "conversion", "milestone", "award"):
        for f in ("tags", "vp"):
            if c.ir.get(f):
                yield f"a {t} has no {f}", f, None, RemoveField(f, f"remove '{f}'")


@rule("L106", "error", "'start' or 'first-action' on a card that is not a corporation",
      "Only corporations have starting resources and a first action; anywhere else they are never applied.",
      """
- name: Head Start Card
  number: "906"
  type: automated
  cost: 3
  start: +5 mc
""")
def start_outside_corp(c: Card):
    if c.ir["type"] != "corporation":
        for key, f in (("start", "start"), ("first_action", "first-action")):
            if key in c.ir:
                yield f"'{f}' on a {c.ir['type']} card", f, None, "use 'play' for what the card does when played"


@rule("L107", "error", "the event tag does not match the card type",
      "Events carry the event tag and nothing else does; effects that count played events rely on it.",
      """
- name: Quiet Event
  number: "907"
  type: event
  cost: 3
  play: +3 plant
""")
def event_tag_mismatch(c: Card):
    has = "event" in c.ir["tags"]
    if c.ir["type"] == "event" and not has:
        yield "event without the event tag", "tags" if "tags" in c.raw.fields else "type", None, \
            "add 'event' to its tags"
    if c.ir["type"] != "event" and has:
        yield f"the event tag on a {c.ir['type']} card", "tags", "event", "remove the event tag"


@rule("L108", "warning", "a project card costs 0 M€",
      "Printed project cards all cost something; 0 usually means a forgotten cost.",
      """
- name: Free Lunch
  number: "908"
  type: automated
  cost: 0
  play: +1 plant
""")
def zero_cost(c: Card):
    if c.ir["type"] in PROJECTS and c.ir.get("cost") == 0:
        yield "project card with cost 0", "cost", None, "check the printed cost"


@rule("L109", "warning", "VP of 0",
      "A card worth 0 VP shows no VP at all; write nothing.",
      """
- name: Pointless
  number: "909"
  type: automated
  cost: 3
  play: +1 plant
  vp: 0
""")
def zero_vp(c: Card):
    if c.ir.get("vp", {}).get("n", 1) == 0:
        yield "VP of 0", "vp", None, RemoveField("vp", "remove 'vp'")


@rule("L110", "error", "a milestone without a requirement or an award without a score",
      "A milestone is claimed when its requirement holds and an award counts its score; without them "
      "neither can work.",
      """
- name: Dreamer
  type: milestone
""")
def milestone_award_shape(c: Card):
    if c.ir["type"] == "milestone" and not c.ir.get("requires"):
        yield "milestone without 'requires'", "type", None, "add 'requires: …'"
    if c.ir["type"] == "award" and not c.ir.get("score"):
        yield "award without 'score'", "type", None, "add 'score: …'"


@rule("L111", "error", "a standard project without a cost, or with nothing to do",
      "A standard project costs M€ (possibly 0) and does what its row says.",
      """
- name: Nothing Project
  type: standard-project
""")
def std_shape(c: Card):
    if c.ir["type"] == "standard-project":
        if "cost" not in c.ir:
            yield "standard project without 'cost'", "type", None, "add 'cost: N'"
        if not c.ir.get("play"):
            yield "standard project without 'play'", "type", None, "add 'play: …'"


@rule("L112", "error", "a project card, a card of a numbered type or a corporation without a number",
      "Printed cards carry a number; it sorts sheets and tells two printings apart. Project cards are "
      "numbered, corporations when their module numbers them, and a module's card type when its manifest says so.",
      """
- name: Nameless Number
  type: automated
  cost: 5
  play: +1 plant
""")
def missing_number(c: Card):
    from .modules import manifests
    module = manifests().get(c.ir["module"])
    kind = c.ir["type"]
    numbered = kind in PROJECTS or vocab.type_spec(kind).get("numbered") or (
        kind == "corporation" and module is not None and "corporations" in (module.numbering or {}))
    if numbered and "number" not in c.ir:
        yield "card without 'number'", "name", None, 'add number: "NNN"'


@rule("L113", "warning", "a cost beyond any printed card",
      "No project card costs more than about 40 M€; a larger cost is usually a typo.",
      """
- name: Gold Plated
  number: "913"
  type: automated
  cost: 410
  play: +1 plant
""")
def huge_cost(c: Card):
    if c.ir.get("cost", 0) > 60:
        yield f"cost {c.ir['cost']} is beyond any printed card", "cost", None, "check the printed cost"


@rule("L114", "error", "a card that does nothing",
      "A project with no play row, action, effect or VP has no reason to exist; a row was probably lost.",
      """
- name: Blank Card
  number: "914"
  type: automated
  cost: 5
  tags: [space]
""")
def does_nothing(c: Card):
    if c.ir["type"] in PROJECTS and not any(c.ir.get(k) for k in ("play", "action", "effects", "vp")):
        yield "the card has no play row, action, effect or VP", "type", None, None


@rule("L115", "error", "a control character in a card's name or text",
      "Names and notes are printed on sheets and in terminals; an escape sequence (written \\e or \\x1b in "
      "a quoted YAML string) or a direction override would recolour or rewrite the reader's screen, "
      "and no printed card has one.",
      """
- name: "Alarm\\e[5m Card"
  number: "915"
  type: automated
  cost: 5
  play: +1 plant
""")
def control_characters(c: Card):
    for fieldname, key in (("name", "name"), ("number", "number"), ("module", "module"), ("note", "note"),
                           ("replaces", "replaces")):
        value = c.ir.get(key)
        if isinstance(value, str) and has_control(value):
            yield f"'{fieldname}' holds a control character: {safe(value)}", fieldname, None, \
                "remove it: names and text are shown as written"


@rule("L116", "error", "a cost on a card whose type has none",
      "A corporation is chosen at setup, not bought, and a module's card type may be played free (its manifest "
      "says so, under `forbids`): an M€ amount printed on such a card is part of its effect, written in a row.",
      """
- name: Costly Corp
  type: corporation
  cost: 5
  start: +40 mc
""")
def cost_on_a_free_type(c: Card):
    if "cost" in vocab.type_spec(c.ir["type"]).get("forbids", ()) and "cost" in c.ir:
        yield f"a {c.ir['type']} has no cost", "cost", None, \
            RemoveField("cost", "remove 'cost'; an M€ payment goes in a row: -N mc")


#: the fields a card type may refuse besides its cost, as a card states them: (IR key, field, what it is)
_REFUSABLE = (("requires", "requires", "a requirement"), ("action", "action", "an action"),
              ("effects", "effect", "an ongoing effect"), ("holds", "holds", "resources"), ("vp", "vp", "VP"))


@rule("L117", "error", "a field the card's type never has",
      "A corporation has no requirement to meet; a module's card type lists what its cards never have "
      "(a card played once at setup that then only keeps its tags has no requirement, action, ongoing effect "
      "or resources), with why.",
      """
- name: Picky Corp
  type: corporation
  requires: oxygen >= 3
  start: +40 mc
""")
def field_the_type_lacks(c: Card):
    spec = vocab.type_spec(c.ir["type"])
    forbids = spec.get("forbids", ())
    for key, f, what in _REFUSABLE:
        if key in forbids and c.ir.get(key):
            yield f"a {c.ir['type']} has {what}", f, None, \
                RemoveField(f, f"remove '{f}': {spec.get('why', 'its type has none')}")


# ---- requirements --------------------------------------------------------------------------
@rule("L201", "error", "a requirement no game can meet",
      "Oxygen runs 0–14 %, temperature −30–+8 °C, oceans 0–9 (F069): beyond that the card is never playable.",
      """
- name: Thick Air
  number: "921"
  type: automated
  cost: 5
  requires: oxygen >= 15
  play: +1 plant
""")
def impossible_requirement(c: Card):
    for r in c.ir.get("requires", ()):
        rng = track_range(r["count"])
        if r["value"] < 0 and not rng:
            yield f"'{r['count']} {r['cmp']} {r['value']}' is never met", "requires", r["count"], None
        if not rng:
            continue
        lo, hi = rng
        if (r["cmp"] == ">=" and r["value"] > hi) or (r["cmp"] == "<=" and r["value"] < lo):
            yield (f"'{r['count']} {r['cmp']} {r['value']}' is never met: {r['count']} runs {lo} to {hi}",
                   "requires", r["count"], None)


@rule("L202", "error", "a global requirement off its track's steps",
      "A track moves in whole steps from its start (temperature: 2 °C from −30, F019); a value between "
      "two steps can be met only as its neighbour.",
      """
- name: Odd Heat
  number: "922"
  type: automated
  cost: 5
  requires: temperature >= -13
  play: +1 plant
""")
def off_step_requirement(c: Card):
    for r in c.ir.get("requires", ()):
        word = r["count"]
        step, span = track_step(word), track_range(word)
        if step is None or span is None:
            continue
        start = span[0]
        off = (r["value"] - start) % step
        if off:
            near = r["value"] + (step - off if r["cmp"] == ">=" else -off)
            yield f"{word} {r['value']} is not on the track", "requires", str(r["value"]), \
                Replace(str(near), f"write {word} {r['cmp']} {near}")


@rule("L203", "error", "a maximum below a minimum",
      "'x >= a' with 'x <= b' and b < a can never both hold.",
      """
- name: Narrow Window
  number: "923"
  type: automated
  cost: 5
  requires: oxygen >= 6, oxygen <= 4
  play: +1 plant
""")
def contradictory(c: Card):
    reqs = c.ir.get("requires", ())
    for lo in reqs:
        for hi in reqs:
            same = lo["count"] == hi["count"] and lo.get("any") == hi.get("any")
            if same and lo["cmp"] == ">=" and hi["cmp"] == "<=" and hi["value"] < lo["value"]:
                yield f"{lo['count']} must be at least {lo['value']} and at most {hi['value']}", "requires", \
                    lo["count"], None


@rule("L204", "warning", "the same requirement twice",
      "A repeated requirement is a copy-paste slip; one of the two was probably meant to differ.",
      """
- name: Twice Wet
  number: "924"
  type: automated
  cost: 5
  requires: oceans >= 3, oceans >= 3
  play: +1 plant
""")
def duplicate_requirement(c: Card):
    seen = []
    for r in c.ir.get("requires", ()):
        key = json.dumps(r, sort_keys=True)
        if key in seen:
            yield f"requirement '{r['count']} {r['cmp']} {r['value']}' given twice", "requires", r["count"], None
        seen.append(key)


@rule("L205", "warning", "a requirement on event tags",
      "Event tags never count once played (F102): 'event-tag >= N' is about played events, write event-card.",
      """
- name: Event Planner
  number: "925"
  type: automated
  cost: 5
  requires: event-tag >= 2
  play: +1 plant
""")
def requirement_on_event_tags(c: Card):
    for f, cnt in counts(c.ir):
        if cnt["count"] == "event-tag":
            yield "event tags never count once played", f, "event-tag", Replace("event-card", "write event-card")


@rule("L206", "warning", "a requirement that always holds",
      "A minimum of 0 or a maximum at the top of the track is met in every game: probably a wrong value.",
      """
- name: Always Fine
  number: "926"
  type: automated
  cost: 5
  requires: oxygen <= 14
  play: +1 plant
""")
def trivial_requirement(c: Card):
    for r in c.ir.get("requires", ()):
        lo, hi = track_range(r["count"]) or (0, None)
        if (r["cmp"] == ">=" and r["value"] <= lo) or (hi is not None and r["cmp"] == "<=" and r["value"] >= hi):
            yield f"'{r['count']} {r['cmp']} {r['value']}' always holds", "requires", r["count"], \
                "remove it or fix the value"


# ---- resources -----------------------------------------------------------------------------
def _held(c: Card) -> str | None:
    return c.ir.get("holds")


@rule("L301", "error", "a card collects a resource it cannot hold",
      "Resources go only on cards that hold that type (F118); added here they are simply lost.",
      """
- name: Lost Sheep
  number: "931"
  type: active
  cost: 5
  tags: [animal]
  action: -> +1 animal
""")
def collects_unheld(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == CardResource.name and node["where"] == "here" and node["n"] > 0 \
                and node["res"] != vocab.HELD and node["res"] != _held(c):
            yield f"adds {node['res']} to this card, which holds {_held(c) or 'nothing'}", f, node["res"], \
                f"add 'holds: {node['res']}' or target another card: {node['res']}(other)"


@rule("L302", "warning", "a card holds a resource it never uses",
      "Only cards that use a resource in an action or for VP hold it (F118); an unused 'holds' is a slip.",
      """
- name: Idle Pen
  number: "932"
  type: automated
  cost: 5
  holds: animal
  play: +1 plant
""")
def holds_unused(c: Card):
    res = _held(c)
    if not res:
        return
    used = any(node["op"] == CardResource.name and node["res"] in (res, vocab.HELD)
               for _, node, _ in all_nodes(c.ir))
    used |= any(cnt["count"] == res for _, cnt in counts(c.ir))
    if not used:
        yield f"holds {res} but no row adds, removes or counts it", "holds", None, "remove 'holds' or use it"


@rule("L303", "error", "VP per resource without holding it",
      "VP per animal counts the animals on this card; a card that holds none always scores 0.",
      """
- name: Empty Zoo
  number: "933"
  type: automated
  cost: 5
  vp: 1 per 2 animal
""")
def vp_per_unheld(c: Card):
    for term in vp_terms(c.ir.get("vp")):
        per = term.get("per") or term.get("if") or {}
        word = per.get("count")
        if word in vocab.CARD_RESOURCES and word != _held(c):
            yield f"VP per {word} on a card that holds {_held(c) or 'nothing'}", "vp", word, f"add 'holds: {word}'"


@rule("L304", "error", "a card removes a resource from itself that it cannot hold",
      "Resources removed from 'this card' (F125) must be of the type it holds, or the row can never happen.",
      """
- name: Hungry Card
  number: "934"
  type: active
  cost: 5
  holds: animal
  action: -2 microbe -> +1 tr
""")
def removes_unheld(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == CardResource.name and node["where"] == "here" and node["n"] < 0 \
                and not node.get("any") and node["res"] != _held(c):
            yield f"removes {node['res']} from this card, which holds {_held(c) or 'nothing'}", f, node["res"], None


@rule("L305", "error", "held(that) outside a triggered effect",
      "'held(that)' names the card that triggered an effect; in a play row or an action there is none.",
      """
- name: Loose Reference
  number: "935"
  type: automated
  cost: 5
  play: +1 held(that)
""")
def held_outside_trigger(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == CardResource.name and node["where"] == "that" and f != "effect":
            yield "held(that) outside a trigger", f, "held", "use it in 'effect: trigger => +1 held(that)'"


@rule("L306", "error", "'per' a card resource the card does not hold",
      "'per animal' counts the animals on this card; a card that holds none always counts 0.",
      """
- name: Zero Herd
  number: "936"
  type: automated
  cost: 5
  play: +1 mc per animal
""")
def per_unheld(c: Card):
    for f, node, _ in all_nodes(c.ir):
        word = node.get("per", {}).get("count")
        if word in vocab.CARD_RESOURCES and word != _held(c):
            yield f"counts {word} on a card that holds {_held(c) or 'nothing'}", f, word, None


@rule("L307", "warning", "'upto' on a loss of your own",
      "Only red-bordered removals from other players are optional; your own losses are always in full.",
      """
- name: Half Hearted
  number: "937"
  type: automated
  cost: 5
  play: upto -2 plant, [+1 plant]
""")
def upto_without_border(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node.get("upto") and not node.get("any") and node["op"] != Steal.name:
            yield "'upto' on your own loss has no effect", f, "upto", "add '!' or remove 'upto'"


@rule("L308", "error", "an X amount with nothing to bound it",
      "X is the amount the player spends (F099, F214); an X that is only gained has no limit.",
      """
- name: Money Tree
  number: "938"
  type: active
  cost: 5
  action: -> +X mc
""")
def unbounded_x(c: Card):
    def bounded(items: list) -> bool:
        return any(n.get("x") and n.get("n", 0) < 0 for n, _ in walk(items))
    for f, items, _ in rows(c.ir):
        gains = [n for n, _ in walk(items) if n.get("x") and n.get("n", 0) > 0]
        if not gains:
            continue
        scope = list(items)
        for alt in c.ir.get("action", ()) if f == "action" else ():
            if items is alt["gain"]:
                scope += alt["cost"]
        if not bounded(scope):
            yield "X is gained but never spent", f, "X", "spend X first: -X energy -> +X mc"


@rule("L309", "warning", "an amount of 0",
      "An icon with 0 does nothing; it is usually a typo for 1 or for another number. (A step of a track "
      "a card type declares may give nought, as printed: that is no finding.)",
      """
- name: Nothing Much
  number: "939"
  type: automated
  cost: 5
  play: +0 plant
""")
def zero_amount(c: Card):
    steps = {name for name, spec in vocab.type_fields(c.ir["type"]).items() if spec["kind"] == "rows"}
    for f, node, _ in all_nodes(c.ir):
        if node.get("n") == 0 and f not in steps:
            yield f"an amount of 0 {token(node)}", f, token(node), None


@rule("L311", "error", "a card pays with a resource it does not hold",
      "'pay RES as N mc' spends the resources on this card (Psychrophiles' microbes); a card that holds "
      "another kind, or none, never has any to pay with.",
      """
- name: Empty Purse
  number: "951"
  type: active
  cost: 2
  holds: animal
  action: -> +1 animal
  effect: pay microbe as 2 mc on plant-tag
""")
def pays_unheld(c: Card):
    for e in c.ir.get("effects", ()):
        for m in e.get("mods", ()):
            if m["mod"] == "pay" and "n" in m and m["res"] != _held(c):
                yield f"pays with {m['res']} from this card, which holds {_held(c) or 'nothing'}", "effect", \
                    m["res"], f"add 'holds: {m['res']}'"


# ---- choices, effects, overrides -------------------------------------------------------------
@rule("L401", "error", "an OR with the same option twice",
      "A choice between identical options is no choice; one of them was meant to differ.",
      """
- name: Same Either Way
  number: "941"
  type: event
  cost: 5
  tags: [event]
  play: +2 plant or +2 plant
""")
def duplicate_option(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == Choice.name:
            seen = set()
            for opt in node["options"]:
                key = json.dumps(opt, sort_keys=True)
                if key in seen:
                    yield "the same option appears twice in an OR", f, None, None
                seen.add(key)
    alts = [json.dumps(a, sort_keys=True) for a in c.ir.get("action", ())]
    if len(alts) != len(set(alts)):
        yield "the same action alternative appears twice", "action", None, None


@rule("L402", "error", "an OR option that does nothing",
      "Every printed option does something; an option of zero amounts is empty.",
      """
- name: Empty Offer
  number: "942"
  type: event
  cost: 5
  tags: [event]
  play: +2 plant or +0 heat
""")
def empty_option(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == Choice.name:
            for opt in node["options"]:
                if all(n.get("n") == 0 for n in opt):
                    yield "an OR option that does nothing", f, None, None


@rule("L403", "error", "a choice that can never be offered",
      "An option or action the engine can never complete is never offered (F099): the card text is dead.",
      """
- name: Dead End
  number: "943"
  type: active
  cost: 5
  holds: animal
  action: -> +1 animal or -> if oxygen >= 20 then +5 mc
""")
def never_offered(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == If.name and "count" in node["cond"]:
            cond = node["cond"]
            rng = track_range(cond["count"])
            if rng and ((cond["cmp"] == ">=" and cond["value"] > rng[1]) or
                        (cond["cmp"] == "<=" and cond["value"] < rng[0])):
                yield f"condition '{cond['count']} {cond['cmp']} {cond['value']}' is never true", f, \
                    cond["count"], None
        if node["op"] == Tile.name:
            rules = {r if isinstance(r, str) else r["rule"] for r in node.get("rules", ())}
            if "ocean-area" in rules and rules & {"volcanic", "bonus-metal", "land"}:
                yield "a tile on an ocean area that must also be a land area", f, "ocean-area", None
            if rules & {"reserved", "off-mars"} and "name" not in node:
                yield "a reserved placement without the tile's name", f, node["tile"], None


@rule("L404", "error", "an override without a note",
      "An asterisk means the icons cannot say it all; the note tells a reader what the override does.",
      """
- name: Silent Star
  number: "944"
  type: automated
  cost: 9
  tags: [science]
  play: copy-production(building)*
""")
def override_without_note(c: Card):
    has = any(node["op"] == Override.name for _, node, _ in all_nodes(c.ir))
    has |= any(m["mod"] == "override" for e in c.ir.get("effects", ()) for m in e.get("mods", ()))
    if has and not c.ir.get("note"):
        yield "override without a 'note' explaining it", "play" if "play" in c.raw.fields else "effect", None, \
            "add 'note: …' in your own words"


@rule("L429", "warning", "a card not as printed",
      "The card says in 'not-as-printed' what its printed text does that its rows do not: the game leaves "
      "that part out. Grow the language (or ask for a primitive) and remove the field once the rows say it all.",
      """
- name: Odd Ruling
  number: "957"
  type: automated
  cost: 3
  play: +1 mc
  not-as-printed: each opponent loses a plant when the oxygen is maxed
""")
def not_as_printed(c: Card):
    missing = c.ir.get("not_as_printed")
    if missing:
        yield f"not as printed: the game leaves out that {missing.rstrip('.')}", "not-as-printed", None, None


ROW_OVERRIDES = {"copy-production", "production-of-placed-metal"}
EFFECT_OVERRIDES = {"protect-resources"}
BOX_OVERRIDES = {"production-of-placed-metal"}


@rule("L405", "error", "an override used where it cannot act",
      "Some primitives act once in a row, others are standing effects; in the wrong place they never apply.",
      """
- name: Wrong Place
  number: "945"
  type: automated
  cost: 5
  play: protect-resources*
  note: Protects resources.
""")
def override_place(c: Card):
    for f, node, inside in all_nodes(c.ir):
        if node["op"] == Override.name and node["name"] in EFFECT_OVERRIDES:
            yield f"'{node['name']}*' is a standing effect: write it as an effect", f, node["name"], \
                f"effect: {node['name']}*"
        elif node["op"] == Override.name and inside and inside[-1] == "box" and node["name"] not in BOX_OVERRIDES:
            yield f"'{node['name']}*' is not production: it cannot stand in a production box", f, node["name"], \
                "write it outside the box"
    for e in c.ir.get("effects", ()):
        for m in e.get("mods", ()):
            if m["mod"] == "override" and m["name"] in ROW_OVERRIDES:
                yield f"'{m['name']}*' acts once: write it in a row", "effect", m["name"], None




@rule("L406", "error", "a trigger filter the engine does not know",
      "A trigger fires on what its filters say; an unknown filter word is silently ignored.",
      """
- name: Picky Trigger
  number: "946"
  type: active
  cost: 5
  effect: city(beach) => +1 mc
""")
def unknown_trigger_filter(c: Card):
    for e in c.ir.get("effects", ()):
        triggers = list(e.get("on", ())) + [t for m in e.get("mods", ()) for t in m.get("on", ())]
        for t in triggers:
            kind = TRIGGERS.get(t["event"])
            allowed = kind.filters(t["event"]) if kind else None
            for a in t.get("args", ()):
                if isinstance(a, dict):
                    if a["rule"] != "cost" or "cmp" not in a:
                        yield f"filter '{a['rule']}' is not understood by '{t['event']}'", "effect", a["rule"], \
                            "filters with numbers: cost >= N"
                elif t["event"] == "std":
                    known = standard_projects()
                    if a not in known:
                        from .diagnostics import did_you_mean
                        yield f"no standard project is called '{a}'", "effect", a, \
                            did_you_mean(a, known) or f"known: {', '.join(sorted(known))}"
                elif allowed is None or a not in allowed:
                    yield f"filter '{a}' is not understood by '{t['event']}'", "effect", a, \
                        f"known: {', '.join(sorted(allowed or ())) or 'none'}"


@rule("L407", "error", "a count argument the engine does not know",
      "Every count takes 'opponents'; tiles take 'mars' (only tiles on Mars) and 'ocean-adjacent' (only "
      "tiles with an ocean next to them), a card resource 'all' (on all your cards); anything else is "
      "silently ignored.",
      """
- name: Odd Count
  number: "947"
  type: automated
  cost: 5
  play: "[+1 mc per city-tile!(moon)]"
""")
def unknown_count_arg(c: Card):
    from .counts import COUNTS
    for f, cnt in counts(c.ir):
        kind = COUNTS.get(cnt["count"])
        takes = kind.takes(cnt) if kind is not None else frozenset()
        for a in cnt.get("args", ()):
            if (a if isinstance(a, str) else a["rule"]) not in takes:
                yield f"count argument '{a if isinstance(a, str) else a['rule']}' is unknown to '{cnt['count']}'", f, \
                    a if isinstance(a, str) else a["rule"], f"use {', '.join(f'({t})' for t in sorted(takes))}"


@rule("L408", "warning", "a discount of 0",
      "A discount of 0 M€ changes nothing.",
      """
- name: No Deal
  number: "948"
  type: active
  cost: 5
  effect: discount 0 on space-tag
""")
def zero_discount(c: Card):
    for e in c.ir.get("effects", ()):
        for m in e.get("mods", ()):
            if m["mod"] == "discount" and m["n"] == 0:
                yield "a discount of 0", "effect", "discount", None


@rule("L409", "error", "a red border on a cost or on your own card",
      "A cost is paid by you; a red border (any player) on something you pay means nothing.",
      """
- name: Pay Someone Else
  number: "949"
  type: active
  cost: 5
  action: -2 mc! -> +1 tr
""")
def border_on_cost(c: Card):
    for alt in c.ir.get("action", ()):
        for node, _ in walk(alt["cost"]):
            if node.get("any") and node["op"] == Resource.name:
                yield f"a red border on the cost -{node['n'] * -1} {node['res']}", "action", node["res"], \
                    "remove the '!': you pay your own costs"


@rule("L416", "error", "an M€ payment with metal outside a cost",
      "'-N mc(steel)' lets metal pay an action's cost; in a play row or a gain it is never read.",
      """
- name: Odd Payment
  number: "956"
  type: automated
  cost: 5
  play: -3 mc(steel), +2 plant
""")
def metal_outside_cost(c: Card):
    costs = [id(n) for alt in c.ir.get("action", ()) for n, _ in walk(alt["cost"])]
    for f, node, inside in all_nodes(c.ir):
        if node.get("with") and id(node) not in costs and "pay" not in inside:
            yield "metal payment outside a cost", f, "mc(", "write it left of '->' in an action"


@rule("L410", "warning", "'per' with a divisor of 1",
      "'per 1 science-tag' is the same as 'per science-tag'.",
      """
- name: Wordy
  number: "950"
  type: automated
  cost: 5
  play: "[+1 mc per 1 science-tag]"
""")
def per_one(c: Card):
    for f, cnt in counts(c.ir):
        if cnt.get("div") == 1:
            yield "a divisor of 1", f, cnt["count"], f"write 'per {cnt['count']}'"


@rule("L412", "error", "'holds' on an event",
      "An event goes face down; resources on it can never be used or scored.",
      """
- name: Ark
  number: "952"
  type: event
  cost: 5
  tags: [event]
  holds: animal
  play: +1 plant
""")
def holds_on_event(c: Card):
    if c.ir["type"] == "event" and c.ir.get("holds"):
        yield "an event cannot hold resources", "holds", None, RemoveField("holds", "remove 'holds'")


@rule("L417", "error", "a reprint that names another card",
      "A reprint stands for the card of the same name in a required module ('replaces' names itself).",
      """
- name: Comet Strike Deluxe
  number: "955"
  type: event
  cost: 29
  tags: [space, event]
  replaces: Comet Strike
  play: +3 temperature
""")
def reprint_of_another_name(c: Card):
    replaced = c.ir.get("replaces")
    if replaced is not None and replaced != c.name:
        yield f"'replaces: {replaced}' on '{c.name}': a reprint keeps the name of the card it replaces", \
            "replaces", replaced, Replace(c.name, f"write 'replaces: {c.name}', or rename the card to '{replaced}'")


@rule("L418", "warning", "a card needs a module it uses nothing of",
      "'needs' keeps a card out of games without that module; a card that uses none of its words "
      "probably does not need it (or uses it in a way lint cannot see: say why with lint-ignore).",
      """
- name: Quiet Promo
  number: "956"
  type: automated
  cost: 5
  needs: [corpera]
  play: +1 plant
""")
def needs_unused(c: Card):
    from .compile import words_used
    from .modules import closure, manifests
    known = manifests()
    used = words_used(c.ir)
    for m in c.ir.get("needs", ()):
        if m not in known:
            continue  # a variant: it brings no word, it switches a part of the game on
        own = closure(c.ir["module"]) if c.ir["module"] in known else set()
        brought = {(w, k) for mod in closure(m) - own for k in ("tags", "card_resources", "globals")
                   for w in known[mod].words(k)} if m in known else set()
        if not any(u in brought for u in used):
            yield f"'needs: {m}' but the card uses no word that {m} brings", "needs", m, \
                "remove it, or silence this with lint-ignore and a reason"


@rule("L419", "error", "a resource paid as M€ on something that is not a card being played",
      "'pay RES as N mc on TRIGGER' helps pay for a card: its trigger names what that card must be (a tag, "
      "card(…)); a tile, a standard project or a global never matches a card, so the payment is never offered.",
      """
- name: Odd Purse
  number: "957"
  type: active
  cost: 2
  holds: microbe
  action: -> +1 microbe
  effect: pay microbe as 2 mc on city
""")
def pay_on_non_card(c: Card):
    for e in c.ir.get("effects", ()):
        for m in e.get("mods", ()):
            if m["mod"] != "pay":
                continue
            for t in m.get("on", ()):
                if not (t["event"] == "card" or t["event"].endswith(vocab.COUNT_SUFFIX_TAG)):
                    yield f"'{t['event']}' is not a card being played", "effect", t["event"], \
                        "a tag (plant-tag) or card(…)"


@rule("L420", "error", "play-card where no card can be played",
      "play-card plays a card from your hand (or a drawn one) at once: in a corporation's 'start' there is no "
      "hand yet and in an ongoing effect it would play a card in the middle of playing another; a "
      "corporation's one-off is its 'first-action'.",
      """
- name: Eager Corp
  type: corporation
  start: +40 mc, play-card(discount 5)
""")
def play_card_misplaced(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == PlayCard.name and f in ("start", "effect"):
            yield f"play-card in {'a corporation' + chr(39) + 's start' if f == 'start' else 'an ongoing effect'}", \
                f, "play-card", "use 'first-action' on a corporation, or a play row"


@rule("L421", "error", "a free award in an action or an ongoing effect",
      "award(free) funds one award without paying (Vitor's first action); in an action or an effect it "
      "would fund the awards over and over, which no card does.",
      """
- name: Patron
  number: "958"
  type: active
  cost: 5
  action: -> award(free)
""")
def repeated_free_award(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == Award.name and f in ("action", "effect"):
            yield f"award(free) in an {'action' if f == 'action' else 'ongoing effect'}", f, "award", \
                "fund it once: in a play row or a corporation's first-action"


@rule("L422", "error", "cards revealed for the wild or event tag",
      "'+N card(TAG-tag)' reveals cards until N with that tag are found; a wild tag stands in for a tag only "
      "in play, never on a revealed card (F330), and events are few, so the deck would be turned over for next "
      "to nothing.",
      """
- name: Wild Search
  number: "959"
  type: automated
  cost: 5
  play: +2 card(wild-tag)
""")
def reveal_odd_tag(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == Cards.name and node.get("tag") in (*vocab.WILD_TAGS, "event"):
            yield f"revealing cards for the {node['tag']} tag", f, node["tag"], "reveal for a printed tag: plant-tag"


@rule("L423", "warning", "'any-neighbours' on a tile that keeps no distance",
      "any-neighbours waives the rule that keeps tiles of a kind apart (cities); on a tile that keeps no "
      "distance it changes nothing, so another rule was probably meant.",
      """
- name: Loose Grove
  number: "960"
  type: automated
  cost: 5
  play: greenery(any-neighbours)
""")
def any_neighbours_not_city(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == Tile.name and "any-neighbours" in node.get("rules", ()) \
                and not TILE_KINDS[node["tile"]].keeps_distance:
            yield f"any-neighbours on a {node['tile']} tile", f, "any-neighbours", "use it on a city"


@rule("L424", "warning", "a count, requirement or trigger on the wild tag",
      "A wild tag counts as the tag a requirement or a count asks for, in play during your own actions, and as "
      "no tag elsewhere (F330); a card asking for wild tags themselves, or triggered by one, is almost surely a slip.",
      """
- name: Wild Fan
  number: "961"
  type: active
  cost: 5
  effect: wild-tag => +1 mc
""")
def wild_counted(c: Card):
    wilds = set(vocab.WILD_TAGS)
    words = {w + vocab.COUNT_SUFFIX_TAG for w in wilds}
    for f, cnt in counts(c.ir):
        if cnt.get("count") in words:
            yield f"counts {cnt['count'][:-4]} tags", f, cnt["count"], "count the tag the card means"
    for e in c.ir.get("effects", ()):
        triggers = list(e.get("on", ())) + [t for m in e.get("mods", ()) for t in m.get("on", ())]
        for t in triggers:
            if t["event"] in words or wilds & set(a for a in t.get("args", ()) if isinstance(a, str)):
                yield "triggered by a wild tag", "effect", t["event"], "a wild tag triggers nothing (F330)"


@rule("L425", "error", "'that' resource where no event names one",
      "'+1 that' gains the resource the triggering event names (a production step raised, a conversion: "
      "Manutech's 'production => +1 that'). Anywhere else, or after a trigger that names no resource, "
      "there is no resource to gain.",
      """
- name: Copycat
  number: "962"
  type: active
  cost: 5
  effect: city => +1 that
""")
def that_unbound(c: Card):
    def thats(items):
        return any(node.get("res") == vocab.THAT for node, _ in walk(items))
    for f, node, _ in all_nodes(c.ir):
        if node.get("res") == vocab.THAT and f != "effect":
            yield f"'that' resource in {f}, where no event names one", f, "that", \
                "use it in an effect triggered by a production step or a conversion"
    for e in c.ir.get("effects", ()):
        if thats(e.get("do", ())) and not all(TRIGGERS[t["event"]].binds_that for t in e["on"]):
            yield "'that' resource after a trigger that names no resource", "effect", "that", \
                "trigger on 'production' or 'conversion', or name the resource"


@rule("L426", "error", "reuse-action outside an action",
      "reuse-action uses again an action already taken this generation, as one action of its own (Viron, "
      "F293); in a play row, a start or an effect it would add actions no card gives.",
      """
- name: Echo
  number: "963"
  type: event
  cost: 5
  tags: [event]
  play: reuse-action
""")
def reuse_outside_action(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == ReuseAction.name and f != "action":
            yield f"reuse-action in {f}", f, "reuse-action", "write it as an action: 'action: -> reuse-action'"


@rule("L427", "warning", "a word of a mechanic that no module in play switches on",
      "Colonies, trades, fleets and markers live on the colony tiles of the trading mechanic; a card "
      "whose module (and what it requires) switches that mechanic on nowhere can never use them: add the "
      "module that switches it on to 'requires' or to the card's 'needs'.",
      """
- name: Far Colony
  number: "964"
  type: automated
  cost: 10
  play: colony
""")
def mechanic_off(c: Card):
    from .counts import COUNTS
    from .modules import closure, manifests
    known = manifests()
    modules = closure(c.ir["module"]) if c.ir["module"] in known else set()
    for m in c.ir.get("needs", ()):
        modules |= closure(m)
    on: set[str] = set()
    for mid in modules & set(known):
        module = known[mid]
        for flow in [module.flow or {}] + [v.get("flow", {}) for v in (module.variants or {}).values()]:
            on.update(flow.get("mechanics", ()))
    seen: set[str] = set()
    found = [(f, node["op"], OPS[node["op"]].mechanic) for f, node, _ in all_nodes(c.ir)]
    found += [(f, cnt["count"], getattr(COUNTS.get(cnt["count"]), "mechanic", None)) for f, cnt in counts(c.ir)]
    for e in c.ir.get("effects", ()):
        for t in [*e.get("on", ()), *(t for m in e.get("mods", ()) for t in m.get("on", ()))]:
            found.append(("effect", t["event"], getattr(TRIGGERS.get(t["event"]), "mechanic", None)))
    for f, word, mechanic in found:
        if mechanic and mechanic not in on and word not in seen:
            seen.add(word)
            bringers = sorted(mid for mid, m in known.items() if mechanic in (m.flow or {}).get("mechanics", ()))
            which = f"'{bringers[0]}'" if bringers else "a module that switches it on"
            yield f"'{word}' needs the {mechanic} mechanic, which no module of this card switches on", f, word, \
                f"add {which} to the requires of the card's module, or to the card's 'needs'"


@lru_cache(maxsize=1)
def reserved_areas() -> frozenset[str]:
    """Names of the reserved areas on every shipped map (cards/*/board/*.yaml); read once a run,
    since every card with a reserved tile asks."""
    from .modules import CARDS_ROOT, MAX_DATA_BYTES
    from .strictyaml import Kind, load_file
    names: set[str] = set()
    for path in CARDS_ROOT.glob("*/board/*.yaml"):
        data = load_file(path, Kind("map files", "a map file"), MAX_DATA_BYTES) or {}
        for row in data.get("rows", ()):
            names.update(a["reserved"] for a in row if isinstance(a, dict) and a.get("reserved"))
        names.update(a["reserved"] for a in data.get("off_map", ()) if a.get("reserved"))
    from .modules import manifests
    names.update(a["reserved"] for m in manifests().values() for a in (m.adds_to_map or {}).get("off_map", ()))
    return frozenset(names)


@rule("L413", "error", "a reserved placement for an area no map has",
      "A tile placed 'reserved' or 'off-mars' goes on the area reserved for its name; a name no map "
      "reserves leaves the card unplayable.",
      """
- name: Lost City
  number: "953"
  type: automated
  cost: 5
  play: city(atlantis, reserved)
""")
def unknown_reserved_area(c: Card):
    known = reserved_areas()
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == Tile.name and node.get("name"):
            rules = {r if isinstance(r, str) else r["rule"] for r in node.get("rules", ())}
            if rules & {"reserved", "off-mars"} and node["name"] not in known:
                from .diagnostics import did_you_mean
                yield f"no map reserves an area for '{node['name']}'", f, node["name"], \
                    did_you_mean(node["name"], known) or f"known: {', '.join(sorted(known))}"


@rule("L415", "warning", "a named tile not named after its card",
      "A card's own tile carries the card's name (a card 'Grand Plaza' places 'grand-plaza'), so the board, the sheet "
      "and VP per adjacent tile can find it; a different name is usually a typo.",
      """
- name: Grand Plaza
  number: "955"
  type: automated
  cost: 5
  play: tile(grand-plazza)
""")
def tile_name_matches_card(c: Card):
    for f, node, _ in all_nodes(c.ir):
        if node["op"] == Tile.name and node.get("name") and node["name"] != slug(c.name):
            yield f"tile '{node['name']}' on card '{c.name}'", f, node["name"], Replace(slug(c.name),
                                                                                     f"name it {slug(c.name)}")


@lru_cache(maxsize=1)
def standard_projects() -> frozenset[str]:
    """Slugs of the shipped standard projects, which std(NAME) filters name."""
    from .library import CARDS_ROOT, compile_paths
    return frozenset(slug(c["name"]) for c in compile_paths([CARDS_ROOT]).cards if c["type"] == "standard-project")


OVERRIDE_ARGS: dict[str, Callable[[list], bool]] = {
    "copy-production": lambda a: len(a) == 1 and a[0] in vocab.TAGS,
    "protect-resources": lambda a: not a or (len(a) == 1 and a[0] in ("here", "all")),
    "production-of-placed-metal": lambda a: not a,
}
OVERRIDE_USAGE = {
    "copy-production": "copy-production(TAG)*", "protect-resources": "protect-resources*(here) or (all)",
}


@rule("L414", "error", "an override with arguments it does not take",
      "Each primitive reads its arguments in one way (a tag, 'here' or 'all'); others are ignored or fail.",
      """
- name: Copy Nothing
  number: "954"
  type: automated
  cost: 5
  play: copy-production(buildng)*
  note: Copies a production box.
""")
def override_args(c: Card):
    found = [(f, node) for f, node, _ in all_nodes(c.ir) if node["op"] == Override.name]
    found += [("effect", m) for e in c.ir.get("effects", ()) for m in e.get("mods", ()) if m["mod"] == "override"]
    for f, node in found:
        check = OVERRIDE_ARGS.get(node["name"])
        if check and not check(node.get("args", [])):
            yield f"wrong arguments for '{node['name']}*'", f, node["name"], \
                f"write {OVERRIDE_USAGE.get(node['name'], node['name'] + '*')}"


# ---- library ---------------------------------------------------------------------------------
@rule("L501", "error", "two cards with the same name in one module",
      "Cards are found by name; a second card of the same name hides the first.",
      """
- name: Twin
  number: "961"
  type: automated
  cost: 5
  play: +1 plant
- name: Twin
  number: "962"
  type: automated
  cost: 6
  play: +2 plant
""", library=True)
def duplicate_names(cards: list[Card]):
    seen: dict[tuple, Card] = {}
    for c in cards:
        kind = "board" if c.ir["type"] in ("standard-project", "conversion", "milestone", "award") else "card"
        key = (c.ir["module"], kind, c.ir["type"] if kind == "board" else "", c.name)
        if key in seen:
            first = seen[key]
            yield c, f"'{c.name}' is already defined at {first.raw.path}:{first.raw.line}", "name", None, None
        else:
            seen[key] = c


@rule("L428", "error", "a party's icon naming no party",
      "`party(NAME)` is met while that party rules or you have 2 delegates there; a name that is no party's "
      "(a card of type party, its name in lower case with dashes) is never met, so the card is never playable.",
      """
- name: Misspelt Party
  number: "964"
  type: automated
  cost: 5
  requires: party(greenz)
  play: +1 plant
""", library=True)
def unknown_party(cards: list[Card]):
    from .counts import COUNTS
    from .library import compile_paths
    kind = COUNTS.get("party")
    known = {c["name"].lower().replace(" ", "-") for c in compile_paths().cards if c["type"] == "party"}
    known |= {c.name.lower().replace(" ", "-") for c in cards if c.ir["type"] == "party"}
    for c in cards:
        for f, cnt in counts(c.ir):
            if COUNTS.get(cnt["count"]) is not kind:
                continue
            for a in cnt.get("args", ()):
                if isinstance(a, str) and a not in known:
                    from .diagnostics import did_you_mean
                    yield c, f"no party is called '{a}'", f, a, did_you_mean(a, sorted(known)) or \
                        f"one of: {', '.join(sorted(known))}"


@rule("L502", "error", "two cards with the same number in one module",
      "Each printed card number is unique within its module.",
      """
- name: First
  number: "963"
  type: automated
  cost: 5
  play: +1 plant
- name: Second
  number: "963"
  type: automated
  cost: 6
  play: +2 plant
""", library=True)
def duplicate_numbers(cards: list[Card]):
    seen: dict[tuple, Card] = {}
    for c in cards:
        number = c.ir.get("number")
        if not number:
            continue
        key = (c.ir["module"], c.ir["type"] == "corporation", number)
        if key in seen:
            yield c, f"number {number} is already used by '{seen[key].name}'", "number", number, None
        else:
            seen[key] = c


@rule("L503", "error", "a card number outside its module's format",
      "Each module's manifest says how its cards are numbered (`numbering`): the base game's projects 001–208, "
      "its corporations R00–R99.",
      """
- name: Misnumbered
  number: "72"
  module: base
  type: automated
  cost: 5
  play: +1 plant
""", library=True)
def number_format(cards: list[Card]):
    from .modules import manifests
    known = manifests()
    for c in cards:
        fmt = known[c.ir["module"]].numbering if c.ir["module"] in known else None
        number = c.ir.get("number")
        pattern = fmt and fmt.get("corporations" if c.ir["type"] == "corporation" else "cards")
        if not pattern or number is None:
            continue
        span = fmt.get("range")
        if not re.fullmatch(pattern, number):
            yield c, f"number '{number}' does not match {pattern} for module {c.ir['module']}", "number", None, None
        elif c.ir["type"] in PROJECTS and span and not span[0] <= int(number) <= span[1]:
            yield c, f"number {number} is outside {span[0]:03}–{span[1]:03}", "number", None, None


@rule("L504", "warning", "two cards place a special tile of the same name",
      "A special tile's name identifies it on the board; two cards sharing one are indistinguishable.",
      """
- name: Crater A
  number: "964"
  type: automated
  cost: 5
  play: tile(crater)
- name: Crater B
  number: "965"
  type: automated
  cost: 5
  play: tile(crater)
""", library=True)
def duplicate_tile_names(cards: list[Card]):
    seen: dict[str, Card] = {}
    for c in cards:
        for f, node, _ in all_nodes(c.ir):
            if node["op"] == Tile.name and node["tile"] == "special" and "name" in node:
                other = seen.get(node["name"])
                if other is not None and other is not c:
                    yield c, f"tile '{node['name']}' is also placed by '{other.name}'", f, node["name"], None
                seen.setdefault(node["name"], c)


@rule("L001", "error", "a lint-ignore entry without a reason or for an unknown code",
      "Silencing a finding must say why, so a reader can judge it; an unknown code silences nothing.",
      """
- name: Hush
  number: "966"
  type: automated
  cost: 0
  play: +1 plant
  lint-ignore: {L108: ""}
""")
def bad_suppression(c: Card):
    loc = c.raw.fields.get("lint-ignore")
    if loc is None or not isinstance(loc.value, dict):
        return
    for code, reason in loc.value.items():
        if code not in RULES:
            yield f"lint-ignore names unknown code '{code}'", "lint-ignore", str(code), None
        elif not str(reason).strip():
            yield f"lint-ignore of {code} gives no reason", "lint-ignore", str(code), "say why the card is right"


# ---- running ---------------------------------------------------------------------------------
def solo_reading(c: Card) -> Card | None:
    """The card as a game of one player reads it (`compiler/solo.py`: its solo rows in the place of
    its own fields), each replaced field found at its solo row; None for a card without solo rows."""
    from .solo import KEY, played, written_name
    loc = c.raw.fields.get(KEY)
    if KEY not in c.ir or loc is None or not loc.fields:
        return None
    raw = RawCard(c.raw.path, c.raw.line, c.raw.col, dict(c.raw.fields), dict(c.raw.key_positions))
    for key in c.ir[KEY]:
        name = written_name(c.ir["type"], key)
        if name in loc.fields:
            raw.fields[name] = loc.fields[name]
            raw.key_positions[name] = (loc.key_positions or {}).get(name, (loc.line, loc.col))
    return Card(raw, played(c.ir, True), c.lines)


@dataclass
class LintResult:
    findings: list[Finding] = field(default_factory=list)
    files: int = 0
    cards: int = 0

    @property
    def errors(self) -> int:
        return sum(f.severity == "error" for f in self.findings)


def _from_diagnostic(d: Diagnostic) -> Finding:
    p: Position = d.position
    return Finding(d.code, d.severity, d.message, p.path, p.line, p.col, d.source_line, d.suggestion,
                   expected=d.expected)


def _selected(code: str, select: set[str] | None, ignore: set[str]) -> bool:
    def match(patterns: Iterable[str]) -> bool:
        return any(code.startswith(p) for p in patterns)
    if select and not match(select):
        return False
    return not match(ignore)


def lint_paths(paths: list[str | Path] | None = None, select: set[str] | None = None,
               ignore: set[str] | frozenset = frozenset()) -> LintResult:
    """Compile the card files under `paths` (default: the shipped library) and lint them together,
    with the manifests of their modules (`modules.manifest_diagnostics`, their flows:
    `gameflow.flow_diagnostics`) and the map files under the paths (`boards.board_diagnostics`;
    a map file named on its own is a map, not cards)."""
    from .boards import board_files
    from .gameflow import flow_diagnostics
    from .library import CARDS_ROOT, compile_paths
    from .modules import MANIFEST, manifest_diagnostics, read_manifest
    roots = [Path(p) for p in paths] if paths else [CARDS_ROOT]
    boards = board_files(roots)
    card_roots = [p for p in roots if p not in boards]
    files = card_files(card_roots) if card_roots else []
    compiled = [compile_file(path) for path in files]
    result = lint_compiled(compiled, select, ignore)
    under = [m.parent for root in card_roots if root.is_dir() for m in sorted(root.rglob(MANIFEST))]
    folders = dict.fromkeys([*(f.parent for f in files if (f.parent / MANIFEST).is_file()), *under])
    for folder in under:  # a module of no cards too: one that cannot be read is refused as a card's would be
        read_manifest(folder, tracks_checked=False)
    components: dict[str, set[str]] = {}
    known = [*compile_paths().cards, *(ir for one in compiled for _, ir, _ in one.sources)] if folders or boards else []
    for c in known:
        components.setdefault(c["type"], set()).add(c["name"])
    found = [d for folder in folders for d in manifest_diagnostics(folder, components)]
    found += [d for folder in folders for d in unraised_tracks(folder, known)]
    names = engine_flow_names() if folders else None
    found += [d for folder in folders for d in flow_diagnostics(folder, names)]
    found += _board_diagnostics(boards, components)
    for d in found:
        finding = _from_diagnostic(d)
        if _selected(finding.code, select, set(ignore)):
            result.findings.append(finding)
    result.files += len(boards)
    result.findings.sort(key=lambda f: (f.path, f.line, f.col, f.code))
    return result


#: a module's track that ends the game but that no card, bonus or tile of the library raises
UNRAISED = "E611"


def unraised_tracks(folder: Path, known: list[Node]) -> list[Diagnostic]:
    """A warning at each track of the module's manifest that ends the game (`ends_game: true`)
    when nothing the library knows raises it: no card, standard project or bonus step raises it
    or places the tile that counts for it, so every game would run to its generation cap."""
    from .modules import manifest_for_lint, manifests
    read = manifest_for_lint(folder)
    if read is None or not isinstance(read[0], dict):
        return []
    data, lines, _ = read
    tracks = (data.get("vocabulary") or {}).get("globals") or {}
    ending = {name: spec for name, spec in tracks.items() if isinstance(spec, dict) and spec.get("ends_game")}
    if not ending:
        return []
    every = {**{w: s for m in manifests().values() for w, s in m.words("globals").items()}, **tracks}
    bonus_rows = [b.get("do", "") for s in every.values() if isinstance(s, dict) for b in s.get("bonuses") or ()]
    raised = _raised_in(known, every)
    out = []
    for name, spec in ending.items():
        if name in raised or any(name in str(row) for row in bonus_rows):
            continue
        d = diagnostic(str(folder / "module.yaml"), lines, where(spec, "ends_game"), UNRAISED,
                       f"the track '{name}' ends the game, but no card, project or bonus of the library raises it: "
                       "every game would run to its generation cap",
                       suggestion=f"write a card that raises it (+1 {name}), or set 'ends_game: false'")
        d.severity = "warning"
        out.append(d)
    return out


def _raised_in(known: list[Node], tracks: dict) -> set[str]:
    """The tracks some IR raises: a raise of it (or of any global parameter), or a tile that counts for it."""
    by_tile = {s.get("raised_by"): w for w, s in tracks.items() if isinstance(s, dict) and s.get("raised_by")}
    found: set[str] = set()
    for node in every_mapping(known):
        if node.get("op") == Raise.name:
            found.update(tracks if node.get("param") not in tracks else (node["param"],))
        elif node.get("op") == Tile.name and node.get("tile") in by_tile:
            found.add(by_tile[node["tile"]])
    return found


def engine_flow_names() -> dict[str, dict[str, str]] | None:
    """The names a module's flow may use, from the engine's registries (its tasks, phases, score
    rows and mechanics), as the engine gives them when it is loaded (`gameflow.ENGINE_NAMES`,
    filled by `tmars.flow`): the compiler keeps no copy of them and imports no engine module.
    Without the engine, None: the names are then checked by the game that reads the flow."""
    return ENGINE_NAMES[0]() if ENGINE_NAMES else None


def _board_diagnostics(boards: list[Path], components: dict[str, set[str]]) -> list[Diagnostic]:
    """The problems of map files, each said at its place in the map; the module whose folder holds
    a map is made known first, so that the tiles it brings may be reserved."""
    from .boards import board_diagnostics
    from .modules import module_of_path
    out = []
    for path in boards:
        module_of_path(path)
        out.extend(board_diagnostics(path, components))
    return out


def lint_compiled(compiled_files: Iterable[CompileResult], select: set[str] | None = None,
                  ignore: set[str] | frozenset = frozenset()) -> LintResult:
    """Lint files already compiled (one CompileResult each), checked together: the same findings
    whether the text came from disk (`lint_paths`) or from an editor's buffer (the language server)."""
    result = LintResult()
    cards: list[Card] = []
    raw_findings: list[tuple[Card | None, Finding]] = []
    for compiled in compiled_files:
        result.files += 1
        for d in compiled.diagnostics:
            raw_findings.append((None, _from_diagnostic(d)))
        for raw, ir, lines in compiled.sources:
            cards.append(Card(raw, ir, lines))
    result.cards = len(cards)
    # a card with solo rows is checked a second time as a game of one player reads it, each solo
    # row at its place under `solo:`; what the two readings share is found once
    solo_cards = [s for s in (solo_reading(c) for c in cards) if s is not None]

    def finding(c: Card, r: Rule, message: str, fieldname: str | None, text: str | None,
                fix: str | Replace | RemoveField | None) -> Finding:
        line, col = c.at(fieldname, text)
        src = c.lines[line - 1] if 0 < line <= len(c.lines) else ""
        if isinstance(fix, RemoveField):
            return Finding(r.code, r.severity, message, c.raw.path, line, col, src, fix.help, c.name,
                           drop=c.field_lines(fix.field))
        if isinstance(fix, Replace):
            mechanical = bool(text) and src[col - 1: col - 1 + len(text)] == text  # the text is where it points
            return Finding(r.code, r.severity, message, c.raw.path, line, col, src, fix.help, c.name,
                           old=text if mechanical else "", new=fix.new if mechanical else "")
        return Finding(r.code, r.severity, message, c.raw.path, line, col, src, fix or "", c.name)

    for r in RULES.values():
        if r.check:
            seen: set[tuple] = set()
            for c in (*cards, *solo_cards):
                for message, fieldname, text, fix in r.check(c):
                    found = finding(c, r, message, fieldname, text, fix)
                    key = (found.path, found.line, found.col, found.message)
                    if key not in seen:
                        seen.add(key)
                        raw_findings.append((c, found))
        else:
            for c, message, fieldname, text, fix in r.library_check(cards):
                raw_findings.append((c, finding(c, r, message, fieldname, text, fix)))
    for c, f in raw_findings:
        if not _selected(f.code, select, set(ignore)):
            continue
        silenced = c.raw.fields.get("lint-ignore") if c else None
        if silenced is not None and isinstance(silenced.value, dict) and str(silenced.value.get(f.code, "")).strip():
            continue
        result.findings.append(f)
    result.findings.sort(key=lambda f: (f.path, f.line, f.col, f.code))
    return result


def override_uses(paths: list[str | Path] | None = None) -> list[tuple[str, str, str, str]]:
    """(card, primitive, where, note) for every asterisk override in the cards: the design brief asks
    that lint list them all, since each is a rule the icons could not say."""
    out = []
    for path in card_files(paths):
        for raw, ir, lines in compile_file(path).sources:
            c = Card(raw, ir, lines)
            uses = [(f, n["name"]) for f, n, _ in all_nodes(ir) if n["op"] == Override.name]
            uses += [("effect", m["name"]) for e in ir.get("effects", ()) for m in e.get("mods", ())
                     if m["mod"] == "override"]
            for f, name in uses:
                line, col = c.at(f, name)
                out.append((ir["name"], name, f"{raw.path}:{line}:{col}", ir.get("note", "")))
    return out


def sarif(result: LintResult) -> dict:
    """SARIF 2.1.0, for code-scanning tools in CI."""
    rules = [{"id": r.code, "shortDescription": {"text": r.title}, "fullDescription": {"text": r.why},
              "defaultConfiguration": {"level": r.severity}} for r in RULES.values()]
    results = [{
        "ruleId": f.code, "level": f.severity, "message": {"text": f.message + (f" Help: {f.suggestion}"
                                                                                  if f.suggestion else "")},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": f.path}, **(
            {"region": {"startLine": f.line, "startColumn": f.col}} if f.line > 0 else {})}}],
    } for f in result.findings]
    return {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
            "runs": [{"tool": {"driver": {"name": "tmars lint", "informationUri": "docs/lint.md",
                                          "rules": rules}}, "results": results}]}


def docs_markdown() -> str:
    """docs/lint.md, generated from the registry so that it cannot drift from the checks."""
    out = ["# tmars lint", "",
           "`tmars lint [PATHS…]` compiles card files (default: the shipped library) and checks what the",
           "compiler cannot: that a card says what its author meant. Each finding reads",
           "`path:line:col: severity CODE message`, then the source line, a caret and a suggested fix.", "",
           "| option | meaning |", "|---|---|",
           "| `--format text\\|json\\|sarif` | human text (default), a JSON list, or SARIF 2.1.0 for code scanning |",
           "| `--select L3,L401` | only these codes (prefixes allowed) |",
           "| `--ignore L108` | drop these codes (prefixes allowed) |",
           "| `--fix` | apply the fixes that are mechanical (L102's and L103's type, L202's step, L205's word, "
           "L415's tile name, L417's name) and remove the fields a check says to remove (L105, L109, L116, "
           "L117, L412) in place, then report "
           "the rest; the language server offers the same fixes as quick fixes |", "",
           "Exit status: 0 when there is no error (warnings allowed), 1 when there is an error, 2 on a usage error.",
           "", "To silence a finding on one card, give the code and the reason in the card's frame:", "",
           "```yaml", "  lint-ignore: {L108: \"printed cost really is 0\"}", "```", "",
           "A `lint-ignore` without a reason, or naming an unknown code, is itself an error (L001).",
           "Compile errors (E-codes, see [the card language](card-language.md#4-diagnostics)) are findings too.",
           "", "## Checks", ""]
    out.append("| code | severity | what |")
    out.append("|---|---|---|")
    for r in sorted(RULES.values(), key=lambda r: r.code):
        out.append(f"| [{r.code}](#{r.code.lower()}) | {r.severity} | {r.title} |")
    out.append("")
    for r in sorted(RULES.values(), key=lambda r: r.code):
        out += [f"### {r.code}", "", f"**{r.title}** ({r.severity})", "", f"Why: {r.why}", "",
                "Example that triggers it:", "", "```yaml", r.example, "```", ""]
    return "\n".join(out)


def apply_fixes(findings: Iterable[Finding]) -> tuple[int, list[str]]:
    """Apply the mechanical fixes in place, in their files: a text replaced, or a field removed with
    its value's lines (the number applied, a sentence for each file that could not be read or
    written). A fix whose text is no longer where it points (the file changed) is left alone, as is
    a replacement inside a field another fix removes."""
    by_file: dict[str, list[Finding]] = {}
    for f in findings:
        if f.old or f.drop:
            by_file.setdefault(f.path, []).append(f)
    done, failed = 0, []
    for path, fixes in by_file.items():
        try:
            lines = Path(path).read_text(encoding="utf-8").split("\n")
        except (OSError, UnicodeDecodeError) as e:
            failed.append(f"{path}: cannot read it to fix it ({getattr(e, 'strerror', None) or e})")
            continue
        applied = 0
        dropped = [f.drop for f in fixes if f.drop]
        for f in sorted(fixes, key=lambda f: (f.line, f.col), reverse=True):  # later ones first: columns hold
            if f.drop:
                continue
            line = lines[f.line - 1] if 0 < f.line <= len(lines) else ""
            at = f.col - 1
            if line[at: at + len(f.old)] == f.old and not any(a <= f.line <= b for a, b in dropped):
                lines[f.line - 1] = line[:at] + f.new + line[at + len(f.old):]
                applied += 1
        for f in sorted((f for f in fixes if f.drop), key=lambda f: f.drop, reverse=True):  # the last field first
            first, last = f.drop
            if 0 < first <= last <= len(lines) and lines[f.line - 1] == f.source_line:
                del lines[first - 1:last]
                applied += 1
        try:
            Path(path).write_text("\n".join(lines), encoding="utf-8")
        except OSError as e:
            failed.append(f"{path}: cannot write its fixes ({e.strerror or e})")
            continue
        done += applied
    return done, failed
