"""The course of a game: its phases as registries, run in the order the modules' manifests give.

Which phases a generation has, in which order, where generation 1 starts and what follows the
game end is data (`flow:` in a manifest, read by `compiler/gameflow.py`). Here each phase is
registered by name (tmars/mechanic.py): its `advance` runs when nothing is on the stack (it pushes
the phase's next task, or ends the phase), and its `start`, if any, when the phase begins. A phase
ends with `end_phase`, which enters the next one of the flow, or ends the generation. A mechanic
with a new phase registers it with its package and a module names it in its manifest; no other
phase changes. A saved game names its phase, and a name that is not registered is refused on loading.
"""

from __future__ import annotations

from typing import Any

from . import rules, scoring
from .actions import next_player, start_action
from .offers import conversion_usable
from .content import slug
from .interpreter import Interp, ask_one, decision, option, quantities
from .mechanic import (MECHANICS, PHASES, TASKS, Phase, Task, core_phases, core_tasks, forget_action, load_plugins,
                       names_off)
from .scoring import ROWS
from .setup import next_setup_task
from compiler.gameflow import ENGINE_NAMES, SECTIONS, GameFlow, Known
from compiler.text import noun
from compiler.modules import ModuleError
from compiler.ops import Tile
from compiler.vocab import STANDARD_RESOURCES

#: the ops told apart here, by their declared names (string compares on hot paths)
_TILE = Tile.name


def phases_of(flow: GameFlow) -> list[str]:
    """The phases a game of this flow may be in: the core's and those of the mechanics it switches on."""
    off = names_off(flow.mechanics)
    return [name for name in PHASES if name not in off]


def advance_flow(g: Interp) -> None:
    """Nothing on the stack: move the game on to its next step."""
    PHASES[g.state["phase"]].advance(g)


def enter(g: Interp, phase: str) -> None:
    """Begin a phase: its start, if it has one, runs now. What was recorded of the last action of
    the phase before (one of the setup's) is forgotten (`forget_action`)."""
    g.state["phase"] = phase
    forget_action(g.state, g.content.wild)
    start = PHASES[phase].start
    if start is not None:
        start(g)


def end_phase(g: Interp) -> None:
    """The current phase is over: enter the next phase of the flow, or begin the next generation
    (after the last final phase, the game is over)."""
    st, flow = g.state, g.content.flow
    phase = st["phase"]
    if phase in flow.final:
        k = flow.final.index(phase) + 1
        enter(g, flow.final[k]) if k < len(flow.final) else finish(g)
        return
    k = flow.generation.index(phase) + 1
    if k < len(flow.generation):
        enter(g, flow.generation[k])
        return
    new_generation(g)
    enter(g, flow.generation[0])


def advance_game_end(g: Interp) -> None:
    """The game-end check, a step of the generation where the flow puts it (after production, and
    before any step a module adds to the end of a generation, F291): when every track that ends
    the game is at its goal, the final phases follow (in a game of fixed length, after its last
    generation, whatever the parameters: F257); a game capped by its options ends here."""
    st, flow = g.state, g.content.flow
    cap = st["options"].get("max_generations")
    last = g.content.rules.last_generation
    if (st["generation"] >= last) if last is not None else globals_maxed(g):
        enter(g, flow.final[0]) if flow.final else finish(g)
    elif cap and st["generation"] >= cap:
        st["capped"] = True
        finish(g)
    else:
        end_phase(g)


def start_action_phase(g: Interp) -> None:
    st = g.state
    st["current"] = st["first"]
    st["actions"] = 0


def advance_action(g: Interp) -> None:
    st = g.state
    for pl in st["players"]:
        if not pl["passed"]:
            break
    else:  # everyone has passed
        end_phase(g)
        return
    if st["players"][st["current"]]["passed"]:
        next_player(st)
    g.push({"t": "turn", "p": st["current"]})


def start_production(g: Interp) -> None:
    """The production phase begins: the effects answering its start (`production-phase`) go first,
    every player's in one batch (outside the action phase the first player orders them, F204),
    before anything is produced (`advance_production` runs once they are resolved)."""
    if "production-phase" not in g.content.listened:
        return
    st = g.state
    n = len(st["players"])
    for k in range(n):
        g.emit({"kind": "production-phase", "p": (st["first"] + k) % n})


def advance_production(g: Interp) -> None:
    production(g)
    end_phase(g)


def advance_setup(g: Interp) -> None:
    """Push the next setup task; after the last, generation 1 begins where the flow says."""
    if not next_setup_task(g):
        enter(g, g.content.flow.first_phase)


def advance_research(g: Interp) -> None:
    st = g.state
    n = len(st["players"])
    r = st["research"]
    if st["options"].get("draft") and r.get("draft_rounds", 0) < g.content.rules.research_draw:
        draft_step(g)
        return
    if r["i"] < n:
        p = (st["first"] + r["i"]) % n
        r["i"] += 1
        g.push({"t": "research", "p": p, "cards": r["cards"][p]})
        return
    st.pop("research")
    st.pop("draft", None)
    end_phase(g)


def start_final(g: Interp) -> None:
    g.state["final"] = 0


def advance_final(g: Interp) -> None:
    """The final greenery conversions, each player in turn order."""
    st = g.state
    n = len(st["players"])
    if st["final"] < n:
        g.push({"t": "final_greenery", "p": (st["first"] + st["final"]) % n})
        st["final"] += 1
        return
    st.pop("final")
    end_phase(g)


def h_research(g: Interp, task: dict, answer: Any) -> dict | None:
    p = task["p"]
    cards = task["cards"]
    most = buyable(g, p, len(cards))
    if answer is None:
        if most == 0:
            answer = []
        else:
            return decision(p, "select", f"Research: buy cards at {rules.buy_price(g.state, g.content, p)} M€ each",
                            [option(c, c) for c in cards], min=0, max=most)
    buy_cards(g, p, cards, answer)
    return None



def buyable(g: Interp, p: int, offered: int) -> int:
    """How many cards the player can afford at the card price, counting resources usable as M€ (F170)."""
    spend = g.state["players"][p]["res"]["mc"] + rules.spare_payment_value(g.state, g.content, p, ())
    price = rules.buy_price(g.state, g.content, p)
    return min(offered, spend // price) if price else offered



def buy_cards(g: Interp, p: int, cards: list[str], chosen: list[str]) -> None:
    """Chosen cards go to the hand and are paid through the payment step; the rest are discarded."""
    pl = g.state["players"][p]
    for c in cards:
        (pl["hand"] if c in chosen else g.state["discard"]).append(c)
    if cards:
        g.say(p, f"buys {len(chosen)} of {len(cards)} {noun('card', len(cards))}")
    if chosen:
        g.push({"t": "pay", "p": p, "amount": rules.buy_price(g.state, g.content, p) * len(chosen), "why": "cards"})
        if "buy" in g.content.listened:
            for c in chosen:
                g.emit({"kind": "buy", "p": p, "card": c})



def h_draft(g: Interp, task: dict, answer: Any) -> dict | None:
    """Draft variant: pick one card from the pack in front of you; packs then pass on."""
    p = task["p"]
    draft = g.state["draft"]
    pack = draft["packs"][p]
    if not pack:
        return None
    answer, ask = ask_one(answer, p, "draft", "Draft: keep one card, pass the rest", [option(c, c) for c in pack])
    if ask:
        return ask
    pack.remove(answer)
    draft["picked"][p].append(answer)
    return None



def production(g: Interp) -> None:
    """Each player's resources that turn into others turn first (energy into heat), then every
    production is added, with what the rules add to an income (the TR to M€): rule facts of
    `production` in the rules files. Used card actions are ready again."""
    g.log(f"production phase of generation {g.state['generation']}")
    rules = g.content.rules
    for p, pl in enumerate(g.state["players"]):
        res, prod = pl["res"], pl["prod"]
        turned = []
        for src, into in rules.production_converts.items():
            left = res[src]
            res[into] += left
            res[src] = 0
            if left:
                turned.append(f"{left} {src} to {into}")
        made = {r: prod[r] for r in STANDARD_RESOURCES}  # in the language's order, as a loaded save may not be
        for r, adds in rules.income_adds.items():
            made[r] += pl[adds]
        for r, n in made.items():
            if n < -res[r]:  # an income below 0 (a TR fallen low, M€ production at -5) takes what there is (F064)
                made[r] = n = -res[r]
            res[r] += n
        for e in pl["played"]:
            e["used"] = False
        g.say(p, f"produces {quantities(made) or 'nothing'}" + (f" ({', '.join(turned)})" if turned else ""))



def globals_maxed(g: Interp) -> bool:
    spec = g.content.tracks.globals
    return all(g.state["globals"][k] >= spec[k]["goal"] for k in g.content.rules.ending_tracks())



def h_final_greenery(g: Interp, task: dict, answer: Any) -> dict | None:
    p = task["p"]
    convs = [c for c in g.content.of_type("conversion")
             if any(n["op"] == _TILE and n["tile"] == "greenery" for n in c["action"][0]["gain"])]
    usable = [c for c in convs if conversion_usable(g, p, c, counts=False)]
    if not usable:
        return None
    if answer is None:
        opts = [option(f"convert:{slug(c['name'])}", c["name"]) for c in usable] + [option("done", "done")]
        return decision(p, "action", "Final greenery: convert plants?", opts)
    if answer == "done":
        return None
    g.push(dict(task))  # asked again after this conversion
    start_action(g, p, answer, counts=False)
    return None



def new_generation(g: Interp) -> None:
    st = g.state
    n = len(st["players"])
    st["generation"] += 1
    st["first"] = (st["first"] + 1) % n
    for pl in st["players"]:
        pl["passed"] = False
        pl["tr_gen"] = 0
        pl["granted"] = []  # what was granted for a while lasts this generation at most
    for mechanic in g.content.mechanics:
        if mechanic.new_generation is not None:
            mechanic.new_generation(g)


def start_research(g: Interp) -> None:
    """Deal each player the research cards, and the draft packs in the draft variant."""
    st = g.state
    n = len(st["players"])
    cards = [[] for _ in range(n)]
    # one card at a time in player order, so a short deck is shared (F085)
    for _ in range(g.content.rules.research_draw):
        for k in range(n):
            p = (st["first"] + k) % n
            cards[p] += g.take_from_deck(1)
    st["research"] = {"i": 0, "cards": cards}
    if st["options"].get("draft"):
        st["draft"] = {"packs": cards, "picked": [[] for _ in range(n)], "turn": 0}
        st["research"]["draft_rounds"] = 0



def draft_step(g: Interp) -> None:
    st = g.state
    n = len(st["players"])
    d, r = st["draft"], st["research"]
    if d["turn"] < n:
        g.push({"t": "draft", "p": d["turn"]})
        d["turn"] += 1
        return
    d["turn"] = 0
    r["draft_rounds"] += 1
    # clockwise in even generations, counter-clockwise in odd (F032)
    shift = 1 if st["generation"] % 2 == 0 else -1
    d["packs"] = [d["packs"][(p - shift) % n] for p in range(n)]
    if r["draft_rounds"] >= g.content.rules.research_draw:
        r["cards"] = d["picked"]



def finish(g: Interp, scored: bool = True) -> None:
    """The game is over: scored, unless it was lost (the solo game, F257: its scores stay empty)."""
    st = g.state
    st["phase"] = "over"
    st["over"] = True
    st["scores"] = scoring.score(st, g.content) if scored else []
    g.log("game over")




core_phases({
    "setup": Phase(advance_setup, in_flow=False), "action": Phase(advance_action, start_action_phase),
    "production": Phase(advance_production, start_production), "research": Phase(advance_research, start_research),
    "final": Phase(advance_final, start_final), "game_end": Phase(advance_game_end),
})
core_tasks({
    "research": Task(h_research, lambda s: {"p": s.player, "cards": s.listing(s.project)}, begins_unit=True),
    "draft": Task(h_draft, lambda s: {"p": s.player}, begins_unit=True),
    "final_greenery": Task(h_final_greenery, lambda s: {"p": s.player}, begins_unit=True),
})


def flow_names() -> Known:
    """Every name a module's flow may use, by section, with the mechanic it belongs to ('' for the
    core's): setup steps are the task types declared as such (`Task.setup_step`), the generation's
    and the final phases are the phases a flow may name, score rows are `ROWS`; and the mechanics.
    Lint checks a manifest against these."""
    load_plugins()
    owner = {name: m.name for m in MECHANICS.values() for name in (*m.tasks, *m.phases)}
    phases = {name: owner.get(name, "") for name, phase in PHASES.items() if phase.in_flow}
    steps = {name: owner.get(name, "") for name, task in TASKS.items() if task.setup_step}
    return {"setup": steps, "generation": phases, "final": phases,
            "scoring": dict.fromkeys(ROWS, ""), "mechanics": {name: name for name in MECHANICS}}


def checked_flow(flow: GameFlow) -> GameFlow:
    """The modules' flow, refused with what exists if it names a mechanic this engine does not have,
    or a step that neither the core nor a mechanic it switches on has."""
    names = flow_names()
    unknown = [m for m in flow.mechanics if m not in names["mechanics"]]
    if unknown:
        raise ModuleError(f"the modules switch on the mechanic '{unknown[0]}', which this engine does not have; "
                          f"it has {', '.join(sorted(names['mechanics'])) or 'none'}")
    named = {"setup": [s.task for s in flow.setup], "generation": flow.generation, "final": flow.final,
             "scoring": flow.scoring}
    for section, steps in named.items():
        have = {name for name, owner in names[section].items() if not owner or owner in flow.mechanics}
        for name in steps:
            if name not in have:
                owner = names[section].get(name)
                hint = (f"; it is the mechanic {owner}'s: switch it on with 'mechanics: [{owner}]' under flow"
                        if owner else f"; it has {', '.join(sorted(have))}")
                raise ModuleError(f"the modules' flow names the {SECTIONS[section]} '{name}', which this engine "
                                  f"does not have{hint}")
    return flow


ENGINE_NAMES.append(flow_names)  # lint checks a module's flow against the engine's names
