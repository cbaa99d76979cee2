"""Actions: small immutable values, one per decision, in the manner of python-chess's ``Move``.

A two-card draw is two actions (one per card), a tunnel is a claim then a ``pay`` or ``decline``,
a ticket draw is ``tickets`` then ``keep``. Each action has a one-line text notation
(:mod:`ttr.notation`):

=================================  =========================================================
``draw 3`` / ``draw deck``          take face-up card 3 (slots 1-5) / the top card of the deck
``claim Paris-Bruxelles (yellow) yellow yellow``
                                    claim a route, listing the cards paid (``loco`` for a
                                    locomotive; counts like ``2 red 1 loco`` also read)
``tickets``                         draw destination tickets
``keep 1 3`` / ``keep none``        keep these of the tickets on offer (numbered from 1, or
                                    by name: ``keep Seattle-Los Angeles``)
``station Berlin red red``          build a station, listing the cards paid (Europe)
``pay red loco`` / ``decline``      pay a tunnel's extra cards, or give the tunnel up
``pass``                            no legal action exists (T2)
=================================  =========================================================

:data:`FIELD_PROBLEMS` checks the types of an action's fields (an ``int`` is an ``int``, not a
``bool`` or a ``float``), before any rule looks at it (:func:`ttr.turn.checked`, T1).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from ttr.colors import LOCOMOTIVE
from ttr.errors import IllegalAction, NotationError, preview
from ttr.i18n import Message

__all__ = [
    "Action",
    "BuildStation",
    "Claim",
    "Decline",
    "DrawCard",
    "DrawTickets",
    "IllegalAction",
    "KeepTickets",
    "NotationError",
    "Pass",
    "PayTunnel",
    "keep_choices",
]

MAX_KEEP = 16
"""More ticket positions than any offer holds: a longer ``KeepTickets`` is refused unread."""
MAX_NAME = 100
"""More characters than any city name: a longer one is refused unread."""


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Take a train card: face-up ``slot`` 0-4, or the deck's top card if ``slot`` is None (D1)."""

    slot: int | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim a route paying ``locomotives`` locomotives and the rest in ``color`` (C1-C2, C6-C7).

    ``color`` is None exactly when the payment is locomotives only.
    """

    route: int
    color: str | None
    locomotives: int = 0


@dataclass(frozen=True, slots=True)
class PayTunnel:
    """Pay a tunnel's extra cost: ``locomotives`` locomotives, the rest in its colour (C7)."""

    locomotives: int = 0


@dataclass(frozen=True, slots=True)
class Decline:
    """Give up a tunnel whose extra cost cannot or will not be paid (C8)."""


@dataclass(frozen=True, slots=True)
class DrawTickets:
    """Draw destination tickets (K1)."""


@dataclass(frozen=True, slots=True)
class KeepTickets:
    """Keep these of the tickets on offer: positions from 0, in order (S4-S5, K1, V2, V4)."""

    keep: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BuildStation:
    """Build a station in ``city``, paying in ``color`` plus ``locomotives`` (ST1-ST2)."""

    city: str
    color: str | None
    locomotives: int = 0


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing: only legal when nothing else is (T2)."""


Action = DrawCard | Claim | PayTunnel | Decline | DrawTickets | KeepTickets | BuildStation | Pass
ACTION_TYPES: tuple[type, ...] = (
    DrawCard,
    Claim,
    PayTunnel,
    Decline,
    DrawTickets,
    KeepTickets,
    BuildStation,
    Pass,
)

DRAW_DECK = DrawCard(None)
DECLINE = Decline()
DRAW_TICKETS = DrawTickets()
PASS = Pass()


def _whole(value: object) -> bool:
    return type(value) is int


COLOR_TYPES: Final = frozenset({str, type(None)})
"""The types a colour field of an action may have: a card colour's name, or None."""


def _claim_problem(action: Claim) -> Message | None:
    if (
        type(action.route) is int
        and type(action.locomotives) is int
        and type(action.color) in COLOR_TYPES
    ):
        return None
    if not _whole(action.route):
        return Message(
            "Claim.route must be a route id (an int), not {value}", value=preview(action.route)
        )
    if type(action.color) not in COLOR_TYPES:
        return Message(
            "Claim.color must be a card colour or None, not {value}", value=preview(action.color)
        )
    return Message(
        "Claim.locomotives must be an int, not {value}", value=preview(action.locomotives)
    )


def _draw_problem(action: DrawCard) -> Message | None:
    if action.slot is None or type(action.slot) is int:
        return None
    return Message(
        "DrawCard.slot must be a slot number (an int) or None, not {value}",
        value=preview(action.slot),
    )


def _pay_problem(action: PayTunnel) -> Message | None:
    if type(action.locomotives) is int:
        return None
    return Message(
        "PayTunnel.locomotives must be an int, not {value}", value=preview(action.locomotives)
    )


def _keep_problem(action: KeepTickets) -> Message | None:
    keep = action.keep
    if type(keep) is tuple and len(keep) <= MAX_KEEP and all(map(_whole, keep)):
        return None
    return Message(
        "KeepTickets.keep must be a tuple of ticket positions (ints), not {value}",
        value=preview(keep),
    )


def _station_problem(action: BuildStation) -> Message | None:
    if type(action.city) is not str or len(action.city) > MAX_NAME:
        return Message(
            "BuildStation.city must be a city name, not {value}", value=preview(action.city)
        )
    if type(action.color) not in COLOR_TYPES:
        return Message(
            "BuildStation.color must be a card colour or None, not {value}",
            value=preview(action.color),
        )
    if not _whole(action.locomotives):
        return Message(
            "BuildStation.locomotives must be an int, not {value}",
            value=preview(action.locomotives),
        )
    return None


FIELD_PROBLEMS: dict[type, Callable[[Any], Message | None] | None] = {
    DrawCard: _draw_problem,
    Claim: _claim_problem,
    PayTunnel: _pay_problem,
    Decline: None,
    DrawTickets: None,
    KeepTickets: _keep_problem,
    BuildStation: _station_problem,
    Pass: None,
}
"""For each kind of action, what is wrong with the types of its fields (None: no fields)."""


@functools.cache
def format_cards(color: str | None, colored: int, locomotives: int) -> str:
    """``("red", 2, 1)`` -> ``"red red loco"``: the cards of a payment, one word per card."""
    words = [color] * colored if color else []
    return " ".join([*words, *[LOCOMOTIVE] * locomotives])


@functools.cache
def keep_choices(offered: int, keep_min: int, keep_max: int) -> tuple[KeepTickets, ...]:
    """Every way to keep between ``keep_min`` and ``keep_max`` of ``offered`` tickets, in order
    (the legal actions of a ticket offer, K2/S6)."""
    return tuple(
        KeepTickets(kept)
        for size in range(keep_min, min(keep_max, offered) + 1)
        for kept in itertools.combinations(range(offered), size)
    )
