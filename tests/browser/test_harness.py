"""The browser harness works: Voila serves a notebook, Chromium clicks, Python answers.

A plain ipywidgets button (``notebooks/button.ipynb``) proves the whole round trip that the
board tests rely on: kernel start, widget rendering in the page, a click sent to Python, and
Python's change of state drawn back in the page. A minimal anywidget
(``notebooks/anywidget_echo.ipynb``) proves the same for a hand-written ES module, as the
board is one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

BUTTON_NOTEBOOK = "tests/browser/notebooks/button.ipynb"
ANYWIDGET_NOTEBOOK = "tests/browser/notebooks/anywidget_echo.ipynb"
RENDER_TIMEOUT_MS = 60_000  # a fresh kernel starts and runs the notebook first


def test_served_notebook_rejects_a_missing_file(
    served_notebook: Callable[[str | Path], str],
) -> None:
    with pytest.raises(FileNotFoundError, match="no-such-notebook"):
        served_notebook("tests/browser/notebooks/no-such-notebook.ipynb")


def test_click_on_an_ipywidgets_button_reaches_python(
    page: Page,
    served_notebook: Callable[[str | Path], str],
    save_screenshot: Callable[..., Path],
) -> None:
    page.goto(served_notebook(BUTTON_NOTEBOOK))
    button = page.get_by_role("button", name="Click me")
    expect(button).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    expect(page.get_by_text("Python saw 0 clicks")).to_be_visible()

    button.click()
    # Only the Python callback changes these: seeing them proves the kernel got the click.
    expect(page.get_by_role("button", name="Clicked 1")).to_be_visible()
    expect(page.get_by_text("Python saw 1 click", exact=True)).to_be_visible()

    page.get_by_role("button", name="Clicked 1").click()
    expect(page.get_by_text("Python saw 2 clicks")).to_be_visible()
    assert save_screenshot(page, "harness-button").stat().st_size > 0


def test_an_anywidget_module_runs_in_the_page_and_talks_to_python(
    page: Page,
    served_notebook: Callable[[str | Path], str],
    save_screenshot: Callable[..., Path],
) -> None:
    page.goto(served_notebook(ANYWIDGET_NOTEBOOK))
    button = page.get_by_role("button", name="Send a click")
    expect(button).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    reply = page.locator(".echo-reply")
    expect(reply).to_have_text("Python is waiting")

    button.click()
    button.click()
    # The reply trait is set only by the Python observer.
    expect(reply).to_have_text("Python counted 2")
    save_screenshot(page, "harness-anywidget")
