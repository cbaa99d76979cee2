"""The notebooks' exercises, and the check that each folded solution passes its check cell.

(The lessons that are otter-grader masters, #29, have graded questions instead, without folded
solutions or digests: tests/test_course.py grades them.)

An exercise is a check cell, a code cell with ``check(answer, "<digest>")``, and its solution, the
Python code folded in a ``<details><summary>Solution</summary>`` block: the i-th block of a
notebook goes with its i-th check cell. The solution's answer is the value of its last
expression, or of ``answer`` when it assigns one.

The check is made in nbval's own run of the notebook, not in a second one (the root
``conftest.py``): once a check cell has run (and matched its committed output), its solution runs
in the notebook's kernel, in a copy of the notebook's namespace as it is at that point (as a
learner would run it), and then the check cell itself, with the solution's answer in place of
``None``: it must print "Correct!". The copy keeps the notebook's names as they were, so its
later cells run and compare as committed; a solution must not change in place an object the
notebook goes on with (the solutions make their own games and positions). A change to the
engine, a digest or a solution that breaks the link between them fails that check cell's test,
naming the exercise.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CHECK = re.compile(r'\bcheck\(\s*answer\s*,\s*"(?P<digest>[0-9a-f]+)"')
SOLUTION = re.compile(r"<details>\s*<summary>Solution</summary>(?P<body>.*?)</details>", re.S)
PYTHON = re.compile(r"```python\n(?P<code>.*?)```", re.S)
EMPTY_ANSWER = re.compile(r"^answer = None\b.*$", re.M)
ANSWER = "_exercise_answer"


@dataclass(frozen=True)
class Exercise:
    """One exercise of a notebook: its check cell (numbered among the code cells, as nbval
    numbers them), the digest it checks, its solution."""

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
    code = [cell for cell in cells if cell.cell_type == "code"]
    checks = [(i, m["digest"]) for i, c in enumerate(code) if (m := CHECK.search(c.source))]
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


def is_master(path: Path) -> bool:
    """An otter-grader master (the lessons, #29): graded by tests/test_course.py instead."""
    cells = nbformat.read(path, as_version=4).cells
    return bool(cells) and cells[0].cell_type == "raw" and "ASSIGNMENT CONFIG" in cells[0].source


def checked_notebooks() -> list[Path]:
    """The notebooks whose exercises are checked: notebooks/*.ipynb but the otter masters."""
    return [path for path in sorted(NOTEBOOKS.glob("*.ipynb")) if not is_master(path)]


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


def answered(check_cell: str) -> str:
    """The check cell with the solution's answer (``ANSWER``) in place of ``None``."""
    if EMPTY_ANSWER.search(check_cell):
        return EMPTY_ANSWER.sub(f"answer = {ANSWER}", check_cell, count=1)
    return f"answer = {ANSWER}\n{check_cell}"


def run_exercise(namespace: dict[str, Any], program: str, check_cell: str, answer: str) -> str:
    """The solution ``program``, then ``check_cell``, in a copy of ``namespace``: "" when the
    check cell prints "Correct!", else what went wrong. Runs in the notebook's kernel
    (:func:`kernel_code`), so it imports what it needs itself."""
    import contextlib
    import io

    scope = dict(namespace)
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            exec(program, scope)
        except Exception as error:
            return f"the solution raised {type(error).__name__}: {error}"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        try:
            exec(check_cell, scope)
        except Exception as error:
            return f"the check cell raised {type(error).__name__}: {error}"
    said = printed.getvalue().strip()
    if said != "Correct!":
        shown = repr(scope.get(answer))[:300]
        return f"the check cell printed {said!r} for the solution's answer {shown}"
    return ""


def problem_in_kernel(client: Any, exercise: Exercise, check_cell: str, timeout: float) -> str:
    """What :func:`run_exercise` finds for ``exercise`` (whose check cell's code is
    ``check_cell``), run in the notebook's kernel through its ``client`` (a jupyter_client
    ``BlockingKernelClient``): "" or the problem. Nothing runs for a solution that cannot be
    read, and no name is left in the notebook's namespace."""
    try:
        program = answer_program(exercise.solution)
    except (SyntaxError, ValueError) as error:
        return f"solution: {error}"
    runner = "from __future__ import annotations\n" + inspect.getsource(run_exercise)
    runner += "print(__import__('json').dumps(run_exercise(namespace, *arguments)))\n"
    arguments = (program, answered(check_cell), ANSWER)
    code = f"exec({runner!r}, {{'namespace': globals(), 'arguments': {arguments!r}}})"
    printed: list[str] = []

    def collect(message: dict[str, Any]) -> None:
        if message["msg_type"] == "stream" and message["content"]["name"] == "stdout":
            printed.append(message["content"]["text"])

    reply = client.execute_interactive(
        code, store_history=False, stop_on_error=False, timeout=timeout, output_hook=collect
    )
    content = reply["content"]
    if content["status"] != "ok":
        return f"the exercise did not run: {content.get('ename')}: {content.get('evalue')}"
    return json.loads("".join(printed))
