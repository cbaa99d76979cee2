"""The Chinese play table (notebooks/zh/play.ipynb, #31) as a Chinese learner meets it: opened in a
real JupyterLab, on its kernel ttr-zh, and clicked in headless Chromium (as the Korean one is in
test_play_ko_browser.py).

The same clicks are made on a ``PlayTable`` from Python with Chinese in force (``TableUI``,
:mod:`play_helpers`), and the page must say what Python says, in Chinese: the prompt, the button
labels, the coach's refusals (S5: Keep with no ticket ticked; T3: a route clicked between the two
cards of a draw), its hint (which marks the controls to click) and the narration of the bot's
turn. One short game opening (about ten clicks), so that it stays cheap; the English table's
whole game by clicks is ``test_play_browser.py``.

In Voila (the app ``make play-zh`` serves, on the kernel the notebook names): the Chinese prompt,
and the S5 refusal with its lesson named, not linked (the app is served alone).

Screenshots at 1,400 px go to ``test-artifacts/`` (``lab-zh-play-*.png``).
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

PLAY_ZH = "zh/play.ipynb"
HAN = re.compile(r"[\u4e00-\u9fff]")
ROUTE = "Madrid-Pamplona"  # any route: clicked between the two cards of a draw, it is refused


@pytest.fixture(scope="module")
def zh_play(served, repo_root):
    (served / "work" / "zh").mkdir(exist_ok=True)
    shutil.copy(repo_root / "notebooks" / PLAY_ZH, served / "work" / PLAY_ZH)
    return served


def words(text: str) -> str:
    return " ".join(text.split())


def chinese(text: str) -> str:
    assert HAN.search(text), f"not Chinese: {text!r}"
    return words(text)


def same_words(page_text: str, python_text: str) -> None:
    assert chinese(python_text) in words(page_text), (page_text, python_text)


def test_the_chinese_play_table_in_jupyterlab(page, zh_play, lab, artifacts_dir):  # noqa: F811
    started = time.monotonic()
    run_all(page, lab, PLAY_ZH)
    assert "中文" in page.locator(".jp-Toolbar-kernelName").first.inner_text()
    web = PageUI(page, OUTPUT)
    page.wait_for_selector(web.prompt, timeout=120_000)
    page.wait_for_selector(f"{TABLE} .ttr-map-view svg")
    coach = web.root.locator(".ttr-coach")
    with language("zh"):
        table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1))
        python = TableUI(table)
        route = route_id(table.model.game.board.route(ROUTE))

        def click(press=None, hinted=False, on_map=None) -> None:
            """The same click on the page and in Python; then both show the same prompt."""
            if press is not None:
                label = press.description
                assert HAN.search(label), f"an English button: {label!r}"
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
            assert web.root.get_by_role("button", name=chinese(button.description)).count() == 1
        web.root.screenshot(path=str(artifacts_dir / "lab-zh-play-start.png"))

        click(press=table.keep_button)  # no ticket ticked: refused (S5)
        refusal = coach.locator(".ttr-note-refusal")
        assert "（S5）" in refusal.inner_text()
        same_words(refusal.inner_text(), table.model.view().notes[0].text)
        link = refusal.locator("a").first  # to the Chinese section (zh/01_setup, beside zh/play)
        assert link.get_attribute("href") == lesson("S5").href
        assert lesson("S5").href.startswith("01_setup.ipynb#") and chinese(link.inner_text())

        click(press=table.hint_button)  # the hint marks two tickets and Keep
        assert web.hinted() == python.hinted() >= 3
        same_words(coach.locator(".ttr-note-hint").inner_text(), table.model.view().notes[0].text)
        click(hinted=True)  # keep them; Ben keeps his, and it is Ann's first turn
        assert web.phase() == "turn"

        click(press=table.deck_button)  # one card, blind
        click(on_map=route)  # a route before the second card: refused (T3)
        assert "（T3）" in coach.locator(".ttr-note-refusal").inner_text()
        same_words(coach.inner_text(), table.model.view().notes[0].text)
        web.root.screenshot(path=str(artifacts_dir / "lab-zh-play-refusal.png"))

        click(press=table.hint_button)  # the second card, as the hint marks it
        click(hinted=True)  # then Ben plays at once, and the narration says so in Chinese
        narration = web.root.locator(".ttr-narration").first.inner_text()
        for line in table.model.view().narration[-2:]:
            same_words(narration, line)
        assert "Ben " in narration and HAN.search(narration)
        check_lab(page)
        web.root.screenshot(path=str(artifacts_dir / "lab-zh-play-turn.png"))
    print(f"lab-zh: {web.clicks} clicks in {time.monotonic() - started:.0f} s")
    assert time.monotonic() - started < 90


def test_the_chinese_play_table_in_voila(page, zh_play, artifacts_dir):
    started = time.monotonic()
    with voila(zh_play, artifacts_dir, PLAY_ZH) as url, language("zh"):
        page.goto(url + "/")
        web = PageUI(page)
        page.wait_for_selector(web.prompt, timeout=120_000)
        table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1))
        same_words(web.prompt_text(), table.model.view().prompt)
        web.press(chinese(table.keep_button.description))  # no ticket ticked: refused (S5)
        table.keep_button.click()
        refusal = web.root.locator(".ttr-note-refusal")
        assert "（S5）" in refusal.inner_text() and refusal.locator("a").count() == 0
        same_words(refusal.inner_text(), table.model.view().notes[0].text)
        chinese(refusal.locator(".ttr-learn").inner_text())  # the lesson, named in Chinese
        check_voila(page)
        assert "PlayTable()" not in page.inner_text("body")  # Voila shows no code
        web.root.screenshot(path=str(artifacts_dir / "voila-zh-play-refusal.png"))
    assert time.monotonic() - started < 60
