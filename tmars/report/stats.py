"""The few statistics the report needs, in plain Python: a proportion's interval and a rank
correlation with its interval."""

from __future__ import annotations

import math
from collections.abc import Sequence

#: the normal quantile of a two-sided 95 % interval
Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion wins/n: unlike the plain ± it stays inside [0, 1]
    and is sensible for small n and rates near 0 or 1, which is most of a card table."""
    if n <= 0:
        return (math.nan, math.nan)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1 (the smallest value) up; tied values share the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            out[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return out


def pearson(x: Sequence[float], y: Sequence[float]) -> float:
    """Pearson's correlation; nan when either side does not vary."""
    n = len(x)
    mx, my = sum(x) / n, sum(y) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else math.nan


def spearman(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the ranks (ties at their mean rank)."""
    return pearson(ranks(x), ranks(y)) if len(x) >= 2 else math.nan


def spearman_interval(rho: float, n: int, z: float = Z95) -> tuple[float, float]:
    """An approximate 95 % interval for Spearman's rho: Fisher's z-transform with the variance
    1.06 / (n - 3) of Fieller, Hartley and Pearson (1957). Needs n >= 4 and |rho| < 1; nan otherwise."""
    if n < 4 or math.isnan(rho) or abs(rho) >= 1:
        return (math.nan, math.nan)
    centre, half = math.atanh(rho), z * math.sqrt(1.06 / (n - 3))
    return (math.tanh(centre - half), math.tanh(centre + half))
