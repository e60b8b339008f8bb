"""A seeded random generator whose whole state is one integer, so it lives in the game state."""

from __future__ import annotations

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
    for i in range(len(items) - 1, 0, -1):
        j = below(game_state, i + 1)
        items[i], items[j] = items[j], items[i]
