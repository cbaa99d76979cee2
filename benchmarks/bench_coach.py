"""The points the greedy bot leaves on the table on its last turn, and what the coach takes.

Run ``python benchmarks/bench_coach.py --games 200 --seed 33500`` (both boards, 2 players,
greedy against greedy): at every last turn (the final round, E1) of either seat it compares the
greedy move's gain in final score with the best one (:func:`ttr.agents.endgame.last_turn_options`,
which the coach plays: a tunnel counted at its odds of being paid) and prints, per board, how
many last turns there were, how often the greedy move was not the best, and the points lost
per game (mean, and the share of games decided the other way had the loser played the last turn
exactly). ``--search`` judges the search bot's last turns instead, as it played them before it
worked them out exactly (``endgame`` off, and the greedy bot's plan), in the same games. The
coach's whole games against the greedy bot are ``benchmarks/bench_mcts.py --bot coach`` (see
``docs/coach.md``). Nothing runs on import.
"""

from __future__ import annotations

import argparse
import statistics

from ttr.actions import Action, BuildStation, Claim
from ttr.agents import MCTSAgent, make_agent
from ttr.agents.endgame import LastTurnOption, last_turn_options
from ttr.agents.mcts import PAIRED
from ttr.game import TURN, Game


def _gain(options: list[LastTurnOption], action: Action) -> float:
    """The gain of ``action`` among ``options`` (a claim by its route: the payment changes
    nothing but a tunnel's odds; a draw gains nothing)."""
    for option in options:
        chosen = option.action
        if isinstance(action, Claim) and isinstance(chosen, Claim):
            if chosen.route == action.route:
                return option.gain
        elif isinstance(action, BuildStation) and isinstance(chosen, BuildStation):
            if chosen.city == action.city:
                return option.gain
    return 0.0


def last_turns(rules: str, seed: int, search: bool = False) -> dict[str, float]:
    """One greedy-vs-greedy game: its last turns, those where the greedy move (with ``search``:
    the search bot's move without ``endgame``, with the greedy plan, as it was before) was not
    the best, the points lost, and whether the loser would have won with its best last turn."""
    game = Game(rules, 2, seed=seed, record=False)
    bots = [make_agent("greedy", seed * 31 + seat) for seat in range(2)]
    turns = worse = 0
    lost = [0.0, 0.0]
    while not game.is_over:
        seat = game.current_player
        action = bots[seat].choose(game)
        if game.phase == TURN and game.final_turns_left is not None:
            options = last_turn_options(game)
            best = options[0].gain if options else 0.0
            move = action
            if search:
                before = {**PAIRED, "endgame": False, "policy": "greedy"}
                bot = MCTSAgent(seed * 31 + seat, **before)
                move = bot.choose(game)
            got = _gain(options, move)
            turns += 1
            if best > got + 1e-9:
                worse += 1
                lost[seat] += best - got
        game.play(action)
    scores = [s.total for s in game.outcome().scores]
    loser = 0 if scores[0] < scores[1] else 1
    flips = scores[loser] + lost[loser] > scores[1 - loser]
    return {"turns": turns, "worse": worse, "lost": sum(lost), "flips": float(flips)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=33500)
    parser.add_argument(
        "--search",
        action="store_true",
        help="judge the search bot's last turns without endgame (as before) instead of greedy's",
    )
    args = parser.parse_args()
    who = "the search bot's (endgame off)" if args.search else "the greedy"
    for rules in ("europe", "usa"):
        games = [last_turns(rules, args.seed + i, args.search) for i in range(args.games)]
        turns = sum(g["turns"] for g in games)
        worse = sum(g["worse"] for g in games)
        print(
            f"{rules}: {args.games} greedy-vs-greedy games (--seed {args.seed}), {turns:g} last "
            f"turns; {who} move was not the best in {worse:g} "
            f"({100 * worse / max(1, turns):.0f}%), losing "
            f"{statistics.fmean(g['lost'] for g in games):.2f} points a game (max "
            f"{max(g['lost'] for g in games):.1f}); the loser's best last turn would have won "
            f"{sum(g['flips'] for g in games):g} of the games"
        )


if __name__ == "__main__":
    main()
