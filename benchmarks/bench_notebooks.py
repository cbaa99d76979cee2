"""How long each notebook takes to run top to bottom in a fresh kernel.

    python benchmarks/bench_notebooks.py [NOTEBOOK ...]

Runs each notebook (all of ``notebooks/`` by default) with nbclient in a fresh kernel, without
writing anything back, and prints the wall time per notebook and the totals for the rule
notebooks (00-09), the lessons (10 onwards) and everything run, with the machine.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from ttr.tools.bench import machine

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def run(path: Path) -> float:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    start = time.perf_counter()
    client.execute()
    return time.perf_counter() - start


def main(names: list[str]) -> None:
    paths = [Path(n) for n in names] or sorted(NOTEBOOKS.glob("*.ipynb"))
    print(f"machine: {machine()}")
    times = {}
    for path in paths:
        times[path.stem] = run(path)
        print(f"{path.stem:<36}{times[path.stem]:>7.1f} s", flush=True)
    numbered = {int(name[:2]): t for name, t in times.items() if name[:2].isdigit()}
    rules = [t for number, t in numbered.items() if number < 10]
    lessons = [t for number, t in numbered.items() if number >= 10]
    if rules:
        print(f"{'rule notebooks 00-09':<36}{sum(rules):>7.1f} s")
    if lessons:
        print(f"{'lessons 10 onwards':<36}{sum(lessons):>7.1f} s")
    print(f"{'all':<36}{sum(times.values()):>7.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
