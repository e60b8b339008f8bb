"""The `tmars play` app: one screen with the map, the tracks, the live score, the pending
decision, the card under the cursor, the hand (why each card is or is not playable), the players'
boards and the log. Keys: u undo, s save, c confirm a selection, q quit (saving an unfinished
game to the autosave file), Tab moves between the lists.

The app holds no game logic: the `Table` plays, undoes and saves; the panels draw plain data;
the engine's own messages (an illegal answer's reason, an engine failure) are shown, never
raised, so nothing typed ends the program with a traceback.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import functools
import signal
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, Input, Label, OptionList, RichLog, SelectionList, Static
from textual.widgets.option_list import Option

from compiler.terminal import safe

from .. import why
from ..game import EngineError, IllegalAnswer
from ..human import AUTOSAVE, save_to
from .decision import DecisionPanel
from .hexmap import render_map
from .lists import PagedOptionList
from .panels import card_detail, player_text, score_table, tracks_text
from .table import Table

CSS = """
Screen { layout: horizontal; }
#left { width: 62; border: round $primary; }
#middle { width: 1fr; }
#right { width: 1fr; }
#decision { height: 1fr; border: round $accent; }
#decision OptionList, #decision SelectionList { height: 1fr; border: none; }
#detail { height: auto; max-height: 12; border: round $primary; }
#hand { height: 2fr; border: round $primary; }
#players { height: 2fr; border: round $primary; }
#log { height: 2fr; border: round $primary; }
SaveScreen { align: center middle; }
#save-box { width: 70; height: auto; border: thick $accent; background: $surface; padding: 1; }
"""


class SaveScreen(ModalScreen[str | None]):
    """Asks for a file name; Enter saves there, Escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, default: str) -> None:
        super().__init__()
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(id="save-box"):
            yield Label("Save the game to (resume with: tmars play --load FILE):")
            yield Input(value=self.default, id="save-name")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PlayApp(App[int]):
    """Play at a `Table` until the person quits; the exit code is 0 when the game ended, 1 when
    it was left unfinished (then saved to the autosave file)."""

    TITLE = "tmars"
    CSS = CSS
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("c", "confirm", "Confirm selection"),
        Binding("d", "focus('decision')", "Decision"),
        Binding("h", "focus('hand')", "Hand"),
        Binding("q", "quit_game", "Quit"),
        Binding("ctrl+c", "quit_game", "Quit", show=False, priority=True),
    ]

    def __init__(self, table: Table, autosave: Path | None = None) -> None:
        super().__init__()
        self.table = table
        self.autosave = autosave if autosave is not None else Path.cwd() / AUTOSAVE
        self.shown = 0  # log lines written to the log panel
        self.save_name = "tmars-save.json"
        self.crash_note = ""  # where the game was saved when something failed inside the app

    # ---- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="left"):
            yield Static(id="map")
            yield Static(id="tracks")
            yield Static(id="scores")
        with Vertical(id="middle"):
            yield DecisionPanel(id="decision")
            yield Static(id="detail")
        with Vertical(id="right"):
            yield PagedOptionList(id="hand")
            with VerticalScroll(id="players"):
                yield Static(id="boards")
            yield RichLog(id="log", wrap=True, markup=False, highlight=False)
        yield Footer()

    def on_mount(self) -> None:
        loop = asyncio.get_running_loop()
        for signum in STOP_SIGNALS:  # a closed terminal or a kill: saved first, as a quit is
            loop.add_signal_handler(signum, self.stop_by_signal, signum)
        self.query_one("#left").border_title = "Mars"
        self.query_one("#decision").border_title = "Decision"
        self.query_one("#detail").border_title = "Card"
        self.query_one("#players").border_title = "Players"
        self.query_one("#log").border_title = "Log"
        self.play(self.table.run_bots)
        self.query_one(DecisionPanel).focus_list()

    # ---- drawing --------------------------------------------------------------------------
    def redraw(self, rewrite_log: bool = False) -> None:
        """Draw everything from the game as it stands."""
        table, game = self.table, self.table.game
        st = game.state
        me = table.human
        d = game.pending
        mine = d is not None and table.is_human(d["player"])
        offered = frozenset(o["id"] for o in d["options"]) if mine and d["kind"] == "area" else frozenset()
        self.sub_title = f"generation {st['generation']} · {st['phase']}" + (" · game over" if game.over else "")
        self.query_one("#map", Static).update(render_map(game.content, st["board"], offered))
        self.query_one("#tracks", Static).update(tracks_text(game))
        self.query_one("#scores", Static).update(score_table(game))
        self.query_one(DecisionPanel).show(game, mine)
        self.draw_hand(me)
        boards = Text()
        for p in range(len(st["players"])):
            boards.append_text(player_text(game, p))
        self.query_one("#boards", Static).update(boards)
        log = self.query_one("#log", RichLog)
        if rewrite_log or self.shown > len(st["log"]):
            log.clear()
            self.shown = 0
        for line in st["log"][self.shown:]:
            log.write(Text(safe(line)))
        self.shown = len(st["log"])

    def draw_hand(self, p: int) -> None:
        """The hand, each card marked playable (✓) or not (✗ and why not)."""
        game = self.table.game
        hand = self.query_one("#hand", OptionList)
        at = hand.highlighted
        hand.clear_options()
        verdicts = why.hand_verdicts(game.interp, p, game.pending)
        for v in verdicts:
            line = Text()
            line.append("✓ " if v.playable else "✗ ", style="green" if v.playable else "red")
            line.append(safe(v.card), style="bold" if v.playable else "")
            line.append(f" · {v.cost} M€")
            if v.reason:
                line.append(f" · {v.reason}", style="dim")
            hand.add_option(Option(line, id=v.card))
        name = game.state["players"][p]["name"]
        hand.border_title = f"{name}'s hand: {sum(v.playable for v in verdicts)} of {len(verdicts)} playable now"
        if verdicts:
            hand.highlighted = min(at or 0, len(verdicts) - 1)

    def show_card(self, name: str | None) -> None:
        game = self.table.game
        if name is None or name not in game.content.cards:
            return
        detail = card_detail(game, name, self.table.human)
        if name in game.state["players"][self.table.human]["hand"]:
            v = next(v for v in why.hand_verdicts(game.interp, self.table.human, game.pending) if v.card == name)
            detail.append("\n" + ("playable now" if v.playable else f"not playable: {v.reason}"),
                          style="green" if v.playable else "red")
        self.query_one("#detail", Static).update(detail)

    # ---- playing --------------------------------------------------------------------------
    def play(self, step: Any, *args: Any) -> bool:
        """Run a step of the table and redraw; an illegal answer or an engine failure is shown
        in the decision panel, never raised. True when the step went through."""
        panel = self.query_one(DecisionPanel)
        try:
            step(*args)
        except IllegalAnswer as e:
            panel.say(f"not allowed: {e}", style="bold red")
            return False
        except EngineError as e:
            self.redraw()
            panel.say(f"the engine could not go on: {e} (u undoes)", style="bold red")
            return False
        self.redraw()
        return True

    def on_decision_panel_answered(self, event: DecisionPanel.Answered) -> None:
        if self.play(self.table.answer, event.answer):
            self.query_one(DecisionPanel).focus_list()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        oid = event.option.id or ""
        self.show_card(oid if oid in self.table.game.content.cards else oid.partition(":")[2])

    def on_selection_list_selection_highlighted(self, event: SelectionList.SelectionHighlighted) -> None:
        self.show_card(str(event.selection.value))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a playable card in the hand plays it, when the decision offers that."""
        if event.option_list.id != "hand":
            return
        d = self.table.game.pending
        wanted = f"play:{event.option.id}"
        if d is not None and self.table.is_human(d["player"]) and any(o["id"] == wanted for o in d["options"]):
            self.play(self.table.answer, wanted)
            return
        game = self.table.game
        v = next((v for v in why.hand_verdicts(game.interp, self.table.human, d) if v.card == event.option.id), None)
        reason = v.reason if v is not None and v.reason else "it is not offered in this decision"
        self.notify(safe(f"{event.option.id} cannot be played: {reason}"), severity="warning")

    # ---- keys -----------------------------------------------------------------------------
    def action_confirm(self) -> None:
        self.query_one(DecisionPanel).confirm()

    def action_undo(self) -> None:
        if not self.table.can_undo():
            self.notify("nothing to undo: the session began here", severity="warning")
            return
        if self.play(self.table.undo):
            self.redraw(rewrite_log=True)
            self.query_one(DecisionPanel).focus_list()
            self.notify("undone")

    def action_focus(self, which: str) -> None:
        if which == "decision":
            self.query_one(DecisionPanel).focus_list()
        else:
            self.query_one(f"#{which}").focus()

    def action_save(self) -> None:
        def saved(name: str | None) -> None:
            if name is None:
                return
            self.save_name = name
            message = save_to(name, self.table.save_text())
            self.notify(safe(message), severity="information" if message.startswith("saved") else "error")
        self.push_screen(SaveScreen(self.save_name), saved)

    def action_quit_game(self) -> None:
        self.leave(1, "")

    def stop_by_signal(self, signum: int) -> None:
        self.leave(128 + signum, f"stopped ({signal.Signals(signum).name})")

    def leave(self, code: int, why: str) -> None:
        """End the app; an unfinished game is saved first, and the message says where."""
        if self.table.game.over:
            self.exit(0)
            return
        message = self.save_unfinished()
        self.exit(code, message=(f"{why}: " if why else "") + message)

    def save_unfinished(self) -> str:
        message = save_to(str(self.autosave), self.table.save_text())
        return f"{message}; resume it with: tmars play --load {self.autosave}" if message.startswith("saved") \
            else message

    def _handle_exception(self, error: Exception) -> None:
        """The last resort: whatever fails inside the app, the game is saved before it ends."""
        with contextlib.suppress(Exception):
            if not self.table.game.over:
                self.crash_note = f"tmars failed ({type(error).__name__}): {self.save_unfinished()}"
        super()._handle_exception(error)


#: the signals that end the app as a quit does: Ctrl-C sent as a signal, a kill, a closed terminal
STOP_SIGNALS = tuple(s for s in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)) if s is not None)


def _tolerant_input() -> None:
    """A byte that is not UTF-8 typed into the terminal (`printf '\\xff'`) ended the program with a
    UnicodeDecodeError in the terminal driver: its input decoder replaces such bytes instead."""
    from textual.drivers import linux_driver
    linux_driver.getincrementaldecoder = lambda encoding: functools.partial(
        codecs.getincrementaldecoder(encoding), errors="replace")


def run_app(table: Table, autosave: Path | None = None) -> int:
    """Run the app on a terminal; its exit code (a failure inside it: 1, the game saved first)."""
    _tolerant_input()
    app = PlayApp(table, autosave)
    code = app.run()
    if app.crash_note:
        print(safe(app.crash_note))
    return code if isinstance(code, int) else 1
