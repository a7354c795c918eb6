"""The lab's charts in a real browser (issue 13): drawn, sharp, readable, live, stoppable.

A notebook served by Voila shows the exact odds of the Sniper's colour roll and of the whole
Sniper card (:class:`~pavlov_widgets.tutor.lab.charts.OddsChart`), a 40-game comparison of the
Ju 87 decision filling in live (:class:`~pavlov_widgets.tutor.lab.charts.ComparisonChart` on the
real :func:`~pavlov_widgets.tutor.lab.compare.compare`, one process), and a long comparison the
test stops with the Stop button. Screenshots go to ``test-artifacts/charts-*.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardpage import RENDER_TIMEOUT_MS, phone_context, write_notebook
from playwright.sync_api import Browser, Locator, Page, expect

RUN_TIMEOUT_MS = 180_000  # 40 games per option on one busy core

SETUP = """\
from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.tutor.lab.card_odds import card_odds
from pavlov_widgets.tutor.lab.charts import ComparisonChart, OddsChart
from pavlov_widgets.tutor.lab.compare import compare
from pavlov_widgets.tutor.lab.model import odds"""

ODDS = [
    'OddsChart(odds(get_scenario("sniper").build()))',
    'OddsChart(card_odds(get_scenario("sniper").build()))',
]

LIVE = [
    'short = ComparisonChart().run(get_scenario("ju87").build(auto_roll=True), games=40, '
    "jobs=1)\nshort",
    'long = ComparisonChart().run(get_scenario("ju87").build(auto_roll=True), games=1000, '
    "jobs=1)\nlong",
]

FINISHED = [
    'ComparisonChart(compare(get_scenario("ju87").build(auto_roll=True), games=12, jobs=1))',
]

PIXELS_JS = """
(canvas) => {
  // How much of the canvas is drawn: pixels that are neither transparent nor white.
  const ctx = canvas.getContext('2d');
  const {data} = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] > 0 && (data[i] < 245 || data[i + 1] < 245 || data[i + 2] < 245)) inked++;
  }
  const box = canvas.getBoundingClientRect();
  return {inked, width: canvas.width, height: canvas.height, cssWidth: box.width,
          cssHeight: box.height, right: box.right, viewport: window.innerWidth};
}
"""


def _pixels(canvas: Locator) -> dict[str, Any]:
    result: dict[str, Any] = canvas.evaluate(PIXELS_JS)
    return result


def _wait_drawn(page: Page, canvas: Locator, minimum: int = 2000) -> dict[str, Any]:
    """Wait until ``canvas`` holds a drawing (the kernel draws once the page is ready)."""
    expect(canvas).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(
        "([c, n]) => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        " let k = 0; for (let i = 0; i < d.length; i += 4) if (d[i + 3] && d[i] < 245) k++;"
        " return k >= n; }",
        arg=[canvas.element_handle(), minimum],
        timeout=RENDER_TIMEOUT_MS,
    )
    return _pixels(canvas)


def _check_sharp_and_inside(info: dict[str, Any]) -> None:
    # two backing pixels per CSS pixel: sharp at device scale 2, and inside the window
    assert info["width"] >= 2 * info["cssWidth"] - 2, info
    assert abs(info["height"] / info["width"] - info["cssHeight"] / info["cssWidth"]) < 0.02, info
    assert info["right"] <= info["viewport"] + 1, info


def test_odds_and_live_comparison_charts_draw_and_stop(
    page: Page,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    notebook = write_notebook(artifacts_dir, "charts.ipynb", [SETUP, *ODDS, *LIVE])
    page.goto(served_notebook(notebook))

    odds_canvases = page.locator("canvas.pavlov-odds-chart")
    expect(odds_canvases).to_have_count(2, timeout=RENDER_TIMEOUT_MS)
    for i in range(2):
        _check_sharp_and_inside(_wait_drawn(page, odds_canvases.nth(i)))
    odds_canvases.first.scroll_into_view_if_needed()
    save_screenshot(page, "charts-odds")

    comparisons = page.locator(".widget-vbox:has(> canvas.pavlov-comparison-chart)")
    expect(comparisons).to_have_count(2, timeout=RENDER_TIMEOUT_MS)
    short, long = comparisons.nth(0), comparisons.nth(1)

    # the long one: games come in, then Stop keeps what is done
    expect(long).to_contain_text("Playing:", timeout=RUN_TIMEOUT_MS)
    stop = long.locator(".pavlov-chart-stop")
    expect(stop).to_be_enabled()
    stop.click()
    expect(long).to_contain_text("Stopped:", timeout=RUN_TIMEOUT_MS)
    expect(stop).to_be_disabled()
    expect(stop).to_have_text("Stopped")

    # the short one finishes its 40 games per option
    expect(short).to_contain_text("Done: 40 of 40 games per option", timeout=RUN_TIMEOUT_MS)
    canvas = short.locator("canvas.pavlov-comparison-chart")
    info = _wait_drawn(page, canvas, minimum=5000)
    _check_sharp_and_inside(info)
    short.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    save_screenshot(page, "charts-comparison-done")
    long.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    save_screenshot(page, "charts-comparison-stopped")
    expect(page.locator(".pavlov-chart-error").filter(has_text="error")).to_have_count(0)


def test_charts_fit_a_phone(
    browser: Browser,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    context = phone_context(browser)
    page = context.new_page()
    try:
        notebook = write_notebook(artifacts_dir, "charts_phone.ipynb",
                                  [SETUP, *ODDS, *FINISHED])
        page.goto(served_notebook(notebook))
        canvases = page.locator("canvas.pavlov-chart")
        expect(canvases).to_have_count(3, timeout=RENDER_TIMEOUT_MS)
        for i in range(3):
            info = _wait_drawn(page, canvases.nth(i))
            _check_sharp_and_inside(info)
            # readable: shrunk by at most a tenth from its designed width
            assert info["cssWidth"] >= 0.9 * info["width"] / 2, info
        canvases.first.scroll_into_view_if_needed()
        save_screenshot(page, "charts-phone-odds")
        canvases.nth(2).scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        save_screenshot(page, "charts-phone-comparison")
    finally:
        context.close()
