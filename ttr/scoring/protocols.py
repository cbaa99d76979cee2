"""The small interfaces the scoring algorithms rely on.

The algorithms in :mod:`ttr.scoring` never need a whole board or game. A route is
anything with a stable integer ``id``, two city names ``a`` and ``b`` and a
``length`` in trains; a ticket is anything with two city names and its
``points``. Writing the algorithms against these :class:`typing.Protocol` types
keeps them independent of the engine: the board's ``Route`` and ``Ticket``
dataclasses fit, and so does any small dataclass written in a test or a notebook.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["RouteLike", "TicketLike"]


class RouteLike(Protocol):
    """A route between two cities, as far as scoring is concerned.

    ``id`` must be unique within one call: it tells parallel routes apart (two
    routes between the same two cities are two different edges) and it is the
    tie-breaker that makes every result deterministic.
    """

    @property
    def id(self) -> int: ...

    @property
    def a(self) -> str: ...

    @property
    def b(self) -> str: ...

    @property
    def length(self) -> int: ...


class TicketLike(Protocol):
    """A destination ticket: join ``a`` and ``b`` to win ``points``, or lose them (K4, F2)."""

    @property
    def a(self) -> str: ...

    @property
    def b(self) -> str: ...

    @property
    def points(self) -> int: ...
