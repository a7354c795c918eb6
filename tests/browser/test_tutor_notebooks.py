"""The tutor's notebooks as a learner meets them, in a real browser (issue 12).

Voila serves the real notebooks (05 Sniper and Mortar, 06 Artillery and the Ju 87, 13 the
coach) with a kernel; Chromium clicks them as a learner does:

- a walkthrough is stepped to its end with ▶, the step counter and the narration following;
- a click exercise is answered wrongly, then rightly, by clicking the board: the feedback
  names the rule and the board marks the right answer;
- the coach's board says why a place that does not glow is not a choice.

The right answer of an exercise is the engine's: the test runs the notebook's own cells in
Python up to the exercise and reads it there. Screenshots: ``test-artifacts/tutor-*.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
import pytest
from boardpage import ANSWER_TIMEOUT_MS, RENDER_TIMEOUT_MS, marks_in_view, settle
from playwright.sync_api import Locator, Page, expect

from pavlov_widgets.engine import Game
from pavlov_widgets.tutor import Walkthrough
from pavlov_widgets.tutor.exercises.model import ClickExercise

ROOT = Path(__file__).resolve().parents[2]
SNIPER = "notebooks/05_sniper_and_mortar.ipynb"
JU87 = "notebooks/06_artillery_and_ju87.ipynb"
COACH = "notebooks/13_coach.ipynb"


@pytest.fixture
def learner(page: Page, errors: list[str]) -> Page:
    """A laptop-sized page that fails the test on any JavaScript error."""
    page.set_viewport_size({"width": 1366, "height": 900})
    return page


def _first_click_exercise(path: str) -> ClickExercise:
    """The notebook's first click exercise, built by running its cells up to it in Python."""
    notebook = nbformat.read(ROOT / path, as_version=4)
    space: dict[str, Any] = {}
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        exec(compile(cell.source, path, "exec"), space)  # the notebook's own code
        quiz = space.get("quiz")
        clicks = [e for e in getattr(quiz, "exercises", []) if isinstance(e, ClickExercise)]
        if clicks:
            return clicks[0]
    raise AssertionError(f"{path} has no click exercise")


def _step_through(page: Page, walk: Locator, name: str, save: Callable[..., Path]) -> None:
    """Step a walkthrough with ▶ from its start to its end, as a learner clicks."""
    total = len(Walkthrough(name))
    counter = walk.locator(".pw-steps")
    narration = walk.locator(".pw-narration")
    walk.scroll_into_view_if_needed()
    expect(counter).to_contain_text(f"of {total}", timeout=RENDER_TIMEOUT_MS)
    said = narration.inner_text()
    for step in range(1, total + 1):
        walk.get_by_role("button", name="▶").click()
        expect(counter).to_contain_text(f"Step {step} of {total}", timeout=ANSWER_TIMEOUT_MS)
        expect(narration).not_to_have_text(said, timeout=ANSWER_TIMEOUT_MS)
        said = narration.inner_text()
        assert re.search(r"\(\d\.\d", said), f"step {step} names no rule: {said}"
        if step in (1, total):
            save(page, f"tutor-{name}-step{step}")
    expect(walk.get_by_role("button", name="▶")).to_be_disabled()


def _click_region(page: Page, board: Locator, region: str) -> None:
    """Bring a place of the board into view and click it, as a learner does."""
    point = board.evaluate("(el, id) => el.__pavlovBoard.revealRegion(id)", region)
    assert point, f"{region} is not drawn on the exercise's board"
    settle(page, board)
    spot = board.evaluate(
        "(el, id) => el.__pavlovBoard.regions().filter(r => r.id === id).pop()", region)
    page.mouse.click(spot["cx"], spot["cy"])


def _answer_wrong_then_right(page: Page, path: str, name: str,
                             save: Callable[..., Path]) -> None:
    exercise = _first_click_exercise(path)
    (right,) = exercise.solution[:1]
    wrong = next(r for r in exercise.among if r not in exercise.solution)
    box = page.locator(".pavlov-exercise-click").first
    box.scroll_into_view_if_needed()
    expect(box).to_contain_text(exercise.question[:40])
    board = box.locator(".pavlov-board")
    expect(board).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    feedback = box.locator(".pavlov-feedback")

    _click_region(page, board, wrong)
    expect(feedback).to_contain_text("Not quite", timeout=ANSWER_TIMEOUT_MS)
    expect(feedback).to_contain_text(exercise.rule)
    settle(page, board)
    marks = {m["region"]: m["style"] for m in marks_in_view(board)}
    assert marks.get(right) == "right" and marks.get(wrong) == "wrong", marks
    save(page, f"tutor-{name}-wrong")

    box.get_by_role("button", name="Try again").click()
    expect(feedback).to_contain_text("Not quite")  # the first answer stays shown until...
    _click_region(page, board, right)
    expect(feedback).to_contain_text("Right", timeout=ANSWER_TIMEOUT_MS)
    save(page, f"tutor-{name}-right")


def test_the_sniper_notebook_steps_by_clicking_and_grades_a_click_on_the_board(
    learner: Page, served_notebook: Callable[[str | Path], str],
    save_screenshot: Callable[..., Path],
) -> None:
    learner.goto(served_notebook(SNIPER))
    walk = learner.locator(".pavlov-walkthrough").first
    expect(walk).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    _step_through(learner, walk, "sniper", save_screenshot)
    _answer_wrong_then_right(learner, SNIPER, "mortar-exercise", save_screenshot)
    score = learner.locator(".pavlov-score").first
    score.scroll_into_view_if_needed()
    expect(score).to_contain_text("0 of 3 right")  # the first answer counts: it was wrong
    save_screenshot(learner, "tutor-05-score")


def test_the_ju87_notebook_steps_the_raid_and_grades_the_bombs(
    learner: Page, served_notebook: Callable[[str | Path], str],
    save_screenshot: Callable[..., Path],
) -> None:
    learner.goto(served_notebook(JU87))
    walks = learner.locator(".pavlov-walkthrough")
    expect(walks.first).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    ju87 = walks.filter(has_text="Junkers Ju 87 raid").first
    _step_through(learner, ju87, "ju87", save_screenshot)


def test_the_coach_says_why_a_place_is_not_a_choice(
    learner: Page, served_notebook: Callable[[str | Path], str],
    save_screenshot: Callable[..., Path],
) -> None:
    learner.goto(served_notebook(COACH))
    coach = learner.locator(".pavlov-coach").first
    expect(coach).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    board = coach.locator(".pavlov-board")
    expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
    game = Game.new(seed=1)  # the notebook's Coach(seed=1)
    region, refusal = next(
        (r, why) for r in (f"card:{c}:{u}" for c in game.state.hand
                           for u in game.components.soviet_cards[c].units)
        if (why := game.why_not(r)) is not None)
    _click_region(learner, board, region)
    expect(board.locator(".pb-why")).to_contain_text(refusal.text, timeout=ANSWER_TIMEOUT_MS)
    expect(coach.locator(".pavlov-coach-why")).to_contain_text(refusal.rule)
    save_screenshot(learner, "tutor-coach-why-not")
