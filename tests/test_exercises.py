"""Every exercise is found, and the check that its solution passes runs as it should.

Each folded solution is run against its check cell in nbval's own run of its notebook (the root
``conftest.py``, :mod:`exercises`): a failing exercise fails its check cell's test,
``notebooks/X.ipynb::Cell N``, naming the exercise. Here, without running a notebook: every
notebook's check cells pair with its folded solutions, and the check itself, in a kernel of its
own, passes a right answer, names a wrong one, a solution that raises or does not read, and
leaves the kernel's namespace as it was.
"""

from __future__ import annotations

import pytest
from exercises import Exercise, answer_program, checked_notebooks, exercises, problem_in_kernel

from ttr.lessons.teaching import answer_digest

CHECKED = checked_notebooks()
ALL = [exercise for path in CHECKED for exercise in exercises(path)]


def test_every_exercise_is_found() -> None:
    # Each notebook with exercises pairs every check cell with a folded solution (see exercises);
    # the otter masters' graded questions are tests/test_course.py's.
    assert len(ALL) >= 30
    numbered = {path.stem for path in CHECKED if path.name[0].isdigit()}
    assert {exercise.notebook for exercise in ALL} >= numbered


@pytest.mark.parametrize("exercise", ALL, ids=[exercise.name for exercise in ALL])
def test_every_solution_reads_as_a_program_with_an_answer(exercise: Exercise) -> None:
    assert "_exercise_answer" in answer_program(exercise.solution)


@pytest.fixture(scope="module")
def kernel():
    """A kernel of this Python with a notebook's names: ``check`` and a value, ``routes``."""
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3")
    try:
        client.execute_interactive(
            "from ttr.lessons.teaching import check\nroutes = [3, 4]", timeout=60
        )
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


CHECK_CELL = f'answer = None  # your answer here\ncheck(answer, "{answer_digest(7)}")'


def names(client) -> list[str]:
    reply = client.execute_interactive(
        "pass", user_expressions={"names": "sorted(k for k in globals() if k[0] != '_')"}
    )
    return reply["content"]["user_expressions"]["names"]["data"]["text/plain"]


@pytest.mark.parametrize(
    "solution, problem",
    [
        ("sum(routes)", ""),
        ("answer = sum(routes)", ""),
        ("routes = [7]\nsum(routes)", ""),  # rebinds a name in its copy of the namespace
        ("max(routes)", "the check cell printed 'Not yet.' for the solution's answer 4"),
        ("1 / 0", "the solution raised ZeroDivisionError: division by zero"),
        ("x = 1", "solution: the solution neither ends with an expression nor assigns `answer`"),
        ("sum(", "solution: "),
    ],
)
def test_the_check_in_the_kernel(kernel, solution, problem) -> None:
    before = names(kernel)
    exercise = Exercise("nb", 1, 0, answer_digest(7), solution)
    found = problem_in_kernel(kernel, exercise, CHECK_CELL, timeout=60)
    assert found.startswith(problem) and bool(found) == bool(problem), found
    assert names(kernel) == before  # no name left behind: the notebook goes on as it was
    assert problem_in_kernel(kernel, Exercise("nb", 2, 0, "", "sum(routes)"), CHECK_CELL, 60) == ""
