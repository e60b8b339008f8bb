"""Regenerate docs/lint.md from the lint registry (compiler/lint.py): `python tools/lint_docs.py`."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.lint import docs_markdown  # noqa: E402

if __name__ == "__main__":
    (ROOT / "docs" / "lint.md").write_text(docs_markdown() + "\n", encoding="utf-8")
    print("wrote docs/lint.md")
