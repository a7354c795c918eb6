"""A registry question, asked with one call, on a laptop's JupyterLab and on a phone (issue 21).

Notebook 04's "deliver-half" question (``quiz.ask("deliver-half")``, nothing else in its cell)
at JupyterLab 1366×768 with the file browser open and Voila on a 390×844 phone: the question's
words and its number are in view with the board, the four card halves of the hand glow, and a
wrong click gets feedback in the board's bar that names the halves as the learner sees them
("the 13th CP half of card 1 … the Flotilla half of card 1"), never a card's id. Screenshots:
``test-artifacts/question-<screen>-<step>.png``.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from boardpage import (
    RENDER_TIMEOUT_MS,
    in_view,
    look,
    phone_context,
    press,
    run_all_in_lab,
    settle,
)
from playwright.sync_api import Browser, Page, expect

from pavlov_widgets.tutor.exercises import get_question

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
NOTEBOOK = "question_ask.ipynb"
SCREENS = ("lab-1366x768", "phone-390x844")


@pytest.fixture(params=SCREENS)
def screen(request: pytest.FixtureRequest, browser: Browser, artifacts_dir: Path) -> Iterator[
        tuple[str, Page]]:
    """The notebook open and run on one screen; JavaScript errors fail the test."""
    name: str = request.param
    if name.startswith("phone"):
        context = phone_context(browser)
    else:
        context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    found: list[str] = []
    page.on("pageerror", lambda exc: found.append(str(exc)))
    try:
        if name.startswith("lab"):
            copy = artifacts_dir / f"question-{NOTEBOOK}"  # JupyterLab saves what it opens
            shutil.copy(NOTEBOOKS / NOTEBOOK, copy)
            run_all_in_lab(page, request.getfixturevalue("lab_notebook")(copy),
                           file_browser=True)
        else:
            page.goto(request.getfixturevalue("served_notebook")(NOTEBOOKS / NOTEBOOK))
        yield name, page
    finally:
        context.close()
    assert not found, f"JavaScript errors on the page: {found}"


def test_a_registry_question_asks_and_answers_in_words(
        screen: tuple[str, Page], save_screenshot: Callable[..., Path]) -> None:
    name, page = screen
    exercise = page.locator(".pavlov-exercise-click").first
    board = exercise.locator(".pavlov-board")
    expect(board).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
    exercise.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, board)
    save_screenshot(page, f"question-{name}-1-asked")
    q = get_question("04.deliver-half")
    ex = q.exercise(0)
    seen = look(board)
    assert q.question(0) in seen["prompt"], seen["prompt"]
    assert seen["promptVisible"], f"{name}: the question is hidden: {seen['promptSeen']}"
    assert "04.1" in exercise.inner_text()
    glowing = {g["id"]: g for g in seen["glowing"]}
    assert set(glowing) == set(ex.among), sorted(glowing)
    wrong = next(g for g in seen["glowing"] if g["id"] not in ex.solution)
    board.evaluate("(el, id) => el.__pavlovBoard.reveal(id)", wrong["id"])
    settle(page, board)
    wrong = next(g for g in look(board)["glowing"] if g["id"] == wrong["id"])
    press(page, wrong["cx"], wrong["cy"], name.startswith("phone"))
    expect(board).to_have_attribute("data-tone", "wrong", timeout=RENDER_TIMEOUT_MS)
    settle(page, board)
    save_screenshot(page, f"question-{name}-2-wrong")
    said = look(board)["prompt"]
    assert "Not quite: you chose the" in said and "the answer is the Flotilla half of card 1" \
        in said, said
    assert "card:" not in said and "soviet-" not in said, said


def test_a_choice_questions_board_cannot_roll_its_dice_before_the_answer(
        screen: tuple[str, Page], save_screenshot: Callable[..., Path]) -> None:
    """Notebook 05's "second-disrupted" waits on the Sniper's dice: its board is held still.

    Were its Roll button live, it would roll the question's scripted dice and show the answer
    (issue 21). Until a button is pressed the bar says where to answer and Roll is disabled;
    after it the bar says the question is answered, and the feedback stays in view.
    """
    name, page = screen
    exercise = page.locator(".pavlov-exercise-choice").first
    board = exercise.locator(".pavlov-board")
    expect(board).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
    exercise.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, board)
    save_screenshot(page, f"question-{name}-3-choice-still")
    assert "Answer with one of the buttons above" in look(board)["prompt"]
    expect(board.locator(".pb-step")).to_be_disabled()
    q = get_question("05.second-disrupted")
    right = q.exercise(0).solution[0]
    exercise.get_by_role("button", name=right, exact=True).click()
    expect(board).to_have_attribute("data-prompt", re.compile("^You have answered"),
                                    timeout=RENDER_TIMEOUT_MS)
    settle(page, board)
    save_screenshot(page, f"question-{name}-4-choice-answered")
    expect(board.locator(".pb-step")).to_be_disabled()
    feedback = exercise.locator(".pavlov-feedback")
    expect(feedback).to_contain_text("Right")
    assert in_view(feedback)["visible"], in_view(feedback)
