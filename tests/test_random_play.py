"""Seeded random games to the end, with invariants checked after every action (OpenSpiel-style).

1,600 games of the base boards (200 per board and player count) in ``make test-long`` (the tests
marked ``long``), 80 of them (10 per board and player count) in ``make test``; fewer of each
Europe variant.
After every action: all 110 train cards present (12 of each colour + 14 locomotives), every
ticket in exactly one place, trains and stations never negative, trains and route points match
the routes owned, double routes as C5 wants, at most 5 face-up cards and never 3+ locomotives
unless the D9 guard stopped a reset. Also: same seed, same game; copy(), save/load and undo()
are exact.

A quarter of the base-board games use a card-hoarding policy (draw whenever possible), which
empties the deck and the discard pile and so reaches D7, D8, D9 and T2.
"""

from __future__ import annotations

import random
from itertools import takewhile

import pytest
from turn_helpers import check_invariants, random_game, uniform

from ttr import DrawCard, Game, KeepTickets, Pass

GAMES_PER_SETTING = 200
QUICK_GAMES = 10
VARIANT_GAMES = 20


def hoarder(game: Game, actions, rng: random.Random):
    """Draw cards (or settle tickets) whenever possible; otherwise any legal action.

    Card draws come first in the legal-action order, so only that head is built (the whole
    list can hold hundreds of station and route payments).
    """
    draws = list(takewhile(lambda a: isinstance(a, DrawCard | KeepTickets | Pass), actions))
    return rng.choice(draws) if draws else rng.choice(actions)


def policy_for(seed: int):
    return hoarder if seed % 4 == 3 else uniform


def play_many(rules: str, players: int, games: int, first_seed: int = 0) -> dict[str, int]:
    totals: dict[str, int] = {"actions": 0}
    for seed in range(first_seed, first_seed + games):
        game = random_game(rules, players, seed, policy_for(seed), after=check_invariants)
        assert game.is_over
        assert game.legal_actions() == []
        totals["actions"] += len(game.history)
        for name, value in game.counts.items():
            totals[name] = totals.get(name, 0) + value
    return totals


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("rules", ["usa", "europe"])
def test_a_few_random_games_keep_every_invariant(rules, players):
    """The quick sample of ``make test`` (other seeds than the long check's)."""
    totals = play_many(rules, players, QUICK_GAMES, first_seed=500 + 1000 * players)
    assert totals["reshuffles"] > 0


@pytest.mark.long  # make test-long
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("rules", ["usa", "europe"])
def test_random_games_keep_every_invariant(rules, players):
    totals = play_many(rules, players, GAMES_PER_SETTING, first_seed=1000 * players)
    # The playouts do reach the rare corners, or they would prove little.
    assert totals["market_resets"] > 0
    assert totals["reshuffles"] > 0
    assert totals.get("short_draws", 0) > 0
    assert totals.get("loop_guard_stops", 0) > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("rules", ["mega_europe", "europa_1912", "big_cities"])
def test_random_variant_games_keep_every_invariant(rules, players):
    play_many(rules, players, VARIANT_GAMES, first_seed=7000 + 100 * players)


@pytest.mark.parametrize("rules", ["usa", "europe", "big_cities"])
def test_same_seed_same_game(rules):
    for seed in (1, 2, 3):
        first = random_game(rules, 3, seed)
        second = random_game(rules, 3, seed)
        assert first.history == second.history
        assert first.state_key() == second.state_key()
        assert first.to_json() == second.to_json()
    assert random_game(rules, 3, 1).history != random_game(rules, 3, 2).history


def sample_points(game_length: int, rng: random.Random, count: int = 8) -> set[int]:
    return set(rng.sample(range(game_length), min(count, game_length)))


def replay_with_checks(rules: str, players: int, seed: int, check) -> None:
    """Replay a finished random game, calling ``check(game, next_action)`` at sample points."""
    finished = random_game(rules, players, seed, policy_for(seed))
    rng = random.Random(seed)
    points = sample_points(len(finished.history), rng)
    game = Game(rules, players, seed=seed)
    for step, text in enumerate(finished.history):
        if step in points:
            check(game, text)
        game.play(text)
    assert game.state_key() == finished.state_key()


@pytest.mark.parametrize("rules", ["usa", "europe", "mega_europe"])
def test_copy_is_faithful_and_independent(rules):
    def check(game: Game, text: str) -> None:
        key = game.state_key()
        copy = game.copy()
        assert copy.state_key() == key
        assert copy.to_dict() == game.to_dict()
        assert list(copy.legal_actions()) == list(game.legal_actions())
        copy.play(text)  # the copy moves on; the original does not
        assert game.state_key() == key
        twin = game.copy()
        twin.play(text)
        assert twin.state_key() == copy.state_key()
        # The random generators are separate: both copies go on identically.
        more = random.Random(len(text))
        for _ in range(6):
            if copy.is_over:
                break
            action = more.choice(list(copy.legal_actions()))
            copy.play(action)
            twin.play(action)
        assert twin.state_key() == copy.state_key()
        assert game.state_key() == key

    for seed in range(4):
        replay_with_checks(rules, 2 + seed, seed, check)


@pytest.mark.parametrize("rules", ["usa", "europe", "mega_europe", "big_cities"])
def test_save_and_load_are_faithful(rules):
    def check(game: Game, text: str) -> None:
        loaded = Game.from_json(game.to_json())
        assert loaded.state_key() == game.state_key()
        assert loaded.to_dict() == game.to_dict()
        assert list(loaded.legal_actions()) == list(game.legal_actions())
        assert loaded.card_count() == game.card_count()
        assert loaded.ticket_count() == game.ticket_count()
        for player in range(game.num_players):
            assert loaded.observation(player) == game.observation(player)
        copy = game.copy()
        more = random.Random(len(game.history))
        for _ in range(10):
            if copy.is_over:
                break
            action = more.choice(list(copy.legal_actions()))
            copy.play(action)
            loaded.play(action)
        assert loaded.state_key() == copy.state_key()

    for seed in range(4):
        replay_with_checks(rules, 2 + seed, seed, check)


def test_save_and_load_in_the_middle_of_a_tunnel():
    game = Game("europe", 2, seed=2)
    rng = random.Random(2)
    for _ in range(3000):
        if game.phase == "tunnel" or game.is_over:
            break
        game.play(rng.choice(list(game.legal_actions())))
    assert game.phase == "tunnel"
    loaded = Game.from_json(game.to_json())
    assert loaded.state_key() == game.state_key()
    assert loaded.card_count() == 110
    assert list(loaded.legal_actions()) == list(game.legal_actions())


@pytest.mark.parametrize("rules", ["usa", "europe"])
def test_undo_restores_the_previous_position(rules):
    def check(game: Game, text: str) -> None:
        key = game.state_key()
        legal = list(game.legal_actions())
        game.play(text)
        game.undo()
        assert game.state_key() == key
        assert list(game.legal_actions()) == legal

    for seed in range(3):
        replay_with_checks(rules, 2 + seed, seed, check)


def test_undo_restores_the_saved_game_and_its_narration():
    """undo() gives back the whole game, narration included: to_dict() is unchanged."""
    game = Game("usa", 2, seed=3)
    before = game.to_dict()
    game.play(game.legal_actions()[0])
    game.undo()
    assert game.events == [e for e in Game("usa", 2, seed=3).events]
    assert game.to_dict() == before


def test_undo_without_history():
    game = Game("usa", 2, seed=3)
    with pytest.raises(IndexError):
        game.undo()
