"""The play table: :class:`PlayTable`, the widget that shows a :class:`~ttr.apps.session.PlayModel`.

Every control is an attribute, so tests and notebooks drive the table from Python as a person
does with the mouse: ``table.slot_buttons[2].click()``, ``table.deck_button.click()``,
``table.map.click("route-7")``, ``table.option_buttons[0].click()``, ``table.ticket_boxes[1].value
= True`` then ``table.keep_button.click()``, ``table.hint_button.click()``... After each click
the table draws itself again from ``model.view()`` (only what changed travels to the browser).

Beside the map (below it on a narrow page), so that the map, the hand, the market and the
buttons fit on a laptop's screen together: the prompt (what to do now), the market, the deck and
the tickets, the hand, the choice in front of the person (the ways to pay for the route or city
they clicked, a tunnel's reveal, the tickets on offer), the coach's words, the buttons, the
bots' speed and, at the end, the final score breakdown; then the person's tickets, what the map
shows, the players, the narration (scrolling in its own box), saving and loading, and at the end
the game stepper.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ttr.apps.breakdown import breakdown_html
from ttr.apps.coach import lesson_links, notes_html
from ttr.apps.download import DownloadButton
from ttr.apps.seats import HUMAN, SPEED_LABELS, SPEEDS, Seat
from ttr.apps.session import MAX_OFFER, PlayModel
from ttr.apps.view import TableView
from ttr.errors import TTRError
from ttr.game import DEFAULT_NAMES
from ttr.i18n import Np_, pgettext, prender, render
from ttr.rules import RULE_SETS
from ttr.views.map_layout import HIGHLIGHT_COLOR
from ttr.views.svg import city_id
from ttr.views.widgets.common import (
    button,
    card_button_style,
    cards_html,
    esc,
    hand_html,
    narration_html,
    panel,
    player_columns,
    player_swatch,
    row,
    table_html,
)
from ttr.views.widgets.map import MapClick, MapWidget
from ttr.views.widgets.stepper import GameStepper

__all__ = ["PlayTable"]

MAX_OPTIONS = 24
"""The most payment buttons shown at once (fewest locomotives first)."""
TICKET_INK = {"joined": "#1b7f3b", "open": "#222222"}
"""The ring around a ticket's city on the map: solid green when joined, dashed black when open."""
_DASHES = {"joined": "none", "open": "7 4"}
_RING = ".ttr-play-table .ttr-map .ttr-ticket-{0} .ttr-ring"
STYLE = "\n".join(
    [
        ".ttr-play-table .ttr-hinted {outline: 3px solid #e8a400; outline-offset: 1px}",
        # the map beside the controls, both on a laptop's screen (1024 x 768 and up) at once
        ".ttr-play-table .widget-box.ttr-body {flex-flow: row wrap; align-items: flex-start}",
        ".ttr-play-table .widget-box.ttr-map-box {flex: 1 1 500px; min-width: min(100%, 460px);"
        " position: sticky; top: 0}",
        ".ttr-play-table .ttr-map-view > svg {max-height: calc(100vh - 40px)}",
        ".ttr-play-table .widget-box.ttr-side {flex: 1 1 380px; min-width: min(100%, 360px)}",
        ".ttr-play-table .ttr-log {max-height: 12em; overflow-y: auto}",
        *(
            f"{_RING.format(state)} {{display: inline; fill: none; stroke: {ink}; "
            f"stroke-width: 5; stroke-dasharray: {_DASHES[state]}}}"
            for state, ink in TICKET_INK.items()
        ),
        ", ".join(_RING.format(f"{state}.ttr-lit") for state in TICKET_INK)
        + f" {{fill: {HIGHLIGHT_COLOR}; fill-opacity: 0.5}}",
    ]
)
"""The mark of the controls a hint points at, and the rings of the person's ticket cities (a lit
city keeps its highlight inside the ring)."""
SEAT_CHOICES = [
    (Np_("seat", "a person"), HUMAN),
    (Np_("seat", "greedy bot"), "greedy"),
    (Np_("seat", "planner bot"), "planner"),
    (Np_("seat", "random bot"), "random"),
    (Np_("seat", "long-route bot"), "long"),
    (Np_("seat", "search bot (slow)"), "mcts"),
    (Np_("seat", "(nobody)"), ""),
]
"""Who may sit in a seat of a new game (labels in English; :func:`seat_choices` says them)."""


def seat_choices() -> list[tuple[str, str]]:
    """:data:`SEAT_CHOICES` in the language in force."""
    return [(pgettext("seat", label), who) for label, who in SEAT_CHOICES]


class PlayTable(widgets.VBox):
    """Play a game against bots (or friends), with a rules coach, on a clickable map.

    ``PlayTable()`` deals Europe for Ann (a person) against Ben (a greedy bot), seed 1;
    ``PlayTable(model=PlayModel.new(...))`` plays any model. ``autoplay_interval`` is the
    milliseconds between two bot turns in autoplay; ``lessons`` the template of the links from
    the coach's rule ids to their notebook sections (see :attr:`lesson_links`).
    """

    def __init__(
        self,
        model: PlayModel | None = None,
        *,
        autoplay_interval: int = 1200,
        lessons: str | None = "",
    ):
        self.model = model or PlayModel.new()
        self.lesson_links = lesson_links() if lessons == "" else lessons
        """The template of the links from each rule to its notebook section
        (:data:`ttr.apps.coach.LESSON_LINKS`), or None to name the sections without links; by
        default :func:`ttr.apps.coach.lesson_links`."""
        # the new-game settings
        self.rules_choice = widgets.Dropdown(
            options=[(render(r.title), name) for name, r in RULE_SETS.items()],
            value=self.model.game.rules.name,
            description=prender("control", "board"),
            layout={"width": "360px"},
        )
        self.seat_names = [
            widgets.Text(value=DEFAULT_NAMES[i], layout={"width": "110px"}) for i in range(5)
        ]
        self.seat_kinds = [
            widgets.Dropdown(options=seat_choices(), layout={"width": "170px"}) for _ in range(5)
        ]
        self.seed_box = widgets.BoundedIntText(
            value=self.model.seed,
            min=0,
            max=10**9,
            description=prender("control", "seed"),
            layout={"width": "170px"},
        )
        self.deal_button = button(
            render("Deal a new game"), render("Start a new game with these seats"), "primary"
        )
        self.setup_message = panel()
        seats_box = widgets.VBox(
            [
                row(
                    [
                        widgets.HTML(render("seat {n}", n=i + 1)),
                        self.seat_names[i],
                        self.seat_kinds[i],
                    ]
                )
                for i in range(5)
            ]
        )
        self.setup = widgets.Accordion(
            children=[
                widgets.VBox(
                    [
                        row([self.rules_choice, self.seed_box]),
                        seats_box,
                        row([self.deal_button]),
                        self.setup_message,
                    ]
                )
            ],
            titles=(render("New game: board, seats and seed"),),
            selected_index=None,
        )
        # the turn
        self.prompt = panel()
        self.slot_buttons = [
            button("", render("Take the face-up card in slot {n} (D1)", n=i + 1)) for i in range(5)
        ]
        self.deck_button = button(
            prender("button", "Deck"), render("Take the top card of the deck, unseen (D1, D5)")
        )
        self.tickets_button = button(
            prender("button", "Tickets"), render("Draw destination tickets (K1)")
        )
        self.pass_button = button(
            prender("button", "Pass"), render("Pass: nothing else is legal (T2)")
        )
        self.hand = panel()
        self.choice = panel()
        self.option_buttons = [
            button("", render("Pay with these cards"), "success") for _ in range(MAX_OPTIONS)
        ]
        self.ticket_boxes = [
            widgets.Checkbox(value=False, indent=False, layout={"width": "auto"})
            for _ in range(MAX_OFFER)
        ]
        self.keep_button = button(
            prender("button", "Keep"), render("Keep the ticked tickets"), "success"
        )
        self.cancel_button = button(
            prender("button", "Cancel"), render("Put this choice away: nothing is paid")
        )
        self.coach = panel()
        self.why_button = button(prender("button", "Why?"), render("Which rules are in play now"))
        self.hint_button = button(
            prender("button", "Hint"), render("What the coach would play, and why")
        )
        self.take_back_button = button(
            prender("button", "Take back"), render("Take back your last action")
        )
        self.teacher = widgets.Checkbox(
            value=self.model.teacher,
            description=render("teacher: take back anything"),
            indent=False,
        )
        self.speed = widgets.ToggleButtons(
            options=[(pgettext("speed", SPEED_LABELS[speed]), speed) for speed in SPEEDS],
            value=self.model.speed,
            tooltips=[
                render("Bots play all their turns at once"),
                render("Bots play one turn each time you press Next bot turn"),
                render("Bots play one turn after another, by themselves"),
            ],
            style={"button_width": "auto"},
        )
        self.next_bot_button = button(
            prender("button", "Next bot turn"), render("Let the bot to play take its turn")
        )
        self.reveal_button = button(
            render("I am …"), render("Show the cards of the person to play")
        )
        self._timer = widgets.Play(
            value=0, min=0, max=10**9, interval=autoplay_interval, layout={"display": "none"}
        )
        # beside the map
        self.map = MapWidget.of_game(self.model.game)
        self.tickets = panel()
        self.focus = widgets.Dropdown(
            description=prender("control", "on the map"), layout={"width": "380px"}
        )
        self.players = panel()
        self.narration = panel()
        self.save_button = DownloadButton(
            render("Save the game"), render("Download a file of this game"), self._save_file
        )
        self.load = widgets.FileUpload(
            accept=".json",
            multiple=False,
            description=render("Load a game"),
            layout={"width": "auto"},
        )
        self.file_message = panel()
        self.breakdown = panel()
        self.stepper_button = button(
            render("Open in the game stepper"),
            render("Step through the finished game, move by move"),
        )
        self.stepper_box = widgets.VBox([])
        self._style = widgets.HTML(f"<style>{STYLE}</style>", layout={"display": "none"})
        self._quiet = False
        self._wire()
        map_box = widgets.Box([self.map])
        map_box.add_class("ttr-map-box")
        self._map_box = map_box
        self.narration.add_class("ttr-log")
        side = widgets.VBox(
            [
                self.prompt,
                row([*self.slot_buttons, self.deck_button, self.tickets_button, self.pass_button]),
                self.hand,
                self.choice,
                row(
                    [*self.option_buttons, self.cancel_button, *self.ticket_boxes, self.keep_button]
                ),
                self.coach,
                row(
                    [
                        self.why_button,
                        self.hint_button,
                        self.take_back_button,
                        self.next_bot_button,
                        self.reveal_button,
                    ]
                ),
                row([widgets.HTML(render("bots play:")), self.speed, self.teacher, self._timer]),
                self.breakdown,  # at the end: the final score, under the prompt
                self.tickets,
                self.focus,
                self.players,
                self.narration,
                row([self.save_button, self.load]),
                self.file_message,
                row([self.stepper_button]),
            ]
        )
        side.add_class("ttr-side")
        body = widgets.Box([map_box, side])
        body.add_class("ttr-body")
        super().__init__([self.setup, body, self.stepper_box, self._style])
        self.add_class("ttr-widget")
        self.add_class("ttr-play-table")
        self._fill_setup()
        self.render()

    def __repr__(self) -> str:
        return f"PlayTable({self.model!r})"

    # wiring --------------------------------------------------------------------------------

    def _wire(self) -> None:
        act = self._act
        for i, slot in enumerate(self.slot_buttons):
            slot.on_click(lambda _, i=i: act(lambda: self.model.take_card(i)))
        for i, option in enumerate(self.option_buttons):
            option.on_click(lambda _, i=i: act(lambda: self.model.choose(i)))
        for i, box in enumerate(self.ticket_boxes):
            box.observe(lambda change, i=i: self._on_tick(i, change["new"]), names="value")
        self.deck_button.on_click(lambda _: act(self.model.draw_deck))
        self.tickets_button.on_click(lambda _: act(self.model.draw_tickets))
        self.pass_button.on_click(lambda _: act(self.model.pass_turn))
        self.keep_button.on_click(lambda _: act(self.model.keep))
        self.cancel_button.on_click(lambda _: act(self.model.cancel))
        self.why_button.on_click(lambda _: act(self.model.why))
        self.hint_button.on_click(lambda _: act(self.model.hint))
        self.take_back_button.on_click(lambda _: act(self.model.take_back))
        self.reveal_button.on_click(lambda _: act(self.model.reveal))
        self.next_bot_button.on_click(lambda _: act(self._next_bot))
        self.teacher.observe(self._on_teacher, names="value")
        self.speed.observe(self._on_speed, names="value")
        self._timer.observe(self._on_timer, names="value")
        self.focus.observe(self._on_focus, names="value")
        self.map.on_click(self._on_map)
        self.load.observe(self._on_load, names="value")
        self.deal_button.on_click(lambda _: self._deal())
        self.stepper_button.on_click(lambda _: self._open_stepper())

    def _act(self, call: Any) -> None:
        call()
        self.render()

    def _next_bot(self) -> None:
        if self.model.speed == "one at a time" or self.model.paused:
            self.model.paused = False
            self.model.bot_turn()
            if self.model.speed == "instant":
                self.model.run_bots()

    def _on_tick(self, index: int, value: bool) -> None:
        if not self._quiet:
            self.model.tick(index, value)
            self.render()

    def _on_teacher(self, change: dict) -> None:
        self.model.set_teacher(bool(change["new"]))
        self.render()

    def _on_speed(self, change: dict) -> None:
        self.model.set_speed(change["new"])
        self.render()

    def _on_timer(self, _change: dict) -> None:
        if self.model.speed != "autoplay":
            self._timer.playing = False
            return
        more = self.model.autoplay_step()
        if not more:
            self._timer.playing = False
        self.render()

    def _on_focus(self, change: dict) -> None:
        if not self._quiet and change["new"] is not None:
            self.model.set_focus(change["new"])
            self.render()

    def _on_map(self, click: MapClick) -> None:
        if click.route is not None:
            self._act(lambda: self.model.click_route(click.route))
        elif click.city is not None:
            self._act(lambda: self.model.click_city(click.city))

    # files ---------------------------------------------------------------------------------

    def _save_file(self) -> tuple[str, str]:
        """The file "Save the game" downloads: its name and the table as JSON."""
        game = self.model.game
        name = f"ttr-{game.rules.name}-seed{self.model.seed}-turn{game.turn}.json"
        return name, self.model.to_json()

    def _on_load(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        upload = files[0]
        try:
            model = PlayModel.from_json(bytes(upload["content"]))
        except TTRError as err:
            self.file_message.value = f'<span style="color:#b3261e">✘ {esc(err)}</span>'
            return
        self.file_message.value = "✔ " + render("Loaded {name}.", name=esc(upload["name"]))
        self._use(model)

    def _deal(self) -> None:
        seats = [
            Seat(name.value.strip() or DEFAULT_NAMES[i], kind.value)
            for i, (name, kind) in enumerate(zip(self.seat_names, self.seat_kinds, strict=True))
            if kind.value
        ]
        try:
            model = PlayModel.new(
                self.rules_choice.value,
                seats,
                self.seed_box.value,
                speed=self.speed.value,
                teacher=self.teacher.value,
            )
        except TTRError as err:
            self.setup_message.value = f'<span style="color:#b3261e">✘ {esc(err)}</span>'
            return
        self.setup_message.value = ""
        self.setup.selected_index = None
        self._use(model)

    def _use(self, model: PlayModel) -> None:
        """Play ``model`` from now on (a new game, or a loaded one)."""
        old = self.model.game
        self.model = model
        game = model.game
        if game.board is not old.board:
            self.map = MapWidget.of_game(game)
            self.map.on_click(self._on_map)
            self._map_box.children = [self.map]
        else:
            self.map.set_players(game.players, game.rules.has_stations)
        self.stepper_box.children = []
        self._quiet = True
        try:
            self.speed.value = model.speed
            self.teacher.value = model.teacher
        finally:
            self._quiet = False
        self._fill_setup()
        self.render()

    def _fill_setup(self) -> None:
        seats = self.model.seats
        self.rules_choice.value = self.model.game.rules.name
        for i, (name, kind) in enumerate(zip(self.seat_names, self.seat_kinds, strict=True)):
            name.value = seats[i].name if i < len(seats) else DEFAULT_NAMES[i]
            who = seats[i].who.partition(":")[0] if i < len(seats) else ""
            kind.value = who if who in {v for _, v in SEAT_CHOICES} else "greedy"

    def _open_stepper(self) -> None:
        if self.model.game.is_over:
            self.stepper_box.children = [GameStepper(self.model.game)]

    # drawing -------------------------------------------------------------------------------

    def render(self) -> None:
        """Show the model's view."""
        view = self.model.view()
        self._quiet = True
        try:
            self._render_turn(view)
            self._render_side(view)
        finally:
            self._quiet = False
        self.map.show(
            owners=view.owners,
            stations=view.stations,
            highlight_routes=view.highlight_routes,
            highlight_cities=view.highlight_cities,
            marks={city_id(c): f"ttr-ticket-{state}" for c, state in view.ticket_marks.items()},
            notes={city_id(c): note for c, note in view.ticket_notes.items()},
        )
        self._mark_hinted(set(view.hinted))
        # last: a page that sees this prompt's data-seq has every change of this view
        self.prompt.value = (
            f'<div class="ttr-prompt" data-seq="{view.seq}" data-phase="{view.phase}" '
            f'style="font-size:15px"><b>{esc(view.prompt)}</b></div>'
        )
        if self.model.speed == "autoplay" and view.bot_to_play and not self.model.paused:
            self._timer.playing = True

    def controls(self) -> dict[str, widgets.DOMWidget]:
        """The controls a hint may point at, by the names of ``TableView.hinted``."""
        named: dict[str, widgets.DOMWidget] = {
            f"slot:{i}": b for i, b in enumerate(self.slot_buttons)
        }
        named |= {"deck": self.deck_button, "tickets": self.tickets_button}
        named |= {"pass": self.pass_button}
        named |= {f"option:{i}": b for i, b in enumerate(self.option_buttons)}
        named |= {f"ticket:{i}": b for i, b in enumerate(self.ticket_boxes)}
        return named | {"keep": self.keep_button}  # in page order

    def _mark_hinted(self, hinted: set[str]) -> None:
        for name, control in self.controls().items():
            if name in hinted:
                control.add_class("ttr-hinted")
            else:
                control.remove_class("ttr-hinted")  # nothing is sent when it had none

    def _render_turn(self, view: TableView) -> None:
        mine = view.viewer is not None and not view.bot_to_play and not view.over
        for slot, card in zip(self.slot_buttons, view.market, strict=True):
            slot.description = render(
                "{n}: {card}",
                n=self.slot_buttons.index(slot) + 1,
                card=pgettext("colour", card) if card else render("empty"),
            )
            for key, value in card_button_style(card).items():
                setattr(slot.style, key, value)
            slot.disabled = card is None or not mine
        self.deck_button.description = render("Deck ({n})", n=view.deck_size)
        self.deck_button.disabled = not mine
        self.tickets_button.description = render("Tickets ({n})", n=view.ticket_deck_size)
        self.tickets_button.disabled = not mine
        self.pass_button.layout.display = "" if view.can_pass else "none"
        if view.hand is None:
            self.hand.value = (
                "<i>" + render("The cards are hidden until the person to play says so.") + "</i>"
            )
        else:
            name = view.players[view.viewer].name if view.viewer is not None else ""
            self.hand.value = (
                '<div class="ttr-hand"><b>'
                + render("{name}'s hand", name=esc(name))
                + f"</b> {hand_html(view.hand)}</div>"
            )
        self._render_choice(view)
        self.coach.value = (
            f'<div class="ttr-coach">{notes_html(view.notes, self.lesson_links)}</div>'
            if view.notes
            else ""
        )
        self.take_back_button.disabled = not view.can_take_back
        self.next_bot_button.layout.display = "" if view.bot_to_play else "none"
        self.reveal_button.layout.display = "" if view.viewer is None and not view.over else "none"
        if view.viewer is None and not view.over:
            to_play = next(p for p in view.players if p.to_play)
            self.reveal_button.description = render("I am {name}", name=to_play.name)

    def _render_choice(self, view: TableView) -> None:
        parts = []
        if view.tunnel is not None:
            ref, revealed, extra = view.tunnel
            parts.append(
                '<div class="ttr-tunnel">'
                + render(
                    "<b>Tunnel {ref:route}</b>: the deck reveals {cards}: {extra} more to pay "
                    "(C7).",
                    ref=esc(ref),
                    cards=cards_html(revealed) or render("nothing"),
                    extra=extra,
                )
                + "</div>"
            )
        elif view.choosing:
            parts.append(render("<b>{what}</b>: choose how to pay.", what=esc(view.choosing)))
        if view.offer:
            parts.append(render("<b>Tickets on offer</b>: tick those you keep."))
        self.choice.value = "".join(parts)
        decline = prender("button", "Decline")
        for i, option in enumerate(self.option_buttons):
            shown = i < len(view.options)
            option.layout.display = "" if shown else "none"
            if shown:
                label = view.options[i]
                option.description = label
                option.button_style = "danger" if label == decline else "success"
        for i, box in enumerate(self.ticket_boxes):
            shown = i < len(view.offer)
            box.layout.display = "" if shown else "none"
            if shown:
                ref, points, ticked = view.offer[i]
                box.description = f"{ref} ({points})"
                box.value = ticked
        self.keep_button.layout.display = "" if view.offer else "none"
        self.cancel_button.layout.display = "" if view.choosing else "none"
        kept = sum(t for _, _, t in view.offer)
        self.keep_button.description = (
            render("Keep {n}", n=kept) if view.offer else prender("button", "Keep")
        )

    def _render_side(self, view: TableView) -> None:
        if view.tickets:
            items = "".join(
                f"<li>{ticket_ring('joined' if line.connected else 'open')} {esc(line.text())}</li>"
                for line in view.tickets
            )
            key = render(
                "On the map: {joined} a joined ticket's city · {open} a city still to join",
                joined=ticket_ring("joined"),
                open=ticket_ring("open"),
            )
            self.tickets.value = (
                render("<b>Your tickets</b> (K3, K4)")
                + f"<ul class='ttr-ticket-list'>{items}</ul><small>{key}</small>"
            )
        else:
            self.tickets.value = (
                render("<b>Your tickets</b>: none yet.") if view.hand is not None else ""
            )
        self.focus.options = list(view.focus_options)
        self.focus.value = view.focus if view.focus in dict(view.focus_options).values() else None
        has_stations = self.model.game.rules.has_stations
        header = player_columns(has_stations)
        rows = []
        for p in view.players:
            name = player_swatch(p.seat, p.name) + f" <small>({esc(p.who)})</small>"
            if p.to_play:
                name = f"<b>{name}</b> ◀"
            cells = [name, str(p.trains), str(p.points), str(p.cards), str(p.tickets)]
            if has_stations:
                cells.append(str(p.stations_left))
            rows.append(cells)
        self.players.value = (
            table_html(header, rows, numeric=range(1, len(header)))
            + "<div>"
            + render(
                "Deck: {deck} cards · discard: {discard} · ticket deck: {tickets}",
                deck=view.deck_size,
                discard=view.discard_size,
                tickets=view.ticket_deck_size,
            )
            + "</div>"
        )
        self.narration.value = narration_html(list(view.narration), render("What happened"))
        game = self.model.game
        self.breakdown.value = (
            breakdown_html(view.outcome, game.board, game.rules) if view.outcome else ""
        )
        self.stepper_button.layout.display = "" if view.over else "none"


def ticket_ring(state: str) -> str:
    """The map's ring around a ticket city (``"joined"`` or ``"open"``), as a small picture for
    the ticket list."""
    dashes = "" if state == "joined" else ' stroke-dasharray="3.5 2"'
    return (
        '<svg width="15" height="15" viewBox="0 0 16 16" style="vertical-align:-2px">'
        f'<circle cx="8" cy="8" r="5.5" fill="none" stroke="{TICKET_INK[state]}" '
        f'stroke-width="2.6"{dashes}/></svg>'
    )
