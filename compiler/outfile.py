"""Checking a file a command will write, before the command does its work.

A run of a million games must not end in a traceback because `--json` names a folder that does
not exist; a sheet must not be drawn to be thrown away because `-o` names a folder. The target is
checked first, and the command stops with a usage error (exit 2) that says what is wrong.
"""

from __future__ import annotations

import os
from pathlib import Path


def output_problem(path: str | Path) -> str | None:
    """Why `path` cannot be written as a file, or None when it can (its folder must already exist)."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        return f"{target} is a folder, not a file"
    if not folder.exists():
        return f"cannot write {target}: there is no folder {folder}"
    if not folder.is_dir():
        return f"cannot write {target}: {folder} is not a folder"
    if target.exists() and not os.access(target, os.W_OK):
        return f"cannot write {target}: the file is read-only"
    if not target.exists() and not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot write {target}: the folder {folder} is not writable"
    return None
