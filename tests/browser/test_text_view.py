"""The board as text, in a real browser (issue 19): reached, read and played by keyboard alone.

A learner who cannot see the canvas opens "The board as text" with the keyboard, reads from the
accessibility tree (not from pixels) who is on red 2, what the red Defense is and what is on
track 4, chooses an option from the text, hears the text follow the game, and asks "why not?"
of a line that is no choice. The text view must not move the canvas while it is closed, and
open it must not push the question off the screen (JupyterLab at 1366×768 with the file
browser open, 1920×1080, a phone).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from axecheck import SERIOUS, run_axe
from boardpage import (
    ANSWER_TIMEOUT_MS,
    RENDER_TIMEOUT_MS,
    in_view,
    look,
    run_all_in_lab,
    settle,
    write_notebook,
)
from playwright.sync_api import Locator, Page, expect

from pavlov_widgets.engine import Game, Position

POSITION = ('Position().counter("pavlov", "R2", exhausted=True).defense("red", 5)'
            '.wehrmacht(4, 2, "machine-gunners").wehrmacht(4, 5, "panzer-ii")')
CELLS = ["from pavlov_widgets import Board\nfrom pavlov_widgets.engine import Position\n"
         f"board = Board({POSITION}.game())\nboard"]


def game() -> Game:
    """The game the notebook's board plays (the same position, the same deal)."""
    return eval(f"{POSITION}.game()", {"Position": Position})


def open_by_keyboard(page: Page, board: Locator) -> Locator:
    """From the board's surface, Tab to "The board as text", open it with Enter, Tab in."""
    summary = board.locator("details.pb-outline > summary")
    expect(summary).to_have_text("The board as text")
    board.locator(".pb-surface").focus()
    page.keyboard.press("Tab")
    expect(summary).to_be_focused()
    page.keyboard.press("Enter")
    text = board.locator("details.pb-outline")
    expect(text).to_have_attribute("open", "")
    expect(text.get_by_role("button").first).to_be_visible()
    page.keyboard.press("Tab")
    first = text.get_by_role("button").first
    expect(first).to_be_focused()
    return text


def focused_name(page: Page) -> str:
    """The accessible name of the element with the focus (the accessibility tree's)."""
    name: str = page.evaluate("() => document.activeElement?.textContent ?? ''")
    return name


def down_to(page: Page, text: Locator, pattern: str) -> str:
    """Press Down until the focused line's name matches ``pattern``; return that name."""
    for _ in range(200):
        name = focused_name(page)
        if re.search(pattern, name):
            return name
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"no line matches {pattern!r}; the text view reads:\n"
                         f"{text.aria_snapshot()}")


def ringed(board: Locator, place: str) -> None:
    """The ring laid over the canvas for the focused line is on ``place``."""
    spot = board.evaluate("(el, id) => el.__pavlovBoard.regions().filter("
                          "(r) => r.id === id).pop() ?? null", place)
    ring = board.locator(".pb-ol-ring")
    expect(ring).to_be_visible()
    box = ring.bounding_box()
    assert spot and box, (spot, box)
    assert box["x"] < spot["cx"] < box["x"] + box["width"], (spot, box)
    assert box["y"] < spot["cy"] < box["y"] + box["height"], (spot, box)


@pytest.fixture
def board(page: Page, served_notebook: Callable[[str | Path], str],
          artifacts_dir: Path) -> Iterator[Locator]:
    """The position's board in Voila on a 1366×900 page."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(served_notebook(write_notebook(artifacts_dir, "text_view.ipynb", CELLS)))
    found = page.locator(".pavlov-board").first
    expect(found).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
    settle(page, found)
    yield found
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_the_text_view_answers_the_three_questions_from_the_accessibility_tree(
    page: Page, board: Locator, save_screenshot: Callable[..., Path]
) -> None:
    text = open_by_keyboard(page, board)
    tree = text.aria_snapshot()
    assert "Position R2 (red 2): Pavlov." in tree
    assert "The red Defense is 5." in tree
    assert "Track 4 (red): Machine Gunners on circle 2 and Panzer II on circle 5." in tree
    # and by keyboard alone: the arrow keys reach each answer
    assert down_to(page, text, r"^Position R2 ").startswith("Position R2 (red 2): Pavlov.")
    # the canvas rings the place of the line the focus is on
    ringed(board, "square:R2")
    save_screenshot(page, "text-view-ring")
    page.set_viewport_size({"width": 1000, "height": 900})  # the board is drawn anew
    settle(page, board)
    ringed(board, "square:R2")
    assert down_to(page, text, r"^The red Defense").startswith("The red Defense is 5.")
    assert down_to(page, text, r"^Track 4 \(red\)")
    # one tab stop for the whole list: Tab leaves it
    page.keyboard.press("Tab")
    assert not page.evaluate("() => !!document.activeElement.closest('.pb-ol-body')")


def test_a_choice_from_the_text_view_plays_and_the_text_follows(
    page: Page, board: Locator
) -> None:
    g = game()
    option = g.legal_actions()[0]  # a card half's action (2.2)
    assert option.verb == "card"
    text = open_by_keyboard(page, board)
    name = down_to(page, text, re.escape(f"Choice: {option.label}"))
    card = g.state.hand[0]
    assert name.startswith("Card 1, ")
    used = text.locator(f"button[data-place='card:{card}']")
    expect(used).not_to_contain_text("(used)")
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-rev", "1", timeout=ANSWER_TIMEOUT_MS)
    expect(used).to_contain_text("Soviet card 1 (used):")
    # the focus stays in the text view, on a line that still exists
    assert page.evaluate("() => !!document.activeElement.closest('.pb-ol-body')")
    assert "Choice:" not in text.locator(f"button[data-place='card:{card}']").inner_text()


def test_one_of_several_choices_on_a_place_is_taken_and_the_focus_stays_on_the_place(
    page: Page, board: Locator
) -> None:
    g = game()
    by_place: dict[str, list[str]] = {}
    for option in g.legal_actions():
        for target in option.targets:
            by_place.setdefault(target, []).append(option.label)
    place, labels = next((p, ls) for p, ls in by_place.items() if len(ls) > 1)
    text = open_by_keyboard(page, board)
    line = text.locator(f"button[data-place='{place}']").first
    expect(line).to_contain_text(f"{len(labels)} choices, listed under it.")
    down_to(page, text, re.escape(f"Choice: {labels[-1]}"))
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-rev", "1", timeout=ANSWER_TIMEOUT_MS)
    settle(page, board)
    # the choice's own line went with the choice: the focus is on the place's line
    expect(line).to_be_focused()
    expect(line).not_to_contain_text("choices, listed under it")


ASKED = ("def answered(place):\n    board.session.end()\n    board.mark(place, 'right')\n"
         "board.ask('Which position is red 2?', ['square:R3', 'square:R2'], answered)")


def test_a_question_on_the_board_is_answered_from_the_text_view(
    page: Page, served_notebook: Callable[[str | Path], str], artifacts_dir: Path
) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(served_notebook(write_notebook(artifacts_dir, "text_view_ask.ipynb",
                                             [*CELLS, ASKED])))
    board = page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-prompt", "Which position is red 2?",
                                    timeout=RENDER_TIMEOUT_MS)
    settle(page, board)
    text = open_by_keyboard(page, board)
    # the asked places say they answer; no game choice is offered meanwhile
    assert "Choice:" not in text.inner_text()
    name = down_to(page, text, r"^Position R2 ")
    assert name.endswith("An answer: Enter answers with this place.")
    page.keyboard.press("Enter")
    expect(board).not_to_have_attribute("data-prompt", "Which position is red 2?",
                                        timeout=ANSWER_TIMEOUT_MS)
    # the answer ends the question, then marks the place: two updates, the mark may come last
    page.wait_for_function("(el) => el.__pavlovBoard.marks().length > 0",
                           arg=board.element_handle(), timeout=ANSWER_TIMEOUT_MS)
    marks = board.evaluate("(el) => el.__pavlovBoard.marks()")
    assert [(m["region"], m["style"]) for m in marks] == [("square:R2", "right")]


def test_why_not_on_a_line_that_is_no_choice_is_shown_and_said(
    page: Page, board: Locator, save_screenshot: Callable[..., Path]
) -> None:
    g = game()
    refusal = g.why_not("defense:red")
    assert refusal is not None
    text = open_by_keyboard(page, board)
    down_to(page, text, r"^The red Defense")
    page.keyboard.press("Enter")
    status = text.get_by_role("status")
    expect(status).to_contain_text(refusal.text, timeout=ANSWER_TIMEOUT_MS)
    line = text.locator("button[data-place='defense:red']")
    expect(line).to_contain_text(f"Not a choice now: {refusal.text}")
    settle(page, board)
    assert in_view(line)["visible"], in_view(line)  # grown with its answer, still in view
    save_screenshot(page, "text-view-why-not")
    # open, with an answer shown: axe finds nothing serious in the text view
    inside = ("(t) => { try { return !!document.querySelector(t)?.closest('.pb-outline'); }"
              " catch { return true; } }")  # a target we cannot find is counted, not lost
    serious = [f"{v['id']}: {n['target']} ({n['why']})" for v in run_axe(page)
               for n in v["nodes"] if n["impact"] in SERIOUS and page.evaluate(inside, n["target"])]
    assert not serious, serious
    assert look(board)["rev"] == 0  # nothing was chosen


def test_closed_the_text_view_leaves_the_canvas_where_it_was(
    page: Page, board: Locator
) -> None:
    # the summary line comes after the canvas: the canvas starts and ends where it did
    surface = board.locator(".pb-surface").bounding_box()
    summary = board.locator("details.pb-outline > summary").bounding_box()
    assert surface and summary and summary["y"] >= surface["y"] + surface["height"]
    before = look(board)["surface"]
    board.locator("details.pb-outline > summary").click()
    settle(page, board)
    assert look(board)["surface"]["h"] == before["h"]


def _check_open_view(page: Page, board: Locator, name: str,
                     save_screenshot: Callable[..., Path]) -> None:
    """Open the text view by keyboard, go to its last line: the line and the question show."""
    text = open_by_keyboard(page, board)
    page.keyboard.press("End")
    settle(page, board)
    last = text.get_by_role("button").last
    expect(last).to_be_focused()
    assert in_view(last)["visible"], in_view(last)
    assert in_view(board.locator(".pb-prompt"))["visible"], "the question left the screen"
    save_screenshot(page, f"text-view-{name}")
    page.keyboard.press("Home")
    settle(page, board)
    assert in_view(board.locator(".pb-prompt"))["visible"], "the question left the screen"


def test_screens_with_the_text_view_open_jupyterlab_1366x768(
    page: Page, lab_notebook: Callable[[str | Path], str], artifacts_dir: Path,
    save_screenshot: Callable[..., Path], errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    run_all_in_lab(page, lab_notebook(write_notebook(artifacts_dir, "text_view_lab.ipynb",
                                                     CELLS)), file_browser=True)
    board = page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
    settle(page, board)
    _check_open_view(page, board, "1366x768-lab", save_screenshot)


def test_screens_with_the_text_view_open_1920x1080(
    page: Page, served_notebook: Callable[[str | Path], str], artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(served_notebook(write_notebook(artifacts_dir, "text_view_wide.ipynb", CELLS)))
    board = page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
    settle(page, board)
    _check_open_view(page, board, "1920x1080", save_screenshot)


def test_screens_with_the_text_view_open_phone(
    phone: tuple[Page, list[str]], served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path, save_screenshot: Callable[..., Path],
) -> None:
    page, _errors = phone
    page.goto(served_notebook(write_notebook(artifacts_dir, "text_view_phone.ipynb", CELLS)))
    board = page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
    settle(page, board)
    _check_open_view(page, board, "390x844-phone", save_screenshot)
