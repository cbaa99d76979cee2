"""Maps and charts for the classroom lessons (notebooks 10 onwards), so a lesson shows only the code
that teaches.

Maps are SVG pictures from :mod:`ttr.views.svg`; :func:`paths_map` draws several paths on one
map, each in its own colour. Charts are matplotlib figures that show themselves as a cell's last
expression (:class:`ttr.views.plot.MapFigure`), so no lesson needs pyplot. Everything is
deterministic: the same input gives the same picture. The engine never imports this module.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from statistics import geometric_mean
from typing import TYPE_CHECKING

import networkx as nx
import numpy as np
from matplotlib.figure import Figure

from ttr.board import Board, Route
from ttr.tools.simulation import proportion_ci
from ttr.views.map_layout import CITY_FACE, PLAYER_COLORS, SPACE_WIDTH, Geometry, geometry
from ttr.views.plot import MapFigure
from ttr.views.svg import Svg, board_svg, game_svg

if TYPE_CHECKING:
    from ttr.game import Game

PATH_COLORS = PLAYER_COLORS
"""The colours of the paths of :func:`paths_map`: the player colours, which no route has."""

_SEA = re.compile(r'<rect class="ttr-sea" x="0" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/>')
_SIZE = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)" width="[\d.]+" height="[\d.]+"')
_LINE = 0.6 * SPACE_WIDTH  # the width of a path, and the step between paths that share a route
_KEY_ROW = 32.0  # the height of a row of the key below the map, in picture units
_KEY_SIZE = 18.0  # its text size


def show_map(
    board_or_game: Board | Game,
    *,
    highlight: Iterable = (),
    cities: Iterable[str] = (),
    title: str | None = None,
) -> Svg:
    """A map of a board, or of a game with its owners, with routes and cities highlighted."""
    routes, named = list(highlight), list(cities)
    if isinstance(board_or_game, Board):
        return board_svg(
            board_or_game, highlight_routes=routes, highlight_cities=named, title=title
        )
    return game_svg(board_or_game, highlight_routes=routes, highlight_cities=named, title=title)


def paths_map(
    board: Board,
    paths: Mapping[str, Sequence[Route]],
    *,
    ends: Iterable[str] = (),
    title: str | None = None,
) -> Svg:
    """One map with several paths (name -> its routes), each a line in its own colour with a dark
    edge, so that it shows over routes of any colour. Paths that share a route run side by side
    along it. A key below the map names the paths; ``ends`` are ringed."""
    svg = str(board_svg(board, highlight_cities=list(ends), title=title))
    sea, size = _SEA.search(svg), _SIZE.search(svg)
    assert sea and size, "ttr.views.svg changed the shape of its picture"
    top, width, height = (float(v) for v in sea.groups())
    geo = geometry(board, "board")
    (x0, x1), (y0, y1) = geo.xlim, geo.ylim
    scale = np.array([width / (x1 - x0), -height / (y1 - y0)])  # board (y up) to picture (y down)

    def picture(points: np.ndarray) -> str:
        xy = (points - (x0, y1)) * scale + (0, top)
        return "M" + "L".join(f"{_n(x)} {_n(y)}" for x, y in xy)

    users: dict[int, list[int]] = {}  # route id -> the paths (by number) along it
    for number, routes in enumerate(paths.values()):
        for route in routes:
            users.setdefault(route.id, []).append(number)
    lines = ['<g class="lesson-paths" fill="none" stroke-linecap="round" stroke-linejoin="round">']
    for number, routes in enumerate(paths.values()):
        parts = []
        for route in sorted(routes, key=lambda r: r.id):  # the same text in any order
            along = users[route.id]
            offset = (along.index(number) - (len(along) - 1) / 2) * _LINE
            parts.append(picture(_beside(_city_to_city(geo, route), offset)))
        lines.append(_stroke("".join(parts), PATH_COLORS[number % len(PATH_COLORS)]))
    lines.append("</g>")
    svg = svg.replace('<g class="ttr-cities"', "".join(lines) + '<g class="ttr-cities"', 1)

    full_width, full_height = (float(v) for v in size.groups())
    key = [f'<g class="lesson-path-key" font-size="{_n(_KEY_SIZE)}">']
    for number, name in enumerate(paths):
        y = full_height + _KEY_ROW * (number + 0.6)
        color = PATH_COLORS[number % len(PATH_COLORS)]
        key.append(_stroke(f"M14 {_n(y)}H54", color, extra=' fill="none" stroke-linecap="round"'))
        key.append(f'<text x="66" y="{_n(y + 0.36 * _KEY_SIZE)}">{html.escape(name)}</text>')
    key.append("</g>")
    grown = full_height + _KEY_ROW * len(paths) + 6
    svg = _SIZE.sub(
        f'viewBox="0 0 {_n(full_width)} {_n(grown)}" width="{_n(full_width)}" height="{_n(grown)}"',
        svg,
        count=1,
    )
    return Svg(svg.replace("</svg>", "".join(key) + "</svg>"))


def _n(x: float) -> str:
    """A picture coordinate with one decimal, as :mod:`ttr.views.svg` writes them."""
    text = f"{x:.1f}".removesuffix(".0")
    return "0" if text == "-0" else text


def _stroke(d: str, color: str, extra: str = "") -> str:
    """A line drawn twice: a dark edge, then its colour on top."""
    return (
        f'<path d="{d}" stroke="#111" stroke-width="{_n(_LINE + 2.5)}"{extra}/>'
        f'<path d="{d}" stroke="{color}" stroke-width="{_n(_LINE - 0.5)}"{extra}/>'
    )


def _city_to_city(geo: Geometry, route: Route) -> np.ndarray:
    """A route's centre line (board units), from the centre of one city to the other's."""
    line = geo.route_line[route.id]
    a, b = np.array(geo.pos[route.a]), np.array(geo.pos[route.b])
    if np.linalg.norm(line[0] - a) > np.linalg.norm(line[0] - b):
        a, b = b, a
    return np.vstack([a, line, b])


def _beside(line: np.ndarray, offset: float) -> np.ndarray:
    """A line moved sideways by ``offset`` (to the left of its direction; board units)."""
    tangent = np.gradient(line, axis=0)
    normal = np.stack([-tangent[:, 1], tangent[:, 0]], axis=1)
    return line + offset * normal / np.linalg.norm(normal, axis=1, keepdims=True)


def small_graph(
    graph: nx.MultiGraph, pos: dict[str, tuple[float, float]], *, title: str = ""
) -> Figure:
    """A small multigraph at fixed positions, parallel edges bowed apart, each node named with its
    degree (names in the leftmost column go to the left of their dot)."""
    fig = MapFigure(figsize=(6, 3.4), dpi=100, facecolor="white")
    ax = fig.subplots()
    nx.draw_networkx_edges(
        graph,
        pos,
        ax=ax,
        arrows=True,
        width=2,
        edge_color="#555555",
        arrowstyle="-",
        connectionstyle=["arc3,rad=0.25", "arc3,rad=-0.25"],
    )
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=CITY_FACE, node_size=260)
    left = min(x for x, _ in pos.values())
    for name, (x, y) in pos.items():
        west = x == left
        ax.annotate(
            f"{name} ({graph.degree[name]})",
            (x, y),
            xytext=(-16 if west else 16, 0),
            textcoords="offset points",
            fontsize=10,
            va="center",
            ha="right" if west else "left",
        )
    xs = [x for x, _ in pos.values()]
    span = max(xs) - min(xs) or 1
    ax.set_xlim(min(xs) - 0.8 * span, max(xs) + 0.5 * span)
    ax.set_title(title, fontsize=10)
    ax.axis("off")
    return fig


BOARD_COLORS = {"usa": "#d9281f", "europe": "#2b6fd6"}
"""The colour of each board's points and lines in :func:`growth_chart`."""


def growth_chart(
    rows: Iterable[tuple],
    sizes: Iterable[int],
    *,
    ylabel: str = "search nodes (log scale)",
    summary: str = "geometric mean",
    band: tuple[float, str] | None = None,
) -> Figure:
    """How a measure grows with the size of a network, on a log scale.

    ``rows`` are ``(board name, size, value, ...)``: each is a dot, and a line joins the geometric
    means of each board's values per size (``summary`` names them in the legend). ``band`` shades
    sizes up to ``band[0]``, labelled ``band[1]``.
    """
    rows, sizes = list(rows), list(sizes)
    fig = MapFigure(figsize=(7, 3.6), dpi=100, facecolor="white")
    ax = fig.subplots()
    if band is not None:
        ax.axvspan(0, band[0], color="#2e9e45", alpha=0.12, label=band[1])
    for name in sorted({row[0] for row in rows}, reverse=True):
        mine = [row for row in rows if row[0] == name]
        color = BOARD_COLORS.get(name, "#555555")
        ax.scatter([r[1] for r in mine], [r[2] for r in mine], s=9, color=color, alpha=0.3)
        means = [geometric_mean([r[2] for r in mine if r[1] == k]) for k in sizes]
        ax.plot(sizes, means, color=color, marker="o", label=f"{name.upper()} ({summary})")
    ax.set_yscale("log")
    ax.set_xlim(0, max(sizes) + 1)
    ax.set_xlabel("routes in the network")
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def odds_chart(exact: dict, hits: dict, trials: int, *, xlabel: str, title: str) -> Figure:
    """Exact probabilities as bars, and the share of ``trials`` simulated ``hits`` of each outcome
    as points with ±2 standard errors."""
    fig = MapFigure(figsize=(6, 3.2), dpi=100, facecolor="white")
    ax = fig.subplots()
    ks = list(exact)
    ax.bar(ks, [float(exact[k]) for k in ks], color="#d9281f", alpha=0.35, label="exact")
    errors = [2 * math.sqrt(exact[k] * (1 - exact[k]) / trials) for k in ks]
    ax.errorbar(
        ks,
        [hits[k] / trials for k in ks],
        yerr=errors,
        fmt="o",
        color="black",
        capsize=4,
        label=f"simulated ({trials:,} trials, ±2 SE)",
    )
    ax.set_xticks(ks)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.set_title(title, fontsize=10)
    ax.legend()
    fig.tight_layout()
    return fig


def odds_curve(
    x: Sequence,
    exact: Sequence,
    simulated: Sequence,
    *,
    xlabel: str,
    ylabel: str,
    title: str,
    simulated_label: str,
) -> Figure:
    """An exact probability against ``x`` as a line, simulated estimates as crosses."""
    fig = MapFigure(figsize=(6, 3.2), dpi=100, facecolor="white")
    ax = fig.subplots()
    ax.plot(x, [float(p) for p in exact], color="#d9281f", marker="o", label="exact")
    ax.plot(x, simulated, "x", color="black", markersize=8, label=simulated_label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1)
    ax.set_title(title, fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    return fig


SEAT_COLORS = ("#8e44c9", "#00b3c4")
BOT_COLORS = {"random": "#a7a7a7", "long": "#2b6fd6", "greedy": "#2e9e45"}


def score_histograms(sims: dict) -> Figure:
    """One panel per experiment (name -> :class:`ttr.tools.simulation.Simulation`): each seat's
    final scores as a histogram, its mean as a dashed line."""
    fig = MapFigure(figsize=(12, 3.4), dpi=100, facecolor="white")
    axes = fig.subplots(1, len(sims), squeeze=False)[0]
    for ax, (name, sim) in zip(axes, sims.items(), strict=True):
        for seat, color in enumerate(SEAT_COLORS):
            scores = [record.scores[seat] for record in sim.records]
            ax.hist(scores, bins=15, color=color, alpha=0.55, label=f"seat {seat + 1}")
            ax.axvline(sum(scores) / len(scores), color=color, linestyle="--")
        ax.set_title(f'two "{name}" bots, {len(sim.records)} games', fontsize=10)
        ax.set_xlabel("final score")
    axes[0].set_ylabel("games")
    axes[0].legend()
    fig.tight_layout()
    return fig


def _error_bar(p: float, low: float, high: float) -> tuple[float, float]:
    # Distances from p down and up to an interval's ends (never negative, despite rounding).
    return max(p - low, 0.0), max(high - p, 0.0)


def rate_bars(rates: dict[str, dict[str, tuple[float, float, float]]]) -> Figure:
    """One panel per event: a bar per experiment (name -> event -> ``(p, low, high)``), with its
    95% interval."""
    names = list(rates)
    labels = list(rates[names[0]])
    fig = MapFigure(figsize=(4 * len(labels), 3.2), dpi=100, facecolor="white")
    axes = fig.subplots(1, len(labels), sharey=True, squeeze=False)[0]
    for ax, label in zip(axes, labels, strict=True):
        bars = [_error_bar(*rates[name][label]) for name in names]
        ax.bar(
            names,
            [rates[name][label][0] for name in names],
            yerr=[[b[0] for b in bars], [b[1] for b in bars]],
            capsize=5,
            color=[BOT_COLORS.get(name, "#555555") for name in names],
        )
        ax.set_title(label, fontsize=10)
    axes[0].set_ylabel("share of games (95% Wilson interval)")
    axes[0].set_ylim(0, 1)
    fig.tight_layout()
    return fig


def running_rate(
    hits: Sequence[bool],
    *,
    label: str,
    xlabel: str = "games played",
    reference: tuple[float, str] | None = None,
) -> Figure:
    """A proportion and its 95% Wilson interval after each of the trials ``hits``."""
    n = range(1, len(hits) + 1)
    running = [proportion_ci(sum(hits[:k]), k) for k in n]
    fig = MapFigure(figsize=(7, 3.2), dpi=100, facecolor="white")
    ax = fig.subplots()
    ax.fill_between(
        n,
        [r[1] for r in running],
        [r[2] for r in running],
        color=SEAT_COLORS[0],
        alpha=0.25,
        label="95% Wilson interval",
    )
    ax.plot(n, [r[0] for r in running], color=SEAT_COLORS[0], label=f"{label} so far")
    if reference is not None:
        ax.axhline(reference[0], color="black", linestyle=":", label=reference[1])
    ax.set_ylim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(label)
    ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    return fig


def shares_chart(hits: dict[str, int], trials: int, *, xlabel: str) -> Figure:
    """A horizontal bar per item (name -> hits in ``trials``) with its 95% Wilson interval, the
    first item on top."""
    fig = MapFigure(figsize=(7, 0.3 * len(hits) + 0.8), dpi=100, facecolor="white")
    ax = fig.subplots()
    names = list(hits)[::-1]
    for i, name in enumerate(names):
        p, low, high = proportion_ci(hits[name], trials)
        ax.barh(i, p, xerr=[[v] for v in _error_bar(p, low, high)], capsize=3, color="#2e9e45")
    ax.set_yticks(range(len(names)), names, fontsize=9)
    ax.set_xlim(0, 1)
    ax.set_xlabel(xlabel)
    fig.tight_layout()
    return fig
