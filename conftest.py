"""Repository-wide pytest hook (loaded for every test path, including notebooks/).

``addopts`` in pyproject.toml passes ``--nbval-sanitize-with tests/sanitize.cfg``, a path that
nbval opens relative to the current directory.  Resolve it against the repository root so that
running pytest from a subdirectory (``cd notebooks && pytest``) works too.

The Korean and Chinese notebooks (``notebooks/ko/``, ``notebooks/zh/``) run with the kernel
their metadata names, ``ttr-ko`` or ``ttr-zh`` (see :func:`pytest_runtest_setup`). Everything
else lives in tests/conftest.py.

A ``TTR_LANG`` set in the developer's shell is dropped here: the English notebooks and tests
expect English, and the Korean kernel sets the language itself.

Rich outputs are compared by what they must contain, not byte for byte (issue 26): before nbval
compares a cell's outputs, an SVG picture (``image/svg+xml``, or the ``<img>`` of SVG that
``text/html`` shows) becomes the list of its element ids (``route-7``, ``city-Paris``...) and its
text labels, and other HTML becomes its text, a line per table row, list item or block, the
cells of a row separated by `` | ``. A change of drawing (geometry, colours, styles) leaves the
committed outputs passing; a route, a city, a label, a row or a word that changes fails.
(:func:`content`; ``text/plain`` is still compared as it is.)

The exercises' folded solutions are checked in the same run (issue 26: no second execution of
the notebooks): once nbval has run an English notebook's check cell, its solution and the check
cell with the solution's answer run in that notebook's kernel, in a copy of its namespace, and the
check cell's test fails unless they print "Correct!" (:func:`pytest_runtest_call`,
tests/exercises.py).
"""

from __future__ import annotations

import base64
import functools
import html
import importlib.util
import os
import re
import sys
from collections.abc import Generator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

os.environ.pop("TTR_LANG", None)


def pytest_configure(config: pytest.Config) -> None:
    sanitize = getattr(config.option, "nbval_sanitize_with", None)
    if sanitize and not os.path.isabs(sanitize) and not os.path.exists(sanitize):
        candidate = config.rootpath / sanitize
        if candidate.exists():
            config.option.nbval_sanitize_with = str(candidate)


SLOWEST_FIRST = (
    "tests/browser/test_book.py",
    "tests/browser/test_play_browser.py",
    "tests/browser/test_play_traps_browser.py",
    "tests/browser/test_lab.py",
    "tests/browser/test_play_translated_browser.py",
    "tests/browser/test_voila.py",
    "tests/browser/test_score_sheet_browser.py",
    "tests/test_play.py",
)
"""The modules that take longest (``pytest --durations``: 20-100 s each), longest first."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the slowest modules first, the rest in their collected order.

    ``--dist loadscope`` hands each xdist worker a module (or a notebook) at a time, in the
    order of ``items`` (``--no-loadscope-reorder`` in pyproject.toml: xdist would otherwise put
    the modules with most tests first, and the few long browser tests last, where one worker
    runs them while the others wait). Longest first keeps the workers' loads even.
    """
    rank = {path: index for index, path in enumerate(SLOWEST_FIRST)}

    def order(item: pytest.Item) -> int:
        return rank.get(item.nodeid.split("::", 1)[0], len(rank))

    items.sort(key=order)  # stable: the rest keep their order


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    """Start a Korean notebook's kernel from its kernelspec, ``ttr-ko``, not from this Python.

    ``--nbval-current-env`` (pyproject.toml) runs every notebook in the Python that runs pytest,
    whichever kernel the notebook names, so that no other ``python3`` kernelspec can stand in.
    The Korean notebooks name ``ttr-ko``: the same Python with ``TTR_LANG=ko`` (installed into
    the venv by ``make venv``), which is what a learner gets in JupyterLab and what makes the
    engine speak Korean there. nbval reads the option when a notebook's first cell is set up.
    """
    option = item.config.option
    korean = item.path.suffix == ".ipynb" and item.path.parent.name in ("ko", "zh")
    if not (korean and getattr(option, "nbval_current_env", False)):
        return (yield)
    option.nbval_current_env = False
    try:
        return (yield)
    finally:
        option.nbval_current_env = True


# ---------------------------------------------------------------------------------------------
# Rich outputs compared by content (see the module docstring)

SVG_IMAGE = re.compile(r'<img\b[^>]*src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')
ID = re.compile(r'\bid="([^"]+)"')
LABEL = re.compile(r"<text\b[^>]*>([^<]*)<")
BREAK = re.compile(r"<(?:table|/tr|/li|/p|/div|br|/h\d|/thead|/tbody|/table|/ul|/ol)\b[^>]*>", re.I)
CELL = re.compile(r"</t[dh]\s*>", re.I)
TAG = re.compile(r"<[^>]+>")


def svg_content(svg: str) -> str:
    """What a picture must show: its element ids, sorted, and its text labels, sorted."""
    labels = sorted(html.unescape(label).strip() for label in LABEL.findall(svg))
    return "SVG ids: " + " ".join(sorted(ID.findall(svg))) + "\nlabels: " + " | ".join(labels)


def html_content(text: str) -> str:
    """What an HTML output must say: its pictures' content and its text, a line per row or
    block, a row's cells separated by " | "."""
    pictures = [svg_content(base64.b64decode(data).decode()) for data in SVG_IMAGE.findall(text)]
    words = TAG.sub("", CELL.sub(" | ", BREAK.sub("\n", text)))
    lines = [" ".join(line.split()).removesuffix(" |") for line in html.unescape(words).split("\n")]
    return "\n".join([*pictures, *(line for line in lines if line)])


RICH = {"image/svg+xml": svg_content, "text/html": html_content}


def content(outputs: list[Any]) -> list[Any]:
    """``outputs`` (a cell's, as nbformat nodes) with each rich output replaced by its content."""
    result = []
    for output in outputs:
        data = output.get("data")
        if data and RICH.keys() & data.keys():
            output = type(output)(output)
            output["data"] = type(data)(data)
            for mime, summary in RICH.items():
                if mime in data:
                    value = data[mime]
                    output["data"][mime] = summary(
                        value if isinstance(value, str) else "".join(value)
                    )
        result.append(output)
    return result


def pytest_sessionstart(session: pytest.Session) -> None:
    """Make nbval compare rich outputs by their content (when nbval runs at all)."""
    try:
        from nbval.plugin import IPyNbCell
    except ImportError:  # pragma: no cover - nbval is a dev dependency
        return
    compare = IPyNbCell.compare_outputs
    if getattr(compare, "by_content", False):
        return

    def compare_by_content(self: Any, test: Any, ref: Any, skip_compare: Any = None) -> Any:
        return compare(self, content(test), content(ref), skip_compare)

    compare_by_content.by_content = True  # type: ignore[attr-defined]
    IPyNbCell.compare_outputs = compare_by_content


# ---------------------------------------------------------------------------------------------
# The exercises' solutions, checked in nbval's run (see the module docstring)


def _exercises() -> ModuleType:
    """tests/exercises.py, loaded by its path (the tests import it as ``exercises`` too)."""
    module = sys.modules.get("exercises")
    if module is None:
        path = Path(__file__).resolve().parent / "tests" / "exercises.py"
        spec = importlib.util.spec_from_file_location("exercises", path)
        assert spec is not None and spec.loader is not None, path
        module = importlib.util.module_from_spec(spec)
        sys.modules["exercises"] = module
        spec.loader.exec_module(module)
    return module


@functools.cache
def _check_cells(path: Path) -> dict[int, Any]:
    """The exercises of the notebook at ``path`` by their check cell's number (none for a
    translation or an otter master)."""
    exercises = _exercises()
    if path.parent != exercises.NOTEBOOKS or exercises.is_master(path):
        return {}
    return {exercise.cell: exercise for exercise in exercises.exercises(path)}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """After nbval has run a check cell: its exercise's solution passes it, in the same kernel."""
    result = yield
    cell = getattr(item, "cell_num", None)
    if item.path.suffix == ".ipynb" and cell is not None:
        exercise = _check_cells(item.path.resolve()).get(cell)
        if exercise is not None:
            client = item.parent.kernel.kc  # the notebook's kernel, which nbval runs
            timeout = item.config.option.nbval_cell_timeout
            problem = _exercises().problem_in_kernel(client, exercise, item.cell.source, timeout)
            if problem:  # reported as nbval reports a cell: the message, then the cell
                item.raise_cell_error(f"exercise {exercise.name}: {problem}")
    return result
