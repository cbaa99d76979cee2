"""Maps and charts for the classroom lessons (notebooks 10 onwards), so a lesson shows only the code
that teaches.

Maps come from :mod:`ttr.plot`; charts are matplotlib figures that show themselves as a cell's
last expression (:class:`ttr.plot.MapFigure`), so no lesson needs pyplot. Everything is
deterministic: the same input gives the same picture. The engine never imports this module.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from statistics import geometric_mean

from IPython.display import Image
from matplotlib.figure import Figure

from ttr.board import Board, Route
from ttr.plot import CITY_FACE, MapFigure, board_png, draw_board, figure_png, game_png

PATH_COLOR = "#7a00ff"
"""The glow of a path on the small maps of :func:`path_maps` (purple shows well at that size)."""


def show_map(
    board_or_game,
    *,
    highlight: Iterable = (),
    cities: Iterable[str] = (),
    title: str | None = None,
    width: float = 10,
) -> Image:
    """A map of a board, or of a game with its owners, with routes and cities highlighted."""
    draw = game_png if hasattr(board_or_game, "board") else board_png
    return Image(
        draw(
            board_or_game,
            highlight=list(highlight),
            highlight_cities=list(cities),
            title=title,
            width=width,
        )
    )


def path_maps(
    board: Board,
    panels: Sequence[tuple[str, Sequence[Route]]],
    *,
    ends: Iterable[str] = (),
    columns: int = 2,
    width: float = 12,
) -> Image:
    """Small copies of the board side by side, one per ``(title, routes)`` panel."""
    rows = math.ceil(len(panels) / columns)
    ratio = 0.68 if board.name == "usa" else 0.95
    fig = Figure(figsize=(width, rows * width / columns * ratio), dpi=100, facecolor="white")
    fig.subplots_adjust(left=0.01, right=0.99, top=0.95, bottom=0.01, wspace=0.02, hspace=0.12)
    axes = fig.subplots(rows, columns, squeeze=False).flat
    for ax, (title, routes) in zip(axes, panels, strict=False):
        draw_board(
            board,
            ax=ax,
            highlight=routes,
            highlight_cities=list(ends),
            legend=False,
            title=title,
            highlight_color=PATH_COLOR,
        )
    return Image(figure_png(fig))


def small_graph(graph, pos: dict[str, tuple[float, float]], *, title: str = "") -> Figure:
    """A small multigraph at fixed positions, parallel edges bowed apart, each node named with its
    degree (names in the leftmost column go to the left of their dot)."""
    import networkx as nx

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
    """One panel per experiment (name -> :class:`ttr.simulation.Simulation`): each seat's final
    scores as a histogram, its mean as a dashed line."""
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
    from ttr.simulation import proportion_ci

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
    from ttr.simulation import proportion_ci

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
