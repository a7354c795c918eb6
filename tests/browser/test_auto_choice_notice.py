"""A choice the rules make unasked is said on the board (issue 21).

A Ready Anti-aircraft with only one free location of its unit asks nothing: the token goes
there. The bar then says so by the prompt, in the log's own sentence with its rule (2.0), until
the game moves on; the log says it too. Seen in Voila at 1366×768 and on a phone, and in
JupyterLab with the file browser open.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from boardpage import (
    ANSWER_TIMEOUT_MS,
    RENDER_TIMEOUT_MS,
    phone_context,
    run_all_in_lab,
    settle,
    write_notebook,
)
from playwright.sync_api import Browser, Locator, Page, expect

from pavlov_widgets.engine import Position
from pavlov_widgets.engine.actions import encode

NOTICE = ("Only location 13 could take the Anti-aircraft token, so it went there (2.0 267th "
          "Separate Anti-aircraft Battalion).")
CARD = Position().soviet_card("267th-aa", "32nd-guards-artillery")
READY = encode("card", {"card": CARD, "unit": "267th-aa", "action": "ready"})
CELLS = [
    "from pavlov_widgets import Board\n"
    "from pavlov_widgets.engine import Position\n"
    "# location 12 holds an Anti-aircraft token: the 267th's only free location is 13\n"
    "pos = Position().counter('pavlov', 'R2').tokens('aa', 12)\n"
    f"game = pos.hand({CARD!r}).resume('soviet_cards').game()\n"
    "board = Board(game)\n"
    "board",
]


def _ready_and_see_the_notice(page: Page, board: Locator) -> Locator:
    """Click the 267th AA half's Ready (a menu if the half offers more), then read the notice."""
    point = board.evaluate("(el, id) => el.__pavlovBoard.reveal(id)", READY)
    assert point, "the Ready Anti-aircraft half is not drawn"
    settle(page, board)
    point = board.evaluate("(el, id) => el.__pavlovBoard.pointFor(id)", READY)
    page.mouse.click(point["x"], point["y"])
    if point["menu"]:
        board.locator(f".pb-menu button[data-option='{READY}']").click()
    expect(board).to_have_attribute("data-rev", "1", timeout=ANSWER_TIMEOUT_MS)
    notice = board.locator(".pb-notice")
    expect(notice).to_have_text(NOTICE, timeout=ANSWER_TIMEOUT_MS)
    expect(board.locator(".pb-log li").first).to_contain_text("Only location 13")
    settle(page, board)
    return notice


def test_a_location_taken_for_the_player_is_said_by_the_prompt(
    page: Page, served_notebook: Callable[[str | Path], str], artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(served_notebook(write_notebook(artifacts_dir, "auto_notice.ipynb", CELLS)))
    board = page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
    settle(page, board)
    notice = _ready_and_see_the_notice(page, board)
    assert notice.is_visible()
    save_screenshot(page, "auto-notice-1366")
    page.set_viewport_size({"width": 1920, "height": 1080})
    settle(page, board)
    save_screenshot(page, "auto-notice-1920")
    # the next choice moves the game on: the notice was about the last step only
    board.locator(".pb-option[data-option='end-phase']").click()
    expect(board).not_to_have_attribute("data-rev", "1", timeout=ANSWER_TIMEOUT_MS)
    expect(notice).to_be_hidden()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_on_a_phone_the_notice_is_shown_too(
    browser: Browser, served_notebook: Callable[[str | Path], str], artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    context = phone_context(browser)
    page = context.new_page()
    try:
        page.goto(served_notebook(write_notebook(artifacts_dir, "auto_notice_phone.ipynb",
                                                 CELLS)))
        board = page.locator(".pavlov-board").first
        expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
        _ready_and_see_the_notice(page, board)
        save_screenshot(page, "auto-notice-phone")
    finally:
        context.close()


def test_in_jupyterlab_the_notice_is_shown_by_the_prompt(
    page: Page, lab_notebook: Callable[[str | Path], str], artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    run_all_in_lab(page, lab_notebook(write_notebook(artifacts_dir, "auto_notice_lab.ipynb",
                                                     CELLS)), file_browser=True)
    board = page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
    _ready_and_see_the_notice(page, board)
    save_screenshot(page, "auto-notice-lab-1366")
