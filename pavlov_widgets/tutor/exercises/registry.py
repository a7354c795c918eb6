"""The check-yourself questions as data: one registry, asked by id from the notebooks.

A notebook used to build each question in a code cell, so the answer function, the
explanation and the scripted dice stood in plain view above the widget (issue 21). Now every
question lives here, in the package, as a :class:`Question`: its id ("04.fog-actions", the
notebook's number and a slug), the rule section it is about, its kind (a choice of buttons,
a click on the board, or a prediction), its text, the position it is asked on, how the
engine computes its answer, its explanation, and where its rule is taught (a walkthrough's
scenario key, or a notebook section such as ``"04#across-the-volga-load-and-deliver-20"``).
A notebook shows a question with one short call, ``quiz.ask("fog-actions")``
(:meth:`Quiz.ask <pavlov_widgets.tutor.exercises.model.Quiz.ask>`), and nothing on its
page gives the answer away before the learner has given theirs.

Every question has at least two *variants*: variant 0 is the one its notebook asks; variant
1 (and more) is a similar question, the same rule on another position or other dice, asked
later to a learner who missed it. The question modules
(:mod:`pavlov_widgets.tutor.content.questions`, one per notebook) register them; the tests
build every variant of every entry and check that the engine computes an answer that is one
of the choices offered.

Example:
    >>> q = get_question("04.fog-actions")
    >>> q.notebook, q.kind, q.rule
    ('04', 'choice', '2.2 Take up to Three Actions')
    >>> q.exercise(0).solution != () and q.exercise(1).solution != ()
    True
    >>> try:
    ...     get_question("04.fog-action")
    ... except UnknownQuestionError as exc:
    ...     print(exc)
    unknown question '04.fog-action'; did you mean 04.fog-actions?
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pavlov_widgets.engine import Game, PavlovError
from pavlov_widgets.tutor.exercises.model import (
    AnswerSpec,
    ChoiceExercise,
    ClickExercise,
    Exercise,
    ExerciseError,
    Prediction,
    _as_regions,
    _evaluate,
)

KINDS: tuple[str, ...] = ("choice", "click", "predict")
"""The three kinds of question. A choice is answered with buttons (:class:`ChoiceExercise`),
a click with a place on the board (:class:`ClickExercise`), a prediction before the card is
played (:class:`Prediction`)."""

ID_PATTERN = re.compile(r"(?P<notebook>[0-9]{2})\.(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)")
"""A question's id: the notebook's two digits, a dot, a slug of lower-case words and hyphens."""

PerVariant = str | tuple[str, ...]
"""A text that is the same for every variant, or one per variant (variant 0 first)."""

Among = str | Sequence[str] | Callable[[Game], Sequence[str]]
"""The places a click question offers: a kind of place (``"loc"``), region ids, or a
function of the position that gives them (the card halves of its hand)."""


@dataclass(frozen=True)
class ByVariant:
    """An answer spec or choices that differ by variant: one per variant, variant 0 first.

    ``answer=ByVariant(rooms_seeing("red", "purple"), rooms_seeing("green", "red"))`` when
    the similar question asks about another thing than the position alone tells.
    """

    items: tuple[Any, ...]

    def __init__(self, *items: Any) -> None:
        """One item per variant."""
        object.__setattr__(self, "items", items)


def _of(value: Any, variant: int) -> Any:
    return value.items[variant] if isinstance(value, ByVariant) else value


class UnknownQuestionError(PavlovError, KeyError):
    """A question id that is not in the registry; the message names it and the close ones."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown question"


def _pick(text: PerVariant, variant: int) -> str:
    return text if isinstance(text, str) else text[variant]


@dataclass(frozen=True)
class Question:
    """One check-yourself question of a notebook, with the position it is asked on.

    Attributes:
        id: "04.fog-actions": the notebook's number, a dot, a slug.
        rule: the rulebook section it is about ("2.2 Take up to Three Actions").
        kind: "choice", "click" or "predict" (:data:`KINDS`).
        text: the question as the learner reads it, whole, with the board shown beside it
            (never "the hand above"); one text, or one per variant.
        position: builds the game the question is asked on, for a variant (0: the
            notebook's; 1 and more: a similar question on another position or other dice).
            A choice about the box's contents may be asked on a new game.
        answer: the right answer, best a function the engine evaluates on a copy of the
            position (``Game -> answer``); for a prediction, unused (the card's own dice
            decide what happens).
        choices: the buttons of a choice question, in order.
        among: the places a click question offers (a kind, ids, or a function of the game).
        pick: how many places make a click answer; ``None``: as many as the engine's answer.
        outcomes: a prediction's outcomes, each with its test on the game after the card.
        explain: why the answer is right, in our words with the rule (one, or per variant).
        teaches: where the rule is taught: a walkthrough's scenario key
            (:mod:`pavlov_widgets.tutor.content.scenarios`) or a notebook section,
            ``"04#across-the-volga-load-and-deliver-20"`` (the heading's anchor).
        variants: how many variants :attr:`position` builds (two or more).
    """

    id: str
    rule: str
    kind: str
    text: PerVariant
    position: Callable[[int], Game]
    answer: AnswerSpec | ByVariant = ""
    choices: tuple[str, ...] | ByVariant = ()
    among: Among = ()
    pick: int | None = 1
    outcomes: Mapping[str, Callable[[Game], bool]] = field(default_factory=dict)
    explain: PerVariant = ""
    teaches: str = ""
    variants: int = 2

    def __post_init__(self) -> None:
        """Refuse a question built wrongly, naming its id and the field."""
        if ID_PATTERN.fullmatch(self.id) is None:
            raise ExerciseError(f"question id {self.id!r}: the notebook's two digits, a dot "
                                "and a slug, as '04.fog-actions'")
        problems = []
        if self.kind not in KINDS:
            problems.append(f"kind {self.kind!r} is not one of {', '.join(KINDS)}")
        if not self.rule.strip():
            problems.append("it needs the rule section it is about")
        if not self.teaches.strip():
            problems.append("teaches= must name where its rule is taught")
        if self.variants < 2:
            problems.append("it needs two variants or more")
        for name, value in (("text", self.text), ("explain", self.explain)):
            if not isinstance(value, str) and len(value) != self.variants:
                problems.append(f"{name} gives {len(value)} texts for {self.variants} variants")
        for name, spec in (("answer", self.answer), ("choices", self.choices)):
            if isinstance(spec, ByVariant) and len(spec.items) != self.variants:
                problems.append(f"{name} gives {len(spec.items)} items for {self.variants} "
                                "variants")
        if self.kind == "choice" and not problems and not all(
                len(_of(self.choices, v)) >= 2 for v in range(self.variants)):
            problems.append("a choice needs two or more choices")
        if self.kind == "click" and not self.among:
            problems.append("a click needs among= (the places it offers)")
        if self.kind == "predict" and len(self.outcomes) < 2:
            problems.append("a prediction needs two or more outcomes")
        if problems:
            raise ExerciseError(f"question {self.id}: {'; '.join(problems)}")

    @property
    def notebook(self) -> str:
        """The notebook that asks it ("04")."""
        return self.id.split(".", 1)[0]

    @property
    def slug(self) -> str:
        """The id without its notebook ("fog-actions"), as ``quiz.ask`` takes it."""
        return self.id.split(".", 1)[1]

    def _variant(self, variant: int) -> int:
        if not 0 <= variant < self.variants:
            raise ExerciseError(f"question {self.id} has variants 0 to {self.variants - 1}, "
                                f"not {variant}")
        return variant

    def question(self, variant: int = 0) -> str:
        """The text of one variant."""
        return _pick(self.text, self._variant(variant))

    def explanation(self, variant: int = 0) -> str:
        """The explanation of one variant."""
        return _pick(self.explain, self._variant(variant))

    def game(self, variant: int = 0) -> Game:
        """The position of one variant (a new game each call)."""
        return self.position(self._variant(variant))

    def exercise(self, variant: int = 0, *, number: str = "") -> Exercise:
        """The exercise of one variant: its answer computed by the engine on its position.

        Raises:
            ExerciseError: the variant does not exist, or the engine's answer is not one
                of the choices or places offered.
        """
        game = self.game(variant)
        text, explain = self.question(variant), self.explanation(variant)
        answer: AnswerSpec = _of(self.answer, variant)
        ex: Exercise
        if self.kind == "choice":
            ex = ChoiceExercise(text, _of(self.choices, variant), answer, rule=self.rule,
                                explain=explain, game=game, number=number)
        elif self.kind == "click":
            among = self.among(game.copy()) if callable(self.among) else self.among
            pick = self.pick
            if pick is None:  # as many places as the engine's answer has
                pick = len(_as_regions(_evaluate(answer, game, self.id)))
            ex = ClickExercise(text, game, answer, among=among, rule=self.rule,
                               explain=explain, pick=pick, number=number)
        else:
            ex = Prediction(game, text, self.outcomes, rule=self.rule, explain=explain,
                            number=number)
        ex.question_id = self.id
        ex.variant = variant
        ex.teaches = self.teaches
        return ex


QUESTIONS: dict[str, Question] = {}
"""Every registered question by id, in the order registered (notebook by notebook)."""


def register(question: Question) -> Question:
    """Add a question to the registry (its module does it when imported).

    Raises:
        ExerciseError: another question already has this id.
    """
    if question.id in QUESTIONS and QUESTIONS[question.id] is not question:
        raise ExerciseError(f"question {question.id} is registered twice; give it another slug")
    QUESTIONS[question.id] = question
    return question


def _load() -> None:
    """Import every notebook's question module (they register on import)."""
    import pavlov_widgets.tutor.content.questions  # noqa: F401


def questions(notebook: str | None = None) -> list[Question]:
    """Every question, or one notebook's ("04"), in the order its notebook asks them."""
    _load()
    return [q for q in QUESTIONS.values() if notebook is None or q.notebook == notebook]


def get_question(qid: str) -> Question:
    """The question of this id ("04.fog-actions").

    Raises:
        UnknownQuestionError: no such question; the message names the id and the close
            ones (or the notebook's questions, or every notebook that has some).
    """
    _load()
    if qid in QUESTIONS:
        return QUESTIONS[qid]
    # the notebook's own questions first: a slip in the slug, then every slug of it
    same = [k for k in QUESTIONS if k.split(".")[0] == qid.split(".")[0]]
    close = (difflib.get_close_matches(qid, same, n=4, cutoff=0.6)
             or difflib.get_close_matches(qid, list(QUESTIONS), n=4, cutoff=0.6) or same)
    if close:
        hint = f"did you mean {', '.join(close)}?"
    else:
        notebooks = sorted({q.notebook for q in QUESTIONS.values()})
        hint = f"the notebooks with questions are {', '.join(notebooks)}"
    raise UnknownQuestionError(f"unknown question {qid!r}; {hint}")


__all__ = [
    "ID_PATTERN",
    "KINDS",
    "QUESTIONS",
    "ByVariant",
    "Question",
    "UnknownQuestionError",
    "get_question",
    "questions",
    "register",
]

