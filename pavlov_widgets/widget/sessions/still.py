"""A board held still under a question: the position in view, nothing on it to play.

A check-yourself question answered with buttons (a choice, a prediction) shows its position on
a board. Were that board live, its Roll button would roll the question's own scripted dice and
show the answer before the learner gave one (issue 21: no spoilers). :class:`StillSession` sits
on top of the board's game while the question waits: the board draws the same position, the
bar says where to answer, no option glows, no roll waits, and every intent is refused with
the code ``still``. It is pushed on the board's stack
(``board.push(StillSession(board.session, prompt))``); ending it
(:meth:`~.base.OverSession.end`) gives the board back to its game.
"""

from __future__ import annotations

from dataclasses import replace

from ..protocol import Intent, Refusal
from .base import Frame, OverSession, Session


class StillSession(OverSession):
    """Hold the board still: show the game below as it is, take no intent.

    Args:
        below: the session whose game is shown (it keeps its game and view).
        prompt: what the bar says instead of the game's question (where to answer).

    Raises:
        ValueError: an empty prompt.
    """

    def __init__(self, below: Session, prompt: str) -> None:
        if not isinstance(prompt, str) or not prompt.strip():
            raise ValueError("StillSession(): the prompt must be a sentence for the learner; "
                             "nothing was changed.")
        super().__init__(below)
        self.prompt = prompt.strip()

    def frame(self) -> Frame:
        """The session below's picture, with the prompt as the only thing in the bar."""
        frame = self.below.frame()
        choice = {"kind": "decision", "op": "still", "prompt": self.prompt, "rule": "",
                  "options": [], "dice": 0, "odds": []}
        return replace(frame, choice=choice, focus=(), hinting={}, question={}, roll=False,
                       view_patch={"canUndo": False, "canRedo": False})

    def say(self, prompt: str) -> None:
        """Say something else in the bar (once the question is answered); still nothing to play.

        The board is not handed back to its game: a new position would scroll the board into
        view, away from the feedback the learner is reading above it.
        """
        if not isinstance(prompt, str) or not prompt.strip():
            raise ValueError("StillSession.say(): the prompt must be a sentence for the "
                             "learner; nothing was changed.")
        self.prompt = prompt.strip()
        self.changed()

    def handle(self, intent: Intent) -> None:
        """Every intent is refused (``still``): the question is answered elsewhere."""
        raise Refusal("still", f"This board only shows the question's position ({self.prompt}); "
                               "nothing was done.")

    def why_not(self, place: str) -> tuple[str, str]:
        """Nothing is a choice on a still board; the bar says where to answer."""
        return self.prompt, ""


__all__ = ["StillSession"]
