"""Play a whole game against bots, with a rules coach: :class:`PlayModel`, the session at the
table (the game, who sits where, the person's clicks, the bots' turns).

The model is plain Python: a :class:`~ttr.game.Game`, who sits in each seat (a person, ``"you"``,
or a bot of :func:`ttr.agents.make_agent`, see :mod:`ttr.apps.seats`), and what the person has
clicked so far. Every click of the table is a method here (``take_card``, ``draw_deck``,
``click_route``, ``click_city``, ``choose`` one of the offered payments, ``tick`` and ``keep``
tickets, ``decline`` a tunnel...). The other jobs live beside it: :meth:`PlayModel.view`
describes what the person's seat may see as plain data (:mod:`ttr.apps.view`); the coach
(:mod:`ttr.apps.coach`) explains every refused click with its rule id, names the rules in play
(:meth:`PlayModel.why`) and gives a bot's choice with its reason (:meth:`PlayModel.hint`); the
file format is :mod:`ttr.apps.saves`; the widget is :class:`~ttr.apps.table.PlayTable`.

Bots play their turns from the same game, reading only what their seat may know (the bots' own
tests check it), at a chosen speed: ``"instant"`` (all bot turns at once), ``"one at a time"``
(:meth:`PlayModel.bot_turn` on request) or ``"autoplay"`` (the table's timer calls
:meth:`PlayModel.autoplay_step`).

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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ttr import checks
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
from ttr.agents import Agent, make_agent
from ttr.agents.coach import advise
from ttr.apps.coach import Note, advice_text, refusal, rules_in_play
from ttr.apps.saves import read_table, table_dict
from ttr.apps.seats import HUMAN, SPEEDS, Seat, check_who, seat_label
from ttr.apps.table_model import Option
from ttr.apps.view import (
    TableView,
    TicketLine,
    focus_options,
    table_view,
    target_name,
    ticket_lines,
)
from ttr.board import Route
from ttr.colors import CARD_COLORS, GRAY, LOCOMOTIVE
from ttr.errors import IllegalAction, SaveError, TTRError, preview
from ttr.game import OPENING, TICKETS, TUNNEL, TURN, Game
from ttr.i18n import N_, prender, render
from ttr.jsonio import parse_json, read_json, write_json
from ttr.payment import payment_options
from ttr.scoring.breakdown import Outcome
from ttr.text import sentences
from ttr.views.widgets.claim import route_rules

__all__ = ["MAX_OFFER", "Option", "PlayModel", "cards_label"]

MAX_OFFER = 5
"""The most tickets ever on offer (V2 and V4 deal 5)."""
MAX_SEED = 2**63 - 1
"""The largest seed a table takes (and its saved file gives back)."""


def seats_of(seats: object) -> tuple[Seat, ...]:
    """``seats`` (a :class:`Seat` or a ``(name, who)`` pair each) as seats, each ``who``
    checked (:func:`~ttr.apps.seats.check_who`); anything else is refused naming it."""
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence) or len(seats) > 5:
        raise TTRError("seats: expected a list of seats, not {value}", value=preview(seats))
    chosen = []
    for i, seat in enumerate(seats):
        if isinstance(seat, tuple) and len(seat) == 2:
            seat = Seat(*seat)
        if not isinstance(seat, Seat) or not isinstance(seat.name, str):
            raise TTRError(
                "seats[{i}]: expected a Seat or a (name, who) pair, not {value}",
                i=i,
                value=preview(seat),
            )
        chosen.append(Seat(seat.name, check_who(seat.who, f"seats[{i}]", TTRError)))
    return tuple(chosen)


def cards_label(color: str | None, colored: int, locomotives: int) -> str:
    """``("red", 2, 1)`` -> ``"2 red + 1 loco"``: a payment as the option buttons name it (in
    the language in force)."""
    parts = [render("{n} {color:colour}", n=colored, color=color)] if color and colored else []
    if locomotives or not parts:
        parts.append(render("{n} {color:colour}", n=locomotives, color=LOCOMOTIVE))
    return " + ".join(parts)


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
        if not isinstance(game, Game):
            raise TTRError("game: expected a Game, not {value}", value=preview(game))
        self.seats = seats_of(seats)
        if tuple(s.name for s in self.seats) != game.players:
            raise TTRError(
                "the seats {seats} are not the game's players", seats=[s.name for s in self.seats]
            )
        if not any(not s.is_bot for s in self.seats):
            raise TTRError("at least one seat must be played by a person ('you')")
        self.game = game
        self.seed = checks.whole_number(seed, "seed", high=MAX_SEED)
        self.speed = checks.one_of(speed, "speed", SPEEDS)
        self.teacher = checks.one_of(teacher, "teacher", (False, True))
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
        self.hint_steps: int | None = None  # the coach's search budget (None: its default)
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
        chosen = seats_of(seats or [("Ann", HUMAN), ("Ben", "greedy")])
        seed = checks.whole_number(seed, "seed", high=MAX_SEED)  # what a saved table takes back
        checks.one_of(speed, "speed", SPEEDS)
        checks.one_of(teacher, "teacher", (False, True))
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
        return self._play(DrawCard(checks.index(slot, 5, "slot")))

    def draw_deck(self) -> Note:
        """Take the top card of the deck, unseen (D1, D5)."""
        return self._play(DrawCard(None))

    def draw_tickets(self) -> Note:
        """Draw destination tickets (K1)."""
        return self._play(DrawTickets())

    def pass_turn(self) -> Note:
        """Pass, when nothing else is legal (T2)."""
        return self._play(Pass())

    def tick(self, index: int, on: bool | None = None) -> Note | None:
        """Tick (``on`` True), untick (False) or switch (None) ticket ``index`` of the offer in
        front of the person; with no offer in front of them, the coach says so and nothing
        changes."""
        checks.one_of(on, "on", (None, False, True))
        index = checks.index(index, MAX_OFFER, "ticket")
        offer = self.game.offer
        not_ready = self._not_ready()
        if not_ready or offer is None:
            return self._say(
                not_ready or Note("info", render("There are no tickets on offer to tick."))
            )
        if index >= len(offer.tickets):
            return self._say(Note("info", render("There is no ticket {n} on offer.", n=index + 1)))
        if on is None:
            on = index not in self.ticked
        if on:
            self.ticked.add(index)
        else:
            self.ticked.discard(index)
        self.seq += 1
        return None

    def keep(self) -> Note:
        """Keep the ticked tickets of the offer (S4-S5, K1, V2, V4)."""
        return self._play(KeepTickets(tuple(sorted(self.ticked))))

    def click_route(self, route: Route | int) -> Note:
        """A click on a route: the ways to pay for it become the options, or the coach says why
        it cannot be claimed (C1-C6, T3)."""
        route = checks.board_route(self.game.board, route)
        not_ready = self._not_ready()
        if not_ready:
            return self._say(not_ready)
        game, seat = self.game, self.to_play
        hand = game.hands[seat]
        ways = payment_options(hand, route.color, route.length, route.locomotives)
        tries = [Claim(route.id, color, locos) for color, locos in ways]
        if not tries:  # no way to pay: the closest try, so that the engine says what is missing
            # (the locomotives in hand, at least one card of the colour: a ferry short of
            # locomotives is then refused by its own rule, C6)
            color = max(CARD_COLORS, key=hand.__getitem__) if route.color == GRAY else route.color
            tries = [Claim(route.id, color, min(hand[LOCOMOTIVE], route.length - 1))]
        # the colours (C2), and a ferry's (C6) or a tunnel's (C7) own rule, known by their ids
        # (not by the text, whose brackets are the language's: "(C6)", "（C6）")
        about = [r.text for r in route_rules(game, route, seat) if r.rule in ("C2", "C6", "C7")]
        return self._choose_among(route, tries, sentences(about))

    def click_city(self, city: str) -> Note:
        """A click on a city: the ways to pay for a station there become the options (ST1-ST2)."""
        city = checks.board_city(self.game.board, city)
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
        what = target_name(self.game.board, target)
        return self._say(
            Note("info", render("{what}: choose how to pay. {about}", what=what, about=about))
        )

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
        index = checks.whole_number(index, "option")
        options = self.options()
        if index >= len(options):
            return self._say(
                Note("info", render("Click a route or a city first: then choose how to pay."))
            )
        return self._play(options[index].action)

    def cancel(self) -> Note:
        """Put away the payment choice in front of the person (the route or station city they
        clicked): nothing is played, and any other action may follow."""
        if self.selection is None or self.game.phase != TURN:
            return self._say(Note("info", render("There is no payment choice to cancel.")))
        what = target_name(self.game.board, self.selection)
        self.selection = None
        return self._say(Note("info", render("{what}: cancelled, nothing paid.", what=what)))

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
        notes = [
            Note("why", text) for text in rules_in_play(self.game, self.to_play, self.selection)
        ]
        self._say(*notes)
        return notes

    def hint(self) -> Note:
        """What the coach would play in the person's seat, and why: the move of
        ``make_agent("coach")`` (:func:`ttr.agents.coach.advise`), its reasons in words."""
        not_ready = self._not_ready()
        if not_ready:
            return self._say(not_ready)
        advice = advise(self.game, self.to_play, steps=self.hint_steps)
        self.hint_action = advice.action
        if not self._hint_is_for_selection(advice.action):
            self.selection = None  # an unfinished payment for something else is put away
        text = advice_text(self.game, advice)
        return self._say(Note("hint", render("Hint, the coach's move: {text}", text=text)))

    def _hint_is_for_selection(self, action: Action) -> bool:
        """Whether ``action`` settles the route or station city being paid for now."""
        selection = self.selection
        if isinstance(selection, Route):
            return isinstance(action, Claim) and action.route == selection.id
        if isinstance(selection, str):
            return isinstance(action, BuildStation) and action.city == selection
        return True

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
        if game is not None and not isinstance(game, Game):
            raise TTRError("game: expected a Game or None, not {value}", value=preview(game))
        if not self.bot_to_play:
            raise TTRError("no bot is to play")
        bot = copy.deepcopy(self.bots[self.to_play])
        return bot.choose(self.game if game is None else game)

    # -----------------------------------------------------------------------------------------
    # Saving and loading (:mod:`ttr.apps.saves`)

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-ready data: the seats, the settings and the whole game."""
        return table_dict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        """Write the table to a JSON file (atomically)."""
        write_json(path, self.to_dict())

    @classmethod
    def from_dict(cls, data: Any) -> PlayModel:
        """A table saved by :meth:`to_dict`; a bad field raises :class:`SaveError` naming it.
        The bots start afresh from their seeds."""
        return read_table(cls, data)

    @classmethod
    def from_json(cls, text: str | bytes) -> PlayModel:
        return cls.from_dict(parse_json(text, N_("the saved table"), SaveError))

    @classmethod
    def load(cls, path: str | Path) -> PlayModel:
        return cls.from_dict(read_json(path, SaveError))

    # -----------------------------------------------------------------------------------------
    # The view (:mod:`ttr.apps.view`)

    def outcome(self) -> Outcome | None:
        """The final scores, once the game is over."""
        if not self.game.is_over:
            return None
        steps = self.game.actions_played
        if self._outcome is None or self._outcome[0] != steps:
            self._outcome = (steps, self.game.outcome())
        return self._outcome[1]

    def ticket_lines(self, seat: int) -> list[TicketLine]:
        """``seat``'s tickets: joined or not, and what the cheapest path still needs."""
        return ticket_lines(self.game, checks.index(seat, self.game.num_players, "seat"))

    def set_speed(self, speed: str) -> None:
        """Play the bots' turns at ``speed`` (one of :data:`~ttr.apps.seats.SPEEDS`) from now
        on; ``"instant"`` plays the bot turns waiting at once."""
        self.speed = checks.one_of(speed, "speed", SPEEDS)
        self.seq += 1
        if speed == "instant":
            self.run_bots()

    def set_teacher(self, on: bool) -> None:
        """Teacher mode: :meth:`take_back` takes back any action, not only the person's own."""
        self.teacher = checks.one_of(on, "teacher", (False, True))
        self.seq += 1

    def view(self) -> TableView:
        """What the person's seat may see now (from ``game.observation``), and their choices."""
        return table_view(self)

    def focus_options(self, tickets: Sequence[TicketLine]) -> list[tuple[str, str]]:
        """What the map may show (see :func:`ttr.apps.view.focus_options`)."""
        return focus_options(self, tickets)

    def set_focus(self, key: str) -> None:
        """Show ``key`` of :meth:`focus_options` on the map."""
        keys = [k for _, k in self.focus_options(self.ticket_lines(self.viewer))]
        if not isinstance(key, str) or key not in keys:
            raise TTRError(
                "nothing to show called {value} (known: {known})",
                value=preview(key),
                known=", ".join(keys),
            )
        self.focus = key
        self.seq += 1
