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

import bisect
import functools
import itertools
import math
import numbers
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

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
# Geometry, computed once per board and layout, in plain Python (no numpy: the map draws in a
# browser's Pyodide kernel too, where numpy is not at hand; tests/test_svg.py checks it against
# the numpy drawing it replaced)

Point = tuple[float, float]
Quad = tuple[Point, Point, Point, Point]
Segment = tuple[Point, Point]


@dataclass(frozen=True, eq=False)
class Geometry:
    pos: dict[str, Point]
    names: tuple[str, ...]  # cities, in board order
    xy: tuple[Point, ...]  # each city's centre, in board order
    spaces: tuple[Quad, ...]  # one quadrilateral per train space, route by route
    space_route: tuple[int, ...]  # route id of each space
    route_line: tuple[tuple[Point, ...], ...]  # per route, its centre line over its spaces
    segments: tuple[Segment, ...]  # all route lines cut into straight pieces
    loco_xy: tuple[Point, ...]  # centres of ferry spaces that need a locomotive
    bends: dict[int, float]  # route id -> sideways bow of its curve's middle (0: straight)
    xlim: tuple[float, float]
    ylim: tuple[float, float]


def _positions(board: Board, layout: str) -> dict[str, Point]:
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


def _linspace(start: float, stop: float, num: int) -> list[float]:
    """``num`` evenly spaced numbers from ``start`` to ``stop``, both included."""
    if num == 1:
        return [start]
    step = (stop - start) / (num - 1)
    return [start + k * step for k in range(num - 1)] + [stop]


@dataclass(frozen=True)
class _Curve:
    """Points sampled along a curve, the unit normals there (to the left) and arc lengths."""

    pts: tuple[Point, ...]
    normals: tuple[Point, ...]
    arc: tuple[float, ...]

    @property
    def length(self) -> float:
        return self.arc[-1]


def _curve(p: Point, q: Point, bend: float, samples: int = 48) -> _Curve:
    """A quadratic Bezier from p to q whose middle bows ``bend`` to the left of p->q."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    norm = math.hypot(dx, dy)
    cx = (p[0] + q[0]) / 2 - dy / norm * 2 * bend
    cy = (p[1] + q[1]) / 2 + dx / norm * 2 * bend
    pts: list[Point] = []
    normals: list[Point] = []
    for t in _linspace(0.0, 1.0, samples):
        u = 1 - t
        pts.append(
            (u**2 * p[0] + 2 * u * t * cx + t**2 * q[0], u**2 * p[1] + 2 * u * t * cy + t**2 * q[1])
        )
        tx = 2 * u * (cx - p[0]) + 2 * t * (q[0] - cx)
        ty = 2 * u * (cy - p[1]) + 2 * t * (q[1] - cy)
        h = math.hypot(tx, ty)
        normals.append((-ty / h, tx / h))
    arc = [0.0]
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        arc.append(arc[-1] + math.hypot(x1 - x0, y1 - y0))
    return _Curve(tuple(pts), tuple(normals), tuple(arc))


def _at(curve: _Curve, s: Iterable[float], offset: float = 0.0) -> list[Point]:
    """Points at arc lengths ``s`` along ``curve``, shifted ``offset`` to its left (linear
    between the samples, the end samples beyond the ends)."""
    arc, pts, normals = curve.arc, curve.pts, curve.normals
    last = len(arc) - 1
    out: list[Point] = []
    for length in s:
        k = bisect.bisect_right(arc, length) - 1
        if k < 0:
            (x, y), (nx, ny) = pts[0], normals[0]
        elif k >= last:
            (x, y), (nx, ny) = pts[last], normals[last]
        else:
            f = (length - arc[k]) / (arc[k + 1] - arc[k])
            (x0, y0), (x1, y1) = pts[k], pts[k + 1]
            (a0, b0), (a1, b1) = normals[k], normals[k + 1]
            x, y = x0 + f * (x1 - x0), y0 + f * (y1 - y0)
            nx, ny = a0 + f * (a1 - a0), b0 + f * (b1 - b0)
        out.append((x + offset * nx, y + offset * ny))
    return out


def _box(points: Iterable[Point]) -> tuple[float, float, float, float]:
    """The bounding box (x0, y0, x1, y1) of ``points``."""
    xs, ys = zip(*points, strict=True)
    return min(xs), min(ys), max(xs), max(ys)


_CROSSING_COST = 40.0
"""Overlap cost below which a route is left as it is (two routes crossing square cost ~25)."""

_BENDS = (0.0, 0.07, -0.07, 0.14, -0.14, 0.21, -0.21, 0.28, -0.28)
"""Candidate bows of a route, as fractions of its length; straight is preferred."""

_REACH = 45.0
"""Beyond this distance two routes or a route and a city cannot touch (widest: 2 x 17 + 3)."""


class _Overlaps:
    """The overlap cost of the routes' shapes: how deep each route runs into the others and
    into the cities it does not end at, and how far it leaves the map."""

    def __init__(self, board: Board, pos: dict[str, Point], units: list[list[Route]]) -> None:
        self.halfwidth = [
            SPACE_WIDTH / 2 * (1 if len(u) == 1 else 2) + (len(u) - 1) * DOUBLE_GAP / 2
            for u in units
        ]
        self.city_xy = [pos[c] for c in board.cities]
        self.not_end = [[c not in (u[0].a, u[0].b) for c in board.cities] for u in units]
        x0, y0, x1, y1 = _box(self.city_xy)
        self.box_lo = (x0 - PAD / 3, y0 - PAD / 3)
        self.box_hi = (x1 + PAD / 3, y1 + PAD / 3)
        self.pieces: list[list[tuple[float, ...]]] = [[] for _ in units]
        self.reach: list[tuple[float, float, float, float]] = [(0.0, 0.0, 0.0, 0.0)] * len(units)

    def set_shape(self, i: int, pts: list[Point]) -> None:
        """Route unit ``i`` is now drawn through ``pts``."""
        pieces: list[tuple[float, ...]] = []
        for (ax, ay), (bx, by) in itertools.pairwise(pts):
            dx, dy = bx - ax, by - ay
            box = (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
            pieces.append((ax, ay, dx, dy, dx * dx + dy * dy, *box))
        self.pieces[i] = pieces
        self.reach[i] = _box(pts)

    def cost(self, i: int, pts: list[Point]) -> float:
        """The overlap cost of drawing route unit ``i`` through ``pts``."""
        bx0, by0, bx1, by1 = _box(pts)
        lo_x, lo_y, hi_x, hi_y = bx0 - _REACH, by0 - _REACH, bx1 + _REACH, by1 + _REACH
        mine = self.halfwidth[i] + 3.0
        total = 0.0
        for j, (a0, b0, a1, b1) in enumerate(self.reach):
            if j == i or a1 < lo_x or a0 > hi_x or b1 < lo_y or b0 > hi_y:
                continue
            touch = mine + self.halfwidth[j]
            pieces = self.pieces[j]
            for px, py in pts:
                if px < a0 - touch or px > a1 + touch or py < b0 - touch or py > b1 + touch:
                    continue  # too far from every piece of route j to touch it
                deepest = 0.0
                for ax, ay, dx, dy, dd, x0, y0, x1, y1 in pieces:
                    if px < x0 - touch or px > x1 + touch or py < y0 - touch or py > y1 + touch:
                        continue  # farther than ``touch`` from this piece
                    rx, ry = px - ax, py - ay
                    t = (rx * dx + ry * dy) / dd  # the nearest point of the piece: a + t d
                    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
                    depth = touch - math.hypot(rx - t * dx, ry - t * dy)
                    if depth > deepest:
                        deepest = depth
                total += deepest
        clear = self.halfwidth[i] + CITY_RADIUS + 6
        crowded = 0.0
        for (cx, cy), counts in zip(self.city_xy, self.not_end[i], strict=True):
            if not counts or cx < lo_x or cx > hi_x or cy < lo_y or cy > hi_y:
                continue
            for px, py in pts:
                crowded += max(clear - math.hypot(px - cx, py - cy), 0.0)
        total += 4 * crowded
        (blx, bly), (bhx, bhy) = self.box_lo, self.box_hi
        outside = 0.0
        for px, py in pts:
            outside += max(blx - px, 0.0) + max(bly - py, 0.0)
            outside += max(px - bhx, 0.0) + max(py - bhy, 0.0)
        return total + 4 * outside


def _choose_bends(board: Board, pos: dict[str, Point]) -> dict[int, float]:
    """Bow the routes that would run over another route or a city when drawn straight.

    A double route bows as one. Greedy and deterministic: the worst placed route first picks
    the bow (from :data:`_BENDS`) that gives it the least overlap, a few rounds."""
    units: dict[object, list[Route]] = {}
    for route in board.routes:
        key = route.id if route.double_group is None else ("double", route.double_group)
        units.setdefault(key, []).append(route)
    unit_list = list(units.values())
    ends = [(pos[u[0].a], pos[u[0].b]) for u in unit_list]
    dists = [math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in ends]

    @functools.cache
    def trimmed(i: int, bend_frac: float) -> list[Point]:
        p, q = ends[i]
        curve = _curve(p, q, bend_frac * dists[i], samples=24)
        steps = max(4, int((curve.length - 2 * _END_GAP) / 12))
        return _at(curve, _linspace(_END_GAP, curve.length - _END_GAP, steps + 1))

    shapes = [trimmed(i, 0.0) for i in range(len(unit_list))]
    bends = [0.0] * len(unit_list)
    overlaps = _Overlaps(board, pos, unit_list)
    for i, shape in enumerate(shapes):
        overlaps.set_shape(i, shape)
    costs = [overlaps.cost(i, shapes[i]) for i in range(len(unit_list))]
    for _ in range(3):
        changed = False
        for i in sorted(range(len(unit_list)), key=lambda k: (-costs[k], k)):
            if costs[i] < _CROSSING_COST:  # a plain crossing at most: leave it as it is
                continue
            best = None
            for frac in _BENDS:
                pts = shapes[i] if frac == bends[i] else trimmed(i, frac)
                c = overlaps.cost(i, pts) + 0.35 * abs(frac) * dists[i]
                if best is None or c < best[0] - 1e-9:
                    best = (c, frac, pts)
            assert best is not None  # _BENDS is not empty
            if best[1] != bends[i]:
                changed = True
                bends[i], shapes[i] = best[1], best[2]
                overlaps.set_shape(i, shapes[i])
        if not changed:
            break
        costs = [overlaps.cost(i, shapes[i]) for i in range(len(unit_list))]
    out = {}
    for i, unit in enumerate(unit_list):
        for route in unit:
            out[route.id] = bends[i] * dists[i]
    return out


@functools.lru_cache(maxsize=8)
def geometry(board: Board, layout: str) -> Geometry:
    """Where every city, route space and route line of ``board`` goes in ``layout``."""
    pos = _positions(board, layout)
    names = tuple(board.cities)
    xy = tuple(pos[n] for n in names)
    bends = _choose_bends(board, pos)
    spaces: list[Quad] = []
    space_route: list[int] = []
    lines: list[tuple[Point, ...]] = []
    loco_xy: list[Point] = []
    half = SPACE_WIDTH / 2
    for route in board.routes:
        curve = _curve(pos[route.a], pos[route.b], bends[route.id])
        offset = 0.0
        twin = board.twin(route)
        if twin is not None:
            offset = (half + DOUBLE_GAP / 2) * (1 if route.id < twin.id else -1)
        room = curve.length - 2 * _END_GAP
        pitch = room / route.length
        body = min(pitch - min(_SPACE_GAP, pitch * 0.2), _MAX_SPACE)
        gap = pitch - body
        starts = [_END_GAP + k * pitch + gap / 2 for k in range(route.length)]
        heads = _at(curve, starts, offset)
        tails = _at(curve, [s + body for s in starts], offset)
        for k, ((ax, ay), (bx, by)) in enumerate(zip(heads, tails, strict=True)):
            h = math.hypot(bx - ax, by - ay)
            nx, ny = -(by - ay) / h * half, (bx - ax) / h * half
            spaces.append(
                ((ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny))
            )
            if route.is_ferry and k < route.locomotives:
                loco_xy.append(((ax + bx) / 2, (ay + by) / 2))
        space_route.extend([route.id] * route.length)
        s = _linspace(_END_GAP + gap / 2, _END_GAP + room - gap / 2, 12)
        lines.append(tuple(_at(curve, s, offset)))
    cx0, cy0, cx1, cy1 = _box(xy)
    qx0, qy0, qx1, qy1 = _box(corner for quad in spaces for corner in quad)
    return Geometry(
        pos=pos,
        names=names,
        xy=xy,
        spaces=tuple(spaces),
        space_route=tuple(space_route),
        route_line=tuple(lines),
        segments=tuple(seg for line in lines for seg in itertools.pairwise(line)),
        loco_xy=tuple(loco_xy),
        bends=bends,
        xlim=(min(cx0 - PAD, qx0 - 10), max(cx1 + PAD, qx1 + 10)),
        ylim=(min(cy0 - PAD, qy0 - 10), max(cy1 + PAD, qy1 + 10)),
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


def _clipped_lengths(
    box: tuple[float, ...], segs: Iterable[tuple[float, ...]], grow: float
) -> float:
    """Total length of the segments inside ``box`` grown by ``grow`` (Liang-Barsky). Each
    segment is (x0, y0, x1, y1, px, py, qx, qy): its bounding box, then its ends p and q."""
    x0, y0, x1, y1 = box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow
    total = 0.0
    for sx0, sy0, sx1, sy1, px, py, qx, qy in segs:
        if sx1 < x0 or sx0 > x1 or sy1 < y0 or sy0 > y1:
            continue  # nothing of it inside
        t0, t1 = 0.0, 1.0
        for p, d, lo, hi in ((px, qx - px, x0, x1), (py, qy - py, y0, y1)):
            if d == 0:
                if not lo <= p <= hi:
                    t0, t1 = 1.0, 0.0
                continue
            a, b = (lo - p) / d, (hi - p) / d
            t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
        if t1 > t0:
            total += (t1 - t0) * math.hypot(qx - px, qy - py)
    return total


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
    segs = [
        (min(px, qx), min(py, qy), max(px, qx), max(py, qy), px, py, qx, qy)
        for (px, py), (qx, qy) in geo.segments
    ]
    xlim, ylim = geo.xlim, geo.ylim
    height = size * scale
    placed: dict[str, tuple] = {}
    slots: dict[str, str] = {}

    def crowd(i: int) -> float:  # cities with close neighbours first
        x, y = geo.xy[i]
        d = sorted(math.hypot(cx - x, cy - y) for cx, cy in geo.xy)
        return sum(d[1:4])

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
            near = 0
            for k, (cx, cy) in enumerate(geo.xy):
                nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
                if k != i and math.hypot(cx - nx, cy - ny) < CITY_RADIUS * 1.6:
                    near += 1
            cost += 30 * near
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


def stripes(quads: Iterable[Quad]) -> list[Segment]:
    """Slanted stripes across quadrilaterals given as (a+n, b+n, b-n, a-n): the tunnel pattern,
    three per quadrilateral (the first stripe of every quadrilateral, then the second, ...)."""
    quads = list(quads)
    out = []
    for t in _STRIPES:
        for (tx, ty), (ux, uy), (vx, vy), (bx, by) in quads:
            b = t - 0.22
            out.append(
                ((tx + (ux - tx) * t, ty + (uy - ty) * t), (bx + (vx - bx) * b, by + (vy - by) * b))
            )
    return out


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
        elif isinstance(item, numbers.Integral) and not isinstance(item, bool):
            index = int(item)  # numpy's integers too
            if not 0 <= index < len(board.routes):
                raise ValueError(f"there is no route {item} on the {board.name} board")
            routes[index] = board.routes[index]
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
