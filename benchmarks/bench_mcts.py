"""The search bot against the greedy bot: win rate (95% CI) and thinking time per move.

Run ``python benchmarks/bench_mcts.py --map europe --games 40 --seed 2000`` (the README's
figures: the ladder's search bot, :data:`ttr.agents.mcts.PAIRED`); ``--iterations``,
``--rollout``, ``--rollout-turns`` (a number, or ``end``),
``--exploration``, ``--widening`` and ``--option NAME=VALUE`` (any other option of
:class:`ttr.agents.MCTSAgent`, e.g. ``--option search='tree'``) set the search. Nothing runs on
import.

Game ``i`` is dealt from seed ``seed + i // 2`` and the search bot takes seat ``i % 2``, so each
deal is played from both seats. Every decision with more than one legal move is timed twice:
wall-clock and the process's CPU time (on a shared machine the CPU time is what the move costs
on an idle core). One line per game (with the tally so far, so that a run stopped early
still says something), then the summary.
"""

from __future__ import annotations

import argparse
import ast
import os
import platform
import statistics
import time

from ttr.agents import MCTSAgent, make_agent
from ttr.agents.mcts import PAIRED
from ttr.game import Game
from ttr.simulation import proportion_ci


def duel(rules: str, seed: int, seat: int, options: dict, opponent: str) -> tuple[float, int, list]:
    """One game: (search bot's result 1/0.5/0, its score lead, [(wall, cpu) per decision])."""
    game = Game(rules, 2, seed=seed, record=False)
    bots = [make_agent(opponent, seed * 31 + s) for s in range(2)]
    bots[seat] = MCTSAgent(seed * 31 + seat, **{**PAIRED, **options})
    times = []
    while not game.is_over:
        player = game.current_player
        choice = len(game.legal_actions()) > 1
        wall, cpu = time.perf_counter(), time.process_time()
        action = bots[player].choose(game)
        if player == seat and choice:
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
        game.play(action)
    outcome = game.outcome()
    scores = [s.total for s in outcome.scores]
    result = 1.0 if outcome.winners == (seat,) else 0.5 if seat in outcome.winners else 0.0
    return result, scores[seat] - scores[1 - seat], times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default="europe")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=300)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--rollout", default="greedy")
    parser.add_argument("--rollout-turns", default=None)
    parser.add_argument("--exploration", type=float, default=None)
    parser.add_argument("--widening", type=float, default=None)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="any other MCTSAgent option, e.g. --option breadth=6",
    )
    args = parser.parse_args()
    options: dict = {"rollout": args.rollout}
    if args.rollout_turns is not None:
        end = args.rollout_turns == "end"
        options["rollout_turns"] = None if end else int(args.rollout_turns)
    for name in ("iterations", "exploration", "widening"):
        if getattr(args, name) is not None:
            options[name] = getattr(args, name)
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = ast.literal_eval(value)
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, {options}")
    wins, leads, times = 0.0, [], []
    for i in range(args.games):
        result, lead, moves = duel(args.map, args.seed + i // 2, i % 2, options, args.opponent)
        wins += result
        leads.append(lead)
        times += moves
        cpu = sorted(c for _, c in moves)
        p, low, high = proportion_ci(wins, i + 1)
        print(
            f"game {i + 1}: seat {i % 2 + 1}, result {result}, lead {lead:+d}, "
            f"cpu s/move median {statistics.median(cpu):.3f} max {cpu[-1]:.3f}, "
            f"load {os.getloadavg()[0]:.1f}; so far {wins:g} of {i + 1}, "
            f"{100 * p:.0f}% ({100 * low:.0f}-{100 * high:.0f}%)",
            flush=True,
        )
    p, low, high = proportion_ci(wins, args.games)
    wall = [w for w, _ in times]
    cpu = [c for _, c in times]
    print(
        f"{args.map}: search bot won {100 * p:.0f}% (95% CI {100 * low:.0f}-{100 * high:.0f}) "
        f"of {args.games} games against {args.opponent}, mean lead "
        f"{statistics.fmean(leads):+.1f}; {len(times)} decisions, CPU s/move median "
        f"{statistics.median(cpu):.3f} max {max(cpu):.3f}, wall median "
        f"{statistics.median(wall):.3f} max {max(wall):.3f}"
    )


if __name__ == "__main__":
    main()
