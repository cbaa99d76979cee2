"""The classroom notebook in a real JupyterLab, in headless Chromium.

Starts ``jupyter lab`` from the venv on 127.0.0.1 with no token, opens a copy of
``notebooks/classroom_app.ipynb``, waits for the kernel to be idle, runs all cells from the Run
menu, then clicks the ``GameStepper``'s Next button and the ``TunnelSimulator``'s Reveal
button. It checks that the widgets render as widgets (no "Error displaying widget", no text
fallback such as ``VBox(children=...``), that the map image changes and the narration updates,
and that the reveal shows its cards. Screenshots go to ``test-artifacts/`` (one on success for
review, one on failure).
"""

from __future__ import annotations

import os
import time

import pytest
from browser_support import (
    BIN,
    FALLBACK_TEXTS,
    NOTEBOOK,
    free_port,
    serve,
    stepper_parts,
    wait_for_step_one,
)

pytestmark = pytest.mark.browser

KERNEL_IDLE = """() => {
    const t = Array.from(document.querySelectorAll('.jp-StatusBar-TextItem, .jp-StatusBar-Widget'))
        .map(e => e.textContent).join(' ');
    return /\\|\\s*Idle/.test(t);
}"""
STEPPER = ".jp-OutputArea-output .ttr-game-stepper"
TUNNEL = ".jp-OutputArea-output .ttr-tunnel-simulator"


def check_no_fallback(page) -> None:
    assert page.locator("text=Error displaying widget").count() == 0
    for text in FALLBACK_TEXTS:
        assert page.locator(f".jp-OutputArea-output pre:has-text('{text}')").count() == 0, text


def test_classroom_notebook_in_jupyterlab(page, classroom_dir, tmp_path, artifacts_dir):
    started = time.monotonic()
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
        f"--ServerApp.root_dir={classroom_dir}",
        f"--LabApp.user_settings_dir={tmp_path / 'lab-user-settings'}",
        f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    with serve(command, url, tmp_path, classroom_dir, artifacts_dir, "lab") as server:
        try:
            server.wait_ready("/api/status")
            page.goto(f"{url}/lab/tree/{NOTEBOOK}?reset")
            page.wait_for_selector(".jp-Notebook .jp-Cell", state="visible")
            page.wait_for_function(KERNEL_IDLE, timeout=40_000)  # not the early 'idle' badge
            page.click(".lm-MenuBar-itemLabel:text-is('Run')")
            page.click("li.lm-Menu-item[data-command='runmenu:run-all']")

            next_button = page.wait_for_selector(f"{STEPPER} button:has-text('Next')")
            page.wait_for_selector(f"{TUNNEL} button:has-text('Reveal')")
            page.wait_for_selector(f"{STEPPER} img[src]")
            check_no_fallback(page)
            image, narration, src, said = stepper_parts(page, STEPPER)
            assert "Narration of step 0" in said

            next_button.click()
            wait_for_step_one(page, STEPPER, src)
            assert image.get_attribute("src") != src
            assert narration.inner_text() != said
            assert "keeps" in narration.inner_text()  # step 1: Ann keeps opening tickets

            page.click(f"{TUNNEL} button:has-text('Reveal')")
            revealed = page.wait_for_selector(f"{TUNNEL} .ttr-revealed:has-text('Revealed')")
            assert "Revealed (seed 1)" in revealed.inner_text()
            assert page.locator(f"{TUNNEL} .ttr-distribution").count() == 1
            check_no_fallback(page)
            page.screenshot(path=str(artifacts_dir / "lab-classroom.png"), full_page=True)
            for name, selector in (("stepper", STEPPER), ("tunnel", TUNNEL)):
                page.locator(selector).first.screenshot(path=str(artifacts_dir / f"lab-{name}.png"))
        except Exception:
            page.screenshot(path=str(artifacts_dir / "lab-classroom-failure.png"), full_page=True)
            raise
    assert time.monotonic() - started < 60
