"""Helpers of the bot and environment tests: positions along random games, and rearranging
what one seat cannot see."""

from __future__ import annotations

import random
from collections import Counter

from ttr import Game
from ttr.colors import CARD_KINDS, hand_of
from ttr.game import TICKETS, TUNNEL


def positions(rules: str, players: int, seed: int, every: int = 7):
    """Positions along a random game: the deal, then every ``every``-th action."""
    game = Game(rules, players, seed=seed, record=False)
    rng = random.Random(seed)
    step = 0
    while not game.is_over:
        if step % every == 0 or game.phase in (TUNNEL, TICKETS):
            yield game
        actions = game.legal_actions()
        game.play(actions[rng.randrange(len(actions))])
        step += 1


def rearrange_hidden(game: Game, seat: int, seed: int) -> Game:
    """A copy of ``game`` that ``seat`` cannot tell apart from it: the other hands, the deck and
    the discard pile dealt anew from the same cards, the other players' regular tickets swapped
    with the ticket deck's, the box shuffled, and a new generator for future shuffles."""
    rng = random.Random(seed)
    other = game.copy()
    state = other.state  # the hidden fields of the state record, written directly
    pool = other.cards.deck + other.cards.discard
    for player, hand in enumerate(other.hands):
        if player != seat:
            pool += [kind for kind in CARD_KINDS for _ in range(hand[kind])]
    rng.shuffle(pool)
    hands = list(state.hands)
    for player, hand in enumerate(other.hands):
        if player != seat:
            hands[player] = hand_of(Counter(pool.pop() for _ in range(sum(hand.values()))))
    state.hands = tuple(hands)
    discard = len(state.discard)
    state.discard, state.deck = tuple(pool[:discard]), tuple(pool[discard:])
    state.top = len(state.deck)
    regular = [t for p in range(other.num_players) if p != seat for t in other.tickets[p]]
    regular = [t for t in regular if not other.ticket_pool[t].long] + other.ticket_deck
    rng.shuffle(regular)
    tickets = list(state.tickets)
    for player in range(other.num_players):
        if player != seat:
            tickets[player] = tuple(
                t if other.ticket_pool[t].long else regular.pop() for t in tickets[player]
            )
    state.tickets = tuple(tickets)
    state.ticket_deck = tuple(regular)
    state.box = tuple(rng.sample(state.box, len(state.box)))
    state.rng = random.Random(rng.random()).getstate()
    assert other.observation(seat) == game.observation(seat)
    return other
