"""The trading mechanic (Colonies): colony tiles in play, each with its trade marker and the
colonies built on it, and each player's trade fleets.

Its facts are the `trading:` section of a rules file (`tiles`: how many tiles a game of so many
players deals; `fleets`: each player's fleets at the start; `trade`: the trade's price in each
resource that may pay it); its tiles are the cards of type `colony` (a module declares the type
and its fields: `build`, `bonus`, `track`, `marker`, `wakes`). A module switches it on with
`flow: {mechanics: [trading]}`.

Here: the tiles dealt at setup and their state (a tile parked, its marker `None`, until a card
that holds its resource is in play), the markers moving up and the fleets coming home between
generations, save checks, the scenario key, the menu domain and what the play screen shows; the
trade action is `trade.py`; what colonies, trades, fleets and markers do is the card language's
(`compiler/ops/colonies.py`), so a card and a tile say it the same way.
"""

from __future__ import annotations

from typing import Any

from compiler.ops.colonies import SPACES, TILES, TRADED, awake, free_fleets, marker

from ...content import Content
from ...interpreter import Interp, decision, option
from ...mechanic import Mechanic, SaveError, SaveShapes, ScenarioKeys, SetupQuestion, register
from ...rng import shuffle
from . import trade  # noqa: F401  (registers the trade action)

NAME = "trading"
CARD_TYPE = "colony"


def facts(content: Content) -> dict:
    """The mechanic's rule facts (the `trading:` section of the modules' rules files)."""
    return content.rules.section(NAME)


def tiles_dealt(content: Content, players: int) -> int:
    """How many colony tiles a game of this many players has (`tiles` in the facts)."""
    table = facts(content).get("tiles") or {}
    return int(table.get(players, table.get(str(players), 0)))


def new_generation(g: Interp) -> None:
    """Between generations every active tile's marker moves up one step, to its last at most (a
    parked tile does not move, and one woken during the generation moves from its start), and
    the trade fleets come home (F347, F364)."""
    for tile in g.state.get(TILES, ()):
        at = marker(g.state, g.content, tile)
        if at is not None:
            last = len(g.content.cards[tile["name"]]["parts"]["track"]) - 1
            tile["marker"] = min(at + 1, last)
        tile.pop("fleet", None)
        tile.pop("moved", None)


def by_players(content: Content, key: str, players: int) -> Any:
    """A fact given per number of players (`tiles`, `offered`, `start_production`), or None."""
    table = facts(content).get(key) or {}
    return table.get(players, table.get(str(players)))


def deal(g: Interp) -> None:
    """Deal the game's colony tiles, in printed order once chosen: an active tile's marker at its
    start, a sleeping tile's parked; and give each player their fleets. Where more tiles are
    offered than a game of so many players has (the solo game: 4 for 3), they wait for the
    player's choice with their corporation (`choose_tiles`); what every player's production starts
    at in such a game (2 M€ lower in the solo game) is set here, before any corporation's."""
    st, content = g.state, g.content
    order = content.in_printed_order(CARD_TYPE)
    if not order:
        return
    tiles = list(order)
    shuffle(st, tiles)
    n = len(st["players"])
    offered = by_players(content, "offered", n) or 0
    if offered > tiles_dealt(content, n):
        st[OFFER] = sorted(tiles[:offered], key=order.index)
        st[TILES] = []
    else:
        st[TILES] = in_play(g, sorted(tiles[:tiles_dealt(content, n)], key=order.index))
    for pl in st["players"]:
        pl["fleets"] = int(facts(content).get("fleets", 1))
        for res, k in (by_players(content, "start_production", n) or {}).items():
            pl["prod"][res] += k


def in_play(g: Interp, names: list[str]) -> list[dict]:
    """Tiles put in play: an active tile's marker at its start, a sleeping tile's parked."""
    cards = g.content.cards
    return [{"name": t, "owners": [], "marker": cards[t]["parts"]["marker"] if awake(g.state, g.content, t) else None}
            for t in names]


def _ask_tiles(g: Interp, p: int) -> dict | None:
    offer = g.state.get(OFFER)
    if not offer:
        return None
    k = tiles_dealt(g.content, len(g.state["players"]))
    return decision(p, "select", f"Choose the {k} colony tiles of this game (the rest are set aside)",
                    [option(t, t) for t in offer], min=k, max=k)


def _take_tiles(g: Interp, p: int, answer: Any) -> None:
    """The tiles chosen go in play; those set aside stay out of it (a card may still bring one, F356)."""
    offer = g.state.pop(OFFER, None)
    if offer and answer is not None:
        g.state[TILES] = in_play(g, [t for t in offer if t in answer])
        g.say(p, f"chooses the colony tiles {', '.join(answer)}")


#: the tiles offered for the player to choose from, while they choose (the solo game)
OFFER = "colony_offer"


def check_save(state: dict) -> None:
    """A sound trading state, for a save (what its schema cannot say) and for the invariants after
    every decision: no tile twice, three colonies on a tile at most, a marker never left of the
    tile's colonies, a parked tile has none, and no player has more fleets away than they own."""
    names = [t["name"] for t in state.get(TILES, ())]
    if len(set(names)) != len(names):
        raise SaveError("a colony tile is in play twice")
    for tile in state.get(TILES, ()):
        if len(tile["owners"]) > SPACES:
            raise SaveError(f"{tile['name']} has {len(tile['owners'])} colonies")
        if tile["marker"] is None and tile["owners"]:
            raise SaveError(f"{tile['name']} is parked but has colonies")
        if tile["marker"] is not None and tile["marker"] < len(tile["owners"]):
            raise SaveError(f"the marker of {tile['name']} stands left of its colonies")
    for p, pl in enumerate(state["players"]):
        if sum(1 for t in state.get(TILES, ()) if t.get("fleet") == p) > pl.get("fleets", 0):
            raise SaveError(f"{pl['name']} has more trade fleets away than they own")


def arrange(game: Any, setup: Any, players: Any, card: Any) -> None:
    """A scenario's colony tiles (`colonies:`, each `{name, marker, owners}`, the owners by name):
    the tiles in play, in place of those dealt."""
    from ...scenario_check import WRONG_VALUE, ScenarioError, where
    st = game.state
    names = [pl["name"] for pl in st["players"]]
    if TILES in setup:
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
            at, last = tiles[-1]["marker"], len(game.content.cards[name]["parts"]["track"]) - 1
            if at is None and owners:
                raise ScenarioError(f"{name} is parked (marker null) but has colonies", where(setup["colonies"], i),
                                    WRONG_VALUE)
            if at is not None and not len(owners) <= at <= last:
                raise ScenarioError(f"the marker of {name} must stand right of its colonies and on its track: "
                                    f"{len(owners)} to {last}", where(setup["colonies"], i), WRONG_VALUE)
        st[TILES] = tiles


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
                     "marker": {"anyOf": [s.integer(0, steps - 1), {"type": "null"}]},
                     "fleet": s.player, "moved": s.card}, required=("name", "owners", "marker"))
    return {TILES: s.listing(tile), TRADED: s.listing(tiles, uniqueItems=True),
            OFFER: s.listing(tiles, uniqueItems=True)}


def _player_state(s: SaveShapes) -> dict:
    return {"fleets": s.integer(0, 20)}


def describe(state: dict, content: Content) -> tuple[str, list[str]]:
    """The colony tiles as a player sees them: each marker's step and what a trade there gives now,
    whose colonies, whose fleet; then each player's fleets at home."""
    from compiler.text import items_text
    names = [pl["name"] for pl in state["players"]]
    lines = []
    for t in state.get(TILES, ()):
        at = marker(state, content, t)
        spec = content.cards[t["name"]]["parts"]
        if at is None:
            lines.append(f"{t['name']}: parked until a card holds {spec['wakes']}s")
            continue
        owners = ", ".join(names[q] for q in t["owners"]) or "no colonies"
        fleet = f"; {names[t['fleet']]}'s fleet is there" if "fleet" in t else ""
        lines.append(f"{t['name']}: step {at}, trade gives: {items_text(spec['track'][at]) or 'nothing'}"
                     f"; {owners}{fleet}")
    home = ", ".join(f"{pl['name']} {free_fleets(state, q)}/{pl.get('fleets', 0)}"
                     for q, pl in enumerate(state["players"]))
    lines.append(f"fleets at home: {home}")
    return "Colony tiles", lines


def fingerprint(state: dict, content: Content, p: int) -> tuple:
    """What an offer reading the colony tiles depends on: each tile's colonies, marker (a parked
    tile's as it is now) and fleet, and the player's fleets."""
    return (tuple((t["name"], tuple(t["owners"]), marker(state, content, t), t.get("fleet"), t.get("moved"))
                  for t in state.get(TILES, ())), state["players"][p].get("fleets", 0))


register(Mechanic(
    NAME, "colony tiles with their trade markers and colonies, and the players' trade fleets (Colonies)",
    state=_state, player_state=_player_state, deal=deal, new_generation=new_generation, check_save=check_save,
    questions=(SetupQuestion(lambda pl: False, _ask_tiles, _take_tiles),),
    domains={TILES: fingerprint}, describe=describe,
    coverage={"colony tiles built on": (CARD_TYPE, lambda st: [t["name"] for t in st.get(TILES, ()) if t["owners"]]),
              "colony tiles traded with": (CARD_TYPE, lambda st: st.get(TRADED, ()))},
    scenario=ScenarioKeys(setup={"colonies": _TILES}, arrange=arrange, card_lists={}),
))
