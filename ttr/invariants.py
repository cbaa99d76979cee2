"""What must hold after every action of every game: the conservation laws of the engine.

Used by the random-play and perft tests, by the soak run (``benchmarks/soak.py``) and by loading
(:mod:`ttr.persist`), which refuses a save that breaks any of them. Each check returns a list of
violations in plain words (empty when all is well), so a long run can report them without
stopping at the first. The checks never crash, whatever the state holds: a value of the wrong
kind is itself reported.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from ttr.actions import Action
from ttr.cards import full_deck
from ttr.colors import CARD_KINDS, LOCOMOTIVE
from ttr.i18n import render
from ttr.state import OPENING, OVER, TICKETS, TUNNEL, Setup, State


class Position(Protocol):
    """What the checks read of a game (a :class:`ttr.game.Game`, which loads and stages its
    positions through modules that use these checks: they need only this much of it)."""

    @property
    def setup(self) -> Setup: ...
    @property
    def state(self) -> State: ...
    def legal_actions(self) -> Sequence[Action]: ...
    def is_legal(self, action: Action | str) -> bool: ...


FULL_DECK = Counter(full_deck())


def card_multiset(setup: Setup, state: State) -> Counter[str]:
    """Every train card by kind: hands, deck, discard, market, a tunnel's cards held aside, and
    the cards out of the game."""
    cards = Counter(state.deck[: state.top])
    cards.update(state.discard)
    cards.update(c for c in state.market if c is not None)
    cards.update(state.out)
    for hand in state.hands:
        cards.update(dict(zip(CARD_KINDS, hand, strict=True)))
    tunnel = state.tunnel
    if tunnel is not None:
        route = setup.board.routes[tunnel.route]
        if tunnel.color is not None:
            cards[tunnel.color] += route.length - tunnel.locomotives
        cards[LOCOMOTIVE] += tunnel.locomotives
        cards.update(tunnel.revealed)
    return cards


def legal_list_problems(game: Position) -> list[str]:
    """The lazy legal-action list agrees with itself (length, indexing, iteration, no repeats)
    and with the rule checks of ``play``, which accept every action on it."""
    legal = game.legal_actions()
    indexed = [legal[i] for i in range(len(legal))]  # before any iteration: the lazy path
    listed = list(game.legal_actions())
    problems = []
    if len(listed) != len(legal) or indexed != listed or list(legal) != listed:
        problems.append("the legal-action list's length, indexing and iteration disagree")
    if len(set(listed)) != len(listed):
        problems.append("the legal-action list repeats an action")
    refused = [action for action in listed if not game.is_legal(action)]
    if refused:
        problems.append(f"listed as legal but refused by play: {refused[0]!r}")
    return problems


def ticket_indices(state: State) -> list[int]:
    """Every ticket of the pool wherever it is: kept, deck, box, on offer, waiting to be dealt."""
    found = [t for kept in state.tickets for t in kept]
    found += [*state.ticket_deck, *state.box, *state.set_aside]
    if state.offer is not None:
        found += state.offer.tickets
    for waiting in state.opening_queue:
        found += waiting.tickets
    return found


def violations(game: Position) -> list[str]:
    """Every broken invariant of ``game``'s position, in plain words."""
    return state_violations(game.setup, game.state)


def state_violations(setup: Setup, state: State) -> list[str]:
    """Every broken invariant of a position, in plain words (never raises)."""
    try:
        return _violations(setup, state)
    except Exception as err:  # a state too broken to check is broken
        return [
            render(
                "the position cannot be checked ({kind}: {reason})",
                kind=type(err).__name__,
                reason=str(err)[:60],
            )
        ]


def _violations(setup: Setup, state: State) -> list[str]:
    rules, n = setup.rules, setup.num_players
    found = []
    cards = card_multiset(setup, state)
    if +cards != FULL_DECK or any(v < 0 for v in cards.values()):
        found.append(
            render(
                "the train cards are not 12 of each colour + 14 locomotives ({count} in all)",
                count=sum(cards.values()),
            )
        )
    if sorted(ticket_indices(state)) != list(range(len(setup.ticket_pool))):
        found.append(render("a ticket was lost or duplicated"))
    for seat in range(n):
        if state.trains[seat] < 0:
            found.append(
                render("seat {seat} has {trains} trains", seat=seat, trains=state.trains[seat])
            )
        if not 0 <= state.stations_left[seat] <= rules.stations:
            found.append(
                render(
                    "seat {seat} has {left} stations left",
                    seat=seat,
                    left=state.stations_left[seat],
                )
            )
        if min(state.hands[seat]) < 0:
            found.append(render("seat {seat} holds a negative number of cards", seat=seat))
    if state.stations and not rules.has_stations:
        found.append(render("there are no stations in {title:text} (ST1)", title=rules.title))
    lengths = [0] * n
    points = [0] * n
    for route in setup.board.routes:
        owner = state.owner[route.id]
        if owner is None:
            continue
        lengths[owner] += route.length
        points[owner] += rules.route_points[route.length]
        twin = setup.board.twin_id(route.id)
        if twin is not None and state.owner[twin] is not None:
            if state.owner[twin] == owner:
                found.append(render("seat {seat} owns both routes of a double (C5)", seat=owner))
            elif setup.double_lock and twin < route.id:
                found.append(render("both routes of a double are used in a 2-3 player game (C5)"))
    if tuple(rules.trains - used for used in lengths) != state.trains:
        found.append(render("trains left do not match the routes owned"))
    if tuple(points) != state.route_points:
        found.append(render("route points do not match the routes owned"))
    market = state.market
    if len(market) != rules.market_size:
        found.append(render("the market has {count} slots", count=len(market)))
    if market.count(LOCOMOTIVE) >= rules.market_locomotive_limit and not state.loop_guard:
        found.append(render("3 or more face-up locomotives without the D9 guard (D6)"))
    found += _phase_problems(setup, state)
    low = [seat for seat in range(n) if state.trains[seat] <= rules.end_trigger_trains]
    if low and state.final_turns_left is None and state.phase != OVER:
        found.append(
            render("a player has 2 or fewer trains but the final round has not begun (E1)")
        )
    if state.final_turns_left is not None and not 0 < state.final_turns_left <= n:
        if state.phase != OVER:
            found.append(render("{left} final turns left (E1)", left=state.final_turns_left))
    if (state.final_turns_left is None) != (state.triggered_by is None):
        found.append(render("the final round and the player who triggered it disagree (E1)"))
    return found


def _phase_problems(setup: Setup, state: State) -> list[str]:
    """The pending decision matches the phase (T3)."""
    phase, found = state.phase, []
    if (phase in (OPENING, TICKETS)) != (state.offer is not None):
        found.append(render("phase {phase!r} and the ticket offer disagree (T3)", phase=phase))
    elif state.offer is not None and state.offer.player != state.current_player:
        found.append(render("the ticket offer belongs to another player (T3)"))
    if (phase == TUNNEL) != (state.tunnel is not None):
        found.append(render("phase {phase!r} and the pending tunnel disagree (T3)", phase=phase))
    if state.opening_queue and phase != OPENING:
        found.append(render("opening offers wait but the opening is over (S4-S6)"))
    if state.set_aside and phase != OPENING:
        found.append(render("returned opening tickets wait but the opening is over (V2, V4)"))
    return found
