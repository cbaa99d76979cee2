"""Drawing boards and games (ttr.views.plot): every train space drawn, deterministic PNGs,
no clutter."""

import itertools

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_rgba  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from ttr.board import load_board  # noqa: E402
from ttr.views import map_layout, plot  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
TOTAL_SPACES = {"europe": 300, "usa": 309}


class StandInGame:
    """The few attributes of ``ttr.game.Game`` that the plotting code reads."""

    def __init__(self, board, players, owners=None, stations=None):
        self.board = board
        self.players = tuple(players)
        self.num_players = len(self.players)
        self._owners = dict(owners or {})
        self.owner = [self._owners.get(route.id) for route in board.routes]
        self.stations = dict(stations or {})


@pytest.fixture(scope="module")
def europe():
    return load_board("europe")


@pytest.fixture(scope="module")
def usa():
    return load_board("usa")


def europe_game(board, players=("Ada", "Brian", "Chen", "Dana", "Eve")):
    claims = {
        "Paris-Bruxelles (yellow)": 0,
        "Amsterdam-Bruxelles": 0,
        "Amsterdam-Essen": 0,
        "Berlin-Essen": 0,
        "Madrid-Pamplona (black)": 1,
        "Roma-Venezia": 2,
        "Constantinople-Sevastopol": 3,
        "Edinburgh-London (orange)": 4,
    }
    owners = {board.route(ref).id: seat % len(players) for ref, seat in claims.items()}
    return StandInGame(board, players, owners, {"Frankfurt": 0, "Wien": 2 % len(players)})


def spaces_collection(ax):
    (coll,) = [c for c in ax.collections if c.get_gid() == plot.SPACES_GID]
    return coll


@pytest.mark.parametrize("name", ["europe", "usa"])
@pytest.mark.parametrize("layout", ["board", "geo"])
def test_every_train_space_is_drawn(name, layout):
    board = load_board(name)
    ax = plot.draw_board(board, layout=layout)
    assert isinstance(ax.get_figure(root=True), Figure)
    assert sum(r.length for r in board.routes) == TOTAL_SPACES[name]
    assert plot.count_spaces(ax) == TOTAL_SPACES[name]
    geo = map_layout.geometry(board, layout)
    per_route = np.bincount(geo.space_route, minlength=len(board.routes))
    assert per_route.tolist() == [r.length for r in board.routes]


@pytest.mark.parametrize("layout", ["board", "geo"])
def test_spaces_stay_off_other_cities_and_inside_the_map(europe, usa, layout):
    for board in (europe, usa):
        geo = map_layout.geometry(board, layout)
        spaces, xy = np.asarray(geo.spaces), np.asarray(geo.xy)
        corners = spaces.reshape(-1, 2)
        assert (corners[:, 0] > geo.xlim[0]).all() and (corners[:, 0] < geo.xlim[1]).all()
        assert (corners[:, 1] > geo.ylim[0]).all() and (corners[:, 1] < geo.ylim[1]).all()
        centres = spaces.mean(axis=1)
        for k, name in enumerate(geo.names):
            d = np.hypot(*(centres - xy[k]).T)
            # no space centre within a city's dot, and none of another route runs through it
            assert d.min() > map_layout.CITY_RADIUS, (board.name, layout, name)


def test_double_routes_run_side_by_side(europe):
    geo = map_layout.geometry(europe, "board")
    route = europe.route("Paris-Bruxelles (yellow)")
    twin = europe.twin(route)
    spaces, space_route = np.asarray(geo.spaces), np.asarray(geo.space_route)
    mine = spaces[space_route == route.id].mean(axis=1)
    theirs = spaces[space_route == twin.id].mean(axis=1)
    gap = np.hypot(*(mine - theirs).T)
    assert np.allclose(gap, map_layout.SPACE_WIDTH + map_layout.DOUBLE_GAP, atol=1.0)


def test_route_colours_and_white_routes_have_a_dark_edge(europe):
    ax = plot.draw_board(europe, legend=False)
    coll = spaces_collection(ax)
    geo = map_layout.geometry(europe, "board")
    faces, edges = coll.get_facecolors(), coll.get_edgecolors()
    for i, route_id in enumerate(geo.space_route):
        color = europe.routes[route_id].color
        assert tuple(faces[i]) == pytest.approx(to_rgba(plot.ROUTE_FACE[color]))
        if color == "white":
            assert max(edges[i][:3]) < 0.5
    assert len(set(plot.ROUTE_FACE.values())) == 9


def test_tunnels_and_ferries_are_marked(europe, usa):
    ax = plot.draw_board(europe)
    gids = {c.get_gid() for c in ax.collections}
    assert {"ttr-tunnels", "ttr-locomotives", "ttr-cities", "ttr-labels"} <= gids
    (tunnels,) = [c for c in ax.collections if c.get_gid() == "ttr-tunnels"]
    assert len(tunnels.get_paths()) == sum(r.length for r in europe.routes if r.is_tunnel)
    (locos,) = [c for c in ax.collections if c.get_gid() == "ttr-locomotives"]
    assert len(locos.get_offsets()) == sum(r.locomotives for r in europe.routes if r.is_ferry)
    usa_gids = {c.get_gid() for c in plot.draw_board(usa).collections}
    assert "ttr-tunnels" not in usa_gids and "ttr-locomotives" not in usa_gids


def test_city_labels_do_not_overlap_each_other_or_other_cities(europe, usa):
    crowded = {
        "europe": ["Essen", "Amsterdam", "Bruxelles", "Frankfurt", "Dieppe", "Paris", "London"],
        "usa": ["New York", "Washington", "Pittsburgh", "Boston", "Montreal"],
    }
    for board in (europe, usa):
        for layout in ("board", "geo"):
            ax = plot.draw_board(board, layout=layout)
            geo = map_layout.geometry(board, layout)
            scale = plot._units_per_point(ax, geo)
            slots = map_layout.label_slots(
                board, layout, round(scale, 3), plot.LABEL_SIZE, plot._label_width
            )
            assert set(slots) == set(board.cities)
            boxes = {
                name: map_layout.label_box(
                    *geo.pos[name],
                    slots[name],
                    plot._glyphs(board.display(name), plot.LABEL_SIZE)[1],
                    plot.LABEL_SIZE,
                    scale,
                )
                for name in board.cities
            }
            for a, b in itertools.combinations(boxes, 2):
                assert map_layout.overlap(boxes[a], boxes[b]) == 0, (board.name, layout, a, b)
            if layout == "board":
                for name in crowded[board.name]:
                    x0, y0, x1, y1 = boxes[name]
                    for other, (x, y) in geo.pos.items():
                        if other != name:
                            inside = x0 - 5 < x < x1 + 5 and y0 - 5 < y < y1 + 5
                            assert not inside, (name, "covers", other)


def test_labels_show_display_names_with_diacritics(europe):
    assert plot._glyphs("Kyïv", 8.5)[1] > 0
    ax = plot.draw_board(europe)
    (labels,) = [c for c in ax.collections if c.get_gid() == "ttr-labels"]
    assert len(labels.get_paths()) == len(europe.cities)
    assert not any(
        c.get_gid() == "ttr-labels" for c in plot.draw_board(europe, labels=False).collections
    )


def test_highlight_accepts_routes_ids_and_text(europe):
    path = [
        europe.route("Paris-Bruxelles (yellow)"),
        europe.route("Amsterdam-Bruxelles").id,
        "Amsterdam-Essen",
    ]
    ax = plot.draw_board(europe, highlight=path, highlight_cities=["Paris", "Essen"])
    (glow,) = [c for c in ax.collections if c.get_gid() == "ttr-highlight"]
    assert len(glow.get_paths()) == 3
    (rings,) = [c for c in ax.collections if c.get_gid() == "ttr-highlight-cities"]
    assert len(rings.get_offsets()) == 2
    # a plain double reference highlights both routes of the pair
    ax = plot.draw_board(europe, highlight="Paris-Bruxelles", highlight_color="tab:cyan")
    (glow,) = [c for c in ax.collections if c.get_gid() == "ttr-highlight"]
    assert len(glow.get_paths()) == 2
    with pytest.raises(TypeError):
        plot.draw_board(europe, highlight=[1.5])


def test_unknown_layout_is_refused(europe):
    with pytest.raises(ValueError, match="layout"):
        plot.draw_board(europe, layout="mercator")


def test_game_shows_owners_stations_and_highlight(europe):
    game = europe_game(europe)
    trail = [europe.route(r) for r in ("Paris-Bruxelles (yellow)", "Amsterdam-Bruxelles")]
    ax = plot.draw_game(game, highlight=trail, title="A game")
    assert plot.count_spaces(ax) == 300
    geo = map_layout.geometry(europe, "board")
    faces = spaces_collection(ax).get_facecolors()
    for route_id, seat in game._owners.items():
        for face in faces[np.asarray(geo.space_route) == route_id]:
            assert tuple(face) == pytest.approx(to_rgba(plot.PLAYER_COLORS[seat]))
    unclaimed = europe.route("Paris-Bruxelles (red)")  # the twin of a claimed route
    for face in faces[np.asarray(geo.space_route) == unclaimed.id]:
        assert tuple(face) != pytest.approx(to_rgba(plot.PLAYER_COLORS[0]))
    (stations,) = [c for c in ax.collections if c.get_gid() == "ttr-stations"]
    assert len(stations.get_offsets()) == 2
    assert {c.get_gid() for c in ax.collections} >= {"ttr-highlight", "ttr-legend-text"}


def test_player_colours_differ_from_route_colours():
    assert len(plot.PLAYER_COLORS) >= 5
    assert len(set(plot.PLAYER_COLORS)) == len(plot.PLAYER_COLORS)
    for player in plot.PLAYER_COLORS:
        for route in plot.ROUTE_FACE.values():
            distance = np.abs(np.subtract(to_rgba(player)[:3], to_rgba(route)[:3])).sum()
            assert distance > 0.35, (player, route)


def test_empty_game_and_two_players(usa):
    game = StandInGame(usa, ["A", "B"])
    ax = plot.draw_game(game, layout="geo", legend=False)
    assert plot.count_spaces(ax) == 309
    fig = plot.game_figure(game, width=8)
    assert fig.get_size_inches()[0] == 8


def test_draw_into_given_axes(europe, usa):
    fig = Figure(figsize=(14, 5))
    left, right = fig.subplots(1, 2)
    assert plot.draw_board(europe, ax=left, legend=False) is left
    assert plot.draw_game(StandInGame(usa, ["A", "B", "C"]), ax=right, legend=False) is right
    assert plot.count_spaces(left) == 300 and plot.count_spaces(right) == 309
    assert figure_is_png(plot.figure_png(fig))


def figure_is_png(data: bytes) -> bool:
    return data.startswith(PNG_SIGNATURE) and len(data) > 10_000


def test_png_bytes(europe, usa):
    assert figure_is_png(plot.board_png(europe))
    assert figure_is_png(plot.figure_png(plot.board_figure(usa, layout="geo", title="USA")))
    assert figure_is_png(plot.game_png(europe_game(europe)))
    with pytest.raises(TypeError):
        plot.board_figure(europe, colour="red")


def test_same_input_gives_identical_png(europe, usa):
    game = europe_game(europe)
    trail = ["Amsterdam-Essen", "Berlin-Essen"]
    first = plot.game_png(game, highlight=trail)
    assert plot.game_png(game, highlight=trail) == first
    assert plot.game_png(europe_game(europe), highlight=list(reversed(trail))) == first
    assert plot.board_png(usa, layout="geo") == plot.board_png(usa, layout="geo")


def test_figure_png_closes_pyplot_figures(europe):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    plot.draw_board(europe, ax=ax, legend=False, labels=False)
    number = fig.number
    assert figure_is_png(plot.figure_png(fig))
    assert number not in plt.get_fignums()
