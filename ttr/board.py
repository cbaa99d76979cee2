"""The board: cities, routes and destination tickets, loaded and validated from ``ttr/data/``.

A board is pure data, the facts printed on the published map. Everything that changes during a game
lives in :class:`ttr.game.Game`. Routes get stable ids (their row order in ``routes.csv``), so a
saved game, a notebook or a test can name a route by number as well as by text.

Route references are forgiving, because people type them: ``"Paris-Bruxelles"``,
``"paris - bruxelles (yellow)"`` and ``"Montréal–New York"`` all work (case, accents, spaces and
hyphen or en dash do not matter; a colour in parentheses picks one route of a double).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ttr.colors import CARD_COLORS, GRAY, ROUTE_COLORS
from ttr.display import picture
from ttr.errors import DataError, UnknownMap, UnknownReference, preview
from ttr.i18n import N_

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
    from pathlib import Path

    import networkx as nx

    from ttr.scoring.protocols import RouteLike

# Loaded when first used, not with the engine (import time): importlib.resources and pathlib
# (the board data), csv (reading it), difflib (suggestions for a misspelt name).


@functools.cache
def data_dir() -> Traversable:
    """The board data, inside the package (read with importlib.resources)."""
    from importlib.resources import files

    return files("ttr") / "data"


def __getattr__(name: str) -> object:
    if name == "DATA_DIR":  # the folder of the board data: data_dir(), found when asked for
        return data_dir()
    raise AttributeError(f"module 'ttr.board' has no attribute {name!r}")


ROUTE_KINDS = ("normal", "tunnel", "ferry")
MAX_ROUTE_LENGTH = 8
MAX_REFERENCE = 120
"""The longest city, route or ticket reference read; a longer text is refused unread."""


@dataclass(frozen=True, slots=True)
class City:
    name: str
    display_name: str
    latitude: float
    longitude: float
    board_x: float
    board_y: float


@dataclass(frozen=True, slots=True)
class Route:
    """One route between two adjacent cities; ``a < b`` alphabetically."""

    id: int
    a: str
    b: str
    length: int
    color: str
    kind: str = "normal"
    locomotives: int = 0
    double_group: int | None = None
    is_tunnel: bool = field(init=False, repr=False, compare=False)
    """Whether the route is a tunnel (C7): its kind, read on every claim."""
    is_ferry: bool = field(init=False, repr=False, compare=False)
    """Whether the route is a ferry (C6)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_tunnel", self.kind == "tunnel")
        object.__setattr__(self, "is_ferry", self.kind == "ferry")

    @property
    def cities(self) -> tuple[str, str]:
        return (self.a, self.b)

    def other(self, city: str) -> str:
        """The city at the other end of the route from ``city``."""
        return self.b if city == self.a else self.a


@dataclass(frozen=True, slots=True)
class Ticket:
    """A destination ticket: join ``a`` and ``b`` with your own routes to score ``points`` (K4)."""

    a: str
    b: str
    points: int
    long: bool = False

    @property
    def cities(self) -> tuple[str, str]:
        return (self.a, self.b)


@dataclass(frozen=True, eq=False)
class Board:
    """A map: its cities, its routes (``routes[i].id == i``) and its ticket sets."""

    name: str
    cities: Mapping[str, City]
    routes: tuple[Route, ...]
    ticket_sets: Mapping[str, tuple[Ticket, ...]]
    _twins: tuple[int | None, ...] = field(init=False, repr=False)
    _alike: tuple[bool, ...] = field(init=False, repr=False)
    _refs: tuple[str, ...] = field(init=False, repr=False)
    _keys: Mapping[str, str] = field(init=False, repr=False)
    _between: Mapping[frozenset[str], tuple[Route, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        groups: dict[int, list[int]] = {}
        between: dict[frozenset[str], list[Route]] = {}
        for route in self.routes:
            if route.double_group is not None:
                groups.setdefault(route.double_group, []).append(route.id)
            between.setdefault(frozenset(route.cities), []).append(route)
        twins: list[int | None] = [None] * len(self.routes)
        for first, second in groups.values():
            twins[first], twins[second] = second, first
        keys = {_key(name): name for name in self.cities}
        keys.update({_key(c.display_name): name for name, c in self.cities.items()})
        refs = []
        for route in self.routes:
            text = f"{self.cities[route.a].display_name}-{self.cities[route.b].display_name}"
            refs.append(text if route.double_group is None else f"{text} ({route.color})")
        object.__setattr__(self, "_refs", tuple(refs))
        object.__setattr__(self, "_twins", tuple(twins))
        alike = tuple(
            twin is not None
            and (self.routes[twin].color, self.routes[twin].kind) == (route.color, route.kind)
            for route, twin in zip(self.routes, twins, strict=True)
        )
        object.__setattr__(self, "_alike", alike)
        object.__setattr__(self, "_keys", keys)
        object.__setattr__(self, "_between", {k: tuple(v) for k, v in between.items()})

    def __repr__(self) -> str:
        return f"load_board({self.name!r})"

    def _repr_svg_(self) -> str:
        """Draw the board in a notebook (drawn by the view :mod:`ttr.display` names)."""
        return str(picture("board", self))

    def _repr_html_(self) -> str:
        """The same picture as an ``<img>`` (shown in notebooks that are not trusted yet)."""
        return str(picture("board", self)._repr_html_())

    @property
    def tickets(self) -> tuple[Ticket, ...]:
        """The base game's destination tickets."""
        return self.ticket_sets["base"]

    def twin(self, route: Route) -> Route | None:
        """The other route of a double route, or ``None`` for a single route (C5)."""
        twin = self._twins[route.id]
        return None if twin is None else self.routes[twin]

    def twin_id(self, route_id: int) -> int | None:
        return self._twins[route_id]

    def alike_twin(self, route_id: int) -> bool:
        """Whether the route has a double twin of the same colour and kind (claiming either is
        the same move)."""
        return self._alike[route_id]

    def routes_between(self, a: str, b: str) -> tuple[Route, ...]:
        return self._between.get(frozenset((a, b)), ())

    def display(self, city: str) -> str:
        """The city's name as printed on the board, with its diacritics (Montréal, Zürich)."""
        return self.cities[city].display_name

    def ref(self, route: RouteLike) -> str:
        """A text reference that :meth:`route` reads back: ``"Paris-Bruxelles (yellow)"``."""
        return self._refs[route.id]

    def ticket_ref(self, ticket: Ticket) -> str:
        return f"{self.display(ticket.a)}-{self.display(ticket.b)}"

    def city(self, text: str) -> str:
        """The board name of the city ``text`` names (forgiving case, accents and spaces)."""
        _check_reference(text, "city")
        name = self._keys.get(_key(text))
        if name is None:
            import difflib

            close = difflib.get_close_matches(_key(text), list(self._keys), n=3, cutoff=0.5)
            hint = ", ".join(dict.fromkeys(self.display(self._keys[k]) for k in close))
            unknown = N_("unknown city {city} on the {board:word} board (did you mean {hint}?)")
            if not hint:
                unknown = N_("unknown city {city} on the {board:word} board")
            raise UnknownReference(unknown, city=preview(text.strip()), board=self.name, hint=hint)
        return name

    def find_routes(self, text: str) -> tuple[Route, ...]:
        """Every route that a reference like ``"Paris - Bruxelles (yellow)"`` may mean.

        A plain ``"A-B"`` on a double route gives both routes of the pair; a colour picks the
        route(s) of that colour. Raises :class:`UnknownReference` with a hint when nothing fits.
        """
        parts = split_reference(text, "route")
        if parts is None:
            raise UnknownReference(
                "cannot read route {text}: expected two cities joined by a dash, "
                "e.g. 'Paris-Bruxelles' or 'Paris-Bruxelles (yellow)'",
                text=preview(text),
            )
        a, b = self.city(parts[0]), self.city(parts[1])
        routes = self.routes_between(a, b)
        if not routes:
            raise UnknownReference(
                "no route between {a} and {b} on the {board:word} board",
                a=self.display(a),
                b=self.display(b),
                board=self.name,
            )
        color = parts[2]
        if color is None:
            return routes
        color = _key(color)
        chosen = tuple(r for r in routes if r.color == color)
        if not chosen:
            raise UnknownReference(
                "no {color:colour} route between {a} and {b} "
                "(the routes there are: {have:colour list})",
                color=color,
                a=self.display(a),
                b=self.display(b),
                have=[r.color for r in routes],
            )
        return chosen

    def route(self, text: str) -> Route:
        """The route a text reference names (the first of a double if no colour is given)."""
        return self.find_routes(text)[0]

    def ticket_cities(self, text: str) -> frozenset[str]:
        """The two cities a ticket reference ``"A-B"`` names (the one ticket parser)."""
        parts = split_reference(text, "ticket")
        if parts is None or parts[2] is not None:
            raise UnknownReference(
                "cannot read ticket {text}: expected 'City-City'", text=preview(text)
            )
        a, b = self.city(parts[0]), self.city(parts[1])
        if a == b:
            raise UnknownReference(
                "a ticket joins two different cities, not {text}", text=preview(text)
            )
        return frozenset((a, b))

    def ticket(self, text: str, ticket_set: str = "base") -> Ticket:
        """The ticket ``"A-B"`` of a ticket set (either city order)."""
        pair = self.ticket_cities(text)
        for ticket in self.ticket_sets[ticket_set]:
            if {ticket.a, ticket.b} == pair:
                return ticket
        a, b = sorted(pair)
        raise UnknownReference(
            "no ticket {a}-{b} in the {board:word} {tickets} tickets",
            a=self.display(a),
            b=self.display(b),
            board=self.name,
            tickets=ticket_set,
        )

    def graph(self, routes: Iterable[Route] | None = None) -> nx.MultiGraph:
        """The map as a networkx MultiGraph: cities are nodes, each route an edge keyed by id.

        Double routes are parallel edges. Node attributes hold the positions (``board_x``...),
        edge attributes the route's ``length``, ``color``, ``kind``, ``locomotives`` and ``route``.
        Pass ``routes`` to get the graph of only those routes (on all the cities).
        """
        import networkx as nx  # imported here: the engine itself does not need it

        graph = nx.MultiGraph(name=self.name)
        for city in self.cities.values():
            graph.add_node(
                city.name,
                display_name=city.display_name,
                pos=(city.board_x, -city.board_y),
                board_x=city.board_x,
                board_y=city.board_y,
                latitude=city.latitude,
                longitude=city.longitude,
            )
        for route in self.routes if routes is None else routes:
            graph.add_edge(
                route.a,
                route.b,
                key=route.id,
                length=route.length,
                color=route.color,
                kind=route.kind,
                locomotives=route.locomotives,
                route=route,
            )
        return graph


_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2012": "-", "\u2212": "-"})
_LETTERS = str.maketrans({"ø": "o", "Ø": "o", "ß": "ss", "ı": "i", "ł": "l", "Ł": "l"})


def _check_reference(text: object, what: str) -> None:
    if not isinstance(text, str):
        raise UnknownReference(
            "a {what:word} is named by text, not {text}", what=what, text=preview(text)
        )
    if len(text) > MAX_REFERENCE:
        raise UnknownReference(
            "a {what:word} name of {size} characters is too long (at most {most}): {text}",
            what=what,
            size=len(text),
            most=MAX_REFERENCE,
            text=preview(text),
        )


def split_reference(text: str, what: str = "route") -> tuple[str, str, str | None] | None:
    """``"Paris - Bruxelles (yellow)"`` -> ``("Paris", "Bruxelles", "yellow")``, in linear time.

    Any dash (hyphen, en dash, em dash) joins the two cities; a colour in parentheses may follow.
    Returns None when the text is not of that shape.
    """
    _check_reference(text, what)
    text = text.translate(_DASHES).strip()
    color = None
    if text.endswith(")"):
        start = text.rfind("(")
        if start < 0:
            return None
        color, text = text[start + 1 : -1].strip(), text[:start]
    if "(" in text or ")" in text or (color is not None and "(" in color):
        return None
    parts = text.split("-")
    if len(parts) != 2:
        return None
    a, b = parts[0].strip(), parts[1].strip()
    if not a or not b:
        return None
    return a, b, color


def _key(text: str) -> str:
    """A city name folded for matching: no accents, no case, no dots, single spaces."""
    text = unicodedata.normalize("NFKD", text.translate(_LETTERS))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.casefold().replace(".", " ").split())


# ---------------------------------------------------------------------------------------------
# Loading and validating the CSV files


class _Rows:
    """Read a CSV file, naming the file, line and field in every complaint."""

    def __init__(self, path: Traversable | Path, required: tuple[str, ...]):
        self.path = path
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise DataError(f"{path}: cannot read the file ({err.strerror})") from None
        import csv

        reader = csv.DictReader(text.splitlines())
        header = reader.fieldnames or []
        missing = [name for name in required if name not in header]
        if missing:
            raise DataError(f"{path}, line 1: missing column(s) {', '.join(missing)}")
        self.header = header
        self.rows = [(number, row) for number, row in enumerate(reader, start=2)]

    def fail(self, line: int, column: str, expected: str, got: object) -> DataError:
        return DataError(
            f"{self.path}, line {line}, field {column!r}: expected {expected}, got {got!r}"
        )

    def number(
        self,
        line: int,
        row: dict[str, str],
        column: str,
        kind: type = float,
        minimum: float | None = None,
    ) -> Any:
        text = (row.get(column) or "").strip()
        try:
            value = kind(text)
        except ValueError:
            raise self.fail(
                line, column, f"a {'whole ' if kind is int else ''}number", text
            ) from None
        if minimum is not None and value < minimum:
            raise self.fail(line, column, f"a number of at least {minimum}", text)
        return value

    def city(self, line: int, row: dict, column: str, cities: Mapping[str, City]) -> str:
        name = (row.get(column) or "").strip()
        if name not in cities:
            import difflib

            close = difflib.get_close_matches(name, list(cities), n=3)
            hint = f" (closest: {', '.join(close)})" if close else ""
            raise self.fail(line, column, f"a city listed in cities.csv{hint}", name)
        return name


def _load_cities(path: Traversable | Path) -> dict[str, City]:
    rows = _Rows(path, ("name", "latitude", "longitude", "board_x", "board_y"))
    cities: dict[str, City] = {}
    for line, row in rows.rows:
        name = (row["name"] or "").strip()
        if not name:
            raise rows.fail(line, "name", "a city name", name)
        if name in cities:
            raise rows.fail(line, "name", "a name not already listed", name)
        cities[name] = City(
            name=name,
            display_name=(row.get("display_name") or name).strip(),
            latitude=rows.number(line, row, "latitude"),
            longitude=rows.number(line, row, "longitude"),
            board_x=rows.number(line, row, "board_x"),
            board_y=rows.number(line, row, "board_y"),
        )
    return cities


def _load_routes(path: Traversable | Path, cities: Mapping[str, City]) -> tuple[Route, ...]:
    columns = ("city_a", "city_b", "length", "color", "kind", "locomotives", "double_group")
    rows = _Rows(path, columns)
    routes: list[Route] = []
    group_lines: dict[int, list[tuple[int, Route]]] = {}
    for line, row in rows.rows:
        a = rows.city(line, row, "city_a", cities)
        b = rows.city(line, row, "city_b", cities)
        if a == b:
            raise rows.fail(line, "city_b", "a city other than city_a", b)
        length = rows.number(line, row, "length", int)
        if not 1 <= length <= MAX_ROUTE_LENGTH:
            raise rows.fail(line, "length", f"a whole number from 1 to {MAX_ROUTE_LENGTH}", length)
        color = (row["color"] or "").strip()
        if color not in ROUTE_COLORS:
            raise rows.fail(line, "color", f"one of {', '.join(ROUTE_COLORS)}", color)
        kind = (row["kind"] or "").strip()
        if kind not in ROUTE_KINDS:
            raise rows.fail(line, "kind", f"one of {', '.join(ROUTE_KINDS)}", kind)
        locomotives = rows.number(line, row, "locomotives", int, minimum=0)
        if kind == "ferry":
            if not 1 <= locomotives <= length:
                raise rows.fail(
                    line, "locomotives", f"a ferry to need 1 to {length} locomotives", locomotives
                )
            if color != GRAY:
                raise rows.fail(line, "color", "gray for a ferry", color)
        elif locomotives:
            raise rows.fail(line, "locomotives", f"0 for a {kind} route", locomotives)
        group_text = (row["double_group"] or "").strip()
        group = rows.number(line, row, "double_group", int, minimum=0) if group_text else None
        a, b = sorted((a, b))
        route = Route(len(routes), a, b, length, color, kind, locomotives, group)
        routes.append(route)
        if group is not None:
            group_lines.setdefault(group, []).append((line, route))
    for group, members in group_lines.items():
        line, first = members[-1]
        if len(members) != 2:
            raise rows.fail(
                line, "double_group", f"exactly 2 routes in double group {group}", len(members)
            )
        (_, r1), (_, r2) = members
        if (r1.a, r1.b, r1.length, r1.kind) != (r2.a, r2.b, r2.length, r2.kind):
            raise rows.fail(
                line,
                "double_group",
                f"double group {group} to join the same cities with the same length and kind",
                f"{r1.a}-{r1.b} and {r2.a}-{r2.b}",
            )
    return tuple(routes)


def _load_tickets(path: Traversable | Path, cities: Mapping[str, City]) -> tuple[Ticket, ...]:
    rows = _Rows(path, ("city_a", "city_b", "points"))
    tickets = []
    for line, row in rows.rows:
        a = rows.city(line, row, "city_a", cities)
        b = rows.city(line, row, "city_b", cities)
        if a == b:
            raise rows.fail(line, "city_b", "a city other than city_a", b)
        points = rows.number(line, row, "points", int, minimum=1)
        long_text = (row.get("long") or "0").strip()
        if long_text not in ("0", "1"):
            raise rows.fail(line, "long", "0 or 1", long_text)
        tickets.append(Ticket(a, b, points, long_text == "1"))
    return tuple(tickets)


TICKET_FILES = {"base": "tickets.csv", "1912": "tickets_1912.csv", "big_cities": "big_cities.csv"}
"""Ticket sets and the file each lives in; a board has the sets whose files exist."""


def load_board_from(folder: Traversable | Path | str, name: str | None = None) -> Board:
    """Load and validate a board from a folder holding cities, routes and tickets CSV files."""
    if isinstance(folder, str):
        from pathlib import Path

        folder = Path(folder)
    cities = _load_cities(folder / "cities.csv")
    routes = _load_routes(folder / "routes.csv", cities)
    ticket_sets = {
        set_name: _load_tickets(folder / file, cities)
        for set_name, file in TICKET_FILES.items()
        if set_name == "base" or (folder / file).is_file()
    }
    return Board(name or folder.name, cities, routes, ticket_sets)


MAPS = ("usa", "europe")
"""The boards in the package."""


def load_board(name: str) -> Board:
    """The board ``"usa"`` or ``"europe"`` from the package data (cached).

    Unknown names raise :class:`UnknownMap`.
    """
    key = _key(name) if isinstance(name, str) and len(name) <= 40 else ""
    if key not in MAPS:
        raise UnknownMap(
            "unknown map {name} (known maps: {known})", name=preview(name), known=", ".join(MAPS)
        )
    return _load(key)


@functools.cache
def _load(key: str) -> Board:
    return load_board_from(data_dir() / key, key)


__all__ = [
    "Board",
    "City",
    "DataError",
    "Route",
    "Ticket",
    "UnknownMap",
    "UnknownReference",
    "load_board",
    "load_board_from",
    "CARD_COLORS",
]
