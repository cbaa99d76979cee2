"""The routes open to each player (ttr.open_routes, C1 and C5): the lists a claim keeps up to date
(one shared list per payment class, a few routes barred to one seat) always say what a fresh
derivation from the owners says, and what ``is_open`` says route by route."""

from __future__ import annotations

import random

import pytest

from ttr import Game
from ttr.open_routes import is_open
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
