"""The prelude mechanic: a second deck dealt at setup, kept with the corporation and played in a
setup step of its own before generation 1 (F178, F180, F184, F322), and drawn from by
`play-card(prelude, of 3)` (F339).

Its facts are the `prelude:` section of a rules file (`dealt`, `kept`, `unplayable_mc`); its cards
are the cards of type `prelude`. The Prelude module switches it on (`flow: {mechanics: [prelude]}`).
"""

from __future__ import annotations

from typing import Any

from ...content import Content
from ...interpreter import Interp, decision, option
from ...mechanic import Mechanic, SaveShapes, ScenarioKeys, SetupQuestion, Task, register
from ...rng import shuffle
from .play import NAME, facts, h_pick_play, h_play_preludes

CARD_TYPE = "prelude"
DECK, DISCARD = "prelude_deck", "prelude_discard"
_NAMES = {"type": "array", "items": {"type": "string", "minLength": 1}}


def prelude_cards(content: Content) -> list[str]:
    """The prelude deck: every prelude card in the game, in printed order."""
    return content.in_printed_order(CARD_TYPE)


def deal(g: Interp) -> None:
    """Shuffle the prelude deck and deal each player their preludes, after the project cards."""
    st, content = g.state, g.content
    cards, dealt = prelude_cards(content), facts(content).get("dealt", 0)
    if not cards or not dealt:
        return
    st[DECK], st[DISCARD] = cards, []
    shuffle(st, st[DECK])
    for pl in st["players"]:
        pl["dealt_preludes"] = g.take_from_extra_deck("prelude", dealt)


def _kept(g: Interp, p: int) -> int:
    return min(facts(g.content).get("kept", 0), len(g.state["players"][p]["dealt_preludes"]))


def _ask(g: Interp, p: int) -> dict | None:
    """Kept preludes are chosen with the rest, a beginner too (F178, F184)."""
    dealt = g.state["players"][p]["dealt_preludes"]
    k = _kept(g, p)
    if k < len(dealt):
        return decision(p, "select", f"Keep {k} prelude cards", [option(c, c) for c in dealt], min=k, max=k)
    return None


def _take(g: Interp, p: int, answer: Any) -> None:
    pl = g.state["players"][p]
    pl["setup_preludes"] = list(answer) if _kept(g, p) < len(pl["dealt_preludes"]) else list(pl["dealt_preludes"])


def reveal(g: Interp, p: int) -> None:
    """The preludes not kept go to their discard pile; the kept ones wait for the prelude step."""
    pl = g.state["players"][p]
    if "setup_preludes" in pl:
        kept = pl.pop("setup_preludes")
        g.state[DISCARD].extend(c for c in pl.pop("dealt_preludes") if c not in kept)
        pl["preludes"] = kept


def check_save(state: dict) -> None:
    from ...mechanic import SaveError
    for pl in state["players"]:
        if not set(pl.get("setup_preludes", [])) <= set(pl.get("dealt_preludes", [])):
            raise SaveError(f"{pl['name']} keeps preludes that were not dealt")


def arrange(game: Any, setup: Any, players: Any, card: Any) -> None:
    """A scenario's preludes: those a player was dealt (`dealt_preludes`, with `phase: setup`) and
    the top of the prelude deck (`prelude_deck`, the first named on top). Preludes dealt at random
    go back to the deck unless the game is in its setup and the scenario names none."""
    st = game.state
    if DECK not in st:
        from ...scenario_check import WRONG_VALUE, ScenarioError, where
        raise ScenarioError("this game deals no preludes (its rules deal none, or it has no prelude cards)",
                            where(setup), WRONG_VALUE)
    for pl, spec in zip(st["players"], players, strict=True):
        if "dealt_preludes" in pl and (st["phase"] != "setup" or "dealt_preludes" in spec):
            st[DECK].extend(pl.pop("dealt_preludes"))
        if "dealt_preludes" in spec:
            names = [card(spec["dealt_preludes"], i, "prelude") for i in range(len(spec["dealt_preludes"]))]
            st[DECK] = [c for c in st[DECK] if c not in names]
            pl["dealt_preludes"] = names
    if "prelude_deck" in setup:
        top = [card(setup["prelude_deck"], i, "prelude") for i in range(len(setup["prelude_deck"]))]
        st[DECK] = [c for c in st[DECK] if c not in top] + list(reversed(top))


def _prelude(s: SaveShapes) -> dict:
    return s.names(prelude_cards(s.content), "a prelude card of this game")


register(Mechanic(
    name=NAME,
    summary="prelude cards: dealt and kept at setup, played in a setup step before generation 1",
    tasks={
        "play_preludes": Task(h_play_preludes, lambda s: {"p": s.player}, begins_unit=True, setup_step=True),
        "pick_play": Task(h_pick_play, lambda s: {"p": s.player, "cards": s.listing(_prelude(s), minItems=1),
                                                  "deck": s.names(("prelude",), "a deck"), "one": s.flag},
                          holds_cards=True),
    },
    state=lambda s: {DECK: s.listing(_prelude(s)), DISCARD: s.listing(_prelude(s))},
    player_state=lambda s: {k: s.listing(_prelude(s)) for k in ("dealt_preludes", "setup_preludes", "preludes")},
    zones=(DECK, DISCARD),
    player_zones=("dealt_preludes", "preludes"),
    played_from=("preludes",),
    card_types=(CARD_TYPE,),
    card_options=("discard",),
    deal=deal,
    questions=(SetupQuestion(done=lambda pl: "setup_preludes" in pl or not pl.get("dealt_preludes"),
                             ask=_ask, take=_take),),
    reveal=reveal,
    check_save=check_save,
    scenario=ScenarioKeys(player={"dealt_preludes": _NAMES}, setup={"prelude_deck": _NAMES}, arrange=arrange,
                          card_lists={"dealt_preludes": CARD_TYPE, "prelude_deck": CARD_TYPE}),
))
