"""Listing legal actions fast, without building them all: :class:`LegalActions`.

A turn can offer hundreds of actions (every route times every way to pay it, every city times
every way to pay a station), and a random playout asks for that list before every action. So the
list is *lazy*: it is made of families that share one payment rule ("these 7 open gray routes of
length 2, each payable in these 9 ways") and it counts them with a little arithmetic. ``len()``
and ``actions[i]`` cost a few microseconds; iterating builds the actions in a fixed order.

:class:`OpenRoutes` keeps, for each player, the routes still open to them (C1, C5) grouped by
what pays for them (colour, length, ferry locomotives), updated as routes are claimed, and
counts the claims a hand can make from them. Actions (immutable) and gray payment counts are
made once and remembered.
"""

from __future__ import annotations

import functools
from bisect import insort
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from ttr.actions import Action, BuildStation, Claim
from ttr.colors import CARD_COLORS, GRAY, LOCOMOTIVE
from ttr.payment import count_payments, nth_payment, payment_options

if TYPE_CHECKING:
    from ttr.board import Board, Route

PayClass = tuple[str, int, int]  # (route colour, cost, minimum locomotives; -1 for a station)
STATION = -1  # the "minimum locomotives" of a station's payment class
Family = tuple[Sequence, PayClass, int]
"""Actions that share one payment rule: (targets, payment class, ways to pay each target)."""
Part = tuple[int, Sequence[Action] | None, Sequence[Family] | None]
"""A run of legal actions: ``(size, ready-made actions, None)`` or ``(size, None, families)``."""


def ready_part(actions: Sequence[Action]) -> Part:
    """A part made of ready-made actions."""
    return (len(actions), actions, None)


def station_part(cities: Sequence[str], cost: int, each: int) -> Part:
    """Every (city, payment) pair for a station costing ``cost`` cards (ST1-ST2)."""
    return (len(cities) * each, None, ((cities, (GRAY, cost, STATION), each),))


_GRAY_COUNTS: dict[tuple[tuple[int, ...], int, int, int], int] = {}
MEMORY = 100_000  # entries a memo may hold before it starts afresh: a bound never reached in
# practice (a thousand 5-player games leave fewer than 5,000 gray counts)


def remember(memo: dict, key: object, value: object) -> None:
    """Store ``value`` in ``memo``, emptying it first if it is full."""
    if len(memo) >= MEMORY:
        memo.clear()
    memo[key] = value


def gray_payment_count(colors: tuple[int, ...], locomotives: int, cost: int, ferry: int) -> int:
    """How many ways to pay a gray route, from the hand's non-zero colour counts (sorted).

    The same as :func:`count_payments` for a gray route, remembered: hands repeat a lot.
    """
    key = (colors, locomotives, cost, ferry)
    count = _GRAY_COUNTS.get(key)
    if count is None:
        hand = dict.fromkeys(CARD_COLORS, 0)
        hand.update(zip(CARD_COLORS, colors, strict=False))
        hand[LOCOMOTIVE] = locomotives
        count = count_payments(hand, GRAY, cost, ferry)
        remember(_GRAY_COUNTS, key, count)
    return count


class OpenRoutes:
    """For each player, the open routes by payment class, kept up to date as routes are claimed.

    A route is open to a player when nobody owns it and its double does not bar the player (C5):
    one player never owns both routes of a double, and at 2-3 players a double is one route. Of
    two identical routes of a double that are both free, only the first is listed (claiming
    either is the same move).

    ``groups[player]`` maps each route colour to its classes ``(length, ferry locomotives,
    route ids, payment class)``, shortest first, so a hand that cannot pay a length can stop
    looking there.
    """

    def __init__(
        self,
        board: Board,
        players: int,
        is_open: Callable[[Route, int], bool],
        unclaimed: bool = False,
    ):
        self.is_open = is_open
        self.classes = classes = _route_classes(board)
        self.groups: list[dict[str, list[tuple[int, int, list[int], PayClass]]]] = []
        self._members: list[list[list[int]]] = []  # [player][class slot] -> open route ids
        for player in range(players):
            if unclaimed and classes.unclaimed is not None:  # every game starts alike
                lists = [members[:] for members in classes.unclaimed]
            else:
                lists = [[] for _ in classes.pays]
                for route in board.routes:
                    if is_open(route, player):
                        lists[classes.slot_of[route.id]].append(route.id)
                if unclaimed:
                    classes.unclaimed = [members[:] for members in lists]
            groups: dict[str, list[tuple[int, int, list[int], PayClass]]] = {
                color: [] for color in _COLOR_ORDER
            }
            for pay, members in zip(classes.pays, lists, strict=True):
                groups[pay[0]].append((pay[1], pay[2], members, pay))
            self.groups.append(groups)
            self._members.append(lists)

    def claims(
        self,
        player: int,
        hand: dict[str, int],
        colors: tuple[int, ...],
        trains: int,
        families: list[Family],
    ) -> int:
        """How many claims ``player`` can make with ``hand`` and ``trains`` (C1-C2, C5-C6);
        their families go into ``families``. ``colors`` is the hand's non-zero colour counts,
        sorted: what pays a gray route."""
        locomotives = hand[LOCOMOTIVE]
        total = 0
        groups = self.groups[player]
        for color in CARD_COLORS:
            have = hand[color]
            if not have and not locomotives:  # nothing to pay with
                continue
            limit = have + locomotives if have + locomotives < trains else trains
            for length, ferry, routes, pay in groups[color]:
                if length > limit:
                    break
                if routes:  # count_payments for one colour, inlined (C2, C6)
                    most = length - 1 if locomotives >= length else locomotives
                    fewest = length - have if length - have > ferry else ferry
                    each = (most - fewest + 1 if most >= fewest else 0) + (locomotives >= length)
                    if each:
                        families.append((routes, pay, each))
                        total += len(routes) * each
        best = colors[-1] if colors else 0
        limit = best + locomotives if best + locomotives < trains else trains
        for length, ferry, routes, pay in groups[GRAY]:
            if length > limit:
                break
            if routes and ferry <= locomotives:
                each = gray_payment_count(colors, locomotives, length, ferry)
                if each:
                    families.append((routes, pay, each))
                    total += len(routes) * each
        return total

    def claimed(self, route: Route, twin: Route | None) -> None:
        """Update every player's lists after ``route`` was claimed (its owner is already set)."""
        slot = self.classes.slot_of[route.id]
        for lists in self._members:
            members = lists[slot]
            if route.id in members:
                members.remove(route.id)
        if twin is not None:  # the other route of the double may open or close for some (C5)
            slot = self.classes.slot_of[twin.id]
            for player, lists in enumerate(self._members):
                members = lists[slot]
                listed = twin.id in members
                if self.is_open(twin, player) != listed:
                    if listed:
                        members.remove(twin.id)
                    else:
                        insort(members, twin.id)


class _RouteClasses:
    """A board's payment classes, worked out once for every game on that board."""

    def __init__(self, board: Board):
        self.pays = sorted(
            {_pay_class(r) for r in board.routes}, key=lambda c: (_COLOR_ORDER[c[0]], c[1:])
        )
        slot = {pay: i for i, pay in enumerate(self.pays)}
        self.slot_of = [slot[_pay_class(route)] for route in board.routes]
        self.unclaimed: list[list[int]] | None = None  # the open lists before any claim


@functools.cache
def _route_classes(board: Board) -> _RouteClasses:
    return _RouteClasses(board)


_COLOR_ORDER = {color: i for i, color in enumerate((*CARD_COLORS, GRAY))}


def _pay_class(route: Route) -> PayClass:
    return (route.color, route.length, route.locomotives)


class LegalActions(Sequence[Action]):
    """The legal actions of a position as a lazy sequence (``len``, index, iterate, ``in``).

    It reads the game's live lists of open routes, so it describes the position it was made in
    until the next action is played: ask the game again after each action.
    """

    __slots__ = ("_hand", "_parts", "_total")

    def __init__(self, hand: dict[str, int], parts: list[Part]) -> None:
        self._hand = hand  # what pays for the claims and stations listed
        self._parts = parts
        total = 0
        for size, _, _ in parts:
            total += size
        self._total = total

    def __len__(self) -> int:
        return self._total

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self._total
        if not 0 <= index < self._total:
            raise IndexError("legal action index out of range")
        for size, actions, families in self._parts:
            if index < size:
                if actions is not None:
                    return actions[index]
                for targets, pay, each in families:  # type: ignore[union-attr]
                    members = len(targets) * each
                    if index < members:
                        target, option = divmod(index, each)
                        color, cost, minimum = pay
                        paid = nth_payment(self._hand, color, cost, max(minimum, 0), option)
                        return _make(targets[target], pay, paid)
                    index -= members
            index -= size
        raise AssertionError("unreachable")

    def __iter__(self) -> Iterator[Action]:
        for _, actions, families in self._parts:
            if actions is not None:
                yield from actions
                continue
            for targets, pay, _ in families:  # type: ignore[union-attr]
                color, cost, minimum = pay
                options = payment_options(self._hand, color, cost, max(minimum, 0))
                yield from (_make(target, pay, paid) for target in targets for paid in options)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


_MADE: dict[tuple, Action] = {}


def _make(target, pay: PayClass, paid: tuple[str | None, int]) -> Action:
    """The claim (or station) of ``target`` paid with ``paid``; actions are immutable, so each
    is made once and handed out again (making a frozen dataclass is slow)."""
    key = (target, pay[2] == STATION, *paid)
    action = _MADE.get(key)
    if action is None:
        kind = BuildStation if pay[2] == STATION else Claim
        action = kind(target, *paid)
        remember(_MADE, key, action)
    return action
