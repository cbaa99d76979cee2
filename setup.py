"""Builds the package; the metadata is in pyproject.toml.

``pip install .`` (and the wheel) is pure Python. ``TTR_COMPILE=1 pip install .`` (or ``make
compiled``) also compiles the engine's hot modules, listed in pyproject.toml under
``[tool.ttr.compiled]``, with mypyc: the same source run as C extensions, faster, with the same
results (tests/test_compiled.py). The ``.py`` files are installed beside them.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent


def compiled_modules() -> list[Extension]:
    """The mypyc extensions when ``TTR_COMPILE=1``, else none."""
    if os.environ.get("TTR_COMPILE", "") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit(
            "TTR_COMPILE=1 needs mypyc (it comes with mypy) in the build environment"
        ) from None
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return mypycify(config["tool"]["ttr"]["compiled"]["modules"], group_name="ttr")


setup(ext_modules=compiled_modules())
