"""A terminal player: shows the pending decision and reads an answer by number."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from compiler.terminal import safe

from .game import Game


class HumanAgent:
    def __init__(self, console: Console):
        self.console = console

    def status(self, game: Game, p: int) -> str:
        st = game.state
        pl = st["players"][p]
        g = st["globals"]
        res = " ".join(f"{k}:{v}({pl['prod'][k]:+d})" for k, v in pl["res"].items())
        return (f"Gen {st['generation']} | temp {g['temperature']}°C, O2 {g['oxygen']}%, oceans {g['oceans']} | "
                f"TR {pl['tr']} | {res}\nHand: {', '.join(pl['hand']) or '-'}")

    def saved(self, game: Game, line: str) -> bool:
        """'save FILE' writes the game as it stands, mid-decision; `tmars play --load FILE` resumes."""
        words = line.split(maxsplit=1)
        if len(words) != 2 or words[0] != "save":
            return False
        try:
            with open(words[1], "w", encoding="utf-8") as f:
                f.write(game.save())
            self.console.print(safe(f"saved to {words[1]}"), markup=False)
        except OSError as e:
            self.console.print(f"cannot save: {e.strerror}")
        return True

    def choose(self, game: Game) -> Any:
        d = game.pending
        self.console.print(safe(self.status(game, d["player"])), markup=False)
        self.console.print(safe(d["prompt"]), style="bold", markup=False)  # names are data, never markup
        for i, o in enumerate(d["options"], start=1):
            self.console.print(safe(f"  {i:>3}. {o['label']}"), markup=False)
        self.console.print("(type 'save FILE' to save the game here)", style="dim")
        while True:
            if d["kind"] == "select":
                line = input(f"numbers separated by spaces ({d.get('min', 0)}-{d.get('max')}): ")
                if self.saved(game, line):
                    continue
                raw = line.split()
                try:
                    picked = [d["options"][int(x) - 1]["id"] for x in raw]
                except (ValueError, IndexError):
                    self.console.print("not a valid choice")
                    continue
                if d.get("min", 0) <= len(picked) <= d.get("max", len(d["options"])):
                    return picked
                self.console.print("wrong number of cards")
                continue
            raw = input("> ").strip()
            if self.saved(game, raw):
                continue
            if raw.isdigit() and 1 <= int(raw) <= len(d["options"]):
                return d["options"][int(raw) - 1]["id"]
            self.console.print("type the number of an option")
