"""How long one step of each teaching widget takes: the callback plus the update the browser gets.

A "step" is what a click does: ``GameStepper`` Next, a ``CardDrawExplorer`` draw, a route
picked on ``RouteClaimer``'s map, a ``TunnelSimulator`` reveal, a station placed or removed in
``StationPlanner`` (the city picked on the map, then the button), a route switched on or off by
a click on ``LongestRouteExplorer``'s map. Every widget works on a 5-player Europe game played by
greedy bots (the position halfway through for the in-game widgets, the end for stations and the
longest trail).

The widgets' messages to the browser are caught by a comm that serialises each one to JSON, as
the kernel does before sending it, so a step's time includes building and encoding everything
the browser receives; the table also gives the p95 of the CPU time of a step (its own work, which
a busy shared machine does not inflate), the bytes sent per step and how many steps sent the
map's picture again (none should: a step sends only the marks that changed).

    python benchmarks/bench_widgets.py            # 40 steps per widget
    python benchmarks/bench_widgets.py --steps 80

Target: p95 under 30 ms per step.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import comm
from comm.base_comm import BaseComm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ttr.game import TURN  # noqa: E402
from ttr.views.svg import city_id  # noqa: E402
from ttr.views.widgets import (  # noqa: E402
    CardDrawExplorer,
    GameStepper,
    LongestRouteExplorer,
    RouteClaimer,
    StationPlanner,
    TunnelSimulator,
)
from ttr.views.widgets.card_draw import CardDrawModel  # noqa: E402
from ttr.views.widgets.common import bot_game  # noqa: E402
from ttr.views.widgets.stepper import StepperModel  # noqa: E402

TARGET_MS = 30.0


class RecordingComm(BaseComm):
    """A comm that encodes every message as the kernel would, and counts what it sent."""

    sent_bytes = 0
    sent_pictures = 0

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys) -> None:
        text = json.dumps({"msg_type": msg_type, "data": data, "metadata": metadata or {}})
        RecordingComm.sent_bytes += len(text)
        state = (data or {}).get("state", {})
        RecordingComm.sent_pictures += "svg" in state


def machine() -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"platform: {platform.platform()}\n"
        f"python:   {platform.python_implementation()} {platform.python_version()}\n"
        f"cpus:     {os.cpu_count()} ({platform.processor() or platform.machine()})\n"
        f"load:     {load} (1, 5, 15 min)"
    )


def timed(step: Callable[[int], None], steps: int) -> tuple[list[float], list[float], float, int]:
    """Wall-clock and CPU milliseconds of each step, mean bytes sent per step, and the steps
    that sent the picture again."""
    step(0)  # warm-up: not counted
    RecordingComm.sent_bytes = RecordingComm.sent_pictures = 0
    wall, cpu = [], []
    for i in range(1, steps + 1):
        start, start_cpu = time.perf_counter(), time.process_time()
        step(i)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu, RecordingComm.sent_bytes / steps, RecordingComm.sent_pictures


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _can_pay(simulator: TunnelSimulator, route_id: int) -> bool:
    simulator.tunnel.value = route_id
    return simulator.model.chooser.check().legal


def mid_game(model: StepperModel):
    """A copy of the position halfway through the game, at the start of a turn."""
    k = model.last // 2
    while model.positions[k].phase != TURN:
        k += 1
    return model.positions[k].copy()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    comm.create_comm = RecordingComm

    print(machine())
    start = time.perf_counter()
    game = bot_game("europe", 5, args.seed)
    model = StepperModel(game)
    print(
        f"game:     Europe, 5 greedy bots, seed {args.seed}: {model.last} actions, "
        f"{sum(o is not None for o in game.owner)} routes claimed "
        f"(played and indexed in {time.perf_counter() - start:.2f} s)"
    )
    print(f"steps:    {args.steps} per widget\n")

    cases = []
    stepper = GameStepper(model=model, teacher=True)
    stepper.slider.value = max(0, model.last - args.steps - 2)  # the busy end of the game
    cases.append(("GameStepper: Next", lambda i: stepper.next_button.click()))

    drawer = CardDrawExplorer(model=CardDrawModel(mid_game(model)))

    def draw(i: int) -> None:
        drawer.blind_button.click()
        if drawer.model.game.phase not in ("turn", "second_card"):
            raise RuntimeError("the card-draw benchmark left the drawing phases")

    cases.append(("CardDrawExplorer: draw blind", draw))

    claimer = RouteClaimer(mid_game(model))
    ids = [r.id for r in claimer.model.game.board.routes]
    cases.append(
        ("RouteClaimer: route clicked", lambda i: claimer.map.click(f"route-{ids[7 * i % 101]}"))
    )

    tunnel = TunnelSimulator(mid_game(model), seed=1)
    payable = [r for _, r in tunnel.tunnel.options if _can_pay(tunnel, r)]
    if not payable:
        raise RuntimeError("no tunnel the player to move can pay for: choose another seed")
    tunnel.tunnel.value = payable[0]
    cases.append(("TunnelSimulator: reveal", lambda i: tunnel.reveal_button.click()))

    planner = StationPlanner(game, player=0)
    planner.clear_button.click()
    cities = sorted(game.board.cities)

    def station(i: int) -> None:  # pick a city on the map, place a station, then remove it
        if i % 2 == 0:
            planner.map.click(city_id(cities[(5 * i) % len(cities)]))
        (planner.remove_button if i % 2 else planner.place_button).click()

    cases.append(("StationPlanner: place/remove", station))

    longest = LongestRouteExplorer(game, player=0)
    own = [r.id for r in game.routes_of(0)] or [0]
    cases.append(
        (
            "LongestRouteExplorer: route clicked",
            lambda i: longest.map.click(f"route-{own[i % len(own)]}"),
        )
    )

    print(
        f"{'widget step':36} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'cpu p95':>7} "
        f"{'bytes':>7} {'resent':>6}  target"
    )
    worst = 0.0
    for name, step in cases:
        wall, cpu, sent, pictures = timed(step, args.steps)
        worst = max(worst, p95(wall))
        ok = "RESENT" if pictures else "ok" if p95(wall) < TARGET_MS else "SLOW"
        print(
            f"{name:36} {statistics.median(wall):7.1f} {p95(wall):7.1f} {max(wall):7.1f} "
            f"{p95(cpu):7.1f} {sent:7.0f} {pictures:6}  {ok}"
        )
    print(
        f"\nworst p95: {worst:.1f} ms wall-clock (target {TARGET_MS:.0f} ms); cpu p95 is the "
        "step's own work, without the time the machine gave to other processes"
    )
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
