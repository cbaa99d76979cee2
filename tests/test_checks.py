"""The shared argument checks (ttr.checks): bool is never a number, numpy integers are whole
numbers, every refusal is the project's error (or the subclass asked for) naming the argument."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from ttr.checks import finite_number, one_of, whole_number
from ttr.errors import SaveError, TTRError


def test_a_whole_number_is_an_int_or_a_numpy_integer_never_a_bool():
    assert whole_number(np.int64(7), "n") == 7 and type(whole_number(np.uint8(7), "n")) is int
    for value in (True, np.bool_(False), 1.0, "1", None, [1], Fraction(1)):
        with pytest.raises(TTRError, match="^n: expected a whole number"):
            whole_number(value, "n")


def test_a_whole_number_out_of_its_range_is_refused_naming_the_bounds():
    with pytest.raises(TTRError, match="^games: expected from 1 to 5, not 6$"):
        whole_number(6, "games", low=1, high=5)
    with pytest.raises(TTRError, match="^seed: expected at least 0, not -1$"):
        whole_number(-1, "seed")
    with pytest.raises(TTRError, match="^x: expected at most 3, not 4$"):
        whole_number(4, "x", low=None, high=3)
    assert whole_number(-(2**80), "x", low=None) == -(2**80)


def test_a_finite_number_refuses_nan_infinity_bools_and_text():
    assert finite_number(np.float32(0.5), "s") == 0.5 and finite_number(Fraction(1, 4), "s") == 0.25
    for value in (math.nan, math.inf, -math.inf, np.float64("nan"), True, "1", None, 10**400):
        with pytest.raises(TTRError, match="^s: expected a finite number"):
            finite_number(value, "s")
    with pytest.raises(TTRError, match="^s: expected a number above 0, not 0$"):
        finite_number(0, "s", positive=True)
    with pytest.raises(TTRError, match="^s: expected from 0.0 to 1.0, not 2$"):
        finite_number(2, "s", low=0.0, high=1.0)


def test_one_of_matches_value_and_kind():
    assert one_of(np.str_("tree"), "search", ("halving", "tree")) == "tree"
    assert one_of(False, "observe", (True, False)) is False
    for value in (1, "True", None, ["tree"]):
        with pytest.raises(TTRError, match="^observe: expected one of True, False, not "):
            one_of(value, "observe", (True, False))


def test_the_error_class_asked_for_is_raised():
    with pytest.raises(SaveError):
        whole_number("x", "seed", error=SaveError)
    with pytest.raises(SaveError):
        finite_number("x", "seed", error=SaveError)
    with pytest.raises(SaveError):
        one_of("x", "seed", ("y",), error=SaveError)
