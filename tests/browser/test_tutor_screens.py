"""Exercises, the editor and role boards keep the question, the choices and the feedback in view.

Issue 18, "Done means": at the three screens people learn on — JupyterLab at 1366×768 with
the file browser open, Voila at 1920×1080 and Voila on a 390×844 phone — as a learner does:

- a click exercise (notebook 05's Mortar question) answered wrongly, then, after *Try again*,
  rightly: at each step the question and the glowing places, then the feedback (its words, its
  rule, its colour) with *Try again* (*Ask again* once right) in the board's bar, and the right
  and wrong rings, are on screen and not covered;
- a choice exercise: the question and every button in view together;
- the editor refusing a position (*Play from here* on an impossible one): the refusal's sentence
  by the board's bar, on screen and not covered, and the bar leaves most of the board free;
- notebook 12's two cooperative role boards in an ``HBox``: both drawn, of real size, not on
  top of each other;

and nowhere a label cut short (a button or a bar text narrower than its words). "On screen
and not covered" is what a person sees: inside the window and every clipping ancestor, and
answered by ``document.elementFromPoint`` (the helpers of :mod:`boardpage`). The learner
scrolls to the exercise once, as to any cell they work in; after that the test never scrolls.
Screenshots: ``test-artifacts/tutorscreens-<screen>-<step>.png``.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from boardpage import (
    RENDER_TIMEOUT_MS,
    in_view,
    look,
    marks_in_view,
    phone_context,
    press,
    run_all_in_lab,
    settle,
)
from playwright.sync_api import Browser, Locator, Page, expect

from pavlov_widgets.engine.positions import Position
from pavlov_widgets.tutor.exercises.model import next_target

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
SCREENS = ("lab-1366x768", "voila-1920x1080", "phone-390x844")

CUT_JS = """
(root) => {
  // Labels cut short: a button (the board's or an ipywidgets one) or a text of the board's
  // bar whose words are wider than its box.
  const nodes = [...root.querySelectorAll(
    'button, .widget-button, .pb-prompt, .pb-rule, .pb-odds, .pb-error')];
  return nodes.filter((n) => n.getClientRects().length > 0 &&
                             (n.scrollWidth > n.clientWidth + 1 ||
                              n.scrollHeight > n.clientHeight + 1))
    .map((n) => `${n.textContent.trim().slice(0, 60)} (${n.scrollWidth}×${n.scrollHeight} > ` +
                `${n.clientWidth}×${n.clientHeight})`);
}
"""

BOXES_JS = """
(els) => els.map((e) => {
  const b = e.getBoundingClientRect();
  return {x: b.left, y: b.top, w: b.width, h: b.height};
})
"""


def _mortar_answer() -> str:
    """The right answer of the notebook's click question (the place the Mortar hits)."""
    aim = (Position().counter("glushenko", "G1").counter("pavlov", "G2")
           .counter("chekhov", "G6").wehrmacht_cards("d1-mortar-1")
           .resume("wehrmacht", cards=1).dice(1, 3, 6, 1, 1, 1).game(auto_roll=False))
    (answer,) = next_target("square:")(aim)
    return answer


class Screen:
    """One screen a learner looks at: the page, whether it is touch, and its name."""

    def __init__(self, page: Page, name: str, save: Callable[..., Path]) -> None:
        self.page = page
        self.name = name
        self.touch = name.startswith("phone")
        self.save = save

    def shot(self, step: str) -> None:
        """Save a screenshot of what the learner sees now."""
        self.save(self.page, f"tutorscreens-{self.name}-{step}")

    def tap(self, target: Locator) -> None:
        """Click (or tap, on a touch screen) an element."""
        if self.touch:
            target.tap()
        else:
            target.click()

    def visible(self, node: Locator, what: str) -> None:
        """``node`` is fully on screen and not covered."""
        seen = in_view(node)
        assert seen["visible"], f"{self.name}: {what} is not in view: {seen}"

    def not_cut(self, root: Locator, what: str) -> None:
        """No label of ``root`` is cut short."""
        cut = root.evaluate(CUT_JS)
        assert cut == [], f"{self.name}: {what}: labels cut short: {cut}"


@pytest.fixture(params=SCREENS)
def screen(request: pytest.FixtureRequest, browser: Browser,
           save_screenshot: Callable[..., Path]) -> Iterator[Screen]:
    """A page at one of the three screens; JavaScript errors fail the test."""
    name: str = request.param
    if name.startswith("phone"):
        context = phone_context(browser)
    else:
        width, height = name.split("-")[1].split("x")
        context = browser.new_context(viewport={"width": int(width), "height": int(height)})
    page = context.new_page()
    found: list[str] = []
    page.on("pageerror", lambda exc: found.append(str(exc)))
    try:
        yield Screen(page, name, save_screenshot)
    finally:
        context.close()
    assert not found, f"JavaScript errors on the page: {found}"


def _open(screen: Screen, request: pytest.FixtureRequest, notebook: str,
          artifacts_dir: Path) -> None:
    """Open a notebook of ``tests/browser/notebooks`` on the screen, its cells run.

    JupyterLab gets a copy (it saves what it opens) and shows its file browser.
    """
    if screen.name.startswith("lab"):
        copy = artifacts_dir / f"tutorscreens-{notebook}"
        shutil.copy(NOTEBOOKS / notebook, copy)
        run_all_in_lab(screen.page, request.getfixturevalue("lab_notebook")(copy),
                       file_browser=True)
    else:
        screen.page.goto(request.getfixturevalue("served_notebook")(NOTEBOOKS / notebook))
    expect(screen.page.locator(".pavlov-board").first).to_have_attribute(
        "data-busy", "0", timeout=RENDER_TIMEOUT_MS)


def _scroll_to(screen: Screen, node: Locator) -> None:
    """The learner scrolls the exercise (or board) to the top of the screen, once."""
    node.evaluate("el => el.scrollIntoView({block: 'start'})")
    screen.page.wait_for_timeout(300)


def _check_feedback(screen: Screen, board: Locator, words: str, tone: str, again: str,
                    step: str) -> None:
    """The feedback in the board's bar: its words, rule and colour, its button, the rings."""
    expect(board).to_have_attribute("data-tone", tone, timeout=RENDER_TIMEOUT_MS)
    settle(screen.page, board)
    screen.shot(step)
    seen = look(board)
    assert words in seen["prompt"], f"{screen.name}: the bar says {seen['prompt']!r}"
    assert seen["promptVisible"], f"{screen.name}: the feedback is hidden: {seen['promptSeen']}"
    screen.visible(board.locator(".pb-rule"), "the feedback's rule")
    screen.visible(board.locator(".pb-bar .pb-option", has_text=again), again)
    bar = board.locator(".pb-bar").inner_text()  # what shows (not what CSS hides)
    assert "roll" not in bar.lower(), f"{screen.name}: the bar offers a roll: {bar!r}"
    rings = marks_in_view(board)
    assert rings, f"{screen.name}: no right/wrong ring drawn"
    hidden = [m["region"] for m in rings if not m["visible"]]
    assert not hidden, f"{screen.name}: rings not in view: {hidden}"
    screen.not_cut(board.locator(".pb-bar"), "the feedback")


def test_click_exercise_wrong_then_right(screen: Screen, request: pytest.FixtureRequest,
                                         artifacts_dir: Path) -> None:
    _open(screen, request, "exercise_screens.ipynb", artifacts_dir)
    exercise = screen.page.locator(".pavlov-exercise-click").first
    board = exercise.locator(".pavlov-board")
    _scroll_to(screen, exercise)
    settle(screen.page, board)
    right = _mortar_answer()

    # the question and the places that glow: the learner scrolls on through the board and
    # the sticky bar keeps the question with every place they come to (16 rooms and the
    # bar do not fit a laptop's or a phone's screen at once)
    screen.shot("click-1-question")
    seen = look(board)
    assert seen["promptVisible"], f"{screen.name}: the question is hidden: {seen['promptSeen']}"
    screen.not_cut(exercise, "the question")
    asked = [g["id"] for g in seen["glowing"]]
    assert right in asked, f"{screen.name}: the right place does not glow: {asked}"
    for place in asked:
        board.evaluate("(el, id) => el.__pavlovBoard.reveal(id)", place)
        settle(screen.page, board)
        seen = look(board)
        assert seen["promptVisible"], f"{screen.name}: at {place} the question is hidden"
        shown = next(g for g in seen["glowing"] if g["id"] == place)
        assert shown["visible"], f"{screen.name}: {place} is not in view (or covered)"
    screen.shot("click-1-question-scrolled")
    glowing = [g for g in seen["glowing"] if g["visible"]]

    # a wrong answer: "Not quite …" in the bar, in the colour of a wrong answer, Try again
    wrong = next(g for g in glowing if g["id"] != right)
    press(screen.page, wrong["cx"], wrong["cy"], screen.touch)
    _check_feedback(screen, board, "Not quite", "wrong", "Try again", "click-2-wrong")

    # Try again: the question again, then the right answer
    screen.tap(board.locator(".pb-bar .pb-option", has_text="Try again"))
    expect(board).to_have_attribute("data-asking", "1", timeout=RENDER_TIMEOUT_MS)
    settle(screen.page, board)
    screen.shot("click-3-again")
    seen = look(board)
    assert seen["promptVisible"], f"{screen.name}: the question is hidden: {seen['promptSeen']}"
    target = next(g for g in seen["glowing"] if g["id"] == right)
    assert target["visible"], f"{screen.name}: the right place is not in view: {target}"
    press(screen.page, target["cx"], target["cy"], screen.touch)
    _check_feedback(screen, board, "Right", "right", "Ask again", "click-4-right")


def test_choice_exercise_question_and_buttons_together(
        screen: Screen, request: pytest.FixtureRequest, artifacts_dir: Path) -> None:
    _open(screen, request, "exercise_screens.ipynb", artifacts_dir)
    exercise = screen.page.locator(".pavlov-exercise-choice").first
    _scroll_to(screen, exercise)
    screen.shot("choice-1-question")
    screen.visible(exercise.locator(".widget-html").first, "the question")
    buttons = exercise.locator(".widget-button")
    expect(buttons).to_have_count(4)
    for i in range(buttons.count()):
        screen.visible(buttons.nth(i), f"the choice {buttons.nth(i).text_content()!r}")
    screen.not_cut(exercise, "the choices")
    screen.tap(exercise.locator(".widget-button", has_text="65 times in 81"))
    feedback = exercise.locator(".pavlov-feedback")
    expect(feedback).to_contain_text("Not quite", timeout=RENDER_TIMEOUT_MS)
    screen.page.wait_for_timeout(300)
    screen.shot("choice-2-feedback")
    screen.visible(feedback.locator("div").first, "the feedback")
    screen.not_cut(exercise, "the choices after the answer")


def test_editor_refusal_by_the_bar(screen: Screen, request: pytest.FixtureRequest,
                                   artifacts_dir: Path) -> None:
    _open(screen, request, "editor_refusal.ipynb", artifacts_dir)
    board = screen.page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-editing", "1", timeout=RENDER_TIMEOUT_MS)
    _scroll_to(screen, board)
    settle(screen.page, board)
    screen.shot("editor-1-editing")
    bar = board.locator(".pb-bar")
    bar_box, said = board.locator(".pb-bar, .pb-error").evaluate_all(BOXES_JS)
    viewport = screen.page.viewport_size or {"height": 768}
    # the bar leaves the board to click: its tools take at most a sixth of the screen's
    # height, and with the position's problems said in it at most half
    tools = bar_box["h"] - said["h"]
    assert tools <= viewport["height"] / 6, f"{screen.name}: the editor's bar is {tools} px high"
    assert bar_box["h"] <= viewport["height"] / 2, f"{screen.name}: the bar is {bar_box}"
    screen.not_cut(bar, "the editor's bar")

    play = board.locator(".pb-bar [data-option='act:play']")
    if not play.is_visible():  # a phone: the actions wait in the bar's menu
        screen.tap(board.locator(".pb-bar .pb-more"))
    screen.tap(play)
    error = board.locator(".pb-error")
    expect(error).to_contain_text("Play from here refused", timeout=RENDER_TIMEOUT_MS)
    settle(screen.page, board)
    screen.shot("editor-2-refused")
    screen.visible(error, "the refusal")
    bar_box, error_box = board.locator(".pb-bar, .pb-error").evaluate_all(BOXES_JS)
    assert error_box["y"] <= bar_box["y"] + bar_box["h"] + 8, (
        f"{screen.name}: the refusal is not by the bar: bar {bar_box}, refusal {error_box}")
    assert "alone on position G5" in (error.text_content() or "")


def test_role_boards_side_by_side_or_stacked(screen: Screen, request: pytest.FixtureRequest,
                                             artifacts_dir: Path) -> None:
    _open(screen, request, "role_boards.ipynb", artifacts_dir)
    boards = screen.page.locator(".pavlov-board")
    expect(boards).to_have_count(2, timeout=RENDER_TIMEOUT_MS)
    for i in range(2):
        expect(boards.nth(i)).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
    _scroll_to(screen, boards.first)
    screen.shot("roles-1")
    boxes: list[dict[str, Any]] = boards.evaluate_all(BOXES_JS)
    surfaces: list[dict[str, Any]] = screen.page.locator(".pavlov-board .pb-surface") \
        .evaluate_all(BOXES_JS)
    for box in (*boxes, *surfaces):
        assert box["w"] > 200 and box["h"] > 100, f"{screen.name}: a board has no size: {boxes}"
    a, b = boxes
    apart = (a["x"] + a["w"] <= b["x"] + 1 or b["x"] + b["w"] <= a["x"] + 1 or
             a["y"] + a["h"] <= b["y"] + 1 or b["y"] + b["h"] <= a["y"] + 1)
    assert apart, f"{screen.name}: the role boards overlap: {boxes}"
    for i in range(2):
        _scroll_to(screen, boards.nth(i))
        settle(screen.page, boards.nth(i))
        seen = look(boards.nth(i))
        assert seen["promptVisible"], f"{screen.name}: board {i}'s prompt is hidden"
        assert not seen["sideways"], f"{screen.name}: board {i} scrolls sideways"
        screen.shot(f"roles-{i + 2}")
