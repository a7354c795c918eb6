"""A full game with a coach (``Coach(seed=1)``).

Explanations, "why not?" and the review of the turning points (:mod:`.model`, no widgets), the
board session (:mod:`.session`) and the widget (:mod:`.widget`).
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
