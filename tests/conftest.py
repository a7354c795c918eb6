"""Fixtures shared by every test: where the repository is and where artifacts go.

Test artifacts (screenshots, server logs, built wheels kept for inspection) are written to
``test-artifacts/`` at the repository root, which git ignores.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS_DIR = REPO_ROOT / "test-artifacts"

# Notebooks that tests serve or open are fixtures, not tests: keep nbval away from them.
collect_ignore_glob = ["browser/notebooks/*"]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's top folder (the one holding ``pyproject.toml``)."""
    return REPO_ROOT


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """``test-artifacts/``, created if needed: put screenshots and logs here."""
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    return ARTIFACTS_DIR


@pytest.fixture(autouse=True)
def _no_warm_workers_left() -> Iterator[None]:
    """Stop the hint's warm worker processes after each test that started them.

    They are forks of the test process and keep its open files, among them the pipe to the
    browser driver of the session: left running, the driver never sees that pipe close and
    the run hangs at its end.
    """
    yield
    from pavlov_widgets.tutor.lab import stop_workers

    stop_workers()
