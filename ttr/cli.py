"""The command line: ``python -m ttr replay FILE`` and friends.

Every command exits 0 on success and 2 with one readable line on bad input, never a traceback:
this module is the one place where errors become exit codes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from ttr.board import load_board
from ttr.colors import CARD_KINDS
from ttr.errors import ScenarioError, TTRError
from ttr.game import Game
from ttr.i18n import gettext, pgettext, render
from ttr.jsonio import check_writable, read_json, write_json
from ttr.persist import state_to_dict
from ttr.scenario import load_position, load_scenario
from ttr.scoring.breakdown import outcome_table, outcome_to_dict, score_holdings
from ttr.tools.help_texts import PLAYERS_HELP, SEED_HELP, VARIANT_HELP
from ttr.tools.ladder import add_arguments as add_tournament_arguments


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit code 2
        self.exit(2, render("{prog}: error: {message}", prog=self.prog, message=message) + "\n")


def describe(game: Game) -> str:
    """A plain-text summary of the position: players, hands, trains, market, decks."""
    to_play = (
        render("game over")
        if game.is_over
        else render("{name} to play", name=game.players[game.current_player])
    )
    lines = [
        render(
            "{title:text}: turn {turn}, phase {phase}, {to_play}",
            title=game.rules.title,
            turn=game.turn,
            phase=pgettext("phase", game.phase),
            to_play=to_play,
        )
    ]
    none = render("none")
    for seat, name in enumerate(game.players):
        held = game.hands[seat]
        hand = ", ".join(
            render("{n} {color:colour}", n=held[c], color=c) for c in CARD_KINDS if held[c]
        )
        routes = ", ".join(
            render("{ref:route}", ref=game.board.ref(r)) for r in game.routes_of(seat)
        )
        line = "  " + render(
            "{name}: {trains} trains, {points} route points, hand [{hand}], routes: {routes}",
            name=name,
            trains=game.trains[seat],
            points=game.route_points[seat],
            hand=hand or render("empty"),
            routes=routes or none,
        )
        if game.rules.has_stations:
            built = [game.board.display(c) for c, p in game.stations.items() if p == seat]
            line += render(", stations: {stations}", stations=", ".join(built) or none)
        tickets = ", ".join(game.board.ticket_ref(t) for t in game.tickets_of(seat))
        lines.append(line + render(", tickets: {tickets}", tickets=tickets or none))
    market = ", ".join(pgettext("colour", c) if c else "-" for c in game.cards.market)
    lines.append(
        "  "
        + render(
            "market [{market}], deck {deck}, discard {discard}, ticket deck {tickets}",
            market=market,
            deck=len(game.cards.deck),
            discard=len(game.cards.discard),
            tickets=len(game.ticket_deck),
        )
    )
    return "\n".join(lines)


def replay_summary(game: Game) -> dict[str, Any]:
    """The final position of a replay as JSON data: the saved fields, each player's trains,
    route points and stations left, the actions played and the narration."""
    data: dict[str, Any] = {"rules": game.rules.name, "players": list(game.players)}
    data.update(state_to_dict(game.setup, game.state))
    data.update(
        trains=game.trains, route_points=game.route_points, stations_left=game.stations_left
    )
    data["history"] = game.history
    data["log"] = [line for event in game.events for line in event.lines]
    return data


def _replay(args: argparse.Namespace) -> int:
    game = load_scenario(args.file, variant=args.variant)
    if args.json:
        print(json.dumps(replay_summary(game), indent=2, ensure_ascii=False))
        return 0
    history = game.history
    for step in range(len(history) + 1):
        print(render("setup") if step == 0 else f"{step}. {history[step - 1]}")
        for line in game.events_of(step):
            print(f"   {line}")
    print()
    print(describe(game))
    return 0


def _score(args: argparse.Namespace) -> int:
    from ttr.apps.sheet import ScoreSheetModel  # the score sheet's warnings, without widgets

    data = read_json(args.file, ScenarioError)
    if not isinstance(data, dict):
        raise ScenarioError(
            "{source}: expected a JSON object {{...}} at the top", source=str(args.file)
        )
    if args.variant is not None:
        data = {**data, "variant": args.variant}
    rules, holdings = load_position(data)
    outcome = score_holdings(holdings, rules)
    board = load_board(rules.map)
    problems = ScoreSheetModel.from_position(data).problems(on_map=False)
    for problem in problems:
        print(problem.said(), file=sys.stderr)  # the score sheet's own line
    if args.json:
        result = outcome_to_dict(outcome, board)
        result["problems"] = [{"level": p.level, "item": p.item, "text": p.text} for p in problems]
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        print(outcome_table(outcome, board, rules))
    return 0


def _legal(args: argparse.Namespace) -> int:
    game = load_scenario(args.file, variant=args.variant)
    actions = list(game.legal_actions())
    if args.json:
        to_play = None if game.is_over else game.players[game.current_player]
        listed = [game.notation(action) for action in actions]
        data = {"to_play": to_play, "phase": game.phase, "legal": listed}
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    print(describe(game))
    print(render("Legal actions ({n}):", n=len(actions)))
    for action in actions:
        print(f"  {game.notation(action)}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from ttr.tools.simulation import check_run, simulate

    check_run(args.games, args.jobs)
    if args.json:
        check_writable(args.json)
    result = simulate(
        args.map,
        args.players,
        args.games,
        args.agents,
        args.seed,
        variant=args.variant,
        jobs=args.jobs,
        progress=not args.quiet,
        cluster=args.cluster,
    )
    print(result.table())
    if args.json:
        write_json(args.json, result.to_dict())
    return 0


KERNELS = (("ko", "Python 3 (ttr, 한국어)"), ("zh", "Python 3 (ttr, 中文)"))
"""The translated notebooks' kernels: this Python with ``TTR_LANG`` set (``ttr-ko``, ``ttr-zh``)."""


def _kernels(args: argparse.Namespace) -> int:
    try:
        from ipykernel.kernelspec import install  # noqa: PLC0415 - a [notebooks] tool
    except ImportError:
        raise TTRError(
            "kernels: ipykernel is missing (pip install 'ttr-teach[notebooks]')"
        ) from None
    for code, label in KERNELS:
        where = install(
            kernel_name=f"ttr-{code}",
            display_name=label,
            user=args.user,
            prefix=None if args.user else sys.prefix,
            env={"TTR_LANG": code},
        )
        print(render("installed kernel {name} in {path}", name=f"ttr-{code}", path=where))
    return 0


def _bench(args: argparse.Namespace) -> int:
    from ttr.tools.bench import main as bench

    bench(args.what, quick=args.quick)
    return 0


def build_parser() -> argparse.ArgumentParser:
    variant = gettext(VARIANT_HELP)
    parser = _Parser(prog="python -m ttr", description=render("Ticket to Ride teaching engine"))
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    replay = commands.add_parser("replay", help=render("play a scenario file and narrate it"))
    replay.add_argument("file", help=render("a scenario JSON file (see data/scenarios/)"))
    replay.add_argument("--json", action="store_true", help=render("print the final state as JSON"))
    replay.add_argument("--variant", help=variant)
    replay.set_defaults(run=_replay)
    score = commands.add_parser(
        "score", help=render("score the end of a game from a position file")
    )
    score.add_argument(
        "file", help=render("a position JSON file (who owns which routes, tickets, stations)")
    )
    score.add_argument("--json", action="store_true", help=render("print the scores as JSON"))
    score.add_argument("--variant", help=variant)
    score.set_defaults(run=_score)
    legal = commands.add_parser(
        "legal", help=render("list the legal actions of a scenario's position, payments included")
    )
    legal.add_argument("file", help=render("a scenario JSON file (see data/scenarios/)"))
    legal.add_argument("--json", action="store_true", help=render("print the actions as JSON"))
    legal.add_argument("--variant", help=variant)
    legal.set_defaults(run=_legal)
    sim = commands.add_parser(
        "simulate", help=render("play many seeded bot games and summarise them")
    )
    sim.add_argument("--map", default="usa", help=render("usa or europe (default usa)"))
    sim.add_argument("--variant", default=None, help=variant)
    sim.add_argument("--players", type=int, default=2, help=render(PLAYERS_HELP))
    sim.add_argument("--games", type=int, default=100, help=render("games to play (default 100)"))
    sim.add_argument(
        "--agents",
        default="random",
        help=render(
            "one agent per seat, comma-separated (random, greedy, planner, long, mcts, mcts:N, "
            "coach, coach:N), or one for all (default random)"
        ),
    )
    sim.add_argument("--seed", type=int, default=0, help=render(SEED_HELP))
    sim.add_argument("--jobs", type=int, default=1, help=render("worker processes"))
    sim.add_argument(
        "--cluster",
        metavar="WHERE",
        help=render(
            "play on Dask: 'local' (a LocalCluster of --jobs workers) or a scheduler address"
        ),
    )
    sim.add_argument(
        "--json", metavar="FILE", help=render("also write the summary and records as JSON")
    )
    sim.add_argument("--quiet", action="store_true", help=render("no progress bar"))
    sim.set_defaults(run=_simulate)
    ladder = commands.add_parser(
        "tournament", help=render("rank bots: every pairing on the same deals, seats swapped")
    )
    add_tournament_arguments(ladder)
    kernels = commands.add_parser(
        "kernels", help=render("install the Korean and Chinese notebooks' kernels (ttr-ko, ttr-zh)")
    )
    kernels.add_argument(
        "--user", action="store_true", help=render("for this user, not this Python's prefix")
    )
    kernels.set_defaults(run=_kernels)
    bench = commands.add_parser("bench", help=render("measure the engine's speed on this machine"))
    bench.add_argument(
        "what",
        nargs="?",
        default="all",
        choices=("all", "playouts", "scoring", "undo", "import"),
        help=render("what to measure (default all)"),
    )
    bench.add_argument("--quick", action="store_true", help=render("fewer games (a rough figure)"))
    bench.set_defaults(run=_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (TTRError, OSError) as err:
        print(render("error: {reason}", reason=_one_line(err)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(render("error: interrupted"), file=sys.stderr)
        return 2
    except Exception as err:  # a bug: still one line, never a traceback
        said = render(
            "error: internal error ({kind}: {reason})",
            kind=type(err).__name__,
            reason=_one_line(err),
        )
        print(said, file=sys.stderr)
        return 1


def _one_line(err: BaseException, limit: int = 300) -> str:
    text = " ".join(str(err).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
