"""The coach's end-of-game review as a learner sees it (issue 21): JupyterLab and a phone.

A seeded game played to its end by the sensible player is coached; the coach shows its review
under the board by itself. In JupyterLab at 1366×768 with the file browser open the two columns
(your choices, the dice and the cards) stand side by side; on a 390×844 phone in Voila one
under the other; on neither does the review run wider than its output area.

Screenshots: ``test-artifacts/review-<screen>.png``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from boardpage import RENDER_TIMEOUT_MS, run_all_in_lab, screen_page, write_notebook
from playwright.sync_api import Browser, Page, expect

CELLS = [
    "from pavlov_widgets.engine import Game\n"
    "from pavlov_widgets.sim.policies import get_policy, policy_rng\n"
    "from pavlov_widgets.sim.simulate import play_to_end\n"
    "from pavlov_widgets.tutor.coach import Coach\n"
    "game = Game.new(seed=1)\n"
    "play_to_end(game, get_policy('heuristic'), policy_rng(1, 'heuristic'))\n"
    "coach = Coach.from_game(game)\n"
    "coach",
]

VOILA_MS = 240_000
"""How long Voila may take to run the notebook and answer (a loaded machine: minutes)."""

COLUMNS_JS = """(review) => {
  const cols = [...review.querySelectorAll(':scope > div > div')];
  const box = (e) => e.getBoundingClientRect();
  return {tops: cols.map((c) => Math.round(box(c).top)),
          lefts: cols.map((c) => Math.round(box(c).left)),
          widths: cols.map((c) => Math.round(box(c).width)),
          scroll: review.scrollWidth, client: review.clientWidth};
}"""


@pytest.fixture(params=["lab-1366x768", "voila-390x844"])
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[str, Page]]:
    """A page on one of the two screens (the phone with touch, at device scale 2)."""
    for page in screen_page(browser, request.param):
        yield request.param, page


def test_the_review_shows_choices_and_luck_readably(
    screen: tuple[str, Page], request: pytest.FixtureRequest, artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    name, page = screen
    path = write_notebook(artifacts_dir, f"review_{name.split('-')[0]}.ipynb", CELLS)
    if name.startswith("lab"):
        run_all_in_lab(page, request.getfixturevalue("lab_notebook")(path), file_browser=True)
    else:
        # Voila runs the cells before it sends the page: a whole game and its review
        page.goto(request.getfixturevalue("served_notebook")(path), timeout=VOILA_MS)
    review = page.locator(".pavlov-review").first
    expect(review).to_be_visible(timeout=RENDER_TIMEOUT_MS * 6)
    expect(review.get_by_text("Your choices (against the best alternative")).to_be_visible()
    expect(review.get_by_text("The dice and the cards (against their average)")).to_be_visible()
    review.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    cols = review.evaluate(COLUMNS_JS)
    assert len(cols["tops"]) == 2, cols
    assert cols["scroll"] <= cols["client"] + 1, cols  # nothing wider than the output
    if name.startswith("lab"):
        assert cols["tops"][0] == cols["tops"][1] and cols["lefts"][0] < cols["lefts"][1], cols
    else:
        assert cols["tops"][0] < cols["tops"][1] and cols["lefts"][0] == cols["lefts"][1], cols
        assert min(cols["widths"]) >= 280, cols
    save_screenshot(page, f"review-{name}")
    review.screenshot(path=str(artifacts_dir / f"review-{name}-whole.png"))
