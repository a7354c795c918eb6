"""The tutor's widgets to a keyboard and a screen reader (issue 19), in Voila.

What ipywidgets left unsaid (:mod:`pavlov_widgets.tutor.access`), read from the accessibility
tree as a screen reader does (Playwright's roles and accessible names), not from classes:

- the walkthrough's step slider has a name; its mode buttons say which is pressed, and the
  pressed one follows a click;
- stepping the Sniper walkthrough by keyboard (Enter on ▶), each step's "Step k of N" and
  narration arrive in the live region named "Walkthrough narration"; at the last step ▶ is
  disabled and the focus is on ◀, not dropped to the page's body;
- a focused control of the tutor shows a 2 px dark-blue outline (the tutor's CSS);
- an exercise's feedback arrives in the live region "Exercise feedback", and the coach's
  answer to "Why not…?" in "Coach's answer";
- every header cell of the score table has a name;
- at the three screens people learn on (JupyterLab at 1366×768 with the file browser open,
  Voila at 1920×1080, Voila on a 390×844 phone), the outline of the focused ◀ is whole on
  screen (drawn inside the button, which no box clips) and the walkthrough's controls stand
  where they stood before the focus came.

Screenshots: ``test-artifacts/tutoraccess-<screen>-focus.png`` (the focus on ◀ after the
last step).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from boardpage import (
    ANSWER_TIMEOUT_MS,
    RENDER_TIMEOUT_MS,
    in_view,
    run_all_in_lab,
    write_notebook,
)
from playwright.sync_api import Page, expect
from test_tutor_screens import Screen, screen  # noqa: F401 (the three screens' fixture)

from pavlov_widgets.tutor import Walkthrough
from pavlov_widgets.tutor.access import FOCUS

CELLS = [
    "from pavlov_widgets.tutor import Quiz, Walkthrough\n"
    "from pavlov_widgets.tutor.coach import Coach\n"
    "walk = Walkthrough('sniper')\nwalk",
    "quiz = Quiz('99', 'Dice')\n"
    "quiz.choice('Four dice against Defense 4: how likely is at least one hit?',\n"
    "            ['1 time in 2 (50%)', '15 times in 16 (94%)'], answer='15 times in 16 (94%)',\n"
    "            rule='3.0 Attack Defender', explain='All four miss one time in 16.')",
    "quiz",
    "Coach(seed=1)",
]

OUTLINE_JS = """
(el) => { const s = getComputedStyle(el);
          return {width: s.outlineWidth, style: s.outlineStyle, colour: s.outlineColor}; }
"""


BOXES_JS = """
(walk) => [...walk.querySelectorAll('.pw-steps .widget-button, .pw-slider')]
  .map((n) => { const b = n.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; })
"""


def _rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def test_the_tutor_speaks_and_keeps_the_focus(
        page: Page, errors: list[str], served_notebook: Callable[[str | Path], str],
        artifacts_dir: Path, save_screenshot: Callable[..., Path]) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(served_notebook(write_notebook(artifacts_dir, "tutor_access.ipynb", CELLS)))
    walk = page.locator(".pavlov-walkthrough")
    expect(walk).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    expect(page.locator("#loading")).to_be_hidden(timeout=RENDER_TIMEOUT_MS)

    # the slider has a name; one mode button is pressed, and a click moves it
    expect(walk.get_by_role("slider", name="Step of the walkthrough")).to_have_count(1)
    expect(walk.get_by_role("button", pressed=True)).to_have_count(1, timeout=ANSWER_TIMEOUT_MS)
    expect(walk.get_by_role("button", name="Watch", pressed=True)).to_be_visible()
    walk.get_by_role("button", name="Your turn").click()
    expect(walk.get_by_role("button", name="Your turn", pressed=True)).to_be_visible(
        timeout=ANSWER_TIMEOUT_MS)
    expect(walk.get_by_role("button", name="Watch", pressed=False)).to_be_visible()
    walk.get_by_role("button", name="Watch").click()
    expect(walk.get_by_role("button", name="Watch", pressed=True)).to_be_visible(
        timeout=ANSWER_TIMEOUT_MS)

    # Enter on ▶, step after step: each step is said; at the end the focus is on ◀
    said = page.get_by_role("status", name="Walkthrough narration")
    expect(said).to_contain_text("Step 0 of 3")
    forward = walk.get_by_role("button", name="▶")
    back = walk.get_by_role("button", name="◀")
    forward.focus()
    total = len(Walkthrough("sniper"))
    for step in range(1, total + 1):
        page.keyboard.press("Enter")
        expect(said).to_contain_text(f"Step {step} of {total}", timeout=ANSWER_TIMEOUT_MS)
    expect(forward).to_be_disabled()
    expect(back).to_be_focused(timeout=ANSWER_TIMEOUT_MS)
    outline = back.evaluate(OUTLINE_JS)
    assert outline == {"width": "2px", "style": "solid", "colour": _rgb(FOCUS)}, outline
    page.keyboard.press("Enter")  # ◀ works from where the focus went
    expect(said).to_contain_text(f"Step {total - 1} of {total}", timeout=ANSWER_TIMEOUT_MS)

    # an exercise's feedback, the score's headers, the coach's answer
    exercise = page.locator(".pavlov-exercise")
    exercise.get_by_role("button", name="1 time in 2 (50%)").click()
    expect(exercise.get_by_role("status", name="Exercise feedback")).to_contain_text(
        "Not quite", timeout=ANSWER_TIMEOUT_MS)
    headers = page.locator(".pavlov-score").get_by_role("columnheader")
    expect(headers).to_have_count(4)
    assert all(h.strip() for h in headers.all_text_contents()), headers.all_text_contents()
    coach = page.locator(".pavlov-coach")
    coach.get_by_role("textbox", name="Why not…?").fill("R2")
    page.keyboard.press("Enter")
    expect(coach.get_by_role("status", name="Coach's answer")).to_contain_text(
        "2.2 Take up to Three Actions", timeout=ANSWER_TIMEOUT_MS)


def test_the_focus_outline_shows_whole_and_moves_nothing(
        screen: Screen, request: pytest.FixtureRequest, artifacts_dir: Path) -> None:  # noqa: F811
    page, name = screen.page, screen.name
    notebook = write_notebook(artifacts_dir, f"tutor_access_{name}.ipynb", CELLS[:1])
    if name.startswith("lab"):
        copy = artifacts_dir / f"tutoraccess-{name}.ipynb"  # JupyterLab saves what it opens
        shutil.copy(notebook, copy)
        run_all_in_lab(page, request.getfixturevalue("lab_notebook")(copy), file_browser=True)
    else:
        page.goto(request.getfixturevalue("served_notebook")(notebook))
    walk = page.locator(".pavlov-walkthrough")
    expect(walk).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    walk.evaluate("el => el.scrollIntoView({block: 'start'})")
    said = walk.get_by_role("status", name="Walkthrough narration")
    forward = walk.get_by_role("button", name="▶")
    back = walk.get_by_role("button", name="◀")
    forward.focus()
    total = len(Walkthrough("sniper"))
    for step in range(1, total):
        page.keyboard.press("Enter")
        expect(said).to_contain_text(f"Step {step} of {total}", timeout=ANSWER_TIMEOUT_MS)
    page.wait_for_timeout(300)
    before = walk.evaluate(BOXES_JS)
    page.keyboard.press("Enter")  # the last step: ▶ is disabled, the focus goes to ◀
    expect(said).to_contain_text(f"Step {total} of {total}", timeout=ANSWER_TIMEOUT_MS)
    expect(back).to_be_focused(timeout=ANSWER_TIMEOUT_MS)
    page.wait_for_timeout(300)
    screen.save(page, f"tutoraccess-{name}-focus")
    assert back.evaluate(OUTLINE_JS) == {"width": "2px", "style": "solid",
                                         "colour": _rgb(FOCUS)}
    seen = in_view(back)
    assert seen["visible"], f"{name}: the focused ◀ (its outline inside it) is not whole: {seen}"
    assert walk.evaluate(BOXES_JS) == before, f"{name}: the focus moved the controls"
