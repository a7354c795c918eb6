"""A walkthrough rolled for real says what the dice did, on a phone too (issue 21).

Played with fresh dice, the Sniper example's colour roll fell on green and the narration
stopped at "the dice show 2, so green", with no word that nobody stands on green. Voila on a
390×844 phone (touch): "Roll for real" with seed 2, ▶ once; the narration the learner reads
must carry the dice and their outcome, in the engine's words, and be on screen. Screenshot:
``test-artifacts/walk-outcome-390x844.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from boardpage import RENDER_TIMEOUT_MS, in_view, write_notebook
from playwright.sync_api import Page, expect

from pavlov_widgets.tutor import Walkthrough


def test_phone_390x844_narrates_a_fresh_rolls_outcome(
    phone: tuple[Page, list[str]],
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    walk = Walkthrough("sniper", mode="roll", seed=2)
    walk.next()
    want = walk.narration().text  # what the model says after the same roll
    assert "no Soviet counter on green positions" in want, want
    page, _errors = phone
    notebook = write_notebook(artifacts_dir, "walk-outcome.ipynb", [
        "from pavlov_widgets.tutor import Walkthrough",
        'Walkthrough("sniper", mode="roll", seed=2)',
    ])
    page.goto(served_notebook(notebook))
    widget = page.locator(".pavlov-walkthrough").first
    expect(widget).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    widget.scroll_into_view_if_needed()
    widget.locator(".pw-steps button", has_text="▶").tap()
    narration = widget.locator(".pw-narration")
    expect(narration).to_contain_text(want, timeout=RENDER_TIMEOUT_MS)
    seen = in_view(narration)
    assert seen["visible"], seen
    save_screenshot(page, "walk-outcome-390x844")
