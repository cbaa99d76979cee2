"""Keep the translated notebooks' code cells in step with the English ones (#26, #31).

``notebooks/<language>/X.ipynb`` (``ko``, ``zh``) translates ``notebooks/X.ipynb``: the same code
cells, word for word, and its own text cells. ``python build_support/sync_cells.py`` (``make
sync-translations``) copies each English code cell (its source and metadata) into the twin, in
order, and keeps the twin's text cells; a code cell whose source changed loses its outputs, so
that the twin is re-executed in its kernel (``ttr-ko``, ``ttr-zh``) before it is committed. A twin
whose text cells do not line up with the English ones (a text cell added or removed in English)
is left alone and named: its text must be placed by hand first.

``--execute`` then runs each twin it changed top to bottom in the kernel its metadata names
(``ttr-ko``, ``ttr-zh``), outputs written in place, as ``make sync-translations`` does.
``--check`` changes nothing and exits 1 if a twin's code differs (``tests/test_i18n_sync.py``).
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LANGUAGES = ("ko", "zh")


class Misaligned(Exception):
    """A twin whose cells do not pair with the English notebook's."""


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _dump(notebook: dict) -> str:
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def twins(root: Path = NOTEBOOKS) -> list[tuple[Path, Path]]:
    """Each translated notebook with the English notebook it translates."""
    return [
        (twin, root / twin.name)
        for language in LANGUAGES
        for twin in sorted((root / language).glob("*.ipynb"))
        if (root / twin.name).is_file()
    ]


def synced(twin: dict, english: dict) -> dict:
    """``twin`` with the code cells of ``english``; raises :class:`Misaligned` when their cell
    kinds differ in number or order."""
    kinds = [cell["cell_type"] for cell in twin["cells"]]
    if kinds != [cell["cell_type"] for cell in english["cells"]]:
        raise Misaligned("its text and code cells do not come in the English order")
    result = copy.deepcopy(twin)
    for mine, theirs in zip(result["cells"], english["cells"], strict=True):
        if mine["cell_type"] != "code":
            continue
        if "".join(mine["source"]) != "".join(theirs["source"]):
            mine["source"] = copy.deepcopy(theirs["source"])
            mine["outputs"], mine["execution_count"] = [], None
        timing = {key: value for key, value in mine["metadata"].items() if key == "execution"}
        wanted = {key: value for key, value in theirs["metadata"].items() if key != "execution"}
        mine["metadata"] = {**copy.deepcopy(wanted), **timing}
    return result


def differences(root: Path = NOTEBOOKS) -> list[str]:
    """The twins whose code cells differ from the English ones, each with why."""
    found = []
    for twin, english in twins(root):
        name = twin.relative_to(root)
        try:
            if synced(_load(twin), _load(english)) != _load(twin):
                found.append(f"{name}: its code cells differ from {english.name}'s")
        except Misaligned as error:
            found.append(f"{name}: {error}")
    return found


def sync(root: Path = NOTEBOOKS) -> tuple[list[Path], list[str]]:
    """Copy the English code cells into every twin; returns the twins changed and the twins
    left alone (misaligned), each with why."""
    changed, left = [], []
    for twin, english in twins(root):
        before = _load(twin)
        try:
            after = synced(before, _load(english))
        except Misaligned as error:
            left.append(f"{twin.relative_to(root)}: {error}")
            continue
        if after != before:
            twin.write_text(_dump(after), encoding="utf-8")
            changed.append(twin)
    return changed, left


def execute_command(twin: Path) -> list[str]:
    """The command that runs ``twin`` in its own kernel and writes its outputs in place."""
    kernel = _load(twin)["metadata"]["kernelspec"]["name"]
    return [
        sys.executable,
        "-m",
        "nbconvert",
        "--to",
        "notebook",
        "--execute",
        "--inplace",
        f"--ExecutePreprocessor.kernel_name={kernel}",
        "--ExecutePreprocessor.timeout=600",
        str(twin),
    ]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        found = differences()
        for line in found:
            print(line)
        return 1 if found else 0
    changed, left = sync()
    for path in changed:
        print(f"synced {path.relative_to(NOTEBOOKS)}")
        if "--execute" in argv:
            subprocess.run(execute_command(path), check=True)
        else:
            print("  re-execute it in its kernel (or run with --execute)")
    for line in left:
        print(f"left alone {line}")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
