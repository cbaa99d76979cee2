"""What a hand of cards can pay: routes (C2), ferries (C6), tunnel extras (C7), stations (ST2).

A payment is a pair ``(color, locomotives)``: ``locomotives`` wild cards and the rest of the cost
in cards of one ``color``. ``color`` is None exactly when the payment is locomotives only. Cards
of two different colours never mix (C2).
"""

from __future__ import annotations

from collections.abc import Mapping

from ttr.colors import CARD_COLORS, GRAY, LOCOMOTIVE
from ttr.text import count

Payment = tuple[str | None, int]


def payment_options(
    hand: Mapping[str, int], color: str, cost: int, min_locomotives: int = 0
) -> list[Payment]:
    """Every way ``hand`` can pay ``cost`` cards for something painted ``color``, in a fixed order.

    ``color`` is a card colour or ``"gray"`` (any one colour). ``min_locomotives`` is a ferry's
    number of locomotive symbols (C6). Colours come in ``CARD_COLORS`` order, each with fewest
    locomotives first; paying with locomotives only comes last.
    """
    locomotives = hand[LOCOMOTIVE]
    options: list[Payment] = []
    most = min(cost - 1, locomotives)
    for card in CARD_COLORS if color == GRAY else (color,):
        fewest = max(min_locomotives, cost - hand[card])
        options.extend((card, used) for used in range(fewest, most + 1))
    if locomotives >= cost:
        options.append((None, cost))
    return options


def count_payments(hand: Mapping[str, int], color: str, cost: int, min_locomotives: int = 0) -> int:
    """``len(payment_options(hand, color, cost, min_locomotives))``, by arithmetic."""
    locomotives = hand[LOCOMOTIVE]
    most = cost - 1 if locomotives >= cost else locomotives
    total = 1 if locomotives >= cost else 0
    for card in CARD_COLORS if color == GRAY else (color,):
        fewest = cost - hand[card]
        if fewest < min_locomotives:
            fewest = min_locomotives
        if most >= fewest:
            total += most - fewest + 1
    return total


def nth_payment(
    hand: Mapping[str, int], color: str, cost: int, min_locomotives: int, index: int
) -> Payment:
    """``payment_options(hand, color, cost, min_locomotives)[index]``, without the list."""
    locomotives = hand[LOCOMOTIVE]
    most = cost - 1 if locomotives >= cost else locomotives
    for card in CARD_COLORS if color == GRAY else (color,):
        fewest = cost - hand[card]
        if fewest < min_locomotives:
            fewest = min_locomotives
        if index <= most - fewest:
            return (card, fewest + index)
        if most >= fewest:
            index -= most - fewest + 1
    if index == 0 and locomotives >= cost:
        return (None, cost)
    raise IndexError("payment index out of range")


def tunnel_extra_options(hand: Mapping[str, int], color: str | None, extra: int) -> list[int]:
    """How many locomotives may be among a tunnel's ``extra`` cards (C7), fewest first.

    ``color`` is the colour the tunnel was paid in, or None if it was paid with locomotives only,
    in which case the extra must be locomotives too.
    """
    locomotives = hand[LOCOMOTIVE]
    if color is None:
        return [extra] if locomotives >= extra else []
    return list(range(max(0, extra - hand[color]), min(extra, locomotives) + 1))


def payment_problem(
    hand: Mapping[str, int], color: str, cost: int, paid: Payment, min_locomotives: int = 0
) -> str | None:
    """Why the payment ``paid`` is not allowed for ``cost`` cards of ``color``, or None if it is."""
    card, locomotives = paid
    if locomotives < 0 or locomotives > cost:
        return f"{locomotives} locomotives cannot be part of a {cost}-card payment"
    if card is None and locomotives != cost:
        return f"it costs {cost} cards; {locomotives} locomotives alone are not enough"
    if card is not None and locomotives == cost:
        return "a payment with only locomotives names no colour"
    if card is not None and card not in CARD_COLORS:
        return f"{card!r} is not a card colour"
    if locomotives < min_locomotives:
        return f"a ferry needs at least {count(min_locomotives, 'locomotive')}"
    if card is not None and color != GRAY and card != color:
        return f"a {color} route takes {color} cards or locomotives, not {card}"
    if hand[LOCOMOTIVE] < locomotives:
        return f"the hand has {count(hand[LOCOMOTIVE], 'locomotive')}, not {locomotives}"
    if card is not None and hand[card] < cost - locomotives:
        return f"the hand has {count(hand[card], card + ' card')}, not {cost - locomotives}"
    return None
