"""Step through a recorded or bot-played game: :class:`StepperModel` and :class:`GameStepper`.

The model replays the game's notation from its first position and keeps every intermediate
position, so any step is one lookup. Step 0 is the position after the deal; step ``k`` is the
position after the ``k``-th action (an opening ticket choice, one card of a draw, a claim...).
``view()`` describes the current step as plain data: each player's trains, points, hand size
(and, in teacher view, the hand and tickets themselves), the market, the decks, the narrated
events of the step, and what the viewer picked on the map.

>>> from ttr.views.widgets.stepper import StepperModel
>>> model = StepperModel.bot_game("usa", players=2, seed=1)
>>> model.step, model.forward(), model.step
(0, 1, 1)
>>> model.pick("Denver")
'Denver: no station (there are none in Ticket to Ride (USA)).'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ttr.board import Route
from ttr.game import Game
from ttr.i18n import Np_, pgettext, prender, render
from ttr.text import listed
from ttr.views.svg import route_title
from ttr.views.widgets.common import (
    button,
    cards_html,
    esc,
    hand_html,
    narration_html,
    panel,
    player_columns,
    player_swatch,
    row,
    table_html,
    teaching_layout,
)
from ttr.views.widgets.map import MapClick, MapWidget

__all__ = ["GameStepper", "PlayerRow", "StepView", "StepperModel"]

PHASE_WORDS = (
    Np_("phase", "opening"),
    Np_("phase", "turn"),
    Np_("phase", "second_card"),
    Np_("phase", "tunnel"),
    Np_("phase", "tickets"),
    Np_("phase", "over"),
)
"""The phases as the stepper names them (``pgettext("phase", ...)``: in English, the name)."""


@dataclass(frozen=True)
class PlayerRow:
    """One player's public state at a step (``hand`` and ``tickets`` only in teacher view)."""

    seat: int
    name: str
    trains: int
    points: int
    hand_size: int
    ticket_count: int
    stations_left: int
    hand: Mapping[str, int] | None = None
    tickets: tuple[str, ...] | None = None


@dataclass(frozen=True)
class StepView:
    """Everything the stepper shows at one step, as plain data."""

    step: int
    last: int
    action: str | None  # the notation of the action that led here (None at step 0)
    actor: str | None
    phase: str
    to_play: str
    turn: int
    players: tuple[PlayerRow, ...]
    market: tuple[str | None, ...]
    deck_size: int
    discard_size: int
    ticket_deck_size: int
    events: tuple[str, ...]
    new_routes: tuple[int, ...]  # route ids claimed by this step (drawn highlighted)
    new_stations: tuple[str, ...]
    final_scores: tuple[int, ...] | None  # at the last step of a finished game
    teacher: bool
    picked: str  # what the viewer picked on the map, in words ("" before a pick)

    @property
    def headline(self) -> str:
        if self.action is None:
            return render("Step 0 of {last}: the deal", last=self.last)
        # The move in words: the narration's first line tells the action itself ("Ann takes
        # the face-up red card..."); the widget shows its notation under it, as code.
        return render(
            "Step {step} of {last}: {move}",
            step=self.step,
            last=self.last,
            move=self.events[0] if self.events else self.action,
        )

    def text(self) -> str:
        """The step as plain text (what the widget shows, without the map)."""
        lines = [
            self.headline,
            render(
                "Phase: {phase}; {name} to play (turn {turn}).",
                phase=pgettext("phase", self.phase),
                name=self.to_play,
                turn=self.turn,
            ),
        ]
        for player in self.players:
            line = "  " + render(
                "{name}: {trains} trains, {points} points, {cards} cards, {tickets} tickets",
                name=player.name,
                trains=player.trains,
                points=player.points,
                cards=player.hand_size,
                tickets=player.ticket_count,
            )
            if player.hand is not None:
                held = (
                    render("{color:colour} {n}", color=k, n=n) for k, n in player.hand.items() if n
                )
                line += " [" + listed(held) + "]"
            lines.append(line)
        market = listed(
            render("{color:colour}", color=c) if c else render("empty") for c in self.market
        )
        lines.append(
            render(
                "Market: {market}. Deck {deck}, discard {discard}, tickets {tickets}.",
                market=market,
                deck=self.deck_size,
                discard=self.discard_size,
                tickets=self.ticket_deck_size,
            )
        )
        lines += [f"- {e}" for e in self.events]
        return "\n".join(lines)


class StepperModel:
    """A game's positions, step by step; ``step`` is where the viewer stands.

    ``source`` is a :class:`~ttr.game.Game` (its start position and history are replayed), the
    ``Game.to_dict()`` data of one, or a sequence of notation lines together with ``start=``
    (a Game or ``to_dict`` data at the first position).
    """

    def __init__(
        self,
        source: Game | Mapping[str, Any] | Sequence[str],
        *,
        start: Game | Mapping[str, Any] | None = None,
        teacher: bool = False,
    ):
        if isinstance(source, Mapping):
            source = Game.from_dict(dict(source))
        if isinstance(source, Game):
            game = source.root()
            actions: list[Any] = source.actions
            events = source.events
        else:
            if start is None:
                raise TypeError("a list of actions needs start= (a Game or its to_dict data)")
            game = (start if isinstance(start, Game) else Game.from_dict(dict(start))).root()
            actions = list(source)
            events = None
        self.positions: list[Game] = [game.copy()]
        history = []
        for action in actions:
            history.append(action if isinstance(action, str) else game.notation(action))
            game.play(action)
            self.positions.append(game.copy())
        self.history: tuple[str, ...] = tuple(history)
        full = events if events is not None else game.events
        self._events: dict[int, list[str]] = {}
        for event in full:
            self._events.setdefault(event.step, []).extend(event.lines)
        self.teacher = teacher
        self.step = 0
        self.picked_target: Route | str | None = None
        self._final: tuple[int, ...] | None = None

    @classmethod
    def bot_game(
        cls,
        rules: str = "europe",
        players: int | Sequence[str] = 4,
        seed: int = 1,
        agents: str | Sequence[str] = "greedy",
        teacher: bool = False,
    ) -> StepperModel:
        """A model over a game played to the end by bots (``make_agent`` names), all seeded."""
        from ttr.agents import make_agent, play_game

        game = Game(rules, players if isinstance(players, int) else list(players), seed=seed)
        names = [agents] * game.num_players if isinstance(agents, str) else list(agents)
        play_game(game, [make_agent(name, seed * 100 + i) for i, name in enumerate(names)])
        return cls(game, teacher=teacher)

    # navigation ---------------------------------------------------------------------------

    @property
    def last(self) -> int:
        return len(self.history)

    @property
    def game(self) -> Game:
        """The position at the current step (do not modify it)."""
        return self.positions[self.step]

    def go(self, step: int) -> int:
        """Stand at ``step`` (clamped to 0..last); returns the step."""
        self.step = max(0, min(int(step), self.last))
        return self.step

    def forward(self) -> int:
        return self.go(self.step + 1)

    def back(self) -> int:
        return self.go(self.step - 1)

    def events(self, step: int | None = None) -> list[str]:
        """The narration of a step (the current one by default)."""
        return list(self._events.get(self.step if step is None else step, []))

    # picking on the map -------------------------------------------------------------------

    def pick(self, target: Route | str | None) -> str:
        """Pick a route or a city (its board name) on the map; :meth:`picked` describes it at
        every step from now on. Returns that description."""
        if isinstance(target, str):
            target = self.game.board.city(target)
        self.picked_target = target
        return self.picked()

    def picked(self) -> str:
        """The picked route (who claimed it, at which step) or city (whose station, since
        when), as the game stands at the current step; "" before a pick."""
        target, game = self.picked_target, self.game
        if target is None:
            return ""
        if isinstance(target, Route):
            title, owner = route_title(game.board, target), game.owner[target.id]
            if owner is None:
                return render("{title}: not claimed yet.", title=title)
            step = self._first_step(lambda p: p.owner[target.id] is not None)
            return render(
                "{title}: claimed by {name} at step {step}.",
                title=title,
                name=game.players[owner],
                step=step,
            )
        name = game.board.display(target)
        owner = game.stations.get(target)
        if not game.rules.has_stations:
            return render(
                "{city}: no station (there are none in {title:text}).",
                city=name,
                title=game.rules.title,
            )
        if owner is None:
            return render("{city}: no station yet.", city=name)
        step = self._first_step(lambda p: target in p.stations)
        return render(
            "{city}: {name}'s station, built at step {step}.",
            city=name,
            name=game.players[owner],
            step=step,
        )

    def _first_step(self, happened: Callable[[Game], bool]) -> int | None:
        """The first step at which ``happened(position)`` holds, up to the current step."""
        return next((k for k in range(self.step + 1) if happened(self.positions[k])), None)

    # the view -----------------------------------------------------------------------------

    def view(self) -> StepView:
        k = self.step
        game = self.positions[k]
        before = self.positions[k - 1] if k else None
        new_routes: tuple[int, ...] = ()
        new_stations: tuple[str, ...] = ()
        actor = None
        if before is not None:
            actor = before.players[before.current_player]
            new_routes = tuple(
                i for i, (a, b) in enumerate(zip(before.owner, game.owner, strict=True)) if a != b
            )
            new_stations = tuple(sorted(set(game.stations) - set(before.stations)))
        public = game.observation(game.current_player)  # what everyone may see
        rows = []
        for seat, name in enumerate(game.players):
            rows.append(
                PlayerRow(
                    seat=seat,
                    name=name,
                    trains=public["trains"][seat],
                    points=public["route_points"][seat],
                    hand_size=public["hand_sizes"][seat],
                    ticket_count=public["ticket_counts"][seat],
                    stations_left=public["stations_left"][seat],
                    hand=dict(game.hands[seat]) if self.teacher else None,
                    tickets=tuple(game.board.ticket_ref(t) for t in game.tickets_of(seat))
                    if self.teacher
                    else None,
                )
            )
        return StepView(
            step=k,
            last=self.last,
            action=self.history[k - 1] if k else None,
            actor=actor,
            phase=game.phase,
            to_play=game.players[game.current_player],
            turn=game.turn,
            players=tuple(rows),
            market=tuple(public["market"]),
            deck_size=public["deck_size"],
            discard_size=public["discard_size"],
            ticket_deck_size=public["ticket_deck_size"],
            events=tuple(self.events(k)),
            new_routes=new_routes,
            new_stations=new_stations,
            final_scores=self.final_scores() if k == self.last else None,
            teacher=self.teacher,
            picked=self.picked(),
        )

    def final_scores(self) -> tuple[int, ...] | None:
        """Every player's final total, when the game is over (F1-F5)."""
        end = self.positions[-1]
        if self._final is None and end.is_over:
            self._final = tuple(score.total for score in end.outcome().scores)
        return self._final


def info_html(view: StepView, has_stations: bool) -> str:
    """The players table (with each hand and ticket below its player in teacher view), the
    market and the decks of a step."""
    header = player_columns(has_stations)
    if view.final_scores is not None:
        header.append(prender("column", "final score"))
    rows: list[list[str]] = []
    for player in view.players:
        name = player_swatch(player.seat, player.name)
        if player.name == view.to_play and view.phase != "over":
            name = f"<b>{name}</b> ◀"
        cells = [
            name,
            str(player.trains),
            str(player.points),
            str(player.hand_size),
            str(player.ticket_count),
        ]
        if has_stations:
            cells.append(str(player.stations_left))
        if view.final_scores is not None:
            cells.append(f"<b>{view.final_scores[player.seat]}</b>")
        rows.append(cells)
        if player.hand is not None:
            tickets = listed(esc(t) for t in player.tickets or ()) or render("none")
            rows.append(
                [
                    render(
                        "{name}'s hand: {hand}<br>Tickets: {tickets}",
                        name=esc(player.name),
                        hand=hand_html(player.hand),
                        tickets=tickets,
                    )
                ]
            )
    decks = render(
        "Deck: {deck} cards · discard: {discard} · ticket deck: {tickets}",
        deck=view.deck_size,
        discard=view.discard_size,
        tickets=view.ticket_deck_size,
    )
    return (
        '<div class="ttr-info">'
        + table_html(header, rows, numeric=range(1, len(header)))
        + "<div><b>"
        + render("Market")
        + f"</b> {cards_html(view.market)}</div>"
        + f"<div>{decks}</div></div>"
    )


class GameStepper(widgets.VBox):
    """Buttons, a step slider and autoplay to walk through a game, with its map beside.

    ``GameStepper(game)`` (or any :class:`StepperModel` source). Controls: ``first_button``,
    ``back_button``, ``next_button``, ``last_button``, ``slider``, ``autoplay`` (a toggle that
    plays one step after another), ``teacher`` (checkbox: show every hand); output: ``map`` (a
    :class:`~ttr.views.widgets.map.MapWidget`: this step's new routes and stations glow; a click on
    a route or a city tells who took it and when, in ``picked``), ``headline``, ``info`` and
    ``narration`` (HTML). The model is ``.model``.
    """

    def __init__(
        self,
        source: Game | Mapping[str, Any] | Sequence[str] | None = None,
        *,
        model: StepperModel | None = None,
        teacher: bool = False,
        interval: int = 800,
    ) -> None:
        if model is None:
            if source is None:
                raise TypeError("GameStepper needs a source (see StepperModel) or model=")
            model = StepperModel(source, teacher=teacher)
        self.model = model
        self.model.teacher = teacher or self.model.teacher
        last = self.model.last
        self.first_button = button(render("« First"), render("Go back to the deal (step 0)"))
        self.back_button = button(render("‹ Back"), render("One step back"))
        self.next_button = button(render("Next ›"), render("One step forward"), "primary")
        self.last_button = button(render("Last »"), render("Jump to the last step"))
        seconds = f"{interval / 1000:g}"
        self.autoplay = widgets.ToggleButton(
            description=render("▶ Play"),
            tooltip=render(
                "Play the game forward by itself, one step every {seconds} s", seconds=seconds
            ),
        )
        self.slider = widgets.IntSlider(
            value=0,
            min=0,
            max=last,
            description=prender("control", "step"),
            continuous_update=False,
            layout={"width": "320px"},
        )
        # The browser's timer behind autoplay: hidden, driven by the labelled toggle.
        self._timer = widgets.Play(
            value=0, min=0, max=last, interval=interval, layout={"display": "none"}
        )
        widgets.link((self._timer, "value"), (self.slider, "value"))
        self.teacher = widgets.Checkbox(
            value=self.model.teacher,
            description=render("teacher view: every hand and ticket"),
            indent=False,
        )
        self.headline = panel()
        self.map = MapWidget.of_game(self.model.game)
        self.info = panel()
        self.picked = panel()
        self.narration = panel()
        self.first_button.on_click(lambda _: self._go(0))
        self.back_button.on_click(lambda _: self._go(self.slider.value - 1))
        self.next_button.on_click(lambda _: self._go(self.slider.value + 1))
        self.last_button.on_click(lambda _: self._go(self.model.last))
        self.autoplay.observe(self._on_autoplay, names="value")
        self._timer.observe(self._on_timer, names="playing")
        self.slider.observe(self._on_slider, names="value")
        self.teacher.observe(self._on_teacher, names="value")
        self.map.on_click(self._on_map)
        controls = row(
            [
                self.first_button,
                self.back_button,
                self.next_button,
                self.last_button,
                self.autoplay,
                self.slider,
                self.teacher,
                self._timer,
            ]
        )
        super().__init__(
            teaching_layout(
                [controls, self.headline], self.map, [self.info, self.picked, self.narration]
            )
        )
        self.add_class("ttr-widget")
        self.add_class("ttr-game-stepper")
        self.render()

    def __repr__(self) -> str:
        return f"GameStepper(step={self.model.step}, last={self.model.last})"

    def _go(self, step: int) -> None:
        self.slider.value = max(0, min(step, self.model.last))

    def _on_slider(self, change: dict[str, Any]) -> None:
        self.model.go(change["new"])
        self.render()

    def _on_teacher(self, change: dict[str, Any]) -> None:
        self.model.teacher = bool(change["new"])
        self.render()

    def _on_autoplay(self, change: dict[str, Any]) -> None:
        if change["new"] and self.model.step == self.model.last:
            self._go(0)  # at the end, play from the start
        self._timer.playing = bool(change["new"])
        self.autoplay.description = render("❚❚ Pause") if change["new"] else render("▶ Play")

    def _on_timer(self, change: dict[str, Any]) -> None:
        # the timer stops by itself at the last step
        self.autoplay.value = bool(change["new"])

    def _on_map(self, click: MapClick) -> None:
        self.model.pick(click.route or click.city)
        self.render()

    def render(self) -> None:
        """Show everything from the model's current step."""
        view = self.model.view()
        game = self.model.game
        picked = self.model.picked_target
        routes, cities = list(view.new_routes), list(view.new_stations)
        if isinstance(picked, Route):
            routes.append(picked.id)
        elif picked is not None:
            cities.append(picked)
        self.map.show_game(game, highlight_routes=routes, highlight_cities=cities)
        notation = (
            '<div class="ttr-notation">'
            + render("Notation: {code}", code=f"<code>{esc(view.action)}</code>")
            + "</div>"
            if view.action
            else ""
        )
        self.headline.value = (
            f'<div class="ttr-headline"><b>{esc(view.headline)}</b>{notation}</div>'
        )
        self.info.value = info_html(view, game.rules.has_stations)
        self.picked.value = (
            render("<b>On the map:</b> {picked}", picked=esc(view.picked))
            if view.picked
            else "<i>"
            + render("Click a route or a city on the map: who took it, and when?")
            + "</i>"
        )
        self.narration.value = narration_html(
            view.events, render("Narration of step {step}", step=view.step)
        )
        k, last = self.model.step, self.model.last
        self.first_button.disabled = self.back_button.disabled = k == 0
        self.next_button.disabled = self.last_button.disabled = k == last
