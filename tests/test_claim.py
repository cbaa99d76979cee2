"""Claiming routes: rules C1-C9 (docs/rules.md), with ferries (C6) and tunnels (C7-C9) on Europe.

A ``Claim(route, color, locomotives)`` pays ``locomotives`` wild cards and the rest in ``color``;
``color`` is None for a payment with locomotives only.
"""

from __future__ import annotations

import pytest
from turn_helpers import (
    assert_illegal,
    cards_except,
    claim,
    hand,
    position,
    route_id,
)

from ttr import Claim, DrawCard
from ttr.actions import DECLINE, DRAW_DECK, PayTunnel
from ttr.colors import LOCOMOTIVE

QUIET_MARKET = ["white", "black", "yellow", "orange", "pink"]


def claims_of(game, ref):
    """The legal claims of one route (by reference), in the engine's order."""
    rid = route_id(game, ref)
    return [a for a in game.legal_actions() if isinstance(a, Claim) and a.route == rid]


def europe(ann, deck=(), discard=None, players=2, **fields):
    """A Europe position with Ann's hand and the deck's top cards given."""
    data = dict(market=QUIET_MARKET, deck=list(deck), hands={"Ann": ann, "Ben": {"blue": 2}})
    if discard is not None:  # an exact discard pile; every other card goes to Ben
        data["discard"] = list(discard)
        data["hands"]["Ben"] = cards_except(QUIET_MARKET, deck, discard, ann)
    data.update(fields)
    return position("europe", players, **data)


# ---------------------------------------------------------------------------------------------
# C1: one whole route; enough trains (the exact last ones are fine)


def test_C1_claim_fills_the_whole_route_at_once():
    game = position("usa", hands={"Ann": {"blue": 3}})
    game.play("claim Montréal-New York blue blue blue")
    assert game.trains[0] == 42
    assert game.route_owner(route_id(game, "Montreal-New York")) == 0
    assert game.current_player == 1  # a claim is the whole turn (T1)


def test_C1_exact_last_trains_allowed():
    game = position("usa", hands={"Ann": {"blue": 3}}, trains={"Ann": 3})
    action = claim(game, "Montréal-New York", "blue")
    assert action in game.legal_actions()
    game.play(action)
    assert game.trains[0] == 0


def test_C1_too_few_trains_refused():
    game = position("usa", hands={"Ann": {"blue": 3}}, trains={"Ann": 2})
    action = claim(game, "Montréal-New York", "blue")
    message = assert_illegal(game, action, "C1")
    assert "needs 3 trains" in message and "2 left" in message
    assert not any(isinstance(a, Claim) and a.route == action.route for a in game.legal_actions())


def test_C1_claimed_route_refused():
    game = position("usa", hands={"Ann": {"blue": 3}}, routes={"Ben": ["Montréal-New York"]})
    message = assert_illegal(game, claim(game, "Montréal-New York", "blue"), "C1")
    assert "already claimed by Ben" in message


def test_C1_unknown_route_id_refused():
    game = position("usa")
    assert_illegal(game, Claim(100, "red", 0), "C1")
    assert_illegal(game, Claim(-1, "red", 0), "C1")


# ---------------------------------------------------------------------------------------------
# C2: pay the length; coloured routes in their colour; gray routes in any one colour


def test_C2_coloured_route_takes_its_colour_or_locomotives():
    game = position("usa", hands={"Ann": {"blue": 3, "red": 5, "loco": 2}})
    assert claims_of(game, "Montréal-New York") == [
        claim(game, "Montréal-New York", "blue", 0),
        claim(game, "Montréal-New York", "blue", 1),
        claim(game, "Montréal-New York", "blue", 2),
    ]
    message = assert_illegal(game, claim(game, "Montréal-New York", "red"), "C2")
    assert "blue" in message and "red" in message


def test_C2_gray_route_any_one_colour_never_mixed():
    game = position("usa", hands={"Ann": {"red": 2, "blue": 1, "loco": 1}})
    assert claims_of(game, "Atlanta-Charleston") == [
        claim(game, "Atlanta-Charleston", "blue", 1),
        claim(game, "Atlanta-Charleston", "red", 0),
        claim(game, "Atlanta-Charleston", "red", 1),
    ]
    message = assert_illegal(game, "claim Atlanta-Charleston red blue", "C2")
    assert "one colour" in message
    game.play("claim Atlanta-Charleston blue loco")
    assert hand(game, "Ann") == {"red": 2}


def test_C2_locomotives_only_allowed():
    game = position("usa", hands={"Ann": {"loco": 3}})
    # Exactly one way to pay with locomotives only, not one per colour.
    assert claims_of(game, "Atlanta-Charleston") == [claim(game, "Atlanta-Charleston", None, 2)]
    assert claims_of(game, "Montréal-New York") == [claim(game, "Montréal-New York", None, 3)]
    game.play("claim Montréal-New York loco loco loco")
    assert hand(game, "Ann") == {}
    assert game.cards.discard == [LOCOMOTIVE] * 3


def test_C2_not_enough_cards_refused():
    game = position("usa", hands={"Ann": {"blue": 2, "loco": 0}})
    message = assert_illegal(game, claim(game, "Montréal-New York", "blue"), "C2")
    assert "2 blue" in message
    assert_illegal(game, claim(game, "Montréal-New York", "blue", 1), "C2")
    assert_illegal(game, claim(game, "Montréal-New York", None, 3), "C2")
    assert claims_of(game, "Montréal-New York") == []


def test_C2_malformed_payments_refused():
    game = position("usa", hands={"Ann": {"blue": 3, "loco": 3}})
    assert_illegal(game, claim(game, "Atlanta-Charleston", "gray"), "C2")
    assert_illegal(game, claim(game, "Atlanta-Charleston", "blue", 2), "C2")  # no blue card paid
    assert_illegal(game, claim(game, "Atlanta-Charleston", None, 1), "C2")
    assert_illegal(game, claim(game, "Atlanta-Charleston", "blue", 3), "C2")
    assert_illegal(game, claim(game, "Atlanta-Charleston", "blue", -1), "C2")


def test_C2_long_route_spends_only_its_length_and_deducts_locomotives():
    game = position("usa", hands={"Ann": {"red": 8, "loco": 2}})
    game.play(claim(game, "Miami-New Orleans", "red", 1))
    assert hand(game, "Ann") == {"red": 3, "loco": 1}
    assert sorted(game.cards.discard) == sorted(["red"] * 5 + ["loco"])


# ---------------------------------------------------------------------------------------------
# C3: paid cards to the discard pile; points at once


@pytest.mark.parametrize(
    "rules, ref, cards, points",
    [
        ("usa", "Atlanta-Nashville", {"red": 1}, 1),
        ("usa", "Atlanta-Charleston", {"red": 2}, 2),
        ("usa", "Montréal-New York", {"blue": 3}, 4),
        ("usa", "Atlanta-New Orleans (orange)", {"orange": 4}, 7),
        ("usa", "Atlanta-Miami", {"blue": 5}, 10),
        ("usa", "Miami-New Orleans", {"red": 6}, 15),
        ("europe", "Petrograd-Stockholm", {"red": 8}, 21),
    ],
)
def test_C3_route_points_by_length_and_cards_discarded(rules, ref, cards, points):
    ((color, count),) = cards.items()
    game = position(
        rules, market=QUIET_MARKET, hands={"Ann": cards}, deck=["green", "green", "green"]
    )
    discard_before = list(game.cards.discard)
    game.play(claim(game, ref, color))
    assert game.route_points == [points, 0]
    assert sorted(game.cards.discard) == sorted(
        discard_before + [color] * count + (["green"] * 3 if rules == "europe" else [])
    )
    assert hand(game, "Ann") == {}
    assert game.trains[0] == 45 - count


# ---------------------------------------------------------------------------------------------
# C4: routes need not connect


def test_C4_route_need_not_touch_the_players_network():
    game = position(
        "usa",
        hands={"Ann": {"blue": 5, "red": 6}},
        routes={"Ann": ["Seattle-Vancouver"]},
    )
    game.play("claim Atlanta-Miami blue blue blue blue blue")
    game.play("draw deck")
    game.play("draw deck")
    game.play(claim(game, "Miami-New Orleans", "red"))
    assert {r.id for r in game.routes_of(0)} == {
        route_id(game, "Seattle-Vancouver"),
        route_id(game, "Atlanta-Miami"),
        route_id(game, "Miami-New Orleans"),
    }


# ---------------------------------------------------------------------------------------------
# C5: double routes


@pytest.mark.parametrize("players", [2, 3])
def test_C5_double_closed_for_everyone_at_two_or_three_players(players):
    game = position("usa", players, hands={"Ann": {"orange": 4, "yellow": 4}, "Ben": {"yellow": 4}})
    assert claims_of(game, "Atlanta-New Orleans (yellow)")  # both free: either may be claimed
    game.play("claim Atlanta-New Orleans (orange) orange orange orange orange")
    yellow = claim(game, "Atlanta-New Orleans (yellow)", "yellow")
    message = assert_illegal(game, yellow, "C5")
    assert f"{players} players" in message
    # Ann herself cannot take it either.
    game.play("draw deck")
    game.play("draw deck")
    if players == 3:
        game.play("draw deck")
        game.play("draw deck")
    assert game.current_player == 0
    assert_illegal(game, yellow, "C5")


@pytest.mark.parametrize("players", [4, 5])
def test_C5_double_open_to_others_never_to_the_same_player_at_four_or_five(players):
    game = position("usa", players, hands={"Ann": {"orange": 4, "yellow": 4}, "Ben": {"yellow": 4}})
    game.play("claim Atlanta-New Orleans (orange) orange orange orange orange")
    yellow = claim(game, "Atlanta-New Orleans (yellow)", "yellow")
    assert yellow in game.legal_actions()  # Ben may take the twin
    copy = game.copy()
    copy.play(yellow)
    assert copy.route_owner(yellow.route) == 1
    for _ in range(players - 1):
        game.play("draw deck")
        game.play("draw deck")
    assert game.current_player == 0
    message = assert_illegal(game, yellow, "C5")
    assert "both" in message


def test_C5_player_may_claim_the_twin_they_can_afford():
    game = position("usa", 2, hands={"Ann": {"yellow": 4}})
    assert claims_of(game, "Atlanta-New Orleans (yellow)") == [
        claim(game, "Atlanta-New Orleans (yellow)", "yellow")
    ]
    game.play("claim Atlanta-New Orleans yellow yellow yellow yellow")
    assert game.route_owner(route_id(game, "Atlanta-New Orleans (yellow)")) == 0


@pytest.mark.parametrize("players, open_to_ben", [(2, False), (4, True)])
def test_C5_identical_gray_double(players, open_to_ben):
    game = position("usa", players, hands={"Ann": {"red": 1}, "Ben": {"blue": 1}})
    first, second = game.board.find_routes("Portland-Seattle")
    game.play("claim Portland-Seattle red")
    owned = [r.id for r in game.routes_of(0)]
    assert len(owned) == 1 and owned[0] in (first.id, second.id)
    other = second.id if owned[0] == first.id else first.id
    assert (Claim(other, "blue", 0) in game.legal_actions()) == open_to_ben
    if not open_to_ben:
        assert_illegal(game, Claim(other, "blue", 0), "C5")


def test_C5_identical_double_claims_are_listed_as_they_are_accepted():
    """Both routes of Portland-Seattle (gray, length 1) are free. Whatever play() accepts must
    be a legal action (and the other way round), or replays and perft counts disagree."""
    game = position("usa", 2, hands={"Ann": {"red": 1}})
    first, second = game.board.find_routes("Portland-Seattle")
    for route in (first, second):
        action = Claim(route.id, "red", 0)
        assert game.is_legal(action) == (action in game.legal_actions()), route.id


def test_C5_second_identical_route_is_refused_and_the_first_survives_undo():
    """While both Portland-Seattle routes are free, the engine takes the first as the move (the
    two are the same move) and refuses the second by id; a claim, a draw and an undo give back
    the position after the claim."""
    game = position("usa", 2, hands={"Ann": {"red": 1}})
    first, second = game.board.find_routes("Portland-Seattle")
    assert_illegal(game, Claim(second.id, "red", 0), "C5")
    game.play(Claim(first.id, "red", 0))
    key = game.state_key()
    game.play("draw deck")
    game.undo()
    assert game.state_key() == key
    assert game.route_owner(first.id) == 0 and game.route_owner(second.id) is None


# ---------------------------------------------------------------------------------------------
# C6: ferries need their locomotives


def test_C6_ferry_needs_its_locomotives():
    game = europe({"red": 2, "blue": 1, "loco": 2})
    assert claims_of(game, "Athina-Smyrna") == [
        claim(game, "Athina-Smyrna", "blue", 1),
        claim(game, "Athina-Smyrna", "red", 1),
        claim(game, "Athina-Smyrna", None, 2),
    ]
    message = assert_illegal(game, claim(game, "Athina-Smyrna", "red", 0), "C6")
    assert "at least 1 locomotive" in message
    game.play("claim Athina-Smyrna red loco")
    assert hand(game, "Ann") == {"red": 1, "blue": 1, "loco": 1}


def test_C6_ferry_with_two_symbols_and_no_locomotive_in_hand():
    game = europe({"red": 6, "loco": 1})
    assert claims_of(game, "Amsterdam-London") == []
    assert claims_of(game, "Palermo-Smyrna") == []
    assert_illegal(game, claim(game, "Amsterdam-London", None, 2), "C2")
    assert_illegal(game, claim(game, "Palermo-Smyrna", "red", 1), "C6")
    assert claims_of(game, "Athina-Smyrna") == [claim(game, "Athina-Smyrna", "red", 1)]


def test_C6_long_ferry_rest_in_one_colour_or_more_locomotives():
    game = europe({"green": 4, "loco": 3})
    assert claims_of(game, "Palermo-Smyrna") == [
        claim(game, "Palermo-Smyrna", "green", 2),
        claim(game, "Palermo-Smyrna", "green", 3),
    ]


# ---------------------------------------------------------------------------------------------
# C7: tunnels


def test_C7_revealed_colour_and_locomotives_cost_extra():
    game = europe({"red": 4, "loco": 2}, deck=["red", "loco", "green", "white"])
    game.play("claim Barcelona-Pamplona red red")
    assert game.phase == "tunnel" and game.current_player == 0
    assert game.tunnel.revealed == ("red", "loco", "green")
    assert game.tunnel.extra == 2
    assert game.card_count() == 110  # played and revealed cards are held aside
    assert hand(game, "Ann") == {"red": 2, "loco": 2}
    # The extra may mix red and locomotives, exactly 2 cards.
    assert list(game.legal_actions()) == [PayTunnel(0), PayTunnel(1), PayTunnel(2), DECLINE]
    assert game.observation(1)["tunnel"]["revealed"] == ["red", "loco", "green"]
    game.play("pay red loco")
    assert game.route_owner(route_id(game, "Barcelona-Pamplona")) == 0
    assert hand(game, "Ann") == {"red": 1, "loco": 1}
    assert sorted(game.cards.discard) == sorted(["red"] * 3 + ["loco", "red", "loco", "green"])
    assert game.current_player == 1 and game.phase == "turn"


def test_C7_paid_colour_and_locomotive_both_count_revealed_locomotives():
    game = europe({"blue": 2, "loco": 3}, deck=["loco", "blue", "white"])
    game.play("claim München-Venezia blue loco")
    assert game.tunnel.extra == 2
    assert list(game.legal_actions()) == [PayTunnel(1), PayTunnel(2), DECLINE]
    assert_illegal(game, PayTunnel(0), "C7")  # only 1 blue left in hand


def test_C7_extra_must_be_exactly_that_many():
    game = europe({"red": 5, "loco": 2}, deck=["red", "green", "white"])
    game.play("claim Barcelona-Pamplona red red")
    assert game.tunnel.extra == 1
    assert_illegal(game, PayTunnel(2), "C7")
    assert_illegal(game, "pay red red", "C7")
    assert_illegal(game, "pay blue", "C7")
    game.play("pay red")
    assert hand(game, "Ann") == {"red": 2, "loco": 2}


def test_C7_locomotives_only_payment_counts_only_revealed_locomotives():
    game = europe({"red": 3, "loco": 4}, deck=["red", "loco", "red"])
    game.play("claim Barcelona-Pamplona loco loco")
    assert game.tunnel.color is None
    assert game.tunnel.extra == 1  # the two red cards do not count
    assert list(game.legal_actions()) == [PayTunnel(1), DECLINE]
    assert_illegal(game, PayTunnel(0), "C7")
    assert_illegal(game, "pay red", "C7")
    game.play("pay loco")
    assert hand(game, "Ann") == {"red": 3, "loco": 1}


def test_C7_locomotives_only_payment_extra_cannot_be_paid_in_colour():
    game = europe({"red": 3, "loco": 2}, deck=["loco", "green", "red"])
    game.play("claim Barcelona-Pamplona loco loco")
    assert game.tunnel.extra == 1
    assert list(game.legal_actions()) == [DECLINE]  # no locomotive left, red does not do


def test_C7_no_match_claims_the_tunnel_at_once():
    game = europe({"red": 2}, deck=["green", "blue", "white", "black"])
    game.play("claim Barcelona-Pamplona red red")
    assert game.phase == "turn" and game.current_player == 1
    assert game.route_owner(route_id(game, "Barcelona-Pamplona")) == 0
    assert sorted(game.cards.discard) == sorted(["red", "red", "green", "blue", "white"])
    assert game.to_dict()["state"]["deck"][0] == "black"


def test_C7_coloured_tunnel():
    game = europe({"red": 3, "loco": 0}, deck=["red", "red", "loco"])
    game.play("claim Erzurum-Sochi red red red")
    assert game.tunnel.extra == 3
    assert list(game.legal_actions()) == [DECLINE]


def test_C7_refused_payments_leave_the_tunnel_pending():
    game = europe({"red": 2, "loco": 1}, deck=["red", "green", "white"])
    game.play("claim Barcelona-Pamplona red red")
    assert_illegal(game, PayTunnel(0), "C7")  # no red left
    assert_illegal(game, DRAW_DECK, "T3")
    assert_illegal(game, DrawCard(0), "T3")
    game.play("pay loco")
    assert hand(game, "Ann") == {}


# ---------------------------------------------------------------------------------------------
# C8: declining


def test_C8_decline_returns_the_cards_and_ends_the_turn():
    game = europe({"red": 3, "loco": 2}, deck=["red", "loco", "white", "black"])
    hand_before = hand(game, "Ann")
    discard_before = list(game.cards.discard)
    game.play("claim Barcelona-Pamplona red loco")
    assert game.tunnel.extra == 2
    assert PayTunnel(1) in game.legal_actions()  # she could pay: she declines anyway
    game.play("decline")
    assert hand(game, "Ann") == hand_before
    assert game.route_owner(route_id(game, "Barcelona-Pamplona")) is None
    assert game.trains[0] == 45 and game.route_points[0] == 0
    assert game.phase == "turn" and game.current_player == 1
    assert sorted(game.cards.discard) == sorted(discard_before + ["red", "loco", "white"])
    assert game.card_count() == 110
    assert any("(C8)" in text for text in game.events_of(2))


def test_C8_unable_to_pay_so_decline_is_the_only_choice():
    game = europe({"red": 2}, deck=["red", "green", "white"])
    game.play("claim Barcelona-Pamplona red red")
    assert list(game.legal_actions()) == [DECLINE]
    assert any("(C8)" in text for text in game.events_of(1))
    game.play("decline")
    assert hand(game, "Ann") == {"red": 2}
    assert game.current_player == 1


# ---------------------------------------------------------------------------------------------
# C9: a short deck for the reveal


def test_C9_short_deck_reshuffles_the_discard_but_not_the_played_cards():
    game = europe({"red": 2}, deck=["green"], discard=["blue", "blue"])
    game.play("claim Barcelona-Pamplona red red")
    assert game.counts["reshuffles"] == 1
    # Only the discard pile (blue, blue) was shuffled in: the red cards in play were not.
    assert game.phase == "turn"
    assert game.route_owner(route_id(game, "Barcelona-Pamplona")) == 0
    assert sorted(game.cards.discard) == sorted(["red", "red", "green", "blue", "blue"])
    assert game.cards.deck == []


def test_C9_reveal_what_there_is():
    game = europe({"red": 3}, deck=["red"], discard=[])
    game.play("claim Barcelona-Pamplona red red")
    assert game.tunnel.revealed == ("red",)
    assert game.tunnel.extra == 1
    assert any("(C9)" in text for text in game.events_of(1))
    assert game.card_count() == 110
    game.play("pay red")
    assert game.route_owner(route_id(game, "Barcelona-Pamplona")) == 0


def test_C9_nothing_to_reveal_costs_nothing_extra():
    game = europe({"red": 2}, deck=[], discard=[])
    game.play("claim Barcelona-Pamplona red red")
    assert game.phase == "turn" and game.current_player == 1
    assert game.route_owner(route_id(game, "Barcelona-Pamplona")) == 0
    assert game.cards.discard == ["red", "red"]
    assert game.card_count() == 110
