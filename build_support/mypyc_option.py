"""The build backend: setuptools' own, asking for mypy too when ``TTR_COMPILE=1``.

The default build (``pip install .``, the wheel) is pure Python and needs only setuptools. With
``TTR_COMPILE=1`` in the environment, ``setup.py`` compiles the engine's hot modules with mypyc,
which ships with mypy: only then is mypy (the version pinned in ``pyproject.toml``, under
``[tool.ttr.compiled]``) a build requirement, installed into the isolated build environment.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - every other hook is setuptools' own

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def compiling() -> bool:
    """Whether this build compiles the hot modules (``TTR_COMPILE=1``)."""
    return os.environ.get("TTR_COMPILE", "") == "1"


def compiler() -> list[str]:
    """The build requirement that brings mypyc."""
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    return [config["tool"]["ttr"]["compiled"]["compiler"]]


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' answer runs setup.py, which cannot compile before mypy is there; setup.py
    asks for nothing else (no ``setup_requires``), so when compiling the answer is mypy."""
    if compiling():
        return compiler()
    return _setuptools.get_requires_for_build_wheel(config_settings)
