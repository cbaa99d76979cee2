"""Scenario files: a staged situation (who holds what, which routes are claimed) and actions.

A scenario is JSON. Only ``rules`` (or ``map``) is required; every other key overrides one part
of the seeded deal::

    {"rules": "europe", "variant": null, "players": ["Ann", "Ben"], "seed": 1,
     "deck": ["red", "loco", "blue"],           # the top cards, top first
     "rest": "deck",                             # unplaced cards: under the deck, or "discard"
     "market": ["red", "blue", "loco", "green", "white"],
     "discard": [],
     "hands": {"Ann": {"red": 2, "loco": 1}},    # or a list of cards; by name or seat
     "trains": {"Ann": 3},
     "tickets": {"Ann": ["Paris-Wien"]},        # kept tickets: the opening is skipped
     "ticket_deck": ["Berlin-Roma"],             # top first
     "routes": {"Ben": ["Paris-Bruxelles (red)"]},
     "stations": {"Ben": ["Berlin"]},
     "turn": "Ben",
     "actions": ["draw 1", "draw deck"]}

Cards the scenario does not place are dealt as usual from a seeded shuffle: hands that are not
given get their 4 cards, a market that is not given is turned up (S3), and whatever is left forms
the rest of the deck under any cards the scenario put on top (or the discard pile, with
``"rest": "discard"``). All 110 cards are always accounted for.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from ttr.board import Board, Route, Ticket, UnknownReference
from ttr.cards import full_deck
from ttr.colors import CARD_KINDS, LOCOMOTIVE
from ttr.game import TURN, Game
from ttr.rules import RuleSet, rule_set
from ttr.scoring.breakdown import Holdings

CARD_ALIASES = {
    "locomotive": LOCOMOTIVE,
    "locomotives": LOCOMOTIVE,
    "purple": "pink",
    "wild": LOCOMOTIVE,
}
KNOWN_KEYS = {
    "rules",
    "map",
    "variant",
    "players",
    "seed",
    "deck",
    "market",
    "discard",
    "hands",
    "trains",
    "tickets",
    "ticket_deck",
    "routes",
    "stations",
    "turn",
    "actions",
    "title",
    "description",
    "rest",
}


class ScenarioError(ValueError):
    """A scenario or position file that cannot be used; the message names the field or step."""


def read_json(path: str | Path) -> dict[str, Any]:
    """Read a JSON object from ``path``, with a readable error (line and column) when it is bad."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ScenarioError(f"{path}: cannot read the file ({err.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ScenarioError(
            f"{path}: bad JSON at line {err.lineno}, column {err.colno}: {err.msg}"
        ) from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: expected a JSON object {{...}} at the top")
    return data


def _read(source: str | Path | dict[str, Any], variant: str | None) -> dict[str, Any]:
    data = source if isinstance(source, dict) else read_json(source)
    return data if variant is None else {**data, "variant": variant}


def scenario_rules(data: dict[str, Any]) -> RuleSet:
    name = data.get("rules", data.get("map"))
    if not isinstance(name, str):
        raise ScenarioError("field 'rules': expected the rule set or map name, e.g. \"europe\"")
    try:
        return rule_set(name, data.get("variant"))
    except UnknownReference as err:
        raise ScenarioError(f"field 'rules': {err}") from None


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
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ScenarioError("field 'actions': expected a list of action texts, e.g. [\"draw 1\"]")
    for number, text in enumerate(actions, start=1):
        try:
            game.play(text)
        except ValueError as err:
            raise ScenarioError(f"step {number} ({text!r}): {err}") from None


def stage(data: dict[str, Any]) -> Game:
    """The position a scenario sets up, before its actions."""
    unknown = sorted(set(data) - KNOWN_KEYS)
    if unknown:
        raise ScenarioError(
            f"unknown field(s) {', '.join(map(repr, unknown))}; "
            f"known: {', '.join(sorted(KNOWN_KEYS))}"
        )
    rules = scenario_rules(data)
    players = data.get("players", 2)
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        raise ScenarioError("field 'seed': expected a whole number")
    try:
        game = Game(rules, players, seed=seed, deal=False)
    except (ValueError, TypeError) as err:
        raise ScenarioError(f"field 'players': {err}") from None
    _stage_cards(game, data)
    if "tickets" in data:
        _stage_tickets(game, data)
    else:
        if "ticket_deck" in data:
            raise ScenarioError(
                "field 'ticket_deck': give 'tickets' too (the kept tickets), "
                "so the scenario starts after the opening"
            )
        game._deal_tickets()
    claims = player_map(game, data, "routes", list)
    for player, refs in claims.items():
        for index, ref in enumerate(refs):
            route = _route(game, ref, player, f"routes.{game.players[player]}[{index}]")
            game.owner[route.id] = player
            game.trains[player] -= route.length
            game.route_points[player] += game.rules.route_points[route.length]
    for player, trains in player_map(game, data, "trains", int).items():
        game.trains[player] = trains
    for player in range(game.num_players):
        if game.trains[player] < 0:
            raise ScenarioError(
                f"field 'routes.{game.players[player]}': these routes need more "
                f"than {game.rules.trains} trains"
            )
    _stage_stations(game, data)
    if "turn" in data:
        game.current_player = seat(game, data["turn"], "turn")
    game._say(None, f"The scenario is set up; {game.players[game.current_player]} is to play.")
    game._start = game.snapshot()
    return game


def seat(game: Game, who: Any, field: str) -> int:
    """A player's seat from their name or seat number."""
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < game.num_players:
        return who
    if isinstance(who, str) and who in game.players:
        return game.players.index(who)
    raise ScenarioError(
        f"field {field!r}: unknown player {who!r} (players: {', '.join(game.players)})"
    )


def player_map(game: Game, data: dict[str, Any], field: str, kind: type) -> dict[int, Any]:
    """A per-player field given as ``{name or seat: value}`` or as a list in seat order."""
    value = data.get(field, {})
    if isinstance(value, list):
        if len(value) != game.num_players:
            raise ScenarioError(
                f"field {field!r}: a list needs one entry per player ({game.num_players})"
            )
        value = dict(enumerate(value))
    if not isinstance(value, dict):
        raise ScenarioError(f"field {field!r}: expected {{player: ...}} or a list in seat order")
    result = {}
    for who, item in value.items():
        if isinstance(who, str) and who.isdigit() and who not in game.players:
            who = int(who)
        player = seat(game, who, field)
        ok = isinstance(item, kind) or (kind is list and isinstance(item, dict))
        if not ok or (kind is int and isinstance(item, bool)):
            raise ScenarioError(
                f"field '{field}.{game.players[player]}': expected {kind.__name__}, got {item!r}"
            )
        result[player] = item
    return result


def _cards(value: Any, field: str) -> list[str]:
    """Cards written as a list (``["red", "loco"]``) or as counts (``{"red": 2}``)."""
    if isinstance(value, dict):
        items = []
        for card, count in value.items():
            if not isinstance(count, int) or count < 0:
                raise ScenarioError(
                    f"field {field!r}: expected a card count, got {count!r} for {card!r}"
                )
            items += [card] * count
        value = items
    if not isinstance(value, list):
        raise ScenarioError(f"field {field!r}: expected a list of cards or {{colour: count}}")
    cards = []
    for card in value:
        name = CARD_ALIASES.get(str(card).lower(), str(card).lower()) if card is not None else None
        if name not in CARD_KINDS:
            raise ScenarioError(
                f"field {field!r}: unknown card {card!r}; expected one of {', '.join(CARD_KINDS)}"
            )
        cards.append(name)
    return cards


def _stage_cards(game: Game, data: dict[str, Any]) -> None:
    pool = full_deck()
    game.rng.shuffle(pool)  # pool[-1] is dealt first
    left = Counter(pool)

    def place(cards: list[str], field: str) -> None:
        for card, count in Counter(cards).items():
            if count > left[card]:
                raise ScenarioError(
                    f"field {field!r}: places more {card} cards than the "
                    f"{Counter(full_deck())[card]} in the game"
                )
            left[card] -= count

    hands = player_map(game, data, "hands", list)
    for player, value in hands.items():
        cards = _cards(value, f"hands.{game.players[player]}")
        place(cards, f"hands.{game.players[player]}")
        game.hands[player].update(Counter(cards))
    market = None
    if "market" in data:
        market = data["market"]
        if not isinstance(market, list) or len(market) > game.rules.market_size:
            raise ScenarioError(
                f"field 'market': expected a list of up to {game.rules.market_size} cards"
            )
        cards = _cards([c for c in market if c is not None], "market")
        place(cards, "market")
        it = iter(cards)
        market = [None if c is None else next(it) for c in market]
        market += [None] * (game.rules.market_size - len(market))
    fixed = {}
    for field in ("deck", "discard"):
        if field in data:
            fixed[field] = _cards(data[field], field)
            place(fixed[field], field)
    rest = []
    for card in pool:  # the unplaced cards, in the seeded order
        if left[card]:
            left[card] -= 1
            rest.append(card)
    for player in range(game.num_players):
        if player not in hands:
            for _ in range(game.rules.hand_size):
                if rest:
                    game.hands[player][rest.pop()] += 1
    cards = game.cards
    if market is None:
        cards.market = [rest.pop() if rest else None for _ in cards.market]
    else:
        cards.market = market
    rest_to = data.get("rest", "deck")
    if rest_to not in ("deck", "discard"):
        raise ScenarioError('field \'rest\': expected "deck" or "discard"')
    cards.deck, cards.discard = fixed.get("deck", [])[::-1], fixed.get("discard", [])
    if rest_to == "deck":
        cards.deck[:0] = rest  # under the cards the scenario put on top
    else:
        cards.discard += rest
    if market is None:
        cards.check_locomotives()
        game._flush_notes(None)


def _ticket(game: Game, ref: Any, field: str, hint: bool = False) -> int:
    if not isinstance(ref, str):
        raise ScenarioError(f'field {field!r}: expected a ticket like "Paris-Wien", got {ref!r}')
    try:
        pair = {game.board.city(part) for part in ref.replace("\u2013", "-").split("-", 1)}
    except UnknownReference as err:
        raise ScenarioError(f"field {field!r}: {err}") from None
    for index, ticket in enumerate(game.ticket_pool):
        if {ticket.a, ticket.b} == pair:
            return index
    more = ' (give {"cities": [A, B], "points": N} for any other pair)' if hint else ""
    raise ScenarioError(f"field {field!r}: no ticket {ref!r} in {game.rules.title}{more}")


def _stage_tickets(game: Game, data: dict[str, Any]) -> None:
    used: set[int] = set()

    def take(ref: Any, field: str) -> int:
        index = _ticket(game, ref, field)
        if index in used:
            raise ScenarioError(f"field {field!r}: ticket {ref!r} is placed twice")
        used.add(index)
        return index

    for player, refs in player_map(game, data, "tickets", list).items():
        name = game.players[player]
        game.tickets[player] = [take(ref, f"tickets.{name}[{i}]") for i, ref in enumerate(refs)]
    if "ticket_deck" in data:
        if not isinstance(data["ticket_deck"], list):
            raise ScenarioError("field 'ticket_deck': expected a list of tickets, top first")
        deck = [take(ref, f"ticket_deck[{i}]") for i, ref in enumerate(data["ticket_deck"])]
        game.ticket_deck = deck[::-1]
        game.box = [i for i in range(len(game.ticket_pool)) if i not in used]
    else:
        rest = [i for i in range(len(game.ticket_pool)) if i not in used]
        game.rng.shuffle(rest)
        game.ticket_deck = [i for i in rest if not game.ticket_pool[i].long]
        game.box = [i for i in rest if game.ticket_pool[i].long]
    game.phase = TURN
    game.current_player = 0


def _route(game: Game, ref: Any, player: int, field: str) -> Route:
    """The route ``ref`` for ``player``: a plain ``A-B`` on a double takes a free one (C5)."""
    if not isinstance(ref, str):
        raise ScenarioError(
            f'field {field!r}: expected a route like "Paris-Bruxelles", got {ref!r}'
        )
    try:
        candidates = game.board.find_routes(ref)
    except UnknownReference as err:
        raise ScenarioError(f"field {field!r}: {err}") from None
    board: Board = game.board
    free = [r for r in candidates if game.owner[r.id] is None]
    if not free:
        owner = game.owner[candidates[0].id]
        raise ScenarioError(
            f"field {field!r}: {board.ref(candidates[0])} is owned twice "
            f"(already by {game.players[owner]})"
        )
    route = free[0]
    bar = game.double_bar(route, player)
    if bar == "own both":
        raise ScenarioError(
            f"field {field!r}: {game.players[player]} would own both routes "
            f"of the double {board.ref(route)} (C5)"
        )
    if bar == "lock":
        raise ScenarioError(
            f"field {field!r}: both routes of the double {board.ref(route)} "
            f"are used in a {game.num_players}-player game (C5)"
        )
    return route


def _stage_stations(game: Game, data: dict[str, Any]) -> None:
    for player, cities in player_map(game, data, "stations", list).items():
        name = game.players[player]
        if cities and not game.rules.has_stations:
            raise ScenarioError(
                f"field 'stations.{name}': there are no stations in {game.rules.title}"
            )
        if len(cities) > game.rules.stations:
            raise ScenarioError(
                f"field 'stations.{name}': at most {game.rules.stations} stations "
                f"per player, not {len(cities)}"
            )
        for index, text in enumerate(cities):
            field = f"stations.{name}[{index}]"
            try:
                city = game.board.city(str(text))
            except UnknownReference as err:
                raise ScenarioError(f"field {field!r}: {err}") from None
            if city in game.stations:
                raise ScenarioError(
                    f"field {field!r}: {game.board.display(city)} has two stations (ST1)"
                )
            game.stations[city] = player
        game.stations_left[player] = game.rules.stations - len(cities)


# ---------------------------------------------------------------------------------------------
# Position files: what each player owns at the end, for `python -m ttr score`


def load_position(
    source: str | Path | dict[str, Any], variant: str | None = None
) -> tuple[RuleSet, list[Holdings]]:
    """The rule set and each player's holdings from a position file (see the README).

    ``variant`` (V1-V4) replaces the file's ``"variant"``; it decides the ticket list.
    """
    data = _read(source, variant)
    unknown = sorted(set(data) - {"map", "rules", "variant", "players", "title", "description"})
    if unknown:
        raise ScenarioError(f"unknown field(s) {', '.join(map(repr, unknown))} in the position")
    rules = scenario_rules(data)
    entries = data.get("players")
    if not isinstance(entries, list) or not entries:
        raise ScenarioError('field \'players\': expected a list of players, e.g. [{"name": "Ann"}]')
    names = []
    for seat, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise ScenarioError(f"field 'players[{seat}]': expected an object with a \"name\"")
        extra = sorted(set(entry) - {"name", "routes", "tickets", "stations"})
        if extra:
            raise ScenarioError(
                f"field 'players[{seat}]': unknown field(s) {', '.join(map(repr, extra))}"
            )
        names.append(entry["name"])
    try:
        game = Game(rules, names, deal=False)
    except ValueError as err:
        raise ScenarioError(f"field 'players': {err}") from None
    owned: list[list[Route]] = [[] for _ in names]
    refs = [
        (seat, index, ref)
        for seat, entry in enumerate(entries)
        for index, ref in enumerate(_list(entry, "routes", seat))
    ]
    explicit = [r for r in refs if not _is_plain_double(game, r[2])]
    for seat, index, ref in explicit + [r for r in refs if r not in explicit]:
        route = _route(game, ref, seat, f"players[{seat}].routes[{index}]")
        game.owner[route.id] = seat
        owned[seat].append(route)
    holdings = []
    for seat, entry in enumerate(entries):
        trains = sum(route.length for route in owned[seat])
        if trains > rules.trains:
            raise ScenarioError(
                f"field 'players[{seat}].routes': {names[seat]}'s routes use "
                f"{trains} trains; a player has only {rules.trains}"
            )
        tickets = tuple(
            _position_ticket(game, item, f"players[{seat}].tickets[{i}]")
            for i, item in enumerate(_list(entry, "tickets", seat))
        )
        _stage_stations(game, {"stations": {seat: _list(entry, "stations", seat)}})
        stations = tuple(city for city, owner in game.stations.items() if owner == seat)
        owned[seat].sort(key=lambda r: r.id)
        holdings.append(Holdings(names[seat], tuple(owned[seat]), tickets, stations))
    return rules, holdings


def _list(entry: dict[str, Any], field: str, seat: int) -> list[Any]:
    value = entry.get(field, [])
    if not isinstance(value, list):
        raise ScenarioError(f"field 'players[{seat}].{field}': expected a list")
    return value


def _is_plain_double(game: Game, ref: Any) -> bool:
    """Whether ``ref`` names a double route without saying which of the two."""
    try:
        return isinstance(ref, str) and len(game.board.find_routes(ref)) > 1
    except UnknownReference:
        return False


def _position_ticket(game: Game, item: Any, field: str) -> Ticket:
    """A ticket from ``"A-B"`` (looked up in the rule set's tickets) or ``{"cities", "points"}``."""
    if isinstance(item, dict):
        cities, points = item.get("cities"), item.get("points")
        if (
            not isinstance(cities, list)
            or len(cities) != 2
            or not isinstance(points, int)
            or isinstance(points, bool)
            or points < 1
        ):
            raise ScenarioError(f'field {field!r}: expected {{"cities": [A, B], "points": N}}')
        try:
            a, b = (game.board.city(str(c)) for c in cities)
        except UnknownReference as err:
            raise ScenarioError(f"field {field!r}: {err}") from None
        if a == b:
            raise ScenarioError(f"field {field!r}: a ticket joins two different cities")
        return Ticket(a, b, points)
    index = _ticket(game, item, field, hint=True)
    return game.ticket_pool[index]
