"""What a widget shows, as plain texts, and what of a Korean text is still in Latin letters.

:func:`shown_texts` walks a widget's tree the way a person reads the page: the labels, tooltips
and placeholders of its controls, the options of its dropdowns and toggle buttons, the titles
of its accordions, the text and the tooltips (``title="..."``) of its HTML panels, and its
map's legend, route and city tooltips and the notes the map adds to them. A control hidden with
``layout.display = "none"`` is not read (its text may be stale). :func:`leftover_english` is
what a Korean text keeps in Latin letters once the words that stay in Latin are taken out:
rule ids, the cities' and players' names, file names and code.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

import ipywidgets as widgets

from ttr import load_board
from ttr.views.widgets.map import MapWidget

HANGUL = re.compile("[\uac00-\ud7a3]")
RULE_ID = re.compile(r"(?<![A-Za-z])(?:ST|[STDCKEFV])\d+(?:[–-](?:ST|[STDCKEFV])?\d+)?(?!\d)")
TAG = re.compile(r"<[^>]+>")
TITLE = re.compile(r'\btitle="([^"]*)"')
CODE = re.compile(r"<code>.*?</code>|<pre>.*?</pre>", re.DOTALL)
FILE = re.compile(r"\S+\.(?:json|ipynb)\b")
KEEP_LATIN = re.compile(r"(?<![A-Za-z])(?:JSON|ttr|you|L|int|None|True|False)(?![A-Za-z])")
"""Latin words a Korean text may keep: the format's and the package's names, code, and the L
that marks a ferry's locomotive spaces on the map."""
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def _html_texts(value: str) -> list[str]:
    """An HTML panel's text and the tooltips of its elements (code blocks left out)."""
    value = CODE.sub(" ", value)
    titles = [html.unescape(t) for t in TITLE.findall(value)]
    body = html.unescape(
        TAG.sub(" ", re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", value, flags=re.DOTALL))
    )
    return [text for text in (body, *titles) if text.strip()]


def map_texts(shown: MapWidget) -> list[str]:
    """The map's legend, the tooltips of its routes and cities, the notes added to them and
    what they say of an owner (filled in with the first player's name, as the page does)."""
    titles = re.findall(r"<title>([^<]*)</title>", shown.svg)
    owner = shown.players[0] if shown.players else ""
    return [
        *_html_texts(shown.legend),
        *(html.unescape(t) for t in titles),
        *shown.notes.values(),
        *(text.replace("{name}", owner) for text in shown.words.values()),
    ]


def shown_texts(root: widgets.Widget) -> list[str]:
    """Every text ``root`` shows (see the module's docstring)."""
    found: list[str] = []
    stack = [root]
    while stack:
        widget = stack.pop()
        layout = getattr(widget, "layout", None)
        if layout is not None and layout.display == "none":
            continue
        if isinstance(widget, MapWidget):
            found += map_texts(widget)
            continue
        for name in ("description", "tooltip", "placeholder"):
            text = getattr(widget, name, None)
            if isinstance(text, str) and text.strip():
                found.append(text)
        if isinstance(widget, widgets.HTML | widgets.Label):
            found += _html_texts(widget.value)
        if isinstance(widget, widgets.Dropdown | widgets.ToggleButtons | widgets.Select):
            found += [label for label in widget._options_labels if label.strip()]
        if isinstance(widget, widgets.ToggleButtons):
            found += [tip for tip in widget.tooltips if tip]
        if isinstance(widget, widgets.Accordion | widgets.Tab):
            found += [title for title in widget.titles if title]
        stack += list(getattr(widget, "children", ()))
    return found


_NAMES: dict[tuple[str, ...], re.Pattern[str]] = {}


def _names(players: Iterable[str]) -> re.Pattern[str]:
    """The cities of both boards and the players' names, longest first."""
    key = tuple(players)
    if key not in _NAMES:
        names = set(key)
        for name in ("usa", "europe"):
            board = load_board(name)
            names |= {*board.cities, *(city.display_name for city in board.cities.values())}
        spelled = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        _NAMES[key] = re.compile(rf"(?<![A-Za-z])(?:{spelled})(?![A-Za-z])")
    return _NAMES[key]


def leftover_english(text: str, players: Iterable[str] = ()) -> str:
    """The Latin words of ``text`` that should have been Korean ("" when there are none)."""
    for pattern in (FILE, QUOTED, _names(players), RULE_ID, KEEP_LATIN):
        text = pattern.sub(" ", text)
    return " ".join(re.findall(r"[A-Za-z]+", text))


def english_left(root: widgets.Widget, players: Iterable[str] = ()) -> list[str]:
    """The texts ``root`` shows that keep English words."""
    players = tuple(players)
    return sorted({text for text in shown_texts(root) if leftover_english(text, players)})
