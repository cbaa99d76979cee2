"""The Chinese notebooks (notebooks/zh/, 中文版) keep in step with the English ones they translate.

As for the Korean edition (tests/test_notebooks_ko.py): for every ``notebooks/zh/X.ipynb`` and its
original ``notebooks/X.ipynb``, the same code cells word for word (``make sync-translations``
copies them); as many text cells, in the same order, each written in Chinese (Han characters,
no English sentence, no Hangul) and citing the same rule ids as its English counterpart; links to
the Chinese edition wherever it exists; the ``ttr-zh`` kernel, so that the engine speaks Chinese;
committed with their outputs; the coach's lesson headings are the Chinese notebooks' headings.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from test_notebooks_ko import CODE_AND_MARKUP, ENGLISH_RUN, LINK, RULE_ID, headings

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CHINESE = NOTEBOOKS / "zh"
KERNEL = "ttr-zh"
TRANSLATED = sorted(path.name for path in CHINESE.glob("*.ipynb"))
RULE_NOTEBOOKS = [
    f"{name}.ipynb"
    for name in (
        "00_start_here",
        "01_setup",
        "02_drawing_cards",
        "03_claiming_routes",
        "04_tunnels_and_ferries",
        "05_stations",
        "06_destination_tickets",
        "07_longest_route",
        "08_end_of_game_and_scoring",
        "09_a_whole_game",
        "play",
        "score_sheet",
    )
]
HAN = re.compile("[\u4e00-\u9fff]")
HANGUL = re.compile("[\uac00-\ud7a3]")


def _city_names() -> re.Pattern[str]:
    """The cities of both boards, as the text writes them (they stay in Latin letters)."""
    from ttr import load_board

    names = set()
    for board in (load_board("usa"), load_board("europe")):
        names |= {*board.cities, *(city.display_name for city in board.cities.values())}
    spelled = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z])(?:{spelled})(?![A-Za-z])")


CITIES = _city_names()


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def of_type(path: Path, kind: str) -> list[str]:
    return ["".join(cell["source"]) for cell in cells(path) if cell["cell_type"] == kind]


def rule_ids_cited(text: str) -> list[str]:
    return sorted(set(RULE_ID.findall(text)))


def test_the_chinese_kernel_is_installed():
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec(KERNEL)
    except NoSuchKernel:
        pytest.fail(f"no {KERNEL} kernel: run `make venv` (it installs it into .venv)")
    assert spec.env.get("TTR_LANG") == "zh"
    assert spec.argv[0] in {sys.executable, "python"}, spec.argv


def test_the_rule_notebooks_and_the_apps_are_translated():
    assert sorted(RULE_NOTEBOOKS) == TRANSLATED


@pytest.mark.parametrize("name", TRANSLATED)
def test_code_cells_are_the_english_ones(name):
    chinese, english = of_type(CHINESE / name, "code"), of_type(NOTEBOOKS / name, "code")
    assert chinese == english, f"zh/{name}: run `make sync-translations`"


@pytest.mark.parametrize("name", TRANSLATED)
def test_cells_come_in_the_english_order(name):
    kinds = [cell["cell_type"] for cell in cells(CHINESE / name)]
    assert kinds == [cell["cell_type"] for cell in cells(NOTEBOOKS / name)]


@pytest.mark.parametrize("name", TRANSLATED)
def test_every_text_cell_is_chinese(name):
    for number, text in enumerate(of_type(CHINESE / name, "markdown"), start=1):
        words = CODE_AND_MARKUP.sub(" ", text)
        assert HAN.search(words), f"zh/{name}: text cell {number} has no Chinese:\n{text}"
        assert not HANGUL.search(words.replace("한국어판", "")), f"zh/{name}: text cell {number}"
        english = ENGLISH_RUN.search(CITIES.sub("城", words.replace("Run → Run All Cells", "")))
        assert not english, f"zh/{name}: text cell {number} is still English: {english[0]!r}"


@pytest.mark.parametrize("name", TRANSLATED)
def test_text_cells_cite_the_english_rule_ids(name):
    chinese, english = of_type(CHINESE / name, "markdown"), of_type(NOTEBOOKS / name, "markdown")
    for number, (zh, en) in enumerate(zip(chinese, english, strict=True), start=1):
        assert rule_ids_cited(zh) == rule_ids_cited(en), f"zh/{name}: text cell {number}"


@pytest.mark.parametrize("name", TRANSLATED)
def test_links_lead_to_the_chinese_edition_where_it_exists(name):
    for text in of_type(CHINESE / name, "markdown"):
        for link in LINK.findall(text):
            target = (CHINESE / link).resolve()
            assert target.is_file(), f"zh/{name} links to a missing notebook: {link}"
            if target.name == name:
                continue  # the same page in another language (the start page links them)
            if target.parent != CHINESE and (CHINESE / target.name).is_file():
                pytest.fail(f"zh/{name} links to {link}: zh/{target.name} exists")


@pytest.mark.parametrize("name", TRANSLATED)
def test_chinese_notebooks_use_the_chinese_kernel(name):
    metadata = json.loads((CHINESE / name).read_text(encoding="utf-8"))["metadata"]
    assert metadata["kernelspec"]["name"] == KERNEL


@pytest.mark.parametrize("name", TRANSLATED)
def test_chinese_notebooks_are_committed_with_their_outputs(name):
    code = [cell for cell in cells(CHINESE / name) if cell["cell_type"] == "code"]
    unexecuted = [c for c in code if "".join(c["source"]).strip() and c["execution_count"] is None]
    assert not unexecuted, f"zh/{name}: {len(unexecuted)} code cells were not run"


def test_the_three_start_pages_link_each_other_at_their_top():
    english = LINK.findall(of_type(NOTEBOOKS / "00_start_here.ipynb", "markdown")[0])
    korean = LINK.findall(of_type(NOTEBOOKS / "ko" / "00_start_here.ipynb", "markdown")[0])
    chinese = LINK.findall(of_type(CHINESE / "00_start_here.ipynb", "markdown")[0])
    assert "zh/00_start_here.ipynb" in english and "../zh/00_start_here.ipynb" in korean
    assert {"../00_start_here.ipynb", "../ko/00_start_here.ipynb"} <= set(chinese)


@pytest.mark.parametrize(
    ("target", "name"), [("play-zh", "play"), ("scoresheet-zh", "score_sheet")]
)
def test_the_chinese_apps_start_from_make_and_the_chinese_start_page(target, name):
    makefile = (NOTEBOOKS.parent / "Makefile").read_text()
    assert f"{target}: venv\n\t$(call open_app,zh/{name}.ipynb," in makefile
    start = "".join(of_type(CHINESE / "00_start_here.ipynb", "markdown"))
    assert f"]({name}.ipynb)" in start and f"`make {target}`" in start


def test_lab_zh_opens_the_chinese_start_page():
    makefile = (NOTEBOOKS.parent / "Makefile").read_text()
    assert "LAB_TARGET_ZH  := $(or $(wildcard notebooks/zh/00_start_here.ipynb)" in makefile
    assert "lab-zh: venv\n\t$(call open_lab,$(LAB_TARGET_ZH))" in makefile


def test_the_chinese_coach_names_the_chinese_notebooks_sections():
    """In Chinese, the coach's "去学习" names the sections of notebooks/zh/: every rule's lesson
    heading and every notebook's title is a heading of the Chinese notebook."""
    from ttr.apps.coach import LESSONS, NOTEBOOK_TITLES, lesson, notebook_title
    from ttr.i18n import language

    with language("zh"):
        for rule in LESSONS:
            at = lesson(rule)
            if (CHINESE / f"{at.notebook}.ipynb").is_file():
                assert at.heading in headings(CHINESE / f"{at.notebook}.ipynb"), (rule, at.heading)
        for notebook in NOTEBOOK_TITLES:
            if (CHINESE / f"{notebook}.ipynb").is_file():
                title = notebook_title(notebook)
                assert headings(CHINESE / f"{notebook}.ipynb")[0] == title, (notebook, title)


@pytest.mark.parametrize("name", TRANSLATED)
def test_chinese_text_renders_its_emphasis(name):
    markdown_it = pytest.importorskip("markdown_it")
    parser = markdown_it.MarkdownIt("commonmark")
    for number, text in enumerate(of_type(CHINESE / name, "markdown"), start=1):
        for token in parser.parse(text):
            for child in token.children or ():
                words = child.content.replace("A*", "A") if child.type == "text" else ""
                assert "*" not in words, f"zh/{name} text cell {number}: {child.content!r}"
