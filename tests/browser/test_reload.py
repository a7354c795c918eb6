"""What a reload and a restart keep of the boards, in JupyterLab and in Voila (issues 11, 18).

JupyterLab brings a widget's view back after a reload only where the notebook *file* holds the
output that shows it; the model itself comes back from the running kernel. The tutor's
JupyterLab settings (``binder/overrides.json``, used by ``scripts/tutor.sh`` and Binder) save
a notebook a few seconds after it changes, with the widgets' state (the widget manager's
``saveState``). On a reload the running kernel's models win over the saved state (the manager
loads saved state only for models the kernel does not have), so a board comes back live; after
a kernel restart the saved state draws every board as it was, instead of "Error displaying
widget: model not found". Voila runs the notebook in a new kernel for every page load: a
reload deals the notebook's game again, unless the game is saved (``Board.autosaved``).
These tests play as a learner does: run all, click, then reload without saving by hand.
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

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
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


def _saved_models(path: Path) -> int:
    """How many Board models the saved notebook's widget state holds."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    state = nb["metadata"].get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    return sum("rev" in model.get("state", {}) for model in state.values())


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
    assert _saved_models(path) >= 2, "the widgets' state was not saved into the notebook"

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


def _wait_until_saved(path: Path) -> None:
    """Wait until JupyterLab has saved the board outputs (and the widgets' state) by itself."""
    deadline = time.monotonic() + SAVED_WITHIN_S
    while (_views_on_disk(path) < 3 or _saved_models(path) < 2) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert _views_on_disk(path) == 3, "JupyterLab did not save the board outputs by itself"


def test_after_a_kernel_restart_a_reopened_notebook_draws_its_boards_as_saved(
    page: Page, lab_notebook: Callable[[str | Path], str], jupyterlab_server: str,
    artifacts_dir: Path, save_screenshot: Callable[..., Path],
) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    path = write_notebook(artifacts_dir, "restart_boards.ipynb", CELLS)
    run_all_in_lab(page, lab_notebook(path))
    boards = page.locator(".pavlov-board")
    expect(boards).to_have_count(3, timeout=RENDER_TIMEOUT_MS)
    first = boards.first
    first.locator(".pb-option[data-option='end-phase']").click()
    page.wait_for_function("el => el.dataset.rev !== '0' && el.dataset.busy === '0'",
                           arg=first.element_handle(), timeout=ANSWER_TIMEOUT_MS)
    settle(page, first)
    before = _boards(page)
    time.sleep(6)  # the autosave interval: the state saved is the state after the click
    _wait_until_saved(path)

    # restart the kernel behind the page's back, as a crash or a new session does
    base, _, query = jupyterlab_server.partition("?")
    auth = {"Authorization": f"token {query.split('=', 1)[1]}"}
    sessions = page.request.get(f"{base}/api/sessions", headers=auth).json()
    kernel = next(s["kernel"]["id"] for s in sessions if s["path"].endswith(path.name))
    assert page.request.post(f"{base}/api/kernels/{kernel}/restart", headers=auth).ok
    page.reload()
    expect(boards).to_have_count(3, timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.pavlov-board')].every(e => e.dataset.busy === '0')",
        timeout=RENDER_TIMEOUT_MS,
    )
    save_screenshot(page, "restart-boards-1366")
    assert not page.get_by_text("model not found").count(), "a board shows an error"
    assert [rev for rev, _ in _boards(page)] == [rev for rev, _ in before], (
        "the boards were not drawn as they were saved")


def test_a_voila_reload_deals_the_notebooks_game_again_unless_it_is_autosaved(
    page: Page, served_notebook: Callable[[str | Path], str], artifacts_dir: Path
) -> None:
    game = artifacts_dir / "reload-autosaved.json"
    game.unlink(missing_ok=True)
    path = write_notebook(artifacts_dir, "voila_reload.ipynb", [
        "from pavlov_widgets import Board\nfresh = Board.new(seed=1)\nfresh",
        f"kept = Board.autosaved({str(game)!r}, seed=1)\nkept",
    ])
    page.goto(served_notebook(path))
    boards = page.locator(".pavlov-board")
    expect(boards).to_have_count(2, timeout=RENDER_TIMEOUT_MS)
    for board in (boards.first, boards.nth(1)):
        expect(board).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
        board.locator(".pb-option[data-option='end-phase']").click()
        page.wait_for_function("el => el.dataset.rev !== '0' && el.dataset.busy === '0'",
                               arg=board.element_handle(), timeout=ANSWER_TIMEOUT_MS)
    before = _boards(page)
    page.reload()
    expect(boards).to_have_count(2, timeout=RENDER_TIMEOUT_MS)
    for board in (boards.first, boards.nth(1)):
        expect(board).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
    after = _boards(page)
    assert after[0][1] != before[0][1], "a plain board kept its game over a Voila reload"
    assert after[1][1] == before[1][1], "the autosaved board did not pick up its game"
