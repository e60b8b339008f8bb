"""How a name is written inside the card language: one rule for every reader."""

from __future__ import annotations

import re


def slug(name: str) -> str:
    """'Some Name 2' -> 'some-name-2': how cards, tiles, parties and areas are named inside the card
    language and in option ids."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
