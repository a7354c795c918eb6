"""What a screen reader hears from the board (issue 19), heard as it hears it.

A ``MutationObserver`` installed before the page's own scripts records every change of every
live region on the page (each message added to a polite region, each new text of an
assertive one, each new text of a ``status`` or ``alert``) with its time and its board: that
list is what a screen reader was told, in order. The tests play by keyboard and check it
against the engine, which plays the same seeded game in Python: each new question, each log
entry (one message each, not one batch), each die's face, undo, redo and the score are heard;
Enter acts only on the option heard last; and in the accessibility tree every board's bar is
a region of its own name, its log a named list the keyboard reaches, its dice an image named
by their faces.

:data:`HEAR_JS` and the helpers :func:`heard`, :func:`heard_since`, :func:`mark` are shared
with ``test_keyboard_journey.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from boardpage import ANSWER_TIMEOUT_MS, RENDER_TIMEOUT_MS
from playwright.sync_api import Locator, Page, expect
from test_board import open_board  # noqa: F401 (the fixture, shared)

from pavlov_widgets.engine import Game
from pavlov_widgets.widget import view as views

HEAR_JS = """
(() => {
  if (window.__heard) return;
  const heard = [];
  window.__heard = heard;
  const liveOf = (node) => {
    const el = node && (node.nodeType === 1 ? node : node.parentElement);
    return el ? el.closest('[aria-live], [role=status], [role=alert]') : null;
  };
  const boardOf = (el) => {
    const b = el.closest('.pavlov-board');
    return b ? [...document.querySelectorAll('.pavlov-board')].indexOf(b) : -1;
  };
  const note = (region, text) => {
    text = (text || '').replace(/\\u00a0/g, ' ').trim();
    if (!text) return;
    const live = region.getAttribute('aria-live') ||
      (region.getAttribute('role') === 'alert' ? 'assertive' : 'polite');
    heard.push({t: performance.now(), live, board: boardOf(region),
                region: region.className.toString(), text});
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const region = liveOf(r.target);
      if (!region || region.hidden) continue;
      const atomic = region.getAttribute('aria-atomic') === 'true' ||
        region.getAttribute('role') === 'alert' || region.getAttribute('role') === 'status';
      if (!atomic && r.type === 'childList') {
        // additions only (aria-relevant="additions"): each added message is heard alone
        for (const n of r.addedNodes) note(region, n.textContent);
      } else note(region, region.textContent);
    }
  }).observe(document, {subtree: true, childList: true, characterData: true,
                        attributes: true, attributeFilter: ['hidden']});
})();
"""
"""Installed with ``page.add_init_script``: records every live-region message in
``window.__heard`` as ``{t, live, board, region, text}``."""

FOCUS_SAID = re.compile(r"^(Option|Answer) (\d+) of (\d+): (.*)$")
"""How the board says the option under the focus (its label, then its glossary line)."""


def heard(page: Page, board: int | None = 0) -> list[dict[str, Any]]:
    """Every message heard so far (of one board, or of the whole page with ``board=None``)."""
    said: list[dict[str, Any]] = page.evaluate("() => window.__heard || []")
    return [h for h in said if board is None or h["board"] == board]


def mark(page: Page) -> int:
    """How many messages were heard so far on the page (to read what comes after)."""
    return int(page.evaluate("() => (window.__heard || []).length"))


def heard_since(page: Page, start: int, board: int | None = 0) -> list[str]:
    """The texts heard since :func:`mark` gave ``start``."""
    said: list[dict[str, Any]] = page.evaluate("(n) => (window.__heard || []).slice(n)", start)
    return [h["text"] for h in said if board is None or h["board"] == board]


def last_focus_said(page: Page, board: int | None = 0) -> str:
    """The label of the option (or asked place) the board said last that the focus is on."""
    for h in reversed(heard(page, board)):
        m = FOCUS_SAID.match(h["text"])
        if m:
            return m.group(4)
    return ""


def sentence(text: str) -> str:
    """As the board says a log line or a prompt: a capital and a full stop."""
    text = text.strip()
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def faces(dice: list[int] | tuple[int, ...]) -> str:
    """How the board says a roll's faces."""
    if len(dice) == 1:
        return f"The die shows {dice[0]}."
    words = [str(d) for d in dice]
    return f"The dice show {', '.join(words[:-1])} and {words[-1]}."


def wait_drawn(board: Locator, rev: int) -> None:
    """Wait until the board drew ``rev`` and takes keys again."""
    expect(board).to_have_attribute("data-rev", str(rev), timeout=ANSWER_TIMEOUT_MS)
    expect(board).to_have_attribute("data-busy", "0", timeout=ANSWER_TIMEOUT_MS)


def label_of(game: Game, option: str) -> str:
    """The label the board shows for ``option`` of the game's pending decision."""
    return next(a.label for a in game.legal_actions() if a.id == option)


def arrow_to(page: Page, label: str, limit: int = 40) -> None:
    """Press the right arrow until the board says ``label`` is under the focus."""
    for _ in range(limit):
        if last_focus_said(page).startswith(sentence(label)[:-1]):
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {label!r}; heard {heard(page)[-5:]}")


@pytest.fixture
def hearing(page: Page, request: pytest.FixtureRequest) -> Callable[..., Locator]:
    """Return ``open(name, cells) -> board``: ``test_board``'s board at 1366×768.

    The page hears (see HEAR_JS) from its start.
    """
    page.add_init_script(HEAR_JS)
    opener = request.getfixturevalue("open_board")
    return lambda name, cells: opener(name, cells, width=1366, height=768)


def board_cells(seed: int, auto_roll: bool = True) -> list[str]:
    return ["from pavlov_widgets import Board\n"
            f"board = Board.new(seed={seed}, auto_roll={auto_roll})\nboard"]


def play(page: Page, board: Locator, game: Game, option: str) -> list[str]:
    """Reach ``option`` with the arrow keys (until it is said), press Enter, play it in ``game``.

    Returns what was heard after Enter, once the board drew the answer.
    """
    label = label_of(game, option)
    arrow_to(page, label)
    start = mark(page)
    rev = int(board.get_attribute("data-rev") or "-1")
    page.keyboard.press("Enter")
    game.apply(option)
    wait_drawn(board, rev + 1)
    return heard_since(page, start)


def test_each_new_question_log_entry_and_focused_option_is_heard(
    page: Page, hearing: Callable[..., Locator]
) -> None:
    board = hearing("spoken_play.ipynb", board_cells(1))
    game = Game.new(seed=1)
    start = mark(page)
    board.locator(".pb-surface").focus()
    first = game.legal_actions()[0].label
    page.wait_for_function("(n) => window.__heard.length > n", arg=start)
    assert heard_since(page, start)[-1].startswith(
        f"Option 1 of {len(game.legal_actions())}: {sentence(first)}")
    # Resupply: Ammunition until the stock runs out; the options change under the focus
    said = play(page, board, game, "card:soviet-07:62nd-army-cp:resupply")
    assert sentence(game.log[-1].text + f" ({game.log[-1].rule})") in said
    prompt = game.pending.prompt  # type: ignore[union-attr]
    assert any(s.startswith(sentence(prompt)[:-1]) for s in said), (prompt, said)
    assert said[-1].startswith("Option 1 of "), said
    for _ in range(4):
        said = play(page, board, game, "take:ammunition")
        # each log entry is its own message, in the order it happened
        assert said[0] == sentence(f"{game.log[-1].text} ({game.log[-1].rule})"), said
    # the options changed: Ammunition is gone, the focus is on First Aid, and says so
    options = game.legal_actions()
    assert said[-1].startswith(f"Option 1 of {len(options)}: {sentence(options[0].label)}"), said
    said = play(page, board, game, "done")
    prompt = game.pending.prompt  # type: ignore[union-attr]
    assert "choose a card action (2 left)" in prompt
    assert any(s.startswith(sentence(prompt)[:-1]) for s in said), said
    # the end of the phase: the German turn rolls dice; every entry heard, with its faces
    start = mark(page)
    n_log = len(game.log)
    said_end = play(page, board, game, "end-phase")
    new = game.log[n_log:]
    rolls = [e for e in new if e.dice]
    assert rolls, "the German turn rolled no dice"
    for e in rolls:
        assert any(sentence(f"{e.text} ({e.rule})") in s and faces(e.dice) in s
                   for s in said_end), (e.text, e.dice, said_end)
    assert all(len(s) < 400 for s in said_end), max(said_end, key=len)
    # in the accessibility tree, the log's dice are an image named by their faces
    tree = board.locator(".pb-log").aria_snapshot()
    assert f'img "{faces(rolls[-1].dice)}"' in tree, tree


def test_a_waiting_roll_is_heard_with_its_exact_odds_and_undo_redo_are_heard(
    page: Page, hearing: Callable[..., Locator]
) -> None:
    board = hearing("spoken_roll.ipynb", board_cells(1, auto_roll=False))
    game = Game.new(seed=1, auto_roll=False)
    board.locator(".pb-surface").focus()
    page.wait_for_function("() => window.__heard.length > 0")
    said = play(page, board, game, "end-phase")
    choice = views.choice_view(game)
    assert choice["kind"] == "chance", choice
    odds = "; ".join(f"{o['result']} {o['percent']}% ({o['fraction']})" for o in choice["odds"])
    roll = [s for s in said if s.startswith(sentence(choice["prompt"])[:-1])]
    assert roll and f"Exact odds: {odds}." in roll[-1], said
    # Enter rolls the roll that was said; its faces are heard
    start = mark(page)
    rev = int(board.get_attribute("data-rev") or "-1")
    page.keyboard.press("Enter")
    game.roll()
    wait_drawn(board, rev + 1)
    said = heard_since(page, start)
    entry = next(e for e in reversed(game.log) if e.dice)
    assert any(faces(entry.dice) in s for s in said), (entry.dice, said)
    # undo and redo are said
    start = mark(page)
    page.keyboard.press("z")
    wait_drawn(board, rev + 2)
    assert "The last choice was undone." in heard_since(page, start)
    start = mark(page)
    page.keyboard.press("y")
    wait_drawn(board, rev + 3)
    assert "The choice was redone." in heard_since(page, start)


HOLD_FRAMES_JS = """
(el) => {
  // hold the board's drawing: animation frames wait until released
  window.__held = [];
  window.__raf = window.requestAnimationFrame;
  window.requestAnimationFrame = (cb) => { window.__held.push(cb); return 0; };
}
"""
RELEASE_FRAMES_JS = """
() => {
  window.requestAnimationFrame = window.__raf;
  for (const cb of window.__held.splice(0)) window.__raf(cb);
}
"""


def test_an_enter_before_the_new_options_are_heard_says_them_instead_of_choosing(
    page: Page, hearing: Callable[..., Locator]
) -> None:
    board = hearing("spoken_enter.ipynb", board_cells(1))
    game = Game.new(seed=1)
    board.locator(".pb-surface").focus()
    page.wait_for_function("() => window.__heard.length > 0")
    play(page, board, game, "card:soviet-07:62nd-army-cp:resupply")
    # Python answers a choice, but the board has not drawn (nor said) the answer yet
    board.evaluate(HOLD_FRAMES_JS)
    rev = int(board.get_attribute("data-rev") or "-1")
    option = game.legal_actions()[2].id
    board.evaluate("(el, o) => el.__pavlovBoard.send({kind: 'choose', option: o, "
                   "rev: el.__pavlovBoard.rev(), game: 0})", option)
    game.apply(option)
    page.wait_for_function("(r) => document.querySelector('.pavlov-board')"
                           ".__pavlovBoard.rev() > r", arg=rev)
    start = mark(page)
    page.keyboard.press("Enter")  # nobody heard the new options yet
    said = heard_since(page, start)
    assert said and FOCUS_SAID.match(said[-1]), said
    label = FOCUS_SAID.match(said[-1]).group(4)  # type: ignore[union-attr]
    page.evaluate(RELEASE_FRAMES_JS)
    wait_drawn(board, rev + 1)
    page.wait_for_timeout(500)
    # the Enter chose nothing: the board shows the position after the one choice
    assert int(board.get_attribute("data-rev") or "-1") == rev + 1
    assert board.get_attribute("data-prompt") == game.pending.prompt  # type: ignore[union-attr]
    assert label.startswith(sentence(game.legal_actions()[0].label)), label


def test_every_bar_is_a_region_of_its_own_name_and_the_log_is_reachable(
    page: Page, served_notebook: Callable[[str | Path], str]
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(served_notebook("notebooks/05_sniper_and_mortar.ipynb"))
    boards = page.locator(".pavlov-board")
    expect(boards.nth(6)).to_be_attached(timeout=RENDER_TIMEOUT_MS)
    expect(boards.first).to_have_attribute("data-rev", re.compile(r"\d"),
                                           timeout=RENDER_TIMEOUT_MS)
    names = []
    for i in range(boards.count()):
        tree = boards.nth(i).locator(".pb-bar").aria_snapshot()
        found = re.search(r'region "([^"]*)"', tree.splitlines()[0])
        assert found, tree
        names.append(found.group(1))
    assert len(set(names)) == len(names) == 7, names
    # the first board's log: a named list that Tab reaches from the board
    first = boards.first
    first.locator(".pb-surface").focus()
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('pb-log')"):
            break
    else:
        raise AssertionError("Tab never reached the log")
    tree = first.locator(".pb-log-wrap").aria_snapshot()
    assert 'list "Board 1: game log, newest first"' in tree, tree
