"""Political Agendas, a fan variant of Turmoil (docs/research/turmoil-facts.yaml `agendas`): each
party has more ruling bonuses and policies than the one it prints, as components of type `agenda`
(`cards/turmoil/agendas.yaml`), and a game uses one bonus and one policy of each party.

Two mechanics, one per way of choosing, each switched on by its variant: `agendas` draws each
party's bonus and policy at random at the start, for the whole game; `chairman_agendas` has the
chairman choose them for the party taking power, in the new government (a neutral chairman's are
drawn at random, as are the first ruling party's). What the board uses is `board["agendas"]`,
party -> {"bonus", "policy"}: the name of the component whose bonus row or policy is in force (a
party's own name for what it prints); `board.bonus_of` and `board.policy_of` read it.
"""

from __future__ import annotations

from typing import Any

from compiler.modules import ModuleError
from compiler.ops.protocol import ask_one, option

from ...content import Content
from ...interpreter import Interp
from ...mechanic import Mechanic, Task, register
from ...rng import below
from .board import CHAIRMAN_AGENDAS, STATE, facts

AGENDA_TYPE = "agenda"


def choices(content: Content, party: str) -> tuple[list[str], list[str]]:
    """(bonuses, policies) a party may use: its own printed one first, then its agendas of each
    kind in printed order (an agenda that needs a module not in play is not in this game)."""
    memo = content.memo["agenda-choices"]
    found = memo.get(party)
    if found is None:
        mine = [n for n in content.in_printed_order(AGENDA_TYPE) if content.cards[n]["parts"]["party"] == party]
        bonuses = [party] + [n for n in mine if "bonus" in content.cards[n]["parts"]]
        found = memo[party] = (bonuses, [party] + [n for n in mine if n not in bonuses])
    return found


def _drawn(g: Interp, party: str) -> dict[str, str]:
    bonuses, policies = choices(g.content, party)
    return {"bonus": bonuses[below(g.state, len(bonuses))], "policy": policies[below(g.state, len(policies))]}


def _board(g: Interp) -> dict:
    board = g.state[STATE]
    if "agendas" in board:
        raise ModuleError("the variants agendas and chairman-agendas choose the parties' agendas in two ways: "
                          "turn on one of them")
    return board


def deal_random(g: Interp) -> None:
    """Each party's bonus and policy for the game, drawn in the board's order."""
    board = _board(g)
    board["agendas"] = {party["name"]: _drawn(g, party["name"]) for party in board["parties"]}
    g.log("agendas: " + "; ".join(f"{p}: {a['bonus']}, {a['policy']}" for p, a in board["agendas"].items()))


def deal_chairman(g: Interp) -> None:
    """The first ruling party's agenda is drawn (the chairman at the start is neutral); the others'
    are chosen as each takes power."""
    board = _board(g)
    board["agendas"] = {board["ruling"]: _drawn(g, board["ruling"])}


def h_choose_agenda(g: Interp, task: dict, answer: Any) -> dict | None:
    """The new government's agenda: the chairman (a player) chooses the ruling party's bonus, then
    its policy; a neutral chairman's are drawn."""
    p, party, board = task["p"], task["party"], g.state[STATE]
    if p is None:
        board["agendas"][party] = _drawn(g, party)
        return None
    bonuses, policies = choices(g.content, party)
    if "bonus" not in task:
        answer, ask = ask_one(answer, p, "choice", f"Choose the ruling bonus of {party}",
                              [option(n, f"{n}: {bonus_text(g.content, n)}") for n in bonuses])
        if ask:
            return ask
        g.push({**task, "bonus": answer})
        return None
    answer, ask = ask_one(answer, p, "choice", f"Choose the policy of {party}",
                          [option(n, f"{n}: {policy_text(g.content, n)}") for n in policies])
    if ask:
        return ask
    board["agendas"][party] = {"bonus": task["bonus"], "policy": answer}
    g.say(p, f"chooses {task['bonus']} and {answer} for {party}")
    return None


def bonus_text(content: Content, name: str) -> str:
    from compiler.text import items_text
    return items_text(content.cards[name]["parts"]["bonus"])


def policy_text(content: Content, name: str) -> str:
    """What a policy does, in the rules text's words (its effects, action or paid action)."""
    from compiler.text import action_text, effect_text, items_text
    card = content.cards[name]
    out = [effect_text(e) for e in card.get("effects", ())] + action_text(card.get("action", ()))
    if "project" in card.get("parts", {}):
        out.append("as often as you like: " + items_text(card["parts"]["project"]))
    return " ".join(out)


def project_uses_left(state: dict, content: Content, p: int, policy: str) -> bool:
    """May the player use this paid policy action again this generation? An agenda's are limited,
    all together (`agenda_project_uses`); a party's printed one is not."""
    if content.cards[policy]["type"] != AGENDA_TYPE:
        return True
    used = state["players"][p].get(USED_PROJECTS, 0)
    return used < int(facts(content).get("agenda_project_uses", 0))


#: a player's paid agenda actions used this generation
USED_PROJECTS = "agenda_projects_used"


def count_project_use(state: dict, p: int) -> None:
    pl = state["players"][p]
    pl[USED_PROJECTS] = pl.get(USED_PROJECTS, 0) + 1


def _player_state(s: Any) -> dict:
    return {USED_PROJECTS: s.integer(0, 100)}


def _new_generation(g: Interp) -> None:
    for pl in g.state["players"]:
        pl.pop(USED_PROJECTS, None)


def _task_fields(s: Any) -> dict:
    names = s.names(s.content.cards, "a party or an agenda")
    return {"p": {"anyOf": [s.player, {"type": "null"}]}, "party": names, "bonus": names}


_TASKS = {"choose_agenda": Task(h_choose_agenda, _task_fields, optional=("bonus",))}

register(Mechanic(
    "agendas", "Political Agendas (fan variant): each party's bonus and policy drawn for the game",
    deal=deal_random, player_state=_player_state, new_generation=_new_generation))
register(Mechanic(
    CHAIRMAN_AGENDAS, "Political Agendas (fan variant): the chairman chooses the ruling party's bonus and policy",
    deal=deal_chairman, tasks=_TASKS, player_state=_player_state,
    new_generation=_new_generation))
