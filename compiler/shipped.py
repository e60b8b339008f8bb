"""Where the shipped data lives: the grammar and the card modules.

In the repository they sit at the top (`grammar/`, `cards/`), where card authors edit them. A
wheel carries them inside the `compiler` package (pyproject.toml maps them there), since an
installed package has no repository around it. The copy beside this file wins when it exists.
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def shipped(name: str) -> Path:
    """The folder `name` ('grammar' or 'cards') of this installation."""
    inside = _HERE / name
    return inside if inside.is_dir() else _HERE.parent / name
