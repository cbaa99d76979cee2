"""Small statistics the lessons need beyond :mod:`ttr.tools.simulation`, in plain Python.

The lessons run without SciPy, so Student's t and the exact binomial power are computed here:

>>> round(t_quantile(0.975, 19), 3), round(t_quantile(0.975, 1), 2)
(2.093, 12.71)
>>> mean, half = mean_ci_t([1.0, 2.0, 3.0, 4.0])
>>> mean, round(half, 3)
(2.5, 2.054)
>>> round(binomial_power(194, 0.5, 0.6), 3)
0.764
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from ttr.errors import TTRError


class StatsError(TTRError):
    """A statistic asked for with an argument outside its range."""


def _t_density(x: float, df: int) -> float:
    log_c = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    return math.exp(log_c - (df + 1) / 2 * math.log1p(x * x / df))


def t_cdf(x: float, df: int) -> float:
    """P(T ≤ x) for Student's t with ``df`` degrees of freedom (Simpson's rule on the density,
    after the substitution x = tan θ, which makes the interval finite)."""
    if df < 1:
        raise StatsError("df: degrees of freedom must be at least 1, not {df}", df=df)
    theta = math.atan(x)
    steps = 400  # even; the integrand is smooth on [0, atan x]
    h = theta / steps
    total = 0.0
    for i in range(steps + 1):
        t = i * h
        weight = 1 if i in (0, steps) else (4 if i % 2 else 2)
        total += weight * _t_density(math.tan(t), df) / math.cos(t) ** 2
    return 0.5 + total * h / 3


def t_quantile(q: float, df: int) -> float:
    """The ``q`` quantile of Student's t with ``df`` degrees of freedom (0.5 < q < 1)."""
    if not 0.5 < q < 1:
        raise StatsError("q: a quantile between 0.5 and 1 (exclusive), not {q}", q=q)
    low, high = 0.0, 1.0
    while t_cdf(high, df) < q:
        low, high = high, 2 * high
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if t_cdf(middle, df) < q else (low, middle)
    return (low + high) / 2


def mean_ci_t(values: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """The mean and the half-width of its confidence interval with Student's t quantile
    (n − 1 degrees of freedom), which a small sample needs instead of the normal 1.96."""
    if len(values) < 2:
        raise StatsError("values: at least 2 are needed, not {n}", n=len(values))
    if not 0 < level < 1:
        raise StatsError("level: a confidence level between 0 and 1, not {level}", level=level)
    n = len(values)
    quantile = t_quantile(1 - (1 - level) / 2, n - 1)
    return statistics.fmean(values), quantile * statistics.stdev(values) / math.sqrt(n)


def binomial_power(n: int, p0: float, p1: float, alpha: float = 0.05) -> float:
    """The exact power of the two-sided binomial test of p = ``p0`` at level ``alpha`` with
    ``n`` trials, when the true rate is ``p1``: the chance that the count falls where the test
    rejects (each tail at most alpha / 2 under ``p0``)."""
    if n < 1:
        raise StatsError("n: at least one trial, not {n}", n=n)
    for name, p in (("p0", p0), ("p1", p1)):
        if not 0 < p < 1:
            raise StatsError(
                "{name}: a probability strictly between 0 and 1, not {p}", name=name, p=p
            )
    if not 0 < alpha < 1:
        raise StatsError("alpha: a level between 0 and 1, not {alpha}", alpha=alpha)

    def pmf(k: int, p: float) -> float:
        return math.comb(n, k) * p**k * (1 - p) ** (n - k)

    null = [pmf(k, p0) for k in range(n + 1)]
    low = -1  # reject k <= low: the largest low with P(K <= low) <= alpha / 2
    while low + 1 <= n and sum(null[: low + 2]) <= alpha / 2:
        low += 1
    high = n + 1  # reject k >= high
    while high - 1 >= 0 and sum(null[high - 1 :]) <= alpha / 2:
        high -= 1
    return sum(pmf(k, p1) for k in range(n + 1) if k <= low or k >= high)
