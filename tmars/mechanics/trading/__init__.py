"""The trading mechanic (Colonies): colony tiles in play, each with its trade marker and the
colonies built on it, and each player's trade fleets.

Its facts are the `trading:` section of a rules file (`tiles`: how many tiles a game of so many
players deals; `fleets`: each player's fleets at the start); its tiles are the cards of type
`colony` (a module declares the type and its fields: `build`, `bonus`, `track`, `marker`,
`wakes`). A module switches it on with `flow: {mechanics: [trading]}`.

This is its first part (issue 33): the tiles dealt at setup and their state. A tile whose
resource no card in play holds yet is not active (its marker is parked, `None`); trading,
building colonies, waking tiles and the markers' moves come with the rest of the mechanic.
"""

from __future__ import annotations

from ...content import Content
from ...interpreter import Interp
from ...mechanic import Mechanic, SaveShapes, register
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


def deal(g: Interp) -> None:
    """Deal the game's colony tiles, in printed order once chosen: an active tile's marker at its
    start, a sleeping tile's parked; and give each player their fleets."""
    st, content = g.state, g.content
    tiles = content.in_printed_order(CARD_TYPE)
    if not tiles:
        return
    shuffle(st, tiles)
    order = content.in_printed_order(CARD_TYPE)
    chosen = sorted(tiles[:tiles_dealt(content, len(st["players"]))], key=order.index)
    st["colonies"] = [{"name": t, "owners": [],
                       "marker": content.cards[t]["parts"]["marker"] if awake(st, content, t) else None}
                      for t in chosen]
    for pl in st["players"]:
        pl["fleets"] = int(facts(content).get("fleets", 1))


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
    state=_state, player_state=_player_state, deal=deal,
))
