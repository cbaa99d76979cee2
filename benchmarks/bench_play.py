"""How fast the play table answers a click, and how long a greedy bot's turn takes.

* **Click to view**: whole 2-player Europe games against the greedy bot, played on a
  ``PlayTable`` from Python by the clicks of ``tests/play_helpers.follow_hints`` (the Hint, then
  what it marks: market cards, the deck, tickets, routes on the map, payments, a station). Each
  click is timed from the callback to the last message the browser gets, encoded as the kernel
  would (the comm of ``bench_widgets``), so it includes the model, the bots' replies (speed
  "instant": a click that ends the person's turn also plays the bot's turn) and every widget
  update. This is the server side of a click; the browser's own drawing is not in it. The
  Hint is timed apart: it asks the coach, a search with a budget of its own (at most 1 CPU
  second a hint, issue 33), while every other click plays or chooses.
* **Greedy bot turn**: every turn of the greedy bots in 2-player Europe games between two
  greedy bots (all the actions of one player's turn: two cards, a claim and its tunnel...).

    python benchmarks/bench_play.py             # seeds 1-3
    python benchmarks/bench_play.py --games 6

Targets: click to view p95 under 100 ms (the Hint: at most 1 CPU second); a greedy bot's turn
p95 under 50 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import comm

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent / "tests"), str(HERE)]

from bench_widgets import RecordingComm, machine, p95  # noqa: E402
from play_helpers import TableUI, follow_hints  # noqa: E402

from ttr import Game  # noqa: E402
from ttr.agents import make_agent  # noqa: E402
from ttr.apps import PlayModel, PlayTable  # noqa: E402

CLICK_TARGET_MS = 100.0
HINT_CPU_MS = 1000.0
BOT_TARGET_MS = 50.0


class TimedUI(TableUI):
    """The clicks of :class:`TableUI`, each timed (wall clock and CPU, in ms), the Hint's
    apart from the others'."""

    def __init__(self, table: PlayTable):
        super().__init__(table)
        self.times: dict[str, tuple[list[float], list[float]]] = {
            "click": ([], []),
            "hint": ([], []),
        }

    def _timed(self, click, *args, kind: str = "click") -> None:
        start, start_cpu = time.perf_counter(), time.process_time()
        click(*args)
        wall, cpu = self.times[kind]
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)

    def press(self, name: str) -> None:
        self._timed(super().press, name, kind="hint" if name == "Hint" else "click")

    def click_hinted(self, index: int) -> None:
        self._timed(super().click_hinted, index)

    def click_map(self, element: str) -> None:
        self._timed(super().click_map, element)

    def click_option(self, index: int) -> None:
        self._timed(super().click_option, index)


def bot_turns(seed: int) -> list[float]:
    """The wall-clock ms of every turn of a game between two greedy bots."""
    game = Game("europe", ["Ann", "Ben"], seed=seed)
    bots = [make_agent("greedy", seed * 100 + seat) for seat in range(2)]
    turns = []
    while not game.is_over:
        seat = game.current_player
        start = time.perf_counter()
        while not game.is_over and game.current_player == seat:
            game.play(bots[seat].choose(game))
        turns.append((time.perf_counter() - start) * 1000)
    return turns


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games of each kind (seeds 1..N)")
    args = parser.parse_args()
    comm.create_comm = RecordingComm
    print(machine())

    times: dict[str, tuple[list[float], list[float]]] = {"click": ([], []), "hint": ([], [])}
    RecordingComm.sent_bytes = RecordingComm.sent_pictures = 0
    for seed in range(1, args.games + 1):
        table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=seed))
        RecordingComm.sent_pictures = 0  # the table's first picture is not a click's
        ui = TimedUI(table)
        follow_hints(ui)
        for kind, (wall, cpu) in ui.times.items():
            times[kind][0].extend(wall)
            times[kind][1].extend(cpu)
    (wall, cpu), (hint_wall, hint_cpu) = times["click"], times["hint"]
    clicks = len(wall) + len(hint_wall)
    print(
        f"\nclick to view: {len(wall)} clicks in {args.games} games (Europe, Ann by clicks against "
        "the greedy bot, speed instant), the Hint's apart"
    )
    print(
        f"  p50 {statistics.median(wall):.1f} ms, p95 {p95(wall):.1f} ms, max {max(wall):.1f} ms; "
        f"cpu p95 {p95(cpu):.1f} ms; {RecordingComm.sent_bytes / clicks:.0f} bytes per click "
        f"(the Hint's too); pictures sent again: {RecordingComm.sent_pictures}"
    )
    print(
        f"Hint (the coach's search): {len(hint_wall)} presses; p50 "
        f"{statistics.median(hint_wall):.1f} ms, p95 {p95(hint_wall):.1f} ms, max "
        f"{max(hint_wall):.1f} ms; cpu p95 {p95(hint_cpu):.1f} ms, max {max(hint_cpu):.1f} ms"
    )

    turns: list[float] = []
    for seed in range(1, args.games + 1):
        turns += bot_turns(seed)
    print(f"\ngreedy bot turn: {len(turns)} turns in {args.games} games (Europe, greedy v greedy)")
    print(
        f"  p50 {statistics.median(turns):.1f} ms, p95 {p95(turns):.1f} ms, max {max(turns):.1f} ms"
    )
    ok = p95(wall) < CLICK_TARGET_MS and max(hint_cpu) <= HINT_CPU_MS and p95(turns) < BOT_TARGET_MS
    print(
        f"\ntargets: click p95 < {CLICK_TARGET_MS:.0f} ms, Hint cpu <= {HINT_CPU_MS:.0f} ms, "
        f"bot turn p95 < {BOT_TARGET_MS:.0f} ms: " + ("met" if ok else "NOT MET")
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
