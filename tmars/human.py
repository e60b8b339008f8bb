"""A terminal player: shows the pending decision and reads an answer by number, and the session
that seats it at a table of bots.

Whatever is typed gets an answer or a hint, and nothing typed can end the game: numbers are read
strictly (ASCII digits, each an option's number, none twice, as many as the decision allows),
names are printed as text, never as markup, and the end of input or Ctrl-C saves the game to an
autosave file before the program stops.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rich.console import Console

from compiler.readfile import Unreadable, read_bytes
from compiler.terminal import safe

from .game import Game, selection_refusal
from .savefile import MAX_SAVE_BYTES
from .tui.panels import track_name, track_value

AUTOSAVE = "tmars-autosave.json"  # in the current folder: where an interrupted game is kept

HELP = """commands:
  NUMBER         answer with that option (for a selection: numbers separated by spaces, or nothing)
  show           show the decision again
  save FILE      save the game here; resume it with: tmars play --load FILE
  help           this list
Ctrl-D or Ctrl-C saves the game to {autosave} and stops."""


def read_numbers(line: str, count: int, least: int, most: int) -> list[int] | str:
    """The option numbers typed (1..count, each once, between `least` and `most` of them), or
    a hint saying what is wrong."""
    words = line.split()
    picked: list[int] = []
    for w in words:
        if not (w.isascii() and w.isdigit()) or len(w) > len(str(count)) or not 1 <= int(w) <= count:
            return f"'{w[:20]}' is not an option: type a number from 1 to {count}"
        if int(w) in picked:
            return f"{w} is there twice: choose each option once"
        picked.append(int(w))
    if not least <= len(picked) <= most:
        amount = f"{least}" if least == most else f"{least} to {most}"
        return f"choose {amount} option{'s' if most != 1 else ''}, not {len(picked)}"
    return picked


class NotRegular(Exception):
    """The target of a save exists and is not a regular file."""


def write_regular(name: str, data: bytes) -> None:
    """Write a file, or replace a regular one; never block on, or write into, a FIFO or a device.
    The open does not block (a FIFO without a reader fails at once) and what was opened is checked
    to be a regular file before anything is written or truncated."""
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags, 0o644)
    except OSError as e:
        if e.errno == errno.ENXIO:  # a FIFO with nobody reading it
            raise NotRegular(name) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegular(name)
        os.ftruncate(fd, 0)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def save_to(name: str, text: str) -> str:
    """Write a save to the file a person named and say what happened: 'saved to NAME', or why
    not, in a sentence (never an exception: whatever name is typed, the game goes on)."""
    name = name.strip()
    if not name:
        return "give the file a name: save FILE"
    if "\0" in name:
        return "a file name cannot contain a NUL character"
    if Path(name).is_dir():
        return f"{name} is a folder: give the name of a file"
    try:
        write_regular(name, text.encode("utf-8"))
    except NotRegular:
        return f"cannot save to {name}: it is not a regular file (a pipe or a device, say)"
    except OSError as e:
        return f"cannot save to {name}: {e.strerror or 'the system refused'}"
    except ValueError:
        return f"cannot save to {name}: the name has characters this system cannot use"
    return f"saved to {name}"


class HumanAgent:
    """A player at the terminal. `table` is every seat's agent, so that a save records the bots'
    random states and a resumed game goes on as this one would have."""

    kind = "human"

    def __init__(self, console: Console, read: Callable[[str], str] | None = None):
        self.console = console
        self.read = read or (lambda prompt: input(prompt))  # looked up at each call: tests replace input
        self.table: list[Any] = []  # set by `session`; alone, a save records no seats

    def snapshot(self) -> dict:
        return {"kind": self.kind}

    def save_text(self, game: Game) -> str:
        return game.save(agents=[a.snapshot() for a in self.table] if self.table else None)

    def say(self, text: str, style: str | None = None) -> None:
        """Names are data, never markup, and control characters never reach the terminal."""
        self.console.print(safe(text), markup=False, highlight=False, style=style, soft_wrap=True)

    def status(self, game: Game, p: int) -> str:
        st = game.state
        pl = st["players"][p]
        g = st["globals"]
        res = " ".join(f"{k}:{v}({pl['prod'][k]:+d})" for k, v in pl["res"].items())
        tracks = ", ".join(f"{track_name(w)} {track_value(w, g[w])}" for w in game.content.tracks.globals)
        return (f"Gen {st['generation']} | {tracks} | "
                f"TR {pl['tr']} | {res}\nHand: {', '.join(pl['hand']) or '-'}")

    def show(self, game: Game) -> None:
        d = game.pending
        self.say(self.status(game, d["player"]))
        for m in game.content.mechanics:  # a mechanic's own part of the table (the colony tiles)
            if m.describe is not None:
                title, lines = m.describe(game.state, game.content)
                self.say(f"{title}: " + " | ".join(lines), style="dim")
        self.say(d["prompt"], style="bold")
        for i, o in enumerate(d["options"], start=1):
            self.say(f"  {i:>3}. {o['label']}")
        self.say("(type 'help' for the commands)", style="dim")

    def save(self, game: Game, name: str) -> None:
        """'save FILE' writes the game as it stands, mid-decision; `tmars play --load FILE` resumes."""
        self.say(save_to(name, self.save_text(game)))

    def choose(self, game: Game) -> Any:
        d = game.pending
        options = d["options"]
        select = d["kind"] == "select"
        least, most = (d.get("min", 0), d.get("max", len(options))) if select else (1, 1)
        self.show(game)
        ask = f"numbers separated by spaces ({least}-{most}): " if select else "> "
        while True:
            line = self.read(ask)
            command, _, rest = line.strip().partition(" ")
            if command == "help":
                self.say(HELP.format(autosave=AUTOSAVE))
            elif command == "show":
                self.show(game)
            elif command == "save":
                self.save(game, rest)
            else:
                picked = read_numbers(line, len(options), least, most)
                if isinstance(picked, str):
                    hint = picked if select else f"type the number of an option, from 1 to {len(options)}"
                    self.say(f"{hint} ('help' lists the commands)")
                    continue
                ids = [options[i - 1]["id"] for i in picked]
                why = selection_refusal(d, ids) if select else None
                if why is not None:
                    self.say(f"{why} ('help' lists the commands)")
                    continue
                return ids if select else ids[0]


def autosave_target(loaded: str | None = None) -> Path:
    """Where this session keeps an unfinished game: the autosave file of the current folder, unless
    it holds another unfinished game (one this session did not load), which is never overwritten:
    then the first free `tmars-autosave-N.json`."""
    first = Path.cwd() / AUTOSAVE
    if loaded is not None and _same_file(first, Path(loaded)):
        return first
    candidates = [first] + [first.with_name(f"{first.stem}-{n}{first.suffix}") for n in range(2, 1000)]
    return next((c for c in candidates if not _unfinished_game(c)), candidates[-1])


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and a.samefile(b)
    except OSError:
        return False


def _unfinished_game(path: Path) -> bool:
    """Does the file hold a game not yet over (or anything that is not plainly a finished game)?"""
    if not path.exists():
        return False
    try:
        data = json.loads(read_bytes(str(path), MAX_SAVE_BYTES))
    except (OSError, ValueError, Unreadable, RecursionError):
        return True  # not ours to judge: keep it
    return not (isinstance(data, dict) and data.get("over") is True)


class Stopped(Exception):
    """The session was stopped by a signal (SIGTERM, SIGHUP: a closed terminal)."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """While a line-mode session runs, SIGTERM and SIGHUP end it as Ctrl-C does: saved first."""
    def stop(signum: int, frame: Any) -> None:
        raise Stopped(signum)
    wanted = [s for s in (signal.SIGTERM, getattr(signal, "SIGHUP", None)) if s is not None]
    before = {s: signal.signal(s, stop) for s in wanted}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def autosave(game_text: str, console: Console, why: str, path: Path | None = None) -> None:
    """Keep an interrupted game in the autosave file and say where."""
    path = path or autosave_target()
    try:
        write_regular(str(path), game_text.encode("utf-8"))
    except NotRegular:
        console.print(f"\n{why}: the game could not be saved to {path} (it is not a regular file)", markup=False,
                      soft_wrap=True)
        return
    except OSError as e:
        console.print(f"\n{why}: the game could not be saved to {path} ({e.strerror})", markup=False, soft_wrap=True)
        return
    console.print(f"\n{why}: the game is saved to {path}; resume it with: tmars play --load {path}",
                  markup=False, soft_wrap=True)


def session(game: Game, agents: list[Any], console: Console, target: Path | None = None) -> int:
    """Play at the terminal until the game ends (0), or until input ends (1), Ctrl-C (130) or a
    signal (128+N), or anything at all fails (1): then the game as it stood at the last decision
    is saved first, to `target` (`autosave_target`)."""
    human = agents[0]
    human.table = agents
    shown = 0
    before = human.save_text(game)
    try:
        with stop_on_signals():
            while not game.over:
                log = game.state["log"]
                for line in log[shown:]:
                    console.print(line, style="dim", markup=False, highlight=False)
                shown = len(log)
                before = human.save_text(game)  # the game and every seat's random state, before this decision
                d = game.pending
                game.answer(d["player"], agents[d["player"]].choose(game))
    except EOFError:
        autosave(before, console, "end of input", target)
        return 1
    except KeyboardInterrupt:
        autosave(before, console, "interrupted", target)
        return 130
    except Stopped as e:
        autosave(before, console, f"stopped ({e})", target)
        return 128 + e.signum
    except Exception as e:  # the last resort: whatever failed, the game is kept first
        autosave(before, console, f"tmars failed ({type(e).__name__}: {e})", target)
        return 1
    for line in game.state["log"][shown:]:
        console.print(line, markup=False, highlight=False)
    return 0
