"""What every bot shares: a seeded random state that a save keeps."""

from __future__ import annotations

from .rng import SeededRandom


class Bot:
    """A seeded bot; its random state is one integer, saved with the game (`snapshot`) so that a
    resumed game goes on exactly as the uninterrupted one would have."""

    kind = "bot"

    def __init__(self, seed: int = 0):
        self.rng = SeededRandom(seed)

    def snapshot(self) -> dict:
        return {"kind": self.kind, "rng": self.rng.getstate()}
