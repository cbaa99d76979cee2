"""Drawing train cards: rules D1-D10 (docs/rules.md).

Positions are staged with exact decks and markets (``deck`` lists the top card first). To empty
the deck and the discard pile, the cards not placed are put in Ben's hand (``cards_except``).
"""

from __future__ import annotations

import random

from turn_helpers import assert_illegal, cards_except, deck_top_first, hand, position

from ttr import DrawCard
from ttr.actions import DRAW_DECK
from ttr.cards import check_locomotives
from ttr.colors import LOCOMOTIVE
from ttr.state import empty_state, make_setup

MARKET = ["red", "blue", "green", "white", "yellow"]


def dry(market, deck=(), discard=(), ann=None, **fields):
    """A USA position where only ``deck`` and ``discard`` hold cards; Ben holds the rest."""
    ann = {} if ann is None else ann
    rest = cards_except([c for c in market if c], deck, discard, ann)
    return position(
        "usa",
        market=market,
        deck=list(deck),
        discard=list(discard),
        hands={"Ann": ann, "Ben": rest},
        **fields,
    )


# ---------------------------------------------------------------------------------------------
# D1: two cards, one at a time, face up or blind


def test_D1_draw_offers_each_face_up_card_and_the_deck():
    game = position("usa", market=MARKET)
    actions = list(game.legal_actions())
    assert actions[:6] == [
        DrawCard(0),
        DrawCard(1),
        DrawCard(2),
        DrawCard(3),
        DrawCard(4),
        DRAW_DECK,
    ]


def test_D1_two_cards_one_at_a_time():
    game = position("usa", market=MARKET, deck=["pink", "orange", "black"], hands={"Ann": {}})
    game.play("draw deck")
    assert game.phase == "second_card" and game.current_player == 0
    assert hand(game, "Ann") == {"pink": 1}
    game.play("draw 1")
    assert game.phase == "turn" and game.current_player == 1
    assert hand(game, "Ann") == {"pink": 1, "red": 1}
    assert game.turn == 1


def test_D1_no_such_face_up_slot():
    game = position("usa", market=MARKET)
    message = assert_illegal(game, DrawCard(5), "D1")
    assert "slot 6" in message
    assert_illegal(game, DrawCard(-1), "D1")
    assert_illegal(game, "draw 9", "D1")


# ---------------------------------------------------------------------------------------------
# D2: the slot is refilled at once


def test_D2_taken_slot_is_refilled_before_the_second_choice():
    game = position("usa", market=MARKET, deck=["orange", "pink", "black"])
    game.play("draw 2")
    assert game.cards.market == ["red", "orange", "green", "white", "yellow"]
    assert game.phase == "second_card"
    assert DrawCard(1) in game.legal_actions()  # the new orange card may be the second card
    game.play("draw 2")
    assert game.cards.market == ["red", "pink", "green", "white", "yellow"]
    assert deck_top_first(game)[0] == "black"


# ---------------------------------------------------------------------------------------------
# D3: a face-up locomotive first is the whole draw


def test_D3_face_up_locomotive_first_is_the_whole_draw():
    market = ["loco", "blue", "green", "white", "yellow"]
    game = position("usa", market=market, deck=["red"], hands={"Ann": {}})
    game.play("draw 1")
    assert hand(game, "Ann") == {"loco": 1}
    assert game.phase == "turn" and game.current_player == 1
    assert game.cards.market[0] == "red"
    assert any("(D3)" in text for text in game.events_of(1))


def test_D3_blind_locomotive_is_not_the_whole_draw():
    """Only a face-up locomotive ends the draw; see D5 for the deck."""
    game = position("usa", market=MARKET, deck=["loco", "pink"], hands={"Ann": {}})
    game.play("draw deck")
    assert game.phase == "second_card"


# ---------------------------------------------------------------------------------------------
# D4: never a face-up locomotive as the second card


def test_D4_face_up_locomotive_never_second_card():
    market = ["red", "loco", "green", "white", "yellow"]
    game = position("usa", market=market, deck=["pink", "orange"])
    game.play("draw 1")
    message = assert_illegal(game, DrawCard(1), "D4")
    assert "second card" in message
    assert list(game.legal_actions()) == [
        DrawCard(0),
        DrawCard(2),
        DrawCard(3),
        DrawCard(4),
        DRAW_DECK,
    ]


def test_D4_locomotive_turned_up_by_the_refill_is_refused_too():
    game = position("usa", market=MARKET, deck=["loco", "orange", "pink"], hands={"Ann": {}})
    game.play("draw 1")
    assert game.cards.market[0] == LOCOMOTIVE
    assert_illegal(game, DrawCard(0), "D4")
    assert_illegal(game, "draw 1", "D4")
    game.play("draw 2")
    assert hand(game, "Ann") == {"red": 1, "blue": 1}
    assert game.current_player == 1


def test_D4_second_card_may_still_come_blind_and_be_a_locomotive():
    game = position("usa", market=MARKET, deck=["orange", "loco"], hands={"Ann": {}})
    game.play("draw 1")
    game.play("draw deck")
    assert hand(game, "Ann") == {"red": 1, "loco": 1}


# ---------------------------------------------------------------------------------------------
# D5: a blind locomotive is an ordinary card


def test_D5_blind_locomotive_counts_as_one_card_and_the_draw_goes_on():
    game = position("usa", market=MARKET, deck=["loco", "loco"], hands={"Ann": {}})
    game.play("draw deck")
    assert hand(game, "Ann") == {"loco": 1}
    assert game.phase == "second_card" and game.current_player == 0
    game.play("draw deck")
    assert hand(game, "Ann") == {"loco": 2}
    assert game.current_player == 1


# ---------------------------------------------------------------------------------------------
# D6: three face-up locomotives reset the market; re-check; taken cards stay


def test_D6_third_locomotive_by_refill_resets_and_rechecks():
    market = ["loco", "loco", "red", "blue", "green"]
    first_redeal = ["loco", "loco", "loco", "white", "black"]
    second_redeal = ["orange", "loco", "yellow", "green", "white"]
    game = position(
        "usa",
        market=market,
        deck=["loco", *first_redeal, *second_redeal, "pink"],
        hands={"Ann": {}},
    )
    game.play("draw 3")
    # The refill made 3 locomotives: reset; the new market had 3 again: reset once more.
    assert game.counts["market_resets"] == 2
    assert game.cards.market == second_redeal
    assert sorted(game.cards.discard) == sorted(
        ["loco", "loco", "loco", "blue", "green", *first_redeal]
    )
    # The red card already taken stays in Ann's hand, and her draw goes on.
    assert hand(game, "Ann") == {"red": 1}
    assert game.phase == "second_card" and game.current_player == 0
    # The locomotive of the new market still cannot be the second card (D4).
    assert_illegal(game, DrawCard(1), "D4")
    game.play("draw 1")
    assert hand(game, "Ann") == {"red": 1, "orange": 1}
    assert game.cards.market[0] == "pink"


def test_D6_reset_after_the_second_card_refill():
    """The refill after the second card can reset the market too; both cards stay."""
    market = ["loco", "loco", "red", "blue", "green"]
    new_market = ["white", "black", "orange", "pink", "yellow"]
    game = position("usa", market=market, deck=["white", "loco", *new_market], hands={"Ann": {}})
    game.play("draw 3")
    assert game.cards.market == ["loco", "loco", "white", "blue", "green"]
    game.play("draw 4")
    assert game.counts["market_resets"] == 1
    assert game.cards.market == new_market
    assert hand(game, "Ann") == {"red": 1, "blue": 1}
    assert game.current_player == 1


def test_D6_market_never_shows_three_locomotives_after_a_reset():
    market = ["loco", "loco", "red", "blue", "green"]
    for seed in range(20):
        game = position("usa", seed=seed, market=market, deck=["loco"])
        game.play("draw 3")
        assert game.counts["market_resets"] >= 1
        assert game.cards.market.count(LOCOMOTIVE) <= 2


# ---------------------------------------------------------------------------------------------
# D7: empty deck: reshuffle the discard pile; both empty: no card; end-of-turn refill


def test_D7_blind_draw_from_an_empty_deck_reshuffles_the_discard_pile():
    game = position("usa", market=MARKET, deck=[], rest="discard")
    assert game.cards.deck == []
    pile = len(game.cards.discard)
    game.play("draw deck")
    assert game.counts["reshuffles"] == 1
    assert len(game.cards.deck) == pile - 1
    assert game.cards.discard == []
    assert game.card_count() == 110
    assert any("(D7)" in text for text in game.events_of(1))


def test_D7_refill_from_an_empty_deck_reshuffles_the_discard_pile():
    game = dry(MARKET, deck=[], discard=["black", "black"])
    game.play("draw 1")
    assert game.cards.market[0] == "black"
    assert game.counts["reshuffles"] == 1
    assert len(game.cards.deck) == 1 and game.cards.discard == []


def test_D7_blind_draw_illegal_when_deck_and_discard_are_empty():
    game = dry(MARKET)
    assert DRAW_DECK not in game.legal_actions()
    message = assert_illegal(game, DRAW_DECK, "D7")
    assert "empty" in message
    assert_illegal(game, "draw deck", "D7")


def test_D7_market_may_be_short_when_no_card_is_left():
    game = dry(MARKET)
    game.play("draw 1")
    assert game.cards.market == [None, "blue", "green", "white", "yellow"]
    assert_illegal(game, DrawCard(0), "D7")  # an empty slot cannot be taken
    assert DrawCard(0) not in game.legal_actions()
    game.play("draw 2")
    assert game.cards.market == [None, None, "green", "white", "yellow"]
    assert game.current_player == 1
    assert game.card_count() == 110


def test_D7_empty_slots_are_refilled_at_the_end_of_a_turn():
    """Ann empties two slots; Ben pays 2 red for a route; at the end of his turn the discard
    pile is shuffled into a deck and the two slots are refilled from it."""
    game = dry(MARKET)
    game.play("draw 1")
    game.play("draw 2")
    assert game.cards.market.count(None) == 2
    game.play("claim Atlanta-Charleston red red")
    assert game.cards.market == ["red", "red", "green", "white", "yellow"]
    assert game.cards.deck == [] and game.cards.discard == []
    assert game.counts["reshuffles"] == 1
    assert game.card_count() == 110


def test_D7_end_of_turn_refill_applies_D6():
    """Ann leaves two slots empty; Ben pays red + 2 locomotives; the refill at the end of his
    turn draws from those 3 cards. Find a seed where it turns up both locomotives: the market
    then shows 3 and is reset (D6), as after any refill."""
    for seed in range(50):
        game = dry(["loco", "red", "blue", "green", "white"], seed=seed)
        game.play("draw 2")
        game.play("draw 3")
        assert game.cards.market == ["loco", None, None, "green", "white"]
        game.play("claim Montréal-Toronto red loco loco")
        if game.counts["market_resets"]:
            break
    else:
        raise AssertionError("no seed below 50 turns up both locomotives")
    assert any("(D6)" in text for text in game.events_of(3))
    assert None not in game.cards.market
    assert game.cards.market.count(LOCOMOTIVE) <= 2 or game.counts["loop_guard_stops"]
    assert game.card_count() == 110


# ---------------------------------------------------------------------------------------------
# D8: no legal second card: the draw ends with one card


def test_D8_draw_ends_with_one_card_when_only_locomotives_are_left():
    game = dry(["red", "loco", "loco", None, None])
    game.play("draw 1")
    assert game.cards.market == [None, "loco", "loco", None, None]
    assert hand(game, "Ann") == {"red": 1}
    assert game.phase == "turn" and game.current_player == 1
    assert game.counts["short_draws"] == 1
    assert any("(D8)" in text for text in game.events_of(1))


def test_D8_draw_ends_with_one_card_when_the_market_is_empty():
    game = dry([None, None, None, None, None], deck=["red"])
    game.play("draw deck")
    assert hand(game, "Ann") == {"red": 1}
    assert game.current_player == 1
    assert game.counts["short_draws"] == 1


def test_D8_second_card_exists_while_one_non_locomotive_is_face_up():
    game = dry(["red", "loco", "blue", None, None])
    game.play("draw 1")
    assert game.phase == "second_card"
    assert list(game.legal_actions()) == [DrawCard(2)]


# ---------------------------------------------------------------------------------------------
# D9: the loop guard


def test_D9_no_reset_when_fewer_than_three_other_cards_exist():
    """After Ann takes the red card, only blue and green are not locomotives: no reset."""
    game = dry(["loco", "loco", "red", "blue", "green"], deck=["loco"])
    game.play("draw 3")
    assert game.cards.market == ["loco", "loco", "loco", "blue", "green"]
    assert game.counts["market_resets"] == 0
    assert game.counts["loop_guard_stops"] == 1
    assert any("(D9)" in text for text in game.events_of(1))
    # The game goes on: the second card is blue or green.
    assert list(game.legal_actions()) == [DrawCard(3), DrawCard(4)]
    game.play("draw 4")
    assert hand(game, "Ann") == {"red": 1, "blue": 1}


def test_D9_at_most_ten_resets_in_a_row():
    """17 cards left in play, 14 of them locomotives: almost every new market shows 3 or more.
    With this seed the 10th reset still shows 3+ locomotives; the engine stops there."""
    market = ["loco", "loco", "red", "blue", "green"]
    discard = ["loco"] * 11 + ["white"]
    game = dry(market, deck=["loco"], discard=discard, seed=0)
    game.play("draw 3")
    assert game.counts["market_resets"] == 10
    assert game.counts["loop_guard_stops"] == 1
    assert game.cards.market.count(LOCOMOTIVE) >= 3
    assert game.phase == "second_card"
    assert game.card_count() == 110
    assert any("10 times" in text for text in game.events_of(1))


def test_D9_reset_limit_unit():
    """The market rules alone: locomotives above 3 red cards; the 11th reset in a row is refused."""
    setup, state = bare_cards(deck=["red"] * 3 + [LOCOMOTIVE] * 60, market=[LOCOMOTIVE] * 5)
    check_locomotives(setup, state, None, None)
    assert state.counts["market_resets"] == 10
    assert state.counts["loop_guard_stops"] == 1
    assert state.market == (LOCOMOTIVE,) * 5 and state.loop_guard
    assert len(state.discard) == 50


def bare_cards(deck, market, discard=()):
    """A state holding only these cards (the deck's top card last), for the market rules alone."""
    setup = make_setup("usa", 2)
    state = empty_state(setup, random.Random(0))
    state.deck, state.top = tuple(deck), len(deck)
    state.market, state.discard = tuple(market), tuple(discard)
    return setup, state


def test_D9_guard_unit_counts_deck_discard_and_market():
    market = [LOCOMOTIVE, LOCOMOTIVE, LOCOMOTIVE, LOCOMOTIVE, "green"]
    setup, state = bare_cards([LOCOMOTIVE] * 5 + ["red"], market, discard=["blue"])
    check_locomotives(setup, state, None, None)  # red + blue + green = 3 others: a reset helps
    assert state.counts["market_resets"] >= 1
    setup, state = bare_cards([LOCOMOTIVE] * 5 + ["red"], market)
    check_locomotives(setup, state, None, None)  # only red + green: no reset
    assert state.counts.get("market_resets", 0) == 0
    assert state.counts["loop_guard_stops"] == 1


# ---------------------------------------------------------------------------------------------
# D10: no hand limit; hands are hidden


def test_D10_no_hand_limit():
    big = {"red": 11, "blue": 11, "green": 11, "white": 11, "loco": 14}
    game = position("usa", market=MARKET, hands={"Ann": big})
    assert sum(game.hands[0].values()) == 58
    assert DRAW_DECK in game.legal_actions()
    game.play("draw deck")
    game.play("draw deck")
    assert sum(game.hands[0].values()) == 60


def test_D10_hands_are_hidden_from_other_players():
    """Two positions that differ only in Ann's cards (same number) look the same to Ben."""
    one = position("usa", 3, market=MARKET, hands={"Ann": {"red": 3}, "Ben": {"blue": 2}})
    two = position(
        "usa", 3, market=MARKET, hands={"Ann": {"black": 2, "loco": 1}, "Ben": {"blue": 2}}
    )
    assert one.observation(1) == two.observation(1)
    assert one.observation(0) != two.observation(0)
    seen = one.observation(1)
    assert seen["hand"] == one.hands[1]
    assert seen["hand_sizes"] == [3, 2, 4]
