"""Maps as matplotlib figures: the optional PNG export of :mod:`ttr.views.svg`'s drawing.

Notebooks and widgets show maps as SVG (:mod:`ttr.views.svg`; ``Board`` and ``Game`` display
themselves with ``_repr_svg_``). This module draws the same map with matplotlib, for a PNG file
or to combine a map with charts in one figure. Everything here draws on a
:class:`matplotlib.axes.Axes` and returns it, so a notebook can add its own layers on top.

Where things go (city positions for ``layout="board"`` or ``"geo"``, train spaces, bowed routes,
label slots) and their colours come from :mod:`ttr.views.map_layout`, shared with the SVG drawing:

* every route is a row of train spaces, one rectangle per space, in the route's colour; the two
  routes of a double route run side by side;
* tunnel spaces have a thick dark outline and slanted stripes, ferry spaces carry one black "L"
  disc per locomotive card the ferry needs;
* city names (with their diacritics) sit beside their city where they cover the fewest routes,
  cities and other names.

:func:`draw_game` adds the state of a game: claimed routes are filled in the owner's player colour
(from :data:`PLAYER_COLORS`, colours no route has) with a thick black outline, unclaimed routes are
drawn paler, and a station is a pentagon in the owner's colour around its city.

Both accept ``highlight``, any iterable of routes (``Route`` objects, route ids or text references
such as ``"Paris-Bruxelles"``), drawn with a wide translucent glow: a ticket's path, the longest
trail, the routes a player can claim now... and ``highlight_cities`` (a ticket's two ends).

Artists are batched (one collection for all the spaces, text drawn as glyph outlines). The same
input gives the same PNG bytes.
"""

from __future__ import annotations

import functools
import io
import os
from collections.abc import Iterable
from typing import Any, TypedDict, Unpack, cast

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.path import Path
from matplotlib.text import Text
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D, Affine2DBase, ScaledTranslation, Transform
from numpy.typing import ArrayLike

from ttr.board import Board
from ttr.views.map_layout import (
    CITY_EDGE,
    CITY_FACE,
    CITY_RADIUS,
    HIGHLIGHT_COLOR,
    MAP_BACKGROUND,
    PLAYER_COLOR_NAMES,
    PLAYER_COLORS,
    ROUTE_EDGE,
    ROUTE_FACE,
    SLOTS,
    SPACE_WIDTH,
    TUNNEL_EDGE,
    VALIGN,
    Geometry,
    LegendEntry,
    edge_width,
    game_marks,
    geometry,
    label_slots,
    legend_entries,
    player_color,
    resolve_routes,
    stripes,
)

SPACES_GID = "ttr-spaces"
"""The ``gid`` of the collection holding one polygon per train space (tests count them)."""

DPI = 100
"""Resolution of :func:`figure_png` (a 12-inch figure becomes 1200 pixels wide)."""

FIG_WIDTH = 12.0
LABEL_SIZE = 8.5

# ---------------------------------------------------------------------------------------------
# Text as paths: matplotlib's Text artists cost about a millisecond each to draw, so labels and
# legend texts are glyph outlines batched into a few collections (cached per string).

_FONT = FontProperties(family="DejaVu Sans")
_BOLD = FontProperties(family="DejaVu Sans", weight="bold")


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
    shift_y = dy + VALIGN[va] * size
    return Path(np.asarray(path.vertices) + (shift_x, shift_y), path.codes)


def _points_transform(fig: Figure) -> Transform:
    """Points to display pixels (follows the figure's dpi when saving)."""
    return Affine2D().scale(1 / 72) + fig.dpi_scale_trans


def _figure(ax: Axes) -> Figure:
    """The figure an axes drawn here belongs to."""
    fig = ax.get_figure(root=True)
    assert isinstance(fig, Figure), "an axes of this module always has a figure"
    return fig


def _text_collections(
    paths: list[Path],
    offsets: ArrayLike,
    offset_transform: Transform,
    transform: Transform,
    color: str,
    halo: str | None,
    zorder: float,
    gid: str,
) -> list[PathCollection]:
    """Glyph paths as one filled collection over one halo collection (none if ``halo`` is None),
    each path drawn at its offset."""
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


def _label_width(text: str, size: float) -> float:
    """A label's width in points (for :func:`ttr.views.map_layout.label_slots`)."""
    return _glyphs(text, size)[1]


# ---------------------------------------------------------------------------------------------
# Legend: drawn by hand below the map (matplotlib's Legend costs ~20 ms per draw)

_LEGEND_SIZE = 8.5
_ROW = 15.0  # points between legend rows
_SWATCH = (20.0, 8.0)


_Glyph = tuple
"""A legend sample: ``("rect", face, edge, width, hatched)``, ``("glow", colour)``, ``("ferry",)``,
``("city",)`` or ``("station",)``."""
_LegendSection = tuple[str, list[tuple[_Glyph, str]]]
"""A legend's section: its title and its (sample, label) pairs."""
_LegendItem = tuple
"""A placed legend item, in points: ``(glyph, x, y)`` or ``("text", x, y, text, bold)``."""


def _legend_glyph(entry: LegendEntry, game: bool, color: str) -> _Glyph:
    """How to draw a legend sample: a tuple naming the kind of sample and its colours."""
    if entry.kind in ("route", "tunnel"):
        c = str(entry.value or "gray")
        face = _pale(ROUTE_FACE[c]) if game else ROUTE_FACE[c]
        if entry.kind == "tunnel":
            return ("rect", face, TUNNEL_EDGE, 1.4, True)
        return ("rect", face, ROUTE_EDGE[c], edge_width(c), None)
    if entry.kind == "player":
        return ("rect", player_color(int(entry.value or 0)), "black", 1.3, None)
    if entry.kind == "highlight":
        return ("glow", color)
    return (entry.kind,)  # ferry, city, station


def _legend_sections(
    board: Board, players: tuple[str, ...] | None, stations: bool, highlight: bool, color: str
) -> list[_LegendSection]:
    """[(title, [(glyph, label)])], from :func:`ttr.views.map_layout.legend_entries`."""
    game = players is not None
    return [
        (title, [(_legend_glyph(e, game, color), e.label) for e in entries])
        for title, entries in legend_entries(board, players, stations, highlight)
    ]


def _legend_layout(sections: list[_LegendSection], width: float) -> tuple[list[_LegendItem], float]:
    """Place the legend's samples and texts in points from the top left; returns (items, height).

    ``items`` holds (glyph, x, y) for samples and ("text", x, y, text, bold) for texts."""
    out: list[_LegendItem] = []
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


def _draw_legend(ax: Axes, items: list[_LegendItem], top: float) -> None:
    """Draw legend ``items`` with their top-left corner ``top`` points below the axes."""
    fig = _figure(ax)
    axes_origin = ScaledTranslation(0, 0, cast(Affine2DBase, ax.transAxes))
    to_display = _points_transform(fig) + axes_origin
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
        quads = [(g[0][3], g[0][2], g[0][1], g[0][0]) for g in hatched]
        ax.add_collection(
            LineCollection(
                stripes(quads),
                colors=TUNNEL_EDGE,
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

_STATION_SIZE = 3.6  # station pentagon size, in city radii
_CLAIMED_GROW = 0.3  # claimed spaces are 30% thicker
_FADE = 0.3  # unclaimed routes in a game: their colour this much of the way to white


def _pale(color: str) -> tuple[float, ...]:
    """Unclaimed routes in a game: the colour paler."""
    return tuple(np.array(to_rgba(color)) * (1 - _FADE) + _FADE)


@functools.lru_cache(maxsize=8)
def _space_style(
    board: Board, layout: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per-space face, edge, line width and tunnel mask of a board's spaces (read-only)."""
    geo = geometry(board, layout)
    colors = [board.routes[r].color for r in geo.space_route]
    face = np.array([to_rgba(ROUTE_FACE[c]) for c in colors])
    edge = np.array([to_rgba(ROUTE_EDGE[c]) for c in colors])
    widths = np.array([edge_width(c) for c in colors])
    tunnel = np.array([board.routes[r].is_tunnel for r in geo.space_route])
    for array in (face, edge, widths, tunnel):
        array.flags.writeable = False
    return face, edge, widths, tunnel


def _units_per_point(ax: Axes, geo: Geometry) -> float:
    """Data units per typographic point once the equal aspect is applied."""
    fig = _figure(ax)
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
        return _png_bytes(self, DPI)


def _new_axes(geo: Geometry, width: float, legend_pt: float, title: bool) -> Axes:
    dx, dy = geo.xlim[1] - geo.xlim[0], geo.ylim[1] - geo.ylim[0]
    map_w = width - 2 * _MARGIN
    map_h = map_w * dy / dx
    below = _MARGIN + ((legend_pt + _LEGEND_GAP) / 72 if legend_pt else 0.0)
    above = _MARGIN + (_TITLE_BAND if title else 0.0)
    height = round(map_h + below + above, 2)
    fig = MapFigure(figsize=(width, height), dpi=DPI, facecolor="white")
    return fig.add_axes((_MARGIN / width, below / height, map_w / width, map_h / height))


_Marks = tuple[dict[int, int], dict[str, int], tuple[str, ...] | None]
"""What a game adds to its board (:func:`~ttr.views.map_layout.game_marks`): each claimed route's
owner (route id -> seat), each station's owner (city -> seat) and the players (None: a board)."""
_NO_MARKS: _Marks = ({}, {}, None)


class MapOptions(TypedDict, total=False):
    """The keywords of every map drawing here (their defaults in :func:`_draw`)."""

    layout: str
    highlight: Iterable
    highlight_color: str
    highlight_cities: Iterable[str]
    labels: bool
    legend: bool
    title: str | None


class FigureOptions(MapOptions, total=False):
    """The keywords of a new figure: those of :class:`MapOptions` and its ``width`` in inches."""

    width: float


def _checked(options: MapOptions, name: str) -> MapOptions:
    """``options`` if they are all keywords of :class:`MapOptions`, else a ``TypeError``."""
    unknown = sorted(set(options) - MapOptions.__optional_keys__)
    if unknown:
        own = " (it makes its own axes; use draw_board or draw_game)" if "ax" in unknown else ""
        raise TypeError(f"{name}() got unexpected keyword(s): {', '.join(unknown)}{own}")
    return options


def _draw(
    board: Board,
    marks: _Marks,
    ax: Axes | None,
    *,
    layout: str = "board",
    highlight: Iterable = (),
    highlight_color: str = HIGHLIGHT_COLOR,
    highlight_cities: Iterable[str] = (),
    labels: bool = True,
    legend: bool = True,
    title: str | None = None,
    width: float = FIG_WIDTH,
) -> Axes:
    owners, stations, players = marks
    geo = geometry(board, layout)
    game = players is not None
    chosen = resolve_routes(board, highlight)
    lit = sorted({board.city(c) for c in highlight_cities})
    legend_items: list[_LegendItem] = []
    legend_pt = 0.0
    if legend:
        sections = _legend_sections(
            board, players, bool(stations), bool(chosen or lit), highlight_color
        )
        if ax is None:
            legend_width = (width - 2 * _MARGIN) * 72 - 8
        else:
            fig = _figure(ax)
            legend_width = ax.get_position().width * fig.get_size_inches()[0] * 72 - 8
        legend_items, legend_pt = _legend_layout(sections, legend_width)
    if ax is None:
        ax = _new_axes(geo, width, legend_pt, bool(title))
    fig = _figure(ax)
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
                linewidths=SPACE_WIDTH * 2.6 / scale,
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
            s=(CITY_RADIUS * 4.4 / scale) ** 2,
            marker="o",
            facecolors=[to_rgba(highlight_color, 0.55)],
            edgecolors="none",
            zorder=1.5,
            gid="ttr-highlight-cities",
        )

    # Train spaces: one polygon each, coloured per space.
    face, edge, widths, tunnel = _space_style(board, layout)
    verts = np.asarray(geo.spaces)
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
            list(verts),
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
                edgecolors=TUNNEL_EDGE,
                linewidths=1.4,
                zorder=2.2,
                gid="ttr-tunnels",
            ),
            autolim=False,
        )
        luminance = face[tunnel, :3] @ (0.299, 0.587, 0.114)
        ink = np.where(luminance[:, None] < 0.4, to_rgba("#f0f0f0"), to_rgba(TUNNEL_EDGE))
        ax.add_collection(
            LineCollection(
                stripes(verts[tunnel]),
                colors=np.tile(ink, (3, 1)),
                linewidths=0.8,
                zorder=2.2,
            ),
            autolim=False,
        )
    # Ferries: a black "L" disc on each space that needs a locomotive.
    loco_xy = np.asarray(geo.loco_xy).reshape(-1, 2)
    if len(loco_xy):
        size = (SPACE_WIDTH * 1.05 / scale) ** 2
        ax.scatter(
            loco_xy[:, 0],
            loco_xy[:, 1],
            s=size,
            marker="o",
            c="#111111",
            linewidths=0,
            zorder=2.4,
            gid="ttr-locomotives",
        )
        ax.scatter(
            loco_xy[:, 0],
            loco_xy[:, 1],
            s=size * 0.45,
            marker="$L$",
            c="white",
            linewidths=0,
            zorder=2.5,
        )

    # Cities.
    ax.scatter(
        [x for x, _ in geo.xy],
        [y for _, y in geo.xy],
        s=(2 * CITY_RADIUS / scale) ** 2,
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
        seat_colors = [player_color(stations[c]) for c in names]
        ax.scatter(
            xy[:, 0],
            xy[:, 1],
            s=(_STATION_SIZE * CITY_RADIUS / scale) ** 2,
            marker="p",
            c=seat_colors,
            edgecolors="black",
            linewidths=1.1,
            zorder=2.9,
            gid="ttr-stations",
        )

    # City labels, with a halo in the map's colour.
    if labels:
        slots = label_slots(board, layout, round(scale, 3), LABEL_SIZE, _label_width)
        paths = [_aligned(board.display(n), LABEL_SIZE, *SLOTS[slots[n]]) for n in geo.names]
        for artist in _text_collections(
            paths,
            np.asarray(geo.xy),
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


def draw_board(board: Board, *, ax: Axes | None = None, **options: Unpack[MapOptions]) -> Axes:
    """Draw the map: cities, and every route as a row of train spaces in its colour.

    Without ``ax`` the drawing gets a new :class:`~matplotlib.figure.Figure` 12 inches wide
    (``ax.figure``). The keywords (:class:`MapOptions`): ``layout`` is ``"board"`` (the printed
    map's positions, the default) or ``"geo"`` (longitude and latitude); ``highlight`` is any
    iterable of routes (``Route``, route id or ``"City-City"`` text) to draw with a glow in
    ``highlight_color``, ``highlight_cities`` city names to mark the same way; ``labels``
    (the city names) and ``legend`` (drawn below the axes) are on unless set to False; ``title``
    goes above the map.
    """
    return _draw(board, _NO_MARKS, ax, **_checked(options, "draw_board"))


def draw_game(game: Any, *, ax: Axes | None = None, **options: Unpack[MapOptions]) -> Axes:
    """Draw a game: the board, claimed routes in their owner's colour, stations, a highlight
    (the keywords of :func:`draw_board`).

    Reads only ``game.board``, ``game.players``, ``game.owner`` (route id -> seat or None) and
    ``game.stations`` (city -> seat). Seat ``i`` is drawn in ``PLAYER_COLORS[i]``.
    """
    return _draw(game.board, game_marks(game), ax, **_checked(options, "draw_game"))


def board_figure(
    board: Board, *, width: float = FIG_WIDTH, **options: Unpack[MapOptions]
) -> Figure:
    """A new figure, ``width`` inches wide, holding :func:`draw_board` (same keywords)."""
    ax = _draw(board, _NO_MARKS, None, width=width, **_checked(options, "board_figure"))
    return _figure(ax)


def game_figure(game: Any, *, width: float = FIG_WIDTH, **options: Unpack[MapOptions]) -> Figure:
    """A new figure, ``width`` inches wide, holding :func:`draw_game` (same keywords)."""
    ax = _draw(game.board, game_marks(game), None, width=width, **_checked(options, "game_figure"))
    return _figure(ax)


CJK_FONTS = {"ko": ("Noto Sans CJK KR", "NanumGothic"), "zh": ("Noto Sans CJK SC",)}
"""The fonts with Hangul and Han characters that a Korean or Chinese chart is drawn with, best
first (Debian's fonts-noto-cjk and fonts-nanum; `.ci/run` and Binder's apt.txt install them)."""
_CJK_FILES = (
    "NotoSansCJK-Regular.",
    "NotoSansCJKsc-Regular.",
    "NotoSansCJKkr-Regular.",
    "NanumGothic.",
)
"""The files of those fonts, registered with matplotlib when its font cache predates them."""


@functools.cache
def cjk_family(language: str) -> str | None:
    """The first of :data:`CJK_FONTS` for ``language`` that matplotlib can use, or None. A font
    installed after matplotlib's font cache was made is registered with it first."""
    from matplotlib import font_manager

    wanted = CJK_FONTS.get(language, ())
    known = {font.name for font in font_manager.fontManager.ttflist}
    if not known & set(wanted):
        for path in font_manager.findSystemFonts():
            if os.path.basename(path).startswith(_CJK_FILES):
                font_manager.fontManager.addfont(path)
        known = {font.name for font in font_manager.fontManager.ttflist}
    return next((name for name in wanted if name in known), None)


def _said(fig: Figure) -> None:
    """The figure's texts (titles, axis labels, legends, notes, category ticks) in the language
    in force where the catalogue has them: a notebook's chart texts are entries in the context
    ``"figure"`` (tests/catalogue.py)."""
    from matplotlib.category import StrCategoryFormatter
    from matplotlib.ticker import FuncFormatter

    from ttr.i18n import pgettext

    for text in fig.findobj(Text):
        if text.get_text():
            text.set_text(pgettext("figure", text.get_text()))
    for axis in (axis for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)):
        old = axis.get_major_formatter()
        if isinstance(old, StrCategoryFormatter):
            axis.set_major_formatter(
                FuncFormatter(lambda x, pos, old=old: pgettext("figure", old(x, pos)))
            )


def figure_png(fig: Figure, dpi: int = DPI) -> bytes:
    """The figure as PNG bytes, closing it. Deterministic: no timestamp or version inside.

    In Korean or Chinese (:func:`ttr.set_language`), its texts are said in that language where
    the catalogue has them, and drawn with a font that has the characters (:func:`cjk_family`)."""
    from ttr.i18n import get_language

    language = get_language()
    if language == "en":
        data = _png_bytes(fig, dpi)
    else:
        import matplotlib

        _said(fig)
        family = cjk_family(language)
        fonts = ["DejaVu Sans", family] if family else ["DejaVu Sans"]
        for text in fig.findobj(Text):  # a text made before keeps the font it was made with
            text.set_fontfamily(fonts)
        with matplotlib.rc_context({"font.family": fonts}):  # and the tick labels made now
            data = _png_bytes(fig, dpi)
    manager = getattr(fig.canvas, "manager", None)
    if manager is not None:  # made with pyplot: let pyplot forget it
        import matplotlib.pyplot as plt

        plt.close(fig)
    return data


def _png_bytes(fig: Figure, dpi: int) -> bytes:
    buf = io.BytesIO()
    fig.savefig(
        buf, format="png", dpi=dpi, metadata={"Software": None}, pil_kwargs={"compress_level": 1}
    )  # level 1: 3x faster, 5% bigger
    return buf.getvalue()


def board_png(board: Board, **kw: Unpack[FigureOptions]) -> bytes:
    """PNG bytes of :func:`board_figure` (a map to save as a file)."""
    return figure_png(board_figure(board, **kw))


def game_png(game: Any, **kw: Unpack[FigureOptions]) -> bytes:
    """PNG bytes of :func:`game_figure` (a map to save as a file)."""
    return figure_png(game_figure(game, **kw))


def count_spaces(ax: Axes) -> int:
    """How many train spaces an axes drawn here shows."""
    return sum(len(c.get_paths()) for c in ax.collections if c.get_gid() == SPACES_GID)


__all__ = [
    "DPI",
    "HIGHLIGHT_COLOR",
    "PLAYER_COLOR_NAMES",
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
