"""What the side panels show, as Rich renderables built from the game's plain data: the global
tracks, each player's board, the live score and a card's rules text. Pure functions of the game,
so the screen and the tests read the same thing."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from compiler import vocab
from compiler.text import card_text

from .. import rules, scoring
from ..game import Game
from .hexmap import player_style

BAR = 20  # the widest a track's bar is drawn


def tracks_text(game: Game) -> Text:
    """Generation and phase, then each global track the content declares: value, goal, a bar."""
    st = game.state
    out = Text(f"Generation {st['generation']} · {st['phase']}\n", style="bold")
    for name, spec in game.content.tracks.globals.items():
        value = st["globals"][name]
        steps = max(1, (spec["goal"] - spec["start"]) // spec["step"])
        done = (value - spec["start"]) // spec["step"]
        width = min(BAR, steps)
        filled = round(width * done / steps)
        out.append(f"{name:<12}", style="bold")
        out.append("█" * filled, style="green" if value >= spec["goal"] else "yellow")
        out.append("░" * (width - filled), style="dim")
        out.append(f" {value} / {spec['goal']}" + (" ✓" if value >= spec["goal"] else "") + "\n")
    for m in game.content.mechanics:  # a mechanic's own part of the table (the colony tiles)
        if m.describe is not None:
            title, lines = m.describe(st, game.content)
            out.append(f"{title}\n", style="bold")
            for line in lines:
                out.append(f"  {line}\n")
    if game.content.map.milestones or game.content.map.awards:  # none in some games (the solo game, F238)
        milestones = ", ".join(f"{m['name']} (P{m['player'] + 1})" for m in st["milestones"]) or "-"
        awards = ", ".join(f"{a['name']} (P{a['player'] + 1})" for a in st["awards"]) or "-"
        out.append(f"milestones: {milestones}\nawards funded: {awards}", style="dim")
    return out


def player_text(game: Game, p: int) -> Text:
    """One player's board: TR, resources with production, tags, and the tableau with the
    resources on its cards."""
    st, content = game.state, game.content
    pl = st["players"][p]
    out = Text()
    out.append(pl["name"], style=player_style(p))
    out.append(f" · {pl['corp'] or '(no corporation yet)'} · TR {pl['tr']}")
    if pl.get("passed"):
        out.append("  passed", style="dim")
    for i, res in enumerate(vocab.STANDARD_RESOURCES):
        out.append("\n " if i % 3 == 0 else "")
        out.append(f"{res[:8]:>9} {pl['res'][res]:>3} ({pl['prod'][res]:+d})")
    out.append(f"\n  hand {len(pl['hand'])} cards\n")
    held = rules.tags(st, content, p)
    if held:
        out.append("  tags: " + ", ".join(f"{t} {n}" for t, n in sorted(held.items())) + "\n", style="cyan")
    cards = []
    for e in pl["played"]:
        card = content.cards[e["name"]]
        held_res = f" [{e['res']} {card.get('holds', '')}]".replace(" ]", "]") if e.get("res") else ""
        used = " (used)" if e.get("used") else ""
        cards.append(f"{e['name']}{held_res}{used}")
    out.append("  played: " + (", ".join(cards) or "-") + "\n")
    if pl["events"]:
        out.append(f"  events: {', '.join(pl['events'])}\n", style="dim")
    return out


def score_rows(game: Game) -> list[dict]:
    """Each player's score if the game ended now, by the rows the modules' flow counts."""
    return game.scores() if game.over else scoring.score(game.state, game.content)


def score_table(game: Game) -> Table:
    rows = score_rows(game)
    names = list(game.content.flow.scoring)
    table = Table(title="final score" if game.over else "score if it ended now", box=box.SIMPLE_HEAD,
                  padding=(0, 1))
    table.add_column("")
    for p in range(len(rows)):
        table.add_column(f"P{p + 1}", justify="right", style=player_style(p))
    for name in names:
        table.add_row(name, *(str(r[name]) for r in rows))
    table.add_row("total", *(str(r["total"]) for r in rows), style="bold")
    return table


def card_detail(game: Game, name: str, p: int) -> Text:
    """A card's name, cost (printed and what it costs the player now), tags and rules text."""
    card = game.content.cards.get(name)
    if card is None:
        return Text(name)
    out = Text(card["name"], style="bold")
    if "cost" in card:
        now = rules.card_cost(game.state, game.content, p, name) if card["type"] in ("automated", "active",
                                                                                     "event") else card["cost"]
        out.append(f"  {card['cost']} M€" + (f" (you pay {now})" if now != card["cost"] else ""))
    out.append(f"  {card['type']}")
    if card.get("tags"):
        out.append("  " + " ".join(card["tags"]), style="cyan")
    out.append("\n" + card_text(card))
    return out
