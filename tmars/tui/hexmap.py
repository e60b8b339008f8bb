"""The map as a hex grid of text, drawn from the map's own rows: nothing here knows Tharsis.

Each area is a cell of two lines, five characters wide: the first line says what is on it (a
tile, or the terrain: '~' an area kept for oceans, '^' a volcanic area, '.' plain land), the
second who owns it or, while it is empty, its placement bonus (one letter a resource). Rows are
shifted by half a cell as the map's coordinates say (`content.load_map` puts area r,c at
x = 2(c-1) + |middle - r|), so neighbours touch as on the printed board.
"""

from __future__ import annotations

import re

from rich.text import Text

from ..content import Content

#: The players' colours, by seat.
PLAYER_COLOURS = ("bold red", "bold green", "bold yellow", "bold cyan", "bold magenta")
#: Cell backgrounds by what is on an area; a tile kind not listed here gets OTHER.
TILE_STYLES = {"ocean": "on #1f4e8c", "greenery": "on #2e6b2e", "city": "on #5a5a5a"}
OTHER = "on #6b3a6b"
LAND, OCEAN_AREA = "on #7a3d22", "on #25355a"
PICKED = "reverse bold"  # an area the pending decision offers
CELL = 5
EXTRA = "*"  # marks an area whose bonus is a row of the card language (a paid area)
AREA_ID = re.compile(r"r(\d+)c(\d+)$")


def player_style(seat: int | None) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)] if seat is not None else ""


def bonus_text(bonus: list[str]) -> str:
    """'ss' for two steel: the first letter of each bonus word, as the legend says."""
    return "".join(b[:1] for b in bonus)


def tile_word(tile: dict) -> str:
    """What a cell's first line says of a tile: a named tile by its initials ('mining-area' ->
'MA'), a tile kind by the first letters of its name that fit ('ocean', 'green', 'city')."""
    name = tile.get("name")
    if name:
        return "".join(w[:1] for w in name.split("-")).upper()[:CELL]
    return tile["tile"][:CELL]


def cell(area, tile: dict | None) -> tuple[tuple[str, str], tuple[str, str]]:
    """The two lines of an area's cell, each with its style."""
    if tile is None:
        terrain = "~" if area.kind == "ocean" else "^" if area.volcanic else "."
        style = OCEAN_AREA if area.kind == "ocean" else LAND
        more = EXTRA if area.extra else ""  # a bonus written as a row: a cost, a tile, a track
        return (terrain.center(CELL), style), ((bonus_text(area.bonus)[:CELL - len(more)] + more).center(CELL), style)
    style = TILE_STYLES.get(tile["tile"], OTHER)
    owner = tile.get("owner")
    who = f"P{owner + 1}" if owner is not None else ""
    return (tile_word(tile).center(CELL), f"bold white {style}"), (who.center(CELL), f"{player_style(owner)} {style}")


def grid(content: Content) -> dict[int, list[tuple[int, str]]]:
    """The areas on Mars by row: (x, area id), x counted in half-cells from the left edge."""
    rows: dict[int, list[tuple[int, int]]] = {}
    for aid in content.map.areas:
        m = AREA_ID.match(aid)
        if m:
            rows.setdefault(int(m.group(1)), []).append((int(m.group(2)), aid))
    middle = (len(rows) + 1) // 2
    return {r: [(2 * (c - 1) + abs(middle - r), aid) for c, aid in sorted(cols)] for r, cols in sorted(rows.items())}


def render_map(content: Content, board: dict, offered: frozenset[str] = frozenset()) -> Text:
    """The map with its tiles; `offered` areas (the pending decision's) are shown reversed."""
    out = Text()
    areas = content.map.areas
    for cells in grid(content).values():
        lines = (Text(), Text())
        col = 0
        for x, aid in cells:
            at = x * (CELL + 1) // 2
            for line in lines:
                line.append(" " * (at - col))
            col = at + CELL
            for line, (text, style) in zip(lines, cell(areas[aid], board.get(aid)), strict=True):
                line.append(text, style=f"{style} {PICKED}" if aid in offered else style)
        for line in lines:
            out.append_text(line)
            out.append("\n")
    off = [a for a in areas.values() if not AREA_ID.match(a.id)]
    for area in off:
        tile = board.get(area.id)
        out.append(f"{area.name or area.id}: ", style="reverse" if area.id in offered else "")
        if tile is None:
            out.append("free", style="dim")
        else:
            owner = tile.get("owner")
            who = f" P{owner + 1}" if owner is not None else ""
            out.append(tile_word(tile) + who, style=player_style(owner))
        out.append("\n")
    out.append(legend(content), style="dim")
    return out


def legend(content: Content) -> str:
    """The letters the map uses, from the bonuses this map prints."""
    words = sorted({b for a in content.map.areas.values() for b in a.bonus})
    more = f"  {EXTRA} a bonus that costs or does more (tmars sheet --map)" if any(
        a.extra for a in content.map.areas.values()) else ""
    return "  ".join(f"{w[:1]} {w}" for w in words) + "  ~ ocean area  ^ volcanic" + more
