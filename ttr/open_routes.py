"""Which routes are open to each player (C1, C5), grouped by what pays for them.

A route is open to a player when nobody owns it and its double does not bar the player (C5): one
player never owns both routes of a double, and at 2-3 players a double is one route. Of two
identical routes of a double that are both free, only the first is listed (claiming either is
the same move).

Routes are grouped into *payment classes* ``(route colour, length, ferry locomotives)``: every
route of a class is paid the same way, so the legal-action list counts the payments of a class
once (:mod:`ttr.legal`). The open lists are tuples, replaced when a claim changes them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ttr.board import Board
from ttr.colors import CARD_COLORS, GRAY

PayClass = tuple[str, int, int]  # (route colour, cost, minimum locomotives; -1 for a station)
OpenLists = tuple[tuple[tuple[int, ...], ...], ...]
"""``open[seat][slot]``: the ids of the routes of payment class ``slot`` open to ``seat``."""
COLOR_ORDER = {color: i for i, color in enumerate((*CARD_COLORS, GRAY))}


@dataclass(frozen=True, eq=False)
class RouteClasses:
    """A board's payment classes, worked out once for every game on that board.

    ``by_color[i]`` lists ``(slot, length, ferry locomotives, pay class)`` for the routes painted
    ``CARD_COLORS[i]`` (``i == 8``: gray), shortest first.
    """

    pays: tuple[PayClass, ...]
    slot_of: tuple[int, ...]
    by_color: tuple[tuple[tuple[int, int, int, PayClass], ...], ...]


@functools.cache
def route_classes(board: Board) -> RouteClasses:
    pays = sorted(
        {(r.color, r.length, r.locomotives) for r in board.routes},
        key=lambda c: (COLOR_ORDER[c[0]], c[1:]),
    )
    slot = {pay: i for i, pay in enumerate(pays)}
    slot_of = tuple(slot[(r.color, r.length, r.locomotives)] for r in board.routes)
    by_color = tuple(
        tuple((i, pay[1], pay[2], pay) for i, pay in enumerate(pays) if pay[0] == color)
        for color in (*CARD_COLORS, GRAY)
    )
    return RouteClasses(tuple(pays), slot_of, by_color)


def double_bar(
    board: Board, owner: tuple[int | None, ...], route_id: int, seat: int, double_lock: bool
) -> str | None:
    """How the other route of a double bars ``seat`` from ``route_id`` (C5), if it does.

    ``"own both"`` when the seat owns it (one player never owns both routes of a double),
    ``"lock"`` when someone does in a game of 2-3 players (a double is then one route).
    """
    twin = board.twin_id(route_id)
    holder = None if twin is None else owner[twin]
    if holder is None:
        return None
    if holder == seat:
        return "own both"
    return "lock" if double_lock else None


def is_open(
    board: Board, owner: tuple[int | None, ...], route_id: int, seat: int, double_lock: bool
) -> bool:
    """Whether ``route_id`` is open to ``seat``: free, and its double not barring it (C5).

    Of two identical routes of a double that are both free, only the first counts as open.
    """
    if owner[route_id] is not None:
        return False
    twin = board.twin_id(route_id)
    if twin is None:
        return True
    if owner[twin] is None:
        return not (twin < route_id and board.alike_twin(route_id))
    return double_bar(board, owner, route_id, seat, double_lock) is None


def open_lists(
    board: Board,
    classes: RouteClasses,
    owner: tuple[int | None, ...],
    players: int,
    double_lock: bool,
) -> OpenLists:
    """The open routes of every seat, by payment class, for the routes owned in ``owner``."""
    if owner.count(None) == len(owner):  # the start of every game: the same for every seat
        return (_unclaimed_lists(board, classes),) * players
    return tuple(_seat_lists(board, classes, owner, seat, double_lock) for seat in range(players))


@functools.cache
def _unclaimed_lists(board: Board, classes: RouteClasses) -> tuple[tuple[int, ...], ...]:
    return _seat_lists(board, classes, (None,) * len(board.routes), 0, False)


def _seat_lists(
    board: Board, classes: RouteClasses, owner: tuple[int | None, ...], seat: int, lock: bool
) -> tuple[tuple[int, ...], ...]:
    lists: list[list[int]] = [[] for _ in classes.pays]
    for route in board.routes:
        if is_open(board, owner, route.id, seat, lock):
            lists[classes.slot_of[route.id]].append(route.id)
    return tuple(map(tuple, lists))


def after_claim(
    board: Board,
    classes: RouteClasses,
    lists: OpenLists,
    owner: tuple[int | None, ...],
    route_id: int,
    double_lock: bool,
) -> OpenLists:
    """The open lists once ``route_id`` is owned (``owner`` already says so): the route closes,
    and its double's other route may close or open for some players (C5).

    Seats often share their lists (every seat at the start, and always at 2-3 players, where
    C5 treats everyone alike): the new lists of a shared value are worked out once.
    """
    twin = board.twin_id(route_id)
    alike = twin is None or double_lock  # the change is the same for every seat
    slot = classes.slot_of[route_id]
    result: list[tuple[tuple[int, ...], ...]] = []
    for seat, seat_lists in enumerate(lists):
        if alike and seat and seat_lists is lists[seat - 1]:
            result.append(result[-1])
            continue
        new = _toggled(seat_lists, slot, route_id, False)
        if twin is not None:
            new = _toggled(
                new, classes.slot_of[twin], twin, is_open(board, owner, twin, seat, double_lock)
            )
        result.append(new)
    return tuple(result)


def _toggled(
    seat_lists: tuple[tuple[int, ...], ...], slot: int, route_id: int, listed: bool
) -> tuple[tuple[int, ...], ...]:
    """``seat_lists`` with ``route_id`` listed in its class, or not."""
    members = seat_lists[slot]
    if (route_id in members) == listed:
        return seat_lists
    if listed:
        members = tuple(sorted((*members, route_id)))
    else:
        i = members.index(route_id)
        members = members[:i] + members[i + 1 :]
    return seat_lists[:slot] + (members,) + seat_lists[slot + 1 :]
