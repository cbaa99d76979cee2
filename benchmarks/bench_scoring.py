"""Micro-benchmark of the scoring algorithms: longest trail (F3) and station choice (ST4).

Run ``python benchmarks/bench_scoring.py`` (about 20-30 s; ``--samples`` scales it).
Nothing runs on import.

Each network is timed as the fastest of 3 calls (the machines are noisy), and each
family reports p50 / p99 / max over its networks, in milliseconds. Targets: longest
trail p99 < 0.5 ms on end-of-game networks, worst case < 50 ms on adversarial dense
networks of 45 trains; station choice < 10 ms with 3 stations of 8 candidate routes.

Families (all 45 trains of one player unless said otherwise):

* ``grid 6x6 len 1-2``: a 6 x 6 grid of cities, random grid routes of length 1 or 2;
* ``grid 6x6 len 1 (stress)``: the same with 45 routes of length 1, denser than any
  real board allows (no board has 45 routes of length 1);
* ``random n=K len 1-2``: random multigraphs on K cities, routes of length 1 or 2;
* ``<board> end of game``: a player's routes on the real map, grown mostly next to the
  network already built (needs the project's ``data/`` boards);
* ``<board> shortest routes``: only routes of length <= 2, one of each double, grown
  as one dense cluster.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ttr.scoring import best_station_routes, longest_trail  # noqa: E402
from ttr.tools.bench import best_of_ms, percentile  # noqa: E402


@dataclass(frozen=True)
class Route:
    id: int
    a: str
    b: str
    length: int


@dataclass(frozen=True)
class Ticket:
    a: str
    b: str
    points: int


# -- networks ---------------------------------------------------------------------------------


def grid_network(rng: random.Random, lengths: Sequence[int], size: int = 6) -> list[Route]:
    spans = [((x, y), (x + 1, y)) for x in range(size - 1) for y in range(size)]
    spans += [((x, y), (x, y + 1)) for x in range(size) for y in range(size - 1)]
    rng.shuffle(spans)
    routes: list[Route] = []
    trains = 0
    for i, (p, q) in enumerate(spans):
        length = rng.choice(lengths)
        if trains + length <= 45:
            routes.append(Route(i, f"{p[0]}{p[1]}", f"{q[0]}{q[1]}", length))
            trains += length
    return routes


def random_network(rng: random.Random, cities: int) -> list[Route]:
    routes: list[Route] = []
    trains = 0
    while trains < 45:
        a, b = rng.sample(range(cities), 2)
        length = min(rng.choice((1, 2)), 45 - trains)
        routes.append(Route(len(routes), f"c{a}", f"c{b}", length))
        trains += length
    return routes


def board_network(rng: random.Random, board: object, max_length: int, near: float) -> list:
    """Grow one player's routes on a real board: mostly next to what is built, one per double."""
    pool = [r for r in board.routes if r.length <= max_length]  # type: ignore[attr-defined]
    owned: list = []
    cities: set[str] = set()
    groups: set[int] = set()
    trains = 0
    while True:
        free = [
            r
            for r in pool
            if r.length <= 45 - trains and r not in owned and r.double_group not in groups
        ]
        if not free:
            return owned
        touching = [r for r in free if r.a in cities or r.b in cities]
        route = rng.choice(touching if touching and rng.random() < near else free)
        owned.append(route)
        cities |= {route.a, route.b}
        if route.double_group is not None:
            groups.add(route.double_group)
        trains += route.length
        if trains >= 43 and rng.random() < 0.5:
            return owned


def load_boards() -> dict[str, object]:
    try:
        from ttr.board import load_board

        return {name: load_board(name) for name in ("usa", "europe")}
    except Exception as error:  # the benchmark still runs without the project's boards
        print(f"(board families skipped: {error})")
        return {}


# -- stations ---------------------------------------------------------------------------------


def station_position(rng: random.Random) -> tuple[list, list[str], list, list[Ticket]]:
    """A random position: 3 stations, 8 opponent routes into each station's city."""
    cities = [f"c{i}" for i in range(40)]
    own = [Route(i, *rng.sample(cities, 2), 2) for i in range(15)]
    stations = rng.sample(cities, 3)
    opponents = []
    for s, city in enumerate(stations):
        others = [c for c in cities if c != city]
        for k in range(8):
            opponents.append(Route(100 + 10 * s + k, city, rng.choice(others), 3))
    opponents += [Route(200 + i, *rng.sample(cities, 2), 3) for i in range(30)]
    tickets = [
        Ticket(*rng.sample(cities, 2), rng.randint(4, 21)) for _ in range(rng.randint(4, 12))
    ]
    return own, stations, opponents, tickets


def hard_station_position(rng: random.Random) -> tuple[list, list[str], list, list[Ticket]]:
    """No pruning possible: the 3 stations are joined by own routes, each of their 8 routes
    leads to a different city, and tickets pair those cities across stations, so every one
    of the 512 combinations is distinct and has to be scored."""
    stations = ["s0", "s1", "s2"]
    own = [Route(0, "s0", "s1", 2), Route(1, "s1", "s2", 2)]
    opponents = [
        Route(100 + 10 * s + k, f"s{s}", f"x{s}{k}", 3) for s in range(3) for k in range(8)
    ]
    tickets = []
    for _ in range(12):
        s, t = rng.sample(range(3), 2)
        tickets.append(
            Ticket(f"x{s}{rng.randrange(8)}", f"x{t}{rng.randrange(8)}", rng.randint(4, 21))
        )
    return own, stations, opponents, tickets


# -- timing -----------------------------------------------------------------------------------


def report(name: str, times: list[float], detail: str = "") -> None:
    times = sorted(times)
    p99 = percentile(times, 0.99)
    print(
        f"{name:32s} n={len(times):4d}  p50 {statistics.median(times):7.3f}  "
        f"p99 {p99:7.3f}  max {times[-1]:7.3f} ms  {detail}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="networks per family")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    n = args.samples

    print(f"machine: {platform.platform()}; {platform.machine()}; cpus: {os.cpu_count()}")
    print(f"python:  {sys.version.split()[0]} ({platform.python_implementation()})")
    print("times: fastest of 3 calls per network, milliseconds\n")

    print("longest_trail (F3)")
    families: list[tuple[str, int, Callable[[random.Random], list]]] = [
        ("grid 6x6 len 1-2", n, lambda rng: grid_network(rng, (1, 2))),
        ("grid 6x6 len 1 (stress)", max(10, n // 5), lambda rng: grid_network(rng, (1,))),
    ]
    for cities in (8, 12, 16, 20):
        families.append(
            (f"random n={cities} len 1-2", n, lambda rng, c=cities: random_network(rng, c))
        )
    for board_name, board in load_boards().items():
        families.append(
            (f"{board_name} end of game", n, lambda rng, b=board: board_network(rng, b, 8, 0.8))
        )
        families.append(
            (
                f"{board_name} shortest routes",
                n,
                lambda rng, b=board: board_network(rng, b, 2, 0.95),
            )
        )
    for name, samples, make in families:
        rng = random.Random(args.seed)
        networks = [make(rng) for _ in range(samples)]
        times = [best_of_ms(3, lambda r=routes: longest_trail(r)) for routes in networks]
        size = statistics.mean(len(routes) for routes in networks)
        report(name, times, f"(~{size:.0f} routes)")

    print("\nbest_station_routes (ST3-ST4)")
    for name, make in (
        ("3 stations x 8 routes, random", station_position),
        ("3 stations x 8 routes, no pruning", hard_station_position),
    ):
        rng = random.Random(args.seed)
        positions = [make(rng) for _ in range(n)]
        times = [best_of_ms(3, lambda p=p: best_station_routes(*p)) for p in positions]
        report(name, times, "(up to 512 combinations)")


if __name__ == "__main__":
    main()
