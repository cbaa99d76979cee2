"""Stations at the end of a Europe game (ST3-ST4): which opponent route each one borrows.

Each station lets its owner use **one** route of another player that enters the
station's city, for tickets only (ST3). The choice is made at the end, once, and
the same borrowed route then serves every ticket. With several stations the
choices interact (two stations can borrow two routes that only together join a
ticket's cities), so the engine tries **every combination** and keeps the one
that scores the most ticket points (ST4). That is exact, and cheap: a player has
at most 3 stations and a city rarely has more than 8 routes, so at most a few
hundred combinations.

Two observations make each combination cheaper to judge and shrink the choices
without changing the answer:

* Only connectivity matters (K4). First merge the cities the player's *own*
  routes already join into groups (union-find). A borrowed route then simply
  joins two groups, and two candidate routes joining the same two groups are
  interchangeable: only the one with the lowest id is tried.
* A candidate that joins a group to itself, or to a group that holds no city of
  an unfinished ticket and that no other station could reach, changes nothing
  for any ticket: all such "idle" candidates are one choice.

When several combinations score the same ticket points, the one that completes the
most tickets wins (the Europe tie-break counts completed tickets, F5); remaining
ties go to the lowest route ids, station by station in alphabetical order of the
station cities. A station whose city has an
opponent route always borrows one (even if it helps no ticket); a station whose
city has none borrows nothing (``None``).

Borrowed routes never count toward the longest trail (ST5): the scoring breakdown
computes the trail from the player's own routes only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from ttr.scoring.protocols import RouteLike, TicketLike
from ttr.scoring.tickets import CityGroups

__all__ = ["StationChoice", "best_station_routes"]

_Find = Callable[[str], str]  # city -> its group of cities joined by the player's own routes


@dataclass(frozen=True)
class StationChoice:
    """The result of ST4: what each station borrows and what that achieves.

    * ``borrowed``: station city -> the borrowed route, or ``None`` when no
      opponent route enters that city (stations in alphabetical order).
    * ``completed``: for each ticket, in the order given, whether it is completed
      with the player's own routes plus the borrowed ones (K4).
    * ``ticket_points``: points of completed tickets minus points of failed ones (F2).
    * ``helped``: station city -> indices of the tickets that fail without that
      station's route (the other stations keeping theirs).
    """

    borrowed: dict[str, RouteLike | None]
    completed: tuple[bool, ...]
    ticket_points: int
    helped: dict[str, tuple[int, ...]]


def best_station_routes(
    own_routes: Iterable[RouteLike],
    station_cities: Iterable[str],
    opponent_routes: Iterable[RouteLike],
    tickets: Sequence[TicketLike],
) -> StationChoice:
    """Choose each station's borrowed route to maximise the owner's ticket points (ST3-ST4).

    ``opponent_routes`` are the routes owned by the other players (all of them);
    ``station_cities`` are the cities where this player built a station.
    """
    stations = sorted(station_cities)
    if len(set(stations)) != len(stations):
        raise ValueError(f"a city holds at most one station (ST1): {stations}")
    groups = CityGroups(own_routes)
    group = groups.find

    # Unfinished tickets, as (group, group) pairs with the points and tickets at stake.
    at_stake: dict[tuple[str, str], tuple[int, int]] = {}
    for ticket in tickets:
        ga, gb = group(ticket.a), group(ticket.b)
        if ga != gb:
            pair = (ga, gb) if ga < gb else (gb, ga)
            points, count = at_stake.get(pair, (0, 0))
            at_stake[pair] = (points + ticket.points, count + 1)

    candidates = _candidates(stations, opponent_routes)
    options = _options(candidates, group, {g for pair in at_stake for g in pair})
    # Only tickets whose two groups some borrowed route could reach are worth checking.
    reachable = {g for choices in options for _, link in choices if link for g in link}
    open_tickets = [(ga, gb, s) for (ga, gb), s in at_stake.items() if {ga, gb} <= reachable]
    most = (sum(s[0] for *_, s in open_tickets), sum(s[1] for *_, s in open_tickets))

    # Try every combination; options are in id order, so the first best is the lowest ids.
    # A score is (ticket points, tickets completed): more points first, then more tickets.
    best_score = (-1, -1)
    best: tuple[RouteLike | None, ...] = ()
    for combination in product(*options):
        score = _points_joined([link for _, link in combination], open_tickets)
        if score > best_score:
            best_score, best = score, tuple(route for route, _ in combination)
            if score == most:
                break

    borrowed = dict(zip(stations, best, strict=True))
    completed = _completed(tickets, group, [r for r in best if r is not None])
    helped: dict[str, tuple[int, ...]] = {}
    for i, city in enumerate(stations):
        others = [r for j, r in enumerate(best) if j != i and r is not None]
        without = _completed(tickets, group, others)
        helped[city] = tuple(
            k for k, (w, wo) in enumerate(zip(completed, without, strict=True)) if w and not wo
        )
    points = sum(
        t.points if done else -t.points for t, done in zip(tickets, completed, strict=True)
    )
    return StationChoice(borrowed, completed, points, helped)


def _candidates(
    stations: Sequence[str], opponent_routes: Iterable[RouteLike]
) -> list[list[RouteLike]]:
    """For each station, the opponent routes entering its city, by id (ST3)."""
    at_city: dict[str, list[RouteLike]] = {city: [] for city in stations}
    for route in opponent_routes:
        for city in {route.a, route.b}:
            if city in at_city:
                at_city[city].append(route)
    return [sorted(at_city[city], key=lambda route: route.id) for city in stations]


_Link = tuple[str, str] | None  # the two groups a borrowed route joins (None: changes nothing)


def _options(
    candidates: Sequence[Sequence[RouteLike]], group: _Find, ticket_groups: set[str]
) -> list[list[tuple[RouteLike | None, _Link]]]:
    """Each station's distinct choices: (representative route, the groups it joins).

    The representative of equivalent routes is the one with the lowest id.
    """
    # Groups each station's candidates touch: another station may reach them.
    touched = [{group(c) for route in routes for c in (route.a, route.b)} for routes in candidates]
    options: list[list[tuple[RouteLike | None, _Link]]] = []
    for i, routes in enumerate(candidates):
        if not routes:
            options.append([(None, None)])  # no opponent route enters the city (ST3)
            continue
        useful = ticket_groups.union(*(t for j, t in enumerate(touched) if j != i))
        chosen: dict[_Link, RouteLike] = {}
        for route in routes:  # by id: the first route of each kind stands for it
            ga, gb = group(route.a), group(route.b)
            link: _Link = None  # idle: joins a group to itself, or to a dead end
            if ga != gb and ga in useful and gb in useful:
                link = (ga, gb) if ga < gb else (gb, ga)
            chosen.setdefault(link, route)
        options.append(sorted(((r, link) for link, r in chosen.items()), key=_route_id))
    return options


def _route_id(option: tuple[RouteLike | None, _Link]) -> int:
    route = option[0]
    assert route is not None
    return route.id


def _points_joined(
    links: Sequence[_Link], tickets: Sequence[tuple[str, str, tuple[int, int]]]
) -> tuple[int, int]:
    """Points and number of the tickets ``(group, group, (points, count))`` completed once
    ``links`` join groups. A tiny union-find over at most three links.
    """
    parent: dict[str, str] = {}
    for link in links:
        if link is not None:
            a, b = link
            while a in parent:
                a = parent[a]
            while b in parent:
                b = parent[b]
            if a != b:
                parent[a] = b
    points = count = 0
    for a, b, (p, n) in tickets:
        while a in parent:
            a = parent[a]
        while b in parent:
            b = parent[b]
        if a == b:
            points += p
            count += n
    return points, count


def _completed(
    tickets: Sequence[TicketLike], group: _Find, borrowed: Sequence[RouteLike]
) -> tuple[bool, ...]:
    extra = CityGroups()
    for route in borrowed:
        extra.join(group(route.a), group(route.b))
    return tuple(extra.joined(group(t.a), group(t.b)) for t in tickets)
