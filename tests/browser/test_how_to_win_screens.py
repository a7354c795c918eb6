"""Notebook 14, How to win, as a learner sees it (issue 21): JupyterLab and a phone.

The notebook runs in JupyterLab at 1366×768 with the file browser open and in Voila on a
390×844 phone. Its whole-game comparisons take minutes at the notebook's own number of games,
so the copy opened here plays 4 (the text and the layout are the same; only the figures
differ). Checked on the page: both boards are drawn, the comparisons' lines are printed (in
Voila, which draws every cell, one output of "points a game against the sensible player"
lines per section) and no output is an error.

Screenshots: ``test-artifacts/how-to-win-<screen>-<part>.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import nbformat
import pytest
from boardpage import RENDER_TIMEOUT_MS, phone_context, run_all_in_lab
from playwright.sync_api import Browser, Page, expect

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "14_how_to_win.ipynb"
GAMES = 4
"""Games a player in the copy the browser runs (the notebook plays many more)."""


def _copy(folder: Path, name: str) -> Path:
    """The notebook with fewer games, written to ``folder`` (JupyterLab saves what it opens)."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    (setup,) = [c for c in nb.cells if c.get("id") == "setup"]
    setup.source, changed = re.subn(r"^GAMES = \d+", f"GAMES = {GAMES}", setup.source,
                                    flags=re.MULTILINE)
    assert changed == 1
    path = folder / name
    nbformat.write(nb, path)
    return path


@pytest.fixture(params=["lab-1366x768", "voila-390x844"])
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[str, Page]]:
    """A page on one of the two screens (the phone with touch, at device scale 2)."""
    name = request.param
    if name.endswith("390x844"):
        context = phone_context(browser)
    else:
        context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    try:
        yield name, page
    finally:
        context.close()


def test_the_how_to_win_notebook_shows_its_boards_and_figures(
    screen: tuple[str, Page], request: pytest.FixtureRequest, artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    name, page = screen
    path = _copy(artifacts_dir, f"how_to_win_{name.split('-')[0]}.ipynb")
    if name.startswith("lab"):
        run_all_in_lab(page, request.getfixturevalue("lab_notebook")(path), file_browser=True)
    else:
        page.goto(request.getfixturevalue("served_notebook")(path))
    boards = page.locator(".pavlov-board")
    expect(boards).to_have_count(2, timeout=RENDER_TIMEOUT_MS * 3)
    for i in range(2):
        expect(boards.nth(i)).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
    against = page.get_by_text("points a game against the sensible player")
    expect(against.last).to_be_visible(timeout=RENDER_TIMEOUT_MS * 3)
    if not name.startswith("lab"):  # JupyterLab draws only the cells near the view
        assert against.count() == 7  # one output per section with whole games
    assert page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']"
                        ).count() == 0
    parts = {"top": page.locator("h1", has_text="How to win").first,
             "colours": boards.nth(0), "ju87": boards.nth(1)}
    if not name.startswith("lab"):
        parts["raids"] = page.get_by_text("raiders (4 dice)").first
    for part, locator in parts.items():
        locator.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        save_screenshot(page, f"how-to-win-{name}-{part}")
    # the Ju 87's board lower down, at its Volga panel, where the Anti-aircraft tokens wait
    page.mouse.move(300, 400)
    page.mouse.wheel(0, 600)
    page.wait_for_timeout(500)
    save_screenshot(page, f"how-to-win-{name}-ju87-volga")
