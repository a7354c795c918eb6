"""A walkthrough fits the screen people learn on (issue 12).

On a 1366×768 laptop with JupyterLab's file browser open (about 1000 × 600 px of notebook), a
learner who has the walkthrough in front of them steps through it with ▶ and, at every step,
sees together — without scrolling — the narration, the ◀ ▶ controls and the places the step
is about, ringed on the board (``Board.mark``). The same in Voila on a 1920×1080 projector,
where the board is drawn bigger (it uses the room, it does not float in it).

Every check is made as a person sees: fully on screen, inside every clipping or scrolling
ancestor, below the board's bar and not covered (``document.elementFromPoint``). Screenshots:
``test-artifacts/walkthrough-fit-<size>-step<n>.png``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from boardpage import (
    ANSWER_TIMEOUT_MS,
    RENDER_TIMEOUT_MS,
    in_view,
    marks_in_view,
    run_all_in_lab,
    settle,
    write_notebook,
)
from playwright.sync_api import Locator, Page, expect

from pavlov_widgets.tutor import Walkthrough

SCENARIO = "ju87"
CELLS = [f'from pavlov_widgets.tutor import Walkthrough\nwalk = Walkthrough("{SCENARIO}")\nwalk']
SHOTS = (1, 2, 5)
"""Steps saved as screenshots."""


def _focus_of_every_step() -> list[tuple[str, ...]]:
    """The regions each step of the walkthrough is about (step 0 first)."""
    walk = Walkthrough(SCENARIO)
    out = []
    for step in range(len(walk) + 1):
        walk.go(step)
        out.append(walk.narration().focus)
    return out


def _step_through(page: Page, size: str, save: Callable[..., Path]) -> Locator:
    """Step through the walkthrough with ▶, checking what is in view at every step.

    The walkthrough is brought to the top of the notebook once (as a learner scrolls to the
    cell they work in); then, at each step, the narration, ◀ ▶ and every marked place must be
    in view without any more scrolling by the test.
    """
    walk = page.locator(".pavlov-walkthrough").first
    expect(walk).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    board = walk.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
    # the learner scrolls to the walkthrough once, as to any cell they work in
    walk.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, board)
    next_button = walk.locator(".pw-steps button", has_text="▶")
    narration = walk.locator(".pw-narration")
    focus = _focus_of_every_step()
    for step in range(1, len(focus)):
        before = narration.inner_text()
        next_button.click()
        expect(narration).not_to_have_text(before, timeout=ANSWER_TIMEOUT_MS)
        wanted = sorted(set(focus[step]))
        page.wait_for_function(
            "([el, want]) => JSON.stringify(el.__pavlovBoard.marks().map(m => m.region).sort())"
            " === want",
            arg=[board.element_handle(), json.dumps(wanted, separators=(",", ":"))],
            timeout=ANSWER_TIMEOUT_MS,
        )
        settle(page, board)
        where = f"{size}, step {step} ({', '.join(wanted)})"
        if step in SHOTS:
            save(page, f"walkthrough-fit-{size}-step{step}")
        seen = in_view(narration)
        assert seen["visible"], f"{where}: the narration is not in view: {seen}"
        seen = in_view(next_button)
        if step < len(focus) - 1:
            assert seen["visible"], f"{where}: the ▶ button is not in view: {seen}"
        seen = in_view(walk.locator(".pw-steps button", has_text="◀"))
        assert seen["visible"], f"{where}: the ◀ button is not in view: {seen}"
        marks = marks_in_view(board)
        assert sorted(m["region"] for m in marks) == wanted, (where, marks)
        hidden = [f"{m['region']}@({m['x']:.0f},{m['y']:.0f} {m['w']:.0f}×{m['h']:.0f})"
                  for m in marks if not m["visible"]]
        assert not hidden, f"{where}: marked places not in view: {hidden}"
        assert board.evaluate("el => el.__pavlovBoard.clipped()") == [], where
    return board


def test_jupyterlab_1366x768_with_the_file_browser_open(
    page: Page,
    lab_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    path = write_notebook(artifacts_dir, "walkthrough_fit_lab.ipynb", CELLS)
    run_all_in_lab(page, lab_notebook(path))
    browser = page.locator(".jp-FileBrowser")
    if not browser.is_visible():
        page.locator(".jp-SideBar [data-id='filebrowser']").click()
    expect(browser).to_be_visible()
    notebook = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer")
    box = notebook.first.bounding_box() or {"width": 0, "height": 0}
    assert box["width"] <= 1050, f"the notebook is {box['width']:.0f} px wide, not a laptop's"
    _step_through(page, "1366x768", save_screenshot)


def test_voila_1920x1080_bigger_not_emptier(
    page: Page,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(served_notebook(write_notebook(artifacts_dir, "walkthrough_fit_1920.ipynb",
                                             CELLS)))
    board = _step_through(page, "1920x1080", save_screenshot)
    # the room is used: the whole board, at its own size or bigger, beside the narration
    assert board.evaluate("el => el.__pavlovBoard.panels()") == ["house", "square", "volga"]
    assert board.evaluate("el => el.__pavlovBoard.scale()") >= 1
    surface = board.locator(".pb-surface").bounding_box() or {"width": 0}
    side = page.locator(".pavlov-walkthrough .pw-side").first.bounding_box() or {"width": 0}
    assert surface["width"] >= 1280 and surface["width"] + side["width"] >= 0.8 * 1920, (
        surface, side)
