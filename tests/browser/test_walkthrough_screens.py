"""A walkthrough keeps its narration, its controls and what the step is about on screen (issue 18).

At the three screens people learn on — JupyterLab at 1366×768 with the file browser open,
Voila at 1920×1080 and Voila on a 390×844 phone — every step of the Sniper and Ju 87
walkthroughs is played in each of the three modes as a learner does: ▶ to go on, and, in
"your turn", the rulebook's choice made on the board by clicking the place that glows (or its
button in the board's bar). After each step, as a person sees it (fully inside the window and
every clipping ancestor, below the board's bar, not covered: ``document.elementFromPoint``):

- the narration and the ◀ ▶ controls;
- the board's bar prompt;
- every focus place of the board, all together (the ``focus`` trait: the step's places, else
  the places of its options, else the dice; where they span more than the board's box below
  its bar holds at the board's own size, the board draws them smaller so that they fit), and,
  before a choice, the glowing place to click;
- no label cut short: the board's ``hook.clipped()`` is empty, and no button of the
  walkthrough or of the board's bar is narrower than its text.

The learner scrolls to the walkthrough once (as to any cell they work in); after that the test
never scrolls. At 1920×1080 the board uses the room: the whole board, at its own size or
bigger, beside the narration. The sticky bar stays at the top of the screen when content
above the board changes height. One notebook load per screen and mode (both walkthroughs in
it). Screenshots:
``test-artifacts/walkscreens-<size>-<mode>-<scenario>-<step>.png``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pytest
from boardpage import (
    NOT_FORWARD,
    RENDER_TIMEOUT_MS,
    in_view,
    look,
    marks_in_view,
    press,
    run_all_in_lab,
    settle,
    write_notebook,
)
from playwright.sync_api import Locator, Page, expect

from pavlov_widgets.tutor import Walkthrough

SCENARIOS = ("sniper", "ju87")
MODES = ("watch", "your-turn", "roll")
NARRATION_TIMEOUT_MS = 5_000
"""How long the narration may follow the board after a step (both come from the kernel)."""
MAX_STEPS = 30
"""More steps than any of these walkthroughs has in any mode (a loop guard)."""

CUT_JS = """
(walk) => {
  // Buttons (and the bar's texts) whose text is wider than their box: cut short.
  const nodes = [...walk.querySelectorAll('button, .pb-prompt, .pb-rule, .pb-odds')];
  return nodes.filter((n) => n.getClientRects().length > 0 &&
                             n.scrollWidth > n.clientWidth + 1)
    .map((n) => `${n.textContent.trim()} (${n.scrollWidth} > ${n.clientWidth})`);
}
"""

POINT_JS = """
(el, [x, y]) => {
  // A point of the board to click: on screen and answered by the board's overlay.
  const overlay = el.querySelector('canvas.pb-overlay');
  const bar = el.querySelector('.pb-bar').getBoundingClientRect();
  const hit = document.elementFromPoint(x, y);
  return {onScreen: x >= 0 && y >= bar.bottom && x <= innerWidth && y <= innerHeight,
          uncovered: hit === overlay};
}
"""


def _rulebook_choices(scenario: str) -> list[str]:
    """The option ids the rulebook chooses in ``scenario``, in order."""
    walk = Walkthrough(scenario)
    return [p.option.id for p in walk.steps if p.option is not None]


def _notebook(folder: Path, size: str, mode: str) -> Path:
    """A notebook with the two walkthroughs in ``mode``, one cell each."""
    cells = ["from pavlov_widgets.tutor import Walkthrough"]
    cells += [f'walk = Walkthrough("{name}")\nwalk.set_mode("{mode}")\nwalk'
              for name in SCENARIOS]
    return write_notebook(folder, f"walkscreens-{size}-{mode}.ipynb", cells)


FOCUS_TRIES = 10
"""How many times a step's focus is looked at before it counts as out of view."""
FOCUS_WAIT_MS = 150
"""The wait between two looks: a few animation frames."""


class Learner:
    """One learner at one walkthrough: steps through it and checks the screen at every step."""

    def __init__(self, page: Page, walk: Locator, where: str, touch: bool,
                 save: Callable[..., Path]) -> None:
        self.page = page
        self.walk = walk
        self.where = where
        self.touch = touch
        self.save = save
        self.board = walk.locator(".pavlov-board").first
        self.next = walk.locator(".pw-steps button", has_text="▶")
        self.back = walk.locator(".pw-steps button", has_text="◀")
        self.narration = walk.locator(".pw-narration")

    def tap(self, target: Locator) -> None:
        """Click (or tap, on a touch screen) a button."""
        if self.touch:
            target.tap()
        else:
            target.click()

    def check(self, step: int, choice: str | None) -> None:
        """Everything the step needs is on screen, uncovered and not cut."""
        where = f"{self.where}, step {step}"
        self.save(self.page, f"walkscreens-{self.where.replace(' ', '-')}-{step:02d}")
        for name, node in (("narration", self.narration), ("◀", self.back),
                           ("▶", self.next)):
            seen = in_view(node)
            assert seen["visible"], f"{where}: the {name} is not in view: {seen}"
        seen = look(self.board)
        assert seen["promptVisible"], f"{where}: the bar's prompt is hidden: {seen['promptSeen']}"
        assert seen["clipped"] == [], f"{where}: the board cut {seen['clipped']}"
        cut = self.walk.evaluate(CUT_JS)
        assert cut == [], f"{where}: labels cut short: {cut}"
        # The board brings its focus into view at the next frames after a change (and again
        # when the page around it settles): the places must be in view once it has.
        problem = ""
        for _ in range(FOCUS_TRIES):
            problem = self._focus_problem(choice)
            if not problem:
                return
            self.page.wait_for_timeout(FOCUS_WAIT_MS)
        raise AssertionError(f"{where}: {problem}")

    def _focus_problem(self, choice: str | None) -> str:
        """What of the step's focus (or the place to click) is not in view, or ""."""
        if choice is not None:
            point = self.board.evaluate("(el, id) => el.__pavlovBoard.pointFor(id)", choice)
            if point is None:
                button = self.board.locator(f".pb-bar .pb-option[data-option='{choice}']")
                seen = in_view(button)
                return "" if seen["visible"] else f"the button of {choice} is hidden: {seen}"
            at = self.board.evaluate(POINT_JS, [point["x"], point["y"]])
            if at["onScreen"] and at["uncovered"]:
                return ""
            return f"the place to click for {choice} is not in view: {point} {at}"
        places = marks_in_view(self.board, "focus")
        hidden = [f"{m['region']}@({m['x']:.0f},{m['y']:.0f} {m['w']:.0f}×{m['h']:.0f})"
                  for m in places if not m["visible"]]
        return f"focus places not in view: {hidden}" if hidden else ""

    def the_choice(self, rulebook: list[str]) -> str:
        """The option to choose now: the rulebook's next one offered, else the first forward."""
        offered = [o["id"] for o in
                   self.board.evaluate("el => el.__pavlovBoard.options()")]
        for option in rulebook:
            if option in offered:
                return option
        forward = [o for o in offered if not o.startswith(NOT_FORWARD)]
        assert forward, f"{self.where}: nothing to choose: {offered}"
        return forward[0]

    def choose(self, option: str) -> None:
        """Make a choice on the board: click its glowing place, else its button in the bar."""
        point = self.board.evaluate("(el, id) => el.__pavlovBoard.pointFor(id)", option)
        if point is None:
            self.tap(self.board.locator(f".pb-bar .pb-option[data-option='{option}']"))
            return
        press(self.page, point["x"], point["y"], self.touch)
        if point["menu"]:
            self.tap(self.board.locator(f".pb-menu button[data-option='{option}']"))

    def play(self, rulebook: list[str]) -> int:
        """Step through to the end; the number of steps taken."""
        expect(self.board).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
        self.walk.evaluate("el => el.scrollIntoView({block: 'start'})")
        settle(self.page, self.board)
        for step in range(MAX_STEPS):
            blocked = self.next.is_disabled()
            why = self.next.get_attribute("title") or ""
            choice = self.the_choice(rulebook) if blocked and "over" not in why else None
            self.check(step, choice)
            if blocked and choice is None:
                return step
            rev = self.board.get_attribute("data-rev")
            said = self.narration.inner_text()
            if choice is None:
                self.tap(self.next)
            else:
                self.choose(choice)
                if choice in rulebook:
                    rulebook = rulebook[rulebook.index(choice) + 1:]
            expect(self.board).not_to_have_attribute("data-rev", rev or "",
                                                     timeout=RENDER_TIMEOUT_MS)
            with contextlib.suppress(AssertionError):  # a step may say the same again
                expect(self.narration).not_to_have_text(said, timeout=NARRATION_TIMEOUT_MS)
            settle(self.page, self.board)
        raise AssertionError(f"{self.where}: not over after {MAX_STEPS} steps")


def _walk_all(page: Page, size: str, mode: str, touch: bool, save: Callable[..., Path]) -> None:
    """Play both walkthroughs of the page to the end, checking every step."""
    walks = page.locator(".pavlov-walkthrough")
    expect(walks).to_have_count(len(SCENARIOS), timeout=RENDER_TIMEOUT_MS)
    for i, scenario in enumerate(SCENARIOS):
        learner = Learner(page, walks.nth(i), f"{size} {mode} {scenario}", touch, save)
        steps = learner.play(_rulebook_choices(scenario))
        assert steps >= 1, f"{size} {mode} {scenario}: no step was played"


@pytest.mark.parametrize("mode", MODES)
def test_jupyterlab_1366x768_with_the_file_browser_open(
    mode: str,
    page: Page,
    lab_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    run_all_in_lab(page, lab_notebook(_notebook(artifacts_dir, "lab", mode)), file_browser=True)
    _walk_all(page, "1366x768", mode, False, save_screenshot)


@pytest.mark.parametrize("mode", MODES)
def test_voila_1920x1080(
    mode: str,
    page: Page,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(served_notebook(_notebook(artifacts_dir, "1920", mode)))
    _walk_all(page, "1920x1080", mode, False, save_screenshot)
    # the room is used: the whole board, at its own size or bigger, beside the narration
    walk = page.locator(".pavlov-walkthrough").last
    board = walk.locator(".pavlov-board")
    assert board.evaluate("el => el.__pavlovBoard.panels()") == ["house", "square", "volga"]
    assert board.evaluate("el => el.__pavlovBoard.scale()") >= 1
    surface = board.locator(".pb-surface").bounding_box() or {"width": 0}
    side = walk.locator(".pw-side").bounding_box() or {"width": 0}
    assert surface["width"] >= 1280 and surface["width"] + side["width"] >= 0.8 * 1920, (
        surface, side)


@pytest.mark.parametrize("mode", MODES)
def test_phone_390x844(
    mode: str,
    phone: tuple[Page, list[str]],
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    page, _errors = phone
    page.goto(served_notebook(_notebook(artifacts_dir, "phone", mode)))
    _walk_all(page, "390x844", mode, True, save_screenshot)


BAR_JS = """
() => {
  // Where the bar is against where it should be: at the top of the screen while the board
  // scrolls under it (the board's top is above the screen), else at the board's top.
  const el = document.querySelector('#a .pavlov-board');
  const bar = el.querySelector('.pb-bar').getBoundingClientRect();
  const board = el.getBoundingClientRect();
  return {bar: bar.top, want: Math.max(0, board.top)};
}
"""


def test_the_bar_follows_when_content_above_the_board_changes_height(blank: Page) -> None:
    """The sticky bar stays at the top of the screen when something above the board changes.

    Not over the middle of the board when it grows, not above the screen (its prompt hidden)
    when it shrinks.
    """
    from test_board_unit import mount, state_of

    from pavlov_widgets import Board

    blank.set_viewport_size({"width": 1320, "height": 600})
    blank.evaluate("() => document.getElementById('a').insertAdjacentHTML("
                   "'beforebegin', '<div id=above style=\"height:100px\"></div>')")
    mount(blank, state_of(Board.new(seed=1)))
    board = blank.locator("#a .pavlov-board")
    expect(board).to_have_attribute("data-busy", "0")
    blank.evaluate("() => window.scrollTo(0, 400)")
    settle(blank, board)
    where = blank.evaluate(BAR_JS)
    assert abs(where["bar"] - where["want"]) <= 1, f"scrolled: {where}"
    for height in (400, 0, 250):
        blank.evaluate(f"() => {{ document.getElementById('above').style.height = "
                       f"'{height}px'; }}")
        settle(blank, board)
        where = blank.evaluate(BAR_JS)
        assert abs(where["bar"] - where["want"]) <= 1, f"{height} px above: {where}"
