"""The pending decision: its prompt and options, chosen by keyboard or mouse.

A one-option decision is an option list (arrows and Enter, or a click); a 'select' decision is a
list of checkboxes (Space or a click toggles, `c` confirms) that will not take more than the
decision's most and says so, and will not confirm fewer than its least. The answer goes out as
a message; the app hands it to the engine, and an illegal answer's reason comes back to `say`.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, SelectionList, Static

from .lists import PagedOptionList, PagedSelectionList
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from compiler.terminal import safe

from ..game import Game


class DecisionPanel(Vertical):
    """Shows `game.pending` for a person's seat; posts `Answered` with the option id (or ids)."""

    class Answered(Message):
        def __init__(self, answer: Any) -> None:
            super().__init__()
            self.answer = answer

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pending: dict | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="prompt")
        yield PagedOptionList(id="options")
        yield PagedSelectionList(id="choices")
        yield Static(id="message")

    @property
    def select(self) -> bool:
        return self.pending is not None and self.pending["kind"] == "select"

    def bounds(self) -> tuple[int, int]:
        d = self.pending or {}
        return d.get("min", 0), d.get("max", len(d.get("options", ())))

    def show(self, game: Game, mine: bool) -> None:
        """Show the game's pending decision; `mine` is False while it is not a person's (a bot's
        decision is never shown as choosable)."""
        d = game.pending if mine else None
        self.pending = d
        prompt = self.query_one("#prompt", Static)
        options = self.query_one("#options", OptionList)
        choices = self.query_one("#choices", SelectionList)
        options.clear_options()
        choices.clear_options()
        if d is None:
            prompt.update(Text("The game is over: q quits." if game.over else "Waiting for the bots…", style="bold"))
            options.display = choices.display = False
            self.say("")
            return
        who = game.state["players"][d["player"]]["name"]
        said = d["prompt"] if d["prompt"].startswith(who) else f"{who}: {d['prompt']}"
        prompt.update(Text(safe(said), style="bold"))
        if self.select:
            least, most = self.bounds()
            choices.add_options([Selection(Text(safe(o["label"])), o["id"]) for o in d["options"]])
            options.display, choices.display = False, True
            choices.highlighted = 0 if d["options"] else None
            self.say(f"choose {least} to {most}: Space toggles, c confirms", style="dim")
        else:
            options.add_options([Option(Text(f"{i}. {safe(o['label'])}"), id=o["id"])
                                 for i, o in enumerate(d["options"], 1)])
            options.display, choices.display = True, False
            options.highlighted = 0
            self.say("↑↓ and Enter (or a click) choose", style="dim")

    def focus_list(self) -> None:
        (self.query_one("#choices") if self.select else self.query_one("#options")).focus()

    def say(self, text: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(text, style=style))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "options" and event.option.id is not None:
            event.stop()
            self.post_message(self.Answered(event.option.id))

    def on_selection_list_selection_toggled(self, event: SelectionList.SelectionToggled) -> None:
        choices = self.query_one("#choices", SelectionList)
        least, most = self.bounds()
        if len(choices.selected) > most:
            choices.deselect(event.selection)
            self.say(f"at most {most} may be chosen", style="red")
        else:
            self.say(f"{len(choices.selected)} chosen of {least} to {most}: c confirms", style="dim")

    def confirm(self) -> None:
        """Send the checked options (in the decision's order) if their number is allowed."""
        if not self.select:
            return
        chosen = set(self.query_one("#choices", SelectionList).selected)
        least, most = self.bounds()
        if not least <= len(chosen) <= most:
            self.say(f"choose {least} to {most}, not {len(chosen)}", style="red")
            return
        self.post_message(self.Answered([o["id"] for o in self.pending["options"] if o["id"] in chosen]))
