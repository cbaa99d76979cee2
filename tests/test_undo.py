"""The undo stack: ``undo()`` puts back the position before the last action exactly, from a
small record kept per action (nothing is replayed), with the narration on or off."""

from __future__ import annotations

import random

import pytest

from ttr import Game


def played(rules: str, players: int, seed: int, record: bool) -> tuple[Game, list[str]]:
    """A seeded random game to its end, and the saved position before each action."""
    game = Game(rules, players, seed=seed, record=record)
    rng = random.Random(seed)
    positions = []
    while not game.is_over:
        positions.append(game.state_key())
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    return game, positions


@pytest.mark.parametrize("record", [False, True])
@pytest.mark.parametrize("rules,players", [("usa", 2), ("europe", 4), ("mega_europe", 3)])
def test_undo_restores_every_position_exactly(rules, players, record):
    game, positions = played(rules, players, 7, record)
    final = game.to_json()
    for key in reversed(positions):
        game.undo()
        assert game.state_key() == key
    assert game.actions_played == 0 and game.history == []
    with pytest.raises(IndexError):
        game.undo()
    redo, _ = played(rules, players, 7, record)
    assert redo.to_json() == final


def test_undo_replays_nothing(monkeypatch):
    game, _ = played("europe", 5, 3, record=False)
    steps = game.actions_played
    monkeypatch.setattr(Game, "play", lambda *a: pytest.fail("undo must not replay the game"))
    for _ in range(steps):
        game.undo()
    assert game.state_key() == Game("europe", 5, seed=3, record=False).state_key()


def test_undo_takes_back_the_narration_of_the_step():
    game = Game("usa", 2, seed=1)
    game.play("keep 1 2")
    count = len(game.events)
    game.play("keep 1 2 3")
    assert len(game.events) > count
    game.undo()
    assert len(game.events) == count and game.events_of(2) == []


def test_undo_of_a_tunnel_and_a_reshuffle_restores_the_generator():
    """The same action after an undo has the same chance outcome: the random state is part of
    the position."""
    game = Game.staged(
        "europe",
        2,
        4,
        tickets={},
        hands={0: {"red": 3}},
        deck=["green"],
        rest="discard",
    )
    before = game.to_json()
    game.play("claim Barcelona-Pamplona red red")  # reveals 1 card, then reshuffles (C9)
    after = game.to_json()
    assert game.counts["reshuffles"] == 1
    game.undo()
    assert game.to_json() == before
    game.play("claim Barcelona-Pamplona red red")
    assert game.to_json() == after


def test_copies_share_the_past_but_not_the_future():
    game, _ = played("usa", 3, 5, record=True)
    other = game.copy()
    other.undo()
    other.undo()
    assert game.actions_played == other.actions_played + 2
    assert game.is_over and not other.is_over
    assert game.root().state_key() == other.root().state_key()
