"""The game: one object that knows everything about a position, in the manner of python-chess.

A :class:`Game` is dealt from a rule set and a seed, then moves forward one action at a time:

>>> game = Game("usa", players=["Ann", "Ben"], seed=1)
>>> game.phase, game.current_player
('opening', 0)
>>> game.play(game.parse("keep 1 2"))      # Ann keeps two of her three opening tickets (S4)

``legal_actions()`` lists every legal action in a fixed order, ``play`` checks an action and
raises :class:`IllegalAction` (naming the rule) without changing anything when it is not allowed,
``undo`` takes the last action back, ``copy`` clones, ``observation(player)`` shows what one
player may know, ``events`` records each step as data with its narration (English by default), and
``to_json``/``from_json`` round-trip exactly. A turn may take several actions: the pending
decision (the second card of a draw, a tunnel's extra cost, the tickets to keep) is in ``phase``.

``Game`` is a thin façade. The position is one record, :class:`ttr.state.State`; the rules are
functions of it in :mod:`ttr.turn` (one module per rule family); the legal actions are in
:mod:`ttr.legal`, the narration in :mod:`ttr.narration`, saving and loading in :mod:`ttr.persist`
and staging a position in :mod:`ttr.staging`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ttr.actions import Action
from ttr.board import Board, Route, Ticket
from ttr.cards import deck_cards
from ttr.colors import hand_dict
from ttr.display import picture
from ttr.errors import IllegalAction, PlayerError, ScenarioError, TTRError, preview
from ttr.events import Event, Kind, Log
from ttr.legal import LegalActions, legal_actions, turn_actions
from ttr.open_routes import double_bar, is_open
from ttr.rules import RuleSet
from ttr.state import (
    ACTION,
    DEFAULT_NAMES,
    OPENING,
    OVER,
    PHASES,
    SECOND_CARD,
    TICKETS,
    TUNNEL,
    TURN,
    RandomState,
    State,
    TicketOffer,
    TunnelAttempt,
    empty_state,
    freeze,
    make_setup,
    undo,
)
from ttr.turn import checked
from ttr.turn.deal import deal as deal_cards

if TYPE_CHECKING:
    from ttr.persist import Save
    from ttr.scoring.breakdown import Holdings, Outcome

# Loaded when first used, not with the engine (import time): ttr.notation (parse, history,
# notation), ttr.scoring.breakdown (holdings, outcome), json (to_json, state_key).

__all__ = [
    "DEFAULT_NAMES",
    "OPENING",
    "OVER",
    "PHASES",
    "SECOND_CARD",
    "TICKETS",
    "TUNNEL",
    "TURN",
    "Event",
    "Game",
    "TicketOffer",
    "TunnelAttempt",
]

Undo = tuple[Any, ...]
"""One entry of the undo stack: which fields it keeps, the number of events before the action,
the action, then those fields' values before it (:data:`ttr.state.Record`)."""


class CardsView:
    """The train cards on the table, read-only: ``deck`` (top last), ``discard``, ``market``."""

    __slots__ = ("_state",)

    def __init__(self, state: State):
        self._state = state

    @property
    def deck(self) -> list[str]:
        return list(deck_cards(self._state))

    @property
    def discard(self) -> list[str]:
        return list(self._state.discard)

    @property
    def market(self) -> list[str | None]:
        return list(self._state.market)

    @property
    def out(self) -> list[str]:
        """The cards out of the game (a staged position's, with ``rest="out"``): public."""
        return list(self._state.out)

    def can_draw(self) -> bool:
        return bool(self._state.top or self._state.discard)


class Game:
    """A game of Ticket to Ride under one rule set, from the deal to the last turn."""

    def __init__(
        self,
        rules: str | RuleSet = "usa",
        players: int | Sequence[str] = 2,
        seed: int | random.Random | None = 0,
        *,
        variant: str | None = None,
        deal: bool = True,
        record: bool = True,
    ):
        self.setup = make_setup(rules, players, variant)
        rng: RandomState | random.Random
        if isinstance(seed, random.Random):  # the deal moves the caller's generator on
            rng = seed
        elif type(seed) is int:
            rng = RandomState(seed)
        elif seed is None:
            rng = RandomState(random.Random().getstate())
        else:
            raise TTRError(
                "seed must be an int, None or a random.Random, not {seed}", seed=preview(seed)
            )
        self.state = empty_state(self.setup, rng)
        self.record = record
        """Whether events (the narration) are recorded; undo works either way."""
        self.events: list[Event] = []
        self._stack: list[Undo] = []
        if deal:
            deal_cards(self.setup, self.state, self._log(0))
        freeze(self.state)  # a caller's generator: the game goes on from a copy of its state

    def _log(self, step: int) -> Log | None:
        return Log(self.events, self.setup, step) if self.record else None

    # -----------------------------------------------------------------------------------------
    # The fixed facts

    @property
    def rules(self) -> RuleSet:
        return self.setup.rules

    @property
    def board(self) -> Board:
        return self.setup.board

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def num_players(self) -> int:
        return len(self.setup.players)

    @property
    def ticket_pool(self) -> tuple[Ticket, ...]:
        """Every ticket of the game; tickets are named by their position in this pool."""
        return self.setup.ticket_pool

    # -----------------------------------------------------------------------------------------
    # The position (read-only views of the state record)

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def current_player(self) -> int:
        return self.state.current_player

    @property
    def turn(self) -> int:
        """The number of completed turns."""
        return self.state.turn

    @property
    def final_turns_left(self) -> int | None:
        return self.state.final_turns_left

    @property
    def triggered_by(self) -> int | None:
        return self.state.triggered_by

    @property
    def passes_in_row(self) -> int:
        return self.state.passes_in_row

    @property
    def is_over(self) -> bool:
        return self.state.phase == OVER

    @property
    def cards(self) -> CardsView:
        return CardsView(self.state)

    @property
    def hands(self) -> list[dict[str, int]]:
        """Each player's hand as ``{kind: count}`` (a copy)."""
        return [hand_dict(hand) for hand in self.state.hands]

    @property
    def trains(self) -> list[int]:
        return list(self.state.trains)

    @property
    def stations_left(self) -> list[int]:
        return list(self.state.stations_left)

    @property
    def route_points(self) -> list[int]:
        return list(self.state.route_points)

    @property
    def tickets(self) -> list[list[int]]:
        """Each player's kept tickets, as positions in :attr:`ticket_pool`."""
        return [list(kept) for kept in self.state.tickets]

    @property
    def owner(self) -> list[int | None]:
        """The seat owning each route (by route id), or None."""
        return list(self.state.owner)

    @property
    def stations(self) -> dict[str, int]:
        """The seat owning the station in each city that has one."""
        return dict(self.state.stations)

    @property
    def ticket_deck(self) -> list[int]:
        """The ticket deck, the top ticket last."""
        return list(self.state.ticket_deck)

    @property
    def box(self) -> list[int]:
        """Tickets out of the game."""
        return list(self.state.box)

    @property
    def set_aside(self) -> list[int]:
        """Opening tickets returned, to be shuffled under the deck once all have chosen (V2, V4)."""
        return list(self.state.set_aside)

    @property
    def opening_queue(self) -> list[TicketOffer]:
        return list(self.state.opening_queue)

    @property
    def offer(self) -> TicketOffer | None:
        """The tickets on offer now (the opening or a ticket draw), if any."""
        return self.state.offer

    @property
    def tunnel(self) -> TunnelAttempt | None:
        """The tunnel being claimed, if its extra cost is pending (C7)."""
        return self.state.tunnel

    @property
    def counts(self) -> Counter[str]:
        """Statistics of the game so far: market resets, reshuffles, passes, D9 stops..."""
        return Counter(self.state.counts)

    # -----------------------------------------------------------------------------------------
    # Legal actions

    def legal_actions(self) -> LegalActions:
        """Every legal action now, in a fixed order (T1, T3): the perft-style contract.

        A lazy sequence (``len``, index, iterate, ``in``; equal to a list of the same actions)
        of the position it was made in, of the same type in every phase.
        """
        state = self.state
        if state.phase == TURN:
            return turn_actions(self.setup, state)
        return legal_actions(self.setup, state)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be played now (:meth:`play` would accept it)."""
        try:
            checked(self.setup, self.state, action)
        except IllegalAction:
            return False
        return True

    def is_open(self, route: Route, player: int) -> bool:
        """Whether ``route`` is open to ``player``: free, and its double not barring it (C5)."""
        return is_open(self.board, self.state.owner, route.id, player, self.setup.double_lock)

    def double_bar(self, route: Route, player: int) -> str | None:
        """How the other route of ``route``'s double bars ``player`` (C5): ``"own both"``,
        ``"lock"`` or None."""
        return double_bar(self.board, self.state.owner, route.id, player, self.setup.double_lock)

    # -----------------------------------------------------------------------------------------
    # Playing and taking back

    def play(self, action: Action | str) -> None:
        """Play ``action`` (or its notation) for the current player.

        Raises :class:`IllegalAction` naming the rule (``err.rule``), leaving the game exactly
        as it was: every field is checked before anything changes.
        """
        state, setup = self.state, self.setup
        try:
            _, _, effect, recorder = checked(setup, state, action)
        except IllegalAction:
            if not isinstance(action, str):
                raise
            notation = True  # refused as "not an action": read it, outside the handler
        else:
            notation = False
        if notation:
            self.play(self.parse(action))  # type: ignore[arg-type]
            return
        events = self.events
        entry = recorder(state, action, len(events))
        stack = self._stack
        try:
            effect(
                setup, state, action, Log(events, setup, len(stack) + 1) if self.record else None
            )
        except BaseException:  # never leave half an action behind
            undo(state, entry)
            del events[entry[1] :]
            raise
        stack.append(entry)

    def undo(self) -> Action:
        """Take back the last action and return it (python-chess's ``pop``); :attr:`actions`
        lists them. The time it takes does not grow with the length of the game, and it works
        with or without ``record``. :class:`IndexError` if no action has been played."""
        if not self._stack:
            raise IndexError("undo: no action has been played")
        entry = self._stack.pop()
        undo(self.state, entry)
        del self.events[entry[1] :]
        action: Action = entry[ACTION]
        return action

    def peek(self) -> Action:
        """The last action played (python-chess's ``peek``); :class:`IndexError` if none."""
        if not self._stack:
            raise IndexError("peek: no action has been played")
        action: Action = self._stack[-1][ACTION]
        return action

    @property
    def actions(self) -> list[Action]:
        """The actions played so far, in order (the move stack)."""
        return [entry[ACTION] for entry in self._stack]

    @property
    def actions_played(self) -> int:
        return len(self._stack)

    @property
    def history(self) -> list[str]:
        """The notation of each action played, each read in the position it was played in."""
        from ttr.notation import format_action

        state, before = self.state.copy(), []
        for entry in reversed(self._stack):  # the positions before each action, the last first
            undo(state, entry)
            before.append(format_action(self.setup, state, entry[ACTION]))
        return before[::-1]

    def copy(self) -> Game:
        """An independent copy, with the same undo stack and random state (cheap: the values
        are shared, since none is ever changed in place)."""
        other = Game.__new__(Game)
        other.setup = self.setup
        other.state = self.state.copy()
        other.record = self.record
        other.events = list(self.events)
        other._stack = list(self._stack)
        return other

    def root(self) -> Game:
        """A copy of the game at its start position (before the first action), as
        python-chess's ``Board.root()``; its events are those of the deal or the staging."""
        other = self.copy()
        while other._stack:
            other.undo()
        return other

    def shuffled_deck(self, seed: int | random.Random) -> Game:
        """A copy of the game whose deck holds the same cards in a new order, shuffled with
        ``seed``: a what-if for chance (the next blind draws, a tunnel's reveal). The copy's
        generator moves on from this game's, so later reshuffles differ too."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        other = self.copy()
        state = other.state
        deck = list(state.deck[: state.top])
        rng.shuffle(deck)
        state.deck, state.top = tuple(deck), len(deck)
        return other

    def start_state(self) -> dict[str, Any]:
        """The position before the first action (after the deal or the staging), as
        :meth:`to_dict` data; :meth:`root` gives it as a game."""
        return self.root().to_dict()

    # -----------------------------------------------------------------------------------------
    # Narration

    def events_for(self, seat: int | None) -> list[Event]:
        """The events as ``seat`` may read them (None: a spectator, who sees only what is
        public): another seat's blind draws and tickets come with their secrets masked
        (:meth:`ttr.events.Event.seen_by`)."""
        if seat is not None:
            self._check_seat(seat)
        return [event.seen_by(seat) for event in self.events]

    def events_of(self, step: int) -> list[str]:
        """The narration lines of one step (0 = the deal, k = the k-th action)."""
        return [line for event in self.events if event.step == step for line in event.lines]

    # -----------------------------------------------------------------------------------------
    # Queries

    def route_owner(self, route_id: int) -> int | None:
        return self.state.owner[route_id]

    def routes_of(self, player: int) -> list[Route]:
        """The routes ``player`` owns, by id."""
        owner = self.state.owner
        return [r for r in self.board.routes if owner[r.id] == player]

    def hand_of(self, player: int) -> dict[str, int]:
        """``player``'s hand as ``{kind: count}`` (what that player, and only they, may see)."""
        return hand_dict(self.state.hands[player])

    def ticket_ids_of(self, player: int) -> tuple[int, ...]:
        """``player``'s kept tickets, as positions in :attr:`ticket_pool` (secret to them)."""
        return self.state.tickets[player]

    def tickets_of(self, player: int) -> list[Ticket]:
        pool = self.setup.ticket_pool
        return [pool[t] for t in self.state.tickets[player]]

    def stations_of(self, player: int) -> list[str]:
        """The cities where ``player`` has built a station."""
        return [city for city, owner in self.state.stations.items() if owner == player]

    def card_count(self) -> int:
        """All train cards: hands, deck, discard, market, cards held by a tunnel, and any out
        of the game."""
        state = self.state
        total = sum(map(sum, state.hands)) + state.top + len(state.discard) + len(state.out)
        total += sum(1 for card in state.market if card is not None)
        if state.tunnel is not None:
            route = self.board.routes[state.tunnel.route]
            total += route.length + len(state.tunnel.revealed)
        return total

    def ticket_count(self) -> int:
        """All tickets: kept, in the deck, on offer or waiting in the opening, set aside, boxed."""
        state = self.state
        offered = len(state.offer.tickets) if state.offer else 0
        waiting = sum(len(o.tickets) for o in state.opening_queue)
        placed = len(state.ticket_deck) + len(state.box) + len(state.set_aside)
        return sum(map(len, state.tickets)) + placed + offered + waiting

    def holdings(self) -> list[Holdings]:
        """What each player owns now: routes, kept tickets, stations (the input of scoring)."""
        from ttr.scoring.breakdown import Holdings

        return [
            Holdings(
                name,
                tuple(self.routes_of(seat)),
                tuple(self.tickets_of(seat)),
                tuple(self.stations_of(seat)),
            )
            for seat, name in enumerate(self.players)
        ]

    def outcome(self) -> Outcome:
        """Every player's final score and the ranking (F1-F5), as the position stands now."""
        from ttr.scoring.breakdown import score_holdings

        return score_holdings(self.holdings(), self.rules)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may know: everything public, plus their own hand, tickets and offer."""
        self._check_seat(player)
        state = self.state
        board, pool = self.board, self.setup.ticket_pool
        public: dict[str, Any] = {
            "rules": self.rules.name,
            "players": list(self.players),
            "you": player,
            "phase": state.phase,
            "current_player": state.current_player,
            "turn": state.turn,
            "trains": list(state.trains),
            "stations_left": list(state.stations_left),
            "route_points": list(state.route_points),
            "hand_sizes": [sum(h) for h in state.hands],
            "ticket_counts": [len(t) for t in state.tickets],
            "owners": list(state.owner),
            "stations": dict(state.stations),
            "market": list(state.market),
            "deck_size": state.top,
            "discard_size": len(state.discard),
            "ticket_deck_size": len(state.ticket_deck),
            "final_turns_left": state.final_turns_left,
            "hand": hand_dict(state.hands[player]),
            "tickets": [board.ticket_ref(pool[t]) for t in state.tickets[player]],
        }
        if state.offer is not None and state.offer.player == player:
            public["offer"] = [board.ticket_ref(pool[t]) for t in state.offer.tickets]
        if state.tunnel is not None:
            public["tunnel"] = {
                "route": state.tunnel.route,
                "revealed": list(state.tunnel.revealed),
                "extra": state.tunnel.extra,
            }
        return public

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise PlayerError(
                "no seat {seat}: seats are 0-{last}", seat=preview(seat), last=self.num_players - 1
            )

    # -----------------------------------------------------------------------------------------
    # Notation

    def notation(self, action: Action) -> str:
        """The text of ``action`` in this position; :meth:`parse` reads it back."""
        from ttr.notation import format_action

        return format_action(self.setup, self.state, action)

    def parse(self, text: str) -> Action:
        """The action that ``text`` names in this position (see :mod:`ttr.actions`)."""
        from ttr.notation import parse_action

        return parse_action(self.setup, self.state, text)

    # -----------------------------------------------------------------------------------------
    # Save and load (see ttr.persist)

    def to_dict(self, include_history: bool = True) -> dict[str, Any]:
        """The game as JSON-ready data: the position, and (with ``include_history``) the
        position before the first action and the actions played since."""
        from ttr.persist import save_dict

        if include_history and self.actions_played:
            return save_dict(self.setup, self.state, self.root().state, self.history)
        return save_dict(self.setup, self.state)

    @classmethod
    def from_dict(cls, data: Any, *, record: bool = True) -> Game:
        """Rebuild a game saved by :meth:`to_dict`, checking every field (:class:`SaveError`)."""
        from ttr.persist import read_save

        return cls._loaded(read_save(data), record)

    def to_json(self, indent: int | None = None) -> str:
        import json

        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes, *, record: bool = True) -> Game:
        from ttr.persist import read_json

        return cls._loaded(read_json(text), record)

    @classmethod
    def _loaded(cls, save: Save, record: bool) -> Game:
        """The game of a checked save: its start position, then its actions replayed."""
        from ttr.persist import replay

        setup = save.setup
        game = cls(setup.rules, setup.players, record=record, deal=False)
        game.state = save.start
        if record and game.state.phase == OPENING and not any(game.state.tickets):
            log = Log(game.events, setup, 0)  # step 0's narration, told from the setup alone
            log.add(Kind.SETUP, None)
            log.add(Kind.DEAL_TICKETS, None)
        if save.actions is not None:
            replay(save, game.play, lambda: game.state)
        return game

    def state_key(self) -> str:
        """The position as canonical text (no history), to compare two positions exactly."""
        import json

        from ttr.persist import state_to_dict

        return json.dumps(state_to_dict(self.setup, self.state), sort_keys=True)

    # -----------------------------------------------------------------------------------------
    # Staging a position (see ttr.staging)

    @classmethod
    def staged(
        cls,
        rules: str | RuleSet,
        players: int | Sequence[str],
        seed: int = 0,
        *,
        variant: str | None = None,
        record: bool = True,
        **position: Any,
    ) -> Game:
        """A game set up in a given position (also ``ttr.stage``): the fields of ``position``
        (hands, market, decks, tickets, routes, stations, the seat to play) are those of
        :func:`ttr.staging.place`. A bad field raises :class:`ScenarioError` naming it."""
        from ttr.staging import place

        if type(seed) is not int:
            raise ScenarioError(
                "field 'seed': expected a whole number, not {value}", value=preview(seed)
            )
        try:
            game = cls(rules, players, seed, variant=variant, deal=False, record=record)
        except TTRError as err:
            raise ScenarioError("field 'players': {err}", err=err) from None
        log = Log(game.events, game.setup, 0) if record else None
        place(game.setup, game.state, log, **position)
        return game

    def __repr__(self) -> str:
        names = ", ".join(self.players)
        if self.is_over:
            return f"<Game {self.rules.name} {names}: over after turn {self.turn}>"
        return (
            f"<Game {self.rules.name} {names}: turn {self.turn}, "
            f"{self.phase}, {self.players[self.current_player]} to play>"
        )

    def _repr_svg_(self) -> str:
        """Draw the game in a notebook (drawn by the view :mod:`ttr.display` names)."""
        return str(picture("game", self))

    def _repr_html_(self) -> str:
        """The same picture as an ``<img>`` (shown in notebooks that are not trusted yet)."""
        return str(picture("game", self)._repr_html_())
