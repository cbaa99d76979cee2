"""The shape of the package (issue 26): no import circle, lazy or not, and the engine below the
views, apps, lessons and tools.

The import graph is read from the source (``ast``), not from a running interpreter, so that an
import inside a function or under ``if TYPE_CHECKING:`` counts as much as one at the top of a
module: a circle hidden behind a lazy import is still a circle a reader has to hold in their
head. Importing ``ttr.turn.end`` from outside ``ttr.turn`` runs ``ttr/turn/__init__.py`` first,
so such an import also points at the package (``ttr`` itself excepted: every module is inside it).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

import ttr

PACKAGE = Path(ttr.__file__).parent

WINGS = ("ttr.views", "ttr.apps", "ttr.lessons", "ttr.tools")
"""The packages above the engine: they may import the engine, never the reverse."""

FRONT = ("ttr", "ttr.cli", "ttr.__main__")
"""The front door (the package's re-exports, the command line): it may import anything."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.cache
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, path: Path) -> set[str]:
    """The ttr modules that ``name`` imports anywhere in its source (lazy, typing-only too)."""
    known = modules()
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            if source not in known:
                continue
            for alias in node.names:
                child = f"{source}.{alias.name}"
                found.add(child if child in known else source)
    # importing a.b.c from outside a.b runs a.b's __init__ first
    for target in list(found):
        parts = target.split(".")
        for size in range(2, len(parts)):
            package = ".".join(parts[:size])
            if package in known and not name.startswith(package + ".") and name != package:
                found.add(package)
    found.discard(name)
    return found


@functools.cache
def graph() -> dict[str, frozenset[str]]:
    return {name: frozenset(imported(name, path)) for name, path in modules().items()}


def circles(edges: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def in_wing(name: str) -> bool:
    return any(name == wing or name.startswith(wing + ".") for wing in WINGS)


def test_the_graph_sees_every_kind_of_import():
    edges = graph()
    assert "ttr.state" in edges["ttr.game"]  # at the top
    assert "ttr.notation" in edges["ttr.game"]  # inside a method
    assert "ttr.scoring.breakdown" in edges["ttr.game"]  # under TYPE_CHECKING
    assert "ttr.scoring" in edges["ttr.game"]  # the package of a module imported from outside
    assert "ttr.board" in edges["ttr.views.svg"]


def test_the_cycle_finder_finds_a_circle():
    edges = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset()}
    assert circles(edges) == [["a", "b", "c"]]


def test_no_import_circle():
    found = circles(graph())
    detail = [
        f"{' <-> '.join(c)}: " + "; ".join(f"{m} -> {sorted(graph()[m] & set(c))}" for m in c)
        for c in found
    ]
    assert found == [], "\n".join(detail)


@pytest.mark.parametrize("name", sorted(n for n in modules() if n not in FRONT and not in_wing(n)))
def test_the_engine_imports_no_view_app_lesson_or_tool(name):
    assert sorted(target for target in graph()[name] if in_wing(target)) == []
