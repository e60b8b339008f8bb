"""Caches that cannot leak or go stale.

Two kinds here; the only other cache in the engine is the kept action menu (`menu.py`), which
says what each of its parts depends on and proves itself against a fresh menu (the parts it shares
between games are in a `Bounded` table too):

* **Derived from a part of the state that mostly grows** (a player's played cards, the board).
  Each such part is a `Tracked` list or `TrackedDict` with a *revision* (`revision`): a stamp, new
  whenever the part changes in any way but growing at its end (a card inserted or removed, a tile
  replaced, a scenario's `set`), and its length. Within one stamp the part only grows, so what is
  derived from it (tags, modifiers, discounts, the board's signature) is remembered on the part
  for its length and extended with the items added since; a new stamp forgets all of it. The memo
  lives on the part itself: it is copied with the state, dies with it, holds one entry per kind,
  and never outlives or confuses another game's data. `json` saves them as the plain list and dict
  they are. A copy made to look ahead is given them (`carry`). Whatever is kept elsewhere about
  such a part (the menu's fingerprints, a tile's witness area) is keyed on its revision, never on
  its length. Standing effects that come from no card (a mechanic's `standing`) have a revision
  of their own, which what is derived from the played cards is keyed on too (`rules.standing`).
* **Derived from the content** (a card's static properties, legal areas for a board
  signature): keyed on values, not object ids, in a `Bounded` table that forgets its oldest
  entries past its size.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import count, islice
from typing import Any

AREA_MEMO_SIZE = 2048


_stamps = count(1)


class Tracked(list):
    """A list that mostly grows, with the values derived from it since its stamp (`revision`).
    Appending and extending grow it; any other change gives it a new stamp and forgets them."""

    __slots__ = ("derived", "stamp")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.derived: dict[str, tuple[int, Any]] = {}
        self.stamp = next(_stamps)

    def renew(self) -> None:
        self.stamp = next(_stamps)
        self.derived.clear()

    def __reduce_ex__(self, protocol: Any) -> tuple:
        return (Tracked, (list(self),))  # a copy starts with no derived values: they are cheap to redo

    def insert(self, i: Any, item: Any) -> None:
        super().insert(i, item)
        if i < len(self) - 1:
            self.renew()

    def remove(self, item: Any) -> None:
        super().remove(item)
        self.renew()

    def pop(self, *args: Any) -> Any:
        item = super().pop(*args)
        self.renew()
        return item

    def __setitem__(self, i: Any, item: Any) -> None:
        super().__setitem__(i, item)
        self.renew()

    def __delitem__(self, i: Any) -> None:
        super().__delitem__(i)
        self.renew()

    def clear(self) -> None:
        super().clear()
        self.renew()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        super().sort(*args, **kwargs)
        self.renew()

    def reverse(self) -> None:
        super().reverse()
        self.renew()

    def __imul__(self, n: Any) -> Tracked:
        super().__imul__(n)
        self.renew()
        return self


class TrackedDict(dict):
    """A dict that mostly grows (the board, the claims), as `Tracked` is a list: adding a key grows
    it; replacing or removing one gives it a new stamp."""

    __slots__ = ("derived", "stamp")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.derived: dict[str, tuple[int, Any]] = {}
        self.stamp = next(_stamps)

    def renew(self) -> None:
        self.stamp = next(_stamps)
        self.derived.clear()

    def __reduce_ex__(self, protocol: Any) -> tuple:
        return (TrackedDict, (dict(self),))

    def __setitem__(self, key: Any, value: Any) -> None:
        known = key in self
        super().__setitem__(key, value)
        if known:
            self.renew()

    def __delitem__(self, key: Any) -> None:
        super().__delitem__(key)
        self.renew()

    def pop(self, key: Any, *default: Any) -> Any:
        known = key in self
        value = super().pop(key, *default)
        if known:
            self.renew()
        return value

    def popitem(self) -> tuple:
        item = super().popitem()
        self.renew()
        return item

    def clear(self) -> None:
        super().clear()
        self.renew()

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]


def revision(container: Any) -> tuple[int, int]:
    """What the contents of a tracked part are (its stamp and its length): equal revisions of one
    part mean equal contents. A part not tracked (a state built by hand) never repeats one."""
    stamp = getattr(container, "stamp", None)
    return (next(_stamps) if stamp is None else stamp), len(container)


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
    """Make the mostly growing parts of a state that much is derived from (played cards, the board)
    carry a revision and their derived values; a part already tracked is left as it is. (Smaller
    parts, such as the events played or the claims, are compared by value where that matters.)"""
    for pl in state.get("players", ()):
        if isinstance(pl, dict) and type(pl.get("played")) is list:
            pl["played"] = Tracked(pl["played"])
    if type(state.get("board")) is dict:
        state["board"] = TrackedDict(state["board"])


def carry(source: dict, copy: dict) -> None:
    """Give a copy of a state the values derived from the source's growing parts: they hold for
    equal contents, and each is keyed on the length it was made at, so a part that grows apart
    later makes its own (and one changed otherwise forgets them). (A table filled as it is asked
    stays shared while both are that long: what it holds depends on the names played alone.)"""
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
