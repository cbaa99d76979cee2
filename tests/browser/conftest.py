"""Fixtures for the real-browser tests: a server on 127.0.0.1 and a headless Chromium page.

* ``classroom_dir``: a temporary folder holding a copy of ``notebooks/classroom_app.ipynb`` (the
  repository's copy is never touched), plus isolated Jupyter config, settings and workspace
  folders (the user's own settings are never read or written).
* ``browser_support.serve`` (used by the tests) starts a server from the venv, waits until it
  answers, and stops it by its PID afterwards (its process group: the server and its kernels).
* ``page``: a Playwright page in Debian's ``/usr/bin/chromium`` (``executable_path``; never
  ``playwright install``). A failing test saves a full-page screenshot and the server log to
  ``test-artifacts/``.

The ``tests/conftest.py`` at the top skips these tests when Chromium is missing (outside CI).
"""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path

import pytest
from browser_support import CHROMIUM_ARGS, NO_NEWS, NOTEBOOK


@pytest.fixture
def classroom_dir(tmp_path: Path, repo_root: Path) -> Path:
    """A copy of the classroom notebook and isolated Jupyter folders."""
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(repo_root / "notebooks" / NOTEBOOK, work / NOTEBOOK)
    settings = tmp_path / "lab-user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(NO_NEWS)
    for name in ("jupyter-config", "jupyter-data", "jupyter-runtime", "workspaces", "ipython"):
        (tmp_path / name).mkdir()
    return work


@pytest.fixture
def browser(chromium_path: str):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser, request, artifacts_dir: Path):
    context = browser.new_context(viewport={"width": 1500, "height": 1200})
    page = context.new_page()
    page.set_default_timeout(40_000)
    messages: list[str] = []
    page.on(
        "console",
        lambda msg: messages.append(f"{msg.type}: {msg.text}") if msg.type in ("error",) else None,
    )
    page.on("pageerror", lambda err: messages.append(f"pageerror: {err}"))
    yield page
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        name = request.node.name
        with contextlib.suppress(Exception):
            page.screenshot(path=str(artifacts_dir / f"{name}-failure.png"), full_page=True)
        (artifacts_dir / f"{name}-console.log").write_text("\n".join(messages))
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
