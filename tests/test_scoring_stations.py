"""Stations at the end of a Europe game (ST3-ST4): ``ttr.scoring.stations``.

ST3: each station borrows at most one opponent route entering its city, and that
one route serves all the owner's tickets. ST4: the engine picks the best
combination over all stations, exactly. The brute force below tries every
assignment plainly and is the reference for the property test.

ST5 (borrowed routes never count toward the longest route) is a property of the
scoring breakdown, which computes the trail from the player's own routes only;
``best_station_routes`` never looks at trails. ST6 (4 points per station not
built) is also counted in the breakdown.
"""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scoring_helpers import R, T, net, reachable

from ttr.scenario import load_position
from ttr.scoring import best_station_routes
from ttr.scoring.breakdown import score_holdings


def joined(network: list[R], a: str, b: str) -> bool:
    """Whether a path of ``network`` joins ``a`` and ``b``."""
    return b in reachable(network, a)


def ticket_points(network: list[R], tickets: list[T]) -> int:
    return sum(t.points if joined(network, t.a, t.b) else -t.points for t in tickets)


def brute_force_stations(
    own: list[R], stations: list[str], opponents: list[R], tickets: list[T]
) -> tuple[int, tuple[int | None, ...]]:
    """Every assignment of one entering opponent route per station (ST3), scored plainly.

    Returns the best ticket points and, among the best assignments (most points, then
    most tickets completed), the smallest tuple of route ids taken station by station
    in alphabetical order (the documented tie-break; ``None`` for a station with no
    candidate).
    """
    order = sorted(stations)
    choices = [[r for r in opponents if city in (r.a, r.b)] or [None] for city in order]
    best: tuple[tuple[int, int], tuple[float, ...]] | None = None
    for assignment in product(*choices):
        borrowed = [r for r in assignment if r is not None]
        network = own + borrowed
        score = (
            ticket_points(network, tickets),
            sum(joined(network, t.a, t.b) for t in tickets),
        )
        ids = tuple(-1 if r is None else r.id for r in assignment)
        if best is None or score > best[0] or (score == best[0] and ids < best[1]):
            best = (score, ids)
    assert best is not None
    return best[0][0], tuple(None if i == -1 else i for i in best[1])


def test_ST3_one_route_per_station_serves_all_tickets() -> None:
    # The station at S can take S-X or S-Y, not both: only the dearer ticket is completed.
    own = net("A-S")
    opponents = net("S-X", "S-Y", first_id=10)
    tickets = [T("A", "X", 5), T("A", "Y", 8)]
    choice = best_station_routes(own, ["S"], opponents, tickets)
    assert choice.borrowed["S"].id == 11
    assert choice.completed == (False, True)
    assert choice.ticket_points == 8 - 5
    # The one borrowed route serves every ticket that needs it.
    tickets = [T("A", "Y", 8), T("S", "Y", 2), T("A", "X", 1)]
    choice = best_station_routes(own, ["S"], opponents, tickets)
    assert choice.completed == (True, True, False)
    assert choice.helped == {"S": (0, 1)}


def test_ST3_station_without_opponent_route_gives_nothing() -> None:
    own = net("A-B")
    opponents = net("C-D", first_id=10)
    tickets = [T("A", "C", 6), T("A", "B", 3)]
    choice = best_station_routes(own, ["C", "Z"], opponents, tickets)
    assert choice.borrowed == {"C": opponents[0], "Z": None}
    assert choice.completed == (False, True)
    assert choice.ticket_points == 3 - 6
    assert choice.helped == {"C": (), "Z": ()}


def test_ST3_no_stations_scores_own_routes() -> None:
    choice = best_station_routes(net("A-B"), [], net("B-C", first_id=5), [T("A", "C", 4)])
    assert choice.borrowed == {}
    assert choice.completed == (False,)
    assert choice.ticket_points == -4


def test_ST4_naive_first_choice_is_wrong() -> None:
    # S's first route (lowest id) completes a 4-point ticket; a later one completes two
    # tickets worth 5 + 6. Taking the first candidate, or the first that helps, is wrong.
    own = net("A-S", "P-Q")
    opponents = net("S-C", "S-P", first_id=10)
    tickets = [T("A", "C", 4), T("A", "Q", 5), T("S", "P", 6)]
    choice = best_station_routes(own, ["S"], opponents, tickets)
    assert choice.borrowed["S"].id == 11
    assert choice.completed == (False, True, True)
    assert choice.ticket_points == -4 + 5 + 6


def test_ST4_two_stations_combination_matters() -> None:
    # Each station alone would take its short route (5 points each); only together do
    # the two routes through M complete the 20-point ticket.
    own = net("A-S1", "B-S2")
    opponents = net("S1-M", "M-S2", "S1-C", "S2-D", first_id=10)
    tickets = [T("A", "B", 20), T("A", "C", 5), T("B", "D", 5)]
    choice = best_station_routes(own, ["S1", "S2"], opponents, tickets)
    assert {city: r.id for city, r in choice.borrowed.items()} == {"S1": 10, "S2": 11}
    assert choice.completed == (True, False, False)
    assert choice.ticket_points == 20 - 5 - 5
    # Both stations are needed for the 20-point ticket.
    assert choice.helped == {"S1": (0,), "S2": (0,)}


def test_ST4_ties_go_to_the_lowest_route_ids() -> None:
    own = net("A-S")
    opponents = net("S-B", "S-B", "S-B", first_id=20)  # three equal ways to B
    choice = best_station_routes(own, ["S"], list(reversed(opponents)), [T("A", "B", 7)])
    assert choice.borrowed["S"].id == 20
    # Nothing to gain: still the lowest id, and the same answer whatever the input order.
    choice = best_station_routes(own, ["S"], opponents, [T("A", "S", 2)])
    assert choice.borrowed["S"].id == 20


def test_ST4_equal_points_go_to_the_choice_completing_more_tickets() -> None:
    """Frankfurt's station can borrow Amsterdam-Frankfurt (+8, the two 4s fail: 0) or
    Essen-Frankfurt (+4 +4, the 8 fails: 0): the same points, but two tickets against one,
    and the Europe tie-break counts completed tickets (F5)."""
    position = {
        "map": "europe",
        "players": [
            {
                "name": "Ann",
                "routes": ["Berlin-Essen"],
                "tickets": [
                    {"cities": ["Frankfurt", "Amsterdam"], "points": 8},
                    {"cities": ["Frankfurt", "Essen"], "points": 4},
                    {"cities": ["Frankfurt", "Berlin"], "points": 4},
                ],
                "stations": ["Frankfurt"],
            },
            {
                "name": "Ben",
                "routes": ["Amsterdam-Frankfurt", "Essen-Frankfurt"],
                "tickets": [
                    {"cities": ["Amsterdam", "Essen"], "points": 1},
                    {"cities": ["Lisboa", "Moskva"], "points": 17},
                ],
            },
        ],
    }
    rules, holdings = load_position(position)
    outcome = score_holdings(holdings, rules)
    ann, ben = outcome.scores
    assert ann.total == ben.total == 10
    assert ann.tickets_completed == 2 and ben.tickets_completed == 1
    assert outcome.winners == (0,)
    assert {t.cities for t, done in ((r.ticket, r.completed) for r in ann.tickets) if done} == {
        ("Frankfurt", "Essen"),
        ("Frankfurt", "Berlin"),
    }


def test_ST4_station_in_another_players_network_far_from_own_routes() -> None:
    # A station in a city the player never reached still borrows a route there.
    own = net("A-B")
    opponents = net("B-X", "X-Y", first_id=10)
    choice = best_station_routes(own, ["X"], opponents, [T("A", "X", 9)])
    assert choice.borrowed["X"].id == 10
    assert choice.completed == (True,)


def test_ST4_worst_case_size_three_stations_eight_routes_each() -> None:
    hubs = ["H1", "H2", "H3"]
    own = net("A-H1", "B-H2", "C-H3")
    opponents = [
        R(100 + 10 * h + k, hub, f"{hub}x{k}") for h, hub in enumerate(hubs) for k in range(8)
    ]
    opponents += [R(200, "H1x7", "H2x7"), R(201, "H2x3", "H3x5")]
    tickets = [T(f"H{h}x{k}", "A", k + 1) for h in (1, 2, 3) for k in range(8)]
    tickets += [T("A", "B", 3), T("B", "C", 4)]
    choice = best_station_routes(own, hubs, opponents, tickets)
    points, ids = brute_force_stations(own, hubs, opponents, tickets)
    assert choice.ticket_points == points
    assert tuple(r.id if r else None for r in choice.borrowed.values()) == ids


def test_ST1_two_stations_on_one_city_is_an_error() -> None:
    with pytest.raises(ValueError, match="ST1"):
        best_station_routes([], ["A", "A"], [], [])


# -- property: the optimiser against the brute force --------------------------------------------

cities = st.sampled_from("ABCDEFG")
pairs = st.tuples(cities, cities).filter(lambda p: p[0] != p[1])


@settings(max_examples=400, deadline=None)
@given(
    own_pairs=st.lists(pairs, max_size=5),
    opponent_pairs=st.lists(pairs, max_size=9),
    stations=st.lists(cities, min_size=1, max_size=3, unique=True),
    ticket_specs=st.lists(st.tuples(pairs, st.integers(1, 12)), min_size=1, max_size=5),
)
def test_ST4_matches_brute_force(
    own_pairs: list[tuple[str, str]],
    opponent_pairs: list[tuple[str, str]],
    stations: list[str],
    ticket_specs: list[tuple[tuple[str, str], int]],
) -> None:
    own = [R(i, a, b) for i, (a, b) in enumerate(own_pairs)]
    opponents = [R(100 + i, a, b) for i, (a, b) in enumerate(opponent_pairs)]
    tickets = [T(a, b, points) for (a, b), points in ticket_specs]

    choice = best_station_routes(own, stations, opponents, tickets)
    points, ids = brute_force_stations(own, stations, opponents, tickets)

    assert choice.ticket_points == points
    assert list(choice.borrowed) == sorted(stations)
    assert tuple(r.id if r else None for r in choice.borrowed.values()) == ids
    # The reported choice is legal (ST3) and its completions are what it claims.
    borrowed = []
    for city, route in choice.borrowed.items():
        if route is not None:
            assert route in opponents and city in (route.a, route.b)
            borrowed.append(route)
        else:
            assert not any(city in (r.a, r.b) for r in opponents)
    assert choice.completed == tuple(joined(own + borrowed, t.a, t.b) for t in tickets)
    # helped: exactly the tickets that fail when that one station's route is dropped.
    for city in choice.borrowed:
        rest = [r for other, r in choice.borrowed.items() if other != city and r is not None]
        lost = tuple(
            i
            for i, t in enumerate(tickets)
            if choice.completed[i] and not joined(own + rest, t.a, t.b)
        )
        assert choice.helped[city] == lost
