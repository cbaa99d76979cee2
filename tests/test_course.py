"""The course kit (#29): every lesson is an otter-grader master that builds, grades, fits a period.

For every lesson notebook from 10 on (build_support.course):

* it is an otter master, and ``otter assign`` builds its student notebook and autograder once for
  the whole module (a module fixture);
* the student notebook carries no answer: no solution line of the master, no hidden test, no
  folded solution and no answer digest;
* graded without Docker (``otter.api.grade_submission``), the teacher's solutions score full
  marks, the blank student notebook scores zero on every question, and the solutions with each
  question's deliberately wrong answer (the solution cell's ``ttr.wrong_answer`` metadata) score
  zero there, showing the public test's hint (``ttr.hint``) where the master names one; and each
  other right answer a solution cell names (``ttr.right_answers``: a tie, another way to the same
  value) scores full marks there;
* its core (the cells before ``## Exercises``) fits one 45-minute period: at most 1,000 words of
  text and 100 lines of code;
* its answer cells are tagged ``remove-cell``, so the book (which renders the masters) shows none;
* its core renders as a reveal.js deck (``make slides``);

and ``make grade``'s function writes ``grades.csv``, a row per notebook, a column per question.

The whole notebook's run time (at most 30 s) is a measurement, not an assert here:
``python benchmarks/bench_notebooks.py notebooks/1*.ipynb notebooks/2*.ipynb`` (``make
test-course`` prints it), see docs/teaching/index.md.

Grading runs notebooks (10-40 s each on a shared 2-core machine), so this module runs in ``make
test-course``, not ``make test``.
"""

from __future__ import annotations

import copy
import re
import shutil
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("otter", reason="the course kit needs the [course] extra (otter-grader)")

from build_support.course import (  # noqa: E402
    BOOK_HIDDEN,
    answer_cells,
    assign,
    core_cells,
    core_size,
    exercises_index,
    lessons,
    masters,
    slide_deck,
)

LESSONS = masters()
"""The lessons that are otter masters: every check below runs on each of them."""
CORE_WORDS = 1_000
CORE_CODE_LINES = 100
SOLUTION_BLOCK = re.compile(r"#\s*BEGIN SOLUTION.*?#\s*END SOLUTION", re.S)
SOLUTION_LINE = re.compile(r"^.*#\s*SOLUTION\s*$", re.M)


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Path]]:
    """Each master's student notebook, autograder and solutions, built once into a temp folder."""
    out = tmp_path_factory.mktemp("course")
    built = {}
    for path in LESSONS:
        student, autograder = assign(path, out)
        built[path.stem] = {
            "student": student,
            "autograder": autograder,
            "solutions": out / "solutions" / path.name,
        }
    return built


def grade(notebook: nbformat.NotebookNode, autograder: Path, folder: Path):
    """Grade a notebook as a submission (no Docker); otter's GradingResults."""
    from otter.api import grade_submission

    path = folder / "submission.ipynb"
    nbformat.write(notebook, path)
    return grade_submission(str(path), str(autograder), quiet=True)


def solution_lines(master: nbformat.NotebookNode) -> list[str]:
    """The code lines otter strips from the master: inside SOLUTION blocks and ``# SOLUTION``."""
    found = []
    for cell in master.cells:
        if cell.cell_type != "code":
            continue
        for block in SOLUTION_BLOCK.findall(cell.source):
            found += block.splitlines()[1:-1]
        found += [line.split("#")[0] for line in SOLUTION_LINE.findall(cell.source)]
    return [
        line.strip()
        for line in found
        if line.strip() and not line.strip().startswith("#") and len(line.strip()) > 12
    ]


def wrong_answers(notebook: nbformat.NotebookNode) -> dict[int, dict[str, str]]:
    """Cell index -> the ``ttr`` metadata (wrong_answer, maybe hint) of each solution cell."""
    return {
        i: cell.metadata["ttr"]
        for i, cell in enumerate(notebook.cells)
        if "wrong_answer" in cell.metadata.get("ttr", {})
    }


def right_answers(notebook: nbformat.NotebookNode) -> dict[int, list[str]]:
    """Cell index -> the other right answers (``ttr.right_answers``) a solution cell names."""
    return {
        i: cell.metadata["ttr"]["right_answers"]
        for i, cell in enumerate(notebook.cells)
        if "right_answers" in cell.metadata.get("ttr", {})
    }


def question_of(answer: str) -> str:
    """The question an answer is for: the first ``qN = ...`` it assigns."""
    return re.search(r"^\s*(q\d+)\s*=", answer, re.M).group(1)


def failure_text(results, question: str) -> str:
    test_file = results.results[question]
    return "\n".join(str(r.message) for r in test_file.test_case_results)


ids = [path.stem[:2] for path in LESSONS]


def test_every_lesson_is_an_otter_master() -> None:
    assert {path.name[:2] for path in LESSONS} >= {"10", "11", "12", "13", "14"}
    not_yet = [path.name for path in lessons() if path not in LESSONS]
    assert not not_yet, f"not otter masters (first cell a raw '# ASSIGNMENT CONFIG'): {not_yet}"


@pytest.mark.parametrize("path", LESSONS, ids=ids)
def test_each_master_has_exercises_and_wrong_answers(path: Path) -> None:
    notebook = read(path)
    assert exercises_index(notebook) > 0
    assert wrong_answers(notebook), f"{path.name}: no solution cell names a wrong answer to try"
    assert any("hint" in meta for meta in wrong_answers(notebook).values()), (
        f"{path.name}: no wrong answer names the hint it must get"
    )


@pytest.mark.parametrize("path", LESSONS, ids=ids)
def test_the_book_shows_no_answer(path: Path) -> None:
    # The book renders the masters: their answer cells are tagged out (python -m
    # build_support.course tag).
    notebook = read(path)
    shown = [
        i
        for i in answer_cells(notebook)
        if BOOK_HIDDEN not in notebook.cells[i].metadata.get("tags", [])
    ]
    assert not shown, f"{path.stem}: answer cells {shown} are not tagged {BOOK_HIDDEN!r}"


@pytest.mark.parametrize("path", LESSONS, ids=ids)
def test_core_fits_one_period(path: Path) -> None:
    size = core_size(read(path))
    assert size.words <= CORE_WORDS, f"{path.stem}: the core has {size.words} words"
    assert size.code_lines <= CORE_CODE_LINES, f"{path.stem}: the core has {size.code_lines} lines"


@pytest.mark.parametrize("path", LESSONS, ids=ids)
def test_student_version_carries_no_answers(path: Path, course) -> None:
    student = read(course[path.stem]["student"])
    text = "\n".join(cell.source for cell in student.cells)
    assert "<details>" not in text and "ttr.lessons.teaching" not in text
    assert not re.search(r"\bcheck\(\s*answer\b", text), "an answer-digest check is left"
    assert "BEGIN SOLUTION" not in text and not SOLUTION_LINE.search(text)
    master = read(path)
    # the master's code outside its solution cells (a line may be in both)
    elsewhere = "\n".join(cell.source for cell in master.cells if "ttr" not in cell.metadata)
    leaked = [line for line in solution_lines(master) if line in text and line not in elsewhere]
    assert not leaked, f"{path.stem}: solution lines in the student notebook: {leaked[:3]}"
    for name, test in student.metadata["otter"]["tests"].items():
        for suite in test["suites"]:
            assert not any(case["hidden"] for case in suite["cases"]), f"{name}: a hidden test"
    assert all("ttr" not in cell.metadata for cell in student.cells)


@pytest.mark.parametrize("path", LESSONS, ids=ids)
def test_solutions_score_full_marks(path: Path, course, tmp_path: Path) -> None:
    built = course[path.stem]
    results = grade(read(built["solutions"]), built["autograder"], tmp_path)
    assert results.possible > 0
    short = {
        q: (tf.score, tf.possible) for q, tf in results.results.items() if tf.score < tf.possible
    }
    assert not short, f"{path.stem}: the solutions lose points on {short}"


@pytest.mark.parametrize("path", LESSONS, ids=ids)
def test_blank_student_version_scores_zero(path: Path, course, tmp_path: Path) -> None:
    built = course[path.stem]
    results = grade(read(built["student"]), built["autograder"], tmp_path)
    scored = {q: tf.score for q, tf in results.results.items() if tf.score}
    assert results.possible > 0 and not scored, f"{path.stem}: the blank scores {scored}"


@pytest.mark.parametrize("path", LESSONS, ids=ids)
def test_wrong_answers_score_zero_and_get_their_hints(path: Path, course, tmp_path: Path) -> None:
    built = course[path.stem]
    notebook = read(built["solutions"])
    wrong = wrong_answers(notebook)
    for index, meta in wrong.items():
        notebook.cells[index].source = meta["wrong_answer"]
    results = grade(notebook, built["autograder"], tmp_path)
    for meta in wrong.values():
        question = question_of(meta["wrong_answer"])
        assert results.get_score(question) == 0, f"{path.stem} {question}: a wrong answer scored"
        if "hint" in meta:
            text = failure_text(results, question)
            assert meta["hint"] in text, f"{path.stem} {question}: no hint in {text[:500]!r}"


WITH_RIGHT_ANSWERS = [path for path in LESSONS if right_answers(read(path))]


def test_questions_with_several_right_answers_name_them() -> None:
    # 12's ties (q2: three meeting cities; q3: two junction sets) and 24's q3 (another way to
    # order the moves) are tried below.
    assert {path.name[:2] for path in WITH_RIGHT_ANSWERS} >= {"12", "24"}


@pytest.mark.parametrize("path", WITH_RIGHT_ANSWERS, ids=lambda path: path.stem[:2])
def test_other_right_answers_score_full_marks(path: Path, course, tmp_path: Path) -> None:
    # A hidden test must not mark a right answer wrong: the i-th right answer of every solution
    # cell that names one goes in its place, and each question tried keeps all its points.
    built = course[path.stem]
    solutions = read(built["solutions"])
    others = right_answers(solutions)
    for round_ in range(max(len(answers) for answers in others.values())):
        notebook = copy.deepcopy(solutions)
        tried = []
        for index, answers in others.items():
            if round_ < len(answers):
                notebook.cells[index].source = answers[round_]
                tried.append((question_of(answers[round_]), answers[round_]))
        results = grade(notebook, built["autograder"], tmp_path)
        for question, answer in tried:
            possible = results.results[question].possible
            assert results.get_score(question) == possible > 0, (
                f"{path.stem} {question}: the right answer {answer!r} scored "
                f"{results.get_score(question)} of {possible}: {failure_text(results, question)}"
            )


@pytest.mark.parametrize("path", LESSONS, ids=ids)
def test_slides_build(path: Path, tmp_path: Path) -> None:
    # make slides: the core as a reveal.js deck, a slide per heading of the core.
    deck = slide_deck(path, tmp_path).read_text(encoding="utf-8")
    headings = [
        c for c in core_cells(read(path)) if c.cell_type == "markdown" and c.source.startswith("#")
    ]
    assert "reveal.js" in deck and "## Exercises" not in deck
    assert deck.count("<section") >= len(headings) > 0


def test_make_grade_writes_one_row_per_notebook(course, tmp_path: Path) -> None:
    # make grade SUBMISSIONS=DIR: DIR/grades.csv, a row per notebook, a column per question.
    import csv

    from build_support.course import grade as grade_folder

    built = course[LESSONS[-1].stem]
    shutil.copy(built["student"], tmp_path / "blank.ipynb")
    out = grade_folder(tmp_path, built["autograder"].parent.parent)
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert out == tmp_path / "grades.csv" and [row["notebook"] for row in rows] == ["blank.ipynb"]
    questions = [key for key in rows[0] if re.fullmatch(r"q\d+", key)]
    assert questions and all(float(rows[0][q]) == 0 for q in questions)
    assert float(rows[0]["total"]) == 0 < float(rows[0]["possible"])
