"""Another git revision of this repository, checked out for a comparison (`instructions.py`, `speedup.py`)."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def checked_out(rev: str) -> Iterator[Path]:
    """The tree of `rev` in a temporary git worktree, removed afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev],
                              capture_output=True, text=True)
        if made.returncode != 0:
            raise SystemExit(f"cannot check out {rev!r}: {made.stderr.strip()}")
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)
