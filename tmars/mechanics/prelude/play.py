"""Prelude cards: played from outside the hand, before generation 1 or when a row draws them.

A prelude has no cost and is never a project: it is dealt at setup, chosen with the corporation
(the mechanic's setup question), and played in the setup step `play_preludes`, each
player in turn order playing the kept ones one at a time in the order they choose (F180, F322).
A prelude that cannot be played in full when its turn comes is discarded for the M€ that
rules.yaml says instead (F318) — and only then: whether it can be played is the offer check's
question (the static test and the ledger, else a trial of its play). `play-card(prelude, of 3)`
draws preludes and plays one of them the same way (`pick_play`).
"""

from __future__ import annotations

from typing import Any

from ... import feasible
from ...interpreter import Interp, ask_one, option
from ...mechanic import forget_action
from ...trial import fork, search


def playable_now(g: Interp, p: int, name: str) -> bool:
    """Can this prelude be played in full now? Its own effects may fire while it resolves (F105)."""
    card = g.content.cards[name]
    row = card.get("play", []) + [n for e in card.get("effects", ()) if "on" in e for n in e["do"]]
    verdict = feasible.row_verdict(g, p, f"prelude:{name}", [], row, {"p": p, "card": name})
    if verdict is not None:
        return verdict
    sub = Interp(fork(g.state), g.content)
    base = len(sub.state["stack"])
    sub.push({"t": "resolve_card", "p": p, "card": name, "from": "none"})
    return search(sub, base)


#: the mechanic's name: how manifests switch it on and how rules files head its facts
NAME = "prelude"


def facts(content: Any) -> dict:
    """The mechanic's facts: the `prelude:` section of the rules files (dealt, kept, unplayable_mc)."""
    return content.rules.section(NAME)


def unplayable_mc(g: Interp) -> int:
    """What a prelude that cannot be played is discarded for (F318)."""
    return facts(g.content).get("unplayable_mc", 0)


def pick_options(g: Interp, p: int, cards: list[str], one: bool) -> list[dict]:
    """Play a playable prelude, or discard an unplayable one for M€ (F318). Choosing one of
    several to play (`one`), the discard is offered only when none of them can be played."""
    mc = unplayable_mc(g)
    plays = [option(f"play:{c}", f"play {c}") for c in cards if playable_now(g, p, c)]
    if one and plays:
        return plays
    sells = [option(f"discard:{c}", f"discard {c} (it cannot be played) for {mc} M€")
             for c in cards if f"play:{c}" not in {o["id"] for o in plays}]
    return plays + (sells[:1] if one else sells)


def discard_for_mc(g: Interp, p: int, name: str) -> None:
    pl = g.state["players"][p]
    mc = unplayable_mc(g)
    pl["res"]["mc"] += mc
    g.state["prelude_discard"].append(name)
    g.log(f"{pl['name']} cannot play {name}: discards it for {mc} M€")


def h_play_preludes(g: Interp, task: dict, answer: Any) -> dict | None:
    """The setup step: the player's next kept prelude, in the order they choose. The step asks
    again after each prelude, so each prelude is a unit of play of its own."""
    p = task["p"]
    pl = g.state["players"][p]
    kept = pl.get("preludes") or []
    if not kept:
        pl.pop("preludes", None)
        return None
    answer, ask = ask_one(answer, p, "card", "Play which prelude next?", pick_options(g, p, kept, False))
    if ask:
        return ask
    verb, _, name = answer.partition(":")
    if len(kept) > 1:
        g.push(dict(task))  # asked again once this prelude is done
    if verb == "discard":
        kept.remove(name)
        discard_for_mc(g, p, name)
    else:
        forget_action(g.state, g.content.wild, p)  # each prelude is an action of its own (F330, F334)
        g.push({"t": "resolve_card", "p": p, "card": name, "from": "preludes"})
    return None


def h_pick_play(g: Interp, task: dict, answer: Any) -> dict | None:
    """Drawn preludes: play one (or discard it for M€ if none can be played); the rest are discarded."""
    p, cards = task["p"], task["cards"]
    answer, ask = ask_one(answer, p, "card", "Play which of the drawn cards?", pick_options(g, p, cards, True))
    if ask:
        return ask
    verb, _, name = answer.partition(":")
    discard = g.state[f"{task['deck']}_discard"]
    discard.extend(c for c in cards if c != name)
    if verb == "discard":
        discard_for_mc(g, p, name)
    else:
        g.push({"t": "resolve_card", "p": p, "card": name, "from": "none"})
    return None

