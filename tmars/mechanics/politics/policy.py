"""The ruling party's policy actions, in the action phase (F397): its `action` once a generation
for each player (Scientists: 10 M€ for 3 cards), its `project` as often as a player likes and can
pay, like a standard project (Kelvinists: 10 M€ for an energy and a heat production). Each use is
one of the turn's actions."""

from __future__ import annotations

from compiler.ops import Pay

from ...actions import ActionKind, kind, mark_used
from ...interpreter import option
from ...trial import action_completes
from .agenda import count_project_use, project_uses_left
from .board import NAME, STATE, policy_of

#: a player's record of the policy actions used this generation (reset as each one begins)
USED = "policy_used"


def _rows(g, arg: str) -> tuple[list, list] | None:
    """(cost, gain) of the ruling party's policy action ('action') or project ('project')."""
    board = g.state.get(STATE)
    if board is None:
        return None
    card = g.content.cards[policy_of(board, board["ruling"])]
    if arg == "action" and card.get("action"):
        alt = card["action"][0]
        return alt["cost"], alt["gain"]
    row = card.get("parts", {}).get("project")
    if arg == "project" and row:
        pay = row[0] if len(row) == 1 and row[0]["op"] == Pay.name else {"cost": [], "gain": row}
        return pay["cost"], pay["gain"]
    return None


@kind
class PolicyAction(ActionKind):
    """`policy:action` (once a generation) and `policy:project` (as often as paid)."""

    prefix = "policy"
    mechanic = NAME

    def offers(self, g, p):
        st = g.state
        board = st.get(STATE)
        if board is None:
            return []
        ruling = board["ruling"]
        policy = policy_of(board, ruling)
        out = []
        for arg, label in (("action", f"{ruling}'s policy action"), ("project", f"{ruling}'s policy project")):
            if _rows(g, arg) is None or (arg == "action" and ruling in st["players"][p].get(USED, ())):
                continue
            if arg == "project" and not project_uses_left(st, g.content, p, policy):
                continue
            if action_completes(g, p, f"policy:{arg}"):
                out.append(option(f"policy:{arg}", label))
        return out

    def rows(self, g, p, arg):
        found = _rows(g, arg)
        return found if found is not None else (None, None)

    def start(self, g, p, arg):
        cost, gain = _rows(g, arg)
        ruling = g.state[STATE]["ruling"]
        policy = policy_of(g.state[STATE], ruling)
        if arg == "action":
            g.state["players"][p].setdefault(USED, []).append(ruling)
        elif policy != ruling:
            count_project_use(g.state, p)
        mark_used(g.state, policy)
        g.say(p, f"uses {ruling}'s policy" + (f" ({policy})" if policy != ruling else ""))
        g.push({"t": "batch", "p": p, "entries": []})
        g.push_items([{"op": Pay.name, "cost": cost, "gain": gain}], {"p": p, "card": policy})
