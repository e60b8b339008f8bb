"""Setting up a game: the state of a new game, and the setup steps before generation 1.

Which steps run, in which order, is data (`flow: setup` in the modules' manifests): each is a
task type registered in HANDLERS, run once per player in seat order (simultaneous, private
choices) or in turn order from the first player (F180). A mechanic adds one (a step after the
reveal, say) by registering its task (tmars/mechanic.py) and a module names it in its manifest; a
mechanic may also deal at the new game, ask its own questions in the private choice, and act as a
player reveals.
"""

from __future__ import annotations

from typing import Any

from . import rules
from compiler.gameflow import SetupStep
from compiler.gamerules import GameRules

from .content import Content
from .interpreter import Interp, decision, option, row_entries
from .mechanic import TASKS, Task, core_tasks, forget_action
from .rng import shuffle
from compiler.ops import Resource

#: the ops told apart here, by their declared names (string compares on hot paths)
_RESOURCE = Resource.name


def players_range(rules: GameRules) -> range:
    """How many players a game seats (rules.yaml `players`): the command line and saves ask this."""
    return range(rules.players[0], rules.players[1] + 1)


def step_players(step: SetupStep, state: dict, start: int = 0, stop: int | None = None) -> list[int]:
    """The players at positions start..stop of a setup step's order (seat, or turn from the first)."""
    n = len(state["players"])
    return [k if step.order == "seat" else (state["first"] + k) % n for k in range(start, n if stop is None else stop)]


def next_setup_task(g: Interp) -> bool:
    """Push the next setup task of the flow's setup steps (each run for every player, in seat order
    or in turn order from the first player, F180); False once every step is done."""
    st = g.state
    s = st["setup"]
    n = len(st["players"])
    steps = g.content.flow.setup
    names = [step.task for step in steps]
    stage = {"choose": "setup_choose"}.get(s["stage"], s["stage"])  # the name saves of version 1 used
    k = names.index(stage) if stage in names else len(names)
    while k < len(names):
        if s["i"] < n:
            step = steps[k]
            p = step_players(step, st, s["i"])[0]
            g.push({"t": step.task, "p": p})
            s["i"] += 1
            return True
        k += 1
        s.update(stage=names[k] if k < len(names) else "done", i=0)
    return False


def start_mc(content: Content, corp: str) -> int:
    return sum(n["n"] for n in content.cards[corp].get("start", ()) if n["op"] == _RESOURCE and n["res"] == "mc")



def hand_is_free(content: Content, corp: str) -> bool:
    """A corporation of the beginner variant (rules.yaml) keeps all dealt project cards without paying."""
    return corp in content.rules.beginner_corporations



def h_setup_choose(g: Interp, task: dict, answer: Any) -> dict | None:
    """Choose a corporation, then which dealt cards to keep (F178), privately."""
    p = task["p"]
    pl = g.state["players"][p]
    if "corp" not in task:
        if len(pl["dealt_corps"]) == 1:
            task["corp"] = pl["dealt_corps"][0]
        elif answer is None:
            return decision(p, "corporation", "Choose your corporation",
                            [option(c, c) for c in pl["dealt_corps"]])
        else:
            task["corp"] = answer
            answer = None
    corp = task["corp"]
    if "keep" not in task:
        if hand_is_free(g.content, corp) or not pl["dealt"]:
            task["keep"] = list(pl["dealt"])
        else:
            price = rules.buy_price(g.state, g.content, p, corp)
            most = min(len(pl["dealt"]), start_mc(g.content, corp) // price) if price else len(pl["dealt"])
            if answer is None:
                return decision(p, "select", f"Keep cards at {price} M€ each (as {corp})",
                                [option(c, c) for c in pl["dealt"]], min=0, max=most)
            task["keep"] = list(answer)
            answer = None
    for m in g.content.mechanics:  # the questions the mechanics switched on add, each asked once
        for q in m.questions:
            if q.done(pl):
                continue
            if answer is None:
                asked = q.ask(g, p)
                if asked is not None:
                    return asked
            q.take(g, p, answer)
            answer = None
    pl["setup_corp"] = corp
    pl["setup_keep"] = task["keep"]
    return None



def h_reveal(g: Interp, task: dict, answer: Any) -> dict | None:
    """Reveal in player order: corporation, its start, then pay for the kept cards (F180, F195)."""
    p = task["p"]
    st = g.state
    forget_action(st, g.content.wild, p)  # each reveal is an action of its own (F195)
    pl = st["players"][p]
    corp = pl.pop("setup_corp")
    keep = pl.pop("setup_keep")
    pl["corp"] = corp
    pl["played"].insert(0, {"name": corp, "res": 0, "used": False, "area": None})
    card = g.content.cards[corp]
    if card.get("first_action"):
        pl["first_action"] = True
    st["discard"].extend(c for c in pl.pop("dealt") if c not in keep)
    pl.pop("dealt_corps", None)
    for m in g.content.mechanics:
        if m.reveal is not None:
            m.reveal(g, p)
    g.log(f"{pl['name']} reveals {corp} and keeps {len(keep)} card(s)")
    g.push({"t": "buy_start", "p": p, "cards": keep, "free": hand_is_free(g.content, corp)})
    g.push({"t": "batch", "p": p, "card": corp, "entries": row_entries(card.get("start", []), {"p": p, "card": corp})})
    g.tags_played(p, corp)
    g.emit({"kind": "card", "p": p, "card": corp})  # the corporation is played (Vitor's 'including this', F337)
    return None



def h_buy_start(g: Interp, task: dict, answer: Any) -> dict | None:
    pl = g.state["players"][task["p"]]
    if not task["free"]:
        pl["res"]["mc"] -= rules.buy_price(g.state, g.content, task["p"]) * len(task["cards"])
        if "buy" in g.content.listened:
            for c in task["cards"]:
                g.emit({"kind": "buy", "p": task["p"], "card": c})
    pl["hand"].extend(task["cards"])
    return None




core_tasks({
    "setup_choose": Task(h_setup_choose, lambda s: {"p": s.player, "corp": s.corp, "keep": s.listing(s.project)},
                         optional=("corp", "keep"), begins_unit=True, setup_step=True,
                         records=(("dealt_corps", "dealt"), ("setup_corp", "setup_keep"))),
    "reveal": Task(h_reveal, lambda s: {"p": s.player}, begins_unit=True, setup_step=True,
                   records=(("setup_corp", "setup_keep", "dealt"), ("corp",))),
    "buy_start": Task(h_buy_start, lambda s: {"p": s.player, "cards": s.listing(s.project), "free": s.flag},
                      begins_unit=True, holds_cards=True),
})


def step_records(task: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a setup step needs on a player's record when it comes to them, and what it leaves there
    once done with them (a loaded save is checked against these)."""
    found = TASKS.get(task)
    return found.records if found else ((), ())


def new_state(content: Content, players: list[str], seed: int, draft: bool = False,
              beginners: tuple[int, ...] = (), max_generations: int | None = None) -> dict:
    """A new game in its setup phase: its modules and map (recorded in its options), the deck
    shuffled, corporations and project cards dealt."""
    start_prod = content.rules.start_production
    st: dict = {
        "version": 1, "seed": seed, "rng": seed & ((1 << 64) - 1),
        "options": {"draft": draft, "map": content.map.id,
                    "modules": list(content.modules), "max_generations": max_generations,
                    **({"variants": list(content.flow.variants)} if content.flow.variants else {})},
        "generation": 1, "phase": "setup", "first": 0, "current": 0, "actions": 0,
        "globals": {k: v["start"] for k, v in content.tracks.globals.items()},
        "board": {}, "claims": {}, "deck": content.project_deck(), "discard": [],
        "players": [], "milestones": [], "awards": [], "stack": [], "pending": None,
        "setup": {"stage": content.flow.setup[0].task if content.flow.setup else "done", "i": 0}, "log": [],
        "over": False,
    }
    for name in players:
        st["players"].append({
            "name": name, "corp": None, "tr": content.tracks.start_tr,
            "res": {r: 0 for r in rules.STANDARD}, "prod": {r: start_prod for r in rules.STANDARD},
            "hand": [], "played": [], "events": [], "passed": False, "tr_gen": 0, "granted": [],
            "dealt": [], "dealt_corps": [],
        })
    shuffle(st, st["deck"])
    corps = sorted(content.corporations())
    shuffle(st, corps)
    beginner = sorted(content.beginner_corporations())
    g = Interp(st, content)
    for p, pl in enumerate(st["players"]):
        if p in beginners and beginner:
            pl["dealt_corps"] = [beginner[0]]
        else:
            k = content.rules.setup_corporations
            pl["dealt_corps"] = [corps.pop() for _ in range(k)] if len(corps) >= k else corps[:]
    for pl in st["players"]:
        pl["dealt"] = g.take_from_deck(content.rules.setup_cards)
    for m in content.mechanics:
        if m.deal is not None:
            m.deal(g)
    return st
