"""The JupyterLite site runs a notebook offline (issue 22): the smoke test of the Lite build.

Notebook 05 (the Sniper and the Mortar, with its walkthrough boards) opens in the site built by
``scripts/build_lite.sh``, served on 127.0.0.1; every cell runs in the browser's own Python
with the tutor preloaded (the notebook has no install cell), every code cell runs without an
error, its boards paint, each shown at the size it was drawn for, and no request leaves the
site. Screenshots at a laptop's 1366×768
(JupyterLite's file browser open, as it opens) and then a projector's 1920×1080 go to
``test-artifacts/lite-05-*.png``. The full per-notebook test is ``test_lite_site.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lite import (
    Requests,
    cell_errors,
    open_notebook,
    run_all,
    stretched_boards,
    wait_for_boards,
)

NOTEBOOK = "05_sniper_and_mortar.ipynb"


def test_notebook_05_runs_offline_in_the_lite_site(
    page: Any, lite_server: str, save_screenshot: Callable[..., Path]
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    requests = Requests(page)
    open_notebook(page, lite_server, NOTEBOOK)
    run_all(page)
    assert cell_errors(page) == []
    boards = page.locator(".pavlov-board")
    assert boards.count() >= 1
    # every board the notebook made has painted, not only the one on screen
    assert wait_for_boards(page, boards.count()) == boards.count()
    for width, height in [(1366, 768), (1920, 1080)]:
        page.set_viewport_size({"width": width, "height": height})
        boards.first.scroll_into_view_if_needed()
        page.wait_for_timeout(500)  # the board redraws for the new width, the scroll settles
        save_screenshot(page, f"lite-05-{width}x{height}")
        # each board is shown at the size it was drawn for: with JupyterLab's default
        # content-visibility windowing, a board drawn off screen was shown stretched once
        # scrolled into view at 1366x768 (lite/overrides.json turns windowing off)
        assert stretched_boards(page) == [], f"{width}x{height}"
    assert requests.urls, "the recorder saw no request at all"
    assert requests.outside(lite_server) == []
