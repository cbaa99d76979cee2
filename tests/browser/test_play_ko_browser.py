"""The Korean play table (notebooks/ko/play.ipynb, #18) as a Korean learner meets it: opened in a
real JupyterLab, on its kernel ttr-ko, and clicked in headless Chromium.

The same clicks are made on a ``PlayTable`` from Python with Korean in force (``TableUI``,
:mod:`play_helpers`), and the page must say what Python says, in Korean: the prompt, the button
labels, the coach's refusals (S5: Keep with no ticket ticked; T3: a route clicked between the two
cards of a draw), its hint (which marks the controls to click) and the narration of the bot's
turn. One short game opening (about ten clicks), so that it stays cheap; the English table's
whole game by clicks is ``test_play_browser.py``.

In Voila serving the notebook alone (on the kernel the notebook names): the Korean prompt, and
the S5 refusal with its lesson named, not linked (no other notebook can open there).

Screenshots at 1,400 px go to ``test-artifacts/`` (``lab-ko-play-*.png``).
"""

from __future__ import annotations

import re
import shutil
import time

import pytest
from play_helpers import TableUI
from test_lab import OUTPUT, lab, run_all  # noqa: F401 (lab is a fixture)
from test_lab import check_no_fallback as check_lab
from test_play_browser import TABLE, PageUI
from test_voila import check_no_fallback as check_voila
from test_voila import voila

from ttr.apps import PlayModel, PlayTable
from ttr.apps.coach import lesson
from ttr.i18n import language
from ttr.views.svg import route_id

pytestmark = pytest.mark.browser

PLAY_KO = "ko/play.ipynb"
HANGUL = re.compile(r"[\uac00-\ud7a3]")
ROUTE = "Madrid-Pamplona"  # any route: clicked between the two cards of a draw, it is refused


@pytest.fixture(scope="module")
def ko_play(served, repo_root):
    shutil.copy(repo_root / "notebooks" / PLAY_KO, served / "work" / PLAY_KO)
    return served


def words(text: str) -> str:
    return " ".join(text.split())


def korean(text: str) -> str:
    assert HANGUL.search(text), f"not Korean: {text!r}"
    return words(text)


def same_words(page_text: str, python_text: str) -> None:
    assert korean(python_text) in words(page_text), (page_text, python_text)


def test_the_korean_play_table_in_jupyterlab(page, ko_play, lab, artifacts_dir):  # noqa: F811
    started = time.monotonic()
    run_all(page, lab, PLAY_KO)
    assert "한국어" in page.locator(".jp-Toolbar-kernelName").first.inner_text()
    web = PageUI(page, OUTPUT)
    page.wait_for_selector(web.prompt, timeout=120_000)
    page.wait_for_selector(f"{TABLE} .ttr-map-view svg")
    coach = web.root.locator(".ttr-coach")
    with language("ko"):
        table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1))
        python = TableUI(table)
        route = route_id(table.model.game.board.route(ROUTE))

        def click(press=None, hinted=False, on_map=None) -> None:
            """The same click on the page and in Python; then both show the same prompt."""
            if press is not None:
                label = press.description
                assert HANGUL.search(label), f"an English button: {label!r}"
                web.press(label)
                press.click()
            elif hinted:
                for index in range(python.hinted()):
                    web.click_hinted(index)
                    python.click_hinted(index)
            else:
                web.click_map(on_map)
                python.click_map(on_map)
            same_words(web.prompt_text(), table.model.view().prompt)

        same_words(web.prompt_text(), table.model.view().prompt)  # choose the opening tickets
        for button in (table.why_button, table.hint_button, table.take_back_button):
            assert web.root.get_by_role("button", name=korean(button.description)).count() == 1
        web.root.screenshot(path=str(artifacts_dir / "lab-ko-play-start.png"))

        click(press=table.keep_button)  # no ticket ticked: refused (S5)
        refusal = coach.locator(".ttr-note-refusal")
        assert "(S5)" in refusal.inner_text()
        same_words(refusal.inner_text(), table.model.view().notes[0].text)
        link = refusal.locator("a").first  # to the Korean section (ko/01_setup, beside ko/play)
        assert link.get_attribute("href") == lesson("S5").href
        assert lesson("S5").href.startswith("01_setup.ipynb#") and korean(link.inner_text())

        click(press=table.hint_button)  # the hint marks two tickets and Keep
        assert web.hinted() == python.hinted() >= 3
        same_words(coach.locator(".ttr-note-hint").inner_text(), table.model.view().notes[0].text)
        click(hinted=True)  # keep them; Ben keeps his, and it is Ann's first turn
        assert web.phase() == "turn"

        click(press=table.deck_button)  # one card, blind
        click(on_map=route)  # a route before the second card: refused (T3)
        assert "(T3)" in coach.locator(".ttr-note-refusal").inner_text()
        same_words(coach.inner_text(), table.model.view().notes[0].text)
        web.root.screenshot(path=str(artifacts_dir / "lab-ko-play-refusal.png"))

        click(press=table.hint_button)  # the second card, as the hint marks it
        click(hinted=True)  # then Ben plays at once, and the narration says so in Korean
        narration = web.root.locator(".ttr-narration").first.inner_text()
        for line in table.model.view().narration[-2:]:
            same_words(narration, line)
        assert "Ben 님이" in narration
        check_lab(page)
        web.root.screenshot(path=str(artifacts_dir / "lab-ko-play-turn.png"))
    print(f"lab-ko: {web.clicks} clicks in {time.monotonic() - started:.0f} s")


def test_the_korean_play_table_in_voila(page, ko_play, artifacts_dir):
    started = time.monotonic()
    with voila(ko_play, artifacts_dir, PLAY_KO) as url, language("ko"):
        page.goto(url + "/")
        web = PageUI(page)
        page.wait_for_selector(web.prompt, timeout=120_000)
        table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1))
        same_words(web.prompt_text(), table.model.view().prompt)
        web.press(korean(table.keep_button.description))  # no ticket ticked: refused (S5)
        table.keep_button.click()
        refusal = web.root.locator(".ttr-note-refusal")
        assert "(S5)" in refusal.inner_text() and refusal.locator("a").count() == 0
        same_words(refusal.inner_text(), table.model.view().notes[0].text)
        korean(refusal.locator(".ttr-learn").inner_text())  # the lesson, named in Korean
        check_voila(page)
        assert "PlayTable()" not in page.inner_text("body")  # Voila shows no code
        web.root.screenshot(path=str(artifacts_dir / "voila-ko-play-refusal.png"))
    print(f"{time.monotonic() - started:.0f} s")  # logged: speed is not asserted
