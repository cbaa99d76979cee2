"""Determinisation: a whole game that one seat cannot tell apart from the real one.

A searching bot may not look at the cards and tickets it cannot see. It samples them instead:
:func:`determinise` copies the game and deals everything hidden from ``seat`` afresh (the other
players' hands and tickets, the order and contents of the deck and the discard pile, the ticket
deck, the tickets out of the game, the opening offers not yet shown, and the generator behind
future shuffles), keeping every size the seat can see. The other players are assumed to have
kept the long tickets the opening dealt them (Europe's one each), as far as the rules let them
keep long ones and they hold that many tickets (the greedy bot always keeps it; filling the
ticket deck with regular tickets first left mostly long ones for the others' hands anyway, so
this changes about one deal in twenty on Europe). With weights from :func:`ticket_weights`,
the others' tickets are dealt several times and one deal is kept by the weights (sampling
importance resampling): the tickets whose cheapest paths the others' claimed routes have
already shortened are the likelier ones (a greedy player builds along its tickets), so the
sampled rivals play more like the real ones. Only public facts and the
seat's own cards and tickets are read, so two real games that look the same from the seat give
the same samples for the same generator.

This module is the one place in the bots that writes hidden state (the fields of the copy's
:class:`ttr.state.State` record).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from ttr.agents.greedy import Paths, empty_board_cost
from ttr.board import Ticket
from ttr.cards import full_deck
from ttr.colors import LOCOMOTIVE, hand_of
from ttr.game import Game
from ttr.rules import RuleSet

Weights = Sequence[Mapping[int, float]]
"""For each player, the log-weight of each ticket they might hold (see :func:`ticket_weights`)."""
TICKET_FIELDS = ("opening_queue", "ticket_deck", "set_aside", "tickets", "offer", "box")
"""The fields of the state record that :func:`_deal_tickets` deals."""


def determinise(
    game: Game,
    seat: int,
    rng: random.Random,
    weights: Weights | None = None,
    samples: int = 1,
) -> Game:
    """A copy of ``game`` with everything hidden from ``seat`` sampled from ``rng``.

    With ``weights`` (:func:`ticket_weights`), the others' tickets are dealt ``samples`` times
    and one of the deals is kept with a chance in proportion to the product of the weights of
    the tickets it gives the others (sampling importance resampling: the deals come nearer to
    the tickets that explain the routes the others claimed). The copy does not record narration
    (it is for search, not for reading).
    """
    world = game.copy()
    world.record = False
    world.state.rng = random.Random(rng.getrandbits(64)).getstate()
    _deal_cards(world, seat, rng)
    if weights is None or samples <= 1:
        _deal_tickets(world, seat, rng)
        return world
    state = world.state
    others = [p for p in range(world.num_players) if p != seat]
    deals, logs = [], []
    for _ in range(samples):
        _deal_tickets(world, seat, rng)
        deals.append(tuple(getattr(state, name) for name in TICKET_FIELDS))
        logs.append(sum(weights[p].get(t, 0.0) for p in others for t in state.tickets[p]))
    top = max(logs)
    odds = [math.exp(log - top) for log in logs]
    pick = rng.random() * sum(odds)
    chosen = len(deals) - 1
    for index, odd in enumerate(odds):
        pick -= odd
        if pick < 0:
            chosen = index
            break
    for name, value in zip(TICKET_FIELDS, deals[chosen], strict=True):
        setattr(state, name, value)
    return world


def ticket_weights(game: Game, seat: int, sharpness: float) -> list[dict[int, float]]:
    """For each player other than ``seat``, the log-weight ``sharpness * progress`` of each
    ticket ``seat`` cannot rule out for them, read from public facts only (the routes claimed):
    ``progress`` is the share of the ticket's cheapest path on the empty board that the
    player's routes have shortened (1 - trains needed now / trains needed on the empty board,
    within 0 and 1). A player who plans the cheapest paths of its tickets (as the greedy bot
    does, and the rollouts assume) builds along the tickets it holds, so those explain its
    claims better than tickets it does not hold."""
    paths, board = Paths(game), game.board
    pool = game.ticket_pool
    own = set(game.ticket_ids_of(seat))
    offer = game.offer
    if offer is not None and offer.player == seat:
        own |= set(offer.tickets)
    weights: list[dict[int, float]] = [{} for _ in range(game.num_players)]
    for player in range(game.num_players):
        if player == seat:
            continue
        for index, ticket in enumerate(pool):
            if index in own:
                continue
            empty = empty_board_cost(board, ticket.a, ticket.b)
            path = paths.cheapest(player, ticket.a, ticket.b)
            progress = 0.0 if path is None or not empty else 1.0 - path[0] / empty
            weights[player][index] = sharpness * min(1.0, max(0.0, progress))
    return weights


def unseen_cards(game: Game, seat: int) -> Counter[str]:
    """The train cards ``seat`` cannot see: all 110 less its hand, the market, the cards of a
    tunnel being claimed (played and revealed) and any left out of a staged game."""
    unseen = Counter(full_deck())
    unseen.subtract(game.hand_of(seat))
    unseen.subtract(card for card in game.cards.market if card is not None)
    unseen.subtract(game.cards.out)
    tunnel = game.tunnel
    if tunnel is not None:
        route = game.board.routes[tunnel.route]
        if tunnel.color is not None:
            unseen[tunnel.color] -= route.length - tunnel.locomotives
        unseen[LOCOMOTIVE] -= tunnel.locomotives
        unseen.subtract(tunnel.revealed)
    return unseen


def _deal_cards(world: Game, seat: int, rng: random.Random) -> None:
    state = world.state
    pool = list(unseen_cards(world, seat).elements())  # a fixed order, then shuffled
    rng.shuffle(pool)
    hands = list(state.hands)
    for player, hand in enumerate(hands):
        if player != seat:
            size = sum(hand)
            hands[player] = hand_of(Counter(pool[len(pool) - size :]))
            del pool[len(pool) - size :]
    discard = len(state.discard)
    if len(pool) != discard + state.top:
        raise AssertionError("the unseen cards do not fill the hidden places")
    state.hands = tuple(hands)
    state.discard = tuple(pool[:discard])
    state.deck, state.top = tuple(pool[discard:]), len(pool) - discard


def _deal_tickets(world: Game, seat: int, rng: random.Random) -> None:
    state, pool = world.state, world.ticket_pool
    offer = state.offer
    own_offer = offer is not None and offer.player == seat
    known = set(state.tickets[seat]) | (set(offer.tickets) if offer and own_offer else set())
    unseen = [t for t in range(len(pool)) if t not in known]
    longs = [t for t in unseen if pool[t].long]
    regulars = [t for t in unseen if not pool[t].long]
    rng.shuffle(longs)
    rng.shuffle(regulars)
    queue = []
    for waiting in state.opening_queue:  # dealt, not shown yet: long ones first, as dealt
        deal = next(d for d in world.rules.opening if (d.regular == 0) == waiting.long_round)
        dealt = [longs.pop() for _ in range(deal.long)]
        dealt += [regulars.pop() for _ in range(len(dealt), deal.size)]
        queue.append(dataclasses.replace(waiting, tickets=tuple(dealt)))
    state.opening_queue = tuple(queue)
    state.ticket_deck = tuple(regulars.pop() for _ in state.ticket_deck)  # never long ones
    state.set_aside = tuple(regulars.pop() for _ in state.set_aside)  # regular ones (V2, V4)
    cap = _long_cap(world.rules)
    tickets = list(state.tickets)
    for player in range(world.num_players):
        if player != seat:  # the long tickets dealt to them first, kept as far as they may be
            size = len(tickets[player])
            held = [longs.pop() for _ in range(min(cap, size, len(longs)))]
            others = [(regulars or longs).pop() for _ in range(size - len(held))]
            tickets[player] = (*held, *others)
    rest = longs + regulars
    rng.shuffle(rest)
    state.tickets = tuple(tickets)
    if offer is not None and not own_offer:
        state.offer = dataclasses.replace(
            offer, tickets=_take(rest, len(offer.tickets), pool, len(rest))
        )
    state.box = tuple(rest)


def _long_cap(rules: RuleSet) -> int:
    """The most long tickets one player can hold: those dealt, or fewer if fewer may be kept."""
    return sum(
        d.long if d.keep_max is None or d.regular else min(d.long, d.keep_max)
        for d in rules.opening
    )


def _take(rest: list[int], size: int, pool: Sequence[Ticket], cap: int) -> tuple[int, ...]:
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
    return tuple(taken)
