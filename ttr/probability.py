"""Exact odds of chance events: what a tunnel's reveal will cost (C7, C9).

Chance in Ticket to Ride is a draw from a shuffled deck, so its odds can be computed exactly
(as OpenSpiel does for chance nodes) instead of simulated. The answers are
:class:`fractions.Fraction` values that sum to exactly 1.

>>> from fractions import Fraction
>>> dist = tunnel_extra_distribution({"red": 2, "blue": 2}, "red", False)
>>> dist == {1: Fraction(1, 2), 2: Fraction(1, 2)}
True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb

from ttr.colors import LOCOMOTIVE

__all__ = ["hypergeometric", "matching_cards", "tunnel_extra_distribution"]


def hypergeometric(population: int, successes: int, draws: int) -> dict[int, Fraction]:
    """P(k successes) when ``draws`` cards are dealt from ``population`` cards of which
    ``successes`` are successes, without replacement: ``C(s, k) C(N - s, n - k) / C(N, n)``.

    Only the values of k with a non-zero probability are listed.
    """
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError(
            f"cannot deal {draws} of {population} cards with {successes} successes among them"
        )
    total = comb(population, draws)
    result = {}
    for k in range(min(successes, draws) + 1):
        ways = comb(successes, k) * comb(population - successes, draws - k)
        if ways:
            result[k] = Fraction(ways, total)
    return result


def matching_cards(counts: Mapping[str, int], color: str | None, locomotives_only: bool) -> int:
    """How many of ``counts``' cards make a tunnel dearer (C7).

    A revealed locomotive always matches; a card of the colour paid matches unless the tunnel
    was paid with locomotives only (then ``color`` is ignored and may be None).
    """
    matches = counts.get(LOCOMOTIVE, 0)
    if not locomotives_only and color is not None and color != LOCOMOTIVE:
        matches += counts.get(color, 0)
    return matches


def tunnel_extra_distribution(
    deck_counts: Mapping[str, int],
    color: str | None,
    paid_with_locomotives_only: bool,
    reveal: int = 3,
    *,
    discard_counts: Mapping[str, int] | None = None,
) -> dict[int, Fraction]:
    """The exact probability of each extra cost of a tunnel, ``{extra: probability}`` (C7, C9).

    ``deck_counts`` is how many cards of each kind (the eight colours and ``"loco"``) the deck
    holds; its order is unknown, so every order is equally likely. The tunnel is paid in
    ``color`` (plus locomotives), or with locomotives only when ``paid_with_locomotives_only``;
    ``reveal`` cards are turned up (3 in the rules). The extra cost is the number of revealed
    cards that match (:func:`matching_cards`), so with ``N`` cards in the deck of which ``m``
    match, ``P(extra = k)`` is hypergeometric: ``C(m, k) C(N - m, 3 - k) / C(N, 3)``.

    **A deck with fewer than 3 cards (C9).** Every card left in the deck is revealed (their
    matches are certain), then the discard pile is shuffled into a new deck (D7) and the rest
    of the reveal comes off it, hypergeometrically again. Pass the discard pile's counts as
    ``discard_counts`` for this; without it the discard pile counts as empty. The cards being
    played for the tunnel are not in the discard pile yet (they are held, C9), so they never
    come back in the reveal. If deck and discard together hold fewer than 3 cards, all of them
    are revealed ("reveal what there is"), and with nothing to reveal the extra cost is 0. This
    is exactly what :meth:`ttr.cards.TrainCards.reveal` does; the face-up market is never
    touched. (One simplification is unavoidable and harmless: the engine shuffles the discard
    pile only when the deck is empty, which is what is modelled here.)

    >>> tunnel_extra_distribution({"red": 1}, "red", False)   # one card left, and it matches
    {1: Fraction(1, 1)}
    """
    if reveal < 0:
        raise ValueError(f"cannot reveal {reveal} cards")
    for name, counts in (("deck", deck_counts), ("discard", discard_counts or {})):
        if any(n < 0 for n in counts.values()):
            raise ValueError(f"negative card count in the {name}: {dict(counts)}")
    size = sum(deck_counts.values())
    matches = matching_cards(deck_counts, color, paid_with_locomotives_only)
    if size >= reveal:
        return hypergeometric(size, matches, reveal)
    # C9: the whole deck is revealed (its matches are certain), then the reshuffled discard.
    discard = discard_counts or {}
    rest_size = sum(discard.values())
    rest_matches = matching_cards(discard, color, paid_with_locomotives_only)
    more = min(reveal - size, rest_size)
    return {matches + k: p for k, p in hypergeometric(rest_size, rest_matches, more).items()}
