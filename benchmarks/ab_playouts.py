"""The random playouts of ``python -m ttr bench playouts`` for two source trees, side by side.

    python benchmarks/ab_playouts.py --old TREE --new TREE [--rounds 200] [--chunk 10]
                                     [--restart 20] [--only usa:4,europe:4:on]

Each ``TREE`` is a checkout of this project (a folder holding ``ttr/tools/bench.py``, or
``ttr/bench.py`` before the tree move of issue 26), for example a
worktree of an older commit: ``git worktree add --detach /tmp/old 7eb33bf``. Both trees run
their own ``ttr.tools.bench.random_playout`` (the benchmark's workload: full games of
uniformly random legal actions from the deal, ``record`` off or on) with the same interpreter,
in worker processes of its own started from a neutral folder with the tree first on ``PYTHONPATH``.

How it measures, for each board, player count and narration setting: ``--rounds`` rounds; in
each round both workers play the same ``--chunk`` seeds one after the other, the order
alternating (old, new, new, old, ...), and each reports the CPU time (``time.process_time``) it
took. Every ``--restart`` rounds a fresh pair of workers is started (which of the two starts
first alternates too), and each plays a few warm-up games first: a process's own hash seed and
memory layout can make it a percent or two faster or slower than its twin for its whole life,
so the rounds are spread over several pairs. The figure is the median of the per-round ratios
new/old (in games/s), with a 95% interval for that median from the order statistics. Pairing
each chunk with its twin run a moment later is what makes this usable on a shared machine whose
speed drifts by tens of percent between runs of the whole benchmark: a slow spell hits both
sides of a pair. Each tree's median games/s is printed too, with the actions per game (seeded
games can differ between trees when a rule changed). Nothing runs on import.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, NoReturn

CONFIGS = [(rules, players, False) for rules in ("usa", "europe") for players in (2, 3, 4, 5)]
CONFIGS += [("usa", 2, True), ("europe", 4, True)]
"""The rows of ``python -m ttr bench playouts``: (board, players, narration)."""

WORKER = """
import sys, time
try:
    from ttr.tools.bench import random_playout
except ImportError:  # a tree from before the move into ttr/tools
    from ttr.bench import random_playout
for line in sys.stdin:
    rules, players, record, start, count = line.split()
    players, record, start, count = int(players), record == "1", int(start), int(count)
    cpu = time.process_time()
    seeds = range(start, start + count)
    actions = sum(random_playout(rules, players, seed, record) for seed in seeds)
    print(time.process_time() - cpu, actions, flush=True)
"""


def fail(message: str) -> NoReturn:
    """One line on standard error, exit code 2."""
    print(f"ab_playouts: {message}", file=sys.stderr)
    raise SystemExit(2)


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        fail(message)


class Worker:
    """A process that plays seeded random playouts with one tree's engine on request."""

    def __init__(self, tree: Path, python: str, folder: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        self.process = subprocess.Popen(
            [python, "-c", WORKER],
            cwd=folder,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def play(
        self, rules: str, players: int, record: bool, start: int, count: int
    ) -> tuple[float, int]:
        """CPU seconds and actions of the games seeded ``start`` to ``start + count - 1``."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(f"{rules} {players} {int(record)} {start} {count}\n")
        stdin.flush()
        line = stdout.readline().split()
        if len(line) != 2:
            fail(f"a worker stopped (exit code {self.process.wait()})")
        return float(line[0]), int(line[1])

    def close(self) -> None:
        stdin: IO[str] | None = self.process.stdin
        if stdin is not None:
            stdin.close()
        self.process.wait()


def median_interval(values: list[float]) -> tuple[float, float]:
    """A 95% interval for the median of ``values`` from their order statistics."""
    ordered = sorted(values)
    n = len(ordered)
    below = max(0, math.floor(n / 2 - 1.96 * math.sqrt(n) / 2))
    return ordered[below], ordered[n - 1 - below]


def compare(
    start: Callable[[int], tuple[Worker, Worker]],
    config: tuple[str, int, bool],
    rounds: int,
    chunk: int,
    restart: int,
) -> dict[str, float]:
    """Play ``rounds`` paired chunks of one configuration, with a fresh pair of workers
    (``start``) every ``restart`` rounds; the medians and the paired ratio."""
    rules, players, record = config
    ratios: list[float] = []
    rates: dict[str, list[float]] = {"old": [], "new": []}
    actions = {"old": 0, "new": 0}
    for first in range(0, rounds, restart):
        old, new = start(first // restart)
        try:
            for worker in (old, new):
                worker.play(rules, players, record, 100_000, 3)  # warm-up: caches, bytecode
            for r in range(first, min(first + restart, rounds)):
                pair = [("old", old), ("new", new)]
                if r % 2:
                    pair.reverse()
                cpu: dict[str, float] = {}
                for name, worker in pair:
                    seconds, played = worker.play(rules, players, record, r * chunk, chunk)
                    cpu[name] = seconds
                    rates[name].append(chunk / seconds)
                    actions[name] += played
                ratios.append(cpu["old"] / cpu["new"])
        finally:
            old.close()
            new.close()
    low, high = median_interval(ratios)
    return {
        "old": statistics.median(rates["old"]),
        "new": statistics.median(rates["new"]),
        "ratio": statistics.median(ratios),
        "low": low,
        "high": high,
        "old_actions": actions["old"] / (rounds * chunk),
        "new_actions": actions["new"] / (rounds * chunk),
    }


def parse_only(text: str) -> list[tuple[str, int, bool]]:
    """``usa:4,europe:4:on`` as configurations (narration off unless ``:on``)."""
    chosen = []
    for item in text.split(","):
        parts = item.strip().split(":")
        if (
            len(parts) not in (2, 3)
            or parts[0] not in ("usa", "europe")
            or parts[1] not in ("2", "3", "4", "5")
        ):
            fail(f"--only: {item[:40]!r} is not BOARD:PLAYERS[:on] (usa or europe, 2-5)")
        if len(parts) == 3 and parts[2] not in ("on", "off"):
            fail(f"--only: {item[:40]!r}: narration is 'on' or 'off'")
        chosen.append((parts[0], int(parts[1]), len(parts) == 3 and parts[2] == "on"))
    return chosen


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", type=Path, required=True, help="the older tree")
    parser.add_argument("--new", type=Path, required=True, help="the newer tree")
    parser.add_argument("--rounds", type=int, default=200, help="paired chunks per row")
    parser.add_argument("--chunk", type=int, default=10, help="games per chunk")
    parser.add_argument(
        "--restart", type=int, default=20, help="rounds before a fresh pair of workers"
    )
    parser.add_argument("--only", type=str, default=None, help="e.g. usa:4,europe:4:on")
    parser.add_argument("--python", default=sys.executable, help="the interpreter for both")
    args = parser.parse_args(argv)
    for name in ("old", "new"):
        tree = getattr(args, name)
        if not any((tree / "ttr" / path).is_file() for path in ("tools/bench.py", "bench.py")):
            fail(f"--{name} {str(tree)[:80]}: no ttr/tools/bench.py there")
    if not 5 <= args.rounds <= 10_000:
        fail("--rounds must be between 5 and 10000")
    if not 1 <= args.chunk <= 1_000:
        fail("--chunk must be between 1 and 1000")
    if not 1 <= args.restart <= args.rounds:
        fail("--restart must be between 1 and --rounds")
    args.configs = parse_only(args.only) if args.only else CONFIGS
    return args


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    print(f"old: {args.old}\nnew: {args.new}\npython: {args.python}")
    load = os.getloadavg()[0]
    print(f"{args.rounds} rounds of {args.chunk} games per row, CPU time, load {load:.1f}")
    print("board   players narration  old games/s  new games/s  new/old (95% CI)     actions/game")
    with tempfile.TemporaryDirectory() as folder:

        def start(pair: int) -> tuple[Worker, Worker]:
            """A fresh pair of workers (old, new), started in turn old first or new first."""
            if pair % 2:
                new = Worker(args.new.resolve(), args.python, folder)
                return Worker(args.old.resolve(), args.python, folder), new
            old = Worker(args.old.resolve(), args.python, folder)
            return old, Worker(args.new.resolve(), args.python, folder)

        for config in args.configs:
            row = compare(start, config, args.rounds, args.chunk, args.restart)
            rules, players, record = config
            print(
                f"{rules:<7} {players:>7} {'on' if record else 'off':>9} {row['old']:>12.0f}"
                f" {row['new']:>12.0f}  {row['ratio']:.3f} ({row['low']:.3f}-{row['high']:.3f})"
                f"  {row['old_actions']:.0f} / {row['new_actions']:.0f}",
                flush=True,
            )
    print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
