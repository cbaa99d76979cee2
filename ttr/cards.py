"""The train cards on the table: the deck, the discard pile and the face-up market (S2-S3, D1-D10).

:class:`TrainCards` knows nothing of players or turns; the game asks it for cards and it keeps
the market rules: refill a taken slot at once (D2), reset the market when it shows 3 or more
locomotives (D6, guarded by D9), and shuffle the discard pile into a new deck when the deck runs
out (D7). It tells what happened through ``notes`` (plain English, for the game's log) and
``counts`` (for statistics).
"""

from __future__ import annotations

import random
from collections import Counter

from ttr.colors import CARD_COLORS, CARDS_PER_COLOR, LOCOMOTIVE, LOCOMOTIVES_IN_DECK


def full_deck() -> list[str]:
    """The 110 train cards in a fixed order: 12 of each colour, then 14 locomotives."""
    deck = [color for color in CARD_COLORS for _ in range(CARDS_PER_COLOR)]
    return deck + [LOCOMOTIVE] * LOCOMOTIVES_IN_DECK


class TrainCards:
    """Deck (``deck[-1]`` is the top card), discard pile and market (``None`` = empty slot)."""

    def __init__(
        self,
        rng: random.Random,
        market_size: int = 5,
        locomotive_limit: int = 3,
        redeal_limit: int = 10,
    ):
        self.rng = rng
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.market: list[str | None] = [None] * market_size
        self.locomotive_limit = locomotive_limit
        self.redeal_limit = redeal_limit
        self.notes: list[str] = []
        self.counts: Counter[str] = Counter()

    def copy(self, rng: random.Random) -> TrainCards:
        other = TrainCards.__new__(TrainCards)
        other.__dict__.update(self.__dict__)
        other.rng = rng
        other.deck, other.discard, other.market = self.deck[:], self.discard[:], self.market[:]
        other.notes, other.counts = [], Counter(self.counts)
        return other

    def can_draw(self) -> bool:
        """Whether a card can come off the deck, reshuffling the discard pile if needed (D7)."""
        return bool(self.deck or self.discard)

    def draw(self) -> str | None:
        """The top card of the deck; an empty deck is first rebuilt from the discard pile (D7)."""
        if not self.deck:
            if not self.discard:
                self.counts["empty_deck"] += 1
                return None
            self.reshuffle()
        return self.deck.pop()

    def reshuffle(self, rule: str = "D7") -> None:
        """Shuffle the discard pile into a new deck (D7; C9 during a tunnel's reveal)."""
        self.rng.shuffle(self.discard)
        self.deck, self.discard = self.discard, self.deck
        self.counts["reshuffles"] += 1
        self.notes.append(
            f"the deck ran out: the discard pile was shuffled into a new deck "
            f"of {len(self.deck)} ({rule})"
        )

    def take(self, slot: int) -> str:
        """Take the face-up card in ``slot`` and refill the slot from the deck at once (D2, D6)."""
        market = self.market
        card = market[slot]
        assert card is not None
        new = market[slot] = self.draw()
        if new is None:
            self.notes.append(f"slot {slot + 1} stays empty: no cards are left to refill it (D7)")
        elif new == LOCOMOTIVE:
            self.notes.append(f"a locomotive was turned up in slot {slot + 1}")
        self.check_locomotives()
        return card

    def refill(self) -> None:
        """Fill every empty slot from the deck, then apply D6 (the end-of-turn refill of D7)."""
        if None not in self.market:
            return
        filled = False
        for slot, card in enumerate(self.market):
            if card is None:
                self.market[slot] = self.draw()
                filled = filled or self.market[slot] is not None
        if filled:
            self.notes.append("the empty face-up slots were refilled (D7)")
            self.check_locomotives()

    def check_locomotives(self, rule: str = "D6") -> None:
        """Reset the market while it shows too many locomotives (D6), within the D9 guard.

        ``rule`` is the rule id the narration cites (S3 for the market of the deal).
        """
        redeals = 0
        while self.market.count(LOCOMOTIVE) >= self.locomotive_limit:
            others = sum(1 for card in self.market if card is not None and card != LOCOMOTIVE)
            others += sum(1 for card in self.deck if card != LOCOMOTIVE)
            others += sum(1 for card in self.discard if card != LOCOMOTIVE)
            if others < len(self.market) - self.locomotive_limit + 1:
                self.counts["loop_guard_stops"] += 1
                self.notes.append(
                    f"the market shows {self.market.count(LOCOMOTIVE)} locomotives, but only "
                    f"{others} other card{'' if others == 1 else 's'} exist: no reset could "
                    "help, so it stays (D9)"
                )
                return
            if redeals == self.redeal_limit:
                self.counts["loop_guard_stops"] += 1
                self.notes.append(
                    f"the market was reset {redeals} times in a row; it stays as it is (D9)"
                )
                return
            self.redeal(rule)
            redeals += 1

    def redeal(self, rule: str = "D6") -> None:
        """Discard the whole market and turn up new cards (D6)."""
        self.discard.extend(card for card in self.market if card is not None)
        shown = self.market.count(LOCOMOTIVE)
        self.market = [None] * len(self.market)
        self.market = [self.draw() for _ in self.market]
        self.counts["market_resets"] += 1
        self.notes.append(
            f"{shown} face-up locomotives: the market was discarded and dealt again ({rule})"
        )

    def reveal(self, count: int) -> list[str]:
        """Turn up to ``count`` cards off the deck for a tunnel (C7, C9); the caller holds them."""
        cards: list[str] = []
        for _ in range(count):
            if not self.deck and self.discard:
                self.reshuffle(rule="C9")
            card = self.draw()
            if card is None:
                if cards:
                    self.notes.append(f"only {len(cards)} of {count} cards could be revealed (C9)")
                break
            cards.append(card)
        return cards

    def all_cards(self) -> list[str]:
        """Every card in the deck, the discard pile and the market."""
        return [*self.deck, *self.discard, *(card for card in self.market if card is not None)]
