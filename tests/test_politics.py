"""The politics mechanic's board (Turmoil, issue 34): delegates conserved, the lobby, party
leaders, dominance and influence, the Turmoil phase, on the shipped Turmoil module (modules base,
corpera, turmoil; seed 5 deals Sabotage as the coming event and Generous Funding as the distant one)."""

from __future__ import annotations

import pytest

MODULES = ("base", "corpera", "turmoil")
#: the board order of the facts (docs/research/turmoil-facts.yaml: tm.oss's order, in which dominance passes on)
BOARD_ORDER = ["Mars First", "Scientists", "Unity", "Greens", "Reds", "Kelvinists"]


@pytest.fixture()
def game():
    from tmars.game import Game
    return Game.new(3, seed=5, modules=MODULES)


def _party(board, name):
    return next(p for p in board["parties"] if p["name"] == name)


def _to_actions(game):
    """Through the setup: each player takes the first corporation dealt with no first action (so the
    first turn is free for delegates) and keeps no cards."""
    cards = game.content.cards
    while game.pending["kind"] != "action":
        d = game.pending
        if d["kind"] == "select":
            answer = []
        elif d["kind"] == "corporation":
            answer = next(o["id"] for o in d["options"] if "first_action" not in cards[o["id"]])
        else:
            answer = d["options"][0]["id"]
        game.answer(d["player"], answer)


def test_the_board_starts_with_a_neutral_chairman_one_delegate_in_each_lobby_and_two_events(game):
    """Setup: the chairman neutral; a coming and a distant event revealed, each bringing a neutral
    delegate to its revealed party (Sabotage: Unity, Generous Funding: Kelvinists), the first of
    which leads and takes dominance (the second only ties it); the Greens rule (F374); the deck holds
    the 31 events of the box less those two (the promo events need Venus Next or Colonies)."""
    st, cards = game.state, game.content.cards
    board = st["politics"]
    assert sorted(p["name"] for p in board["parties"]) == sorted(BOARD_ORDER)
    assert board["chairman"] == "neutral" and board["neutral"] == 11 and board["current"] is None
    assert (board["coming"], board["distant"]) == ("Sabotage (global event)", "Generous Funding")
    assert board["ruling"] == "Greens" and board["dominant"] == "Unity"
    assert {p["name"]: (p["delegates"], p["leader"]) for p in board["parties"]} == {
        "Mars First": ([], None), "Scientists": ([], None), "Unity": (["neutral"], "neutral"),
        "Greens": ([], None), "Reds": ([], None), "Kelvinists": (["neutral"], "neutral")}
    box = [n for n, c in cards.items() if c["type"] == "global-event" and not c.get("needs")]
    assert len(box) == 31 and len(st["event_deck"]) == 29 and st["event_discard"] == []
    assert sorted(st["event_deck"] + [board["coming"], board["distant"]]) == sorted(box)
    assert all(pl["lobby"] and pl["delegates"] == 6 for pl in st["players"])


def test_the_parties_sit_in_the_board_order_of_the_facts(game):
    """The board's order is a rule fact (cards/turmoil/rules.yaml): dominance passes on in it."""
    assert [p["name"] for p in game.state["politics"]["parties"]] == BOARD_ORDER


def test_a_tie_for_dominance_goes_to_the_nearest_tied_party_on_the_left_wrapping_round():
    from compiler.ops.politics import next_dominant
    board = {"parties": [{"name": n, "delegates": d, "leader": None} for n, d in
                         [("Mars First", ["neutral"]), ("Scientists", [0]), ("Unity", []), ("Greens", []),
                          ("Reds", []), ("Kelvinists", [1])]]}
    assert next_dominant(board, "Greens") == "Scientists"  # Unity (0), then Scientists (1)
    assert next_dominant(board, "Mars First") == "Kelvinists"  # wrapping round from the first
    assert next_dominant(board, "Reds") == "Scientists"  # Greens, Unity (0), then Scientists


def test_the_lobby_delegate_is_free_then_a_delegate_costs_5_and_the_lead_and_dominance_follow(game):
    """Kelvinists hold one neutral delegate, Unity (dominant) one: the free lobby delegate ties the
    neutral one, which keeps the lead, and makes Kelvinists dominant (2 against 1); the second, from
    the reserve for 5 M€, takes the lead (2 against 1)."""
    from tmars.invariants import check
    _to_actions(game)
    p = game.pending["player"]
    mc = game.state["players"][p]["res"]["mc"]
    assert "delegate:Kelvinists" in [o["id"] for o in game.pending["options"]]
    game.answer(p, "delegate:Kelvinists")
    board = game.state["politics"]
    party = _party(board, "Kelvinists")
    assert party["delegates"] == ["neutral", p] and party["leader"] == "neutral", "a tie keeps the leader (F378)"
    assert board["dominant"] == "Kelvinists", "2 against Unity's 1: strictly more"
    assert game.state["players"][p]["res"]["mc"] == mc and not game.state["players"][p]["lobby"]
    assert game.state["players"][p]["delegates"] == 6
    game.answer(p, "delegate:Kelvinists")  # the second action of the turn: from the reserve, 5 M€
    assert game.state["players"][p]["res"]["mc"] == mc - 5 and game.state["players"][p]["delegates"] == 5
    assert party["delegates"] == ["neutral", p, p] and party["leader"] == p
    assert board["dominant"] == "Kelvinists" and _party(board, "Unity")["delegates"] == ["neutral"]
    assert check(game.state, game.content) == []


def test_a_leader_changes_only_to_strictly_more_delegates_and_dominance_only_to_strictly_more():
    from tmars.mechanics.politics.board import place
    board = {"parties": [{"name": n, "delegates": [], "leader": None} for n in ("A", "B")],
             "chairman": "neutral", "ruling": "A", "dominant": "A", "neutral": 13}
    place(board, 0, "B")
    assert board["dominant"] == "B"
    place(board, 1, "A")
    assert board["dominant"] == "B", "a tie keeps the dominant party"
    place(board, 1, "B")
    assert board["parties"][1]["leader"] == 0, "a tie keeps the leader (F378)"
    place(board, 1, "B")
    assert board["parties"][1]["leader"] == 1 and board["dominant"] == "B"
    place(board, "neutral", "A")
    assert board["parties"][0]["leader"] == 1, "one neutral delegate ties the leader's one"
    place(board, "neutral", "A")
    assert board["parties"][0]["leader"] == "neutral" and board["dominant"] == "B", "3 against 3 keeps B"
    place(board, "neutral", "A")
    assert board["dominant"] == "A"


@pytest.mark.parametrize("seat,chair,expected", [(0, "neutral", 2), (1, "neutral", 1), (2, 2, 1), (1, 1, 2),
                                                 (0, 0, 3)])
def test_influence_counts_chairman_leader_and_a_delegate_in_the_dominant_party(game, seat, chair, expected):
    from compiler.counts import COUNTS
    from tmars import rules
    board = {"parties": [{"name": "Mars First", "delegates": [0, 1, 1, 0], "leader": 0}],
             "chairman": chair, "ruling": "Mars First", "dominant": "Mars First", "neutral": 13}
    state = {"politics": board, "players": [{"played": []} for _ in range(3)], "phase": "action"}
    assert COUNTS["influence"].value(rules, state, game.content, seat, {"count": "influence"}, None, [seat]) == expected


def test_a_save_that_makes_a_delegate_from_nothing_is_refused(game):
    import json

    from tmars.game import Game
    from tmars.savefile import SaveError
    data = json.loads(game.save())
    data["players"][0]["delegates"] = 7  # a delegate made from nothing
    with pytest.raises(SaveError, match="same number of delegates"):
        Game.load(json.dumps(data))


def _run(game, *tasks, watch=None):
    """The Turmoil phase's steps from the stack, to the end (each with what it pushes); the M€ of
    every player just before the first `watch` step runs."""
    from tmars.mechanic import HANDLERS
    st = game.state
    st["phase"], st["pending"] = "turmoil", None
    base = len(st["stack"])
    for t in tasks:
        st["stack"].append({"t": t})
    before = None
    while len(st["stack"]) > base:
        task = st["stack"].pop()
        if task["t"] == watch and before is None:
            before = [pl["res"]["mc"] for pl in st["players"]]
        assert HANDLERS[task["t"]](game.interp, task, None) is None
    return before


def _seat(st, owner, party):
    """A delegate from its owner's reserve (or the neutral reserve) into a party."""
    from tmars.mechanics.politics.board import place
    if owner == "neutral":
        st["politics"]["neutral"] -= 1
    else:
        st["players"][owner]["delegates"] -= 1
    place(st["politics"], owner, party)


def test_the_turmoil_phase_revises_tr_and_seats_the_new_government(game):
    """TR falls by 1; the dominant party (Reds) rules; the old chairman goes home; the new leader
    takes the chair; the other delegates go home; dominance moves on (to Scientists, the only party
    left with a delegate); every player gets the Reds' bonus (the lowest TR +1, ties share it,
    judged before the chairman's +1 TR, which comes after the bonus); the Reds' policy charges
    nothing outside the action phase; empty lobbies refill; delegates are conserved throughout."""
    from tmars.invariants import check
    st = game.state
    board = st["politics"]
    for party in board["parties"]:  # a board of the test's own: the setup's neutral delegates go home
        board["neutral"] += len(party["delegates"])
        party["delegates"], party["leader"] = [], None
    for owner in (0, 1, 0):
        _seat(st, owner, "Reds")
    st["players"][2]["lobby"] = False  # the lobby's delegate goes
    st["players"][2]["delegates"] += 1
    _seat(st, 2, "Scientists")
    board["dominant"] = "Reds"
    st["players"][2]["tr"], st["players"][2]["tr_raises"] = 22, 2
    assert check(st, game.content) == []
    mc = [pl["res"]["mc"] for pl in st["players"]]
    _run(game, "new_government", "tr_revision")  # without the events' steps
    assert board["ruling"] == "Reds" and board["chairman"] == 0
    assert _party(board, "Reds") == {"name": "Reds", "delegates": [], "leader": None} and board["neutral"] == 14
    assert board["dominant"] == "Scientists" and _party(board, "Scientists")["delegates"] == [2]
    # TR: 20, 20, 22 -1 each: 19, 19, 21; the Reds' bonus to the lowest, both 19s: 20, 20, 21; then
    # the chairman's +1 (had it come first, the first player's 20 would not have been the lowest): 21, 20, 21
    assert [pl["tr"] for pl in st["players"]] == [21, 20, 21]
    assert [pl["res"]["mc"] for pl in st["players"]] == mc, "no charge on these steps: no action phase (F373)"
    # the first player: 2 of 6 sent, 1 back, 1 in the chair; the second's 1 back; the third's lobby refilled
    assert [pl["delegates"] for pl in st["players"]] == [5, 6, 5]
    assert all(pl["lobby"] for pl in st["players"])
    assert check(st, game.content) == []


#: six Earth tags for the first player (Homeworld Support counts 5, Unity's bonus all 6); the second has one (Cartel)
EARTH = ("Nuclear Zone", "Media Group", "Sponsors", "Earth Catapult", "Earth Office", "Acquired Company")


def _play(st, p, name):
    """A card into a player's tableau, taken out of wherever the deal left it."""
    for zone in [st["deck"], st["discard"]] + [pl[z] for pl in st["players"] for z in ("hand", "dealt")]:
        if name in zone:
            zone.remove(name)
    st["players"][p]["played"].append({"name": name, "res": 0, "used": False, "area": None})


def test_the_turmoil_phase_resolves_the_current_event_and_the_events_move_on(game):
    """The current event (Homeworld Support: +2 M€ per Earth tag, at most 5, +2 M€ per influence)
    resolves for every player; Unity (dominant) rules and pays its bonus (+1 M€ per Venus, Earth and
    Jovian tag); then the event is discarded, the coming one (Sabotage) becomes current with a
    neutral delegate to its current party (Reds), the distant one (Generous Funding) comes and the
    deck's top is revealed with a neutral delegate to its revealed party."""
    from tmars.invariants import check
    st = game.state
    board = st["politics"]
    board["current"] = "Homeworld Support"
    st["event_deck"].remove("Homeworld Support")
    for name in EARTH:
        _play(st, 0, name)
    _play(st, 1, "Cartel")
    st["players"][1]["delegates"] -= 1  # the second player in the chair: influence 1
    board["chairman"], board["neutral"] = 1, board["neutral"] + 1
    _seat(st, 2, "Unity")  # the third player's delegate, not the leader, in the dominant party: influence 1
    assert board["dominant"] == "Unity" and _party(board, "Unity")["delegates"] == ["neutral", 2]
    assert st["event_deck"][-1] == "Global Dust Storm"  # the next revealed (Kelvinists)
    assert check(st, game.content) == []
    before = [pl["res"]["mc"] for pl in st["players"]]
    government = _run(game, "changing_times", "new_government", "resolve_event", "tr_revision", watch="new_government")
    # the event: 2 x 5 Earth tags (of 6); 2 x 1 Earth tag + 2 x 1 (the chair); 2 x 1 (a delegate in Unity)
    assert [a - b for a, b in zip(government, before, strict=True)] == [10, 4, 2]
    # Unity's bonus: 1 per Earth tag, all 6 of them; 1; none
    assert [pl["res"]["mc"] - g for pl, g in zip(st["players"], government, strict=True)] == [6, 1, 0]
    assert board["ruling"] == "Unity" and board["chairman"] == "neutral"  # Unity's neutral leader
    assert [pl["delegates"] for pl in st["players"]] == [6, 6, 6], "the old chairman and Unity's other delegate home"
    assert st["event_discard"] == ["Homeworld Support"]
    assert (board["current"], board["coming"], board["distant"]) == (
        "Sabotage (global event)", "Generous Funding", "Global Dust Storm")
    # Unity emptied as it took power; a neutral delegate to Reds (Sabotage's current party) and one more
    # to Kelvinists (Global Dust Storm's revealed party), which now hold the most
    assert {p["name"]: p["delegates"] for p in board["parties"]} == {
        "Mars First": [], "Scientists": [], "Unity": [], "Greens": [], "Reds": ["neutral"],
        "Kelvinists": ["neutral", "neutral"]}
    assert board["dominant"] == "Kelvinists" and board["neutral"] == 14 - 1 - 3
    assert check(st, game.content) == []
