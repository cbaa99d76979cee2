"""Starting and stopping servers for the browser tests (used by ``conftest.py`` and the tests),
and the checks the JupyterLab and Voila tests share.

A :class:`Server` is started from the venv (the folder of ``sys.executable``) in its own process
group, polled until it answers, and stopped by its PID: SIGTERM (the server shuts its kernels
down), then SIGKILL to the group it started if anything is left.
"""

from __future__ import annotations

import contextlib
import os
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
NO_NEWS = '{"fetchNews": "false", "checkForUpdates": false}'
FALLBACK_TEXTS = ("VBox(children=", "GameStepper(step=", "TunnelSimulator(tunnel=")
"""Text a widget shows when it does not render as a widget (its plain-text repr)."""
STEP_ONE_SHOWN = """([sel, src]) => {
    const img = document.querySelector(sel + ' img');
    const text = document.querySelector(sel + ' .ttr-narration');
    return img && img.src !== src && text &&
           text.innerText.includes('Narration of step 1');
}"""
"""For ``page.wait_for_function``: the stepper ``sel`` shows a map other than ``src`` and the
narration of step 1."""


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


def stepper_parts(page, stepper: str):
    """The map image and the narration of the ``stepper`` selector, with what they show now:
    ``(image, narration, src, said)``."""
    image = page.locator(f"{stepper} img").first
    narration = page.locator(f"{stepper} .ttr-narration").first
    return image, narration, image.get_attribute("src"), narration.inner_text()


def wait_for_step_one(page, stepper: str, src: str) -> None:
    """Wait until the ``stepper`` shows step 1: a new map (not ``src``) and its narration."""
    page.wait_for_function(STEP_ONE_SHOWN, arg=[stepper, src])


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
