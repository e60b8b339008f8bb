"""Reading a file a user names, measured before it is read.

A path on the command line or in a card folder can be anything: a FIFO that never ends, a device
such as /dev/zero, or a file of gigabytes. The file is opened without blocking, checked to be a
regular file of at most `limit` bytes, and then read at most `limit + 1` bytes, so that nothing
the user points at can hang a command or fill its memory. Callers turn `Unreadable` into their own
message; the YAML loaders (cards, scenarios, manifests) read through here.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: Codes of the reasons, shared with the compiler's diagnostics (docs/card-language.md).
CANNOT_READ, TOO_LARGE, NOT_REGULAR = "E000", "E005", "E008"


class Unreadable(Exception):
    """A file that is refused before (or instead of) being read, with a code and the reason."""

    def __init__(self, path: str | Path, code: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path, self.code, self.reason = str(path), code, reason


def resolved(path: str | Path) -> Path:
    """The absolute path with its links followed, as `Path.resolve` gives it, except that a
    symbolic link that leads back to itself is an OSError like any other unreadable path
    (pathlib raises RuntimeError, which no caller expects from a path a user typed)."""
    try:
        return Path(path).resolve()
    except RuntimeError:
        raise OSError(errno.ELOOP, "a loop of symbolic links (one leads back to itself)", str(path)) from None


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The whole content of a regular file of at most `limit` bytes."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: opening a FIFO with no writer returns at once
    except OSError as e:
        raise Unreadable(path, CANNOT_READ, f"cannot read file: {e.strerror}") from None
    chunks: list[bytes] = []
    size = 0
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(path, NOT_REGULAR, "not a regular file")
        if info.st_size > limit:
            raise Unreadable(path, TOO_LARGE, f"too large ({info.st_size} bytes; limit {limit})")
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise Unreadable(path, CANNOT_READ, f"cannot read file: {e.strerror}") from None
    finally:
        os.close(fd)
    if size > limit:  # the file grew after it was measured
        raise Unreadable(path, TOO_LARGE, f"too large (more than {limit} bytes; limit {limit})")
    return b"".join(chunks)


def read_text(path: str | Path, limit: int) -> str:
    """`read_bytes` decoded as UTF-8; bytes that are not UTF-8 raise UnicodeDecodeError."""
    return read_bytes(path, limit).decode("utf-8")
