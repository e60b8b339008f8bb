"""The strong bot: a one-step look-ahead over the engine's cheap copies, with hidden information
dealt afresh, judged by what a position is worth in M€ over the generations left (docs/bots.md)."""

from .agent import StrongAgent

__all__ = ["StrongAgent"]
