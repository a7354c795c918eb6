"""The question registry (issue 21): every entry, every variant, built and answered by the engine.

For each registered question and each of its variants: it builds; the engine computes its
answer, which is one of the choices or places offered; variant 1 is another position or
other dice than variant 0 (a similar question, not the same one again); and ``teaches``
names a walkthrough's scenario or a heading of its notebook. Also: the errors of the
registry (an unknown id lists close ones, a question built wrongly names its field) and
``Quiz.ask`` numbering the question in its quiz.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pavlov_widgets.engine import PavlovError
from pavlov_widgets.tutor import Quiz
from pavlov_widgets.tutor.content import scenario_names
from pavlov_widgets.tutor.course import course_notebooks
from pavlov_widgets.tutor.exercises import (
    ChoiceExercise,
    ClickExercise,
    ExerciseError,
    Prediction,
    Question,
    UnknownQuestionError,
    get_question,
    questions,
    register,
)
from pavlov_widgets.tutor.exercises.model import place_words, play_card
from pavlov_widgets.tutor.exercises.registry import KINDS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

CASES = [(q.id, v) for q in questions() for v in range(q.variants)]


@pytest.mark.parametrize(("qid", "variant"), CASES, ids=[f"{q}-v{v}" for q, v in CASES])
def test_every_variant_is_built_and_answered_by_the_engine(qid: str, variant: int) -> None:
    """The engine computes an answer, and it is among the choices or places offered."""
    q = get_question(qid)
    ex = q.exercise(variant)
    assert ex.question_id == qid and ex.variant == variant and ex.teaches == q.teaches
    assert ex.question == q.question(variant) and ex.rule == q.rule
    assert ex.solution
    if isinstance(ex, ChoiceExercise):
        assert q.kind == "choice" and ex.solution[0] in ex.answers
    elif isinstance(ex, ClickExercise):
        assert q.kind == "click" and set(ex.solution) <= set(ex.among)
    else:
        assert isinstance(ex, Prediction) and q.kind == "predict"
        assert ex.solution[0] in (*ex.outcomes, "something else")
        assert sum(o.probability for o in ex.odds) == 1
    # the learner's answer is graded: the solution is right, another choice is not
    assert ex.answer(ex.solution if len(ex.solution) > 1 else ex.solution[0]).correct


def _fingerprint(qid: str, variant: int) -> tuple[str, str, tuple[str, ...]]:
    """What a learner sees of a variant: its board as text and what its card rolls."""
    game = get_question(qid).game(variant)
    rolled = tuple(e.text for e in play_card(game)[1]) if game.chance() else ()
    return game.render_text(), game.state.phase, rolled


@pytest.mark.parametrize("qid", [q.id for q in questions()])
def test_variant_1_is_another_position_or_other_dice(qid: str) -> None:
    """A similar question: the same rule on another position, or the same one other dice."""
    q = get_question(qid)
    assert q.variants >= 2
    fingerprints = [_fingerprint(qid, v) for v in range(q.variants)]
    assert fingerprints[1] != fingerprints[0]


@pytest.mark.parametrize("qid", [q.id for q in questions()])
def test_teaches_names_a_scenario_or_a_heading_of_its_notebook(qid: str) -> None:
    """Where the rule is taught exists: a walkthrough's scenario key, or a notebook heading."""
    q = get_question(qid)
    if "#" in q.teaches:
        number, anchor = q.teaches.split("#", 1)
        (notebook,) = [nb for nb in course_notebooks(NOTEBOOKS) if nb.number == number]
        assert notebook.section(anchor) is not None, [s.heading for s in notebook.sections]
    else:
        assert q.teaches in scenario_names()


def test_every_question_is_of_a_known_kind_in_its_notebook() -> None:
    assert {q.kind for q in questions()} <= set(KINDS)
    for notebook in ("02", "03", "04"):
        mine = questions(notebook)
        assert len(mine) >= 3 and all(q.notebook == notebook for q in mine)


def test_an_unknown_id_names_it_and_the_close_ones() -> None:
    with pytest.raises(UnknownQuestionError) as err:
        get_question("04.fog-action")
    assert isinstance(err.value, PavlovError)
    assert "'04.fog-action'" in str(err.value) and "04.fog-actions" in str(err.value)
    with pytest.raises(UnknownQuestionError, match="did you mean 03"):
        Quiz("03").ask("nothing-like-it")


def test_quiz_ask_numbers_the_question_and_keeps_the_score() -> None:
    quiz = Quiz("04", "Soviet Card Phase")
    first = quiz.ask("fog-actions")
    second = quiz.ask("04.deliver-half", variant=1)
    assert (first.number, second.number) == ("04.1", "04.2")
    assert second.variant == 1 and second.question_id == "04.deliver-half"
    first.answer("4")
    assert repr(quiz) == "<Quiz 04: 0 of 2 right, 1 to go>"
    with pytest.raises(ExerciseError, match="variants 0 to 1, not 2"):
        quiz.ask("fog-actions", variant=2)
    assert len(quiz.exercises) == 2


def test_a_question_built_wrongly_names_its_id_and_field() -> None:
    q = get_question("04.fog-actions")
    with pytest.raises(ExerciseError, match=r"question 04\.x: .*teaches="):
        Question(id="04.x", rule="2.2", kind="choice", text="?", position=q.position,
                 choices=("1", "2"))
    with pytest.raises(ExerciseError, match="text gives 3 texts for 2 variants"):
        Question(id="04.x", rule="2.2", kind="choice", text=("a", "b", "c"),
                 position=q.position, choices=("1", "2"), teaches="hand")
    with pytest.raises(ExerciseError, match="two digits, a dot"):
        Question(id="fog", rule="2.2", kind="choice", text="?", position=q.position,
                 choices=("1", "2"), teaches="hand")
    with pytest.raises(ExerciseError, match="registered twice"):
        register(Question(id=q.id, rule=q.rule, kind=q.kind, text=q.text,
                          position=q.position, choices=q.choices, answer=q.answer,
                          teaches=q.teaches))


RAW_ID = re.compile(r"\b(?:card|track|loc|square|box|counter|defense):[\w:-]+")
"""A place's id as the code spells it ("card:soviet-11:volga-flotilla"), never shown."""


@pytest.mark.parametrize(("qid", "variant"), CASES, ids=[f"{q}-v{v}" for q, v in CASES])
def test_feedback_names_places_as_people_do(qid: str, variant: int) -> None:
    """Right or wrong, the feedback names "location 5", "the Flotilla half of card 1"."""
    ex = get_question(qid).exercise(variant)
    if isinstance(ex, ClickExercise):
        wrong = [r for r in ex.among if r not in ex.solution][:ex.pick]
        wrong += list(ex.solution[:ex.pick - len(wrong)])
        given: list[str] | str = wrong if ex.pick > 1 else wrong[0]
    elif isinstance(ex, ChoiceExercise):
        given = next(a for a in ex.answers if a not in ex.solution)
    else:
        assert isinstance(ex, Prediction)
        given = next(iter(ex.outcomes))
    for feedback in (ex.answer(given), ex.answer(ex.solution if len(ex.solution) > 1
                                                 else ex.solution[0])):
        assert not RAW_ID.search(feedback.message), feedback.message


def test_places_are_named_by_what_the_learner_sees() -> None:
    deliver = get_question("04.deliver-half").exercise(0)
    assert deliver.answer(deliver.among[0]).message.startswith(
        "Not quite: you chose the 13th CP half of card 1; the answer is the Flotilla half "
        "of card 1 (2.0 Volga Military Flotilla).")
    corner = get_question("03.corner-targets").exercise(0)
    assert "the Riflemen on track 3, circle 2 and the Scouts on track 6, circle 2" in \
        corner.answer(list(corner.solution)).message
    load = get_question("04.load-spots").exercise(0)
    with pytest.raises(ExerciseError, match="position G1 is not a place this question asks "
                                            "about; click one of the glowing places "
                                            r"\(location 3, location 4, location 5, "):
        load.answer(["square:G1", "loc:5"])
    assert place_words("defense:red", load.game) == "the red Defense track"
    assert place_words("counter:glushenko", load.game) == "Glushenko"
