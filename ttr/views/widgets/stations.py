"""Plan stations on a finished position: :class:`StationModel` and :class:`StationPlanner`.

Place up to three stations for one player (ST1) on a finished (or any) Europe position and see
which opponent route each one borrows, chosen to score the most ticket points (ST3-ST4, through
:func:`ttr.scoring.best_station_routes`), which tickets that completes, and what the stations
cost in unbuilt-station points (ST6). The position itself never changes.

>>> from ttr.views.widgets.stations import StationModel
>>> model = StationModel.demo()
>>> model.place("Nowhere")
'ST1: there is no city called Nowhere'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ttr.board import Route, Ticket, UnknownReference
from ttr.game import Game
from ttr.i18n import N_, gettext, prender, render
from ttr.scoring import StationChoice, best_station_routes, completed_tickets
from ttr.text import listed
from ttr.views.widgets.common import (
    bot_game,
    button,
    esc,
    message_html,
    panel,
    player_swatch,
    row,
    table_html,
    teaching_layout,
)
from ttr.views.widgets.map import MapClick, MapWidget

__all__ = ["StationModel", "StationPlanner", "StationView", "TicketLine"]


@dataclass(frozen=True)
class TicketLine:
    ticket: str
    points: int
    without_stations: bool
    with_stations: bool
    helped_by: tuple[str, ...]  # station cities whose borrowed route it needs


@dataclass(frozen=True)
class StationView:
    """The plan's result as plain data."""

    player: str
    stations: tuple[str, ...]
    borrowed: dict[str, str | None]  # station city -> route reference (None: nothing to borrow)
    tickets: tuple[TicketLine, ...]
    ticket_points_without: int
    ticket_points_with: int
    station_points: int  # ST6: 4 per station not built
    points_per_station: int = 4

    @property
    def gain(self) -> int:
        """What the stations change in the total: tickets gained minus ST6 points given up."""
        given_up = self.points_per_station * len(self.stations)
        return self.ticket_points_with - self.ticket_points_without - given_up

    def text(self) -> str:
        """The plan as plain lines, in the language in force."""
        stations = listed(self.stations) or render("(none)")
        lines = [render("{name}: stations at {stations}", name=self.player, stations=stations)]
        for city, ref in self.borrowed.items():
            lines.append(
                "  "
                + (
                    render("{city} borrows {ref:route}", city=city, ref=ref)
                    if ref
                    else render("{city} borrows nothing (no opponent route there)", city=city)
                )
            )
        for t in self.tickets:
            if not t.with_stations:
                line = render("{ticket} ({points}): failed", ticket=t.ticket, points=t.points)
            elif t.helped_by:
                line = render(
                    "{ticket} ({points}): done thanks to {cities}",
                    ticket=t.ticket,
                    points=t.points,
                    cities=listed(t.helped_by),
                )
            else:
                line = render("{ticket} ({points}): done", ticket=t.ticket, points=t.points)
            lines.append("  " + line)
        lines.append(
            render(
                "Tickets {without:+d} without stations, {with_:+d} with; unbuilt stations "
                "{points}.",
                without=self.ticket_points_without,
                with_=self.ticket_points_with,
                points=self.station_points,
            )
        )
        return "\n".join(lines)


class StationModel:
    """Hypothetical stations for ``player`` on ``game``'s position (the game is not changed)."""

    def __init__(self, game: Game, player: int = 0):
        if not game.rules.has_stations:
            raise ValueError(f"there are no stations in {game.rules.title}")
        self.game = game
        self.player = player
        self.stations: list[str] = []
        self._memo: dict[tuple[int, tuple[str, ...]], StationChoice] = {}
        self.reset()

    @classmethod
    def demo(cls, seed: int = 1, players: int = 4) -> StationModel:
        """A finished Europe game of greedy bots, planning for the player who lost the most
        ticket points; if that player built no station, the most useful one is placed."""
        game = bot_game("europe", players, seed)
        model = cls(game, 0)
        model.set_player(max(range(players), key=model._failed_points))
        if not model.stations:
            for city, _gain in model.suggest(1):
                model.place(city)
        return model

    def _failed_points(self, seat: int) -> int:
        tickets = self.game.tickets_of(seat)
        done = completed_tickets(self.game.routes_of(seat), tickets)
        return sum(t.points for t, ok in zip(tickets, done, strict=True) if not ok)

    # choices -------------------------------------------------------------------------------

    @property
    def limit(self) -> int:
        return self.game.rules.stations

    def reset(self) -> None:
        """Back to the stations the player really built."""
        self.stations = sorted(c for c, seat in self.game.stations.items() if seat == self.player)

    def clear(self) -> None:
        self.stations = []

    def set_player(self, seat: int) -> None:
        self.player = int(seat)
        self.reset()

    def place(self, city: str) -> str:
        """Add a station (ST1); returns a message (a refusal starts with the rule id)."""
        board = self.game.board
        try:
            city = board.city(city)
        except UnknownReference:
            return "ST1: " + render("there is no city called {city}", city=city)
        name = board.display(city)
        owner = self.game.stations.get(city)
        if owner is not None and owner != self.player:
            return "ST1: " + render(
                "{city} already has {name}'s station", city=name, name=self.game.players[owner]
            )
        if city in self.stations:
            return "ST1: " + render("{city} already has this player's station", city=name)
        if len(self.stations) >= self.limit:
            return "ST1: " + render("at most {n} stations per player", n=self.limit)
        self.stations.append(city)
        self.stations.sort()
        return render("Station placed in {city}.", city=name)

    def remove(self, city: str) -> str:
        try:
            city = self.game.board.city(city)
        except UnknownReference:
            return render("There is no city called {city}.", city=city)
        if city not in self.stations:
            return render(
                "No station of this player in {city}.", city=self.game.board.display(city)
            )
        self.stations.remove(city)
        return render("Station removed from {city}.", city=self.game.board.display(city))

    # results -------------------------------------------------------------------------------

    @property
    def own_routes(self) -> list[Route]:
        return self.game.routes_of(self.player)

    @property
    def opponent_routes(self) -> list[Route]:
        owner = self.game.owner
        return [
            r
            for r in self.game.board.routes
            if owner[r.id] is not None and owner[r.id] != self.player
        ]

    @property
    def tickets(self) -> list[Ticket]:
        return self.game.tickets_of(self.player)

    def choice(self) -> StationChoice:
        """What the planned stations borrow (ST3-ST4), worked out once per plan."""
        return self._best((self.player, tuple(self.stations)))

    def _best(self, key: tuple[int, tuple[str, ...]]) -> StationChoice:
        cached = self._memo.get(key)
        if cached is None:
            cached = self._memo[key] = best_station_routes(
                self.own_routes, key[1], self.opponent_routes, self.tickets
            )
        return cached

    def view(self) -> StationView:
        board = self.game.board
        tickets = self.tickets
        choice = self.choice()
        without = completed_tickets(self.own_routes, tickets)
        lines = []
        for i, (ticket, before, after) in enumerate(
            zip(tickets, without, choice.completed, strict=True)
        ):
            helped = tuple(board.display(c) for c, idx in choice.helped.items() if i in idx)
            lines.append(TicketLine(board.ticket_ref(ticket), ticket.points, before, after, helped))
        points_without = sum(
            t.points if ok else -t.points for t, ok in zip(tickets, without, strict=True)
        )
        rules = self.game.rules
        return StationView(
            player=self.game.players[self.player],
            stations=tuple(board.display(c) for c in self.stations),
            borrowed={
                board.display(c): (board.ref(board.routes[r.id]) if r is not None else None)
                for c, r in choice.borrowed.items()
            },
            tickets=tuple(lines),
            ticket_points_without=points_without,
            ticket_points_with=choice.ticket_points,
            station_points=rules.station_points * (rules.stations - len(self.stations)),
            points_per_station=rules.station_points,
        )

    def suggest(self, count: int = 3) -> list[tuple[str, int]]:
        """Free cities where ONE more station would gain the most ticket points, best first."""
        if len(self.stations) >= self.limit:
            return []
        base = self.choice().ticket_points
        taken = set(self.game.stations) | set(self.stations)
        # a station borrows an opponent route entering its city (ST3): elsewhere it gains nothing
        reachable = {city for route in self.opponent_routes for city in route.cities}
        gains = []
        for city in sorted(reachable - taken):
            stations = tuple(sorted([*self.stations, city]))
            points = self._best((self.player, stations)).ticket_points
            if points > base:
                gains.append((self.game.board.display(city), points - base))
        gains.sort(key=lambda item: (-item[1], item[0]))
        return gains[:count]

    def planned_stations(self) -> dict[str, int]:
        """Every station to draw (city -> seat): the real ones, this player's as planned."""
        stations = {c: s for c, s in self.game.stations.items() if s != self.player}
        stations.update(dict.fromkeys(self.stations, self.player))
        return stations


def plan_html(view: StationView, suggestions: list[tuple[str, int]]) -> str:
    """The plan as HTML: borrowed routes, the tickets' table, the points and the best cities
    for one more station (``suggestions``: city and ticket points gained)."""
    nothing = render("<i>nothing</i> (no opponent route)")
    borrowed = (
        "".join(
            "<li>"
            + render(
                "<b>{city}</b> borrows {ref}",
                city=esc(city),
                ref=esc(render("{ref:route}", ref=ref)) if ref else nothing,
            )
            + "</li>"
            for city, ref in view.borrowed.items()
        )
        or "<li>" + render("(no stations)") + "</li>"
    )
    rows = []
    for t in view.tickets:
        after = "✔" if t.with_stations else "✘"
        color = "#1b7f3b" if t.with_stations else "#b3261e"
        how = render(" via {cities}", cities=esc(listed(t.helped_by))) if t.helped_by else ""
        rows.append(
            [
                esc(t.ticket),
                str(t.points),
                "✔" if t.without_stations else "✘",
                f'<span style="color:{color};font-weight:600">{after}</span>{how}',
            ]
        )
    tips = listed(
        render("{city} ({gain:+d})", city=esc(c), gain=g) for c, g in suggestions
    ) or render("none")
    header = [
        prender("column", "ticket"),
        prender("column", "points"),
        prender("column", "own routes"),
        prender("column", "with stations"),
    ]
    totals = render(
        "Tickets: <b>{without:+d}</b> without stations → <b>{with_:+d}</b> with them; unbuilt "
        "stations score {points} (ST6). Net change: <b>{gain:+d}</b>.",
        without=view.ticket_points_without,
        with_=view.ticket_points_with,
        points=view.station_points,
        gain=view.gain,
    )
    return (
        '<div class="ttr-plan"><b>'
        + render("Borrowed routes (ST3-ST4)")
        + f"</b><ul>{borrowed}</ul>"
        + table_html(header, rows, numeric=(1,))
        + f"<div>{totals}</div><div>"
        + render("One more station would help most at: {tips}", tips=tips)
        + "</div></div>"
    )


class StationPlanner(widgets.VBox):
    """Place stations on a finished position and see the routes they borrow (ST1-ST6).

    Controls: ``player`` (dropdown), ``city`` (dropdown; a click on a city on the map picks it
    too), ``place_button``, ``remove_button``, ``reset_button`` (the stations really built),
    ``clear_button``. Output: ``message``, ``summary``, ``plan`` (HTML: borrowed routes,
    tickets, points) and ``map`` (borrowed routes glow, and the ends of the tickets they help).
    """

    def __init__(self, game: Game | None = None, *, player: int | None = None):
        self.model = StationModel(game, player or 0) if game is not None else StationModel.demo()
        model_game = self.model.game
        board = model_game.board
        self.player = widgets.Dropdown(
            options=[(name, seat) for seat, name in enumerate(model_game.players)],
            value=self.model.player,
            description=prender("control", "player"),
            layout={"width": "220px"},
        )
        cities = sorted(board.cities, key=board.display)
        self.city = widgets.Dropdown(
            options=[(board.display(c), c) for c in cities],
            description=prender("control", "city"),
            layout={"width": "260px"},
        )
        self.place_button = button(
            render("Place station"), render("Put a station in the chosen city"), "primary"
        )
        self.remove_button = button(
            prender("button", "Remove"), render("Take the station in the chosen city away")
        )
        self.reset_button = button(
            render("As built"), render("Back to the stations the player really built")
        )
        self.clear_button = button(
            prender("button", "Clear"), render("Take every planned station away")
        )
        self.message = panel()
        self.summary = panel()
        self.plan = panel()
        self.map = MapWidget.of_game(model_game)
        self.player.observe(self._on_player, names="value")
        self.place_button.on_click(lambda _: self._say(self.model.place(self.city.value)))
        self.remove_button.on_click(lambda _: self._say(self.model.remove(self.city.value)))
        self.reset_button.on_click(
            lambda _: self._say(self._do(self.model.reset, N_("Stations as built.")))
        )
        self.clear_button.on_click(
            lambda _: self._say(self._do(self.model.clear, N_("Stations cleared.")))
        )
        self.map.on_click(self._on_map)
        super().__init__(
            teaching_layout(
                [],
                self.map,
                [
                    self.player,
                    row([self.city, self.place_button]),
                    row([self.remove_button, self.reset_button, self.clear_button]),
                    self.message,
                    self.summary,
                    self.plan,
                ],
            )
        )
        self.add_class("ttr-widget")
        self.add_class("ttr-station-planner")
        self.render()

    def __repr__(self) -> str:
        return f"StationPlanner(player={self.model.player}, stations={self.model.stations})"

    @staticmethod
    def _do(func: Callable[[], None], said: str) -> str:
        func()
        return gettext(said)

    def _on_player(self, change: dict[str, Any]) -> None:
        self.model.set_player(change["new"])
        self._say(render("Planning for {name}.", name=self.model.game.players[change["new"]]))

    def _on_map(self, click: MapClick) -> None:
        if click.city is not None:
            self.city.value = click.city
            name = self.model.game.board.display(click.city)
            self._say(
                render(
                    "{city} chosen: Place station puts one there, Remove takes it away.", city=name
                )
            )

    def _say(self, text: str) -> None:
        refused = text[:3] in ("ST1", "ST2", "ST3")
        self.message.value = message_html(text, False if refused else None)
        self.render()

    def render(self) -> None:
        model = self.model
        view = model.view()
        seat = model.player
        self.summary.value = render(
            "{player}: {routes} routes, {tickets} tickets, stations: <b>{stations}</b> "
            "({n} of {limit})",
            player=player_swatch(seat, view.player),
            routes=len(model.own_routes),
            tickets=len(view.tickets),
            stations=esc(listed(view.stations) or render("none")),
            n=len(view.stations),
            limit=model.limit,
        )
        self.plan.value = plan_html(view, model.suggest())
        borrowed = [r for r in model.choice().borrowed.values() if r is not None]
        helped_cities = {
            c
            for t, line in zip(model.tickets, view.tickets, strict=True)
            if line.helped_by
            for c in t.cities
        }
        owners = {i: s for i, s in enumerate(model.game.owner) if s is not None}
        self.map.show(
            owners=owners,
            stations=model.planned_stations(),
            highlight_routes=borrowed,
            highlight_cities=helped_cities,
        )
