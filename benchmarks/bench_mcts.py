"""The search bot (or the coach) against the greedy bot: win rate (95% CI) and time per move.

Run ``python benchmarks/bench_mcts.py --map europe --games 150 --seed 2000 --jsonl eu.jsonl``
(the README's figures: the ladder's search bot, :data:`ttr.agents.mcts.PAIRED`);
``--iterations``, ``--steps``, ``--rollout``, ``--rollout-turns`` (a number, or ``end``) and
``--option NAME=VALUE`` (any other option of :class:`ttr.agents.MCTSAgent`, e.g. ``--option
search='tree'``) set the search; ``--jobs`` plays games in parallel. Nothing runs on import.

Game ``i`` is dealt from seed ``seed + i // 2`` and the search bot takes seat ``i % 2``, so each
deal is played from both seats. Every decision with more than one legal move is timed twice:
wall-clock and the process's CPU time (on a shared machine the CPU time is what the move costs
on an idle core). One line per game as it ends (with the tally so far), and with ``--jsonl
FILE`` one JSON line per game appended to FILE, so that a run stopped early still counts every
finished game: ``--summary FILE`` prints the summary of such a file (every run in it with the
same options), counting only the deals played from both seats.

``--bot coach`` plays the coach instead (:class:`ttr.agents.CoachAgent`, the play table's Hint:
a player who always follows the Hint), ``--bot coach:N`` with a search of N simulated moves;
``--option`` then sets nothing. The first line names the machine (``lscpu``'s model name).
"""

from __future__ import annotations

import argparse
import ast
import json
import multiprocessing
import os
import platform
import statistics
import subprocess
import time
from typing import Any

from ttr.agents import Agent, MCTSAgent, make_agent
from ttr.agents.mcts import PAIRED
from ttr.game import Game
from ttr.tools.simulation import proportion_ci


def duel(
    rules: str, seed: int, seat: int, options: dict, opponent: str, bot: str = "mcts"
) -> dict[str, Any]:
    """One game: the bot's result (1, 0.5 or 0), its score lead, and the CPU and wall seconds
    and simulated moves of each of its decisions (``bot``: ``"mcts"``, the search bot with
    ``options``, or any other name :func:`ttr.agents.make_agent` knows, such as ``"coach"``)."""
    game = Game(rules, 2, seed=seed, record=False)
    bots = [make_agent(opponent, seed * 31 + s) for s in range(2)]
    if bot == "mcts":
        search: Agent = MCTSAgent(seed * 31 + seat, **{**PAIRED, **options})
    else:
        search = make_agent(bot, seed * 31 + seat)
    bots[seat] = search
    cpu, wall, steps = [], [], []
    while not game.is_over:
        player = game.current_player
        timed = player == seat and len(game.legal_actions()) > 1
        started, ticks = time.perf_counter(), time.process_time()
        if timed:
            choice = search.explain(game)
            action = choice.action
            cpu.append(round(time.process_time() - ticks, 4))
            wall.append(round(time.perf_counter() - started, 4))
            steps.append(choice.reason.get("steps", 0))
        else:
            action = bots[player].choose(game)
        game.play(action)
    outcome = game.outcome()
    scores = [s.total for s in outcome.scores]
    result = 1.0 if outcome.winners == (seat,) else 0.5 if seat in outcome.winners else 0.0
    return {
        "map": rules,
        "deal": seed,
        "seat": seat,
        "result": result,
        "lead": scores[seat] - scores[1 - seat],
        "cpu": cpu,
        "wall": wall,
        "steps": steps,
        "bot": bot,
    }


def _play(job: tuple[int, str, int, dict, str, str]) -> tuple[int, dict[str, Any]]:
    index, rules, seed, options, opponent, bot = job
    return index, duel(rules, seed + index // 2, index % 2, options, opponent, bot)


def summary(games: list[dict[str, Any]], opponent: str = "greedy") -> str:
    """The summary lines of finished games: wins with the 95% Wilson interval, the split by
    seat, the mean score lead, and the CPU seconds and simulated moves per decision."""
    wins = sum(g["result"] for g in games)
    p, low, high = proportion_ci(wins, len(games))
    by_seat = []
    for seat in (0, 1):
        mine = [g for g in games if g["seat"] == seat]
        by_seat.append(f"seat {seat + 1} {sum(g['result'] for g in mine):g} of {len(mine)}")
    cpu = [c for g in games for c in g["cpu"]]
    wall = [w for g in games for w in g["wall"]]
    steps = [s for g in games for s in g["steps"]]
    deals = len({g["deal"] for g in games})
    bot = {"mcts": "search bot"}.get(games[0].get("bot", "mcts"), games[0].get("bot"))
    return (
        f"{games[0]['map']}: {bot} won {wins:g} of {len(games)} games ({deals} deals) "
        f"against {opponent}: {100 * p:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%); "
        f"{', '.join(by_seat)}; mean lead {statistics.fmean(g['lead'] for g in games):+.1f}\n"
        f"{len(cpu)} decisions: CPU s median {statistics.median(cpu):.3f}, mean "
        f"{statistics.fmean(cpu):.3f}, max {max(cpu):.3f}; over 0.8 s: "
        f"{sum(c > 0.8 for c in cpu)}, over 1 s: {sum(c > 1.0 for c in cpu)}; wall s median "
        f"{statistics.median(wall):.3f}, max {max(wall):.3f}; simulated moves median "
        f"{statistics.median(steps):g}, max {max(steps)}"
    )


def machine() -> str:
    """The processor's model name (``lscpu``), its cores and the Python version."""
    model = platform.processor() or platform.machine()
    try:
        lines = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        model = next(
            (line.split(":", 1)[1].strip() for line in lines.splitlines() if "Model name" in line),
            model,
        )
    except (OSError, subprocess.CalledProcessError):
        pass
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def _commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default="europe")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=300)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--bot", default="mcts", help="mcts (the default), or coach, coach:N")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--steps", type=int, default=None)
    parser.add_argument("--rollout", default=None)
    parser.add_argument("--rollout-turns", default=None)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--jsonl", default=None, help="append one JSON line per game here")
    parser.add_argument("--summary", default=None, help="summarise a --jsonl file and stop")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="any other MCTSAgent option, e.g. --option breadth=6",
    )
    args = parser.parse_args()
    if args.summary:
        with open(args.summary, encoding="utf-8") as lines:
            games = [json.loads(line) for line in lines if line.strip()]
        seats: dict[int, set[int]] = {}
        for game in games:
            seats.setdefault(game["deal"], set()).add(game["seat"])
        whole = [g for g in games if len(seats[g["deal"]]) == 2]  # whole deals only
        if len(whole) < len(games):
            print(f"{len(games) - len(whole)} game(s) of deals played from one seat only left out")
        print(summary(whole, args.opponent))
        return
    options: dict = {}
    if args.rollout_turns is not None:
        end = args.rollout_turns == "end"
        options["rollout_turns"] = None if end else int(args.rollout_turns)
    for name in ("iterations", "steps", "rollout"):
        if getattr(args, name) is not None:
            options[name] = getattr(args, name)
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = ast.literal_eval(value)
    settings = dict(PAIRED, **options) if args.bot == "mcts" else args.bot
    print(f"{machine()}; commit {_commit()}; bot {settings}", flush=True)
    jobs = [(i, args.map, args.seed, options, args.opponent, args.bot) for i in range(args.games)]
    games: list[dict[str, Any]] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for index, game in pool.imap_unordered(_play, jobs):
            games.append(game)
            if args.jsonl:
                with open(args.jsonl, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"game": index, **game, "options": options}) + "\n")
            wins = sum(g["result"] for g in games)
            p, low, high = proportion_ci(wins, len(games))
            print(
                f"game {index + 1}: seat {game['seat'] + 1}, result {game['result']}, lead "
                f"{game['lead']:+d}, cpu s/move median {statistics.median(game['cpu']):.3f} "
                f"max {max(game['cpu']):.3f}, load {os.getloadavg()[0]:.1f}; so far {wins:g} "
                f"of {len(games)}, {100 * p:.0f}% ({100 * low:.0f}-{100 * high:.0f}%)",
                flush=True,
            )
    print(summary(games, args.opponent))


if __name__ == "__main__":
    main()
