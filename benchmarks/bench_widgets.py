"""How long one step of each teaching widget takes: the callback plus the redraw.

A "step" is what a click does: ``GameStepper`` Next, a ``CardDrawExplorer`` draw, a new route in
``RouteClaimer``, a ``TunnelSimulator`` reveal, a station placed in ``StationPlanner``, a route
toggled in ``LongestRouteExplorer``. Every widget works on a 5-player Europe game played by
greedy bots (the position halfway through for the in-game widgets, the end for stations and the
longest trail). The widgets' map cache is emptied before every timed step, so each step pays a
full matplotlib drawing and PNG encoding: the worst case (``--warm`` keeps the cache, as in
class, where stepping back or drawing a card costs no redraw). The first drawing of a board
(its layout, ~0.3 s once per process) is a warm-up and is not counted.

    python benchmarks/bench_widgets.py            # 30 steps per widget
    python benchmarks/bench_widgets.py --steps 60 --warm

Target: under 150 ms per step.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ttr.game import TURN  # noqa: E402
from ttr.widgets import (  # noqa: E402
    CardDrawExplorer,
    GameStepper,
    LongestRouteExplorer,
    RouteClaimer,
    StationPlanner,
    TunnelSimulator,
)
from ttr.widgets.card_draw import CardDrawModel  # noqa: E402
from ttr.widgets.common import bot_game  # noqa: E402
from ttr.widgets.stepper import StepperModel  # noqa: E402

TARGET_MS = 150.0


def machine() -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"platform: {platform.platform()}\n"
        f"python:   {platform.python_implementation()} {platform.python_version()}\n"
        f"cpus:     {os.cpu_count()} ({platform.processor() or platform.machine()})\n"
        f"load:     {load} (1, 5, 15 min)"
    )


def timed(step: Callable[[int], None], widget, steps: int, warm: bool) -> list[float]:
    step(0)  # warm-up: not counted
    times = []
    for i in range(1, steps + 1):
        if not warm:
            widget.painter.clear()
        start = time.perf_counter()
        step(i)
        times.append((time.perf_counter() - start) * 1000)
    return times


def mid_game(model: StepperModel):
    """A copy of the position halfway through the game, at the start of a turn."""
    k = model.last // 2
    while model.positions[k].phase != TURN:
        k += 1
    return model.positions[k].copy()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--warm", action="store_true", help="keep the map cache between steps")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    print(machine())
    start = time.perf_counter()
    game = bot_game("europe", 5, args.seed)
    model = StepperModel(game)
    print(f"game:     Europe, 5 greedy bots, seed {args.seed}: {model.last} actions, "
          f"{sum(o is not None for o in game.owner)} routes claimed "
          f"(played and indexed in {time.perf_counter() - start:.2f} s)")
    print(f"mode:     {'warm (map cache kept)' if args.warm else 'cold (full redraw every step)'}"
          f", {args.steps} steps per widget\n")

    cases = []

    stepper = GameStepper(model=model)
    cases.append(("GameStepper: Next", stepper,
                  lambda i: stepper.next_button.click()))

    drawer = CardDrawExplorer(model=CardDrawModel(mid_game(model)))

    def draw(i: int) -> None:
        drawer.blind_button.click()
        if drawer.model.game.phase not in ("turn", "second_card"):
            raise RuntimeError("the card-draw benchmark left the drawing phases")

    cases.append(("CardDrawExplorer: draw", drawer, draw))

    claimer = RouteClaimer(mid_game(model))
    ids = [r.id for r in claimer.model.game.board.routes]
    cases.append(("RouteClaimer: pick route", claimer,
                  lambda i: setattr(claimer.route, "value", ids[(7 * i + 1) % len(ids)])))

    tunnel = TunnelSimulator(mid_game(model), seed=1)
    cases.append(("TunnelSimulator: reveal", tunnel,
                  lambda i: tunnel.reveal_button.click()))

    planner = StationPlanner(game, player=0)
    cities = sorted(game.board.cities)

    planner.clear_button.click()

    def station(i: int) -> None:  # place a station, then take it away: one click each
        planner.city.value = cities[(5 * (i // 2)) % len(cities)]
        (planner.remove_button if i % 2 else planner.place_button).click()

    cases.append(("StationPlanner: place/remove", planner, station))

    longest = LongestRouteExplorer(game, player=0)
    own = [r.id for r in game.routes_of(0)] or [0]

    def toggle(i: int) -> None:
        longest.route.value = own[i % len(own)]
        longest.toggle_button.click()

    cases.append(("LongestRouteExplorer: toggle", longest, toggle))

    print(f"{'widget step':32} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}  target")
    worst = 0.0
    for name, widget, step in cases:
        times = sorted(timed(step, widget, args.steps, args.warm))
        p50 = statistics.median(times)
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        worst = max(worst, p95)
        ok = "ok" if p95 < TARGET_MS else "SLOW"
        print(f"{name:32} {p50:8.1f} {p95:8.1f} {times[-1]:8.1f}  {ok}")
    print(f"\nworst p95: {worst:.1f} ms (target {TARGET_MS:.0f} ms)")
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
