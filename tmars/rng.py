"""A seeded random generator whose whole state is one integer, so it lives in the game state."""

from __future__ import annotations

import random
from typing import Any

MASK = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """splitmix64: returns (new_state, value)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(game_state: dict, n: int) -> int:
    """A uniform integer in [0, n), advancing the RNG kept in game_state['rng']."""
    s, v = next_u64(game_state["rng"])
    game_state["rng"] = s
    return v % n


def shuffle(game_state: dict, items: list) -> None:
    """Fisher-Yates with `below`'s draws, the state kept in a local until the end: a deck of a
    few hundred cards is shuffled at every setup and every time the discard pile is reshuffled."""
    state = game_state["rng"]
    for i in range(len(items) - 1, 0, -1):
        state, v = next_u64(state)
        j = v % (i + 1)
        items[i], items[j] = items[j], items[i]
    game_state["rng"] = state


class SeededRandom(random.Random):
    """`random.Random`'s methods over splitmix64, so that an agent's whole random state is one
    integer too: it goes into a save, and a resumed game draws what the uninterrupted one would."""

    def __init__(self, seed: int = 0):
        self.word = 0
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self.word = (a if isinstance(a, int) else 0) & MASK

    def getrandbits(self, k: int) -> int:
        out, have = 0, 0
        while have < k:
            self.word, v = next_u64(self.word)
            out |= v << have
            have += 64
        return out & ((1 << k) - 1)

    def random(self) -> float:
        return self.getrandbits(53) / (1 << 53)

    def _randbelow(self, n: int) -> int:
        """One draw per choice (the bias of a 64-bit value taken modulo a small n is negligible);
        `choice` and `randrange` go through here, once or more per bot decision."""
        self.word, v = next_u64(self.word)
        return v % n

    def choice(self, seq: Any) -> Any:
        """`random.Random.choice` (one draw, `_randbelow`) without its two calls: a bot chooses
        at every decision."""
        if not seq:
            raise IndexError("Cannot choose from an empty sequence")
        self.word, v = next_u64(self.word)
        return seq[v % len(seq)]

    def getstate(self) -> int:
        return self.word

    def setstate(self, state: int) -> None:
        self.word = state & MASK
