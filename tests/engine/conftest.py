"""Shared set-up of the engine tests: the playout counts in pytest's header, and a fixture.

Position builders and the invariant checker live in :mod:`tests.engine.helpers` (plain
functions, so scenario tests read as a script of the position).
"""

from __future__ import annotations

import os

import pytest

from pavlov_widgets.engine import Game


def pytest_report_header() -> str:
    """Say how many random playouts this run plays (and how to change it)."""
    many = os.environ.get("PAVLOV_PLAYOUTS", "1500")
    full = os.environ.get("PAVLOV_PLAYOUTS_FULL", "150")
    return (f"engine playouts: {many} games with cheap checks + {full} fully checked "
            "(PAVLOV_PLAYOUTS, PAVLOV_PLAYOUTS_FULL)")


@pytest.fixture
def new_game() -> Game:
    """A fresh seeded game at its first decision (turn 1, Soviet Card Phase)."""
    return Game.new(seed=1)
