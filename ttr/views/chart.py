"""Small charts as SVG text: bars, lines and steps, drawn by plain functions like the maps
(:mod:`ttr.views.svg`), with no drawing library.

The lessons' charts (04's tunnel odds, 09's score track) are drawn here rather than with
matplotlib so that they show wherever the maps do: matplotlib is a compiled package that the
browser edition (JupyterLite, docs/lite.md) cannot load, and a chart of a few dozen marks needs
no more than an axis, ticks and paths. The text is the same for the same input.

>>> from ttr.views.chart import bar_chart
>>> svg = bar_chart([0, 1, 2], {"exact": [0.5, 0.3, 0.2]}, title="Odds", xlabel="extra cards")
>>> svg.startswith("<svg") and "Odds" in svg
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from typing import TypeVar, cast

from ttr.errors import TTRError
from ttr.i18n import pgettext
from ttr.views.svg import Svg, text_width

_T = TypeVar("_T")

SERIES_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd")
"""The default colour of each series, in order."""

_FONT = 13.0
_TITLE = 14.0
_LEFT, _RIGHT, _TOP, _BOTTOM = 62.0, 14.0, 30.0, 44.0


def said(text: _T) -> _T:
    """A chart's text in the language in force: the catalogue's entry in the context
    ``"figure"`` (the notebooks' chart texts are collected there, ``tests/catalogue.py``); a
    number or a text the catalogue lacks is left as it is."""
    if isinstance(text, str) and text:
        return cast(_T, pgettext("figure", text))
    return text


def _n(x: float) -> str:
    text = f"{x:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering ``low``..``high`` (about ``count`` of them)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    step = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * step:
            step *= factor
            break
    first = math.floor(low / step) * step
    return [first + k * step for k in range(int(math.ceil((high - first) / step - 1e-9)) + 1)]


def _label(value: float) -> str:
    return f"{value:g}" if abs(value) < 1e6 else f"{value:.2g}"


class _Frame:
    """The plot area of a chart: data to picture coordinates, axes, ticks and labels."""

    def __init__(
        self,
        width: float,
        height: float,
        x_range: tuple[float, float],
        y_range: tuple[float, float],
    ) -> None:
        self.width, self.height = width, height
        self.x0, self.x1 = x_range
        self.y0, self.y1 = y_range
        self.left, self.right = _LEFT, width - _RIGHT
        self.top, self.bottom = _TOP, height - _BOTTOM

    def x(self, value: float) -> float:
        span = self.x1 - self.x0 or 1.0
        return self.left + (value - self.x0) / span * (self.right - self.left)

    def y(self, value: float) -> float:
        span = self.y1 - self.y0 or 1.0
        return self.bottom - (value - self.y0) / span * (self.bottom - self.top)

    def axes(
        self,
        xticks: Sequence[tuple[float, str]],
        yticks: Sequence[float],
        xlabel: str,
        ylabel: str,
        title: str,
    ) -> list[str]:
        out = [
            f'<rect x="{_n(self.left)}" y="{_n(self.top)}" width="{_n(self.right - self.left)}"'
            f' height="{_n(self.bottom - self.top)}" fill="none" stroke="#444"/>'
        ]
        for value in yticks:
            y = self.y(value)
            out.append(
                f'<path d="M{_n(self.left)} {_n(y)}H{_n(self.right)}" stroke="#ddd"/>'
                f'<text x="{_n(self.left - 5)}" y="{_n(y + 4)}" text-anchor="end">'
                f"{_label(value)}</text>"
            )
        for value, text in xticks:
            x = self.x(value)
            out.append(
                f'<path d="M{_n(x)} {_n(self.bottom)}v4" stroke="#444"/>'
                f'<text x="{_n(x)}" y="{_n(self.bottom + 17)}" text-anchor="middle">'
                f"{_esc(text)}</text>"
            )
        middle = (self.left + self.right) / 2
        if xlabel:
            out.append(
                f'<text x="{_n(middle)}" y="{_n(self.height - 8)}" text-anchor="middle">'
                f"{_esc(xlabel)}</text>"
            )
        if ylabel:
            mid_y = (self.top + self.bottom) / 2
            out.append(
                f'<text transform="translate(14 {_n(mid_y)}) rotate(-90)" text-anchor="middle">'
                f"{_esc(ylabel)}</text>"
            )
        if title:
            out.append(
                f'<text x="{_n(middle)}" y="{_n(_TOP - 10)}" text-anchor="middle" '
                f'font-size="{_n(_TITLE)}" font-weight="bold">{_esc(title)}</text>'
            )
        return out

    def legend(self, names: Sequence[str], colors: Sequence[str], right: bool) -> list[str]:
        """A boxed legend in the upper left or right corner of the plot area."""
        wide = max(text_width(name, _FONT) for name in names) + 34
        x = self.right - wide - 8 if right else self.left + 8
        out = [
            f'<rect x="{_n(x)}" y="{_n(self.top + 6)}" width="{_n(wide)}" '
            f'height="{_n(18 * len(names) + 8)}" fill="#fff" fill-opacity=".85" stroke="#ccc"/>'
        ]
        for k, (name, color) in enumerate(zip(names, colors, strict=True)):
            y = self.top + 22 + 18 * k
            out.append(
                f'<rect x="{_n(x + 6)}" y="{_n(y - 9)}" width="16" height="10" fill="{color}"/>'
                f'<text x="{_n(x + 28)}" y="{_n(y)}">{_esc(name)}</text>'
            )
        return out


def _svg(width: float, height: float, parts: list[str], label: str) -> Svg:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ttr-chart" viewBox="0 0 {_n(width)} '
        f'{_n(height)}" width="{_n(width)}" height="{_n(height)}" role="img" '
        f'aria-label="{_esc(label)}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" '
        f'font-size="{_n(_FONT)}"><rect width="100%" height="100%" fill="#fff"/>'
    )
    return Svg(head + "".join(parts) + "</svg>")


def _colors(count: int, colors: Sequence[str] | None) -> list[str]:
    palette = list(colors) if colors else list(SERIES_COLORS)
    return [palette[k % len(palette)] for k in range(count)]


def _checked(series: Mapping[str, Sequence[float]], count: int) -> list[list[float]]:
    """The values of each series, refused unless there is at least one series and each has
    ``count`` values (one per category or x)."""
    if not series or not count:
        raise TTRError("series: a chart needs at least one series and one value in each")
    values = [[float(v) for v in vals] for vals in series.values()]
    for name, vals in zip(series, values, strict=True):
        if len(vals) != count:
            raise TTRError(
                "series: {name} has {got} values, not one for each of the {count} x values",
                name=repr(name),
                got=len(vals),
                count=count,
            )
    return values


def bar_chart(
    categories: Sequence[object],
    series: Mapping[str, Sequence[float]],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    ymax: float | None = None,
    colors: Sequence[str] | None = None,
    width: float = 400,
    height: float = 260,
) -> Svg:
    """Grouped bars: one group per category, one bar per named series, with a legend.

    ``ymax`` fixes the top of the axis (so that charts side by side share it). The texts are
    said in the reader's language (:func:`said`)."""
    categories = [said(c) for c in categories]
    series = {said(name): vals for name, vals in series.items()}
    title, xlabel, ylabel = said(title), said(xlabel), said(ylabel)
    values = _checked(series, len(categories))
    top = ymax if ymax is not None else max((max(v) for v in values if v), default=1.0)
    yticks = _ticks(0.0, top)
    frame = _Frame(width, height, (-0.5, len(categories) - 0.5), (0.0, yticks[-1]))
    hues = _colors(len(values), colors)
    parts = frame.axes(
        [(k, str(c)) for k, c in enumerate(categories)], yticks, xlabel, ylabel, title
    )
    band = 0.8 / max(len(values), 1)
    for s, (vals, color) in enumerate(zip(values, hues, strict=True)):
        for k, value in enumerate(vals):
            x0 = frame.x(k - 0.4 + s * band)
            x1 = frame.x(k - 0.4 + (s + 1) * band)
            y = frame.y(value)
            parts.append(
                f'<rect x="{_n(x0)}" y="{_n(y)}" width="{_n(x1 - x0)}" '
                f'height="{_n(frame.bottom - y)}" fill="{color}"/>'
            )
    parts += frame.legend(list(series), hues, right=True)
    return _svg(width, height, parts, title or ", ".join(series))


def line_chart(
    x: Sequence[object],
    series: Mapping[str, Sequence[float]],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    step: bool = False,
    dots: bool = False,
    marks: Mapping[float, str] | None = None,
    colors: Sequence[str] | None = None,
    legend_right: bool = False,
    width: float = 640,
    height: float = 280,
) -> Svg:
    """One line per named series over ``x`` (numbers, or words for evenly spaced categories).

    ``step`` draws each value until the next x (a score track); ``dots`` marks every point;
    ``marks`` draws a dashed vertical line at each x with its text. The texts are said in the
    reader's language (:func:`said`)."""
    xs = [said(v) for v in x]
    series = {said(name): vals for name, vals in series.items()}
    title, xlabel, ylabel = said(title), said(xlabel), said(ylabel)
    if marks is not None:
        marks = {at: said(text) for at, text in marks.items()}
    categorical = any(isinstance(v, str) for v in xs)
    pos = [float(k) if categorical else float(v) for k, v in enumerate(xs)]  # type: ignore[arg-type]
    values = _checked(series, len(xs))
    low = min(min(v) for v in values)
    high = max(max(v) for v in values)
    yticks = _ticks(min(low, 0.0), high)
    if categorical:
        x_range = (-0.3, len(xs) - 0.7)
        xticks = [(float(k), str(v)) for k, v in enumerate(xs)]
    else:
        x_range = (min(pos), max(pos))
        xticks = [(t, _label(t)) for t in _ticks(*x_range) if x_range[0] <= t <= x_range[1]]
    frame = _Frame(width, height, x_range, (yticks[0], yticks[-1]))
    hues = _colors(len(values), colors)
    parts = frame.axes(xticks, yticks, xlabel, ylabel, title)
    for at, text in (marks or {}).items():
        mx = frame.x(at)
        parts.append(
            f'<path d="M{_n(mx)} {_n(frame.top)}V{_n(frame.bottom)}" stroke="gray" '
            f'stroke-dasharray="5 4"/><text x="{_n(mx - 4)}" y="{_n(frame.bottom - 6)}" '
            f'text-anchor="end" fill="gray" font-size="{_n(_FONT - 2)}">{_esc(text)}</text>'
        )
    for vals, color in zip(values, hues, strict=True):
        points = [(frame.x(px), frame.y(py)) for px, py in zip(pos, vals, strict=True)]
        path = f"M{_n(points[0][0])} {_n(points[0][1])}"
        for bx, by in points[1:]:
            path += f"H{_n(bx)}V{_n(by)}" if step else f"L{_n(bx)} {_n(by)}"
        parts.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        if dots:
            parts += [
                f'<circle cx="{_n(px)}" cy="{_n(py)}" r="4" fill="{color}"/>' for px, py in points
            ]
    parts += frame.legend(list(series), hues, right=legend_right)
    return _svg(width, height, parts, title or ", ".join(series))


def side_by_side(*charts: Svg, gap: float = 10) -> Svg:
    """Charts in a row, as one picture."""
    x, parts, height = 0.0, [], 0.0
    for chart in charts:
        head, _, _ = chart.partition(">")
        w = float(head.split('width="')[1].split('"')[0])
        h = float(head.split('height="')[1].split('"')[0])
        parts.append(f'<g transform="translate({_n(x)} 0)">{chart}</g>')
        x += w + gap
        height = max(height, h)
    return _svg(x - gap, height, parts, "charts")
