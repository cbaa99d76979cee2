"""The board data in data/: check figures, display names, the loader's validation, route references.

The check figures are those of the published boards (see ``/work/shared/reference``); the loader
must refuse a broken CSV file with a :class:`ttr.DataError` that names the file, the line and
what was expected.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

from ttr import DataError, UnknownMap, UnknownReference, load_board
from ttr.board import DATA_DIR, load_board_from

# ---------------------------------------------------------------------------------------------
# Check figures


def lengths(board):
    return dict(sorted(Counter(r.length for r in board.routes).items()))


def doubles(board):
    return sum(1 for r in board.routes if r.double_group is not None) // 2


def test_usa_check_figures():
    board = load_board("usa")
    assert len(board.cities) == 36
    assert len(board.routes) == 100
    assert doubles(board) == 22
    assert sum(r.length for r in board.routes) == 309
    assert lengths(board) == {1: 9, 2: 36, 3: 20, 4: 16, 5: 10, 6: 9}
    assert not any(r.is_tunnel or r.is_ferry for r in board.routes)
    tickets = board.ticket_sets["base"]
    assert len(tickets) == 30
    assert sum(t.points for t in tickets) == 349
    assert not any(t.long for t in tickets)
    assert set(board.ticket_sets) == {"base"}


def test_europe_check_figures():
    board = load_board("europe")
    assert len(board.cities) == 47
    assert len(board.routes) == 101
    assert doubles(board) == 11
    assert sum(r.length for r in board.routes) == 300
    assert lengths(board) == {1: 4, 2: 35, 3: 30, 4: 29, 6: 2, 8: 1}
    assert sum(r.is_tunnel for r in board.routes) == 18
    ferries = [r for r in board.routes if r.is_ferry]
    assert len(ferries) == 13
    assert sum(r.locomotives for r in ferries) == 17
    assert all(r.color == "gray" for r in ferries)
    assert all(r.locomotives == 0 for r in board.routes if not r.is_ferry)


def test_europe_base_tickets():
    tickets = load_board("europe").ticket_sets["base"]
    long = [t for t in tickets if t.long]
    regular = [t for t in tickets if not t.long]
    assert (len(tickets), len(long), len(regular)) == (46, 6, 40)
    assert sum(t.points for t in long) == 123
    assert sum(t.points for t in regular) == 321
    assert sum(t.points for t in tickets) == 444


def test_europe_variant_ticket_sets():
    sets = load_board("europe").ticket_sets
    assert set(sets) == {"base", "1912", "big_cities"}
    t1912 = sets["1912"]
    assert len(t1912) == 55
    assert sum(t.points for t in t1912) == 643
    assert [t.long for t in t1912].count(True) == 6
    assert sum(t.points for t in t1912 if t.long) == 107
    big = sets["big_cities"]
    assert len(big) == 45
    assert sum(t.points for t in big) == 502
    assert not any(t.long for t in big)


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_route_ids_follow_file_order_and_cities_are_sorted(name):
    board = load_board(name)
    assert [r.id for r in board.routes] == list(range(len(board.routes)))
    for route in board.routes:
        assert route.a < route.b
        assert {route.a, route.b} <= set(board.cities)


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_doubles_are_pairs_between_the_same_cities(name):
    board = load_board(name)
    for route in board.routes:
        twin = board.twin(route)
        if route.double_group is None:
            assert twin is None
            continue
        assert twin is not None and twin.id != route.id
        assert board.twin(twin) == route
        assert (twin.a, twin.b, twin.length, twin.kind) == (
            route.a,
            route.b,
            route.length,
            route.kind,
        )


# ---------------------------------------------------------------------------------------------
# Display names


@pytest.mark.parametrize(
    "name, key, shown",
    [
        ("usa", "Montreal", "Montréal"),
        ("europe", "Zurich", "Zürich"),
        ("europe", "Munchen", "München"),
        ("europe", "Kobenhavn", "København"),
        ("europe", "Kyiv", "Kyïv"),
        ("europe", "Bucuresti", "Bucureşti"),
        ("europe", "Cadiz", "Cádiz"),
    ],
)
def test_display_names_keep_their_diacritics(name, key, shown):
    board = load_board(name)
    assert board.display(key) == shown
    # Both spellings name the same city.
    assert board.city(shown) == key
    assert board.city(key.upper()) == key


# ---------------------------------------------------------------------------------------------
# Route references


def test_route_reference_plain_names_both_routes_of_a_double():
    board = load_board("europe")
    routes = board.find_routes("Paris-Bruxelles")
    assert len(routes) == 2
    assert {r.color for r in routes} == {"red", "yellow"}
    assert all({r.a, r.b} == {"Paris", "Bruxelles"} for r in routes)


def test_route_reference_with_case_spaces_and_colour():
    board = load_board("europe")
    (route,) = board.find_routes("paris - bruxelles (yellow)")
    assert route.color == "yellow" and {route.a, route.b} == {"Paris", "Bruxelles"}
    assert board.route(board.ref(route)) == route


def test_route_reference_with_en_dash_and_accent():
    board = load_board("usa")
    route = board.route("Montréal–New York")
    assert {route.a, route.b} == {"Montreal", "New York"}
    assert route.length == 3 and route.color == "blue"
    assert board.route("montreal-new york") == route


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_every_route_reference_reads_back(name):
    board = load_board(name)
    for route in board.routes:
        found = board.find_routes(board.ref(route))
        assert route in found
        if board.twin(route) is not None and board.twin(route).color != route.color:
            assert found == (route,)


def test_unknown_city_suggests_the_closest_names():
    board = load_board("europe")
    with pytest.raises(UnknownReference) as info:
        board.find_routes("Pari-Bruxelles")
    assert "Pari" in str(info.value) and "did you mean" in str(info.value)
    assert "Paris" in str(info.value)
    with pytest.raises(UnknownReference, match="Zürich"):
        board.city("Zurch")


def test_unknown_route_between_known_cities():
    board = load_board("europe")
    with pytest.raises(UnknownReference, match="no route between"):
        board.find_routes("Paris-Wien")
    with pytest.raises(UnknownReference, match="no blue route"):
        board.find_routes("Paris-Bruxelles (blue)")
    with pytest.raises(UnknownReference, match="cannot read route"):
        board.find_routes("Paris")


def test_unknown_reference_is_a_value_error():
    assert issubclass(UnknownReference, ValueError)
    assert issubclass(DataError, ValueError)


def test_unknown_map_names_the_known_ones():
    with pytest.raises(UnknownMap, match="europe.*usa|usa.*europe"):
        load_board("mars")


# ---------------------------------------------------------------------------------------------
# Board.graph()


def test_graph_is_a_multigraph_with_parallel_edges_for_doubles():
    board = load_board("usa")
    graph = board.graph()
    assert isinstance(graph, nx.MultiGraph)
    assert graph.number_of_nodes() == 36
    assert graph.number_of_edges() == 100
    assert graph.number_of_edges("Atlanta", "New Orleans") == 2
    assert set(graph["Atlanta"]["New Orleans"]) == {
        r.id for r in board.routes_between("Atlanta", "New Orleans")
    }
    pairs = Counter(frozenset((a, b)) for a, b in graph.edges())
    assert sum(1 for n in pairs.values() if n == 2) == 22
    edge = graph.edges["Atlanta", "Miami", board.route("Atlanta-Miami").id]
    assert (edge["length"], edge["color"], edge["kind"]) == (5, "blue", "normal")


def test_graph_of_some_routes_keeps_every_city():
    board = load_board("europe")
    some = board.routes[:3]
    graph = board.graph(some)
    assert graph.number_of_nodes() == 47
    assert graph.number_of_edges() == 3


# ---------------------------------------------------------------------------------------------
# Loader validation with broken copies of the data


@pytest.fixture
def board_copy(tmp_path):
    """A copy of a data folder in tmp_path, and a function to replace one line of one file."""

    def make(name: str) -> Path:
        folder = tmp_path / name
        shutil.copytree(DATA_DIR / name, folder)
        return folder

    return make


def replace_line(path: Path, number: int, text: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[number - 1] = text
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def append_line(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.append(text)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)


def load_error(folder: Path) -> str:
    with pytest.raises(DataError) as info:
        load_board_from(folder)
    return str(info.value)


def test_copies_of_the_data_load(board_copy):
    assert len(load_board_from(board_copy("usa")).routes) == 100
    assert len(load_board_from(board_copy("europe")).routes) == 101


def test_loader_refuses_an_unknown_colour(board_copy):
    folder = board_copy("usa")
    replace_line(folder / "routes.csv", 3, "Atlanta,Miami,5,purple,normal,0,")
    message = load_error(folder)
    assert "routes.csv" in message and "line 3" in message
    assert "'color'" in message and "expected one of" in message and "'purple'" in message


@pytest.mark.parametrize("length", ["9", "0", "long"])
def test_loader_refuses_a_bad_length(board_copy, length):
    folder = board_copy("usa")
    replace_line(folder / "routes.csv", 3, f"Atlanta,Miami,{length},blue,normal,0,")
    message = load_error(folder)
    assert "routes.csv" in message and "line 3" in message
    assert "'length'" in message and "expected" in message


def test_loader_refuses_a_ferry_without_locomotives(board_copy):
    folder = board_copy("europe")
    replace_line(folder / "routes.csv", 11, "Athina,Smyrna,2,gray,ferry,0,")
    message = load_error(folder)
    assert "routes.csv" in message and "line 11" in message
    assert "'locomotives'" in message and "expected a ferry to need 1 to 2" in message


def test_loader_refuses_a_double_group_that_is_not_a_pair(board_copy):
    folder = board_copy("usa")
    line = append_line(folder / "routes.csv", "Atlanta,New Orleans,4,red,normal,0,1")
    message = load_error(folder)
    assert "routes.csv" in message and f"line {line}" in message
    assert "'double_group'" in message and "exactly 2 routes in double group 1" in message


def test_loader_refuses_a_lone_double_group(board_copy):
    folder = board_copy("usa")
    replace_line(folder / "routes.csv", 3, "Atlanta,Miami,5,blue,normal,0,99")
    message = load_error(folder)
    assert "line 3" in message and "exactly 2 routes in double group 99" in message


def test_loader_refuses_a_ticket_with_an_unknown_city(board_copy):
    folder = board_copy("usa")
    replace_line(folder / "tickets.csv", 4, "New York,Atlantis,6")
    message = load_error(folder)
    assert "tickets.csv" in message and "line 4" in message
    assert "'city_b'" in message and "expected a city listed in cities.csv" in message
    assert "'Atlantis'" in message


def test_loader_refuses_a_variant_ticket_with_an_unknown_city(board_copy):
    folder = board_copy("europe")
    replace_line(folder / "tickets_1912.csv", 2, "Lisboa,Cadix,2,0")
    message = load_error(folder)
    assert "tickets_1912.csv" in message and "line 2" in message
    assert "closest: Cadiz" in message


def test_loader_refuses_a_missing_column(board_copy):
    folder = board_copy("usa")
    replace_line(folder / "routes.csv", 1, "city_a,city_b,length,color,kind,double_group")
    message = load_error(folder)
    assert "routes.csv" in message and "line 1" in message and "locomotives" in message
