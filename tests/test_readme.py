"""The README's Python examples run as written (doctest), as python-chess does with its own;
every ``make`` and ``python -m ttr`` command it names exists (issue 30)."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 5
    assert result.failed == 0


ROOT = README.parent
MAKE_TARGET = re.compile(r"`?make ([a-z][a-z-]*)(?: ([A-Z]+=\S+?))?`?(?=[\s,.`·)]|$)")
PYTHON_M_TTR = re.compile(r"python -m ttr ([a-z]+)")


def readme_make_commands() -> list[tuple[str, ...]]:
    """Every ``make TARGET [VAR=VALUE]`` the README names, once each."""
    found = dict.fromkeys(
        tuple(part for part in match.groups() if part)
        for match in MAKE_TARGET.finditer(README.read_text(encoding="utf-8"))
    )
    return list(found)


@pytest.mark.parametrize("command", readme_make_commands(), ids=" ".join)
def test_every_make_command_of_the_readme_exists(command):
    """A dry run (``make -n``) of each command the README names: the target exists and its
    recipe expands (nothing is run)."""
    result = subprocess.run(
        ["make", "-n", *command], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "command", sorted(set(PYTHON_M_TTR.findall(README.read_text(encoding="utf-8"))))
)
def test_every_command_line_command_of_the_readme_has_help(command):
    result = subprocess.run(
        [sys.executable, "-m", "ttr", command, "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and "usage:" in result.stdout, result.stderr
