"""Building stations (Europe): rules ST1-ST2 (docs/rules.md). Their end-game use (ST3-ST6) is
scored in ttr/scoring and tested there."""

from __future__ import annotations

import pytest
from turn_helpers import assert_illegal, hand, position

from ttr import BuildStation

EUROPE_CITIES = 47


def stations_offered(game):
    return [a for a in game.legal_actions() if isinstance(a, BuildStation)]


# ---------------------------------------------------------------------------------------------
# ST1: any free city, one per turn, at most 3


def test_ST1_any_city_without_a_station_even_with_no_routes():
    game = position("europe", hands={"Ann": {"red": 1}})
    offered = stations_offered(game)
    assert [a.city for a in offered] == list(game.board.cities)
    assert len(offered) == EUROPE_CITIES  # one way to pay: 1 red
    game.play("station Lisboa red")  # nobody has a route near Lisboa
    assert game.stations == {"Lisboa": 0}
    assert game.stations_left == [2, 3]
    assert game.current_player == 1  # the station was the whole turn


def test_ST1_one_station_per_city():
    game = position("europe", hands={"Ann": {"red": 3}}, stations={"Ben": ["Berlin"]})
    message = assert_illegal(game, BuildStation("Berlin", "red", 0), "ST1")
    assert "Berlin already has a station" in message and "Ben" in message
    assert "Berlin" not in {a.city for a in stations_offered(game)}
    assert len(stations_offered(game)) == EUROPE_CITIES - 1


def test_ST1_own_city_cannot_take_a_second_station():
    game = position("europe", hands={"Ann": {"red": 3}}, stations={"Ann": ["Berlin"]})
    assert_illegal(game, BuildStation("Berlin", "red", 0), "ST1")


def test_ST1_at_most_three_per_player():
    game = position(
        "europe", hands={"Ann": {"red": 6}}, stations={"Ann": ["Paris", "Wien", "Roma"]}
    )
    assert game.stations_left[0] == 0
    assert stations_offered(game) == []
    message = assert_illegal(game, BuildStation("Berlin", "red", 0), "ST1")
    assert "all 3" in message


def test_ST1_three_stations_over_three_turns():
    game = position("europe", hands={"Ann": {"red": 6}, "Ben": {"blue": 10}})
    for city, cards in (("Paris", "red"), ("Wien", "red red"), ("Roma", "red red red")):
        game.play(f"station {city} {cards}")
        game.play("draw deck")
        game.play("draw deck")
    assert game.stations == {"Paris": 0, "Wien": 0, "Roma": 0}
    assert game.stations_left[0] == 0
    assert_illegal(game, BuildStation("Berlin", "red", 0), "ST1")


def test_ST1_unknown_city():
    game = position("europe", hands={"Ann": {"red": 1}})
    assert_illegal(game, BuildStation("Atlantis", "red", 0), "ST1")


def test_ST1_no_stations_in_usa():
    game = position("usa", hands={"Ann": {"red": 1}})
    assert stations_offered(game) == []
    message = assert_illegal(game, BuildStation("Atlanta", "red", 0), "ST1")
    assert "no stations" in message


# ---------------------------------------------------------------------------------------------
# ST2: 1, 2, 3 cards of one colour; locomotives stand in


def test_ST2_first_station_one_card_of_any_colour():
    game = position("europe", hands={"Ann": {"red": 2, "blue": 1, "loco": 1}})
    payments = {(a.color, a.locomotives) for a in stations_offered(game)}
    assert payments == {("blue", 0), ("red", 0), (None, 1)}
    game.play("station Berlin loco")
    assert hand(game, "Ann") == {"red": 2, "blue": 1}
    assert game.cards.discard == ["loco"]


@pytest.mark.parametrize(
    "built, payments",
    [
        # 2nd station, 2 cards: 2 red, red + loco, blue + loco, 2 locos.
        (["Paris"], {("red", 0), ("red", 1), ("blue", 1), (None, 2)}),
        # 3rd station, 3 cards: 2 red + loco, red + 2 locos, blue + 2 locos.
        (["Paris", "Wien"], {("red", 1), ("red", 2), ("blue", 2)}),
    ],
)
def test_ST2_later_stations_cost_more_cards_of_one_colour(built, payments):
    game = position(
        "europe", hands={"Ann": {"red": 2, "blue": 1, "loco": 2}}, stations={"Ann": built}
    )
    offered = stations_offered(game)
    assert {(a.color, a.locomotives) for a in offered} == payments
    assert len(offered) == (EUROPE_CITIES - len(built)) * len(payments)


def test_ST2_second_station_two_of_one_colour_never_mixed():
    game = position("europe", hands={"Ann": {"red": 1, "blue": 1}}, stations={"Ann": ["Paris"]})
    assert stations_offered(game) == []
    message = assert_illegal(game, "station Berlin red blue", "ST2")
    assert "one colour" in message
    message = assert_illegal(game, BuildStation("Berlin", "red", 0), "ST2")
    assert "second station costs 2" in message


def test_ST2_third_station_three_cards_to_the_discard():
    game = position(
        "europe", hands={"Ann": {"green": 2, "loco": 1}}, stations={"Ann": ["Paris", "Wien"]}
    )
    assert_illegal(game, "station Berlin green green", "ST2")  # two cards listed for three
    game.play("station Berlin green green loco")
    assert hand(game, "Ann") == {}
    assert sorted(game.cards.discard) == ["green", "green", "loco"]
    assert game.stations_left[0] == 0


def test_ST2_not_enough_cards():
    game = position("europe", hands={"Ann": {}})
    assert stations_offered(game) == []
    assert_illegal(game, BuildStation("Berlin", "red", 0), "ST2")
    assert_illegal(game, BuildStation("Berlin", None, 1), "ST2")
