"""Claiming a route (C1-C6): trains, payment, double routes, ferries; tunnels start here (C7)."""

from __future__ import annotations

from typing import Any

from ttr.actions import Claim, check_fields
from ttr.colors import KIND_INDEX, LOCO
from ttr.errors import IllegalAction
from ttr.events import Log
from ttr.open_routes import after_claim, double_bar, with_item
from ttr.payment import payment_problem
from ttr.state import Setup, State
from ttr.turn.end import end_turn


def check_claim(setup: Setup, state: State, action: Claim) -> None:
    unchecked: Any = action  # a compiled build (mypyc) would refuse a typed read before T1
    color = unchecked.color
    if (
        type(unchecked.route) is not int
        or type(unchecked.locomotives) is not int
        or (color is not None and type(color) is not str)
    ):  # T1 first (ttr.turn.OWN_FIELDS)
        check_fields(action)
    player = state.current_player
    board = setup.board
    if not 0 <= action.route < len(board.routes):
        raise IllegalAction("C1", "there is no route {route}", route=action.route)
    route = board.routes[action.route]
    owner = state.owner[route.id]
    if owner is not None:
        raise IllegalAction(
            "C1",
            "{ref:route} is already claimed by {owner}",
            ref=board.ref(route),
            owner=setup.players[owner],
        )
    if board.twin_id(route.id) is not None:
        check_double(setup, state, route.id, player, board.ref(route))
    trains = state.trains[player]
    if route.length > trains:
        raise IllegalAction(
            "C1",
            "{ref:route} needs {length} trains; {player} has {trains} left",
            ref=board.ref(route),
            length=route.length,
            player=setup.players[player],
            trains=trains,
        )
    problem = payment_problem(
        state.hands[player],
        route.color,
        route.length,
        (action.color, action.locomotives),
        route.locomotives,
    )
    if problem is not None:
        rule = "C6" if route.is_ferry and action.locomotives < route.locomotives else "C2"
        raise IllegalAction(
            rule,
            "cannot claim {ref:route} that way: {problem}",
            ref=board.ref(route),
            problem=problem,
        )


def check_double(setup: Setup, state: State, route_id: int, player: int, ref: str) -> None:
    """The rules of a double route (C5) for claiming ``route_id``."""
    board = setup.board
    twin = board.twin_id(route_id)
    assert twin is not None
    if state.owner[twin] is None:
        if twin < route_id and board.alike_twin(twin):
            raise IllegalAction(
                "C5",
                "the two routes {ref:route} are alike; while the first is free, claim that one "
                "(it is the same move)",
                ref=ref,
            )
        return
    bar = double_bar(board, state.owner, route_id, player, setup.double_lock)
    if bar == "own both":
        raise IllegalAction(
            "C5",
            "{player} owns the other route of the double {ref:route}; "
            "one player may never own both",
            player=setup.players[player],
            ref=ref,
        )
    if bar == "lock":
        raise IllegalAction(
            "C5",
            "in a game of {players} players only one route of a double can be used, "
            "and the other route of {ref:route} is claimed",
            players=setup.num_players,
            ref=ref,
        )


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


def play_claim(setup: Setup, state: State, action: Claim, log: Log | None) -> None:
    player = state.current_player
    route = setup.board.routes[action.route]
    colored = route.length - action.locomotives
    paid = pay(state, player, action.color, colored, action.locomotives)
    tunnel = route.kind == "tunnel"  # route.is_tunnel, inlined: the hot path
    if log:
        log.add(
            "claim",
            player,
            route=route.id,
            color=action.color,
            colored=colored,
            locomotives=action.locomotives,
            tunnel=tunnel,
        )
    if tunnel:
        from ttr.turn.tunnel import start_tunnel

        start_tunnel(setup, state, action, paid, log)
        return
    state.discard = state.discard + paid
    take_route(setup, state, route.id, player, log)


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
            "route", player, route=route_id, points=gained, trains_left=trains, double_closed=closed
        )
    end_turn(setup, state, player, log)
