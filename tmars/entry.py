"""The `tmars` command's entry point. It imports nothing heavy before it can catch Ctrl-C: an
interrupt while the program is still loading (the first quarter second of any command) ends it
with the status of a stop by SIGINT, 130, like an interrupt later on, never with a traceback."""

from __future__ import annotations

import sys


def run() -> None:
    try:
        from .cli import main
        code = main()
    except KeyboardInterrupt:
        code = 130
    sys.exit(code)


if __name__ == "__main__":
    run()
