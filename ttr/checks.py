"""Argument checks shared by every public entry point: a whole number, a finite number, one of
a set of names. Each returns the value (a whole number as a plain ``int``, a number as a
``float``) or raises the project's error naming the argument, before anything has changed.

A bool is never a number (``True`` is not 1 here); numpy integers are whole numbers (read with
:func:`operator.index`, so this module needs no numpy).

>>> whole_number(3, "games", low=1)
3
>>> finite_number(0.5, "seconds", positive=True)
0.5
>>> one_of("tree", "search", ("halving", "tree"))
'tree'
>>> whole_number(True, "games")
Traceback (most recent call last):
...
ttr.errors.TTRError: games: expected a whole number, not True
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Iterable
from typing import TypeVar

from ttr.board import Board, Route
from ttr.errors import TTRError, UnknownReference, preview
from ttr.i18n import N_

T = TypeVar("T")


def whole_number(
    value: object,
    name: str,
    *,
    low: int | None = 0,
    high: int | None = None,
    error: type[TTRError] = TTRError,
) -> int:
    """``value`` as an ``int`` if it is a whole number (an int or a numpy integer, not a bool)
    from ``low`` to ``high`` (inclusive; ``None``: no bound); else ``error`` naming ``name``."""
    number = None
    if not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    if number is None:
        raise error(
            N_("{name}: expected a whole number, not {value}"), name=name, value=preview(value)
        )
    if (low is not None and number < low) or (high is not None and number > high):
        raise error(_range(low, high), name=name, low=low, high=high, value=preview(number))
    return number


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
    """``value`` as a ``float`` if it is a finite real number (not a bool), above 0 when
    ``positive``, from ``low`` to ``high`` (inclusive); else ``error`` naming ``name``."""
    number = None
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            number = float(value)
        except (OverflowError, TypeError, ValueError):
            pass
    if number is None or not math.isfinite(number):
        raise error(
            N_("{name}: expected a finite number, not {value}"), name=name, value=preview(value)
        )
    if positive and not number > 0:
        raise error(
            N_("{name}: expected a number above 0, not {value}"), name=name, value=preview(value)
        )
    if (low is not None and number < low) or (high is not None and number > high):
        raise error(_range(low, high), name=name, low=low, high=high, value=preview(value))
    return number


def one_of(
    value: object, name: str, choices: Iterable[T], *, error: type[TTRError] = TTRError
) -> T:
    """The one of ``choices`` equal to ``value`` and of its type (``1`` is not ``True``, nor
    ``"1"``; any text is a ``str``); else ``error`` naming ``name`` and the choices."""
    options = list(choices)
    for option in options:
        same_kind = (
            type(option) is type(value) or isinstance(option, str) and isinstance(value, str)
        )
        if same_kind and option == value:
            return option
    raise error(
        N_("{name}: expected one of {known}, not {value}"),
        name=name,
        known=", ".join(repr(option) for option in options),
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


def _range(low: float | None, high: float | None) -> str:
    if high is None:
        return N_("{name}: expected at least {low}, not {value}")
    if low is None:
        return N_("{name}: expected at most {high}, not {value}")
    return N_("{name}: expected from {low} to {high}, not {value}")


__all__ = ["board_city", "board_route", "finite_number", "index", "one_of", "whole_number"]
