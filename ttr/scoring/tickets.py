"""Destination tickets (K4): which tickets a player's routes complete.

A ticket is completed when its two cities are joined by *any* continuous path of
the player's routes, however roundabout (plus, in Europe, the routes the player's
stations borrow: ST3). Only *whether* two cities are joined matters, not how, so
the natural tool is a **union-find** (disjoint-set) structure: every route merges
the groups of its two cities, and two cities are joined exactly when they end up
in the same group. Each ticket is then a constant-time check, and one network
answers all tickets at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ttr.scoring.protocols import RouteLike, TicketLike

__all__ = ["CityGroups", "completed_tickets", "connected"]


class CityGroups:
    """Union-find over city names: which cities a set of routes joins together.

    >>> from types import SimpleNamespace as R
    >>> groups = CityGroups([R(a="Paris", b="Bruxelles"), R(a="Bruxelles", b="Amsterdam")])
    >>> groups.joined("Paris", "Amsterdam"), groups.joined("Paris", "Roma")
    (True, False)
    """

    def __init__(self, routes: Iterable[RouteLike] = ()) -> None:
        self._parent: dict[str, str] = {}
        for route in routes:
            self.join(route.a, route.b)

    def find(self, city: str) -> str:
        """The representative city of ``city``'s group (a city no route touches is alone)."""
        parent = self._parent
        root = parent.setdefault(city, city)
        while root != parent[root]:
            root = parent[root]
        while parent[city] != root:  # path compression: point everything at the root
            parent[city], city = root, parent[city]
        return root

    def join(self, a: str, b: str) -> None:
        """Merge the groups of ``a`` and ``b`` (a route between them)."""
        root_a, root_b = self.find(a), self.find(b)
        if root_a != root_b:
            self._parent[root_a] = root_b

    def joined(self, a: str, b: str) -> bool:
        """True when a path of the routes seen so far joins ``a`` and ``b``."""
        return self.find(a) == self.find(b)


def connected(
    routes: Iterable[RouteLike], a: str, b: str, borrowed: Iterable[RouteLike] = ()
) -> bool:
    """True when a path of ``routes`` (plus ``borrowed`` ones) joins cities ``a`` and ``b`` (K4)."""
    groups = CityGroups(routes)
    for route in borrowed:
        groups.join(route.a, route.b)
    return groups.joined(a, b)


def completed_tickets(
    routes: Iterable[RouteLike],
    tickets: Sequence[TicketLike],
    borrowed: Iterable[RouteLike] = (),
) -> list[bool]:
    """For each ticket, in order: is it completed by ``routes`` plus ``borrowed`` ones? (K4)

    ``borrowed`` is for the routes a player's stations use (ST3); they count for
    tickets exactly like the player's own routes.
    """
    groups = CityGroups(routes)
    for route in borrowed:
        groups.join(route.a, route.b)
    return [groups.joined(ticket.a, ticket.b) for ticket in tickets]
