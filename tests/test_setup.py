"""Setup rules S1-S6 and the Europe variants V1-V4 (docs/rules.md).

Games here are dealt from a seed; the opening ticket choices are played with ``keep`` actions.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from turn_helpers import assert_illegal, position

from ttr import DrawCard, Game, KeepTickets
from ttr.cards import full_deck
from ttr.colors import LOCOMOTIVE

ALL_RULES = ("usa", "europe", "mega_europe", "europa_1912", "big_cities")


def keep(*numbers: int) -> KeepTickets:
    """``keep(1, 3)`` is the notation ``keep 1 3`` (tickets numbered from 1)."""
    return KeepTickets(tuple(n - 1 for n in numbers))


def offered(game: Game) -> list[int]:
    assert game.offer is not None
    return list(game.offer.tickets)


def ticket_deck(game: Game) -> list[int]:
    """The ticket deck, top first (the saved-game order)."""
    return game.to_dict()["state"]["ticket_deck"]


def finish_opening(game: Game) -> Game:
    """Every player keeps the fewest tickets allowed, taking the first ones."""
    while game.phase == "opening":
        game.play(game.legal_actions()[0])
    return game


# ---------------------------------------------------------------------------------------------
# S1-S3: pieces, hands, market


@pytest.mark.parametrize("rules, stations", [("usa", 0), ("europe", 3), ("big_cities", 3)])
@pytest.mark.parametrize("players", [2, 5])
def test_S1_trains_score_and_stations(rules, stations, players):
    game = Game(rules, players, seed=11)
    assert game.trains == [45] * players
    assert game.route_points == [0] * players
    assert game.stations_left == [stations] * players
    assert game.stations == {}
    assert all(owner is None for owner in game.owner)


@pytest.mark.parametrize("players", [1, 6, ["Ann", "Ann"]], ids=["1", "6", "same-names"])
def test_S1_two_to_five_players_with_different_names(players):
    with pytest.raises(ValueError):
        Game("usa", players, seed=0)


@pytest.mark.parametrize("rules", ALL_RULES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_S2_four_cards_each_and_all_110_accounted(rules, players):
    game = Game(rules, players, seed=players)
    assert [sum(h.values()) for h in game.hands] == [4] * players
    assert game.card_count() == 110
    on_table = len(game.cards.deck) + len(game.cards.discard) + 5
    assert on_table == 110 - 4 * players


def test_S2_hands_are_dealt_before_the_market():
    """The first 4 cards off the shuffled deck go to Ann, the next 4 to Ben, then 5 face up."""
    for seed in range(50):
        game = Game("usa", 2, seed=seed)
        if not game.counts["market_resets"]:
            break
    deck = full_deck()
    random.Random(seed).shuffle(deck)  # the engine's deck: deck[-1] is the top card
    order = deck[::-1]
    assert game.hands[0] == {**dict.fromkeys(game.hands[0], 0), **Counter(order[0:4])}
    assert game.hands[1] == {**dict.fromkeys(game.hands[1], 0), **Counter(order[4:8])}
    assert game.cards.market == order[8:13]


@pytest.mark.parametrize("rules", ["usa", "europe"])
def test_S3_market_never_opens_with_three_locomotives(rules):
    for seed in range(200):
        game = Game(rules, 4, seed=seed)
        market = game.cards.market
        assert len(market) == 5 and None not in market
        assert market.count(LOCOMOTIVE) <= 2, seed


def test_S3_three_locomotives_at_the_deal_are_redealt():
    """Find a seed whose first market showed 3+ locomotives: it was discarded and redealt."""
    for seed in range(500):
        game = Game("usa", 2, seed=seed)
        if game.counts["market_resets"]:
            break
    else:
        pytest.fail("no seed below 500 redeals the opening market")
    resets = game.counts["market_resets"]
    assert game.cards.market.count(LOCOMOTIVE) <= 2
    assert len(game.cards.discard) == 5 * resets  # each reset discards the 5 cards shown
    assert game.cards.discard.count(LOCOMOTIVE) >= 3
    assert any("(S3)" in text for text in game.events_of(0))  # the deal's market: S3


# ---------------------------------------------------------------------------------------------
# S4: USA opening


def test_S4_usa_deals_three_tickets_and_keeps_at_least_two():
    game = Game("usa", 3, seed=5)
    assert game.phase == "opening"
    assert len(offered(game)) == 3
    assert list(game.legal_actions()) == [keep(1, 2), keep(1, 3), keep(2, 3), keep(1, 2, 3)]
    message = assert_illegal(game, keep(2), "S4")
    assert "at least 2" in message
    assert_illegal(game, KeepTickets(()), "S4")
    assert_illegal(game, KeepTickets((0, 5)), "S4")
    assert_illegal(game, KeepTickets((1, 0)), "S4")  # numbers in order, each once
    assert_illegal(game, KeepTickets((1, 1)), "S4")


def test_S4_usa_returned_ticket_goes_to_the_bottom():
    game = Game("usa", 2, seed=5)
    deck_before = ticket_deck(game)
    first, second, third = offered(game)
    game.play(keep(1, 3))
    assert game.tickets[0] == [first, third]
    assert ticket_deck(game) == deck_before + [second]


def test_S4_usa_keeping_all_three_returns_nothing():
    game = Game("usa", 2, seed=5)
    deck_before = ticket_deck(game)
    game.play(keep(1, 2, 3))
    assert len(game.tickets[0]) == 3
    assert ticket_deck(game) == deck_before


def test_S4_usa_ticket_deck_after_the_deal():
    game = Game("usa", 4, seed=2)
    assert len(game.ticket_deck) == 30 - 3 * 4
    assert game.box == []
    assert game.ticket_count() == 30


# ---------------------------------------------------------------------------------------------
# S5: Europe opening


def test_S5_europe_deals_one_long_and_three_regular():
    game = Game("europe", 3, seed=8)
    for seat in range(3):
        assert game.current_player == seat
        tickets = [game.ticket_pool[t] for t in offered(game)]
        assert [t.long for t in tickets] == [True, False, False, False]
        game.play(keep(1, 2))
    # The long tickets nobody was dealt went back to the box unseen; the deck is all regular.
    assert len(game.ticket_deck) == 40 - 3 * 3
    assert not any(game.ticket_pool[t].long for t in game.ticket_deck)


def test_S5_europe_keep_at_least_two_any_mix():
    game = Game("europe", 2, seed=8)
    assert len(game.legal_actions()) == 11  # C(4,2) + C(4,3) + C(4,4) = 6 + 4 + 1
    assert_illegal(game, keep(1), "S5")
    assert_illegal(game, keep(3), "S5")
    assert game.is_legal(keep(2, 3))  # two regular tickets, no long one
    assert game.is_legal(keep(1, 4))  # the long one and a regular one


def test_S5_europe_unkept_tickets_leave_the_game():
    game = Game("europe", 2, seed=8)
    deck_before = ticket_deck(game)
    box_before = list(game.box)
    assert len(box_before) == 6 - 2  # undealt long tickets
    long_ticket, r1, r2, r3 = offered(game)
    game.play(keep(2, 3))  # returns the long ticket and the third regular one
    assert game.tickets[0] == [r1, r2]
    assert ticket_deck(game) == deck_before  # nothing goes back into the deck
    assert game.box == box_before + [long_ticket, r3]
    assert game.ticket_count() == 46


# ---------------------------------------------------------------------------------------------
# S6: opening order, secrecy, then the first turn


def test_S6_opening_choices_in_seat_order_then_first_player_starts():
    game = Game("usa", 4, seed=3)
    for seat in range(4):
        assert game.phase == "opening" and game.current_player == seat
        # Nobody draws or claims before every opening choice is made (T3).
        assert_illegal(game, DrawCard(None), "T3")
        game.play(keep(1, 2, 3))
    assert game.phase == "turn"
    assert game.current_player == 0
    assert game.turn == 0


def test_S6_returned_opening_tickets_go_under_the_deck_in_seat_order():
    """Ann's returned ticket goes to the bottom first, then Ben's under it, then Cat's."""
    game = Game("usa", 3, seed=4)
    deck_before = ticket_deck(game)
    returned = []
    for _ in range(3):
        returned.append(offered(game)[1])
        game.play(keep(1, 3))
    assert ticket_deck(game) == deck_before + returned  # top first: Ann's is drawn first


def test_S6_opening_offer_is_secret():
    game = Game("usa", 3, seed=4)
    mine = game.observation(0)
    assert len(mine["offer"]) == 3
    for other in (1, 2):
        seen = game.observation(other)
        assert "offer" not in seen
        assert "hand" in seen and seen["hand"] == game.hands[other]


# ---------------------------------------------------------------------------------------------
# V1-V4: the Europe variants


def test_V1_europe_base_uses_the_europe_tickets():
    game = Game("europe", 2, seed=1)
    assert game.ticket_pool == game.board.ticket_sets["base"]
    assert len(game.ticket_pool) == 46
    assert game.rules.ticket_draw == 3 and game.rules.ticket_keep_min == 1
    finish_opening(game)
    game.play("tickets")
    assert len(offered(game)) == 3
    assert_illegal(game, KeepTickets(()), "K1")


def test_V2_mega_europe_ticket_pool():
    game = Game("mega_europe", 2, seed=1)
    pool = game.ticket_pool
    assert len(pool) == 46 + 55
    assert sum(t.long for t in pool) == 12
    assert sum(not t.long for t in pool) == 89


def test_V2_mega_europe_two_long_tickets_keep_at_most_one():
    game = Game("mega_europe", 3, seed=2)
    assert len(game.box) == 12 - 2 * 3  # long tickets not dealt: back to the box unseen
    assert len(offered(game)) == 2
    assert all(game.ticket_pool[t].long for t in offered(game))
    assert list(game.legal_actions()) == [KeepTickets(()), keep(1), keep(2)]
    message = assert_illegal(game, keep(1, 2), "V2")
    assert "at most 1" in message
    box_before = list(game.box)
    first, second = offered(game)
    game.play(keep(2))
    assert game.tickets[0] == [second]
    assert game.box == box_before + [first]


def test_V2_mega_europe_regular_round_minimum_depends_on_the_long_ticket():
    game = Game("mega_europe", 2, seed=2)
    game.play(keep(1))  # Ann keeps a long ticket
    game.play(KeepTickets(()))  # Ben keeps none
    # Round two: 5 regular tickets each.
    assert game.current_player == 0
    assert len(offered(game)) == 5
    assert not any(game.ticket_pool[t].long for t in offered(game))
    assert len(game.legal_actions()) == 10 + 10 + 5 + 1  # keep 2, 3, 4 or 5 of 5
    assert_illegal(game, keep(1), "V2")
    deck_before = ticket_deck(game)
    game.play(keep(1, 2))
    assert game.current_player == 1
    assert len(game.legal_actions()) == 10 + 5 + 1  # without a long ticket: keep 3, 4 or 5
    assert_illegal(game, keep(1, 2), "V2")
    game.play(keep(1, 2, 3))
    assert game.phase == "turn" and game.current_player == 0
    # Unkept regular tickets went under the deck (shuffled): Ann's 3 first, then Ben's 2.
    deck = ticket_deck(game)
    assert deck[: len(deck_before)] == deck_before
    assert len(deck) == len(deck_before) + 3 + 2
    assert game.ticket_count() == 101


def test_V2_mega_europe_unkept_regular_tickets_are_shuffled_to_the_bottom():
    game = Game("mega_europe", 2, seed=2)
    game.play(KeepTickets(()))
    game.play(KeepTickets(()))
    deck_before = ticket_deck(game)
    five = offered(game)
    game.play(keep(1, 2, 3))
    returned = five[3:]
    assert ticket_deck(game) == deck_before  # set aside until everyone has chosen
    others = offered(game)
    game.play(keep(1, 2, 4))
    returned += [others[2], others[4]]
    # all the unkept tickets are shuffled together and go under the deck (V2)
    assert ticket_deck(game)[:-4] == deck_before
    assert sorted(ticket_deck(game)[-4:]) == sorted(returned)


def test_V3_europa_1912_uses_the_1912_tickets_with_the_base_opening():
    game = Game("europa_1912", 3, seed=6)
    assert game.ticket_pool == game.board.ticket_sets["1912"]
    assert len(game.ticket_pool) == 55
    tickets = [game.ticket_pool[t] for t in offered(game)]
    assert [t.long for t in tickets] == [True, False, False, False]
    assert len(game.legal_actions()) == 11
    assert_illegal(game, keep(4), "V3")
    deck_before = ticket_deck(game)
    box_before = list(game.box)
    assert len(box_before) == 6 - 3
    long_ticket, _, _, r3 = offered(game)
    game.play(keep(2, 3))
    assert ticket_deck(game) == deck_before
    assert game.box == box_before + [long_ticket, r3]
    finish_opening(game)
    game.play("tickets")
    assert len(offered(game)) == 3


def test_V4_big_cities_deals_five_keep_two_and_draws_four():
    game = Game("big_cities", 2, seed=9)
    assert game.ticket_pool == game.board.ticket_sets["big_cities"]
    assert len(game.ticket_pool) == 45 and not any(t.long for t in game.ticket_pool)
    assert game.box == []
    assert len(offered(game)) == 5
    assert len(game.legal_actions()) == 26  # keep 2, 3, 4 or 5 of 5
    assert_illegal(game, keep(5), "V4")
    deck_before = ticket_deck(game)
    five = offered(game)
    game.play(keep(1, 5))
    assert ticket_deck(game) == deck_before  # set aside until everyone has chosen
    others = offered(game)
    game.play(keep(1, 2, 3, 4, 5))
    assert game.phase == "turn"
    assert ticket_deck(game)[:-3] == deck_before
    assert sorted(ticket_deck(game)[-3:]) == sorted(five[1:4])  # shuffled under the deck (V4)
    assert not set(others) & set(ticket_deck(game))
    game.play("tickets")
    assert len(offered(game)) == 4
    assert len(game.legal_actions()) == 15  # keep at least 1 of 4
    assert_illegal(game, KeepTickets(()), "V4")


@pytest.mark.parametrize(
    "rules, first_offer",
    [("usa", 3), ("europe", 4), ("mega_europe", 2), ("europa_1912", 4), ("big_cities", 5)],
)
def test_V1_V4_opening_offer_size_per_rule_set(rules, first_offer):
    game = Game(rules, 5, seed=0)
    assert len(offered(game)) == first_offer
    finish_opening(game)
    assert game.ticket_count() == len(game.ticket_pool)
    assert all(len(t) >= 2 for t in game.tickets)


def test_V2_keep_counts_match_combinations():
    """Mega Europe, second round, with and without a long ticket: every legal keep listed."""
    game = Game("mega_europe", 2, seed=3)
    game.play(keep(1))
    game.play(KeepTickets(()))
    with_long = {a.keep for a in game.legal_actions()}
    assert with_long == {c for k in range(2, 6) for c in combinations(range(5), k)}


def test_V4_in_play_draw_from_a_staged_position():
    game = position(
        "big_cities",
        ticket_deck=[
            "Paris-Wien",
            "London-Berlin",
            "Madrid-Zurich",
            "Edinburgh-Paris",
            "Athina-Angora",
        ],
    )
    game.play("tickets")
    assert [game.board.ticket_ref(game.ticket_pool[t]) for t in offered(game)] == [
        "Paris-Wien",
        "London-Berlin",
        "Madrid-Zürich",
        "Edinburgh-Paris",
    ]
