"""The what-if lab notebook in a real browser (issue 13): odds, comparison and hint on the board.

Voila runs ``notebooks/15_lab.ipynb`` at 1366×900 (a laptop). Its three worked questions each
open a :class:`~pavlov_widgets.tutor.lab.widget.Lab`; the test checks that every lab renders
beside its board, that the odds chart of each question is drawn, that the notebook's
comparisons are done, runs a short comparison of the First Aid question with the button to
Done, and asks each lab for a hint: the sentence shows and the hinted option is ringed on the
board. Screenshots of the lab answering each question: ``test-artifacts/lab-q1.png``,
``lab-q2.png``, ``lab-q3.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardpage import RENDER_TIMEOUT_MS, look, marks_in_view
from playwright.sync_api import Locator, Page, expect

RUN_TIMEOUT_MS = 180_000  # the notebook's three comparisons, then ours, on a busy machine
HINT_TIMEOUT_MS = 60_000

INKED_JS = """
(c) => {
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let k = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i + 3] && d[i] < 245) k++;
  const b = c.getBoundingClientRect();
  return {inked: k, right: b.right, viewport: window.innerWidth, cssWidth: b.width};
}
"""


def _drawn(page: Page, canvas: Locator, minimum: int = 2000) -> dict[str, Any]:
    """Wait until ``canvas`` holds a drawing; return how much is inked and where it is."""
    expect(canvas).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(f"(c) => ({INKED_JS})(c).inked >= {minimum}",
                           arg=canvas.element_handle(), timeout=RENDER_TIMEOUT_MS)
    info: dict[str, Any] = canvas.evaluate(INKED_JS)
    return info


# what every finished hint says (compare.HINT_SENTENCES): sure, fairly sure, or too close to
# call; "confidence" alone is said only by the last, so a decisive hint was waited for in vain
HINT_SAID = re.compile(r"The hint is (fairly )?sure|Too close to call|no other option")
NOT_RINGED = "choices on the board"  # too close to call between two buttons of the bar


def _hint(page: Page, lab: Locator) -> list[dict[str, Any]] | None:
    """Press the lab's Hint; wait for its sentence; return the board's marks.

    None when the hinted option is a button of the board's bar (it has no place to ring).
    """
    own = lab.locator(".pavlov-board .pb-hint")  # the board's Hint button, when it has one
    board = lab.locator(".pavlov-board")
    if own.count():
        own.click()  # the board's bar says the sentence (an earlier hint's until it is done)
        page.wait_for_timeout(300)
        expect(own).not_to_contain_text("Thinking", timeout=HINT_TIMEOUT_MS)
        expect(board.locator(".pb-bar")).to_contain_text(HINT_SAID, timeout=HINT_TIMEOUT_MS)
        said = board.locator(".pb-bar").inner_text()
        labels = [b["label"] for b in look(board)["buttons"]]
        if any(label and f"Hint: {label}" in said for label in labels) or NOT_RINGED in said:
            return None  # a button of the bar ("Launch the raid"): nothing to ring
    else:
        box = lab.locator(".pl-hint")
        lab.locator(".pl-side").get_by_role("button", name="Hint").click()
        expect(box).to_contain_text(HINT_SAID, timeout=HINT_TIMEOUT_MS)
        said = box.inner_text()
        if "button in the board's bar" in said or NOT_RINGED in said:
            return None
    page.wait_for_function("(el) => el.__pavlovBoard.marks().length > 0",
                           arg=board.element_handle(), timeout=HINT_TIMEOUT_MS)
    return marks_in_view(board)


def _show(page: Page, lab: Locator) -> None:
    """Bring a lab to the top of the window and let it paint."""
    lab.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.evaluate(
        "() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
    page.wait_for_timeout(400)


def test_the_lab_answers_the_three_worked_questions(
    page: Page,
    served_notebook: Callable[[str | Path], str],
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(served_notebook("notebooks/15_lab.ipynb"))

    labs = page.locator(".pavlov-lab")
    expect(labs).to_have_count(4, timeout=RENDER_TIMEOUT_MS)
    q1, q2, q3 = labs.nth(0), labs.nth(1), labs.nth(2)

    for lab in (q1, q2, q3):
        # the lab's column stands beside the board at 1366 px, not under it
        board_box = lab.locator(".pl-board").bounding_box()
        side_box = lab.locator(".pl-side").bounding_box()
        assert board_box and side_box
        assert side_box["x"] >= board_box["x"] + board_box["width"] - 1, (board_box, side_box)
        assert side_box["width"] >= 300, side_box
        odds = _drawn(page, lab.locator("canvas.pavlov-odds-chart"))
        assert odds["right"] <= odds["viewport"] + 1, odds
        # the notebook's own comparison of the question is finished and drawn
        expect(lab.locator(".pl-side")).to_contain_text("Done: 30 of 30 games per option",
                                                        timeout=RUN_TIMEOUT_MS)
        _drawn(page, lab.locator("canvas.pavlov-comparison-chart"), minimum=5000)

    # question 3 with the button: a short comparison, live, to Done
    _show(page, q3)
    games = q3.locator(".widget-inline-hbox:has(label:text('games')) input")
    games.fill("10")
    games.press("Enter")
    q3.get_by_role("button", name="Compare the choices").click()
    expect(q3.locator(".pl-side")).to_contain_text("Done: 10 of 10 games per option",
                                                   timeout=RUN_TIMEOUT_MS)
    _drawn(page, q3.locator("canvas.pavlov-comparison-chart"), minimum=5000)

    # each lab's Hint: a sentence, and the option ringed on the board; a taller window for
    # the pictures, so that each shows the odds, the comparison and the hint together
    page.set_viewport_size({"width": 1366, "height": 1100})
    for lab, name in ((q1, "lab-q1"), (q2, "lab-q2"), (q3, "lab-q3")):
        _show(page, lab)
        marks = _hint(page, lab)
        if marks is not None:  # an option with a place: ringed, and on screen
            assert marks and all(m["style"] == "focus" for m in marks), marks
            assert all(m["w"] > 0 and m["h"] > 0 for m in marks), marks
        _show(page, lab)
        save_screenshot(page, name)

    expect(page.locator(".pl-error").filter(has_text="rror")).to_have_count(0)
    expect(page.locator(".pavlov-chart-error").filter(has_text="error")).to_have_count(0)
