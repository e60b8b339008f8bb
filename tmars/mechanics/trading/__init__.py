"""The trading mechanic (Colonies): colony tiles in play, each with its trade marker and the
colonies built on it, and each player's trade fleets.

Its facts are the `trading:` section of a rules file (`tiles`: how many tiles a game of so many
players deals; `fleets`: each player's fleets at the start); its tiles are the cards of type
`colony` (a module declares the type and its fields: `build`, `bonus`, `track`, `marker`,
`wakes`). A module switches it on with `flow: {mechanics: [trading]}`.

This is its first part (issue 33): the tiles dealt at setup and their state, a tile waking when a
card that holds its resource is in play (its marker parked, `None`, until then), and the markers
moving up at each generation's end. Trading and building colonies come with the rest.
"""

from __future__ import annotations

from typing import Any

from ...content import Content
from ...interpreter import Interp
from ...mechanic import Mechanic, SaveShapes, ScenarioKeys, register
from ...rng import shuffle

NAME = "trading"
CARD_TYPE = "colony"
#: how many colonies a tile holds (three spaces)
SPACES = 3


def facts(content: Content) -> dict:
    """The mechanic's rule facts (the `trading:` section of the modules' rules files)."""
    return content.rules.section(NAME)


def tiles_dealt(content: Content, players: int) -> int:
    """How many colony tiles a game of this many players has (`tiles` in the facts)."""
    table = facts(content).get("tiles") or {}
    return int(table.get(players, table.get(str(players), 0)))


def awake(state: dict, content: Content, name: str) -> bool:
    """Is the tile active: it needs no resource, or some player has a card in play that holds the
    resource it names?"""
    wakes = content.cards[name].get("parts", {}).get("wakes")
    if wakes is None:
        return True
    return any(content.cards[e["name"]].get("holds") == wakes for pl in state["players"] for e in pl["played"])


def marker(state: dict, content: Content, tile: dict) -> int | None:
    """Where a tile's marker stands: its own step; for a tile still parked, its start once some
    card in play holds the resource that wakes it (a tile wakes as that card enters play, and for
    good: the first generation's end it sees awake fixes it), else None."""
    if tile["marker"] is not None:
        return tile["marker"]
    spec = content.cards[tile["name"]]["parts"]
    return spec["marker"] if awake(state, content, tile["name"]) else None


def new_generation(g: Interp) -> None:
    """At the end of each generation every active tile's marker moves up one step, to its last
    at most; a parked tile does not move (and one woken during the generation moves from its
    start)."""
    for tile in g.state.get("colonies", ()):
        at = marker(g.state, g.content, tile)
        if at is not None:
            last = len(g.content.cards[tile["name"]]["parts"]["track"]) - 1
            tile["marker"] = min(at + 1, last)


def deal(g: Interp) -> None:
    """Deal the game's colony tiles, in printed order once chosen: an active tile's marker at its
    start, a sleeping tile's parked; and give each player their fleets."""
    st, content = g.state, g.content
    order = content.in_printed_order(CARD_TYPE)
    if not order:
        return
    tiles = list(order)
    shuffle(st, tiles)
    chosen = sorted(tiles[:tiles_dealt(content, len(st["players"]))], key=order.index)
    st["colonies"] = [{"name": t, "owners": [],
                       "marker": content.cards[t]["parts"]["marker"] if awake(st, content, t) else None}
                      for t in chosen]
    for pl in st["players"]:
        pl["fleets"] = int(facts(content).get("fleets", 1))


def check_save(state: dict) -> None:
    """What the schema cannot say: a player has one colony on a tile at most, and a marker never
    stands left of the tile's colonies."""
    from ...savefile import SaveError
    for tile in state.get("colonies", ()):
        if len(set(tile["owners"])) != len(tile["owners"]):
            raise SaveError(f"a player has two colonies on {tile['name']}")
        if tile["marker"] is not None and tile["marker"] < len(tile["owners"]):
            raise SaveError(f"the marker of {tile['name']} stands left of its colonies")


def arrange(game: Any, setup: Any, players: Any, card: Any) -> None:
    """A scenario's colony tiles (`colonies:`, each `{name, marker, owners}`, the owners by name):
    the tiles in play, in place of those dealt."""
    from ...scenario_check import WRONG_VALUE, ScenarioError, where
    st = game.state
    names = [pl["name"] for pl in st["players"]]
    if "colonies" in setup:
        tiles = []
        for i, spec in enumerate(setup["colonies"]):
            name = card(spec, "name", CARD_TYPE)
            owners = []
            for j, who in enumerate(spec.get("owners") or ()):
                if who not in names:
                    raise ScenarioError(f"unknown player {who!r}; players are {', '.join(names)}",
                                        where(spec["owners"], j), WRONG_VALUE)
                owners.append(names.index(who))
            tiles.append({"name": name, "owners": owners,
                          "marker": spec.get("marker", game.content.cards[name]["parts"]["marker"])})
            if tiles[-1]["marker"] is not None and tiles[-1]["marker"] < len(owners):
                raise ScenarioError(f"the marker of {name} would stand left of its colonies",
                                    where(setup["colonies"], i), WRONG_VALUE)
        st["colonies"] = tiles


_TILES = {"type": "array", "items": {"type": "object", "required": ["name"], "additionalProperties": False,
                                     "properties": {"name": {"type": "string"},
                                                    "marker": {"anyOf": [{"type": "integer", "minimum": 0},
                                                                         {"type": "null"}]},
                                                    "owners": {"type": "array", "items": {"type": "string"},
                                                               "maxItems": 3}}}}


def _state(s: SaveShapes) -> dict:
    tiles = s.names([c["name"] for c in s.content.of_type(CARD_TYPE)], "a colony tile of this game")
    steps = max((len(c["parts"]["track"]) for c in s.content.of_type(CARD_TYPE)), default=1)
    tile = s.record({"name": tiles, "owners": s.listing(s.player, maxItems=SPACES),
                     "marker": {"anyOf": [s.integer(0, steps - 1), {"type": "null"}]}})
    return {"colonies": s.listing(tile)}


def _player_state(s: SaveShapes) -> dict:
    return {"fleets": s.integer(0, 20)}


register(Mechanic(
    NAME, "colony tiles with their trade markers and colonies, and the players' trade fleets (Colonies)",
    state=_state, player_state=_player_state, deal=deal, new_generation=new_generation, check_save=check_save,
    scenario=ScenarioKeys(setup={"colonies": _TILES}, arrange=arrange, card_lists={}),
))
