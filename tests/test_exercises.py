"""Every exercise's folded solution runs in its notebook, and its answer passes the check cell.

(The lessons that are otter-grader masters, #29, have graded questions instead, without folded
solutions or digests: tests/test_course.py grades them.)

An exercise is a check cell, a code cell with ``check(answer, "<digest>")``, and its solution, the
Python code folded in a ``<details><summary>Solution</summary>`` block: the i-th block of a
notebook goes with its i-th check cell. The solution's answer is the value of its last
expression, or of ``answer`` when it assigns one.

Each notebook runs once, top to bottom, in a fresh kernel. At each check cell the solution runs
first, in the notebook's namespace as it is at that point (as a learner would run it), and then the
check cell itself, with the solution's answer in place of ``None``: it must print "Correct!". So a
change to the engine, a digest or a solution that breaks the link between them fails here. A
notebook that fails before an exercise fails that exercise too, naming the cell (it runs once).
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CHECK = re.compile(r'\bcheck\(\s*answer\s*,\s*"(?P<digest>[0-9a-f]+)"')
SOLUTION = re.compile(r"<details>\s*<summary>Solution</summary>(?P<body>.*?)</details>", re.S)
PYTHON = re.compile(r"```python\n(?P<code>.*?)```", re.S)
EMPTY_ANSWER = re.compile(r"^answer = None\b.*$", re.M)
ANSWER = "_exercise_answer"


@dataclass(frozen=True)
class Exercise:
    """One exercise of a notebook: where its check cell is, the digest it checks, its solution."""

    notebook: str
    number: int
    cell: int
    digest: str
    solution: str

    @property
    def name(self) -> str:
        return f"{self.notebook}-{self.number}"


def exercises(path: Path) -> list[Exercise]:
    """The exercises of one notebook, in order: check cells paired with solution blocks."""
    cells = nbformat.read(path, as_version=4).cells
    checks = [
        (i, m["digest"])
        for i, c in enumerate(cells)
        if c.cell_type == "code" and (m := CHECK.search(c.source))
    ]
    solutions = [
        block["body"]
        for c in cells
        if c.cell_type == "markdown"
        for block in SOLUTION.finditer(c.source)
    ]
    assert len(checks) == len(solutions), (
        f"{path.name}: {len(checks)} check cells but {len(solutions)} folded solutions"
    )
    return [
        Exercise(
            path.stem, number, cell, digest, "\n".join(m["code"] for m in PYTHON.finditer(body))
        )
        for number, ((cell, digest), body) in enumerate(zip(checks, solutions, strict=True), 1)
    ]


def answer_program(solution: str) -> str:
    """The solution's code, ending by storing its answer in ``ANSWER`` (see the module doc)."""
    tree = ast.parse(solution)
    if not tree.body:
        raise ValueError("the solution has no Python code")
    last = tree.body[-1]
    if isinstance(last, ast.Expr):
        tree.body[-1] = ast.Assign([ast.Name(ANSWER, ast.Store())], last.value)
    elif any(
        isinstance(node, ast.Name) and node.id == "answer" and isinstance(node.ctx, ast.Store)
        for statement in tree.body
        for node in ast.walk(statement)
    ):
        tree.body.append(ast.parse(f"{ANSWER} = answer").body[0])
    else:
        raise ValueError("the solution neither ends with an expression nor assigns `answer`")
    return ast.unparse(ast.fix_missing_locations(tree))


def printed(cell: nbformat.NotebookNode) -> str:
    """What a cell printed on stdout."""
    return "".join(o.get("text", "") for o in cell.outputs if o.get("name") == "stdout")


@functools.cache
def run(notebook: str) -> dict[int, str]:
    """Run one notebook with its solutions; for each exercise number, "" or what went wrong."""
    path = NOTEBOOKS / f"{notebook}.ipynb"
    nb = nbformat.read(path, as_version=4)
    at_cell = {exercise.cell: exercise for exercise in exercises(path)}
    client = NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    )
    problems: dict[int, str] = {}
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            exercise = at_cell.get(index)
            if exercise is not None:
                problems[exercise.number] = try_exercise(client, exercise, cell, index)
                continue
            try:
                client.execute_cell(cell, index)
            except CellExecutionError as error:  # the rest of the notebook cannot run
                broken = f"the notebook fails before it, in cell {index}: {error.ename}"
                later = [e.number for e in at_cell.values() if e.number not in problems]
                problems.update(dict.fromkeys(later, f"{broken}: {error.evalue}"))
                break
    return problems


def try_exercise(client: NotebookClient, exercise: Exercise, cell, index: int) -> str:
    """Run an exercise's solution, then its check cell with that answer; "" or the problem."""
    try:
        program = answer_program(exercise.solution)
    except (SyntaxError, ValueError) as error:
        return f"solution: {error}"
    solution = nbformat.v4.new_code_cell(program)
    try:
        client.execute_cell(solution, index)
    except CellExecutionError as error:
        return f"the solution raised {error.ename}: {error.evalue}"
    source = cell.source
    source = (
        EMPTY_ANSWER.sub(f"answer = {ANSWER}", source, count=1)
        if EMPTY_ANSWER.search(source)
        else f"answer = {ANSWER}\n{source}"
    )
    checked = nbformat.v4.new_code_cell(source)
    client.execute_cell(checked, index)
    if printed(checked).strip() != "Correct!":
        shown = nbformat.v4.new_code_cell(f"print(repr({ANSWER})[:300])")
        client.execute_cell(shown, index)
        return (
            f"the check cell printed {printed(checked).strip()!r} for the solution's answer "
            f"{printed(shown).strip()}"
        )
    return ""


def is_master(path: Path) -> bool:
    """An otter-grader master (the lessons, #29): graded by tests/test_course.py instead."""
    cells = nbformat.read(path, as_version=4).cells
    return bool(cells) and cells[0].cell_type == "raw" and "ASSIGNMENT CONFIG" in cells[0].source


CHECKED = [path for path in sorted(NOTEBOOKS.glob("*.ipynb")) if not is_master(path)]
ALL = [exercise for path in CHECKED for exercise in exercises(path)]


@pytest.mark.parametrize("exercise", ALL, ids=[exercise.name for exercise in ALL])
def test_solution_runs_and_passes_its_check(exercise: Exercise) -> None:
    problem = run(exercise.notebook)[exercise.number]
    assert not problem, f"{exercise.name}: {problem}"


def test_every_exercise_is_found() -> None:
    # Each notebook with exercises pairs every check cell with a folded solution (see exercises);
    # the otter masters' graded questions are tests/test_course.py's.
    assert len(ALL) >= 30
    numbered = {path.stem for path in CHECKED if path.name[0].isdigit()}
    assert {exercise.notebook for exercise in ALL} >= numbered
