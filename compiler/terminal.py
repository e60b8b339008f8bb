"""Text from files (card names, scenario names, source lines) made safe to show in a terminal.

Names are data, never markup or control: an escape sequence in a card name must not recolour,
retitle or hyperlink the user's terminal, and a line of megabytes must not flood it. Rich markup
is avoided where the text is printed (markup=False, Text objects); this module removes the rest.
"""

from __future__ import annotations

import re

#: C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides that can
#: make a line read differently from what it holds.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

WIDTH = 80


def has_control(text: str) -> bool:
    """Does the text hold a character that a terminal would act on instead of showing?"""
    return _CONTROL.search(text) is not None


def safe(text: str) -> str:
    """The text with every control character shown as an escape (ESC as \\x1b)."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                        else f"\\u{ord(m.group()):04x}", text)


def safe_json(text: str) -> str:
    """JSON text with the controls that json.dumps leaves raw (DEL, C1, direction overrides) written
    as \\u escapes: the same JSON, harmless in a terminal. They can only occur inside strings."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def shorten(text: str, width: int = WIDTH) -> str:
    """At most `width` characters of the first line, '…' marking what was left out."""
    line, _, rest = text.partition("\n")
    if len(line) <= width and not rest:
        return line
    return line[: width - 1] + "…"


_LONG_RUN = re.compile(rf"\S{{{WIDTH + 1},}}")


def clip(message: str) -> str:
    """A message on one line in which no quoted word runs longer than `WIDTH` characters: what a
    file holds (a word of megabytes, a value over many lines) is quoted, never reproduced."""
    one_line = " ".join(message.splitlines())
    return _LONG_RUN.sub(lambda m: m.group()[: WIDTH - 1] + "…", one_line)
