"""The neutral tiles of the solo game: 2 cities, each with a greenery next to it, placed at setup
for the neutral opponent, counted out with the costs of 4 cards from the deck (F261, F262).

The first card's cost counts the legal city areas in reading order from the top left, the
second's backwards from the bottom right, and the other two count each city's free neighbours
clockwise from the top left for its greenery. A legal area is one the tile may go on by the rules
(no ocean or reserved area, no city next to a city). Of F262's ways with a cost of 0 and with a
count past the last area, this engine takes the designers' for 0 (another card is drawn) and
counts round again past the end. The tiles are the neutral opponent's (no owner of the game's),
raise no parameter (F044) and give nobody a placement bonus.
"""

from __future__ import annotations

from compiler.boards import area_place, area_xy

from ... import board
from ...content import Content
from ...interpreter import Interp

#: the neighbours of an area clockwise from its top left, as steps on the hex grid (`area_xy`)
CLOCKWISE = ((-1, -1), (1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0))
#: the cards whose costs count out the tiles, in the order F261 gives them
CARDS = 4


def counting_costs(g: Interp) -> list[tuple[str, int]]:
    """The 4 cards from the top of the deck that count out the tiles, each discarded (a card that
    costs nothing is discarded too, and the next one counts in its place, F262)."""
    out: list[tuple[str, int]] = []
    while len(out) < CARDS:
        drawn = g.take_from_deck(1)
        if not drawn:
            break
        g.state["discard"].append(drawn[0])
        cost = g.content.cards[drawn[0]].get("cost", 0)
        if cost > 0:
            out.append((drawn[0], cost))
    return out


def nth(areas: list[str], n: int) -> str | None:
    """The n-th of the areas (1 the first), counting round again past the last (F262)."""
    return areas[(n - 1) % len(areas)] if areas else None


def clockwise(content: Content, aid: str) -> list[str]:
    """An area's neighbours on the map, clockwise from its top left."""
    rows = max(place[0] for place in map(area_place, content.map.areas) if place)
    r, c = area_place(aid)
    x, y = area_xy(r, c, rows)
    step = {}
    for nb in content.map.areas[aid].neighbours:
        place = area_place(nb)
        if place:
            nx, ny = area_xy(*place, rows)
            step[(nx - x, ny - y)] = nb
    return [step[d] for d in CLOCKWISE if d in step]


def place_neutral_tiles(g: Interp) -> list[str]:
    """Count out and place the neutral tiles; the areas taken, in the order placed."""
    st, content = g.state, g.content
    costs = counting_costs(g)
    placed: list[str] = []
    cities: list[str] = []
    for k, (card, cost) in enumerate(costs[:2]):
        legal = board.legal_areas(st, content, 0, {"tile": "city"})
        area = nth(legal if k == 0 else legal[::-1], cost)
        if area is None:
            continue
        _put(g, "city", area, card, cost)
        cities.append(area)
        placed.append(area)
    for city, (card, cost) in zip(cities, costs[2:], strict=False):  # a city not placed has no greenery
        free = set(board.legal_areas(st, content, 0, {"tile": "greenery"}))
        area = nth([a for a in clockwise(content, city) if a in free], cost)
        if area is None:
            g.log(f"no greenery for the neutral city on {city}: none of its neighbours is free (F262)")
            continue
        _put(g, "greenery", area, card, cost)
        placed.append(area)
    return placed


def _put(g: Interp, kind: str, area: str, card: str, cost: int) -> None:
    g.state["board"][area] = {"tile": kind, "owner": None}
    g.log(f"{g.content.opponent} places a {kind} on {g.area_label(area)} ({card} costs {cost})")
