"""Invariants that must hold after every decision of every game (issue: nothing breaks).

Used by the property tests and by tools/soak.py; each check returns human-readable
violations, empty when the state is sound.
"""

from __future__ import annotations

from compiler.tiles import TILE_KINDS

from .content import Content
from .mechanic import SaveError


def check(state: dict, content: Content, start_tr: int | None = None) -> list[str]:
    out: list[str] = []
    spec = content.tracks.globals
    start_tr = content.tracks.start_tr if start_tr is None else start_tr
    for pl in state["players"]:
        who = pl["name"]
        for r, v in pl["res"].items():
            if v < 0:
                out.append(f"{who} has {v} {r}")
        for r, v in pl["prod"].items():
            if v < content.rules.floor(r):
                out.append(f"{who} has {r} production {v}")
        if pl["tr"] != start_tr + pl.get("tr_raises", 0) - pl.get("tr_lost", 0):
            out.append(f"{who}'s TR {pl['tr']} is not {start_tr} plus its {pl.get('tr_raises', 0)} raises "
                       f"less its {pl.get('tr_lost', 0)} losses")
        for e in pl["played"]:
            if e.get("res", 0) < 0:
                out.append(f"{who}'s {e['name']} holds {e['res']} resources")
            elif e.get("res", 0) and not content.cards[e["name"]].get("holds"):
                out.append(f"{who}'s {e['name']} holds {e['res']} resources but holds none")
    out += _cards_in_one_place(state, content)
    for k in spec:
        v = state["globals"][k]
        if not spec[k]["start"] <= v <= spec[k]["goal"]:
            out.append(f"{k} is {v}, off its track")
        elif (v - spec[k]["start"]) % spec[k].get("step", 1):
            out.append(f"{k} is {v}, between the steps of its track")
    claimed = [m["name"] for m in state["milestones"]]
    funded = [a["name"] for a in state["awards"]]
    if len(claimed) > content.rules.milestones_most or len(set(claimed)) < len(claimed):
        out.append(f"milestones claimed: {', '.join(claimed)}")
    if len(set(funded)) < len(funded):  # a fourth may be funded for free (F338), never one twice
        out.append(f"awards funded: {', '.join(funded)}")
    out += _mechanics_sound(state, content)
    oceans = sum(1 for t in state["board"].values() if t["tile"] == "ocean")
    if oceans != state["globals"]["oceans"] or oceans > spec["oceans"]["goal"]:
        out.append(f"{oceans} ocean tiles on the board, the track says {state['globals']['oceans']}")
    areas = content.map.areas
    for aid, t in state["board"].items():
        if not TILE_KINDS[t["tile"]].keeps_distance or t.get("spacing") == "waived":
            continue
        for nb in areas[aid].neighbours:
            other = state["board"].get(nb)
            if other and other["tile"] == t["tile"] and other.get("spacing") != "waived":
                out.append(f"{t['tile']} tiles next to each other on {aid} and {nb}")
    return out


def _mechanics_sound(state: dict, content: Content) -> list[str]:
    """What each mechanic switched on says of its own part of a sound state (`Mechanic.check_save`:
    the trading mechanic's colonies, markers and fleets), each refusal a violation."""
    out = []
    for m in content.mechanics:
        if m.check_save is not None:
            try:
                m.check_save(state)
            except SaveError as e:
                out.append(f"{m.name}: {e}")
    return out


#: the zones of a state that hold card names, each name in one of them at most (and the mechanics' own)
ZONES = ("deck", "discard")
PLAYER_ZONES = ("hand", "events", "dealt", "dealt_corps")


def zones(content: Content) -> tuple[str, ...]:
    """The state's keys that hold cards, the mechanics' switched on among them."""
    return (*ZONES, *(z for m in content.mechanics for z in m.zones))


def player_zones(content: Content) -> tuple[str, ...]:
    return (*PLAYER_ZONES, *(z for m in content.mechanics for z in m.player_zones))


def _cards_in_one_place(state: dict, content: Content) -> list[str]:
    """A card is in one place at a time: the decks, the discard piles, a hand, a tableau."""
    seen: dict[str, str] = {}
    out = []

    def put(name: str, where: str) -> None:
        if name in seen:
            out.append(f"{name} is both in {seen[name]} and in {where}")
        seen[name] = where
    for zone in zones(content):
        for name in state.get(zone) or ():
            put(name, zone)
    for pl in state["players"]:
        for zone in player_zones(content):
            for name in pl.get(zone) or ():
                put(name, f"{pl['name']}'s {zone}")
        for e in pl["played"]:
            put(e["name"], f"{pl['name']}'s tableau")
    return out


def own_greenery_areas(state: dict, content: Content, p: int) -> set[str]:
    """Free land areas next to the player's tiles: where a greenery must go if there is one (F038)."""
    areas = content.map.areas
    board = state["board"]
    own = {a for a, t in board.items() if t.get("owner") == p}
    out = set()
    for a in own:
        for nb in areas[a].neighbours:
            area = areas[nb]
            if nb not in board and area.kind == "land" and not area.reserved:
                claim = state["claims"].get(nb)
                if claim is None or claim == p:
                    out.add(nb)
    return out
