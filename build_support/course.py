"""The course kit (#29): the lessons as otter-grader masters, and what one class period holds.

    python -m build_support.course build [OUT]        student notebooks and autograders
    python -m build_support.course grade DIR [COURSE]  grade DIR/*.ipynb into DIR/grades.csv
    python -m build_support.course slides [OUT]       each lesson's core as a reveal.js deck
    python -m build_support.course sizes               each lesson's core: words and code lines
    python -m build_support.course tag                 hide the masters' answers from the book

Each lesson ``notebooks/NN_*.ipynb`` (NN from 10) is an otter-grader master notebook (``otter
assign`` format: a raw ``# ASSIGNMENT CONFIG`` cell first, then raw ``# BEGIN QUESTION`` cells,
``# BEGIN SOLUTION`` blocks and ``# BEGIN TESTS`` cells). Its **core** is every cell before the
markdown cell that starts with ``## Exercises``: what one 45-minute period teaches. The rest is
homework (the graded questions) and "Going further".

``build`` runs ``otter assign`` on each master and keeps ``student/NN_*.ipynb`` (solutions and
hidden tests removed), ``autograder/NN_*.zip`` and the teacher's ``solutions/NN_*.ipynb``.
``grade`` grades without Docker (``otter.api.grade_submission``: the notebook runs here, in this
environment), one row per notebook: its lesson, one column per question, the total and the
points possible. ``tag`` marks a master's raw cells and its SOLUTION and TESTS blocks
``remove-cell``, so that the book (``make book``, myst-nb), which renders the masters, shows no
answer.
"""

from __future__ import annotations

import copy
import csv
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import yaml

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
COURSE = ROOT / "_build" / "course"
SLIDES = ROOT / "_build" / "slides"
FIRST_LESSON = 10
EXERCISES = re.compile(r"\A\s*## Exercises\b")
FENCED = re.compile(r"```.*?```", re.S)
ASSIGNMENT_CONFIG = re.compile(r"\A\s*#\s*ASSIGNMENT\s+CONFIG", re.I)
QUESTION = re.compile(r"^q\d+$")


@dataclass(frozen=True)
class CoreSize:
    """How much one period's core holds: words of text and lines of code."""

    words: int
    code_lines: int


def lessons(folder: Path = NOTEBOOKS) -> list[Path]:
    """The lesson notebooks (numbered 10 and up) in ``folder``, in order."""
    return sorted(p for p in folder.glob("[0-9][0-9]_*.ipynb") if int(p.name[:2]) >= FIRST_LESSON)


def is_master(notebook: nbformat.NotebookNode) -> bool:
    """Whether ``notebook`` is an otter master: its first cell is a raw ASSIGNMENT CONFIG."""
    cells = notebook.cells
    return (
        bool(cells)
        and cells[0].cell_type == "raw"
        and bool(ASSIGNMENT_CONFIG.match(cells[0].source))
    )


def exercises_index(notebook: nbformat.NotebookNode) -> int:
    """The index of the markdown cell that starts with ``## Exercises`` (exactly one)."""
    found = [
        i
        for i, cell in enumerate(notebook.cells)
        if cell.cell_type == "markdown" and EXERCISES.match(cell.source)
    ]
    if len(found) != 1:
        raise ValueError(f"expected one markdown cell starting '## Exercises', found {len(found)}")
    return found[0]


def core_cells(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The cells of one period: every cell before ``## Exercises`` but otter's raw cells."""
    return [c for c in notebook.cells[: exercises_index(notebook)] if c.cell_type != "raw"]


def code_lines(source: str) -> int:
    """Lines of code that are neither blank nor only a comment."""
    return sum(
        1 for line in source.splitlines() if line.strip() and not line.strip().startswith("#")
    )


def core_size(notebook: nbformat.NotebookNode) -> CoreSize:
    """The words of markdown (fenced code left out) and the code lines of the core."""
    cells = core_cells(notebook)
    text = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    return CoreSize(
        words=len(FENCED.sub("", text).split()),
        code_lines=sum(code_lines(c.source) for c in cells if c.cell_type == "code"),
    )


BLOCK = re.compile(r"\A\s*#\s*(BEGIN|END)\s+(SOLUTION|TESTS)\b", re.I)
BOOK_HIDDEN = "remove-cell"


def answer_cells(notebook: nbformat.NotebookNode) -> list[int]:
    """The cells of a master that hold answers or otter's markup: its raw cells and every cell
    inside a SOLUTION or TESTS block (the book must not show them)."""
    found, inside = [], False
    for i, cell in enumerate(notebook.cells):
        marker = BLOCK.match(cell.source) if cell.cell_type == "raw" else None
        if marker:
            inside = marker.group(1).upper() == "BEGIN"
        if cell.cell_type == "raw" or inside:
            found.append(i)
    return found


def hide_answers_from_book(path: Path) -> int:
    """Tag a master's answer cells ``remove-cell`` (myst-nb leaves them out of the book); how
    many cells were newly tagged."""
    notebook = nbformat.read(path, as_version=4)
    tagged = 0
    for i in answer_cells(notebook):
        tags = notebook.cells[i].metadata.setdefault("tags", [])
        if BOOK_HIDDEN not in tags:
            tags.append(BOOK_HIDDEN)
            tagged += 1
    if tagged:
        nbformat.write(notebook, path)
    return tagged


def assign(master: Path, out: Path) -> tuple[Path, Path]:
    """Run ``otter assign`` on ``master``: its student notebook and autograder zip, in ``out``
    (and the teacher's ``solutions/`` notebook, which grades as a submission)."""
    from otter.assign import main as otter_assign

    for part in ("student", "autograder", "solutions"):
        (out / part).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=master.parent, prefix=".otter-") as scratch:
        otter_assign(str(master), scratch, no_pdfs=True, no_run_tests=True)
        result = Path(scratch)
        student = out / "student" / master.name
        shutil.copyfile(result / "student" / master.name, student)
        (made,) = (result / "autograder").glob("*.zip")
        autograder = out / "autograder" / f"{master.stem}.zip"
        shutil.copyfile(made, autograder)
        shutil.copyfile(result / "autograder" / master.name, out / "solutions" / master.name)
    strip_authoring_metadata(student)
    return student, autograder


def strip_authoring_metadata(path: Path) -> None:
    """Drop the authors' cell metadata (``ttr``: the wrong answer a test tries) from a notebook."""
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        cell.metadata.pop("ttr", None)
    nbformat.write(notebook, path)


def build(out: Path = COURSE, folder: Path = NOTEBOOKS) -> list[Path]:
    """``student/`` and ``autograder/`` for every master lesson in ``folder``; the students'."""
    return [assign(path, out)[0] for path in masters(folder)]


def lesson_of(path: Path) -> str:
    """The lesson a notebook belongs to: otter's assignment name (in a student's notebook's
    metadata, or a master's ASSIGNMENT CONFIG), else its file name."""
    notebook = nbformat.read(path, as_version=4)
    name = notebook.metadata.get("otter", {}).get("assignment_name")
    if name is None and is_master(notebook):
        name = yaml.safe_load(ASSIGNMENT_CONFIG.sub("", notebook.cells[0].source)).get("name")
    return str(name or path.stem)


def grade_one(path: Path, autograder: Path) -> dict[str, float]:
    """Grade one notebook locally (no Docker): question -> score, ``total`` and ``possible``."""
    from otter.api import grade_submission

    results = grade_submission(str(path), str(autograder), quiet=True)
    scores: dict[str, float] = {
        name: float(results.get_score(name)) for name in sorted(results.results, key=_question_key)
    }
    scores["total"], scores["possible"] = float(results.total), float(results.possible)
    return scores


def _question_key(name: str) -> tuple[int, str]:
    return (int(name[1:]), name) if QUESTION.match(name) else (10**6, name)


def grade(submissions: Path, course: Path = COURSE) -> Path:
    """Grade ``submissions/*.ipynb`` with the lessons' autograders into ``grades.csv``."""
    rows: list[dict[str, Any]] = []
    for path in sorted(submissions.glob("*.ipynb")):
        lesson = lesson_of(path)
        matches = sorted((course / "autograder").glob(f"{lesson[:2]}_*.zip"))
        if not matches:
            raise FileNotFoundError(
                f"no autograder for {path.name} (lesson {lesson!r}) in {course}"
            )
        rows.append(
            {"notebook": path.name, "lesson": matches[0].stem, **grade_one(path, matches[0])}
        )
    questions = sorted(
        {key for row in rows for key in row if QUESTION.match(key)}, key=_question_key
    )
    out = submissions / "grades.csv"
    with out.open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, ["notebook", "lesson", *questions, "total", "possible"])
        writer.writeheader()
        writer.writerows(rows)
    return out


def slide_deck(master: Path, out: Path = SLIDES) -> Path:
    """The core of one lesson as a reveal.js deck: a slide per heading, its cells below it."""
    from nbconvert import SlidesExporter

    notebook = nbformat.read(master, as_version=4)
    deck = copy.deepcopy(notebook)
    deck.cells = copy.deepcopy(core_cells(notebook))
    for cell in deck.cells:
        heading = cell.cell_type == "markdown" and cell.source.lstrip().startswith("#")
        cell.metadata["slideshow"] = {"slide_type": "slide" if heading else "subslide"}
        if cell.cell_type == "code":
            cell.metadata["slideshow"] = {"slide_type": "fragment"}
    out.mkdir(parents=True, exist_ok=True)
    body, _ = SlidesExporter().from_notebook_node(deck)
    path = out / f"{master.stem}.slides.html"
    path.write_text(body, encoding="utf-8")
    return path


def masters(folder: Path = NOTEBOOKS) -> list[Path]:
    """The lessons in ``folder`` that are otter masters."""
    return [path for path in lessons(folder) if is_master(nbformat.read(path, as_version=4))]


def slides(out: Path = SLIDES, folder: Path = NOTEBOOKS) -> list[Path]:
    """A deck for every master lesson in ``folder``."""
    return [slide_deck(path, out) for path in masters(folder)]


def main(argv: list[str]) -> None:
    """The command line (see the module's docstring)."""
    command, *rest = argv or ["help"]
    if command == "build":
        for path in build(Path(rest[0]) if rest else COURSE):
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    elif command == "grade" and rest:
        print(grade(Path(rest[0]), Path(rest[1]) if len(rest) > 1 else COURSE))
    elif command == "slides":
        for path in slides(Path(rest[0]) if rest else SLIDES):
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    elif command == "tag":
        for path in masters():
            print(f"{path.stem}: {hide_answers_from_book(path)} cells tagged {BOOK_HIDDEN}")
    elif command == "sizes":
        for path in masters():
            size = core_size(nbformat.read(path, as_version=4))
            print(f"{path.stem:<40}{size.words:>6} words{size.code_lines:>5} code lines")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
