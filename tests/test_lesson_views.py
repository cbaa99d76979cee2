"""The lessons' map of several paths (ttr.lessons.views.paths_map) lies on ttr.views.svg's map."""

from __future__ import annotations

import re

import pytest

from ttr import load_board
from ttr.lessons.views import PATH_COLORS, paths_map

USA = load_board("usa")
NUMBER = r"(-?[\d.]+)"


def dot(svg: str, city: str) -> tuple[float, float]:
    """The centre of a city's dot in the picture."""
    found = re.search(rf'id="city-{city}".*?class="ttr-dot" cx="{NUMBER}" cy="{NUMBER}"', svg)
    assert found, city
    return float(found[1]), float(found[2])


def lines(svg: str) -> list[list[tuple[float, float]]]:
    """The coloured line of each path (not its dark edge), as lists of points."""
    group = re.search(r'<g class="lesson-paths".*?</g>', svg, re.S)
    assert group
    paths = re.findall(r'<path d="([^"]+)" stroke="(#[0-9a-f]+)"', group[0])
    coloured = [d for d, color in paths if color != "#111"]
    return [
        [(float(x), float(y)) for x, y in re.findall(rf"{NUMBER} {NUMBER}", d)] for d in coloured
    ]


def route(text: str):
    return USA.route(text)


def height(svg: str) -> float:
    """The height of the picture."""
    found = re.search(rf'viewBox="0 0 {NUMBER} {NUMBER}"', svg)
    assert found
    return float(found[2])


def test_a_path_runs_from_city_to_city_on_the_map() -> None:
    svg = paths_map(USA, {"one": [route("Chicago-Omaha")]})
    (points,) = lines(svg)
    ends = {points[0], points[-1]}
    for city in ("Chicago", "Omaha"):
        x, y = dot(svg, city)
        assert min(abs(x - px) + abs(y - py) for px, py in ends) < 0.3


def test_paths_that_share_a_route_run_side_by_side() -> None:
    shared = [route("Chicago-Omaha")]
    (alone,) = lines(paths_map(USA, {"one": shared}))
    left, right = lines(paths_map(USA, {"one": shared, "two": shared}))
    middle = len(alone) // 2
    gaps = [
        abs(a[0] - b[0]) + abs(a[1] - b[1])
        for a, b in ((left[middle], alone[middle]), (right[middle], alone[middle]))
    ]
    assert all(gap > 3 for gap in gaps)  # both moved off the centre line, to either side
    assert left[middle] != right[middle]


def test_the_picture_is_the_same_for_the_same_paths_in_any_order() -> None:
    routes = [route("Chicago-Omaha"), route("Denver-Omaha"), route("Denver-Santa Fe")]
    assert paths_map(USA, {"a": routes}) == paths_map(USA, {"a": routes[::-1]})


@pytest.mark.parametrize("count", [1, 3])
def test_a_key_names_each_path_in_its_colour_below_the_map(count: int) -> None:
    names = [f"path <{i}>" for i in range(count)]
    plain = paths_map(USA, {})
    svg = paths_map(USA, {name: [route("Chicago-Omaha")] for name in names})
    assert height(svg) > height(plain) + 30 * count
    key = re.search(r'<g class="lesson-path-key".*?</g>', svg, re.S)
    assert key
    assert [f"path &lt;{i}&gt;" for i in range(count)] == re.findall(
        r">(path [^<]+)</text>", key[0]
    )
    assert all(color in key[0] for color in PATH_COLORS[:count])
