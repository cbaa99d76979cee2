"""Figures for the algorithm lessons 16-20, so that the notebooks show only the code that teaches.

The maps are SVG from :mod:`ttr.views.svg`; the charts are PNG images from matplotlib. Both are the
same for the same input (fixed positions, no timestamps). The engine never imports this module.
matplotlib is imported by the charts only, so that :func:`map_panels` (lesson 01) also works
where there is none (the browser edition, docs/lite.md).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence

from IPython.display import Image

from ttr.board import Board, Route
from ttr.views.svg import Svg, board_svg

Panel = tuple[str, Iterable[Route | int | str], Iterable[str]]
"""One map of :func:`map_panels`: its title, the routes to light up and the cities to mark."""

GLOW = "#7a00ff"
"""The colour of the probabilities in :func:`chain_diagram`."""

_VIEW_BOX = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')


def map_panels(board: Board, panels: Sequence[Panel], columns: int = 2, width: int = 1200) -> Svg:
    """Small copies of the board side by side, each with its own title, routes and cities.

    One SVG picture ``width`` pixels wide that holds one :func:`ttr.views.svg.board_svg` drawing per
    panel, in rows of ``columns``; it scales down to fit narrower screens.
    """
    maps = [
        board_svg(
            board,
            highlight_routes=list(routes),
            highlight_cities=list(cities),
            title=title,
            legend=False,
        )
        for title, routes, cities in panels
    ]
    box = _VIEW_BOX.search(maps[0])
    assert box is not None, "board_svg always writes its viewBox"
    w, h = float(box[1]), float(box[2])
    rows = math.ceil(len(maps) / columns)
    cells = []
    for number, drawing in enumerate(maps):
        x, y = (number % columns) * w, (number // columns) * h
        cells.append(drawing.replace("<svg ", f'<svg x="{x:.0f}" y="{y:.0f}" ', 1))
    total_w, total_h = columns * w, rows * h
    return Svg(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {total_w:.0f} {total_h:.0f}" '
        f'width="{width}" height="{width * total_h / total_w:.0f}" '
        f'style="max-width:100%;height:auto">' + "".join(cells) + "</svg>"
    )


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
    from matplotlib.figure import Figure

    from ttr.views.plot import figure_png

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
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle

    from ttr.views.plot import figure_png

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
