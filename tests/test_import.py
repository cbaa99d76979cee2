"""What ``import ttr`` loads (issue 12, point 9: a quick start-up): the engine, and not the
modules only some programs need. A structural test, in a fresh interpreter; the time itself is
measured by ``python -m ttr bench import``, never in a test."""

from __future__ import annotations

import functools
import json
import subprocess
import sys

import pytest

LATER = (
    # the standard library: saves and scenario files, the board files, suggestions
    "json",
    "tempfile",
    "shutil",
    "difflib",
    "csv",
    "importlib.resources",
    # the libraries of the views and bots
    "networkx",
    "matplotlib",
    "ipywidgets",
    "tqdm",
    # the parts of the package a playing engine does not need
    "ttr.notation",
    "ttr.persist",
    "ttr.scenario",
    "ttr.staging",
    "ttr.scoring",
    "ttr.tools.simulation",
    "ttr.tools.ladder",
    "ttr.agents",
    "ttr.views.svg",
    "ttr.views.widgets",
)


def loaded_by(code: str) -> set[str]:
    """The modules loaded in a fresh interpreter once ``code`` has run."""
    script = (
        f"{code}\nimport sys\nloaded = sorted(sys.modules)\nimport json\nprint(json.dumps(loaded))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    ).stdout
    return set(json.loads(out))


@functools.cache
def start_up() -> set[str]:
    """What the interpreter loads before any code runs (site, .pth files): not ttr's doing."""
    return loaded_by("pass")


def modules_after(code: str) -> set[str]:
    """The modules ``code`` loads, beyond those of the interpreter's start-up."""
    return loaded_by(code) - start_up()


@pytest.fixture(scope="module")
def after_import() -> set[str]:
    return modules_after("import ttr")


@pytest.mark.parametrize("module", LATER)
def test_import_ttr_does_not_load(after_import, module):
    assert module not in after_import


def test_import_ttr_loads_the_engine(after_import):
    assert {"ttr.game", "ttr.state", "ttr.legal", "ttr.turn", "ttr.board"} <= after_import


def test_a_new_game_loads_the_board_files_but_not_the_rest():
    loaded = modules_after("import ttr\nttr.Game('usa', ['Ann', 'Ben']).legal_actions()")
    assert "importlib.resources" in loaded and "csv" in loaded
    assert not loaded & {"json", "ttr.notation", "ttr.scoring", "ttr.scenario", "networkx"}


def test_the_lazy_names_load_on_first_use():
    loaded = modules_after(
        "import ttr\nfrom ttr import load_scenario, stage, simulate, Tournament\n"
        "assert callable(load_scenario) and callable(stage) and callable(simulate)"
    )
    assert {"ttr.scenario", "ttr.tools.simulation", "ttr.tools.ladder"} <= loaded


def test_staging_loads_when_a_position_is_staged():
    assert "ttr.staging" not in modules_after("import ttr")
    assert "ttr.staging" in modules_after("import ttr\nttr.stage('usa', 2, hands={0: {}})")


def test_an_unknown_name_is_an_attribute_error():
    import ttr

    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        ttr.nope  # noqa: B018
    assert {"load_scenario", "simulate", "Game"} <= set(dir(ttr))
