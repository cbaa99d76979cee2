"""The classroom lessons (notebooks 10 onwards) keep the shape that fits one class period.

Each lesson has a core of at most about 1,000 words of text, then its exercises, then a "Going
further" part for after class; a "Predict, then run" prompt is answered by a later cell, not given
away by the cell right after it; and the lessons draw through :mod:`ttr.lessons.views`, so they
show only the code that teaches.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if int(p.name[:2]) >= 10)
CORE_WORDS = 1_050  # "at most about 1,000"
FENCED = re.compile(r"```.*?```", re.S)


def cells(path: Path) -> list[nbformat.NotebookNode]:
    return nbformat.read(path, as_version=4).cells


def heading_index(cells: list[nbformat.NotebookNode], title: str) -> int:
    """The index of the markdown cell with the level-2 heading ``title``."""
    pattern = re.compile(rf"^## {re.escape(title)}\s*$", re.M)
    found = [
        i for i, c in enumerate(cells) if c.cell_type == "markdown" and pattern.search(c.source)
    ]
    assert len(found) == 1, f"expected one '## {title}' heading, found {len(found)}"
    return found[0]


def test_there_are_lessons() -> None:
    assert len(LESSONS) >= 6


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_core_fits_one_period_then_exercises_then_going_further(path: Path) -> None:
    notebook = cells(path)
    exercises = heading_index(notebook, "Exercises")
    assert heading_index(notebook, "Going further") > exercises
    core = notebook[:exercises] + [notebook[exercises]]
    text = "\n".join(c.source for c in core if c.cell_type == "markdown")
    text = text[: text.index("## Exercises")]
    words = len(FENCED.sub("", text).split())
    assert words <= CORE_WORDS, f"{path.stem}: the core has {words} words"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_predict_prompts_do_not_give_the_answer_away(path: Path) -> None:
    notebook = cells(path)
    prompts = [
        i for i, c in enumerate(notebook) if c.cell_type == "markdown" and "Predict" in c.source
    ]
    assert prompts, f"{path.stem} has no predict-then-run prompt"
    for i in prompts:
        answer = next(c for c in notebook[i + 1 :] if c.cell_type == "code")
        assert "assert" not in answer.source, (
            f"{path.stem}: the cell right after the prompt in cell {i} asserts its answer"
        )


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lessons_draw_through_lesson_views(path: Path) -> None:
    code = "\n".join(c.source for c in cells(path) if c.cell_type == "code")
    drawing = re.findall(r"^\s*(?:import|from) (matplotlib\S*|ttr\.plot)\b", code, re.M)
    assert not drawing, f"{path.stem} draws with {drawing}: use ttr.lessons.views"
