"""The keyboard focus stays in view (issue 19; WCAG 2.4.11 Focus Not Obscured).

At 1366×768 in JupyterLab with the file browser open, four of the seventeen places Pavlov
may move to had their focus ring under the board's sticky bar, and in a walkthrough the
focused place was drawn below the window: the arrow keys never scrolled it in. Here a
learner tabs into the board and arrows through every option of a position with many move
targets ("Move Pavlov to which position?": sixteen places and Back), forth and back, and
after every key the focused place's ring (the board's ``rings()``, kind ``keyboard``, with its
bands' reach) must be fully on screen, inside every clipping ancestor, below the board's bar,
and not covered: ``document.elementFromPoint`` at its centre and at the middle of each of
its sides answers the board's surface. Before arrowing, the notebook is scrolled as a learner
reading on does, until the house's top row is at the top of the screen, under the stuck bar.
The same in Voila at 1366×768, and in JupyterLab in the "move" walkthrough's "your turn"
steps (which counter, then where to). Screenshots:
``test-artifacts/focusview-*.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardpage import CLIP_JS, RENDER_TIMEOUT_MS, run_all_in_lab, settle, write_notebook
from playwright.sync_api import Locator, Page, expect

LAPTOP = {"width": 1366, "height": 768}

MOVE_CELLS = [
    "from pavlov_widgets import Board",
    "# Pavlov may move to sixteen combat positions (4.0 Move)\n"
    "board = Board.new(seed=1)\n"
    "board.apply('end-phase')\n"
    "board.apply('move:pavlov')\n"
    "board",
    "# what the notebook says next, below the board: the page scrolls on\n"
    "print('\\n'.join(f'Notes on the move, line {i}' for i in range(80)))",
]

FOCUS_JS = """
(el) => {
  // The keyboard focus ring's box on the page, and whether it is fully seen.
  const h = el.__pavlovBoard;
""" + CLIP_JS + """
  const overlay = el.querySelector('canvas.pb-overlay');
  const surface = el.querySelector('.pb-surface');
  const bar = el.querySelector('.pb-bar').getBoundingClientRect();
  const o = overlay.getBoundingClientRect();
  const k = h.scale();
  const rings = h.rings().filter((r) => r.kind === 'keyboard');
  if (!rings.length) return {ring: false};
  const c = clip(overlay);
  const out = rings.map((r) => {
    const reach = r.bands[r.bands.length - 1].to;
    const b = {left: o.left + (r.x - reach) * k, top: o.top + (r.y - reach) * k,
               right: o.left + (r.x + r.w + reach) * k, bottom: o.top + (r.y + r.h + reach) * k};
    const inside = b.left >= c.l - 1 && b.right <= c.r + 1 && b.top >= c.t - 1 &&
      b.bottom <= c.b + 1;
    const belowBar = b.top >= bar.bottom - 1;
    const band = Math.max(1, reach * k / 2);
    const cx = (b.left + b.right) / 2;
    const cy = (b.top + b.bottom) / 2;
    const pts = [[cx, cy], [cx, b.top + band], [cx, b.bottom - band], [b.left + band, cy],
                 [b.right - band, cy]];
    const covered = pts.filter(([x, y]) => {
      const e = document.elementFromPoint(x, y);
      return !e || !surface.contains(e);
    }).map(([x, y]) => {
      const e = document.elementFromPoint(x, y);
      const what = e ? e.className.toString().slice(0, 40) : 'nothing';
      return `(${x.toFixed(0)},${y.toFixed(0)}): ${what}`;
    });
    return {region: r.region, box: b, inside, belowBar, covered,
            seen: inside && belowBar && !covered.length};
  });
  return {ring: true, rings: out, bar: bar.bottom, clip: c};
}
"""


def focus_seen(board: Locator) -> dict[str, Any]:
    """The keyboard focus's rings and whether each is fully seen (see :data:`FOCUS_JS`)."""
    found: dict[str, Any] = board.evaluate(FOCUS_JS)
    return found


SCROLL_UNDER_BAR_JS = """
(el) => {
  // Scroll the notebook (or the page) as a learner reading on does, until the top row of the
  // house is at the top of the screen: the bar, stuck there, covers it.
  const h = el.__pavlovBoard;
  const top = h.regions().find((r) => r.id === 'square:G1');
  let n = el.parentElement;
  while (n && n !== document.body) {
    const cs = getComputedStyle(n);
    if ((cs.overflowY === 'auto' || cs.overflowY === 'scroll') &&
        n.scrollHeight > n.clientHeight + 1) break;
    n = n.parentElement;
  }
  const scroller = n && n !== document.body ? n : document.scrollingElement;
  const at = scroller === document.scrollingElement ? 0 : scroller.getBoundingClientRect().top;
  scroller.scrollTop += top.y - at - 4;
}
"""


def scroll_under_bar(page: Page, board: Locator) -> None:
    """Scroll so that the house's top row is under the board's stuck bar."""
    board.evaluate(SCROLL_UNDER_BAR_JS)
    settle(page, board)


def arrow_through(page: Page, board: Locator, where: str,
                  save: Callable[..., Path], read_on: bool = False) -> int:
    """Arrow through every option of the board, forth and back; the rings looked at.

    The board takes the keyboard focus first (``read_on``: then the page is scrolled until
    the house's top row is under the stuck bar); after every key the focused place's ring
    must be fully seen.
    """
    count = int(board.evaluate("el => el.__pavlovBoard.options().length"))
    assert count > 1, f"{where}: nothing to arrow through"
    board.locator(".pb-surface").focus()
    if read_on:
        # the focus scrolled the board's top into view; the learner reads on below
        scroll_under_bar(page, board)
    looked = 0
    problems = []
    keys = ["ArrowRight"] * count + ["ArrowLeft"] * count
    for i, key in enumerate(keys):
        page.keyboard.press(key)
        settle(page, board)
        seen = focus_seen(board)
        if i == 0:
            save(page, f"focusview-{where}-first-key")
        if not seen["ring"]:
            continue  # an option without a place (Back): its button in the bar has the focus
        looked += 1
        for ring in seen["rings"]:
            if not ring["seen"]:
                problems.append(f"key {i + 1} ({key}) on {ring['region']}: {ring} "
                                f"bar bottom {seen['bar']:.0f}, clip {seen['clip']}")
                save(page, f"focusview-{where}-{i + 1:02d}")
    assert not problems, f"{where}: the focus ring is not fully seen:\n" + "\n".join(problems)
    return looked


def open_in_lab(page: Page, lab_notebook: Callable[[str | Path], str], folder: Path,
                name: str, cells: list[str]) -> None:
    """A notebook of ``cells`` run in JupyterLab at 1366×768 with the file browser open."""
    page.set_viewport_size(LAPTOP)
    run_all_in_lab(page, lab_notebook(write_notebook(folder, name, cells)), file_browser=True)


def arrow_through_move_targets(page: Page, where: str, save: Callable[..., Path]) -> None:
    """On the page's board of ``MOVE_CELLS``: every option, its ring seen after every key."""
    board = page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-options", "17", timeout=RENDER_TIMEOUT_MS)
    settle(page, board)
    assert arrow_through(page, board, where, save, read_on=True) >= 32
    save(page, f"focusview-{where}-1366x768")


def test_jupyterlab_1366x768_arrows_keep_each_move_target_in_view(
    page: Page,
    lab_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    open_in_lab(page, lab_notebook, artifacts_dir, "focusview_lab.ipynb", MOVE_CELLS)
    arrow_through_move_targets(page, "lab", save_screenshot)


def test_voila_1366x768_arrows_keep_each_move_target_in_view(
    page: Page,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    page.set_viewport_size(LAPTOP)
    page.goto(served_notebook(write_notebook(artifacts_dir, "focusview_voila.ipynb",
                                             MOVE_CELLS)))
    arrow_through_move_targets(page, "voila", save_screenshot)


WALK_CELLS = [
    "from pavlov_widgets.tutor import Walkthrough",
    'walk = Walkthrough("move")\nwalk.set_mode("your-turn")\nwalk',
]


def test_a_walkthrough_focus_view_keeps_the_focused_place_in_view(
    page: Page,
    lab_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    open_in_lab(page, lab_notebook, artifacts_dir, "focusview_walk.ipynb", WALK_CELLS)
    walk = page.locator(".pavlov-walkthrough").first
    board = walk.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
    walk.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, board)
    # the rulebook's example: which counter moves (Glushenko, one of several), then where to
    # (one of fifteen positions); the learner arrows through all the places of each
    looked = arrow_through(page, board, "walk-counter", save_screenshot)
    point = board.evaluate("(el, id) => el.__pavlovBoard.reveal(id)", "move:glushenko")
    assert point is not None, "Glushenko has no place on the board"
    page.mouse.click(point["x"], point["y"])
    expect(board).to_have_attribute("data-prompt", "Move Glushenko to which position?",
                                    timeout=RENDER_TIMEOUT_MS)
    settle(page, board)
    looked += arrow_through(page, board, "walk-position", save_screenshot, read_on=True)
    save_screenshot(page, "focusview-walk")
    assert looked >= 30, looked
