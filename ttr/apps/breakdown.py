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
from ttr.i18n import N_, gettext, prender, render
from ttr.rules import RuleSet
from ttr.scoring.breakdown import Outcome, tie_break_text
from ttr.text import listed_long
from ttr.views.widgets.common import esc, player_swatch, table_html

__all__ = ["breakdown_html", "focus_choices", "focus_marks"]

BONUS_NAMES = (N_("Longest Route"), N_("European Express"))
"""The rule sets' names of the longest-trail bonus (``RuleSet.longest_bonus_name``), translated."""


def breakdown_html(outcome: Outcome, board: Board, rules: RuleSet) -> str:
    """The score table, best first, then each player's tickets, trail and stations (F1-F5)."""
    header = [
        prender("column", "player"),
        prender("column", "routes"),
        prender("column", "tickets"),
        prender("column", "longest trail"),
        prender("column", "total"),
    ]
    if rules.has_stations:
        header.insert(4, prender("column", "stations"))
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
        ] or [render("no tickets")]
        trail = " › ".join(
            esc(render("{ref:route}", ref=board.ref(r))) for r in score.longest_trail.routes
        ) or render("no routes")
        if score.longest_route_bonus:
            longest = render(
                ", the longest (+{bonus} {name}, F3)",
                bonus=score.longest_route_bonus,
                name=esc(gettext(rules.longest_bonus_name)),
            )
        else:
            longest = render(" (the longest is {best}, F3)", best=best) if best else " (F3)"
        lines = [
            render(
                "<b>{name}</b>: {points} for routes (C3, F1); tickets (F2, K4): {items}.",
                name=esc(score.name),
                points=score.route_points,
                items=listed_long(items),
            ),
            render(
                "Longest trail {trains:#train}{longest}: {trail}.",
                trains=score.longest_route,
                longest=longest,
                trail=trail,
            ),
        ]
        if rules.has_stations:
            unbuilt = rules.stations - score.stations_built
            borrowed = [
                render(
                    "{city} borrows nothing (no opponent route there)",
                    city=esc(board.display(city)),
                )
                if r is None
                else render(
                    "{city} borrows {ref:route}",
                    city=esc(board.display(city)),
                    ref=esc(board.ref(r)),
                )
                for city, r in score.station_routes.items()
            ]
            lines.append(
                render(
                    "Stations: {unbuilt:#station} unbuilt, +{points} (ST6, F4)",
                    unbuilt=unbuilt,
                    points=score.station_points,
                )
                + (f"; {'; '.join(borrowed)} (ST3, ST4)" if borrowed else "")
                + "."
            )
        details.append("<li>" + "<br>".join(lines) + "</li>")
    names = render(" and ").join(esc(n) for n in outcome.winner_names)
    tied = render(" (a shared win, F5)") if len(outcome.winners) > 1 else ""
    winner = render("Winner: <b>{names}</b>{tied}.", names=names, tied=tied)
    tie = tie_break_text(outcome)
    if tie:
        winner += f' <span class="ttr-tie-break">{esc(tie)}</span>'
    title = render("Final score")
    return (
        f'<div class="ttr-breakdown"><b>{title}</b>{table}'
        f'<div class="ttr-winner">{winner}</div>'
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
            (
                render(
                    "{name}: longest trail ({trains} trains)",
                    name=score.name,
                    trains=score.longest_route,
                ),
                f"trail:{seat}",
            )
        )
        if score.stations_built:
            found.append(
                (
                    render("{name}: stations and borrowed routes", name=score.name),
                    f"stations:{seat}",
                )
            )
    return found
