"""Listing legal actions fast, without building them all: :class:`LegalActions`.

A turn can offer hundreds of actions (every route times every way to pay it, every city times
every way to pay a station), and a random playout asks for that list before every action. So the
list is *lazy*: it is made of families that share one payment rule ("these 7 open gray routes of
length 2, each payable in these 9 ways") and it counts them with a little arithmetic. ``len()``
and ``actions[i]`` cost a few microseconds; iterating builds the actions in a fixed order.

:class:`OpenRoutes` keeps, for each player, the routes still open to them (C1, C5) grouped by
what pays for them (colour, length, ferry locomotives), updated as routes are claimed.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from ttr.actions import Action, BuildStation, Claim
from ttr.colors import CARD_COLORS, GRAY, LOCOMOTIVE
from ttr.payment import payment_options

if TYPE_CHECKING:
    from ttr.board import Route

PayClass = tuple[str, int, int]  # (route colour, cost, minimum locomotives)


def count_payments(hand: dict[str, int], color: str, cost: int, min_locomotives: int = 0) -> int:
    """``len(payment_options(hand, color, cost, min_locomotives))``, by arithmetic."""
    locomotives = hand[LOCOMOTIVE]
    most = cost - 1 if locomotives >= cost else locomotives
    total = 1 if locomotives >= cost else 0
    if color == GRAY:
        for card in CARD_COLORS:
            fewest = cost - hand[card]
            if fewest < min_locomotives:
                fewest = min_locomotives
            if most >= fewest:
                total += most - fewest + 1
    else:
        fewest = cost - hand[color]
        if fewest < min_locomotives:
            fewest = min_locomotives
        if most >= fewest:
            total += most - fewest + 1
    return total


_GRAY_COUNTS: dict[tuple[tuple[int, ...], int, int, int], int] = {}


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
        count = _GRAY_COUNTS[key] = count_payments(hand, GRAY, cost, ferry)
    return count


class OpenRoutes:
    """For each player, the open routes by payment class, kept up to date as routes are claimed.

    A route is open to a player when nobody owns it and its double does not bar the player (C5):
    one player never owns both routes of a double, and at 2-3 players a double is one route. Of
    two identical routes of a double that are both free, only the first is listed (claiming
    either is the same move).

    ``groups[player]`` maps each route colour to its classes ``(length, ferry locomotives,
    route ids)``, shortest first, so a hand that cannot pay a length can stop looking there.
    """

    def __init__(
        self,
        routes: Sequence[Route],
        players: int,
        is_open: Callable[[Route, int], bool],
        unclaimed: bool = False,
    ):
        self.routes = routes
        self.is_open = is_open
        classes = sorted({_pay_class(r) for r in routes}, key=lambda c: (_COLOR_ORDER[c[0]], c[1:]))
        self.groups: list[dict[str, list[tuple[int, int, list[int], PayClass]]]] = []
        self._index: list[dict[PayClass, list[int]]] = []
        fresh: list[list[int]] | None = None  # when no route is owned, all players start alike
        for player in range(players):
            if fresh is None or not unclaimed:
                lists: list[list[int]] = [[] for _ in classes]
                slot = {pay: i for i, pay in enumerate(classes)}
                for route in routes:
                    if is_open(route, player):
                        lists[slot[_pay_class(route)]].append(route.id)
                fresh = lists
            else:
                lists = [members[:] for members in fresh]
            groups: dict[str, list[tuple[int, int, list[int], PayClass]]] = {}
            index: dict[PayClass, list[int]] = {}
            for pay, members in zip(classes, lists, strict=True):
                groups.setdefault(pay[0], []).append((pay[1], pay[2], members, pay))
                index[pay] = members
            self.groups.append(groups)
            self._index.append(index)

    def claimed(self, route: Route, twin: Route | None) -> None:
        """Update every player's lists after ``route`` was claimed (its owner is already set)."""
        for player, index in enumerate(self._index):
            for changed in (route, twin) if twin is not None else (route,):
                members = index[_pay_class(changed)]
                if changed.id in members:
                    members.remove(changed.id)
                if self.is_open(changed, player):
                    insort(members, changed.id)


_COLOR_ORDER = {color: i for i, color in enumerate((*CARD_COLORS, GRAY))}


def _pay_class(route: Route) -> PayClass:
    return (route.color, route.length, route.locomotives)


class LegalActions(Sequence[Action]):
    """The legal actions of a position as a lazy sequence (``len``, index, iterate, ``in``).

    It reads the game's live lists of open routes, so it describes the position it was made in
    until the next action is played: ask the game again after each action.
    """

    __slots__ = ("_families", "_sizes", "_total")

    def __init__(self) -> None:
        # a family is (actions or None, targets, payment class, hand, payments per target)
        self._families: list[tuple] = []
        self._sizes: list[int] = []
        self._total = 0

    def add(self, actions: Sequence[Action]) -> None:
        """Add ready-made actions."""
        if actions:
            self._families.append((actions, None, None, None, 1))
            self._sizes.append(len(actions))
            self._total += len(actions)

    def add_claims(self, routes: list[int], pay: PayClass, hand: dict[str, int], each: int) -> None:
        """Add every (route, payment) pair of these routes, each payable in ``each`` ways."""
        self._families.append((None, routes, pay, hand, each))
        self._sizes.append(len(routes) * each)
        self._total += len(routes) * each

    def add_stations(self, cities: list[str], cost: int, hand: dict[str, int], each: int) -> None:
        """Add every (city, payment) pair for a station costing ``cost`` cards."""
        self._families.append((None, cities, (GRAY, cost, -1), hand, each))
        self._sizes.append(len(cities) * each)
        self._total += len(cities) * each

    def __len__(self) -> int:
        return self._total

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self._total
        if not 0 <= index < self._total:
            raise IndexError("legal action index out of range")
        for family, size in zip(self._families, self._sizes, strict=True):
            if index < size:
                return _member(family, index)
            index -= size
        raise AssertionError("unreachable")

    def __iter__(self) -> Iterator[Action]:
        for family, size in zip(self._families, self._sizes, strict=True):
            if family[0] is not None:
                yield from family[0]
            else:
                options = _options(family)
                yield from (
                    _make(family, target, option) for target in family[1] for option in options
                )
                del size

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


def _options(family: tuple) -> list[tuple[str | None, int]]:
    _, _, (color, cost, min_locomotives), hand, _ = family
    return payment_options(hand, color, cost, max(min_locomotives, 0))


def _make(family: tuple, target, option: tuple[str | None, int]) -> Action:
    color, locomotives = option
    if family[2][2] < 0:
        return BuildStation(target, color, locomotives)
    return Claim(target, color, locomotives)


def _member(family: tuple, index: int) -> Action:
    actions, targets, _, _, each = family
    if actions is not None:
        return actions[index]
    target, option = divmod(index, each)
    return _make(family, targets[target], _options(family)[option])
