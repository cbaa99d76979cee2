"""The score sheet: :class:`ScoreSheet`, the widget that shows a
:class:`~ttr.apps.sheet.ScoreSheetModel` (each player's routes, tickets and stations, entered by
clicks on the map, and the score they make).
"""

from __future__ import annotations

import ipywidgets as widgets

from ttr.apps.breakdown import breakdown_html, focus_choices, focus_marks
from ttr.apps.download import DownloadButton
from ttr.apps.sheet import SEARCH_RESULTS, Problem, ScoreSheetModel
from ttr.errors import TTRError
from ttr.i18n import prender, render
from ttr.rules import RULE_SETS
from ttr.state import DEFAULT_NAMES
from ttr.views.widgets.common import button, esc, message_html, panel, player_swatch, row
from ttr.views.widgets.map import MapClick, MapWidget

__all__ = ["ScoreSheet", "ScoreSheetModel"]


class ScoreSheet(widgets.VBox):
    """Score a finished game by clicking it in: routes on the map, tickets from a search,
    station cities; the score and its breakdown follow every click.

    ``ScoreSheet()`` starts a USA sheet for Ann and Ben; ``ScoreSheet(model=...)`` shows any
    :class:`ScoreSheetModel`. Controls: ``rules_choice``, ``names`` and ``new_button`` (a new
    sheet), ``player`` (whose items are entered),
    ``search`` and ``result_buttons`` (tickets), ``remove_choice`` and ``remove_button``,
    ``load`` and ``export_button``; ``map`` (clicks on routes and cities).
    """

    def __init__(self, model: ScoreSheetModel | None = None):
        self.model = model or ScoreSheetModel()
        self.rules_choice = widgets.Dropdown(
            options=[(render(r.title), name) for name, r in RULE_SETS.items()],
            value=self.model.rules.name,
            description=prender("control", "board"),
            layout={"width": "360px"},
        )
        self.names = widgets.Text(
            value=", ".join(self.model.players),
            description=prender("control", "players"),
            placeholder="Ann, Ben, Cat",
            layout={"width": "360px"},
        )
        self.new_button = button(
            render("New sheet"), render("Start an empty sheet for this board and these players")
        )
        self.player = widgets.ToggleButtons(
            description=prender("control", "entering"), style={"button_width": "auto"}
        )
        self.message = panel()
        self.search = widgets.Text(
            description=prender("control", "ticket"),
            placeholder=render("type a city, e.g. {city}", city=self.model.example_city()),
            continuous_update=True,
        )
        self.result_buttons = [
            button("", render("Give this ticket to the player being entered"))
            for _ in range(SEARCH_RESULTS)
        ]
        self.remove_choice = widgets.Dropdown(
            description=prender("control", "remove"), layout={"width": "360px"}
        )
        self.remove_button = button(
            render("Remove ticket"), render("Take this ticket off the player")
        )
        self.problems = panel()
        self.map = MapWidget(
            self.model.board, self.model.players, station_key=self.model.rules.has_stations
        )
        self._map_box = widgets.Box([self.map])
        self._map_box.add_class("ttr-map-box")
        self.focus = widgets.Dropdown(
            description=prender("control", "on the map"), layout={"width": "380px"}
        )
        self.score = panel()
        self.export_button = DownloadButton(
            render("Export the position"),
            render("Download the position file"),
            self._export_file,
        )
        self.file_view = panel()
        self.load = widgets.FileUpload(
            accept=".json",
            multiple=False,
            description=render("Import a position"),
            layout={"width": "auto"},
        )
        self._quiet = False
        self.new_button.on_click(lambda _: self._new())
        self.player.observe(self._on_player, names="value")
        self.search.observe(lambda _: None if self._quiet else self.render(), names="value")
        for i, result in enumerate(self.result_buttons):
            result.on_click(lambda _, i=i: self._on_result(i))
        self.remove_button.on_click(lambda _: self._on_remove())
        self.focus.observe(self._on_focus, names="value")
        self.load.observe(self._on_load, names="value")
        self.map.on_click(self._on_map)
        side = widgets.VBox(
            [
                self.focus,
                self.score,
                row([self.export_button, self.load]),
                self.file_view,
            ]
        )
        side.add_class("ttr-side")
        body = widgets.Box([self._map_box, side])
        body.add_class("ttr-body")
        super().__init__(
            [
                row([self.rules_choice, self.names, self.new_button]),
                self.player,
                self.message,
                self.search,
                row(self.result_buttons),
                row([self.remove_choice, self.remove_button]),
                self.problems,
                body,
            ]
        )
        self.add_class("ttr-widget")
        self.add_class("ttr-score-sheet")
        self._use(self.model)

    def __repr__(self) -> str:
        return f"ScoreSheet({self.model!r})"

    def _say(self, text: str) -> None:
        self.model.message = text
        self.render()

    def _new(self) -> None:
        names = [n.strip() for n in self.names.value.split(",") if n.strip()]
        try:
            model = ScoreSheetModel(self.rules_choice.value, names or list(DEFAULT_NAMES[:2]))
        except TTRError as err:
            self._say(f"✘ {err}")
            return
        self._use(model)

    def _use(self, model: ScoreSheetModel) -> None:
        old = self.map.board
        self.model = model
        if model.board is not old:
            self.map = MapWidget(model.board, model.players, station_key=model.rules.has_stations)
            self.map.on_click(self._on_map)
            self._map_box.children = [self.map]
        else:
            self.map.set_players(model.players, model.rules.has_stations)
        self._quiet = True
        try:
            self.rules_choice.value = model.rules.name
            self.names.value = ", ".join(model.players)
            self.player.options = [(name, seat) for seat, name in enumerate(model.players)]
            self.player.value = model.current
            self.search.placeholder = render("type a city, e.g. {city}", city=model.example_city())
        finally:
            self._quiet = False
        self.file_view.value = ""
        self.render()

    def _on_player(self, change: dict) -> None:
        if not self._quiet and change["new"] is not None:
            self.model.select_player(change["new"])
            self.render()

    def _on_map(self, click: MapClick) -> None:
        if click.route is not None:
            self.model.click_route(click.route)
        elif click.city is not None:
            self.model.click_city(click.city)
        self.render()

    def _on_result(self, index: int) -> None:
        found = self.model.search(self.search.value)
        if index < len(found):
            self.model.add_ticket(found[index])
            self._quiet = True
            try:
                self.search.value = ""  # so that a second click cannot add it twice by mistake
            finally:
                self._quiet = False
            self.render()

    def _on_remove(self) -> None:
        if self.remove_choice.value is not None:
            self.model.remove_ticket(self.remove_choice.value)
            self.render()

    def _on_focus(self, change: dict) -> None:
        if not self._quiet and change["new"] is not None:
            self.model.set_focus(change["new"])
            self.render()

    def _export_file(self) -> tuple[str, str]:
        """The file "Export the position" downloads, shown below the button too."""
        text = self.model.to_json()
        self.file_view.value = (
            render("(for <code>python -m ttr score position.json</code>)")
            + "<details><summary>"
            + render("the file")
            + f"</summary><pre>{esc(text)}</pre></details>"
        )
        return "position.json", text

    def _on_load(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        try:
            model = ScoreSheetModel.from_json(bytes(files[0]["content"]))
        except TTRError as err:
            self._say(f"✘ {files[0]['name']}: {err}")
            return
        self._use(model)

    def render(self) -> None:
        """Show the sheet: the message, the choices, the problems, the score and the map."""
        model = self.model
        board = model.board
        self.message.value = message_html(
            model.message, False if model.message.startswith("✘") else None
        )
        found = model.search(self.search.value) if self.search.value.strip() else []
        for i, result in enumerate(self.result_buttons):
            result.layout.display = "" if i < len(found) else "none"
            if i < len(found):
                result.description = f"+ {board.ticket_ref(found[i])} ({found[i].points})"
        mine = model.tickets[model.current]
        self._quiet = True
        try:
            self.remove_choice.options = [
                (f"{board.ticket_ref(t)} ({t.points})", i) for i, t in enumerate(mine)
            ]
            self.remove_choice.value = len(mine) - 1 if mine else None  # the latest
            outcome = model.outcome()
            options = focus_choices(outcome)
            self.focus.options = options
            self.focus.value = (
                model.focus if model.focus in dict(options).values() else options[0][1]
            )
        finally:
            self._quiet = False
        self.remove_button.disabled = not mine
        problems = model.problems()
        self.problems.value = "".join(_problem_html(p) for p in problems)
        entered = []
        for seat, name in enumerate(model.players):
            used = model.trains_used(seat)
            line = render(
                "{routes:#route}, {used} trains ({left} left), {tickets:#ticket}",
                routes=len(model.routes_of(seat)),
                used=used,
                left=model.rules.trains - used,
                tickets=len(model.tickets[seat]),
            )
            if model.rules.has_stations:
                built = sum(1 for s in model.stations.values() if s == seat)
                line += render(", {stations:#station}", stations=built)
            entered.append(f"<li>{player_swatch(seat, name)}: {line}</li>")
        self.score.value = (
            '<div class="ttr-entered"><b>'
            + render("Entered")
            + f"</b><ul>{''.join(entered)}</ul></div>"
            + breakdown_html(outcome, board, model.rules)
        )
        kind, _, seat = self.focus.value.partition(":")
        routes, cities = focus_marks(outcome, int(seat), kind)
        self.map.show(
            owners=model.owner,
            stations=model.stations,
            highlight_routes=routes,
            highlight_cities=cities,
        )


def _problem_html(problem: Problem) -> str:
    error = problem.level == "error"
    return (
        f'<div class="ttr-problem ttr-{problem.level}" '
        f'style="color:{"#b3261e" if error else "#8a5a00"}">{esc(problem.said())}</div>'
    )
