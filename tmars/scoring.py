"""Final scoring: TR, milestones, awards, greeneries, cities and card VP (turn-structure, Game End)."""

from __future__ import annotations

from collections.abc import Callable

from compiler.ir import vp_terms

from . import rules
from .content import Content


def card_vp(state: dict, content: Content, p: int, name: str, entry: dict | None) -> int:
    vp = content.cards[name].get("vp")
    if not vp:
        return 0
    ctx = {"p": p, "card": name if entry is not None else None}
    return sum(_term_vp(state, content, p, term, ctx) for term in vp_terms(vp))


def _term_vp(state: dict, content: Content, p: int, vp: dict, ctx: dict) -> int:
    if "per" in vp:
        return vp["n"] * rules.count(state, content, p, vp["per"], ctx)
    if "if" in vp:
        cond = vp["if"]
        value = rules.count(state, content, p, cond, ctx)
        met = value >= cond["value"] if cond["cmp"] == ">=" else value <= cond["value"]
        return vp["n"] if met else 0
    return vp["n"]


def award_score(state: dict, content: Content, p: int, name: str) -> int:
    return sum(rules.count(state, content, p, c) for c in content.component("award", name)["score"])


def award_points(state: dict, content: Content) -> list[dict[str, int]]:
    """Points per player per funded award: ties share first, no second after a tie or with 2 players."""
    n = len(state["players"])
    first_points, second_points = content.rules.award_points
    out: list[dict[str, int]] = [{} for _ in range(n)]
    for a in state["awards"]:
        scores = [award_score(state, content, p, a["name"]) for p in range(n)]
        best = max(scores)
        firsts = [p for p in range(n) if scores[p] == best]
        for p in firsts:
            out[p][a["name"]] = first_points
        if len(firsts) == 1 and n > 2:
            rest = [s for p, s in enumerate(scores) if p not in firsts]
            second = max(rest)
            for p in range(n):
                if p not in firsts and scores[p] == second:
                    out[p][a["name"]] = second_points
    return out


def _tr(state: dict, content: Content, p: int, awards: list) -> int:
    return state["players"][p]["tr"]


def _milestones(state: dict, content: Content, p: int, awards: list) -> int:
    return content.rules.milestone_points * sum(1 for m in state["milestones"] if m["player"] == p)


def _awards(state: dict, content: Content, p: int, awards: list) -> int:
    return sum(awards[p].values())


def _greenery(state: dict, content: Content, p: int, awards: list) -> int:
    return sum(1 for t in state["board"].values() if t.get("owner") == p and t["tile"] == "greenery")


def _cities(state: dict, content: Content, p: int, awards: list) -> int:
    """A point per greenery next to each of the player's cities, whoever owns the greenery."""
    board = state["board"]
    return sum(sum(1 for nb in content.map.areas[aid].neighbours if board.get(nb, {}).get("tile") == "greenery")
               for aid, t in board.items() if t.get("owner") == p and t["tile"] == "city")


def _cards(state: dict, content: Content, p: int, awards: list) -> int:
    pl = state["players"][p]
    played = pl["played"]
    fixed, counted = rules._memo_on_played(state, content, p, "card-vp", _vp_in_play)
    return (fixed + sum(card_vp(state, content, p, played[i]["name"], played[i]) for i in counted)
            + sum(card_vp(state, content, p, name, None) for name in pl["events"] if content.cards[name].get("vp")))


def _vp_in_play(content: Content, played: list) -> tuple[int, list[int]]:
    """(the fixed VP of the cards in play, the places of those whose VP is counted or
    conditional): remembered with the played cards, as a score is asked often (a bot's look ahead)."""
    fixed, counted = 0, []
    for i, e in enumerate(played):
        vp = content.cards[e["name"]].get("vp")
        if vp and any("per" in t or "if" in t for t in vp_terms(vp)):
            counted.append(i)
        elif vp:
            fixed += vp["n"]
    return fixed, counted


#: The rows of the final score by name; the modules' flow (`scoring:`) says which count, in order.
ROWS: dict[str, Callable[[dict, Content, int, list], int]] = {
    "tr": _tr, "milestones": _milestones, "awards": _awards, "greenery": _greenery, "cities": _cities,
    "cards": _cards,
}


def score(state: dict, content: Content) -> list[dict]:
    rows = []
    awards = award_points(state, content)
    for p, pl in enumerate(state["players"]):
        row: dict = {"player": pl["name"], "corporation": pl["corp"]}
        for name in content.flow.scoring:
            row[name] = ROWS[name](state, content, p, awards)
        row["total"] = sum(row[name] for name in content.flow.scoring)
        row["mc"] = pl["res"]["mc"]
        rows.append(row)
    ranked = sorted(range(len(rows)), key=lambda i: (-rows[i]["total"], -rows[i]["mc"], i))
    for pos, i in enumerate(ranked):
        prev = ranked[pos - 1] if pos else None
        tied = prev is not None and (rows[prev]["total"], rows[prev]["mc"]) == (rows[i]["total"], rows[i]["mc"])
        rows[i]["place"] = rows[prev]["place"] if tied else pos + 1  # still tied on M€: shared (F243)
    return rows
