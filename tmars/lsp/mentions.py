"""Where a scenario file names a card, found from the file's shape (docs/scenarios.md).

A scenario names cards in known places: the lists of a player (`hand`, `played`, …), the decks,
`corporation`, a step's `play`, and option ids (`play:Birds`, `act:Birds`) in answers and checks.
Those are *sure* mentions: a name there that no card has is an error the runner would report. A
name may also appear where anything may (an `answer` to a card decision, a segment of an `expect`
path such as `Alice.vp.Birds`, an expected value `game.discard: [Birds]`): such a *loose* mention
counts only if a card has that name. Milestones and awards are cards too; `setup.milestones:
{Mayor: Alice}` (or a step's `set:`) names one by its key.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from compiler.strictyaml import Map, Seq

from ..mechanic import load_plugins
from .documents import scalar_span

_MECHANICS = load_plugins().values()
#: A player's keys that list card names (the core's and the mechanics'), and the one that names a single card.
PLAYER_LISTS = ("hand", "events", "dealt", "dealt_corporations", "played",
                *(k for m in _MECHANICS for k in m.scenario.player if k in m.scenario.card_lists))
#: The setup's (and a step's `set`'s) keys that list card names.
DECK_LISTS = ("deck", "discard", *(k for m in _MECHANICS for k in m.scenario.setup if k in m.scenario.card_lists))
#: The card type each list of a mechanic holds.
LIST_TYPES = {k: t for m in _MECHANICS for k, t in m.scenario.card_lists.items()}
#: Step keys whose values are option ids.
OPTION_KEYS = ("answer", "offered", "not_offered", "offered_exactly", "illegal")
#: Option-id prefixes whose argument is a card's name (tmars/actions.py, and the mechanics' decisions).
CARD_PREFIXES = ("play", "act", *(x for m in _MECHANICS for x in m.card_options))


@dataclass(frozen=True)
class Mention:
    """A card name written in a scenario: 0-based line, columns [start, end), and whether the
    place can hold nothing but a card name (`sure`)."""

    name: str
    line: int
    start: int
    end: int
    sure: bool


def mentions(data: Any, lines: list[str]) -> Iterator[Mention]:
    """Every card-name mention in a scenario read by the strict loader (Map/Seq with positions)."""
    if not isinstance(data, Map):
        return
    setup = data.get("setup")
    if isinstance(setup, Map):
        yield from _position(setup, lines)
    yield from _steps(data.get("steps"), lines)


def _position(spec: Map, lines: list[str]) -> Iterator[Mention]:
    """The card names of a `setup` or a step's `set`: decks, players' lists, claimed milestones
    and funded awards (`milestones: {Mayor: Alice}`)."""
    for key in DECK_LISTS:
        yield from _names(spec.get(key), lines)
    for kind in ("milestones", "awards"):
        claimed = spec.get(kind)
        if isinstance(claimed, Map):
            for name in claimed:
                yield from _at(claimed.key_at(name), name, lines, True)
    players = spec.get("players")
    if isinstance(players, Seq):
        for player in players:
            if not isinstance(player, Map):
                continue
            if isinstance(player.get("corporation"), str):
                yield from _at(player.at("corporation"), player["corporation"], lines, True)
            for key in PLAYER_LISTS:
                yield from _names(player.get(key), lines)


def _names(items: Any, lines: list[str]) -> Iterator[Mention]:
    if not isinstance(items, Seq):
        return
    for i, item in enumerate(items):
        if isinstance(item, str):
            yield from _at(items.at(i), item, lines, True)
        elif isinstance(item, Map) and isinstance(item.get("name"), str):  # played: {name: Pets, resources: 3}
            yield from _at(item.at("name"), item["name"], lines, True)


def _steps(steps: Any, lines: list[str]) -> Iterator[Mention]:
    if not isinstance(steps, Seq):
        return
    for step in steps:
        if not isinstance(step, Map):
            continue
        if isinstance(step.get("set"), Map):
            yield from _position(step["set"], lines)
        if isinstance(step.get("play"), str):
            yield from _at(step.at("play"), step["play"], lines, True)
        for key in OPTION_KEYS:
            if key in step:
                yield from _options(step, key, lines)
        expect = step.get("expect")
        if isinstance(expect, Map):
            for path in expect:
                if isinstance(path, str):
                    yield from _path(expect.key_at(path), path, lines)
                yield from _expected(expect, path, lines)
        for branch in step.get("branches") or ():
            yield from _steps(branch, lines)


def _options(node: Map | Seq, key: Any, lines: list[str]) -> Iterator[Mention]:
    """The card names inside option ids: `play:NAME`, `act:NAME` …, a bare name (a card decision),
    or a segment of another id that may be one (`1:Birds:2`, an animal taken from Bob's Birds)."""
    for value, line, start in option_values(node, key, lines):
        prefix, sep, rest = value.partition(":")
        if sep and prefix in CARD_PREFIXES and rest:
            yield Mention(rest, line, start + len(prefix) + 1, start + len(value), True)
        elif not sep:  # a card or select decision is answered with a card's name
            yield Mention(value, line, start, start + len(value), False)
        else:
            offset = len(prefix) + 1
            for segment in rest.split(":"):
                if segment:
                    yield Mention(segment, line, start + offset, start + offset + len(segment), False)
                offset += len(segment) + 1


def option_values(node: Map | Seq, key: Any, lines: list[str]) -> Iterator[tuple[str, int, int]]:
    """Each option id of a step's key (one id, a list of them, or `illegal: {answer: …}`), with its
    0-based line and start column."""
    value = node[key]
    if isinstance(value, Map) and "answer" in value:
        yield from option_values(value, "answer", lines)
    elif isinstance(value, Seq):
        for i in range(len(value)):
            yield from option_values(value, i, lines)
    elif isinstance(value, str) and value:
        line, col = node.at(key)
        src = lines[line - 1] if 0 < line <= len(lines) else ""
        start, _ = scalar_span(src, col - 1, value)
        yield value, line - 1, start


def option_ids(text: str) -> list[tuple[str, int, int]]:
    """Every option id a scenario's steps write (in answers and checks), with its 0-based line and
    start column; none when the text cannot be read."""
    from compiler.diagnostics import CompileError
    from compiler.strictyaml import load_text
    try:
        data, lines = load_text(text, "scenario.yaml")
    except CompileError:
        return []
    out: list[tuple[str, int, int]] = []

    def walk(steps: Any) -> None:
        for step in steps if isinstance(steps, Seq) else ():
            if isinstance(step, Map):
                for key in OPTION_KEYS:
                    if key in step:
                        out.extend(option_values(step, key, lines))
                for branch in step.get("branches") or ():
                    walk(branch)
    walk(data.get("steps") if isinstance(data, Map) else None)
    return out


def _expected(expect: Map, path: Any, lines: list[str]) -> Iterator[Mention]:
    """An expected value may be a card's name (`game.discard: [NAME]`, `awards: [NAME]`)."""
    value = expect[path]
    if isinstance(value, str):
        yield from _at(expect.at(path), value, lines, False)
    elif isinstance(value, Seq):
        for i, item in enumerate(value):
            if isinstance(item, str):
                yield from _at(value.at(i), item, lines, False)


def _path(pos: tuple[int, int], path: str, lines: list[str]) -> Iterator[Mention]:
    """`Alice.vp.Seed Vault`: each segment after the first may be a card's name."""
    line, col = pos
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    start, _ = scalar_span(src, col - 1, path)
    offset = 0
    for i, segment in enumerate(path.split(".")):
        if i and segment:
            yield Mention(segment, line - 1, start + offset, start + offset + len(segment), False)
        offset += len(segment) + 1


def _at(pos: tuple[int, int], name: Any, lines: list[str], sure: bool) -> Iterator[Mention]:
    if not isinstance(name, str) or not name:
        return
    line, col = pos
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    start, end = scalar_span(src, col - 1, name)
    yield Mention(name, line - 1, start, end, sure)


def scenario_mentions(text: str) -> list[Mention]:
    """The mentions of a scenario's text, or none when the text cannot be read yet (a hover or a
    jump in a file being typed finds nothing rather than failing)."""
    from compiler.diagnostics import CompileError
    from compiler.strictyaml import load_text
    try:
        data, lines = load_text(text, "scenario.yaml")
    except CompileError:
        return []
    return list(mentions(data, lines))


def mention_at(found: list[Mention], line: int, col: int) -> Mention | None:
    """The mention that covers a 0-based position."""
    return next((m for m in found if m.line == line and m.start <= col <= m.end), None)
