"""Presenter mode at projector size, in JupyterLab and in Voila (issue 22).

A notebook shows the rulebook's Sniper walkthrough and calls ``board.present()`` on its board,
on a 1920×1080 screen (a projector). As the back row sees it (``boardpage.presented``): the
board covers the window, the board, its bar, the narration and the dice are whole inside it
(nothing outside the window, nothing scrolled away, no text cut), and the type is 28 px or
more (on a 1366×768 screen the same share of its height: about 20 px). → steps the
walkthrough on (the narration's heading says the next step), ← steps back, Escape leaves:
the board is back in its place in the notebook, which has not moved. Then the board's own
Present button (real full screen) does the same. Screenshots:
``test-artifacts/present-<where>-1920x1080.png`` and, in JupyterLab with the file browser
open, ``present-lab-1366x768.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from boardpage import (
    RENDER_TIMEOUT_MS,
    presented,
    run_all_in_lab,
    screen_page,
    settle,
    write_notebook,
)
from playwright.sync_api import Browser, Locator, Page, expect

CELLS = [
    "from pavlov_widgets.tutor import Walkthrough\nwalk = Walkthrough('sniper')\nwalk",
    "board = walk.widget().board\nboard.present()",
]

PRESENTING = re.compile(r"\bpb-presenting\b")
"""The class list of a presenting board."""

PLACE_JS = """
(el) => {
  // Where the board sits in the notebook: its box, its parent, and every scroller's offset.
  const scrolls = [];
  for (let n = el.parentElement; n; n = n.parentElement) scrolls.push(n.scrollTop);
  const b = el.getBoundingClientRect();
  return {top: Math.round(b.top), left: Math.round(b.left), width: Math.round(b.width),
          inOutput: !!el.closest('.jp-OutputArea-output, .widget-box, .jp-Cell'),
          scrolls, page: document.scrollingElement.scrollTop};
}
"""


@pytest.fixture(scope="module")
def notebook(artifacts_dir: Path) -> Path:
    """The walkthrough notebook that presents its board (in ``test-artifacts/``)."""
    return write_notebook(artifacts_dir, "present_walk.ipynb", CELLS)


@pytest.fixture(params=["lab-1920x1080", "lab-1366x768", "voila-1920x1080"])
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[str, Page]]:
    """A page on each screen: JupyterLab (its file browser open) and Voila."""
    for page in screen_page(browser, request.param):
        yield request.param, page


def _open(where: str, page: Page, notebook: Path, lab_notebook: Callable[[Path], str],
          served_notebook: Callable[[Path], str]) -> Locator:
    """Open the notebook, run it, and return its board (presenting, from ``present()``)."""
    if where.startswith("lab"):
        run_all_in_lab(page, lab_notebook(notebook), file_browser=True)
    else:
        page.goto(served_notebook(notebook))
    board = page.locator(".pavlov-board").first
    expect(board).to_have_class(PRESENTING, timeout=RENDER_TIMEOUT_MS)
    settle(page, board)
    return board


def _heading(board: Locator) -> Locator:
    return board.locator(".pb-present-head")


def _key(page: Page, board: Locator, key: str, heading: str | None = None) -> None:
    """Press ``key`` and wait for the board to show ``heading`` (a step) or to leave."""
    page.keyboard.press(key)
    if heading is None:
        expect(board).not_to_have_class(PRESENTING)
    else:
        expect(_heading(board)).to_contain_text(heading)
    settle(page, board)


def test_present_walkthrough_at_projector_size(
    screen: tuple[str, Page], notebook: Path, lab_notebook: Callable[[Path], str],
    served_notebook: Callable[[Path], str], save_screenshot: Callable[..., Path],
) -> None:
    where, page = screen
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    board = _open(where, page, notebook, lab_notebook, served_notebook)
    seen = presented(board)
    save_screenshot(page, f"present-{where}")
    assert seen["presenting"] and not seen["problems"], seen
    assert seen["dice"] == 0 or seen["dice"] >= 96, seen
    expect(_heading(board)).to_contain_text("Step 0 of 3")
    if where.endswith("1366x768"):
        return  # the look at a laptop's projector: the screenshot and nothing cut

    # → steps on (the walkthrough's ▶), ← back (◀): the narration follows from the kernel
    _key(page, board, "ArrowRight", "Step 1 of 3")
    seen = presented(board)
    save_screenshot(page, f"present-{where}-step1")
    assert not seen["problems"], seen
    assert seen["dice"] >= 96, seen  # the step rolled: its dice, large (1080 rows)
    _key(page, board, "ArrowLeft", "Step 0 of 3")

    # Escape leaves: the board is back in the notebook, which has not moved
    _key(page, board, "Escape")
    back = board.evaluate(PLACE_JS)
    assert back["inOutput"], back
    assert board.evaluate("(el) => el.closest('.pb-presenting') === null")

    # the board's own button: real full screen, the same keys
    board.locator(".pb-present-btn").click()
    expect(board).to_have_class(PRESENTING)
    settle(page, board)
    assert not presented(board)["problems"]
    _key(page, board, "ArrowRight", "Step 1 of 3")
    _key(page, board, "ArrowLeft", "Step 0 of 3")
    _key(page, board, "Escape")
    assert board.evaluate(PLACE_JS) == back  # as it was before
    assert page.evaluate("() => document.fullscreenElement") is None
    assert not errors, errors


def test_every_step_of_the_ju87_raid_fits_the_projector(
    browser: Browser, artifacts_dir: Path, served_notebook: Callable[[Path], str],
    save_screenshot: Callable[..., Path],
) -> None:
    """3.0 Bomb Stalingrad, presented: the longest narration of the rulebook's walkthroughs.

    At 1920×1080 in Voila, every step from the first to the last (→ each time) shows the
    board, its bar, the narration and the dice whole in the window, nothing scrolled away.
    """
    notebook = write_notebook(artifacts_dir, "present_ju87.ipynb", [
        "from pavlov_widgets.tutor import Walkthrough\nwalk = Walkthrough('ju87')\nwalk",
        "board = walk.widget().board\nboard.present()",
    ])
    errors: list[str] = []
    for page in screen_page(browser, "voila-1920x1080"):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(served_notebook(notebook))
        board = page.locator(".pavlov-board").first
        expect(board).to_have_class(PRESENTING, timeout=RENDER_TIMEOUT_MS)
        settle(page, board)
        heading = _heading(board).inner_text()
        steps = int(re.search(r"Step 0 of (\d+)", heading).group(1))  # type: ignore[union-attr]
        assert steps >= 5, heading
        for step in range(steps + 1):
            if step:
                _key(page, board, "ArrowRight", f"Step {step} of {steps}")
            seen = presented(board)
            save_screenshot(page, f"present-ju87-step{step}")
            assert not seen["problems"], (step, seen)
        assert not errors, errors
