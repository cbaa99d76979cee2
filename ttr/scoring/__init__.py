"""Scoring algorithms: tickets (K4), stations (ST3-ST4) and the longest trail (F3).

Each module holds one idea and works on plain route and ticket values (see
:mod:`ttr.scoring.protocols`), so a notebook can call them on a handful of routes:

* :mod:`ttr.scoring.tickets`: is a ticket completed? (union-find)
* :mod:`ttr.scoring.stations`: which opponent route each station borrows (exhaustive, exact)
* :mod:`ttr.scoring.trail`: the longest continuous trail (Euler + branch and bound, exact)
"""

from ttr.scoring.protocols import RouteLike, TicketLike
from ttr.scoring.stations import StationChoice, best_station_routes
from ttr.scoring.tickets import CityGroups, completed_tickets, connected
from ttr.scoring.trail import Trail, longest_trail, longest_trail_length

__all__ = [
    "CityGroups",
    "RouteLike",
    "StationChoice",
    "TicketLike",
    "Trail",
    "best_station_routes",
    "completed_tickets",
    "connected",
    "longest_trail",
    "longest_trail_length",
]
