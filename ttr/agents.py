"""Bots: players that choose an action for the current player, each with its own seeded generator.

Every agent picks from ``game.legal_actions()``, so it can never play an illegal action, and it
looks only at what its player may know (its hand and tickets, and the public table).

- :class:`RandomAgent` picks uniformly among the legal actions.
- :class:`GreedyAgent` plans: it keeps the tickets it can reach, claims the routes on the cheapest
  paths to them, draws the colours those routes need, and builds a station when an opponent has
  cut a ticket's path (Europe).
- :class:`LongRouteAgent` grabs the longest route it can pay for (long routes score most per
  train, C3) and otherwise draws.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Iterable

from ttr.actions import Action, BuildStation, Claim, DrawCard, DrawTickets, KeepTickets
from ttr.board import Route, Ticket
from ttr.colors import GRAY, LOCOMOTIVE
from ttr.errors import TTRError, preview
from ttr.game import OPENING, SECOND_CARD, TICKETS, TUNNEL, TURN, Game


class Agent:
    """A bot. ``choose(game)`` returns one of ``game.legal_actions()`` for the current player."""

    name = "agent"

    def __init__(self, seed: int | random.Random | None = 0):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, game: Game) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent):
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        return actions[self.rng.randrange(len(actions))]


def _fewest_locomotives(actions: Iterable[Action]) -> list[Claim]:
    """The claims of each route that spend the fewest locomotives."""
    best: dict[int, Claim] = {}
    for action in actions:
        if isinstance(action, Claim):
            kept = best.get(action.route)
            if kept is None or action.locomotives < kept.locomotives:
                best[action.route] = action
    return list(best.values())


class LongRouteAgent(Agent):
    """Claims the longest route it can pay (fewest locomotives), else draws; keeps cheap tickets."""

    name = "long"

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        if game.phase in (OPENING, TICKETS):
            return min(actions, key=lambda a: len(a.keep))  # type: ignore[union-attr]
        if game.phase == TUNNEL:
            return actions[0]  # pay with the fewest locomotives if possible, else decline
        if game.phase == TURN:
            claims = _fewest_locomotives(actions)
            if claims:
                length = {c.route: game.board.routes[c.route].length for c in claims}
                longest = max(length.values())
                choices = [c for c in claims if length[c.route] == longest]
                return choices[self.rng.randrange(len(choices))]
        draws = [a for a in actions if isinstance(a, DrawCard)]
        if draws:
            return draws[self.rng.randrange(len(draws))]
        return actions[self.rng.randrange(len(actions))]


class GreedyAgent(Agent):
    """Plans routes for its tickets along the cheapest paths (in trains) on the open board."""

    name = "greedy"

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        phase = game.phase
        if phase in (OPENING, TICKETS):
            return self._keep(game, actions)
        if phase == TUNNEL:
            return actions[0]  # pay with the fewest locomotives if possible, else decline (C8)
        plan = self._plan(game)
        needed = Counter(
            game.board.routes[r].color for r in plan if game.board.routes[r].color != GRAY
        )
        if phase == SECOND_CARD:
            return self._draw(game, actions, needed)
        return self._turn(game, actions, plan, needed)

    # tickets ----------------------------------------------------------------------------------

    def _keep(self, game: Game, actions) -> Action:
        offer = game.offer
        assert offer is not None
        player = game.current_player
        costs = [self._ticket_cost(game, game.ticket_pool[t], player) for t in offer.tickets]
        budget = game.trains[player] - self._planned_trains(game, player)

        def value(keep: KeepTickets) -> tuple[float, float]:
            cost = sum(costs[i] for i in keep.keep)
            points = sum(game.ticket_pool[offer.tickets[i]].points for i in keep.keep)
            if cost > budget:
                return (-1.0, -cost)
            return (points / (1 + cost), -len(keep.keep))

        return max(actions, key=value)  # type: ignore[arg-type]

    def _ticket_cost(self, game: Game, ticket: Ticket, player: int) -> float:
        path = _cheapest_path(game, player, ticket.a, ticket.b)
        return float("inf") if path is None else sum(game.board.routes[r].length for r in path[1])

    def _planned_trains(self, game: Game, player: int) -> int:
        return sum(game.board.routes[r].length for r in self._plan(game, player))

    # planning ---------------------------------------------------------------------------------

    def _plan(self, game: Game, player: int | None = None) -> list[int]:
        """Open routes on the cheapest paths of this player's unfinished tickets, dearest first."""
        player = game.current_player if player is None else player
        wanted: dict[int, int] = {}
        for ticket in game.tickets_of(player):
            path = _cheapest_path(game, player, ticket.a, ticket.b)
            if path is None:
                continue
            for route in path[1]:
                if game.owner[route] is None:
                    wanted[route] = wanted.get(route, 0) + ticket.points
        return sorted(wanted, key=lambda r: (-wanted[r], -game.board.routes[r].length, r))

    def _turn(self, game: Game, actions, plan: list[int], needed: Counter) -> Action:
        player = game.current_player
        claims = {c.route: c for c in _fewest_locomotives(actions)}
        for route in plan:
            if route in claims:
                return claims[route]
        station = self._station(game, actions, player)
        if station is not None:
            return station
        if not plan and claims:
            if (
                game.ticket_deck
                and game.trains[player] > 12
                and any(isinstance(a, DrawTickets) for a in actions)
            ):
                return next(a for a in actions if isinstance(a, DrawTickets))
            longest = max(
                claims.values(), key=lambda c: (game.board.routes[c.route].length, -c.route)
            )
            return longest
        return self._draw(game, actions, needed)

    def _station(self, game: Game, actions, player: int) -> Action | None:
        """A station on a city where an opponent's route would finish a blocked ticket."""
        if not game.stations_left[player] or not any(isinstance(a, BuildStation) for a in actions):
            return None
        for ticket in game.tickets_of(player):
            if _cheapest_path(game, player, ticket.a, ticket.b) is not None:
                continue
            path = _cheapest_path(game, player, ticket.a, ticket.b, borrow=True)
            if path is None:
                continue
            for route_id in path[1]:
                owner = game.owner[route_id]
                if owner is None or owner == player:
                    continue
                route = game.board.routes[route_id]
                for city in route.cities:
                    options = [a for a in actions if isinstance(a, BuildStation) and a.city == city]
                    if options:
                        return min(options, key=lambda a: a.locomotives)
        return None

    def _draw(self, game: Game, actions, needed: Counter) -> Action:
        market = game.cards.market
        draws = [a for a in actions if isinstance(a, DrawCard)]
        for color, _ in needed.most_common():
            for action in draws:
                if action.slot is not None and market[action.slot] == color:
                    return action
        if game.phase == TURN:
            for action in draws:
                if action.slot is not None and market[action.slot] == LOCOMOTIVE:
                    return action
        for action in draws:
            if action.slot is None:
                return action
        if draws:
            return draws[0]
        # nothing to draw: claim anything, take tickets, or pass
        claims = _fewest_locomotives(actions)
        if claims:
            return max(claims, key=lambda c: game.board.routes[c.route].length)
        return actions[0]


def _cheapest_path(
    game: Game, player: int, start: str, goal: str, borrow: bool = False
) -> tuple[int, list[int]] | None:
    """Dijkstra in trains: own routes are free, open routes cost their length.

    With ``borrow``, opponents' routes are allowed at a high cost (to find where a station
    would help). Returns (cost, route ids) or None when the cities cannot be joined.
    """
    board = game.board
    adjacency = _adjacency(board)
    best = {start: 0}
    back: dict[str, tuple[str, int]] = {}
    queue = [(0, start)]
    while queue:
        cost, city = heapq.heappop(queue)
        if city == goal:
            path = []
            while city != start:
                city, route = back[city]
                path.append(route)
            return cost, path[::-1]
        if cost > best.get(city, 1 << 30):
            continue
        for route in adjacency[city]:
            owner = game.owner[route.id]
            if owner == player:
                step = 0
            elif owner is None and game.is_open(route, player):
                step = route.length
            elif owner is None and not game.board.alike_twin(route.id):
                continue
            elif owner is None:
                step = route.length  # the identical twin listed instead of this one is open
            elif borrow:
                step = 100
            else:
                continue
            other = route.other(city)
            if cost + step < best.get(other, 1 << 30):
                best[other] = cost + step
                back[other] = (city, route.id)
                heapq.heappush(queue, (cost + step, other))
    return None


_ADJACENCY: dict[str, dict[str, list[Route]]] = {}


def _adjacency(board) -> dict[str, list[Route]]:
    if board.name not in _ADJACENCY:
        table: dict[str, list[Route]] = {city: [] for city in board.cities}
        for route in board.routes:
            table[route.a].append(route)
            table[route.b].append(route)
        _ADJACENCY[board.name] = table
    return _ADJACENCY[board.name]


AGENTS: dict[str, type[Agent]] = {
    cls.name: cls for cls in (RandomAgent, GreedyAgent, LongRouteAgent)
}


def make_agent(name: str, seed: int | random.Random | None = 0) -> Agent:
    """An agent by name: ``random``, ``greedy`` or ``long``."""
    try:
        return AGENTS[name.strip().lower()](seed)
    except KeyError:
        raise TTRError(f"unknown agent {preview(name)} (known: {', '.join(AGENTS)})") from None


def play_game(game: Game, agents: list[Agent], max_actions: int = 20_000) -> Game:
    """Let ``agents`` (one per seat) play ``game`` to the end; returns the game."""
    for _ in range(max_actions):
        if game.is_over:
            return game
        game.play(agents[game.current_player].choose(game))
    raise RuntimeError(f"the game did not end within {max_actions} actions")


__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "LongRouteAgent",
    "RandomAgent",
    "make_agent",
    "play_game",
]
