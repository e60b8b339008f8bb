"""The politics mechanic (Turmoil): the Terraforming Committee's board — the parties with their
delegates and leaders, the chairman, the ruling and the dominant party — and each player's
delegates in reserve and in the lobby.

Its facts are the `politics:` section of a rules file (`delegates` per player, `neutral`
delegates, `lobby_price`: what a delegate sent from the reserve costs once the free lobby
delegate is used, `ruling_at_start`); its parties are the cards of type `party`, in board order
(dominance passes on in that order when parties tie). A module switches it on with
`flow: {mechanics: [politics]}`.

This is its first part (issue 34): the board, sending a delegate (an action), party leaders
(a leader changes only to an owner with strictly more delegates there, F378), dominance (a party
takes it only with strictly more delegates than the dominant one), influence (the `influence`
count, F383), the ruling party's policy as a standing effect in the action phase (F373), the
Turmoil phase without its global event (`phase.py`: TR revision, new government, ruling bonus,
lobbies refilled, F382), delegates conserved (save checks and invariants). The global events and
Turmoil's own parties come with the rest.
"""

from __future__ import annotations

from typing import Any

from ...content import Content
from ...interpreter import Interp
from ...mechanic import Mechanic, SaveError, SaveShapes, ScenarioKeys, register
from . import agenda, delegate, phase, policy  # noqa: F401  (they register actions and the agendas' mechanics)
from ...rng import shuffle
from .board import (CARD_TYPE, EVENT_DECK, EVENT_DISCARD, EVENT_TYPE, NAME, NEUTRAL, STATE, draw_event,
                    facts, place_neutral, policy_of, size)

def board_order(content: Content) -> list[str]:
    """The parties of this game in the board's order (the facts' `board`; a party they do not name
    after those, in printed order)."""
    named = [n for n in facts(content).get("board", ()) if n in content.cards]
    return named + [n for n in content.in_printed_order(CARD_TYPE) if n not in named]


def deal(g: Interp) -> None:
    """The board at the start: every party empty, the chairman neutral, the party the facts name
    ruling and dominant; each player's delegates all in reserve but one in the lobby."""
    st, content = g.state, g.content
    f = facts(content)
    parties = board_order(content)
    if not parties:
        return
    ruling = f.get("ruling_at_start") if f.get("ruling_at_start") in parties else parties[0]
    st[STATE] = board = {"parties": [{"name": n, "delegates": [], "leader": None} for n in parties],
                         "chairman": NEUTRAL, "ruling": ruling, "dominant": ruling, "neutral": int(f["neutral"]) - 1,
                         "distant": None, "coming": None, "current": None, "ruled": []}
    for pl in st["players"]:
        pl["lobby"] = True
        pl["delegates"] = int(f["delegates"]) - 1
    st[EVENT_DECK], st[EVENT_DISCARD] = content.in_printed_order(EVENT_TYPE), []
    shuffle(st, st[EVENT_DECK])
    for slot in ("coming", "distant"):  # each revealed, its neutral delegate to its revealed party
        board[slot] = draw_event(st)
        if board[slot]:
            place_neutral(board, content.cards[board[slot]]["parts"]["revealed"])


def check_save(state: dict) -> None:
    """A sound board: every delegate somewhere, none made or lost (each player's 7 and the
    neutral ones, the chairman included); a leader is one of the party's delegates; the chairman
    sits in no party; the dominant party has as many delegates as any."""
    board = state.get(STATE)
    if board is None:
        return
    placed: dict[Any, int] = {}
    for party in board["parties"]:
        for owner in party["delegates"]:
            placed[owner] = placed.get(owner, 0) + 1
        if (party["leader"] is None) != (not party["delegates"]) or (
                party["leader"] is not None and party["leader"] not in party["delegates"]):
            raise SaveError(f"the leader of {party['name']} is not one of its delegates")
    chair = board["chairman"]
    totals = {p: pl["delegates"] + pl["lobby"] + placed.get(p, 0) + (chair == p)
              for p, pl in enumerate(state["players"])}
    if len(set(totals.values())) > 1:
        raise SaveError("the players do not have the same number of delegates")
    names = [party["name"] for party in board["parties"]]
    if board["ruling"] not in names or board["dominant"] not in names:
        raise SaveError("the ruling or the dominant party is not on the board")
    most = max(size(board, n) for n in names)
    if size(board, board["dominant"]) < most:
        raise SaveError(f"{board['dominant']} is dominant with fewer delegates than another party")
    if board["neutral"] < 0:
        raise SaveError("fewer than no neutral delegates in reserve")


def standing(state: dict, content: Content, p: int) -> tuple[Any, tuple[tuple[str, dict], ...]]:
    """The ruling party's policy, its effects in a card's form, for every player, in the action
    phase only (F373: not in the Turmoil phase, the production, the setup or the final greenery)."""
    board = state.get(STATE)
    if board is None or state["phase"] != "action":
        return None, ()
    policy = policy_of(board, board["ruling"])
    found = content.memo.get(("policy", policy))  # asked at every modifier and trigger lookup
    if found is None:
        found = content.memo[("policy", policy)] = (policy, tuple((policy, e) for e in
                                                                  content.cards[policy].get("effects", ())))
    return found


def _state(s: SaveShapes) -> dict:
    names = s.names(board_order(s.content), "a party of this game")
    owner = {"anyOf": [s.player, {"const": NEUTRAL}]}
    party = s.record({"name": names, "delegates": s.listing(owner), "leader": {"anyOf": [owner, {"type": "null"}]}})
    events = s.names(s.content.in_printed_order(EVENT_TYPE), "a global event of this game")
    slot = {"anyOf": [events, {"type": "null"}]}
    sources = s.names([*board_order(s.content), *s.content.in_printed_order(agenda.AGENDA_TYPE)],
                      "a party or an agenda of this game")
    agendas = {"type": "object", "propertyNames": names,
               "additionalProperties": s.record({"bonus": sources, "policy": sources})}
    fields = {"parties": s.listing(party), "chairman": {"anyOf": [owner, {"type": "null"}]},
              "ruling": names, "dominant": names, "neutral": s.integer(0, 100),
              "distant": slot, "coming": slot, "current": slot, "ruled": s.listing(names)}
    return {STATE: s.record({**fields, "agendas": agendas}, required=list(fields)),
            EVENT_DECK: s.listing(events), EVENT_DISCARD: s.listing(events)}


def _player_state(s: SaveShapes) -> dict:
    names = s.names(board_order(s.content), "a party of this game")
    return {"delegates": s.integer(0, 100), "lobby": s.flag, policy.USED: s.listing(names)}


def new_generation(g: Interp) -> None:
    """The policy actions used are ready again."""
    for pl in g.state["players"]:
        pl.pop(policy.USED, None)


def describe(state: dict, content: Content) -> tuple[str, list[str]]:
    """The board as a player sees it: each party's delegates (its leader first), the ruling and
    the dominant party, the chairman; each player's lobby and reserve."""
    board = state[STATE]
    names = [pl["name"] for pl in state["players"]]

    def who(owner: Any) -> str:
        return "neutral" if owner == NEUTRAL else names[owner]

    lines = []
    for party in board["parties"]:
        marks = [m for m, on in (("ruling", party["name"] == board["ruling"]),
                                 ("dominant", party["name"] == board["dominant"])) if on]
        dels = ", ".join(who(o) for o in party["delegates"]) or "no delegates"
        lead = f" (leader {who(party['leader'])})" if party["leader"] is not None else ""
        lines.append(f"{party['name']}{' [' + ', '.join(marks) + ']' if marks else ''}: {dels}{lead}")
    lines.append(f"chairman: {who(board['chairman'])}; " + ", ".join(
        f"{pl['name']} lobby {int(pl['lobby'])} reserve {pl['delegates']}" for pl in state["players"]))
    for party, chosen in (board.get("agendas") or {}).items():  # Political Agendas: what each party uses
        lines.append(f"{party} agenda: {chosen['bonus']}: {agenda.bonus_text(content, chosen['bonus'])}; "
                     f"{chosen['policy']}: {agenda.policy_text(content, chosen['policy'])}")
    return "Terraforming Committee", lines


def arrange(game: Any, setup: Any, players: Any, card: Any) -> None:
    """A scenario's board (`politics:` with `parties`: each party's delegates by owner name, the
    first its leader, and a party not named empty; `chairman`; `ruling`; `dominant`, else the
    party with the most delegates; `lobby`: whose lobby is empty): every delegate not placed is
    in its reserve."""
    from ...scenario_check import WRONG_VALUE, ScenarioError, where
    spec = setup.get(STATE)
    if spec is None:
        return
    st, content = game.state, game.content
    board = st[STATE]
    names = [pl["name"] for pl in st["players"]]

    def owner(who: Any, node: Any, key: Any) -> Any:
        if who == NEUTRAL:
            return NEUTRAL
        if who not in names:
            raise ScenarioError(f"unknown player {who!r}; players are {', '.join(names)} or neutral",
                                where(node, key), WRONG_VALUE)
        return names.index(who)

    if "parties" in spec:  # the board as written: a party not named is empty
        for party in board["parties"]:
            party["delegates"], party["leader"] = [], None
    for name, dels in (spec.get("parties") or {}).items():
        if name not in [p["name"] for p in board["parties"]]:
            raise ScenarioError(f"unknown party {name!r}", where(spec["parties"]), WRONG_VALUE)
        party = next(p for p in board["parties"] if p["name"] == name)
        party["delegates"] = [owner(w, dels, i) for i, w in enumerate(dels)]
        party["leader"] = party["delegates"][0] if party["delegates"] else None
    if "chairman" in spec:
        board["chairman"] = owner(spec["chairman"], spec, "chairman")
    for key in ("ruling", "dominant"):
        if key in spec:
            board[key] = spec[key]
    for slot in ("current", "coming", "distant"):  # the events in play, taken from the deck
        if slot in spec:
            name = spec[slot]
            if name is not None and name not in content.cards:
                raise ScenarioError(f"unknown global event {name!r}", where(spec, slot), WRONG_VALUE)
            if board[slot]:
                st[EVENT_DECK].append(board[slot])
            board[slot] = name
            if name in st[EVENT_DECK]:
                st[EVENT_DECK].remove(name)
    for name, chosen in (spec.get("agendas") or {}).items():  # Political Agendas: what a party uses
        if name not in [p["name"] for p in board["parties"]]:
            raise ScenarioError(f"unknown party {name!r}", where(spec["agendas"]), WRONG_VALUE)
        bonuses, policies = agenda.choices(content, name)
        for key, allowed in (("bonus", bonuses), ("policy", policies)):
            if chosen.get(key, name) not in allowed:
                raise ScenarioError(f"{chosen[key]!r} is no {key} of {name}; it has {', '.join(allowed)}",
                                    where(chosen, key), WRONG_VALUE)
        board.setdefault("agendas", {})[name] = {key: chosen.get(key, name) for key in ("bonus", "policy")}
    if "dominant" not in spec:
        most = max(size(board, p["name"]) for p in board["parties"])
        if size(board, board["dominant"]) < most:
            board["dominant"] = next(p["name"] for p in board["parties"] if size(board, p["name"]) == most)
    f = facts(content)
    empty = set(spec.get("empty_lobby") or ())
    for p, pl in enumerate(st["players"]):
        placed = sum(party["delegates"].count(p) for party in board["parties"]) + (board["chairman"] == p)
        pl["lobby"] = pl["name"] not in empty
        pl["delegates"] = int(f["delegates"]) - placed - pl["lobby"]
        if pl["delegates"] < 0:
            raise ScenarioError(f"{pl['name']} has more than {f['delegates']} delegates", where(spec), WRONG_VALUE)
    placed = sum(party["delegates"].count(NEUTRAL) for party in board["parties"]) + (board["chairman"] == NEUTRAL)
    board["neutral"] = int(f["neutral"]) - placed


def committee_vp(state: dict, content: Content, p: int, awards: list) -> int:
    """The final score's row of the Terraforming Committee: so many VP for each party the player
    leads and for the chairman's seat (the facts' `vp_party_leader`, `vp_chairman`)."""
    board = state.get(STATE)
    if board is None:
        return 0
    f = facts(content)
    leads = sum(party["leader"] == p for party in board["parties"])
    return leads * int(f.get("vp_party_leader", 0)) + (board["chairman"] == p) * int(f.get("vp_chairman", 0))


_BOARD = {"type": "object", "additionalProperties": False, "properties": {
    "parties": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
    "chairman": {"type": "string"}, "ruling": {"type": "string"}, "dominant": {"type": "string"},
    **{slot: {"type": ["string", "null"]} for slot in ("current", "coming", "distant")},
    "empty_lobby": {"type": "array", "items": {"type": "string"}},
    "agendas": {"type": "object", "additionalProperties": {
        "type": "object", "additionalProperties": False,
        "properties": {"bonus": {"type": "string"}, "policy": {"type": "string"}}}}}}


register(Mechanic(
    NAME, "the Terraforming Committee: parties, delegates, leaders, the chairman, dominance (Turmoil)",
    state=_state, player_state=_player_state, deal=deal, standing=standing, check_save=check_save,
    new_generation=new_generation,
    tasks=phase.TASKS, phases=phase.PHASES, zones=(EVENT_DECK, EVENT_DISCARD),
    domains={STATE: lambda st, content, p: repr(st.get(STATE)) + repr(
        (st["players"][p].get("lobby"), st["players"][p].get("delegates")))},
    describe=describe, score_rows={"committee": committee_vp},
    coverage={"parties that ruled": (CARD_TYPE, lambda st: st.get(STATE, {}).get("ruled", ())),
              "global events resolved": (EVENT_TYPE, lambda st: st.get(EVENT_DISCARD, ()))},
    scenario=ScenarioKeys(setup={STATE: _BOARD}, arrange=arrange,
                          chosen=("current", "ruling", "agendas.*.bonus", "agendas.*.policy"),
                          acts={"policy": "ruling"}),
))
