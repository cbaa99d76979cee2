"""The classroom app as ``make classroom`` serves it, and every teaching widget: Voila, no code,
in headless Chromium.

One ``voila`` (from the venv, on 127.0.0.1, no token) per notebook, on copies of the notebooks:

* the classroom app (the notebook the Makefile's ``classroom`` target serves): no code is shown,
  every widget renders as a widget, and the ``GameStepper``'s Next and Last buttons change the
  narration and the map;
* the widget gallery at widths of 1,024, 1,400 and 1,920 px: every element of every widget fits
  its box and no text is cut, before and after every control is used; a click on a route or a
  city on each map picks it in its widget.

Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import contextlib
import time

import pytest
from browser_support import (
    BIN,
    FALLBACK_TEXTS,
    GALLERY,
    HEIGHT,
    NOTEBOOK,
    WIDGETS,
    check_every_width,
    exercise_widgets,
    free_port,
    serve,
)


@contextlib.contextmanager
def voila(served, artifacts_dir, notebook: str):
    """The URL of a Voila serving ``notebook`` (a file in ``served / "work"``) at ``/``."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [
        str(BIN / "voila"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--token=",
        str(served / "work" / notebook),
    ]
    name = "voila-" + notebook.removesuffix(".ipynb").replace("/", "-")  # ko/play: voila-ko-play
    with serve(command, url, served, served / "work", artifacts_dir, name) as server:
        server.wait_ready("/voila/static/")  # any answer will do: "/" would start a kernel
        yield url


def check_no_fallback(page) -> None:
    assert page.locator("text=Error displaying widget").count() == 0
    body = page.inner_text("body")
    for fallback in FALLBACK_TEXTS:
        assert fallback not in body


def test_make_classroom_serves_this_notebook(repo_root):
    makefile = (repo_root / "Makefile").read_text()
    assert f"voila --no-browser $(PORT_FLAG) notebooks/{NOTEBOOK}" in makefile


@pytest.mark.browser
def test_classroom_app_in_voila(page, served, artifacts_dir):
    started = time.monotonic()
    with voila(served, artifacts_dir, NOTEBOOK) as url:
        page.goto(url + "/")
        stepper = ".ttr-game-stepper"
        next_button = page.wait_for_selector(f"{stepper} button:has-text('Next')", timeout=60_000)
        page.wait_for_selector(".ttr-tunnel-simulator button:has-text('Reveal')")
        page.wait_for_selector(f"{stepper} .ttr-map-view svg")
        check_no_fallback(page)
        body = page.inner_text("body")
        assert "play_game(" not in body  # Voila shows no code
        assert "Ticket to Ride in class" in body

        narration = page.locator(f"{stepper} .ttr-narration").first
        said = narration.inner_text()
        next_button.click()
        page.wait_for_function(
            "([el, t]) => el.innerText !== t", arg=[narration.element_handle(), said]
        )
        assert "Narration of step 1" in narration.inner_text()
        page.click(f"{stepper} button:has-text('Last')")
        page.wait_for_selector(f"{stepper} g.ttr-route.ttr-owned")
        page.screenshot(path=str(artifacts_dir / "voila-classroom.png"), full_page=True)
    print(f"{time.monotonic() - started:.0f} s")  # logged: speed is not asserted


@pytest.mark.browser
def test_every_widget_fits_and_answers_in_voila(page, served, europe, artifacts_dir):
    started = time.monotonic()
    with voila(served, artifacts_dir, GALLERY) as url:
        page.goto(url + "/")
        page.wait_for_selector(".ttr-longest-route .ttr-map-view svg", timeout=120_000)
        check_no_fallback(page)

        def widgets_of():
            return {name: page.locator(f".ttr-{name}").first for name in WIDGETS}

        problems = check_every_width(page, widgets_of, artifacts_dir, "voila-before")
        page.set_viewport_size({"width": 1024, "height": HEIGHT})
        problems += exercise_widgets(page, widgets_of, europe)
        problems += check_every_width(page, widgets_of, artifacts_dir, "voila-after")
        check_no_fallback(page)
    assert not problems, "\n".join(problems)
    print(f"{time.monotonic() - started:.0f} s")  # logged: speed is not asserted
