"""Taking a route once it is paid for: the cards leave the hand, the trains go on the map (C3,
C5). Claiming a route (:mod:`ttr.turn.claim`), paying a tunnel's extra cards
(:mod:`ttr.turn.tunnel`) and building a station (:mod:`ttr.turn.stations`) share it."""

from __future__ import annotations

from ttr.colors import KIND_INDEX, LOCO
from ttr.events import Kind, Log
from ttr.open_routes import after_claim, with_item
from ttr.state import Setup, State
from ttr.turn.end import end_turn

# the kinds of event written here, read once: a member read through its class is slow on
# CPython 3.11 (see ttr.events.Kind)
KIND_ROUTE = Kind.ROUTE


def pay(state: State, player: int, color: str | None, colored: int, locomotives: int) -> tuple:
    """Take the cards of a payment from ``player``'s hand; returns them (for the discard)."""
    hand = list(state.hands[player])
    if color is not None:
        hand[KIND_INDEX[color]] -= colored
    hand[LOCO] -= locomotives
    state.hands = with_item(state.hands, player, tuple(hand))
    return paid_cards(color, colored, locomotives)


def paid_cards(color: str | None, colored: int, locomotives: int) -> tuple[str, ...]:
    """The cards of a payment: ``colored`` of ``color``, then the locomotives."""
    return ((color,) * colored if color else ()) + ("loco",) * locomotives


def take_route(setup: Setup, state: State, route_id: int, player: int, log: Log | None) -> None:
    """``player`` now owns the route: trains, points (C3), the double (C5); the turn ends."""
    board = setup.board
    route = board.routes[route_id]
    state.owner = owner = with_item(state.owner, route_id, player)
    state.open, state.barred = after_claim(
        board, setup.classes, state.open, state.barred, owner, route_id, setup.double_lock
    )
    trains = state.trains[player] - route.length
    state.trains = with_item(state.trains, player, trains)
    gained = setup.rules.route_points[route.length]
    state.route_points = with_item(state.route_points, player, state.route_points[player] + gained)
    if log:
        closed = board.twin_id(route_id) is not None and setup.double_lock
        log.add(
            KIND_ROUTE,
            player,
            route=route_id,
            points=gained,
            trains_left=trains,
            double_closed=closed,
        )
    end_turn(setup, state, player, log)
