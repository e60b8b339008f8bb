"""What the side panels show, as Rich renderables built from the game's plain data: the global
tracks, each player's board, the live score and a card's rules text. Pure functions of the game,
so the screen and the tests read the same thing."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from compiler import vocab
from compiler.modules import all_words
from compiler.text import card_text, have_text, param_noun

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
        out.append(f"{track_name(name)[:12]:<12}", style="bold")
        out.append("█" * filled, style="green" if value >= spec["goal"] else "yellow")
        out.append("░" * (width - filled), style="dim")
        out.append(f" {value} / {spec['goal']}" + (" ✓" if value >= spec["goal"] else "") + "\n")
    for m in game.content.mechanics:  # a mechanic's own part of the table (the colony tiles)
        if m.describe is not None:
            title, lines = m.describe(st, game.content)
            out.append(f"{title}\n", style="bold")
            for line in lines:
                out.append(f"  {line}\n")
    out.append_text(standings_text(game))
    return out


def track_name(word: str) -> str:
    """A global track as a panel heads it: its manifest's noun without the article ('Venus',
    'temperature', 'hope track'), so a module's track reads as its author named it."""
    name = param_noun(word)
    return name[4:] if name.startswith("the ") else name


def track_value(word: str, value: int) -> str:
    """A track's value as its manifest shows it in a requirement box ('-30°C', '8%'), else the number."""
    shows = all_words("globals").get(word, {}).get("shows")
    return shows.format(n=value) if shows else str(value)


def standing(values: list[int]) -> str:
    """Who leads a count: 'P2 leads', 'P1, P2 tied' (everyone level at 0: nobody yet)."""
    best = max(values)
    first = [f"P{p + 1}" for p, v in enumerate(values) if v == best]
    if best == 0 and len(first) == len(values) > 1:
        return "nobody yet"
    return f"{first[0]} leads" if len(first) == 1 else f"{', '.join(first)} tied"


def standings_text(game: Game) -> Text:
    """The milestones and awards of the game with each player's count: a milestone open to claim
    shows what it asks and who is nearest, a claimed one its owner; an award (funded or not) each
    player's score and who leads it."""
    st, content = game.state, game.content
    out = Text()
    if not (content.map.milestones or content.map.awards):  # none in some games (the solo game, F238)
        return out
    players = range(len(st["players"]))
    claimed = {m["name"]: m["player"] for m in st["milestones"]}
    full = len(claimed) >= content.rules.milestones_most
    out.append("milestones" + (" (all claimed)" if full else "") + "\n", style="bold")
    for name in content.map.milestones:
        if name in claimed:
            out.append(f"  {name}: claimed by P{claimed[name] + 1}\n", style="dim")
            continue
        for req in content.component("milestone", name)["requires"]:
            counts = [rules.count(st, content, p, req) for p in players]
            mine = " · ".join(f"P{p + 1} {counts[p]}" for p in players)
            out.append(f"  {name} ({have_text(req, req['value'], req['cmp'])}): {mine} · {standing(counts)}\n",
                       style="dim" if full else "")
    funded = {a["name"]: a["player"] for a in st["awards"]}
    out.append("awards\n", style="bold")
    for name in content.map.awards:
        scores = [scoring.award_score(st, content, p, name) for p in players]
        who = f" (funded by P{funded[name] + 1})" if name in funded else ""
        mine = " · ".join(f"P{p + 1} {scores[p]}" for p in players)
        out.append(f"  {name}{who}: {mine} · {standing(scores)}\n")
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
        vp = f" {scoring.card_vp(st, content, p, e['name'], e)} VP" if card.get("vp") else ""
        cards.append(f"{e['name']}{held_res}{vp}{used}")
    out.append("  played: " + (", ".join(cards) or "-") + "\n")
    if pl["events"]:
        out.append(f"  events: {', '.join(pl['events'])}\n", style="dim")
    return out


def score_rows(game: Game) -> list[dict]:
    """Each player's score if the game ended now, by the rows the modules' flow counts."""
    return game.scores() if game.over else scoring.score(game.state, game.content)


def score_table(game: Game) -> Table | Text:
    rows = score_rows(game)
    names = list(game.content.flow.scoring)
    verdict = game.verdict
    if game.over and not rows:  # a lost solo game is not scored (F257): its verdict is the result
        return Text(verdict["why"] if verdict else "the game ended unscored", style="bold")
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
