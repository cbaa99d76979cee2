"""What every bot shares: the :class:`Agent` interface, the :class:`Choice` it can explain, and
the arithmetic of the cheapest way to pay for a claim or a station.

An agent only chooses among ``game.legal_actions()`` and only reads what its player may know:
its own hand and tickets and the public table (sizes of hidden piles, never their contents).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ttr.actions import Action, BuildStation, Claim, DrawCard
from ttr.agents.settings import check_seed
from ttr.colors import CARD_COLORS, GRAY, LOCOMOTIVE
from ttr.errors import TTRError, preview
from ttr.game import TURN, Game


@dataclass(frozen=True)
class Choice:
    """An action with the reason for it: ``reason`` as data (for a hint button or a lesson),
    ``text`` as one plain-English sentence."""

    action: Action
    reason: dict[str, Any] = field(default_factory=dict)
    text: str = ""


class Agent:
    """A bot. ``choose(game)`` returns one of ``game.legal_actions()`` for the current player;
    ``explain(game)`` returns the same action as a :class:`Choice` with its reason."""

    name = "agent"

    def __init__(self, seed: int | random.Random | None = 0):
        seed = check_seed(seed)  # a whole number (numpy's too), None or a random.Random
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, game: Game) -> Action:
        """The action this bot plays for the current player of ``game``."""
        raise NotImplementedError

    def explain(self, game: Game, seat: int | None = None) -> Choice:
        """The action this bot would play, with its reason (``seat`` must be the one to play).

        It draws on the bot's generator exactly as :meth:`choose` does.
        """
        check_seat(game, seat)
        action = self.choose(game)
        return Choice(
            action, {"kind": _kind(action)}, f"{self.name} plays {game.notation(action)}."
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def check_game(game: object) -> None:
    """Refuse to choose a move in what is not a :class:`~ttr.game.Game`, or in a game over."""
    if not isinstance(game, Game):
        raise TTRError(
            "game: expected a Game to choose a move in, not {value}", value=preview(game)
        )
    if game.is_over:
        raise TTRError("the game is over: there is no move to explain")


def check_seat(game: Game, seat: int | None) -> None:
    """Refuse to explain a move for a seat that is not the one to play."""
    check_game(game)
    if seat is not None and seat != game.current_player:
        raise TTRError(
            f"seat {seat} is not to play: {game.players[game.current_player]} "
            f"(seat {game.current_player}) is"
        )


def card_draws(actions: Sequence[Action]) -> list[DrawCard]:
    """The card draws among ``actions`` (a legal-action list lists them first). Read by index,
    so that a lazy list of a turn's actions builds only its first few, not every claim."""
    draws: list[DrawCard] = []
    for index in range(len(actions)):
        action = actions[index]
        if not isinstance(action, DrawCard):
            break
        draws.append(action)
    return draws


def _kind(action: Action) -> str:
    return type(action).__name__


def cheapest_claims(game: Game, player: int) -> dict[int, Claim]:
    """For each route ``player`` may claim now, the legal claim spending the fewest locomotives.

    The same claims, in the same order, as the first claim of each route among
    ``game.legal_actions()`` that spends the fewest locomotives, worked out from the hand
    instead of walking every way to pay every route (C1-C2, C5-C6). Empty outside a turn.
    """
    if game.phase != TURN:
        return {}
    hand, trains, owner = game.hand_of(player), game.trains[player], game.owner
    found = []
    for route in game.board.routes:
        if owner[route.id] is not None or route.length > trains:
            continue
        paid = fewest_locomotives(hand, route.color, route.length, route.locomotives)
        if paid is not None and game.is_open(route, player):
            found.append((_LEGAL_ORDER[route.color], route.length, route.locomotives, route, paid))
    found.sort(key=lambda item: (*item[:3], item[3].id))
    return {item[3].id: Claim(item[3].id, *item[4]) for item in found}


def cheapest_claim(
    game: Game, player: int, route_id: int, hand: Mapping[str, int] | None = None
) -> Claim | None:
    """``cheapest_claims(game, player).get(route_id)`` for one route, without looking at the
    others (``hand``: the player's hand, if the caller has it already)."""
    route = game.board.routes[route_id]
    if game.phase != TURN or game.route_owner(route_id) is not None:
        return None
    if route.length > game.trains[player]:
        return None
    hand = game.hand_of(player) if hand is None else hand
    paid = fewest_locomotives(hand, route.color, route.length, route.locomotives)
    if paid is None or not game.is_open(route, player):
        return None
    return Claim(route_id, *paid)


def station_payment(game: Game, player: int) -> tuple[str | None, int] | None:
    """How ``player`` would pay for a station now, with the fewest locomotives (ST1-ST2), or
    None when no station can be built."""
    rules = game.rules
    left = game.stations_left[player]
    if game.phase != TURN or not rules.has_stations or not left:
        return None
    return fewest_locomotives(
        game.hand_of(player), GRAY, rules.station_costs[rules.stations - left], 0
    )


def cheapest_station(game: Game, player: int, city: str) -> BuildStation | None:
    """The legal station in ``city`` that spends the fewest locomotives, if there is one."""
    paid = station_payment(game, player)
    if paid is None or city in game.stations:
        return None
    return BuildStation(city, *paid)


def fewest_locomotives(
    hand: Mapping[str, int], color: str, cost: int, ferry: int
) -> tuple[str | None, int] | None:
    """The first of ``payment_options(hand, color, cost, ferry)`` with the fewest locomotives
    (a colour in ``CARD_COLORS`` order before locomotives only), or None if none exists."""
    locomotives = hand[LOCOMOTIVE]
    most = cost - 1 if locomotives >= cost else locomotives
    best: tuple[str | None, int] | None = None
    for card in CARD_COLORS if color == GRAY else (color,):
        fewest = cost - hand[card]
        if fewest < ferry:
            fewest = ferry
        if fewest <= most and (best is None or fewest < best[1]):
            best = (card, fewest)
    if best is None and locomotives >= cost:
        best = (None, cost)
    return best


_LEGAL_ORDER = {color: i for i, color in enumerate((*CARD_COLORS, GRAY))}
"""Claims are listed by route colour in this order (then length, ferry locomotives, id)."""

__all__ = [
    "Agent",
    "Choice",
    "card_draws",
    "cheapest_claim",
    "cheapest_claims",
    "cheapest_station",
    "check_game",
    "check_seat",
    "fewest_locomotives",
    "station_payment",
]
