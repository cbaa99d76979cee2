"""The clickable map: :class:`MapWidget`, an anywidget showing the SVG of :mod:`ttr.views.svg`.

The picture (``svg``) is drawn once, with every mark that can appear on it hidden (its legend,
``legend``, is HTML below it, in the page's own font size); after that,
owners, stations and highlights travel as small lists (``owners``, ``stations``,
``highlight_routes``, ``highlight_cities``) and the front end (``map.js``) restyles the elements
by id (``route-7``, ``city-Paris``) without drawing anything again; ``marks`` adds classes of
the caller's own to some elements (styled by the caller's stylesheet) and ``notes`` adds words to
their tooltips. A click on a route or a city comes back as ``clicked`` (the element id) and
``clicks`` (a counter, so that clicking the same element twice is two clicks), and calls the
:meth:`MapWidget.on_click` callbacks with a :class:`MapClick`. :meth:`MapWidget.click` does from
Python what a click in the browser does.

The stylesheet of every teaching widget (``widgets.css``: the map scales, panels wrap below it)
travels with this widget, which all of them contain.

>>> from ttr import load_board
>>> from ttr.views.widgets.map import MapWidget
>>> board = load_board("usa")
>>> seen = []
>>> view = MapWidget(board, ["Ann", "Ben"])
>>> view.on_click(seen.append)
>>> view.click("city-New_York")
>>> seen[0].city, seen[0].route
('New York', None)
>>> view.show(owners={board.route("Denver-Omaha").id: 1}, highlight_cities=["Denver"])
>>> view.highlight_cities
['Denver']
>>> view.show(marks={"city-Denver": "my-mark"}, notes={"city-Denver": "a ticket's city"})
>>> view.marks, view.highlight_cities
({'city-Denver': 'my-mark'}, [])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from ttr.board import Board, Route
from ttr.i18n import N_, gettext
from ttr.views.map_layout import game_marks
from ttr.views.svg import Marks, city_id, legend_html, live_svg, route_id

__all__ = ["MapClick", "MapWidget"]

_HERE = Path(__file__).resolve().parent
_CLASSES = re.compile(r"[A-Za-z][\w-]*( [A-Za-z][\w-]*)*")


@dataclass(frozen=True)
class MapClick:
    """A click on the map: the element id and the route or the city it names."""

    element: str
    route: Route | None = None
    city: str | None = None


OWNER_WORDS = {"route": N_("{name}'s"), "station": N_("{name}'s station")}
"""What a route's or a city's tooltip adds for its owner (``{name}``: the player)."""


class MapWidget(anywidget.AnyWidget):
    """A board (and the marks of a position) that the browser draws once and restyles by id.

    ``MapWidget(board, players)``; ``MapWidget.of_game(game)`` takes both from a game.
    ``players`` name the seats of ``owners`` and ``stations`` (and fill the legend);
    ``station_key`` puts the station mark in the legend.
    """

    _esm = _HERE / "map.js"
    _css = _HERE / "widgets.css"

    svg = traitlets.Unicode("").tag(sync=True)
    legend = traitlets.Unicode("").tag(sync=True)
    players = traitlets.List(traitlets.Unicode()).tag(sync=True)
    owners = traitlets.List(traitlets.Int()).tag(sync=True)
    stations = traitlets.Dict(value_trait=traitlets.Int()).tag(sync=True)
    highlight_routes = traitlets.List(traitlets.Int()).tag(sync=True)
    highlight_cities = traitlets.List(traitlets.Unicode()).tag(sync=True)
    marks = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    notes = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    words = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    """What a tooltip adds for an owner (:data:`OWNER_WORDS`), in the language in force."""
    clicked = traitlets.Unicode("").tag(sync=True)
    clicks = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        board: Board,
        players: Sequence[str] = (),
        *,
        layout: str = "board",
        station_key: bool = False,
        **kwargs: Any,
    ):
        names = [str(p) for p in players]
        super().__init__(
            svg=live_svg(board, tuple(names) or None, layout),
            legend=legend_html(board, tuple(names) or None, station_key),
            players=names,
            owners=[-1] * len(board.routes),
            words={key: gettext(text) for key, text in OWNER_WORDS.items()},
            **kwargs,
        )
        self.board = board
        self._ids = {route_id(r): r for r in board.routes} | {city_id(c): c for c in board.cities}
        self._click_handlers = CallbackDispatcher()
        self.observe(self._on_clicks, names="clicks")
        self.add_class("ttr-map-widget")

    @classmethod
    def of_game(cls, game: Any, **kwargs: Any) -> MapWidget:
        """A map of ``game``'s board and players, showing its position."""
        view = cls(game.board, game.players, station_key=game.rules.has_stations, **kwargs)
        view.show_game(game)
        return view

    def __repr__(self) -> str:
        return f"MapWidget({self.board!r}, players={self.players!r})"

    def set_players(self, players: Sequence[str], station_key: bool = False) -> None:
        """Name other players (a new game on the same board): a new legend, no marks."""
        names = [str(p) for p in players]
        if not names:
            raise ValueError("a game has players: name at least one")
        with self.hold_sync():
            self.show()
            self.players = names
            self.legend = legend_html(self.board, tuple(names), station_key)

    # showing -------------------------------------------------------------------------------

    def show(
        self,
        *,
        owners: Mapping[int, int] | None = None,
        stations: Mapping[str, int] | None = None,
        highlight_routes: object = (),
        highlight_cities: Iterable[str] = (),
        marks: Mapping[str, str] | None = None,
        notes: Mapping[str, str] | None = None,
    ) -> None:
        """Show these owners (route id -> seat), stations (city -> seat) and highlights (as
        :func:`ttr.views.svg.board_svg` reads them), and ``marks`` (element id -> class names) and
        ``notes`` (element id -> words for its tooltip); every change reaches the browser in one
        message."""
        extra = self._by_element(marks, "marks")
        if bad := [c for c in extra.values() if not _CLASSES.fullmatch(c)]:
            raise ValueError(f"marks: {bad[0]!r} is not a list of class names")
        said = self._by_element(notes, "notes")
        checked = Marks.checked(
            self.board,
            self.players,
            owners,
            stations,
            highlight_routes,
            highlight_cities,
        )
        shown = {
            "owners": [checked.owners.get(r.id, -1) for r in self.board.routes],
            "stations": dict(sorted(checked.stations.items())),
            "highlight_routes": sorted(checked.routes),
            "highlight_cities": sorted(checked.cities),
            "marks": extra,
            "notes": said,
        }
        with self.hold_sync():
            for name, value in shown.items():
                if getattr(self, name) != value:  # only what changed travels (and is validated)
                    setattr(self, name, value)

    def _by_element(self, given: Mapping[str, str] | None, field: str) -> dict[str, str]:
        """``given`` (element id -> text) checked: known ids, text values, in id order."""
        for element, value in (given or {}).items():
            if element not in self._ids:
                raise ValueError(f"{field}: the map has no route or city with the id {element!r}")
            if not isinstance(value, str):
                raise ValueError(f"{field}: expected text for {element!r}, not {value!r}")
        return dict(sorted((given or {}).items()))

    def show_game(
        self, game: Any, *, highlight_routes: object = (), highlight_cities: Iterable[str] = ()
    ) -> None:
        """Show ``game``'s owners and stations, and these highlights."""
        owners, stations, _players = game_marks(game)
        self.show(
            owners=owners,
            stations=stations,
            highlight_routes=highlight_routes,
            highlight_cities=highlight_cities,
        )

    # clicks --------------------------------------------------------------------------------

    def on_click(self, callback: Callable[[MapClick], Any], remove: bool = False) -> None:
        """Call ``callback(click)`` on every click on a route or a city (``remove`` stops it)."""
        self._click_handlers.register_callback(callback, remove=remove)

    def click(self, element: str) -> None:
        """What a click on the element ``element`` (``"route-7"``, ``"city-Paris"``) does."""
        if element not in self._ids:
            raise ValueError(f"the map has no route or city with the id {element!r}")
        with self.hold_sync():
            self.clicked = element
            self.clicks += 1

    @property
    def last_click(self) -> MapClick | None:
        """The last click, or None before the first."""
        target = self._ids.get(self.clicked)
        if target is None:
            return None
        if isinstance(target, Route):
            return MapClick(self.clicked, route=target)
        return MapClick(self.clicked, city=target)

    def _on_clicks(self, _change: dict) -> None:
        click = self.last_click
        if click is not None:
            self._click_handlers(click)
