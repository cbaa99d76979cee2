"""The classroom notebook and every teaching widget in a real JupyterLab, in headless Chromium.

One ``jupyter lab`` (from the venv, on 127.0.0.1, no token) serves both notebooks for this
module. Each test opens its notebook, waits for the kernel to be idle and runs all cells from
the Run menu.

* The classroom notebook: the widgets render as widgets (no "Error displaying widget", no text
  fallback such as ``VBox(children=...``); the ``GameStepper``'s Next button changes the
  narration, its Last button shows the claimed routes on the map, and the
  ``TunnelSimulator``'s Reveal button shows the revealed cards.
* The Korean start page (notebooks/ko/00_start_here.ipynb): it runs on its kernel, ttr-ko, so
  the engine's refusals come out in Korean, and its widget renders.
* The widget gallery, with the file browser open, at content widths of 1,024, 1,400 and 1,920
  px: no element of any widget is wider than its box and no text is cut, before and after
  every control of every widget is used (the checks run after each use at 1,024 px, and at
  every width at the end); a click on a route or a city on each map picks it in its widget.

Screenshots of every widget at every width go to ``test-artifacts/``.
"""

from __future__ import annotations

import os
import time

import pytest
from browser_support import (
    BIN,
    FALLBACK_TEXTS,
    GALLERY,
    HEIGHT,
    KOREAN_START,
    NOTEBOOK,
    WIDGETS,
    check_every_width,
    exercise_widgets,
    free_port,
    serve,
)

pytestmark = pytest.mark.browser

KERNEL_IDLE = """() => {
    const t = Array.from(document.querySelectorAll('.jp-StatusBar-TextItem, .jp-StatusBar-Widget'))
        .map(e => e.textContent).join(' ');
    return /\\|\\s*Idle/.test(t);
}"""
OUTPUT = ".jp-OutputArea-output"


@pytest.fixture(scope="module")
def lab(served, artifacts_dir):
    """The URL of a JupyterLab serving ``served / "work"``."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [
        str(BIN / "jupyter"),
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={served / 'work'}",
        f"--LabApp.user_settings_dir={served / 'lab-user-settings'}",
        f"--LabApp.workspaces_dir={served / 'workspaces'}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    with serve(command, url, served, served / "work", artifacts_dir, "lab") as server:
        server.wait_ready("/api/status")
        yield url


def run_all(page, url: str, notebook: str) -> None:
    page.goto(f"{url}/lab/tree/{notebook}?reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", state="visible")
    page.wait_for_function(KERNEL_IDLE, timeout=40_000)  # not the early 'idle' badge
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click("li.lm-Menu-item[data-command='runmenu:run-all']")


def check_no_fallback(page) -> None:
    assert page.locator("text=Error displaying widget").count() == 0
    for text in FALLBACK_TEXTS:
        assert page.locator(f"{OUTPUT} pre:has-text('{text}')").count() == 0, text


def test_classroom_notebook_in_jupyterlab(page, lab, artifacts_dir):
    started = time.monotonic()
    stepper, tunnel = f"{OUTPUT} .ttr-game-stepper", f"{OUTPUT} .ttr-tunnel-simulator"
    run_all(page, lab, NOTEBOOK)
    next_button = page.wait_for_selector(f"{stepper} button:has-text('Next')")
    page.wait_for_selector(f"{tunnel} button:has-text('Reveal')")
    page.wait_for_selector(f"{stepper} .ttr-map-view svg")
    check_no_fallback(page)
    narration = page.locator(f"{stepper} .ttr-narration").first
    assert "Narration of step 0" in narration.inner_text()
    assert page.locator(f"{stepper} g.ttr-route.ttr-owned").count() == 0  # none at the deal

    next_button.click()  # the narration is drawn again: wait for the new one
    page.wait_for_selector(f"{stepper} .ttr-narration:has-text('Narration of step 1')")
    assert "keeps" in narration.inner_text()  # step 1: Ann keeps opening tickets
    page.click(f"{stepper} button:has-text('Last')")
    page.wait_for_selector(f"{stepper} g.ttr-route.ttr-owned")  # the claimed routes show
    assert page.locator(f"{stepper} g.ttr-route.ttr-owned").count() > 40

    page.click(f"{tunnel} button:has-text('Reveal')")
    revealed = page.wait_for_selector(f"{tunnel} .ttr-revealed:has-text('Revealed')")
    assert "Revealed (seed 1)" in revealed.inner_text()
    assert page.locator(f"{tunnel} .ttr-distribution").count() == 1
    check_no_fallback(page)
    for name, selector in (("stepper", stepper), ("tunnel", tunnel)):
        page.locator(selector).first.screenshot(path=str(artifacts_dir / f"lab-{name}.png"))
    print(f"{time.monotonic() - started:.0f} s")  # logged: speed is not asserted


def test_korean_start_page_in_jupyterlab(page, lab, artifacts_dir):
    """The Korean start page opens on its kernel, ttr-ko, and the engine answers in Korean."""
    run_all(page, lab, KOREAN_START)
    assert "한국어" in page.locator(".jp-Toolbar-kernelName").first.inner_text()
    title = page.locator(".jp-MarkdownCell h1").first.inner_text()
    assert title.startswith("00 · 여기서 시작하세요"), title
    refusal = page.wait_for_selector(f"{OUTPUT}:has-text('T3: Ann 님은')")  # T3, in Korean
    page.wait_for_selector(f"{OUTPUT} .ttr-game-stepper")  # the last widget: all cells ran
    check_no_fallback(page)
    refusal.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "lab-ko-start.png"))


def test_every_widget_fits_and_answers_in_jupyterlab(page, lab, europe, artifacts_dir):
    started = time.monotonic()
    run_all(page, lab, GALLERY)
    page.wait_for_selector(f"{OUTPUT} .ttr-longest-route .ttr-map-view svg", timeout=120_000)
    check_no_fallback(page)

    def widgets_of():
        return {name: page.locator(f"{OUTPUT} .ttr-{name}").first for name in WIDGETS}

    browser_panel = page.locator("#filebrowser")
    problems = check_every_width(page, widgets_of, artifacts_dir, "lab-before")
    assert browser_panel.is_visible() and browser_panel.bounding_box()["width"] > 150
    page.set_viewport_size({"width": 1024, "height": HEIGHT})
    problems += exercise_widgets(page, widgets_of, europe)
    problems += check_every_width(page, widgets_of, artifacts_dir, "lab-after")
    assert browser_panel.is_visible()  # the file browser stayed open at every width
    check_no_fallback(page)
    assert not problems, "\n".join(problems)
    print(f"{time.monotonic() - started:.0f} s")  # logged: speed is not asserted
