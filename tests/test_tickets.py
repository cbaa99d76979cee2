"""Destination tickets during play: rules K1-K3 (docs/rules.md). The opening deal is S4-S5/V1-V4.

Scenarios give the ticket deck top first; the saved game
(``to_dict()["state"]["ticket_deck"]``) lists it
the same way.
"""

from __future__ import annotations

import pytest
from turn_helpers import assert_illegal, position, ticket_deck_top_first, ticket_refs

from ttr import KeepTickets
from ttr.actions import DRAW_TICKETS

USA_DECK = [
    "Denver-El Paso",
    "Kansas City-Houston",
    "New York-Atlanta",
    "Calgary-Salt Lake City",
    "Chicago-New Orleans",
]


def offer(game):
    return ticket_refs(game, game.offer.tickets)


def keep(*numbers):
    return KeepTickets(tuple(n - 1 for n in numbers))


# ---------------------------------------------------------------------------------------------
# K1: draw 3, keep at least 1, the rest to the bottom in the order drawn


def test_K1_draw_three_from_the_top():
    game = position("usa", ticket_deck=USA_DECK)
    game.play("tickets")
    assert game.phase == "tickets" and game.current_player == 0
    assert offer(game) == USA_DECK[:3]
    assert ticket_deck_top_first(game) == USA_DECK[3:]
    assert game.ticket_count() == 30


def test_K1_keep_at_least_one():
    game = position("usa", ticket_deck=USA_DECK)
    game.play("tickets")
    assert len(game.legal_actions()) == 7  # every non-empty subset of 3
    message = assert_illegal(game, KeepTickets(()), "K1")
    assert "at least 1" in message
    assert_illegal(game, "keep none", "K1")
    assert_illegal(game, keep(4), "K1")


def test_K1_returned_tickets_go_to_the_bottom_in_drawn_order():
    game = position("usa", ticket_deck=USA_DECK)
    game.play("tickets")
    game.play("keep 2")
    assert ticket_refs(game, game.tickets[0]) == [USA_DECK[1]]
    # Top first: the untouched tickets, then the first returned, then the second.
    assert ticket_deck_top_first(game) == USA_DECK[3:] + [USA_DECK[0], USA_DECK[2]]
    assert game.current_player == 1 and game.phase == "turn"


def test_K1_first_returned_ticket_is_drawn_first_again():
    game = position("usa", ticket_deck=USA_DECK[:4])
    game.play("tickets")
    game.play("keep 2")  # returns Denver-El Paso, then New York-Atlanta
    game.play("tickets")  # Ben: Calgary-Salt Lake City, Denver-El Paso, New York-Atlanta
    assert offer(game) == [USA_DECK[3], USA_DECK[0], USA_DECK[2]]


def test_K1_keep_all_three():
    game = position("usa", ticket_deck=USA_DECK)
    game.play("tickets")
    game.play("keep 1 2 3")
    assert ticket_refs(game, game.tickets[0]) == USA_DECK[:3]
    assert ticket_deck_top_first(game) == USA_DECK[3:]


@pytest.mark.parametrize("left, actions", [(2, 3), (1, 1)])
def test_K1_fewer_tickets_than_three_in_the_deck(left, actions):
    game = position("usa", ticket_deck=USA_DECK[:left])
    game.play("tickets")
    assert offer(game) == USA_DECK[:left]
    assert len(game.legal_actions()) == actions
    assert_illegal(game, KeepTickets(()), "K1")  # keep at least 1, even of 1 or 2
    game.play(keep(*range(1, left + 1)))
    assert ticket_deck_top_first(game) == []


def test_K1_europe_in_play_returns_to_the_bottom_too():
    deck = ["Paris-Wien", "Berlin-Roma", "Amsterdam-Pamplona", "Brest-Marseille"]
    game = position("europe", ticket_deck=deck)
    box = list(game.box)
    game.play("tickets")
    game.play("keep 3")
    assert ticket_deck_top_first(game) == ["Brest-Marseille", "Paris-Wien", "Berlin-Roma"]
    assert game.box == box  # nothing goes to the box during play
    assert game.ticket_count() == 46


# ---------------------------------------------------------------------------------------------
# K2: empty ticket deck


def test_K2_empty_ticket_deck_no_draw():
    game = position("usa", ticket_deck=[])
    assert DRAW_TICKETS not in game.legal_actions()
    message = assert_illegal(game, DRAW_TICKETS, "K2")
    assert "empty" in message
    assert_illegal(game, "tickets", "K2")


def test_K2_deck_emptied_by_a_draw():
    game = position("usa", ticket_deck=USA_DECK[:3])
    game.play("tickets")
    game.play("keep 1 2 3")
    assert DRAW_TICKETS not in game.legal_actions()
    assert_illegal(game, DRAW_TICKETS, "K2")


# ---------------------------------------------------------------------------------------------
# K3: secret, never discarded, no limit


def test_K3_kept_tickets_are_secret():
    """Two positions that differ only in Ann's tickets (same number) look the same to Ben and
    Cat; Ann sees her own."""
    rest = USA_DECK[2:]
    one = position("usa", 3, tickets={"Ann": ["Boston-Miami", "Denver-El Paso"]}, ticket_deck=rest)
    two = position(
        "usa", 3, tickets={"Ann": ["Dallas-New York", "Duluth-Houston"]}, ticket_deck=rest
    )
    assert one.observation(0)["tickets"] == ["Boston-Miami", "Denver-El Paso"]
    for other in (1, 2):
        assert one.observation(other) == two.observation(other)
        assert one.observation(other)["ticket_counts"] == [2, 0, 0]


def test_K3_ticket_offer_is_secret():
    game = position("usa", ticket_deck=USA_DECK)
    game.play("tickets")
    assert len(game.observation(0)["offer"]) == 3
    assert "offer" not in game.observation(1)


def test_K3_tickets_are_kept_for_good_and_without_limit():
    many = [
        "Boston-Miami",
        "Calgary-Phoenix",
        "Chicago-Santa Fe",
        "Seattle-Los Angeles",
        "Denver-Pittsburgh",
        "Duluth-El Paso",
        "Duluth-Houston",
        "Helena-Los Angeles",
        "Los Angeles-Chicago",
        "Los Angeles-Miami",
    ]
    game = position("usa", tickets={"Ann": many}, ticket_deck=USA_DECK)
    game.play("tickets")
    assert offer(game) == USA_DECK[:3]  # the offer holds only the new tickets
    game.play("keep 1")
    assert ticket_refs(game, game.tickets[0]) == many + [USA_DECK[0]]
    assert game.ticket_count() == 30
