"""Actions: small immutable values, and their text notation.

Every decision a player makes is one action, in the manner of python-chess's ``Move``. A two-card
draw is two actions (one per card), a tunnel is a claim then a ``pay`` or ``decline``, a ticket
draw is ``tickets`` then ``keep``. The notation (one line of text per action):

=================================  =========================================================
``draw 3`` / ``draw deck``          take face-up card 3 (slots 1-5) / the top card of the deck
``claim Paris-Bruxelles (yellow) yellow yellow``
                                    claim a route, listing the cards paid (``loco`` for a
                                    locomotive; counts like ``2 red 1 loco`` also read)
``tickets``                         draw destination tickets
``keep 1 3`` / ``keep none``        keep these of the tickets on offer (numbered from 1)
``station Berlin red red``          build a station, listing the cards paid (Europe)
``pay red loco`` / ``decline``      pay a tunnel's extra cards, or give the tunnel up
``pass``                            no legal action exists (T2)
=================================  =========================================================

Text is parsed against a game (route names and the cards a claim needs depend on the board and
the situation), so parsing lives in :meth:`ttr.game.Game.parse` and formatting in
:meth:`ttr.game.Game.notation`; this module holds the values and the grammar.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ttr.colors import CARD_COLORS, LOCOMOTIVE


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the problem and the rule id."""


class NotationError(ValueError):
    """Text that does not read as an action."""


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
    """Keep these tickets (indices into the offer) of the tickets on offer (S4-S5, K1, V2, V4)."""

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

DRAW_DECK = DrawCard(None)
DECLINE = Decline()
DRAW_TICKETS = DrawTickets()
PASS = Pass()

_CARD_WORDS = {color: color for color in CARD_COLORS}
_CARD_WORDS.update({"purple": "pink", "violet": "pink", "grey": "gray"})
_CARD_WORDS.update(
    dict.fromkeys(("loco", "locos", "locomotive", "locomotives", "wild"), LOCOMOTIVE)
)
_CARD_TOKEN = r"(?:\d+\s*)?(?:" + "|".join(sorted(_CARD_WORDS, key=len, reverse=True)) + r")"
CARDS_AT_END = re.compile(rf"(?P<head>.*?)(?P<cards>(?:\s+{_CARD_TOKEN})*)\s*", re.IGNORECASE)


def read_cards(text: str) -> list[tuple[str, int | None]]:
    """Read ``"red red loco"`` or ``"2 red 1 loco"`` into ``[(kind, count or None), ...]``."""
    cards: list[tuple[str, int | None]] = []
    for count, word in re.findall(r"(\d+)?\s*([A-Za-z]+)", text):
        kind = _CARD_WORDS.get(word.lower())
        if kind is None:
            raise NotationError(f"unknown card {word!r}: expected a colour or 'loco'")
        cards.append((kind, int(count) if count else None))
    return cards


@functools.cache
def format_cards(color: str | None, colored: int, locomotives: int) -> str:
    """``("red", 2, 1)`` -> ``"red red loco"``: the cards of a payment, one word per card."""
    words = [color] * colored if color else []
    return " ".join([*words, *[LOCOMOTIVE] * locomotives])
