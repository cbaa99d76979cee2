"""The deal (S1-S3): shuffle the train cards, deal the hands and the market, then the tickets."""

from __future__ import annotations

from ttr.cards import check_locomotives, full_deck
from ttr.colors import KIND_INDEX
from ttr.events import Kind, Log
from ttr.state import Setup, State, shuffled
from ttr.turn.tickets import deal_tickets


def deal(setup: Setup, state: State, log: Log | None) -> None:
    """Shuffle, deal each hand (S2), turn up the market (S3), deal the opening tickets (S4-S5)."""
    deck = shuffled(state, full_deck())
    hands = []
    for _ in range(setup.num_players):
        hand = [0] * len(KIND_INDEX)
        for _ in range(setup.rules.hand_size):
            hand[KIND_INDEX[deck.pop()]] += 1
        hands.append(tuple(hand))
    state.hands = tuple(hands)
    market = tuple(deck.pop() for _ in state.market)
    state.deck, state.top, state.market = tuple(deck), len(deck), market
    if log:
        log.add(Kind.SETUP, None)
    check_locomotives(setup, state, log, None, rule="S3")
    deal_tickets(setup, state, log)
