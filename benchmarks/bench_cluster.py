"""The same tournament with worker processes (``--jobs N``) and on a Dask LocalCluster of N
workers (``--cluster local``), alternated, to measure what Dask costs (issue 32: at most 10%).

    python benchmarks/bench_cluster.py [--rounds 3] [--workers 2] [--games 8]
        [--agents greedy,long,random] [--bots notebooks/bots] [--map usa]

The LocalCluster is started once (its start-up time is printed on its own: a fixed cost of a few
seconds, what a teacher with a running cluster does not pay), then each round runs the
tournament both ways, in the order ABBA over rounds, and prints wall-clock seconds and the
ratio cluster / processes; the summary gives the median ratio and its range. Also prints the
per-game costs that ``docs/competition.md`` plans a class's tournament with: CPU seconds a game
in the workers, and the wall time a game took end to end. Both runs must give the same games
(checked).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from ttr.tools.bench import machine
from ttr.tools.ladder import Tournament, tournament

ROOT = Path(__file__).resolve().parent.parent


def run(args: argparse.Namespace, cluster: str | None) -> tuple[float, Tournament]:
    start = time.perf_counter()
    result = tournament(
        args.map,
        2,
        args.agents.split(","),
        args.games,
        seed=args.seed,
        jobs=args.workers,
        progress=False,
        bots=args.bots,
        cluster=cluster,
    )
    return time.perf_counter() - start, result


def key(result: Tournament) -> list[tuple[object, ...]]:
    return [(r.agents, r.scores, r.forfeits, r.moves) for r in result.records]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=8, help="games per pairing")
    parser.add_argument("--agents", default="greedy,long,random")
    parser.add_argument("--bots", default=None, help="a folder of students' bots, also played")
    parser.add_argument("--map", default="usa")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(machine())
    from dask.distributed import LocalCluster  # noqa: PLC0415 - the [cluster] extra

    began = time.perf_counter()
    local = LocalCluster(
        n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    print(f"LocalCluster of {args.workers} workers started in {time.perf_counter() - began:.1f} s")
    ratios = []
    reference = None
    for round_ in range(args.rounds):
        order = (False, True) if round_ % 2 == 0 else (True, False)
        seconds = {}
        for cluster in order:
            seconds[cluster], result = run(args, local.scheduler_address if cluster else None)
            if reference is None:
                reference = key(result)
            assert key(result) == reference, "the two runs played different games"
        ratio = seconds[True] / seconds[False]
        ratios.append(ratio)
        games = len(result.records)
        print(
            f"round {round_ + 1}: {games} games; processes {seconds[False]:.1f} s, "
            f"Dask LocalCluster {seconds[True]:.1f} s, ratio {ratio:.3f}"
        )
    cpu = [sum(sum(seat) for seat in r.move_seconds) for r in result.records]
    print(
        f"median ratio cluster/processes {statistics.median(ratios):.3f} "
        f"(range {min(ratios):.3f}-{max(ratios):.3f}, {len(ratios)} rounds); "
        f"bots' CPU s a game: median {statistics.median(cpu):.3f}, max {max(cpu):.3f}; "
        f"wall s a game with {args.workers} workers: {min(seconds.values()) / games:.3f}"
    )
    local.close()


if __name__ == "__main__":
    main()
