"""Printable reference sheets drawn from the IR: a compiler backend.

    from compiler.library import compile_paths
    from compiler.sheet import make_sheet
    sheet = make_sheet(compile_paths().cards, modules=["base"])
    Path("base.html").write_text(sheet.html)

`icons` holds the project's own SVG icon set, `render` draws one card from its IR, `layout`
paginates (grid or list, A4 or US Letter) and writes the CSS, `pdf` prints the HTML with
headless Chromium. See docs/sheets.md.
"""

from __future__ import annotations

import difflib

from .layout import PAPERS, Sheet, build, geometry, grid_pages, module_title
from .render import sort_key

__all__ = ["PAPERS", "Sheet", "SheetError", "geometry", "grid_pages", "make_sheet", "module_title", "select"]


class SheetError(ValueError):
    """A request the sheet cannot satisfy (unknown module or card name)."""


def select(cards: list[dict], modules: list[str] | None = None, names: list[str] | None = None
           ) -> list[tuple[str, list[dict]]]:
    """Cards grouped by module (in library order of modules), each group sorted by number."""
    known_modules = list(dict.fromkeys(c["module"] for c in cards))
    if modules:
        unknown = [m for m in modules if m not in known_modules]
        if unknown:
            raise SheetError(f"unknown module(s): {', '.join(unknown)}; known: {', '.join(known_modules)}")
        cards = [c for c in cards if c["module"] in modules]
    if names:
        by_name: dict[str, list[dict]] = {}
        for c in cards:
            by_name.setdefault(c["name"].casefold(), []).append(c)
        wanted: list[dict] = []
        for n in names:
            hit = by_name.get(n.casefold())
            if not hit:
                close = difflib.get_close_matches(n.casefold(), list(by_name), n=1)
                hint = f"; did you mean '{by_name[close[0]][0]['name']}'?" if close else ""
                raise SheetError(f"no card named '{n}'{hint}")
            wanted.extend(c for c in hit if c not in wanted)
        cards = [c for c in cards if any(c is w for w in wanted)]
    order = {id(c): i for i, c in enumerate(cards)}
    groups = []
    for m in (modules or known_modules):
        group = [c for c in cards if c["module"] == m]
        if group:
            groups.append((m, sorted(group, key=lambda c: sort_key(c, order[id(c)]))))
    return groups


def make_sheet(cards: list[dict], modules: list[str] | None = None, names: list[str] | None = None,
               paper: str = "a4", layout: str = "grid", grey: bool = False, legend: bool = True) -> Sheet:
    """Select, sort and lay out cards; returns the HTML document and its page count."""
    groups = select(cards, modules, names)
    if not groups:
        raise SheetError("no cards to print")
    return build(groups, paper=paper, layout=layout, grey=grey, legend=legend)
