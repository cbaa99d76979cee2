"""Staging a position: a game set up with given hands, market, decks, tickets, routes, stations.

:meth:`ttr.game.Game.staged` (``ttr.stage``), which calls :func:`place` here, is the public way
to build any position the rules allow, for tests, notebooks, scenario files (:mod:`ttr.scenario`)
and bots. Everything it is given is checked before it is used, and the position must keep every
invariant of :mod:`ttr.invariants`: 110 train cards in all (unless the deck is given exactly,
``rest="out"``), trains that follow from the routes owned, at most 3 stations, a market that D6
would not reset, each ticket once. A refusal raises :class:`ScenarioError` naming the field as a
scenario file spells it (``hands.Ann``, ``routes.Ben[2]``).

Cards the caller does not place are dealt as usual from the seeded shuffle: hands that are not
given get their 4 cards, a market that is not given is turned up (S3), and the rest forms the deck
under the cards given for its top (or the discard pile with ``rest="discard"``, or out of the
game with ``rest="out"``, which makes ``deck`` the whole deck).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ttr.cards import check_locomotives, full_deck
from ttr.colors import CARD_KINDS, LOCOMOTIVE, hand_of
from ttr.errors import ScenarioError, preview
from ttr.events import Kind, Log
from ttr.invariants import state_violations
from ttr.open_routes import double_bar
from ttr.state import TURN, Setup, State, derive, shuffled
from ttr.turn.tickets import deal_tickets

RESTS = ("deck", "discard", "out")
FULL = Counter(full_deck())

__all__ = ["RESTS", "place"]


def place(
    setup: Setup,
    state: State,
    log: Log | None,
    *,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    market: Sequence[str | None] | None = None,
    deck: Sequence[str] | None = None,
    discard: Sequence[str] | None = None,
    rest: str = "deck",
    tickets: Mapping[int, Sequence[int]] | None = None,
    ticket_deck: Sequence[int] | None = None,
    opening: Mapping[int, Sequence[int]] | None = None,
    routes: Mapping[int, Sequence[int]] | None = None,
    stations: Mapping[int, Sequence[str]] | None = None,
    turn: int | None = None,
) -> None:
    """Put ``state`` (a new game's, not dealt) in the position described: seats are numbers,
    cards are kinds such as ``"red"`` and ``"loco"``, tickets are positions in the game's ticket
    pool, routes are route ids. :meth:`ttr.game.Game.staged` is the way to call it.

    ``hands``: cards per seat ``{kind: count}``. ``market``: the face-up slots (None: empty).
    ``deck``: the top cards of the deck, top first. ``discard``: the discard pile. ``rest``:
    where the cards not placed go (see the module docstring). ``tickets``: each seat's kept
    tickets; giving them skips the opening. ``ticket_deck``: the ticket deck, top first (the
    other tickets leave the game). ``opening``: the tickets dealt to some seats in the first
    opening offer (the opening is then still to be played). ``routes``: route ids each seat
    owns. ``stations``: cities where each seat has a station. ``turn``: the seat to play.

    A player given routes that leave 2 trains or fewer has started the final round (E1): the
    most recent such player before the one to play triggered it at the end of their last turn,
    so the final turns left run from the player to play up to that player.
    """
    if rest not in RESTS:
        raise ScenarioError(
            "field 'rest': expected one of {value}, not {value2}",
            value=", ".join(RESTS),
            value2=preview(rest),
        )
    stager = _Stager(setup, state)
    stager.cards(hands or {}, market, deck, discard, rest, log)
    if tickets is not None:
        if opening is not None:
            raise ScenarioError(
                "fields 'tickets' and 'opening': give one (kept tickets skip the opening)"
            )
        stager.kept(tickets, ticket_deck)
    else:
        if ticket_deck is not None:
            raise ScenarioError(
                "field 'ticket_deck': give 'tickets' too (the kept tickets), "
                "so the scenario starts after the opening"
            )
        stager.opening(opening or {}, log)
    stager.routes(routes or {})
    stager.stations(stations or {})
    derive(setup, state)
    if turn is not None:
        if state.phase != TURN:
            raise ScenarioError("field 'turn': during the opening the players choose in seat order")
        state.current_player = stager.seat(turn, "turn")
    stager.final_round()
    problems = state_violations(setup, state)
    if problems:
        raise ScenarioError(
            "the staged position breaks the rules: {problem}",
            problem=problems[0],
        )
    if log:
        log.add(Kind.STAGED, None, to_play=state.current_player)


class _Stager:
    """Places the parts of a position into a state before its first action, checking each."""

    def __init__(self, setup: Setup, state: State):
        self.setup, self.state = setup, state

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def seat(self, seat: Any, field: str) -> int:
        if type(seat) is not int or not 0 <= seat < self.setup.num_players:
            raise ScenarioError(
                "field {field!r}: no seat {value}",
                field=field,
                value=preview(seat),
            )
        return seat

    def per_seat(self, value: Any, field: str) -> dict[int, Any]:
        if not isinstance(value, Mapping):
            raise ScenarioError(
                "field {field!r}: expected {{seat: ...}}, not {value}",
                field=field,
                value=preview(value),
            )
        return {self.seat(seat, field): item for seat, item in value.items()}

    def check_card(self, card: Any, field: str) -> None:
        """Refuse ``card`` unless it is a card kind (a colour or the locomotive)."""
        if card not in CARD_KINDS:
            raise ScenarioError(
                "field {field!r}: unknown card {value}; expected one of {cards}",
                field=field,
                value=preview(card),
                cards=", ".join(CARD_KINDS),
            )

    def card_list(self, value: Any, field: str, most: int = 110) -> list[str]:
        if isinstance(value, str) or not isinstance(value, Sequence) or len(value) > most:
            raise ScenarioError(
                "field {field!r}: expected a list of at most {most} cards",
                field=field,
                most=most,
            )
        for card in value:
            self.check_card(card, field)
        return list(value)

    def counts(self, value: Any, field: str) -> Counter[str]:
        if not isinstance(value, Mapping):
            raise ScenarioError(
                "field {field!r}: expected {{card: count}}, not {value}",
                field=field,
                value=preview(value),
            )
        for card, n in value.items():
            self.check_card(card, field)
            if type(n) is not int or not 0 <= n <= FULL[card]:
                raise ScenarioError(
                    "field '{field}.{card}': expected a count from 0 to {full}, not {value}",
                    field=field,
                    card=card,
                    full=FULL[card],
                    value=preview(n),
                )
        return Counter(dict(value))

    def cards(
        self,
        hands: Mapping[int, Mapping[str, int]],
        market: Sequence[str | None] | None,
        deck: Sequence[str] | None,
        discard: Sequence[str] | None,
        rest: str,
        log: Log | None,
    ) -> None:
        setup, state = self.setup, self.state
        rules = setup.rules
        pool = shuffled(state, full_deck())  # pool[-1] is dealt first
        left = Counter(pool)

        def place(cards: Counter[str], field: str) -> None:
            for card, n in cards.items():
                if n > left[card]:
                    raise ScenarioError(
                        "field {field!r}: places more {card} cards than the {full} in the game",
                        field=field,
                        card=card,
                        full=FULL[card],
                    )
                left[card] -= n

        given = self.per_seat(hands, "hands")
        for seat, value in given.items():
            place(self.counts(value, f"hands.{self.name(seat)}"), f"hands.{self.name(seat)}")
        slots: list[str | None] | None = None
        if market is not None:
            if (
                isinstance(market, str)
                or not isinstance(market, Sequence)
                or len(market) > rules.market_size
            ):
                raise ScenarioError(
                    "field 'market': expected a list of up to {market_size} cards",
                    market_size=rules.market_size,
                )
            shown = self.card_list([c for c in market if c is not None], "market")
            place(Counter(shown), "market")
            slots = [*market, *[None] * (rules.market_size - len(market))]
        top = self.card_list(deck, "deck") if deck is not None else []
        place(Counter(top), "deck")
        pile = self.card_list(discard, "discard") if discard is not None else []
        place(Counter(pile), "discard")
        unplaced = []
        for card in pool:  # the cards not placed, in the seeded order
            if left[card]:
                left[card] -= 1
                unplaced.append(card)
        hand_list = []
        for seat in range(setup.num_players):
            if seat in given:
                hand_list.append(hand_of(dict(given[seat])))
            else:
                dealt = Counter(unplaced.pop() for _ in range(min(rules.hand_size, len(unplaced))))
                hand_list.append(hand_of(dict(dealt)))
        state.hands = tuple(hand_list)
        if slots is None:
            state.market = tuple(
                unplaced.pop() if unplaced else None for _ in range(rules.market_size)
            )
        else:
            state.market = tuple(slots)
        deck_cards = top[::-1]  # the top card last
        if rest == "deck":
            deck_cards = unplaced + deck_cards  # under the cards placed on top
        elif rest == "discard":
            pile = pile + unplaced
        else:
            state.out = tuple(sorted(unplaced))
        state.deck, state.top, state.discard = tuple(deck_cards), len(deck_cards), tuple(pile)
        if slots is None:
            check_locomotives(setup, state, log, None, rule="S3")
        elif state.market.count(LOCOMOTIVE) >= rules.market_locomotive_limit:
            check_locomotives(setup, state, log, None)  # only the D9 guard may leave it so
            if not state.loop_guard:
                raise ScenarioError(
                    "field 'market': {market_locomotive_limit} or more face-up locomotives would "
                    "be reset at once (D6); stage at most {value}",
                    market_locomotive_limit=rules.market_locomotive_limit,
                    value=rules.market_locomotive_limit - 1,
                )

    def ticket_list(self, value: Any, field: str, used: set[int]) -> list[int]:
        pool = self.setup.ticket_pool
        if isinstance(value, str) or not isinstance(value, Sequence) or len(value) > len(pool):
            raise ScenarioError(
                "field {field!r}: expected a list of tickets",
                field=field,
            )
        for ticket in value:
            if type(ticket) is not int or not 0 <= ticket < len(pool):
                raise ScenarioError(
                    "field {field!r}: no ticket {value}",
                    field=field,
                    value=preview(ticket),
                )
            if ticket in used:
                ref = self.setup.board.ticket_ref(pool[ticket])
                raise ScenarioError(
                    "field {field!r}: ticket {ref} is placed twice",
                    field=field,
                    ref=ref,
                )
            used.add(ticket)
        return list(value)

    def kept(self, tickets: Mapping[int, Sequence[int]], ticket_deck: Sequence[int] | None) -> None:
        setup, state = self.setup, self.state
        used: set[int] = set()
        kept: list[tuple[int, ...]] = [()] * setup.num_players
        for seat, value in self.per_seat(tickets, "tickets").items():
            kept[seat] = tuple(self.ticket_list(value, f"tickets.{self.name(seat)}", used))
        state.tickets = tuple(kept)
        everything = range(len(setup.ticket_pool))
        if ticket_deck is not None:
            deck = self.ticket_list(ticket_deck, "ticket_deck", used)
            state.ticket_deck = tuple(reversed(deck))
            state.box = tuple(i for i in everything if i not in used)
        else:
            others = shuffled(state, [i for i in everything if i not in used])
            state.ticket_deck = tuple(i for i in others if not setup.ticket_pool[i].long)
            state.box = tuple(i for i in others if setup.ticket_pool[i].long)
        state.phase, state.current_player = TURN, 0

    def opening(self, given: Mapping[int, Sequence[int]], log: Log | None) -> None:
        """The opening still to play; ``given`` fixes the first offer of some seats."""
        setup = self.setup
        first = setup.rules.opening[0]
        used: set[int] = set()
        fixed = {}
        for seat, value in self.per_seat(given, "opening").items():
            field = f"opening.{self.name(seat)}"
            dealt = self.ticket_list(value, field, used)
            longs = sum(setup.ticket_pool[t].long for t in dealt)
            if len(dealt) != first.size or longs != first.long:
                raise ScenarioError(
                    "field {field!r}: the first offer holds {size} tickets, {long} of them long; "
                    "got {count} with {longs} long",
                    field=field,
                    size=first.size,
                    long=first.long,
                    count=len(dealt),
                    longs=longs,
                )
            fixed[seat] = dealt
        deal_tickets(setup, self.state, log, fixed)

    def routes(self, routes: Mapping[int, Sequence[int]]) -> None:
        setup, state = self.setup, self.state
        board = setup.board
        owner = list(state.owner)
        for seat, ids in self.per_seat(routes, "routes").items():
            field = f"routes.{self.name(seat)}"
            if (
                isinstance(ids, str)
                or not isinstance(ids, Sequence)
                or len(ids) > len(board.routes)
            ):
                raise ScenarioError(
                    "field {field!r}: expected a list of routes",
                    field=field,
                )
            for index, route_id in enumerate(ids):
                where = f"{field}[{index}]"
                if type(route_id) is not int or not 0 <= route_id < len(board.routes):
                    raise ScenarioError(
                        "field {where!r}: no route {value}",
                        where=where,
                        value=preview(route_id),
                    )
                ref = board.ref(board.routes[route_id])
                holder = owner[route_id]
                if holder is not None:
                    raise ScenarioError(
                        "field {where!r}: {ref} is owned twice (already by {value})",
                        where=where,
                        ref=ref,
                        value=self.name(holder),
                    )
                bar = double_bar(board, tuple(owner), route_id, seat, setup.double_lock)
                if bar == "own both":
                    raise ScenarioError(
                        "field {where!r}: {value} would own both routes of the double {ref} (C5)",
                        where=where,
                        value=self.name(seat),
                        ref=ref,
                    )
                if bar == "lock":
                    raise ScenarioError(
                        "field {where!r}: both routes of the double {ref} are used in a "
                        "{num_players}-player game (C5)",
                        where=where,
                        ref=ref,
                        num_players=setup.num_players,
                    )
                owner[route_id] = seat
        state.owner = tuple(owner)
        for seat in range(setup.num_players):
            used = sum(r.length for r in board.routes if owner[r.id] == seat)
            if used > setup.rules.trains:
                raise ScenarioError(
                    "field 'routes.{value}': these routes need {used} trains; a player has only "
                    "{trains} (S1)",
                    value=self.name(seat),
                    used=used,
                    trains=setup.rules.trains,
                )

    def final_round(self) -> None:
        """A player staged with 2 or fewer trains has started the final round (E1): the most
        recent such player before the one to play triggered it, at the end of their last turn."""
        setup, state = self.setup, self.state
        n, now = setup.num_players, state.current_player
        low = [s for s in range(n) if state.trains[s] <= setup.rules.end_trigger_trains]
        if not low or state.phase != TURN:
            return
        trigger = max(low, key=lambda seat: (seat - now) % n)
        state.triggered_by = trigger
        state.final_turns_left = (trigger - now) % n + 1

    def stations(self, stations: Mapping[int, Sequence[str]]) -> None:
        setup, state = self.setup, self.state
        rules, board = setup.rules, setup.board
        placed = dict(state.stations)
        for seat, cities in self.per_seat(stations, "stations").items():
            field = f"stations.{self.name(seat)}"
            if isinstance(cities, str) or not isinstance(cities, Sequence):
                raise ScenarioError(
                    "field {field!r}: expected a list of cities",
                    field=field,
                )
            if cities and not rules.has_stations:
                raise ScenarioError(
                    "field {field!r}: there are no stations in {title}",
                    field=field,
                    title=rules.title,
                )
            if len(cities) > rules.stations:
                raise ScenarioError(
                    "field {field!r}: at most {stations} stations per player, not {count} (ST1)",
                    field=field,
                    stations=rules.stations,
                    count=len(cities),
                )
            for index, city in enumerate(cities):
                where = f"{field}[{index}]"
                if city not in board.cities:
                    raise ScenarioError(
                        "field {where!r}: no city {value}",
                        where=where,
                        value=preview(city),
                    )
                if city in placed:
                    raise ScenarioError(
                        "field {where!r}: {value} has two stations (ST1)",
                        where=where,
                        value=board.display(city),
                    )
                placed[city] = seat
        state.stations = placed
