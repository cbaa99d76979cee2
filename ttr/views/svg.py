"""Maps as SVG text, in the manner of python-chess's ``chess.svg``: plain functions, no drawing
library, the same text for the same input.

>>> from ttr import load_board
>>> from ttr.views.svg import board_svg
>>> svg = board_svg(load_board("usa"), highlight_routes=["Denver-Omaha"], title="Denver-Omaha")
>>> svg.startswith("<svg") and 'id="route-0"' in svg and 'id="city-New_York"' in svg
True

:func:`board_svg` draws a board, :func:`game_svg` a game (``Board`` and ``Game`` show themselves
in a notebook through it, with ``_repr_svg_``). The picture is the one :mod:`ttr.views.plot` draws,
from the same layout (:mod:`ttr.views.map_layout`): every route a row of train spaces in its colour,
doubles side by side, tunnels outlined and striped, ferries with one "L" disc per locomotive
they need, claimed routes in their owner's player colour with a black outline (unclaimed ones
paler in a game), a station as a pentagon filled in its owner's colour, highlighted routes on a
wide gold band and highlighted cities in a gold ring, a legend below.

Every element a reader may point at is addressable and explains itself on hover:

* each route is ``<g id="route-<route id>">`` with a ``<title>`` such as
  ``"Bruxelles–Paris · 2 · yellow"`` (plus the kind, and the owner in a game);
* each city is ``<g id="city-<name>">`` (spaces in the board name become ``_``:
  ``city-New_York``) with a ``<title>``, its dot, its label and, when built, its station;
* the picture scales (``viewBox``) and its styles are classes (``ttr-o<seat>`` on an owned
  route, ``ttr-s<seat>`` on a city with a station, ``ttr-lit`` on a highlighted one), so the
  clickable map (:mod:`ttr.views.widgets.map`) restyles elements by id without redrawing.

Numbers are written with one decimal, so the text is byte-stable across runs and processes (the
notebooks' tests compare it).
"""

from __future__ import annotations

import base64
import html
import itertools
import math
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ttr.board import Board, Route
from ttr.display import register
from ttr.i18n import Np_, pgettext, render
from ttr.views.map_layout import (
    CITY_EDGE,
    CITY_FACE,
    CITY_RADIUS,
    DARK_ROUTE_COLORS,
    HIGHLIGHT_COLOR,
    MAP_BACKGROUND,
    PLAYER_COLORS,
    ROUTE_EDGE,
    ROUTE_FACE,
    SLOTS,
    SPACE_WIDTH,
    TUNNEL_EDGE,
    VALIGN,
    LegendEntry,
    Point,
    Quad,
    game_marks,
    geometry,
    label_slots,
    legend_entries,
    resolve_routes,
    stripes,
)

__all__ = [
    "Marks",
    "legend_html",
    "Svg",
    "board_svg",
    "city_id",
    "game_svg",
    "live_svg",
    "route_id",
    "route_title",
]

LABEL_SIZE = 8.5
"""City names, in points of :func:`ttr.views.map_layout.label_slots` (shared with
:mod:`ttr.views.plot`)."""
_LABEL_SCALE = 2.8
"""Board pixels per point: a city name is ``LABEL_SIZE * _LABEL_SCALE`` (about 24) units tall."""
_LEGEND_SIZE = 22.0
_LEGEND_ROW = 36.0
_SWATCH = (44.0, 18.0)
_TITLE_SIZE = 26.0
_TITLE_BAND = 46.0
_STATION_RADIUS = 1.75 * CITY_RADIUS
_RING_RADIUS = 2.2 * CITY_RADIUS
_LOCO_RADIUS = 0.42 * SPACE_WIDTH
_GLOW_WIDTH = 2.4 * SPACE_WIDTH
_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


class Svg(str):
    """SVG text that a notebook shows as a picture (``_repr_svg_``); it is a plain ``str``."""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        """The picture as an ``<img>``: JupyterLab shows it even in a notebook it does not
        trust yet (one just opened, not run), where it hides SVG output."""
        data = base64.b64encode(self.encode()).decode()
        return f'<img alt="a map" style="max-width:100%" src="data:image/svg+xml;base64,{data}">'

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(f"<SVG picture, {len(self)} characters>")


def route_id(route: Route | int) -> str:
    """The element id of a route: ``"route-7"``."""
    return f"route-{route if isinstance(route, int) else route.id}"


def city_id(city: str) -> str:
    """The element id of a city (its board name): ``"city-New_York"``."""
    return "city-" + city.replace(" ", "_")


def route_title(board: Board, route: Route) -> str:
    """What a route's tooltip says: ``"Bruxelles–Paris · 2 · yellow"`` (and its kind)."""
    text = render(
        "{a}–{b} · {length} · {color:colour}",
        a=board.display(route.a),
        b=board.display(route.b),
        length=route.length,
        color=route.color,
    )
    if route.is_tunnel:
        text += render(" · tunnel")
    elif route.is_ferry:
        text += render(" · ferry, {n:#locomotive}", n=route.locomotives)
    return text


def board_svg(
    board: Board,
    *,
    players: Sequence[str] | None = None,
    owners: Mapping[int, int] | None = None,
    stations: Mapping[str, int] | None = None,
    highlight_routes: object = (),
    highlight_cities: Iterable[str] = (),
    title: str | None = None,
    layout: str = "board",
    labels: bool = True,
    legend: bool = True,
) -> Svg:
    """The board as SVG: its cities and routes, and optionally the marks of a position.

    ``players`` (names, in seat order) turns the picture into a game's: unclaimed routes are
    paler, and the legend lists each player's colour. ``owners`` maps route ids to seats,
    ``stations`` city names to seats (both need ``players``). ``highlight_routes`` is a route,
    a route id, a text reference (``"Paris-Bruxelles"``: both routes of a double) or an iterable
    of them; ``highlight_cities`` names cities. ``layout`` is ``"board"`` (the printed map) or
    ``"geo"`` (longitude and latitude).
    """
    marks = Marks.checked(board, players, owners, stations, highlight_routes, highlight_cities)
    return _draw(board, layout, marks, bool(marks.stations), title, labels, legend, live=False)


def game_svg(
    game: Any,
    *,
    highlight_routes: object = (),
    highlight_cities: Iterable[str] = (),
    title: str | None = None,
    layout: str = "board",
    labels: bool = True,
    legend: bool = True,
) -> Svg:
    """A game as SVG: :func:`board_svg` with the game's players, owners and stations.

    Reads ``game.board``, ``game.players``, ``game.owner``, ``game.stations`` and
    ``game.rules.has_stations`` (the legend shows the station mark in games with stations).
    """
    owners, stations, players = game_marks(game)
    marks = Marks.checked(game.board, players, owners, stations, highlight_routes, highlight_cities)
    return _draw(
        game.board, layout, marks, bool(game.rules.has_stations), title, labels, legend, live=False
    )


def live_svg(board: Board, players: Sequence[str] | None, layout: str) -> Svg:
    """The picture the clickable map starts from: no marks yet, but every element a mark can
    switch on (a glow under each route, a ring and a station at each city) is there, hidden.
    It has no legend: the page shows :func:`legend_html` beside it, in the page's own size."""
    marks = Marks.checked(board, players, None, None, (), ())
    return _draw(board, layout, marks, False, None, True, False, live=True)


LEGEND_WORDS = (
    Np_("legend", "Routes"),
    Np_("legend", "Players"),
    Np_("legend", "tunnel"),
    Np_("legend", "ferry (each L: one locomotive card)"),
    Np_("legend", "city"),
    Np_("legend", "station"),
    Np_("legend", "highlighted"),
)
"""The words of :func:`ttr.views.map_layout.legend_entries`, as the live map's legend says them."""


def _legend_label(entry: LegendEntry) -> str:
    """A legend entry's label in the language in force (a player's name stays as it is)."""
    if entry.kind == "player":
        return entry.label
    if entry.kind == "route":
        return pgettext("colour", entry.label)
    return pgettext("legend", entry.label)


def legend_html(board: Board, players: Sequence[str] | None, station_key: bool) -> str:
    """The legend of a map as HTML (text that wraps, in the page's font size), each sample a
    small SVG drawn with the map's own classes (a map on the page brings their stylesheet)."""
    names = None if players is None else tuple(players)
    game = " ttr-game" if names is not None else ""
    w, h = _SWATCH
    sections = []
    for title, entries in legend_entries(board, names, station_key, highlight=True):
        items = "".join(
            f'<span class="ttr-key"><svg class="ttr-map{game}" width="32" height="15" '
            f'viewBox="-2 -{_n(h / 2 + 2)} {_n(w + 4)} {_n(h + 4)}">'
            f"{_sample(entry, 0, 0, w, h)}</svg>{_esc(_legend_label(entry))}</span>"
            for entry in entries
        )
        sections.append(f'<div class="ttr-keys"><b>{pgettext("legend", title)}</b>{items}</div>')
    return f'<div class="ttr-legend-html">{"".join(sections)}</div>'


# ---------------------------------------------------------------------------------------------
# Checking the marks


class Marks:
    """Owners, stations and highlights, checked against the board (:meth:`checked`)."""

    def __init__(
        self,
        players: tuple[str, ...] | None,
        owners: dict[int, int],
        stations: dict[str, int],
        routes: frozenset[int],
        cities: frozenset[str],
    ):
        self.players: tuple[str, ...] | None = players
        self.owners: dict[int, int] = owners
        self.stations: dict[str, int] = stations
        self.routes: frozenset[int] = routes
        self.cities: frozenset[str] = cities

    @classmethod
    def checked(
        cls,
        board: Board,
        players: Sequence[str] | None,
        owners: Mapping[int, int] | None,
        stations: Mapping[str, int] | None,
        highlight_routes: object,
        highlight_cities: Iterable[str],
    ) -> Marks:
        """The marks, after checking every route id, seat and city name (a clear error for the
        first one that is wrong: ``ValueError``, or ``UnknownReference`` for a city)."""
        names = None if players is None else tuple(str(p) for p in players)
        owners, stations = dict(owners or {}), dict(stations or {})
        if names is None and (owners or stations):
            raise ValueError("owners and stations need players= (whose seats they name)")
        seats = range(len(names or ()))
        for route, seat in owners.items():
            if not isinstance(route, int) or not 0 <= route < len(board.routes):
                raise ValueError(f"owners: there is no route {route!r} on the {board.name} board")
            if not _is_seat(seat, seats):
                raise ValueError(f"owners: route {route} has seat {seat!r}, {_seat_range(seats)}")
        checked_stations = {}
        for city, seat in stations.items():
            if not _is_seat(seat, seats):
                raise ValueError(f"stations: {city} has seat {seat!r}, {_seat_range(seats)}")
            checked_stations[board.city(city)] = seat
        if isinstance(highlight_cities, str):
            highlight_cities = [highlight_cities]
        routes = frozenset(r.id for r in resolve_routes(board, highlight_routes))
        cities = frozenset(board.city(c) for c in highlight_cities)
        return cls(names, owners, checked_stations, routes, cities)


def _is_seat(seat: object, seats: range) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and seat in seats


def _seat_range(seats: range) -> str:
    return f"expected a seat from 0 to {len(seats) - 1}" if seats else "and there are no seats"


# ---------------------------------------------------------------------------------------------
# Text widths (DejaVu Sans, which Debian and matplotlib ship): for placing labels and legends

_ADVANCE = dict(
    zip(
        [chr(c) for c in range(32, 127)],
        (
            318,
            401,
            460,
            838,
            636,
            950,
            780,
            275,
            390,
            390,
            500,
            838,
            318,
            361,
            318,
            337,
            636,
            636,
            636,
            636,
            636,
            636,
            636,
            636,
            636,
            636,
            337,
            337,
            838,
            838,
            838,
            531,
            1000,
            684,
            686,
            698,
            770,
            632,
            575,
            775,
            752,
            295,
            295,
            656,
            557,
            863,
            748,
            787,
            603,
            787,
            695,
            635,
            611,
            732,
            684,
            989,
            685,
            611,
            685,
            390,
            337,
            390,
            838,
            500,
            500,
            613,
            635,
            550,
            635,
            615,
            352,
            635,
            634,
            278,
            278,
            579,
            278,
            974,
            634,
            612,
            635,
            635,
            411,
            521,
            392,
            634,
            592,
            818,
            592,
            592,
            525,
            636,
            337,
            636,
            838,
        ),  # fmt: skip
        strict=True,
    )
)
"""Advance widths of the printable ASCII characters, in thousandths of the font size."""


def text_width(text: str, size: float) -> float:
    """The width of ``text`` set in DejaVu Sans at ``size`` (accented letters as their base; a
    wide character, such as a Hangul syllable, one em)."""
    total = 0
    for char in text:
        base = unicodedata.normalize("NFKD", char)[:1]
        wide = unicodedata.east_asian_width(char) in ("W", "F")
        total += 1000 if wide else _ADVANCE.get(base, 620)
    return total * size / 1000


# ---------------------------------------------------------------------------------------------
# Drawing


def _n(x: float) -> str:
    """A coordinate with one decimal, without a trailing ``.0`` or a negative zero."""
    text = f"{x:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _luminance(color: str) -> float:
    r, g, b = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def _ink(color: str) -> str:
    """Stripes that show on a space of ``color``."""
    return "#f0f0f0" if _luminance(color) < 0.4 else TUNNEL_EDGE


def _style() -> str:
    """The stylesheet of every map (the same text in each: maps may share a page)."""
    rules = [
        f".ttr-map text{{font-family:{_FONT}}}",
        f".ttr-map .ttr-sea{{fill:{MAP_BACKGROUND};stroke:#b9b09a}}",
        ".ttr-map .ttr-sp{stroke-width:1.2;stroke-linejoin:round}",
        f".ttr-map .ttr-stripes{{fill:none;stroke:{TUNNEL_EDGE};stroke-width:1.6}}",
    ]
    for color in ROUTE_FACE:
        rules.append(
            f".ttr-map .ttr-c-{color} .ttr-sp{{fill:{ROUTE_FACE[color]};"
            f"stroke:{ROUTE_EDGE[color]}}}"
        )
        if color in DARK_ROUTE_COLORS:
            rules.append(f".ttr-map .ttr-c-{color} .ttr-stripes{{stroke:#f0f0f0}}")
    rules += [
        f".ttr-map .ttr-tunnel .ttr-sp{{stroke:{TUNNEL_EDGE};stroke-width:2.6}}",
        ".ttr-map .ttr-owned .ttr-sp{stroke:#000;stroke-width:3}",
        ".ttr-game .ttr-route:not(.ttr-owned),.ttr-game .ttr-key-route{opacity:.62}",
    ]
    for seat, color in enumerate(PLAYER_COLORS):
        rules += [
            f".ttr-map .ttr-o{seat} .ttr-sp{{fill:{color}}}",
            f".ttr-map .ttr-o{seat} .ttr-stripes{{stroke:{_ink(color)}}}",
            f".ttr-map .ttr-s{seat} .ttr-station{{display:inline}}",
            f".ttr-map .ttr-s{seat} .ttr-station polygon{{fill:{color}}}",
        ]
    rules += [
        ".ttr-map .ttr-lc{fill:#111}",
        ".ttr-map .ttr-ll{fill:none;stroke:#fff;stroke-width:1.6}",
        f".ttr-map .ttr-glow{{display:none;fill:none;stroke:{HIGHLIGHT_COLOR};"
        f"stroke-width:{_n(_GLOW_WIDTH)};stroke-linecap:round;stroke-linejoin:round;opacity:.9}}",
        ".ttr-map .ttr-glow.ttr-on{display:inline}",
        f".ttr-map .ttr-dot{{fill:{CITY_FACE};stroke:{CITY_EDGE};stroke-width:2}}",
        ".ttr-map .ttr-ring,.ttr-map .ttr-station{display:none}",
        f".ttr-map .ttr-lit .ttr-ring{{display:inline;fill:{HIGHLIGHT_COLOR};fill-opacity:.5;"
        f"stroke:{HIGHLIGHT_COLOR};stroke-width:6}}",
        ".ttr-map .ttr-station polygon{stroke:#000;stroke-width:2;stroke-linejoin:round}",
        f".ttr-map .ttr-station circle{{fill:{CITY_FACE};stroke:{CITY_EDGE};stroke-width:1}}",
        ".ttr-map .ttr-key-station{display:inline}.ttr-map .ttr-key-station polygon{fill:#fff}",
        f".ttr-map .ttr-label{{fill:#1b1b1b;stroke:{MAP_BACKGROUND};stroke-width:4;"
        "stroke-linejoin:round;paint-order:stroke}",
        ".ttr-map .ttr-legend text{fill:#1b1b1b}",
        ".ttr-map .ttr-title{fill:#1b1b1b;font-weight:bold}",
        ".ttr-live .ttr-route,.ttr-live .ttr-city{cursor:pointer}",
        ".ttr-live .ttr-route:hover .ttr-sp{stroke:#000;stroke-width:3.5}",
        ".ttr-live .ttr-city:hover .ttr-dot{stroke:#000;stroke-width:4}",
    ]
    return "".join(rules)


_STYLE = _style()


def _path(points: Sequence[Point], closed: bool) -> str:
    """Path data through ``points``, already in picture coordinates."""
    head = f"M{_n(points[0][0])} {_n(points[0][1])}"
    rest = "".join(f"L{_n(x)} {_n(y)}" for x, y in points[1:])
    return head + rest + ("Z" if closed else "")


def _pentagon(x: float, y: float, r: float) -> str:
    corners = [
        (x + r * math.cos(math.radians(a)), y - r * math.sin(math.radians(a)))
        for a in (90, 18, -54, -126, 162)
    ]
    return " ".join(f"{_n(cx)},{_n(cy)}" for cx, cy in corners)


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _draw(
    board: Board,
    layout: str,
    marks: Marks,
    station_key: bool,
    title: str | None,
    labels: bool,
    legend: bool,
    live: bool,
) -> Svg:
    if title:  # a notebook's titles are catalogue entries too (tests/catalogue.py)
        title = pgettext("figure", title)
    geo = geometry(board, layout)
    (x0, x1), (y0, y1) = geo.xlim, geo.ylim
    top = _TITLE_BAND if title else 0.0
    width, map_height = x1 - x0, y1 - y0

    def at(points: Iterable[Point]) -> list[Point]:
        """Board pixels (y up) to picture coordinates (y down)."""
        return [(x - x0, y1 + top - y) for x, y in points]

    game = marks.players is not None
    sections = []
    if legend:
        highlight = bool(marks.routes or marks.cities) or live
        sections = legend_entries(board, marks.players, station_key, highlight)
    legend_parts, legend_height = _legend(sections, width, top + map_height)
    height = top + map_height + legend_height
    classes = "ttr-map" + (" ttr-game" if game else "") + (" ttr-live" if live else "")
    label = title or render("The {board} map", board=board.name)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{classes}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" width="{_n(width)}" height="{_n(height)}" '
        f'role="img" aria-label="{_esc(label)}">',
        f"<style>{_STYLE}</style>",
        f'<rect class="ttr-sea" x="0" y="{_n(top)}" width="{_n(width)}" '
        f'height="{_n(map_height)}"/>',
    ]
    if title:
        out.append(
            f'<text class="ttr-title" x="8" y="{_n(top - 14)}" '
            f'font-size="{_n(_TITLE_SIZE)}">{_esc(title)}</text>'
        )

    out.append('<g class="ttr-glows">')
    for route in board.routes:
        if live or route.id in marks.routes:
            on = " ttr-on" if route.id in marks.routes else ""
            line = _path(at(geo.route_line[route.id]), closed=False)
            out.append(f'<path id="glow-{route.id}" class="ttr-glow{on}" d="{line}"/>')
    out.append("</g>")

    out.append('<g class="ttr-routes">')
    first = [0, *itertools.accumulate(r.length for r in board.routes)]
    for route in board.routes:
        quads = geo.spaces[first[route.id] : first[route.id + 1]]
        out.append(_route(board, route, quads, at, marks))
    out.append("</g>")

    out.append(f'<g class="ttr-cities" font-size="{_n(LABEL_SIZE * _LABEL_SCALE)}">')
    slots = label_slots(board, layout, _LABEL_SCALE, LABEL_SIZE, text_width) if labels else {}
    for name, xy in zip(geo.names, at(geo.xy), strict=True):
        out.append(_city(board, name, xy, slots.get(name), marks, live))
    out.append("</g>")
    out += legend_parts
    out.append("</svg>")
    return Svg("".join(out))


def _route(
    board: Board,
    route: Route,
    quads: Sequence[Quad],
    at: Callable[[Iterable[Point]], list[Point]],
    marks: Marks,
) -> str:
    """A route's group: its spaces, tunnel stripes or ferry marks, and its tooltip."""
    kind = {"tunnel": " ttr-tunnel", "ferry": " ttr-ferry"}.get(route.kind, "")
    owner = marks.owners.get(route.id)
    text = route_title(board, route)
    classes = f"ttr-route ttr-c-{route.color}{kind}"
    if owner is not None and marks.players is not None:
        classes += f" ttr-owned ttr-o{owner % len(PLAYER_COLORS)}"
        text += " · " + render("{name}'s", name=marks.players[owner])
    if route.id in marks.routes:
        classes += " ttr-lit"
    spaces = "".join(_path(at(quad), closed=True) for quad in quads)
    parts = [
        f'<g id="{route_id(route)}" class="{classes}"><title>{_esc(text)}</title>',
        f'<path class="ttr-sp" d="{spaces}"/>',
    ]
    if route.is_tunnel:
        lines = "".join(_path(at(seg), closed=False) for seg in stripes(quads))
        parts.append(f'<path class="ttr-stripes" d="{lines}"/>')
    if route.is_ferry:
        centres = [_centre(quad) for quad in quads[: route.locomotives]]
        parts.append(_locomotives(at(centres)))
    parts.append("</g>")
    return "".join(parts)


def _centre(quad: Quad) -> Point:
    """The mean of a quadrilateral's corners."""
    return (sum(p[0] for p in quad) / 4, sum(p[1] for p in quad) / 4)


def _locomotives(centres: Iterable[Point]) -> str:
    """One black disc with a white "L" per locomotive a ferry needs (C6)."""
    r = _LOCO_RADIUS
    centres = list(centres)
    discs = "".join(
        f'<circle class="ttr-lc" cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}"/>' for x, y in centres
    )
    ells = "".join(
        f"M{_n(x - 0.28 * r)} {_n(y - 0.5 * r)}V{_n(y + 0.45 * r)}H{_n(x + 0.38 * r)}"
        for x, y in centres
    )
    return discs + f'<path class="ttr-ll" d="{ells}"/>'


def _city(board: Board, name: str, xy: Point, slot: str | None, marks: Marks, live: bool) -> str:
    """A city's group: highlight ring, dot, station and label, and its tooltip."""
    x, y = float(xy[0]), float(xy[1])
    shown = board.display(name)
    owner = marks.stations.get(name)
    classes, text = "ttr-city", shown
    if owner is not None and marks.players is not None:
        classes += f" ttr-s{owner % len(PLAYER_COLORS)}"
        text += " · " + render("{name}'s station", name=marks.players[owner])
    lit = name in marks.cities
    if lit:
        classes += " ttr-lit"
    parts = [f'<g id="{city_id(name)}" class="{classes}"><title>{_esc(text)}</title>']
    if live or lit:
        parts.append(f'<circle class="ttr-ring" cx="{_n(x)}" cy="{_n(y)}" r="{_n(_RING_RADIUS)}"/>')
    parts.append(f'<circle class="ttr-dot" cx="{_n(x)}" cy="{_n(y)}" r="{_n(CITY_RADIUS)}"/>')
    if live or owner is not None:
        parts.append(_station(x, y))
    if slot is not None:
        dx, dy, ha, va = SLOTS[slot]
        scale = _LABEL_SCALE
        anchor = {"left": "start", "center": "middle", "right": "end"}[ha]
        base = y - (dy + VALIGN[va] * LABEL_SIZE) * scale
        parts.append(
            f'<text class="ttr-label" x="{_n(x + dx * scale)}" y="{_n(base)}" '
            f'text-anchor="{anchor}">{_esc(shown)}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _station(x: float, y: float, extra_class: str = "", radius: float = _STATION_RADIUS) -> str:
    """A station: a pentagon (filled in its owner's colour by the city's class) over the dot."""
    corners = _pentagon(x, y, radius)
    return (
        f'<g class="ttr-station{extra_class}"><polygon points="{corners}"/>'
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.45 * CITY_RADIUS)}"/></g>'
    )


# ---------------------------------------------------------------------------------------------
# Legend


def _legend(
    sections: list[tuple[str, list[LegendEntry]]], width: float, top: float
) -> tuple[list[str], float]:
    """The legend's elements below the map (from ``top``), rows wrapped to ``width``, and the
    height it takes."""
    if not sections:
        return [], 0.0
    size, row = _LEGEND_SIZE, _LEGEND_ROW
    swatch_w, swatch_h = _SWATCH
    sections = [(pgettext("legend", title), entries) for title, entries in sections]
    title_width = max(text_width(t, size) * 1.1 for t, _ in sections) + 24
    parts = [f'<g class="ttr-legend" font-size="{_n(size)}">']
    y = top + row * 0.75
    for title, entries in sections:
        parts.append(f'<text x="10" y="{_n(y + size * 0.36)}" font-weight="bold">{title}</text>')
        x = title_width
        for entry in entries:
            label = _legend_label(entry)
            w = swatch_w + 8 + text_width(label, size) + 26
            if x + w > width and x > title_width:
                x, y = title_width, y + row
            parts.append(_sample(entry, x, y, swatch_w, swatch_h))
            parts.append(
                f'<text x="{_n(x + swatch_w + 8)}" y="{_n(y + size * 0.36)}">{_esc(label)}</text>'
            )
            x += w
        y += row
    parts.append("</g>")
    return parts, y - top - row * 0.25


def _sample(entry: LegendEntry, x: float, y: float, w: float, h: float) -> str:
    """The little picture beside a legend text, drawn with the map's own classes."""
    box: Quad = ((x, y - h / 2), (x + w, y - h / 2), (x + w, y + h / 2), (x, y + h / 2))
    rect = f'<path class="ttr-sp" d="{_path(box, closed=True)}"/>'
    cx = x + w / 2
    if entry.kind == "route":
        return f'<g class="ttr-key-route ttr-c-{entry.value}">{rect}</g>'
    if entry.kind == "tunnel":
        quad = (box[3], box[2], box[1], box[0])
        lines = "".join(_path(seg, closed=False) for seg in stripes([quad]))
        return (
            f'<g class="ttr-key-route ttr-c-gray ttr-tunnel">{rect}'
            f'<path class="ttr-stripes" d="{lines}"/></g>'
        )
    if entry.kind == "ferry":
        return f'<g class="ttr-key-route ttr-c-gray">{rect}{_locomotives([(cx, y)])}</g>'
    if entry.kind == "player":
        return f'<g class="ttr-owned ttr-o{int(entry.value or 0) % len(PLAYER_COLORS)}">{rect}</g>'
    if entry.kind == "station":
        return _station(cx, y, " ttr-key-station", radius=0.6 * h).replace(
            'class="ttr-station', 'class="ttr-station', 1
        )
    if entry.kind == "highlight":
        return (
            f'<path class="ttr-glow ttr-on" style="stroke-width:{_n(h)}" '
            f'd="M{_n(x + h / 2)} {_n(y)}H{_n(x + w - h / 2)}"/>'
        )
    return f'<circle class="ttr-dot" cx="{_n(cx)}" cy="{_n(y)}" r="{_n(CITY_RADIUS * 0.8)}"/>'


# Board._repr_svg_ and Game._repr_svg_ draw through these (ttr.display names this module).
register("board", board_svg)
register("game", game_svg)
