"""`tmars sheet`: the command-line front of the reference-sheet backend."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from compiler.outfile import output_problem
from compiler.terminal import safe

if TYPE_CHECKING:
    from .layout import Sheet


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", help="card files or folders (default: the shipped library)")
    p.add_argument("--module", nargs="+", action="extend", metavar="M", help="only these modules (base, corpera, …)")
    p.add_argument("--only", nargs="+", action="extend", metavar="NAME", help="only these cards, by printed name")
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="FILE.html (self-contained) or FILE.pdf (printed with headless Chromium)")
    p.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (default: a4)")
    p.add_argument("--layout", choices=("grid", "list"), default="grid",
                   help="grid: cards at (near) real size, 9 a page; list: one compact row per card")
    p.add_argument("--grey", "--greyscale", action="store_true", dest="grey",
                   help="greyscale palette for black-and-white printers")
    p.add_argument("--no-legend", action="store_true", help="leave out the key to the icons (first page)")
    p.add_argument("--check", action="store_true",
                   help="render in headless Chromium and fail if any card's content overflows its box")
    p.add_argument("--no-cache", action="store_true")


def say(text: str) -> None:
    """A message that quotes data (paths, card names): control characters shown as escapes."""
    print(safe(text), file=sys.stderr)


def _output(args: argparse.Namespace) -> tuple[Path, str] | int:
    """The file to write and its kind, or the exit status of a bad `-o` (said before any work)."""
    out = Path(args.output)
    kind = out.suffix.lower()
    if kind not in (".html", ".htm", ".pdf"):
        say(f"error: -o must name a .html or .pdf file, not '{out}'")
        return 2
    problem = output_problem(out)
    if problem:
        say(f"error: -o: {problem}")
        return 2
    return out, kind


def _compiled(args: argparse.Namespace) -> list[dict] | None:
    """The library the command reads, or None when its card files have errors (said)."""
    from compiler.library import compile_paths
    result = compile_paths(getattr(args, "selected", args.paths or None), use_cache=not args.no_cache)
    if result.diagnostics:
        for d in result.diagnostics:
            say(d.render())
        say("error: fix the cards above first; no sheet written")
        return None
    return result.cards


def _write(args: argparse.Namespace, sheet: Sheet, out: Path, kind: str, boxes: bool = False) -> int:
    """`--check` (when asked), then the file: 0 written, 1 a failed check or print, 2 no browser or
    no room. `boxes`: the sheet counts the boxes it drew (`data-fit`, a map's areas), not cards."""
    from .pdf import ChromiumMissing, probe, write_pdf
    try:
        if args.check:
            report = probe(sheet.html)
            for name in report.overflowing:
                say(f"overflow: {name}")
            for name in report.spilling:
                say(f"overflow: {name}")
            for page in report.pages:
                say(f"overflow: page {page}")
            found = report.boxes if boxes else report.cards
            if found != sheet.cards or not report.ok:
                unit, units = ("box(es)", "boxes") if boxes else ("card(s)", "cards")
                say(f"check failed: {len(report.overflowing) + len(report.spilling)} {unit} and "
                    f"{len(report.pages)} page(s) overflow; {found} of {sheet.cards} {units} rendered")
                return 1
        if kind == ".pdf":
            write_pdf(sheet.html, out)
        else:
            out.write_text(sheet.html, encoding="utf-8")
    except ChromiumMissing as e:  # a PDF asked of a machine that cannot print one: a usage error
        say(f"error: {e}")
        return 2
    except OSError as e:  # the file could not be written after all (a full disk, a vanished folder)
        say(f"error: cannot write {out}: {e.strerror or e}")
        return 2
    except RuntimeError as e:
        say(f"error: {e}")
        return 1
    return 0


def run(args: argparse.Namespace) -> int:
    from . import SheetError, make_sheet

    target = _output(args)
    if isinstance(target, int):
        return target
    out, kind = target
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        say(f"error: no such file or folder: {', '.join(missing)}")
        return 2
    library = _compiled(args)
    if library is None:
        return 1
    t = time.perf_counter()
    try:
        cards = args.keep(library) if getattr(args, "keep", None) else library
        sheet = make_sheet(cards, modules=args.module, names=args.only, paper=args.paper,
                           layout=args.layout, grey=args.grey, legend=not args.no_legend)
    except SheetError as e:
        say(f"error: {e}")
        return 2
    rendered = time.perf_counter() - t
    status = _write(args, sheet, out, kind)
    if status:
        return status
    pages = f", {sheet.pages} page(s)" if sheet.pages is not None else ""
    print(safe(f"wrote {out}: {sheet.cards} card(s) from {', '.join(sheet.modules)}{pages} "
               f"({args.paper}, {args.layout}{', greyscale' if args.grey else ''}; drawn in {rendered * 1000:.0f} ms)"))
    return 0


#: what picks cards, which a map sheet has none of: (the argument's name, how it is written)
CARD_CHOICES = (("paths", "PATH"), ("module", "--module"), ("only", "--only"), ("modules", "--modules"),
                ("folders", "--cards"))


def run_board(args: argparse.Namespace, load: Callable[[list[dict]], Any]) -> int:
    """`tmars sheet --map NAME`: the map as a board diagram. `load(library)` is the map, checked
    against the library's milestones and awards (it raises the engine's error for an unknown name,
    which the command line says with exit status 2)."""
    from . import SheetError
    from .board import make_board_sheet

    given = [flag for name, flag in CARD_CHOICES if getattr(args, name, None)]
    if given:
        say(f"error: --map draws the map, not cards: leave out {', '.join(given)} "
            "(a map sheet takes -o, --paper, --grey and --check)")
        return 2
    target = _output(args)
    if isinstance(target, int):
        return target
    out, kind = target
    library = _compiled(args)
    if library is None:
        return 1
    board = load(library)
    try:
        sheet = make_board_sheet(board, library, paper=args.paper, grey=args.grey)
    except SheetError as e:
        say(f"error: {e}")
        return 2
    status = _write(args, sheet, out, kind, boxes=True)
    if status:
        return status
    on_mars = sum(a.kind != "off" for a in board.areas.values())
    print(safe(f"wrote {out}: the {board.name} board, {on_mars} areas, {len(board.milestones)} milestones and "
               f"{len(board.awards)} awards, 1 page ({args.paper}{', greyscale' if args.grey else ''})"))
    return 0
