"""The last turn, exactly: in the final round (E1) each player has one turn left, so the best
move is the one that adds most to the player's own final score, and that can be worked out.

:func:`last_turn_options` scores every move that can change the player's final score (each
claim it can pay, with the fewest locomotives; a station where one would finish a ticket) by
the final score it leads to, scored as the game's own scoring does (route points, tickets
finished or failed, the longest-route bonus against the others' trails, stations: F1-F5). A
tunnel's gain is weighed by the chance that the player can pay the extra cards the three
revealed ones ask for (C7), from the cards the seat cannot see, paid the way (colour, or
locomotives alone) that gives the best odds. :func:`last_turn_move` takes the
best; when nothing adds a point it draws (nothing wasted, no tickets: a ticket drawn on the last
turn can only cost points).

Only what the player may know is read: its own hand and tickets, and the public table (the
others' tickets are not part of their holdings here: they cannot change this player's score).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from ttr.actions import Action, Claim
from ttr.agents.base import card_draws, cheapest_claims, cheapest_station
from ttr.agents.determinise import unseen_cards
from ttr.agents.greedy import Paths
from ttr.board import Route
from ttr.colors import LOCOMOTIVE, hand_dict
from ttr.game import TURN, Game
from ttr.scoring.breakdown import Holdings, score_holdings
from ttr.scoring.tickets import CityGroups

__all__ = [
    "LastTurnOption",
    "final_score",
    "last_turn_move",
    "last_turn_options",
    "quick_last_turn",
    "tunnel_odds",
]


@dataclass(frozen=True)
class LastTurnOption:
    """One move on the last turn: ``gain`` is the expected rise in the player's final score
    (``chance`` that a tunnel is claimed, 1 otherwise, times ``points``, the rise if it is),
    and ``completes`` the refs of the tickets it finishes."""

    action: Action
    points: int
    chance: float
    completes: tuple[str, ...]

    @property
    def gain(self) -> float:
        return self.chance * self.points


def final_score(
    game: Game, player: int, route: Route | None = None, station: str | None = None
) -> tuple[int, tuple[str, ...]]:
    """``player``'s final score if the game ended now (with ``route`` claimed or a ``station``
    built in ``station`` first), and the refs of the tickets it would finish."""
    holdings = []
    for seat, name in enumerate(game.players):
        routes = tuple(game.routes_of(seat))
        if seat != player:  # the others' routes only: their tickets cannot change this score
            holdings.append(Holdings(name, routes))
            continue
        stations = tuple(game.stations_of(seat))
        holdings.append(
            Holdings(
                name,
                routes + ((route,) if route is not None else ()),
                tuple(game.tickets_of(seat)),
                stations + ((station,) if station is not None else ()),
            )
        )
    score = score_holdings(holdings, game.rules).scores[player]
    done = tuple(game.board.ticket_ref(t.ticket) for t in score.tickets if t.completed)
    return score.total, done


def tunnel_odds(game: Game, player: int, claim: Claim) -> float:
    """The chance that ``player`` can pay a tunnel's extra cards after paying ``claim`` (C7): of
    three cards from those the seat cannot see, at most as many match as the hand has left of
    the colour and locomotives (only locomotives match, and pay, a claim paid with locomotives
    alone)."""
    route = game.board.routes[claim.route]
    hand = hand_dict(game.state.hands[player])
    used = route.length - claim.locomotives
    locos = hand[LOCOMOTIVE] - claim.locomotives
    unseen = unseen_cards(game, player)
    total = sum(count for count in unseen.values() if count > 0)
    if claim.color is None:
        spare, matching = locos, unseen[LOCOMOTIVE]
    else:
        spare = hand[claim.color] - used + locos
        matching = unseen[claim.color] + unseen[LOCOMOTIVE]
    shown = min(3, total)
    if spare >= shown:
        return 1.0
    others = total - matching
    ways = comb(total, shown)
    return sum(comb(matching, k) * comb(others, shown - k) for k in range(spare + 1)) / ways


def last_turn_options(game: Game, player: int | None = None) -> list[LastTurnOption]:
    """Every claim the player to move can pay and every station that would finish a ticket, with
    what it adds to the final score, best first (ties: the shorter route, then the legal
    order)."""
    player = game.current_player if player is None else player
    if game.phase != TURN:
        return []
    base, done = final_score(game, player)
    options = []
    routes = game.board.routes
    tunnels: dict[int, list[Claim]] = {}  # every way to pay each tunnel: the odds differ
    for action in game.legal_actions():
        if isinstance(action, Claim) and routes[action.route].is_tunnel:
            tunnels.setdefault(action.route, []).append(action)
    for claim in cheapest_claims(game, player).values():
        route = routes[claim.route]
        total, finished = final_score(game, player, route=route)
        chance = 1.0
        if route.is_tunnel:
            odds = [(tunnel_odds(game, player, c), -c.locomotives, c) for c in tunnels[route.id]]
            chance, _, claim = max(odds, key=lambda item: item[:2])
        new = tuple(t for t in finished if t not in done)
        options.append(LastTurnOption(claim, total - base, chance, new))
    for city in _station_cities(game, player):
        station = cheapest_station(game, player, city)
        if station is not None:
            total, finished = final_score(game, player, station=city)
            new = tuple(t for t in finished if t not in done)
            options.append(LastTurnOption(station, total - base, 1.0, new))
    order = {id(option): i for i, option in enumerate(options)}
    options.sort(key=lambda o: (-o.gain, _cards(game, o.action), order[id(o)]))
    return options


def last_turn_move(
    game: Game, options: Sequence[LastTurnOption] | None = None
) -> tuple[Action, LastTurnOption | None]:
    """The move that adds most to the final score of the player to move (``options``: from
    :func:`last_turn_options`, if the caller has them), with its option; when no move adds a
    point, a draw from the deck (or a face-up card, or the first legal move), with None."""
    options = last_turn_options(game) if options is None else options
    if options and options[0].gain > 0:
        return options[0].action, options[0]
    draws = card_draws(game.legal_actions())
    blind = [d for d in draws if d.slot is None]
    if blind or draws:
        return (blind or draws)[0], None
    return game.legal_actions()[0], None


def quick_last_turn(game: Game) -> Action:
    """:func:`last_turn_move` without the longest-route bonus and stations, for the search's
    rollouts, where it is played thousands of times a decision: the claim adding most route
    points and ticket points (a ticket its network would join, from minus to plus its points),
    a tunnel weighed by its odds with the cheapest payment, else a draw."""
    player = game.current_player
    claims = cheapest_claims(game, player)
    best: tuple[float, int] | None = None
    if claims:
        groups = CityGroups(game.routes_of(player))
        find = groups.find
        open_tickets = [t for t in game.tickets_of(player) if find(t.a) != find(t.b)]
        points = game.rules.route_points
        routes = game.board.routes
        for claim in claims.values():
            route = routes[claim.route]
            a, b = find(route.a), find(route.b)
            gain = float(points[route.length])
            for ticket in open_tickets:
                ends = {find(ticket.a), find(ticket.b)}
                if ends == {a, b}:
                    gain += 2 * ticket.points
            if route.is_tunnel:
                gain *= tunnel_odds(game, player, claim)
            if best is None or gain > best[0]:
                best = (gain, claim.route)
    if best is not None and best[0] > 0:
        return claims[best[1]]
    return last_turn_move(game, ())[0]


def _cards(game: Game, action: Action) -> int:
    """The cards a move spends (fewer first among moves that gain as much)."""
    if isinstance(action, Claim):
        return game.board.routes[action.route].length
    return 9


def _station_cities(game: Game, player: int) -> list[str]:
    """Cities where a station might finish an unfinished ticket: the ends of the others' routes
    on the cheapest path of each ticket the player's own routes cannot finish (ST3)."""
    if not game.rules.has_stations or not game.stations_left[player]:
        return []
    paths, owner = Paths(game), game.owner
    cities: dict[str, None] = {}
    for ticket in game.tickets_of(player):
        path = paths.cheapest(player, ticket.a, ticket.b)
        if path is not None and path[0] == 0:
            continue
        borrowed = paths.cheapest(player, ticket.a, ticket.b, borrow=True)
        for route_id in borrowed[1] if borrowed else []:
            if owner[route_id] not in (None, player):
                cities.update(dict.fromkeys(game.board.routes[route_id].cities))
    return [city for city in cities if city not in game.stations]
