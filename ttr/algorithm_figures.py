"""Figures for the algorithm lessons 16-20, so that the notebooks show only the code that teaches.

Every function returns an :class:`IPython.display.Image` of a PNG that is the same for the same
input (fixed positions, no timestamps). The maps come from :mod:`ttr.plot`; the engine never
imports this module.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from IPython.display import Image
from matplotlib.figure import Figure

from ttr.board import Board, Route
from ttr.plot import draw_board, figure_png

Panel = tuple[str, Iterable[Route | int | str], Iterable[str]]
"""One map of :func:`map_panels`: its title, the routes to light up and the cities to mark."""

GLOW = "#7a00ff"
"""The highlight colour of the panels: purple shows better than orange on small maps."""


def map_panels(board: Board, panels: Sequence[Panel], columns: int = 2,
               width: float = 12.0) -> Image:
    """Small copies of the board side by side, each with its own title, routes and cities."""
    rows = math.ceil(len(panels) / columns)
    ratio = 0.68 if board.name == "usa" else 0.76
    fig = Figure(figsize=(width, rows * width / columns * ratio), dpi=100, facecolor="white")
    fig.subplots_adjust(left=0.01, right=0.99, top=0.95, bottom=0.01, wspace=0.02, hspace=0.12)
    axes = fig.subplots(rows, columns, squeeze=False).flat
    for ax, (title, routes, cities) in zip(axes, panels, strict=False):
        draw_board(board, ax=ax, highlight=routes, highlight_cities=cities, legend=False,
                   title=title, highlight_color=GLOW)
    for ax in list(axes)[len(panels):]:
        ax.set_visible(False)
    return Image(figure_png(fig))


def growth_chart(sizes: Sequence[float], series: Mapping[str, Sequence[float]], *, xlabel: str,
                 ylabel: str, title: str, log: bool = True) -> Image:
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


def chain_diagram(matrix: Sequence[Sequence[float]], labels: Sequence[str], *, title: str,
                  skip: float = 1e-9) -> Image:
    """A Markov chain as states in a row and arrows labelled with their probabilities.

    ``matrix[i][j]`` is the probability of a step from state ``i`` to state ``j``; arrows with a
    smaller probability than ``skip`` are left out. Forward arrows bow above the row, backward
    arrows below it, and each state's probability of staying put is written under it.
    """
    n = len(labels)
    fig = Figure(figsize=(2.4 * n + 1, 3.2), dpi=100, facecolor="white")
    ax = fig.subplots()
    for i, label in enumerate(labels):
        ax.add_patch(_circle(i))
        ax.text(i * 2.2, 0, label, ha="center", va="center", fontsize=12, zorder=3)
        if matrix[i][i] > skip:
            ax.text(i * 2.2, -0.62, f"stay {matrix[i][i]:.3f}", ha="center", fontsize=9)
    for i in range(n):
        for j in range(n):
            if i == j or matrix[i][j] <= skip:
                continue
            bend = -0.35 if j > i else -0.35
            ax.annotate("", xy=(j * 2.2, 0), xytext=(i * 2.2, 0),
                        arrowprops={"arrowstyle": "-|>", "shrinkA": 22, "shrinkB": 22,
                                    "connectionstyle": f"arc3,rad={bend}", "color": "#444444"})
            middle = (i + j) * 1.1
            lift = 0.2 + 0.2 * abs(j - i)
            ax.text(middle, lift if j > i else -lift - 0.08, f"{matrix[i][j]:.3f}",
                    ha="center", fontsize=9, color="#7a00ff")
    ax.set_xlim(-0.8, 2.2 * (n - 1) + 0.8)
    ax.set_ylim(-1.0, 1.0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=11)
    fig.tight_layout()
    return Image(figure_png(fig))


def _circle(i: int):
    from matplotlib.patches import Circle

    return Circle((i * 2.2, 0), 0.32, facecolor="#f3eedf", edgecolor="#3b0d08", zorder=2)
