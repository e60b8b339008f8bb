"""What a finished game tells the report about each seat: kept small, since it travels from the
workers and a run may hold many games in flight."""

from __future__ import annotations

from typing import Any

from ..game import win_shares

#: a seat's corporation is counted on its own (`corp`), not among its cards
CORPORATION = "corporation"


def mechanic_types(game: Any) -> list[str]:
    """The card types the game's mechanics add (`Mechanic.card_types`), each counted apart from the
    project cards, in the order the mechanics come."""
    return list(dict.fromkeys(t for m in game.content.mechanics for t in m.card_types))


def seats(game: Any, kinds: list[str]) -> list[dict]:
    """Per seat: its bot's kind, corporation, project cards played (in the order played, events
    last), the cards of each mechanic's card type it played (`by_type`, a key for every such type of
    the game, so that a run's records all have the same keys), its score rows and total (empty for
    a solo game lost: it is not scored), its place and its share of the win."""
    rows = game.scores()
    shares = win_shares(game)
    types = mechanic_types(game)
    out = []
    for i, pl in enumerate(game.state["players"]):
        names = [e["name"] for e in pl["played"]] + list(pl["events"])
        type_of = {n: game.content.cards[n]["type"] for n in names}
        row = rows[i] if rows else {}
        out.append({"bot": kinds[i], "corporation": pl["corp"],
                    "cards": [n for n in names if type_of[n] != CORPORATION and type_of[n] not in types],
                    "by_type": {t: [n for n in names if type_of[n] == t] for t in types},
                    "points": {name: row[name] for name in game.content.flow.scoring if name in row},
                    "total": row.get("total"), "place": row.get("place"), "win": shares[i]})
    return out
