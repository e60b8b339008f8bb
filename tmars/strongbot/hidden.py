"""Copies of a game that hold nothing a player cannot see: what the bot tries answers on.

The bot may look ahead on the engine's own copies, but a copy keeps the order of the deck and the
other players' hands, which no player knows. So each copy has every deck (the project deck and
each deck a mechanic keeps as `NAME_deck`) and the other players' hands dealt afresh at random
from the cards the player has not seen (taken in an order of their own, so the hidden order
plays no part), and its random state replaced by the bot's: what an answer draws in a copy is a
guess, never the card that will come. The bot's choices are thus a function of what it may see
and of its own random state.
"""

from __future__ import annotations

from ..game import Game
from ..rng import SeededRandom

#: how the core names a deck a mechanic keeps (`Interp.take_from_extra_deck`)
DECK_SUFFIX = "_deck"


def unseen_copy(game: Game, p: int, rng: SeededRandom) -> Game:
    """A copy of the game as player p may imagine it: the unseen cards dealt again at random."""
    copy = game.look_ahead()
    st = copy.state
    others = [pl for q, pl in enumerate(st["players"]) if q != p]
    pool = sorted(st["deck"] + [c for pl in others for c in pl["hand"]])  # their order is hidden too
    rng.shuffle(pool)
    for pl in others:
        n = len(pl["hand"])
        pl["hand"] = pool[len(pool) - n:] if n else []
        del pool[len(pool) - n:]
    st["deck"] = pool
    for key in sorted(k for k in st if k.endswith(DECK_SUFFIX)):
        if isinstance(st[key], list):
            deck = sorted(st[key], key=str)
            rng.shuffle(deck)
            st[key] = deck
    st["rng"] = rng.getrandbits(63) | 1
    return copy
