"""Benchmark: drawing the base game's reference sheet to HTML (the target is under 5 seconds).

    python tools/bench_sheet.py [--module base] [--repeats 5] [--pdf] [--json out.json]

Prints the time to draw each card (median, slowest), the whole sheet (cold: caches cleared;
warm), and with --pdf the time headless Chromium takes to print it, each with its ratio to the
5 s target. Speed is measured here, never in timed tests.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from compiler.library import compile_paths
from compiler.sheet import icons, make_sheet
from compiler.sheet.render import render_card
from compiler.terminal import safe

TARGET = 5.0


def clear_caches() -> None:
    icons._icon.cache_clear()
    icons._sprite.cache_clear()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--module", action="append", help="modules to draw (default: base)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--pdf", action="store_true", help="also time printing to PDF with headless Chromium")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args()
    modules = args.module or ["base"]

    t = time.perf_counter()
    cards = [c for c in compile_paths().cards if c["module"] in modules]
    compile_s = time.perf_counter() - t

    per_card: dict[str, list[float]] = {}
    for _ in range(args.repeats):
        clear_caches()
        for c in cards:
            t = time.perf_counter()
            render_card(c)
            per_card.setdefault(f"{c.get('number') or c['type']} {c['name']}", []).append(time.perf_counter() - t)
    medians = {k: statistics.median(v) for k, v in per_card.items()}

    clear_caches()
    t = time.perf_counter()
    sheet = make_sheet(cards, modules=modules)
    cold = time.perf_counter() - t
    warm = []
    for _ in range(args.repeats):
        t = time.perf_counter()
        make_sheet(cards, modules=modules)
        warm.append(time.perf_counter() - t)
    total = statistics.median(warm)

    slowest = sorted(medians.items(), key=lambda kv: -kv[1])[:5]
    print(f"modules {', '.join(modules)}: {len(cards)} cards, {sheet.pages} pages, {len(sheet.html) / 1024:.0f} KiB "
          f"of HTML (compile/cache load {compile_s * 1000:.0f} ms, not counted)")
    print(f"per card     median {statistics.median(medians.values()) * 1e6:8.0f} us   "
          f"mean {statistics.mean(medians.values()) * 1e6:8.0f} us")
    for name, s in slowest:
        print(f"   slowest   {s * 1e6:8.0f} us   {safe(name)}")
    print(f"whole sheet  cold {cold * 1000:8.1f} ms   ratio to {TARGET:.0f} s: {cold / TARGET:.4f}  "
          f"({TARGET / cold:,.0f}x under target)")
    print(f"whole sheet  warm {total * 1000:8.1f} ms   ratio to {TARGET:.0f} s: {total / TARGET:.4f}  "
          f"({TARGET / total:,.0f}x under target)")
    figures = {"cards": len(cards), "pages": sheet.pages, "per_card_median_s": statistics.median(medians.values()),
               "sheet_cold_s": cold, "sheet_warm_s": total, "target_s": TARGET}
    if args.pdf:
        from compiler.sheet.pdf import pdf_page_count, write_pdf
        with tempfile.TemporaryDirectory() as tmp:
            t = time.perf_counter()
            pdf = write_pdf(sheet.html, Path(tmp) / "sheet.pdf")
            pdf_s = time.perf_counter() - t
            pages = pdf_page_count(pdf)
        print(f"HTML -> PDF  {pdf_s * 1000:8.0f} ms   ratio to {TARGET:.0f} s: {pdf_s / TARGET:.3f}  "
              f"({pages} pages, headless Chromium)")
        print(f"end to end   {(cold + pdf_s) * 1000:8.0f} ms   ratio to {TARGET:.0f} s: {(cold + pdf_s) / TARGET:.3f}")
        figures.update(pdf_s=pdf_s, pdf_pages=pages)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
