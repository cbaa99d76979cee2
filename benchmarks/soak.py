"""Soak run: many seeded random games, every invariant checked after every action.

    python benchmarks/soak.py --games 10000 --jobs 2          # per board and player count
    python benchmarks/soak.py --games 200 --boards usa --players 2

For each board (usa, europe) and each player count (2-5) it plays ``--games`` games with
uniformly random legal actions and checks after every action everything in
``ttr.invariants.violations`` (110 train cards by colour, tickets accounted for, trains and
stations never below zero, no route owned twice, the double-route rules, the market rules, the
end-game trigger). At random points (about 1 action in 150) it also checks that the lazy
legal-action list agrees with itself (length, indexing, iteration, no repeats) and that ``play``'s
rule checks accept every action on it, that a save/load round trip gives back the same position,
and that ``undo`` restores the position before the last action ("checks" counts these points).
It prints counts per configuration and exits 1 on any violation, printing the seed and step to
reproduce it. Not part of the default test run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from ttr.game import Game
from ttr.invariants import legal_list_problems, violations

CHECK_EVERY = 150  # save/load and undo checks, on average once per this many actions


def soak_game(rules: str, players: int, seed: int) -> tuple[Counter, list[str]]:
    """Play one random game with every check; returns counts and problems found."""
    game = Game(rules, players, seed=seed)
    rng = random.Random(seed)
    counts: Counter = Counter()
    problems: list[str] = []
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        before = game.state_key() if rng.randrange(CHECK_EVERY) == 0 else None
        if before is not None:
            problems += [
                f"{rules} {players}p seed {seed} step {step + 1}: {problem}"
                for problem in legal_list_problems(game)
            ]
        game.play(action)
        step += 1
        for problem in violations(game):
            problems.append(f"{rules} {players}p seed {seed} step {step}: {problem}")
        if before is not None:
            counts["undo checks"] += 1
            trial = Game.from_json(game.to_json())
            if trial.state_key() != game.state_key():
                problems.append(f"{rules} {players}p seed {seed} step {step}: save/load differs")
            counts["save/load checks"] += 1
            trial.undo()
            if trial.state_key() != before:
                problems.append(f"{rules} {players}p seed {seed} step {step}: undo differs")
        if problems:
            break
        if step > 20_000:
            problems.append(f"{rules} {players}p seed {seed}: no end after {step} actions")
            break
    counts["games"] += 1
    counts["actions"] += step
    for name in ("market_resets", "loop_guard_stops", "reshuffles", "empty_deck", "passes"):
        counts[name] += game.counts.get(name, 0)
    return counts, problems


def soak_chunk(args: tuple[str, int, range]) -> tuple[Counter, list[str]]:
    rules, players, seeds = args
    total: Counter = Counter()
    problems: list[str] = []
    for seed in seeds:
        counts, found = soak_game(rules, players, seed)
        total.update(counts)
        problems += found
    return total, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=10_000, help="games per board and player count"
    )
    parser.add_argument("--boards", default="usa,europe")
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args()
    failed = False
    print(
        f"{'board':<8}{'players':>8}{'games':>8}{'actions':>11}{'resets':>8}{'D9 stops':>9}"
        f"{'reshuffles':>11}{'empty deck':>11}{'passes':>8}{'checks':>9}{'seconds':>9}"
    )
    for rules in args.boards.split(","):
        for players in map(int, args.players.split(",")):
            start = time.perf_counter()
            chunk = max(1, args.games // (args.jobs * 8))
            jobs = [
                (rules, players, range(s, min(s + chunk, args.seed + args.games)))
                for s in range(args.seed, args.seed + args.games, chunk)
            ]
            total: Counter = Counter()
            problems: list[str] = []
            with ProcessPoolExecutor(args.jobs) as pool:
                for counts, found in pool.map(soak_chunk, jobs):
                    total.update(counts)
                    problems += found
            seconds = time.perf_counter() - start
            print(
                f"{rules:<8}{players:>8}{total['games']:>8}{total['actions']:>11}"
                f"{total['market_resets']:>8}{total['loop_guard_stops']:>9}"
                f"{total['reshuffles']:>11}{total['empty_deck']:>11}{total['passes']:>8}"
                f"{total['undo checks']:>9}{seconds:>9.0f}",
                flush=True,
            )
            for problem in problems[:20]:
                print("  VIOLATION", problem)
            failed = failed or bool(problems)
    print("FAILED" if failed else "all invariants held")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
