"""What a hand of cards can pay: routes (C2), ferries (C6), tunnel extras (C7), stations (ST2).

A payment is a pair ``(color, locomotives)``: ``locomotives`` wild cards and the rest of the cost
in cards of one ``color``. ``color`` is None exactly when the payment is locomotives only. Cards
of two different colours never mix (C2).

A hand is a tuple of nine counts in ``CARD_KINDS`` order (see :mod:`ttr.colors`); the functions
also accept a ``{kind: count}`` mapping.
"""

from __future__ import annotations

from collections.abc import Mapping

from ttr.colors import CARD_COLORS, COLOR_SET, GRAY, KIND_INDEX, LOCO, Hand, hand_of
from ttr.i18n import Message
from ttr.rules import RuleSet

Payment = tuple[str | None, int]
_COLOR_INDICES = tuple(enumerate(CARD_COLORS))


def as_hand(hand: Hand | Mapping[str, int]) -> Hand:
    """The hand as a tuple of nine counts."""
    return hand if isinstance(hand, tuple) else hand_of(dict(hand))


_PAYERS: dict[str, tuple[tuple[int, str], ...]] = {
    GRAY: _COLOR_INDICES,
    **{color: ((KIND_INDEX[color], color),) for color in CARD_COLORS},
}
"""For each route colour, the (hand index, card colour) pairs that may pay for it (C2)."""


def payment_options(
    hand: Hand | Mapping[str, int], color: str, cost: int, min_locomotives: int = 0
) -> list[Payment]:
    """Every way ``hand`` can pay ``cost`` cards for something painted ``color``, in a fixed order.

    ``color`` is a card colour or ``"gray"`` (any one colour). ``min_locomotives`` is a ferry's
    number of locomotive symbols (C6). Colours come in ``CARD_COLORS`` order, each with fewest
    locomotives first; paying with locomotives only comes last.
    """
    hand = as_hand(hand)
    locomotives = hand[LOCO]
    options: list[Payment] = []
    most = min(cost - 1, locomotives)
    for index, card in _PAYERS[color]:
        fewest = max(min_locomotives, cost - hand[index])
        options.extend((card, used) for used in range(fewest, most + 1))
    if locomotives >= cost:
        options.append((None, cost))
    return options


def count_payments(
    hand: Hand | Mapping[str, int], color: str, cost: int, min_locomotives: int = 0
) -> int:
    """``len(payment_options(hand, color, cost, min_locomotives))``, by arithmetic."""
    hand = as_hand(hand)
    locomotives = hand[LOCO]
    most = cost - 1 if locomotives >= cost else locomotives
    total = 1 if locomotives >= cost else 0
    for index, _ in _PAYERS[color]:
        fewest = cost - hand[index]
        if fewest < min_locomotives:
            fewest = min_locomotives
        if most >= fewest:
            total += most - fewest + 1
    return total


def nth_payment(
    hand: Hand | Mapping[str, int], color: str, cost: int, min_locomotives: int, index: int
) -> Payment:
    """``payment_options(hand, color, cost, min_locomotives)[index]``, without the list."""
    return nth_payment_of(as_hand(hand), color, cost, min_locomotives, index)


def nth_payment_of(hand: Hand, color: str, cost: int, min_locomotives: int, index: int) -> Payment:
    """:func:`nth_payment` for a hand tuple."""
    locomotives = hand[LOCO]
    most = cost - 1 if locomotives >= cost else locomotives
    for kind, card in _PAYERS[color]:
        fewest = cost - hand[kind]
        if fewest < min_locomotives:
            fewest = min_locomotives
        if index <= most - fewest:
            return (card, fewest + index)
        if most >= fewest:
            index -= most - fewest + 1
    if index == 0 and locomotives >= cost:
        return (None, cost)
    raise IndexError("payment index out of range")


def tunnel_extra_options(
    hand: Hand | Mapping[str, int], color: str | None, extra: int
) -> list[int]:
    """How many locomotives may be among a tunnel's ``extra`` cards (C7), fewest first.

    ``color`` is the colour the tunnel was paid in, or None if it was paid with locomotives only,
    in which case the extra must be locomotives too.
    """
    hand = as_hand(hand)
    locomotives = hand[LOCO]
    if color is None:
        return [extra] if locomotives >= extra else []
    return list(range(max(0, extra - hand[KIND_INDEX[color]]), min(extra, locomotives) + 1))


def payment_problem(
    hand: Hand | Mapping[str, int], color: str, cost: int, paid: Payment, min_locomotives: int = 0
) -> Message | None:
    """Why the payment ``paid`` is not allowed for ``cost`` cards of ``color``, or None if it is.

    ``paid``'s fields must already have the right types (a colour name or None, an int).
    """
    hand = as_hand(hand)
    card, locomotives = paid
    if locomotives < 0 or locomotives > cost:
        return Message(
            "{locomotives} locomotives cannot be part of a {cost}-card payment",
            locomotives=locomotives,
            cost=cost,
        )
    if card is None and locomotives != cost:
        return Message(
            "it costs {cost:#card}; {alone:#locomotive} alone are not enough",
            cost=cost,
            alone=locomotives,
        )
    if card is not None and locomotives == cost:
        return Message("a payment with only locomotives names no colour")
    if card is not None and card not in COLOR_SET:
        return Message("{card!r} is not a card colour", card=card)
    if locomotives < min_locomotives:
        return Message("a ferry needs at least {least:#locomotive}", least=min_locomotives)
    if card is not None and color != GRAY and card != color:
        return Message(
            "a {color:colour} route takes {color:colour} cards or locomotives, not {card:colour}",
            color=color,
            card=card,
        )
    if hand[LOCO] < locomotives:
        return Message(
            "the hand has {have:#locomotive}, not {locomotives}",
            have=hand[LOCO],
            locomotives=locomotives,
        )
    if card is not None and hand[KIND_INDEX[card]] < cost - locomotives:
        return Message(
            "the hand has {have:#colour card}, not {paid}",
            have=(hand[KIND_INDEX[card]], card),
            paid=cost - locomotives,
        )
    return None


def station_cost(rules: RuleSet, left: int) -> int:
    """What the next station costs a player with ``left`` stations left (ST2): 1, 2, then 3
    cards of one colour."""
    built = rules.stations - left
    return rules.station_costs[min(built, len(rules.station_costs) - 1)]
