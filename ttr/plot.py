"""Drawing boards and games with matplotlib.

Everything here draws on a :class:`matplotlib.axes.Axes` and returns it, so a notebook can add its
own layers on top. The engine never imports this module (plotting is optional); ``Board`` and
``Game`` reach it lazily from their ``_repr_png_`` methods::

    def _repr_png_(self) -> bytes:
        from ttr.plot import board_png   # game_png for a Game
        return board_png(self)

How a board is drawn:

* every city sits at a fixed position: ``layout="board"`` uses the printed map's pixel positions
  (``board_x``, ``board_y``), ``layout="geo"`` the real longitude and latitude (an equirectangular
  projection, squeezed by the cosine of the mean latitude), scaled to the same width;
* every route is a row of train spaces, one rectangle per space, in the route's colour; the two
  routes of a double route run side by side. Routes are straight unless a straight line would
  run over another route or a city: those bow a little, like on the printed board (chosen once
  per board and layout by a small deterministic search, cached);
* tunnel spaces have a thick dark outline and slanted stripes, ferry spaces carry one black "L"
  disc per locomotive card the ferry needs;
* city names (with their diacritics) sit beside their city where they cover the fewest routes,
  cities and other names (:data:`LABEL_SLOTS` can pin a name to a side).

:func:`draw_game` adds the state of a game: claimed routes are filled in the owner's player colour
(from :data:`PLAYER_COLORS`, colours no route has) with a thick black outline, unclaimed routes are
drawn paler, and a station is a pentagon in the owner's colour around its city.

Both accept ``highlight``, any iterable of routes (``Route`` objects, route ids or text references
such as ``"Paris-Bruxelles"``), drawn with a wide translucent glow: a ticket's path, the longest
trail, the routes a player can claim now... and ``highlight_cities`` (a ticket's two ends).

Drawing is fast enough for widgets: artists are batched (one collection for all the spaces, text
drawn as glyph outlines), so a five-player Europe game with its PNG takes about 80 ms once the
board's layout is cached (the first drawing of a board and layout takes ~0.3 s more). The same
input gives the same PNG bytes.
"""

from __future__ import annotations

import functools
import io
import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D, ScaledTranslation

from ttr.board import Board, Route
from ttr.colors import ROUTE_COLORS

# ---------------------------------------------------------------------------------------------
# Style

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

PLAYER_COLORS: tuple[str, ...] = ("#8e44c9", "#00b3c4", "#8b5a2b", "#e0218a", "#9ccc1c")
"""Player (seat) colours: purple, cyan, brown, magenta and lime, none of them a route colour."""

PLAYER_COLOR_NAMES: tuple[str, ...] = ("purple", "cyan", "brown", "magenta", "lime")

HIGHLIGHT_COLOR = "#ffb000"
"""The default colour of the glow under highlighted routes."""

MAP_BACKGROUND = "#f3eedf"
CITY_FACE = "#c0392b"
CITY_EDGE = "#3b0d08"

SPACES_GID = "ttr-spaces"
"""The ``gid`` of the collection holding one polygon per train space (tests count them)."""

DPI = 100
"""Resolution of :func:`figure_png` (a 12-inch figure becomes 1200 pixels wide)."""

FIG_WIDTH = 12.0
LABEL_SIZE = 8.5

# Geometry, in board pixels (the geo layout is scaled to the same width, so these fit both).
_SPACE_WIDTH = 15.0  # thickness of a train space across the route
_DOUBLE_GAP = 4.0  # between the two routes of a double route
_END_GAP = 17.0  # from a city's centre to its routes' first space
_MAX_SPACE = 50.0  # longest space: a long route of few spaces gets wider gaps
_SPACE_GAP = 6.0  # between two spaces of a route
_CITY_RADIUS = 10.0
_PAD = 45.0  # around the cities' bounding box
_BOARD_HEIGHT = 1125.0

LAYOUTS = ("board", "geo")


# ---------------------------------------------------------------------------------------------
# Geometry, computed once per board and layout


@dataclass(frozen=True, eq=False)
class _Geometry:
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
            c.name: ((c.longitude - x0) * squeeze * scale + _PAD, (c.latitude - y0) * scale + _PAD)
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
        _SPACE_WIDTH / 2 * (1 if len(u) == 1 else 2) + (len(u) - 1) * _DOUBLE_GAP / 2
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
    city_clear = np.array(halfwidth)[:, None] + _CITY_RADIUS + 6
    widths = np.array(halfwidth)
    box_lo, box_hi = city_xy.min(axis=0) - _PAD / 3, city_xy.max(axis=0) + _PAD / 3

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
def _geometry(board: Board, layout: str) -> _Geometry:
    pos = _positions(board, layout)
    names = tuple(board.cities)
    xy = np.array([pos[n] for n in names], dtype=float)
    bends = _choose_bends(board, pos)
    spaces, space_route, lines, loco_xy = [], [], [], []
    half = _SPACE_WIDTH / 2
    for route in board.routes:
        p, q = np.array(pos[route.a], float), np.array(pos[route.b], float)
        curve = _curve(p, q, bends[route.id])
        offset = 0.0
        twin = board.twin(route)
        if twin is not None:
            offset = (half + _DOUBLE_GAP / 2) * (1 if route.id < twin.id else -1)
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
    lo = np.minimum(xy.min(axis=0) - _PAD, corners.min(axis=0) - 10)
    hi = np.maximum(xy.max(axis=0) + _PAD, corners.max(axis=0) + 10)
    return _Geometry(
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
# Text as paths: matplotlib's Text artists cost about a millisecond each to draw, so labels and
# legend texts are glyph outlines batched into a few collections (cached per string).

_FONT = FontProperties(family="DejaVu Sans")
_BOLD = FontProperties(family="DejaVu Sans", weight="bold")
# Baseline shift (in font sizes) for each vertical alignment.
_VALIGN = {"baseline": 0.0, "bottom": 0.24, "center": -0.36, "top": -0.76}


@functools.lru_cache(maxsize=2048)
def _glyphs(text: str, size: float, bold: bool = False) -> tuple[Path, float]:
    """The outline of ``text`` in points, baseline at y=0 and starting at x=0, and its width."""
    path = TextPath((0, 0), text, size=size, prop=_BOLD if bold else _FONT)
    width = float(path.vertices[:, 0].max()) if len(path.vertices) else 0.0
    return path, width


def _aligned(
    text: str, size: float, dx: float, dy: float, ha: str, va: str, bold: bool = False
) -> Path:
    path, width = _glyphs(text, size, bold)
    shift_x = dx - {"left": 0.0, "center": width / 2, "right": width}[ha]
    shift_y = dy + _VALIGN[va] * size
    return Path(path.vertices + (shift_x, shift_y), path.codes)


def _points_transform(fig: Figure) -> Affine2D:
    """Points to display pixels (follows the figure's dpi when saving)."""
    return Affine2D().scale(1 / 72) + fig.dpi_scale_trans


def _text_collections(paths, offsets, offset_transform, transform, color, halo, zorder, gid):
    """Glyph paths as one filled collection over one halo collection."""
    common = dict(
        offsets=offsets,
        offset_transform=offset_transform,
        transform=transform,
        snap=False,
        clip_on=False,
    )
    out = []
    if halo:
        out.append(
            PathCollection(
                paths,
                facecolors=halo,
                edgecolors=halo,
                linewidths=2.2,
                joinstyle="round",
                zorder=zorder - 0.01,
                **common,
            )
        )
    out.append(
        PathCollection(
            paths,
            facecolors=color,
            edgecolors="none",
            linewidths=0,
            zorder=zorder,
            gid=gid,
            **common,
        )
    )
    return out


# ---------------------------------------------------------------------------------------------
# City labels: placed next to their city where they cover the fewest routes and other labels


# (dx, dy) offset in points, horizontal and vertical alignment; the order breaks ties.
_SLOTS: dict[str, tuple[float, float, str, str]] = {
    "E": (6.5, 0.0, "left", "center"),
    "NE": (4.5, 3.5, "left", "bottom"),
    "N": (0.0, 6.5, "center", "bottom"),
    "SE": (4.5, -3.5, "left", "top"),
    "W": (-6.5, 0.0, "right", "center"),
    "NW": (-4.5, 3.5, "right", "bottom"),
    "S": (0.0, -6.5, "center", "top"),
    "SW": (-4.5, -3.5, "right", "top"),
}

LABEL_SLOTS: dict[tuple[str, str], dict[str, str]] = {
    # Hand-tuned slots for crowded spots, (board name, layout) -> {city: slot}; the other
    # labels are placed automatically around them.
    ("europe", "board"): {},
    ("usa", "board"): {},
    ("europe", "geo"): {},
    ("usa", "geo"): {},
}


def _box(x: float, y: float, slot: str, w: float, size: float, scale: float):
    """The data-space box of a label of width ``w`` points put in ``slot`` of city (x, y)."""
    dx, dy, ha, va = _SLOTS[slot]
    x0 = x + (dx - {"left": 0.0, "center": w / 2, "right": w}[ha]) * scale
    base = y + (dy + _VALIGN[va] * size) * scale
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


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


@functools.lru_cache(maxsize=32)
def _label_slots(board: Board, layout: str, scale: float, size: float) -> dict[str, str]:
    """The slot of each city's label: fixed ones from :data:`LABEL_SLOTS`, the rest greedily
    where the label covers the least route, city and already placed label."""
    geo = _geometry(board, layout)
    fixed = LABEL_SLOTS.get((board.name, layout), {})
    segs = geo.segments
    xlim, ylim = geo.xlim, geo.ylim
    height = size * scale
    placed: dict[str, tuple] = {}
    slots: dict[str, str] = {}

    def crowd(i: int) -> float:  # cities with close neighbours first
        d = np.hypot(*(geo.xy - geo.xy[i]).T)
        return float(np.sort(d)[1:4].sum())

    order = sorted(range(len(geo.names)), key=lambda i: (geo.names[i] not in fixed, crowd(i)))
    for i in order:
        name = geo.names[i]
        x, y = geo.xy[i]
        width = _glyphs(board.display(name), size)[1]
        candidates = [fixed[name]] if name in fixed else list(_SLOTS)
        best = None
        for rank, slot in enumerate(candidates):
            box = _box(x, y, slot, width, size, scale)
            cost = 0.15 * rank
            cost += _clipped_lengths(box, segs, _SPACE_WIDTH / 2) / height
            for other in placed.values():
                cost += 40 * _overlap(box, other) / height**2
            cx = geo.xy[:, 0].clip(box[0], box[2])
            cy = geo.xy[:, 1].clip(box[1], box[3])
            near = np.hypot(geo.xy[:, 0] - cx, geo.xy[:, 1] - cy) < _CITY_RADIUS * 1.6
            near[i] = False
            cost += 30 * int(near.sum())
            outside = max(0, xlim[0] - box[0]) + max(0, box[2] - xlim[1])
            outside += max(0, ylim[0] - box[1]) + max(0, box[3] - ylim[1])
            cost += 30 * outside / height
            if best is None or cost < best[0] - 1e-9:
                best = (cost, slot, box)
        slots[name] = best[1]
        placed[name] = best[2]
    return slots


# ---------------------------------------------------------------------------------------------
# Legend: drawn by hand below the map (matplotlib's Legend costs ~20 ms per draw)

_LEGEND_SIZE = 8.5
_ROW = 15.0  # points between legend rows
_SWATCH = (20.0, 8.0)


def _legend_sections(board: Board, players, stations: bool, highlight: bool, color: str):
    """[(title, [(glyph, label)])]; a glyph is a tuple naming how to draw the sample."""
    game = players is not None
    routes = []
    for c in ROUTE_COLORS:
        if any(r.color == c for r in board.routes):
            face = _pale(ROUTE_FACE[c]) if game else ROUTE_FACE[c]
            routes.append((("rect", face, ROUTE_EDGE[c], _edge_width(c), None), c))
    if any(r.is_tunnel for r in board.routes):
        face = _pale(ROUTE_FACE["gray"]) if game else ROUTE_FACE["gray"]
        routes.append((("rect", face, _TUNNEL_EDGE, 1.4, True), "tunnel"))
    if any(r.is_ferry for r in board.routes):
        routes.append((("ferry",), "ferry (each L: one locomotive card)"))
    routes.append((("city",), "city"))
    if highlight and not game:
        routes.append((("glow", color), "highlighted"))
    sections = [("Routes", routes)]
    if game:
        items = [
            (("rect", PLAYER_COLORS[s % len(PLAYER_COLORS)], "black", 1.3, None), str(p))
            for s, p in enumerate(players)
        ]
        if stations:
            items.append((("station",), "station"))
        if highlight:
            items.append((("glow", color), "highlighted"))
        sections.append(("Players", items))
    return sections


def _legend_layout(sections, width: float):
    """Place the legend's samples and texts in points from the top left; returns (items, height).

    ``items`` holds (glyph, x, y) for samples and ("text", x, y, text, bold) for texts."""
    out = []
    y = -_ROW / 2
    title_width = max(_glyphs(t, _LEGEND_SIZE, True)[1] for t, _ in sections) + 10
    for title, entries in sections:
        out.append(("text", 0.0, y, title, True))
        x = title_width
        for glyph, label in entries:
            w = _SWATCH[0] + 5 + _glyphs(label, _LEGEND_SIZE)[1] + 14
            if x + w > width and x > title_width:
                x = title_width
                y -= _ROW
            out.append((glyph, x, y))
            out.append(("text", x + _SWATCH[0] + 5, y, label, False))
            x += w
        y -= _ROW
    return out, -y - _ROW / 2 + 4


def _draw_legend(ax: Axes, items, top: float) -> None:
    """Draw legend ``items`` with their top-left corner ``top`` points below the axes."""
    fig = ax.get_figure(root=True)
    to_display = _points_transform(fig) + ScaledTranslation(0, 0, ax.transAxes)
    origin = Affine2D().translate(4, -top) + to_display
    w, h = _SWATCH
    rects: list[tuple] = []
    hatched: list[tuple] = []
    paths, offsets = [], []
    for item in items:
        kind, x, y = item[0], item[1], item[2]
        if kind == "text":
            paths.append(_aligned(item[3], _LEGEND_SIZE, 0, 0, "left", "center", item[4]))
            offsets.append((x, y))
            continue
        glyph = kind
        box = [(x, y - h / 2), (x + w, y - h / 2), (x + w, y + h / 2), (x, y + h / 2)]
        cx = x + w / 2
        marks = []
        if glyph[0] == "rect":
            (hatched if glyph[4] else rects).append((box, glyph[1], glyph[2], glyph[3]))
        elif glyph[0] == "ferry":
            rects.append((box, ROUTE_FACE["gray"], ROUTE_EDGE["gray"], 0.6))
            marks = [("o", 7.0, "#111111", "none"), ("$L$", 4.6, "white", "none")]
        elif glyph[0] == "city":
            marks = [("o", 7.0, CITY_FACE, CITY_EDGE)]
        elif glyph[0] == "station":
            marks = [("p", 12.5, "white", "black"), ("o", 7.0, CITY_FACE, CITY_EDGE)]
        elif glyph[0] == "glow":
            ax.add_line(
                Line2D(
                    [x + 3, x + w - 3],
                    [y, y],
                    color=to_rgba(glyph[1], 0.55),
                    linewidth=9,
                    solid_capstyle="round",
                    transform=origin,
                    clip_on=False,
                    zorder=5,
                )
            )
        for marker, size, face, edge in marks:
            ax.add_line(
                Line2D(
                    [cx],
                    [y],
                    marker=marker,
                    markersize=size,
                    markerfacecolor=face,
                    markeredgecolor=edge,
                    linestyle="none",
                    transform=origin,
                    clip_on=False,
                    zorder=5.5,
                )
            )
    group = rects + hatched
    if group:
        ax.add_collection(
            PolyCollection(
                [g[0] for g in group],
                facecolors=[g[1] for g in group],
                edgecolors=[g[2] for g in group],
                linewidths=[g[3] for g in group],
                transform=origin,
                clip_on=False,
                zorder=5,
                gid="ttr-legend",
            ),
            autolim=False,
        )
    if hatched:
        quads = np.array([[g[0][3], g[0][2], g[0][1], g[0][0]] for g in hatched])
        ax.add_collection(
            LineCollection(
                _stripes(quads),
                colors=_TUNNEL_EDGE,
                linewidths=0.8,
                transform=origin,
                clip_on=False,
                zorder=5,
            ),
            autolim=False,
        )
    for artist in _text_collections(
        paths, offsets, origin, _points_transform(fig), "#1b1b1b", None, 5.5, "ttr-legend-text"
    ):
        ax.add_collection(artist, autolim=False)


# ---------------------------------------------------------------------------------------------
# Drawing

_TUNNEL_EDGE = "#141414"
_STATION_SIZE = 3.6  # station pentagon size, in city radii
_CLAIMED_GROW = 0.3  # claimed spaces are 30% thicker
_FADE = 0.3  # unclaimed routes in a game: their colour this much of the way to white
_STRIPES = (0.32, 0.61, 0.9)  # where tunnel stripes meet a space's long side


def _stripes(quads: np.ndarray) -> np.ndarray:
    """Slanted stripes across quadrilaterals (n, 4, 2) given as (a+n, b+n, b-n, a-n): the
    tunnel pattern (cheaper to draw than a hatch)."""
    top, bottom = quads[:, 0], quads[:, 3]
    top_dir, bottom_dir = quads[:, 1] - top, quads[:, 2] - bottom
    out = [
        np.stack((top + top_dir * t, bottom + bottom_dir * (t - 0.22)), axis=1) for t in _STRIPES
    ]
    return np.concatenate(out)


def _pale(color) -> tuple[float, ...]:
    """Unclaimed routes in a game: the colour paler."""
    return tuple(np.array(to_rgba(color)) * (1 - _FADE) + _FADE)


def _edge_width(color: str) -> float:
    return 0.9 if color == "white" else 0.6


@functools.lru_cache(maxsize=8)
def _space_style(board: Board, layout: str):
    """Per-space face, edge, line width and tunnel mask of a board's spaces (read-only)."""
    geo = _geometry(board, layout)
    colors = [board.routes[r].color for r in geo.space_route]
    face = np.array([to_rgba(ROUTE_FACE[c]) for c in colors])
    edge = np.array([to_rgba(ROUTE_EDGE[c]) for c in colors])
    widths = np.array([_edge_width(c) for c in colors])
    tunnel = np.array([board.routes[r].is_tunnel for r in geo.space_route])
    for array in (face, edge, widths, tunnel):
        array.flags.writeable = False
    return face, edge, widths, tunnel


def _resolve_routes(board: Board, items) -> list[Route]:
    """Routes from Route objects, ids or text references (a double's both routes)."""
    if items is None:
        return []
    if isinstance(items, (Route, int, str)):
        items = [items]
    routes: dict[int, Route] = {}
    for item in items:
        if isinstance(item, Route):
            routes[item.id] = board.routes[item.id]
        elif isinstance(item, (int, np.integer)):
            routes[int(item)] = board.routes[int(item)]
        elif isinstance(item, str):
            for route in board.find_routes(item):
                routes[route.id] = route
        else:
            raise TypeError(f"cannot highlight {item!r}: expected a Route, a route id or a text")
    return [routes[k] for k in sorted(routes)]


def _units_per_point(ax: Axes, geo: _Geometry) -> float:
    """Data units per typographic point once the equal aspect is applied."""
    fig = ax.get_figure(root=True)
    bbox = ax.get_position(original=True)
    w_in, h_in = fig.get_size_inches()
    w_pt, h_pt = bbox.width * w_in * 72, bbox.height * h_in * 72
    dx, dy = geo.xlim[1] - geo.xlim[0], geo.ylim[1] - geo.ylim[0]
    return max(dx / w_pt, dy / h_pt)


_MARGIN = 0.06  # inches around the map in a new figure
_TITLE_BAND = 0.38  # inches above the map for a title
_LEGEND_GAP = 4.0  # points between the map and the legend


class MapFigure(Figure):
    """A figure that shows itself in a notebook when it is a cell's last expression."""

    def _repr_png_(self) -> bytes:
        buf = io.BytesIO()
        self.savefig(
            buf,
            format="png",
            dpi=DPI,
            metadata={"Software": None},
            pil_kwargs={"compress_level": 1},
        )
        return buf.getvalue()


def _new_axes(geo: _Geometry, width: float, legend_pt: float, title: bool) -> Axes:
    dx, dy = geo.xlim[1] - geo.xlim[0], geo.ylim[1] - geo.ylim[0]
    map_w = width - 2 * _MARGIN
    map_h = map_w * dy / dx
    below = _MARGIN + ((legend_pt + _LEGEND_GAP) / 72 if legend_pt else 0.0)
    above = _MARGIN + (_TITLE_BAND if title else 0.0)
    height = round(map_h + below + above, 2)
    fig = MapFigure(figsize=(width, height), dpi=DPI, facecolor="white")
    return fig.add_axes((_MARGIN / width, below / height, map_w / width, map_h / height))


def _draw(
    board: Board,
    ax: Axes | None,
    layout: str,
    owners: dict[int, int],
    stations: dict[str, int],
    players: tuple[str, ...] | None,
    highlight,
    highlight_color: str,
    highlight_cities: Iterable[str],
    labels: bool,
    legend: bool,
    title: str | None,
    width: float = FIG_WIDTH,
) -> Axes:
    geo = _geometry(board, layout)
    game = players is not None
    chosen = _resolve_routes(board, highlight)
    lit = sorted({board.city(c) for c in highlight_cities})
    legend_items, legend_pt = [], 0.0
    if legend:
        sections = _legend_sections(
            board, players, bool(stations), bool(chosen or lit), highlight_color
        )
        if ax is None:
            legend_width = (width - 2 * _MARGIN) * 72 - 8
        else:
            fig = ax.get_figure(root=True)
            legend_width = ax.get_position().width * fig.get_size_inches()[0] * 72 - 8
        legend_items, legend_pt = _legend_layout(sections, legend_width)
    if ax is None:
        ax = _new_axes(geo, width, legend_pt, bool(title))
    fig = ax.get_figure(root=True)
    ax.set_xlim(*geo.xlim)
    ax.set_ylim(*geo.ylim)
    ax.set_aspect("equal", adjustable="box")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_facecolor(MAP_BACKGROUND)
    for spine in ax.spines.values():
        spine.set_edgecolor("#b9b09a")
    scale = _units_per_point(ax, geo)  # data units per point

    # Highlight glow, under everything else.
    if chosen:
        ax.add_collection(
            LineCollection(
                [geo.route_line[r.id] for r in chosen],
                colors=[to_rgba(highlight_color, 0.55)],
                linewidths=_SPACE_WIDTH * 2.6 / scale,
                capstyle="round",
                zorder=1.5,
                gid="ttr-highlight",
            ),
            autolim=False,
        )
    if lit:
        xy = np.array([geo.pos[c] for c in lit])
        ax.scatter(
            xy[:, 0],
            xy[:, 1],
            s=(_CITY_RADIUS * 4.4 / scale) ** 2,
            marker="o",
            facecolors=[to_rgba(highlight_color, 0.55)],
            edgecolors="none",
            zorder=1.5,
            gid="ttr-highlight-cities",
        )

    # Train spaces: one polygon each, coloured per space.
    face, edge, widths, tunnel = _space_style(board, layout)
    verts = geo.spaces
    if game:  # unclaimed routes paler, so the claimed ones stand out
        face = face * (1 - _FADE) + _FADE
        edge = edge * (1 - _FADE / 2) + _FADE / 2
    owner = np.array([owners.get(int(r), -1) for r in geo.space_route])
    claimed = owner >= 0
    if claimed.any():
        palette = np.array([to_rgba(c) for c in PLAYER_COLORS])
        face = face.copy()
        edge = edge.copy()
        face[claimed] = palette[owner[claimed] % len(PLAYER_COLORS)]
        edge[claimed] = (0, 0, 0, 1)
        widths = np.where(claimed, 1.3, widths)
        # Claimed spaces grow a little across the route, like train cars standing on the board.
        across = (verts[:, 0] - verts[:, 3]) * (_CLAIMED_GROW / 2)
        grown = verts.copy()
        grown[:, :2] += across[:, None]
        grown[:, 2:] -= across[:, None]
        verts = np.where(claimed[:, None, None], grown, verts)
    ax.add_collection(
        PolyCollection(
            verts,
            facecolors=face,
            edgecolors=edge,
            linewidths=widths,
            zorder=2,
            gid=SPACES_GID,
        ),
        autolim=False,
    )

    # Tunnels: a thick dark outline and slanted stripes over their spaces.
    if tunnel.any():
        ax.add_collection(
            PolyCollection(
                verts[tunnel],
                facecolors="none",
                edgecolors=_TUNNEL_EDGE,
                linewidths=1.4,
                zorder=2.2,
                gid="ttr-tunnels",
            ),
            autolim=False,
        )
        luminance = face[tunnel, :3] @ (0.299, 0.587, 0.114)
        ink = np.where(luminance[:, None] < 0.4, to_rgba("#f0f0f0"), to_rgba(_TUNNEL_EDGE))
        ax.add_collection(
            LineCollection(
                _stripes(verts[tunnel]),
                colors=np.tile(ink, (len(_STRIPES), 1)),
                linewidths=0.8,
                zorder=2.2,
            ),
            autolim=False,
        )
    # Ferries: a black "L" disc on each space that needs a locomotive.
    if len(geo.loco_xy):
        size = (_SPACE_WIDTH * 1.05 / scale) ** 2
        ax.scatter(
            geo.loco_xy[:, 0],
            geo.loco_xy[:, 1],
            s=size,
            marker="o",
            c="#111111",
            linewidths=0,
            zorder=2.4,
            gid="ttr-locomotives",
        )
        ax.scatter(
            geo.loco_xy[:, 0],
            geo.loco_xy[:, 1],
            s=size * 0.45,
            marker="$L$",
            c="white",
            linewidths=0,
            zorder=2.5,
        )

    # Cities.
    ax.scatter(
        geo.xy[:, 0],
        geo.xy[:, 1],
        s=(2 * _CITY_RADIUS / scale) ** 2,
        marker="o",
        c=CITY_FACE,
        edgecolors=CITY_EDGE,
        linewidths=1.0,
        zorder=3,
        gid="ttr-cities",
    )

    # Stations: a pentagon in the owner's colour behind the city's dot.
    if stations:
        names = sorted(stations)
        xy = np.array([geo.pos[c] for c in names])
        seat_colors = [PLAYER_COLORS[stations[c] % len(PLAYER_COLORS)] for c in names]
        ax.scatter(
            xy[:, 0],
            xy[:, 1],
            s=(_STATION_SIZE * _CITY_RADIUS / scale) ** 2,
            marker="p",
            c=seat_colors,
            edgecolors="black",
            linewidths=1.1,
            zorder=2.9,
            gid="ttr-stations",
        )

    # City labels, with a halo in the map's colour.
    if labels:
        slots = _label_slots(board, layout, round(scale, 3), LABEL_SIZE)
        paths = [_aligned(board.display(n), LABEL_SIZE, *_SLOTS[slots[n]]) for n in geo.names]
        for artist in _text_collections(
            paths,
            geo.xy,
            ax.transData,
            _points_transform(fig),
            "#1b1b1b",
            MAP_BACKGROUND,
            4,
            "ttr-labels",
        ):
            ax.add_collection(artist, autolim=False)

    if legend_items:
        _draw_legend(ax, legend_items, _LEGEND_GAP)
    if title:
        ax.set_title(title, fontsize=12, loc="left")
    return ax


def draw_board(
    board: Board,
    *,
    ax: Axes | None = None,
    layout: str = "board",
    highlight: Iterable = (),
    highlight_color: str = HIGHLIGHT_COLOR,
    highlight_cities: Iterable[str] = (),
    labels: bool = True,
    legend: bool = True,
    title: str | None = None,
) -> Axes:
    """Draw the map: cities, and every route as a row of train spaces in its colour.

    ``layout`` is ``"board"`` (the printed map's positions) or ``"geo"`` (longitude and latitude).
    ``highlight`` is any iterable of routes (``Route``, route id or ``"City-City"`` text) to draw
    with a glow, ``highlight_cities`` city names to mark the same way. Without ``ax`` the drawing
    gets a new :class:`~matplotlib.figure.Figure` 12 inches wide (``ax.figure``). The legend is
    drawn below the axes.
    """
    return _draw(
        board,
        ax,
        layout,
        {},
        {},
        None,
        highlight,
        highlight_color,
        highlight_cities,
        labels,
        legend,
        title,
    )


def draw_game(
    game,
    *,
    ax: Axes | None = None,
    layout: str = "board",
    highlight: Iterable = (),
    highlight_color: str = HIGHLIGHT_COLOR,
    highlight_cities: Iterable[str] = (),
    labels: bool = True,
    legend: bool = True,
    title: str | None = None,
) -> Axes:
    """Draw a game: the board, claimed routes in their owner's colour, stations, a highlight.

    Reads only ``game.board``, ``game.players``, ``game.route_owner(route_id)`` and
    ``game.stations`` (city -> seat). Seat ``i`` is drawn in ``PLAYER_COLORS[i]``.
    """
    return _draw(
        game.board,
        ax,
        layout,
        *_game_state(game),
        highlight,
        highlight_color,
        highlight_cities,
        labels,
        legend,
        title,
    )


def _game_state(game) -> tuple[dict[int, int], dict[str, int], tuple[str, ...]]:
    """(route id -> owner seat, city -> station owner seat, player names) of a game."""
    owners = {}
    for route in game.board.routes:
        seat = game.route_owner(route.id)
        if seat is not None:
            owners[route.id] = int(seat)
    stations = {city: int(seat) for city, seat in dict(game.stations or {}).items()}
    return owners, stations, tuple(str(p) for p in game.players)


def _figure_kw(kw: dict) -> tuple:
    if "ax" in kw:
        raise TypeError("board_figure and game_figure make their own axes; use draw_board")
    unknown = set(kw) - {
        "layout",
        "highlight",
        "highlight_color",
        "highlight_cities",
        "labels",
        "legend",
        "title",
    }
    if unknown:
        raise TypeError(f"unexpected keyword(s): {', '.join(sorted(unknown))}")
    return (
        kw.get("highlight", ()),
        kw.get("highlight_color", HIGHLIGHT_COLOR),
        kw.get("highlight_cities", ()),
        kw.get("labels", True),
        kw.get("legend", True),
        kw.get("title"),
    )


def board_figure(board: Board, *, width: float = FIG_WIDTH, **kw) -> Figure:
    """A new figure, ``width`` inches wide, holding :func:`draw_board` (same keywords)."""
    ax = _draw(board, None, kw.get("layout", "board"), {}, {}, None, *_figure_kw(kw), width=width)
    return ax.get_figure(root=True)


def game_figure(game, *, width: float = FIG_WIDTH, **kw) -> Figure:
    """A new figure, ``width`` inches wide, holding :func:`draw_game` (same keywords)."""
    ax = _draw(
        game.board,
        None,
        kw.get("layout", "board"),
        *_game_state(game),
        *_figure_kw(kw),
        width=width,
    )
    return ax.get_figure(root=True)


def figure_png(fig: Figure, dpi: int = DPI) -> bytes:
    """The figure as PNG bytes, closing it. Deterministic: no timestamp or version inside."""
    buf = io.BytesIO()
    fig.savefig(
        buf, format="png", dpi=dpi, metadata={"Software": None}, pil_kwargs={"compress_level": 1}
    )  # level 1: 3x faster, 5% bigger
    manager = getattr(fig.canvas, "manager", None)
    if manager is not None:  # made with pyplot: let pyplot forget it
        import matplotlib.pyplot as plt

        plt.close(fig)
    return buf.getvalue()


def board_png(board: Board, **kw) -> bytes:
    """PNG bytes of :func:`board_figure` (for ``Board._repr_png_``)."""
    return figure_png(board_figure(board, **kw))


def game_png(game, **kw) -> bytes:
    """PNG bytes of :func:`game_figure` (for ``Game._repr_png_``)."""
    return figure_png(game_figure(game, **kw))


def count_spaces(ax: Axes) -> int:
    """How many train spaces an axes drawn here shows."""
    return sum(len(c.get_paths()) for c in ax.collections if c.get_gid() == SPACES_GID)


__all__ = [
    "DPI",
    "HIGHLIGHT_COLOR",
    "LABEL_SLOTS",
    "PLAYER_COLORS",
    "ROUTE_EDGE",
    "ROUTE_FACE",
    "SPACES_GID",
    "board_figure",
    "board_png",
    "count_spaces",
    "draw_board",
    "draw_game",
    "figure_png",
    "game_figure",
    "game_png",
]
