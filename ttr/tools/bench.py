"""Speed figures: ``python -m ttr bench [playouts|scoring|import] [--quick]``.

Performance is measured here, never in unit tests. Every figure is printed with the machine it
came from. These machines are noisy, so each playout figure is the median of several runs, and
CPU time is shown beside wall time.

- **playouts**: uniform random legal actions, full games from the deal (opening tickets
  included) to the end, legal-action generation included; games/s and actions/s per board and
  player count, with the narration off (``record=False``, as simulations run) and on.
- **scoring**: the exact longest trail (F3) and the station choice (ST4) on the networks left
  at the end of seeded random games, and on adversarial dense networks of 45 trains made of
  each board's shortest routes; p50/p90/p99/max in milliseconds.
- **undo**: the time of one ``undo()`` at actions 40, 200 and 400 of a 5-player Europe game
  (the undo stack keeps a small record per action, so it does not grow with the game).
- **import**: the start-up of a fresh interpreter, in CPU time: bare, with ``import ttr``, and
  with ``import ttr`` and a first game (issue 12 asks for ``import ttr`` within 150 ms).
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial

from ttr.board import Route, load_board
from ttr.game import Game
from ttr.scoring.stations import best_station_routes
from ttr.scoring.trail import longest_trail


def machine() -> str:
    """One line naming the machine, for the record."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next(
                line.split(":", 1)[1].strip() for line in info if line.startswith("model name")
            )
    except (OSError, StopIteration):
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}"
    )


def random_playout(rules: str, players: int, seed: int, record: bool = False) -> int:
    """Play one game with uniformly random legal actions; returns the number of actions."""
    game = Game(rules, players, seed=seed, record=record)
    rng = random.Random(seed)
    actions = 0
    while not game.is_over:
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
        actions += 1
    return actions


def time_playouts(rules: str, players: int, games: int, record: bool, runs: int = 3) -> dict:
    """Median games/s and µs/action over ``runs`` runs of ``games`` seeded games."""
    rates = []
    for run in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        actions = sum(random_playout(rules, players, run * games + i, record) for i in range(games))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        rates.append((games / wall, games / cpu, wall / actions * 1e6, actions / games))
    rates.sort()
    games_s, cpu_games_s, us_action, per_game = rates[len(rates) // 2]
    return {
        "rules": rules,
        "players": players,
        "record": record,
        "games_per_s": games_s,
        "cpu_games_per_s": cpu_games_s,
        "us_per_action": us_action,
        "actions_per_game": per_game,
        "actions_per_s": 1e6 / us_action,
    }


def bench_playouts(quick: bool) -> list[dict]:
    games = 40 if quick else 200
    rows = []
    for rules in ("usa", "europe"):
        for players in (2, 3, 4, 5):
            rows.append(time_playouts(rules, players, games, record=False))
    rows.append(time_playouts("usa", 2, games, record=True))
    rows.append(time_playouts("europe", 4, games, record=True))
    return rows


def end_networks(rules: str, players: int, games: int) -> list[tuple[Game, int]]:
    """The final positions of seeded random games, with each seat."""
    finals: list[tuple[Game, int]] = []
    for seed in range(games):
        game = Game(rules, players, seed=seed, record=False)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.play(legal[rng.randrange(len(legal))])
        finals.extend((game, seat) for seat in range(players))
    return finals


def dense_networks(board_name: str, count: int, seed: int = 0) -> list[list[Route]]:
    """Adversarial networks: routes of the shortest lengths, up to 45 trains, packed together.

    Starting from a random city, add the shortest routes touching the network until 45 trains
    are used: the densest, most loop-rich networks a player could own.
    """
    board = load_board(board_name)
    rng = random.Random(seed)
    networks = []
    for _ in range(count):
        start = rng.choice(sorted(board.cities))
        cities, trains = {start}, 0
        chosen: list[Route] = []
        pool = list(board.routes)
        rng.shuffle(pool)
        while True:
            touching = [
                r
                for r in pool
                if (r.a in cities or r.b in cities)
                and r not in chosen
                and r.length + trains <= 45
                and all(board.twin_id(r.id) != c.id for c in chosen)
            ]
            if not touching:
                break
            route = min(touching, key=lambda r: (r.length, len({r.a, r.b} - cities)))
            chosen.append(route)
            cities.update(route.cities)
            trains += route.length
        networks.append(chosen)
    return networks


def percentile(ordered: Sequence[float], q: float) -> float:
    """The sample at fraction ``q`` (0-1) of ``ordered``, which is sorted: the one at index
    ``int(q * n)``, or the last."""
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _percentiles(samples: list[float]) -> dict[str, float]:
    samples = sorted(samples)

    def at(q: float) -> float:
        return percentile(samples, q)

    return {"p50": at(0.5), "p90": at(0.9), "p99": at(0.99), "max": samples[-1], "n": len(samples)}


def best_of_ms(repeats: int, call: Callable[[], object]) -> float:
    """The fastest of ``repeats`` calls of ``call``, in milliseconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def bench_scoring(quick: bool) -> list[dict]:
    games = 100 if quick else 1000
    rows = []
    for rules, players in (("usa", 2), ("europe", 4)):
        finals = end_networks(rules, players, games)
        trail_ms, station_ms = [], []
        for game, seat in finals:
            own = game.routes_of(seat)
            trail_ms.append(best_of_ms(3, partial(longest_trail, own)))
            cities = [c for c, p in game.stations.items() if p == seat]
            if cities:
                others = [r for r in game.board.routes if game.owner[r.id] not in (None, seat)]
                tickets = game.tickets_of(seat)
                station_ms.append(
                    best_of_ms(3, partial(best_station_routes, own, cities, others, tickets))
                )
        rows.append(
            {
                "what": f"longest trail, end of {games} random {rules} {players}p games",
                **_percentiles(trail_ms),
            }
        )
        if station_ms:
            rows.append(
                {
                    "what": f"station choice, end of {games} random {rules} {players}p games",
                    **_percentiles(station_ms),
                }
            )
    for board in ("usa", "europe"):
        dense = dense_networks(board, 20 if quick else 100)
        rows.append(
            {
                "what": f"longest trail, dense 45-train {board} networks",
                **_percentiles([best_of_ms(1, partial(longest_trail, net)) for net in dense]),
            }
        )
    return rows


def bench_undo(quick: bool) -> list[dict[str, float]]:
    """Microseconds per ``undo()`` at a few depths of one seeded 5-player Europe game (the
    narration off, as bots and search play): the cost must not grow with the game."""
    game = Game("europe", 5, seed=1, record=False)
    rng = random.Random(1)
    depths = (40, 200, 400)
    copies: dict[int, list[Game]] = {}
    count = 200 if quick else 2000
    while not game.is_over:
        if game.actions_played in depths:
            copies[game.actions_played] = [game.copy() for _ in range(count)]
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    rows = []
    for depth, games in sorted(copies.items()):
        runs = []
        for chunk in range(5):
            part = games[chunk::5]
            start = time.perf_counter()
            for copy in part:
                copy.undo()
            runs.append((time.perf_counter() - start) / len(part) * 1e6)
        rows.append({"depth": depth, "us_per_undo": statistics.median(runs)})
    return rows


IMPORT_CODES = {
    "bare": "pass",
    "import": "import ttr",
    "new_game": "import ttr; ttr.Game('usa', ['Ann', 'Ben'])",
}
"""What the import benchmark starts, each in a fresh interpreter: nothing (the interpreter's own
start-up), ``import ttr``, and ``import ttr`` with a first game (which loads the board data)."""


def bench_import(repeats: int = 7) -> dict[str, float]:
    """Median CPU time (user + system, in seconds) of a fresh interpreter running each of
    :data:`IMPORT_CODES`, alternated, ``repeats`` times each (``wall_`` keys: the wall time)."""
    cpu: dict[str, list[float]] = {name: [] for name in IMPORT_CODES}
    wall: dict[str, list[float]] = {name: [] for name in IMPORT_CODES}
    for _ in range(repeats):
        for name, code in IMPORT_CODES.items():
            before = _children_cpu()
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(_children_cpu() - before)
    rows = {name: statistics.median(times) for name, times in cpu.items()}
    rows.update({f"wall_{name}": statistics.median(times) for name, times in wall.items()})
    return rows


def _children_cpu() -> float:
    """User and system CPU time of the finished child processes, in seconds."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(what: str = "all", quick: bool = False) -> None:
    print(f"machine: {machine()}")
    if what in ("all", "playouts"):
        print("\nRandom playouts (uniform random legal actions, full games, median of 3 runs)")
        print(
            f"{'board':<7}{'players':>8}{'narration':>11}{'games/s':>10}{'CPU games/s':>13}"
            f"{'actions/s':>11}{'µs/action':>11}{'actions/game':>14}"
        )
        for row in bench_playouts(quick):
            print(
                f"{row['rules']:<7}{row['players']:>8}{'on' if row['record'] else 'off':>11}"
                f"{row['games_per_s']:>10.0f}{row['cpu_games_per_s']:>13.0f}"
                f"{row['actions_per_s']:>11.0f}{row['us_per_action']:>11.1f}"
                f"{row['actions_per_game']:>14.0f}"
            )
    if what in ("all", "scoring"):
        print("\nScoring (ms; best of 3 calls per network)")
        print(f"{'what':<58}{'n':>6}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}")
        for row in bench_scoring(quick):
            print(
                f"{row['what']:<58}{row['n']:>6}{row['p50']:>8.3f}{row['p90']:>8.3f}"
                f"{row['p99']:>8.3f}{row['max']:>8.3f}"
            )
    if what in ("all", "undo"):
        print("\nUndo at depth k of a 5-player Europe game (µs per undo, median of 5 batches)")
        for row in bench_undo(quick):
            print(f"  after {row['depth']:>3} actions: {row['us_per_undo']:.2f} µs")
    if what in ("all", "import"):
        row = bench_import()
        print(
            "\nStart-up: CPU time (user + system) of a fresh interpreter, median of 7 alternated"
            f" runs ({sys.executable} -c ...)"
        )
        for name, code in IMPORT_CODES.items():
            print(
                f"  {code:<48}{row[name] * 1000:>6.0f} ms CPU"
                f"{row['wall_' + name] * 1000:>8.0f} ms wall"
            )
        print(
            f"  import ttr beyond the bare interpreter: "
            f"{(row['import'] - row['bare']) * 1000:.0f} ms CPU"
        )
