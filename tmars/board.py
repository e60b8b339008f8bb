"""Tile placement on the map: which areas are legal for a tile, and claims."""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from typing import Any

from compiler.tiles import TILE_KINDS

from .content import Content
from .memo import AREA_MEMO_SIZE, Bounded, derived, extended, revision


#: placement rules that waive the spacing of tiles of a kind (no city next to a city)
SPACING_WAIVERS = frozenset({"reserved", "next-cities", "any-neighbours"})


def _rule_words(node: dict) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in node.get("rules", ()):
        if isinstance(r, str):
            out[r] = 1
        else:
            out[r["rule"]] = r["n"]
    return out


def _rules_key(node: dict) -> tuple:
    if not node.get("rules"):
        return ()
    return tuple(r if isinstance(r, str) else (r["rule"], r.get("n")) for r in node["rules"])


def board_signature(state: dict, content: Content) -> str:
    """A string naming every tile on the board with its owner, remembered on the board for its
    size. Tiles are never removed and a dict keeps its order (`tmars/memo.py`), so a new tile
    extends the signature of the board before it."""
    board = state["board"]
    memo = getattr(board, "derived", None)
    known = memo.get("signature") if memo is not None else None
    n = len(board)
    if known is not None and known[0] == n:
        return known[1]
    start, head = known if known is not None and known[0] < n else (0, "")
    sig = head + "".join(f"{a}:{t['tile']}:{t.get('owner')};" for a, t in islice(board.items(), start, None))
    if memo is not None:
        memo["signature"] = (n, sig)
    return sig


def _area_memo(content: Content) -> Bounded:
    memo = content.memo.get("areas")
    if memo is None:
        memo = content.memo["areas"] = Bounded(AREA_MEMO_SIZE)
    return memo


def _memo_key(state: dict, content: Content, p: int, node: dict, kind: str) -> tuple:
    claims = tuple(state["claims"].items()) if state["claims"] else ()
    return (kind, board_signature(state, content), claims, p, node["tile"], node.get("name"), _rules_key(node))


def legal_areas(state: dict, content: Content, p: int, node: dict, ctx: dict | None = None) -> list[str]:
    """Every area where this tile may go now, in map order. Tiles are never removed, so the
    board, its claims and the player decide the answer; it is memoised on that key."""
    key = _memo_key(state, content, p, node, "areas")
    memo = _area_memo(content)
    found = memo.get(key)
    if found is None:
        found = memo.put(key, tuple(_legal_areas(state, content, p, node)))
    return list(found)


def _legal_areas(state: dict, content: Content, p: int, node: dict) -> list[str]:
    out = list(_candidates(state, content, p, node))
    if TILE_KINDS[node["tile"]].next_to_own and "ocean-area" not in _placement(content, node)[0]:
        near = next_to(state, content, "owner", p)
        own = [a for a in out if a in near]
        if own:
            return own
    return out


def next_to(state: dict, content: Content, field: str, value: Any) -> set[str]:
    """The areas next to a tile whose `field` ("tile", "owner") is `value`: the neighbours of those
    tiles (adjacency is mutual on the hex grid). Tiles are never removed nor changed, so a bigger
    board adds the tiles placed since (`memo.extended`)."""
    return extended(state["board"], f"next-to:{field}:{value}", set, _add_next_to, content.map.areas, field, value)


def _add_next_to(found: set[str], placed: Any, areas: dict, field: str, value: Any) -> None:
    for aid, tile in placed:
        if tile.get(field) == value:
            found.update(areas[aid].neighbours)


def _candidates(state: dict, content: Content, p: int, node: dict, among: Any = None):
    """Areas the tile's own rules allow, in map order (before the greenery-next-to-own rule); of
    the areas `among` only, when given. The rules read an area and its neighbours, nothing else."""
    kind = node["tile"]
    rules, distance, fitting, fits = _placement(content, node)
    b = state["board"]
    claims = state["claims"]
    if among is not None:
        fitting = [(aid, fits[aid]) for aid in among if aid in fits]
    kept_off = next_to(state, content, "tile", kind) if distance else ()
    for aid, nbs in fitting:
        if aid in b or aid in kept_off:
            continue
        claim = claims.get(aid)
        if claim is not None and claim != p:
            continue
        if not rules:
            yield aid
            continue
        if "next-own" in rules and aid not in next_to(state, content, "owner", p):
            continue
        if "isolated" in rules and _neighbours_with(b, nbs, None):
            continue
        if "next-city" in rules and not _neighbours_with(b, nbs, "city"):
            continue
        if "next-cities" in rules and _neighbours_with(b, nbs, "city") < rules["next-cities"]:
            continue
        if "next-greenery" in rules and not _neighbours_with(b, nbs, "greenery"):
            continue
        yield aid


def _neighbours_with(board: dict, neighbours: tuple, kind: str | None) -> int:
    """How many of these areas hold a tile of this kind (None: any tile). A loop, not a generator:
    asked for each area a placement rule reads."""
    n = 0
    for area in neighbours:
        tile = board.get(area)
        if tile is not None and (kind is None or tile["tile"] == kind):
            n += 1
    return n


def _placement(content: Content, node: dict) -> tuple[dict[str, int], bool, tuple, dict[str, tuple]]:
    """What placing the tile needs from the content alone, remembered per tile: its rule words,
    whether it keeps its distance from tiles of its kind, and the areas whose own kind suits it
    whatever is on the board (ocean area or land, reserved for it or not, volcanic, a metal bonus)
    with their neighbours, in map order and as a dict."""
    memo = content.memo["tile-placement"]
    key = (node["tile"], node.get("name", ""), _rules_key(node))
    found = memo.get(key)
    if found is None:
        rules = _on_this_map(content, node, _rule_words(node))
        distance = TILE_KINDS[node["tile"]].keeps_distance and not SPACING_WAIVERS & rules.keys()
        fitting = tuple((aid, tuple(area.neighbours)) for aid, area in content.map.areas.items()
                        if _area_fits(area, node, rules))
        found = memo[key] = (rules, distance, fitting, dict(fitting))
    return found


def _on_this_map(content: Content, node: dict, rules: dict[str, int]) -> dict[str, int]:
    """A tile's placement rules on this map: on a map with no volcanic area a tile for one goes on
    any land area (F275); on a map with no area reserved for a named tile it is placed as any tile
    of its kind, keeping its distance (F274)."""
    areas = content.map.areas.values()
    if "volcanic" in rules and not any(a.volcanic for a in areas):
        rules = {k: v for k, v in rules.items() if k != "volcanic"}
    if "reserved" in rules and not any(a.reserved == node.get("name", "") for a in areas):
        rules = {k: v for k, v in rules.items() if k != "reserved"}
    return rules


def tile_witness(state: dict, content: Content, p: int, node: dict) -> tuple:
    """(tiles, claims, area): an area the tile's own rules allow now (None: none does), with the
    revision of the board (`memo.revision`) and the claims it was found on (`tile_witnesses`
    moves it to a later board)."""
    return revision(state["board"]), _claims(state), next(_candidates(state, content, p, node), None)


def tile_witnesses(state: dict, content: Content, p: int, known: dict[str, tuple | None],
                   node_of: Callable[[str], dict]) -> dict[str, tuple]:
    """`tile_witness` of each tile (`node_of` its node) found on an earlier board (None: on none),
    moved to this one. What was found mostly settles it: the rules read an area and its neighbours
    and a board of the same stamp has only grown since, so while the claims stand, the area found before still takes the
    tile unless a tile was placed on it or next to it since, and a board that allowed none can only
    allow the tile next to the tiles placed since. The areas touched since are asked once for all;
    the common answers are in the loop (this runs after every tile placed)."""
    n, claims = revision(state["board"]), _claims(state)
    touched: dict[int, dict[str, None]] = {}
    out = {}
    for tile, was in known.items():
        if was is None or was[1] != claims or was[0][0] != n[0]:  # a board changed but by growing: afresh
            out[tile] = n, claims, next(_candidates(state, content, p, node_of(tile)), None)
            continue
        if was[0] == n:
            out[tile] = was
            continue
        start = was[0][1]
        near = touched.get(start)
        if near is None:
            near = touched[start] = touched_since(state, content, start)
        witness = was[2]
        if witness is not None and witness not in near:
            out[tile] = n, claims, witness
        else:
            out[tile] = n, claims, _witness_near(state, content, p, node_of(tile), witness, near)
    return out


def _claims(state: dict) -> tuple:
    return tuple(state["claims"].items()) if state["claims"] else ()


def _witness_near(state: dict, content: Content, p: int, node: dict, witness: str | None,
                  near: dict[str, None]) -> str | None:
    """An area the tile may go on now, when the one found before (None: none) is near the tiles
    placed since (`near`): the tiles placed since can only have opened areas near them."""
    if witness is None:
        return next(_candidates(state, content, p, node, near), None)
    if next(_candidates(state, content, p, node, (witness,)), None) is not None:
        return witness
    return next(_candidates(state, content, p, node), None)


def touched_since(state: dict, content: Content, start: int) -> dict[str, None]:
    """The areas of the tiles placed since the board held `start` tiles, and the areas next to
    them, in order: where a placement rule may read something new. Remembered on the board for
    its size (each plain tile's witness asks it after a tile is placed)."""
    return derived(state["board"], f"touched-since:{start}", _touched, state["board"], content, start)


def _touched(board: dict, content: Content, start: int) -> dict[str, None]:
    areas = content.map.areas
    out: dict[str, None] = {}
    for aid in islice(board, start, None):
        out[aid] = None
        out.update(dict.fromkeys(areas[aid].neighbours))
    return out


def _area_fits(area: Any, node: dict, rules: dict[str, int]) -> bool:
    traits = TILE_KINDS[node["tile"]]
    if "reserved" in rules or "off-mars" in rules:
        if area.reserved != node.get("name", ""):
            return False
    elif area.reserved or area.kind == "off":
        return False
    wants_ocean_area = traits.on_ocean_area and "land" not in rules or "ocean-area" in rules
    if wants_ocean_area != (area.kind == "ocean") and area.kind != "off":
        return False
    if "volcanic" in rules and not area.volcanic:
        return False
    return not ("bonus-metal" in rules and not ({"steel", "titanium"} & set(area.bonus)))


def ocean_skipped(state: dict, content: Content, node: dict) -> bool:
    """An ocean with all oceans out is skipped: one of the three exceptions (F018). A tile kind
    counted by a global track is skipped once that track is maxed."""
    param = TILE_KINDS[node["tile"]].counts_as_param
    return bool(param) and state["globals"][param] >= content.tracks.globals[param]["goal"]


def tile_possible(state: dict, content: Content, p: int, node: dict, ctx: dict | None = None) -> bool:
    """Is there somewhere to put it? Stops at the first legal area (memoised like legal_areas)."""
    if ocean_skipped(state, content, node):
        return True
    key = _memo_key(state, content, p, node, "possible")
    memo = _area_memo(content)
    found = memo.get(key)
    if found is None:
        found = memo.put(key, next(_candidates(state, content, p, node), None) is not None)
    return found


def claimable_areas(state: dict, content: Content) -> list[str]:
    """Areas a claim marker may go on: free, non-reserved land nobody has claimed (F031, F144)."""
    return [a for a, area in content.map.areas.items()
            if area.kind == "land" and not area.reserved and a not in state["board"] and a not in state["claims"]]
