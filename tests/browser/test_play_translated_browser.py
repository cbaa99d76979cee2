"""The Korean (#18) and Chinese (#31) play tables (notebooks/ko/play.ipynb, notebooks/zh/play.ipynb)
as a learner meets them: opened in a real JupyterLab, on their kernel (ttr-ko, ttr-zh), and
clicked in headless Chromium; the tests' ids are ``[ko]`` and ``[zh]``.

The same clicks are made on a ``PlayTable`` from Python with the language in force (``TableUI``,
:mod:`play_helpers`), and the page must say what Python says, in the language: the prompt, the
button labels, the coach's refusals (S5: Keep with no ticket ticked; T3: a route clicked between
the two cards of a draw), its hint (which marks the controls to click) and the narration of the
bot's turn. One short game opening (about ten clicks), so that it stays cheap; the English
table's whole game by clicks is ``test_play_browser.py``.

In Voila serving the notebook alone (the app ``make play-ko`` or ``make play-zh`` serves, on the
kernel the notebook names): the translated prompt, and the S5 refusal with its lesson named, not
linked (no other notebook can open there).

Screenshots at 1,400 px go to ``test-artifacts/`` (``lab-ko-play-*.png``, ``lab-zh-play-*.png``).
"""

from __future__ import annotations

import shutil
import time

import pytest
from languages import LANGUAGES, SCRIPT, WORDS
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

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("lang", LANGUAGES)]

ROUTE = "Madrid-Pamplona"  # any route: clicked between the two cards of a draw, it is refused


def play(lang: str) -> str:
    """The translated play table's notebook, under ``notebooks/`` and under ``work/``."""
    return f"{lang}/play.ipynb"


@pytest.fixture(scope="module")
def translated_play(served, repo_root):
    """``served`` with each translation's play table beside its start page."""
    for lang in LANGUAGES:
        (served / "work" / lang).mkdir(exist_ok=True)
        shutil.copy(repo_root / "notebooks" / play(lang), served / "work" / play(lang))
    return served


def words(text: str) -> str:
    return " ".join(text.split())


def translated(lang: str, text: str) -> str:
    """``text`` with its white space folded, once it is seen to be in ``lang``."""
    assert SCRIPT[lang].search(text), f"not in {lang}: {text!r}"
    return words(text)


def same_words(lang: str, page_text: str, python_text: str) -> None:
    assert translated(lang, python_text) in words(page_text), (page_text, python_text)


def test_the_play_table_in_jupyterlab(page, translated_play, lab, artifacts_dir, lang):  # noqa: F811
    started = time.monotonic()
    run_all(page, lab, play(lang))
    assert WORDS["kernel"][lang] in page.locator(".jp-Toolbar-kernelName").first.inner_text()
    web = PageUI(page, OUTPUT)
    page.wait_for_selector(web.prompt, timeout=120_000)
    page.wait_for_selector(f"{TABLE} .ttr-map-view svg")
    coach = web.root.locator(".ttr-coach")
    with language(lang):
        table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1))
        python = TableUI(table)
        route = route_id(table.model.game.board.route(ROUTE))

        def click(press=None, hinted=False, on_map=None) -> None:
            """The same click on the page and in Python; then both show the same prompt."""
            if press is not None:
                label = press.description
                assert SCRIPT[lang].search(label), f"an English button: {label!r}"
                web.press(label)
                press.click()
            elif hinted:
                for index in range(python.hinted()):
                    web.click_hinted(index)
                    python.click_hinted(index)
            else:
                web.click_map(on_map)
                python.click_map(on_map)
            same_words(lang, web.prompt_text(), table.model.view().prompt)

        same_words(lang, web.prompt_text(), table.model.view().prompt)  # the opening tickets
        for button in (table.why_button, table.hint_button, table.take_back_button):
            name = translated(lang, button.description)
            assert web.root.get_by_role("button", name=name).count() == 1
        web.root.screenshot(path=str(artifacts_dir / f"lab-{lang}-play-start.png"))

        click(press=table.keep_button)  # no ticket ticked: refused (S5)
        refusal = coach.locator(".ttr-note-refusal")
        assert WORDS["(S5)"][lang] in refusal.inner_text()
        same_words(lang, refusal.inner_text(), table.model.view().notes[0].text)
        link = refusal.locator("a").first  # to the translated section (01_setup, beside play)
        assert link.get_attribute("href") == lesson("S5").href
        assert lesson("S5").href.startswith("01_setup.ipynb#")
        translated(lang, link.inner_text())

        click(press=table.hint_button)  # the hint marks two tickets and Keep
        assert web.hinted() == python.hinted() >= 3
        hint = coach.locator(".ttr-note-hint").inner_text()
        same_words(lang, hint, table.model.view().notes[0].text)
        click(hinted=True)  # keep them; Ben keeps his, and it is Ann's first turn
        assert web.phase() == "turn"

        click(press=table.deck_button)  # one card, blind
        click(on_map=route)  # a route before the second card: refused (T3)
        assert WORDS["(T3)"][lang] in coach.locator(".ttr-note-refusal").inner_text()
        same_words(lang, coach.inner_text(), table.model.view().notes[0].text)
        web.root.screenshot(path=str(artifacts_dir / f"lab-{lang}-play-refusal.png"))

        click(press=table.hint_button)  # the second card, as the hint marks it
        click(hinted=True)  # then Ben plays at once, and the narration says so in the language
        narration = web.root.locator(".ttr-narration").first.inner_text()
        for line in table.model.view().narration[-2:]:
            same_words(lang, narration, line)
        assert WORDS["Ben plays"][lang] in narration and SCRIPT[lang].search(narration)
        check_lab(page)
        web.root.screenshot(path=str(artifacts_dir / f"lab-{lang}-play-turn.png"))
    # logged: speed is not asserted
    print(f"lab-{lang}: {web.clicks} clicks in {time.monotonic() - started:.0f} s")


def test_the_play_table_in_voila(page, translated_play, artifacts_dir, lang):
    started = time.monotonic()
    with voila(translated_play, artifacts_dir, play(lang)) as url, language(lang):
        page.goto(url + "/")
        web = PageUI(page)
        page.wait_for_selector(web.prompt, timeout=120_000)
        table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1))
        same_words(lang, web.prompt_text(), table.model.view().prompt)
        web.press(translated(lang, table.keep_button.description))  # nothing ticked: S5
        table.keep_button.click()
        refusal = web.root.locator(".ttr-note-refusal")
        assert WORDS["(S5)"][lang] in refusal.inner_text() and refusal.locator("a").count() == 0
        same_words(lang, refusal.inner_text(), table.model.view().notes[0].text)
        translated(lang, refusal.locator(".ttr-learn").inner_text())  # the lesson, named
        check_voila(page)
        assert "PlayTable()" not in page.inner_text("body")  # Voila shows no code
        web.root.screenshot(path=str(artifacts_dir / f"voila-{lang}-play-refusal.png"))
    print(f"{time.monotonic() - started:.0f} s")  # logged: speed is not asserted
