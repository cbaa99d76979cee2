"""The optional compiled build (mypyc, ``make compiled``) gives exactly the pure engine's results.

When the ``ttr`` under test is compiled, every module listed in pyproject.toml
(``[tool.ttr.compiled]``) must be an extension, and the seeded games, refusals, undo, save and
load and hostile calls of tests/compiled_games.py must read exactly as the pure-Python engine's
(the checkout's source, run in a subprocess). With the pure build (``make test``) these tests are
skipped; ``make test-compiled`` sets ``TTR_EXPECT_COMPILED=1``, which turns the skip into a
failure, so CI cannot pass by testing the pure build twice.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from compiled_games import engine_files, transcripts

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
MODULES = [
    path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    for path in CONFIG["tool"]["ttr"]["compiled"]["modules"]
]
EXPECTED = os.environ.get("TTR_EXPECT_COMPILED", "") == "1"


def is_compiled(name: str) -> bool:
    return not str(importlib.import_module(name).__file__).endswith(".py")


def require_compiled() -> None:
    """Skip (pure build) or fail (``TTR_EXPECT_COMPILED=1``) unless the build is compiled."""
    if all(is_compiled(name) for name in MODULES):
        return
    reason = "ttr is the pure-Python build (make test-compiled tests the compiled one)"
    if EXPECTED:
        pytest.fail(f"TTR_EXPECT_COMPILED=1 but {reason}: {importlib.import_module('ttr')}")
    pytest.skip(reason)


def test_every_listed_module_is_compiled():
    require_compiled()
    for name in MODULES:
        path = str(importlib.import_module(name).__file__)
        assert path.endswith(".so") and Path(path).with_suffix("").suffix.startswith(".cpython")


def pure_transcripts() -> dict:
    """tests/compiled_games.py run by this Python with the checkout's source first on the path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    env.pop("PYTHONSAFEPATH", None)
    run = subprocess.run(
        [sys.executable, "-P", str(ROOT / "tests" / "compiled_games.py")],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return json.loads(run.stdout)


def test_compiled_results_are_identical_to_pure_python():
    require_compiled()
    pure = pure_transcripts()
    assert all(path.endswith(".py") for path in pure.pop("files").values())
    compiled = transcripts()
    assert any(path.endswith(".so") for path in engine_files().values())
    assert compiled["hostile"] == pure["hostile"]
    assert len(compiled["games"]) == len(pure["games"])
    for ours, theirs in zip(compiled["games"], pure["games"], strict=True):
        for number, (line, pure_line) in enumerate(zip(ours, theirs, strict=False)):
            assert line == pure_line, (
                f"{ours[0]}, line {number}: {line[:300]!r} != {pure_line[:300]!r}"
            )
        assert len(ours) == len(theirs), ours[0]


def test_inlined_constants_name_what_they_stand_for():
    """The ``Final`` literals that the compiled build inlines (ttr.colors) agree with the
    tables they are written beside: a hand's locomotive count is ``hand[LOCO]``."""
    from ttr.colors import CARD_KINDS, GRAY, KIND_INDEX, LOCO, LOCOMOTIVE, ROUTE_COLORS

    assert CARD_KINDS[LOCO] == LOCOMOTIVE and KIND_INDEX[LOCOMOTIVE] == LOCO == len(CARD_KINDS) - 1
    assert ROUTE_COLORS[-1] == GRAY
