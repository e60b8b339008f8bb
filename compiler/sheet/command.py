"""`tmars sheet`: the command-line front of the reference-sheet backend."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from compiler.outfile import output_problem
from compiler.terminal import safe


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


def run(args: argparse.Namespace) -> int:
    from compiler.library import compile_paths

    from . import SheetError, make_sheet
    from .pdf import ChromiumMissing, probe, write_pdf

    out = Path(args.output)
    kind = out.suffix.lower()
    if kind not in (".html", ".htm", ".pdf"):
        say(f"error: -o must name a .html or .pdf file, not '{out}'")
        return 2
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        say(f"error: no such file or folder: {', '.join(missing)}")
        return 2
    problem = output_problem(out)
    if problem:
        say(f"error: -o: {problem}")
        return 2
    result = compile_paths(getattr(args, "selected", args.paths or None), use_cache=not args.no_cache)
    if result.diagnostics:
        for d in result.diagnostics:
            say(d.render())
        say("error: fix the cards above first; no sheet written")
        return 1
    t = time.perf_counter()
    try:
        cards = args.keep(result.cards) if getattr(args, "keep", None) else result.cards
        sheet = make_sheet(cards, modules=args.module, names=args.only, paper=args.paper,
                           layout=args.layout, grey=args.grey, legend=not args.no_legend)
    except SheetError as e:
        say(f"error: {e}")
        return 2
    rendered = time.perf_counter() - t
    try:
        if args.check:
            report = probe(sheet.html)
            for name in report.overflowing:
                say(f"overflow: {name}")
            for page in report.pages:
                say(f"overflow: page {page}")
            if report.cards != sheet.cards or not report.ok:
                say(f"check failed: {len(report.overflowing)} card(s) and {len(report.pages)} page(s) overflow; "
                    f"{report.cards} of {sheet.cards} cards rendered")
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
    pages = f", {sheet.pages} page(s)" if sheet.pages is not None else ""
    print(safe(f"wrote {out}: {sheet.cards} card(s) from {', '.join(sheet.modules)}{pages} "
               f"({args.paper}, {args.layout}{', greyscale' if args.grey else ''}; drawn in {rendered * 1000:.0f} ms)"))
    return 0
