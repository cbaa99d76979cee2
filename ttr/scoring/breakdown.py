"""Final scoring: each player's breakdown and the ranking with the tie-breaks (F1-F5).

The total is built in the order a table scores a game:

1. route points, already scored during play (F1, C3);
2. tickets: + points of each completed ticket, - points of each failed one (F2, K4), where in
   Europe each station borrows the one opponent route that helps most (ST3-ST4);
3. the longest continuous trail of the player's own routes earns the bonus, for every player
   tied for it (F3; borrowed routes never count, ST5);
4. in Europe, 4 points for each station not built (ST6, F4).

Then the highest total wins, with each board's tie-break chain (F5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ttr.board import Board, Route, Ticket
from ttr.i18n import N_, gettext, render
from ttr.memo import remember
from ttr.rules import RuleSet
from ttr.scoring.protocols import RouteLike
from ttr.scoring.stations import best_station_routes
from ttr.scoring.tickets import completed_tickets
from ttr.scoring.trail import Trail, longest_trail
from ttr.text import listed


@dataclass(frozen=True)
class Holdings:
    """What one player owns at the end: the input of scoring."""

    name: str
    routes: tuple[Route, ...] = ()
    tickets: tuple[Ticket, ...] = ()
    stations: tuple[str, ...] = ()


@dataclass(frozen=True)
class TicketResult:
    ticket: Ticket
    completed: bool

    @property
    def points(self) -> int:
        """The ticket's signed contribution: + when completed, - when failed (F2)."""
        return self.ticket.points if self.completed else -self.ticket.points


@dataclass(frozen=True)
class PlayerScore:
    """One player's final score, item by item."""

    name: str
    route_points: int
    tickets: tuple[TicketResult, ...]
    longest_trail: Trail
    longest_route_bonus: int
    stations_built: int
    station_points: int
    station_routes: Mapping[str, RouteLike | None] = field(default_factory=dict)

    @property
    def ticket_points(self) -> int:
        return sum(t.points for t in self.tickets)

    @property
    def tickets_completed(self) -> int:
        return sum(t.completed for t in self.tickets)

    @property
    def longest_route(self) -> int:
        """The length in trains of the player's longest continuous trail (F3)."""
        return self.longest_trail.length

    @property
    def total(self) -> int:
        return (
            self.route_points + self.ticket_points + self.longest_route_bonus + self.station_points
        )


@dataclass(frozen=True)
class Outcome:
    """The end of a game: every player's score, the ranking and the winners (F5)."""

    scores: tuple[PlayerScore, ...]
    ranking: tuple[int, ...]  # seats, best first
    winners: tuple[int, ...]  # seats; several on a true tie
    tie_breaks: tuple[str, ...]
    tied: tuple[int, ...] = ()  # the seats level with the winner on points, when several are
    decided_by: str | None = None  # the tie-break that parted them (None: none did, or no tie)

    def score_of(self, name: str) -> PlayerScore:
        return next(s for s in self.scores if s.name == name)

    def tie_break_counts(self, rule: str | None = None) -> dict[str, int]:
        """Each tied player's count under tie-break ``rule`` (by default the one that decided):
        tickets completed, stations built, or 1 for the longest-route bonus (F5)."""
        rule = rule or self.decided_by
        if rule is None:
            return {}
        return {
            self.scores[seat].name: tie_break_count(self.scores[seat], rule) for seat in self.tied
        }

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.scores[seat].name for seat in self.winners)


def route_points(routes: Sequence[Route], rules: RuleSet) -> int:
    """Points for claimed routes by length (C3, F1)."""
    return sum(rules.route_points[route.length] for route in routes)


_TRAILS: dict[tuple[Route, ...], Trail] = {}
_TRAILS_KEPT = 4096  # networks whose longest trail is remembered before the memo starts afresh


def _longest_trail(routes: tuple[Route, ...]) -> Trail:
    """:func:`longest_trail` of ``routes``, remembered: a search scores many finished games,
    and a player's network at the end often repeats among them."""
    trail = _TRAILS.get(routes)
    if trail is None:
        trail = longest_trail(routes)
        remember(_TRAILS, routes, trail, _TRAILS_KEPT)
    return trail


def score_holdings(holdings: Sequence[Holdings], rules: RuleSet) -> Outcome:
    """Score players from what they own (routes, tickets, stations) under ``rules``."""
    trails = [_longest_trail(tuple(h.routes)) for h in holdings]
    best = max((t.length for t in trails), default=0)
    scores = []
    for seat, player in enumerate(holdings):
        opponents = [r for other, h in enumerate(holdings) if other != seat for r in h.routes]
        if player.stations:
            choice = best_station_routes(player.routes, player.stations, opponents, player.tickets)
            completed, borrowed = choice.completed, dict(choice.borrowed)
        else:
            completed, borrowed = tuple(completed_tickets(player.routes, player.tickets)), {}
        trail = trails[seat]
        bonus = rules.longest_bonus if best > 0 and trail.length == best else 0
        scores.append(
            PlayerScore(
                name=player.name,
                route_points=route_points(player.routes, rules),
                tickets=tuple(
                    TicketResult(t, c) for t, c in zip(player.tickets, completed, strict=True)
                ),
                longest_trail=trail,
                longest_route_bonus=bonus,
                stations_built=len(player.stations),
                station_points=rules.station_points * (rules.stations - len(player.stations)),
                station_routes=borrowed,
            )
        )
    return rank(scores, rules)


TIE_BREAK_WORDS = {
    "tickets_completed": N_("most tickets completed"),
    "fewest_stations": N_("fewest stations built"),
    "longest_bonus": N_("the longest-route bonus"),
}
"""How a report names each tie-break of a board's chain (F5)."""


def tie_break_count(score: PlayerScore, rule: str) -> int:
    """``score``'s count under tie-break ``rule``: tickets completed, stations built, or 1 for
    holding the longest-route bonus (0 without)."""
    if rule == "tickets_completed":
        return score.tickets_completed
    if rule == "fewest_stations":
        return score.stations_built
    if rule == "longest_bonus":
        return 1 if score.longest_route_bonus else 0
    raise ValueError(f"unknown tie-break {rule!r}")


def rank(scores: Sequence[PlayerScore], rules: RuleSet) -> Outcome:
    """Order players by total, then by the board's tie-break chain (F5); a tie on points
    names the seats tied and the first tie-break that parted them."""

    def key(seat: int) -> tuple[int, ...]:
        score = scores[seat]
        parts = [score.total]
        for rule in rules.tie_breaks:
            count = tie_break_count(score, rule)
            parts.append(-count if rule == "fewest_stations" else count)
        return tuple(parts)

    ranking = sorted(range(len(scores)), key=key, reverse=True)
    if not ranking:
        return Outcome((), (), (), rules.tie_breaks)
    top = key(ranking[0])
    winners = tuple(seat for seat in ranking if key(seat) == top)
    tied = tuple(seat for seat in ranking if key(seat)[0] == top[0])
    decided_by = None
    if len(tied) > 1:
        parted = [
            i for i, _ in enumerate(rules.tie_breaks) if len({key(s)[i + 1] for s in tied}) > 1
        ]
        decided_by = rules.tie_breaks[parted[0]] if parted else None
    return Outcome(
        tuple(scores),
        tuple(ranking),
        winners,
        rules.tie_breaks,
        tied if len(tied) > 1 else (),
        decided_by,
    )


def tie_break_text(outcome: Outcome) -> str:
    """One sentence on a tie on points: who was tied, and the tie-break that decided it with
    each tied player's count, or that none did (F5); ``""`` without a tie."""
    if not outcome.tied:
        return ""
    names = render(" and ").join(outcome.scores[seat].name for seat in outcome.tied)
    total = outcome.scores[outcome.tied[0]].total
    if outcome.decided_by is None:
        return render(
            "{names} are tied on {total} points, and on every tie-break: a shared win (F5).",
            names=names,
            total=total,
        )
    counts = listed(f"{name} {n}" for name, n in outcome.tie_break_counts().items())
    return render(
        "{names} are tied on {total} points: {rule} decides ({counts}) (F5).",
        names=names,
        total=total,
        rule=gettext(TIE_BREAK_WORDS[outcome.decided_by]),
        counts=counts,
    )


def outcome_to_dict(outcome: Outcome, board: Board) -> dict[str, Any]:
    """The outcome as JSON-ready data, naming routes and cities as the board prints them."""
    players = []
    for score in outcome.scores:
        players.append(
            {
                "name": score.name,
                "route_points": score.route_points,
                "tickets": [
                    {
                        "cities": [board.display(t.ticket.a), board.display(t.ticket.b)],
                        "points": t.ticket.points,
                        "completed": t.completed,
                    }
                    for t in score.tickets
                ],
                "ticket_points": score.ticket_points,
                "tickets_completed": score.tickets_completed,
                "longest_route": score.longest_route,
                "longest_route_bonus": score.longest_route_bonus,
                "longest_trail": [board.ref(route) for route in score.longest_trail.routes],
                "stations_built": score.stations_built,
                "station_points": score.station_points,
                "station_routes": {
                    board.display(city): None if route is None else board.ref(route)
                    for city, route in score.station_routes.items()
                },
                "total": score.total,
            }
        )
    return {
        "players": players,
        "ranking": [outcome.scores[seat].name for seat in outcome.ranking],
        "winners": list(outcome.winner_names),
        "tie_breaks": list(outcome.tie_breaks),
        "tie": {
            "players": [outcome.scores[seat].name for seat in outcome.tied],
            "decided_by": outcome.decided_by,
            "counts": outcome.tie_break_counts(),
        }
        if outcome.tied
        else None,
    }


def outcome_table(outcome: Outcome, board: Board, rules: RuleSet) -> str:
    """A readable report: one block per player, then the ranking."""
    lines = []
    for seat in outcome.ranking:
        score = outcome.scores[seat]
        lines.append(render("{name}: {total} points", name=score.name, total=score.total))
        lines.append(render("  routes            {points:+4d}", points=score.route_points))
        for result in score.tickets:
            ticket = f"{board.display(result.ticket.a)}-{board.display(result.ticket.b)}"
            said = (
                N_("  ticket completed  {points:+4d}  {ticket}")
                if result.completed
                else N_("  ticket failed     {points:+4d}  {ticket}")
            )
            lines.append(render(said, points=result.points, ticket=ticket))
        bonus = (
            render(
                "  (+{bonus} {name:text})",
                bonus=score.longest_route_bonus,
                name=rules.longest_bonus_name,
            )
            if score.longest_route_bonus
            else ""
        )
        lines.append(
            render("  longest trail     {length:4d} trains", length=score.longest_route) + bonus
        )
        if score.longest_trail.routes:
            trail = " > ".join(
                render("{ref:route}", ref=board.ref(r)) for r in score.longest_trail.routes
            )
            lines.append(f"    {trail}")
        if rules.has_stations:
            lines.append(
                render(
                    "  stations unbuilt  {points:+4d}  ({built} built)",
                    points=score.station_points,
                    built=score.stations_built,
                )
            )
            for city, route in score.station_routes.items():
                lines.append(
                    render("    station in {city}: nothing to borrow", city=board.display(city))
                    if route is None
                    else render(
                        "    station in {city}: borrows {ref:route}",
                        city=board.display(city),
                        ref=board.ref(route),
                    )
                )
    names = [outcome.scores[seat].name for seat in outcome.ranking]
    winners = render(" and ").join(outcome.winner_names)
    said = (
        N_("Ranking: {names}. Winner: {winners} (shared)")
        if len(outcome.winners) > 1
        else N_("Ranking: {names}. Winner: {winners}")
    )
    lines.append(render(said, names=listed(names), winners=winners))
    tie = tie_break_text(outcome)
    if tie:
        lines.append(tie)
    return "\n".join(lines)
