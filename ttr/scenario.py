"""Scenario files (a staged situation and actions) and position files (what each player owns at
the end, for scoring).

A scenario is JSON. Only ``rules`` (or ``map``) is required; every other key places one part of
the position, and the rest is dealt from the seeded shuffle (see :mod:`ttr.staging`)::

    {"rules": "europe", "variant": null, "players": ["Ann", "Ben"], "seed": 1,
     "deck": ["red", "loco", "blue"],           # the top cards, top first
     "rest": "deck",                             # unplaced cards: "deck", "discard" or "out"
     "market": ["red", "blue", "loco", "green", "white"],
     "discard": [],
     "hands": {"Ann": {"red": 2, "loco": 1}},    # or a list of cards; by name or seat
     "tickets": {"Ann": ["Paris-Wien"]},        # kept tickets: the opening is skipped
     "ticket_deck": ["Berlin-Roma"],             # top first
     "opening": {"Ann": ["Paris-Wien", ...]},   # or: the first opening offer, still to choose
     "routes": {"Ben": ["Paris-Bruxelles (red)"]},
     "stations": {"Ben": ["Berlin"]},
     "trains": {"Ben": 43},                      # a check: trains follow from the routes
     "stations_left": {"Ben": 2},                # a check: stations left follow from those built
     "turn": "Ben",
     "actions": ["draw 1", "draw deck"]}

A position file lists each player's routes, tickets and stations (see the README). Every field is
checked; a bad one raises :class:`ScenarioError` naming it, in one line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ttr.board import Board, Route, Ticket, load_board
from ttr.colors import card_kind
from ttr.errors import ScenarioError, TTRError, UnknownReference, preview
from ttr.game import Game
from ttr.jsonio import read_json
from ttr.rules import RuleSet, rule_set
from ttr.scoring.breakdown import Holdings
from ttr.state import name_problem, player_names

__all__ = [
    "ScenarioError",
    "load_position",
    "load_scenario",
    "play_actions",
    "read_json",
    "stage",
]

KNOWN_KEYS = {
    "rules",
    "map",
    "variant",
    "players",
    "seed",
    "deck",
    "market",
    "discard",
    "rest",
    "hands",
    "trains",
    "tickets",
    "ticket_deck",
    "opening",
    "routes",
    "stations",
    "stations_left",
    "turn",
    "actions",
    "title",
    "description",
}
POSITION_KEYS = {"map", "rules", "variant", "players", "title", "description"}
PLAYER_KEYS = {"name", "routes", "tickets", "stations"}
MAX_ACTIONS = 5_000
MAX_POINTS = 100


def _read(source: str | Path | dict[str, Any], variant: str | None) -> dict[str, Any]:
    data = source if isinstance(source, dict) else read_json(source, ScenarioError)
    if not isinstance(data, dict):
        raise ScenarioError(
            "{source}: expected a JSON object {{...}} at the top",
            source=source,
        )
    return data if variant is None else {**data, "variant": variant}


def scenario_rules(data: dict[str, Any]) -> RuleSet:
    """The rule set a file names in ``rules`` (or ``map``) and ``variant``."""
    name = data.get("rules", data.get("map"))
    if not isinstance(name, str):
        raise ScenarioError("field 'rules': expected the rule set or map name, e.g. \"europe\"")
    variant = data.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise ScenarioError(
            "field 'variant': expected a variant name, not {value}",
            value=preview(variant),
        )
    try:
        return rule_set(name, variant)
    except TTRError as err:
        raise ScenarioError(
            "field 'rules': {err}",
            err=err,
        ) from None


def load_scenario(
    source: str | Path | dict[str, Any], play: bool = True, variant: str | None = None
) -> Game:
    """The game a scenario describes, with its actions played when ``play`` is true.

    ``variant`` (e.g. ``"big_cities"``, V1-V4) replaces the file's ``"variant"``.
    """
    data = _read(source, variant)
    game = stage(data)
    if play:
        play_actions(game, data.get("actions", []))
    return game


def play_actions(game: Game, actions: Any) -> None:
    """Play the notation lines ``actions``; an error names the step and the action."""
    if (
        not isinstance(actions, list)
        or len(actions) > MAX_ACTIONS
        or not all(isinstance(a, str) for a in actions)
    ):
        raise ScenarioError("field 'actions': expected a list of action texts, e.g. [\"draw 1\"]")
    for number, text in enumerate(actions, start=1):
        try:
            game.play(text)
        except TTRError as err:
            raise ScenarioError(
                "step {number} ({value}): {err}",
                number=number,
                value=preview(text),
                err=err,
            ) from None


def stage(data: dict[str, Any]) -> Game:
    """The position a scenario sets up, before its actions."""
    unknown = sorted(str(k) for k in data if k not in KNOWN_KEYS)
    if unknown:
        raise ScenarioError(
            "unknown field(s) {value}; known: {value2}",
            value=", ".join(preview(k) for k in unknown[:3]),
            value2=", ".join(sorted(KNOWN_KEYS)),
        )
    rules = scenario_rules(data)
    try:
        names = player_names(data.get("players", 2), rules)
    except TTRError as err:
        raise ScenarioError(
            "field 'players': {err}",
            err=err,
        ) from None
    reader = _Reader(load_board(rules.map), rules, names)
    game = Game.staged(
        rules,
        names,
        data.get("seed", 0),
        hands=reader.per_player(data, "hands", reader.hand),
        market=reader.market(data["market"]) if "market" in data else None,
        deck=reader.cards(data["deck"], "deck") if "deck" in data else None,
        discard=reader.cards(data["discard"], "discard") if "discard" in data else None,
        rest=data.get("rest", "deck"),
        tickets=reader.per_player(data, "tickets", reader.tickets) if "tickets" in data else None,
        ticket_deck=reader.tickets(data["ticket_deck"], "ticket_deck")
        if "ticket_deck" in data
        else None,
        opening=reader.per_player(data, "opening", reader.tickets) if "opening" in data else None,
        routes=reader.routes(data),
        stations=reader.per_player(data, "stations", reader.cities),
        turn=reader.seat(data["turn"], "turn") if "turn" in data else None,
    )
    for seat, trains in reader.per_player(data, "trains", reader.number).items():
        if game.trains[seat] != trains:
            raise ScenarioError(
                "field 'trains.{name}': {name}'s routes leave {train} trains, not {trains} (stage "
                "routes for the trains used)",
                name=names[seat],
                train=game.trains[seat],
                trains=trains,
            )
    for seat, left in reader.per_player(data, "stations_left", reader.number).items():
        if game.stations_left[seat] != left:
            raise ScenarioError(
                "field 'stations_left.{name}': {name} has built {value}, so has {stations_left} "
                "left, not {left} (ST1)",
                name=names[seat],
                value=rules.stations - game.stations_left[seat],
                stations_left=game.stations_left[seat],
                left=left,
            )
    return game


class _Reader:
    """Turns the names, words and references of a file into the seats, kinds and ids of the
    engine; every complaint names the field."""

    def __init__(self, board: Board, rules: RuleSet, players: tuple[str, ...]):
        self.board, self.rules, self.players = board, rules, players
        self.pool = tuple(t for name in rules.tickets for t in board.ticket_sets[name])

    def seat(self, who: Any, field: str) -> int:
        """A player's seat from their name or seat number."""
        if type(who) is int and 0 <= who < len(self.players):
            return who
        if isinstance(who, str) and who in self.players:
            return self.players.index(who)
        if isinstance(who, str) and who.isdigit() and len(who) < 3 and int(who) < len(self.players):
            return int(who)
        raise ScenarioError(
            "field {field!r}: unknown player {value} (players: {value2})",
            field=field,
            value=preview(who),
            value2=", ".join(self.players),
        )

    def per_player(self, data: dict[str, Any], field: str, read: Any) -> dict[int, Any]:
        """A per-player field given as ``{name or seat: value}`` or as a list in seat order."""
        value = data.get(field, {})
        if isinstance(value, list):
            if len(value) != len(self.players):
                raise ScenarioError(
                    "field {field!r}: a list needs one entry per player ({count})",
                    field=field,
                    count=len(self.players),
                )
            value = dict(enumerate(value))
        if not isinstance(value, dict):
            raise ScenarioError(
                "field {field!r}: expected {{player: ...}} or a list in seat order",
                field=field,
            )
        result = {}
        for who, item in value.items():
            seat = self.seat(who, field)
            result[seat] = read(item, f"{field}.{self.players[seat]}")
        return result

    def number(self, value: Any, field: str) -> int:
        if type(value) is not int or not 0 <= value <= 1000:
            raise ScenarioError(
                "field {field!r}: expected a whole number, got {value}",
                field=field,
                value=preview(value),
            )
        return value

    def kind(self, word: Any, field: str) -> str:
        kind = card_kind(word) if isinstance(word, str) and len(word) < 20 else None
        if kind is None:
            raise ScenarioError(
                "field {field!r}: unknown card {value}; expected a colour or 'loco'",
                field=field,
                value=preview(word),
            )
        return kind

    def cards(self, value: Any, field: str) -> list[str]:
        """Cards written as a list (``["red", "loco"]``) or as counts (``{"red": 2}``)."""
        if isinstance(value, dict):
            counts = self.counts(value, field)
            return [card for card, n in counts.items() for _ in range(n)]
        if not isinstance(value, list) or len(value) > 110:
            raise ScenarioError(
                "field {field!r}: expected a list of cards or {{colour: count}}",
                field=field,
            )
        return [self.kind(card, field) for card in value]

    def counts(self, value: dict[str, Any], field: str) -> Counter[str]:
        counts: Counter[str] = Counter()
        for word, n in value.items():
            if type(n) is not int or not 0 <= n <= 110:  # checked before anything is expanded
                raise ScenarioError(
                    "field {field!r}: expected a card count from 0 to 110, got {value} for "
                    "{value2}",
                    field=field,
                    value=preview(n),
                    value2=preview(word),
                )
            counts[self.kind(word, field)] += n
        return counts

    def hand(self, value: Any, field: str) -> dict[str, int]:
        if isinstance(value, dict):
            return dict(self.counts(value, field))
        return dict(Counter(self.cards(value, field)))

    def market(self, value: Any) -> list[str | None]:
        if not isinstance(value, list) or len(value) > self.rules.market_size:
            raise ScenarioError(
                "field 'market': expected a list of up to {market_size} cards",
                market_size=self.rules.market_size,
            )
        return [None if card is None else self.kind(card, "market") for card in value]

    def ticket(self, ref: Any, field: str, hint: bool = False) -> int:
        """The pool position of the ticket ``"A-B"``."""
        try:
            pair = self.board.ticket_cities(ref)
        except UnknownReference as err:
            raise ScenarioError(
                "field {field!r}: {err}",
                field=field,
                err=err,
            ) from None
        for index, ticket in enumerate(self.pool):
            if {ticket.a, ticket.b} == pair:
                return index
        more = ' (give {"cities": [A, B], "points": N} for any other pair)' if hint else ""
        raise ScenarioError(
            "field {field!r}: no ticket {value} in {title}{more}",
            field=field,
            value=preview(ref),
            title=self.rules.title,
            more=more,
        )

    def tickets(self, value: Any, field: str) -> list[int]:
        if not isinstance(value, list) or len(value) > len(self.pool):
            raise ScenarioError(
                'field {field!r}: expected a list of tickets like "Paris-Wien"',
                field=field,
            )
        return [self.ticket(ref, f"{field}[{i}]") for i, ref in enumerate(value)]

    def cities(self, value: Any, field: str) -> list[str]:
        if not isinstance(value, list) or len(value) > len(self.board.cities):
            raise ScenarioError(
                "field {field!r}: expected a list of cities",
                field=field,
            )
        return _looked_up(value, field, self.board.city)

    def routes(self, data: dict[str, Any]) -> dict[int, list[int]]:
        """Route ids per seat; a plain ``A-B`` on a double takes one of the two that is free and
        does not break C5 (routes named with their colour are placed first)."""
        refs = self.per_player(data, "routes", self.route_list)
        owner: dict[int, int] = {}
        chosen: dict[int, list[int]] = {seat: [] for seat in refs}
        pending = [
            (seat, index, candidates)
            for seat, items in refs.items()
            for index, candidates in enumerate(items)
        ]
        pending.sort(key=lambda item: len(item[2]))  # exact routes first
        for seat, _, candidates in pending:
            free = [r for r in candidates if r.id not in owner]
            route = next((r for r in free if self._allowed(r, seat, owner)), None)
            route = route or (free[0] if free else candidates[0])
            owner[route.id] = seat
            chosen[seat].append(route.id)
        return chosen

    def _allowed(self, route: Route, seat: int, owner: dict[int, int]) -> bool:
        twin = self.board.twin_id(route.id)
        holder = owner.get(twin) if twin is not None else None
        if holder is None:
            return True
        return holder != seat and len(self.players) > self.rules.double_lock_max_players

    def route_list(self, value: Any, field: str) -> list[tuple[Route, ...]]:
        if not isinstance(value, list) or len(value) > len(self.board.routes):
            raise ScenarioError(
                "field {field!r}: expected a list of routes",
                field=field,
            )
        return _looked_up(value, field, self.board.find_routes)


# ---------------------------------------------------------------------------------------------
# Position files: what each player owns at the end, for `python -m ttr score`


def position_players(data: Any) -> tuple[RuleSet, list[dict[str, Any]], list[str]]:
    """The rule set, the player entries and their names of position data, each checked: the
    fields known, the players a non-empty list of objects with a valid name and known fields."""
    if not isinstance(data, dict):
        raise ScenarioError("expected a JSON object {obj} at the top", obj="{...}")
    unknown = sorted(str(k) for k in data if k not in POSITION_KEYS)
    if unknown:
        raise ScenarioError(
            "unknown field {value} in the position",
            value=preview(unknown[0]),
        )
    rules = scenario_rules(data)
    entries = data.get("players")
    if not isinstance(entries, list) or not entries:
        raise ScenarioError(
            "field 'players': expected a list of players, e.g. {example}",
            example='[{"name": "Ann"}]',
        )
    names = []
    for seat, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise ScenarioError(
                "field 'players[{seat}]': expected an object with a \"name\"",
                seat=seat,
            )
        problem = name_problem(entry.get("name"))
        if problem:
            raise ScenarioError(
                "field 'players[{seat}].name': the name {problem}",
                seat=seat,
                problem=problem,
            )
        extra = sorted(str(k) for k in entry if k not in PLAYER_KEYS)
        if extra:
            raise ScenarioError(
                "field 'players[{seat}]': unknown field {value}",
                seat=seat,
                value=preview(extra[0]),
            )
        names.append(entry["name"])
    return rules, entries, names


def load_position(
    source: str | Path | dict[str, Any], variant: str | None = None
) -> tuple[RuleSet, list[Holdings]]:
    """The rule set and each player's holdings from a position file (see the README).

    ``variant`` (V1-V4) replaces the file's ``"variant"``; it decides the ticket list.
    """
    rules, entries, names = position_players(_read(source, variant))
    try:
        names = list(player_names(names, rules))
    except TTRError as err:
        raise ScenarioError(
            "field 'players': {err}",
            err=err,
        ) from None
    board = load_board(rules.map)
    reader = _Reader(board, rules, tuple(names))
    routes = reader.routes(
        {"routes": {seat: _list(entry, "routes", seat) for seat, entry in enumerate(entries)}}
    )
    stations = {
        seat: reader.cities(_list(entry, "stations", seat), f"players[{seat}].stations")
        for seat, entry in enumerate(entries)
    }
    game = Game.staged(rules, names, 0, tickets={}, routes=routes, stations=stations)
    holdings = []
    in_deck = Counter((frozenset(t.cities), t.points) for t in reader.pool)
    held: dict[tuple[frozenset[str], int], list[str]] = {}
    for seat, entry in enumerate(entries):
        tickets = []
        seen: set[tuple[frozenset[str], int]] = set()
        for i, item in enumerate(_list(entry, "tickets", seat)):
            field = f"players[{seat}].tickets[{i}]"
            ticket = _position_ticket(reader, item, field)
            key = (frozenset(ticket.cities), ticket.points)
            if key in seen:
                raise ScenarioError(
                    "field {field!r}: {value} is listed twice",
                    field=field,
                    value=board.ticket_ref(ticket),
                )
            holders = held.setdefault(key, [])
            if key in in_deck and len(holders) >= in_deck[key]:
                raise ScenarioError(
                    "field {field!r}: {value} is held by {other} too, more often than the deck "
                    "has it",
                    field=field,
                    value=board.ticket_ref(ticket),
                    other=holders[0],
                )
            holders.append(names[seat])
            seen.add(key)
            tickets.append(ticket)
        holdings.append(
            Holdings(
                names[seat],
                tuple(game.routes_of(seat)),
                tuple(tickets),
                tuple(game.stations_of(seat)),
            )
        )
    return rules, holdings


_Found = TypeVar("_Found")


def _looked_up(refs: list[Any], field: str, lookup: Callable[[Any], _Found]) -> list[_Found]:
    """``lookup`` of each name in ``refs``; an unknown one is refused naming ``field[index]``."""
    found = []
    for index, ref in enumerate(refs):
        try:
            found.append(lookup(ref))
        except UnknownReference as err:
            raise ScenarioError(
                "field '{field}[{index}]': {err}", field=field, index=index, err=err
            ) from None
    return found


def _list(entry: dict[str, Any], field: str, seat: int) -> list[Any]:
    value = entry.get(field, [])
    if not isinstance(value, list):
        raise ScenarioError(
            "field 'players[{seat}].{field}': expected a list",
            seat=seat,
            field=field,
        )
    return value


def _position_ticket(reader: _Reader, item: Any, field: str) -> Ticket:
    """A ticket from ``"A-B"`` (looked up in the rule set's tickets) or ``{"cities", "points"}``."""
    if isinstance(item, dict):
        cities, points = item.get("cities"), item.get("points")
        if (
            set(item) != {"cities", "points"}
            or not isinstance(cities, list)
            or len(cities) != 2
            or type(points) is not int
            or not 1 <= points <= MAX_POINTS
        ):
            raise ScenarioError(
                'field {field!r}: expected {{"cities": [A, B], "points": N}}, N from 1 to '
                "{MAX_POINTS}",
                field=field,
                MAX_POINTS=MAX_POINTS,
            )
        try:
            a, b = (reader.board.city(c) for c in cities)
        except UnknownReference as err:
            raise ScenarioError(
                "field {field!r}: {err}",
                field=field,
                err=err,
            ) from None
        if a == b:
            raise ScenarioError(
                "field {field!r}: a ticket joins two different cities",
                field=field,
            )
        return Ticket(a, b, points)
    return reader.pool[reader.ticket(item, field, hint=True)]
