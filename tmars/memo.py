"""Caches that cannot leak or go stale.

Two kinds here; the only other cache in the engine is the kept action menu (`menu.py`), which
says what each of its parts depends on and proves itself against a fresh menu (the parts it shares
between games are in a `Bounded` table too):

* **Derived from a growing part of the state.** A player's played cards and the board only
  grow (cards are played, tiles placed; nothing is removed), so what is derived from them
  (tags, modifiers, discounts, the board's signature) is keyed on their length. The memo lives
  on the list or dict itself (`Tracked`, `TrackedDict`): it is copied with the state, dies
  with it, holds one entry per kind, and never outlives or confuses another game's data.
  `json` saves them as the plain list and dict they are. (The board's signature grows with the
  board: a new tile extends it.) A copy made to look ahead is given them (`carry`).
* **Derived from the content** (a card's static properties, legal areas for a board
  signature): keyed on values, not object ids, in a `Bounded` table that forgets its oldest
  entries past its size.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from typing import Any

AREA_MEMO_SIZE = 2048


class Tracked(list):
    """A list that only grows, with the values derived from it at its current length."""

    __slots__ = ("derived",)

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.derived: dict[str, tuple[int, Any]] = {}

    def __reduce_ex__(self, protocol: Any) -> tuple:
        return (Tracked, (list(self),))  # a copy starts with no derived values: they are cheap to redo


class TrackedDict(dict):
    """A dict that only grows (the board), with the values derived from it at its current size."""

    __slots__ = ("derived",)

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.derived: dict[str, tuple[int, Any]] = {}

    def __reduce_ex__(self, protocol: Any) -> tuple:
        return (TrackedDict, (dict(self),))


def derived(container: Any, kind: str, build: Callable[..., Any], *args: Any) -> Any:
    """`build(*args)`, remembered on a growing container for its current length (arguments rather
    than a closure, so that a caller on a hot path makes no function object per call)."""
    memo = getattr(container, "derived", None)
    if memo is None:  # a plain list or dict (a state built by hand): nothing to remember on
        return build(*args)
    hit = memo.get(kind)
    n = len(container)
    if hit is not None and hit[0] == n:
        return hit[1]
    value = build(*args)
    memo[kind] = (n, value)
    return value


def extended(container: Any, kind: str, empty: Callable[[], Any], add: Callable[..., None], *args: Any) -> Any:
    """A value built from a growing container's items, remembered for its length. When it has
    grown since, a copy of the value made for the shorter one is given the new items
    (`add(value, new_items, *args)`) instead of all of them (a dict gives its items)."""
    memo = getattr(container, "derived", None)
    known = memo.get(kind) if memo is not None else None
    n = len(container)
    if known is not None and known[0] == n:
        return known[1]
    if known is not None and known[0] < n:
        start, value = known[0], known[1].copy()
    else:
        start, value = 0, empty()
    add(value, islice(container.items() if isinstance(container, dict) else container, start, None), *args)
    if memo is not None:
        memo[kind] = (n, value)
    return value


def track(state: dict) -> None:
    """Make the growing parts of a state (played cards, the board) carry their derived values."""
    for pl in state.get("players", ()):
        if isinstance(pl, dict) and type(pl.get("played")) is list:
            pl["played"] = Tracked(pl["played"])
    if type(state.get("board")) is dict:
        state["board"] = TrackedDict(state["board"])


def carry(source: dict, copy: dict) -> None:
    """Give a copy of a state the values derived from the source's growing parts: they hold for
    equal contents, and each is keyed on the length it was made at, so a part that grows apart
    later makes its own. (A table filled as it is asked stays shared while both are that long:
    what it holds depends on the names played alone.)"""
    for pl, cp in zip(source.get("players", ()), copy.get("players", ()), strict=False):
        known = getattr(pl.get("played"), "derived", None)
        if known and hasattr(cp.get("played"), "derived"):
            cp["played"].derived.update(known)
    known = getattr(source.get("board"), "derived", None)
    if known and hasattr(copy.get("board"), "derived"):
        copy["board"].derived.update(known)


class Bounded(dict):
    """A table keyed on values that forgets its oldest entries beyond `size`."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def put(self, key: Any, value: Any) -> Any:
        if len(self) >= self.size:
            for old in list(self)[: self.size // 4]:  # forget the oldest quarter (dicts keep order)
                del self[old]
        self[key] = value
        return value
