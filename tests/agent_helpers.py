"""Helpers of the bot and environment tests: positions along random games, and rearranging
what one seat cannot see."""

from __future__ import annotations

import random
from collections import Counter

from ttr import Game
from ttr.colors import CARD_KINDS
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
    cards = other.cards
    pool = cards.deck + cards.discard
    for player, hand in enumerate(other.hands):
        if player != seat:
            pool += [kind for kind in CARD_KINDS for _ in range(hand[kind])]
    rng.shuffle(pool)
    for player, hand in enumerate(other.hands):
        if player != seat:
            size = sum(hand.values())
            dealt = Counter(pool.pop() for _ in range(size))
            other.hands[player] = {kind: dealt[kind] for kind in CARD_KINDS}
    cards.discard, cards.deck = pool[: len(cards.discard)], pool[len(cards.discard) :]
    regular = [t for p in range(other.num_players) if p != seat for t in other.tickets[p]]
    regular = [t for t in regular if not other.ticket_pool[t].long] + other.ticket_deck
    rng.shuffle(regular)
    for player in range(other.num_players):
        if player != seat:
            held = other.tickets[player]
            other.tickets[player] = [
                t if other.ticket_pool[t].long else regular.pop() for t in held
            ]
    other.ticket_deck = regular
    rng.shuffle(other.box)
    other.rng.seed(rng.random())
    assert other.observation(seat) == game.observation(seat)
    return other
