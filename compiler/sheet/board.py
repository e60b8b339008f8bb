"""A map drawn as a board diagram (`tmars sheet --map NAME`): one page, from the map file alone.

The hexagons are SVG, placed by the rule the engine reads for neighbours (`boards.area_xy`), so
a map of any number of rows and row lengths draws as it plays. What sits on an area (its id, its
name, its bonus as icons, the tile it is kept for) is HTML laid over its hexagon, in a box the
`--check` probe measures (`data-fit`): a word too long for its hexagon is reported, not clipped
unseen. The milestones and awards are listed with the icons and the rules text of their cards,
generated from the same IR the engine runs. Nothing here knows a map or a card by name.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Any, Protocol

from .. import text as rules
from ..boards import area_place, area_xy
from ..ops import Choice, Resource, Tile, walk
from . import icons
from .layout import MARGIN, PAPER_LABEL, PAPERS, Sheet, css, geometry, module_title
from .render import items_html, panels

SQ3 = math.sqrt(3)
HEADER = 10.0     # mm: the page header (the map's name)
KEY = 7.0         # mm: the key line under the board
GOALS = 92.0      # mm kept under the board for the milestones and awards
GAP = 4.0         # mm between the grid and the off-map column, and between blocks
SLACK = 1.5       # mm: rounding never spills the page
VOLCANO = "M2 21L9.5 6.5L12 9.5L14.5 6.5L22 21Z"   # a volcanic area's mark: a mountain with a crater


class BoardArea(Protocol):
    id: str
    kind: str
    bonus: list[str]
    name: str
    volcanic: bool
    reserved: str
    extra: tuple[dict, ...]


class Board(Protocol):
    """What the diagram reads of a map (`tmars.content.Map`): the compiler does not import the engine."""
    name: str
    areas: dict[str, Any]
    milestones: list[str]
    awards: list[str]


@dataclass
class Hex:
    """One hexagon as drawn: its area, and its centre in mm from the board's top left corner."""
    area: BoardArea
    cx: float
    cy: float


@dataclass
class BoardLayout:
    radius: float            # mm from a hexagon's centre to a corner
    width: float             # mm: the grid and the off-map column
    height: float
    hexes: list[Hex]         # on Mars, in map order
    off: list[Hex]           # off Mars, in the column beside the grid


def board_layout(board: Board, width: float, height: float) -> BoardLayout:
    """The largest hexagons for which the grid, with a column for the off-map areas beside it, fits
    `width` x `height` mm; every area's centre follows from where the engine places it."""
    places = {aid: area_place(aid) for aid, a in board.areas.items() if a.kind != "off"}
    rows = max((p[0] for p in places.values() if p), default=1)
    xy = {aid: area_xy(r, c, rows) for aid, (r, c) in ((a, p) for a, p in places.items() if p)}
    x0 = min((x for x, _ in xy.values()), default=0)
    across = (max((x for x, _ in xy.values()), default=0) - x0) / 2 + 1      # hexagon widths
    off = [a for a in board.areas.values() if a.kind == "off"]
    columns = across + (1 if off else 0)
    down = 1.5 * (rows - 1) + 2                                             # radii
    radius = min((width - (GAP if off else 0)) / (columns * SQ3), height / down)
    w = SQ3 * radius
    hexes = [Hex(board.areas[aid], (x - x0) * w / 2 + w / 2, (y - 1) * 1.5 * radius + radius)
             for aid, (x, y) in xy.items()]
    left = across * w + GAP
    column = [Hex(a, left + w / 2, radius + i * (2 * radius + 1.5)) for i, a in enumerate(off)]
    tall = max(down * radius, max((h.cy + radius for h in column), default=0))
    return BoardLayout(radius, left + w if off else across * w, tall, hexes, column)


def hex_points(cx: float, cy: float, r: float) -> str:
    """A pointy-top hexagon's corners, as the map is printed."""
    corners = ((cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
               for a in (-90, -30, 30, 90, 150, 210))
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in corners)


def kept_for(cards: Iterable[dict], reserved: str) -> tuple[str, str] | None:
    """(the tile, the card's printed name) of the card whose tile an area is kept for: found by
    the tile's name in the cards' IR, as the engine matches a reserved area."""
    for card in cards:
        for node in walk(list(card.get("play", ()))):
            if node.get("op") == Tile.name and node.get("name") == reserved:
                return node.get("tile", "tile"), card["name"]
    return None


def area_html(h: Hex, radius: float, kept: tuple[str, str] | None) -> str:
    """What is printed on an area: its id (small), name, bonus and the tile it is kept for. The box
    is the hexagon's inner rectangle; the probe says when its content does not fit."""
    a = h.area
    w, tall = SQ3 * radius * 0.86, radius * 1.36
    mark = f'<svg class="volc" viewBox="0 0 24 24"><path d="{VOLCANO}"/></svg>' if a.volcanic else ""
    parts = [f'<span class="aid">{mark}{escape(a.id)}</span>' if a.kind != "off" else ""]
    if a.name:
        parts.append(f'<span class="aname">{escape(a.name)}</span>')
    plain = "".join(icons.icon(word) for word in a.bonus)
    if plain:
        parts.append(f'<span class="bonus">{plain}</span>')
    if a.extra:
        parts.append(f'<span class="bonus extra">{extra_html(list(a.extra))}</span>')
    if a.reserved:
        tile, card = kept or ("tile", rules.title(a.reserved))
        words = "reserved" if card.casefold() == a.name.casefold() else f"for {card}"
        parts.append(f'<span class="kept">{icons.icon(tile)}<span>{escape(words)}</span></span>')
    attr = f'data-fit="{escape(a.id)}"'
    return (f'<div class="area a-{a.kind}" {attr} style="left:{h.cx - w / 2:.2f}mm;top:{h.cy - tall / 2:.2f}mm;'
            f'width:{w:.2f}mm;height:{tall:.2f}mm">{"".join(parts)}</div>')


def extra_html(items: list[dict]) -> str:
    """A bonus written as a row, as icons; a choice of one standard resource among several drawn
    as the one icon the board prints for it (any resource), which fits a hexagon."""
    if len(items) == 1 and items[0]["op"] == Choice.name and all(
            len(o) == 1 and o[0]["op"] == Resource.name and o[0]["n"] == 1 for o in items[0]["options"]):
        return icons.icon("held")
    return items_html(items)


def hex_svg(h: Hex, radius: float) -> str:
    """An area's hexagon: coloured by kind; volcanic and reserved areas marked for greyscale too."""
    a = h.area
    cls = ["hex", f"k-{a.kind}"] + (["volcanic"] if a.volcanic else []) + (["reserved"] if a.reserved else [])
    data = f'data-off="{escape(a.id)}"' if a.kind == "off" else f'data-area="{escape(a.id)}"'
    return f'<polygon class="{" ".join(cls)}" {data} points="{hex_points(h.cx, h.cy, radius * 0.97)}"/>'


def board_html(board: Board, cards: list[dict], width: float, height: float) -> tuple[str, int]:
    """The grid and the off-map column: SVG hexagons under HTML boxes. Returns (html, boxes drawn)."""
    lay = board_layout(board, width, height)
    every = [*lay.hexes, *lay.off]
    svg = "".join(hex_svg(h, lay.radius) for h in every)
    boxes = "".join(area_html(h, lay.radius, kept_for(cards, h.area.reserved) if h.area.reserved else None)
                    for h in every)
    label = ""
    if lay.off:
        first = lay.off[0]
        label = (f'<div class="offlabel" style="left:{first.cx - lay.radius:.2f}mm;width:{2 * lay.radius:.2f}mm;'
                 f'top:{max(h.cy for h in lay.off) + lay.radius + 0.5:.2f}mm">Off Mars</div>')
    return (f'<div class="board" style="width:{lay.width:.2f}mm;height:{lay.height:.2f}mm;'
            f'font-size:{lay.radius / 11:.4f}mm">'
            f'<svg class="hexes" viewBox="0 0 {lay.width:.2f} {lay.height:.2f}" width="{lay.width:.2f}mm" '
            f'height="{lay.height:.2f}mm" aria-hidden="true">{svg}</svg>{boxes}{label}</div>', len(every))


def key_html() -> str:
    """The key to the diagram's own marks (the icons are the cards' and need none)."""
    def swatch(cls: str, inner: str = "") -> str:
        return (f'<svg class="sw" viewBox="0 0 24 24"><polygon class="hex {cls}" points="{hex_points(12, 12, 11)}"/>'
                f"{inner}</svg>")
    volc = f'<path class="volcmark" d="{VOLCANO}" transform="translate(6 5) scale(.5)"/>'
    items = [(swatch("k-land"), "land"), (swatch("k-ocean"), "ocean area: for ocean tiles only"),
             (swatch("k-land volcanic", volc), "volcanic area"),
             (swatch("k-land reserved"), "reserved: only the tile of the card it names"),
             (swatch("k-off reserved"), "off Mars")]
    parts = "".join(f'<span class="kit">{s}<span>{escape(w)}</span></span>' for s, w in items)
    bonus = '<span class="kit">bonus: what placing a tile there gives (or costs)</span>'
    return f'<div class="mapkey">{parts}{bonus}</div>'


def components_by_name(cards: list[dict], kind: str) -> dict[str, list[dict]]:
    """The milestones or awards of the library by name: the original printing first, then the
    printings modules swap in for it (`replaces:`), which the list notes."""
    found: dict[str, list[dict]] = {}
    for card in cards:
        if card["type"] == kind:
            found.setdefault(card["name"], []).append(card)
    return {name: sorted(cs, key=lambda c: "replaces" in c) for name, cs in found.items()}


def goal_html(printings: list[dict]) -> str:
    """One milestone or award: its name, its icons (the card's claim or score row) and its rules
    text; a module's own printing of it follows, said as the module's."""
    card = printings[0]
    drawn = "".join(html for kind, _, html in panels(card) if kind in ("claim", "score"))
    notes = "".join(f'<span class="gnote">With {escape(module_title(c["module"]))}: '
                    f"{escape(rules.card_text(c))}</span>" for c in printings[1:])
    return (f'<div class="goal g-{card["type"]}" data-fit="{escape(card["name"])}">'
            f'<span class="gicons">{drawn}</span><span class="gwords"><b class="gname">{escape(card["name"])}</b> '
            f'<span class="gtext">{escape(rules.card_text(card))}</span>{notes}</span></div>')


def goals_html(board: Board, cards: list[dict]) -> str:
    """The map's milestones and awards, side by side, in the map's order."""
    cols = []
    for kind, title, names in (("milestone", "Milestones", board.milestones), ("award", "Awards", board.awards)):
        known = components_by_name(cards, kind)
        missing = [n for n in names if n not in known]
        if missing:
            from . import SheetError
            raise SheetError(f"the map names {kind}(s) no card of the library is: {', '.join(missing)}")
        body = "".join(goal_html(known[n]) for n in names)
        cols.append(f'<div class="goals-col" data-fit="{title}"><h3>{title}</h3>{body}</div>')
    return f'<div class="goals">{"".join(cols)}</div>'


BOARD_CSS = """
:root{--land:#ead7b4;--land-edge:#a8865a;--sea:#9ccbef;--sea-edge:#2f7fc6;--volcanic:#cf9f78;
--volcanic-edge:#8a3b1f;--off:#e4e6ef;--off-edge:#585e7a}
.grey{--land:#f4f4f4;--land-edge:#777;--sea:#c4c4c4;--sea-edge:#444;--volcanic:#dcdcdc;--volcanic-edge:#111;
--off:#fff;--off-edge:#444}
.mappage{display:flex;flex-direction:column}
.mapbody{flex:none;display:flex;justify-content:center;margin-top:1mm}
.board{position:relative;flex:none}
.hexes{position:absolute;left:0;top:0}
.hex{stroke-width:.35}
.k-land{fill:var(--land);stroke:var(--land-edge)}.k-ocean{fill:var(--sea);stroke:var(--sea-edge)}
.k-off{fill:var(--off);stroke:var(--off-edge)}
.hex.volcanic{fill:var(--volcanic);stroke:var(--volcanic-edge);stroke-width:.7}
.hex.reserved{stroke-dasharray:1.2 .7;stroke-width:.6}
.sw .hex{stroke-width:1.6}.sw .hex.volcanic{stroke-width:2.4}.sw .hex.reserved{stroke-dasharray:3 2;stroke-width:2}
.volcmark,.volc path{fill:var(--volcanic-edge)}
.area{position:absolute;box-sizing:border-box;display:flex;flex-direction:column;align-items:center;
 justify-content:center;gap:.25em;overflow:hidden;text-align:center;color:var(--ink)}
.aid{display:inline-flex;align-items:center;gap:.2em;font:400 1.7em/1 "Liberation Sans",Arial,sans-serif;color:#555}
.volc{width:1.4em;height:1.4em}
.aname{font:700 2em/1.02 "Liberation Sans Narrow","Arial Narrow","DejaVu Sans Condensed",sans-serif;
 max-width:100%;overflow-wrap:break-word}
.bonus{display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:.15em;max-width:100%}
.bonus svg.ic{width:4.8em;height:4.8em}
.bonus.extra{font-size:.57em;gap:.3em}.bonus.extra svg.ic{width:8.4em;height:8.4em}
.kept{display:inline-flex;align-items:center;gap:.25em;font:700 1.7em/1.05 "Liberation Sans Narrow","Arial Narrow",
 sans-serif;color:#333;max-width:100%}
.kept svg.ic{width:2.4em;height:2.4em}
.offlabel{position:absolute;text-align:center;font:700 2.8mm/1 "Liberation Sans",Arial,sans-serif;color:#444;
 text-transform:uppercase;letter-spacing:.06em}
.mapkey{flex:none;display:flex;flex-wrap:wrap;justify-content:center;gap:.8mm 4mm;margin:1.5mm 0 1mm;
 font-size:2.6mm;color:#333}
.kit{display:inline-flex;align-items:center;gap:1mm}
.sw{width:4.4mm;height:4.4mm}
.goals{flex:1 1 auto;min-height:0;display:grid;grid-template-columns:1fr 1fr;gap:0 4mm}
.goals-col{min-height:0;overflow:hidden;display:flex;flex-direction:column;gap:1.4mm}
.goals-col h3{margin:0;font:700 3.8mm/1.25 "Liberation Sans",Arial,sans-serif;border-bottom:.3mm solid var(--type)}
.goals-col:first-child h3{--type:var(--milestone)}.goals-col:last-child h3{--type:var(--award)}
.goal{display:flex;align-items:center;gap:2mm;min-width:0;overflow:hidden;padding:.8mm 1.4mm;
 border-left:1.2mm solid var(--type);background:#fafafa}
.g-milestone{--type:var(--milestone)}.g-award{--type:var(--award)}
.gicons{flex:none;display:flex;align-items:center;justify-content:center;gap:.6em;min-width:8.5mm;font-size:.62mm}
.gicons .q{font-size:4.6em}
.gwords{min-width:0;font:400 2.85mm/1.28 "Liberation Sans",Arial,sans-serif}
.gname{font-size:3.2mm}
.gnote{display:block;font-size:2.5mm;color:#444;font-style:italic}
"""


def make_board_sheet(board: Board, cards: list[dict], paper: str = "a4", grey: bool = False) -> Sheet:
    """The map's page: its name, the grid with the off-map areas beside it, a key, and its
    milestones and awards with their rules. `cards` is the library (for the milestones, awards
    and the cards the reserved areas are kept for). `Sheet.cards` counts the boxes `--check`
    must find (`data-fit`)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: use {', '.join(PAPERS)}")
    geo = geometry(paper)
    inner_w = geo.width - 2 * MARGIN
    inner_h = geo.height - 0.3 - 2 * MARGIN
    grid, boxes = board_html(board, cards, inner_w, inner_h - HEADER - KEY - GOALS - SLACK)
    goals = goals_html(board, cards)
    on_mars = sum(a.kind != "off" for a in board.areas.values())
    sub = f"{on_mars} areas \u00b7 tmars board sheet \u00b7 {PAPER_LABEL[paper]}"
    cls = ' class="grey"' if grey else ""
    title = f"tmars board: {board.name}"
    html = (f'<!DOCTYPE html><html lang="en"{cls}><head><meta charset="utf-8">'
            f'<meta name="generator" content="tmars sheet"><title>{escape(title)}</title>'
            f"<style>{css(geo, 'grid')}{BOARD_CSS}</style></head><body data-layout=\"board\" data-paper=\"{paper}\">"
            f"{icons.sprite()}"
            f'<section class="page mappage" data-map="{escape(board.name)}"><div class="phead"><h2>'
            f'{escape(board.name)}</h2><span class="sub">{escape(sub)}</span></div>'
            f'<div class="mapbody">{grid}</div>{key_html()}{goals}</section></body></html>')
    return Sheet(html, 1, boxes + len(board.milestones) + len(board.awards) + 2, [])
