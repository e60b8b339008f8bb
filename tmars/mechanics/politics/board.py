"""The Terraforming Committee's rules, once: placing a delegate (the party's leader and the
dominant party follow). A player's influence is the `influence` count (`compiler/counts.py`)."""

from __future__ import annotations

from typing import Any

from ...content import Content

NAME = "politics"
CARD_TYPE = "party"
#: the state key of the board
STATE = "politics"
#: who owns a neutral delegate (a player is their seat)
NEUTRAL = "neutral"


def facts(content: Content) -> dict:
    """The mechanic's rule facts (the `politics:` section of the modules' rules files)."""
    return content.rules.section(NAME)


def party_of(board: dict, name: str) -> dict:
    return next(p for p in board["parties"] if p["name"] == name)


def size(board: dict, name: str) -> int:
    """A party's delegates, its leader included (the chairman sits in none, F380)."""
    return len(party_of(board, name)["delegates"])


def place(board: dict, owner: Any, name: str) -> None:
    """A delegate of `owner` (a seat, or neutral) joins a party: the first to enter an empty party
    leads it, and the lead passes only to an owner with strictly more delegates there (F378); the
    party takes dominance only with strictly more delegates than the dominant party."""
    party = party_of(board, name)
    party["delegates"].append(owner)
    leader = party["leader"]
    if leader is None or (owner != leader and party["delegates"].count(owner) > party["delegates"].count(leader)):
        party["leader"] = owner
    if name != board["dominant"] and size(board, name) > size(board, board["dominant"]):
        board["dominant"] = name
