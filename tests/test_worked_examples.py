"""The worked examples in data/scenarios replay and end where their descriptions say."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from turn_helpers import assert_illegal, hand, route_id

from ttr import Game
from ttr.scenario import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "data" / "scenarios"
KNOWN = {
    "europe_tunnel_two_red.json",
    "face_up_locomotive_refill.json",
    "locomotive_reset.json",
    "two_player_double_lock.json",
    "usa_final_round.json",
    "usa_first_two_turns.json",
}


def scenario(name: str, play: bool = True) -> Game:
    return load_scenario(SCENARIOS / name, play=play)


def actions_of(name: str) -> list[str]:
    return json.loads((SCENARIOS / name).read_text(encoding="utf-8")).get("actions", [])


ALL = sorted(p.name for p in SCENARIOS.glob("*.json"))


def test_every_worked_example_has_its_scenario_file():
    """Each worked example below has its file; every other file (notebooks' staged
    situations) is replayed by the next test."""
    assert KNOWN <= set(ALL)


@pytest.mark.parametrize("name", ALL)
def test_scenario_replays_and_round_trips(name):
    game = scenario(name)
    assert len(game.history) == len(actions_of(name))
    assert game.card_count() == 110
    assert game.ticket_count() == len(game.ticket_pool)
    data = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    assert data.get("title") and data.get("description")
    again = Game.from_json(game.to_json())
    assert again.state_key() == game.state_key()


def test_D1_C1_usa_first_two_turns():
    """Ann takes the face-up blue (refilled with red) and yellow (refilled with black); three
    players draw; Ann claims Montreal-New York with 3 blue: 42 trains, 4 points."""
    name = "usa_first_two_turns.json"
    game = scenario(name, play=False)
    assert hand(game, "Ann") == {"blue": 2, "orange": 1, "black": 1}
    assert game.cards.market == ["blue", "yellow", "green", "white", "loco"]
    game.play("draw 1")
    assert game.cards.market == ["red", "yellow", "green", "white", "loco"]
    game.play("draw 2")
    assert game.cards.market == ["red", "black", "green", "white", "loco"]
    assert game.counts["market_resets"] == 0
    assert hand(game, "Ann") == {"blue": 3, "orange": 1, "black": 1, "yellow": 1}
    assert (game.trains[0], game.route_points[0]) == (45, 0)
    for text in actions_of(name)[2:]:
        game.play(text)
    assert game.trains[0] == 42
    assert game.route_points[0] == 4
    assert hand(game, "Ann") == {"orange": 1, "black": 1, "yellow": 1}
    assert game.route_owner(route_id(game, "Montréal-New York")) == 0
    assert game.cards.discard == ["blue", "blue", "blue"]
    assert game.trains[0] > 2 and game.final_turns_left is None  # no end trigger


def test_C7_europe_tunnel_two_red():
    """Two red for the gray tunnel Barcelona-Pamplona; red, green, blue revealed: one more red."""
    name = "europe_tunnel_two_red.json"
    game = scenario(name, play=False)
    game.play(actions_of(name)[0])
    assert game.tunnel.revealed == ("red", "green", "blue")
    assert game.tunnel.extra == 1
    game.play(actions_of(name)[1])
    assert game.route_owner(route_id(game, "Barcelona-Pamplona")) == 0
    assert hand(game, "Ann") == {"loco": 1}  # 3 red paid, the locomotive kept
    assert sorted(game.cards.discard) == sorted(["red"] * 3 + ["red", "green", "blue"])
    assert game.route_points[0] == 2 and game.trains[0] == 43


def test_D4_face_up_locomotive_refill():
    name = "face_up_locomotive_refill.json"
    game = scenario(name, play=False)
    game.play("draw 1")
    assert game.cards.market[0] == "loco"
    assert_illegal(game, "draw 1", "D4")
    game.play("draw 2")
    ann = hand(game, "Ann")
    assert ann.get("red", 0) >= 1 and ann.get("blue", 0) >= 1
    assert game.current_player == 1
    assert scenario(name).state_key() == game.state_key()


def test_D6_locomotive_reset():
    name = "locomotive_reset.json"
    game = scenario(name, play=False)
    before = hand(game, "Ann")
    game.play("draw 3")
    assert game.counts["market_resets"] == 1
    assert game.cards.market == ["white", "black", "orange", "pink", "yellow"]
    assert game.cards.market.count("loco") <= 2
    game.play("draw deck")
    after = hand(game, "Ann")
    assert after.get("red", 0) == before.get("red", 0) + 1  # the red card taken first stays
    assert after.get("green", 0) == before.get("green", 0) + 1  # the deck's next card
    assert sum(after.values()) == sum(before.values()) + 2


def test_C5_two_player_double_lock():
    name = "two_player_double_lock.json"
    game = scenario(name, play=False)
    game.play(actions_of(name)[0])
    assert hand(game, "Ben") == {"yellow": 4}
    message = assert_illegal(
        game, "claim Atlanta-New Orleans (yellow) yellow yellow yellow yellow", "C5"
    )
    assert "2 players" in message
    for text in actions_of(name)[1:]:
        game.play(text)
    assert game.route_owner(route_id(game, "Atlanta-New Orleans (yellow)")) is None


def test_E1_usa_final_round():
    """Seats A, B, C, D; B claims with 4 trains and ends with 2; final turns C, D, A, B."""
    game = scenario("usa_final_round.json")
    assert game.is_over
    assert game.trains[1] == 2 and game.triggered_by == 1
    movers = []
    for step in range(1, len(game.history) + 1):
        (seat,) = {e.player for e in game.events if e.step == step and e.player is not None}
        if not movers or movers[-1] != seat:
            movers.append(seat)
    assert [game.players[s] for s in movers] == ["A", "B", "C", "D", "A", "B"]
    last_step = len(game.history)
    assert any("(E1)" in text for text in game.events_of(last_step))
    # Not over one action earlier: B's last turn was needed.
    replay = scenario("usa_final_round.json", play=False)
    for text in game.history[:-1]:
        replay.play(text)
    assert not replay.is_over and replay.current_player == 1
