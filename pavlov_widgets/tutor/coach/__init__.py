"""A full game with a coach (``Coach(seed=1)``).

Explanations and "why not?" (:mod:`.model`, no widgets), the end-of-game review that tells
choices from luck (:mod:`.review`) on the coach's expected score (:mod:`.value`), the board
session (:mod:`.session`) and the widget (:mod:`.widget`).
"""

from .model import (
    Review,
    TurningPoint,
    UnknownPlaceError,
    explain,
    resolve_place,
    review,
    static_value,
    value,
    why_not,
)
from .session import CoachSession
from .widget import Coach

__all__ = [
    "Coach",
    "CoachSession",
    "Review",
    "TurningPoint",
    "UnknownPlaceError",
    "explain",
    "resolve_place",
    "review",
    "static_value",
    "value",
    "why_not",
]
