"""Toggle routes and watch the longest trail: :class:`LongestModel`, :class:`LongestRouteExplorer`.

The longest continuous route (F3) is a longest *trail*: routes may not repeat, cities may. The
model keeps a set of routes switched on and asks :func:`ttr.scoring.longest_trail` (exact) for
the best trail through them; the widget draws the routes in one player colour and makes the
trail glow.

>>> from ttr.views.widgets.longest import LongestModel
>>> model = LongestModel.from_refs("usa", ["Denver-Kansas City", "Kansas City-Saint Louis"])
>>> model.length
6
>>> model.toggle("Kansas City-Oklahoma City")   # a branch: a trail takes two of the three
True
>>> model.length
6
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets

from ttr.board import Board, Route, load_board
from ttr.game import Game
from ttr.i18n import N_, prender, render
from ttr.scoring import Trail, longest_trail
from ttr.views.widgets.common import (
    bot_game,
    button,
    esc,
    message_html,
    panel,
    route_options,
    row,
    teaching_layout,
)
from ttr.views.widgets.map import MapClick, MapWidget

__all__ = ["LongestModel", "LongestRouteExplorer"]


class LongestModel:
    """A set of routes switched on, on one board, and their longest trail (F3)."""

    def __init__(self, board: Board | str, routes: Iterable[Route | int | str] = ()):
        self.board = load_board(board) if isinstance(board, str) else board
        self.on: set[int] = set()
        self._trail: Trail | None = None
        for route in routes:
            self.on.add(self._id(route))

    @classmethod
    def from_refs(cls, board: Board | str, refs: Iterable[str]) -> LongestModel:
        return cls(board, refs)

    @classmethod
    def from_game(cls, game: Game, player: int) -> LongestModel:
        """The routes ``player`` owns in ``game``."""
        return cls(game.board, [r.id for r in game.routes_of(player)])

    def _id(self, route: Route | int | str) -> int:
        if isinstance(route, Route):
            return route.id
        if isinstance(route, int):
            if not 0 <= route < len(self.board.routes):
                raise ValueError(f"there is no route {route}")
            return route
        return self.board.route(route).id

    # toggling ------------------------------------------------------------------------------

    def toggle(self, route: Route | int | str) -> bool:
        """Switch a route on or off; returns True when it is now on."""
        rid = self._id(route)
        if rid in self.on:
            self.on.remove(rid)
        else:
            self.on.add(rid)
        self._trail = None
        return rid in self.on

    def set_routes(self, routes: Iterable[Route | int | str]) -> None:
        self.on = {self._id(r) for r in routes}
        self._trail = None

    def clear(self) -> None:
        self.set_routes(())

    # results -------------------------------------------------------------------------------

    @property
    def routes(self) -> list[Route]:
        return [self.board.routes[i] for i in sorted(self.on)]

    @property
    def trail(self) -> Trail:
        if self._trail is None:
            self._trail = longest_trail(self.routes)
        return self._trail

    @property
    def length(self) -> int:
        return self.trail.length

    @property
    def total(self) -> int:
        """Trains on all the routes switched on (the trail can be shorter: branches)."""
        return sum(r.length for r in self.routes)

    def describe(self) -> str:
        """The trail in words: its length, how much of what is switched on it uses, its
        cities in order."""
        trail = self.trail
        if not trail.routes:
            return render("No routes are switched on: the longest trail is 0 trains.")
        cities = " → ".join(self.board.display(c) for c in trail.cities)
        return render(
            "Longest trail: {length:#train}, using {used} of the {on:#route} switched on "
            "({total:#train} in all): {cities}.",
            length=trail.length,
            used=len(trail.routes),
            on=len(self.on),
            total=self.total,
            cities=cities,
        )


class LongestRouteExplorer(widgets.VBox):
    """Switch routes on and off and watch the longest trail (drawn glowing) and its length.

    Controls: ``route`` (dropdown), ``toggle_button``, ``clear_button``, and ``source`` (load a
    player's routes from the game); a click on a route on the map picks it and switches it on
    or off. Output: ``length`` (HTML with the number), ``trail`` (HTML: the cities in order),
    ``message`` and ``map`` (the routes switched on in the player's colour, the trail glowing).
    """

    def __init__(self, game: Game | None = None, *, player: int = 0):
        if game is None:
            game = bot_game("europe", 4, 1)
        self.game = game
        self.model = LongestModel.from_game(game, player)
        board = game.board
        labels = sorted(
            route_options(
                board,
                board.routes,
                lambda r: render("{ref:route} · {length}", ref=board.ref(r), length=r.length),
            )
        )
        self.route = widgets.Dropdown(
            options=labels, description=prender("control", "route"), layout={"width": "360px"}
        )
        self.toggle_button = button(
            render("Switch on/off"), render("Switch the chosen route on or off"), "primary"
        )
        self.clear_button = button(render("Switch all off"), render("Switch every route off"))
        self.source = widgets.Dropdown(
            options=[
                (render("{name}'s routes", name=name), seat)
                for seat, name in enumerate(game.players)
            ],
            value=player,
            description=prender("control", "load"),
            layout={"width": "260px"},
        )
        self.length = panel()
        self.trail = panel()
        self.message = panel()
        self.map = MapWidget.of_game(game)
        self.toggle_button.on_click(lambda _: self._toggle())
        self.clear_button.on_click(lambda _: self._clear())
        self.source.observe(self._on_source, names="value")
        self.map.on_click(self._on_map)
        super().__init__(
            teaching_layout(
                [],
                self.map,
                [
                    self.source,
                    row([self.route, self.toggle_button]),
                    row([self.clear_button]),
                    self.length,
                    self.trail,
                    self.message,
                ],
            )
        )
        self.add_class("ttr-widget")
        self.add_class("ttr-longest-route")
        self.render()

    def __repr__(self) -> str:
        return f"LongestRouteExplorer(routes={len(self.model.on)}, length={self.model.length})"

    def _toggle(self) -> None:
        on = self.model.toggle(self.route.value)
        ref = self.game.board.ref(self.game.board.routes[self.route.value])
        said = N_("{ref:route} switched on.") if on else N_("{ref:route} switched off.")
        self.message.value = message_html(render(said, ref=ref), None)
        self.render()

    def _on_map(self, click: MapClick) -> None:
        if click.route is not None:
            self.route.value = click.route.id
            self._toggle()

    def _clear(self) -> None:
        self.model.clear()
        self.message.value = message_html(render("All routes switched off."), None)
        self.render()

    def _on_source(self, change: dict[str, Any]) -> None:
        self.model.set_routes(r.id for r in self.game.routes_of(change["new"]))
        self.message.value = message_html(
            render("Loaded {name}'s routes.", name=self.game.players[change["new"]]), None
        )
        self.render()

    def render(self) -> None:
        model = self.model
        trail = model.trail
        said = (
            N_("Longest trail: <b>{n}</b> train (F3)")
            if trail.length == 1
            else N_("Longest trail: <b>{n}</b> trains (F3)")
        )
        self.length.value = (
            '<div class="ttr-length" style="font-size:18px">'
            + render(said, n=trail.length)
            + "</div>"
        )
        steps = "".join(
            "<li>"
            + esc(render("{ref:route}", ref=model.board.ref(model.board.routes[r.id])))
            + f" ({r.length})</li>"
            for r in trail.routes
        )
        self.trail.value = f'<div class="ttr-trail">{esc(model.describe())}<ol>{steps}</ol></div>'
        seat = self.source.value
        self.map.show(
            owners=dict.fromkeys(model.on, seat),
            highlight_routes=[r.id for r in trail.routes],
        )
