"""Starting and stopping servers for the browser tests (used by ``conftest.py`` and the tests),
and the checks the JupyterLab and Voila tests share.

A :class:`Server` is started from the venv (the folder of ``sys.executable``) in its own process
group, polled until it answers, and stopped by its PID: SIGTERM (the server shuts its kernels
down), then SIGKILL to the group it started if anything is left.

The widget checks (:func:`fit_problems`, :func:`exercise_widgets`) run on the gallery notebook
(:data:`GALLERY_CELLS`, written by :func:`write_gallery`): the six teaching widgets in their
widest states (a 5-player Europe game at its last step in teacher view...). At each content
width every element of every widget must fit its box and no text may be cut; then every control
of every widget is used, and the checks run again after each use.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

BIN = Path(sys.executable).parent
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]
NOTEBOOK = "classroom_app.ipynb"
KOREAN_START = "ko/00_start_here.ipynb"
"""The Korean start page (notebooks/ko/), served at the same path under ``work/``."""
GALLERY = "widget_gallery.ipynb"
NO_NEWS = '{"fetchNews": "false", "checkForUpdates": false}'
NO_WINDOWING = '{"windowingMode": "none"}'
"""JupyterLab notebook setting: lay out every cell (not only those in view), so that the
checks measure the widgets as they are."""
FALLBACK_TEXTS = (
    "VBox(children=",
    "GameStepper(step=",
    "TunnelSimulator(tunnel=",
    "MapWidget(",
)
"""Text a widget shows when it does not render as a widget (its plain-text repr)."""
WIDTHS = (1024, 1400, 1920)
"""The content widths every widget must fit (JupyterLab with its file browser open)."""
HEIGHT = 2200
"""A tall page, so that a screenshot holds a whole widget."""
WIDGETS = (
    "game-stepper",
    "card-draw",
    "route-claimer",
    "tunnel-simulator",
    "station-planner",
    "longest-route",
)
"""The CSS class (``ttr-<name>``) of each teaching widget."""
GALLERY_CELLS = (
    "from ttr.views.widgets import (CardDrawExplorer, GameStepper, LongestRouteExplorer,\n"
    "                         RouteClaimer, StationPlanner, TunnelSimulator)\n"
    "from ttr.views.widgets.common import bot_game\n\n"
    "europe5 = bot_game('europe', 5, 1)  # five players: the widest tables",
    "stepper = GameStepper(europe5, teacher=True)\nstepper.last_button.click()\nstepper",
    "CardDrawExplorer()",
    "RouteClaimer(players=5)",
    "TunnelSimulator(seed=1)",
    "StationPlanner()",
    "LongestRouteExplorer(europe5, player=0)",
)
"""The gallery notebook's cells: each teaching widget in its widest state."""

FIT_PROBLEMS = """(root) => {
    const problems = [];
    const name = (el) => el.tagName.toLowerCase() + '.' +
        String(el.className).trim().split(/\\s+/).slice(-2).join('.') + ' "' +
        (el.innerText || el.value || '').trim().slice(0, 40) + '"';
    const outer = root.getBoundingClientRect();
    const canvas = document.createElement('canvas').getContext('2d');
    for (const el of [root, ...root.querySelectorAll('*')]) {
        if (!(el instanceof HTMLElement) || el.clientWidth === 0) continue;
        // ipywidgets' slider draws its handle over the ends of the track on purpose
        if (el.closest('.slider-container')) continue;
        const style = getComputedStyle(el);
        if (el.scrollWidth > el.clientWidth + 1) {
            const cut = style.textOverflow === 'ellipsis' ? 'text cut with an ellipsis'
                                                          : 'content wider than its box';
            problems.push(`${name(el)}: ${cut} (${el.scrollWidth} > ${el.clientWidth} px)`);
        }
        const box = el.getBoundingClientRect();
        if (box.width && (box.right > outer.right + 1 || box.left < outer.left - 1)) {
            problems.push(`${name(el)}: outside the widget`);
        }
        if (el.tagName === 'SELECT' && el.selectedIndex >= 0) {
            canvas.font = `${style.fontSize} ${style.fontFamily}`;
            const text = el.options[el.selectedIndex].text;
            const room = el.clientWidth - parseFloat(style.paddingLeft) - 18;
            if (canvas.measureText(text).width > room) {
                problems.push(`${name(el)}: the chosen option "${text}" does not fit`);
            }
        }
    }
    const area = root.closest('.jp-OutputArea-output, .jp-OutputArea-child, body');
    if (area && area.scrollWidth > area.clientWidth + 1) {
        const widths = `${area.scrollWidth} > ${area.clientWidth}`;
        problems.push(`the output area scrolls sideways (${widths})`);
    }
    return problems;
}"""
"""For ``locator.evaluate``: what does not fit in the widget ``root`` (empty when all fits)."""

SPOT = """([root, id]) => {
    // The middle of a route's middle train space, or of a city's dot, in page pixels.
    const el = root.querySelector('#' + id);
    const svg = el.ownerSVGElement;
    let x, y;
    if (id.startsWith('city-')) {
        const dot = el.querySelector('.ttr-dot');
        x = dot.cx.baseVal.value; y = dot.cy.baseVal.value;
    } else {
        const spaces = el.querySelector('.ttr-sp').getAttribute('d').split('Z').filter(Boolean);
        const corners = spaces[Math.floor(spaces.length / 2)].match(/-?[0-9.]+/g).map(Number);
        x = (corners[0] + corners[2] + corners[4] + corners[6]) / 4;
        y = (corners[1] + corners[3] + corners[5] + corners[7]) / 4;
    }
    const point = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
    return [point.x, point.y];
}"""
"""For ``page.evaluate``: where to click to hit a route or a city of the map in ``root``."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A server process started by a test: its URL, PID and log file."""

    def __init__(self, command: list[str], url: str, log: Path, env: dict[str, str], cwd: Path):
        self.url = url
        self.log = log
        self._log_file = open(log, "w")  # noqa: SIM115 (closed in stop())
        self.process = subprocess.Popen(
            command,
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=cwd,
            start_new_session=True,  # its own process group: the server and its kernels
        )

    def wait_ready(self, path: str, timeout: float = 30) -> float:
        """Poll ``path`` until the server answers (any HTTP status); returns the seconds."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited early:\n{self.log_text()}")
            try:
                urllib.request.urlopen(self.url + path, timeout=2).read()
                return time.monotonic() - start
            except urllib.error.HTTPError:  # an error page is an answer too
                return time.monotonic() - start
            except OSError:
                time.sleep(0.3)
        raise TimeoutError(f"no answer from {self.url}{path} in {timeout} s:\n{self.log_text()}")

    def log_text(self) -> str:
        self._log_file.flush()
        return self.log.read_text(errors="replace")[-6000:]

    def stop(self) -> None:
        """SIGTERM the server (it shuts its kernels down), then SIGKILL its group if needed."""
        pid = self.process.pid
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)  # anything left in the group this test started
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)
        self._log_file.close()


def write_gallery(folder: Path) -> Path:
    """Write the gallery notebook (:data:`GALLERY_CELLS`, not run) into ``folder``."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {  # without it JupyterLab asks for a kernel first
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in GALLERY_CELLS]
    path = folder / GALLERY
    nbformat.write(notebook, path)
    return path


def fit_problems(page, root) -> list[str]:
    """What does not fit in the widget ``root`` (a locator) at the page's width."""
    return [f"{page.viewport_size['width']} px: {p}" for p in root.evaluate(FIT_PROBLEMS)]


def click_map(page, root, element_id: str) -> None:
    """Click the route or city ``element_id`` of the map in ``root``, as a user would."""
    root.locator(f"#{element_id}").scroll_into_view_if_needed()
    x, y = page.evaluate(SPOT, [root.element_handle(), element_id])
    page.mouse.click(x, y)


def wait_for_change(page, root, act, timeout: float = 15_000) -> None:
    """Do ``act()`` and wait until the text of the widget ``root`` changes (the kernel has
    answered)."""
    before = root.inner_text()
    act()
    handle = root.element_handle()
    page.wait_for_function(
        "([el, text]) => el.innerText !== text", arg=[handle, before], timeout=timeout
    )
    page.wait_for_timeout(150)  # let the layout settle


def check_every_width(page, widgets_of, artifacts: Path, prefix: str) -> list[str]:
    """Fit checks of every widget at every width of :data:`WIDTHS`, with a screenshot of each
    widget; ``widgets_of()`` gives ``{name: locator}``."""
    problems = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": HEIGHT})
        page.wait_for_timeout(400)
        for name, root in widgets_of().items():
            root.scroll_into_view_if_needed()
            problems += [f"{name}: {p}" for p in fit_problems(page, root)]
            root.screenshot(path=str(artifacts / f"{prefix}-{name}-{width}.png"))
    return problems


def selected_text(root, index: int) -> str:
    """The text of the chosen option of the ``index``-th dropdown in ``root``."""
    return root.locator("select").nth(index).evaluate("s => s.options[s.selectedIndex].text")


def exercise_widgets(page, widgets_of, board) -> list[str]:
    """Use every control of every widget (and a click on its map), checking after each use
    that everything still fits; returns the problems found. ``board`` is the Europe board (to
    name the routes the map clicks pick)."""
    problems: list[str] = []
    roots = widgets_of()

    def use(name: str, what: str, act, changes: bool = True) -> None:
        root = roots[name]
        if changes:
            wait_for_change(page, root, act)
        else:
            act()
            page.wait_for_timeout(300)
        problems.extend(f"{name} after {what}: {p}" for p in fit_problems(page, root))

    def press(name: str, text: str, changes: bool = True) -> None:
        root = roots[name]
        use(name, text, lambda: root.get_by_role("button", name=text, exact=True).click(), changes)

    def tick(name: str) -> None:
        use(name, "the checkbox", lambda: roots[name].locator("input[type=checkbox]").click())

    # GameStepper (at the last step, teacher view on)
    for text in ("« First", "Next ›", "‹ Back", "Last »"):
        press("game-stepper", text)
    tick("game-stepper")
    tick("game-stepper")
    press("game-stepper", "▶ Play")  # from the end, autoplay starts again at the deal
    press("game-stepper", "❚❚ Pause")
    stepper = roots["game-stepper"]
    use("game-stepper", "a map click", lambda: click_map(page, stepper, "route-12"))
    picked = stepper.locator(".ttr-panel", has_text="On the map:").inner_text()
    title = board.display(board.routes[12].a)
    if title not in picked:
        problems.append(f"game-stepper: a click on route-12 did not pick it ({picked!r})")

    # CardDrawExplorer
    draw = roots["card-draw"]
    for slot in (1, 2):
        use(
            "card-draw",
            f"slot {slot}",
            lambda slot=slot: draw.get_by_role("button", name=re.compile(f"^{slot}: ")).click(),
        )
    for text in ("Draw blind", "Undo"):
        press("card-draw", text)
    tick("card-draw")
    use("card-draw", "a map click", lambda: click_map(page, draw, "route-30"))
    if board.display(board.routes[30].a) not in draw.inner_text().split("On the map:")[-1]:
        problems.append("card-draw: a click on route-30 did not pick it")

    # RouteClaimer (5 players)
    claimer = roots["route-claimer"]
    for count in ("2", "4"):
        use(
            "route-claimer",
            f"{count} players",
            lambda count=count: claimer.get_by_role("button", name=count, exact=True).click(),
        )
    ferry = board.route("Amsterdam-London")
    use("route-claimer", "a map click", lambda: click_map(page, claimer, f"route-{ferry.id}"))
    if not selected_text(claimer, 1).startswith(board.ref(ferry)):
        problems.append(f"route-claimer: the map click chose {selected_text(claimer, 1)!r}")
    yellow = board.route("Bruxelles-Paris (yellow)")
    use("route-claimer", "a map click", lambda: click_map(page, claimer, f"route-{yellow.id}"))
    press("route-claimer", "Claim")

    # TunnelSimulator
    tunnel = roots["tunnel-simulator"]
    for _ in range(12):  # reveal until a reveal asks for more, then decline it
        press("tunnel-simulator", "Reveal 3 cards")
        if tunnel.get_by_role("button", name="Decline").is_enabled():
            break
    press("tunnel-simulator", "Decline")
    zurich = board.route("Paris-Zürich")
    use("tunnel-simulator", "a map click", lambda: click_map(page, tunnel, f"route-{zurich.id}"))
    if not selected_text(tunnel, 0).startswith(board.ref(zurich)):
        problems.append(f"tunnel-simulator: the map click chose {selected_text(tunnel, 0)!r}")
    press("tunnel-simulator", "Reveal 3 cards")

    # StationPlanner
    planner = roots["station-planner"]
    use("station-planner", "a map click", lambda: click_map(page, planner, "city-Berlin"))
    if selected_text(planner, 1) != "Berlin":
        problems.append(f"station-planner: the map click chose {selected_text(planner, 1)!r}")
    for text in ("Place station", "Remove", "Clear", "As built"):
        press("station-planner", text)

    # LongestRouteExplorer
    longest = roots["longest-route"]
    route = board.route("Berlin-Essen")
    use("longest-route", "a map click", lambda: click_map(page, longest, f"route-{route.id}"))
    if not selected_text(longest, 1).startswith(board.ref(route)):
        problems.append(f"longest-route: the map click chose {selected_text(longest, 1)!r}")
    press("longest-route", "Switch on/off")
    use(
        "longest-route",
        "another player's routes",
        lambda: longest.locator("select").nth(0).select_option(index=3),
    )
    press("longest-route", "Switch all off")
    return problems


def server_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "jupyter-runtime"),
        IPYTHONDIR=str(tmp_path / "ipython"),
        PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
        PYTHONUNBUFFERED="1",
    )
    return env


@contextlib.contextmanager
def serve(
    command: list[str], url: str, tmp_path: Path, cwd: Path, artifacts: Path, name: str
) -> Iterator[Server]:
    server = Server(command, url, tmp_path / f"{name}-server.log", server_env(tmp_path), cwd)
    try:
        yield server
    finally:
        server.stop()
        shutil.copy(server.log, artifacts / f"{name}-server.log")
