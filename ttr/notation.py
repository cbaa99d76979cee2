"""Reading and writing actions as text, in the context of a game (grammar: :mod:`ttr.actions`).

``parse_action(game, format_action(game, a)) == a`` for every legal action ``a``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ttr.actions import (
    CARDS_AT_END,
    DECLINE,
    DRAW_DECK,
    DRAW_TICKETS,
    PASS,
    Action,
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    IllegalAction,
    KeepTickets,
    NotationError,
    Pass,
    PayTunnel,
    format_cards,
    read_cards,
)
from ttr.colors import LOCOMOTIVE
from ttr.payment import payment_problem
from ttr.text import count

if TYPE_CHECKING:
    from ttr.game import Game


_DRAW_TEXT = {None: "draw deck", **{slot: f"draw {slot + 1}" for slot in range(8)}}


def format_action(game: Game, action: Action) -> str:
    """The notation of ``action`` in ``game``'s current position."""
    if isinstance(action, DrawCard):
        return _DRAW_TEXT.get(action.slot) or f"draw {action.slot + 1}"
    if isinstance(action, Claim):
        route = game.board.routes[action.route]
        cards = format_cards(action.color, route.length - action.locomotives, action.locomotives)
        return f"claim {game.board.ref(route)} {cards}"
    if isinstance(action, BuildStation):
        cost = (
            game._station_cost(game.current_player)
            if game.stations_left[game.current_player]
            else 1
        )
        cards = format_cards(action.color, cost - action.locomotives, action.locomotives)
        return f"station {game.board.display(action.city)} {cards}"
    if isinstance(action, PayTunnel):
        tunnel = game.tunnel
        if tunnel is None:
            return f"pay {action.locomotives} loco"
        return "pay " + format_cards(
            tunnel.color, tunnel.extra - action.locomotives, action.locomotives
        )
    if isinstance(action, KeepTickets):
        return "keep " + (" ".join(str(i + 1) for i in action.keep) or "none")
    if isinstance(action, DrawTickets):
        return "tickets"
    if isinstance(action, Decline):
        return "decline"
    if isinstance(action, Pass):
        return "pass"
    raise TypeError(f"not an action: {action!r}")


def parse_action(game: Game, text: str) -> Action:
    """The action ``text`` names in ``game``'s current position.

    Raises :class:`NotationError` for text that does not read, :class:`UnknownReference` for an
    unknown city or route, and :class:`IllegalAction` for a payment with the wrong number of cards.
    """
    words = text.strip().split(maxsplit=1)
    if not words:
        raise NotationError("empty action: expected e.g. 'draw deck', 'claim A-B red', 'keep 1 2'")
    verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    if verb == "draw":
        rest = rest.strip().lower()
        if rest in ("deck", "blind", "d"):
            return DRAW_DECK
        if rest.isdigit():
            return DrawCard(int(rest) - 1)
        raise NotationError(f"cannot read {text!r}: expected 'draw deck' or 'draw 1' to 'draw 5'")
    if verb in ("tickets", "pass", "decline"):
        if rest.strip():
            raise NotationError(f"cannot read {text!r}: {verb!r} takes nothing after it")
        return {"tickets": DRAW_TICKETS, "pass": PASS, "decline": DECLINE}[verb]
    if verb == "keep":
        return _parse_keep(rest, text)
    if verb == "claim":
        return _parse_claim(game, rest, text)
    if verb == "station":
        return _parse_station(game, rest, text)
    if verb == "pay":
        return _parse_pay(game, rest)
    raise NotationError(
        f"cannot read {text!r}: actions start with draw, claim, tickets, keep, station, pay, "
        "decline or pass"
    )


def _parse_keep(rest: str, text: str) -> KeepTickets:
    rest = rest.strip().lower()
    if rest in ("", "none"):
        return KeepTickets(())
    if not re.fullmatch(r"\d+(\s*,?\s*\d+)*", rest):
        raise NotationError(f"cannot read {text!r}: expected ticket numbers, e.g. 'keep 1 3'")
    return KeepTickets(tuple(sorted(int(n) - 1 for n in re.findall(r"\d+", rest))))


def _split_cards(rest: str, text: str, what: str) -> tuple[str, list[tuple[str, int | None]]]:
    match = CARDS_AT_END.fullmatch(" " + rest)
    assert match is not None
    head, cards = match["head"].strip(), read_cards(match["cards"])
    if not head:
        raise NotationError(f"cannot read {text!r}: expected {what}")
    if not cards:
        raise NotationError(f"cannot read {text!r}: list the cards to pay, e.g. 'red red loco'")
    return head, cards


def _payment(
    cards: list[tuple[str, int | None]], cost: int, rule: str, what: str
) -> tuple[str | None, int]:
    """``(color, locomotives)`` from listed cards; one bare colour word means all ``cost`` cards."""
    if len(cards) == 1 and cards[0][1] is None:
        return (None, cost) if cards[0][0] == LOCOMOTIVE else (cards[0][0], 0)
    colors = {kind for kind, _ in cards if kind != LOCOMOTIVE}
    if len(colors) > 1:
        raise IllegalAction(
            f"{rule}: {what} is paid in one colour (plus locomotives), "
            f"not {' and '.join(sorted(colors))}"
        )
    locos = sum(count or 1 for kind, count in cards if kind == LOCOMOTIVE)
    total = sum(count or 1 for _, count in cards)
    if total != cost:
        raise IllegalAction(f"{rule}: {what} takes {count(cost, 'card')}; {total} listed")
    color = colors.pop() if colors else None
    return color, locos


def _parse_claim(game: Game, rest: str, text: str) -> Claim:
    head, cards = _split_cards(
        rest, text, "a route, e.g. 'claim Paris-Bruxelles (yellow) yellow yellow'"
    )
    candidates = game.board.find_routes(head)
    player = game.current_player
    payments = [_payment(cards, r.length, "C2", game.board.ref(r)) for r in candidates]

    def preference(index: int) -> tuple[bool, bool, bool]:
        """Open to the player first, then payable with the listed cards, then free."""
        route, (color, locos) = candidates[index], payments[index]
        payable = payment_problem(
            game.hands[player], route.color, route.length, (color, locos), route.locomotives
        )
        return (game.is_open(route, player), payable is None, game.owner[route.id] is None)

    best = max(range(len(candidates)), key=preference)  # the first of equals wins
    color, locos = payments[best]
    return Claim(candidates[best].id, color, locos)


def _parse_station(game: Game, rest: str, text: str) -> BuildStation:
    head, cards = _split_cards(rest, text, "a city, e.g. 'station Berlin red'")
    city = game.board.city(head)
    player = game.current_player
    cost = (
        game._station_cost(player) if game.rules.has_stations and game.stations_left[player] else 1
    )
    color, locos = _payment(cards, cost, "ST2", "this station")
    return BuildStation(city, color, locos)


def _parse_pay(game: Game, rest: str) -> PayTunnel:
    tunnel = game.tunnel
    if not rest.strip():
        if tunnel is None:
            return PayTunnel(0)
        options = game.legal_actions()
        return options[0] if isinstance(options[0], PayTunnel) else PayTunnel(0)
    cards = read_cards(rest)
    if tunnel is None:
        return PayTunnel(sum(count or 1 for kind, count in cards if kind == LOCOMOTIVE))
    color, locos = _payment(cards, tunnel.extra, "C7", "the tunnel's extra cost")
    if color is not None and color != tunnel.color:
        raise IllegalAction(
            f"C7: the extra cost is paid in {tunnel.color or 'locomotives'}, not {color}"
        )
    return PayTunnel(locos)
