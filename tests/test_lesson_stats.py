"""ttr.lessons.stats: Student's t and the exact binomial power the lessons 15, 20 and 21 use."""

from __future__ import annotations

import math
import statistics
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttr.lessons.stats import StatsError, binomial_power, mean_ci_t, t_cdf, t_quantile

# Two-sided 95% and 99% quantiles from a printed table of Student's t (to 3 decimals).
TABLE = {
    (0.975, 1): 12.706,
    (0.975, 2): 4.303,
    (0.975, 5): 2.571,
    (0.975, 19): 2.093,
    (0.975, 39): 2.023,
    (0.975, 120): 1.980,
    (0.995, 5): 4.032,
    (0.995, 30): 2.750,
}


@pytest.mark.parametrize(("q", "df"), list(TABLE))
def test_t_quantile_matches_the_printed_table(q: float, df: int) -> None:
    assert round(t_quantile(q, df), 3) == TABLE[q, df]


def test_t_cdf_of_one_degree_is_the_cauchy_law() -> None:
    for x in (-3.0, -0.5, 0.0, 1.0, 7.0):
        assert math.isclose(t_cdf(x, 1), 0.5 + math.atan(x) / math.pi, abs_tol=1e-9)


def test_t_tends_to_the_normal() -> None:
    assert math.isclose(t_quantile(0.975, 100_000), 1.959964, abs_tol=1e-4)


def test_mean_ci_t_is_wider_than_the_normal_one_by_the_quantile_ratio() -> None:
    values = [float(x) for x in range(20)]
    mean, half = mean_ci_t(values)
    normal = 1.96 * statistics.stdev(values) / math.sqrt(20)
    assert mean == 9.5 and math.isclose(half / normal, t_quantile(0.975, 19) / 1.96)


def brute_power(n: int, p0: float, p1: float, alpha: float) -> float:
    # Every count k, rejected when its own tail under p0 is at most alpha / 2 (exact fractions).
    def pmf(k: int, p: Fraction) -> Fraction:
        return math.comb(n, k) * p**k * (1 - p) ** (n - k)

    q0, q1 = Fraction(p0), Fraction(p1)
    half = Fraction(alpha) / 2
    rejected = [
        k
        for k in range(n + 1)
        if sum(pmf(j, q0) for j in range(k + 1)) <= half
        or sum(pmf(j, q0) for j in range(k, n + 1)) <= half
    ]
    return float(sum(pmf(k, q1) for k in rejected))


@settings(max_examples=30, deadline=None)
@given(
    st.integers(1, 40),
    st.sampled_from([0.2, 0.5, 0.6]),
    st.sampled_from([0.1, 0.5, 0.7, 0.9]),
    st.sampled_from([0.05, 0.1]),
)
def test_binomial_power_matches_brute_force(n: int, p0: float, p1: float, alpha: float) -> None:
    assert math.isclose(
        binomial_power(n, p0, p1, alpha), brute_power(n, p0, p1, alpha), abs_tol=1e-9
    )


def test_binomial_power_at_194_games_is_below_the_normal_approximations_80_percent() -> None:
    # Lesson 21, exercise 4: the normal approximation says 194 games give 80% power.
    assert round(binomial_power(194, 0.5, 0.6), 3) == 0.764


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: t_cdf(1.0, 0), "df"),
        (lambda: t_quantile(0.4, 3), "q"),
        (lambda: mean_ci_t([1.0]), "values"),
        (lambda: mean_ci_t([1.0, 2.0], level=1.5), "level"),
        (lambda: binomial_power(0, 0.5, 0.6), "n"),
        (lambda: binomial_power(10, 1.0, 0.6), "p0"),
        (lambda: binomial_power(10, 0.5, 0.6, alpha=0), "alpha"),
    ],
)
def test_bad_arguments_are_refused_by_name(call, argument: str) -> None:
    with pytest.raises(StatsError, match=f"^{argument}:"):
        call()
