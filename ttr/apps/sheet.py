"""Score a real game: :class:`ScoreSheetModel`, the model of the score sheet (the widget is
:class:`~ttr.apps.score_sheet.ScoreSheet`).

After a game night, click each player's routes on the map (a click on a route's space says which
route of a double it was), pick their tickets from a searchable list and click their station
cities; the score and its breakdown (:mod:`ttr.apps.breakdown`) follow every click, with the
longest trails and the stations' borrowed routes drawn on the map. Whether a ticket is completed is
computed, never typed (K4).

:meth:`ScoreSheetModel.problems` lists what cannot be a finished game or may be a slip, as
warnings (no player at 2 trains or fewer, more than 45 trains, a double route whose colour was
not said, a ticket listed twice) and the rules broken as errors naming the item (both routes of
a double, more than 3 stations). The sheet reads and writes the position files that
``python -m ttr score`` reads (:meth:`ScoreSheetModel.to_position`, :meth:`from_position`).

>>> sheet = ScoreSheetModel.from_position("data/positions/nb08_worked_example.json")
>>> sheet.outcome().score_of("You").total
80
>>> for problem in sheet.problems():
...     print(problem.level, "-", problem.line())  # doctest: +NORMALIZE_WHITESPACE
warning - Ben's routes: Boston-New York (red) was given without its colour: click it on the map
          to say which of the double it was
warning - Ben's routes: New York-Washington (black) was given without its colour: click it on
          the map to say which of the double it was
warning - the game: no player is down to 2 trains or fewer, so the game had not ended yet (E1)
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ttr import checks
from ttr.board import Route, Ticket, load_board
from ttr.errors import ScenarioError, TTRError, UnknownReference, preview
from ttr.i18n import N_, render
from ttr.jsonio import parse_json, read_json, write_json
from ttr.rules import RuleSet, rule_set
from ttr.scenario import position_players
from ttr.scoring import best_station_routes
from ttr.scoring.breakdown import Holdings, Outcome, score_holdings
from ttr.state import player_names

__all__ = ["Problem", "ScoreSheetModel"]

SEARCH_RESULTS = 8
"""How many matching tickets the search offers at once."""


@dataclass(frozen=True)
class Problem:
    """Something the sheet cannot be sure of (``"warning"``) or a rule broken (``"error"``)."""

    level: str
    item: str
    text: str

    def line(self) -> str:
        """The item and what is wrong with it: ``"the game: ..."``."""
        return f"{self.item}: {self.text}"

    def said(self) -> str:
        """The whole line as the sheet shows it, its level first, in the language in force:
        ``"⚠ warning (the game): ..."``, ``"⚠ 경고 (게임): ..."``."""
        if self.level == "error":
            return render("✘ error ({item}): {text}", item=self.item, text=self.text)
        return render("⚠ warning ({item}): {text}", item=self.item, text=self.text)


def _key(text: str) -> str:
    """Text for matching: no accents, no case, a dash for any dash."""
    plain = unicodedata.normalize("NFKD", text.replace("–", "-"))
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


class ScoreSheetModel:
    """Each player's routes, tickets and stations at the end of a real game, and their score.

    ``ScoreSheetModel(rules, players)``: a rule set name (``"usa"``, ``"europe"``, a variant
    such as ``"big_cities"``) and 2-5 player names. ``current`` is the player being entered.
    """

    def __init__(self, rules: str | RuleSet = "usa", players: Sequence[str] = ("Ann", "Ben")):
        self.rules = rule_set(rules)
        self.players = player_names(list(players), self.rules)
        self.board = load_board(self.rules.map)
        pool = [t for name in self.rules.tickets for t in self.board.ticket_sets[name]]
        self.pool = tuple(dict.fromkeys(pool))  # each ticket once (variants share a few)
        self.owner: dict[int, int] = {}
        self.tickets: list[list[Ticket]] = [[] for _ in self.players]
        self.stations: dict[str, int] = {}
        self.unsaid: set[int] = set()
        """Routes of a double read from a file without their colour (a warning until clicked)."""
        self.current = 0
        self.focus = "trail:0"
        self.message = render(
            "Entering {name}: click their routes on the map.", name=self.players[0]
        )

    def __repr__(self) -> str:
        return f"ScoreSheetModel({self.rules.name!r}, {list(self.players)!r})"

    # entering ------------------------------------------------------------------------------

    def select_player(self, seat: int) -> str:
        """Enter ``seat``'s routes, tickets and stations from now on."""
        self.current = checks.index(seat, len(self.players), "player")
        return self._say(render("Entering {name}.", name=self.players[self.current]))

    def _say(self, text: str) -> str:
        self.message = text
        return text

    def _name(self, seat: int) -> str:
        return self.players[seat]

    def click_route(self, route: Route | int) -> str:
        """A click on a route's space: that route becomes the current player's, and the click
        says which route of a double it was (C5); a click on one of theirs takes it off again,
        or, for a route a file gave without its colour, says it was this one. Only between two
        alike routes (the same colour), which a click cannot tell apart, a route taken by
        another player passes the click on to its free twin."""
        route = checks.board_route(self.board, route)
        board, seat = self.board, self.current
        twin = board.twin(route)
        if self.owner.get(route.id) == seat:
            if route.id not in self.unsaid:
                return self._remove(route)
            self.unsaid.discard(route.id)
            return self._say(
                render("{ref:route} stays {name}'s.", ref=board.ref(route), name=self._name(seat))
            )
        if twin is not None and twin.id in self.unsaid and self.owner.get(twin.id) == seat:
            del self.owner[twin.id]  # the file did not say which of the double: it was this one
            self.unsaid.discard(twin.id)
        elif route.id in self.owner and twin is not None and board.alike_twin(route.id):
            if twin.id not in self.owner:
                route = twin
        return self._assign(route)

    def _assign(self, route: Route) -> str:
        holder = self.owner.get(route.id)
        ref = self.board.ref(route)
        if holder is not None:
            return self._say(
                render(
                    "{ref:route} is {name}'s: choose {name} to take it off.",
                    ref=ref,
                    name=self._name(holder),
                )
            )
        self.owner[route.id] = self.current
        self.unsaid.discard(route.id)
        points = self.rules.route_points[route.length]
        return self._say(
            render(
                "{ref:route} ({trains:#train}, +{points:#point}) is {name}'s (C3).",
                ref=ref,
                trains=route.length,
                points=points,
                name=self._name(self.current),
            )
        )

    def _remove(self, route: Route) -> str:
        del self.owner[route.id]
        self.unsaid.discard(route.id)
        return self._say(
            render(
                "{ref:route} is no longer {name}'s.",
                ref=self.board.ref(route),
                name=self._name(self.current),
            )
        )

    def click_city(self, city: str) -> str:
        """A click on a city: a station of the current player there, or none again (ST1)."""
        if not isinstance(city, str) or city not in self.board.cities:
            raise UnknownReference(
                "no city {value} in {title:text}", value=preview(city), title=self.rules.title
            )
        name = self.board.display(city)
        if not self.rules.has_stations:
            return self._say(
                render("There are no stations in {title:text} (ST1).", title=self.rules.title)
            )
        holder = self.stations.get(city)
        if holder == self.current:
            del self.stations[city]
            return self._say(
                render(
                    "No station of {name} in {city} any more.",
                    name=self._name(self.current),
                    city=name,
                )
            )
        if holder is not None:
            return self._say(
                render(
                    "{city} has {name}'s station: one per city (ST1).",
                    city=name,
                    name=self._name(holder),
                )
            )
        self.stations[city] = self.current
        return self._say(
            render("A station of {name} in {city} (ST1).", name=self._name(self.current), city=name)
        )

    def example_city(self) -> str:
        """A city of this board to show in the ticket search box: the first ticket's first."""
        return self.board.display(self.pool[0].a) if self.pool else ""

    def search(self, text: str, limit: int = SEARCH_RESULTS) -> list[Ticket]:
        """The tickets of this rule set whose cities match ``text`` (accents and case do not
        matter), best first: shortest names, then most points."""
        if not isinstance(text, str):
            raise TTRError("text: expected a string, not {value}", value=preview(text))
        limit = checks.whole_number(limit, "limit", high=len(self.pool))
        words = _key(text).replace("-", " ").split()
        found = [
            t for t in self.pool if all(word in _key(self.board.ticket_ref(t)) for word in words)
        ]
        return found[:limit]

    def add_ticket(self, ticket: Ticket | str) -> str:
        """Give the current player a ticket (a :class:`Ticket` or a reference ``"A-B"``)."""
        if isinstance(ticket, str):
            ticket = self._pool_ticket(ticket)
        elif not isinstance(ticket, Ticket):
            raise TTRError(
                "ticket: expected a Ticket or a reference like 'Paris-Wien', not {value}",
                value=preview(ticket),
            )
        else:
            ticket = self._check_ticket(ticket)
        self.tickets[self.current].append(ticket)
        ref, name = self.board.ticket_ref(ticket), self._name(self.current)
        return self._say(
            render("{ref} ({points}) is {name}'s ticket.", ref=ref, points=ticket.points, name=name)
        )

    def remove_ticket(self, index: int) -> str:
        """Take the current player's ``index``-th ticket off."""
        mine = self.tickets[self.current]
        ticket = mine.pop(checks.index(index, len(mine), "ticket"))
        return self._say(
            render(
                "{ref} is no longer {name}'s ticket.",
                ref=self.board.ticket_ref(ticket),
                name=self._name(self.current),
            )
        )

    def _check_ticket(self, ticket: Ticket) -> Ticket:
        """A ticket not of the pool joins two different cities of the board for 1-100 points
        (as a position file's custom ticket does); its points as an ``int``."""
        cities = ticket.cities
        if (
            not all(isinstance(c, str) and c in self.board.cities for c in cities)
            or ticket.a == ticket.b
        ):
            raise UnknownReference(
                "ticket: {value} does not join two cities of {title:text}",
                value=preview(ticket),
                title=self.rules.title,
            )
        points = checks.whole_number(ticket.points, "ticket points", low=1, high=100)
        return ticket if type(ticket.points) is int else replace(ticket, points=points)

    def _pool_ticket(self, ref: str) -> Ticket:
        pair = self.board.ticket_cities(ref)
        for ticket in self.pool:
            if set(ticket.cities) == pair:
                return ticket
        raise UnknownReference(
            "no ticket {value} in {title:text}", value=preview(ref), title=self.rules.title
        )

    def set_focus(self, key: str) -> None:
        """Show ``key`` of :func:`~ttr.apps.breakdown.focus_choices` on the map."""
        if not isinstance(key, str):
            raise TTRError("nothing to show called {value}", value=preview(key))
        kind, _, seat = key.partition(":")
        if kind not in ("trail", "stations") or seat not in map(str, range(len(self.players))):
            raise TTRError("nothing to show called {value}", value=preview(key))
        self.focus = key

    # scoring -------------------------------------------------------------------------------

    def routes_of(self, seat: int) -> list[Route]:
        seat = checks.index(seat, len(self.players), "player")
        return [self.board.routes[r] for r in sorted(self.owner) if self.owner[r] == seat]

    def holdings(self) -> list[Holdings]:
        return [
            Holdings(
                name,
                tuple(self.routes_of(seat)),
                tuple(self.tickets[seat]),
                tuple(sorted(c for c, s in self.stations.items() if s == seat)),
            )
            for seat, name in enumerate(self.players)
        ]

    def outcome(self) -> Outcome:
        """Every player's score as entered (F1-F5)."""
        return score_holdings(self.holdings(), self.rules)

    def trains_used(self, seat: int) -> int:
        seat = checks.index(seat, len(self.players), "player")
        return sum(r.length for r in self.routes_of(seat))

    def _tickets_held_twice(self) -> list[Problem]:
        """An error for each ticket of the deck that more players hold than the deck has (each
        ticket is in it once: two players cannot both hold it)."""
        board = self.board
        in_deck = Counter(
            (frozenset(t.cities), t.points)
            for name in self.rules.tickets
            for t in board.ticket_sets[name]
        )
        holders: dict[tuple[frozenset[str], int], list[int]] = {}
        for seat in range(len(self.players)):
            for ticket in dict.fromkeys(self.tickets[seat]):
                holders.setdefault((frozenset(ticket.cities), ticket.points), []).append(seat)
        found = []
        for seat in range(len(self.players)):
            for ticket in dict.fromkeys(self.tickets[seat]):
                key = (frozenset(ticket.cities), ticket.points)
                seats = holders[key]
                if key in in_deck and len(seats) > in_deck[key] and seat != seats[0]:
                    found.append(
                        Problem(
                            "error",
                            render("{name}'s tickets", name=self._name(seat)),
                            render(
                                "{ref} is held by {other} too: the deck has each ticket once",
                                ref=board.ticket_ref(ticket),
                                other=self._name(seats[0]),
                            ),
                        )
                    )
        return found

    def problems(self, *, on_map: bool = True) -> list[Problem]:
        """Warnings (it may not be a finished game, or a slip) and errors (rules broken).
        ``on_map``: the sheet is on a map that can be clicked (the app); False for a position
        read from a file (``python -m ttr score``), whose advice names the file instead."""
        checks.one_of(on_map, "on_map", (True, False))
        found: list[Problem] = []
        board, rules = self.board, self.rules
        for seat, name in enumerate(self.players):
            routes = self.routes_of(seat)
            ids = {r.id for r in routes}
            for route in routes:
                twin = board.twin_id(route.id)
                if twin is not None and twin in ids and route.id < twin:
                    found.append(
                        Problem(
                            "error",
                            render("{name}'s routes", name=name),
                            render(
                                "{name} owns both routes of the double {first:route} and "
                                "{second:route}; nobody may (C5)",
                                name=name,
                                first=board.ref(route),
                                second=board.ref(board.routes[twin]),
                            ),
                        )
                    )
            used = self.trains_used(seat)
            if used > rules.trains:
                found.append(
                    Problem(
                        "warning",
                        render("{name}'s routes", name=name),
                        render(
                            "they use {used} trains; a player has only {trains} (S1)",
                            used=used,
                            trains=rules.trains,
                        ),
                    )
                )
            built = sum(1 for s in self.stations.values() if s == seat)
            if built > rules.stations:
                found.append(
                    Problem(
                        "error",
                        render("{name}'s stations", name=name),
                        render(
                            "{built} stations; a player has at most {most} (ST1)",
                            built=built,
                            most=rules.stations,
                        ),
                    )
                )
            twice = [t for t, n in Counter(self.tickets[seat]).items() if n > 1]
            for ticket in twice:
                found.append(
                    Problem(
                        "warning",
                        render("{name}'s tickets", name=name),
                        render("{ref} is listed twice", ref=board.ticket_ref(ticket)),
                    )
                )
        found += self._tickets_held_twice()
        if len(self.players) <= rules.double_lock_max_players:
            for route_id, seat in sorted(self.owner.items()):
                twin = board.twin_id(route_id)
                if twin is not None and route_id < twin and self.owner.get(twin, seat) != seat:
                    found.append(
                        Problem(
                            "error",
                            render("{name}'s routes", name=self._name(seat)),
                            render(
                                "both routes of the double {ref:route} are used, in a game of "
                                "{players} players (C5)",
                                ref=board.ref(board.routes[route_id]),
                                players=len(self.players),
                            ),
                        )
                    )
        unsaid = (
            N_(
                "{ref:route} was given without its colour: click it on the map to say which of "
                "the double it was"
            )
            if on_map
            else N_(
                "{ref:route} was given without its colour: give its colour in the file to say "
                "which of the double it was"
            )
        )
        for route_id in sorted(self.unsaid):
            if route_id in self.owner:
                found.append(
                    Problem(
                        "warning",
                        render("{name}'s routes", name=self._name(self.owner[route_id])),
                        render(unsaid, ref=board.ref(board.routes[route_id])),
                    )
                )
        found += self._waiting_for_routes()
        low = rules.end_trigger_trains
        if not any(rules.trains - self.trains_used(s) <= low for s in range(len(self.players))):
            found.append(
                Problem(
                    "warning",
                    render("the game"),
                    render(
                        "no player is down to {low} trains or fewer, so the game had not ended "
                        "yet (E1)",
                        low=low,
                    ),
                )
            )
        return sorted(found, key=lambda p: p.level != "error")

    def _waiting_for_routes(self) -> list[Problem]:
        """A ticket failed for now that a station would join by borrowing a route nobody has
        entered yet: it may be another player's, still to be entered (ST3)."""
        found = []
        outcome = self.outcome()
        free = [r for r in self.board.routes if r.id not in self.owner]
        for seat, score in enumerate(outcome.scores):
            stations = [c for c, s in self.stations.items() if s == seat]
            failed = [i for i, result in enumerate(score.tickets) if not result.completed]
            if not stations or not failed:
                continue
            others = [r for r in self.board.routes if self.owner.get(r.id) not in (None, seat)]
            tickets = [result.ticket for result in score.tickets]
            maybe = best_station_routes(self.routes_of(seat), stations, others + free, tickets)
            for i in failed:
                if not maybe.completed[i]:
                    continue
                borrowed = [
                    (city, route)
                    for city, route in maybe.borrowed.items()
                    if route is not None and route.id not in self.owner and i in maybe.helped[city]
                ]
                for city, route in borrowed[:1]:
                    found.append(
                        Problem(
                            "warning",
                            render("{name}'s tickets", name=self.players[seat]),
                            render(
                                "{ref} fails with the routes entered so far; the station in "
                                "{city} would join it by borrowing {route:route}, which nobody "
                                "has yet: enter the other players' routes (ST3)",
                                ref=self.board.ticket_ref(tickets[i]),
                                city=self.board.display(city),
                                route=self.board.ref(route),
                            ),
                        )
                    )
        return found

    # files ---------------------------------------------------------------------------------

    def to_position(self) -> dict[str, Any]:
        """The sheet as a position file (the ``python -m ttr score`` format)."""
        board = self.board
        players = []
        for seat, name in enumerate(self.players):
            entry: dict[str, Any] = {
                "name": name,
                "routes": [self._route_ref(r) for r in self.routes_of(seat)],
                "tickets": [
                    board.ticket_ref(t)
                    if t in self.pool
                    else {"cities": [board.display(t.a), board.display(t.b)], "points": t.points}
                    for t in self.tickets[seat]
                ],
            }
            if self.rules.has_stations:
                entry["stations"] = [
                    board.display(c) for c, s in sorted(self.stations.items()) if s == seat
                ]
            players.append(entry)
        return {"rules": self.rules.name, "players": players}

    def _route_ref(self, route: Route) -> str:
        """How the file names ``route``: without its colour if the colour was never said."""
        if route.id in self.unsaid:
            return "-".join(self.board.display(c) for c in route.cities)
        return self.board.ref(route)

    def to_json(self) -> str:
        return json.dumps(self.to_position(), indent=1, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        """Write the position file (atomically)."""
        write_json(path, self.to_position())

    @classmethod
    def from_position(cls, source: str | Path | dict[str, Any]) -> ScoreSheetModel:
        """A sheet holding a position file (a path, or its data). What the rules forbid is
        kept and reported by :meth:`problems`; what cannot be read raises
        :class:`~ttr.errors.ScenarioError` naming the field."""
        data = source if isinstance(source, dict) else read_json(source, ScenarioError)
        return _read_position(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> ScoreSheetModel:
        return _read_position(parse_json(text, N_("the position"), ScenarioError))


def _read_position(data: Any) -> ScoreSheetModel:
    rules, entries, names = position_players(data)
    try:
        sheet = ScoreSheetModel(rules, names)
    except TTRError as err:
        raise ScenarioError("field 'players': {reason}", reason=err.message) from None
    board = sheet.board
    for seat, entry in enumerate(entries):
        sheet.current = seat
        for i, ref in enumerate(_items(entry, "routes", seat)):
            field = f"players[{seat}].routes[{i}]"
            routes = _lookup(lambda ref=ref: board.find_routes(ref), field)
            free = [r for r in routes if r.id not in sheet.owner]
            if not free:
                holder = sheet.players[sheet.owner[routes[0].id]]
                raise ScenarioError(
                    "field {field!r}: {ref:route} is owned twice (already by {holder})",
                    field=field,
                    ref=board.ref(routes[0]),
                    holder=holder,
                )
            chosen = free[0]
            sheet.owner[chosen.id] = seat
            if len(routes) > 1 and not board.alike_twin(chosen.id):
                sheet.unsaid.add(chosen.id)
        for i, item in enumerate(_items(entry, "tickets", seat)):
            field = f"players[{seat}].tickets[{i}]"
            if isinstance(item, dict):
                sheet.tickets[seat].append(_custom_ticket(sheet, item, field))
            else:
                if not isinstance(item, str):
                    raise ScenarioError(
                        'field {field!r}: expected a ticket like "Paris-Wien"', field=field
                    )
                sheet.tickets[seat].append(
                    _lookup(lambda item=item: sheet._pool_ticket(item), field)
                )
        for i, text in enumerate(_items(entry, "stations", seat)):
            field = f"players[{seat}].stations[{i}]"
            if not isinstance(text, str):
                raise ScenarioError("field {field!r}: expected a city name", field=field)
            city = _lookup(lambda text=text: board.city(text), field)
            if not rules.has_stations:
                raise ScenarioError(
                    "field {field!r}: there are no stations in {title:text}",
                    field=field,
                    title=rules.title,
                )
            if city in sheet.stations:
                raise ScenarioError(
                    "field {field!r}: {city} has two stations (ST1)",
                    field=field,
                    city=board.display(city),
                )
            sheet.stations[city] = seat
    sheet.current = 0
    sheet.message = render(
        "Read {n} players; entering {name}.", n=len(entries), name=sheet.players[0]
    )
    return sheet


def _items(entry: dict[str, Any], field: str, seat: int) -> list[Any]:
    value = entry.get(field, [])
    if not isinstance(value, list) or len(value) > 200:
        raise ScenarioError(
            "field 'players[{seat}].{field}': expected a list", seat=seat, field=field
        )
    return value


def _lookup(find: Any, field: str) -> Any:
    try:
        return find()
    except UnknownReference as err:
        raise ScenarioError("field {field!r}: {reason}", field=field, reason=err.message) from None


def _custom_ticket(sheet: ScoreSheetModel, item: dict[str, Any], field: str) -> Ticket:
    cities, points = item.get("cities"), item.get("points")
    if (
        set(item) != {"cities", "points"}
        or not isinstance(cities, list)
        or len(cities) != 2
        or not all(isinstance(c, str) for c in cities)
        or type(points) is not int
        or not 1 <= points <= 100
    ):
        raise ScenarioError(
            'field {field!r}: expected {{"cities": [A, B], "points": N}}, N from 1 to 100',
            field=field,
        )
    a, b = (_lookup(lambda c=c: sheet.board.city(c), field) for c in cities)
    if a == b:
        raise ScenarioError("field {field!r}: a ticket joins two different cities", field=field)
    return Ticket(a, b, points)
