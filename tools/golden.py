"""Regenerate the golden diagnostics of the malformed card files in tests/diagnostics/.

Each ``tests/diagnostics/NAME.yaml`` is a small, deliberately broken card file; its
``NAME.expected`` holds every diagnostic the compiler gives for it, rendered as the CLI
prints them (``path:line:col: error CODE message``, the source line, a caret, then the
``expected:`` and ``help:`` lines), joined by newlines. tests/test_diagnostics.py compares
the two.

Run from anywhere::

    python tools/golden.py            # rewrite every .expected file
    python tools/golden.py --check    # only report which files differ (exit 1 if any)
    python tools/golden.py NAME ...   # only these cases (name with or without .yaml)

Read every changed .expected file before committing it: a golden file is only worth
what its author checked (caret under the offending token, clear message, sensible
expected list, right suggestion).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "diagnostics"


def render(case: Path) -> str:
    """All diagnostics of one case, rendered with its path relative to the repository root."""
    from compiler.library import compile_file

    old = os.getcwd()
    os.chdir(ROOT)
    try:
        result = compile_file(case.relative_to(ROOT))
    finally:
        os.chdir(old)
    return "\n".join(d.render() for d in result.diagnostics) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="cases to regenerate (default: all)")
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if any file differs")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    if args.names:
        cases = [CASES / (n if n.endswith(".yaml") else n + ".yaml") for n in args.names]
    else:
        cases = sorted(CASES.glob("*.yaml"))
    differ = 0
    for case in cases:
        text = render(case)
        target = case.with_suffix(".expected")
        old = target.read_text(encoding="utf-8") if target.exists() else None
        if old == text:
            continue
        differ += 1
        if args.check:
            print(f"differs: {target.relative_to(ROOT)}")
        else:
            target.write_text(text, encoding="utf-8")
            print(f"wrote {target.relative_to(ROOT)}")
    if not differ:
        print(f"{len(cases)} golden files up to date")
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
