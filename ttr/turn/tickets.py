"""Destination tickets: the opening choice (S4-S6, V1-V4) and drawing tickets in play (K1-K2)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence

from ttr.actions import DrawTickets, KeepTickets, keep_choices
from ttr.errors import IllegalAction
from ttr.events import Kind, Log
from ttr.i18n import N_
from ttr.open_routes import with_item
from ttr.rules import OpeningDeal
from ttr.state import OPENING, TICKETS, TURN, Setup, State, TicketOffer, shuffled
from ttr.turn.end import end_turn

# the kinds of event written here, read once: a member read through its class is slow on
# CPython 3.11 (see ttr.events.Kind)
KIND_DEAL_TICKETS = Kind.DEAL_TICKETS
KIND_DRAW_TICKETS = Kind.DRAW_TICKETS
KIND_KEEP = Kind.KEEP
KIND_OPENING_DONE = Kind.OPENING_DONE
KIND_RETURNED_SHUFFLED = Kind.RETURNED_SHUFFLED


def deal_tickets(
    setup: Setup, state: State, log: Log | None, fixed: Mapping[int, Sequence[int]] | None = None
) -> None:
    """Deal every opening offer (S4, S5, V2, V4), then present the first one.

    ``fixed`` gives the first offer of some seats (a staged position); the rest is dealt from
    the shuffled tickets that remain.
    """
    fixed = fixed or {}
    taken = {t for dealt in fixed.values() for t in dealt}
    pool = [i for i in range(len(setup.ticket_pool)) if i not in taken]
    longs = shuffled(state, [i for i in pool if setup.ticket_pool[i].long])
    regulars = shuffled(state, [i for i in pool if not setup.ticket_pool[i].long])
    queue = []
    for rnd, deal in enumerate(setup.rules.opening):
        for player in range(setup.num_players):
            if rnd == 0 and player in fixed:
                dealt = list(fixed[player])
            else:
                dealt = [longs.pop() for _ in range(deal.long)]
                dealt += [regulars.pop() for _ in range(deal.regular)]
            queue.append(opening_offer(setup, player, dealt, deal, rnd))
    state.box = state.box + tuple(longs)  # long tickets not dealt go back unseen (S5, V2)
    state.ticket_deck = tuple(reversed(regulars))  # the top ticket is the last one
    state.opening_queue = tuple(queue)
    if log:
        log.add(KIND_DEAL_TICKETS, None)
    next_opening_offer(setup, state, log)


def opening_offer(
    setup: Setup, player: int, dealt: list[int], deal: OpeningDeal, rnd: int
) -> TicketOffer:
    keep_max = len(dealt) if deal.keep_max is None else deal.keep_max
    return TicketOffer(
        player,
        tuple(dealt),
        deal.keep_min,
        keep_max,
        deal.unkept,
        setup.rules.opening_rule,
        long_round=rnd == 0 and deal.regular == 0,
    )


def next_opening_offer(setup: Setup, state: State, log: Log | None) -> None:
    """Present the next opening offer, or start the first turn when all are settled (S6)."""
    if not state.opening_queue:
        if state.set_aside:  # tickets returned in the opening, shuffled together (V2, V4)
            returned = shuffled(state, state.set_aside)
            state.ticket_deck = tuple(returned) + state.ticket_deck
            if log:
                log.add(
                    KIND_RETURNED_SHUFFLED, None, count=len(returned), rule=setup.rules.opening_rule
                )
            state.set_aside = ()
        state.offer = None
        state.phase = TURN
        state.current_player = 0
        if log:
            log.add(KIND_OPENING_DONE, None, first=0)
        return
    offer, state.opening_queue = state.opening_queue[0], state.opening_queue[1:]
    opening = setup.rules.opening
    if not offer.long_round and len(opening) > 1:
        kept_long = any(setup.ticket_pool[t].long for t in state.tickets[offer.player])
        after_long = opening[1].keep_min_after_long
        if kept_long and after_long is not None:
            offer = dataclasses.replace(offer, keep_min=after_long)
    state.offer = offer
    state.current_player = offer.player
    state.phase = OPENING


def check_draw_tickets(setup: Setup, state: State, action: DrawTickets) -> None:
    if not state.ticket_deck:
        raise IllegalAction("K2", "the ticket deck is empty; tickets cannot be drawn")


def play_draw_tickets(setup: Setup, state: State, action: DrawTickets, log: Log | None) -> None:
    player = state.current_player
    rules = setup.rules
    number = min(rules.ticket_draw, len(state.ticket_deck))
    deck = state.ticket_deck
    drawn = tuple(reversed(deck[len(deck) - number :]))  # top first
    state.ticket_deck = deck[: len(deck) - number]
    state.offer = TicketOffer(
        player, drawn, rules.ticket_keep_min, number, "bottom", rules.ticket_rule
    )
    state.phase = TICKETS
    if log:
        log.add(KIND_DRAW_TICKETS, player, tickets=list(drawn))


@functools.cache
def keep_choice_set(offered: int, keep_min: int, keep_max: int) -> frozenset[KeepTickets]:
    return frozenset(keep_choices(offered, keep_min, keep_max))


def check_keep(setup: Setup, state: State, action: KeepTickets) -> None:
    offer = state.offer
    assert offer is not None
    size = len(offer.tickets)
    if action in keep_choice_set(size, offer.keep_min, offer.keep_max):
        return
    kept = action.keep
    if (
        len(set(kept)) != len(kept)
        or any(not 0 <= i < size for i in kept)
        or list(kept) != sorted(kept)
    ):
        raise IllegalAction(
            offer.rule, "keep lists ticket numbers from 1 to {size}, each once, in order", size=size
        )
    if len(kept) < min(offer.keep_min, size):
        raise IllegalAction(
            offer.rule,
            "keep at least {least} of the {size} tickets on offer, not {kept}",
            least=min(offer.keep_min, size),
            size=size,
            kept=len(kept),
        )
    text = N_("keep at most {most:#long ticket}, not {kept}")
    if not offer.long_round:
        text = N_("keep at most {most:#ticket}, not {kept}")
    raise IllegalAction(offer.rule, text, most=offer.keep_max, kept=len(kept))


def play_keep(setup: Setup, state: State, action: KeepTickets, log: Log | None) -> None:
    offer = state.offer
    assert offer is not None
    player = state.current_player
    kept = tuple([offer.tickets[i] for i in action.keep])
    returned = tuple([t for i, t in enumerate(offer.tickets) if i not in action.keep])
    state.tickets = with_item(state.tickets, player, state.tickets[player] + kept)
    if offer.unkept == "box":
        state.box = state.box + returned
    elif offer.unkept == "bottom_shuffled":  # shuffled with the others' at the end
        state.set_aside = state.set_aside + returned
    else:  # under the deck, in the order drawn (K1)
        state.ticket_deck = tuple(reversed(returned)) + state.ticket_deck
    if log:
        log.add(
            KIND_KEEP,
            player,
            kept=list(kept),
            returned=list(returned),
            where=offer.unkept,
            rule=offer.rule,
        )
    if state.phase == OPENING:
        next_opening_offer(setup, state, log)
    else:
        state.offer = None
        end_turn(setup, state, player, log)
