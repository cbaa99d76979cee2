"""Legal-action counts from fixed positions, the perft idea of python-chess.

``perft(game, 1)`` is the number of legal actions; ``perft(game, 2)`` sums, over every legal
action, the number of legal actions after playing it on a copy; and so on. The simplest counts
are checked by reasoning below; the others were computed once by this engine and are kept as
regression values: if one changes, find out why before updating it (a rule fix may change them,
e.g. how identical routes of a double are listed).
"""

from __future__ import annotations

import random
from math import comb

import pytest
from turn_helpers import candidates, canonical, position

from ttr import Claim, Game
from ttr.invariants import legal_list_problems


def perft(game: Game, depth: int) -> int:
    if depth == 0:
        return 1
    actions = list(game.legal_actions())
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = game.copy()
        child.play(action)
        total += perft(child, depth - 1)
    return total


def after_random_actions(rules: str, players: int, seed: int, count: int) -> Game:
    game = Game(rules, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(count):
        game.play(rng.choice(list(game.legal_actions())))
    return game


def finish_opening(game: Game) -> Game:
    while game.phase == "opening":
        game.play(game.legal_actions()[0])
    return game


def check_sequence(game: Game) -> None:
    """The legal-action sequence is consistent: len, indexing, iteration, no duplicates, and
    every listed action is accepted by is_legal."""
    assert legal_list_problems(game) == []


# ---------------------------------------------------------------------------------------------
# Counts checked by reasoning


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize(
    "rules, depth1",
    [
        ("usa", comb(3, 2) + comb(3, 3)),  # S4: keep 2 or 3 of 3 -> 4
        ("europe", comb(4, 2) + comb(4, 3) + comb(4, 4)),  # S5: keep 2-4 of 4 -> 11
        ("europa_1912", 11),  # V3: as S5
        ("mega_europe", 1 + 2),  # V2: keep none or one of 2 long tickets -> 3
        ("big_cities", comb(5, 2) + comb(5, 3) + comb(5, 4) + comb(5, 5)),  # V4 -> 26
    ],
)
def test_perft_opening(rules, players, depth1):
    game = Game(rules, players, seed=0)
    assert perft(game, 1) == depth1
    # The next player faces the same choice whatever the first one kept.
    assert perft(game, 2) == depth1 * depth1
    check_sequence(game)


def test_perft_usa_opening_depth_three():
    """Two USA players keep 2 or 3 tickets each (4 x 4); Ann's first turn then has the same
    actions whatever they kept: tickets do not change what can be drawn or claimed."""
    game = Game("usa", 2, seed=0)
    first_turn = perft(finish_opening(Game("usa", 2, seed=0)), 1)
    assert perft(game, 3) == 16 * first_turn
    assert first_turn == 109


def test_perft_staged_position_counted_by_hand():
    """Ann holds 2 red cards, no locomotive; the market shows no locomotive; tickets remain.
    Legal: 5 face-up cards + the deck + tickets + one claim, paid red red or red, for every
    red or gray route of length 1-2 (of two identical gray routes of a double, one)."""
    game = position(
        "usa", hands={"Ann": {"red": 2}}, market=["blue", "green", "white", "yellow", "orange"]
    )
    board = game.board
    seen_pairs = set()
    payable = 0
    for route in board.routes:
        if route.color not in ("red", "gray") or route.length > 2:
            continue
        twin = board.twin(route)
        if twin is not None and twin.color == route.color:
            if route.double_group in seen_pairs:
                continue
            seen_pairs.add(route.double_group)
        payable += 1
    assert perft(game, 1) == 5 + 1 + 1 + payable
    claims = [a for a in game.legal_actions() if isinstance(a, Claim)]
    assert len(claims) == payable
    assert all(a.color == "red" and a.locomotives == 0 for a in claims)
    check_sequence(game)


# ---------------------------------------------------------------------------------------------
# Regression values


@pytest.mark.parametrize(
    "rules, players, depth1, depth2",
    [
        ("usa", 2, 27, 843),
        ("usa", 4, 27, 891),
        ("europe", 2, 197, 30447),
        ("europe", 4, 197, 30448),
    ],
)
def test_perft_first_turn(rules, players, depth1, depth2):
    game = finish_opening(Game(rules, players, seed=7))
    assert game.phase == "turn"
    assert perft(game, 1) == depth1
    assert perft(game, 2) == depth2
    check_sequence(game)


def test_perft_usa_first_turn_depth_three():
    game = finish_opening(Game("usa", 2, seed=7))
    assert perft(game, 3) == 14529


@pytest.mark.parametrize(
    "rules, players, seed, count, phase, depth1, depth2",
    [
        ("usa", 2, 1, 10, "turn", 11, 71),
        ("usa", 3, 2, 25, "tickets", 7, 175),
        ("usa", 4, 3, 40, "second_card", 4, 104),
        ("usa", 5, 4, 60, "turn", 36, 242),
        ("europe", 2, 1, 10, "turn", 7, 42),
        ("europe", 3, 2, 25, "tunnel", 1, 19),
        ("europe", 4, 3, 40, "tickets", 7, 49),
        ("europe", 5, 4, 60, "turn", 27, 179),
    ],
)
def test_perft_after_seeded_random_actions(rules, players, seed, count, phase, depth1, depth2):
    game = after_random_actions(rules, players, seed, count)
    assert game.phase == phase
    assert perft(game, 1) == depth1
    assert perft(game, 2) == depth2
    check_sequence(game)


# ---------------------------------------------------------------------------------------------
# The move generator against brute force


@pytest.mark.long  # make test-long
@pytest.mark.parametrize("rules, players", [("usa", 2), ("usa", 4), ("europe", 2), ("europe", 5)])
def test_legal_actions_match_brute_force(rules, players):
    """At sampled positions of random games, legal_actions() is exactly the set of candidate
    actions that is_legal() (the rule checks of play()) accepts."""
    rng = random.Random(players)
    checked = 0
    for seed in range(4):
        game = Game(rules, players, seed=seed)
        hoard = seed % 2 == 1  # draw whenever possible: big hands, many ways to pay
        while not game.is_over:
            listed = list(game.legal_actions())
            if rng.random() < 0.15:
                brute = [a for a in candidates(game) if game.is_legal(a)]
                assert canonical(game, listed) == canonical(game, brute)
                checked += 1
            draws = [a for a in listed if type(a).__name__ in ("DrawCard", "KeepTickets")]
            game.play(rng.choice(draws if hoard and draws else listed))
    assert checked > 30


@pytest.mark.parametrize("rules", ["usa", "europe"])
def test_legal_actions_take_the_indices_a_list_takes(rules):
    """Negative indices, numpy's ints, bools and slices index the lazy list as they index a
    list of the same actions; a text index is a TypeError and one past the end an IndexError."""
    np = pytest.importorskip("numpy")
    game, rng = Game(rules, 3, seed=4), random.Random(4)
    while game.phase != "turn" or len(game.legal_actions()) < 40:  # claims listed too
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    listed = list(game.legal_actions())
    assert any(isinstance(action, Claim) for action in listed)
    for index in (0, 1, 7, len(listed) - 1, -1, -len(listed), np.int64(5), True, False):
        assert game.legal_actions()[index] == listed[index]
    assert game.legal_actions()[3:9] == listed[3:9]
    assert game.legal_actions()[::-5] == listed[::-5]
    with pytest.raises(TypeError):
        game.legal_actions()["3"]  # type: ignore[call-overload]
    for index in (len(listed), -len(listed) - 1):
        with pytest.raises(IndexError):
            game.legal_actions()[index]
