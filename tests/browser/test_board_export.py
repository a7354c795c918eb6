"""The board in static HTML, opened in Chromium with the network switched off.

A saved notebook or an HTML export has no kernel; the Board's output carries a static picture
(drawn by the same board.js from the state embedded in the page) so the board still shows.
These tests export the introduction notebook with nbconvert and write a board page with
``Board.save_html``, open each offline, and check that the boards drew.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from pavlov_widgets import Board

INTRO = "notebooks/01_introduction.ipynb"

COLOURS_DRAWN = """(root) => {
    const c = root.querySelector('.pb-scene');
    const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let green = 0, filled = 0;
    for (let i = 0; i < px.length; i += 4 * 11) {
        if (px[i + 3] > 0) filled++;
        if (Math.abs(px[i] - 0xd5) < 6 && Math.abs(px[i + 1] - 0xeb) < 6
            && Math.abs(px[i + 2] - 0xc8) < 6) green++;
    }
    return {green, filled, total: Math.ceil(px.length / 4 / 11)};
}"""


def offline_page(browser: Browser) -> tuple[Page, list[str], list[str]]:
    """A page with no network: every request other than file:// is refused and recorded."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, offline=True)
    page = context.new_page()
    refused: list[str] = []
    errors: list[str] = []

    def route(request_route: Any) -> None:
        if request_route.request.url.startswith("file:"):
            request_route.continue_()
        else:
            refused.append(request_route.request.url)
            request_route.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, refused, errors


def test_an_html_export_of_a_notebook_draws_its_boards_offline(
    browser: Browser, repo_root: Path, tmp_path: Path, save_screenshot: Callable[..., Path]
) -> None:
    notebook = tmp_path / "intro.ipynb"
    shutil.copyfile(repo_root / INTRO, notebook)
    env = dict(os.environ, HOME=str(tmp_path / "home"), JUPYTER_PLATFORM_DIRS="1")
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(tmp_path / name.lower())
    subprocess.run(
        [sys.executable, "-m", "nbconvert", "--to", "html", "--execute",
         "--ExecutePreprocessor.store_widget_state=False", str(notebook)],
        check=True, capture_output=True, env=env, cwd=tmp_path, timeout=300,
    )
    page, _, errors = offline_page(browser)
    page.goto((tmp_path / "intro.html").as_uri())
    boards = page.locator(".pavlov-board")
    boards.first.wait_for()
    assert boards.count() == 2  # the notebook shows its board twice
    for i in range(2):
        drawn = boards.nth(i).evaluate(COLOURS_DRAWN)
        assert drawn["filled"] == drawn["total"] and drawn["green"] > 200, drawn
    first = boards.first
    assert first.get_attribute("data-prompt", timeout=1000)
    assert first.locator(".pb-log li").count() > 0
    assert not errors, errors
    boards.first.scroll_into_view_if_needed()
    save_screenshot(page, "board-export")


def test_save_html_writes_a_page_that_draws_offline(
    browser: Browser, tmp_path: Path, save_screenshot: Callable[..., Path]
) -> None:
    board = Board.new(seed=6)
    board.apply("end-phase")
    path = tmp_path / "board.html"
    board.save_html(path)
    page, refused, errors = offline_page(browser)
    page.goto(path.as_uri())
    page.locator(".pavlov-board").wait_for()
    assert page.locator(".pavlov-board").get_attribute("data-rev") == str(board.rev)
    assert page.locator(".pavlov-board").evaluate(COLOURS_DRAWN)["green"] > 200
    assert refused == [] and errors == []
    save_screenshot(page, "board-save-html", full_page=True)
