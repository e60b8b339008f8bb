"""Corporation strength measured in real games (docs/research/corporation-win-rates.yaml), and
how the run's corporation win rates rank against it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from .stats import ranks, spearman, spearman_interval

#: the research notes in the repository; an installed wheel has no repository, so `--real` names them
DEFAULT = Path(__file__).resolve().parents[2] / "docs" / "research" / "corporation-win-rates.yaml"

#: what a source measures, in the order looked for in its corporations' entries
METRICS = ("win_rate_pct", "avg_elo_change")


class RealDataError(Exception):
    """The file of real data cannot be read or does not have the expected shape."""


@dataclass(frozen=True)
class Source:
    id: str
    metric: str
    #: who played, in a few words (platform, players per game, expansions, size)
    about: str
    values: dict[str, float]


def load(path: Path) -> list[Source]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise RealDataError(f"cannot read {path}: {getattr(e, 'strerror', None) or e}") from None
    except yaml.YAMLError as e:
        raise RealDataError(f"{path} is not YAML: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("sources"), list):
        raise RealDataError(f"{path} has no list of 'sources'")
    return [_source(s, path) for s in data["sources"]]


def _source(s: object, path: Path) -> Source:
    corps = s.get("corporations") if isinstance(s, dict) else None
    if not isinstance(corps, list) or not corps or not all(isinstance(c, dict) and "name" in c for c in corps):
        raise RealDataError(f"{path}: a source without a list of named corporations")
    metric = next((m for m in METRICS if m in corps[0]), None)
    if metric is None or not all(isinstance(c.get(metric), int | float) for c in corps):
        raise RealDataError(f"{path}: source {s.get('id')!r} gives none of {', '.join(METRICS)} for every corporation")
    size = s.get("games") or s.get("player_games_total")
    unit = "games" if s.get("games") else "player-games"
    about = ", ".join(str(x) for x in (s.get("platform"), f"{s.get('players_per_game')} players per game",
                                        " + ".join(s.get("expansions") or ["expansions unknown"])
                                        if isinstance(s.get("expansions"), list) else "expansions unknown",
                                        f"{size} {unit}" if size else None,
                                        f"one player ({s['single_player']})" if s.get("single_player") else None)
                      if x)
    return Source(str(s.get("id")), metric, about, {str(c["name"]): float(c[metric]) for c in corps})


def compare(run: dict[str, float], sources: list[Source]) -> tuple[list[dict], list[dict]]:
    """Per source, Spearman's rho between the run's win rates and the source's figures over the
    corporations both have (with n and an approximate 95 % interval), and the points compared."""
    summary, points = [], []
    for s in sources:
        names = sorted(set(run) & set(s.values))
        xs, ys = [run[n] for n in names], [s.values[n] for n in names]
        rho = spearman(xs, ys)
        low, high = spearman_interval(rho, len(names))
        summary.append({"source": s.id, "metric": s.metric, "about": s.about, "n": len(names), "rho": rho,
                        "low": low, "high": high})
        best_first = zip(names, xs, ys, ranks([-x for x in xs]), ranks([-y for y in ys]), strict=True)
        for n, x, y, rx, ry in best_first:  # rank 1 is the best of the corporations compared
            points.append({"source": s.id, "corporation": n, "run_win_rate": x, "real": y, "run_rank": rx,
                           "real_rank": ry})
    return summary, points
