"""Hypothesis profiles of the property tests: a short one for the test command, a long one.

``default`` (the test command): 50 examples a test, the same examples every run
(``derandomize``), so the suite is quick and a failure is repeatable. ``slow``: 1,000 fresh
examples a test, chosen by a run that selects the ``slow`` marker
(``bash scripts/test.sh --slow``, ``pytest -m slow``); ``--hypothesis-profile=NAME`` chooses
either by hand. No test here takes longer than Hypothesis's deadline allows a slow machine,
so there is none.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from _pytest.mark.expression import Expression
from hypothesis import HealthCheck, settings

# Hypothesis keeps its example database out of the work tree (as tests/engine/test_places.py)
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY",
                      str(Path(tempfile.gettempdir()) / "pavlov-hypothesis"))

settings.register_profile(
    "default", max_examples=50, deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile(
    "slow", max_examples=1000, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def slow_run(markexpr: str) -> bool:
    """Whether a run with this ``-m`` expression selects the tests marked ``slow``."""
    if not markexpr:
        return True  # no expression at all: every test runs, the slow ones too
    return Expression.compile(markexpr).evaluate(lambda name, **_: name == "slow")


def pytest_configure(config: pytest.Config) -> None:
    """Load the ``slow`` profile on a slow run, else ``default`` (unless one is named)."""
    if config.getoption("hypothesis_profile", None):
        return
    settings.load_profile("slow" if slow_run(config.getoption("markexpr", "")) else "default")
