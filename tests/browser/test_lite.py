"""The browser edition (#27) as a person uses it, offline: the JupyterLite site that
``make lite`` builds (``_build/lite``, or the folder in ``TTR_LITE_SITE``), served on 127.0.0.1,
opened in headless Chromium with every request elsewhere blocked (a blocked request fails the
test: the site must bring everything it needs).

* Every notebook of the site (:data:`LESSONS`: the rule lessons 00-09, the play table and the
  score sheet, in English and in Korean): every cell runs, top to bottom, in the Pyodide kernel
  with no error; the maps and widgets show (no plain-text fallback), and the Korean ones speak
  Korean. On lesson 03 a click on a route of the clickable map reaches Python and the widget
  answers.
* The play table: a whole seeded game by clicks (``play_helpers.follow_hints``, as in
  ``test_play_browser.py``), which must end with the final scores the same clicks give from
  Python.

Hard timeouts on the kernel's start, on each cell and on each click. They run from
``make test-lite`` (which builds the site first and sets ``TTR_LITE_TEST=1``); ``make test``
skips them, keeping its time. Each test prints its times (``pytest -s``). Screenshots go to
``test-artifacts/lite-*.png``.
"""

from __future__ import annotations

import functools
import os
import re
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

import pytest
from browser_support import CHROMIUM_ARGS, FALLBACK_TEXTS, HEIGHT, click_map, free_port
from play_helpers import follow_hints
from test_play_browser import (  # noqa: F401 (expected: a fixture)
    SEQ_CHANGED,
    PageUI,
    assert_ended_as_in_python,
    expected,
)

from build_support.notebook_lists import TRANSLATED

pytestmark = pytest.mark.browser

KERNEL_START = 600_000
"""ms: the kernel's first start (Pyodide, then the packages): 13-40 s usually, 250 s seen on a
2-core machine under a load of 18."""
CELL = 120_000
"""ms: the longest any one cell may take."""
OUTPUT = ".jp-OutputArea-output"
KERNEL_IDLE = """() => {
    const t = Array.from(document.querySelectorAll('.jp-StatusBar-TextItem, .jp-StatusBar-Widget'))
        .map(e => e.textContent).join(' ');
    return /Pyodide\\)\\s*\\|\\s*Idle/.test(t);
}"""
PROGRESS = """() => {
    const prompts = Array.from(document.querySelectorAll('.jp-CodeCell .jp-InputPrompt'))
        .map(e => e.textContent.trim());
    return [prompts.length, prompts.filter(p => /^\\[\\d+\\]:$/.test(p)).length,
            prompts.filter(p => p === '[*]:').length];
}"""
ERRORS = """() => Array.from(document.querySelectorAll(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
    .map(e => e.innerText).filter(t => /Error|Traceback/.test(t))"""


def _site(repo_root: Path) -> Path:
    """The built site; these tests run only from ``make test-lite`` (``TTR_LITE_TEST=1``), which
    builds it first, so that ``make test`` keeps its time."""
    if not os.environ.get("TTR_LITE_TEST"):
        pytest.skip("the browser edition's tests run with `make test-lite`")
    site = Path(os.environ.get("TTR_LITE_SITE", repo_root / "_build" / "lite"))
    if not (site / "jupyter-lite.json").is_file():
        pytest.fail(f"no lite site at {site}: run `make lite` first")
    return site


class _Quiet(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
    }

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


@pytest.fixture(scope="module")
def site_url(repo_root):
    """The built site, served on 127.0.0.1 at a free port for this module."""
    handler = functools.partial(_Quiet, directory=str(_site(repo_root)))
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def offline_browser(site_url, playwright, chromium_path):
    """Chromium fenced off the network: a dead proxy for everything but 127.0.0.1 (launched
    only when there is a site to test: ``site_url`` skips first)."""
    args = [
        *CHROMIUM_ARGS,
        "--proxy-server=http://127.0.0.1:9",
        "--proxy-bypass-list=127.0.0.1;localhost",
    ]
    chromium = playwright.chromium.launch(executable_path=chromium_path, args=args)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def lite_page(offline_browser, request, artifacts_dir):
    """A page whose requests outside 127.0.0.1 are blocked and recorded; the test fails if
    there was any."""
    context = offline_browser.new_context(viewport={"width": 1400, "height": HEIGHT})
    blocked: list[str] = []

    def fence(route):
        if urlparse(route.request.url).hostname in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    context.route("**/*", fence)
    page = context.new_page()
    page.set_default_timeout(60_000)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("requestfailed", lambda r: console.append(f"failed: {r.url}"))
    yield page
    name = re.sub(r"[^\w.-]+", "-", request.node.name).strip("-")
    (artifacts_dir / f"lite-{name}-console.log").write_text("\n".join(console))
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        page.screenshot(path=str(artifacts_dir / f"lite-{name}-failure.png"), full_page=True)
    context.close()
    assert not blocked, f"requests outside 127.0.0.1: {blocked}"


def open_notebook(page, url: str, path: str) -> float:
    """Open ``path`` in the lite site and wait for its kernel; returns the seconds it took."""
    started = time.monotonic()
    page.goto(f"{url}/lab/index.html?path={path}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", state="visible", timeout=KERNEL_START)
    page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_START)
    return time.monotonic() - started


def run_all_cells(page) -> None:
    """Clear the committed outputs, run every cell, and wait for the last one; each cell has
    :data:`CELL` ms, and none may end in an error."""
    page.click(".lm-MenuBar-itemLabel:text-is('Edit')")
    page.click("li.lm-Menu-item[data-command='editmenu:clear-all']")
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click("li.lm-Menu-item[data-command='runmenu:run-all']")
    done, since = -1, time.monotonic()
    while True:
        total, finished, running = page.evaluate(PROGRESS)
        errors = page.evaluate(ERRORS)
        assert not errors, errors[0][:2000]
        if finished == total and not running:
            break
        if finished != done:
            done, since = finished, time.monotonic()
        assert time.monotonic() - since < CELL / 1000, f"a cell ran over {CELL} ms ({done}/{total})"
        page.wait_for_timeout(500)
    page.wait_for_function(KERNEL_IDLE, timeout=CELL)
    assert page.locator("text=Error displaying widget").count() == 0
    for text in FALLBACK_TEXTS:
        assert page.locator(f"{OUTPUT} pre:has-text('{text}')").count() == 0, text


LESSONS = [f"notebooks/{folder}{stem}.ipynb" for folder in ("", "ko/") for stem in TRANSLATED]
"""Every notebook of the site, as the build ships them (``build_support.notebook_lists``)."""
CLICKABLE = "notebooks/03_claiming_routes.ipynb"
"""The lesson whose clickable map is clicked."""


@pytest.mark.parametrize("path", LESSONS)
def test_every_cell_runs_in_the_browser(lite_page, site_url, path, artifacts_dir):
    page = lite_page
    seconds = open_notebook(page, site_url, path)
    started = time.monotonic()
    run_all_cells(page)
    print(
        f"{path}: kernel ready {seconds:.1f} s after the page opened, "
        f"every cell run in {time.monotonic() - started:.1f} s"
    )
    assert page.locator(f"{OUTPUT} svg.ttr-map").count() > 0  # the maps show
    if "/ko/" in path:  # the engine speaks Korean there (TTR_LANG=ko, set by the build)
        said = "\n".join(page.locator(OUTPUT).all_inner_texts())  # text, tables and widgets
        assert any("\uac00" <= ch <= "\ud7a3" for ch in said), said[:500]
    name = path.replace("/", "-").removesuffix(".ipynb")
    page.screenshot(path=str(artifacts_dir / f"lite-{name}.png"))
    if path == CLICKABLE:
        a_click_on_the_map_reaches_python(page, artifacts_dir)


def a_click_on_the_map_reaches_python(page, artifacts_dir: Path) -> None:
    """Lesson 03's route claimer: a click on a route of its map selects it in Python, which
    lights it on the map and names it in the widget."""
    widget = page.locator(f"{OUTPUT} .ttr-route-claimer").first
    widget.scroll_into_view_if_needed()
    target = "route-10"
    assert widget.locator(f"g#{target}.ttr-lit").count() == 0
    before = widget.inner_text()
    click_map(page, widget, target)
    widget.locator(f"g#{target}.ttr-lit").wait_for(timeout=CELL)
    assert widget.inner_text() != before  # the verdict speaks of the new route
    widget.screenshot(path=str(artifacts_dir / "lite-map-click.png"))


CLICK = 60_000
"""ms: the longest the kernel may take to answer one click on the play table (a hint, or a claim
and the bot's turn after it)."""


class LiteUI(PageUI):
    """:class:`test_play_browser.PageUI` with the browser kernel's time: each click has
    :data:`CLICK` ms for its answer, and the time it took is kept."""

    def __init__(self, page):
        super().__init__(page, OUTPUT)
        self.times: list[float] = []

    def _answered(self, act) -> None:
        seq = self.page.locator(self.prompt).get_attribute("data-seq")
        started = time.monotonic()
        act()
        self.clicks += 1
        self.page.wait_for_function(SEQ_CHANGED, arg=[self.prompt, seq], timeout=CLICK)
        self.times.append(time.monotonic() - started)


def test_a_whole_game_on_the_play_table(lite_page, site_url, expected, artifacts_dir):  # noqa: F811
    """The play table's seeded game (Ann against Ben, the greedy bot, seed 1: the one of
    ``test_play_browser.py``) played to the end by the hints' clicks; it must end as the same
    clicks end it from Python (the same hints, tunnels and station, the same final scores in
    the score table), with the person's routes, station and ticket cities on the map."""
    scores = expected[0]
    page = lite_page
    open_notebook(page, site_url, "notebooks/play.ipynb")
    run_all_cells(page)
    ui = LiteUI(page)
    page.wait_for_selector(f"{OUTPUT} .ttr-play-table .ttr-map-view svg")
    assert "Choose your opening tickets" in ui.prompt_text()
    ui.root.screenshot(path=str(artifacts_dir / "lite-play-start.png"))
    started = time.monotonic()
    seen = follow_hints(ui)
    played = time.monotonic() - started
    ui.root.screenshot(path=str(artifacts_dir / "lite-play-end.png"))
    assert_ended_as_in_python(ui, seen, expected)
    times = sorted(ui.times)
    print(
        f"play table: a whole game, {ui.clicks} clicks in {played:.0f} s (click to answer: "
        f"median {times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s); scores {scores}"
    )
