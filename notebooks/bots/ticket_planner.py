"""Example bot: plans the cheapest path for each of its tickets on the routes still open to it
(networkx's Dijkstra), claims a route of a path when it can pay, and draws the colours those
routes need. Keeps the cheapest tickets it is offered."""

import random

import networkx as nx

from ttr import load_board, rule_set
from ttr.actions import Claim, DrawCard, KeepTickets


class Bot:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.board = None

    def graph(self, observation):
        """The routes nobody else owns, as a graph weighted by trains (mine cost nothing)."""
        me = observation["you"]
        graph = nx.Graph()
        for route in self.board.routes:
            owner = observation["owners"][route.id]
            if owner is not None and owner != me:
                continue
            cost = 0 if owner == me else route.length
            a, b = route.cities
            if not graph.has_edge(a, b) or graph[a][b]["weight"] > cost:
                graph.add_edge(a, b, weight=cost, route=route.id)
        return graph

    def wanted_routes(self, observation):
        graph = self.graph(observation)
        wanted = []
        for ticket in observation["tickets"]:
            a, b = (self.board.city(name) for name in ticket.split("-", 1))
            try:
                path = nx.dijkstra_path(graph, a, b)
            except (nx.NetworkXNoPath, nx.NodeNotFound):
                continue
            wanted += [graph[x][y]["route"] for x, y in zip(path, path[1:])]
        return [r for r in wanted if observation["owners"][r] is None]

    def choose(self, observation, legal):
        if self.board is None:
            self.board = load_board(rule_set(observation["rules"]).map)
        keeps = [a for a in legal if isinstance(a, KeepTickets)]
        if keeps:  # the smallest choice allowed: fewer unfinished tickets
            return min(keeps, key=lambda a: (len(a.keep), a.keep))
        wanted = self.wanted_routes(observation)
        claims = [a for a in legal if isinstance(a, Claim) and a.route in wanted]
        if claims:
            return min(claims, key=lambda a: a.locomotives)
        colours = {self.board.routes[r].color for r in wanted}
        for slot, card in enumerate(observation["market"]):
            if card is not None and card in colours and DrawCard(slot) in legal:
                return DrawCard(slot)
        if DrawCard(None) in legal:
            return DrawCard(None)
        any_claims = [a for a in legal if isinstance(a, Claim)]
        return max(any_claims, key=lambda a: self.board.routes[a.route].length, default=legal[0])
