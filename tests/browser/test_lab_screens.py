"""The lab on the three screens a learner uses (issue 18): the board and its column fit.

Notebook 15 says the odds chart stands *beside* the board. At 1366×768 in JupyterLab with the
file browser open (about 1,000 px of notebook) the column wrapped under the board, and the
board, narrower than its box, was pushed right with some 260 px of empty space. These tests
open the lab of notebook 15's first question in JupyterLab at 1366×768 (file browser open) and
in Voila at 1920×1080 and on a 390×844 phone, and check on the page:

- where the notebook is wide enough for both (1366 and 1920), the column stands beside the
  drawn board, next to it; at 1366 the board starts at the lab's left edge (at 1920 the
  board, as high as the screen allows, is narrower than the room it has and stands against
  the column);
- on the phone the column goes under the board, and both start at the lab's left edge;
- the odds chart is drawn, inside the window, and no grid line runs through a label.

Screenshots: ``test-artifacts/lab-screens-<screen>.png``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from boardpage import RENDER_TIMEOUT_MS, phone_context, run_all_in_lab, write_notebook
from playwright.sync_api import Browser, Page, expect

from pavlov_widgets.tutor.lab.charts import GRID, OddsLayout, text_width

CELLS = [
    "from pavlov_widgets.engine import Position\nfrom pavlov_widgets.tutor import Lab",
    """raid = (
    Position(seed=2)
    .counter("Pavlov", "G1")
    .tokens("Anti-aircraft", 8).tokens("Anti-aircraft", 12).tokens("Anti-aircraft", 13)
    .tokens("Wire Communications", 14)
    .disrupt_location(10)
    .wehrmacht_cards("Junkers Ju 87 (deck 4, 4 aircraft)")
    .resume("wehrmacht", cards=1)
)
lab = Lab(raid)
lab""",
]
"""Notebook 15's first question: a Ju 87 whose whole-card odds fill the chart."""

NEXT_TO_PX = 48
"""The most room between the drawn board and the column beside it (a gap, not a hole)."""

BOXES_JS = """
(lab) => {
  const box = (n) => { const b = n.getBoundingClientRect();
    return {x: b.left, y: b.top, r: b.right, b: b.bottom, w: b.width, h: b.height}; };
  const chart = lab.querySelector('canvas.pavlov-odds-chart');
  return {lab: box(lab), board: box(lab.querySelector('.pb-surface')),
          side: box(lab.querySelector('.pl-side')), chart: chart ? box(chart) : null,
          viewport: window.innerWidth};
}
"""

INKED_JS = """
(c) => {
  // The chart is drawn: a few thousand pixels of ink (ipycanvas draws after the page opens).
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let k = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i + 3] && d[i] < 245) k++;
  return k > 2000;
}
"""

GRID_IN_LABELS_JS = """
([canvas, width, grid, labels]) => {
  // The longest vertical run of pixels of the grid's own colour inside the chart's label
  // boxes (in the chart's CSS px, `width` wide): a grid line through a label leaves one.
  const ctx = canvas.getContext('2d');
  const k = canvas.width / width;
  let worst = 0;
  for (const [x, y, w, h] of labels) {
    const d = ctx.getImageData(Math.round(x * k), Math.round(y * k), Math.max(1, Math.round(w * k)),
                               Math.max(1, Math.round(h * k)));
    const cols = Math.max(1, Math.round(w * k));
    const rows = Math.max(1, Math.round(h * k));
    for (let c = 0; c < cols; c++) {
      let run = 0;
      for (let r = 0; r < rows; r++) {
        const i = 4 * (r * cols + c);
        const same = Math.abs(d.data[i] - grid[0]) < 3 && Math.abs(d.data[i + 1] - grid[1]) < 3 &&
          Math.abs(d.data[i + 2] - grid[2]) < 3;
        run = same ? run + 1 : 0;
        worst = Math.max(worst, run);
      }
    }
  }
  return worst;
}
"""


@pytest.fixture(params=["lab-1366x768", "voila-1920x1080", "voila-390x844"])
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[str, Page]]:
    """A page on one of the three screens (the phone with touch, at device scale 2)."""
    name = request.param
    if name.endswith("390x844"):
        context = phone_context(browser)
    else:
        w, h = (int(n) for n in name.split("-")[1].split("x"))
        context = browser.new_context(viewport={"width": w, "height": h})
    page = context.new_page()
    try:
        yield name, page
    finally:
        context.close()


def _open(name: str, page: Page, request: pytest.FixtureRequest, artifacts_dir: Path) -> None:
    path = write_notebook(artifacts_dir, f"lab_screens_{name.split('-')[0]}.ipynb", CELLS)
    if name.startswith("lab"):
        run_all_in_lab(page, request.getfixturevalue("lab_notebook")(path), file_browser=True)
    else:
        page.goto(request.getfixturevalue("served_notebook")(path))
    expect(page.locator(".pavlov-lab .pavlov-board")).to_have_attribute(
        "data-busy", "0", timeout=RENDER_TIMEOUT_MS)


def test_the_lab_and_its_column_fit_each_screen(
    screen: tuple[str, Page], request: pytest.FixtureRequest, artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    name, page = screen
    _open(name, page, request, artifacts_dir)
    lab = page.locator(".pavlov-lab").first
    chart = lab.locator("canvas.pavlov-odds-chart")
    expect(chart).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(INKED_JS, arg=chart.element_handle(), timeout=RENDER_TIMEOUT_MS)
    lab.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(800)  # the board fits its drawing to its box
    save_screenshot(page, f"lab-screens-{name}")
    seen: dict[str, Any] = lab.evaluate(BOXES_JS)
    board, side, box = seen["board"], seen["side"], seen["lab"]
    if not name.endswith("1920x1080"):
        assert board["x"] - box["x"] <= NEXT_TO_PX, f"{name}: empty space left of the board {seen}"
    if name.endswith("390x844"):
        assert side["y"] >= board["b"] - 1, f"{name}: the column is not under the board {seen}"
        assert side["x"] - box["x"] <= NEXT_TO_PX, seen
    else:
        assert side["x"] >= board["r"] - 1, f"{name}: the column is not beside the board {seen}"
        assert side["x"] - board["r"] <= NEXT_TO_PX, f"{name}: a hole between them {seen}"
        assert side["y"] < board["b"], f"{name}: the column is below the board {seen}"
    assert seen["chart"] and seen["chart"]["r"] <= seen["viewport"] + 1, seen
    layout = _chart_layout()
    run = page.evaluate(GRID_IN_LABELS_JS, [chart.element_handle(), layout.width,
                                            [int(GRID[i:i + 2], 16) for i in (1, 3, 5)],
                                            _label_boxes(layout)])
    assert run <= 2, f"{name}: a grid line crosses a label ({run} px of it)"


def _chart_layout() -> OddsLayout:
    """The layout of the lab's odds chart for this position, worked out here as in the kernel."""
    namespace: dict[str, Any] = {}
    exec("\n".join(CELLS), namespace)  # the same position, the same chart
    chart = namespace["lab"].chart
    assert chart is not None
    layout: OddsLayout = chart.layout_
    return layout


def _label_boxes(layout: OddsLayout) -> list[list[float]]:
    """Each label's box inside the grid, in the chart's CSS px: ``[x, y, w, h]``."""
    boxes = []
    inside = [t for t in layout.texts if layout.axis_top <= t.y <= layout.axis_bottom]
    for t in [*inside, *(bar.label for bar in layout.bars)]:
        w = min(t.max_width, text_width(t.text, t.px, t.bold)) * 0.8  # the ink, not the estimate
        x = t.x - w if t.align == "right" else t.x
        boxes.append([x, t.y - t.px * 0.45, w, t.px * 0.9])
    return boxes
