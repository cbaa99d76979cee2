"""Fixtures for the real-browser tests: served notebooks and a headless Chromium page.

* ``served``: a temporary folder (one per test module) holding ``work/`` with a copy of
  ``notebooks/classroom_app.ipynb`` (the repository's copy is never touched) and the widget
  gallery (``browser_support.write_gallery``), plus isolated Jupyter config, settings and
  workspace folders (the user's own settings are never read or written). Each test module
  starts its server(s) once, on this folder, and shares it between its tests.
* ``browser_support.serve`` starts a server from the venv, and stops it by its PID afterwards
  (its process group: the server and its kernels).
* ``page``: a Playwright page in Debian's ``/usr/bin/chromium`` (``executable_path``; never
  ``playwright install``). A failing test saves a full-page screenshot and the console log to
  ``test-artifacts/``.

The ``tests/conftest.py`` at the top skips these tests when Chromium is missing (outside CI).
"""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path

import pytest
from browser_support import (
    CHROMIUM_ARGS,
    HEIGHT,
    KOREAN_START,
    NO_NEWS,
    NO_WINDOWING,
    NOTEBOOK,
    write_gallery,
)

from ttr import load_board


@pytest.fixture(scope="module")
def served(tmp_path_factory, repo_root: Path) -> Path:
    """A folder with ``work/`` (the notebooks to serve) and isolated Jupyter folders."""
    base = tmp_path_factory.mktemp("served")
    work = base / "work"
    work.mkdir()
    shutil.copy(repo_root / "notebooks" / NOTEBOOK, work / NOTEBOOK)
    (work / "ko").mkdir()  # the Korean start page, which runs on its own kernel (ttr-ko)
    shutil.copy(repo_root / "notebooks" / KOREAN_START, work / KOREAN_START)
    write_gallery(work)
    settings = base / "lab-user-settings" / "@jupyterlab"
    for folder, name, text in (
        ("apputils-extension", "notification", NO_NEWS),
        ("notebook-extension", "tracker", NO_WINDOWING),
    ):
        (settings / folder).mkdir(parents=True)
        (settings / folder / f"{name}.jupyterlab-settings").write_text(text)
    for name in ("jupyter-config", "jupyter-data", "jupyter-runtime", "workspaces", "ipython"):
        (base / name).mkdir()
    return base


@pytest.fixture(scope="session")
def europe():
    return load_board("europe")


@pytest.fixture(scope="session")
def playwright():
    """The one Playwright of this process (a second one cannot start while it runs)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright, chromium_path: str):
    chromium = playwright.chromium.launch(
        executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True
    )
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def page(browser, request, artifacts_dir: Path):
    context = browser.new_context(viewport={"width": 1400, "height": HEIGHT})
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
