"""The politics mechanic's board (Turmoil, issue 34, first part): delegates conserved, the lobby,
party leaders, dominance and influence, on six made-up parties (tests/fixtures/politics)."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "politics"


@pytest.fixture()
def game():
    from compiler.modules import forget_added
    from tmars.game import Game
    try:
        yield Game.new(3, seed=5, modules=("base", "corpera"), card_folders=(str(FIXTURE),))
    finally:
        forget_added()


def _to_actions(game):
    while game.pending["kind"] != "action":
        d = game.pending
        game.answer(d["player"], [] if d["kind"] == "select" else d["options"][0]["id"])


def test_the_board_starts_with_a_neutral_chairman_one_delegate_in_each_lobby_and_two_events(game):
    """Setup: the chairman neutral; a coming and a distant event revealed, each bringing a neutral
    delegate to its revealed party, the first of which leads and takes dominance; Party D rules."""
    st, cards = game.state, game.content.cards
    board = st["politics"]
    assert [p["name"] for p in board["parties"]] == [f"Party {c}" for c in "ABCDEF"]
    assert board["chairman"] == "neutral" and board["neutral"] == 11 and board["current"] is None
    coming = cards[board["coming"]]["parts"]["revealed"]
    assert board["ruling"] == "Party D" and board["dominant"] == coming
    assert "neutral" in next(p for p in board["parties"] if p["name"] == coming)["delegates"]
    events = sum(c["type"] == "global-event" for c in cards.values())
    assert len(st["event_deck"]) == events - 2 and st["event_discard"] == []
    assert all(pl["lobby"] and pl["delegates"] == 6 for pl in st["players"])


def test_the_lobby_delegate_is_free_then_a_delegate_costs_5_and_the_lead_and_dominance_follow(game):
    from tmars.invariants import check
    _to_actions(game)
    p = game.pending["player"]
    mc = game.state["players"][p]["res"]["mc"]
    assert "delegate:Party B" in [o["id"] for o in game.pending["options"]]
    game.answer(p, "delegate:Party B")
    board = game.state["politics"]
    party = board["parties"][1]
    neutrals = party["delegates"].count("neutral")  # one came with an event, perhaps
    assert party["delegates"].count(p) == 1 and party["leader"] == (p if not neutrals else "neutral")
    assert game.state["players"][p]["res"]["mc"] == mc and not game.state["players"][p]["lobby"]
    game.answer(p, "delegate:Party B")  # the second action of the turn: from the reserve, 5 M€
    assert game.state["players"][p]["res"]["mc"] == mc - 5 and game.state["players"][p]["delegates"] == 5
    assert board["dominant"] == "Party B" and party["leader"] == p  # 2 against 1: strictly more
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
    board = {"parties": [{"name": "Party A", "delegates": [0, 1, 1, 0], "leader": 0}],
             "chairman": chair, "ruling": "Party A", "dominant": "Party A", "neutral": 13}
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


def test_the_turmoil_phase_revises_tr_and_seats_the_new_government(game):
    """TR falls by 1; the dominant party rules; the old chairman goes home; the new leader takes
    the chair (+1 TR after the bonus); the other delegates go home; dominance moves on; every
    player gets the ruling bonus; empty lobbies refill; delegates are conserved throughout."""
    from tmars.invariants import check
    from tmars.mechanics.politics.board import place
    st = game.state
    board = st["politics"]
    for owner, party in ((0, "Party E"), (1, "Party E"), (0, "Party E"), ("neutral", "Party B")):
        if owner == "neutral":
            board["neutral"] -= 1
        else:
            st["players"][owner]["delegates"] -= 1
        place(board, owner, party)
    st["players"][2]["lobby"] = False  # the lobby's delegate goes
    place(board, 2, "Party B")
    assert check(st, game.content) == []
    trs = [pl["tr"] for pl in st["players"]]
    from tmars.mechanic import HANDLERS
    for party in board["parties"]:  # a board of the test's own: the setup's neutral delegates go home
        board["neutral"] += party["delegates"].count("neutral")
        party["delegates"] = [d for d in party["delegates"] if d != "neutral"]
        party["leader"] = party["delegates"][0] if party["delegates"] else None
    board["dominant"] = "Party E"
    st["phase"], st["pending"] = "turmoil", None
    base = len(st["stack"])
    for t in ("new_government", "tr_revision"):  # without the events' steps
        st["stack"].append({"t": t})
    while len(st["stack"]) > base:  # the steps and what they push, to the end
        task = st["stack"].pop()
        assert HANDLERS[task["t"]](game.interp, task, None) is None
    assert board["ruling"] == "Party E" and board["chairman"] == 0
    assert board["parties"][4]["delegates"] == [] and board["neutral"] == 14
    assert board["dominant"] == "Party B"  # two delegates, the most left (ties would pass on from Party E)
    # TR: -1 each, +1 from Party E's bonus each, +1 for the chairman
    assert [pl["tr"] for pl in st["players"]] == [trs[0] + 1, trs[1], trs[2]]
    assert st["players"][2]["lobby"] and st["players"][2]["delegates"] == 5
    assert check(st, game.content) == []


def test_the_turmoil_phase_resolves_the_current_event_and_the_events_move_on(game):
    """The current event resolves for every player (its counts and the player's influence); then
    it is discarded, the coming one becomes current (a neutral delegate to its current party), the
    distant one comes and a new one is revealed (a neutral delegate to its revealed party)."""
    from compiler.counts import COUNTS
    from tmars import rules
    from tmars.invariants import check
    from tmars.mechanic import HANDLERS
    from tmars.mechanics.politics import phase
    st, cards = game.state, game.content.cards
    board = st["politics"]
    board["current"] = "Event One"
    if "Event One" in st["event_deck"]:
        st["event_deck"].remove("Event One")
    for slot in ("coming", "distant"):
        if board[slot] == "Event One":
            board[slot] = st["event_deck"].pop()
    coming, distant = board["coming"], board["distant"]
    before = [pl["res"]["mc"] for pl in st["players"]]
    want = [min(rules.count(st, game.content, p, {"count": "building-tag"}), 5)
            + COUNTS["influence"].value(rules, st, game.content, p, {"count": "influence"}, None, [p])
            for p in range(3)]
    st["phase"], st["pending"] = "turmoil", None
    base = len(st["stack"])
    phase.start(game.interp)
    after_revision = None
    while len(st["stack"]) > base:
        task = st["stack"].pop()
        if task["t"] == "new_government" and after_revision is None:
            after_revision = [pl["res"]["mc"] for pl in st["players"]]
        assert HANDLERS[task["t"]](game.interp, task, None) is None
    assert [a - b for a, b in zip(after_revision, before, strict=True)] == want
    assert st["event_discard"] == ["Event One"]
    assert board["current"] == coming and board["coming"] == distant and board["distant"] not in (None, coming)
    current_party = next(p for p in board["parties"] if p["name"] == cards[coming]["parts"]["current"])
    assert "neutral" in current_party["delegates"] or board["ruling"] == current_party["name"]
    assert check(st, game.content) == []
