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
import itertools
import math
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from ttr.errors import TTRError
from ttr.game import Game
from ttr.jsonio import check_writable, write_json
from ttr.rules import rule_set

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
    rules: str, agents: Sequence[str], seed: int, key: tuple[int, int, int]
) -> GameRecord:
    """Play one game: ``agents`` by seat on the deal of ``seed``; ``key`` is (pairing, deal,
    rotation). Seat ``k``'s bot is seeded with ``seed * 31 + k``, as in :func:`ttr.simulate`."""
    game = Game(rules, len(agents), seed=seed, record=False)
    from ttr.agents import make_agent

    bots = [make_agent(name, seed * 31 + seat) for seat, name in enumerate(agents)]
    times: list[list[float]] = [[] for _ in agents]
    while not game.is_over:
        seat = game.current_player
        choice = len(game.legal_actions()) > 1
        start = time.process_time()
        action = bots[seat].choose(game)
        if choice:
            times[seat].append(round(time.process_time() - start, 4))
        game.play(action)
    outcome = game.outcome()
    return GameRecord(
        *key,
        seed=seed,
        agents=tuple(agents),
        scores=tuple(s.total for s in outcome.scores),
        ranking=outcome.ranking,
        winners=outcome.winners,
        move_seconds=tuple(tuple(t) for t in times),
    )


def _play_chunk(jobs: list[tuple[str, tuple[str, ...], int, tuple[int, int, int]]]):
    return [play_match(*job) for job in jobs]


@dataclass
class Tournament:
    """The games of a tournament and what they say about the bots."""

    rules: str
    players: int
    agents: tuple[str, ...]
    games: int  # per pairing
    seed: int
    records: list[GameRecord]

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

    @functools.cached_property
    def _ratings(self) -> dict[str, tuple[float, float, float]]:
        index = {name: i for i, name in enumerate(self.agents)}
        groups: dict[int, list[list[tuple[int, int, float]]]] = {}
        for record in self.records:
            results = [(index[a], index[b], p) for a, b, p in record.results()]
            groups.setdefault(record.pairing, []).append(results)
        games = [game for group in groups.values() for game in group]
        best = _bradley_terry(len(self.agents), games)
        rng = random.Random(self.seed)
        samples: list[list[float]] = []
        for _ in range(BOOTSTRAP):
            resampled = [g for group in groups.values() for g in rng.choices(group, k=len(group))]
            samples.append(_bradley_terry(len(self.agents), resampled, best))
        out = {}
        for i, name in enumerate(self.agents):
            values = sorted(sample[i] for sample in samples)
            low = values[int(0.025 * (len(values) - 1))]
            high = values[int(math.ceil(0.975 * (len(values) - 1)))]
            out[name] = (best[i], low, high)
        return dict(sorted(out.items(), key=lambda item: -item[1][0]))

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
        lines.append("")
        lines.append(f"first seat wins {_pct(self.seat_advantage())} of the games")
        return "\n".join(line.rstrip() for line in lines)

    def _repr_html_(self) -> str:
        return "<pre>" + self.table() + "</pre>"

    def to_dict(self) -> dict[str, Any]:
        """The summary and every game, JSON-ready (no NaN: missing figures are None)."""
        return _strict({"summary": self.summary(), "records": [asdict(r) for r in self.records]})


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
    rules: str, players: int, agents: Sequence[str], games: int, variant: str | None, jobs: int
) -> tuple[str, tuple[str, ...]]:
    """Check a tournament's arguments before any game; return the rule-set name and the bots.

    Raises :class:`ttr.TTRError` naming the argument.
    """
    from ttr.agents import make_agent

    try:
        name = rule_set(rules, variant).name
    except TTRError as err:
        raise TTRError(f"{'--variant' if variant else '--map'}: {err}") from None
    try:
        Game(name, players, seed=0)  # the rule set's range of players
    except ValueError as err:
        raise TTRError(f"--players: {err}") from None
    names = tuple(a.strip() for a in agents)
    for agent in names:
        try:
            make_agent(agent)
        except ValueError as err:
            raise TTRError(f"--agents: {err}") from None
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
    if jobs < 1:
        raise TTRError(f"--jobs: at least 1, not {jobs}")
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
) -> Tournament:
    """Play every pairing of ``agents`` for ``games`` games each (see the module docstring).

    The same ``seed`` gives the same games, whatever ``jobs`` is; ``progress`` shows a tqdm bar.
    """
    names_in = agents.split(",") if isinstance(agents, str) else agents
    name, names = check_arguments(rules, players, names_in, games, variant, jobs)
    rng = random.Random(seed)
    deals = [rng.randrange(2**31) for _ in range(games // players)]
    jobs_list = []
    for p, group in enumerate(itertools.combinations(names, players)):
        for d, deal_seed in enumerate(deals):
            for r in range(players):
                seated = group[r:] + group[:r]
                jobs_list.append((name, seated, deal_seed, (p, d, r)))
    from tqdm.auto import tqdm

    bar = tqdm(total=len(jobs_list), desc=f"{name} x{players}", unit="game", disable=not progress)
    records: list[GameRecord] = []
    try:
        if jobs == 1:
            for job in jobs_list:
                records.append(play_match(*job))
                bar.update()
        else:
            chunks = [[job] for job in jobs_list]  # one game a chunk: search games are long
            with ProcessPoolExecutor(jobs) as pool:
                for chunk in pool.map(_play_chunk, chunks):
                    records.extend(chunk)
                    bar.update(len(chunk))
    finally:
        bar.close()
    return Tournament(name, players, names, games, seed, records)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``tournament`` subcommand's arguments."""
    parser.add_argument("--map", default="europe", help="usa or europe (default europe)")
    parser.add_argument("--variant", default=None, help="a Europe variant (V1-V4)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--agents",
        default="random,greedy,long,mcts",
        help="the bots, comma-separated: random, greedy, long (longroute), mcts, mcts:N, coach, "
        "coach:N",
    )
    parser.add_argument(
        "--games", type=int, default=20, help="games per pairing (a multiple of --players)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", metavar="FILE", help="also write the summary and games as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the ``tournament`` subcommand: check everything, play, print, write the JSON."""
    agents = args.agents.split(",")
    check_arguments(args.map, args.players, agents, args.games, args.variant, args.jobs)
    if args.json:
        try:
            check_writable(args.json)
        except OSError as err:
            raise TTRError(f"--json: {err}") from None
    result = tournament(
        args.map,
        args.players,
        agents,
        args.games,
        args.seed,
        variant=args.variant,
        jobs=args.jobs,
        progress=not args.quiet,
    )
    print(result.table())
    if args.json:
        write_json(args.json, result.to_dict())
    return 0
