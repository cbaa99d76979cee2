"""The notebooks as a whole: every rule is taught somewhere, and the start page links them all.

(Each notebook's cells are checked by nbval itself: `pytest --nbval notebooks/`.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from rule_ids import RULE_IDS

from build_support.notebook_lists import TRANSLATED

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = [
    "10_the_map_as_a_graph",
    "11_shortest_paths",
    "12_spanning_and_steiner_trees",
    "13_longest_route_is_hard",
    "14_probability_at_the_table",
    "15_simulation_experiments",
    "16_cutting_the_map",
    "17_steiner_by_dynamic_programming",
    "18_chinese_postman",
    "19_a_star",
    "20_markov_chains_of_the_market",
    "21_how_a_computer_plays",
]


def text_of(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells)


def test_every_rule_notebook_app_and_lesson_exists():
    names = {p.stem for p in NOTEBOOKS.glob("*.ipynb")}
    assert {*TRANSLATED, *LESSONS} <= names


def test_every_rule_id_is_cited_by_a_notebook():
    text = "\n".join(text_of(p) for p in NOTEBOOKS.glob("*.ipynb"))
    cited = set(re.findall(r"\b(ST[1-9]|[STDCKEFV]\d{1,2})\b", text))
    missing = [rule for rule in RULE_IDS if rule not in cited]
    assert not missing, f"rules no notebook cites: {missing}"


def test_start_here_links_every_notebook():
    start = text_of(NOTEBOOKS / "00_start_here.ipynb")
    linked = set(re.findall(r"\]\(([^)#]+\.ipynb)\)", start))
    existing = {p.name for p in NOTEBOOKS.glob("*.ipynb")} - {"00_start_here.ipynb"}
    assert existing <= linked, f"not linked from 00_start_here: {sorted(existing - linked)}"
    missing = {link for link in linked - existing if not (NOTEBOOKS / link).is_file()}
    assert not missing, f"links to missing notebooks: {sorted(missing)}"


def test_notebooks_are_committed_with_their_outputs():
    for path in NOTEBOOKS.glob("*.ipynb"):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = [c for c in cells if c["cell_type"] == "code" and "".join(c["source"]).strip()]
        assert code, path.name
        unexecuted = [c for c in code if c.get("execution_count") is None]
        assert not unexecuted, f"{path.name}: {len(unexecuted)} code cells were not run"
