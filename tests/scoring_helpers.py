"""Small stand-ins for the board's routes and tickets, shared by the scoring tests.

The scoring functions read only ``id``, ``a``, ``b`` and ``length`` of a route and ``a``, ``b``
and ``points`` of a ticket, so the tests build these plain values instead of loading a board.
Imported as ``from scoring_helpers import ...`` (like ``turn_helpers``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class R:
    """A route: what the scoring functions read of one."""

    id: int
    a: str
    b: str
    length: int = 1


@dataclass(frozen=True)
class T:
    """A destination ticket: its two cities and its points."""

    a: str
    b: str
    points: int


def net(*pairs: str, first_id: int = 0) -> list[R]:
    """Routes from ``"A-B"`` strings, ids counting up from ``first_id``."""
    return [R(first_id + i, *pair.split("-")) for i, pair in enumerate(pairs)]


def reachable(routes: list[R], start: str) -> set[str]:
    """Plain graph search: every city a path of ``routes`` reaches from ``start``."""
    seen, frontier = {start}, [start]
    while frontier:
        city = frontier.pop()
        for route in routes:
            for here, there in ((route.a, route.b), (route.b, route.a)):
                if here == city and there not in seen:
                    seen.add(there)
                    frontier.append(there)
    return seen
