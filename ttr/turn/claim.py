"""Claiming a route (C1-C6): trains, payment, double routes, ferries; tunnels start here (C7)."""

from __future__ import annotations

from ttr.actions import Claim
from ttr.errors import IllegalAction
from ttr.events import Kind, Log
from ttr.open_routes import double_bar
from ttr.payment import payment_problem
from ttr.state import Setup, State
from ttr.turn.take import pay, take_route
from ttr.turn.tunnel import start_tunnel

# the kinds of event written here, read once: a member read through its class is slow on
# CPython 3.11 (see ttr.events.Kind)
KIND_CLAIM = Kind.CLAIM


def check_claim(setup: Setup, state: State, action: Claim) -> None:
    """Whether the claim ``action`` is legal now (C1-C6); its fields' types are checked before
    (T1, :func:`ttr.turn.checked`)."""
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


def play_claim(setup: Setup, state: State, action: Claim, log: Log | None) -> None:
    player = state.current_player
    route = setup.board.routes[action.route]
    colored = route.length - action.locomotives
    paid = pay(state, player, action.color, colored, action.locomotives)
    tunnel = route.is_tunnel
    if log:
        log.add(
            KIND_CLAIM,
            player,
            route=route.id,
            color=action.color,
            colored=colored,
            locomotives=action.locomotives,
            tunnel=tunnel,
        )
    if tunnel:
        start_tunnel(setup, state, action, paid, log)
        return
    state.discard = state.discard + paid
    take_route(setup, state, route.id, player, log)
