"""The board says why it refuses, and what every action word means (issue 11).

With a real kernel (Voila): a place or card half that does not glow explains itself on hover
and on click (or tap) with the engine's own reason (:meth:`Game.why_not
<pavlov_widgets.engine.Game.why_not>`), the same sentence the tutor's coach uses; nothing is
sent to the game as a choice. A card half lists what each of its action words means
(:mod:`pavlov_widgets.engine.glossary`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from boardpage import (
    ANSWER_TIMEOUT_MS,
    RENDER_TIMEOUT_MS,
    look,
    phone_context,
    settle,
    write_notebook,
)
from playwright.sync_api import Browser, Locator, Page, expect

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.glossary import CARD_ACTIONS
from pavlov_widgets.engine.rules.soviet_cards import UNIT_ACTIONS

SEED = 1  # turn 1: the 8th Guards Sapper half cannot act (no Sapper token in Supplies)
CELLS = [f"from pavlov_widgets import Board\nboard = Board.new(seed={SEED})\nboard"]


def _region(board: Locator, region: str) -> dict[str, Any]:
    found: dict[str, Any] = board.evaluate(
        "(el, id) => el.__pavlovBoard.regions().filter(r => r.id === id).pop() ?? null", region
    )
    assert found, f"no region {region} on the board"
    return found


def _refused_card_half(game: Game) -> tuple[str, str, str]:
    """A card half in hand that does not glow now, with the engine's reason and rule."""
    for card in game.state.hand:
        for unit in game.components.soviet_cards[card].units:
            refusal = game.why_not(f"card:{card}:{unit}")
            if refusal is not None:
                return refusal.region, refusal.text, refusal.rule
    raise AssertionError("every card half glows")


def _glowing_card_half(game: Game) -> tuple[str, str]:
    """(region, unit) of a card half that glows now."""
    for option in game.legal_actions():
        if option.verb == "card":
            return option.targets[0], option.str_arg("unit")
    raise AssertionError("no card action now")


@pytest.fixture
def board(
    page: Page, served_notebook: Callable[[str | Path], str], artifacts_dir: Path
) -> Iterator[Locator]:
    """A live board of seed 1 at turn 1, on a 1366×900 page."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(served_notebook(write_notebook(artifacts_dir, "why_not.ipynb", CELLS)))
    found = page.locator(".pavlov-board").first
    expect(found).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
    settle(page, found)
    yield found
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_hovering_a_place_that_does_not_glow_shows_the_engines_reason(
    page: Page, board: Locator, save_screenshot: Callable[..., Path]
) -> None:
    region, text, rule = _refused_card_half(Game.new(seed=SEED))
    spot = _region(board, region)
    assert not spot["options"], f"{region} glows"
    page.mouse.move(spot["cx"], spot["cy"])
    tip = board.locator(".pb-tip")
    expect(tip).to_be_visible()
    expect(tip).to_contain_text(text, timeout=ANSWER_TIMEOUT_MS)
    expect(tip).to_contain_text(rule)
    save_screenshot(page, "why-not-hover")


def test_clicking_a_place_that_does_not_glow_says_why_in_the_bar_and_changes_nothing(
    page: Page, board: Locator
) -> None:
    region, text, rule = _refused_card_half(Game.new(seed=SEED))
    spot = _region(board, region)
    page.mouse.click(spot["cx"], spot["cy"])
    why = board.locator(".pb-why")
    expect(why).to_contain_text(text, timeout=ANSWER_TIMEOUT_MS)
    expect(why).to_contain_text(rule)
    settle(page, board)
    view = look(board)
    assert view["rev"] == 0 and not view["error"], view
    # the next real choice clears the reason
    board.locator(".pb-option[data-option='end-phase']").click()
    expect(board).not_to_have_attribute("data-rev", "0", timeout=ANSWER_TIMEOUT_MS)
    expect(why).to_be_hidden()


def test_a_card_half_explains_each_of_its_action_words_on_hover(
    page: Page, board: Locator
) -> None:
    game = Game.new(seed=SEED)
    region, unit = _glowing_card_half(game)
    spot = _region(board, region)
    page.mouse.move(spot["cx"], spot["cy"])
    tip = board.locator(".pb-tip")
    expect(tip).to_be_visible()
    for action, _label in UNIT_ACTIONS[unit]:
        if action == "support" and not game.settings.operational_support:
            continue  # a variant's action, not on the card in this game (7.1)
        term = CARD_ACTIONS[(unit, action)]
        expect(tip).to_contain_text(f"{term.word}: {term.meaning}")


def test_on_a_phone_a_tap_on_a_place_that_does_not_glow_says_why(
    browser: Browser,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    context = phone_context(browser)
    page = context.new_page()
    try:
        page.goto(served_notebook(write_notebook(artifacts_dir, "why_not_phone.ipynb", CELLS)))
        board = page.locator(".pavlov-board").first
        expect(board).to_have_attribute("data-rev", "0", timeout=RENDER_TIMEOUT_MS)
        region, text, _rule = _refused_card_half(Game.new(seed=SEED))
        point = board.evaluate("(el, id) => el.__pavlovBoard.revealRegion(id)", region)
        assert point, f"{region} is not drawn on the phone"
        settle(page, board)
        spot = _region(board, region)
        page.touchscreen.tap(spot["cx"], spot["cy"])
        why = board.locator(".pb-why")
        expect(why).to_contain_text(text, timeout=ANSWER_TIMEOUT_MS)
        settle(page, board)
        box = why.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        assert look(board)["rev"] == 0
        save_screenshot(page, "why-not-phone")
    finally:
        context.close()
