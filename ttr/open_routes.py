"""Which routes are open to each player (C1, C5), grouped by what pays for them.

A route is open to a player when nobody owns it and its double does not bar the player (C5): one
player never owns both routes of a double, and at 2-3 players a double is one route. Of two
identical routes of a double that are both free, only the first is listed (claiming either is
the same move).

Routes are grouped into *payment classes* ``(route colour, length, ferry locomotives)``: every
route of a class is paid the same way, so the legal-action list counts the payments of a class
once (:mod:`ttr.legal`).

Every seat reads one structure: the open lists hold the free routes not closed to everyone,
by class, and each seat has a few listed routes barred to it alone (the other routes of its
doubles, at 4-5 players). A claim changes one or two lists and at most one seat's bars. All of
them are tuples of ints, replaced, never changed in place: so the garbage collector stops
tracking them (and the undo stack's records holding them) once it has seen them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from ttr.board import Board
from ttr.colors import CARD_COLORS, CARDS_PER_COLOR, GRAY, LOCO, LOCOMOTIVES_IN_DECK
from ttr.memo import MEMORY, Memo
from ttr.payment import count_payments

PayClass = tuple[str, int, int]  # (route colour, cost, minimum locomotives; -1 for a station)
Payable = tuple[tuple[int, int, PayClass, int], ...]
"""The classes a hand can pay, shortest first: ``(slot, length, pay class, ways to pay)``."""
OpenLists = tuple[tuple[int, ...], ...]
"""``open[slot]``: the ids of the free routes of payment class ``slot`` that a double does not
close to everyone; some of them may be barred to one seat (:data:`Barred`)."""
Barred = tuple[tuple[int, ...], ...]
"""``barred[seat]``: the listed routes closed to ``seat`` alone, because it owns the other route
of their double (C5, at 4-5 players)."""
NONE_BARRED: tuple[int, ...] = ()
COLOR_ORDER = {color: i for i, color in enumerate((*CARD_COLORS, GRAY))}


@dataclass(frozen=True, eq=False)
class RouteClasses:
    """A board's payment classes, worked out once for every game on that board.

    ``by_color[i]`` lists ``(slot, length, ferry locomotives, pay class)`` for the routes painted
    ``CARD_COLORS[i]`` (``i == 8``: gray), shortest first. ``scans`` holds what a hand can pay,
    looked up by its counts (:func:`ttr.legal.count_claims`): for a colour ``i < 8``,
    ``scans[i][have][locomotives]`` lists the classes of colour ``i`` that ``have`` cards of that
    colour and ``locomotives`` can pay (:data:`Payable`; a hand holds at most 12 cards of a colour
    and 14 locomotives, S2); ``scans[8][colors][locomotives]`` is the same for gray routes, by the
    hand's eight colour counts ``colors``, sorted: worked out on first use and remembered,
    since hands repeat a lot.
    """

    pays: tuple[PayClass, ...]
    slot_of: tuple[int, ...]
    by_color: tuple[tuple[tuple[int, int, int, PayClass], ...], ...]
    scans: tuple[Any, ...]


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
    payable = tuple(
        tuple(
            tuple(
                payable_classes(by_color[index], (*hand_with(index, have), locomotives))
                for locomotives in range(LOCOMOTIVES_IN_DECK + 1)
            )
            for have in range(CARDS_PER_COLOR + 1)
        )
        for index in range(LOCO)
    )
    gray_classes = by_color[LOCO]

    def gray_by_locomotives(colors: tuple[int, ...]) -> Memo:
        return Memo(lambda locomotives: payable_classes(gray_classes, (*colors, locomotives)))

    # at most MEMORY gray entries in all, as in one memo: each colour count holds at most one
    # entry per locomotive count
    gray = Memo(gray_by_locomotives, MEMORY // (LOCOMOTIVES_IN_DECK + 1))
    return RouteClasses(tuple(pays), slot_of, by_color, (*payable, gray))


def hand_with(index: int, have: int) -> tuple[int, ...]:
    """The colour counts of a hand holding ``have`` cards of colour ``index`` and no other."""
    return tuple(have if i == index else 0 for i in range(LOCO))


def payable_classes(
    classes: tuple[tuple[int, int, int, PayClass], ...], hand: tuple[int, ...]
) -> Payable:
    """The classes of ``classes`` (one route colour's, shortest first) that ``hand`` can pay."""
    found = []
    most = max(hand[:LOCO]) + hand[LOCO]  # the longest route one colour and locomotives pay
    for slot, length, ferry, pay in classes:
        if length > most:
            break
        each = count_payments(hand, pay[0], length, ferry)
        if each:
            found.append((slot, length, pay, each))
    return tuple(found)


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


def open_routes(
    board: Board,
    classes: RouteClasses,
    owner: tuple[int | None, ...],
    players: int,
    double_lock: bool,
) -> tuple[OpenLists, Barred]:
    """The open lists and each seat's barred routes, for the routes owned in ``owner``."""
    if owner.count(None) == len(owner):  # the start of every game
        return _unclaimed_lists(board, classes), (NONE_BARRED,) * players
    lists: list[list[int]] = [[] for _ in classes.pays]
    barred: list[list[int]] = [[] for _ in range(players)]
    for route in board.routes:
        if owner[route.id] is not None:
            continue
        twin = board.twin_id(route.id)
        holder = None if twin is None else owner[twin]
        if twin is not None and holder is None:
            if twin < route.id and board.alike_twin(route.id):
                continue  # the same move as claiming the first route
        elif holder is not None:
            if double_lock:
                continue
            barred[holder].append(route.id)
        lists[classes.slot_of[route.id]].append(route.id)
    return tuple(map(tuple, lists)), tuple(map(tuple, barred))


@functools.cache
def _unclaimed_lists(board: Board, classes: RouteClasses) -> OpenLists:
    lists: list[list[int]] = [[] for _ in classes.pays]
    for route in board.routes:
        twin = board.twin_id(route.id)
        if twin is None or not (twin < route.id and board.alike_twin(route.id)):
            lists[classes.slot_of[route.id]].append(route.id)
    return tuple(map(tuple, lists))


def after_claim(
    board: Board,
    classes: RouteClasses,
    lists: OpenLists,
    barred: Barred,
    owner: tuple[int | None, ...],
    route_id: int,
    double_lock: bool,
) -> tuple[OpenLists, Barred]:
    """The open lists and barred routes once ``route_id`` is owned (``owner`` already says so):
    the route closes, and its double's other route may close, open, or be barred (C5)."""
    slot_of = classes.slot_of
    lists = _toggled(lists, slot_of[route_id], route_id, False)
    twin = board.twin_id(route_id)
    if twin is None:
        return lists, barred
    holder = owner[twin]
    if holder is None:
        if double_lock:  # a double is one route now
            return _toggled(lists, slot_of[twin], twin, False), barred
        seat = owner[route_id]
        assert seat is not None
        lists = _toggled(lists, slot_of[twin], twin, True)  # the second of two alike opens
        return lists, with_item(barred, seat, tuple(sorted((*barred[seat], twin))))
    if route_id in barred[holder]:  # it was barred to the twin's owner
        return lists, with_item(barred, holder, tuple(r for r in barred[holder] if r != route_id))
    return lists, barred


def with_item(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``values[index]`` replaced by ``value`` (the state's tuples are replaced,
    never changed in place: :mod:`ttr.state`)."""
    items = list(values)  # faster than joining slices
    items[index] = value
    return tuple(items)


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
    return with_item(seat_lists, slot, members)
