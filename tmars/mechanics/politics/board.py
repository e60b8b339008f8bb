"""The Terraforming Committee's names and facts, and the global events' deck. How a delegate
joins or leaves a party is stated once in `compiler/ops/politics.py` (for the ops and this
mechanic alike); a player's influence is the `influence` count (`compiler/counts.py`)."""

from __future__ import annotations


from ...content import Content

from compiler.ops.politics import (MECHANIC as NAME, NEUTRAL, STATE, next_dominant, party_of, place,  # noqa: F401
                                   place_neutral, size, to_reserve)

CARD_TYPE = "party"
#: the mechanic of the variant where the chairman chooses the ruling party's agenda in each new
#: government (Political Agendas, `agenda.py`)
CHAIRMAN_AGENDAS = "chairman_agendas"
#: the card type of the global events, and the state keys of their deck and discard pile
EVENT_TYPE, EVENT_DECK, EVENT_DISCARD = "global-event", "event_deck", "event_discard"


def facts(content: Content) -> dict:
    """The mechanic's rule facts (the `politics:` section of the modules' rules files)."""
    return content.rules.section(NAME)


def bonus_of(board: dict, party: str) -> str:
    """The component whose bonus row is the party's ruling bonus: the party's own, or the agenda
    a game with Political Agendas drew or its chairman chose (`agenda.py`)."""
    agenda = (board.get("agendas") or {}).get(party)
    return agenda["bonus"] if agenda else party


def policy_of(board: dict, party: str) -> str:
    """The component whose effects, action or paid action are the party's policy (as `bonus_of`)."""
    agenda = (board.get("agendas") or {}).get(party)
    return agenda["policy"] if agenda else party


def draw_event(state: dict) -> str | None:
    """The top global event, the discard pile shuffled in when the deck is out."""
    from ...rng import shuffle
    if not state[EVENT_DECK] and state[EVENT_DISCARD]:
        state[EVENT_DECK], state[EVENT_DISCARD] = state[EVENT_DISCARD], []
        shuffle(state, state[EVENT_DECK])
    return state[EVENT_DECK].pop() if state[EVENT_DECK] else None
