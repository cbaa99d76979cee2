"""The routes open to each player (ttr.open_routes, C1 and C5): the lists a claim keeps up to date
(one shared list per payment class, a few routes barred to one seat) always say what a fresh
derivation from the owners says, and what ``is_open`` says route by route."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttr import Game
from ttr.legal import count_claims
from ttr.open_routes import is_open
from ttr.payment import payment_options
from ttr.state import State, derive, snapshot


def open_to(game: Game, seat: int) -> set[int]:
    """The routes the kept lists open to ``seat``."""
    state = game.state
    listed = {route for routes in state.open for route in routes}
    assert not set(state.barred[seat]) - listed, "a barred route must be a listed one"
    return listed - set(state.barred[seat])


def assert_lists_hold(game: Game) -> None:
    fresh = State(*snapshot(game.state))
    derive(game.setup, fresh)
    assert (game.state.open, game.state.barred) == (fresh.open, fresh.barred)
    board, owner, lock = game.board, game.state.owner, game.setup.double_lock
    for seat in range(game.num_players):
        expected = {r.id for r in board.routes if is_open(board, owner, r.id, seat, lock)}
        assert open_to(game, seat) == expected


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("rules", ["usa", "europe"])
def test_C5_the_kept_open_lists_equal_a_fresh_derivation(rules, players):
    for seed in range(2):
        game = Game(rules, players, seed=seed, record=False)
        rng = random.Random(seed)
        while not game.is_over:
            assert_lists_hold(game)
            legal = game.legal_actions()
            game.play(legal[rng.randrange(len(legal))])
            if rng.random() < 0.05:  # and after taking an action back
                game.undo()
                assert_lists_hold(game)
                game.play(legal[rng.randrange(len(legal))])


def test_C5_a_double_at_four_players_is_barred_to_its_owner_only():
    game = Game("usa", 4, seed=0, record=False)
    board = game.board
    route = next(r for r in board.routes if board.twin_id(r.id) is not None)
    twin = board.twin_id(route.id)
    state = game.state
    state.owner = tuple(0 if i == route.id else None for i in range(len(board.routes)))
    derive(game.setup, state)
    assert twin in open_to(game, 1) and twin not in open_to(game, 0)
    assert state.barred[0] == (twin,) and state.barred[1:] == ((), (), ())


@settings(max_examples=60, deadline=None)
@given(
    rules=st.sampled_from(["usa", "europe"]),
    counts=st.lists(st.integers(0, 12), min_size=8, max_size=8),
    locomotives=st.integers(0, 14),
    trains=st.integers(0, 45),
)
def test_C2_C6_claims_counted_from_the_payable_tables_equal_brute_force(
    rules, counts, locomotives, trains
):
    """The classes a hand can pay come from tables built once per board (every count a hand can
    hold: 12 of a colour, 14 locomotives): the claims they count are every open route's ways to
    pay, one by one, for any hand and trains left (C2 colours, C6 ferries)."""
    game = Game(rules, 2, seed=0, record=False)
    hand = (*counts, locomotives)
    colors = tuple(sorted(counts))
    families: list = []
    pays = (*counts, colors)
    listed = count_claims(game.setup, game.state.open, (), pays, locomotives, trains, families)
    listed_routes = {route for routes in game.state.open for route in routes}
    brute = sum(
        len(payment_options(hand, route.color, route.length, route.locomotives))
        for route in game.board.routes
        if route.id in listed_routes and route.length <= trains
    )
    assert listed == brute
    assert all(members == len(routes) * each for routes, _, each, members in families)
    assert listed == sum(members for _, _, _, members in families)
