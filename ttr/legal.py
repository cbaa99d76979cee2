"""Listing legal actions fast, without building them all: :class:`LegalActions`.

A turn can offer hundreds of actions (every route times every way to pay it, every city times
every way to pay a station), and a random playout asks for that list before every action. So the
list is *lazy*: it is made of families that share one payment rule ("these 7 open gray routes of
length 2, each payable in these 9 ways") and it counts them with a little arithmetic. ``len()``
and ``actions[i]`` cost a few microseconds; iterating builds the actions in a fixed order.
Actions (immutable) and gray payment counts are made once and remembered.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterator, Sequence
from itertools import compress, filterfalse
from typing import Any, Final, overload

from ttr.actions import (
    DECLINE,
    DRAW_DECK,
    DRAW_TICKETS,
    PASS,
    Action,
    BuildStation,
    Claim,
    DrawCard,
    PayTunnel,
    keep_choices,
)
from ttr.cards import can_draw
from ttr.colors import (
    CARD_COLORS,
    CARD_KINDS,
    COLOR_SET,
    EMPTY_HAND,
    GRAY,
    KIND_INDEX,
    LOCO,
    LOCOMOTIVE,
    Hand,
)
from ttr.memo import Memo
from ttr.open_routes import OpenLists, PayClass
from ttr.payment import count_payments, station_cost, tunnel_extra_options
from ttr.state import OPENING, SECOND_CARD, TICKETS, TUNNEL, TURN, Setup, State

STATION: Final = -1  # the "minimum locomotives" of a station's payment class
Family = tuple[tuple[Any, ...], PayClass, int, int]
"""Actions that share one payment rule: (targets, payment class, ways to pay each target, how
many actions in all)."""
Part = tuple[int, tuple[Action, ...] | None, list[Family] | None]
"""A run of legal actions: ``(size, ready-made actions, None)`` or ``(size, None, families)``."""

DRAW_CARDS: Final = tuple(DrawCard(slot) for slot in range(8))
FULL_DRAWS: Final = tuple((*DRAW_CARDS[:size], DRAW_DECK) for size in range(9))
"""The draws of a full market of each size, with the deck: the usual start of a turn's list."""


def ready_part(actions: tuple[Action, ...]) -> Part:
    """A part made of ready-made actions."""
    return (len(actions), actions, None)


FULL_DRAW_PARTS: Final = tuple(ready_part(draws) for draws in FULL_DRAWS)
DRAW_TICKETS_PART: Final = ready_part((DRAW_TICKETS,))
PASS_PART: Final = ready_part((PASS,))


def station_part(cities: tuple[str, ...], cost: int, each: int) -> Part:
    """Every (city, payment) pair for a station costing ``cost`` cards (ST1-ST2)."""
    size = len(cities) * each
    return (size, None, [(cities, (GRAY, cost, STATION), each, size)])


def _count_gray(key: tuple[tuple[int, ...], int, int, int]) -> int:
    colors, locomotives, cost, ferry = key
    return count_payments((*colors, locomotives), GRAY, cost, ferry)


GRAY_PAYMENTS: Final = Memo(_count_gray)
"""``GRAY_PAYMENTS[colors, locomotives, cost, ferry]``: how many ways to pay a gray route, from
the hand's colour counts sorted (the order of the colours does not matter to a gray route):
:func:`count_payments`, remembered (hands repeat)."""


def legal_actions(setup: Setup, state: State) -> LegalActions:
    """Every legal action now, in a fixed order (T1, T3): the perft-style contract. The same
    lazy sequence in every phase (:class:`LegalActions`); only a turn's is built lazily."""
    phase = state.phase
    if phase == TURN:
        return turn_actions(setup, state)
    if phase == SECOND_CARD:  # any card but a face-up locomotive (D4)
        market = state.market
        drawable = can_draw(state)
        if drawable and None not in market and LOCOMOTIVE not in market:
            return FULL_DRAW_LISTS[len(market)]
        return second_draws(tuple(map(COLOR_SET.__contains__, market)), drawable)
    if phase in (OPENING, TICKETS):
        offer = state.offer
        assert offer is not None
        return keep_list(len(offer.tickets), offer.keep_min, offer.keep_max)
    if phase == TUNNEL:
        tunnel = state.tunnel
        assert tunnel is not None
        hand = state.hands[state.current_player]
        options = tunnel_extra_options(hand, tunnel.color, tunnel.extra)
        return listed([*(PayTunnel(k) for k in options), DECLINE])
    return listed([])


@functools.cache
def second_draws(colored: tuple[bool, ...], drawable: bool) -> LegalActions:
    """The legal second cards (D4): the slots ``colored`` says hold a coloured card, then the
    deck if ``drawable``; made once for each market pattern (at most 2**9 of them)."""
    actions: list[Action] = list(compress(DRAW_CARDS, colored))
    if drawable:
        actions.append(DRAW_DECK)
    return listed(actions)


@functools.cache
def keep_list(offered: int, keep_min: int, keep_max: int) -> LegalActions:
    """The legal actions of a ticket offer (:func:`ttr.actions.keep_choices`), made once."""
    return listed(list(keep_choices(offered, keep_min, keep_max)))


def listed(actions: list[Action]) -> LegalActions:
    """The legal actions ``actions`` (outside a turn: a short list, made at once) as a
    :class:`LegalActions`, so that every phase's list has the same type (its parts are not
    needed: the whole list is there)."""
    return LegalActions(EMPTY_HAND, [], len(actions), actions)


def turn_actions(setup: Setup, state: State) -> LegalActions:
    """The legal actions at the start of a turn: draws, claims, tickets, stations (T1)."""
    player = state.current_player
    hand = state.hands[player]
    market = state.market
    drawable = can_draw(state)
    if drawable and None not in market:
        parts = [FULL_DRAW_PARTS[len(market)]]
        total = len(market) + 1
    else:
        draws: list[Action] = list(compress(DRAW_CARDS, market))  # the slots holding a card
        if drawable:
            draws.append(DRAW_DECK)
        parts = [ready_part(tuple(draws))] if draws else []
        total = len(draws)
    counts = hand[:LOCO]
    colors = tuple(sorted(counts))  # what pays a gray route: the order does not matter
    families: list[Family] = []
    claims = count_claims(
        setup,
        state.open,
        state.barred[player],
        counts + (colors,),
        hand[LOCO],
        state.trains[player],
        families,
    )
    if claims:
        parts.append((claims, None, families))
        total += claims
    if state.ticket_deck:
        parts.append(DRAW_TICKETS_PART)
        total += 1
    left = state.stations_left[player]
    if left:
        cost = station_cost(setup.rules, left)
        each = GRAY_PAYMENTS[colors, hand[LOCO], cost, 0]
        if each:
            part = station_part(free_cities(setup, state), cost, each)
            parts.append(part)
            total += part[0]
    if not parts:
        return LegalActions(hand, [PASS_PART], 1)
    return LegalActions(hand, parts, total)


_FREE: Final[dict[str, tuple[dict[str, int], tuple[str, ...]]]] = {}


def free_cities(setup: Setup, state: State) -> tuple[str, ...]:
    """The cities without a station, in board order (ST1).

    Remembered for the last ``stations`` dict seen on each board: the dict is never changed in
    place (a new one replaces it), so the same object means the same cities.
    """
    stations = state.stations
    last = _FREE.get(setup.board.name)
    if last is not None and last[0] is stations:
        return last[1]
    free = tuple(filterfalse(stations.__contains__, setup.board.cities))  # a C loop
    _FREE[setup.board.name] = (stations, free)
    return free


def count_claims(
    setup: Setup,
    lists: OpenLists,
    barred: tuple[int, ...],
    pays: tuple[Any, ...],
    locomotives: int,
    trains: int,
    families: list[Family],
) -> int:
    """How many claims a player can make from the open routes ``lists`` but those ``barred``
    to them (C1-C2, C5-C6), with ``trains`` and a hand of ``locomotives`` and ``pays``: its
    count of each colour, then its colour counts sorted (what pays a gray route), a key into
    each table of :attr:`ttr.open_routes.RouteClasses.scans`. Their families go into
    ``families``."""
    total = 0
    classes = setup.classes
    if barred:  # the classes of the routes barred to this player
        slot_of = classes.slot_of
        bars = [slot_of[route] for route in barred]
    # the classes each colour of the hand pays, then the gray classes: each list shortest
    # first (strict=False: both have nine items, and a strict zip's check took 5% of the time)
    for rows, have in zip(classes.scans, pays, strict=False):
        if not have and not locomotives:  # nothing to pay with
            continue
        for slot, length, pay, each in rows[have][locomotives]:
            routes = lists[slot]
            if routes:
                if length > trains:  # as are the rest: the list is shortest first
                    break
                if barred and slot in bars:
                    routes = tuple(r for r in routes if r not in barred)
                    if not routes:
                        continue
                members = len(routes) * each
                families.append((routes, pay, each, members))
                total += members
    return total


class LegalActions(Sequence[Action]):
    """The legal actions of a position as a lazy sequence (``len``, index, iterate, ``in``).

    It holds the position's values (which never change), so it stays valid; ask the game again
    after each action for the new position's list.
    """

    __slots__ = ("_hand", "_listed", "_parts", "_total")

    def __init__(
        self, hand: Hand, parts: list[Part], total: int, listed: list[Action] | None = None
    ) -> None:
        """``parts``: the sizes and the actions (or claim families) of the list, in order;
        ``total``: their sizes' sum (the caller's running count: no loop here); ``listed``:
        the whole list, when the caller has it already."""
        self._hand = hand  # what pays for the claims and stations listed
        self._parts = parts
        self._total = total
        self._listed = listed

    def __len__(self) -> int:
        return self._total

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        listed = self._listed
        if listed is not None:  # made already (outside a turn: always)
            return listed[index]
        if type(index) is not int:  # a slice, or an int-like value (numpy's, a bool)
            if isinstance(index, slice):
                return list(self)[index]
            index = operator.index(index)
        if index < 0:
            index += self._total
        if not 0 <= index < self._total:
            raise IndexError("legal action index out of range")
        for size, actions, families in self._parts:
            if index < size:
                if actions is not None:
                    return actions[index]
                assert families is not None
                for targets, pay, each, members in families:
                    if index < members:
                        target, option = divmod(index, each)
                        color, cost, minimum = pay
                        station = minimum == STATION
                        slot = nth_slot(self._hand, color, cost, 0 if station else minimum, option)
                        row = (_STATIONS if station else _CLAIMS).get(targets[target])
                        action = None if row is None else row[slot]
                        if action is None:
                            row = action_row(targets[target], station)
                            return made(row, slot, targets[target], station)
                        return action
                    index -= members
            index -= size
        raise AssertionError("unreachable")

    def __iter__(self) -> Iterator[Action]:
        listed = self._listed
        return iter(self._materialised() if listed is None else listed)

    def _materialised(self) -> list[Action]:
        """The actions, in order, built once from prebuilt actions and kept (the position
        never changes, so neither does the list)."""
        listed: list[Action] = []
        hand = self._hand
        for _, actions, families in self._parts:
            if actions is not None:
                listed.extend(actions)
                continue
            assert families is not None
            for targets, pay, _, _ in families:
                color, cost, minimum = pay
                station = minimum == STATION
                runs, whole = payment_runs(hand, color, cost, 0 if station else minimum)
                rows: dict[Any, list[Any]] = _STATIONS if station else _CLAIMS
                single = len(runs) == 2  # one colour pays (a coloured route): one slice
                for target in targets:
                    row = rows.get(target)
                    if row is None:
                        row = action_row(target, station)
                    if single:
                        first = runs[0]
                        if row[first] is None:
                            make_kind(row, first // STRIDE, target, station)
                        listed.extend(row[first : runs[1]])
                    else:
                        extend_runs(listed, row, runs, target, station)
                    if whole:
                        action = row[whole]
                        listed.append(
                            made(row, whole, target, station) if action is None else action
                        )
        self._listed = listed
        return listed

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


STRIDE: Final = 10
"""Slots per card kind in a row of prebuilt actions: more than any cost (routes have 1-8 cards).
The payment ``(color, locomotives)`` has slot ``KIND_INDEX[color] * STRIDE + locomotives``;
locomotives only, ``LOCO * STRIDE + cost``. The payments of one colour are a run of slots, in
the order of :func:`ttr.payment.payment_options`, so a list takes them as one slice."""
_CLAIMS: Final[dict[int, list[Any]]] = {}
_STATIONS: Final[dict[str, list[Any]]] = {}
"""The claims of each route (the stations of each city) by payment slot, made a card kind at a
time when first needed: actions are immutable, so each is made once and handed out again
(making a frozen dataclass is slow). One row per route id or city name: bounded by the boards."""


def extend_runs(
    listed: list[Action], row: list[Any], runs: list[int], target: Any, station: bool
) -> None:
    """Add the actions of ``row`` in the slot runs ``runs`` (``[start, stop, ...]``)."""
    for start in range(0, len(runs), 2):
        first = runs[start]
        if row[first] is None:
            make_kind(row, first // STRIDE, target, station)
        listed.extend(row[first : runs[start + 1]])


def action_row(target: Any, station: bool) -> list[Any]:
    """The row of prebuilt claims of route ``target`` (stations of city ``target``)."""
    rows: dict[Any, list[Any]] = _STATIONS if station else _CLAIMS
    row = rows.get(target)
    if row is None:
        row = rows[target] = [None] * (STRIDE * (LOCO + 1))
    return row


def make_kind(row: list[Any], kind: int, target: Any, station: bool) -> None:
    """Fill in the slots of card kind ``kind`` in ``row``: every number of locomotives."""
    color = None if kind == LOCO else CARD_KINDS[kind]
    for used in range(1 if color is None else 0, STRIDE):
        row[kind * STRIDE + used] = (
            BuildStation(target, color, used) if station else Claim(target, color, used)
        )


def made(row: list[Any], slot: int, target: Any, station: bool) -> Action:
    """The action in ``slot`` of ``row``, making its card kind's actions first if needed."""
    make_kind(row, slot // STRIDE, target, station)
    action: Action = row[slot]
    return action


def payment_runs(hand: Hand, color: str, cost: int, minimum: int) -> tuple[list[int], int]:
    """The slots of ``payment_options(hand, color, cost, minimum)``, in the same order: runs of
    one colour's slots (``[start, stop, start, stop...]``) and the slot of paying with
    locomotives only (0 if the hand cannot)."""
    locomotives = hand[LOCO]
    most = cost - 1 if locomotives >= cost else locomotives
    runs: list[int] = []
    for index in _PAYERS[color]:
        fewest = cost - hand[index]
        if fewest < minimum:
            fewest = minimum
        if fewest <= most:
            base = index * STRIDE
            runs.append(base + fewest)
            runs.append(base + most + 1)
    return runs, LOCO * STRIDE + cost if locomotives >= cost else 0


_PAYERS: Final = {
    GRAY: tuple(range(LOCO)),
    **{color: (KIND_INDEX[color],) for color in CARD_COLORS},
}
"""For each route colour, the hand indices of the card colours that may pay for it (C2)."""


def nth_slot(hand: Hand, color: str, cost: int, minimum: int, option: int) -> int:
    """The slot of ``payment_options(hand, color, cost, minimum)[option]``, without the list."""
    locomotives = hand[LOCO]
    most = cost - 1 if locomotives >= cost else locomotives
    for index in _PAYERS[color]:
        fewest = cost - hand[index]
        if fewest < minimum:
            fewest = minimum
        if option <= most - fewest:
            return index * STRIDE + fewest + option
        if most >= fewest:
            option -= most - fewest + 1
    if option == 0 and locomotives >= cost:
        return LOCO * STRIDE + cost
    raise IndexError("payment index out of range")


FULL_DRAW_LISTS: Final = tuple(listed(list(draws)) for draws in FULL_DRAWS)
"""The second card's legal draws from a full market without a locomotive, made once (a
:class:`LegalActions` never changes)."""
