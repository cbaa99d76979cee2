"""Lesson 22's view of a position: the map one player can still use, and the tickets they need.

A player can still travel along a route they own or one still open to them (C5: in a game of
2-3 players the other route of a claimed double is closed). Stations (Europe, ST1-ST3) are left
out on purpose: the lesson counts what a station can rescue by hand. The engine never imports
this module.
"""

from __future__ import annotations

import networkx as nx

from ttr.board import Ticket
from ttr.game import Game
from ttr.scoring.tickets import connected

__all__ = ["open_tickets", "usable_graph"]


def usable_graph(game: Game, seat: int) -> nx.Graph:
    """The cities, joined where ``seat`` owns a route or may still claim one (a simple graph).

    Its paths are right at any player count; its bridges are those of a 2-3 player game only,
    since with 4-5 players an open double is two routes (one claim does not close it).
    """
    graph = nx.Graph()
    graph.add_nodes_from(game.board.cities)
    for route in game.board.routes:
        if game.route_owner(route.id) == seat or game.is_open(route, seat):
            graph.add_edge(route.a, route.b)
    return graph


def open_tickets(game: Game, seat: int) -> list[Ticket]:
    """The tickets of ``seat`` that its own routes do not join yet (K4), in the order kept."""
    routes = game.routes_of(seat)
    return [ticket for ticket in game.tickets_of(seat) if not connected(routes, ticket.a, ticket.b)]
