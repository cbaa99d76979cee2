"""The score sheet (#15) as a person uses it: clicks in headless Chromium, in JupyterLab and in
Voila (the app ``make scoresheet`` serves). The USA guide's worked example is entered by clicks
(routes on the map, a double route's colour, tickets from the search): 80 points, the longest
trail lit on the map. Screenshots at 1,400 and 1,000 px go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from browser_support import click_map, wait_for_change
from play_helpers import WORKED_ROUTES, WORKED_TICKETS
from test_lab import OUTPUT, lab, run_all  # noqa: F401 (lab is a fixture)
from test_lab import check_no_fallback as check_lab
from test_play_browser import SHEET, apps, screenshots  # noqa: F401 (apps is a fixture)
from test_voila import check_no_fallback as check_voila
from test_voila import voila

from ttr import load_board

pytestmark = pytest.mark.browser


def enter_worked_example(page, root, artifacts, prefix: str) -> None:
    """Enter "You" of the worked example by clicks (routes on the map, a double's route named
    by the click, tickets from the search), check the sheet says 80, and export it in one
    click."""
    usa = load_board("usa")

    def answered(act) -> None:
        wait_for_change(page, root, act)

    page.wait_for_selector(".ttr-score-sheet .ttr-map-view svg", timeout=120_000)
    players = root.locator(".widget-text", has_text="players").locator("input")
    players.fill("You, Ben")
    answered(lambda: root.get_by_role("button", name="New sheet").click())
    for ref in WORKED_ROUTES:
        route = usa.route(ref)
        answered(lambda route=route: click_map(page, root, f"route-{route.id}"))
        said = root.locator(".ttr-panel").first.inner_text()
        assert "double route" not in said and "(C3)" in said  # the click said which route
    search = root.locator(".widget-text", has_text="ticket").locator("input")
    for ref in WORKED_TICKETS:
        answered(lambda ref=ref: search.fill(ref.replace("-", " ")))
        pick = root.get_by_role("button", name=re.compile(rf"^\+ {re.escape(ref)} \("))
        answered(pick.click)
    you = root.locator(".ttr-breakdown table tr", has_text="You")
    assert you.locator("td").last.inner_text() == "80"
    assert "62" in you.inner_text() and "(+10)" in you.inner_text()
    assert "✔ Seattle-Los Angeles +9" in root.inner_text()
    assert root.locator(".ttr-map-view g.ttr-route.ttr-owned").count() == 9
    assert root.locator(".ttr-map-view g.ttr-route.ttr-lit").count() == 7  # the longest trail
    screenshots(page, root, artifacts, f"{prefix}-score-sheet")
    with page.expect_download() as saved:
        root.get_by_role("button", name="Export the position").click()
    assert saved.value.suggested_filename == "position.json"
    position = json.loads(Path(saved.value.path()).read_text(encoding="utf-8"))
    assert position["players"][0]["name"] == "You" and len(position["players"][0]["routes"]) == 9


def test_the_worked_example_by_clicks_in_the_score_sheet_in_voila(
    page,
    apps,  # noqa: F811
    artifacts_dir,
):
    started = time.monotonic()
    with voila(apps, artifacts_dir, SHEET) as url:
        page.goto(url + "/")
        enter_worked_example(page, page.locator(".ttr-score-sheet").first, artifacts_dir, "voila")
        check_voila(page)
    print(f"{time.monotonic() - started:.0f} s")  # logged: speed is not asserted


def test_the_worked_example_by_clicks_in_the_score_sheet_in_jupyterlab(
    page,
    apps,  # noqa: F811
    lab,  # noqa: F811
    artifacts_dir,
):
    started = time.monotonic()
    run_all(page, lab, SHEET)
    root = page.locator(f"{OUTPUT} .ttr-score-sheet").first
    enter_worked_example(page, root, artifacts_dir, "lab")
    check_lab(page)
    print(f"{time.monotonic() - started:.0f} s")  # logged: speed is not asserted
