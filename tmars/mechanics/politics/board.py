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
#: the card type of the global events, and the state keys of their deck and discard pile
EVENT_TYPE, EVENT_DECK, EVENT_DISCARD = "global-event", "event_deck", "event_discard"


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


def place_neutral(board: dict, name: str) -> None:
    """A neutral delegate from the reserve joins a party; none is placed when the reserve is empty
    (F381)."""
    if board["neutral"] > 0:
        board["neutral"] -= 1
        place(board, NEUTRAL, name)


def draw_event(state: dict) -> str | None:
    """The top global event, the discard pile shuffled in when the deck is out."""
    from ...rng import shuffle
    if not state[EVENT_DECK] and state[EVENT_DISCARD]:
        state[EVENT_DECK], state[EVENT_DISCARD] = state[EVENT_DISCARD], []
        shuffle(state, state[EVENT_DECK])
    return state[EVENT_DECK].pop() if state[EVENT_DECK] else None
