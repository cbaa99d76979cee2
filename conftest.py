"""Repository-wide pytest hook (loaded for every test path, including notebooks/).

``addopts`` in pyproject.toml passes ``--nbval-sanitize-with tests/sanitize.cfg``, a path that
nbval opens relative to the current directory.  Resolve it against the repository root so that
running pytest from a subdirectory (``cd notebooks && pytest``) works too.

The Korean and Chinese notebooks (``notebooks/ko/``, ``notebooks/zh/``) run with the kernel
their metadata names, ``ttr-ko`` or ``ttr-zh`` (see :func:`pytest_runtest_setup`). Everything
else lives in tests/conftest.py.

A ``TTR_LANG`` set in the developer's shell is dropped here: the English notebooks and tests
expect English, and the Korean kernel sets the language itself.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest

os.environ.pop("TTR_LANG", None)


def pytest_configure(config: pytest.Config) -> None:
    sanitize = getattr(config.option, "nbval_sanitize_with", None)
    if sanitize and not os.path.isabs(sanitize) and not os.path.exists(sanitize):
        candidate = config.rootpath / sanitize
        if candidate.exists():
            config.option.nbval_sanitize_with = str(candidate)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    """Start a Korean notebook's kernel from its kernelspec, ``ttr-ko``, not from this Python.

    ``--nbval-current-env`` (pyproject.toml) runs every notebook in the Python that runs pytest,
    whichever kernel the notebook names, so that no other ``python3`` kernelspec can stand in.
    The Korean notebooks name ``ttr-ko``: the same Python with ``TTR_LANG=ko`` (installed into
    the venv by ``make venv``), which is what a learner gets in JupyterLab and what makes the
    engine speak Korean there. nbval reads the option when a notebook's first cell is set up.
    """
    option = item.config.option
    korean = item.path.suffix == ".ipynb" and item.path.parent.name in ("ko", "zh")
    if not (korean and getattr(option, "nbval_current_env", False)):
        return (yield)
    option.nbval_current_env = False
    try:
        return (yield)
    finally:
        option.nbval_current_env = True
