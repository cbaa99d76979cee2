"""Where everything on a map goes, and its colours: the drawing shared by :mod:`ttr.views.svg` and
:mod:`ttr.views.plot`.

Nothing here draws. :func:`geometry` places a board once per layout (cached): every city at a
fixed position (``"board"``: the printed map's pixel positions; ``"geo"``: longitude and
latitude, an equirectangular projection squeezed by the cosine of the mean latitude, scaled to
the same width), and every route as a row of train-space rectangles; the two routes of a double
run side by side, and a route that would run over another route or a city when drawn straight
bows a little, like on the printed board (a small deterministic search). :func:`label_slots`
puts each city's name beside it where it covers the fewest routes, cities and other names.
:func:`legend_entries` says what a legend lists. Coordinates are board pixels with y pointing up.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ttr.board import Board, Route
from ttr.colors import ROUTE_COLORS

# ---------------------------------------------------------------------------------------------
# Colours

ROUTE_FACE: dict[str, str] = {
    "pink": "#f39bc4",
    "white": "#ffffff",
    "blue": "#2b6fd6",
    "yellow": "#f5d000",
    "orange": "#f7901e",
    "black": "#2a2a2a",
    "red": "#d9281f",
    "green": "#2e9e45",
    "gray": "#a7a7a7",
}
"""The fill colour of each route colour's spaces."""

ROUTE_EDGE: dict[str, str] = {
    "pink": "#a8507b",
    "white": "#3c3c3c",  # a white space needs a dark edge to show on the light map
    "blue": "#153d7a",
    "yellow": "#8a7500",
    "orange": "#95500a",
    "black": "#000000",
    "red": "#7a120d",
    "green": "#17572a",
    "gray": "#555555",
}
"""The outline colour of each route colour's spaces."""

DARK_ROUTE_COLORS = frozenset({"blue", "black", "red", "green"})
"""Route colours dark enough to need light text or stripes on them."""

PLAYER_COLORS: tuple[str, ...] = ("#8e44c9", "#00b3c4", "#8b5a2b", "#e0218a", "#9ccc1c")
"""Player (seat) colours: purple, cyan, brown, magenta and lime, none of them a route colour."""

PLAYER_COLOR_NAMES: tuple[str, ...] = ("purple", "cyan", "brown", "magenta", "lime")

HIGHLIGHT_COLOR = "#ffb000"
"""The default colour of the glow under highlighted routes and around highlighted cities."""

MAP_BACKGROUND = "#f3eedf"
CITY_FACE = "#c0392b"
CITY_EDGE = "#3b0d08"
TUNNEL_EDGE = "#141414"


def edge_width(color: str) -> float:
    """The outline width (in points) of a route space of ``color``."""
    return 0.9 if color == "white" else 0.6


def player_color(seat: int) -> str:
    """The colour of seat ``seat`` (colours repeat after five players)."""
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


# Geometry, in board pixels (the geo layout is scaled to the same width, so these fit both).
SPACE_WIDTH = 15.0  # thickness of a train space across the route
DOUBLE_GAP = 4.0  # between the two routes of a double route
_END_GAP = 17.0  # from a city's centre to its routes' first space
_MAX_SPACE = 50.0  # longest space: a long route of few spaces gets wider gaps
_SPACE_GAP = 6.0  # between two spaces of a route
CITY_RADIUS = 10.0
PAD = 45.0  # around the cities' bounding box
_BOARD_HEIGHT = 1125.0

LAYOUTS = ("board", "geo")


# ---------------------------------------------------------------------------------------------
# Geometry, computed once per board and layout


@dataclass(frozen=True, eq=False)
class Geometry:
    pos: dict[str, tuple[float, float]]
    names: tuple[str, ...]  # cities, in board order
    xy: np.ndarray  # (cities, 2)
    spaces: np.ndarray  # (spaces, 4, 2) one quadrilateral per train space
    space_route: np.ndarray  # (spaces,) route id of each space
    route_line: tuple[np.ndarray, ...]  # per route, its centre line (n, 2) over its spaces
    segments: np.ndarray  # (n, 2, 2) all route lines cut into straight pieces
    loco_xy: np.ndarray  # (n, 2) centres of ferry spaces that need a locomotive
    bends: dict[int, float]  # route id -> sideways bow of its curve's middle (0: straight)
    xlim: tuple[float, float]
    ylim: tuple[float, float]


def _positions(board: Board, layout: str) -> dict[str, tuple[float, float]]:
    cities = board.cities.values()
    if layout == "board":
        return {c.name: (c.board_x, _BOARD_HEIGHT - c.board_y) for c in cities}
    if layout == "geo":
        lats = [c.latitude for c in cities]
        lons = [c.longitude for c in cities]
        squeeze = math.cos(math.radians((min(lats) + max(lats)) / 2))
        width = (max(lons) - min(lons)) * squeeze
        board_width = max(c.board_x for c in cities) - min(c.board_x for c in cities)
        scale = board_width / width
        x0, y0 = min(lons), min(lats)
        return {
            c.name: ((c.longitude - x0) * squeeze * scale + PAD, (c.latitude - y0) * scale + PAD)
            for c in cities
        }
    raise ValueError(f"unknown layout {layout!r} (expected one of {', '.join(LAYOUTS)})")


def _curve(p: np.ndarray, q: np.ndarray, bend: float, samples: int = 48):
    """A quadratic Bezier from p to q whose middle bows ``bend`` to the left of p->q.

    Returns points (n, 2), unit normals (n, 2) pointing left, and arc lengths (n,)."""
    d = q - p
    left = np.array([-d[1], d[0]]) / np.hypot(*d)
    ctrl = (p + q) / 2 + left * 2 * bend
    t = np.linspace(0.0, 1.0, samples)[:, None]
    pts = (1 - t) ** 2 * p + 2 * (1 - t) * t * ctrl + t**2 * q
    tangent = 2 * (1 - t) * (ctrl - p) + 2 * t * (q - ctrl)
    tangent /= np.hypot(tangent[:, 0], tangent[:, 1])[:, None]
    normal = np.column_stack((-tangent[:, 1], tangent[:, 0]))
    arc = np.concatenate(([0.0], np.cumsum(np.hypot(*np.diff(pts, axis=0).T))))
    return pts, normal, arc


def _at(curve, s, offset: float = 0.0) -> np.ndarray:
    """Points at arc lengths ``s`` along ``curve``, shifted ``offset`` to its left."""
    pts, normal, arc = curve
    s = np.atleast_1d(s)
    x = np.interp(s, arc, pts[:, 0]) + offset * np.interp(s, arc, normal[:, 0])
    y = np.interp(s, arc, pts[:, 1]) + offset * np.interp(s, arc, normal[:, 1])
    return np.column_stack((x, y))


_CROSSING_COST = 40.0
"""Overlap cost below which a route is left as it is (two routes crossing square cost ~25)."""

_BENDS = (0.0, 0.07, -0.07, 0.14, -0.14, 0.21, -0.21, 0.28, -0.28)
"""Candidate bows of a route, as fractions of its length; straight is preferred."""


def _choose_bends(board: Board, pos: dict[str, tuple[float, float]]) -> dict[int, float]:
    """Bow the routes that would run over another route or a city when drawn straight.

    A double route bows as one. Greedy and deterministic: the worst placed route first picks
    the bow (from :data:`_BENDS`) that gives it the least overlap, a few rounds."""
    units: dict[object, list[Route]] = {}
    for route in board.routes:
        key = route.id if route.double_group is None else ("double", route.double_group)
        units.setdefault(key, []).append(route)
    unit_list = list(units.values())
    ends = [(np.array(pos[u[0].a], float), np.array(pos[u[0].b], float)) for u in unit_list]
    halfwidth = [
        SPACE_WIDTH / 2 * (1 if len(u) == 1 else 2) + (len(u) - 1) * DOUBLE_GAP / 2
        for u in unit_list
    ]
    city_names = list(board.cities)
    city_xy = np.array([pos[c] for c in city_names], float)

    @functools.cache
    def trimmed(i: int, bend_frac: float) -> np.ndarray:
        p, q = ends[i]
        dist = float(np.hypot(*(q - p)))
        curve = _curve(p, q, bend_frac * dist, samples=24)
        length = curve[2][-1]
        steps = max(4, int((length - 2 * _END_GAP) / 12))
        return _at(curve, np.linspace(_END_GAP, length - _END_GAP, steps + 1))

    shapes = [trimmed(i, 0.0) for i in range(len(unit_list))]
    bends = [0.0] * len(unit_list)

    not_end = np.array([[c not in (u[0].a, u[0].b) for c in city_names] for u in unit_list])
    city_clear = np.array(halfwidth)[:, None] + CITY_RADIUS + 6
    widths = np.array(halfwidth)
    box_lo, box_hi = city_xy.min(axis=0) - PAD / 3, city_xy.max(axis=0) + PAD / 3

    def cost(i: int, pts: np.ndarray) -> float:
        lo, hi = pts.min(axis=0) - 45, pts.max(axis=0) + 45
        seg_lo = np.minimum(seg_a, seg_b)
        seg_hi = np.maximum(seg_a, seg_b)
        keep = (owner != i) & (seg_hi >= lo).all(axis=1) & (seg_lo <= hi).all(axis=1)
        total = 0.0
        if keep.any():
            a, ab, who = seg_a[keep], seg_b[keep] - seg_a[keep], owner[keep]
            rel = pts[:, None, :] - a[None]
            t = np.clip((rel * ab).sum(-1) / (ab * ab).sum(-1), 0, 1)
            d = np.hypot(*(rel - t[..., None] * ab).transpose(2, 0, 1))  # (points, segments)
            depth = np.clip(widths[i] + widths[who] + 3.0 - d, 0, None)
            starts = np.flatnonzero(np.r_[True, who[1:] != who[:-1]])
            total = float(np.maximum.reduceat(depth, starts, axis=1).sum())
        d = np.hypot(*(pts[:, None, :] - city_xy[None]).transpose(2, 0, 1))
        total += 4 * float((np.clip(city_clear[i] - d, 0, None) * not_end[i]).sum())
        outside = np.clip(box_lo - pts, 0, None).sum() + np.clip(pts - box_hi, 0, None).sum()
        return total + 4 * float(outside)

    def segments():
        a = np.concatenate([sh[:-1] for sh in shapes])
        b = np.concatenate([sh[1:] for sh in shapes])
        who = np.concatenate([np.full(len(sh) - 1, j) for j, sh in enumerate(shapes)])
        return a, b, who

    seg_a, seg_b, owner = segments()
    costs = [cost(i, shapes[i]) for i in range(len(unit_list))]
    for _ in range(3):
        changed = False
        for i in sorted(range(len(unit_list)), key=lambda k: (-costs[k], k)):
            if costs[i] < _CROSSING_COST:  # a plain crossing at most: leave it as it is
                continue
            dist = float(np.hypot(*(ends[i][1] - ends[i][0])))
            best = None
            for frac in _BENDS:
                pts = shapes[i] if frac == bends[i] else trimmed(i, frac)
                c = cost(i, pts) + 0.35 * abs(frac) * dist
                if best is None or c < best[0] - 1e-9:
                    best = (c, frac, pts)
            assert best is not None  # _BENDS is not empty
            if best[1] != bends[i]:
                changed = True
                bends[i], shapes[i] = best[1], best[2]
                seg_a, seg_b, owner = segments()
        if not changed:
            break
        costs = [cost(i, shapes[i]) for i in range(len(unit_list))]
    out = {}
    for i, unit in enumerate(unit_list):
        dist = float(np.hypot(*(ends[i][1] - ends[i][0])))
        for route in unit:
            out[route.id] = bends[i] * dist
    return out


@functools.lru_cache(maxsize=8)
def geometry(board: Board, layout: str) -> Geometry:
    pos = _positions(board, layout)
    names = tuple(board.cities)
    xy = np.array([pos[n] for n in names], dtype=float)
    bends = _choose_bends(board, pos)
    spaces: list[np.ndarray] = []
    space_route: list[int] = []
    lines: list[np.ndarray] = []
    loco_xy: list[np.ndarray] = []
    half = SPACE_WIDTH / 2
    for route in board.routes:
        p, q = np.array(pos[route.a], float), np.array(pos[route.b], float)
        curve = _curve(p, q, bends[route.id])
        offset = 0.0
        twin = board.twin(route)
        if twin is not None:
            offset = (half + DOUBLE_GAP / 2) * (1 if route.id < twin.id else -1)
        room = curve[2][-1] - 2 * _END_GAP
        pitch = room / route.length
        body = min(pitch - min(_SPACE_GAP, pitch * 0.2), _MAX_SPACE)
        gap = pitch - body
        starts = _END_GAP + np.arange(route.length) * pitch + gap / 2
        a, b = _at(curve, starts, offset), _at(curve, starts + body, offset)
        u = (b - a) / np.hypot(*(b - a).T)[:, None]
        n = np.column_stack((-u[:, 1], u[:, 0])) * half
        spaces.extend(np.stack((a + n, b + n, b - n, a - n), axis=1))
        space_route.extend([route.id] * route.length)
        if route.is_ferry:
            loco_xy.extend(((a + b) / 2)[: route.locomotives])
        s = np.linspace(_END_GAP + gap / 2, _END_GAP + room - gap / 2, 12)
        lines.append(_at(curve, s, offset))
    corners = np.concatenate(spaces)
    lo = np.minimum(xy.min(axis=0) - PAD, corners.min(axis=0) - 10)
    hi = np.maximum(xy.max(axis=0) + PAD, corners.max(axis=0) + 10)
    return Geometry(
        pos=pos,
        names=names,
        xy=xy,
        spaces=np.array(spaces, dtype=float),
        space_route=np.array(space_route, dtype=int),
        route_line=tuple(lines),
        segments=np.concatenate([np.stack((ln[:-1], ln[1:]), axis=1) for ln in lines]),
        loco_xy=np.array(loco_xy, dtype=float).reshape(-1, 2),
        bends=bends,
        xlim=(float(lo[0]), float(hi[0])),
        ylim=(float(lo[1]), float(hi[1])),
    )


# ---------------------------------------------------------------------------------------------
# Labels: each city's name sits in one of eight slots around it.

VALIGN = {"baseline": 0.0, "bottom": 0.24, "center": -0.36, "top": -0.76}
"""Baseline shift (in font sizes) for each vertical alignment."""

# (dx, dy) offset in points, horizontal and vertical alignment; the order breaks ties.
SLOTS: dict[str, tuple[float, float, str, str]] = {
    "E": (6.5, 0.0, "left", "center"),
    "NE": (4.5, 3.5, "left", "bottom"),
    "N": (0.0, 6.5, "center", "bottom"),
    "SE": (4.5, -3.5, "left", "top"),
    "W": (-6.5, 0.0, "right", "center"),
    "NW": (-4.5, 3.5, "right", "bottom"),
    "S": (0.0, -6.5, "center", "top"),
    "SW": (-4.5, -3.5, "right", "top"),
}


def label_box(
    x: float, y: float, slot: str, w: float, size: float, scale: float
) -> tuple[float, float, float, float]:
    """The data-space box of a label of width ``w`` points put in ``slot`` of city (x, y)."""
    dx, dy, ha, va = SLOTS[slot]
    x0 = x + (dx - {"left": 0.0, "center": w / 2, "right": w}[ha]) * scale
    base = y + (dy + VALIGN[va] * size) * scale
    return x0, base - 0.22 * size * scale, x0 + w * scale, base + 0.76 * size * scale


def _clipped_lengths(box, seg: np.ndarray, grow: float) -> float:
    """Total length of the segments ``seg`` (n, 2, 2) inside ``box`` grown by ``grow``."""
    x0, y0, x1, y1 = box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow
    p, d = seg[:, 0], seg[:, 1] - seg[:, 0]
    t0 = np.zeros(len(seg))
    t1 = np.ones(len(seg))
    with np.errstate(divide="ignore", invalid="ignore"):
        for k, lo, hi in ((0, x0, x1), (1, y0, y1)):
            dk, pk = d[:, k], p[:, k]
            inside = (pk >= lo) & (pk <= hi)
            a = (lo - pk) / dk
            b = (hi - pk) / dk
            enter = np.where(dk == 0, np.where(inside, -np.inf, np.inf), np.minimum(a, b))
            leave = np.where(dk == 0, np.where(inside, np.inf, -np.inf), np.maximum(a, b))
            t0 = np.maximum(t0, enter)
            t1 = np.minimum(t1, leave)
    return float((np.clip(t1 - t0, 0, None) * np.hypot(d[:, 0], d[:, 1])).sum())


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """The area two boxes (x0, y0, x1, y1) share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


@functools.lru_cache(maxsize=32)
def label_slots(
    board: Board, layout: str, scale: float, size: float, text_width: Callable[[str, float], float]
) -> dict[str, str]:
    """The slot (a key of :data:`SLOTS`) of each city's label, chosen greedily (crowded cities
    first) where the label covers the least route, city and already placed label.

    ``scale`` is board pixels per point, ``size`` the font size in points, and
    ``text_width(text, size)`` the width of a label in points."""
    geo = geometry(board, layout)
    segs = geo.segments
    xlim, ylim = geo.xlim, geo.ylim
    height = size * scale
    placed: dict[str, tuple] = {}
    slots: dict[str, str] = {}

    def crowd(i: int) -> float:  # cities with close neighbours first
        d = np.hypot(*(geo.xy - geo.xy[i]).T)
        return float(np.sort(d)[1:4].sum())

    order = sorted(range(len(geo.names)), key=crowd)
    for i in order:
        name = geo.names[i]
        x, y = geo.xy[i]
        width = text_width(board.display(name), size)
        best = None
        for rank, slot in enumerate(SLOTS):
            box = label_box(x, y, slot, width, size, scale)
            cost = 0.15 * rank
            cost += _clipped_lengths(box, segs, SPACE_WIDTH / 2) / height
            for other in placed.values():
                cost += 40 * overlap(box, other) / height**2
            cx = geo.xy[:, 0].clip(box[0], box[2])
            cy = geo.xy[:, 1].clip(box[1], box[3])
            near = np.hypot(geo.xy[:, 0] - cx, geo.xy[:, 1] - cy) < CITY_RADIUS * 1.6
            near[i] = False
            cost += 30 * int(near.sum())
            outside = max(0, xlim[0] - box[0]) + max(0, box[2] - xlim[1])
            outside += max(0, ylim[0] - box[1]) + max(0, box[3] - ylim[1])
            cost += 30 * outside / height
            if best is None or cost < best[0] - 1e-9:
                best = (cost, slot, box)
        assert best is not None  # SLOTS is not empty
        slots[name] = best[1]
        placed[name] = best[2]
    return slots


# ---------------------------------------------------------------------------------------------
# Tunnel stripes, route references, legends

_STRIPES = (0.32, 0.61, 0.9)  # where tunnel stripes meet a space's long side


def stripes(quads: np.ndarray) -> np.ndarray:
    """Slanted stripes (n * 3, 2, 2) across quadrilaterals (n, 4, 2) given as (a+n, b+n, b-n,
    a-n): the tunnel pattern."""
    top, bottom = quads[:, 0], quads[:, 3]
    top_dir, bottom_dir = quads[:, 1] - top, quads[:, 2] - bottom
    out = [
        np.stack((top + top_dir * t, bottom + bottom_dir * (t - 0.22)), axis=1) for t in _STRIPES
    ]
    return np.concatenate(out)


def resolve_routes(board: Board, items: object) -> list[Route]:
    """Routes from Route objects, ids or text references (a double's both routes), by id.

    ``items`` is one of those or an iterable of them; ``None`` is no route."""
    if items is None:
        return []
    if isinstance(items, (Route, int, str)):
        items = [items]
    if not isinstance(items, Iterable):
        raise TypeError(f"expected routes, got {items!r}")
    routes: dict[int, Route] = {}
    for item in items:
        if isinstance(item, Route):
            routes[item.id] = board.routes[item.id]
        elif isinstance(item, (int, np.integer)) and not isinstance(item, bool):
            if not 0 <= item < len(board.routes):
                raise ValueError(f"there is no route {item} on the {board.name} board")
            routes[int(item)] = board.routes[int(item)]
        elif isinstance(item, str):
            for route in board.find_routes(item):
                routes[route.id] = route
        else:
            raise TypeError(f"cannot read {item!r} as a route: expected a Route, an id or a text")
    return [routes[k] for k in sorted(routes)]


def game_marks(game: Any) -> tuple[dict[int, int], dict[str, int], tuple[str, ...]]:
    """What a map shows of a game: (route id -> owner seat, city -> station owner seat, player
    names). Reads ``game.board``, ``game.owner``, ``game.stations`` and ``game.players``."""
    owners = {i: int(seat) for i, seat in enumerate(game.owner) if seat is not None}
    stations = {city: int(seat) for city, seat in dict(game.stations or {}).items()}
    return owners, stations, tuple(str(p) for p in game.players)


@dataclass(frozen=True)
class LegendEntry:
    """One sample of a legend: ``kind`` says how to draw it, ``value`` what with (a route
    colour, a seat), ``label`` the text beside it."""

    kind: str  # "route", "tunnel", "ferry", "city", "player", "station" or "highlight"
    label: str
    value: str | int | None = None


def legend_entries(
    board: Board, players: tuple[str, ...] | None, stations: bool, highlight: bool
) -> list[tuple[str, list[LegendEntry]]]:
    """The sections of a map's legend, ``[(title, entries)]``: the route colours the board
    uses, tunnels, ferries and cities; then, for a game, each player's colour, the station
    mark and the highlight."""
    routes = [
        LegendEntry("route", c, c) for c in ROUTE_COLORS if any(r.color == c for r in board.routes)
    ]
    if any(r.is_tunnel for r in board.routes):
        routes.append(LegendEntry("tunnel", "tunnel"))
    if any(r.is_ferry for r in board.routes):
        routes.append(LegendEntry("ferry", "ferry (each L: one locomotive card)"))
    routes.append(LegendEntry("city", "city"))
    if players is None:
        if highlight:
            routes.append(LegendEntry("highlight", "highlighted"))
        return [("Routes", routes)]
    items = [LegendEntry("player", name, seat) for seat, name in enumerate(players)]
    if stations:
        items.append(LegendEntry("station", "station"))
    if highlight:
        items.append(LegendEntry("highlight", "highlighted"))
    return [("Routes", routes), ("Players", items)]
