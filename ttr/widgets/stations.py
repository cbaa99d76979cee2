"""Plan stations on a finished position: :class:`StationModel` and :class:`StationPlanner`.

Place up to three stations for one player (ST1) on a finished (or any) Europe position and see
which opponent route each one borrows, chosen to score the most ticket points (ST3-ST4, through
:func:`ttr.scoring.best_station_routes`), which tickets that completes, and what the stations
cost in unbuilt-station points (ST6). The position itself never changes.

>>> from ttr.widgets.stations import StationModel
>>> model = StationModel.demo()
>>> model.place("Nowhere")
'ST1: there is no city called Nowhere'
"""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as widgets

from ttr.board import Route, Ticket, UnknownReference
from ttr.game import Game
from ttr.scoring import StationChoice, best_station_routes, completed_tickets
from ttr.widgets.common import (
    MAP_LAYOUT,
    PANEL_CSS,
    MapPainter,
    Position,
    beside_map,
    bot_game,
    esc,
    message_html,
    player_swatch,
    table_html,
)

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
        lines = [f"{self.player}: stations at {', '.join(self.stations) or '(none)'}"]
        for city, ref in self.borrowed.items():
            lines.append(f"  {city} borrows {ref or 'nothing (no opponent route there)'}")
        for t in self.tickets:
            mark = "done" if t.with_stations else "failed"
            extra = f" thanks to {', '.join(t.helped_by)}" if t.helped_by else ""
            lines.append(f"  {t.ticket} ({t.points}): {mark}{extra}")
        lines.append(
            f"Tickets {self.ticket_points_without:+d} without stations, "
            f"{self.ticket_points_with:+d} with; unbuilt stations {self.station_points}."
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
            return f"ST1: there is no city called {city}"
        name = board.display(city)
        owner = self.game.stations.get(city)
        if owner is not None and owner != self.player:
            return f"ST1: {name} already has {self.game.players[owner]}'s station"
        if city in self.stations:
            return f"ST1: {name} already has this player's station"
        if len(self.stations) >= self.limit:
            return f"ST1: at most {self.limit} stations per player"
        self.stations.append(city)
        self.stations.sort()
        return f"Station placed in {name}."

    def remove(self, city: str) -> str:
        try:
            city = self.game.board.city(city)
        except UnknownReference:
            return f"There is no city called {city}."
        if city not in self.stations:
            return f"No station of this player in {self.game.board.display(city)}."
        self.stations.remove(city)
        return f"Station removed from {self.game.board.display(city)}."

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
        return best_station_routes(
            self.own_routes, self.stations, self.opponent_routes, self.tickets
        )

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
                board.display(c): (board.ref(r) if r is not None else None)
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
        gains = []
        for city in self.game.board.cities:
            if city in taken:
                continue
            points = best_station_routes(
                self.own_routes, [*self.stations, city], self.opponent_routes, self.tickets
            ).ticket_points
            if points > base:
                gains.append((self.game.board.display(city), points - base))
        gains.sort(key=lambda item: (-item[1], item[0]))
        return gains[:count]

    def position(self) -> Position:
        """The position to draw: the real one with this player's stations as planned."""
        stations = {c: s for c, s in self.game.stations.items() if s != self.player}
        stations.update(dict.fromkeys(self.stations, self.player))
        owners = {i: s for i, s in enumerate(self.game.owner) if s is not None}
        return Position(self.game.board, tuple(self.game.players), owners, stations)


def plan_html(view: StationView, suggestions: list[tuple[str, int]]) -> str:
    nothing = "<i>nothing</i> (no opponent route)"
    borrowed = (
        "".join(
            f"<li><b>{esc(city)}</b> borrows {esc(ref) if ref else nothing}</li>"
            for city, ref in view.borrowed.items()
        )
        or "<li>(no stations)</li>"
    )
    rows = []
    for t in view.tickets:
        after = "✔" if t.with_stations else "✘"
        color = "#1b7f3b" if t.with_stations else "#b3261e"
        how = f" via {esc(', '.join(t.helped_by))}" if t.helped_by else ""
        rows.append(
            [
                esc(t.ticket),
                str(t.points),
                "✔" if t.without_stations else "✘",
                f'<span style="color:{color};font-weight:600">{after}</span>{how}',
            ]
        )
    tips = ", ".join(f"{esc(c)} (+{g})" for c, g in suggestions) or "none"
    return (
        f'<div class="ttr-plan" style="{PANEL_CSS}"><b>Borrowed routes (ST3-ST4)</b>'
        f'<ul style="margin:2px 0;padding-left:20px">{borrowed}</ul>'
        + table_html(["ticket", "points", "own routes", "with stations"], rows)
        + f"<div>Tickets: <b>{view.ticket_points_without:+d}</b> without stations → "
        f"<b>{view.ticket_points_with:+d}</b> with them; unbuilt stations score "
        f"{view.station_points} (ST6). Net change: <b>{view.gain:+d}</b>.</div>"
        f"<div style='color:#444'>One more station would help most at: {tips}</div></div>"
    )


class StationPlanner(widgets.VBox):
    """Place stations on a finished position and see the routes they borrow (ST1-ST6).

    Controls: ``player`` (dropdown), ``city`` (dropdown), ``place_button``, ``remove_button``,
    ``reset_button`` (the stations really built), ``clear_button``. Output: ``message``,
    ``plan`` (HTML: borrowed routes, tickets, points) and ``map`` (borrowed routes glow).
    """

    def __init__(
        self,
        game: Game | None = None,
        *,
        player: int | None = None,
        painter: MapPainter | None = None,
    ):
        self.model = StationModel(game, player or 0) if game is not None else StationModel.demo()
        if game is not None and player is None:
            self.model.set_player(0)
        self.painter = painter or MapPainter(size=16)
        model_game = self.model.game
        board = model_game.board
        self.player = widgets.Dropdown(
            options=[(name, seat) for seat, name in enumerate(model_game.players)],
            value=self.model.player,
            description="player",
            layout={"width": "220px"},
        )
        cities = sorted(board.cities, key=board.display)
        self.city = widgets.Dropdown(
            options=[(board.display(c), c) for c in cities],
            description="city",
            layout={"width": "260px"},
        )
        self.place_button = widgets.Button(description="Place station", button_style="primary")
        self.remove_button = widgets.Button(description="Remove")
        self.reset_button = widgets.Button(description="As built")
        self.clear_button = widgets.Button(description="Clear")
        self.message = widgets.HTML()
        self.summary = widgets.HTML()
        self.plan = widgets.HTML()
        self.map = widgets.Image(format="png", layout=MAP_LAYOUT)
        self.player.observe(self._on_player, names="value")
        self.place_button.on_click(lambda _: self._say(self.model.place(self.city.value)))
        self.remove_button.on_click(lambda _: self._say(self.model.remove(self.city.value)))
        self.reset_button.on_click(lambda _: self._say(self._do(self.model.reset, "as built")))
        self.clear_button.on_click(lambda _: self._say(self._do(self.model.clear, "cleared")))
        body = beside_map(
            [
                self.player,
                widgets.HBox([self.city, self.place_button]),
                widgets.HBox([self.remove_button, self.reset_button, self.clear_button]),
                self.message,
                self.summary,
                self.plan,
            ],
            self.map,
        )
        super().__init__([body])
        self.add_class("ttr-station-planner")
        self.render()

    def __repr__(self) -> str:
        return f"StationPlanner(player={self.model.player}, stations={self.model.stations})"

    @staticmethod
    def _do(func, what: str) -> str:
        func()
        return f"Stations {what}."

    def _on_player(self, change) -> None:
        self.model.set_player(change["new"])
        self._say(f"Planning for {self.model.game.players[change['new']]}.")

    def _say(self, text: str) -> None:
        refused = text[:3] in ("ST1", "ST2", "ST3")
        self.message.value = message_html(text, False if refused else None)
        self.render()

    def render(self) -> None:
        model = self.model
        view = model.view()
        seat = model.player
        self.summary.value = (
            f'<div style="{PANEL_CSS}">{player_swatch(seat, view.player)}: '
            f"{len(model.own_routes)} routes, {len(view.tickets)} tickets, stations: "
            f"<b>{esc(', '.join(view.stations) or 'none')}</b> "
            f"({len(view.stations)} of {model.limit})</div>"
        )
        self.plan.value = plan_html(view, model.suggest())
        borrowed = [r for r in model.choice().borrowed.values() if r is not None]
        helped_cities = {
            c
            for t, line in zip(model.tickets, view.tickets, strict=True)
            if line.helped_by
            for c in t.cities
        }
        self.map.value = self.painter.png(
            model.position(),
            highlight=borrowed,
            highlight_cities=helped_cities,
            title=f"{view.player}'s stations: {', '.join(view.stations) or 'none'}",
        )
