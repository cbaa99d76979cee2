"""Repository-wide pytest hook (loaded for every test path, including notebooks/).

``addopts`` in pyproject.toml passes ``--nbval-sanitize-with tests/sanitize.cfg``, a path that
nbval opens relative to the current directory.  Resolve it against the repository root so that
running pytest from a subdirectory (``cd notebooks && pytest``) works too.
Everything else lives in tests/conftest.py.
"""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    sanitize = getattr(config.option, "nbval_sanitize_with", None)
    if sanitize and not os.path.isabs(sanitize) and not os.path.exists(sanitize):
        candidate = config.rootpath / sanitize
        if candidate.exists():
            config.option.nbval_sanitize_with = str(candidate)
