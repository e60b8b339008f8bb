"""The rewards at a game's end: zero-sum over the seats, 0 for a game cut short by its cap.

"win": the places of the final scores (ties broken as the rules break them, by M€; still tied,
shared). With w winners among n seats, seat i gets n/(n-1) * (share_i - 1/n), where share_i is
1/w for a winner and 0 for the others: a lone winner gets +1, the rewards add up to 0, and a tie
of all is 0 for everyone. The solo game: +1 won, -1 lost.
"score": each seat's final score less the mean of the others' (two seats: the difference);
the solo game: its final score when won, its negative TR when lost (a lost game is unscored).
"""

from __future__ import annotations

from ..game import Game, win_shares

REWARDS = ("win", "score")


def final_rewards(game: Game, mode: str) -> list[float]:
    """Each seat's reward for the finished game."""
    n = len(game.state["players"])
    if n == 1:
        return [_solo(game, mode)]
    rows = game.scores()
    if mode == "score":
        total = sum(r["total"] for r in rows)
        return [float(r["total"] - (total - r["total"]) / (n - 1)) for r in rows]
    return [n / (n - 1) * (share - 1 / n) for share in win_shares(game)]


def _solo(game: Game, mode: str) -> float:
    verdict = game.verdict
    won = verdict is not None and verdict["won"]
    if mode == "win":
        return 1.0 if won else -1.0
    rows = game.scores()
    return float(rows[0]["total"]) if won and rows else -float(game.state["players"][0]["tr"])
