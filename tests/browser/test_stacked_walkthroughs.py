"""Two walkthroughs one under the other: a board's sticky bar leaves its last rows free (issue 18).

A notebook has several walkthroughs one after another (notebook 06 has four). In Voila at
1920×1080 each board is drawn whole and scrolls with the page; its bar (the question and its
buttons) stays at the top of the screen while the board scrolls under it. When the learner
scrolls on to the next walkthrough, the upper board's last rows are still on screen above it:
the bar must not sit over them (they are the Reserves box and the bottom row of rooms, places
the learner reads). The test scrolls the page down in steps through the upper board's end and
asserts, at each step, that the upper board's bar covers none of the last third of a screen of
its board (it has gone with its board once no more than that is left). Screenshot:
``test-artifacts/stacked-walkthroughs-1920x1080.png`` (the lower walkthrough scrolled to).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from boardpage import RENDER_TIMEOUT_MS, settle, write_notebook
from playwright.sync_api import Page, expect

CELLS = [
    "from pavlov_widgets.tutor import Walkthrough",
    'Walkthrough("sniper")',
    'Walkthrough("ju87")',
]

STEP_PX = 60
"""How far the page scrolls between two looks."""

BAR_JS = """
(el) => {
  // The upper board's bar and board (the canvas) on screen.
  const box = (n) => {
    const r = n.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom};
  };
  return {bar: box(el.querySelector('.pb-bar')), surface: box(el.querySelector('.pb-surface')),
          screen: innerHeight};
}
"""

SCROLL_JS = """
(el, y) => {
  // Scroll the page's scroller (Voila's, else the document) so that `y` (px from the top of
  // what it scrolls) is at the top of the screen; where the upper board's canvas ends and
  // where the lower walkthrough starts, in the same terms.
  let s = el.closest('.pavlov-walkthrough').parentElement;
  while (s && !(/(auto|scroll)/.test(getComputedStyle(s).overflowY) &&
                s.scrollHeight > s.clientHeight + 1)) s = s.parentElement;
  s = s || document.scrollingElement;
  if (y !== null) s.scrollTop = y;
  const at = (n) => n.getBoundingClientRect().top + s.scrollTop;
  const walks = document.querySelectorAll('.pavlov-walkthrough');
  const surface = el.querySelector('.pb-surface');
  return {scrolled: s.scrollTop, end: at(surface) + surface.offsetHeight, next: at(walks[1])};
}
"""


def test_the_bar_leaves_its_boards_last_rows_free(
    page: Page,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(served_notebook(write_notebook(artifacts_dir, "stacked_walks.ipynb", CELLS)))
    walks = page.locator(".pavlov-walkthrough")
    expect(walks).to_have_count(2, timeout=RENDER_TIMEOUT_MS)
    upper = walks.nth(0).locator(".pavlov-board")
    lower = walks.nth(1).locator(".pavlov-board")
    for board in (upper, lower):
        expect(board).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
    where = upper.evaluate(SCROLL_JS, None)
    looked = 0
    start = max(0, int(where["end"] - page.viewport_size["height"]))  # type: ignore[index]
    for y in range(start, int(where["next"]) + STEP_PX, STEP_PX):
        scrolled = upper.evaluate(SCROLL_JS, y)["scrolled"]
        settle(page, upper)
        seen = upper.evaluate(BAR_JS)
        bar, surface = seen["bar"], seen["surface"]
        last_rows = surface["bottom"] - seen["screen"] / 3
        over = bar["bottom"] > 0 and bar["top"] < surface["bottom"] and bar["bottom"] > last_rows
        assert not over, f"scrolled to {scrolled}: the bar covers its board's last rows: {seen}"
        looked += 1
    assert looked >= 10, f"the page scrolled through too little of the upper board: {looked} looks"
    walks.nth(1).evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, lower)
    save_screenshot(page, "stacked-walkthroughs-1920x1080")
