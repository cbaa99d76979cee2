"""What the play table shows the person whose seat it is, as plain data: :class:`TableView`,
built by :func:`table_view` from ``game.observation(seat)`` and the public part of the narration
only (another player's hand, tickets and blind draws never reach it), with the prompt, the
person's ticket lines, what the map lights and which controls a hint points at.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ttr.actions import (
    Action,
    BuildStation,
    Claim,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from ttr.agents.greedy import Paths
from ttr.apps.breakdown import focus_choices, focus_marks
from ttr.apps.coach import Note
from ttr.apps.seats import seat_label
from ttr.apps.table_model import Option, TableModel
from ttr.board import Board, Route
from ttr.game import OPENING, SECOND_CARD, TICKETS, TUNNEL, Game
from ttr.i18n import N_, gettext, render
from ttr.scoring import best_station_routes, completed_tickets
from ttr.scoring.breakdown import Outcome
from ttr.text import listed_long

__all__ = [
    "PlayerLine",
    "TableView",
    "TicketLine",
    "focus_options",
    "hinted_controls",
    "public_lines",
    "table_view",
    "target_name",
    "ticket_lines",
    "ticket_marks",
]

NARRATION_LINES = 14
"""How many lines of narration the view keeps (the latest)."""


@dataclass(frozen=True)
class TicketLine:
    """One of the person's tickets: joined now or not, and what it still needs."""

    ref: str
    points: int
    cities: tuple[str, str]
    connected: bool
    trains_needed: int | None  # on the cheapest path of open routes; None: cut off
    path: tuple[int, ...]  # the open routes of that path
    over: bool = False  # the game has ended: nothing more can join it

    def text(self) -> str:
        """The line of the ticket list, in the language in force."""
        fields = {"ref": self.ref, "points": self.points}
        if self.connected:
            return render("{ref} ({points}): joined ✔", **fields)
        if self.over:
            return render("{ref} ({points}): not joined ✘ (K4)", **fields)
        if self.trains_needed is None:
            return render(
                "{ref} ({points}): cut off ✘ (a station could borrow a route, ST3)", **fields
            )
        return render(
            "{ref} ({points}): needs {trains:#train} ({routes:#route})",
            trains=self.trains_needed,
            routes=len(self.path),
            **fields,
        )


@dataclass(frozen=True)
class PlayerLine:
    """What everyone may know about one player."""

    seat: int
    name: str
    who: str
    trains: int
    points: int
    cards: int
    tickets: int
    stations_left: int
    to_play: bool


@dataclass(frozen=True)
class TableView:
    """Everything the table shows to the person whose seat is ``viewer``, as plain data."""

    seq: int  # how many times the model has changed (the page's sign that a click was answered)
    viewer: int | None  # whose cards are shown (None: hidden until the next person says so)
    phase: str
    prompt: str
    players: tuple[PlayerLine, ...]
    market: tuple[str | None, ...]
    deck_size: int
    discard_size: int
    ticket_deck_size: int
    hand: Mapping[str, int] | None
    tickets: tuple[TicketLine, ...]
    offer: tuple[tuple[str, int, bool], ...]  # (ticket, points, ticked)
    tunnel: tuple[str, tuple[str, ...], int] | None  # (route, revealed cards, extra)
    choosing: str  # what the options pay for ("" when nothing is chosen)
    options: tuple[str, ...]
    can_pass: bool
    notes: tuple[Note, ...]
    narration: tuple[str, ...]
    owners: Mapping[int, int]
    stations: Mapping[str, int]
    highlight_routes: tuple[int, ...]
    highlight_cities: tuple[str, ...]
    ticket_marks: Mapping[str, str]  # each ticket city: "joined" or "open" (see ticket_marks)
    ticket_notes: Mapping[str, str]  # each ticket city: its tickets, as the list says them
    focus_options: tuple[tuple[str, str], ...]  # (label, key) of what the map may show
    focus: str
    hinted: tuple[str, ...]  # the controls the hint points at ("slot:2", "option:0", "keep")
    bot_to_play: bool
    can_take_back: bool
    over: bool
    outcome: Outcome | None


def ticket_marks(tickets: Sequence[TicketLine]) -> tuple[dict[str, str], dict[str, str]]:
    """How the map marks the cities of ``tickets``: ``"open"`` where a ticket is not joined
    (yet), else ``"joined"``; and the words each city's tooltip adds (its tickets' lines)."""
    marks: dict[str, str] = {}
    lines: dict[str, list[str]] = {}
    for line in tickets:
        for city in line.cities:
            if marks.get(city) != "open":
                marks[city] = "joined" if line.connected else "open"
            lines.setdefault(city, []).append(line.text())
    notes = {
        city: listed_long(render("your ticket {line}", line=line) for line in said)
        for city, said in lines.items()
    }
    return marks, notes


def public_lines(game: Game, viewer: int | None, last: int = NARRATION_LINES) -> list[str]:
    """The latest ``last`` lines of narration that ``viewer`` may read: another player's card
    drawn blind is told without the card (D1, D10). ``viewer`` None hides every blind card."""
    lines: list[str] = []
    for event in reversed(game.events):
        seat = event.player
        if event.kind == "draw" and event.data["slot"] is None and seat != viewer:
            text = [
                render("The table draws a card from the deck.")
                if seat is None
                else render("{name} draws a card from the deck.", name=game.players[seat])
            ]
        else:
            text = event.lines
        lines[:0] = text
        if len(lines) >= last:
            break
    return lines[-last:]


def ticket_lines(game: Game, seat: int) -> list[TicketLine]:
    """``seat``'s tickets: joined (with the best use of its stations, ST3-ST4) or not, and
    the trains the cheapest path of open routes still needs (own routes are free)."""
    tickets = game.tickets_of(seat)
    own = game.routes_of(seat)
    stations = game.stations_of(seat)
    if stations:
        others = [r for r in game.board.routes if game.owner[r.id] not in (None, seat)]
        joined = best_station_routes(own, stations, others, tickets).completed
    else:
        joined = tuple(completed_tickets(own, tickets))
    paths = Paths(game)
    lines = []
    for ticket, done in zip(tickets, joined, strict=True):
        path = None if done or game.is_over else paths.cheapest(seat, ticket.a, ticket.b)
        open_routes = tuple(r for r in (path[1] if path else ()) if game.owner[r] is None)
        lines.append(
            TicketLine(
                game.board.ticket_ref(ticket),
                ticket.points,
                ticket.cities,
                done,
                None if done or path is None else path[0],
                open_routes,
                game.is_over,
            )
        )
    return lines


def table_view(model: TableModel) -> TableView:
    """What ``model``'s person's seat may see now (from ``game.observation``), and their choices."""
    game = model.game
    viewer = model.viewer if model.revealed else None
    public = game.observation(model.viewer)
    over = game.is_over
    tickets = tuple(ticket_lines(model.game, model.viewer)) if viewer is not None else ()
    offer: tuple[tuple[str, int, bool], ...] = ()
    if viewer is not None and "offer" in public and game.offer is not None:
        offered = [game.ticket_pool[t] for t in game.offer.tickets]  # the viewer's own offer
        offer = tuple(
            (game.board.ticket_ref(t), t.points, i in model.ticked) for i, t in enumerate(offered)
        )
    tunnel = None
    if viewer is not None and "tunnel" in public and public["current_player"] == viewer:
        info = public["tunnel"]
        tunnel = (
            game.board.ref(game.board.routes[info["route"]]),
            tuple(info["revealed"]),
            info["extra"],
        )
    options = model.options() if viewer is not None else []
    routes, cities = highlights(model, tickets)
    marks, notes = ticket_marks(tickets)
    return TableView(
        seq=model.seq,
        viewer=viewer,
        phase=public["phase"],
        prompt=prompt(model, viewer),
        players=tuple(
            PlayerLine(
                seat=seat,
                name=name,
                who=seat_label(model.seats[seat].who),
                trains=public["trains"][seat],
                points=public["route_points"][seat],
                cards=public["hand_sizes"][seat],
                tickets=public["ticket_counts"][seat],
                stations_left=public["stations_left"][seat],
                to_play=not over and public["current_player"] == seat,
            )
            for seat, name in enumerate(public["players"])
        ),
        market=tuple(public["market"]),
        deck_size=public["deck_size"],
        discard_size=public["discard_size"],
        ticket_deck_size=public["ticket_deck_size"],
        hand=public["hand"] if viewer is not None else None,
        tickets=tickets,
        offer=offer,
        tunnel=tunnel,
        choosing=target_name(game.board, model.selection)
        if model.selection is not None and options
        else "",
        options=tuple(o.label for o in options),
        can_pass=viewer is not None
        and not over
        and not model.bot_to_play
        and list(game.legal_actions()) == [Pass()],
        notes=tuple(model.notes),
        narration=tuple(public_lines(game, viewer)),
        owners={r: seat for r, seat in enumerate(public["owners"]) if seat is not None},
        stations=dict(public["stations"]),
        highlight_routes=routes,
        highlight_cities=cities,
        ticket_marks=marks,
        ticket_notes=notes,
        focus_options=tuple(focus_options(model, tickets)),
        focus=model.focus,
        hinted=hinted_controls(model.hint_action, options),
        bot_to_play=model.bot_to_play,
        can_take_back=bool(model.actors)
        and (model.teacher or any(map(model.is_human, model.actors))),
        over=over,
        outcome=model.outcome(),
    )


def hinted_controls(action: Action | None, options: Sequence[Option]) -> tuple[str, ...]:
    """The controls of the table that carry out the hint: a market slot, the deck, the
    tickets or pass button, the ticket boxes and Keep, or a payment option. (A route or a
    city to click is lit on the map.)"""
    if action is None:
        return ()
    for i, option in enumerate(options):
        if option.action == action:
            return (f"option:{i}",)
    if isinstance(action, DrawCard):
        return ("deck",) if action.slot is None else (f"slot:{action.slot}",)
    if isinstance(action, DrawTickets):
        return ("tickets",)
    if isinstance(action, Pass):
        return ("pass",)
    if isinstance(action, KeepTickets):
        return (*(f"ticket:{i}" for i in action.keep), "keep")
    return ()


def focus_options(model: TableModel, tickets: Sequence[TicketLine]) -> list[tuple[str, str]]:
    """What the map may show beside the position and the person's tickets (always marked):
    the tickets on offer, one ticket and its cheapest path, or (at the end) each player's
    longest trail and stations."""
    found = [(render("Your tickets, and those on offer"), "tickets")]
    found += [
        (render("Ticket {ref}", ref=line.ref), f"ticket:{i}") for i, line in enumerate(tickets)
    ]
    outcome = model.outcome()
    if outcome is not None:
        found += focus_choices(outcome)
    found.append((render("Nothing"), "none"))
    return found


def highlights(
    model: TableModel, tickets: Sequence[TicketLine]
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The route ids and cities the map lights: what the focus shows (the offer's cities, one
    ticket's path, a trail or stations at the end), the route or city being paid for, and the
    hinted claim or station."""
    routes: list[int] = []
    cities: list[str] = []
    kind, _, index = model.focus.partition(":")
    if kind == "tickets":  # the kept ones are marked anyway (ticket_marks): light the offer
        offer = model.game.offer
        if offer is not None and offer.player == model.viewer and model.revealed:
            cities += [c for t in offer.tickets for c in model.game.ticket_pool[t].cities]
    elif kind == "ticket" and int(index) < len(tickets):
        line = tickets[int(index)]
        cities += line.cities
        routes += line.path
    outcome = model.outcome()
    if outcome is not None and kind in ("trail", "stations"):
        lit_routes, lit_cities = focus_marks(outcome, int(index), kind)
        routes += lit_routes
        cities += lit_cities
    if isinstance(model.selection, Route):
        routes.append(model.selection.id)
    elif isinstance(model.selection, str):
        cities.append(model.selection)
    hinted = model.hint_action
    if isinstance(hinted, Claim):
        routes.append(hinted.route)
    elif isinstance(hinted, BuildStation):
        cities.append(hinted.city)
    return tuple(dict.fromkeys(routes)), tuple(dict.fromkeys(cities))


def prompt(model: TableModel, viewer: int | None) -> str:
    """What to do now, in one sentence with its rule ids: to ``viewer`` (None while the laptop
    passes to the next person), or who the table waits for."""
    game = model.game
    outcome = model.outcome()
    if outcome is not None:
        names = render(" and ").join(outcome.winner_names)
        if len(outcome.winners) > 1:
            return render("The game is over: {names} win (F5).", names=names)
        return render("The game is over: {names} wins (F5).", names=names)
    seat = model.seats[model.to_play]
    if seat.is_bot:
        waiting = {
            "instant": N_("press “Next bot turn” to go on") if model.paused else N_("playing"),
            "one at a time": N_("press “Next bot turn”"),
            "autoplay": N_("press “Next bot turn” to go on")
            if model.paused
            else N_("playing on its own"),
        }[model.speed]
        return render(
            "{name} ({who}) is to play: {waiting}.",
            name=seat.name,
            who=seat_label(seat.who),
            waiting=gettext(waiting),
        )
    if viewer is None:
        return render("Pass the laptop to {name}, then press “I am {name}”.", name=seat.name)
    phase = game.phase
    if phase in (OPENING, TICKETS):
        offer = game.offer
        assert offer is not None
        which = (
            N_(
                "Choose your opening tickets: tick at least {low} of these {offered}, then "
                "press Keep ({rule})."
            )
            if phase == OPENING
            else N_(
                "Choose the tickets to keep: tick at least {low} of these {offered}, then "
                "press Keep ({rule})."
            )
        )
        return render(which, low=offer.keep_min, offered=len(offer.tickets), rule=offer.rule)
    if phase == TUNNEL:
        tunnel = game.tunnel
        assert tunnel is not None
        ref = game.board.ref(game.board.routes[tunnel.route])
        if tunnel.extra and not any(isinstance(a, PayTunnel) for a in game.legal_actions()):
            return render(
                "The tunnel {ref:route} costs {extra:#more card}, which you cannot pay: "
                "decline (C8).",
                ref=ref,
                extra=tunnel.extra,
            )
        return render(
            "The tunnel {ref:route} costs {extra:#more card}: pay or decline (C7, C8).",
            ref=ref,
            extra=tunnel.extra,
        )
    if phase == SECOND_CARD:
        return render(
            "Take your second card: a face-up card that is not a locomotive, or the deck (D1, D4)."
        )
    if model.selection is not None and model.options():
        return render(
            "{what}: choose how to pay, below the market.",
            what=target_name(game.board, model.selection),
        )
    final = (
        " " + render("Final round: {turns:#turn} left (E1).", turns=game.final_turns_left)
        if game.final_turns_left is not None
        else ""
    )
    if game.rules.has_stations and game.stations_left[model.to_play]:
        turn = N_(
            "Your turn, {name}: take a card from the market or the deck, click a route to "
            "claim it, draw tickets, or click a city to build a station (T1)."
        )
    else:
        turn = N_(
            "Your turn, {name}: take a card from the market or the deck, click a route to "
            "claim it, draw tickets (T1)."
        )
    return render(turn, name=seat.name) + final


def target_name(board: Board, target: Route | str) -> str:
    """What the person is paying for: ``"Essen-København (3 gray, ferry of 1 locomotive)"``
    (the colour said once, also for a route of a double), or ``"A station in Wien"``."""
    if isinstance(target, Route):
        return render(
            "{ref:route} ({length} {color:colour}{kind})",
            ref=board.ref(target).removesuffix(f" ({target.color})"),
            length=target.length,
            color=target.color,
            kind=_kind(target),
        )
    return render("A station in {city}", city=board.display(target))


def _kind(route: Route) -> str:
    if route.is_ferry:
        return render(", ferry of {n:#locomotive}", n=route.locomotives)
    return render(", tunnel") if route.is_tunnel else ""
