"""`tmars sheet`: the command-line front of the reference-sheet backend."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


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


def run(args: argparse.Namespace) -> int:
    from compiler.library import compile_paths

    from . import SheetError, make_sheet
    from .pdf import ChromiumMissing, probe, write_pdf

    out = Path(args.output)
    kind = out.suffix.lower()
    if kind not in (".html", ".htm", ".pdf"):
        print(f"error: -o must name a .html or .pdf file, not '{out}'", file=sys.stderr)
        return 2
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        print(f"error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    result = compile_paths(getattr(args, "selected", args.paths or None), use_cache=not args.no_cache)
    if result.diagnostics:
        for d in result.diagnostics:
            print(d.render(), file=sys.stderr)
        print("error: fix the cards above first; no sheet written", file=sys.stderr)
        return 1
    t = time.perf_counter()
    try:
        cards = args.keep(result.cards) if getattr(args, "keep", None) else result.cards
        sheet = make_sheet(cards, modules=args.module, names=args.only, paper=args.paper,
                           layout=args.layout, grey=args.grey, legend=not args.no_legend)
    except SheetError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    rendered = time.perf_counter() - t
    try:
        if args.check:
            report = probe(sheet.html)
            for name in report.overflowing:
                print(f"overflow: {name}", file=sys.stderr)
            for page in report.pages:
                print(f"overflow: page {page}", file=sys.stderr)
            if report.cards != sheet.cards or not report.ok:
                print(f"check failed: {len(report.overflowing)} card(s) and {len(report.pages)} page(s) overflow; "
                      f"{report.cards} of {sheet.cards} cards rendered", file=sys.stderr)
                return 1
        out.parent.mkdir(parents=True, exist_ok=True)
        if kind == ".pdf":
            write_pdf(sheet.html, out)
        else:
            out.write_text(sheet.html, encoding="utf-8")
    except ChromiumMissing as e:
        print(f"error: {e}", file=sys.stderr)
        return 3
    except RuntimeError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    pages = f", {sheet.pages} page(s)" if sheet.pages is not None else ""
    print(f"wrote {out}: {sheet.cards} card(s) from {', '.join(sheet.modules)}{pages} "
          f"({args.paper}, {args.layout}{', greyscale' if args.grey else ''}; drawn in {rendered * 1000:.0f} ms)")
    return 0
