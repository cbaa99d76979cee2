"""Determinisation: a whole game that one seat cannot tell apart from the real one.

A searching bot may not look at the cards and tickets it cannot see. It samples them instead:
:func:`determinise` copies the game and deals everything hidden from ``seat`` afresh (the other
players' hands and tickets, the order and contents of the deck and the discard pile, the ticket
deck, the tickets out of the game, the opening offers not yet shown, and the generator behind
future shuffles), keeping every size the seat can see. Only public facts and the seat's own
cards and tickets are read, so two real games that look the same from the seat give the same
samples for the same generator.

This module is the one place in the bots that writes hidden state.
"""

from __future__ import annotations

import random
from collections import Counter

from ttr.cards import full_deck
from ttr.colors import CARD_KINDS, LOCOMOTIVE
from ttr.game import Game
from ttr.rules import RuleSet


def determinise(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` with everything hidden from ``seat`` sampled from ``rng``.

    The copy does not record narration (it is for search, not for reading).
    """
    world = game.copy()
    world.record = False
    world.rng.seed(rng.getrandbits(64))  # the copy's cards share this generator
    _deal_cards(world, seat, rng)
    _deal_tickets(world, seat, rng)
    return world


def unseen_cards(game: Game, seat: int) -> Counter[str]:
    """The train cards ``seat`` cannot see: all 110 less its hand, the market and the cards of a
    tunnel being claimed (played and revealed)."""
    unseen = Counter(full_deck())
    unseen.subtract(game.hands[seat])
    unseen.subtract(card for card in game.cards.market if card is not None)
    tunnel = game.tunnel
    if tunnel is not None:
        route = game.board.routes[tunnel.route]
        if tunnel.color is not None:
            unseen[tunnel.color] -= route.length - tunnel.locomotives
        unseen[LOCOMOTIVE] -= tunnel.locomotives
        unseen.subtract(tunnel.revealed)
    return unseen


def _deal_cards(world: Game, seat: int, rng: random.Random) -> None:
    pool = list(unseen_cards(world, seat).elements())  # a fixed order, then shuffled
    rng.shuffle(pool)
    cards = world.cards
    deck = len(cards.deck)
    for player, hand in enumerate(world.hands):
        if player != seat:
            size = sum(hand.values())
            dealt = Counter(pool[-size:] if size else ())
            del pool[len(pool) - size :]
            world.hands[player] = {kind: dealt[kind] for kind in CARD_KINDS}
    discard = len(cards.discard)
    cards.discard = pool[:discard]
    cards.deck = pool[discard:]
    assert len(cards.deck) == deck, "the unseen cards do not fill the hidden places"


def _deal_tickets(world: Game, seat: int, rng: random.Random) -> None:
    pool = world.ticket_pool
    offer = world.offer
    own_offer = offer is not None and offer.player == seat
    known = set(world.tickets[seat]) | (set(offer.tickets) if offer and own_offer else set())
    unseen = [t for t in range(len(pool)) if t not in known]
    longs = [t for t in unseen if pool[t].long]
    regulars = [t for t in unseen if not pool[t].long]
    rng.shuffle(longs)
    rng.shuffle(regulars)
    for offer in world.opening_queue:  # dealt, not yet shown: long ones first, as dealt (S5, V2)
        deal = next(d for d in world.rules.opening if (d.regular == 0) == offer.long_round)
        offer.tickets = [longs.pop() for _ in range(deal.long)]
        offer.tickets += [regulars.pop() for _ in range(len(offer.tickets), deal.size)]
    world.ticket_deck = [regulars.pop() for _ in world.ticket_deck]  # never long ones
    world.set_aside = [regulars.pop() for _ in world.set_aside]  # returned regular ones (V2, V4)
    rest = longs + regulars
    rng.shuffle(rest)
    cap = _long_cap(world.rules)
    for player in range(world.num_players):
        if player != seat:
            world.tickets[player] = _take(rest, len(world.tickets[player]), pool, cap)
    if offer is not None and not own_offer:
        offer.tickets = _take(rest, len(offer.tickets), pool, len(rest))
    world.box = rest


def _long_cap(rules: RuleSet) -> int:
    """The most long tickets one player can hold: those dealt, or fewer if fewer may be kept."""
    return sum(
        d.long if d.keep_max is None or d.regular else min(d.long, d.keep_max)
        for d in rules.opening
    )


def _take(rest: list[int], size: int, pool, cap: int) -> list[int]:
    """``size`` tickets off ``rest``, with at most ``cap`` long ones while others remain."""
    taken: list[int] = []
    longs = 0
    for ticket in list(rest):
        if len(taken) == size:
            break
        if pool[ticket].long:
            if longs == cap:
                continue
            longs += 1
        taken.append(ticket)
        rest.remove(ticket)
    while len(taken) < size:
        taken.append(rest.pop())
    return taken
