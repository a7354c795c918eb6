"""The board fits the screen and keeps the question in view (issue 11), where people use it.

Three places, as a learner meets them: Voila on a 1920×1080 screen, JupyterLab on a
1366×768 laptop with the file browser open, and Voila on a phone (390×844, touch). In each, a
short game is played *as a person plays it*: only what is on screen is clicked or tapped (no
test scrolls the page), and before every step the test checks, with
``document.elementFromPoint``, that

- the prompt and every option button of the bar are fully on screen and not covered;
- at least one glowing choice is on screen, when the choice has places on the board;
- the open menu of a place is on screen;
- nothing scrolls sideways, the bar is no wider than the board, and the board's drawing cut
  no text short ("3rd Rifle …");
- on touch: no keyboard hint, and every glowing place and button is big enough for a finger.

Each game's first and last steps are saved as ``test-artifacts/fits-<size>-start.png`` and
``fits-<size>-end.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardpage import (
    ANSWER_TIMEOUT_MS,
    NOT_FORWARD,
    RENDER_TIMEOUT_MS,
    look,
    phone_context,
    press,
    run_all_in_lab,
    settle,
    write_notebook,
)
from playwright.sync_api import Browser, Locator, Page, expect

from lite import stretched_boards

SEED = 1
STEPS = 14
BUTTON_STEPS = (4, 9)
"""Steps at which the scripted player takes a button of the bar (e.g. "End the Soviet Card
Phase") instead of a place on the board, so buttons are pressed too."""
FINGER_PX = 32
"""The smallest side of a place a finger must hit (CSS px); bar buttons are 44 px high."""

CELLS = [f"from pavlov_widgets import Board\nboard = Board.new(seed={SEED})\nboard"]


def _check(view: dict[str, Any], where: str, touch: bool) -> None:
    """Everything the learner needs for this choice is on screen."""
    assert not view["error"], f"{where}: the board shows an error: {view['error']}"
    assert view["promptVisible"], (
        f"{where}: the prompt {view['prompt']!r} is not in view: {view['promptSeen']}"
    )
    hidden = [b["label"] for b in view["buttons"] if not b["visible"]]
    assert not hidden, f"{where}: option buttons not in view: {hidden}"
    if view["drawn"]:
        shown = [g for g in view["glowing"] if g["visible"]]
        assert shown, (
            f"{where}: none of the glowing places is in view ({view['prompt']!r}); they are at "
            + ", ".join(f"{g['id']}@({g['x']:.0f},{g['y']:.0f})" for g in view["glowing"][:6])
        )
    assert not view["sideways"], f"{where}: scrolls sideways: {view['sideways']}"
    assert view["bar"]["w"] <= view["surface"]["w"] + 2, (
        f"{where}: the bar ({view['bar']['w']:.0f} px) is wider than the board "
        f"({view['surface']['w']:.0f} px)"
    )
    assert view["clipped"] == [], f"{where}: text cut short on the board: {view['clipped']}"
    if touch:
        assert not view["keyboardHint"], f"{where}: a keyboard hint shows on a touch screen"
        small = [
            f"{g['id']} {g['w']:.0f}×{g['h']:.0f}"
            for g in view["glowing"]
            if min(g["w"], g["h"]) < FINGER_PX
        ]
        assert not small, f"{where}: glowing places too small for a finger: {small}"
        low = [b["label"] for b in view["buttons"] if b["h"] < 44]
        assert not low, f"{where}: buttons lower than 44 px on a touch screen: {low}"


def _step(page: Page, board: Locator, view: dict[str, Any], step: int, touch: bool) -> str:
    """Take one choice from what is on screen; return what was done."""
    buttons = [b for b in view["buttons"] if b["id"] not in NOT_FORWARD]
    places = [
        g for g in view["glowing"]
        if g["visible"] and any(o not in NOT_FORWARD for o in g["options"])
    ]
    if buttons and (step in BUTTON_STEPS or not places):
        button = board.locator(f".pb-bar .pb-option[data-option='{buttons[0]['id']}']")
        if touch:
            button.tap()
        else:
            button.click()
        return f"button {buttons[0]['id']}"
    assert places, f"step {step}: nothing to choose on screen ({view['prompt']!r})"
    place = places[0]
    press(page, place["cx"], place["cy"], touch)
    if len(place["options"]) > 1:
        menu = board.locator(".pb-menu")
        expect(menu).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        settle(page, board)
        items = look(board)["menuItems"]
        hidden = [i["label"] for i in items if not i["visible"]]
        assert not hidden, f"step {step}: menu items not in view: {hidden}"
        item = next(i for i in items if i["id"] not in NOT_FORWARD)
        choice = menu.locator(f"button[data-option='{item['id']}']")
        if touch:
            choice.tap()
        else:
            choice.click()
        return f"{place['id']} → {item['id']}"
    return place["id"]


def _play(page: Page, board: Locator, size: str, touch: bool, save: Callable[..., Path]) -> None:
    """Play STEPS choices from what is on screen, checking the view before each."""
    done: list[str] = []
    for step in range(STEPS):
        settle(page, board)
        view = look(board)
        where = f"{size}, step {step} (after {done[-3:]})"
        if step == 0:
            save(page, f"fits-{size}-start")
        _check(view, where, touch)
        if view["kind"] == "over":
            break
        rev = view["rev"]
        done.append(_step(page, board, view, step, touch))
        page.wait_for_function(
            "([el, rev]) => Number(el.dataset.rev) !== rev",
            arg=[board.element_handle(), rev],
            timeout=ANSWER_TIMEOUT_MS,
        )
    settle(page, board)
    _check(look(board), f"{size}, the end (after {done[-3:]})", touch)
    save(page, f"fits-{size}-end")
    assert len(done) == STEPS, done


def test_voila_1920x1080_the_whole_board_and_its_question_fit_the_screen(
    page: Page,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(served_notebook(write_notebook(artifacts_dir, "fits_1920.ipynb", CELLS)))
    board = page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
    settle(page, board)
    view = look(board)
    # a layout that uses the height it has: the whole board is on screen, as wide as it can be
    assert view["surface"]["y"] + view["surface"]["h"] <= view["viewport"]["h"] + 1, view["surface"]
    assert view["surface"]["w"] >= 1400, view["surface"]
    glowing = [g for g in view["glowing"]]
    assert glowing and all(g["visible"] for g in glowing), "every card half that glows is in view"
    _play(page, board, "1920x1080", False, save_screenshot)


def test_jupyterlab_1366x768_with_the_file_browser_open(
    page: Page,
    lab_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    run_all_in_lab(page, lab_notebook(write_notebook(artifacts_dir, "fits_lab.ipynb", CELLS)),
                   file_browser=True)
    board = page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
    _play(page, board, "1366x768", False, save_screenshot)


def test_jupyterlab_1366x768_no_board_is_stretched_after_run_all(
    page: Page,
    lab_notebook: Callable[[str | Path], str],
    repo_root: Path,
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    """1.3's close-ups (notebook 03): every board is shown at the size it was drawn for.

    Its nine boards run with Run All while the file browser opens, and every screenful of the
    notebook is checked. JupyterLab skips off-screen cells (content-visibility); a board
    redrawn there for the narrower notebook stayed stretched and cut off on screen (issue 22),
    until board.css kept the cells that hold a board from being skipped.
    """
    page.set_viewport_size({"width": 1366, "height": 768})
    # a warm kernel, as a learner has after the notebook before: the boards draw during the run
    warm = artifacts_dir / "stretch_warm.ipynb"
    run_all_in_lab(page, lab_notebook(write_notebook(artifacts_dir, warm.name, CELLS)))
    copy = artifacts_dir / "stretch_03.ipynb"
    copy.write_bytes((repo_root / "notebooks" / "03_turn_board_sight.ipynb").read_bytes())
    run_all_in_lab(page, lab_notebook(copy), file_browser=True)
    page.wait_for_timeout(2000)  # the redraws for the narrower notebook
    boards = page.locator(".pavlov-board").count()
    assert boards >= 9
    page.evaluate("() => document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) "
                  ".jp-WindowedPanel-outer').scrollTop = 0")
    found: list[tuple[int, list[dict[str, Any]]]] = []
    for screenful in range(40):
        page.wait_for_timeout(300)
        stretched = stretched_boards(page)
        if stretched:
            found.append((screenful, stretched))
            save_screenshot(page, f"stretched-lab-{screenful}")
        at_end = page.evaluate(
            "() => { const s = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) "
            ".jp-WindowedPanel-outer'); const end = s.scrollTop + s.clientHeight >= "
            "s.scrollHeight - 2; s.scrollTop += s.clientHeight * 0.8; return end; }")
        if at_end:
            break
    assert not found, f"boards shown at another size than drawn (screenful, boards): {found}"


def test_phone_390x844_touch(
    browser: Browser,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    context = phone_context(browser)
    page = context.new_page()
    found: list[str] = []
    page.on("pageerror", lambda exc: found.append(str(exc)))
    try:
        page.goto(served_notebook(write_notebook(artifacts_dir, "fits_phone.ipynb", CELLS)))
        board = page.locator(".pavlov-board").first
        expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
        assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
        _play(page, board, "390x844", True, save_screenshot)
    finally:
        context.close()
    assert not found, f"JavaScript errors on the page: {found}"
