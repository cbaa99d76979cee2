"""Our engine beside edwisdom/ticket_to_ride's pure-Python engine, in one process.

    python benchmarks/vs_peer.py --peer PATH [--players 2,3,4,5] [--games 200] [--repeats 5]
                                 [--ours DIR]

``PATH`` is a checkout of github:edwisdom/ticket_to_ride. It is never part of this project:
install it in a venv of its own (it asks for Python 3.14 but its engine runs on 3.11)::

    python3 -m venv PATH/.venv
    PATH/.venv/bin/pip install numpy msgspec typer rich
    PATH/.venv/bin/pip install -e PATH --no-deps --ignore-requires-python

Run the script with any Python. When the peer cannot be imported there (our venv has no
``msgspec``), it starts itself again with the peer's interpreter (``--peer-python``, by
default ``PATH/.venv/bin/python``) and this checkout first on ``PYTHONPATH``: our engine needs
nothing outside the standard library to play, so both engines then run in that one process.
Only the peer's public engine API is used (``Game``, ``RuleConfig``, ``new_initial_state``,
``legal_actions``, ``sample_legal``, ``step``, ``is_terminal``, ``rng.stream``).

``--ours DIR`` measures the ``ttr`` package found in ``DIR`` instead of this checkout's source:
the compiled build (``make compiled``) is measured with
``--ours .venv-compiled/lib/python3.11/site-packages`` (its extensions need the same Python
version as the peer's venv). The first line of the output says which build ran.

How it measures: for each player count and each loop, the same seeds are played by both engines
in chunks of 10 games, alternating which engine goes first (A B, B A, A B...: ABBA), CPU time
(``time.process_time``) summed per engine. That is one repeat; the figures are the medians of
``--repeats`` repeats, and the ratio (ours / peer, in games/s) is given as its median and its
range over the repeats. The two loops:

- **native**: each engine's own fast random playout. Ours indexes the lazy legal-action list,
  ``legal = game.legal_actions(); game.play(legal[rng.randrange(len(legal))])``; the peer's
  ``state.step(state.sample_legal(rng))`` with its ``stream(seed, "bench")`` generator (its own
  ``bench`` command).
- **generic**: an agent that asks for the whole legal list at every step, as OpenSpiel-style
  code and most bots do: ``list(game.legal_actions())`` / the peer's ``state.legal_actions()``
  (a sorted list of ints), one uniform choice with ``random.Random(seed)`` for both.

Both play whole USA games from the deal (the opening tickets included) to the last turn with
uniformly random legal actions, narration or history off (``record=False`` /
``track_history=False``), and every action checked by the engine. The workloads still differ:

- **action granularity**: both count every decision (each card of a two-card draw, each ticket
  keep), but a claim of ours names its exact payment (the colour and how many locomotives), so
  a hand with locomotives offers one claim per payment; the peer's "canonical" payments give
  one claim per route and colour, always paying the most coloured cards. Our lists are longer,
  and our random players spend locomotives more often.
- **forced keeps**: the peer settles a ticket offer with a single legal choice inside the
  engine (no action); ours always asks for a ``keep`` action.
- **start of a game**: the peer builds its ``Game`` (board, action space) once per player count
  and each game is ``game.new_initial_state(seed)``; ours is ``Game("usa", players, seed)``
  each time (the board and tables are cached after the first).
- **rules**: the peer plays the USA board only (no tunnels, ferries or stations, which the USA
  board does not use either); ours runs the general rules engine for both boards.
- the same seed deals different games in the two engines (different shuffles), so games differ
  in length: compare games/s with µs per action and actions per game side by side.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parent.parent
RELAUNCHED = "TTR_VS_PEER_RELAUNCHED"
CHUNK = 10

Playout = Callable[[int], int]
"""Plays the game of one seed to the end; returns the number of actions."""


def peer_path(checkout: Path) -> Path:
    """The folder holding the peer's ``ticket_to_ride`` package (a flat or a ``src`` layout)."""
    src = checkout / "src"
    return src if (src / "ticket_to_ride").is_dir() else checkout


def fail(message: str) -> NoReturn:
    """One line on stderr, exit code 2: the script never shows a traceback for bad input."""
    print(f"vs_peer: {message}", file=sys.stderr)
    raise SystemExit(2)


def import_engines(checkout: Path, python: Path | None, ours: Path = ROOT) -> tuple[Any, Any]:
    """Our ``ttr.tools.bench`` (from the folder ``ours``) and the peer's engine module, starting the
    script again with the peer's interpreter if the peer cannot be imported in this one."""
    if not (peer_path(checkout) / "ticket_to_ride" / "engine").is_dir():
        fail(f"--peer {checkout}: no ticket_to_ride/engine there (a checkout of the peer?)")
    if not (ours / "ttr" / "__init__.py").is_file():
        fail(f"--ours {ours}: no ttr package there")
    sys.path[:0] = [str(ours), str(peer_path(checkout))]
    try:
        import ticket_to_ride.engine as peer  # noqa: PLC0415 - found only at run time
    except ImportError as error:
        interpreter = python or checkout / ".venv" / "bin" / "python"
        if os.environ.get(RELAUNCHED) or not interpreter.exists():
            fail(f"cannot import the peer from {checkout} ({error}); see --help")
        env = {**os.environ, RELAUNCHED: "1"}
        env["PYTHONPATH"] = os.pathsep.join(
            [str(ours), str(peer_path(checkout)), env.get("PYTHONPATH", "")]
        )
        os.execve(interpreter, [str(interpreter), __file__, *sys.argv[1:]], env)
    import ttr.tools.bench as engine  # noqa: PLC0415 - after sys.path names our build

    return engine, peer


def build_of(engine: Any) -> str:
    """Which of our builds ``engine`` (:mod:`ttr.tools.bench`) belongs to, and where it is."""
    import ttr.state  # noqa: PLC0415 - the build that ttr.tools.bench imported

    package = Path(engine.__file__).parent
    compiled = not str(ttr.state.__file__).endswith(".py")
    return f"{'compiled (mypyc)' if compiled else 'pure Python'}, {package}"


def our_playouts(ours: Any, players: int) -> dict[str, Playout]:
    """Our engine's two loops for USA games of ``players`` (``ours`` is :mod:`ttr.tools.bench`; its
    ``random_playout`` is the native loop, as ``python -m ttr bench playouts`` runs it)."""

    def native(seed: int) -> int:
        return ours.random_playout("usa", players, seed)

    def generic(seed: int) -> int:
        game = ours.Game("usa", players, seed=seed, record=False)
        rng = random.Random(seed)
        actions = 0
        while not game.is_over:
            legal = list(game.legal_actions())
            game.play(legal[rng.randrange(len(legal))])
            actions += 1
        return actions

    return {"native": native, "generic": generic}


def peer_playouts(peer: Any, players: int) -> dict[str, Playout]:
    """The peer's two loops for USA games of ``players``."""
    from ticket_to_ride.engine.rng import stream  # noqa: PLC0415 - found only at run time

    game = peer.Game(peer.RuleConfig(map_name="usa", n_players=players, track_history=False))

    def native(seed: int) -> int:
        state = game.new_initial_state(seed)
        rng = stream(seed, "bench")
        actions = 0
        while not state.is_terminal():
            state.step(state.sample_legal(rng))
            actions += 1
        return actions

    def generic(seed: int) -> int:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        actions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.step(legal[rng.randrange(len(legal))])
            actions += 1
        return actions

    return {"native": native, "generic": generic}


def timed(playout: Playout, seeds: range) -> tuple[float, int]:
    """CPU seconds and actions for playing ``seeds``."""
    gc.collect()
    start = time.process_time()
    actions = sum(map(playout, seeds))
    return time.process_time() - start, actions


def one_repeat(a: Playout, b: Playout, games: int) -> tuple[list[float], list[int]]:
    """CPU seconds and actions of engines ``a`` and ``b`` over seeds ``0..games-1``, in chunks
    of :data:`CHUNK` games, alternating which goes first (ABBA)."""
    seconds, actions = [0.0, 0.0], [0, 0]
    for number, first in enumerate(range(0, games, CHUNK)):
        seeds = range(first, min(first + CHUNK, games))
        order = (0, 1) if number % 2 == 0 else (1, 0)
        for engine in order:
            spent, played = timed((a, b)[engine], seeds)
            seconds[engine] += spent
            actions[engine] += played
    return seconds, actions


def compare(a: Playout, b: Playout, games: int, repeats: int) -> dict[str, Any]:
    """Both engines' games/s and µs per action (medians) and the ratio a/b over repeats."""
    rates: list[tuple[float, float]] = []
    micros: list[tuple[float, float]] = []
    ratios: list[float] = []
    actions: list[int] = []
    for _ in range(repeats):
        seconds, actions = one_repeat(a, b, games)
        rates.append((games / seconds[0], games / seconds[1]))
        micros.append((seconds[0] / actions[0] * 1e6, seconds[1] / actions[1] * 1e6))
        ratios.append(seconds[1] / seconds[0])
    return {
        "games_s": [statistics.median(r[i] for r in rates) for i in (0, 1)],
        "us_action": [statistics.median(m[i] for m in micros) for i in (0, 1)],
        "actions_game": [actions[i] / games for i in (0, 1)],
        "ratio": statistics.median(ratios),
        "ratio_range": (min(ratios), max(ratios)),
    }


LOOPS = ("native", "generic")


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        fail(message)


def numbers(text: str, low: int, high: int, what: str) -> list[int]:
    """``"2,4"`` -> ``[2, 4]``, each between ``low`` and ``high``."""
    try:
        values = [int(part) for part in text.split(",")]
    except ValueError:
        fail(f"{what} must be numbers separated by commas, not {text[:40]!r}")
    if not all(low <= value <= high for value in values):
        fail(f"{what} must be between {low} and {high}, not {text[:40]!r}")
    return values


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, checked before any game is played."""
    parser = Parser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--peer", type=Path, required=True, help="checkout of the peer")
    parser.add_argument("--peer-python", type=Path, help="default: PEER/.venv/bin/python")
    parser.add_argument(
        "--ours", type=Path, default=ROOT, help="folder holding our ttr (default: this checkout)"
    )
    parser.add_argument("--players", default="2,3,4,5", help="USA player counts (2-5)")
    parser.add_argument("--loops", default=",".join(LOOPS), help="native, generic or both")
    parser.add_argument("--games", type=int, default=200, help="games per engine and repeat")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 100_000 or not 1 <= args.repeats <= 100:
        fail("--games must be 1-100000 and --repeats 1-100")
    args.players = numbers(args.players, 2, 5, "--players")
    args.loops = args.loops.split(",")
    unknown = [loop for loop in args.loops if loop not in LOOPS]
    if unknown:
        fail(f"--loops: unknown loop {unknown[0][:40]!r} (known: {', '.join(LOOPS)})")
    return args


def main() -> None:
    args = arguments()
    ours, peer = import_engines(args.peer.resolve(), args.peer_python, args.ours.resolve())
    from ttr.tools.bench import machine  # noqa: PLC0415 - after sys.path names our build

    print(f"machine: {machine()}")
    print(f"ours: {build_of(ours)}; load average {os.getloadavg()[0]:.1f} at the start")
    print(
        f"USA random playouts, {args.games} games per engine and repeat, chunks of {CHUNK} "
        f"(ABBA), CPU time, medians of {args.repeats} repeats"
    )
    print(
        f"{'loop':<9}{'players':>8}{'ours g/s':>10}{'µs/act':>8}{'act/g':>7}"
        f"{'peer g/s':>10}{'µs/act':>8}{'act/g':>7}{'ratio':>7}{'range':>13}"
    )
    for loop in args.loops:
        for players in args.players:
            a = our_playouts(ours, players)[loop]
            b = peer_playouts(peer, players)[loop]
            row = compare(a, b, args.games, args.repeats)
            low, high = row["ratio_range"]
            print(
                f"{loop:<9}{players:>8}{row['games_s'][0]:>10.0f}{row['us_action'][0]:>8.1f}"
                f"{row['actions_game'][0]:>7.0f}{row['games_s'][1]:>10.0f}"
                f"{row['us_action'][1]:>8.1f}{row['actions_game'][1]:>7.0f}"
                f"{row['ratio']:>7.2f}{f'{low:.2f}-{high:.2f}':>13}",
                flush=True,
            )
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
