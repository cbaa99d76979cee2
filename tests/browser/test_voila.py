"""The classroom app as ``make classroom`` serves it: Voila, no code, in headless Chromium.

Starts ``voila`` from the venv on 127.0.0.1 (no token) on a copy of
``notebooks/classroom_app.ipynb``, the notebook the Makefile's ``classroom`` target serves,
waits for the widgets, and checks one interaction: the ``GameStepper``'s Next button changes the
map image and the narration. Also: no code is shown, and every widget renders as a widget.
Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

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

STEPPER = ".ttr-game-stepper"
TUNNEL = ".ttr-tunnel-simulator"


def test_make_classroom_serves_this_notebook(repo_root):
    makefile = (repo_root / "Makefile").read_text()
    assert f"voila --no-browser notebooks/{NOTEBOOK}" in makefile


@pytest.mark.browser
def test_classroom_app_in_voila(page, classroom_dir, tmp_path, artifacts_dir):
    started = time.monotonic()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [
        str(BIN / "voila"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--token=",
        str(classroom_dir / NOTEBOOK),
    ]
    with serve(command, url, tmp_path, classroom_dir, artifacts_dir, "voila") as server:
        try:
            server.wait_ready("/voila/static/")  # any answer will do: "/" would start a kernel
            page.goto(url + "/")
            next_button = page.wait_for_selector(
                f"{STEPPER} button:has-text('Next')", timeout=45_000
            )
            page.wait_for_selector(f"{TUNNEL} button:has-text('Reveal')")
            page.wait_for_selector(f"{STEPPER} img[src]")
            assert page.locator("text=Error displaying widget").count() == 0
            body = page.inner_text("body")
            for fallback in FALLBACK_TEXTS:
                assert fallback not in body
            assert "play_game(" not in body  # Voila shows no code
            assert "Ticket to Ride in class" in body

            image, narration, src, said = stepper_parts(page, STEPPER)
            next_button.click()
            wait_for_step_one(page, STEPPER, src)
            assert image.get_attribute("src") != src and narration.inner_text() != said
            page.screenshot(path=str(artifacts_dir / "voila-classroom.png"), full_page=True)
        except Exception:
            page.screenshot(path=str(artifacts_dir / "voila-classroom-failure.png"), full_page=True)
            raise
    assert time.monotonic() - started < 60
