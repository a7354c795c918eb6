"""The tutor by keyboard alone, heard as a screen reader hears it (issue 19's "Done means").

A learner who does not see the screen opens notebook 01 in Voila, reaches the board with Tab
and plays the first Soviet Card Phase with the arrow keys and Enter; then, on notebook 05,
steps the Sniper walkthrough with ▶ and answers the first check-yourself question on its
board. No mouse, no screenshot, no canvas pixel: the test reads only what the live regions
said (``test_spoken_board.HEAR_JS``), the accessibility tree and where the focus is. It checks
that

- each new question was said (a decision's prompt, a question's prompt, the walkthrough's
  step), each die's face, and each answer's feedback;
- no Enter acted on an option that was not said: the engine plays the same seeded game in
  Python, choosing the option *heard* under the focus when Enter was pressed, and the board
  must show the same log and question afterwards;
- after every key the focused element is on screen, and on the board the place the focus is
  on (its box from the board's test hook) is on screen, not under the sticky bar.

What was heard during the Soviet Card Phase is written to
``test-artifacts/keyboard_journey_heard.txt``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardpage import ANSWER_TIMEOUT_MS, RENDER_TIMEOUT_MS
from playwright.sync_api import Page, expect
from test_spoken_board import (
    FOCUS_SAID,
    HEAR_JS,
    faces,
    heard_since,
    last_focus_said,
    mark,
    sentence,
    wait_drawn,
)

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.game import Decision
from pavlov_widgets.widget import view as views

STEP_SAID = re.compile(r"Step (\d+) of (\d+)")
"""How the walkthrough says its step."""
TONE = re.compile(r"^(right|wrong)$")
"""An answered question's tone (the board's ``data-tone``)."""

FOCUS_ON_SCREEN_JS = """
(heardLabel) => {
  const a = document.activeElement;
  const out = {tag: a ? a.tagName : '', cls: a ? a.className.toString().slice(0, 60) : ''};
  if (!a || a === document.body) return {...out, ok: false, why: 'the focus is on the body'};
  const r = a.getBoundingClientRect();
  const W = window.innerWidth, H = window.innerHeight;
  const visible = Math.min(r.bottom, H) - Math.max(r.top, 0) > 4 &&
    Math.min(r.right, W) - Math.max(r.left, 0) > 4;
  if (!visible) return {...out, ok: false, why: 'the focused element is off screen',
                        box: [r.left, r.top, r.right, r.bottom]};
  const el = a.closest('.pavlov-board');
  if (!el || !a.classList.contains('pb-surface')) return {...out, ok: true};
  // on the board: the option the focus is on, a button of the bar or places on the board
  const button = el.querySelector('.pb-option.pb-kbd-focus');
  const inside = (b) => b.left >= -1 && b.top >= -1 && b.right <= W + 1 && b.bottom <= H + 1;
  if (button) {
    const b = button.getBoundingClientRect();
    return {...out, ok: inside(b), why: 'the focused button',
            box: [b.left, b.top, b.right, b.bottom]};
  }
  const h = el.__pavlovBoard;
  const opt = h.options().find((o) => heardLabel && heardLabel.startsWith(o.label));
  if (!opt) return {...out, ok: true, why: 'no option under the focus'};
  const overlay = el.querySelector('canvas.pb-overlay');
  const boxes = h.regions().filter((g) => g.options.includes(opt.id));
  const seen = boxes.filter((g) => {
    const b = {left: g.x, top: g.y, right: g.x + g.w, bottom: g.y + g.h};
    if (!inside(b)) return false;
    const at = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
    return at === overlay;  // not under the sticky bar or anything else
  });
  return {...out, ok: seen.length > 0, why: `the place of ${opt.id}`,
          boxes: boxes.map((g) => [g.id, g.x, g.y, g.w, g.h])};
}
"""


def focus_on_screen(page: Page, key: str) -> None:
    """Assert the focused element (and on the board, the focused place) is on screen."""
    label = last_focus_said(page, board=None)
    found: dict[str, Any] = page.evaluate(FOCUS_ON_SCREEN_JS, label)
    assert found["ok"], f"after {key}: {found}"


def press(page: Page, key: str) -> None:
    """Press a key, let the page answer, and check the focus is on screen."""
    page.keyboard.press(key)
    page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => "
                  "requestAnimationFrame(ok)))")
    focus_on_screen(page, key)


def tab_to(page: Page, test: str, limit: int = 250) -> None:
    """Press Tab until ``test`` (a JS predicate on the active element) holds."""
    for _ in range(limit):
        if page.evaluate(f"() => {{ const a = document.activeElement; return !!a && ({test}); }}"):
            return
        press(page, "Tab")
    raise AssertionError(f"Tab never reached {test}")


def policy(game: Game, taken: dict[str, int]) -> str:
    """The option a learner takes in the first Soviet Card Phase.

    Two card actions (three supply tokens, then Done), the first of anything else; then the
    end of the phase.
    """
    pending = game.pending
    assert isinstance(pending, Decision)
    ids = [a.id for a in game.legal_actions()]
    if pending.op == "card_action":
        taken["cards"] = taken.get("cards", 0) + 1
        return ids[0] if taken["cards"] <= 2 and ids[0] != "end-phase" else "end-phase"
    if pending.op == "resupply_pick":
        taken["tokens"] = taken.get("tokens", 0) + 1
        return ids[0] if taken["tokens"] <= 3 else "done"
    return ids[0]


def test_the_tutor_by_keyboard_alone(
    page: Page, served_notebook: Callable[[str | Path], str], artifacts_dir: Path
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script(HEAR_JS)
    page.set_viewport_size({"width": 1366, "height": 768})
    # --- notebook 01: the first Soviet Card Phase --------------------------------------
    page.goto(served_notebook("notebooks/01_introduction.ipynb"))
    board = page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
    game = Game.new(seed=1)
    start = mark(page)
    tab_to(page, "a.classList.contains('pb-surface')")
    page.wait_for_function("(n) => window.__heard.length > n", arg=start)
    prompt = game.pending.prompt  # type: ignore[union-attr]
    said = heard_since(page, start)
    assert any(s.startswith(sentence(prompt)[:-1]) for s in said), said
    taken: dict[str, int] = {}
    while game.state.phase == "soviet_cards" and game.state.turn == 1:
        option = policy(game, taken)
        label = sentence(next(a.label for a in game.legal_actions() if a.id == option))[:-1]
        for _ in range(40):
            if last_focus_said(page).startswith(label):
                break
            press(page, "ArrowRight")
        heard_label = last_focus_said(page)
        assert heard_label.startswith(label), (label, heard_label)
        rev = int(board.get_attribute("data-rev") or "-1")
        n_log = len(game.log)
        before = mark(page)
        press(page, "Enter")
        game.apply(option)  # the option heard under the focus when Enter was pressed
        wait_drawn(board, rev + 1)
        page.wait_for_function("(n) => window.__heard.length > n", arg=before)
        said = heard_since(page, before)
        # the board chose what was heard: the same log, the same question as the engine's
        expect(board.locator(".pb-log li").first).to_contain_text(game.log[-1].text)
        expect(board).to_have_attribute("data-prompt", str(views_prompt(game)))
        for e in game.log[n_log:]:
            if e.dice:  # each die's face
                assert any(faces(e.dice) in s for s in said), (e.text, e.dice, said)
        # the new question was said
        assert any(s.startswith(sentence(views_prompt(game))[:-1]) for s in said), said
    phase = heard_since(page, start)
    (artifacts_dir / "keyboard_journey_heard.txt").write_text("\n".join(phase) + "\n")
    assert any("Done (3 added)" in s for s in phase), phase
    assert any("choose a card action (1 left)" in s for s in phase), phase

    # --- notebook 05: the Sniper walkthrough, then a check-yourself question ----------
    page.goto(served_notebook("notebooks/05_sniper_and_mortar.ipynb"))
    walk = page.locator(".pavlov-walkthrough").first
    expect(walk.locator(".pavlov-board")).to_have_attribute("data-rev", "0",
                                                            timeout=RENDER_TIMEOUT_MS)
    quiz = page.locator(".pavlov-board[data-asking='1']").first
    expect(quiz).to_be_attached(timeout=RENDER_TIMEOUT_MS)
    tab_to(page, "a.textContent.trim() === '▶' && !!a.closest('.pavlov-walkthrough')")
    forward = walk.locator("button", has_text="▶")
    steps = 0
    step_said = 0
    while forward.is_enabled() and steps < 30:
        before = mark(page)
        wboard = walk.locator(".pavlov-board")
        n_log = int(wboard.evaluate("(el) => el.querySelectorAll('.pb-log li').length"))
        press(page, "Enter")
        steps += 1
        expect(wboard).to_have_attribute("data-busy", "0", timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_function("(n) => window.__heard.length > n", arg=before)
        page.wait_for_timeout(300)
        said = heard_since(page, before, board=None)
        # the walkthrough's new step is said, "Step k of N" (engineer D's part)
        numbers = [int(m.group(1)) for s in said for m in [STEP_SAID.search(s)] if m]
        assert numbers and numbers[-1] == step_said + 1, (step_said, said)
        step_said = numbers[-1]
        # each new roll of the walkthrough's board is heard with its faces
        dice = wboard.evaluate("""(el, n) => [...el.querySelectorAll('.pb-log li')]
            .slice(0, Math.max(0, el.querySelectorAll('.pb-log li').length - n))
            .map((li) => [...li.querySelectorAll('.pb-die')].map((d) => Number(d.textContent)))
            .filter((d) => d.length)""", n_log)
        for d in dice:
            assert any(faces(d) in s for s in said), (d, said)
    # at the last step ▶ is disabled: the focus stays on a control of the walkthrough, on
    # screen, not on the page's body (engineer D's part)
    focus_on_screen(page, f"▶ at the last step ({steps})")
    assert steps > 1
    # the question: Tab to its board, hear it, answer it with the arrows and Enter
    before = mark(page)
    tab_to(page, "a.classList.contains('pb-surface') && "
                 "a.closest('.pavlov-board').dataset.asking === '1'")
    page.wait_for_function("(n) => window.__heard.length > n", arg=before)
    qboard = page.locator(".pavlov-board").nth(
        int(page.evaluate("() => [...document.querySelectorAll('.pavlov-board')]"
                          ".indexOf(document.activeElement.closest('.pavlov-board'))")))
    question = str(qboard.get_attribute("data-prompt"))
    said = heard_since(page, before, board=None)
    assert any(s.startswith(sentence(question)[:-1]) for s in said), (question, said)
    press(page, "ArrowRight")
    heard_answer = last_focus_said(page, board=None)
    assert FOCUS_SAID.match(f"Answer 1 of 1: {heard_answer}"), heard_answer
    before = mark(page)
    rev = int(qboard.get_attribute("data-rev") or "-1")
    press(page, "Enter")
    expect(qboard).to_have_attribute("data-tone", TONE, timeout=ANSWER_TIMEOUT_MS)
    page.wait_for_timeout(300)
    said = heard_since(page, before, board=None)
    assert any(s.startswith(("Right. ", "Not right. ")) for s in said), said
    # a second Enter does not roll the question position's dice: the board stays the
    # question's (its feedback, or the question asked again, as the option said offers),
    # never a live game; no die is rolled
    n_log = qboard.locator(".pb-log li").count()
    press(page, "Enter")
    page.wait_for_timeout(800)
    expect(qboard).to_have_attribute("data-busy", "0", timeout=ANSWER_TIMEOUT_MS)
    assert qboard.get_attribute("data-asking") == "1" or \
        TONE.match(qboard.get_attribute("data-tone") or ""), qboard.get_attribute("data-prompt")
    assert int(qboard.get_attribute("data-rev") or "-1") == rev
    assert qboard.locator(".pb-log li").count() == n_log
    assert not errors, errors


def views_prompt(game: Game) -> str:
    """The prompt the board shows for the game (its choice view)."""
    return str(views.choice_view(game)["prompt"])
