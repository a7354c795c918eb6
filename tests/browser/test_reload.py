"""A reloaded JupyterLab page shows the same boards at the same moment of their games (issue 11).

JupyterLab brings a widget's view back after a reload only where the notebook *file* holds the
output that shows it; the model itself comes back from the running kernel. The tutor's
JupyterLab settings (``binder/overrides.json``, used by ``scripts/tutor.sh`` and Binder) save
a notebook a few seconds after it changes, and never write widget snapshots into it (a saved
snapshot would be laid over the kernel's live state on reload). This test plays as a learner
does — run all, click, then reload without saving by hand — and expects every board back
where its game is, still playable, with no new game dealt.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from boardpage import (
    ANSWER_TIMEOUT_MS,
    RENDER_TIMEOUT_MS,
    run_all_in_lab,
    settle,
    write_notebook,
)
from playwright.sync_api import Page, expect

SAVED_WITHIN_S = 30
"""How long JupyterLab may take to save the notebook by itself (its default is 120 s)."""

CELLS = [
    "from pavlov_widgets import Board\nboard = Board.new(seed=1)\nboard",
    "board  # the same board, a second view",
    "other = Board.new(seed=2)\nother",
]


def _views_on_disk(path: Path) -> int:
    """How many outputs of the saved notebook show a widget."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    return sum(
        "application/vnd.jupyter.widget-view+json" in output.get("data", {})
        for cell in nb.get("cells", [])
        for output in cell.get("outputs", [])
    )


def _boards(page: Page) -> list[tuple[str, str]]:
    """(rev, prompt) of every board on the page, in order."""
    found: list[tuple[str, str]] = page.locator(".pavlov-board").evaluate_all(
        "els => els.map(e => [e.dataset.rev, e.dataset.prompt])"
    )
    return found


def test_a_reload_restores_every_board_from_the_running_kernel(
    page: Page, lab_notebook: Callable[[str | Path], str], artifacts_dir: Path
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_viewport_size({"width": 1366, "height": 900})
    path = write_notebook(artifacts_dir, "reload_boards.ipynb", CELLS)
    run_all_in_lab(page, lab_notebook(path))
    boards = page.locator(".pavlov-board")
    expect(boards).to_have_count(3, timeout=RENDER_TIMEOUT_MS)
    first = boards.first
    first.locator(".pb-option[data-option='end-phase']").click()
    page.wait_for_function(
        "el => el.dataset.rev !== '0' && el.dataset.busy === '0'",
        arg=first.element_handle(),
        timeout=ANSWER_TIMEOUT_MS,
    )
    settle(page, first)
    before = _boards(page)
    assert before[0] == before[1] and before[0][0] != "0", before
    assert before[2][0] == "0", before

    # no Ctrl+S: JupyterLab saves the outputs by itself, soon
    deadline = time.monotonic() + SAVED_WITHIN_S
    while _views_on_disk(path) < 3 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert _views_on_disk(path) == 3, "JupyterLab did not save the board outputs by itself"
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in saved["metadata"], "a widget snapshot was saved into the notebook"

    page.reload()
    expect(boards).to_have_count(3, timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.pavlov-board')].every(e => e.dataset.busy === '0')",
        timeout=RENDER_TIMEOUT_MS,
    )
    assert _boards(page) == before, "the boards came back at another moment of their games"
    assert not page.locator(".pavlov-board.pb-static").count(), "a picture came back, not a board"

    # still the same live games: a click after the reload goes on from where they were
    rev = int(before[0][0])
    options = first.evaluate("el => el.__pavlovBoard.options().map(o => o.id)")
    point = first.evaluate("(el, id) => el.__pavlovBoard.reveal(id)", options[0])
    if point is None:
        first.locator(f".pb-option[data-option='{options[0]}']").click()
    else:
        page.mouse.click(point["x"], point["y"])
        if point["menu"]:
            first.locator(f".pb-menu button[data-option='{options[0]}']").click()
    page.wait_for_function(
        "([el, rev]) => Number(el.dataset.rev) > rev",
        arg=[first.element_handle(), rev],
        timeout=ANSWER_TIMEOUT_MS,
    )
    second = boards.nth(1)
    expect(second).to_have_attribute("data-rev", first.get_attribute("data-rev") or "",
                                     timeout=ANSWER_TIMEOUT_MS)
    assert not errors, f"JavaScript errors on the page: {errors}"
