"""A question asked on the board: the asked places glow, a click on one answers.

:class:`AskSession` sits on top of the session that was driving the board (play, a
walkthrough): it draws the same game, but the asked places glow in the question's colour
instead of the game's options, the bar shows the prompt, and the only intent it takes is an
:class:`~pavlov_widgets.widget.protocol.Answer` on one of the asked places, handed to
``on_answer``. The learner answers, not plays: every other intent is refused with the code
``asking``. The question stays until it is ended (:meth:`~.base.OverSession.end`), so ``on_answer``
may take several answers.

Once answered, the question can be *settled* (:meth:`AskSession.settle`): the bar then shows
the feedback where the learner is looking, with buttons of its own ("Try again"), and the board
keeps showing the question's position (it does not turn back into a live game whose next roll
reads like a new task).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ..protocol import Answer, Choose, Intent, Refusal, short
from .base import Frame, OverSession, Session


class AskSession(OverSession):
    """Ask the learner to click one of ``places`` (a question on the board).

    Args:
        below: the session the question is asked over (it keeps its game and view).
        prompt: the question, a sentence for the learner.
        places: the places that answer it (place ids, each one the board draws).
        on_answer: called with the place clicked (its id).

    Raises:
        ValueError: an empty prompt, no places, or an ``on_answer`` that cannot be called.
    """

    def __init__(self, below: Session, prompt: str, places: Iterable[str],
                 on_answer: Callable[[str], None]) -> None:
        if not isinstance(prompt, str) or not prompt.strip():
            raise ValueError(f"Board.ask(): the prompt must be a sentence for the learner, not "
                             f"{short(prompt)}; nothing was asked.")
        if not callable(on_answer):
            raise ValueError(f"Board.ask(): on_answer must be a function taking the place "
                             f"clicked, not {short(on_answer)}; nothing was asked.")
        asked = list(dict.fromkeys(places))
        if not asked:
            raise ValueError("Board.ask(): no places given; nothing was asked.")
        super().__init__(below)
        self.prompt = prompt.strip()
        self.places = tuple(asked)
        self.on_answer = on_answer
        # text, rule, focus and tone ("right", "wrong" or "") of the settled feedback
        self._feedback: tuple[str, str, tuple[str, ...], str] | None = None
        self._buttons: dict[str, Callable[[], None]] = {}

    def frame(self) -> Frame:
        """The session below's picture, with the question (or its feedback) as the choice."""
        frame = self.below.frame()
        if self._feedback is not None:
            # the feedback in the bar, its buttons beside it (a button's id is its label);
            # nothing glows on the board. The tone says right or wrong: the bar's colour.
            text, rule, focus, tone = self._feedback
            options = [{"id": label, "label": label, "targets": []} for label in self._buttons]
            choice = {"kind": "decision", "op": "feedback", "tone": tone, "prompt": text,
                      "rule": rule, "options": options, "dice": 0, "odds": []}
            return replace(frame, choice=choice, focus=focus, hinting={}, question={},
                           view_patch={"canUndo": False, "canRedo": False})
        return replace(frame, focus=self.places, hinting={},
                       question={"prompt": self.prompt, "regions": list(self.places)})

    def settle(self, text: str, rule: str, focus: Iterable[str] = (),
               buttons: dict[str, Callable[[], None]] | None = None,
               correct: bool | None = None) -> None:
        """The question is answered: show ``text`` (the feedback) in the bar with ``buttons``.

        ``focus`` is what the feedback is about (the right answer): kept in view. A click on
        a button calls its function; :meth:`ask_again` asks the question once more.
        ``correct`` colours the bar: green when right, red when not (None: neither).
        """
        tone = "" if correct is None else "right" if correct else "wrong"
        self._feedback = (text, rule, tuple(focus), tone)
        self._buttons = dict(buttons or {})
        self.changed()

    def ask_again(self) -> None:
        """Ask the question once more (after :meth:`settle`)."""
        self._feedback, self._buttons = None, {}
        self.changed()

    @property
    def settled(self) -> bool:
        """Whether the question was answered and its feedback shows (:meth:`settle`)."""
        return self._feedback is not None

    def handle(self, intent: Intent) -> None:
        """An answer goes to ``on_answer``, a feedback button to its function.

        Anything else is refused (``asking``).
        """
        if isinstance(intent, Answer) and self._feedback is None:
            self.answer(intent.place.id)
            return
        if isinstance(intent, Choose) and intent.option in self._buttons:
            self._buttons[intent.option]()
            return
        raise Refusal("asking", f"The board asks a question now ({self.prompt}): click one of "
                                "the glowing places to answer; nothing was done.")

    def answer(self, place: str) -> None:
        """Answer with ``place``, as a click on it does.

        Raises:
            Refusal: ``not-asked``: not one of the asked places (the message lists them);
                ``not-here``: the question has ended. ``on_answer`` is not called.
        """
        if self.board is None:
            raise Refusal("not-here", f"AskSession.answer(): the question has ended "
                                      f"({self.prompt}); nothing was done.")
        if place not in self.places:
            listed = ", ".join(self.places[:12]) + (", ..." if len(self.places) > 12 else "")
            raise Refusal("not-asked", f"AskSession.answer(): {short(place)} is not one of the "
                                       f"places asked about ({listed}); nothing was done.")
        self.on_answer(place)

    def why_not(self, place: str) -> tuple[str, str]:
        """While a question is asked, no place is refused: the prompt says what to click."""
        return "", ""


__all__ = ["AskSession"]
