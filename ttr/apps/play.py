"""Play a whole game against bots, with a rules coach: :class:`PlayModel` (this module) and the
:class:`~ttr.apps.table.PlayTable` widget that shows it.

The model is plain Python: a :class:`~ttr.game.Game`, who sits in each seat (a person, ``"you"``,
or a bot of :func:`ttr.agents.make_agent`), and what the person has clicked so far. Every click
of the table is a method here (``take_card``, ``draw_deck``, ``click_route``, ``click_city``,
``choose`` one of the offered payments, ``tick`` and ``keep`` tickets, ``decline`` a tunnel...),
and :meth:`PlayModel.view` describes what the person's seat may see, as plain data
(:class:`TableView`), built from ``game.observation(seat)`` and the public part of the narration
only: another player's hand, tickets and blind draws never reach it.

The coach (:mod:`ttr.apps.coach`) explains every refused click with its rule id, names the rules
in play (:meth:`PlayModel.why`) and gives the greedy bot's choice with its reason
(:meth:`PlayModel.hint`). Bots play their turns from the same game, reading only what their seat
may know (the bots' own tests check it), at a chosen speed: ``"instant"`` (all bot turns at
once), ``"one at a time"`` (:meth:`PlayModel.bot_turn` on request) or ``"autoplay"`` (the table's
timer calls :meth:`PlayModel.autoplay_step`).

>>> model = PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1)
>>> model.view().prompt
'Choose your opening tickets: tick at least 2 of these 4, then press Keep (S5).'
>>> print(model.keep().text)  # doctest: +NORMALIZE_WHITESPACE
Not allowed: keep at least 2 of the 4 tickets on offer, not 0 (S5). Tick at least as many
tickets as the rule asks for, then keep them.
>>> model.tick(0); model.tick(1); model.keep().kind
'done'
>>> model.view().phase, model.game.players[model.game.current_player]
('turn', 'Ann')
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ttr.actions import (
    Action,
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from ttr.agents import AGENTS, SEARCH_AGENTS, Agent, make_agent
from ttr.agents.greedy import GreedyAgent, Paths
from ttr.apps.breakdown import focus_choices, focus_marks
from ttr.apps.coach import Note, hint_text, refusal
from ttr.board import Route
from ttr.colors import CARD_COLORS, GRAY, LOCOMOTIVE
from ttr.errors import IllegalAction, SaveError, TTRError, preview
from ttr.game import OPENING, SECOND_CARD, TICKETS, TUNNEL, TURN, Game
from ttr.i18n import N_, Np_, gettext, prender, render
from ttr.jsonio import parse_json, read_json, write_json
from ttr.payment import payment_options
from ttr.scoring import best_station_routes, completed_tickets
from ttr.scoring.breakdown import Outcome
from ttr.views.widgets.claim import route_reasons

__all__ = [
    "HUMAN",
    "SPEEDS",
    "Option",
    "PlayModel",
    "PlayerLine",
    "Seat",
    "TableView",
    "TicketLine",
    "cards_label",
    "checked_index",
    "public_lines",
    "seat_label",
    "ticket_marks",
]

HUMAN = "you"
"""The ``who`` of a seat played by a person at the table."""
BOT_LABELS = {
    "random": N_("random bot"),
    "greedy": N_("greedy bot"),
    "long": N_("long-route bot"),
    "mcts": N_("search bot"),
}
"""The bots a seat may hold (names of :func:`ttr.agents.make_agent`), as the table names them."""
SPEEDS = ("instant", "one at a time", "autoplay")
"""How the bots' turns are played: all at once, one per request, or one per timer tick."""
SPEED_LABELS = {
    "instant": Np_("speed", "instant"),
    "one at a time": Np_("speed", "one at a time"),
    "autoplay": Np_("speed", "autoplay"),
}
"""How the table names each speed (``pgettext("speed", ...)`` in the language in force)."""
FORMAT, VERSION = "ttr-play-table", 1
MAX_OFFER = 5
"""The most tickets ever on offer (V2 and V4 deal 5)."""
NARRATION_LINES = 14
"""How many lines of narration the view keeps (the latest)."""


def cards_label(color: str | None, colored: int, locomotives: int) -> str:
    """``("red", 2, 1)`` -> ``"2 red + 1 loco"``: a payment as the option buttons name it (in
    the language in force)."""
    parts = [render("{n} {color:colour}", n=colored, color=color)] if color and colored else []
    if locomotives or not parts:
        parts.append(render("{n} {color:colour}", n=locomotives, color=LOCOMOTIVE))
    return " + ".join(parts)


def checked_index(value: object, size: int, what: str) -> int:
    """``value`` as a position from 0 to ``size - 1``, or a :class:`TTRError` naming it."""
    if type(value) is not int or not 0 <= value < size:
        raise TTRError(
            "{what}: expected a whole number from 0 to {last}, not {value}",
            what=what,
            last=size - 1,
            value=preview(value),
        )
    return value


def seat_label(who: str) -> str:
    """``"you"`` -> ``"a person"``; ``"greedy"`` -> ``"greedy bot"``; ``"mcts:40"`` too."""
    if who == HUMAN:
        return render("a person")
    name = who.partition(":")[0]
    return gettext(BOT_LABELS[name]) if name in BOT_LABELS else render("{who} bot", who=who)


def _check_who(who: object, field: str, error: type[TTRError]) -> str:
    if not isinstance(who, str) or len(who) > 20:
        raise error(
            N_("field {field!r}: expected 'you' or a bot name, not {value}"),
            field=field,
            value=preview(who),
        )
    key = who.strip().lower()
    if key == HUMAN:
        return HUMAN
    name, _, budget = key.partition(":")
    if name == "longroute":
        name = "long"
    if (name in AGENTS and not budget) or (
        name in SEARCH_AGENTS and (budget.isdigit() or not budget)
    ):
        return f"{name}:{budget}" if budget else name
    known = ", ".join([HUMAN, *BOT_LABELS])
    raise error(
        N_("field {field!r}: unknown seat {value} (known: {known})"),
        field=field,
        value=preview(who),
        known=known,
    )


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: ``name`` and ``who`` (:data:`HUMAN` or a bot name)."""

    name: str
    who: str = HUMAN

    @property
    def is_bot(self) -> bool:
        return self.who != HUMAN


@dataclass(frozen=True)
class Option:
    """One way to settle the choice in front of the person: a payment, or giving a tunnel up."""

    label: str
    action: Action


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
        city: "; ".join(render("your ticket {line}", line=line) for line in said)
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


class PlayModel:
    """A game at a table: seats, bots, and the person's choices in progress.

    ``PlayModel(game, seats)`` takes a game (its players are the seats' names) and a
    :class:`Seat` (or ``(name, who)``) per seat; :meth:`new` deals a fresh game. ``seed`` seeds
    the bots (seat ``s`` gets ``seed * 100 + s``). ``teacher`` lets :meth:`take_back` take back
    any action, not only the person's own.
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat | tuple[str, str]],
        *,
        seed: int = 0,
        speed: str = "instant",
        teacher: bool = False,
    ):
        self.seats = tuple(s if isinstance(s, Seat) else Seat(*s) for s in seats)
        if tuple(s.name for s in self.seats) != game.players:
            raise TTRError(
                "the seats {seats} are not the game's players", seats=[s.name for s in self.seats]
            )
        if not any(not s.is_bot for s in self.seats):
            raise TTRError("at least one seat must be played by a person ('you')")
        if speed not in SPEEDS:
            raise TTRError(
                "unknown speed {value} (known: {known})",
                value=preview(speed),
                known=", ".join(SPEEDS),
            )
        self.game = game
        self.seed = seed
        self.speed = speed
        self.teacher = teacher
        self.bots: dict[int, Agent] = {
            seat: make_agent(s.who, seed * 100 + seat)
            for seat, s in enumerate(self.seats)
            if s.is_bot
        }
        self.actors = self._replay_actors()
        """The seat that played each action of ``game.actions``."""
        self.notes: list[Note] = []
        self.selection: Route | str | None = None
        """The route (or the station city) the person is paying for."""
        self.ticked: set[int] = set()
        self.hint_action: Action | None = None
        self.focus = "tickets"
        self.paused = False
        """After a take-back, the bots wait until asked (so the position can be looked at)."""
        humans = [seat for seat, s in enumerate(self.seats) if not s.is_bot]
        self.viewer = humans[0]
        """The person's seat whose cards the table shows."""
        self.revealed = True
        """False while the table waits for the next person to say they have the laptop."""
        self.seq = 0
        self._outcome: tuple[int, Outcome] | None = None
        self._follow_turn()
        if self.speed == "instant":
            self.run_bots()

    @classmethod
    def new(
        cls,
        rules: str = "europe",
        seats: Sequence[Seat | tuple[str, str]] | None = None,
        seed: int = 1,
        *,
        variant: str | None = None,
        speed: str = "instant",
        teacher: bool = False,
    ) -> PlayModel:
        """A freshly dealt game (``seed`` deals it and seeds the bots); by default Ann (a person)
        against Ben, a greedy bot."""
        chosen = [
            Seat(*s) if isinstance(s, tuple) else s
            for s in (seats or [("Ann", HUMAN), ("Ben", "greedy")])
        ]
        chosen = [
            Seat(s.name, _check_who(s.who, f"seats[{i}]", TTRError)) for i, s in enumerate(chosen)
        ]
        game = Game(rules, [s.name for s in chosen], seed=seed, variant=variant)
        return cls(game, chosen, seed=seed, speed=speed, teacher=teacher)

    def __repr__(self) -> str:
        seats = ", ".join(f"{s.name} ({seat_label(s.who)})" for s in self.seats)
        return f"<PlayModel {self.game.rules.name}: {seats}; {self.game!r}>"

    def _replay_actors(self) -> list[int]:
        replay = self.game.root()
        actors = []
        for action in self.game.actions:
            actors.append(replay.current_player)
            replay.play(action)
        return actors

    # -----------------------------------------------------------------------------------------
    # Who plays

    @property
    def to_play(self) -> int:
        return self.game.current_player

    def is_human(self, seat: int) -> bool:
        return not self.seats[seat].is_bot

    @property
    def bot_to_play(self) -> bool:
        return not self.game.is_over and self.seats[self.to_play].is_bot

    @property
    def several_people(self) -> bool:
        return sum(not s.is_bot for s in self.seats) > 1

    def _follow_turn(self) -> None:
        """When another person is to play, the table hides the cards until they say so."""
        seat = self.to_play
        if self.game.is_over or not self.is_human(seat) or seat == self.viewer:
            return
        self.viewer = seat
        self.revealed = not self.several_people

    def reveal(self) -> Note:
        """The person to play has the laptop: show their cards."""
        self.revealed = True
        name = self.seats[self.viewer].name
        return self._say(Note("info", render("{name}'s cards are shown.", name=name)))

    def _say(self, *notes: Note) -> Note:
        self.notes = list(notes)
        self.seq += 1
        return notes[0]

    def _not_ready(self) -> Note | None:
        """Why the person cannot act now, or None."""
        game = self.game
        if game.is_over:
            return Note("info", render("The game is over: see the final score below."))
        if self.bot_to_play:
            seat = self.seats[self.to_play]
            return Note(
                "info",
                render(
                    "It is {name}'s turn ({who}): press “Next bot turn”.",
                    name=seat.name,
                    who=seat_label(seat.who),
                ),
            )
        if not self.revealed:
            name = self.seats[self.viewer].name
            return Note(
                "info", render("Pass the laptop to {name}, who presses “I am {name}”.", name=name)
            )
        return None

    # -----------------------------------------------------------------------------------------
    # The person's clicks

    def take_card(self, slot: int) -> Note:
        """Take the face-up card in ``slot`` (0-4) (D1-D4)."""
        return self._play(DrawCard(checked_index(slot, 5, "slot")))

    def draw_deck(self) -> Note:
        """Take the top card of the deck, unseen (D1, D5)."""
        return self._play(DrawCard(None))

    def draw_tickets(self) -> Note:
        """Draw destination tickets (K1)."""
        return self._play(DrawTickets())

    def pass_turn(self) -> Note:
        """Pass, when nothing else is legal (T2)."""
        return self._play(Pass())

    def tick(self, index: int, on: bool | None = None) -> None:
        """Tick (or untick) ticket ``index`` of the offer in front of the person."""
        index = checked_index(index, MAX_OFFER, "ticket")
        if on is None:
            on = index not in self.ticked
        if on:
            self.ticked.add(index)
        else:
            self.ticked.discard(index)
        self.seq += 1

    def keep(self) -> Note:
        """Keep the ticked tickets of the offer (S4-S5, K1, V2, V4)."""
        return self._play(KeepTickets(tuple(sorted(self.ticked))))

    def click_route(self, route: Route | int) -> Note:
        """A click on a route: the ways to pay for it become the options, or the coach says why
        it cannot be claimed (C1-C6, T3)."""
        routes = self.game.board.routes
        route = (
            route
            if isinstance(route, Route)
            else routes[checked_index(route, len(routes), "route")]
        )
        not_ready = self._not_ready()
        if not_ready:
            return self._say(not_ready)
        game, seat = self.game, self.to_play
        hand = game.hands[seat]
        ways = payment_options(hand, route.color, route.length, route.locomotives)
        tries = [Claim(route.id, color, locos) for color, locos in ways]
        if not tries:  # no way to pay: the closest try, so that the engine says what is missing
            color = max(CARD_COLORS, key=hand.__getitem__) if route.color == GRAY else route.color
            tries = [
                Claim(
                    route.id, color, max(route.locomotives, min(hand[LOCOMOTIVE], route.length - 1))
                )
            ]
        return self._choose_among(route, tries, route_reasons(game, route, seat)[0])

    def click_city(self, city: str) -> Note:
        """A click on a city: the ways to pay for a station there become the options (ST1-ST2)."""
        not_ready = self._not_ready()
        if not_ready:
            return self._say(not_ready)
        game, seat = self.game, self.to_play
        rules = game.rules
        left = game.stations_left[seat]
        built = rules.stations - left
        cost = rules.station_costs[built] if left else 1
        hand = game.hands[seat]
        tries = [BuildStation(city, c, n) for c, n in payment_options(hand, GRAY, cost, 0)]
        if not tries:
            tries = [BuildStation(city, max(CARD_COLORS, key=hand.__getitem__), 0)]
        nth = ("first", "second", "third", "fourth")[min(built, 3)]
        about = (
            render(
                "Your {nth:ordinal} station costs {cost:#card} of one colour (ST2).",
                nth=nth,
                cost=cost,
            )
            if left
            else render("You have no station left (ST1).")
        )
        return self._choose_among(city, tries, about)

    def _choose_among(self, target: Route | str, tries: list[Any], about: str) -> Note:
        legal = [a for a in tries if self.game.is_legal(a)]
        if not legal:
            self.selection = None
            try:
                self.game.copy().play(tries[0])
            except IllegalAction as err:
                return self._say(refusal(err))
            raise AssertionError(f"{tries[0]} should have been refused")  # pragma: no cover
        self.selection = target
        if self.hint_action not in legal:  # the hinted payment stays marked among the options
            self.hint_action = None
        what = self._target_name(target)
        return self._say(
            Note("info", render("{what}: choose how to pay. {about}", what=what, about=about))
        )

    def _target_name(self, target: Route | str) -> str:
        board = self.game.board
        if isinstance(target, Route):
            return render(
                "{ref:route} ({length} {color:colour}{kind})",
                ref=board.ref(target),
                length=target.length,
                color=target.color,
                kind=_kind(target),
            )
        return render("A station in {city}", city=board.display(target))

    def options(self) -> list[Option]:
        """The ways to settle what is in front of the person: a tunnel's extra cost (and
        declining it), or the payments of the route or station city they clicked."""
        game = self.game
        if game.is_over or self.bot_to_play:
            return []
        if game.phase == TUNNEL:
            tunnel = game.tunnel
            assert tunnel is not None
            found = []
            for action in game.legal_actions():
                if isinstance(action, PayTunnel):
                    paid = cards_label(
                        tunnel.color, tunnel.extra - action.locomotives, action.locomotives
                    )
                    found.append(Option(render("Pay {cards}", cards=paid), action))
            return found + [Option(prender("button", "Decline"), Decline())]
        target, seat = self.selection, game.current_player
        if target is None or game.phase != TURN:
            return []
        hand = game.hands[seat]
        if isinstance(target, Route):
            ways = payment_options(hand, target.color, target.length, target.locomotives)
            actions: list[Claim | BuildStation] = [Claim(target.id, c, n) for c, n in ways]
            length = target.length
        else:
            left = game.stations_left[seat]
            length = game.rules.station_costs[game.rules.stations - left] if left else 1
            actions = [
                BuildStation(target, c, n) for c, n in payment_options(hand, GRAY, length, 0)
            ]
        legal = [a for a in actions if game.is_legal(a)]
        legal.sort(key=lambda a: (a.locomotives, a.color is None))
        return [
            Option(cards_label(a.color, length - a.locomotives, a.locomotives), a) for a in legal
        ]

    def choose(self, index: int) -> Note:
        """Play option ``index`` of :meth:`options` (a payment, or declining a tunnel)."""
        options = self.options()
        if not 0 <= index < len(options):
            return self._say(
                Note("info", render("Click a route or a city first: then choose how to pay."))
            )
        return self._play(options[index].action)

    def decline(self) -> Note:
        """Give up the tunnel being claimed: the cards go back and the turn ends (C8)."""
        return self._play(Decline())

    def _play(self, action: Action) -> Note:
        not_ready = self._not_ready()
        if not_ready:
            return self._say(not_ready)
        game, seat = self.game, self.to_play
        step = game.actions_played
        try:
            game.play(action)
        except IllegalAction as err:
            return self._say(refusal(err))
        self.actors.append(seat)
        self.selection = None
        self.hint_action = None
        self.paused = False
        if game.phase not in (OPENING, TICKETS) or game.current_player != seat:
            self.ticked = set()
        lines = game.events_of(step + 1)
        note = self._say(*(Note("done", line) for line in lines or [game.notation(action)]))
        if game.current_player != seat or game.is_over:
            self._follow_turn()
            if self.speed == "instant":
                self.run_bots()
        return note

    # -----------------------------------------------------------------------------------------
    # The coach

    def why(self) -> list[Note]:
        """The rules in play for the choices in front of the person, each with its rule id."""
        not_ready = self._not_ready()
        if not_ready:
            self._say(not_ready)
            return [not_ready]
        notes = [Note("why", text) for text in self._rules_in_play()]
        self._say(*notes)
        return notes

    def _rules_in_play(self) -> list[str]:
        game, seat = self.game, self.to_play
        rules, phase = game.rules, game.phase
        if phase in (OPENING, TICKETS):
            offer = game.offer
            assert offer is not None
            went = {
                "box": N_("leave the game"),
                "bottom": N_("go under the ticket deck"),
                "bottom_shuffled": N_("are shuffled under the ticket deck"),
            }[offer.unkept]
            most = (
                render(" and at most {high}", high=offer.keep_max)
                if offer.keep_max < len(offer.tickets)
                else ""
            )
            texts = [
                render(
                    "Keep at least {low} of these {offered} tickets{most}; the others {went} "
                    "({rule}).",
                    low=offer.keep_min,
                    offered=len(offer.tickets),
                    most=most,
                    went=gettext(went),
                    rule=offer.rule,
                )
            ]
            return texts + [
                render("Kept tickets stay secret and are never thrown away (K3)."),
                render(
                    "At the end a ticket whose cities your routes join scores its points; "
                    "any other loses them (K4)."
                ),
            ]
        if phase == SECOND_CARD:
            return [
                render(
                    "Your second card (D1): any face-up card except a locomotive (D4), or the top "
                    "of the deck, even if it turns out to be a locomotive (D5)."
                ),
                render("A face-up card you take is replaced at once from the deck (D2)."),
            ]
        if phase == TUNNEL:
            tunnel = game.tunnel
            assert tunnel is not None
            paid = (
                render("locomotives only")
                if tunnel.color is None
                else render("{color:colour}", color=tunnel.color)
            )
            revealed = (
                render("{colors:colour list}", colors=tunnel.revealed)
                if tunnel.revealed
                else render("nothing")
            )
            return [
                render(
                    "The deck revealed {revealed}: each card matching your payment ({paid}) or a "
                    "locomotive costs one more card (C7).",
                    revealed=revealed,
                    paid=paid,
                ),
                render(
                    "Pay the extra, or decline: your cards go back to your hand and your turn "
                    "ends; the revealed cards are discarded either way (C8)."
                ),
            ]
        texts = [
            render(
                "On your turn you do exactly one thing (T1): draw 2 train cards (D1), claim a "
                "route (C1, C2), draw destination tickets (K1), or build a station (ST1)."
            )
            if rules.has_stations
            else render(
                "On your turn you do exactly one thing (T1): draw 2 train cards (D1), claim a "
                "route (C1, C2), draw destination tickets (K1)."
            )
        ]
        if any(card == LOCOMOTIVE for card in game.cards.market):
            texts.append(
                render("A face-up locomotive taken as your first card is the whole draw (D3).")
            )
        if isinstance(self.selection, Route):
            texts += route_reasons(game, self.selection, seat)
        elif isinstance(self.selection, str):
            texts.append(
                render(
                    "A station goes on any city without one, and costs 1, 2, then 3 cards of one "
                    "colour (ST1, ST2); at the end it lends you one opponent route there (ST3)."
                )
            )
        if game.final_turns_left is not None:
            texts.append(
                render(
                    "The final round is on: {turns:#turn} left, yours included (E1).",
                    turns=game.final_turns_left,
                )
            )
        return texts

    def hint(self) -> Note:
        """What the greedy bot would play in the person's seat, and why (its reason as data)."""
        not_ready = self._not_ready()
        if not_ready:
            return self._say(not_ready)
        choice = GreedyAgent(0).explain(self.game, self.to_play)
        self.hint_action = choice.action
        text = hint_text(self.game, choice)
        return self._say(Note("hint", render("Hint, the greedy bot's choice: {text}", text=text)))

    def take_back(self) -> Note:
        """Take back the person's last action and every bot action after it (in teacher mode:
        the last action, whoever played it). The bots then wait until asked."""
        game = self.game
        if self.teacher:
            keep = len(self.actors) - 1
        else:
            mine = [i for i, seat in enumerate(self.actors) if self.is_human(seat)]
            keep = mine[-1] if mine else -1
        if keep < 0:
            return self._say(Note("info", render("There is nothing of yours to take back.")))
        while len(self.actors) > keep:
            game.undo()
            self.actors.pop()
        self.selection = None
        self.hint_action = None
        self.ticked = set()
        self.paused = self.bot_to_play
        who = self.seats[self.to_play].name
        self._follow_turn()
        self.revealed = True
        return self._say(Note("info", render("Taken back: {name} is to play again.", name=who)))

    # -----------------------------------------------------------------------------------------
    # The bots

    def bot_turn(self) -> bool:
        """Let the bot to play finish its turn (several actions: two cards, a tunnel...).
        Returns whether it played."""
        if not self.bot_to_play:
            return False
        game, seat = self.game, self.to_play
        bot = self.bots[seat]
        while not game.is_over and game.current_player == seat:
            game.play(bot.choose(game))
            self.actors.append(seat)
        self.paused = False
        self.seq += 1
        self._follow_turn()
        return True

    def run_bots(self) -> int:
        """Play bot turns until a person is to play or the game is over; returns how many."""
        turns = 0
        while not self.paused and self.bot_turn():
            turns += 1
        return turns

    def autoplay_step(self) -> bool:
        """One tick of autoplay: a bot turn if a bot is to play; returns whether more follow."""
        if not self.paused:
            self.bot_turn()
        return self.bot_to_play and not self.paused

    def bot_choice(self, game: Game | None = None) -> Action:
        """The action the bot to play would choose now (from a copy of it, so nothing moves),
        in ``game`` (a position its seat cannot tell from this one) or in this model's."""
        bot = copy.deepcopy(self.bots[self.to_play])
        return bot.choose(self.game if game is None else game)

    # -----------------------------------------------------------------------------------------
    # Saving and loading

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-ready data: the seats, the settings and the whole game."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "seats": [{"name": s.name, "who": s.who} for s in self.seats],
            "seed": self.seed,
            "speed": self.speed,
            "teacher": self.teacher,
            "game": self.game.to_dict(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        """Write the table to a JSON file (atomically)."""
        write_json(path, self.to_dict())

    @classmethod
    def from_dict(cls, data: Any) -> PlayModel:
        """A table saved by :meth:`to_dict`; a bad field raises :class:`SaveError` naming it.
        The bots start afresh from their seeds."""
        if not isinstance(data, dict):
            raise SaveError("expected a JSON object {obj} at the top", obj="{...}")
        if data.get("format") != FORMAT:
            raise SaveError(
                "field 'format': expected {expected!r}, not {value}",
                expected=FORMAT,
                value=preview(data.get("format")),
            )
        if data.get("version") != VERSION:
            raise SaveError(
                "field 'version': expected {expected}, not {value}",
                expected=VERSION,
                value=preview(data.get("version")),
            )
        unknown = sorted(
            set(data) - {"format", "version", "seats", "seed", "speed", "teacher", "game"}
        )
        if unknown:
            raise SaveError("unknown field {value}", value=preview(unknown[0]))
        seed, speed, teacher = data.get("seed"), data.get("speed"), data.get("teacher")
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise SaveError(
                "field 'seed': expected a whole number, not {value}", value=preview(seed)
            )
        if speed not in SPEEDS:
            raise SaveError(
                "field 'speed': expected one of {known}, not {value}",
                known=", ".join(SPEEDS),
                value=preview(speed),
            )
        if type(teacher) is not bool:
            raise SaveError(
                "field 'teacher': expected true or false, not {value}", value=preview(teacher)
            )
        game = Game.from_dict(data.get("game"))
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != game.num_players:
            raise SaveError(
                "field 'seats': expected one seat per player ({players})", players=game.num_players
            )
        chosen = []
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict) or set(seat) != {"name", "who"}:
                raise SaveError('field \'seats[{i}]\': expected {{"name": ..., "who": ...}}', i=i)
            if seat["name"] != game.players[i]:
                raise SaveError(
                    "field 'seats[{i}].name': {value} is not the game's player {name!r}",
                    i=i,
                    value=preview(seat["name"]),
                    name=game.players[i],
                )
            chosen.append(Seat(seat["name"], _check_who(seat["who"], f"seats[{i}].who", SaveError)))
        try:
            return cls(game, chosen, seed=seed, speed=speed, teacher=teacher)
        except TTRError as err:
            raise SaveError("field 'seats': {reason}", reason=err.message) from None

    @classmethod
    def from_json(cls, text: str | bytes) -> PlayModel:
        return cls.from_dict(parse_json(text, N_("the saved table"), SaveError))

    @classmethod
    def load(cls, path: str | Path) -> PlayModel:
        return cls.from_dict(read_json(path, SaveError))

    # -----------------------------------------------------------------------------------------
    # The view

    def outcome(self) -> Outcome | None:
        """The final scores, once the game is over."""
        if not self.game.is_over:
            return None
        steps = self.game.actions_played
        if self._outcome is None or self._outcome[0] != steps:
            self._outcome = (steps, self.game.outcome())
        return self._outcome[1]

    def ticket_lines(self, seat: int) -> list[TicketLine]:
        """``seat``'s tickets: joined (with the best use of its stations, ST3-ST4) or not, and
        the trains the cheapest path of open routes still needs (own routes are free)."""
        game = self.game
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

    def view(self) -> TableView:
        """What the person's seat may see now (from ``game.observation``), and their choices."""
        game = self.game
        viewer = self.viewer if self.revealed else None
        public = game.observation(self.viewer)
        over = game.is_over
        tickets = tuple(self.ticket_lines(self.viewer)) if viewer is not None else ()
        offer: tuple[tuple[str, int, bool], ...] = ()
        if viewer is not None and "offer" in public and game.offer is not None:
            offered = [game.ticket_pool[t] for t in game.offer.tickets]  # the viewer's own offer
            offer = tuple(
                (game.board.ticket_ref(t), t.points, i in self.ticked)
                for i, t in enumerate(offered)
            )
        tunnel = None
        if viewer is not None and "tunnel" in public and public["current_player"] == viewer:
            info = public["tunnel"]
            tunnel = (
                game.board.ref(game.board.routes[info["route"]]),
                tuple(info["revealed"]),
                info["extra"],
            )
        options = self.options() if viewer is not None else []
        routes, cities = self._highlights(tickets)
        marks, notes = ticket_marks(tickets)
        return TableView(
            seq=self.seq,
            viewer=viewer,
            phase=public["phase"],
            prompt=self._prompt(viewer),
            players=tuple(
                PlayerLine(
                    seat=seat,
                    name=name,
                    who=seat_label(self.seats[seat].who),
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
            choosing=self._target_name(self.selection)
            if self.selection is not None and options
            else "",
            options=tuple(o.label for o in options),
            can_pass=viewer is not None
            and not over
            and not self.bot_to_play
            and list(game.legal_actions()) == [Pass()],
            notes=tuple(self.notes),
            narration=tuple(public_lines(game, viewer)),
            owners={r: seat for r, seat in enumerate(public["owners"]) if seat is not None},
            stations=dict(public["stations"]),
            highlight_routes=routes,
            highlight_cities=cities,
            ticket_marks=marks,
            ticket_notes=notes,
            focus_options=tuple(self.focus_options(tickets)),
            focus=self.focus,
            hinted=self._hinted(options),
            bot_to_play=self.bot_to_play,
            can_take_back=bool(self.actors)
            and (self.teacher or any(map(self.is_human, self.actors))),
            over=over,
            outcome=self.outcome(),
        )

    def _hinted(self, options: Sequence[Option]) -> tuple[str, ...]:
        """The controls of the table that carry out the hint: a market slot, the deck, the
        tickets or pass button, the ticket boxes and Keep, or a payment option. (A route or a
        city to click is lit on the map.)"""
        action = self.hint_action
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

    def focus_options(self, tickets: Sequence[TicketLine]) -> list[tuple[str, str]]:
        """What the map may show beside the position and the person's tickets (always marked):
        the tickets on offer, one ticket and its cheapest path, or (at the end) each player's
        longest trail and stations."""
        found = [(render("Your tickets, and those on offer"), "tickets")]
        found += [
            (render("Ticket {ref}", ref=line.ref), f"ticket:{i}") for i, line in enumerate(tickets)
        ]
        outcome = self.outcome()
        if outcome is not None:
            found += focus_choices(outcome)
        found.append((render("Nothing"), "none"))
        return found

    def set_focus(self, key: str) -> None:
        """Show ``key`` of :meth:`focus_options` on the map."""
        keys = [k for _, k in self.focus_options(self.ticket_lines(self.viewer))]
        if key not in keys:
            raise TTRError(
                "nothing to show called {value} (known: {known})",
                value=preview(key),
                known=", ".join(keys),
            )
        self.focus = key
        self.seq += 1

    def _highlights(self, tickets: Sequence[TicketLine]) -> tuple[tuple[int, ...], tuple[str, ...]]:
        routes: list[int] = []
        cities: list[str] = []
        kind, _, index = self.focus.partition(":")
        if kind == "tickets":  # the kept ones are marked anyway (ticket_marks): light the offer
            offer = self.game.offer
            if offer is not None and offer.player == self.viewer and self.revealed:
                cities += [c for t in offer.tickets for c in self.game.ticket_pool[t].cities]
        elif kind == "ticket" and int(index) < len(tickets):
            line = tickets[int(index)]
            cities += line.cities
            routes += line.path
        outcome = self.outcome()
        if outcome is not None and kind in ("trail", "stations"):
            lit_routes, lit_cities = focus_marks(outcome, int(index), kind)
            routes += lit_routes
            cities += lit_cities
        if isinstance(self.selection, Route):
            routes.append(self.selection.id)
        elif isinstance(self.selection, str):
            cities.append(self.selection)
        hinted = self.hint_action
        if isinstance(hinted, Claim):
            routes.append(hinted.route)
        elif isinstance(hinted, BuildStation):
            cities.append(hinted.city)
        return tuple(dict.fromkeys(routes)), tuple(dict.fromkeys(cities))

    def _prompt(self, viewer: int | None) -> str:
        game = self.game
        outcome = self.outcome()
        if outcome is not None:
            names = render(" and ").join(outcome.winner_names)
            if len(outcome.winners) > 1:
                return render("The game is over: {names} win (F5).", names=names)
            return render("The game is over: {names} wins (F5).", names=names)
        seat = self.seats[self.to_play]
        if seat.is_bot:
            waiting = {
                "instant": N_("press “Next bot turn” to go on") if self.paused else N_("playing"),
                "one at a time": N_("press “Next bot turn”"),
                "autoplay": N_("press “Next bot turn” to go on")
                if self.paused
                else N_("playing on its own"),
            }[self.speed]
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
                "Take your second card: a face-up card that is not a locomotive, or the deck "
                "(D1, D4)."
            )
        if self.selection is not None and self.options():
            return render(
                "{what}: choose how to pay, below the market.",
                what=self._target_name(self.selection),
            )
        final = (
            " " + render("Final round: {turns:#turn} left (E1).", turns=game.final_turns_left)
            if game.final_turns_left is not None
            else ""
        )
        if game.rules.has_stations and game.stations_left[self.to_play]:
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


def _kind(route: Route) -> str:
    if route.is_ferry:
        return render(", ferry of {n:#locomotive}", n=route.locomotives)
    return render(", tunnel") if route.is_tunnel else ""
