"""The undo stack: ``undo()`` puts back the position before the last action exactly, from a
small record kept per action (nothing is replayed), with the narration on or off."""

from __future__ import annotations

import json
import random

import pytest

from ttr import DrawCard, Game
from ttr.legal import LegalActions
from ttr.state import (
    FIELDS,
    REBASE,
    RandomState,
    State,
    TicketOffer,
    TunnelAttempt,
    _shuffle,
    snapshot,
    undo,
)
from ttr.turn import CHANGES, RECORDERS


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
    played_actions = game.actions
    for key, action in zip(reversed(positions), reversed(played_actions), strict=True):
        assert game.peek() == action
        assert game.undo() == action
        assert game.state_key() == key
    assert game.actions_played == 0 and game.history == []
    with pytest.raises(IndexError):
        game.undo()
    with pytest.raises(IndexError):
        game.peek()
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


def test_the_inlined_shuffle_is_random_shuffle():
    """The engine's shuffle draws the same numbers as :meth:`random.Random.shuffle`: same seed,
    same order and the same generator state after, for every size (so seeded games stay)."""
    for size in (*range(12), 46, 110, 255, 256, 300):
        for seed in range(3):
            ours, theirs = random.Random(seed), random.Random(seed)
            items, expected = list(range(size)), list(range(size))
            _shuffle(ours, items)
            theirs.shuffle(expected)
            assert items == expected
            assert ours.getstate() == theirs.getstate()


def test_games_played_in_turn_draw_what_they_draw_alone():
    """The generator follows the game being played; games played in turn (and a copy that
    goes back in time) still get their own chance outcomes, past many reshuffles."""

    def hoard(game: Game, rng: random.Random) -> None:  # draws empty the deck: reshuffles
        legal = game.legal_actions()
        draws = [a for a in legal if isinstance(a, DrawCard)]
        game.play(rng.choice(draws or list(legal)))

    alone = []
    for seed in (1, 2):
        game, rng = Game("usa", 2, seed=seed, record=False), random.Random(seed)
        while not game.is_over:
            hoard(game, rng)
        alone.append(game.to_json())
    assert json.loads(alone[0])["state"]["counts"]["reshuffles"] > REBASE
    games = [Game("usa", 2, seed=seed, record=False) for seed in (1, 2)]
    rngs = [random.Random(seed) for seed in (1, 2)]
    while not all(game.is_over for game in games):
        for game, rng in zip(games, rngs, strict=True):
            if not game.is_over:
                hoard(game, rng)
                back = game.copy()  # a copy that undoes and plays on moves the generator
                back.undo()
                if not back.is_over:
                    hoard(back, random.Random(len(back.history)))
    assert [game.to_json() for game in games] == alone


@pytest.mark.parametrize(
    "rules,players",
    [("usa", 2), ("usa", 5), ("europe", 3), ("europe", 5), ("mega_europe", 4), ("big_cities", 2)],
)
def test_no_action_changes_a_field_its_undo_record_does_not_keep(rules, players):
    """Each kind of action keeps in its undo record only the fields it may change
    (``ttr.turn.CHANGES``); in random games (uniform, and hoarding cards to reach reshuffles,
    short draws and the D9 guard) no action changes any other field."""
    for seed in range(6):
        game, rng = Game(rules, players, seed=seed, record=seed % 2 == 0), random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            draws = [a for a in legal if isinstance(a, DrawCard)] if seed % 3 == 2 else []
            action = rng.choice(draws) if draws else legal[rng.randrange(len(legal))]
            before = snapshot(game.state)
            game.play(action)
            after = snapshot(game.state)
            kept = CHANGES[type(action)]
            changed = {  # (equal is unchanged: a compiled State boxes a large int anew)
                name
                for name, old, new in zip(FIELDS, before, after, strict=True)
                if name not in kept and old is not new and old != new
            }
            assert not changed, (type(action).__name__, changed)


INT_FIELDS = ("top", "current_player", "turn", "final_turns_left", "triggered_by", "passes_in_row")
"""The state's fields that hold numbers (the others not named below hold tuples)."""


def distinct_state(tag: str) -> tuple[State, dict[str, object]]:
    """A state whose every field holds a value of its type equal to no other field's (nor to
    any field's in a state of another ``tag``), and those values by field name."""
    values: dict[str, object] = {}
    for number, name in enumerate(FIELDS):
        if name == "rng":
            value: object = RandomState(number, (len(tag),))
        elif name == "offer":
            value = TicketOffer(number, (), 0, 1, "box", tag)
        elif name == "tunnel":
            value = TunnelAttempt(number, tag, 0, (), 1)
        elif name == "loop_guard":
            value = tag == "after"
        elif name in INT_FIELDS:
            value = 1000 * len(tag) + number
        elif name == "phase":
            value = f"{tag} {name}"
        elif name in ("stations", "counts"):
            value = {tag: number}
        else:
            value = ((tag, number),)
        values[name] = value
    return State(**values), values


@pytest.mark.parametrize("kind", list(CHANGES), ids=lambda kind: kind.__name__)
def test_each_undo_record_keeps_exactly_the_fields_its_action_may_change(kind):
    """The written-out recorder of each kind of action keeps exactly the fields of
    ``ttr.turn.CHANGES`` (in ``FIELDS`` order), and its restorer puts back those and no other."""
    before, old = distinct_state("before")
    assert snapshot(before) == tuple(old[name] for name in FIELDS)
    action = object()
    record = RECORDERS[kind](before, action, 17)
    kept = [name for name in FIELDS if name in CHANGES[kind]]
    assert record[1:] == (17, action, *(old[name] for name in kept))
    after, new = distinct_state("after")
    undo(after, record)
    assert snapshot(after) == tuple(old[name] if name in kept else new[name] for name in FIELDS)


@pytest.mark.parametrize("rules,players", [("usa", 2), ("europe", 3)])
def test_legal_actions_are_the_same_lazy_sequence_in_every_phase(rules, players):
    game = Game(rules, players, seed=5, record=False)
    rng = random.Random(5)
    phases = set()
    while not game.is_over:
        legal = game.legal_actions()
        assert type(legal) is LegalActions, game.phase
        assert list(legal) == [legal[i] for i in range(len(legal))] and legal == list(legal)
        phases.add(game.phase)
        game.play(legal[rng.randrange(len(legal))])
    assert type(game.legal_actions()) is LegalActions and len(game.legal_actions()) == 0
    assert {"opening", "turn", "second_card"} <= phases
