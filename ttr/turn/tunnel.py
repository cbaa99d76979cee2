"""Tunnels (C7-C9): reveal three cards, then pay the extra cost or decline."""

from __future__ import annotations

from ttr.actions import Claim, Decline, PayTunnel
from ttr.cards import reveal
from ttr.colors import KIND_INDEX, LOCO, LOCOMOTIVE
from ttr.errors import IllegalAction
from ttr.events import Kind, Log
from ttr.i18n import Message
from ttr.open_routes import with_item
from ttr.payment import tunnel_extra_options
from ttr.state import TUNNEL, Setup, State, TunnelAttempt
from ttr.turn.end import end_turn
from ttr.turn.take import paid_cards, pay, take_route

# the kinds of event written here, read once: a member read through its class is slow on
# CPython 3.11 (see ttr.events.Kind)
KIND_DECLINE = Kind.DECLINE
KIND_PAY_TUNNEL = Kind.PAY_TUNNEL
KIND_TUNNEL_REVEAL = Kind.TUNNEL_REVEAL


def start_tunnel(
    setup: Setup, state: State, action: Claim, paid: tuple[str, ...], log: Log | None
) -> None:
    """The cards for a tunnel are played: reveal, and settle at once if nothing matches (C7)."""
    player = state.current_player
    revealed = reveal(state, setup.rules.tunnel_reveal, log, player)
    if action.color is None:
        extra = revealed.count(LOCOMOTIVE)
    else:
        extra = revealed.count(action.color) + revealed.count(LOCOMOTIVE)
    if log:
        can_pay = bool(tunnel_extra_options(state.hands[player], action.color, extra))
        log.add(
            KIND_TUNNEL_REVEAL,
            player,
            route=action.route,
            cards=list(revealed),
            wanted=setup.rules.tunnel_reveal,
            color=action.color,
            extra=extra,
            can_pay=can_pay or extra == 0,
        )
    if extra == 0:
        state.discard = state.discard + paid + revealed
        take_route(setup, state, action.route, player, log)
        return
    state.tunnel = TunnelAttempt(action.route, action.color, action.locomotives, revealed, extra)
    state.phase = TUNNEL


def check_pay_tunnel(setup: Setup, state: State, action: PayTunnel) -> None:
    tunnel = state.tunnel
    assert tunnel is not None
    hand = state.hands[state.current_player]
    if action.locomotives not in tunnel_extra_options(hand, tunnel.color, tunnel.extra):
        raise IllegalAction("C7", _pay_problem(state, action.locomotives))


def _pay_problem(state: State, locomotives: int) -> Message:
    tunnel = state.tunnel
    assert tunnel is not None
    hand = state.hands[state.current_player]
    if tunnel.color is None:
        return Message(
            "the tunnel was paid with locomotives only, so its "
            "{extra:#extra card} must be locomotives; the hand has {have}",
            extra=tunnel.extra,
            have=hand[LOCO],
        )
    return Message(
        "the extra cost is {extra:#card}, each {color:colour} or a "
        "locomotive; {locomotives:#locomotive} and "
        "{colored} {color:colour} "
        "is not in the hand (it has {have} {color:colour} and "
        "{have_locomotives:#locomotive})",
        extra=tunnel.extra,
        color=tunnel.color,
        locomotives=locomotives,
        colored=tunnel.extra - locomotives,
        have=hand[KIND_INDEX[tunnel.color]],
        have_locomotives=hand[LOCO],
    )


def play_pay_tunnel(setup: Setup, state: State, action: PayTunnel, log: Log | None) -> None:
    tunnel = state.tunnel
    assert tunnel is not None
    player = state.current_player
    route = setup.board.routes[tunnel.route]
    extra_colored = tunnel.extra - action.locomotives
    extra = pay(state, player, tunnel.color, extra_colored, action.locomotives)
    played = paid_cards(tunnel.color, route.length - tunnel.locomotives, tunnel.locomotives)
    state.discard = state.discard + played + extra + tunnel.revealed
    state.tunnel = None
    if log:
        log.add(
            KIND_PAY_TUNNEL,
            player,
            route=route.id,
            color=tunnel.color,
            colored=extra_colored,
            locomotives=action.locomotives,
        )
    take_route(setup, state, route.id, player, log)


def check_decline(setup: Setup, state: State, action: Decline) -> None:
    """Declining a tunnel's extra cost is always allowed while it is pending (C8)."""


def play_decline(setup: Setup, state: State, action: Decline, log: Log | None) -> None:
    tunnel = state.tunnel
    assert tunnel is not None
    player = state.current_player
    route = setup.board.routes[tunnel.route]
    hand = list(state.hands[player])
    if tunnel.color is not None:
        hand[KIND_INDEX[tunnel.color]] += route.length - tunnel.locomotives
    hand[LOCO] += tunnel.locomotives
    state.hands = with_item(state.hands, player, tuple(hand))
    state.discard = state.discard + tunnel.revealed
    state.tunnel = None
    if log:
        log.add(KIND_DECLINE, player, route=route.id)
    end_turn(setup, state, player, log)
