"""The browser edition's figures (#27, docs/lite.md): how big the site is, how long from page
load to a usable kernel, and how long a click on the play table takes to show its answer.

    make lite && python benchmarks/bench_lite.py              # 3 kernel starts, 60 clicks
    python benchmarks/bench_lite.py --site _build/lite --starts 5 --clicks 120

The site is served on 127.0.0.1 and opened in Debian's headless Chromium, every request
elsewhere blocked (as in tests/browser/test_lite.py). A *kernel start* is the time from opening
``notebooks/play.ipynb`` to the kernel's Idle (a fresh browser context each time: nothing
cached). A *click* is one of the play table's controls pressed the way
``tests/play_helpers.follow_hints`` plays (Hint, then the marked control or the lit route or
city), timed from the click to the moment the table shows the kernel's answer (its prompt's
``data-seq`` moves); the clicks go on from the opening until ``--clicks`` or the game's end.

Goals: site at most 60 MB, kernel usable within 20 s, p95 of a click at most 1 s.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import statistics
import sys
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# as pytest has them: the test modules, and the checkout (build_support, which test_lite reads)
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests"), str(ROOT)]

from browser_support import CHROMIUM_ARGS, free_port  # noqa: E402
from play_helpers import follow_hints  # noqa: E402
from test_lite import KERNEL_IDLE, OUTPUT, _Quiet, run_all_cells  # noqa: E402
from test_play_browser import PageUI  # noqa: E402


class TimedUI(PageUI):
    """The play table's page UI, timing each click until its answer shows."""

    def __init__(self, page, scope: str, limit: int):
        super().__init__(page, scope)
        self.times: list[float] = []
        self.limit = limit

    def _answered(self, act) -> None:
        started = time.perf_counter()
        super()._answered(act)
        self.times.append(time.perf_counter() - started)


def site_size(site: Path) -> tuple[int, int]:
    files = [p for p in site.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "lite")
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=60)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    size, count = site_size(args.site)
    print(f"site: {size / 1e6:.1f} MB in {count} files ({args.site})")
    handler = functools.partial(_Quiet, directory=str(args.site))
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/lab/index.html?path=notebooks/play.ipynb"
    fence = [*CHROMIUM_ARGS, "--proxy-server=http://127.0.0.1:9"]
    fence.append("--proxy-bypass-list=127.0.0.1;localhost")
    starts: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=fence)
        for k in range(args.starts):
            context = browser.new_context(viewport={"width": 1400, "height": 1600})
            page = context.new_page()
            began = time.perf_counter()
            page.goto(url)
            page.wait_for_function(KERNEL_IDLE, timeout=600_000)
            starts.append(time.perf_counter() - began)
            print(f"kernel start {k + 1}: {starts[-1]:.1f} s", flush=True)
            if k < args.starts - 1:
                context.close()
        run_all_cells(page)
        ui = TimedUI(page, OUTPUT, args.clicks)
        page.wait_for_selector(f"{OUTPUT} .ttr-play-table .ttr-map-view svg")
        follow_hints(ui, until=lambda ui: len(ui.times) >= ui.limit)
        context.close()
        browser.close()
    server.shutdown()
    times = sorted(ui.times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(
        f"kernel start: median {statistics.median(starts):.1f} s, range {min(starts):.1f}-"
        f"{max(starts):.1f} s over {len(starts)}"
    )
    print(
        f"click to updated view: {len(times)} clicks, median {statistics.median(times):.2f} s,"
        f" p95 {p95:.2f} s, max {times[-1]:.2f} s"
    )
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
        f"load {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
