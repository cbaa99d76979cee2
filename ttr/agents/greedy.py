"""The greedy bot: it plans the cheapest paths (in trains) to its tickets and follows them.

It keeps the tickets it can reach for the fewest trains per point, claims the routes on those
paths (the routes that serve the most ticket points first), draws the colours they need, builds
a station when an opponent has cut a ticket's only path (Europe), and takes new tickets once its
plan is done. :meth:`GreedyAgent.explain` says why, as data and as a sentence.
"""

from __future__ import annotations

import heapq
import operator
from collections.abc import Callable, Sequence
from typing import Any

from ttr.actions import DRAW_TICKETS, Action, KeepTickets, PayTunnel
from ttr.agents.base import (
    Agent,
    Choice,
    card_draws,
    cheapest_claim,
    cheapest_claims,
    cheapest_station,
    check_game,
    check_seat,
    station_payment,
)
from ttr.board import Board, Ticket
from ttr.colors import GRAY, LOCOMOTIVE
from ttr.game import OPENING, SECOND_CARD, TICKETS, TUNNEL, TURN, Game
from ttr.memo import remember
from ttr.text import count

Reason = dict[str, Any]
Path = tuple[int, list[int]]  # (cost in trains, route ids)
Plan = tuple[list[int], dict[int, tuple[Ticket, int]]]  # routes to claim, the ticket of each


class GreedyAgent(Agent):
    """Plans routes for its tickets along the cheapest paths (in trains) on the open board."""

    name = "greedy"
    new_tickets_above = 12
    """Once its plan is done, it takes new tickets while it has more trains than this."""
    face_up_locomotive = True
    """Whether it takes a face-up locomotive when no colour its plan needs is showing."""

    def choose(self, game: Game) -> Action:
        check_game(game)
        return self._decide(game)[0]

    def explain(self, game: Game, seat: int | None = None) -> Choice:
        """The greedy move with its reason, e.g. ``{"kind": "claim", "ticket": "Seattle-Los
        Angeles", "routes_left": 2, ...}`` and "Claim ...: it is on the cheapest path ..."."""
        check_seat(game, seat)
        action, reason = self._decide(game)
        return Choice(action, reason, _sentence(game, action, reason))

    def _decide(self, game: Game) -> tuple[Action, Reason]:
        phase = game.phase
        if phase in (OPENING, TICKETS):
            return self._keep(game, game.legal_actions())
        if phase == TUNNEL:  # pay with the fewest locomotives if possible, else decline (C8)
            action = game.legal_actions()[0]
            return action, {"kind": "pay" if isinstance(action, PayTunnel) else "decline"}
        paths = Paths(game)
        plan, why = self._plan(game, paths)
        needed: dict[str, int] = {}  # the colours the plan needs, by route
        routes = game.board.routes
        for route in plan:
            color = routes[route].color
            if color != GRAY:
                needed[color] = needed.get(color, 0) + 1
        if phase == SECOND_CARD:
            return self._draw(game, game.legal_actions(), needed)
        return self._turn(game, paths, plan, why, needed)

    # tickets ----------------------------------------------------------------------------------

    def _keep(self, game: Game, actions: Sequence[Action]) -> tuple[Action, Reason]:
        offer = game.offer
        assert offer is not None
        player = game.current_player
        paths = Paths(game)
        tickets = [game.ticket_pool[t] for t in offer.tickets]
        plan, _ = self._plan(game, paths, player)
        budget = game.trains[player] - sum(game.board.routes[r].length for r in plan)
        cost = self._trains_for(game, paths, player, tickets, plan)

        def value(keep: KeepTickets) -> tuple[float, float]:
            trains = cost(keep.keep)
            points = sum(tickets[i].points for i in keep.keep)
            return self._keep_value(points, trains, budget, len(keep.keep))

        best = max(actions, key=value)  # type: ignore[arg-type]
        assert isinstance(best, KeepTickets)
        kept = [tickets[i] for i in best.keep]
        return best, {
            "kind": "keep",
            "tickets": [game.board.ticket_ref(t) for t in kept],
            "points": sum(t.points for t in kept),
            "trains_needed": cost(best.keep),
            "trains_free": budget,
        }

    def _trains_for(
        self, game: Game, paths: Paths, player: int, tickets: list[Ticket], plan: list[int]
    ) -> Callable[[Sequence[int]], float]:
        """The trains a choice of the offered ``tickets`` (by index) needs: the sum of each
        ticket's cheapest path (infinite if one cannot be joined)."""
        costs = [_ticket_cost(game, paths, ticket, player) for ticket in tickets]
        return lambda keep: sum(costs[i] for i in keep)

    def _keep_value(
        self, points: int, trains: float, budget: int, count: int
    ) -> tuple[float, float]:
        """How good a choice of ``count`` tickets worth ``points`` that need ``trains`` is,
        with ``budget`` trains not yet planned (the best choice has the greatest value):
        points per train, fewer tickets on a tie; one that does not fit ranks by its trains."""
        if trains > budget:
            return (-1.0, -trains)
        return (points / (1 + trains), -count)

    # planning ---------------------------------------------------------------------------------

    def plan(self, game: Game, player: int | None = None) -> list[int]:
        """The open routes this bot means to claim for ``player`` (the one to play by default):
        those on the cheapest paths of its unfinished tickets, serving the most points first."""
        return list(self._plan(game, Paths(game), player)[0])

    def _plan(self, game: Game, paths: Paths, player: int | None = None) -> Plan:
        """Open routes on the cheapest paths of this player's unfinished tickets, dearest first,
        and for each the most valuable ticket it serves with the open routes that ticket lacks."""
        player = game.current_player if player is None else player
        held = game.ticket_ids_of(player)
        known = paths.plans.get((player, held))
        if known is not None:  # the same tickets in a position with the same owners
            return known
        wanted: dict[int, int] = {}
        why: dict[int, tuple[Ticket, int]] = {}
        owner = paths.owner
        pool = game.ticket_pool
        for ticket in (pool[t] for t in held):
            path = paths.cheapest(player, ticket.a, ticket.b)
            if path is None:
                continue
            missing = [route for route in path[1] if owner[route] is None]
            for route in missing:
                wanted[route] = wanted.get(route, 0) + ticket.points
                if route not in why or ticket.points > why[route][0].points:
                    why[route] = (ticket, len(missing))
        routes = game.board.routes
        plan = sorted(wanted, key=lambda r: (-wanted[r], -routes[r].length, r))
        paths.plans[player, held] = plan, why
        return plan, why

    def _turn(
        self,
        game: Game,
        paths: Paths,
        plan: list[int],
        why: dict[int, tuple[Ticket, int]],
        needed: dict[str, int],
    ) -> tuple[Action, Reason]:
        player = game.current_player
        hand = game.hand_of(player)
        for route in plan:
            claim = cheapest_claim(game, player, route, hand)
            if claim is not None:
                ticket, missing = why[route]
                return claim, {
                    "kind": "claim",
                    "route": game.board.ref(game.board.routes[route]),
                    "ticket": game.board.ticket_ref(ticket),
                    "points": ticket.points,
                    "routes_left": missing,
                }
        station = self._station(game, paths, player)
        if station is not None:
            return station
        claims = {} if plan else cheapest_claims(game, player)
        if claims:
            if game.ticket_deck and game.trains[player] > self.new_tickets_above:
                return DRAW_TICKETS, {"kind": "tickets", "trains": game.trains[player]}
            longest = max(
                claims.values(), key=lambda c: (game.board.routes[c.route].length, -c.route)
            )
            return longest, {
                "kind": "longest",
                "route": game.board.ref(game.board.routes[longest.route]),
            }
        return self._draw(game, game.legal_actions(), needed)

    def _station(self, game: Game, paths: Paths, player: int) -> tuple[Action, Reason] | None:
        """A station on a city where an opponent's route would finish a blocked ticket."""
        if station_payment(game, player) is None:
            return None
        owners = game.owner
        for ticket in game.tickets_of(player):
            if paths.cheapest(player, ticket.a, ticket.b) is not None:
                continue
            path = paths.cheapest(player, ticket.a, ticket.b, borrow=True)
            if path is None:
                continue
            for route_id in path[1]:
                owner = owners[route_id]
                if owner is None or owner == player:
                    continue
                route = game.board.routes[route_id]
                for city in route.cities:
                    station = cheapest_station(game, player, city)
                    if station is not None:
                        return station, {
                            "kind": "station",
                            "ticket": game.board.ticket_ref(ticket),
                            "borrows": game.board.ref(route),
                            "owner": game.players[owner],
                        }
        return None

    def _draw(
        self, game: Game, actions: Sequence[Action], needed: dict[str, int]
    ) -> tuple[Action, Reason]:
        market = game.cards.market
        draws = card_draws(actions)
        for color in sorted(needed, key=needed.__getitem__, reverse=True):
            for action in draws:
                if action.slot is not None and market[action.slot] == color:
                    return action, {"kind": "draw", "card": color, "needed": needed[color]}
        if game.phase == TURN and self.face_up_locomotive:
            for action in draws:
                if action.slot is not None and market[action.slot] == LOCOMOTIVE:
                    return action, {"kind": "draw", "card": LOCOMOTIVE}
        for action in draws:
            if action.slot is None:
                return action, {"kind": "draw", "card": None, "needed": dict(needed)}
        if draws:
            return draws[0], {"kind": "draw", "card": market[draws[0].slot]}  # type: ignore[index]
        # nothing to draw: claim anything, take tickets, or pass
        claims = list(cheapest_claims(game, game.current_player).values())
        if claims:
            longest = max(claims, key=lambda c: game.board.routes[c.route].length)
            return longest, {
                "kind": "longest",
                "route": game.board.ref(game.board.routes[longest.route]),
            }
        return actions[0], {"kind": "last resort"}


def _ticket_cost(game: Game, paths: Paths, ticket: Ticket, player: int) -> float:
    path = paths.cheapest(player, ticket.a, ticket.b)
    return float("inf") if path is None else sum(game.board.routes[r].length for r in path[1])


def _sentence(game: Game, action: Action, reason: Reason) -> str:
    """The reason as one sentence."""
    move = game.notation(action)
    kind = reason["kind"]
    if kind == "claim":
        return (
            f"{move}: it is on the cheapest path for the ticket {reason['ticket']} "
            f"({count(reason['points'], 'point')}), which needs "
            f"{count(reason['routes_left'], 'more route')}."
        )
    if kind == "keep":
        return (
            f"{move}: {', '.join(reason['tickets'])} ({count(reason['points'], 'point')}) "
            f"for about {count(int(reason['trains_needed']), 'train')} of the "
            f"{reason['trains_free']} not yet planned."
        )
    if kind == "station":
        return (
            f"{move}: the ticket {reason['ticket']} can only be finished through "
            f"{reason['owner']}'s route {reason['borrows']} (ST3)."
        )
    if kind == "tickets":
        return (
            f"{move}: every ticket is done or out of reach, and "
            f"{count(reason['trains'], 'train')} are left for new ones."
        )
    if kind == "longest":
        return f"{move}: no ticket needs a route it can claim, so it takes the longest one."
    if kind == "draw" and reason.get("card") is None:
        return f"{move}: no face-up card is one the plan needs."
    if kind == "draw":
        return f"{move}: the planned routes need {reason['card']} cards."
    if kind == "pay":
        return f"{move}: the tunnel is worth its extra cost (fewest locomotives first)."
    if kind == "decline":
        return f"{move}: the extra cost cannot be paid (C8)."
    return f"{move}: nothing else is possible."


class Paths:
    """Cheapest paths in trains on one position's board (own routes free, open routes cost their
    length), remembered across positions with the same owners (most actions claim nothing), and
    reused in a position whose owners differ only on routes the search never looked at."""

    def __init__(self, game: Game):
        self.game = game
        self.board = game.board
        self.owner = tuple(game.owner)
        key = (game.rules.name, game.num_players, self.owner)
        memo = _PATHS.get(key)
        if memo is None:
            memo = ({}, {})
            remember(_PATHS, key, memo, _POSITIONS)
        self.memo, self.plans = memo

    def cheapest(self, player: int, start: str, goal: str, borrow: bool = False) -> Path | None:
        """Dijkstra in trains from ``start`` to ``goal`` for ``player``: (cost, route ids).

        With ``borrow``, opponents' routes are allowed at a high cost (to find where a station
        would help). None when the cities cannot be joined.
        """
        query = (player, start, goal, borrow)
        memo = self.memo
        if query in memo:
            return memo[query]
        game, owner = self.game, self.owner
        lock = game.num_players <= game.rules.double_lock_max_players
        # the last search of this query in any position: the same path if every route it
        # read (the routes and twins of the cities it took from the queue) has the same owner
        full = (self.board.name, lock, *query)
        last = _LAST.get(full)
        if last is not None and last[0](owner) == last[1]:
            path = last[2]
        else:
            path, read = _dijkstra(self.board, owner, lock, player, start, goal, borrow)
            getter = operator.itemgetter(*read) if read else _nothing
            remember(_LAST, full, (getter, getter(owner), path), _QUERIES)
        memo[query] = path
        return path


def _nothing(owner: Sequence[int | None]) -> tuple[()]:
    """The owners a search that read no route read: none."""
    return ()


_EMPTY_COSTS: dict[tuple[str, str, str], int] = {}


def empty_board_cost(board: Board, start: str, goal: str) -> int:
    """The fewest trains joining ``start`` and ``goal`` on ``board`` with no route claimed (0 if
    they cannot be joined), remembered: a board has few tickets."""
    query = (board.name, start, goal)
    if query not in _EMPTY_COSTS:
        path = _dijkstra(board, (None,) * len(board.routes), False, -1, start, goal, False)[0]
        _EMPTY_COSTS[query] = 0 if path is None else path[0]
    return _EMPTY_COSTS[query]


_PATHS: dict[tuple, tuple[dict[tuple, Path | None], dict[tuple, Plan]]] = {}
"""For each position remembered (by owners), its paths by query and the greedy plans by player
and tickets held."""
_POSITIONS = 4096  # positions whose paths are remembered before the memo starts afresh
_LAST: dict[tuple, tuple[Callable[[Sequence[int | None]], Any], Any, Path | None]] = {}
_QUERIES = 65536  # queries whose last search is remembered before that memo starts afresh


def _dijkstra(
    board: Board,
    owner: Sequence[int | None],
    lock: bool,
    player: int,
    start: str,
    goal: str,
    borrow: bool,
) -> tuple[Path | None, list[int]]:
    """The cheapest path (None: none) and the routes whose owners the search read (with
    repeats): the same owners on those routes give the same path."""
    names, index, adjacency, reads = _adjacency(board)
    source, target = index[start], index[goal]
    best = [1 << 30] * len(names)
    best[source] = 0
    back: dict[int, tuple[int, int]] = {}
    read: list[int] = []
    pop, push = heapq.heappop, heapq.heappush
    queue = [(0, source)]  # ties go to the city first in alphabetical order, by its index
    while queue:
        cost, city = pop(queue)
        if city == target:
            path = []
            while city != source:
                city, route = back[city]
                path.append(route)
            return (cost, path[::-1]), read
        if cost > best[city]:
            continue
        read += reads[city]
        for route, other, length, twin in adjacency[city]:
            held = owner[route]
            if held is None:
                # closed when its double is taken (C5), unless the two are alike: then the
                # identical twin listed instead of it is what the plan means (twin -1)
                if twin >= 0:
                    rival = owner[twin]
                    if rival is not None and (lock or rival == player):
                        continue
                step = cost + length
            elif held == player:
                step = cost
            elif borrow:
                step = cost + 100
            else:
                continue
            if step < best[other]:
                best[other] = step
                back[other] = (city, route)
                push(queue, (step, other))
    return None, read


Edge = tuple[int, int, int, int]  # route id, other city, length, twin id (-1: none, or alike)
Adjacency = tuple[list[str], dict[str, int], list[list[Edge]], list[tuple[int, ...]]]
_ADJACENCY: dict[str, Adjacency] = {}


def _adjacency(board: Board) -> Adjacency:
    """The board's cities in alphabetical order, their indices, each city's routes, and the
    routes whose owners a search reads there (its routes and their twins)."""
    if board.name not in _ADJACENCY:
        names = sorted(board.cities)
        index = {name: i for i, name in enumerate(names)}
        table: list[list[Edge]] = [[] for _ in names]
        reads: list[tuple[int, ...]] = []
        for route in board.routes:
            twin = board.twin_id(route.id)  # a twin that bars it once taken, if any
            bar = -1 if twin is None or board.alike_twin(route.id) else twin
            for here, there in ((route.a, route.b), (route.b, route.a)):
                table[index[here]].append((route.id, index[there], route.length, bar))
        for edges in table:
            reads.append(tuple(sorted({r for edge in edges for r in (edge[0], edge[3]) if r >= 0})))
        _ADJACENCY[board.name] = (names, index, table, reads)
    return _ADJACENCY[board.name]


__all__ = ["GreedyAgent", "Paths"]
