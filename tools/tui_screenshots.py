"""Regenerate the screenshots of `tmars play` in docs/images/ (docs/play.md shows them):
`python tools/tui_screenshots.py`. A seeded game with a random bot, driven by the same keys a
person presses, so the pictures show what the app really draws."""

from __future__ import annotations

import asyncio
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402

from tmars.botgame import make_agent  # noqa: E402
from tmars.game import Game  # noqa: E402
from tmars.human import HumanAgent  # noqa: E402
from tmars.tui.app import PlayApp  # noqa: E402
from tmars.tui.table import Table  # noqa: E402

OUT = ROOT / "docs" / "images"
SIZE = (180, 50)
SEED = 3


async def shoot() -> None:
    def start() -> Game:
        return Game.new(2, seed=SEED)
    table = Table(start(), [HumanAgent(Console(file=io.StringIO())), make_agent("random", SEED + 1)], start)
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the first corporation
        await pilot.pause()
        await pilot.press(*["space", "down"] * 7)  # keep seven cards…
        await pilot.pause()
        app.save_screenshot("play-select.svg", str(OUT))
        await pilot.press("c")  # …and confirm
        await pilot.pause()
        await pilot.press("h", "down", "down")  # the hand: which cards are playable, why not the others
        await pilot.pause()
        app.save_screenshot("play-hand.svg", str(OUT))
        await pilot.press("d")  # back to the decision
        for _ in range(300):  # on to a decision that places a tile: the map marks the areas offered
            if not table.game.pending or table.game.pending["kind"] == "area":
                break
            await pilot.press("c" if table.game.pending["kind"] == "select" else "enter")
            await pilot.pause()
        app.save_screenshot("play-area.svg", str(OUT))


if __name__ == "__main__":
    asyncio.run(shoot())
    print(f"wrote {', '.join(p.name for p in sorted(OUT.glob('play-*.svg')))}")
