"""Saved games: ``to_json``/``from_json`` round-trip exactly, and a corrupt save is refused with
a :class:`SaveError` (a ``ValueError``) naming the field, before anything of it is used."""

from __future__ import annotations

import copy
import json
import random

import pytest

from ttr import Game, SaveError


def midgame(rules: str = "europe", players: int = 3, seed: int = 2, steps: int = 120) -> Game:
    game = Game(rules, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    return game


@pytest.mark.parametrize("record", [True, False])
def test_a_save_round_trips_with_its_history(record):
    game = midgame()
    again = Game.from_json(game.to_json(), record=record)
    assert again.to_json() == game.to_json()
    assert again.history == game.history
    for _ in range(10):
        again.undo()
        game.undo()
    assert again.state_key() == game.state_key()


@pytest.mark.parametrize("rules", ["usa", "europe"])
@pytest.mark.parametrize("steps", [0, 30])
def test_a_loaded_game_tells_the_same_story_from_step_0(rules, steps):
    game = midgame(rules, players=2, seed=4, steps=steps)
    assert game.events_of(0), "a new game narrates its setup"
    again = Game.from_json(game.to_json())
    assert [e.text for e in again.events] == [e.text for e in game.events]


def test_a_position_without_history_loads_too():
    game = midgame()
    data = game.to_dict(include_history=False)
    again = Game.from_dict(data)
    assert again.state_key() == game.state_key() and again.actions_played == 0


def corrupt(change):
    """The save of a mid-game position, changed by ``change(data)``."""
    data = copy.deepcopy(midgame().to_dict(include_history=False))
    change(data)
    return data


def set_in(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


CASES = [
    ("a card too few", lambda d: d["state"]["deck"].pop(), "train cards"),
    ("20 cards too many", lambda d: d["state"]["deck"].extend(["red"] * 20), "train cards"),
    ("a route owned by seat 7", set_in(["state", "owner", 3], 7), "owner[3]"),
    ("the phase banana", set_in(["state", "phase"], "banana"), "phase"),
    ("current_player 9", set_in(["state", "current_player"], 9), "current_player"),
    ("an unknown format", set_in(["format"], "chess-pgn"), "format"),
    ("version 1", set_in(["version"], 1), "version"),
    ("a missing key", lambda d: d["state"].pop("market"), "market"),
    ("an unknown key", set_in(["state", "cheat"], 1), "cheat"),
    ("a float count", set_in(["state", "turn"], 3.0), "turn"),
    ("a bool seat", set_in(["state", "current_player"], True), "current_player"),
    ("a hand of strings", set_in(["state", "hands", 0], {"red": "2"}), "hands[0]"),
    ("an unknown card", set_in(["state", "market", 0], "purple"), "market[0]"),
    ("a broken generator", set_in(["state", "rng"], [3, [1, 2], None]), "rng"),
    (
        "a ticket held twice",
        lambda d: d["state"]["tickets"][1].extend(d["state"]["tickets"][0]),
        "ticket",
    ),
    ("an unknown player count", set_in(["players"], ["Solo"]), "players"),
    ("players as a string", set_in(["players"], "Ann,Ben"), "players"),
    ("a city without a station", set_in(["state", "stations"], {"Atlantis": 0}), "stations"),
    ("a negative pass count", set_in(["state", "passes_in_row"], -1), "passes_in_row"),
    ("a ticket phase without an offer", set_in(["state", "phase"], "tickets"), "offer"),
]


@pytest.mark.parametrize("name,change,field", CASES, ids=[c[0] for c in CASES])
def test_a_corrupt_save_is_refused_naming_the_field(name, change, field):
    data = corrupt(change)
    with pytest.raises(SaveError) as info:
        Game.from_dict(data)
    message = str(info.value)
    assert "\n" not in message and len(message) < 300
    if field is not None:
        assert field in message, message


def test_history_that_does_not_reach_the_saved_position_is_refused():
    game = midgame(steps=30)
    data = game.to_dict()
    data["actions"] = data["actions"][:-1]
    with pytest.raises(SaveError, match="'state'"):
        Game.from_dict(data)
    data = game.to_dict()
    data["actions"][3] = "claim Paris-Wien red"
    with pytest.raises(SaveError, match=r"actions\[3\]"):
        Game.from_dict(data)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "null",
        '{"format": "ttr-game"',
        "[" * 5000 + "]" * 5000,
        '{"format": NaN}',
        b"\xff\xfe\x00garbage",
    ],
    ids=["empty", "a list", "null", "cut short", "deep nesting", "NaN", "not UTF-8"],
)
def test_text_that_is_no_save_is_refused(text):
    with pytest.raises(SaveError):
        Game.from_json(text)


def test_a_huge_save_is_refused_before_it_is_parsed():
    with pytest.raises(SaveError, match="more than"):
        Game.from_json(" " * 3_000_000)


def test_saves_are_plain_json():
    game = midgame()
    data = json.loads(game.to_json())
    assert data["format"] == "ttr-game" and data["version"] == 2
    assert set(data) == {"format", "version", "rules", "players", "state", "start", "actions"}
