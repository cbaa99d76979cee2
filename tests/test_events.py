"""Structured events: every step of a game as data (kind and data), chance outcomes included,
with the English narration rendered from them (:mod:`ttr.narration`)."""

from __future__ import annotations

import random

import pytest
from turn_helpers import cards_except, position

from ttr import Game, PlayerError
from ttr.colors import LOCOMOTIVE
from ttr.events import Kind


def kinds(game: Game, step: int) -> list[str]:
    return [e.kind for e in game.events if e.step == step]


def event(game: Game, step: int, kind: str):
    return next(e for e in game.events if e.step == step and e.kind == kind)


def test_draws_record_the_card_and_where_it_came_from():
    game = position(
        "usa", market=["red", "blue", "green", "white", "yellow"], deck=["pink", "black"]
    )
    game.play("draw 2")
    taken = event(game, 1, "draw")
    assert taken.data == {"slot": 1, "card": "blue"} and taken.player == 0
    assert event(game, 1, "turned_up").data == {"slot": 1, "card": "pink"}
    game.play("draw deck")
    assert event(game, 2, "draw").data == {"slot": None, "card": "black"}
    assert game.events_of(2) == ["Ann draws a card from the deck (black card)."]


def test_D7_a_reshuffle_is_told_before_the_draw_it_makes_possible():
    market = ["red", "blue", "green", "white", "yellow"]
    game = position(
        "usa",
        market=market,
        deck=[],
        discard=["pink", "pink"],
        hands={"Ann": {}, "Ben": cards_except(market, ["pink", "pink"])},
    )
    game.play("draw deck")
    assert kinds(game, 1) == ["reshuffle", "draw"]
    assert event(game, 1, "reshuffle").data == {"size": 2, "rule": "D7"}
    lines = game.events_of(1)
    assert lines[0].startswith("The deck ran out") and lines[1].startswith("Ann draws")


def test_D6_a_market_reset_records_the_cards_discarded_and_dealt():
    game = position(
        "usa",
        market=["loco", "loco", "red", "blue", "green"],
        deck=["loco", "white", "black", "orange", "pink", "yellow"],
    )
    game.play("draw 3")
    reset = event(game, 1, "market_reset")
    assert reset.data["discarded"] == ["loco", "loco", "loco", "blue", "green"]
    assert reset.data["market"] == ["white", "black", "orange", "pink", "yellow"]
    assert reset.data["locomotives"] == 3 and reset.data["rule"] == "D6"


def test_D9_narration_counts_other_cards_in_the_right_number():
    one = position(
        "usa",
        market=["loco", "loco", "loco", "red", None],
        deck=[],
        discard=[],
        hands={"Ann": {}, "Ben": cards_except(["loco"] * 3, ["red"])},
    )
    text = " ".join(one.events_of(0))
    assert "only 1 other card exists" in text
    two = position(
        "usa",
        market=["loco", "loco", "loco", "red", "blue"],
        deck=[],
        discard=[],
        hands={"Ann": {}, "Ben": cards_except(["loco"] * 3, ["red", "blue"])},
    )
    assert "only 2 other cards exist" in " ".join(two.events_of(0))


def test_C7_the_tunnel_reveal_is_an_event_with_its_cards_and_cost():
    game = Game.staged(
        "europe",
        ["Ann", "Ben"],
        1,
        tickets={},
        hands={0: {"red": 3, "loco": 1}, 1: {"blue": 2}},
        market=["white", "black", "yellow", "orange", "pink"],
        deck=["red", "green", "blue", "white", "black"],
    )
    game.play("claim Barcelona-Pamplona red red")
    claim = event(game, 1, "claim")
    assert claim.data["color"] == "red" and claim.data["colored"] == 2 and claim.data["tunnel"]
    reveal = event(game, 1, "tunnel_reveal")
    assert reveal.data["cards"] == ["red", "green", "blue"]
    assert reveal.data["extra"] == 1 and reveal.data["can_pay"]
    game.play("pay red")
    assert kinds(game, 2) == ["pay_tunnel", "route"]
    assert event(game, 2, "route").data["points"] == 2


def test_ticket_draws_and_keeps_name_the_tickets():
    game = Game("usa", 2, seed=3)
    game.play("keep 1 2")
    keep = event(game, 1, "keep")
    offered = keep.data["kept"] + keep.data["returned"]
    assert len(keep.data["kept"]) == 2 and len(offered) == 3 and keep.data["where"] == "bottom"
    assert all(0 <= t < len(game.ticket_pool) for t in offered)


def test_the_end_is_told_and_tagged():
    game = Game("usa", 2, seed=11, record=True)
    import random

    rng = random.Random(11)
    while not game.is_over:
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    assert [e.kind for e in game.events].count("final_round") == 1
    over = game.events[-1]
    assert over.kind == "game_over" and over.data["reason"] == "final_round"
    assert over.text.endswith("The game is over.")


def test_no_events_without_record_but_the_same_game():
    quiet, loud = Game("europe", 3, seed=5, record=False), Game("europe", 3, seed=5)
    assert quiet.events == [] and loud.events
    quiet.play("keep 1 2"), loud.play("keep 1 2")
    assert quiet.state_key() == loud.state_key()


def test_silent_events_have_no_narration():
    game = position("usa", market=["red", "blue", "green", "white", "yellow"], deck=["pink"])
    game.play("draw 1")
    turned = event(game, 1, "turned_up")
    assert turned.data["card"] == "pink" and turned.text == "" and turned.lines == []
    assert LOCOMOTIVE not in game.events_of(1)[0]


# Visibility: who may read an event (issue 26)


def test_D1_a_blind_draw_belongs_to_its_player_and_others_read_it_without_the_card():
    game = position("usa", market=["red", "blue", "green", "white", "yellow"], deck=["pink"])
    game.play("draw deck")
    drawn = event(game, 1, "draw")
    assert drawn.kind is Kind.DRAW and drawn.secret == ("card",) and drawn.visibility == 0
    assert drawn.visible_to(0) and not drawn.visible_to(1) and not drawn.visible_to(None)
    assert drawn.seen_by(0) is drawn
    hidden = drawn.seen_by(1)
    assert hidden.data == {"slot": None, "card": None} and hidden.player == 0
    assert hidden.text == "Ann draws a card from the deck."
    assert drawn.data["card"] == "pink"  # the event itself is unchanged


def test_a_face_up_card_is_public():
    game = position("usa", market=["red", "blue", "green", "white", "yellow"], deck=["pink"])
    game.play("draw 2")
    taken = event(game, 1, "draw")
    assert taken.secret == () and taken.visibility is None and taken.seen_by(1) is taken


def test_K1_which_tickets_were_drawn_and_kept_is_secret_but_how_many_is_not():
    game = Game("usa", 2, seed=3)
    game.play("keep 1 2")
    keep = event(game, 1, "keep")
    seen = keep.seen_by(1)
    assert seen.data["kept"] == [None, None] and seen.data["returned"] == [None]
    assert seen.text == keep.text  # the narration tells only the counts
    assert keep.seen_by(0) is keep


def test_events_for_masks_every_secret_of_the_other_seats_and_nothing_else():
    game = Game("europe", 3, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    for seat in (None, 0, 1, 2):
        seen = game.events_for(seat)
        assert len(seen) == len(game.events)
        for mine, real in zip(seen, game.events, strict=True):
            own = real.player == seat and seat is not None
            if not real.secret or own:
                assert mine is real
            else:
                assert all(
                    mine.data[k] in (None, [None] * len(real.data[k] or ())) for k in real.secret
                )
                assert {k: v for k, v in mine.data.items() if k not in real.secret} == {
                    k: v for k, v in real.data.items() if k not in real.secret
                }
    assert any(e.secret for e in game.events)


def test_events_for_refuses_a_seat_that_is_not_there():
    with pytest.raises(PlayerError):
        Game("usa", 2).events_for(2)


def test_every_kind_the_rules_record_is_a_kind_and_narration_tells_each():
    assert {str(kind) for kind in Kind} == set(narration_table())


def narration_table() -> set[str]:
    from ttr import narration

    return set(narration._RENDER)
