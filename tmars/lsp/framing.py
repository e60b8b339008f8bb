"""Reading the client's messages off stdin, whatever the client sends.

pygls's own loop trusts each `Content-Length`: a length of 10^12 made it allocate until it died
(MemoryError), 2^63 overflowed, and a length one byte off left every later message read from the
wrong place, so that nothing more was answered, not even `shutdown` or `exit`. Here a length
beyond `MAX_BODY` is refused (logged, and the stream read on to the next header), a body that is
not a JSON message sends the reader looking for the next `Content-Length` header (in the bytes it
already read, when a length too long swallowed it), and a request whose parameters do not fit its
method (a line of -1, `params: 5`, no position) is answered with the JSON-RPC error for invalid
parameters instead of with silence.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from typing import Any

from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams

#: the largest body read: far beyond any card file, manifest, scenario or request
MAX_BODY = 64 * 1024 * 1024
_LENGTH = re.compile(rb"Content-Length:[ \t]*(\d+)[ \t]*\r?\n?$", re.IGNORECASE)
_HEADER = b"Content-Length:"


class Stream:
    """A byte reader with a pushback buffer, for what was read past the point to resume at."""

    def __init__(self, reader: Any) -> None:
        self.reader, self.buffer = reader, b""

    async def readline(self) -> bytes:
        if self.buffer:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line, self.buffer = self.buffer[:end + 1], self.buffer[end + 1:]
                return line
            line, self.buffer = self.buffer, b""
            return line + await self.reader.readline()
        return await self.reader.readline()

    async def read(self, n: int) -> bytes:
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        while len(out) < n:
            more = await self.reader.readexactly(n - len(out))
            if not more:
                break
            out += more
        return out

    def push_back(self, data: bytes) -> None:
        self.buffer = data + self.buffer


async def serve(stop_event: threading.Event, reader: Any, protocol: Any, logger: logging.Logger) -> None:
    """The message loop: headers, a body of the length they give, the message handled; any
    framing error is logged and the stream resynchronised on the next header."""
    stream = Stream(reader)
    length: int | None = None
    while not stop_event.is_set():
        line = await stream.readline()
        if not line:
            break
        found = _LENGTH.search(line)  # at the end of the line: what is left of a message may come before it
        if found:
            n = int(found.group(1))
            length = n if n <= MAX_BODY else None
            if length is None:
                logger.warning("a message of %d bytes refused (at most %d): read on to the next one", n, MAX_BODY)
            continue
        if line.strip() or length is None:  # another header, or what is left of a message out of step
            continue
        body, length = await stream.read(length), None
        handle(body, stream, protocol, logger)


def handle(body: bytes, stream: Stream, protocol: Any, logger: logging.Logger) -> None:
    """One body: the message it holds handled, or, when it is no message (the length was wrong),
    the reader set back to the next header found in it."""
    try:
        raw = json.loads(body)
    except (ValueError, RecursionError):
        start = body.find(_HEADER, 1)
        if start >= 0:
            stream.push_back(body[start:])
        logger.warning("a message that is not JSON was skipped (its Content-Length was wrong?)")
        return
    try:
        message = json.loads(body, object_hook=protocol.structure_message)
    except JsonRpcException as e:
        _refuse(raw, e, protocol, logger)
        return
    except Exception as e:  # a message no structure fits: the same refusal
        _refuse(raw, JsonRpcInvalidParams(str(e)), protocol, logger)
        return
    protocol.handle_message(message)


def _refuse(raw: Any, error: JsonRpcException, protocol: Any, logger: logging.Logger) -> None:
    """A request whose parameters do not fit gets the JSON-RPC error (a notification, nothing)."""
    logger.warning("a message was refused: %s", error)
    if isinstance(raw, dict) and "id" in raw and "method" in raw:
        protocol._send_response(raw["id"], error=error.to_response_error())
