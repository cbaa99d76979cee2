"""The rule notebooks' maps and charts in the reader's language (#31): their titles, axis labels,
legends and notes are catalogue entries (context ``"figure"``, collected from the notebooks' code
cells by tests/catalogue.py), said by ``ttr.views.svg`` and ``figure_png`` in Korean or Chinese,
with a font that has Hangul and Han characters; English figures are left as they are."""

from __future__ import annotations

import os
import re

import pytest
from catalogue import figure_texts
from matplotlib.figure import Figure

from ttr import load_board
from ttr.i18n import language
from ttr.views.plot import cjk_family, figure_png
from ttr.views.svg import board_svg

HANGUL = re.compile("[\uac00-\ud7a3]")
HAN = re.compile("[\u4e00-\u9fff]")
SCRIPTS = {"ko": HANGUL, "zh": HAN}
FERRIES = "The 13 ferries and 18 tunnels of the Europe board"


def test_the_notebooks_figure_texts_are_collected():
    texts = figure_texts()
    assert {FERRIES, "probability", "last round", "+ tickets"} <= texts
    assert not any("{" in text for text in texts)  # f-strings are not collected


@pytest.mark.parametrize("code", ["ko", "zh"])
def test_a_map_title_is_said_in_the_reader_s_language(code):
    board = load_board("europe")
    assert f">{FERRIES}</text>" in str(board_svg(board, title=FERRIES))
    with language(code):
        svg = str(board_svg(board, title=FERRIES))
    title = re.search(r'class="ttr-title"[^>]*>([^<]*)<', svg)[1]
    assert SCRIPTS[code].search(title) and "ferries" not in title


@pytest.mark.parametrize("code", ["ko", "zh"])
def test_a_chart_s_texts_are_said_in_the_reader_s_language(code):
    fig = Figure()
    ax = fig.subplots()
    ax.bar(["end of play", "+ tickets"], [1, 2], label="exact")
    ax.set(xlabel="extra cards", ylabel="probability", title="The final count, stage by stage")
    ax.text(0, 1, "last round")
    ax.legend()
    with language(code):
        figure_png(fig)
        ticks = [label.get_text() for label in ax.get_xticklabels()]  # made when drawn
    shown = [ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), ax.texts[0].get_text(), *ticks]
    shown += [text.get_text() for text in ax.get_legend().get_texts()]
    assert all(SCRIPTS[code].search(text) for text in shown), shown


def test_an_english_chart_is_left_as_it_is():
    fig = Figure()
    ax = fig.subplots()
    ax.set(title="probability")
    figure_png(fig)
    assert ax.get_title() == "probability"


@pytest.mark.parametrize("code", ["ko", "zh"])
def test_a_font_with_the_characters_is_found(code):
    family = cjk_family(code)
    if family is None and not os.environ.get("CI"):
        pytest.skip("no CJK font installed (bash .ci/run installs fonts-noto-cjk)")
    assert family is not None
