"""The SVG maps (ttr.views.svg): well-formed, every route and city addressable, owners, stations and
highlights marked by class, byte-stable across processes, and bad input refused."""

from __future__ import annotations

import base64
import doctest
import gzip
import hashlib
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import ttr.views.svg
from ttr import Game, UnknownReference, load_board
from ttr.views.map_layout import PLAYER_COLORS
from ttr.views.svg import (
    board_svg,
    city_id,
    game_svg,
    legend_html,
    live_svg,
    route_title,
    text_width,
)

NS = {"s": "http://www.w3.org/2000/svg"}
TOTAL_SPACES = {"europe": 300, "usa": 309}
REFERENCE = Path(__file__).parent / "data" / "map_reference.json.gz"


@pytest.fixture(scope="module")
def europe():
    return load_board("europe")


@pytest.fixture(scope="module")
def usa():
    return load_board("usa")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def group(root: ET.Element, element_id: str) -> ET.Element:
    (found,) = root.findall(f".//s:g[@id='{element_id}']", NS)
    return found


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def europe_position(board):
    owners = {
        board.route("Paris-Bruxelles (yellow)").id: 0,
        board.route("Amsterdam-Bruxelles").id: 0,
        board.route("Madrid-Pamplona (black)").id: 1,
        board.route("Roma-Venezia").id: 2,
    }
    return {
        "players": ["Ann", "Ben", "Cat"],
        "owners": owners,
        "stations": {"Frankfurt": 0, "Wien": 1},
    }


def test_the_module_examples_run():
    assert doctest.testmod(ttr.views.svg).failed == 0


@pytest.mark.parametrize("name", ["europe", "usa"])
def test_every_route_and_city_is_an_element_with_a_title(name):
    board = load_board(name)
    root = parse(board_svg(board))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    assert width > 1000 and height > 700 and root.get("width") == root.get("viewBox").split()[2]
    spaces = 0
    for route in board.routes:
        element = group(root, f"route-{route.id}")
        assert element.find("s:title", NS).text == route_title(board, route)
        (path,) = element.findall("s:path[@class='ttr-sp']", NS)
        assert path.get("d").count("Z") == route.length  # one closed shape per train space
        spaces += route.length
        assert f"ttr-c-{route.color}" in classes(element)
    assert spaces == TOTAL_SPACES[name]
    for city in board.cities.values():
        element = group(root, city_id(city.name))
        assert element.find("s:title", NS).text == city.display_name
        assert element.find("s:text", NS).text == city.display_name  # its label, diacritics
    assert " " not in "".join(city_id(c) for c in board.cities)  # XML ids have no spaces


def test_route_titles_name_the_route(europe):
    assert route_title(europe, europe.route("Paris-Bruxelles (yellow)")) == (
        "Bruxelles–Paris · 2 · yellow"
    )
    assert route_title(europe, europe.route("Barcelona-Pamplona")).endswith("· tunnel")
    assert route_title(europe, europe.route("Amsterdam-London")).endswith("· ferry, 2 locomotives")


def test_tunnels_are_striped_and_ferries_carry_their_locomotives(europe, usa):
    root = parse(board_svg(europe))
    for route in europe.routes:
        element = group(root, f"route-{route.id}")
        stripes = element.findall("s:path[@class='ttr-stripes']", NS)
        assert len(stripes) == route.is_tunnel
        if route.is_tunnel:
            assert stripes[0].get("d").count("M") == 3 * route.length
        discs = element.findall("s:circle[@class='ttr-lc']", NS)
        assert len(discs) == (route.locomotives if route.is_ferry else 0)
    assert "ttr-stripes" not in board_svg(usa).split("</style>")[1]


def test_a_game_marks_owners_and_stations(europe):
    position = europe_position(europe)
    root = parse(board_svg(europe, **position))
    assert "ttr-game" in classes(root)
    for route in europe.routes:
        element = group(root, f"route-{route.id}")
        seat = position["owners"].get(route.id)
        if seat is None:
            assert "ttr-owned" not in classes(element)
            assert not any(c.startswith("ttr-o") for c in classes(element))
        else:
            assert {"ttr-owned", f"ttr-o{seat}"} <= classes(element)
            assert element.find("s:title", NS).text.endswith(f" · {position['players'][seat]}'s")
    frankfurt, wien = group(root, "city-Frankfurt"), group(root, "city-Wien")
    assert "ttr-s0" in classes(frankfurt) and "ttr-s1" in classes(wien)
    assert frankfurt.find("s:title", NS).text == "Frankfurt · Ann's station"
    assert frankfurt.find("s:g[@class='ttr-station']/s:polygon", NS) is not None
    assert group(root, "city-Paris").find("s:g[@class='ttr-station']", NS) is None
    # a station is filled in its owner's colour, each seat its own
    style = root.find("s:style", NS).text
    fills = {
        seat: re.search(rf"\.ttr-s{seat} \.ttr-station polygon\{{fill:(#\w+)\}}", style)[1]
        for seat in range(len(PLAYER_COLORS))
    }
    assert list(fills.values()) == list(PLAYER_COLORS)


def test_game_svg_reads_the_game(europe):
    game = Game("europe", ["Ann", "Ben"], seed=3)
    root = parse(game_svg(game, title="A fresh game"))
    assert root.find("s:text[@class='ttr-title']", NS).text == "A fresh game"
    legend = " ".join(t.text for t in root.findall(".//s:g[@class='ttr-legend']//s:text", NS))
    assert "Ann" in legend and "Ben" in legend and "station" in legend  # Europe has stations
    usa_game = Game("usa", ["Ann", "Ben"], seed=3)
    legend = "".join(t.text for t in parse(game_svg(usa_game)).iter(f"{{{NS['s']}}}text"))
    assert "station" not in legend


def test_boards_and_games_show_themselves_as_svg(europe):
    assert europe._repr_svg_() == board_svg(europe)
    game = Game("usa", 2, seed=1)
    assert game._repr_svg_() == game_svg(game)
    assert not hasattr(europe, "_repr_png_") and not hasattr(game, "_repr_png_")
    # the same picture as an <img>, which JupyterLab shows before it trusts a notebook
    for shown, svg in ((europe, board_svg(europe)), (game, game_svg(game))):
        img = shown._repr_html_()
        assert img == svg._repr_html_() and img.startswith('<img alt="a map"')
        data = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', img)[1]
        assert base64.b64decode(data).decode() == svg


def test_highlights_stand_out(europe):
    svg = board_svg(europe, highlight_routes="Paris-Bruxelles", highlight_cities=["Paris", "wien"])
    root = parse(svg)
    glows = root.findall("s:g[@class='ttr-glows']/s:path[@class='ttr-glow ttr-on']", NS)
    lit = {int(g.get("id").removeprefix("glow-")) for g in glows}
    assert lit == {r.id for r in europe.find_routes("Paris-Bruxelles")}  # both of the double
    for route_id in lit:
        assert "ttr-lit" in classes(group(root, f"route-{route_id}"))
    for city in ("Paris", "Wien"):
        element = group(root, f"city-{city}")
        assert "ttr-lit" in classes(element)
        assert element.find("s:circle[@class='ttr-ring']", NS) is not None
    assert "highlighted" in svg
    mixed = [europe.route("Amsterdam-Essen"), 0, "Berlin-Essen"]
    assert board_svg(europe, highlight_routes=mixed).count('class="ttr-glow ttr-on" d=') == 3


def test_the_same_input_gives_the_same_text_in_another_process(europe):
    position = europe_position(europe)
    svg = board_svg(europe, **position, highlight_routes=[3, 4], title="Same")
    assert svg == board_svg(europe, **position, highlight_routes=[4, 3], title="Same")
    code = (
        "import hashlib; from ttr import load_board; from ttr.views.svg import board_svg\n"
        f"svg = board_svg(load_board('europe'), **{position!r}, highlight_routes=[3, 4], "
        "title='Same')\n"
        "print(hashlib.sha256(svg.encode()).hexdigest())"
    )
    other = subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        capture_output=True,
        text=True,
        env={"PYTHONHASHSEED": "123", "PATH": ""},
    )
    assert other.stdout.strip() == hashlib.sha256(svg.encode()).hexdigest()


def test_geo_layout_and_options(usa):
    geo = parse(board_svg(usa, layout="geo", labels=False, legend=False))
    assert geo.find(".//s:text", NS) is None  # no labels, no legend
    assert len(geo.findall(".//s:g[@class]", NS)) > len(usa.routes)
    with pytest.raises(ValueError, match="layout"):
        board_svg(usa, layout="mercator")


def test_bad_marks_are_refused(europe):
    with pytest.raises(ValueError, match="players"):
        board_svg(europe, owners={0: 0})
    with pytest.raises(ValueError, match="no route 999"):
        board_svg(europe, players=["A"], owners={999: 0})
    with pytest.raises(ValueError, match="seat 2"):
        board_svg(europe, players=["A", "B"], owners={0: 2})
    with pytest.raises(ValueError, match="seat"):
        board_svg(europe, players=["A"], stations={"Paris": -1})
    with pytest.raises(UnknownReference):
        board_svg(europe, players=["A"], stations={"Atlantis": 0})
    with pytest.raises(UnknownReference):
        board_svg(europe, highlight_cities=["Atlantis"])
    with pytest.raises(TypeError):
        board_svg(europe, highlight_routes=[1.5])
    with pytest.raises(ValueError, match="no route"):
        board_svg(europe, highlight_routes=[len(europe.routes)])


def test_text_is_escaped(europe):
    root = parse(board_svg(europe, title="Ann & Ben <3", players=["A&B", "<C>"], owners={0: 0}))
    assert root.find("s:text[@class='ttr-title']", NS).text == "Ann & Ben <3"
    assert group(root, "route-0").find("s:title", NS).text.endswith("A&B's")


def test_the_live_picture_holds_every_mark_hidden(europe):
    root = parse(live_svg(europe, ("Ann", "Ben"), "board"))
    assert {"ttr-live", "ttr-game"} <= classes(root)
    assert len(root.findall(".//s:path[@class='ttr-glow']", NS)) == len(europe.routes)
    for city in europe.cities:
        element = group(root, city_id(city))
        assert element.find("s:circle[@class='ttr-ring']", NS) is not None
        assert element.find("s:g[@class='ttr-station']", NS) is not None
        assert classes(element) == {"ttr-city"}
    assert root.find(".//s:g[@class='ttr-legend']", NS) is None  # the page shows legend_html


def test_the_html_legend_draws_its_samples_with_the_map_classes(europe, usa):
    legend = legend_html(europe, ("Ann", "Ben"), station_key=True)
    for word in ("Routes", "Players", "Ann", "Ben", "tunnel", "station", "highlighted"):
        assert f">{word}<" in legend
    samples = re.findall(r"<svg class=\"(ttr-map[^\"]*)\"", legend)
    assert samples and set(samples) == {"ttr-map ttr-game"}
    assert 'class="ttr-owned ttr-o1"' in legend  # Ben's colour, as on the map
    board_only = legend_html(usa, None, station_key=False)
    assert "Players" not in board_only and "tunnel" not in board_only


def test_text_widths_follow_the_font():
    assert text_width("Zürich", 10) == text_width("Zurich", 10)
    assert text_width("iii", 10) < text_width("WWW", 10)
    assert text_width("København", 10) > 0


def test_drawing_imports_no_matplotlib():
    code = (
        "import sys; from ttr import load_board; from ttr.views.svg import board_svg\n"
        "board_svg(load_board('usa'))\n"
        "assert not [m for m in sys.modules if m.startswith(('matplotlib', 'ttr.views.plot'))]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ---------------------------------------------------------------------------------------------
# The pure-Python geometry (#27) draws the maps the numpy geometry drew: tests/data holds the
# numpy version's coordinates, label slots and pictures (tests/make_map_reference.py).

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _assert_close(old: object, new: object, path: str) -> None:
    if isinstance(old, dict):
        assert isinstance(new, dict) and old.keys() == new.keys(), path
        for key in old:
            _assert_close(old[key], new[key], f"{path}/{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(old) == len(new), path
        for k, (a, b) in enumerate(zip(old, new, strict=True)):
            _assert_close(a, b, f"{path}[{k}]")
    elif isinstance(old, float) or isinstance(new, float):
        assert new == pytest.approx(old, abs=1e-6), path
    elif isinstance(old, str) and old.startswith("<svg"):
        assert isinstance(new, str)
        # the same text between the numbers, and every number within the last written digit
        assert _NUMBER.split(old) == _NUMBER.split(new), path
        pairs = zip(_NUMBER.findall(old), _NUMBER.findall(new), strict=True)
        assert all(abs(float(a) - float(b)) <= 0.1 + 1e-9 for a, b in pairs), path
    else:
        assert old == new, path


def test_map_geometry_and_pictures_equal_the_numpy_drawing():
    sys.path.insert(0, str(REFERENCE.parent.parent))
    try:
        from make_map_reference import reference
    finally:
        sys.path.pop(0)
    with gzip.open(REFERENCE, "rt", encoding="utf-8") as f:
        old = json.load(f)
    new = json.loads(json.dumps(reference()))
    _assert_close(old, new, "")


def test_maps_widgets_and_apps_need_neither_numpy_nor_matplotlib():
    # The browser edition (JupyterLite) has neither; Game._repr_svg_ works on a plain install.
    code = (
        "import sys\n"
        "sys.modules['numpy'] = sys.modules['matplotlib'] = None  # importing them fails\n"
        "from ttr import Game\n"
        "import ttr.views.svg, ttr.views.map_layout, ttr.views.widgets, ttr.apps\n"
        "game = Game('usa', players=['Ann', 'Ben'], seed=1)\n"
        "assert game._repr_svg_().startswith('<svg')\n"
        "ttr.views.widgets.MapWidget(game.board)\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


# ---------------------------------------------------------------------------------------------
# The charts (ttr.views.chart): SVG like the maps, so that lessons 04 and 09 show them in the
# browser edition too.


def test_a_bar_chart_draws_one_bar_per_value_on_a_shared_scale():
    from ttr.views.chart import bar_chart, side_by_side

    a = bar_chart(
        range(4),
        {"exact": [0.5, 0.3, 0.2, 0.0], "simulated": [0.4, 0.4, 0.2, 0.0]},
        title="odds",
        xlabel="extra cards",
        ylabel="probability",
        ymax=1,
    )
    root = ET.fromstring(a)
    bars = [r for r in root.findall("s:rect", NS) if r.get("fill") in ("#1f77b4", "#ff7f0e")]
    assert len(bars) == 8 + 2  # eight bars and the legend's two swatches
    heights = sorted(float(r.get("height")) for r in bars if r.get("width") != "16")
    assert heights[-1] / heights[-3] == pytest.approx(0.5 / 0.4, abs=0.01)  # to scale
    assert "probability" in a and ">1</text>" in a  # the axis ends at ymax, labelled
    both = ET.fromstring(side_by_side(a, a))
    assert float(both.get("width")) == 2 * float(root.get("width")) + 10


def test_a_line_chart_steps_and_marks():
    from ttr.views.chart import line_chart

    svg = line_chart(
        [0, 1, 2, 3],
        {"Ann": [0, 2, 2, 5], "Ben": [0, 1, 4, 4]},
        step=True,
        marks={2: "last round"},
        xlabel="turn",
        title="track",
    )
    root = ET.fromstring(svg)
    lines = [p for p in root.iter(f"{{{NS['s']}}}path") if p.get("stroke-width") == "2"]
    assert len(lines) == 2 and all("H" in p.get("d") and "L" not in p.get("d") for p in lines)
    assert "last round" in svg and 'stroke-dasharray="5 4"' in svg
    words = line_chart(["a", "b"], {"Ann": [1, 2]}, dots=True)
    assert len(ET.fromstring(words).findall("s:circle", NS)) == 2
    assert line_chart([0, 1], {"Ann": [1, 2]}) == line_chart([0, 1], {"Ann": [1, 2]})


@pytest.mark.parametrize(
    "call",
    [
        lambda c: c.bar_chart([0, 1], {"exact": [0.5]}),
        lambda c: c.line_chart([0, 1, 2], {"Ann": [1, 2]}),
        lambda c: c.bar_chart([0, 1], {}),
    ],
)
def test_a_chart_refuses_series_of_the_wrong_length(call):
    import ttr.views.chart as chart
    from ttr.errors import TTRError

    with pytest.raises(TTRError, match="series"):
        call(chart)
