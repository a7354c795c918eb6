"""A hot-seat Competitive turn in Voila (issue 14; 7.4 Competitive), played by clicking.

One board, two players at one screen (``Board.hot_seat``): the board opens covered ("Pass to
the German player"); the German player uncovers it, clicks three orders and a Tactics card on
the cards strip; the cover comes back for the Soviet player, who uncovers it, plays a card
action of the Soviet Card Phase and ends the phase; the Wehrmacht Card Phase then reveals the
Tactics card and resolves the orders, first one first. Screenshots:
``test-artifacts/hot-seat-*.png``. What the synced traits hold is checked in
``tests/test_board_roles.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardpage import ANSWER_TIMEOUT_MS, RENDER_TIMEOUT_MS, settle, write_notebook
from playwright.sync_api import Locator, Page, expect

CELLS = [
    "from pavlov_widgets import Board\n"
    "from pavlov_widgets.engine import Game, RuleSettings",
    "game = Game.new(seed=2, settings=RuleSettings.for_variant('competitive'))\n"
    "hot = Board.hot_seat(game)\n"
    "hot",
]


def _rev(board: Locator) -> int:
    return int(board.get_attribute("data-rev") or "0")


def _wait_past(page: Page, board: Locator, rev: int) -> None:
    """Wait until the board shows a rev after ``rev`` and has painted."""
    page.wait_for_function("([el, rev]) => Number(el.dataset.rev) > rev",
                           arg=[board.element_handle(), rev], timeout=ANSWER_TIMEOUT_MS)
    settle(page, board)


def _glowing(board: Locator) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = board.evaluate(
        "el => el.__pavlovBoard.regions().filter(r => r.options.length)")
    return found


def _click_region(page: Page, board: Locator, glowing: dict[str, Any]) -> None:
    """Click a glowing place as a person does (scrolled into view first)."""
    option = glowing["options"][0]
    option = option["id"] if isinstance(option, dict) else option
    point = board.evaluate("(el, id) => el.__pavlovBoard.reveal(id)", option)
    assert point, glowing
    page.mouse.click(point["x"], point["y"])


def _click_first(page: Page, board: Locator) -> None:
    """Take the first choice on screen: a glowing place, else the first option button."""
    rev = _rev(board)
    glowing = _glowing(board)
    if glowing:
        _click_region(page, board, glowing[0])
        menu = board.locator(".pb-menu button")
        if board.locator(".pb-menu").is_visible() and menu.count():
            menu.first.click()
    else:
        board.locator(".pb-bar .pb-option").first.click()
    _wait_past(page, board, rev)


def test_a_hot_seat_competitive_turn(
    page: Page,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1366, "height": 1000})
    page.goto(served_notebook(write_notebook(artifacts_dir, "hot-seat.ipynb", CELLS)))
    board = page.locator(".pavlov-board")
    expect(board).to_have_count(1, timeout=RENDER_TIMEOUT_MS)
    board.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, board)

    # covered for the German player: no place glows, the cover says whom to pass to
    expect(board).to_have_attribute("data-covered", "1")
    cover = board.locator(".pb-cover")
    expect(cover).to_be_visible()
    expect(board.locator(".pb-prompt")).to_have_text(
        "Pass to the German player — click when ready")
    expect(board.locator(".pb-cover-title")).to_have_text("Pass to the German player")
    assert _glowing(board) == []
    page.screenshot(path=str(artifacts_dir / "hot-seat-1-cover.png"))

    # the German player uncovers and plans: three orders, one at a time, then a Tactics card
    board.locator(".pb-cover-go").click()
    expect(board).to_have_attribute("data-covered", "0", timeout=ANSWER_TIMEOUT_MS)
    expect(board).to_have_attribute("data-seat", "german")
    settle(page, board)
    expect(board.locator(".pb-seat")).to_have_text("Hot seat · The German player's view")
    for n in (1, 2, 3):
        expect(board.locator(".pb-prompt")).to_contain_text(f"choose order {n} of 3")
        glowing = _glowing(board)
        assert glowing and all(g["id"].startswith("card:d1-") for g in glowing), glowing
        if n == 2:
            page.mouse.move(5, 5)
            page.screenshot(path=str(artifacts_dir / "hot-seat-2-german-plans.png"))
        _click_first(page, board)
    expect(board.locator(".pb-prompt")).to_contain_text("choose a Tactics card")
    glowing = _glowing(board)
    assert glowing and all(g["id"].startswith("card:t") for g in glowing), glowing
    rev = _rev(board)
    _click_region(page, board, glowing[0])

    # planned: the cover comes back, for the Soviet player
    page.wait_for_function("([el, rev]) => Number(el.dataset.rev) > rev",
                           arg=[board.element_handle(), rev], timeout=ANSWER_TIMEOUT_MS)
    expect(board).to_have_attribute("data-covered", "1", timeout=ANSWER_TIMEOUT_MS)
    expect(board.locator(".pb-cover-title")).to_have_text("Pass to the Soviet player")
    settle(page, board)
    page.screenshot(path=str(artifacts_dir / "hot-seat-3-pass-to-soviet.png"))

    # the Soviet player uncovers: the German cards are backs, the Soviet hand face up
    board.locator(".pb-cover-go").click()
    expect(board).to_have_attribute("data-seat", "soviet", timeout=ANSWER_TIMEOUT_MS)
    expect(board).to_have_attribute("data-covered", "0")
    settle(page, board)
    ids = {r["id"] for r in board.evaluate("el => el.__pavlovBoard.regions()")}
    assert {"box:german-hand", "box:orders", "box:german-tactics", "box:tactics-chosen"} <= ids
    assert not [i for i in ids if i.startswith("card:d1-") or i.startswith("card:t")]
    expect(board.locator(".pb-prompt")).to_contain_text("Soviet Card Phase")
    # one card action, and whatever it asks, then end the phase
    glowing = [g for g in _glowing(board) if g["id"].startswith("card:soviet")]
    assert glowing, _glowing(board)
    rev = _rev(board)
    _click_region(page, board, glowing[0])
    _wait_past(page, board, rev)
    for _ in range(8):
        if "(2 left)" in (board.locator(".pb-prompt").text_content() or ""):
            break
        _click_first(page, board)
    expect(board.locator(".pb-prompt")).to_contain_text("(2 left)")
    page.mouse.move(5, 5)
    page.screenshot(path=str(artifacts_dir / "hot-seat-4-soviet-cards.png"))
    rev = _rev(board)
    board.locator(".pb-bar .pb-option[data-option='end-phase']").click()
    _wait_past(page, board, rev)

    # the Wehrmacht Card Phase: the Tactics card revealed, the orders resolved in order
    expect(board.locator(".pb-prompt")).to_contain_text("Move a Soviet counter",
                                                        timeout=ANSWER_TIMEOUT_MS)
    log = board.locator(".pb-log").text_content() or ""
    assert "reveals the Tactics card Artillery Barrage" in log, log
    first = log.index("Card 1 of 3: Riflemen")
    second = log.index("Card 2 of 3: Riflemen (Competitive)")
    third = log.index("Card 3 of 3: Machine Gunners")
    assert third < second < first  # newest first
    assert "Order 1:" not in log and "German hand:" not in log  # the German player's entries
    expect(board).to_have_attribute("data-covered", "0")
    page.mouse.move(5, 5)
    page.set_viewport_size({"width": 1366, "height": 1500})
    board.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, board)
    page.screenshot(path=str(artifacts_dir / "hot-seat-5-orders-resolved.png"))
    assert board.evaluate("el => el.__pavlovBoard.clipped()") == []
