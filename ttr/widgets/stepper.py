"""Step through a recorded or bot-played game: :class:`StepperModel` and :class:`GameStepper`.

The model replays the game's notation from its first position and keeps every intermediate
position, so any step is one lookup. Step 0 is the position after the deal; step ``k`` is the
position after the ``k``-th action (an opening ticket choice, one card of a draw, a claim...).
``view()`` describes the current step as plain data: each player's trains, points, hand size
(and, in teacher view, the hand and tickets themselves), the market, the decks, and the
narrated events of the step.

>>> from ttr.widgets.stepper import StepperModel
>>> model = StepperModel.bot_game("usa", players=2, seed=1)
>>> model.step, model.forward(), model.step
(0, 1, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ttr.game import Game
from ttr.widgets.common import (
    MAP_LAYOUT,
    PANEL_CSS,
    MapPainter,
    cards_html,
    esc,
    hand_html,
    narration_html,
    player_swatch,
    table_html,
)

__all__ = ["GameStepper", "PlayerRow", "StepView", "StepperModel"]


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
    final_scores: tuple[int, ...] | None  # at the end, when the scoring module can score
    teacher: bool

    @property
    def headline(self) -> str:
        if self.action is None:
            return f"Step 0 of {self.last}: the deal"
        return f"Step {self.step} of {self.last}: {self.actor} plays '{self.action}'"

    @property
    def map_title(self) -> str:
        """The map's own title: the step, and who plays next (or the end)."""
        after = "the game is over" if self.phase == "over" else f"{self.to_play} to play"
        return f"Step {self.step} of {self.last}: {after}"

    def text(self) -> str:
        """The step as plain text (what the widget shows, without the map)."""
        lines = [self.headline, f"Phase: {self.phase}; {self.to_play} to play (turn {self.turn})."]
        for row in self.players:
            line = (
                f"  {row.name}: {row.trains} trains, {row.points} points, "
                f"{row.hand_size} cards, {row.ticket_count} tickets"
            )
            if row.hand is not None:
                line += " [" + ", ".join(f"{k} {n}" for k, n in row.hand.items() if n) + "]"
            lines.append(line)
        market = ", ".join(c or "empty" for c in self.market)
        lines.append(
            f"Market: {market}. Deck {self.deck_size}, discard {self.discard_size}, "
            f"tickets {self.ticket_deck_size}."
        )
        lines += [f"- {e}" for e in self.events]
        return "\n".join(lines)


def _final_scores(game: Game) -> tuple[int, ...] | None:
    """Final totals through ``Game.outcome()`` when the scoring module provides it."""
    outcome = getattr(game, "outcome", None)
    if outcome is None or not game.is_over:
        return None
    try:
        result = outcome()
        return tuple(score.total for score in result.scores)
    except Exception:  # the scoring module is optional here; fall back to route points
        return None


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
        self._final: tuple[int, ...] | None | bool = False  # computed on demand

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

        game = Game(rules, players, seed=seed)
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
        final = self.final_scores() if k == self.last else None
        rows = []
        for seat, name in enumerate(game.players):
            hand = game.hands[seat]
            rows.append(
                PlayerRow(
                    seat=seat,
                    name=name,
                    trains=game.trains[seat],
                    points=game.route_points[seat],
                    hand_size=sum(hand.values()),
                    ticket_count=len(game.tickets[seat]),
                    stations_left=game.stations_left[seat],
                    hand=dict(hand) if self.teacher else None,
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
            market=tuple(game.cards.market),
            deck_size=len(game.cards.deck),
            discard_size=len(game.cards.discard),
            ticket_deck_size=len(game.ticket_deck),
            events=tuple(self.events(k)),
            new_routes=new_routes,
            new_stations=new_stations,
            final_scores=final,
            teacher=self.teacher,
        )

    def final_scores(self) -> tuple[int, ...] | None:
        if self._final is False:
            self._final = _final_scores(self.positions[-1])
        return self._final  # type: ignore[return-value]


def info_html(view: StepView, has_stations: bool) -> str:
    """The players table, the market and the decks of a step."""
    header = ["player", "trains", "points", "cards", "tickets"]
    if has_stations:
        header.append("stations")
    if view.final_scores is not None:
        header.append("final score")
    if view.teacher:
        header.append("hand (teacher view)")
    rows = []
    for row in view.players:
        name = player_swatch(row.seat, row.name)
        if row.name == view.to_play and view.phase != "over":
            name = f"<b>{name} ◀</b>"
        cells = [name, str(row.trains), str(row.points), str(row.hand_size), str(row.ticket_count)]
        if has_stations:
            cells.append(str(row.stations_left))
        if view.final_scores is not None:
            cells.append(f"<b>{view.final_scores[row.seat]}</b>")
        if view.teacher:
            tickets = "<br>".join(esc(t) for t in row.tickets or ())
            cells.append(
                hand_html(row.hand or {})
                + (f'<div style="font-size:11px;color:#444">{tickets}</div>' if tickets else "")
            )
        rows.append(cells)
    return (
        f'<div class="ttr-info" style="{PANEL_CSS}">'
        + table_html(header, rows)
        + f"<div><b>Market</b> {cards_html(view.market)}</div>"
        + f"<div>Deck: {view.deck_size} cards · discard: {view.discard_size} · "
        f"ticket deck: {view.ticket_deck_size}</div></div>"
    )


class GameStepper(widgets.VBox):
    """Buttons, a turn slider and a Play button to walk through a game, with its map beside.

    ``GameStepper(game)`` (or any :class:`StepperModel` source). Controls: ``first_button``,
    ``back_button``, ``next_button``, ``last_button``, ``slider``, ``play`` (autoplay),
    ``teacher`` (checkbox: show every hand); output: ``map`` (an ``Image`` of PNG bytes),
    ``headline``, ``info`` and ``narration`` (HTML). The model is ``.model``.
    """

    def __init__(
        self,
        source=None,
        *,
        model: StepperModel | None = None,
        teacher: bool = False,
        interval: int = 800,
        painter: MapPainter | None = None,
    ):
        self.model = model if model is not None else StepperModel(source, teacher=teacher)
        self.model.teacher = teacher or self.model.teacher
        self.painter = painter or MapPainter()
        last = self.model.last
        # Plain arrows: the ⏮/⏭ glyphs are missing from common browser fonts.
        self.first_button = widgets.Button(description="« First", layout={"width": "80px"})
        self.back_button = widgets.Button(description="◀ Back", layout={"width": "80px"})
        self.next_button = widgets.Button(
            description="Next ▶", button_style="primary", layout={"width": "80px"}
        )
        self.last_button = widgets.Button(description="Last »", layout={"width": "80px"})
        self.slider = widgets.IntSlider(
            value=0,
            min=0,
            max=last,
            description="step",
            continuous_update=False,
            layout={"width": "360px"},
        )
        self.play = widgets.Play(value=0, min=0, max=last, interval=interval, tooltip="autoplay")
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.teacher = widgets.Checkbox(
            value=self.model.teacher,
            description="teacher view",
            indent=False,
            layout={"width": "120px"},
        )
        self.headline = widgets.HTML()
        self.map = widgets.Image(format="png", layout=MAP_LAYOUT)
        self.info = widgets.HTML()
        self.narration = widgets.HTML()
        self.first_button.on_click(lambda _: self._go(0))
        self.back_button.on_click(lambda _: self._go(self.slider.value - 1))
        self.next_button.on_click(lambda _: self._go(self.slider.value + 1))
        self.last_button.on_click(lambda _: self._go(self.model.last))
        self.slider.observe(self._on_slider, names="value")
        self.teacher.observe(self._on_teacher, names="value")
        controls = widgets.HBox(
            [
                self.first_button,
                self.back_button,
                self.next_button,
                self.last_button,
                self.play,
                self.slider,
                self.teacher,
            ],
            layout={"flex_flow": "row wrap", "align_items": "center"},
        )
        side = widgets.VBox(
            [self.info, self.narration], layout={"flex": "1 1 340px", "min_width": "300px"}
        )
        body = widgets.HBox(
            [widgets.Box([self.map], layout={"flex": "3 1 560px", "min_width": "480px"}), side],
            layout={"flex_flow": "row wrap", "align_items": "flex-start"},
        )
        super().__init__([controls, self.headline, body])
        self.add_class("ttr-game-stepper")
        self.render()

    def __repr__(self) -> str:
        return f"GameStepper(step={self.model.step}, last={self.model.last})"

    def _go(self, step: int) -> None:
        self.slider.value = max(0, min(step, self.model.last))

    def _on_slider(self, change) -> None:
        self.model.go(change["new"])
        self.render()

    def _on_teacher(self, change) -> None:
        self.model.teacher = bool(change["new"])
        self.render()

    def render(self) -> None:
        """Redraw everything from the model's current step."""
        view = self.model.view()
        game = self.model.game
        self.map.value = self.painter.png(
            game,
            highlight=view.new_routes,
            highlight_cities=view.new_stations,
            title=view.map_title,
        )
        self.headline.value = (
            f'<div class="ttr-headline" style="{PANEL_CSS}font-size:14px"><b>'
            f"{esc(view.headline)}</b></div>"
        )
        self.info.value = info_html(view, game.rules.has_stations)
        self.narration.value = narration_html(view.events, f"Narration of step {view.step}")
        k, last = self.model.step, self.model.last
        self.first_button.disabled = self.back_button.disabled = k == 0
        self.next_button.disabled = self.last_button.disabled = k == last
