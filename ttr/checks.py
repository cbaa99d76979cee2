"""Argument checks shared by every public entry point: one place that says what a whole number,
a finite number or a name from a known set is, and refuses anything else with the project's
error naming the argument, before anything changes.

``bool`` is not a number here (``True`` is not 1), a numpy integer is an integer and a numpy
float is a float; strings are never read as numbers.

>>> whole_number(3, "slot", high=4)
3
>>> whole_number(True, "slot")
Traceback (most recent call last):
ttr.errors.TTRError: slot: expected a whole number from 0, not True
>>> one_of("europe", "rules", ("usa", "europe"))
'europe'
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from typing import TypeVar

from ttr.board import Board, Route
from ttr.errors import TTRError, UnknownReference, preview
from ttr.i18n import N_, render

__all__ = ["board_city", "board_route", "finite_number", "index", "one_of", "whole_number"]

T = TypeVar("T")


def whole_number(
    value: object,
    name: str,
    *,
    low: int = 0,
    high: int | None = None,
    error: type[TTRError] = TTRError,
) -> int:
    """``value`` as an ``int`` from ``low`` to ``high`` (inclusive; no bound when None), or
    ``error`` naming ``name``."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        number = int(value)
        if number >= low and (high is None or number <= high):
            return number
    if high is not None and high >= low:
        raise error(
            N_("{name}: expected a whole number from {low} to {high}, not {value}"),
            name=name,
            low=low,
            high=high,
            value=preview(value),
        )
    raise error(
        N_("{name}: expected a whole number from {low}, not {value}"),
        name=name,
        low=low,
        value=preview(value),
    )


def index(value: object, size: int, name: str, *, error: type[TTRError] = TTRError) -> int:
    """``value`` as a position from 0 to ``size - 1``, or ``error`` naming ``name``."""
    return whole_number(value, name, low=0, high=size - 1, error=error)


def finite_number(
    value: object,
    name: str,
    *,
    low: float | None = None,
    high: float | None = None,
    positive: bool = False,
    error: type[TTRError] = TTRError,
) -> float:
    """``value`` as a finite ``float`` (an int or a float, not a bool, NaN or infinity), from
    ``low`` to ``high`` when given, above 0 when ``positive``; or ``error`` naming ``name``."""
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
    number = float(value) if ok else math.nan  # type: ignore[arg-type]
    ok = (
        ok
        and math.isfinite(number)
        and (low is None or number >= low)
        and (high is None or number <= high)
        and (not positive or number > 0)
    )
    if not ok:
        bounds = [
            *([render("above 0")] if positive else []),
            *([render("at least {low}", low=low)] if low is not None else []),
            *([render("at most {high}", high=high)] if high is not None else []),
        ]
        raise error(
            N_("{name}: expected a finite number ({bounds}), not {value}")
            if bounds
            else N_("{name}: expected a finite number, not {value}"),
            name=name,
            bounds=", ".join(bounds),
            value=preview(value),
        )
    return number


def one_of(
    value: object, name: str, choices: Iterable[T], *, error: type[TTRError] = TTRError
) -> T:
    """``value`` if it is one of ``choices`` (compared by type and value: ``1`` is not
    ``True``, ``"1"`` is not ``1``), or ``error`` naming ``name`` and the choices."""
    known = list(choices)
    for choice in known:
        if type(choice) is type(value) and choice == value:
            return choice
    raise error(
        N_("{name}: expected one of {known}, not {value}"),
        name=name,
        known=", ".join(map(str, known)),
        value=preview(value),
    )


def board_route(board: Board, route: object) -> Route:
    """``route`` (a route of ``board``, or its id) as the board's route, or a
    :class:`~ttr.errors.TTRError` naming it."""
    if isinstance(route, Route):
        if 0 <= route.id < len(board.routes) and board.routes[route.id] == route:
            return board.routes[route.id]
        raise TTRError("route: {value} is not a route of this board", value=preview(route))
    return board.routes[index(route, len(board.routes), "route")]


def board_city(board: Board, city: object) -> str:
    """``city`` if it is a city of ``board``, else :class:`~ttr.errors.UnknownReference`."""
    if not isinstance(city, str) or city not in board.cities:
        raise UnknownReference("city: no city {value} on this board", value=preview(city))
    return city
