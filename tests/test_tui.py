"""The `tmars play` app, headless (Textual's pilot): keys answer decisions, a card played shows in
the tableau and the log, undo rebuilds the very state of before, the hand says why a card is not
playable, the live score has the flow's rows, and a save loads as the same game."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from tmars import why
from tmars.botgame import make_agent
from tmars.game import Game
from tmars.human import HumanAgent
from tmars.tui.app import PlayApp
from tmars.tui.panels import player_text, score_rows, tracks_text
from tmars.tui.table import Table

SIZE = (180, 50)
ROOT = Path(__file__).resolve().parent.parent


def new_table(seed: int = 3) -> Table:
    def start() -> Game:
        return Game.new(2, seed=seed)
    return Table(start(), [HumanAgent(Console(file=io.StringIO())), make_agent("random", seed + 1)], start)


def text_of(app: PlayApp, selector: str) -> str:
    """What a Static shows, as plain text."""
    return str(app.query_one(selector).content)


def options_text(app: PlayApp, selector: str) -> list[str]:
    widget = app.query_one(selector)
    return [str(widget.get_option_at_index(i).prompt) for i in range(widget.option_count)]


def state_text(game: Game) -> str:
    return json.dumps(game.state, sort_keys=True)


def run(test) -> None:
    """Run an async pilot test on a fresh app and table."""
    asyncio.run(test())


async def through_setup(app: PlayApp, pilot) -> None:
    """Answer the setup by keys: the first corporation (Enter), then keep the first two cards
    (Space, Down, Space, c)."""
    await pilot.press("enter")
    await pilot.pause()
    assert app.table.game.pending["kind"] == "select"
    await pilot.press("space", "down", "space", "c")
    await pilot.pause()


def test_keys_answer_the_setup_and_the_panels_follow():
    table = new_table()

    async def test() -> None:
        app = PlayApp(table)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Choose your corporation" in text_of(app, "#prompt")
            assert options_text(app, "#hand") == []
            await through_setup(app, pilot)
            d = table.game.pending
            assert d["kind"] == "action" and d["player"] == 0
            assert "choose an action" in text_of(app, "#prompt")
            kept = table.game.state["players"][0]["hand"]
            assert len(kept) == 2 and all(any(c in o for o in options_text(app, "#hand")) for c in kept)
            assert any("1." in o for o in options_text(app, "#options"))
    run(test)


def test_a_card_played_by_keys_shows_in_the_tableau_and_the_log():
    table = new_table()

    async def test() -> None:
        app = PlayApp(table)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await through_setup(app, pilot)
            game = table.game
            ids = [o["id"] for o in game.pending["options"]]
            if "first-action" in ids:  # the corporation's first action comes first
                await pilot.press(*["down"] * ids.index("first-action"), "enter")
                await pilot.pause()
                while table.game.pending["kind"] != "action":
                    await pilot.press("enter")
                    await pilot.pause()
                ids = [o["id"] for o in table.game.pending["options"]]
            at = next(i for i, o in enumerate(ids) if o.startswith("play:"))
            card = ids[at].partition(":")[2]
            await pilot.press(*["down"] * at, "enter")
            await pilot.pause()
            while table.game.pending["player"] == 0 and table.game.pending["kind"] not in ("action",):
                await pilot.press("enter")  # the payment or the card's own questions: the first option
                await pilot.pause()
            played = [e["name"] for e in table.game.state["players"][0]["played"]]
            assert card in played or card in table.game.state["players"][0]["events"]
            assert card in text_of(app, "#boards")
            assert any(f"plays {card}" in line for line in table.game.state["log"])
            assert any(f"plays {card}" in line.text for line in app.query_one("#log").lines)
    run(test)


def test_undo_twice_gives_back_the_state_before_those_answers():
    table = new_table()

    async def test() -> None:
        app = PlayApp(table)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            before = state_text(table.game)
            seats = table.snapshots()
            await through_setup(app, pilot)
            assert state_text(table.game) != before
            await pilot.press("u")
            await pilot.pause()
            assert table.game.pending["kind"] == "select"  # one back: the kept cards again
            await pilot.press("u")
            await pilot.pause()
            assert state_text(table.game) == before
            assert table.snapshots() == seats  # the bots' random states too
            assert "Choose your corporation" in text_of(app, "#prompt")
            await pilot.press("u")  # nothing before the start: said, not raised
            await pilot.pause()
            assert state_text(table.game) == before
    run(test)


def test_undo_rebuilds_byte_for_byte_deep_in_a_game():
    """Many decisions in, each undo gives the state the game had at that decision of the person."""
    table = new_table(seed=7)
    table.run_bots()
    seen = []
    while not table.game.over and len(seen) < 40:
        seen.append(state_text(table.game))
        d = table.game.pending
        table.answer(table.agents[1].__class__(len(seen)).choose(table.game) if d["kind"] != "select" else [])
    for expected in reversed(seen[-6:]):
        assert table.undo()
        assert state_text(table.game) == expected


def card_needing_warmth(game: Game) -> str:
    """A card of the deck with a minimum temperature: not playable at the start of a game."""
    return next(n for n in game.content.project_deck()
                if any(r["count"] == "temperature" and r["cmp"] == ">="
                       for r in game.content.cards[n].get("requires", ())))


def test_the_hand_says_why_a_card_is_not_playable_and_the_score_has_its_rows():
    table = new_table()
    game = table.game
    name = card_needing_warmth(game)

    async def test() -> None:
        app = PlayApp(table)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await through_setup(app, pilot)
            rows = score_rows(table.game)
            assert [r["tr"] for r in rows] == [p["tr"] for p in table.game.state["players"]]
            console = Console(file=io.StringIO(), width=80)
            console.print(app.query_one("#scores").content)
            shown = console.file.getvalue()
            assert all(row in shown for row in table.game.content.flow.scoring)
            assert "total" in shown and "score if it ended now" in shown
            table.game.state["players"][0]["hand"].append(name)  # a card whose requirement is not met
            app.redraw()
            await pilot.pause()
            line = next(o for o in options_text(app, "#hand") if name in o)
            assert line.startswith("✗") and "requires" in line and "°C" in line and "(now -30)" in line
    run(test)


def test_save_then_load_gives_the_same_state(tmp_path: Path):
    table = new_table()
    path = tmp_path / "mid.json"

    async def test() -> None:
        app = PlayApp(table, autosave=tmp_path / "auto.json")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await through_setup(app, pilot)
            await pilot.press("s")
            await pilot.pause()
            app.screen.query_one("#save-name").value = str(path)
            await pilot.press("enter")
            await pilot.pause()
        loaded = Game.load(path.read_bytes())
        assert state_text(loaded) == state_text(table.game)
        assert loaded.seats == table.snapshots()

        def start() -> Game:
            return Game.load(path.read_bytes())
        again = Table(loaded, [HumanAgent(Console(file=io.StringIO())), make_agent("random", 0)], start)
        app2 = PlayApp(again, autosave=tmp_path / "auto.json")
        async with app2.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "choose an action" in text_of(app2, "#prompt")
            await pilot.press("q")
            await pilot.pause()
        assert app2.return_value == 1 and (tmp_path / "auto.json").exists()  # unfinished: autosaved
    run(test)


@pytest.mark.parametrize("size", [SIZE, (80, 10)])
def test_any_keys_leave_a_game_that_goes_on(tmp_path, monkeypatch, size):
    """Keys pressed in a seeded random order (answers, undo, selections, moving about, the save
    dialog opened and closed) never raise, and the game stays one a replay rebuilds. The keys may
    type a name into the save dialog and save: that lands in a temporary folder, never the checkout."""
    import random
    monkeypatch.chdir(tmp_path)
    before = sorted(p.name for p in ROOT.iterdir())
    keys = ["enter", "enter", "enter", "space", "c", "u", "down", "up", "tab", "h", "d", "s", "escape", "pageup",
            "pagedown"]
    pick = random.Random(11)
    table = new_table(seed=9)

    async def test() -> None:
        app = PlayApp(table)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for _ in range(24):
                await pilot.press(pick.choice(keys))
            await pilot.pause()
            assert app.is_running
    run(test)
    assert state_text(table.replay(len(table.game.answers))) == state_text(table.game)
    assert sorted(p.name for p in ROOT.iterdir()) == before


def test_paging_in_a_small_terminal_never_fails(tmp_path, monkeypatch):
    """PageUp and PageDown in a terminal of 12 rows or fewer ended the program (KeyError: 0 in
    the option list's paging): the lists page, or move to their ends."""
    monkeypatch.chdir(tmp_path)
    table = new_table(seed=5)

    async def test() -> None:
        app = PlayApp(table)
        async with app.run_test(size=(80, 10)) as pilot:
            await pilot.pause()
            for key in ("pagedown", "pageup", "pagedown", "tab", "pageup", "pagedown", "h", "pagedown", "pageup"):
                await pilot.press(key)
            await pilot.pause()
            assert app.is_running
    run(test)


def test_a_signal_ends_the_app_with_the_game_saved(tmp_path, monkeypatch):
    """SIGTERM or SIGHUP (a closed terminal) killed the app with no save: it now ends as a quit
    does, the unfinished game saved first, with 128+N."""
    import os
    import signal
    monkeypatch.chdir(tmp_path)
    table = new_table(seed=6)

    async def test() -> None:
        app = PlayApp(table, tmp_path / "kept.json")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            os.kill(os.getpid(), signal.SIGTERM)
            await pilot.pause()
        assert app.return_value == 128 + signal.SIGTERM
    run(test)
    assert json.loads((tmp_path / "kept.json").read_text())["over"] is False


def test_a_failure_inside_the_app_saves_the_game_first(tmp_path, monkeypatch):
    """The last resort: whatever fails inside the app, the game is saved and the note says where."""
    monkeypatch.chdir(tmp_path)
    table = new_table(seed=7)

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")
    monkeypatch.setattr(table, "answer", broken)

    async def test() -> None:
        app = PlayApp(table, tmp_path / "kept.json")
        try:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.press("enter")
                await pilot.pause()
        except RuntimeError:
            pass  # the pilot passes the failure on; the game was saved before
        assert "tmars failed (RuntimeError)" in app.crash_note and "kept.json" in app.crash_note
    run(test)
    assert json.loads((tmp_path / "kept.json").read_text())["over"] is False


def test_a_byte_that_is_not_utf8_is_read_as_a_replacement_character():
    """One invalid byte typed into the play screen ended it (UnicodeDecodeError in the terminal
    driver): the driver's decoder replaces it."""
    from textual.drivers import linux_driver

    from tmars.tui.app import _tolerant_input
    _tolerant_input()
    assert linux_driver.getincrementaldecoder("utf-8")().decode(b"a\xffb", final=True) == "a\ufffdb"


def test_a_game_with_colonies_shows_its_colony_tiles_and_fleets():
    """A mechanic's part of the table is drawn (its `describe`): each colony tile with its marker's
    step, what a trade there gives now, its colonies and the fleet visiting it; the fleets at home."""
    def start() -> Game:
        return Game.new(2, seed=3, modules=("base", "corpera", "colonies"))
    table = Table(start(), [HumanAgent(Console(file=io.StringIO())), make_agent("random", 4)], start)

    async def test() -> None:
        app = PlayApp(table)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            game = table.game
            tile = game.state["colonies"][1]
            tile["owners"].append(1)
            tile["marker"] = max(tile["marker"], 1)
            app.redraw()
            await pilot.pause()
            shown = text_of(app, "#tracks")
            assert "Colony tiles" in shown and "fleets at home: P1 1/1, P2 1/1" in shown
            assert f"{tile['name']}: step {tile['marker']}, trade gives:" in shown and "P2" in shown
    run(test)


def test_a_solo_game_plays_in_the_app_with_its_goal_and_the_neutral_tiles():
    def start() -> Game:
        return Game.new(1, seed=3)
    table = Table(start(), [HumanAgent(Console(file=io.StringIO()))], start)

    async def test() -> None:
        app = PlayApp(table)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            tracks = text_of(app, "#tracks")
            assert "Solo game" in tracks and "generation 1 of 14" in tracks and "still to do" in tracks
            assert "milestones" not in tracks  # none in the solo game (F238)
            await through_setup(app, pilot)
            assert table.game.pending["kind"] == "action" and table.game.pending["player"] == 0
            neutral = [a for a, t in table.game.state["board"].items() if t["owner"] is None]
            assert len(neutral) == 4
    run(test)


def test_enter_on_a_card_that_cannot_be_played_says_why_as_the_hand_does():
    table = new_table()
    game = table.game
    name = card_needing_warmth(game)

    async def test() -> None:
        app = PlayApp(table)
        said: list[str] = []
        app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await through_setup(app, pilot)
            table.game.state["players"][0]["hand"].append(name)
            app.redraw()
            await pilot.pause()
            hand = app.query_one("#hand")
            hand.focus()
            hand.highlighted = options_text(app, "#hand").index(next(o for o in options_text(app, "#hand")
                                                                      if name in o))
            await pilot.press("enter")
            await pilot.pause()
        reason = next(v.reason for v in why.hand_verdicts(table.game.interp, 0, table.game.pending) if v.card == name)
        assert said and said[-1] == f"{name} cannot be played: {reason}" and "(now -30)" in said[-1]
    run(test)


def test_the_tracks_panel_shows_each_milestone_and_award_with_every_players_count():
    table = new_table()
    game = table.game
    st = game.state
    st["players"][1]["tr"] = 27
    st["awards"].append({"name": game.content.map.awards[0], "player": 0})
    st["milestones"].append({"name": game.content.map.milestones[1], "player": 1})
    console = Console(file=io.StringIO(), width=200)
    console.print(tracks_text(game))
    shown = console.file.getvalue()
    first = game.content.map.milestones[0]  # Terraformer: a terraform rating of 35
    assert f"{first} (a terraform rating of 35): P1 20 · P2 27 · P2 leads" in shown
    assert f"{game.content.map.milestones[1]}: claimed by P2" in shown
    assert f"{game.content.map.awards[0]} (funded by P1): P1 0 · P2 0" in shown
    assert all(a in shown for a in game.content.map.awards)


def test_the_tableau_shows_each_cards_vp_and_tracks_show_their_noun():
    game = Game.new(2, seed=3, modules=("base", "corpera", "venus"))
    game.state["players"][0]["played"].append({"name": "Birds", "res": 3, "used": False, "area": None})
    console = Console(file=io.StringIO(), width=200)
    console.print(player_text(game, 0))
    assert "Birds [3 animal] 3 VP" in console.file.getvalue()
    console.print(tracks_text(game))
    shown = console.file.getvalue()
    assert "Venus " in shown and "venus " not in shown  # the manifest's noun, not the id


def test_the_score_panel_of_a_lost_solo_game_is_its_verdict():
    from tmars.tui.panels import score_table
    game = Game.new(1, seed=4)
    game.state["over"], game.state["scores"] = True, []
    game.state["solo"]["result"] = {"won": False, "why": "lost: the goal was not reached"}
    console = Console(file=io.StringIO(), width=100)
    console.print(score_table(game))
    assert "lost: the goal was not reached" in console.file.getvalue()
