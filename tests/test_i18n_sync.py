"""The translated notebooks' code cells are the English ones: ``make sync-translations``
(build_support/sync_cells.py) copies them, and this test fails when a twin has drifted (#26)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "sync_cells", ROOT / "build_support" / "sync_cells.py"
)
assert _spec and _spec.loader
sync_cells = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sync_cells)


def test_every_translated_notebook_has_the_english_code_cells():
    found = sync_cells.differences()
    assert not found, "run `make sync-translations`, then re-execute:\n" + "\n".join(found)


def test_both_editions_are_checked():
    folders = {twin.parent.name for twin, _ in sync_cells.twins()}
    assert folders == {"ko", "zh"}


def _notebook(*cells: tuple[str, str]) -> dict:
    made = []
    for number, (kind, text) in enumerate(cells):
        cell = {"cell_type": kind, "id": f"c{number}", "metadata": {}, "source": [text]}
        if kind == "code":
            cell |= {"execution_count": 1, "outputs": [{"output_type": "stream", "text": [text]}]}
        made.append(cell)
    return {"cells": made, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def test_sync_copies_the_code_and_keeps_the_text(tmp_path):
    english = _notebook(("markdown", "# Title"), ("code", "x = 2"), ("code", "y = 3"))
    korean = _notebook(("markdown", "# 제목"), ("code", "x = 1"), ("code", "y = 3"))
    (tmp_path / "ko").mkdir()
    (tmp_path / "zh").mkdir()
    (tmp_path / "a.ipynb").write_text(json.dumps(english))
    (tmp_path / "ko" / "a.ipynb").write_text(json.dumps(korean))
    assert sync_cells.differences(tmp_path) == ["ko/a.ipynb: its code cells differ from a.ipynb's"]

    changed, left = sync_cells.sync(tmp_path)

    assert changed == [tmp_path / "ko" / "a.ipynb"] and left == []
    cells = json.loads((tmp_path / "ko" / "a.ipynb").read_text())["cells"]
    assert [cell["source"] for cell in cells] == [["# 제목"], ["x = 2"], ["y = 3"]]
    assert cells[1]["outputs"] == [] and cells[1]["execution_count"] is None  # to re-execute
    assert cells[2]["execution_count"] == 1  # unchanged code keeps its outputs
    assert sync_cells.differences(tmp_path) == []


def test_a_twin_whose_cells_do_not_line_up_is_left_alone_and_named(tmp_path):
    english = _notebook(("markdown", "# Title"), ("markdown", "New"), ("code", "x = 2"))
    chinese = _notebook(("markdown", "# 标题"), ("code", "x = 1"))
    (tmp_path / "ko").mkdir()
    (tmp_path / "zh").mkdir()
    (tmp_path / "a.ipynb").write_text(json.dumps(english))
    (tmp_path / "zh" / "a.ipynb").write_text(json.dumps(chinese))
    before = (tmp_path / "zh" / "a.ipynb").read_text()

    changed, left = sync_cells.sync(tmp_path)

    assert changed == [] and len(left) == 1 and left[0].startswith("zh/a.ipynb")
    assert (tmp_path / "zh" / "a.ipynb").read_text() == before


def test_the_make_target_runs_the_command():
    makefile = (ROOT / "Makefile").read_text()
    assert (
        "sync-translations: venv\n\t$(BIN)/python build_support/sync_cells.py --execute" in makefile
    )


def test_a_changed_twin_is_executed_in_the_kernel_it_names():
    twin = ROOT / "notebooks" / "zh" / "00_start_here.ipynb"
    command = sync_cells.execute_command(twin)
    assert command[1:5] == ["-m", "nbconvert", "--to", "notebook"]
    assert "--execute" in command and "--inplace" in command and command[-1] == str(twin)
    assert "--ExecutePreprocessor.kernel_name=ttr-zh" in command
