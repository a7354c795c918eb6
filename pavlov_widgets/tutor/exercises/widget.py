"""The widgets of the exercises: a question on the board, buttons, feedback, the score.

:mod:`.exercises` holds the questions and grades them; this module only shows them with
ipywidgets around the project's :class:`~pavlov_widgets.widget.Board`, and turns clicks into
:meth:`Exercise.answer <pavlov_widgets.tutor.exercises.model.Exercise.answer>` calls. An answer
given from code (``ex.answer("square:P3")``) shows here too: every widget follows its
exercise.

- A click exercise asks its question on the board (:meth:`Board.ask
  <pavlov_widgets.widget.Board.ask>`, an :class:`~pavlov_widgets.widget.AskSession`): the
  places it asks about glow, a click answers (or, when several places make an answer, selects
  them until *Check*). The feedback names the rule and shows in the board's bar (only
  there), where the learner clicked, green when right and red when not, with *Try again*
  (*Ask again* after a right answer) beside it; the right places are marked green on the
  board, a wrong pick red. The first answer is the one the score keeps.
- A choice exercise is a row of buttons above the position's board when it has one.
- A prediction shows the position, one button per outcome; the pick resolves the card on
  the board (the log says what the dice did) and the exact odds of every outcome appear as
  bars. *Roll it again* replays the card with fresh dice, to see chance at work.

A question of the registry (asked by ``quiz.ask``) is kept in the learner's progress
(:mod:`pavlov_widgets.tutor.progress`) when it is first answered here. A wrong first answer
says, in whole sentences, which walkthrough or section teaches its rule (with a link) and that
a similar question will come back: the score at the end of the notebook offers it, and so does
notebook 01's course map (:mod:`pavlov_widgets.tutor.course`; issue 21).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from pavlov_widgets.engine.text import percent
from pavlov_widgets.tutor.access import Access
from pavlov_widgets.tutor.course import (
    COMES_BACK,
    COMES_BACK_AGAIN,
    MADE_GOOD,
    RevisitList,
    course_notebooks,
    where_taught,
)
from pavlov_widgets.tutor.exercises.model import (
    ChoiceExercise,
    ClickExercise,
    Exercise,
    ExerciseError,
    Feedback,
    Prediction,
    Quiz,
    play_card,
)
from pavlov_widgets.tutor.progress import progress
from pavlov_widgets.widget import AskSession, Board, StillSession

RIGHT = "#2e7d32"
WRONG = "#b23b3b"


def _question_html(ex: Exercise) -> str:
    return (f"<div style='font-size:1.05em'><b>{html.escape(ex.number)}</b> "
            f"{html.escape(ex.question)} <i style='color:#555'>({html.escape(ex.rule)})</i>"
            "</div>")


def feedback_html(feedback: Feedback | None, follow_up: str = "") -> str:
    """The feedback as HTML: green when right (or came true), red otherwise.

    ``follow_up`` is HTML said after it (where the rule is taught: :func:`follow_up`). Its
    widget (``.pavlov-feedback``) is the live region that announces it (see ACCESS).
    """
    if feedback is None:
        return ""
    colour = RIGHT if feedback.correct else WRONG
    more = f"<div style='margin-top:4px'>{follow_up}</div>" if follow_up else ""
    return (f"<div style='border-left:4px solid {colour};padding:4px 8px;"
            f"margin:4px 0'>{html.escape(feedback.message)}{more}</div>")


def follow_up(exercise: Exercise, *, as_html: bool = False) -> str:
    """What an answer to a registry question adds: where its rule is taught, and more.

    After a wrong answer: where the rule is taught, and that a similar question will come back
    (issue 21); after a similar question's right answer: that the miss is made good. "" after
    any other right answer, for a prediction (chance, not a mistake) or a question built by
    hand (no registry entry).
    """
    feedback = exercise.last
    if feedback is None or isinstance(exercise, Prediction) or not exercise.question_id:
        return ""
    if feedback.correct:
        # only a first answer counts (see _keep): a right one after Try again makes nothing good
        return MADE_GOOD if exercise.variant > 0 and feedback is exercise.first else ""
    taught = where_taught(exercise.teaches, course_notebooks(), as_html=as_html)
    back = COMES_BACK if exercise.variant == 0 else COMES_BACK_AGAIN
    return f"{taught} {back}".strip()


ACCESS: dict[str, Any] = {
    "live": {".pavlov-feedback": ("status", "Exercise feedback"),
             ".pavlov-exercise-error": ("alert", "Exercise message")},
}
"""What :class:`~pavlov_widgets.tutor.access.Access` says of an exercise: its feedback and a
refused answer are announced (issue 19)."""


STILL_CHOICE = "Answer with one of the buttons above; this board shows the question's position."
"""The bar of a choice question's board until it is answered (a still board, issue 21)."""

STILL_ANSWERED = ("You have answered: the feedback is above. This board keeps showing the "
                  "question's position.")
"""The bar of a choice question's board once it is answered (still: the feedback stays in view)."""

STILL_PREDICT = ("Predict with one of the buttons above; the card is played here once you "
                 "have.")
"""The bar of a prediction's board until the learner has predicted (a still board)."""


def _hold_still(board: Board, prompt: str) -> StillSession:
    """Hold ``board`` still under ``prompt`` until the question is answered (no spoilers)."""
    held = StillSession(board.session, prompt)
    board.push(held)
    return held


class _ExerciseWidget(widgets.VBox):  # type: ignore[misc]
    """What every exercise widget has: the question, the feedback, an error line."""

    def __init__(self, exercise: Exercise, body: list[Any]) -> None:
        self.exercise = exercise
        self.question = widgets.HTML(_question_html(exercise))
        self.feedback = widgets.HTML()
        self.error = widgets.HTML()
        self.access = Access(".pavlov-exercise", **ACCESS)
        # The feedback sits right under the question, above the board: in view after a click.
        super().__init__([self.access, self.question, self.error, self.feedback, *body],
                         layout=widgets.Layout(border="1px solid #ddd", padding="6px",
                                               margin="6px 0"))
        # Names a page (and the browser tests) can find the exercise by.
        self.add_class("pavlov-exercise")
        self.add_class(f"pavlov-exercise-{exercise.kind}")
        self.feedback.add_class("pavlov-feedback")
        self.error.add_class("pavlov-exercise-error")
        self._stop = exercise.on_answer(lambda _e: self._answered())
        self._stop_keeping = exercise.on_answer(lambda _e: self._keep())

    def _keep(self) -> None:
        """Keep a registry question's first answer in the learner's progress.

        Only an exercise's first answer: *Try again* after the right answer is shown must
        not make a missed question good, nor count another try of a similar question.
        """
        ex = self.exercise
        if (not ex.question_id or isinstance(ex, Prediction) or ex.first is None
                or ex.last is not ex.first):
            return
        progress().record(ex.question_id, ex.first.correct, ex.variant, ex.first.given)

    def _answer(self, value: Any) -> None:
        """Answer from a click; a refusal is shown and changes nothing."""
        try:
            self.exercise.answer(value)
        except ExerciseError as exc:
            self.error.value = f"<span style='color:{WRONG}'>{html.escape(str(exc))}</span>"
        else:
            self.error.value = ""

    def _answered(self) -> None:
        self.feedback.value = feedback_html(self.exercise.last,
                                            follow_up(self.exercise, as_html=True))

    def close(self) -> None:
        """Stop following the exercise and close the widget."""
        self._stop()
        self._stop_keeping()
        super().close()

    def __repr__(self) -> str:
        return repr(self.exercise)


class ClickWidget(_ExerciseWidget):
    """A :class:`~pavlov_widgets.tutor.exercises.model.ClickExercise` on the board."""

    def __init__(self, exercise: ClickExercise) -> None:
        """Ask the board the question."""
        self.board = Board.from_game(exercise.game.copy())
        # Only the panels the question is about where the whole board does not fit: the
        # places to click stay in view.
        self.board.fit_focus = True
        self._question: AskSession | None = None
        self.selected: list[str] = []
        self.picked = widgets.HTML()
        self.check_button = widgets.Button(description="Check", button_style="primary",
                                           disabled=True)
        self.clear_button = widgets.Button(description="Clear")
        row = [self.picked, self.check_button, self.clear_button] if exercise.pick > 1 else []
        # a pick of several places: the selection and Check above the board, in view
        super().__init__(exercise, [widgets.HBox(row), self.board] if row else [self.board])
        # The feedback shows in the board's bar (see _answered), not above the board as well:
        # told twice, it pushed the board and its rings down the screen.
        self.feedback.layout.display = "none"
        self.check_button.on_click(lambda _b: self._answer(list(self.selected)))
        self.clear_button.on_click(lambda _b: self._clear())
        self._ask()
        if exercise.last is not None:
            self._answered()

    def _prompt(self) -> str:
        ex = self.exercise
        assert isinstance(ex, ClickExercise)
        if ex.pick == 1:
            return ex.question
        return f"{ex.question} (pick {ex.pick}, then Check)"

    def _ask(self) -> None:
        ex = self.exercise
        assert isinstance(ex, ClickExercise)
        self.board.clear_marks()
        self.selected = []
        self._show_selection()
        if self._question is not None and self._question.board is self.board:
            self._question.ask_again()
        else:
            self._question = self.board.ask(self._prompt(), ex.among, self._clicked)

    def _clicked(self, region: str) -> None:
        ex = self.exercise
        assert isinstance(ex, ClickExercise)
        if ex.pick == 1:
            self._answer(region)
            return
        if region in self.selected:
            self.selected.remove(region)
        elif len(self.selected) < ex.pick:
            self.selected.append(region)
        self._show_selection()

    def _clear(self) -> None:
        self.selected = []
        self._show_selection()

    def _show_selection(self) -> None:
        ex = self.exercise
        assert isinstance(ex, ClickExercise)
        self.board.clear_marks("focus")
        if self.selected:
            self.board.mark(self.selected, "focus")
        self.picked.value = (f"Picked {len(self.selected)} of {ex.pick}: "
                             f"{html.escape(ex._words(tuple(self.selected)) or '—')}")
        self.check_button.disabled = len(self.selected) != ex.pick

    def _answered(self) -> None:
        super()._answered()
        feedback = self.exercise.last
        if feedback is None:
            return
        self.board.clear_marks()
        self.board.mark(feedback.solution, "right")
        wrong = [r for r in feedback.given if r not in feedback.solution]
        if wrong:
            self.board.mark(wrong, "wrong")
        if self._question is not None:
            # the feedback where the learner is looking: in the board's bar, Try again beside
            again = "Try again" if not feedback.correct else "Ask again"
            message = f"{feedback.message} {follow_up(self.exercise)}".strip()
            self._question.settle(message, feedback.rule,
                                  focus=(*feedback.solution, *wrong),
                                  buttons={again: self._ask}, correct=feedback.correct)


class ChoiceWidget(_ExerciseWidget):
    """A :class:`~pavlov_widgets.tutor.exercises.model.ChoiceExercise`: one button per answer."""

    def __init__(self, exercise: ChoiceExercise) -> None:
        """A button per answer offered, above the position's board when there is one."""
        self.buttons = [widgets.Button(description=a, tooltip=a) for a in exercise.answers]
        for button, offered in zip(self.buttons, exercise.answers, strict=True):
            button.on_click(lambda _b, a=offered: self._answer(a))
        # the buttons above the board: the question and its choices in view together
        body: list[Any] = [widgets.HBox(self.buttons,
                                        layout=widgets.Layout(flex_flow="row wrap"))]
        self.board = Board.from_game(exercise.game.copy()) if exercise.game else None
        self._still = _hold_still(self.board, STILL_CHOICE) if self.board is not None else None
        if self.board is not None:
            body.append(self.board)
        super().__init__(exercise, body)
        if exercise.last is not None:
            self._answered()

    def _answered(self) -> None:
        super()._answered()
        feedback = self.exercise.last
        if feedback is None:
            return
        if self._still is not None:
            # Still after the answer too: handing the board back to its game would make a new
            # position, which scrolls the board into view, away from the feedback above it.
            self._still.say(STILL_ANSWERED)
        for button in self.buttons:
            if button.description in feedback.solution:
                button.button_style = "success"
            elif button.description in feedback.given:
                button.button_style = "danger"
            else:
                button.button_style = ""


def odds_html(ex: Prediction, happened: str) -> str:
    """The exact odds of every outcome as bars; the one that happened in bold."""
    rows = []
    for outcome in ex.odds:
        width = float(outcome.probability) * 240
        name = html.escape(outcome.name)
        if outcome.name == happened:
            name = f"<b>{name} ← this time</b>"
        rows.append(
            f"<tr><td style='padding-right:8px'>{name}</td>"
            f"<td style='text-align:right;padding-right:8px'>{percent(outcome.probability)}"
            f"</td><td><div style='background:#6a8caf;height:12px;width:{width:.0f}px'>"
            "</div></td></tr>")
    return f"<table>{''.join(rows)}</table>"


class PredictWidget(_ExerciseWidget):
    """A :class:`~pavlov_widgets.tutor.exercises.model.Prediction`: predict, then reveal."""

    def __init__(self, exercise: Prediction) -> None:
        """The position on a board and a button per outcome."""
        # Held still until the prediction: the card played on this board before it, with its
        # own dice or fresh ones, would show what happens before the learner has said it
        # (issue 21). The answer puts the card's outcome on the board (game setter: unheld).
        self.board = Board.from_game(exercise.game.copy())
        _hold_still(self.board, STILL_PREDICT)
        self.buttons = [widgets.Button(description=o, tooltip=o) for o in exercise.outcomes]
        for button, outcome in zip(self.buttons, exercise.outcomes, strict=True):
            button.on_click(lambda _b, o=outcome: self._answer(o))
        self.odds = widgets.HTML()
        self.again_button = widgets.Button(description="Roll it again",
                                           tooltip="The same card with fresh dice")
        self.again_button.layout.display = "none"
        self.again_button.on_click(lambda _b: self._again())
        self.seed = 0
        super().__init__(exercise, [
            widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap")),
            self.board, self.odds, self.again_button])
        if exercise.last is not None:
            self._answered()

    def _answered(self) -> None:
        super()._answered()
        ex = self.exercise
        assert isinstance(ex, Prediction)
        feedback = ex.last
        if feedback is None:
            return
        self.board.game = ex.after.copy()
        self.odds.value = odds_html(ex, ex.happened)
        for button in self.buttons:
            button.button_style = "info" if button.description in feedback.given else ""
        self.again_button.layout.display = ""

    def _again(self) -> None:
        """The same card with the next seed's dice: what else could have happened."""
        ex = self.exercise
        assert isinstance(ex, Prediction)
        self.seed += 1
        after, _entries = play_card(ex.game.fork(seed=self.seed, auto_roll=False))
        happened = next((n for n, test in ex.outcomes.items() if test(after)),
                        "something else")
        self.board.game = after
        self.odds.value = odds_html(ex, happened)


class ScoreWidget(widgets.VBox):  # type: ignore[misc]
    """A notebook's score, then its questions to revisit; it follows every answer.

    Under the score, each question of this notebook the learner missed (in this session or an
    earlier one) is listed with what teaches its rule and a button that asks a similar
    question (:class:`~pavlov_widgets.tutor.course.RevisitList`).
    """

    def __init__(self, quiz: Quiz) -> None:
        """Show the score now and after every answer, and the questions to revisit."""
        self.quiz = quiz
        self.score = widgets.HTML(quiz._repr_html_())
        self.progress = progress()
        self.revisit = RevisitList(self.progress, quiz.notebook, course_notebooks())
        browser = self.progress.browser
        # where the answers are kept, said here when something is amiss (a file refused and
        # set aside, the browser's storage instead of a file): this may be the only place
        # the learner looks
        self.notice = widgets.HTML(
            f"<p style='color:{WRONG}'>{html.escape(self.progress.notice)}</p>"
            if self.progress.notice else "")
        super().__init__([self.score, self.notice, self.revisit,
                          *([browser] if browser else [])])
        self.add_class("pavlov-score")
        self._stop = quiz.on_change(lambda q: setattr(self.score, "value", q._repr_html_()))

    @property
    def value(self) -> str:
        """The score's HTML (as shown)."""
        return str(self.score.value)

    def close(self) -> None:
        """Stop following the quiz and the progress, and close the widget."""
        self._stop()
        self.revisit.close()
        super().close()

    def __repr__(self) -> str:
        return repr(self.quiz)


def make_widget(exercise: Exercise) -> _ExerciseWidget:
    """The widget that shows this exercise."""
    if isinstance(exercise, ClickExercise):
        return ClickWidget(exercise)
    if isinstance(exercise, ChoiceExercise):
        return ChoiceWidget(exercise)
    if isinstance(exercise, Prediction):
        return PredictWidget(exercise)
    raise TypeError(f"no widget for {type(exercise).__name__}")


__all__ = ["ChoiceWidget", "ClickWidget", "PredictWidget", "ScoreWidget", "feedback_html",
           "follow_up", "make_widget", "odds_html"]
