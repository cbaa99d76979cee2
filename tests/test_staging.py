"""The public staging API (``Game.staged``, ``ttr.staging.stage``): every position a scenario
file can describe is built through it, and it refuses positions the rules do not allow."""

from __future__ import annotations

import pytest

from ttr import Game, KeepTickets, ScenarioError, load_scenario
from ttr.colors import DECK_SIZE
from ttr.invariants import violations


def test_the_deck_can_be_given_exactly_with_the_rest_out_of_the_game():
    game = Game.staged(
        "usa",
        2,
        1,
        tickets={},
        hands={0: {"red": 2}, 1: {}},
        market=["blue", "blue", "green", "white", "yellow"],
        deck=["pink", "loco"],
        rest="out",
    )
    assert game.cards.deck == ["loco", "pink"]  # top card last
    assert game.cards.discard == [] and game.card_count() == DECK_SIZE
    assert len(game.state.out) == DECK_SIZE - 2 - 5 - 2
    game.play("draw deck")
    game.play("draw deck")
    assert game.hands[0]["pink"] == 1 and game.hands[0]["loco"] == 1
    assert not game.cards.can_draw() and violations(game) == []


def test_a_pending_opening_offer_with_its_tickets():
    game = load_scenario(
        {
            "rules": "usa",
            "players": ["Ann", "Ben"],
            "opening": {"Ben": ["Seattle-Los Angeles", "Duluth-Houston", "Boston-Miami"]},
        },
        play=False,
    )
    assert game.phase == "opening" and game.current_player == 0
    game.play("keep 1 2")
    assert game.current_player == 1
    offered = [game.board.ticket_ref(game.ticket_pool[t]) for t in game.offer.tickets]
    assert offered == ["Seattle-Los Angeles", "Duluth-Houston", "Boston-Miami"]
    game.play("keep Boston-Miami, Seattle-Los Angeles")  # by name, in any order
    assert game.actions[-1] == KeepTickets((0, 2))
    assert [game.board.ticket_ref(t) for t in game.tickets_of(1)] == [
        "Seattle-Los Angeles",
        "Boston-Miami",
    ]


def test_keep_by_name_names_what_is_on_offer():
    game = Game("usa", 2, seed=1)
    with pytest.raises(ValueError, match="is not on offer"):
        game.parse("keep Boston-Miami")


def test_stations_left_and_trains_are_checks_of_what_is_built():
    data = {
        "rules": "europe",
        "players": ["Ann", "Ben"],
        "tickets": {},
        "stations": {"Ann": ["Berlin"]},
        "stations_left": {"Ann": 2},
        "routes": {"Ben": ["Paris-Bruxelles (red)"]},
        "trains": {"Ben": 43},
        "turn": "Ben",
    }
    game = load_scenario(data, play=False)
    assert game.stations_left == [2, 3] and game.trains == [45, 43] and game.current_player == 1
    with pytest.raises(ScenarioError, match="stations_left.Ann"):
        load_scenario({**data, "stations_left": {"Ann": 3}})
    with pytest.raises(ScenarioError, match="trains.Ben"):
        load_scenario({**data, "trains": {"Ben": 45}})


def test_E1_a_player_staged_with_two_trains_has_started_the_final_round():
    routes = {0: [r.id for r in Game("usa", 2).board.routes if r.length == 6][:7]}  # 42 trains
    game = Game.staged("usa", 2, 1, tickets={}, routes=routes, turn=1)
    assert game.trains[0] == 3 and game.final_turns_left is None
    more = {0: [*routes[0], game.board.route("Atlanta-Nashville").id]}  # 43 trains: 2 left
    game = Game.staged("usa", 2, 1, tickets={}, routes=more, turn=1)
    assert game.triggered_by == 0 and game.final_turns_left == 2  # Ben, then Ann once more
    for _ in range(2):
        assert not game.is_over
        game.play("draw deck")
        game.play("draw deck")
    assert game.is_over


@pytest.mark.parametrize(
    "fields,words",
    [
        ({"hands": {7: {"red": 1}}}, "seat"),
        ({"hands": {0: {"red": -1}}}, "hands.Ann.red"),
        ({"hands": {0: {"red": 13}}}, "hands.Ann.red"),
        ({"hands": {0: {"chartreuse": 1}}}, "unknown card"),
        ({"market": ["red"] * 6}, "market"),
        ({"deck": ["red"] * 13}, "deck"),
        ({"rest": "garden"}, "rest"),
        ({"routes": {0: [10_000]}}, "no route"),
        ({"routes": {0: [0, 0]}}, "owned twice"),
        ({"tickets": {0: [999]}}, "no ticket"),
        ({"tickets": {0: [1]}, "opening": {1: [2]}}, "give one"),
        ({"tickets": None, "ticket_deck": [1]}, "ticket_deck"),
        ({"stations": {0: ["Berlin"]}}, "no stations"),
        ({"turn": 5}, "turn"),
    ],
)
def test_stage_refuses_what_it_cannot_place(fields, words):
    fields = {"tickets": {}, **fields}  # after the opening unless the case says otherwise
    with pytest.raises(ScenarioError, match=words):
        Game.staged("usa", 2, 1, **fields)
