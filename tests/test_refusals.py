"""Every action is checked whole before anything changes (T1 and every rule).

A refused action raises :class:`IllegalAction` and leaves the game exactly as it was, with the
narration on or off: no history entry, no card moved. Hypothesis throws generated garbage (wrong
types, out-of-range values, actions made for the other board) at random positions of random
games and checks that the saved game and the 110-card total never change.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from turn_helpers import advance

from ttr import (
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    Game,
    IllegalAction,
    KeepTickets,
    Pass,
    PayTunnel,
    TTRError,
)
from ttr.colors import DECK_SIZE

GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["red", "loco", "gray", "purple", "Berlin", "Seattle", "", " "]),
    st.lists(st.integers(-3, 8), max_size=4),
    st.tuples(st.floats(0, 3), st.floats(0, 3)),
)
SMALL = st.one_of(st.integers(-2, 110), GARBAGE)
ACTIONS = st.one_of(
    st.builds(DrawCard, SMALL),
    st.builds(Claim, SMALL, SMALL, SMALL),
    st.builds(PayTunnel, SMALL),
    st.builds(KeepTickets, st.one_of(st.tuples(SMALL, SMALL), st.tuples(SMALL), GARBAGE)),
    st.builds(BuildStation, SMALL, SMALL, SMALL),
    st.sampled_from([Decline(), DrawTickets(), Pass()]),
    GARBAGE,
)


def position(rules: str, players: int, seed: int, steps: int, record: bool) -> Game:
    """A seeded random game after ``steps`` uniform random legal actions (or at its end)."""
    return advance(Game(rules, players, seed=seed, record=record), steps, seed)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(["usa", "europe", "mega_europe"]),
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 250),
    record=st.booleans(),
    actions=st.lists(ACTIONS, min_size=1, max_size=6),
)
def test_T1_garbage_actions_change_nothing(rules, players, seed, steps, record, actions):
    game = position(rules, players, seed, steps, record)
    before, history, events = game.to_json(), game.history, len(game.events)
    for action in actions:
        try:
            legal = game.is_legal(action)
        except IllegalAction:  # is_legal answers, it never raises
            pytest.fail("is_legal raised")
        if legal:
            continue  # garbage can be a real action by chance: play it elsewhere, not here
        with pytest.raises(TTRError) as info:  # text is read as notation first
            game.play(action)
        if isinstance(info.value, IllegalAction):
            assert info.value.rule and str(info.value).startswith(info.value.rule + ":")
        else:
            assert isinstance(action, str)
        assert game.to_json() == before
        assert game.card_count() == DECK_SIZE
        assert game.history == history and len(game.events) == events


@pytest.mark.parametrize("record", [True, False])
@pytest.mark.parametrize(
    "action",
    [
        KeepTickets((0.0, 1.0)),
        KeepTickets((True, False)),
        KeepTickets([0, 1]),
        KeepTickets((0, 1, 2, 3) * 10),
    ],
    ids=repr,
)
def test_T1_a_float_or_bool_is_not_a_ticket_position(action, record):
    game = Game("usa", ["Ann", "Ben"], seed=1, record=record)
    before = game.to_json()
    with pytest.raises(IllegalAction, match="^T1: KeepTickets.keep") as info:
        game.play(action)
    assert info.value.rule == "T1"
    assert game.to_json() == before and game.history == []
    game.play(KeepTickets((0, 1)))  # the game goes on as usual
    game.undo()
    assert game.to_json() == before


@pytest.mark.parametrize("record", [True, False])
@pytest.mark.parametrize(
    "make",
    [
        lambda route: Claim(route, "red", 1.0),
        lambda route: Claim(route, "red", True),
        lambda route: Claim(float(route), "red", 0),
        lambda route: Claim(route, ["red"], 0),
        lambda route: Claim(route, 3, 0),
    ],
    ids=["float locomotives", "bool locomotives", "float route", "list colour", "int colour"],
)
def test_T1_claim_fields_are_checked_before_anything_moves(make, record):
    game = Game.staged("usa", 2, 1, tickets={}, hands={0: {"red": 5, "loco": 2}}, record=record)
    route = game.board.route("Nashville-Saint Louis").id
    before = game.to_json()
    with pytest.raises(IllegalAction, match="^T1: Claim"):
        game.play(make(route))
    assert game.to_json() == before and game.card_count() == DECK_SIZE


@pytest.mark.parametrize("record", [True, False])
def test_T1_station_and_tunnel_fields(record):
    game = Game.staged("europe", 2, 1, tickets={}, hands={0: {"red": 6, "loco": 2}}, record=record)
    before = game.to_json()
    for bad in (
        BuildStation("Berlin", "red", 0.5),
        BuildStation(["Berlin"], "red", 0),
        BuildStation("B" * 10_000, "red", 0),
        PayTunnel(1.0),
    ):
        with pytest.raises(IllegalAction):
            game.play(bad)
        assert game.to_json() == before
    game.play("claim Barcelona-Pamplona red red")  # a tunnel: its extra cost may be pending
    if game.phase == "tunnel":
        pending = game.to_json()
        for bad in (PayTunnel(1.0), PayTunnel(-1), PayTunnel(None), PayTunnel(10**30)):
            with pytest.raises(IllegalAction):
                game.play(bad)
            assert game.to_json() == pending


def test_T1_not_an_action_at_all():
    game = Game("europe", 3, seed=2)
    for thing in (None, 5, object(), {"draw": 1}, ["draw", "deck"], b"draw deck"):
        with pytest.raises(IllegalAction, match="^T1: .* is not an action"):
            game.play(thing)


def test_actions_for_the_other_board_are_refused_with_the_rule():
    game = Game.staged("usa", 2, 1, tickets={}, hands={0: {"red": 6}})
    with pytest.raises(IllegalAction, match="^ST1: there are no stations"):
        game.play(BuildStation("Berlin", "red", 0))
    with pytest.raises(IllegalAction, match="^C1: there is no route 500"):
        game.play(Claim(500, "red", 0))
    europe = Game.staged("europe", 2, 1, tickets={}, hands={0: {"red": 6}})
    with pytest.raises(IllegalAction, match="^ST1: there is no city 'Seattle'"):
        europe.play(BuildStation("Seattle", "red", 0))
