"""The final score breakdown as HTML, and what of it the map can draw (both apps use it).

:func:`breakdown_html` shows an :class:`~ttr.scoring.breakdown.Outcome` as a table (one row per
player, best first: routes, tickets, the longest trail and its bonus, stations, the total) and,
under it, each player's items: every ticket completed or failed, the trail's routes, and the
route each station borrows. :func:`focus_marks` gives the routes and cities to light up on the
map for one player's longest trail or stations.

>>> from ttr import load_board, rule_set
>>> from ttr.scenario import load_position
>>> from ttr.scoring.breakdown import score_holdings
>>> rules, holdings = load_position("data/positions/nb08_worked_example.json")
>>> outcome = score_holdings(holdings, rules)
>>> "<b>80</b>" in breakdown_html(outcome, load_board("usa"), rules)
True
"""

from __future__ import annotations

from ttr.board import Board
from ttr.rules import RuleSet
from ttr.scoring.breakdown import Outcome
from ttr.text import count
from ttr.widgets.common import esc, player_swatch, table_html

__all__ = ["breakdown_html", "focus_choices", "focus_marks"]


def breakdown_html(outcome: Outcome, board: Board, rules: RuleSet) -> str:
    """The score table, best first, then each player's tickets, trail and stations (F1-F5)."""
    header = ["player", "routes", "tickets", "longest trail", "total"]
    if rules.has_stations:
        header.insert(4, "stations")
    best = max((s.longest_route for s in outcome.scores), default=0)
    rows = []
    for seat in outcome.ranking:
        score = outcome.scores[seat]
        trail = f"{score.longest_route}"
        if score.longest_route_bonus:
            trail += f" (+{score.longest_route_bonus})"
        cells = [
            player_swatch(seat, score.name) + (" ★" if seat in outcome.winners else ""),
            str(score.route_points),
            f"{score.ticket_points:+d}",
            trail,
            f"<b>{score.total}</b>",
        ]
        if rules.has_stations:
            cells.insert(4, f"{score.station_points:+d}")
        rows.append(cells)
    table = table_html(header, rows, numeric=range(1, len(header)))
    details = []
    for seat in outcome.ranking:
        score = outcome.scores[seat]
        items = [
            f"{'✔' if t.completed else '✘'} {esc(board.ticket_ref(t.ticket))} {t.points:+d}"
            for t in score.tickets
        ] or ["no tickets"]
        trail = " › ".join(esc(board.ref(r)) for r in score.longest_trail.routes) or "no routes"
        lines = [
            f"<b>{esc(score.name)}</b>: {score.route_points} for routes (C3, F1); tickets "
            f"(F2, K4): {'; '.join(items)}.",
            f"Longest trail {count(score.longest_route, 'train')}"
            + (
                f", the longest (+{score.longest_route_bonus} {esc(rules.longest_bonus_name)}, F3)"
                if score.longest_route_bonus
                else (f" (the longest is {best}, F3)" if best else " (F3)")
            )
            + f": {trail}.",
        ]
        if rules.has_stations:
            unbuilt = rules.stations - score.stations_built
            borrowed = [
                f"{esc(board.display(city))} borrows "
                + ("nothing (no opponent route there)" if r is None else esc(board.ref(r)))
                for city, r in score.station_routes.items()
            ]
            lines.append(
                f"Stations: {count(unbuilt, 'station')} unbuilt, +{score.station_points} (ST6, F4)"
                + (f"; {'; '.join(borrowed)} (ST3, ST4)" if borrowed else "")
                + "."
            )
        details.append("<li>" + "<br>".join(lines) + "</li>")
    names = " and ".join(esc(n) for n in outcome.winner_names)
    tied = " (a shared win, F5)" if len(outcome.winners) > 1 else ""
    return (
        f'<div class="ttr-breakdown"><b>Final score</b>{table}'
        f'<div class="ttr-winner">Winner: <b>{names}</b>{tied}.</div>'
        f'<ul class="ttr-details">{"".join(details)}</ul></div>'
    )


def focus_marks(outcome: Outcome, seat: int, what: str) -> tuple[list[int], list[str]]:
    """The route ids and cities to light up for ``seat``'s ``"trail"`` (its longest trail, F3)
    or ``"stations"`` (the station cities and the routes they borrow, ST3)."""
    score = outcome.scores[seat]
    if what == "trail":
        return [r.id for r in score.longest_trail.routes], []
    if what == "stations":
        routes = [r.id for r in score.station_routes.values() if r is not None]
        return routes, list(score.station_routes)
    raise ValueError(f"what must be 'trail' or 'stations', not {what!r}")


def focus_choices(outcome: Outcome) -> list[tuple[str, str]]:
    """The (label, key) of what :func:`focus_marks` can draw: each player's longest trail, and
    their stations with the routes they borrow (for players who built any)."""
    found = []
    for seat, score in enumerate(outcome.scores):
        found.append(
            (f"{score.name}: longest trail ({score.longest_route} trains)", f"trail:{seat}")
        )
        if score.stations_built:
            found.append((f"{score.name}: stations and borrowed routes", f"stations:{seat}"))
    return found
