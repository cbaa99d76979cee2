"""The end of the game: rules E1-E2 (docs/rules.md). The worked example (seats A-D, B triggers
with 2 trains, final turns C, D, A, B) is replayed in test_worked_examples.py."""

from __future__ import annotations

import pytest
from turn_helpers import assert_illegal, position

from ttr import DrawCard
from ttr.actions import DRAW_DECK, DRAW_TICKETS, PASS


def turn_order(game):
    """The seat of each turn played, from the narration (a turn may take several actions)."""
    seats = []
    for step in range(1, len(game.history) + 1):
        (seat,) = {e.player for e in game.events if e.step == step and e.player is not None}
        if not seats or seats[-1] != seat:
            seats.append(seat)
    return seats


def draw_turn(game):
    game.play("draw deck")
    if game.phase == "second_card":
        game.play("draw deck")


@pytest.mark.parametrize("trains_left", [2, 1, 0])
def test_E1_two_or_fewer_trains_start_the_final_round(trains_left):
    game = position("usa", 3, hands={"Ann": {"blue": 3}}, trains={"Ann": 3 + trains_left})
    game.play("claim Montréal-New York blue blue blue")
    assert game.trains[0] == trains_left
    assert game.final_turns_left == 3
    assert game.triggered_by == 0
    assert any("(E1)" in text for text in game.events_of(1))
    for seat in (1, 2, 0):
        assert game.current_player == seat and not game.is_over
        draw_turn(game)
    assert game.is_over


def test_E1_three_trains_do_not_trigger():
    game = position("usa", 2, hands={"Ann": {"blue": 3}}, trains={"Ann": 6})
    game.play("claim Montréal-New York blue blue blue")
    assert game.trains[0] == 3
    assert game.final_turns_left is None and game.triggered_by is None


def test_E1_last_turn_belongs_to_the_trigger_player():
    """Seats A, B, C, D; B ends a turn with 2 trains: the final turns are C, D, A, B."""
    game = position(
        "usa",
        ["A", "B", "C", "D"],
        hands={"B": {"red": 2}},
        trains={"B": 4},
    )
    draw_turn(game)
    game.play("claim Atlanta-Charleston red red")
    for _ in range(4):
        assert not game.is_over
        draw_turn(game)
    assert game.is_over
    assert [game.players[s] for s in turn_order(game)] == ["A", "B", "C", "D", "A", "B"]
    assert game.current_player == 1  # B played last
    assert any("last turn of the final round (E1)" in e for e in game.events_of(len(game.history)))


def test_E1_nothing_is_legal_once_the_game_is_over():
    game = position("usa", 2, hands={"Ann": {"blue": 3}}, trains={"Ann": 3})
    game.play("claim Montréal-New York blue blue blue")
    draw_turn(game)
    draw_turn(game)
    assert game.is_over and game.phase == "over"
    assert game.legal_actions() == []
    for action in (DRAW_DECK, DrawCard(0), DRAW_TICKETS, PASS, "draw deck"):
        message = assert_illegal(game, action, "E1")
        assert "over" in message


def test_E1_final_round_with_a_ticket_draw():
    """A ticket draw in the final round is a turn like any other (two actions)."""
    game = position(
        "usa",
        2,
        hands={"Ann": {"blue": 3}},
        trains={"Ann": 3},
        ticket_deck=["Denver-El Paso", "Kansas City-Houston", "New York-Atlanta"],
    )
    game.play("claim Montréal-New York blue blue blue")
    game.play("tickets")
    assert not game.is_over
    game.play("keep 1")
    assert not game.is_over and game.current_player == 0
    draw_turn(game)
    assert game.is_over
    assert len(game.tickets[1]) == 1


def test_E2_trigger_happens_once():
    """A triggers with 2 trains; in the final round B drops to 1 train: the round is not
    extended, and the game ends after A's last turn."""
    game = position(
        "usa",
        ["A", "B", "C"],
        hands={"A": {"red": 2}, "B": {"blue": 2}},
        trains={"A": 4, "B": 3},
    )
    game.play("claim Atlanta-Charleston red red")
    assert game.triggered_by == 0 and game.final_turns_left == 3
    game.play("claim Atlanta-Nashville blue")
    assert game.trains[1] == 2
    assert game.triggered_by == 0 and game.final_turns_left == 2
    draw_turn(game)  # C
    assert not game.is_over and game.current_player == 0
    draw_turn(game)  # A: the last turn
    assert game.is_over
    assert sum("the final round begins" in e.text for e in game.events) == 1


def test_E2_trigger_player_claiming_again_does_not_extend():
    game = position("usa", 2, hands={"Ann": {"red": 3}}, trains={"Ann": 4})
    game.play("claim Atlanta-Charleston red red")
    draw_turn(game)
    game.play("claim Atlanta-Nashville red")  # Ann's last turn, down to 1 train
    assert game.is_over
    assert game.trains[0] == 1
