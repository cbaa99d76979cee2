"""The play table (#15) as a person uses it: clicks in headless Chromium, in JupyterLab and in
Voila serving the notebook alone (``make play`` serves the folder, where the lessons open:
``test_play_traps_browser.py``).

* A whole 2-player Europe game against the greedy bot, played to the end by clicks only, choosing
  each move from what the page offers (:func:`play_helpers.follow_hints`: the Hint, then the
  control it marks or the route or city it lights on the map; market cards, the deck, routes on
  the map, payments, ticket keeps, tunnels and one station). It first tries an illegal click
  (Keep with no ticket ticked) and checks the coach's words name the rule (S5) and its lesson
  (in JupyterLab a link to the section, with its notebook named; in Voila serving the app
  alone, the notebook and section, named). The final score table must be the one the same clicks
  give from Python, and the map must ring each of the person's ticket cities, joined or open, as
  the model says.

The score sheet's browser tests are in ``test_score_sheet_browser.py`` (a module of their own, so
that two workers can run them beside these).

Screenshots at 1,400 and 1,000 px go to ``test-artifacts/``.
"""

from __future__ import annotations

import shutil
import time

import pytest
from browser_support import click_map, fit_problems
from play_helpers import STATION_CITY, TableUI, follow_hints
from test_lab import OUTPUT, lab, run_all  # noqa: F401 (lab is a fixture)
from test_lab import check_no_fallback as check_lab
from test_voila import check_no_fallback as check_voila
from test_voila import voila

from ttr.apps import PlayModel, PlayTable
from ttr.views.svg import city_id

pytestmark = pytest.mark.browser

PLAY, SHEET = "play.ipynb", "score_sheet.ipynb"
TABLE = ".ttr-play-table"
PROMPT = f"{TABLE} .ttr-prompt"
WIDTHS = (1400, 1000)
SEQ_CHANGED = """([selector, seq]) => {
    const prompt = document.querySelector(selector);
    return prompt !== null && prompt.dataset.seq !== seq;
}"""


@pytest.fixture(scope="module")
def apps(served, repo_root):
    """The served folder with the two app notebooks (and the position file the score sheet's
    notebook reads, at the same place relative to it)."""
    for name in (PLAY, SHEET):
        shutil.copy(repo_root / "notebooks" / name, served / "work" / name)
    positions = served / "data" / "positions"
    positions.mkdir(parents=True, exist_ok=True)
    shutil.copy(repo_root / "data" / "positions" / "nb08_worked_example.json", positions)
    return served


@pytest.fixture(scope="module")
def expected():
    """What the same clicks give from Python: the final scores of the notebook's game."""
    ui = TableUI(PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1)))
    seen = follow_hints(ui)
    assert seen["tunnels"] and seen["stations"] == 1
    marks = {city_id(city): state for city, state in ui.table.model.view().ticket_marks.items()}
    assert "joined" in marks.values()
    return ui.scores(), seen, marks


class PageUI:
    """The play table on a page, clicked as a person does (see ``play_helpers.UI``); every
    click waits until the kernel's answer is on the page (the prompt's ``data-seq`` moves)."""

    def __init__(self, page, scope: str = ""):
        self.page = page
        self.prompt = f"{scope} {PROMPT}".strip()
        self.root = page.locator(f"{scope} {TABLE}".strip()).first
        self.clicks = 0

    def _answered(self, act) -> None:
        seq = self.page.locator(self.prompt).get_attribute("data-seq")
        act()
        self.clicks += 1
        self.page.wait_for_function(SEQ_CHANGED, arg=[self.prompt, seq], timeout=20_000)

    def prompt_text(self) -> str:
        return self.page.locator(self.prompt).inner_text()

    def phase(self) -> str:
        return self.page.locator(self.prompt).get_attribute("data-phase")

    def over(self) -> bool:
        return "The game is over" in self.prompt_text()

    def show_nothing_on_the_map(self) -> None:
        focus = self.root.locator(".widget-dropdown", has_text="on the map").locator("select")
        if focus.evaluate("s => s.options[s.selectedIndex].text") != "Nothing":
            self._answered(lambda: focus.select_option(label="Nothing"))

    def press(self, name: str) -> None:
        button = self.root.get_by_role("button", name=name, exact=True)
        self._answered(button.click)

    def hinted(self) -> int:
        return self.root.locator(".ttr-hinted").count()

    def click_hinted(self, index: int) -> None:
        marked = self.root.locator(".ttr-hinted").nth(index)
        boxes = marked.locator("input[type=checkbox]")
        self._answered((boxes if boxes.count() else marked).click)

    def lit(self) -> list[str]:
        return self.root.locator(".ttr-map-view g.ttr-lit").evaluate_all(
            "els => els.map(e => e.id)"
        )

    def click_map(self, element: str) -> None:
        self._answered(lambda: click_map(self.page, self.root, element))

    def _options(self):
        return self.root.locator("button[title='Pay with these cards']:visible")

    def options(self) -> int:
        return self._options().count()

    def click_option(self, index: int) -> None:
        self._answered(self._options().nth(index).click)

    def scores(self) -> dict[str, int]:
        rows = self.root.locator(".ttr-breakdown table tbody tr").evaluate_all(
            "rows => rows.map(r => [r.cells[0].innerText, r.cells[r.cells.length - 1].innerText])"
        )
        return {name.replace("★", "").strip(): int(total) for name, total in rows}


def screenshots(page, root, artifacts, name: str) -> None:
    """A screenshot of the app at each width of :data:`WIDTHS`; everything in it must fit its
    box, with no text cut (``browser_support.fit_problems``)."""
    problems = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 1600})
        page.wait_for_timeout(300)
        problems += fit_problems(page, root)
        root.screenshot(path=str(artifacts / f"{name}-{width}.png"))
    page.set_viewport_size({"width": WIDTHS[0], "height": 1600})
    assert not problems, f"{name}:\n" + "\n".join(problems)


def play_whole_game(page, ui: PageUI, expected, artifacts, prefix: str) -> None:
    page.wait_for_selector(ui.prompt, timeout=120_000)
    page.wait_for_selector(f"{TABLE} .ttr-map-view svg")
    assert "Choose your opening tickets" in ui.prompt_text()
    screenshots(page, ui.root, artifacts, f"{prefix}-play-start")

    ui.press("Keep 0")  # the illegal click: no ticket ticked (S5)
    refusal = ui.root.locator(".ttr-note-refusal")
    assert "(S5)" in refusal.inner_text() and "Not allowed" in refusal.inner_text()
    if prefix == "lab":  # the rule's section, linked, and its notebook named beside the link
        link = refusal.locator("a").first
        assert link.get_attribute("href").startswith("01_setup.ipynb#")
        assert "S5" in link.inner_text() and "01 · Setup, " in refusal.inner_text()
    else:  # Voila serves this notebook alone: the section is named, not linked
        assert refusal.locator("a").count() == 0
        assert "01 · Setup, “The opening tickets on the Europe board (S5)”" in refusal.inner_text()
    screenshots(page, ui.root, artifacts, f"{prefix}-play-refusal")

    assert_ended_as_in_python(ui, follow_hints(ui), expected)
    screenshots(page, ui.root, artifacts, f"{prefix}-play-end")


def assert_ended_as_in_python(ui: PageUI, seen: dict[str, int], expected) -> None:
    """The game the hints' clicks played (``seen``: their counts) ended as the same clicks
    end it from Python: the same hints, final scores, station and ticket cities on the map."""
    scores, seen_in_python, ticket_marks = expected
    assert seen == seen_in_python
    assert ui.over() and ui.scores() == scores
    assert ui.root.locator(f".ttr-map-view #city-{STATION_CITY}.ttr-s0").count() == 1
    assert ui.root.locator(".ttr-map-view g.ttr-route.ttr-owned").count() > 20
    marked = ui.root.locator(".ttr-map-view g[class*='ttr-ticket-']").evaluate_all(
        "els => els.map(e => [e.id, e.getAttribute('class').match(/ttr-ticket-(\\w+)/)[1]])"
    )
    assert dict(marked) == ticket_marks  # each of Ann's ticket cities: joined or open


def test_a_whole_game_by_clicks_in_jupyterlab(page, apps, lab, expected, artifacts_dir):  # noqa: F811
    started = time.monotonic()
    run_all(page, lab, PLAY)
    ui = PageUI(page, OUTPUT)
    play_whole_game(page, ui, expected, artifacts_dir, "lab")
    check_lab(page)
    print(f"lab: {ui.clicks} clicks in {time.monotonic() - started:.0f} s")


def test_a_whole_game_by_clicks_in_voila(page, apps, expected, artifacts_dir):
    started = time.monotonic()
    with voila(apps, artifacts_dir, PLAY) as url:
        page.goto(url + "/")
        ui = PageUI(page)
        play_whole_game(page, ui, expected, artifacts_dir, "voila")
        check_voila(page)
        assert "PlayTable()" not in page.inner_text("body")  # Voila shows no code
    print(f"voila: {ui.clicks} clicks in {time.monotonic() - started:.0f} s")
