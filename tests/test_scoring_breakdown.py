"""Final scoring of whole positions and games: F1-F5, ST5-ST6, K4 with stations, tie-breaks."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from ttr.agents import make_agent, play_game
from ttr.board import Ticket, load_board
from ttr.game import Game
from ttr.rules import EUROPE, USA
from ttr.scenario import ScenarioError, load_position
from ttr.scoring.breakdown import (
    _TRAILS,
    Holdings,
    PlayerScore,
    TicketResult,
    outcome_to_dict,
    rank,
    route_points,
    score_holdings,
)
from ttr.scoring.trail import Trail, longest_trail

USA_BOARD = load_board("usa")
EUROPE_BOARD = load_board("europe")


def position(map_name: str, *players: dict) -> list[Holdings]:
    _, holdings = load_position({"map": map_name, "players": list(players)})
    return holdings


def guide_position(ben_routes: list[str]) -> dict:
    """Ann of the USA guide's scoring example: 62 route points, tickets +9 +7 -8."""
    return {
        "map": "usa",
        "players": [
            {
                "name": "Ann",
                "routes": [
                    "Seattle-Helena",
                    "Helena-Duluth",
                    "Duluth-Toronto",
                    "Toronto-Pittsburgh",
                    "El Paso-Los Angeles",
                ],
                "tickets": [
                    {"cities": ["Seattle", "Duluth"], "points": 9},
                    {"cities": ["Helena", "Pittsburgh"], "points": 7},
                    {"cities": ["Miami", "Boston"], "points": 8},
                ],
            },
            {"name": "Ben", "routes": ben_routes},
        ],
    }


def test_F2_worked_example_62_plus_9_plus_7_minus_8_is_70_and_80_with_bonus():
    rules, holdings = load_position(guide_position(["Atlanta-Charleston"]))
    ann = score_holdings(holdings, rules).score_of("Ann")
    assert ann.route_points == 62
    assert [t.points for t in ann.tickets] == [9, 7, -8]
    assert ann.route_points + ann.ticket_points == 70
    assert ann.longest_route == 20 and ann.longest_route_bonus == 10
    assert ann.total == 80


def test_F3_without_the_bonus_the_guide_example_stays_70():
    # Ben's trail Los Angeles... is longer: Miami-New Orleans-Houston-El Paso is 6 + 2 + 6 = 14;
    # add Calgary-Winnipeg-... to pass 20: Calgary-Winnipeg 6, Winnipeg-Sault St. Marie 6,
    # Sault St. Marie-Montreal 5, Montreal-Boston 2, Boston-New York 2 = 21.
    ben = [
        "Calgary-Winnipeg",
        "Winnipeg-Sault St. Marie",
        "Sault St. Marie-Montreal",
        "Montreal-Boston",
        "Boston-New York",
    ]
    rules, holdings = load_position(guide_position(ben))
    outcome = score_holdings(holdings, rules)
    assert outcome.score_of("Ben").longest_route == 21
    assert outcome.score_of("Ann").longest_route_bonus == 0
    assert outcome.score_of("Ann").total == 70


def test_F1_route_points_recomputed_from_routes_match_play():
    for seed in range(5):
        game = Game("europe", 3, seed=seed)
        play_game(game, [make_agent("greedy", seed + i) for i in range(3)])
        for seat in range(3):
            assert route_points(game.routes_of(seat), game.rules) == game.route_points[seat]


def test_F3_every_tied_player_gets_the_bonus():
    holdings = position(
        "usa",
        {"name": "Ann", "routes": ["Seattle-Helena"]},
        {"name": "Ben", "routes": ["Duluth-Toronto"]},
        {"name": "Cat", "routes": ["Atlanta-Charleston"]},
    )
    outcome = score_holdings(holdings, USA)
    assert [s.longest_route_bonus for s in outcome.scores] == [10, 10, 0]


def test_F3_a_player_with_no_routes_never_gets_the_bonus():
    holdings = position("usa", {"name": "Ann"}, {"name": "Ben"})
    outcome = score_holdings(holdings, USA)
    assert [s.longest_route_bonus for s in outcome.scores] == [0, 0]
    assert [s.total for s in outcome.scores] == [0, 0]
    assert outcome.winners == (0, 1)  # a shared win: nothing tells them apart


def test_F3_trail_revisiting_a_city_counts_in_the_breakdown():
    # A triangle Denver-Kansas City... use Helena-Denver-Salt Lake City-Helena plus a tail.
    holdings = position(
        "usa",
        {
            "name": "Ann",
            "routes": [
                "Helena-Denver",
                "Denver-Salt Lake City (red)",
                "Salt Lake City-Helena",
                "Denver-Santa Fe",
            ],
        },
        {"name": "Ben"},
    )
    ann = score_holdings(holdings, USA).scores[0]
    assert ann.longest_route == 4 + 3 + 3 + 2  # round the triangle, then out along the tail
    cities = ann.longest_trail.cities
    assert len(cities) == 5 and len(set(cities)) == 4  # one city is passed twice


def test_ST5_borrowed_routes_never_count_for_the_longest_route():
    holdings = position(
        "europe",
        {
            "name": "Ann",
            "routes": ["Paris-Bruxelles (red)"],
            "stations": ["Bruxelles"],
            "tickets": [{"cities": ["Paris", "Amsterdam"], "points": 8}],
        },
        {"name": "Ben", "routes": ["Amsterdam-Bruxelles"]},
    )
    ann = score_holdings(holdings, EUROPE).scores[0]
    assert ann.station_routes["Bruxelles"] == EUROPE_BOARD.route("Amsterdam-Bruxelles")
    assert ann.tickets[0].completed  # K4: the borrowed route joins Paris to Amsterdam
    assert ann.longest_route == 2  # Paris-Bruxelles only (ST5)


def test_ST6_F4_four_points_per_station_not_built():
    holdings = position(
        "europe",
        {"name": "Ann", "stations": ["Berlin"]},
        {"name": "Ben"},
        {"name": "Cat", "stations": ["Roma", "Wien", "Zurich"]},
    )
    outcome = score_holdings(holdings, EUROPE)
    assert [s.station_points for s in outcome.scores] == [8, 12, 0]
    assert [s.stations_built for s in outcome.scores] == [1, 0, 3]


def test_ST3_station_with_no_opponent_route_gives_nothing():
    holdings = position("europe", {"name": "Ann", "stations": ["Berlin"]}, {"name": "Ben"})
    assert score_holdings(holdings, EUROPE).scores[0].station_routes == {"Berlin": None}


def test_K4_failed_tickets_are_subtracted_without_stations():
    holdings = position(
        "usa",
        {"name": "Ann", "routes": ["Atlanta-Charleston"], "tickets": ["Denver-El Paso"]},
        {"name": "Ben"},
    )
    assert score_holdings(holdings, USA).scores[0].ticket_points == -4


def _score(name, total_routes, completed=0, bonus=0, stations=0, rules=USA):
    tickets = tuple(TicketResult(Ticket("A", "B", 1), True) for _ in range(completed))
    return PlayerScore(
        name=name,
        route_points=total_routes - completed - bonus,
        tickets=tickets,
        longest_trail=Trail(0, ()),
        longest_route_bonus=bonus,
        stations_built=stations,
        station_points=0,
    )


def test_F5_usa_tie_break_most_completed_tickets_then_the_bonus():
    # USA guide: two players on 80, with 3 and 2 completed tickets: 3 wins.
    scores = [_score("Ann", 80, completed=2), _score("Ben", 80, completed=3)]
    outcome = rank(scores, USA)
    assert outcome.winner_names == ("Ben",)
    scores = [_score("Ann", 80, completed=2), _score("Ben", 80, completed=2, bonus=10)]
    assert rank(scores, USA).winner_names == ("Ben",)
    scores = [_score("Ann", 80, completed=2), _score("Ben", 80, completed=2)]
    assert rank(scores, USA).winner_names == ("Ann", "Ben")  # still tied: a shared win


def test_F5_europe_tie_break_tickets_then_fewest_stations_then_express():
    scores = [
        _score("Ann", 90, completed=3, stations=2),
        _score("Ben", 90, completed=3, stations=1),
    ]
    assert rank(scores, EUROPE).winner_names == ("Ben",)
    scores = [
        _score("Ann", 90, completed=3, stations=1, bonus=10),
        _score("Ben", 90, completed=3, stations=1),
    ]
    assert rank(scores, EUROPE).winner_names == ("Ann",)
    scores = [_score("Ann", 90, completed=4, stations=3), _score("Ben", 90, completed=3)]
    assert rank(scores, EUROPE).winner_names == ("Ann",)
    # the USA chain ignores stations
    scores = [
        _score("Ann", 90, completed=3, stations=2),
        _score("Ben", 90, completed=3, stations=1),
    ]
    assert rank(scores, USA).winner_names == ("Ann", "Ben")


def test_F5_ranking_orders_by_total_first():
    scores = [_score("Ann", 50, completed=5), _score("Ben", 60), _score("Cat", 55)]
    outcome = rank(scores, USA)
    assert [outcome.scores[s].name for s in outcome.ranking] == ["Ben", "Cat", "Ann"]


def test_F5_scores_do_not_depend_on_player_names_or_route_order():
    rng = random.Random(4)
    game = Game("europe", 4, seed=11)
    play_game(game, [make_agent("greedy", i) for i in range(4)])
    outcome = game.outcome()
    holdings = game.holdings()
    renamed = [
        Holdings(f"P{i}", tuple(rng.sample(h.routes, len(h.routes))), h.tickets, h.stations)
        for i, h in enumerate(holdings)
    ]
    again = score_holdings(renamed, game.rules)
    assert [s.total for s in again.scores] == [s.total for s in outcome.scores]
    assert again.ranking == outcome.ranking and again.winners == outcome.winners


def test_outcome_of_a_finished_game_is_json_ready():
    game = Game("usa", 3, seed=2)
    play_game(game, [make_agent("greedy", i) for i in range(3)])
    data = outcome_to_dict(game.outcome(), game.board)
    json.dumps(data)
    keys = {
        "name",
        "route_points",
        "tickets",
        "ticket_points",
        "tickets_completed",
        "longest_route",
        "longest_route_bonus",
        "longest_trail",
        "stations_built",
        "station_points",
        "station_routes",
        "total",
    }
    assert all(keys <= set(player) for player in data["players"])
    assert sorted(data["ranking"]) == sorted(game.players)


BAD_POSITIONS = [
    ({"map": "atlantis", "players": [{"name": "Ann"}]}, "unknown rule set"),
    (
        {"map": "usa", "players": [{"name": "Ann", "routes": ["Bostn-New York"]}, {"name": "B"}]},
        "did you mean Boston",
    ),
    (
        {"map": "usa", "players": [{"name": "Ann", "routes": ["Boston-Miami"]}, {"name": "B"}]},
        "no route between Boston and Miami",
    ),
    (
        {
            "map": "usa",
            "players": [
                {"name": "Ann", "routes": ["Atlanta-Charleston"]},
                {"name": "B", "routes": ["Atlanta-Charleston"]},
            ],
        },
        "owned twice",
    ),
    (
        {
            "map": "usa",
            "players": [
                {"name": "Ann", "routes": ["Boston-New York (red)", "Boston-New York (yellow)"]},
                {"name": "B"},
                {"name": "C"},
                {"name": "D"},
            ],
        },
        "both routes",
    ),
    (
        {
            "map": "usa",
            "players": [
                {"name": "Ann", "routes": ["Boston-New York (red)"]},
                {"name": "B", "routes": ["Boston-New York (yellow)"]},
            ],
        },
        "2-player game",
    ),
    (
        {"map": "usa", "players": [{"name": "Ann", "stations": ["Boston"]}, {"name": "B"}]},
        "no stations",
    ),
    (
        {
            "map": "europe",
            "players": [
                {"name": "Ann", "stations": ["Roma", "Wien", "Zurich", "Berlin"]},
                {"name": "B"},
            ],
        },
        "at most 3 stations",
    ),
    (
        {
            "map": "europe",
            "players": [{"name": "Ann", "stations": ["Roma"]}, {"name": "B", "stations": ["Roma"]}],
        },
        "two stations",
    ),
    (
        {"map": "usa", "players": [{"name": "Ann", "tickets": ["Boston-New York"]}, {"name": "B"}]},
        "no ticket",
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD_POSITIONS)
def test_bad_positions_name_the_problem(data, message):
    with pytest.raises(ScenarioError, match=message):
        load_position(data)


def test_a_player_using_more_than_45_trains_is_refused():
    sixes = [
        "Seattle-Helena",
        "Helena-Duluth",
        "Duluth-Toronto",
        "El Paso-Los Angeles",
        "El Paso-Houston",
        "Miami-New Orleans",
        "Calgary-Winnipeg",
        "Winnipeg-Sault St. Marie",
    ]
    with pytest.raises(ScenarioError, match="48 trains"):
        load_position({"map": "usa", "players": [{"name": "Ann", "routes": sixes}, {"name": "B"}]})


def test_plain_double_reference_takes_a_free_route_of_the_pair():
    holdings = position(
        "usa",
        {"name": "Ann", "routes": ["Boston-New York"]},
        {"name": "Ben", "routes": ["Boston-New York (red)"]},
        {"name": "Cat"},
        {"name": "Dan"},
    )
    assert holdings[0].routes[0].color == "yellow" and holdings[1].routes[0].color == "red"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ttr", *args], capture_output=True, text=True)


def test_score_cli_prints_a_table_and_json(tmp_path):
    path = tmp_path / "guide.json"
    path.write_text(json.dumps(guide_position(["Atlanta-Charleston"])))
    table = run_cli("score", str(path))
    assert table.returncode == 0 and "Ann: 80 points" in table.stdout
    result = run_cli("score", str(path), "--json")
    data = json.loads(result.stdout)
    assert data["winners"] == ["Ann"] and data["players"][0]["total"] == 80
    assert data["players"][0]["longest_trail"][0] in ("Seattle-Helena", "Pittsburgh-Toronto")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"map": "usa", "players": [', "line 1, column"),
        (
            '{"map": "usa", "players": [{"name": "A", "routes": ["Boston-Mars"]}, {"name": "B"}]}',
            "unknown city",
        ),
    ],
)
def test_score_cli_bad_files_exit_2_with_one_line(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    result = run_cli("score", str(path))
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_F4_europe_adds_four_points_per_unbuilt_station_to_the_total():
    holdings = position("europe", {"name": "Ann", "stations": ["Berlin", "Wien"]}, {"name": "Ben"})
    ann, ben = score_holdings(holdings, EUROPE).scores
    assert (ann.station_points, ann.total) == (4, 4)
    assert (ben.station_points, ben.total) == (12, 12)


def test_V4_variant_flag_picks_the_ticket_list_for_score_and_replay(tmp_path):
    # Paris-Angora is a Big Cities ticket (1912 set), not one of the base Europe tickets.
    position_file = tmp_path / "big.json"
    position_file.write_text(
        json.dumps(
            {
                "map": "europe",
                "players": [{"name": "Ann", "tickets": ["Paris-Angora"]}, {"name": "Ben"}],
            }
        )
    )
    assert run_cli("score", str(position_file)).returncode == 2
    result = run_cli("score", str(position_file), "--variant", "big_cities", "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout)["players"][0]["tickets"][0]["points"] == 17
    scenario = tmp_path / "opening.json"
    scenario.write_text(json.dumps({"rules": "europe", "seed": 3, "actions": []}))
    replay = run_cli("replay", str(scenario), "--variant", "big_cities", "--json")
    assert replay.returncode == 0 and json.loads(replay.stdout)["rules"] == "big_cities"
    usa = tmp_path / "usa.json"
    usa.write_text(json.dumps({"rules": "usa", "actions": []}))
    wrong = run_cli("replay", str(usa), "--variant", "big_cities")
    assert wrong.returncode == 2 and "unknown variant" in wrong.stderr


def test_remembered_longest_trails_score_as_fresh_ones():
    # a search scores many finished games whose networks repeat: the remembered trail of a
    # network is the one computed afresh
    for seed in (1, 2):
        game = Game("europe", 2, seed=seed, record=False)
        play_game(game, [make_agent("greedy", 0), make_agent("greedy", 1)])
        _TRAILS.clear()
        fresh = game.outcome()
        assert len(_TRAILS) == 2
        assert game.outcome() == fresh  # remembered
        for seat, score in enumerate(fresh.scores):
            assert score.longest_trail == longest_trail(game.routes_of(seat))
            assert score.longest_trail.length > 0
