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


GRADED = [p for p in LESSONS if 15 <= int(p.name[:2]) <= 21]  # the otter masters of #29 (courseB)
HIDDEN = re.compile(r'^"""\s*#\s*BEGIN TEST CONFIG\s*\nhidden:\s*true\b', re.I)


@pytest.mark.parametrize("path", GRADED, ids=lambda p: p.stem)
def test_graded_lessons_are_otter_masters_without_answers_for_students(path: Path) -> None:
    # An otter assign master: the config first, then questions q1, q2, ... each with a solution
    # block, public tests whose assertion says what to look at, and hidden tests; no folded
    # solutions or answer digests left in the text a student gets.
    notebook = cells(path)
    assert notebook[0].cell_type == "raw" and notebook[0].source.startswith("# ASSIGNMENT CONFIG")
    text = "\n".join(c.source for c in notebook)
    assert "<details>" not in text and "answer_digest" not in text and "check(answer" not in text
    starts = [
        i for i, c in enumerate(notebook) if c.cell_type == "raw" and "# BEGIN QUESTION" in c.source
    ]
    names = [re.search(r"name:\s*(\S+)", notebook[i].source)[1] for i in starts]
    assert names == [f"q{n}" for n in range(1, len(names) + 1)] and len(names) >= 3
    assert starts[0] > heading_index(notebook, "Exercises")
    for name, start in zip(names, starts, strict=True):
        end = next(i for i in range(start, len(notebook)) if "# END QUESTION" in notebook[i].source)
        block = notebook[start:end]
        kinds = [c.source.strip() for c in block if c.cell_type == "raw"]
        assert kinds[1:5] == [
            "# BEGIN SOLUTION",
            "# END SOLUTION",
            "# BEGIN TESTS",
            "# END TESTS",
        ], f"{path.stem} {name}: {kinds}"
        first, last = (
            next(i for i, c in enumerate(block) if c.source.strip() == marker)
            for marker in ("# BEGIN TESTS", "# END TESTS")
        )
        tests = [c.source for c in block[first + 1 : last]]
        public = [t for t in tests if not HIDDEN.match(t)]
        assert public and len(public) < len(tests), f"{path.stem} {name}: public and hidden tests"
        asserts = [line for t in public for line in t.splitlines() if line.startswith("assert ")]
        assert asserts and all(re.search(r"assert .+, ['\"]", line) for line in asserts), (
            f"{path.stem} {name}: every public assertion gives a hint"
        )
