"""Destination tickets (K4): ``ttr.scoring.tickets``.

A ticket is completed when its two cities are joined by any continuous path of
the player's routes (plus, in Europe, station-borrowed routes). The tests use a
small local route and ticket type, not the board module.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from scoring_helpers import R, T, net, reachable

from ttr.scoring import CityGroups, completed_tickets, connected


def test_K4_roundabout_path_counts() -> None:
    routes = net("Lisboa-Madrid", "Madrid-Pamplona", "Pamplona-Paris", "Paris-Bruxelles")
    assert connected(routes, "Lisboa", "Bruxelles")
    assert connected(routes, "Bruxelles", "Lisboa")  # either direction
    assert completed_tickets(routes, [T("Lisboa", "Bruxelles", 12)]) == [True]


def test_K4_one_path_completes_several_tickets() -> None:
    routes = net("A-B", "B-C", "C-D")
    tickets = [T("A", "D", 10), T("B", "D", 5), T("A", "C", 4)]
    assert completed_tickets(routes, tickets) == [True, True, True]


def test_K4_disconnected_pieces_do_not_connect() -> None:
    routes = net("A-B", "B-C", "X-Y", "Y-Z")
    tickets = [T("A", "Z", 10), T("A", "C", 4), T("X", "Z", 3)]
    assert completed_tickets(routes, tickets) == [False, True, True]
    assert not connected(routes, "C", "X")


def test_K4_city_outside_the_network_fails() -> None:
    routes = net("A-B")
    assert completed_tickets(routes, [T("A", "Nowhere", 5)]) == [False]
    assert completed_tickets([], [T("A", "B", 5)]) == [False]


def test_K4_borrowed_routes_count() -> None:
    own = net("A-B", "C-D")
    borrowed = [R(99, "B", "C")]  # a station's route (ST3)
    tickets = [T("A", "D", 8)]
    assert completed_tickets(own, tickets) == [False]
    assert completed_tickets(own, tickets, borrowed=borrowed) == [True]
    assert connected(own, "A", "D", borrowed=borrowed)


def test_K4_parallel_and_repeated_routes_are_harmless() -> None:
    routes = [R(0, "A", "B"), R(1, "A", "B"), R(2, "B", "A")]
    assert connected(routes, "A", "B")


def test_K4_city_groups() -> None:
    groups = CityGroups(net("A-B", "C-D"))
    assert not groups.joined("A", "D")
    groups.join("B", "C")
    assert groups.joined("A", "D")
    assert groups.find("A") == groups.find("D")


cities = st.sampled_from("ABCDEFGH")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(cities, cities).filter(lambda p: p[0] != p[1]), max_size=10),
    st.lists(st.tuples(cities, cities).filter(lambda p: p[0] != p[1]), min_size=1, max_size=6),
)
def test_K4_matches_graph_search(
    pairs: list[tuple[str, str]], ticket_pairs: list[tuple[str, str]]
) -> None:
    routes = [R(i, a, b) for i, (a, b) in enumerate(pairs)]
    tickets = [T(a, b, 1) for a, b in ticket_pairs]
    expected = [t.b in reachable(routes, t.a) for t in tickets]
    assert completed_tickets(routes, tickets) == expected
