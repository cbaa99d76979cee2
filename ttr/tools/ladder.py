"""The strength ladder: every pairing of bots on the same deals, seats rotated, then a win-rate
matrix and Bradley-Terry ratings with 95% intervals.

``tournament("europe", 2, ["random", "greedy", "long", "mcts"], games=20, seed=1)`` plays each
pairing (each group of ``players`` different bots) on ``games / players`` deals, every deal once
from each seat rotation, so no bot gets a luckier deal or seat than another; every pairing plays
the same deals. ``python -m ttr tournament`` is the same from the command line.

**Ratings.** Each game gives one result for every two bots in it: 1 to the one ranked higher
(F5), 1/2 each on a shared win or an equal score. The Bradley-Terry model says bot ``i`` beats
bot ``j`` with probability ``p_i / (p_i + p_j)``; the strengths ``p`` are fitted by Hunter's
minorise-maximise iteration, with one virtual drawn game per pair so that a bot that always wins
keeps a finite rating. Ratings are ``400 * log10(p)`` (the Elo scale: +400 is 10-to-1 odds),
centred on 0. Their 95% intervals are bootstrap percentiles: the games of each pairing are
resampled with replacement and the ratings refitted (``BOOTSTRAP`` times, seeded by the run).
"""

from __future__ import annotations

import argparse
import functools
import html
import itertools
import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ttr.checks import whole_number
from ttr.errors import TTRError, preview
from ttr.files import write_bytes
from ttr.game import Game
from ttr.i18n import render
from ttr.jsonio import check_writable, write_json
from ttr.rules import rule_set
from ttr.tools.help_texts import PLAYERS_HELP, SEED_HELP, VARIANT_HELP
from ttr.tools.students import BotSource, Forfeit, Limits, StudentBot, bots_in

BOOTSTRAP = 1000
"""Bootstrap resamples behind each rating interval."""


@dataclass(frozen=True)
class GameRecord:
    """One game of a tournament: who sat where, the scores, and each seat's thinking time."""

    pairing: int
    deal: int
    rotation: int
    seed: int
    agents: tuple[str, ...]  # by seat
    scores: tuple[int, ...]
    ranking: tuple[int, ...]  # seats, best first (F5)
    winners: tuple[int, ...]
    move_seconds: tuple[tuple[float, ...], ...]  # by seat: CPU time of each real decision
    forfeits: tuple[str, ...] = ()  # by seat: why a student's bot lost the game ("" if not)
    moves: tuple[int, ...] = ()  # the index of each action in the legal list: the game replays

    def results(self) -> list[tuple[str, str, float]]:
        """``(a, b, points of a)`` for every two bots of this game."""
        place = {seat: i for i, seat in enumerate(self.ranking)}
        out = []
        for i, j in itertools.combinations(range(len(self.agents)), 2):
            if (i in self.winners and j in self.winners) or (
                self.scores[i] == self.scores[j] and not {i, j} & set(self.winners)
            ):
                points = 0.5
            else:
                points = 1.0 if place[i] < place[j] else 0.0
            out.append((self.agents[i], self.agents[j], points))
        return out


def play_match(
    rules: str,
    agents: Sequence[str],
    seed: int,
    key: tuple[int, int, int],
    students: Mapping[str, BotSource] | None = None,
    limits: Limits | None = None,
) -> GameRecord:
    """Play one game: ``agents`` by seat on the deal of ``seed``; ``key`` is (pairing, deal,
    rotation). Seat ``k``'s bot is seeded with ``seed * 31 + k``, as in :func:`ttr.simulate`.

    An agent named in ``students`` is a student's bot, run in its own process within ``limits``
    (:mod:`ttr.tools.students`); one that breaks a limit or the rules loses the game there: it
    ranks last, the others by the points they had, and ``forfeits`` says why."""
    from ttr.agents import make_agent

    students = students or {}
    game = Game(rules, len(agents), seed=seed, record=False)
    times: list[list[float]] = [[] for _ in agents]
    forfeits = [""] * len(agents)
    moves: list[int] = []
    with ExitStack() as stack:
        bots: list[Any] = []
        for seat, name in enumerate(agents):
            if name in students:
                try:
                    bot = stack.enter_context(
                        StudentBot(students[name], seed * 31 + seat, limits or Limits())
                    )
                except Forfeit as lost:
                    forfeits[seat] = lost.reason
                    bot = None
                bots.append(bot)
            else:
                bots.append(make_agent(name, seed * 31 + seat))
        while not game.is_over and not any(forfeits):
            seat = game.current_player
            legal = game.legal_actions()
            bot = bots[seat]
            if isinstance(bot, StudentBot):
                try:
                    action, seconds = bot.choose(game, seat)
                except Forfeit as lost:
                    forfeits[seat] = lost.reason
                    break
            else:
                start = time.process_time()
                action = bot.choose(game)
                seconds = round(time.process_time() - start, 4)
            if len(legal) > 1:
                times[seat].append(seconds)
            moves.append(list(legal).index(action))
            game.play(action)
    if any(forfeits):
        scores = tuple(game.route_points)
        standing = sorted(range(len(agents)), key=lambda s: (bool(forfeits[s]), -scores[s]))
        best = [s for s in standing if not forfeits[s]]
        winners = tuple(s for s in best if scores[s] == scores[best[0]]) if best else ()
        ranking = tuple(standing)
    else:
        outcome = game.outcome()
        scores = tuple(s.total for s in outcome.scores)
        ranking, winners = outcome.ranking, outcome.winners
    return GameRecord(
        *key,
        seed=seed,
        agents=tuple(agents),
        scores=scores,
        ranking=ranking,
        winners=winners,
        move_seconds=tuple(tuple(t) for t in times),
        forfeits=tuple(forfeits),
        moves=tuple(moves),
    )


def _play_chunk(jobs: list[tuple[Any, ...]]) -> list[GameRecord]:
    return [play_match(*job) for job in jobs]


@dataclass(repr=False)
class Tournament:
    """The games of a tournament and what they say about the bots."""

    rules: str
    players: int
    agents: tuple[str, ...]
    games: int  # per pairing
    seed: int
    records: list[GameRecord]
    planned: int = 0  # games the tournament set out to play (0: as many as it holds)
    lost: list[tuple[str, str]] = field(default_factory=list)  # (task "game-P-D-R", why)

    @property
    def complete(self) -> bool:
        """Whether every planned game is in :attr:`records`."""
        return not self.lost and len(self.records) >= self.planned

    def pairings(self) -> list[tuple[str, ...]]:
        """Each group of bots that played together, in the order played."""
        return list(itertools.combinations(self.agents, self.players))

    def win_rates(self) -> dict[str, dict[str, tuple[float, float, float]]]:
        """``rates[a][b]``: the share of a's results against b (wins, half a draw), with its 95%
        Wilson interval ``(p, low, high)``."""
        points: dict[tuple[str, str], float] = {}
        played: dict[tuple[str, str], int] = {}
        for record in self.records:
            for a, b, p in record.results():
                for x, y, px in ((a, b, p), (b, a, 1 - p)):
                    points[x, y] = points.get((x, y), 0.0) + px
                    played[x, y] = played.get((x, y), 0) + 1
        return {
            a: {b: _wilson(points[a, b], played[a, b]) for b in self.agents if (a, b) in played}
            for a in self.agents
        }

    def seat_advantage(self) -> tuple[float, float, float]:
        """How often the first seat won (shared wins count half), with its 95% interval."""
        hits = sum((0 in r.winners) / len(r.winners) for r in self.records)
        return _wilson(hits, len(self.records))

    def ratings(self) -> dict[str, tuple[float, float, float]]:
        """Bradley-Terry ratings on the Elo scale ``(rating, low, high)``, best first."""
        return self._ratings

    @property
    def _ratings(self) -> dict[str, tuple[float, float, float]]:
        return _fitted(self.agents, self.seed, tuple(self.records))

    def forfeits(self) -> dict[str, list[tuple[int, str]]]:
        """Each bot's lost-by-forfeit games: (index in :attr:`records`, why)."""
        out: dict[str, list[tuple[int, str]]] = {name: [] for name in self.agents}
        for i, record in enumerate(self.records):
            for name, why in zip(record.agents, record.forfeits, strict=False):
                if why:
                    out[name].append((i, why))
        return out

    def replay(self, index: int) -> Game:
        """Game ``index`` of :attr:`records` played again from its deal and moves (a
        ``GameStepper(tournament.replay(i))`` walks through it)."""
        record = self.records[whole_number(index, "index", high=len(self.records) - 1)]
        game = Game(self.rules, list(record.agents), seed=record.seed)
        for move in record.moves:
            game.play(game.legal_actions()[move])
        return game

    def move_times(self) -> dict[str, tuple[float, float, int]]:
        """Each bot's thinking time (CPU seconds: what it costs on an idle core, however busy
        the machine) per decision with more than one legal move: (median, max, count)."""
        times: dict[str, list[float]] = {name: [] for name in self.agents}
        for record in self.records:
            for name, seconds in zip(record.agents, record.move_seconds, strict=True):
                times[name].extend(seconds)
        return {
            name: (statistics.median(t), max(t), len(t)) if t else (math.nan, math.nan, 0)
            for name, t in times.items()
        }

    def summary(self) -> dict[str, Any]:
        """Everything the table shows, as data."""
        return {
            "rules": self.rules,
            "players": self.players,
            "agents": list(self.agents),
            "games_per_pairing": self.games,
            "games": len(self.records),
            "seed": self.seed,
            "win_rates": self.win_rates(),
            "ratings": self._ratings,
            "first_seat_wins": self.seat_advantage(),
            "move_seconds": self.move_times(),
            "forfeits": {name: len(games) for name, games in self.forfeits().items()},
            "complete": self.complete,
            "planned": self.planned or len(self.records),
            "lost": [{"game": key, "why": why} for key, why in self.lost],
        }

    def table(self) -> str:
        """The win-rate matrix, the ratings and the thinking times as plain text."""
        rates, ratings, times = self.win_rates(), self._ratings, self.move_times()
        width = max(10, *(len(a) + 2 for a in self.agents))
        cell = 19
        lines = [
            f"{len(self.records)} games of {self.rules}, {self.players} players, "
            f"{self.games} per pairing, seed {self.seed}",
            "",
            "win rate of the row against the column (95% CI)",
            " " * width + "".join(f"{a:<{cell}}" for a in self.agents),
        ]
        for a in self.agents:
            row = "".join(
                f"{_pct(rates[a][b]) if b in rates[a] else '-':<{cell}}" for b in self.agents
            )
            lines.append(f"{a:<{width}}{row}")
        lines += ["", "Bradley-Terry rating, Elo scale (95% bootstrap CI)"]
        for rank, (name, (rating, low, high)) in enumerate(ratings.items(), 1):
            lines.append(f"{rank:>2}. {name:<{width}}{rating:+7.0f}  ({low:+.0f} to {high:+.0f})")
        lines += ["", "CPU seconds per decision: median, max (decisions)"]
        for name, (median, most, n) in times.items():
            if n:
                lines.append(f"    {name:<{width}}{median:.3f}  {most:.3f}  ({n})")
        lost = {name: len(games) for name, games in self.forfeits().items() if games}
        if lost:
            lines += ["", "games lost by forfeit (a limit or a rule broken)"]
            lines += [f"    {name:<{width}}{count}" for name, count in lost.items()]
        if not self.complete:
            missing = (self.planned or len(self.records)) - len(self.records)
            lines += ["", f"INCOMPLETE: {missing} of {self.planned} games missing"]
            lines += [f"    {key}: {why}" for key, why in self.lost]
        lines.append("")
        lines.append(f"first seat wins {_pct(self.seat_advantage())} of the games")
        return "\n".join(line.rstrip() for line in lines)

    def __repr__(self) -> str:
        bots = ", ".join(self.agents)
        return (
            f"<Tournament of {self.rules}, {self.players} players: {len(self.records)} games "
            f"of {bots}>"
        )

    def _repr_html_(self) -> str:
        return leaderboard_html(self, page=False)

    def to_html(self) -> str:
        """The leaderboard as a page a teacher can post (no script, no outside file)."""
        return leaderboard_html(self, page=True)

    def to_dict(self) -> dict[str, Any]:
        """The summary and every game, JSON-ready (no NaN: missing figures are None)."""
        return _strict({"summary": self.summary(), "records": [asdict(r) for r in self.records]})


@functools.lru_cache(maxsize=4)
def _fitted(
    agents: tuple[str, ...], seed: int, records: tuple[GameRecord, ...]
) -> dict[str, tuple[float, float, float]]:
    """Bradley-Terry ratings with bootstrap intervals (see the module docstring)."""
    index = {name: i for i, name in enumerate(agents)}
    groups: dict[int, list[list[tuple[int, int, float]]]] = {}
    for record in records:
        results = [(index[a], index[b], p) for a, b, p in record.results()]
        groups.setdefault(record.pairing, []).append(results)
    games = [game for group in groups.values() for game in group]
    best = _bradley_terry(len(agents), games)
    rng = random.Random(seed)
    samples: list[list[float]] = []
    for _ in range(BOOTSTRAP):
        resampled = [g for group in groups.values() for g in rng.choices(group, k=len(group))]
        samples.append(_bradley_terry(len(agents), resampled, best))
    out = {}
    for i, name in enumerate(agents):
        values = sorted(sample[i] for sample in samples)
        low = values[int(0.025 * (len(values) - 1))]
        high = values[int(math.ceil(0.975 * (len(values) - 1)))]
        out[name] = (best[i], low, high)
    return dict(sorted(out.items(), key=lambda item: -item[1][0]))


def _bars(rates: Mapping[str, tuple[float, float, float]]) -> str:
    """One bot's win rate against each other bot, as horizontal bars (its plot)."""
    rows = []
    for rival, (p, low, high) in rates.items():
        rows.append(
            f'<div class="bar"><span>{html.escape(rival)}</span>'
            f'<i style="width:{100 * p:.0f}%"></i>'
            f"<b>{100 * p:.0f}% ({100 * low:.0f}-{100 * high:.0f})</b></div>"
        )
    return "".join(rows)


def leaderboard_html(result: Tournament, page: bool = True) -> str:
    """The ratings with their intervals, the win matrix, each bot's thinking time and
    forfeits, a plot per bot (its win rate against each other), and every game's record."""
    rates, ratings, times = result.win_rates(), result.ratings(), result.move_times()
    forfeits = result.forfeits()
    e = html.escape
    head = (
        f"<h2>{len(result.records)} games of {e(result.rules)}, {result.players} players, "
        f"{result.games} per pairing, seed {result.seed}</h2>"
    )
    if not result.complete:
        head += f"<p><b>Incomplete:</b> {len(result.records)} of {result.planned} games.</p>"
    rows = "".join(
        f"<tr><td>{rank}</td><td>{e(name)}</td><td>{rating:+.0f}</td>"
        f"<td>{low:+.0f} to {high:+.0f}</td><td>{_cell_time(times[name])}</td>"
        f"<td>{len(forfeits[name])}</td></tr>"
        for rank, (name, (rating, low, high)) in enumerate(ratings.items(), 1)
    )
    board = (
        "<table><tr><th>#</th><th>bot</th><th>rating (Elo scale)</th><th>95% interval</th>"
        "<th>CPU s a decision: median, max</th><th>games lost by forfeit</th></tr>"
        f"{rows}</table>"
    )
    matrix = "<tr><th></th>" + "".join(f"<th>{e(b)}</th>" for b in result.agents) + "</tr>"
    for a in result.agents:
        cells = "".join(
            f"<td>{_pct(rates[a][b]) if b in rates[a] else '-'}</td>" for b in result.agents
        )
        matrix += f"<tr><th>{e(a)}</th>{cells}</tr>"
    plots = "".join(
        f'<div class="plot"><h4>{e(name)}</h4>{_bars(rates[name])}</div>' for name in ratings
    )
    games = "".join(
        f"<details><summary>game {i}: "
        + ", ".join(f"{e(n)} {s}" for n, s in zip(r.agents, r.scores, strict=True))
        + "".join(
            f" — {e(n)} lost by forfeit: {e(w)}"
            for n, w in zip(r.agents, r.forfeits, strict=False)
            if w
        )
        + f"</summary>deal seed {r.seed}, {len(r.moves)} moves; in a notebook: "
        f"<code>GameStepper(result.replay({i}))</code></details>"
        for i, r in enumerate(result.records)
    )
    body = (
        f'<div class="ttr-leaderboard">{head}<h3>Ratings</h3>{board}'
        f"<h3>Win rate of the row against the column (95% interval)</h3><table>{matrix}</table>"
        f"<h3>Each bot against the others</h3>{plots}<h3>Every game</h3>{games}</div>"
    )
    style = (
        "<style>.ttr-leaderboard table{border-collapse:collapse}.ttr-leaderboard td,"
        ".ttr-leaderboard th{border:1px solid #ccc;padding:2px 6px}.ttr-leaderboard .plot"
        "{display:inline-block;width:20em;margin:0 1em 1em 0;vertical-align:top}"
        ".ttr-leaderboard .bar{display:flex;align-items:center;gap:4px;font-size:90%}"
        ".ttr-leaderboard .bar span{width:7em;overflow:hidden}.ttr-leaderboard .bar i"
        "{display:block;height:0.8em;background:#3b7dd8}.ttr-leaderboard .bar b"
        "{font-weight:normal;margin-left:auto}</style>"
    )
    if not page:
        return style + body
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>Tournament leaderboard</title>{style}</head><body>{body}</body></html>\n"
    )


def _cell_time(value: tuple[float, float, int]) -> str:
    median, most, count = value
    return f"{median:.3f}, {most:.3f}" if count else "-"


def _wilson(hits: float, total: int) -> tuple[float, float, float]:
    from ttr.tools.simulation import proportion_ci  # the bots load only when a tournament runs

    return proportion_ci(hits, total)


def _pct(value: tuple[float, float, float]) -> str:
    p, low, high = value
    return f"{100 * p:.0f}% ({100 * low:.0f}-{100 * high:.0f})"


def _strict(value: Any) -> Any:
    """``value`` with every NaN or infinity replaced by None (strict JSON)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _strict(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_strict(v) for v in value]
    return value


def _bradley_terry(
    size: int, games: list[list[tuple[int, int, float]]], start: list[float] | None = None
) -> list[float]:
    """Bradley-Terry ratings (Elo scale, mean 0) from per-game pairwise results, by Hunter's MM
    iteration with one virtual draw per pair that met (from ratings ``start``, if given)."""
    wins = [0.0] * size
    meetings: dict[tuple[int, int], float] = {}
    for game in games:
        for i, j, p in game:
            wins[i] += p
            wins[j] += 1 - p
            pair = (min(i, j), max(i, j))
            meetings[pair] = meetings.get(pair, 0) + 1
    rivals: list[list[tuple[int, float]]] = [[] for _ in range(size)]
    for (i, j), n in meetings.items():  # with the virtual draw
        wins[i] += 0.5
        wins[j] += 0.5
        rivals[i].append((j, n + 1))
        rivals[j].append((i, n + 1))
    strength = [10 ** (r / 400) for r in start] if start else [1.0] * size
    for _ in range(1000):
        new = [
            wins[i] / sum(n / (strength[i] + strength[j]) for j, n in rivals[i])
            if rivals[i]
            else strength[i]
            for i in range(size)
        ]
        centre = math.exp(statistics.fmean(math.log(s) for s in new))
        new = [s / centre for s in new]
        change = max(abs(math.log(x / y)) for x, y in zip(new, strength, strict=True))
        strength = new
        if change < 1e-10:
            break
    return [400 * math.log10(s) for s in strength]


def check_arguments(
    rules: str,
    players: int,
    agents: Sequence[str],
    games: int,
    variant: str | None,
    jobs: int,
    students: Sequence[str] = (),
) -> tuple[str, tuple[str, ...]]:
    """Check a tournament's arguments before any game; return the rule-set name and the bots.

    Raises :class:`ttr.TTRError` naming the argument. ``games`` and ``jobs`` have the bounds
    of ``simulate`` (:func:`ttr.tools.simulation.check_run`).
    """
    from ttr.agents import make_agent
    from ttr.tools.simulation import check_run

    check_run(games, jobs)
    if not all(isinstance(agent, str) for agent in agents):
        raise TTRError("--agents: expected agent names, not {value}", value=preview(agents))

    try:
        name = rule_set(rules, variant).name
    except TTRError as err:
        raise TTRError(f"{'--variant' if variant else '--map'}: {err}") from None
    try:
        Game(name, players, seed=0)  # the rule set's range of players
    except ValueError as err:
        raise TTRError(f"--players: {err}") from None
    names = tuple(a.strip() for a in agents if a.strip())
    for agent in names:
        try:
            make_agent(agent)
        except ValueError as err:
            raise TTRError(f"--agents: {err}") from None
    clash = sorted(set(names) & set(students))
    if clash:
        raise TTRError(f"--bots: a student's bot may not be named as a built-in one: {clash[0]}")
    names += tuple(students)
    if len(set(names)) != len(names):
        raise TTRError(f"--agents: each bot once, not {', '.join(names)}")
    if len(names) < players:
        raise TTRError(
            f"--agents: a {players}-player tournament needs at least {players} bots, "
            f"not {len(names)}"
        )
    if games < players or games % players:
        raise TTRError(
            f"--games: a positive multiple of {players} (each deal is played from every seat "
            f"rotation), not {games}"
        )
    return name, names


def tournament(
    rules: str = "europe",
    players: int = 2,
    agents: Sequence[str] | str = ("random", "greedy", "long", "mcts"),
    games: int = 20,
    seed: int = 0,
    *,
    variant: str | None = None,
    jobs: int = 1,
    progress: bool = True,
    bots: str | Path | Sequence[BotSource] | None = None,
    limits: Limits | None = None,
    cluster: str | None = None,
    on_record: Callable[[Tournament], None] | None = None,
) -> Tournament:
    """Play every pairing of ``agents`` for ``games`` games each (see the module docstring).

    ``bots``: students' bots too (a folder of bot files, or :class:`BotSource` values), each in
    its own process within ``limits`` (:mod:`ttr.tools.students`). ``cluster``: play the games
    as tasks of a Dask cluster, ``"local"`` (a ``LocalCluster`` of ``jobs`` workers on this
    machine) or a scheduler's address; else ``jobs`` worker processes (1: in this process).

    The same ``seed`` gives the same games, whatever ``jobs`` or ``cluster`` is; ``progress``
    shows a tqdm bar. ``on_record`` is called with the tournament so far after each game that
    ends (to save partial results); on Ctrl-C or a lost task, what finished is kept: the result
    says which games are missing (:attr:`Tournament.lost`, :attr:`Tournament.complete`).
    """
    whole_number(seed, "--seed", low=None)
    if not isinstance(agents, str | list | tuple):
        raise TTRError("--agents: expected agent names, not {value}", value=preview(agents))
    names_in = agents.split(",") if isinstance(agents, str) else list(agents)
    if not (bots is None or isinstance(bots, str | Path | list | tuple)) or not all(
        isinstance(bot, BotSource) for bot in (() if isinstance(bots, str | Path) else bots or ())
    ):
        raise TTRError("--bots: a folder or a list of BotSource, not {value}", value=preview(bots))
    sources = bots_in(bots) if isinstance(bots, str | Path) else list(bots or ())
    students = {bot.name: bot for bot in sources}
    name, names = check_arguments(rules, players, names_in, games, variant, jobs, tuple(students))
    if cluster is not None and (not isinstance(cluster, str) or not cluster.strip()):
        raise TTRError(
            "--cluster: 'local' or a Dask scheduler's address, not {value}", value=cluster
        )
    rng = random.Random(seed)
    deals = [rng.randrange(2**31) for _ in range(games // players)]
    jobs_list = []
    for p, group in enumerate(itertools.combinations(names, players)):
        playing = {n: students[n] for n in group if n in students}
        for d, deal_seed in enumerate(deals):
            for r in range(players):
                seated = group[r:] + group[:r]
                jobs_list.append((name, seated, deal_seed, (p, d, r), playing, limits))
    from tqdm.auto import tqdm

    result = Tournament(name, players, names, games, seed, [])
    result.planned = len(jobs_list)
    bar = tqdm(total=len(jobs_list), desc=f"{name} x{players}", unit="game", disable=not progress)

    def done(record: GameRecord) -> None:
        result.records.append(record)
        bar.update()
        if on_record is not None:
            on_record(result)

    try:
        if cluster is not None:
            from ttr.tools.cluster import play_on_dask  # Dask is the optional [cluster] extra

            result.lost = play_on_dask(
                play_match,
                jobs_list,
                cluster,
                jobs,
                done,
                lambda job: "game-{}-{}-{}".format(*job[3]),
            )
        elif jobs == 1:
            for job in jobs_list:
                done(play_match(*job))
        else:
            chunks = [[job] for job in jobs_list]  # one game a chunk: search games are long
            with ProcessPoolExecutor(jobs) as pool:
                for chunk in pool.map(_play_chunk, chunks):
                    for record in chunk:
                        done(record)
    finally:
        bar.close()
        result.records.sort(key=lambda r: (r.pairing, r.deal, r.rotation))
    return result


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``tournament`` subcommand's arguments."""
    parser.add_argument("--map", default="europe", help=render("usa or europe (default europe)"))
    parser.add_argument("--variant", default=None, help=render(VARIANT_HELP))
    parser.add_argument("--players", type=int, default=2, help=render(PLAYERS_HELP))
    parser.add_argument(
        "--agents",
        default=None,
        help=render(
            "the built-in bots, comma-separated: random, greedy, planner, long (longroute), "
            "mcts, mcts:N, coach, coach:N (default: random,greedy,long,mcts; none with --bots "
            "unless named)"
        ),
    )
    parser.add_argument(
        "--bots", metavar="DIR", help=render("also every student's bot in DIR (its *.py files)")
    )
    parser.add_argument(
        "--games", type=int, default=20, help=render("games per pairing (a multiple of --players)")
    )
    parser.add_argument("--seed", type=int, default=0, help=render(SEED_HELP))
    parser.add_argument(
        "--jobs", type=int, default=1, help=render("worker processes (or Dask workers)")
    )
    parser.add_argument(
        "--cluster",
        metavar="WHERE",
        help=render(
            "play on Dask: 'local' (a LocalCluster of --jobs workers) or a scheduler address"
        ),
    )
    parser.add_argument(
        "--move-seconds",
        type=float,
        default=1.0,
        help=render("a student's bot's CPU seconds per decision (default 1)"),
    )
    parser.add_argument(
        "--memory-mb",
        type=int,
        default=2048,
        help=render("a student's bot's memory cap (default 2048)"),
    )
    parser.add_argument(
        "--json", metavar="FILE", help=render("also write the summary and games as JSON")
    )
    parser.add_argument(
        "--html", metavar="FILE", help=render("also write the leaderboard as a web page")
    )
    parser.add_argument("--quiet", action="store_true", help=render("no progress bar"))
    parser.set_defaults(run=run)


SAVE_EVERY = 30.0
"""Seconds between two saves of the partial results while a tournament runs with ``--json``."""


def run(args: argparse.Namespace) -> int:
    """Run the ``tournament`` subcommand: check everything, play, print, write the JSON (also
    while it runs, and what finished when it is stopped)."""
    default = "" if args.bots else "random,greedy,long,mcts"
    agents = [a for a in (args.agents if args.agents is not None else default).split(",") if a]
    bots = bots_in(args.bots) if args.bots else []
    limits = Limits(
        move_seconds=args.move_seconds,
        wall_seconds=max(10.0, 10 * args.move_seconds),
        memory_bytes=args.memory_mb << 20 if type(args.memory_mb) is int else args.memory_mb,
    )
    names = tuple(bot.name for bot in bots)
    check_arguments(args.map, args.players, agents, args.games, args.variant, args.jobs, names)
    for option in ("json", "html"):
        if getattr(args, option):
            try:
                check_writable(getattr(args, option))
            except TTRError as err:
                raise TTRError(f"--{option}: {err}") from None
    latest: list[Tournament] = []
    saved = [time.monotonic()]

    def keep(partial: Tournament) -> None:
        latest[:] = [partial]
        if args.json and time.monotonic() - saved[0] > SAVE_EVERY:
            write_json(args.json, partial.to_dict())
            saved[0] = time.monotonic()

    try:
        result = tournament(
            args.map,
            args.players,
            agents,
            args.games,
            args.seed,
            variant=args.variant,
            jobs=args.jobs,
            progress=not args.quiet,
            bots=bots,
            limits=limits,
            cluster=args.cluster,
            on_record=keep,
        )
    except KeyboardInterrupt:
        if args.json and latest:
            write_json(args.json, latest[0].to_dict())
            raise TTRError(
                "interrupted: the {count} games that finished are in {path}",
                count=len(latest[0].records),
                path=args.json,
            ) from None
        raise
    print(result.table())
    if args.json:
        write_json(args.json, result.to_dict())
    if args.html:
        write_bytes(args.html, result.to_html().encode("utf-8"), TTRError)
    return 0 if result.complete else 2
