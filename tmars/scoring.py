"""Final scoring: TR, milestones, awards, greeneries, cities and card VP (turn-structure, Game End)."""

from __future__ import annotations

from . import rules
from .content import Content


def card_vp(state: dict, content: Content, p: int, name: str, entry: dict | None) -> int:
    vp = content.cards[name].get("vp")
    if not vp:
        return 0
    ctx = {"p": p, "card": name if entry is not None else None}
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


def score(state: dict, content: Content) -> list[dict]:
    rows = []
    awards = award_points(state, content)
    for p, pl in enumerate(state["players"]):
        greenery = city = 0
        for aid, t in state["board"].items():
            if t.get("owner") != p:
                continue
            if t["tile"] == "greenery":
                greenery += 1
            elif t["tile"] == "city":
                city += sum(1 for nb in content.map.areas[aid].neighbours
                            if state["board"].get(nb, {}).get("tile") == "greenery")
        cards = sum(card_vp(state, content, p, e["name"], e) for e in pl["played"])
        cards += sum(card_vp(state, content, p, name, None) for name in pl["events"])
        milestones = content.rules.milestone_points * sum(1 for m in state["milestones"] if m["player"] == p)
        award = sum(awards[p].values())
        total = pl["tr"] + milestones + award + greenery + city + cards
        rows.append({"player": pl["name"], "corporation": pl["corp"], "tr": pl["tr"], "milestones": milestones,
                     "awards": award, "greenery": greenery, "cities": city, "cards": cards, "total": total,
                     "mc": pl["res"]["mc"]})
    ranked = sorted(range(len(rows)), key=lambda i: (-rows[i]["total"], -rows[i]["mc"], i))
    for pos, i in enumerate(ranked):
        prev = ranked[pos - 1] if pos else None
        tied = prev is not None and (rows[prev]["total"], rows[prev]["mc"]) == (rows[i]["total"], rows[i]["mc"])
        rows[i]["place"] = rows[prev]["place"] if tied else pos + 1  # still tied on M€: shared (F243)
    return rows
