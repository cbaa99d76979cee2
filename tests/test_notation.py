"""The action notation: ``game.parse(text)`` and ``game.notation(action)`` (ttr/actions.py grammar).

The round trip ``parse(notation(a)) == a`` must hold for every legal action of every position;
the grammar examples must read as documented; bad text must give a readable ValueError.
"""

from __future__ import annotations

import random

import pytest
from turn_helpers import position, route_id

from ttr import (
    BuildStation,
    Claim,
    DrawCard,
    Game,
    IllegalAction,
    KeepTickets,
    NotationError,
    UnknownReference,
)
from ttr.actions import DECLINE, DRAW_DECK, DRAW_TICKETS, PASS, PayTunnel


def round_trip_failures(game: Game) -> list[tuple[str, object, object]]:
    failures = []
    for action in game.legal_actions():
        text = game.notation(action)
        back = game.parse(text)
        if back != action:
            failures.append((text, action, back))
    return failures


@pytest.mark.parametrize("rules", ["usa", "europe", "big_cities"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_round_trip_of_every_legal_action_in_random_games(rules, players):
    positions = 0
    for seed in range(3):
        game = Game(rules, players, seed=100 * players + seed)
        rng = random.Random(seed)
        while not game.is_over:
            assert round_trip_failures(game) == []
            positions += 1
            game.play(rng.choice(list(game.legal_actions())))
    assert positions > 300


def test_round_trip_in_a_tunnel_paid_with_locomotives_only():
    game = position("europe", hands={"Ann": {"loco": 5}}, deck=["loco", "loco", "red"])
    game.play("claim Barcelona-Pamplona loco loco")
    assert game.tunnel.extra == 2
    assert [game.notation(a) for a in game.legal_actions()] == ["pay loco loco", "decline"]
    assert round_trip_failures(game) == []


def test_round_trip_of_history_replays_the_game():
    """The recorded history is notation: replaying it from the start gives the same game."""
    game = Game("europe", 3, seed=42)
    rng = random.Random(42)
    for _ in range(150):
        if game.is_over:
            break
        game.play(rng.choice(list(game.legal_actions())))
    replay = Game("europe", 3, seed=42)
    for text in game.history:
        replay.play(text)
    assert replay.state_key() == game.state_key()


# ---------------------------------------------------------------------------------------------
# Grammar examples


def test_grammar_draw():
    game = position("usa")
    assert game.parse("draw 3") == DrawCard(2)
    assert game.parse("draw deck") == DRAW_DECK
    assert game.parse("DRAW Deck") == DRAW_DECK
    assert game.notation(DrawCard(0)) == "draw 1"
    assert game.notation(DRAW_DECK) == "draw deck"


def test_grammar_simple_words():
    game = position("usa")
    assert game.parse("tickets") == DRAW_TICKETS
    assert game.parse("pass") == PASS
    assert game.parse("decline") == DECLINE
    assert game.notation(DRAW_TICKETS) == "tickets"
    assert game.notation(PASS) == "pass"
    assert game.notation(DECLINE) == "decline"


def test_grammar_claim_with_colour_of_a_double():
    game = position("europe", hands={"Ann": {"yellow": 2, "red": 2}})
    yellow = route_id(game, "Paris-Bruxelles (yellow)")
    assert game.parse("claim Paris-Bruxelles (yellow) yellow yellow") == Claim(yellow, "yellow", 0)
    assert (
        game.notation(Claim(yellow, "yellow", 0)) == "claim Bruxelles-Paris (yellow) yellow yellow"
    )


def test_grammar_claim_shorthand_one_colour_word_picks_the_matching_double():
    """``claim Paris-Bruxelles yellow``: a single colour word pays the whole route in that
    colour, and with no colour in parentheses the route of the double that colour pays for is
    meant (the red route cannot be paid in yellow)."""
    game = position("europe", hands={"Ann": {"yellow": 2, "red": 2}})
    yellow = route_id(game, "Paris-Bruxelles (yellow)")
    red = route_id(game, "Paris-Bruxelles (red)")
    assert game.parse("claim Paris-Bruxelles red") == Claim(red, "red", 0)
    action = game.parse("claim Paris-Bruxelles yellow")
    assert action == Claim(yellow, "yellow", 0)
    assert game.is_legal(action)


def test_grammar_claim_gray_route_with_colour_and_locomotive():
    game = position("usa", hands={"Ann": {"red": 2, "loco": 1}})
    rid = route_id(game, "Montréal-Toronto")
    assert game.parse("claim Montréal-Toronto red red loco") == Claim(rid, "red", 1)
    assert game.parse("claim montreal - toronto 2 red 1 loco") == Claim(rid, "red", 1)
    assert game.parse("claim Montréal–Toronto red red locomotive") == Claim(rid, "red", 1)
    assert game.notation(Claim(rid, "red", 1)) == "claim Montréal-Toronto red red loco"
    assert game.parse("claim Montréal-Toronto loco") == Claim(rid, None, 3)


def test_grammar_keep():
    game = position("usa")
    assert game.parse("keep 1 3") == KeepTickets((0, 2))
    assert game.parse("keep 3, 1") == KeepTickets((0, 2))
    assert game.parse("keep none") == KeepTickets(())
    assert game.notation(KeepTickets((0, 2))) == "keep 1 3"
    assert game.notation(KeepTickets(())) == "keep none"


def test_grammar_station():
    game = position("europe", hands={"Ann": {"red": 3}})
    assert game.parse("station Berlin red") == BuildStation("Berlin", "red", 0)
    assert game.parse("station München loco") == BuildStation("Munchen", None, 1)
    assert game.notation(BuildStation("Munchen", "red", 0)) == "station München red"


def test_grammar_pay_and_decline_in_a_tunnel():
    game = position("europe", hands={"Ann": {"red": 4, "loco": 2}}, deck=["red", "loco", "green"])
    game.play("claim Barcelona-Pamplona red red")
    assert game.tunnel.extra == 2
    assert game.parse("pay") == PayTunnel(0)  # the first legal way: all in red
    assert game.parse("pay red loco") == PayTunnel(1)
    assert game.parse("pay loco loco") == PayTunnel(2)
    assert game.parse("decline") == DECLINE
    assert game.notation(PayTunnel(1)) == "pay red loco"


# ---------------------------------------------------------------------------------------------
# Readable errors


@pytest.mark.parametrize(
    "text, error, words",
    [
        ("", NotationError, "empty action"),
        ("fly to Paris", NotationError, "actions start with"),
        ("draw x", NotationError, "draw deck"),
        ("draw", NotationError, "draw deck"),
        ("keep a", NotationError, "ticket numbers"),
        ("claim Paris-Bruxelles", NotationError, "list the cards"),
        ("claim red red", NotationError, "expected a route"),
        ("station Berlin", NotationError, "list the cards"),
        ("pay banana", NotationError, "unknown card 'banana'"),
        ("claim Pari-Bruxelles red", UnknownReference, "did you mean Paris"),
        ("claim Paris-Wien red", UnknownReference, "no route between"),
        ("station Atlantis red", UnknownReference, "unknown city 'Atlantis'"),
        ("claim Paris-Bruxelles red blue", IllegalAction, "C2: "),
        ("claim Paris-Bruxelles (red) 3 red", IllegalAction, "takes 2 cards; 3 listed"),
        ("station Berlin red red", IllegalAction, "ST2: "),
    ],
)
def test_bad_text_gives_a_readable_error(text, error, words):
    game = position("europe", hands={"Ann": {"red": 3}})
    key = game.state_key()
    with pytest.raises(error) as info:
        game.play(text)
    assert isinstance(info.value, ValueError)
    assert words in str(info.value)
    assert "\n" not in str(info.value)
    assert game.state_key() == key
