"""Shared pytest configuration for the ttr-teach test suite.

Markers (``browser``, ``long``) are registered in ``pyproject.toml``; this file only adds
behaviour:

* Tests marked ``browser`` need Debian's Chromium at ``/usr/bin/chromium`` (Playwright drives
  it through ``executable_path``; never run ``playwright install``).  When it is missing they
  are skipped with a reason, except when the ``CI`` environment variable is set: then they
  run and fail loudly, so a CI machine without a browser can never pass by skipping.
* Fixtures ``repo_root``, ``chromium_path`` and ``artifacts_dir``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_MISSING = (
    "Chromium not found at /usr/bin/chromium; install Debian's chromium to run browser tests"
)


def running_in_ci() -> bool:
    """True when the CI environment variable is set to anything but an explicit 'no'."""
    return os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}


def chromium_available() -> bool:
    return CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)


def pytest_report_header(config: pytest.Config) -> str:
    if chromium_available():
        state = f"found at {CHROMIUM}"
    elif running_in_ci():
        state = f"MISSING at {CHROMIUM} (CI is set: browser tests will fail)"
    else:
        state = f"missing at {CHROMIUM} (browser tests will be skipped)"
    return f"chromium: {state}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if chromium_available() or running_in_ci():
        return
    skip = pytest.mark.skip(reason=CHROMIUM_MISSING)
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(skip)


def pytest_runtest_setup(item: pytest.Item) -> None:
    # Only reached for browser tests when CI is set (otherwise they were skipped above).
    if item.get_closest_marker("browser") is not None and not chromium_available():
        pytest.fail(f"{CHROMIUM_MISSING} (CI is set, so browser tests may not be skipped)")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """Absolute path of the repository root."""
    return ROOT


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Path to pass to ``playwright.chromium.launch(executable_path=...)``."""
    return str(CHROMIUM)


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """``test-artifacts/`` at the repository root (git-ignored), for screenshots and logs."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
