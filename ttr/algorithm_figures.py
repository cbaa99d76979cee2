"""Figures for the algorithm lessons 16-20, so that the notebooks show only the code that teaches.

Every function returns an :class:`IPython.display.Image` of a PNG that is the same for the same
input (fixed positions, no timestamps). The maps come from :mod:`ttr.plot`; the engine never
imports this module.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence

from IPython.display import Image
from matplotlib.figure import Figure
from matplotlib.patches import Circle

from ttr.board import Board, Route
from ttr.plot import draw_board, figure_png

Panel = tuple[str, Iterable[Route | int | str], Iterable[str]]
"""One map of :func:`map_panels`: its title, the routes to light up and the cities to mark."""

GLOW = "#7a00ff"
"""The highlight colour of the panels: purple shows better than orange on small maps."""


def map_panels(
    board: Board, panels: Sequence[Panel], columns: int = 2, width: float = 12.0
) -> Image:
    """Small copies of the board side by side, each with its own title, routes and cities."""
    rows = math.ceil(len(panels) / columns)
    ratio = 0.68 if board.name == "usa" else 0.76
    fig = Figure(figsize=(width, rows * width / columns * ratio), dpi=100, facecolor="white")
    fig.subplots_adjust(left=0.01, right=0.99, top=0.95, bottom=0.01, wspace=0.02, hspace=0.12)
    axes = fig.subplots(rows, columns, squeeze=False).flat
    for ax, (title, routes, cities) in zip(axes, panels, strict=False):
        draw_board(
            board,
            ax=ax,
            highlight=routes,
            highlight_cities=cities,
            legend=False,
            title=title,
            highlight_color=GLOW,
        )
    for ax in list(axes)[len(panels) :]:
        ax.set_visible(False)
    return Image(figure_png(fig))


def growth_chart(
    sizes: Sequence[float],
    series: Mapping[str, Sequence[float]],
    *,
    xlabel: str,
    ylabel: str,
    title: str,
    log: bool = True,
) -> Image:
    """One line per named series against ``sizes``, on a log scale by default."""
    fig = Figure(figsize=(7, 3.6), dpi=100, facecolor="white")
    ax = fig.subplots()
    for (name, values), marker in zip(series.items(), "os^Dv", strict=False):
        ax.plot(sizes, values, marker=marker, label=name)
    if log:
        ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=11)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    return Image(figure_png(fig))


def chain_diagram(
    matrix: Sequence[Sequence[float]], labels: Sequence[str], *, title: str, skip: float = 1e-9
) -> Image:
    """A Markov chain as states in a row and arrows labelled with their probabilities.

    ``matrix[i][j]`` is the probability of a step from state ``i`` to state ``j``; arrows with a
    smaller probability than ``skip`` are left out. Arrows to the right bow above the row, arrows
    to the left below it, and each state's probability of staying put is written under it.
    """
    gap, bend = 2.2, 0.35
    fig = Figure(figsize=(2.6 * len(labels) + 1, 3.6), dpi=100, facecolor="white")
    ax = fig.subplots()
    for i, label in enumerate(labels):
        ax.add_patch(Circle((i * gap, 0), 0.32, facecolor="#f3eedf", edgecolor="#3b0d08", zorder=2))
        ax.text(i * gap, 0, label, ha="center", va="center", fontsize=11, zorder=3)
        if matrix[i][i] > skip:
            ax.text(i * gap, -0.42, f"stay {matrix[i][i]:.3f}", ha="center", va="top", fontsize=9)
    for i, j in itertools.permutations(range(len(labels)), 2):
        if matrix[i][j] <= skip:
            continue
        ax.annotate(
            "",
            xy=(j * gap, 0),
            xytext=(i * gap, 0),
            arrowprops={
                "arrowstyle": "-|>",
                "shrinkA": 20,
                "shrinkB": 20,
                "connectionstyle": f"arc3,rad={-bend}",
                "color": "#444444",
            },
        )
        depth = bend * abs(j - i) * gap / 2  # how far the middle of the arc is from the row
        ax.text(
            (i + j) * gap / 2,
            depth + 0.05 if j > i else -depth - 0.05,
            f"{matrix[i][j]:.3f}",
            ha="center",
            va="bottom" if j > i else "top",
            fontsize=9,
            color=GLOW,
        )
    reach = bend * (len(labels) - 1) * gap / 2 + 0.3
    ax.set_xlim(-0.8, gap * (len(labels) - 1) + 0.8)
    ax.set_ylim(-reach, reach)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=11)
    fig.tight_layout()
    return Image(figure_png(fig))
