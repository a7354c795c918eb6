"""The board in a real browser with a real kernel: Voila serves a notebook, Chromium clicks.

These tests drive the whole round trip: a click (or a key) on the canvas sends an intent, the
kernel checks it and changes the game, the new traits come back and the board repaints. The
Python side predicts every answer with its own engine, so a test sees that the *right* thing
happened, not only that something did. One test plays a whole seeded game to its end by
clicking, with screenshots at the start, in the middle and at the end (``test-artifacts/``).

Set ``PAVLOV_UPDATE_DOCS_SCREENSHOT=1`` to also save the mid-game board to
``docs/_static/board.png`` (the picture in the README).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from boardpage import write_notebook
from playwright.sync_api import Locator, Page, expect

from pavlov_widgets.engine import Game
from pavlov_widgets.sim import HeuristicPolicy
from pavlov_widgets.widget import view as views

RENDER_TIMEOUT_MS = 90_000  # a fresh kernel starts and runs the notebook first
ANSWER_TIMEOUT_MS = 20_000
GAME_SEED = 5  # with the heuristic player: a whole game, won on the last turn


@pytest.fixture
def open_board(
    page: Page, served_notebook: Callable[[str | Path], str], artifacts_dir: Path
) -> Callable[..., Locator]:
    """Return ``open(name, cells) -> board locator``: serve the notebook, wait for the board."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def open_(name: str, cells: list[str], width: int = 1360, height: int = 1000) -> Locator:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(served_notebook(write_notebook(artifacts_dir, name, cells)))
        board = page.locator(".pavlov-board").first
        expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
        return board

    yield open_
    assert not errors, f"JavaScript errors on the page: {errors}"


def new_board_cells(seed: int, auto_roll: bool = True) -> list[str]:
    return [
        "from pavlov_widgets import Board\n"
        f"board = Board.new(seed={seed}, auto_roll={auto_roll})\n"
        "board"
    ]


def rev_of(board: Locator) -> int:
    return int(board.get_attribute("data-rev") or "-1")


def wait_for_rev(board: Locator, rev: int) -> None:
    expect(board).to_have_attribute("data-rev", str(rev), timeout=ANSWER_TIMEOUT_MS)
    expect(board).to_have_attribute("data-busy", "0", timeout=ANSWER_TIMEOUT_MS)


def click_option(page: Page, board: Locator, option: str) -> None:
    """Click whatever shows ``option``: its place on the board (then the menu item), or its button.

    The place is scrolled into view first, as a player would scroll to it.
    """
    point = board.evaluate("(el, id) => el.__pavlovBoard.reveal(id)", option)
    if point is None:
        board.locator(f".pb-option[data-option='{option}']").click()
        return
    page.mouse.click(point["x"], point["y"])
    if point["menu"]:
        board.locator(f".pb-menu button[data-option='{option}']").click()


def test_a_click_reaches_python_and_the_board_repaints(
    page: Page, open_board: Callable[..., Locator], save_screenshot: Callable[..., Path]
) -> None:
    board = open_board("board_click.ipynb", new_board_cells(1))
    game = Game.new(seed=1)
    assert board.get_attribute("data-prompt") == game.pending.prompt  # type: ignore[union-attr]
    assert board.locator("canvas.pb-scene").evaluate("c => c.width") > 1000
    first = game.legal_actions()[0].id
    game.apply(first)
    click_option(page, board, first)
    wait_for_rev(board, 1)
    assert board.get_attribute("data-prompt") == views.choice_view(game)["prompt"]
    newest = game.log[-1]
    expect(board.locator(".pb-log li").first).to_contain_text(newest.text)
    expect(board.locator(".pb-sr-log")).to_contain_text(newest.text)
    save_screenshot(page, "board-click")


def test_keyboard_chooses_and_undoes(page: Page, open_board: Callable[..., Locator]) -> None:
    board = open_board("board_keys.ipynb", new_board_cells(2))
    game = Game.new(seed=2)
    second = game.legal_actions()[1].id
    game.apply(second)
    board.locator(".pb-surface").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_for_rev(board, 1)
    assert board.get_attribute("data-prompt") == views.choice_view(game)["prompt"]
    page.keyboard.press("z")
    wait_for_rev(board, 2)
    assert board.get_attribute("data-prompt") == views.choice_view(Game.new(seed=2))["prompt"]
    page.keyboard.press("y")
    wait_for_rev(board, 3)
    assert board.get_attribute("data-prompt") == views.choice_view(game)["prompt"]


def test_a_bad_message_shows_an_error_under_the_board_and_changes_nothing(
    page: Page, open_board: Callable[..., Locator]
) -> None:
    board = open_board("board_errors.ipynb", new_board_cells(1))
    prompt = board.get_attribute("data-prompt")
    for bad, says in [
        ({"kind": "choose", "option": "no-such-option", "rev": 0}, "Illegal action"),
        ({"kind": "choose", "option": "end-phase", "rev": 41}, "another position"),
        ({"kind": "teleport"}, "Unknown message kind"),
        ("garbage", "cannot read"),
    ]:
        board.evaluate("(el, msg) => el.__pavlovBoard.send(msg)", bad)
        expect(board.locator(".pb-error")).to_contain_text(says, timeout=ANSWER_TIMEOUT_MS)
        assert rev_of(board) == 0
        assert board.get_attribute("data-prompt") == prompt
    click_option(page, board, "end-phase")
    wait_for_rev(board, 1)
    expect(board.locator(".pb-error")).to_be_hidden()


def test_two_views_of_one_board_stay_in_step(
    page: Page, open_board: Callable[..., Locator]
) -> None:
    cells = [*new_board_cells(4), "board  # the same board, shown a second time"]
    open_board("board_two_views.ipynb", cells)
    views_ = page.locator(".pavlov-board")
    expect(views_).to_have_count(2)
    second = views_.nth(1)
    click_option(page, views_.first, "end-phase")
    wait_for_rev(second, 1)
    assert second.get_attribute("data-prompt") == views_.first.get_attribute("data-prompt")
    # and a click in the second view reaches the same game
    option = json.loads(second.evaluate("el => JSON.stringify(el.__pavlovBoard.options()[0].id)"))
    click_option(page, second, option)
    wait_for_rev(views_.first, 2)


def test_the_roll_button_shows_exact_odds_when_dice_are_not_automatic(
    page: Page, open_board: Callable[..., Locator]
) -> None:
    board = open_board("board_manual_dice.ipynb", new_board_cells(3, auto_roll=False))
    game = Game.new(seed=3, auto_roll=False)
    game.apply("end-phase")
    chance = game.chance()
    assert chance is not None
    click_option(page, board, "end-phase")
    wait_for_rev(board, 1)
    expect(board).to_have_attribute("data-kind", "chance")
    expect(board.locator(".pb-odds")).to_contain_text("Exact odds:")
    # one way to roll: the Roll button (the step intent); the game judges and rolls
    roll = board.locator(".pb-step")
    expect(roll).to_have_text(f"Roll {chance.dice} {'die' if chance.dice == 1 else 'dice'}")
    roll.click()
    game.roll()
    wait_for_rev(board, 2)
    expect(board.locator(".pb-log li").first).to_contain_text(game.log[-1].text)
    board.locator(".pb-auto-box").check()
    expect(board).to_have_attribute("data-kind", "decision", timeout=ANSWER_TIMEOUT_MS)


def test_a_whole_seeded_game_played_to_its_end_by_clicking(
    page: Page,
    open_board: Callable[..., Locator],
    save_screenshot: Callable[..., Path],
    repo_root: Path,
) -> None:
    # The game is played in Python first (the simulator's heuristic player, deterministic),
    # then the same choices are made by clicking: the board must offer exactly the engine's
    # options at every step and end where the engine ended.
    player = HeuristicPolicy()
    replay = Game.new(seed=GAME_SEED)
    choices: list[str] = []
    while not replay.is_over:
        choices.append(player(replay, random.Random(len(choices))).id)
        replay.apply(choices[-1])
    middle_turn = (replay.turn + 1) // 2
    game = Game.new(seed=GAME_SEED)

    board = open_board("board_whole_game.ipynb", new_board_cells(GAME_SEED), height=1400)
    save_screenshot(page, "board-start", full_page=True)
    mid_saved = False
    for rev, choice in enumerate(choices, start=1):
        options = board.evaluate("el => el.__pavlovBoard.options()")
        assert [o["id"] for o in options] == [o.id for o in game.legal_actions()]
        game.apply(choice)
        click_option(page, board, choice)
        wait_for_rev(board, rev)
        if not mid_saved and game.turn >= middle_turn and not game.is_over:
            mid = save_screenshot(page, "board-mid", full_page=True)
            mid_saved = True
            assert mid.stat().st_size > 0
            if os.environ.get("PAVLOV_UPDATE_DOCS_SCREENSHOT") == "1":
                # the picture for the README: no pointer, no keyboard focus on it
                page.mouse.move(0, 0)
                board.locator(".pb-surface").evaluate("el => el.blur()")
                page.wait_for_timeout(100)
                board.screenshot(path=str(repo_root / "docs" / "_static" / "board.png"))
    save_screenshot(page, "board-end", full_page=True)
    assert board.get_attribute("data-over") == "1" and mid_saved
    assert len(choices) > 100
    outcome = game.outcome or {}
    assert outcome == replay.outcome
    expect(board.locator(".pb-prompt")).to_have_text(
        f"Game over: {outcome['level']} (score {outcome['score']})"
    )
    stats = board.evaluate("el => el.__pavlovBoard.stats()")
    assert len(stats["latencies"]) >= len(choices) - 1
