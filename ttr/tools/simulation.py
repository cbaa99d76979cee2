"""Many seeded bot games and their statistics: ``simulate(...)`` and ``python -m ttr simulate``.

Each game ``i`` of a run gets its own seed drawn from the run's seed, and the agent of seat ``k``
is seeded with ``game_seed * 31 + k``, so a run is the same on every machine, with or without
``jobs``, and any game of it can be replayed alone from its record (:func:`play_one`).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from ttr.agents import make_agent, play_game
from ttr.checks import whole_number
from ttr.errors import TTRError, preview
from ttr.game import Game
from ttr.i18n import N_, gettext, prender, render
from ttr.rules import rule_set

MAX_GAMES = 10_000_000
MAX_JOBS = 64

EVENTS = ("market_resets", "loop_guard_stops", "empty_deck", "passes")
"""Game events whose frequency a run reports (the share of games where each happened)."""


@dataclass(frozen=True)
class GameRecord:
    """What one game of a run produced."""

    index: int
    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    actions: int
    tickets_completed: tuple[int, ...]
    tickets_kept: tuple[int, ...]
    events: dict[str, int] = field(default_factory=dict)


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    if not values:
        return (math.nan, math.nan)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, math.nan)
    return (mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values)))


def proportion_ci(hits: float, total: int) -> tuple[float, float, float]:
    """A proportion with its 95% Wilson score interval ``(p, low, high)``.

    Wilson's interval stays inside 0-100% and is honest near 0 and 1, where ``p ± 1.96 se``
    would claim a certainty of zero width.
    """
    if total == 0:
        return (math.nan, math.nan, math.nan)
    z = 1.96
    p = hits / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return (p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


@dataclass
class Simulation:
    """The records of a run and the summary table of its statistics."""

    rules: str
    players: int
    agents: tuple[str, ...]
    seed: int
    records: list[GameRecord]

    def summary(self) -> dict[str, Any]:
        """Per-seat mean score (95% CI) and win rate, then per-game figures and event rates."""
        games = len(self.records)
        seats = []
        for seat, agent in enumerate(self.agents):
            scores = [r.scores[seat] for r in self.records]
            wins = sum(1 for r in self.records if seat in r.winners)
            completed = sum(r.tickets_completed[seat] for r in self.records)
            kept = sum(r.tickets_kept[seat] for r in self.records)
            seats.append(
                {
                    "seat": seat + 1,
                    "agent": agent,
                    "mean_score": mean_ci(scores),
                    "win_rate": proportion_ci(wins, games),
                    "ticket_completion": proportion_ci(completed, kept)
                    if kept
                    else (math.nan, math.nan),
                }
            )
        completed = sum(sum(r.tickets_completed) for r in self.records)
        kept = sum(sum(r.tickets_kept) for r in self.records)
        return {
            "rules": self.rules,
            "players": self.players,
            "games": games,
            "seed": self.seed,
            "seats": seats,
            "turns_per_game": mean_ci([r.turns for r in self.records]),
            "actions_per_game": mean_ci([r.actions for r in self.records]),
            "ticket_completion": proportion_ci(completed, kept),
            "events": {
                name: proportion_ci(sum(1 for r in self.records if r.events.get(name)), games)
                for name in EVENTS
            },
        }

    def table(self) -> str:
        """The summary as a plain-text table."""
        s = self.summary()
        heads = (
            prender("column", "seat"),
            prender("column", "agent"),
            prender("column", "mean score (95% CI)"),
            prender("column", "win rate (95% CI)"),
            prender("column", "tickets completed"),
        )
        lines = [
            render(
                "{games} games of {rules}, {players} players, seed {seed}",
                games=s["games"],
                rules=s["rules"],
                players=s["players"],
                seed=s["seed"],
            ),
            f"{heads[0]:>4}  {heads[1]:<8} {heads[2]:>20}  {heads[3]:<22}{heads[4]:<22}",
        ]
        for row in s["seats"]:
            lines.append(
                f"{row['seat']:>4}  {row['agent']:<8} {_pm(row['mean_score']):>20}  "
                f"{_pct(row['win_rate']):<22}{_pct(row['ticket_completion']):<22}"
            )
        lines.append(render("turns per game      {value}", value=_pm(s["turns_per_game"])))
        lines.append(render("actions per game    {value}", value=_pm(s["actions_per_game"])))
        lines.append(render("ticket completion   {value}", value=_pct(s["ticket_completion"])))
        labels = {
            "market_resets": N_("a market reset (D6)"),
            "loop_guard_stops": N_("a loop-guard stop (D9)"),
            "empty_deck": N_("an empty deck (D7)"),
            "passes": N_("a pass (T2)"),
        }
        for name, value in s["events"].items():
            said = f"{gettext(labels[name]):<24}"
            lines.append(render("games with {what} {value}", what=said, value=_pct(value)))
        return "\n".join(line.rstrip() for line in lines)

    def _repr_html_(self) -> str:
        return "<pre>" + self.table() + "</pre>"

    def to_dict(self) -> dict[str, Any]:
        """The summary and the records as strict JSON data: a figure that cannot be computed
        (the interval of a single game, a rate over no tickets) is ``null``."""
        return {
            "summary": _strict(self.summary()),
            "records": [asdict(r) for r in self.records],
            "note": "null marks a figure that cannot be computed from these games",
        }


def _strict(value: Any) -> Any:
    """``value`` with every NaN replaced by None (JSON has no NaN)."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _strict(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_strict(v) for v in value]
    return value


def _pm(value: tuple[float, float]) -> str:
    mean, half = value
    if math.isnan(mean):
        return "-"
    return f"{mean:.1f}" if math.isnan(half) else f"{mean:.1f} ± {half:.1f}"


def _pct(value: tuple[float, float, float]) -> str:
    p, low, high = value
    if math.isnan(p):
        return "-"
    return f"{100 * p:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def play_one(rules: str, players: int, agents: Sequence[str], index: int, seed: int) -> GameRecord:
    """Play game ``index`` of a run with its own ``seed``."""
    game = Game(rules, players, seed=seed, record=False)  # no narration: faster
    bots = [make_agent(name, seed * 31 + seat) for seat, name in enumerate(agents)]
    play_game(game, bots)
    outcome = game.outcome()
    return GameRecord(
        index=index,
        seed=seed,
        scores=tuple(s.total for s in outcome.scores),
        winners=outcome.winners,
        turns=game.turn,
        actions=game.actions_played,
        tickets_completed=tuple(s.tickets_completed for s in outcome.scores),
        tickets_kept=tuple(len(s.tickets) for s in outcome.scores),
        events={name: game.counts.get(name, 0) for name in EVENTS},
    )


def _play_chunk(args: tuple[str, int, tuple[str, ...], list[tuple[int, int]]]) -> list[GameRecord]:
    return _play_chunk_of(*args)


def _play_chunk_of(
    rules: str, players: int, agents: Sequence[str], jobs: list[tuple[int, int]]
) -> list[GameRecord]:
    return [play_one(rules, players, agents, index, seed) for index, seed in jobs]


def check_run(games: int, jobs: int) -> None:
    """Refuse a number of games or worker processes out of range, before any game is played."""
    whole_number(games, "--games", low=1, high=MAX_GAMES)
    whole_number(jobs, "--jobs", low=1, high=MAX_JOBS)


def simulate(
    rules: str = "usa",
    players: int = 2,
    games: int = 100,
    agents: Sequence[str] | str = "random",
    seed: int = 0,
    *,
    variant: str | None = None,
    jobs: int = 1,
    progress: bool = True,
    cluster: str | None = None,
) -> Simulation:
    """Play ``games`` seeded games between ``agents`` (one name per seat, or one for all).

    ``cluster``: play on Dask, ``"local"`` (a ``LocalCluster`` of ``jobs`` workers) or a
    scheduler's address (:mod:`ttr.tools.cluster`); else ``jobs`` worker processes.
    The same ``seed`` gives the same records and table, whatever ``jobs`` or ``cluster`` is.
    ``progress`` shows a tqdm bar (``tqdm.auto``, so it renders as a widget in notebooks).
    """
    name = rule_set(rules, variant).name
    check_run(games, jobs)
    if cluster is not None and (not isinstance(cluster, str) or not cluster.strip()):
        raise TTRError(
            "--cluster: 'local' or a Dask scheduler's address, not {value}", value=cluster
        )
    whole_number(seed, "--seed", low=None)
    Game(name, players, seed=0)  # a bad player count fails before anything is sized by it
    if not isinstance(agents, str | list | tuple):
        raise TTRError("--agents: expected agent names, not {value}", value=preview(agents))
    names = tuple(agents.split(",")) if isinstance(agents, str) else tuple(agents)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise TTRError(
            "give one agent per player ({players}), not {given}", players=players, given=len(names)
        )
    for agent in set(names):
        make_agent(agent)  # fail early on an unknown name
    rng = random.Random(seed)
    seeds = [(index, rng.randrange(2**31)) for index in range(games)]
    from tqdm.auto import tqdm

    bar = tqdm(total=games, desc=f"{name} x{players}", unit="game", disable=not progress)
    records: list[GameRecord] = []

    def done(chunk: list[GameRecord]) -> None:
        records.extend(chunk)
        bar.update(len(chunk))

    try:
        if cluster is not None:
            from ttr.tools.cluster import play_on_dask  # Dask is the optional [cluster] extra

            size = max(1, min(50, games // (jobs * 4) or 1))
            tasks = [(name, players, names, seeds[i : i + size]) for i in range(0, games, size)]
            lost = play_on_dask(
                _play_chunk_of, tasks, cluster, jobs, done, lambda t: f"games-{t[3][0][0]}"
            )
            if lost:
                raise TTRError(
                    "--cluster: {count} tasks lost ({first}: {why})",
                    count=len(lost),
                    first=lost[0][0],
                    why=lost[0][1],
                )
        elif jobs <= 1:
            for index, game_seed in seeds:
                done([play_one(name, players, names, index, game_seed)])
        else:
            size = max(1, min(50, games // (jobs * 4) or 1))
            chunks = [seeds[i : i + size] for i in range(0, games, size)]
            with ProcessPoolExecutor(jobs) as pool:
                for chunk in pool.map(_play_chunk, [(name, players, names, c) for c in chunks]):
                    done(chunk)
    finally:
        bar.close()
    records.sort(key=lambda r: r.index)
    return Simulation(name, players, names, seed, records)
