"""The helpers of lessons 22-24 (ttr.lessons.chokepoints, ttr.lessons.endgames), checked against
plain definitions: a route a player can use is owned or open (C5), a ticket is open until the
player's own routes join its cities (K4)."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from ttr import Game, load_board
from ttr.errors import TTRError
from ttr.lessons.chokepoints import open_tickets, usable_graph
from ttr.lessons.endgames import greedy_position, open_endgame, position_key


@pytest.mark.parametrize("board", ["usa", "europe"])
def test_on_an_empty_board_the_usable_graph_is_the_whole_map(board: str) -> None:
    game = Game.staged(board, 2, 1, tickets={0: [], 1: []})
    graph, whole = usable_graph(game, 0), nx.Graph(load_board(board).graph())
    assert set(graph) == set(whole)
    assert {frozenset(e) for e in graph.edges} == {frozenset(e) for e in whole.edges}


@pytest.mark.parametrize("players", [2, 4])
def test_C5_a_claimed_double_closes_its_twin_only_with_2_or_3_players(players: int) -> None:
    board = load_board("usa")
    double = board.route("Dallas-Houston (gray)")
    twin = board.twin(double)
    assert twin is not None
    game = Game.staged("usa", players, 1, tickets={}, routes={1: [double.id]})
    assert usable_graph(game, 1).has_edge("Dallas", "Houston")  # the owner keeps it
    assert usable_graph(game, 0).has_edge("Dallas", "Houston") == (players > 3)


def test_a_route_claimed_by_another_player_is_not_usable() -> None:
    board = load_board("usa")
    single = board.route("Las Vegas-Salt Lake City")
    game = Game.staged("usa", 2, 1, tickets={}, routes={1: [single.id]})
    graph = usable_graph(game, 0)
    assert not graph.has_edge("Las Vegas", "Salt Lake City")
    assert set(graph) == set(board.cities)  # every city stays, even when walled in
    assert {frozenset(e) for e in nx.bridges(graph)} == {frozenset(("Las Vegas", "Los Angeles"))}


def test_K4_a_ticket_is_open_until_the_players_own_routes_join_its_cities() -> None:
    board = load_board("usa")
    pool = Game("usa", 2, seed=1).ticket_pool
    index = next(i for i, t in enumerate(pool) if {t.a, t.b} == {"Denver", "El Paso"})
    path = nx.dijkstra_path(nx.Graph(board.graph()), "Denver", "El Paso", weight="length")
    routes = [board.routes_between(a, b)[0].id for a, b in itertools.pairwise(path)]
    fresh = Game.staged("usa", 2, 1, tickets={0: [index], 1: []})
    assert [t.cities for t in open_tickets(fresh, 0)] == [pool[index].cities]
    done = Game.staged("usa", 2, 1, tickets={0: [index], 1: []}, routes={0: routes})
    assert open_tickets(done, 0) == []


def test_open_endgame_keeps_the_position_and_hides_nothing() -> None:
    game = greedy_position("usa", ["Ann", "Ben"], seed=5, trains=7)
    end = open_endgame(game, {0: {"red": 2}, 1: {"blue": 1, "green": 1}}, ["green", "blue", "red"])
    assert [r.id for r in end.routes_of(0)] == [r.id for r in game.routes_of(0)]
    assert end.state.tickets == game.state.tickets and end.trains == game.trains == [3, 4]
    assert end.current_player == game.current_player
    assert end.cards.market == [None] * 5
    assert end.cards.deck == ["red", "blue", "green"]  # the top card last
    assert end.ticket_deck == []
    assert end.hands[1] == {**dict.fromkeys(end.hands[1], 0), "blue": 1, "green": 1}


def test_greedy_position_refuses_a_number_of_trains_never_reached() -> None:
    with pytest.raises(TTRError, match="trains"):
        greedy_position("usa", ["Ann", "Ben"], seed=5, trains=-1)


def test_position_key_is_equal_for_transpositions_and_different_otherwise() -> None:
    game = greedy_position("usa", ["Ann", "Ben"], seed=5, trains=7)
    end = open_endgame(game, {0: {"red": 2}, 1: {"blue": 1, "green": 1}}, ["green", "blue", "red"])
    start = position_key(end)
    end.play("draw deck")
    assert position_key(end) != start
    end.undo()
    assert position_key(end) == start  # undo restores the position, as a value
    assert position_key(end.copy()) == start
    other = open_endgame(
        game, {0: {"red": 2}, 1: {"blue": 1, "green": 1}}, ["red", "blue", "green"]
    )
    assert position_key(other) != start
