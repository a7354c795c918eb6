"""The coach on the board: play, and every "why not?" asked by a click shows in the coach too.

:class:`CoachSession` is a :class:`~pavlov_widgets.widget.PlaySession` that tells the
:class:`~pavlov_widgets.tutor.coach.Coach` each reason it gives for a place that is not a
choice, so the coach's "Why not…?" answer follows the learner's clicks on the board as well as
the places they type. It reads no message from the browser itself: the board reads each one
once (:mod:`pavlov_widgets.widget.protocol`) and asks its session.
"""

from __future__ import annotations

from collections.abc import Callable

from pavlov_widgets.engine import Game
from pavlov_widgets.widget import PlaySession


class CoachSession(PlaySession):
    """Play ``game`` and report every refusal's reason to ``on_reason(text, rule)``."""

    def __init__(self, game: Game, on_reason: Callable[[str, str], None]) -> None:
        super().__init__(game)
        self.on_reason = on_reason

    def why_not(self, place: str) -> tuple[str, str]:
        """The reason, as a play session gives it; the coach shows it too."""
        text, rule = super().why_not(place)
        if text:
            self.on_reason(text, rule)
        return text, rule


__all__ = ["CoachSession"]
