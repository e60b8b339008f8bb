"""Checking a file a command will write, before the command does its work.

A run of a million games must not end in a traceback because `--json` names a folder that does
not exist; a sheet must not be drawn to be thrown away because `-o` names a folder. The target is
checked first, and the command stops with a usage error (exit 2) that says what is wrong.
"""

from __future__ import annotations

import os
from pathlib import Path

from .readfile import resolved


def output_problem(path: str | Path) -> str | None:
    """Why `path` cannot be written as a file, or None when it can (its folder must already exist).
    A path that is not a regular file where its links lead (a pipe that would wait for a reader
    for ever, a device such as /dev/full, a loop of links) is refused as no file."""
    target = Path(path)
    try:
        real = resolved(target)
    except OSError as e:
        return f"cannot write {target}: {e.strerror}"
    if real.exists() and not real.is_file() and not real.is_dir():
        return f"cannot write {target}: it is not a regular file (a pipe, a device or a special file); name a file"
    if str(real).startswith(("/proc/", "/sys/")):
        return f"cannot write {target}: {real.parent} is a view of the running system, not a folder of files"
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
