"""Each notebook's *check yourself* asks as many questions as its own words promise (issue 21).

A learner counted: notebook 07 promised "three questions and one prediction" and asked two
questions. This test reads every committed notebook's promise ("Three questions and one
prediction", "Four questions.") in the markdown below its "Check yourself" heading and counts
the questions its ``quiz.ask`` cells really ask, by their kind in the question registry: the
predictions apart, the rest as questions.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pavlov_widgets.tutor.exercises import get_question

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("[0-9]*.ipynb"))

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
"""The counts a notebook spells out."""

PROMISE = re.compile(r"\b(one|two|three|four|five|six) questions?"
                     r"(?: and (one|two|three) predictions?)?\b", re.IGNORECASE)
"""The promise: how many questions, and how many predictions besides (none when unsaid)."""

ASK = re.compile(r'quiz\.ask\("([0-9a-z.-]+)"')
"""A question asked from the registry; its slug (or whole id)."""


def _promise_and_asks(path: Path) -> tuple[tuple[int, int] | None, tuple[int, int]]:
    """The (questions, predictions) a notebook promises, and those it asks."""
    cells = json.loads(path.read_text())["cells"]
    promise = None
    questions = predictions = 0
    checking = False
    for cell in cells:
        source = " ".join("".join(cell["source"]).split())
        if cell["cell_type"] == "markdown":
            checking = checking or "## Check yourself" in "".join(cell["source"])
            found = PROMISE.search(source) if checking and promise is None else None
            if found:
                predicted = NUMBERS[found[2].lower()] if found[2] else 0
                promise = (NUMBERS[found[1].lower()], predicted)
            continue
        for slug in ASK.findall(source):
            qid = slug if "." in slug else f"{path.name[:2]}.{slug}"
            if get_question(qid).kind == "predict":
                predictions += 1
            else:
                questions += 1
    return promise, (questions, predictions)


PROMISED = [p for p in NOTEBOOKS if _promise_and_asks(p)[0] is not None]


def test_the_notebooks_that_promise_a_count_are_found() -> None:
    """The scan finds the promises (05, 06 and 07 among them), so the test below runs."""
    assert {p.name[:2] for p in PROMISED} >= {"05", "06", "07"}, [p.name for p in PROMISED]


@pytest.mark.parametrize("path", PROMISED, ids=[p.stem for p in PROMISED])
def test_a_notebook_asks_the_questions_it_promises(path: Path) -> None:
    promise, asked = _promise_and_asks(path)
    assert promise == asked, (f"{path.name} promises {promise[0] if promise else 0} questions "
                              f"and {promise[1] if promise else 0} predictions, and asks "
                              f"{asked[0]} and {asked[1]}")
