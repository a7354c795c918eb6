"""How the board looks and answers, in a real Chromium without a kernel (issue 11).

The stand-in model of ``test_board_unit.py`` feeds ``board.js`` Python's traits, so these
checks are fast and exact: a glowing room keeps its colour, no text on the board is cut short
at any width, no space goes to a variant that is not in play or to an empty Reserves box, the
keyboard hint shows only to keyboard users, the board says where its game is saved, and the
"why not?" question goes to Python (the judge) and its answer shows on hover and click.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_board_unit import hook, mount, positions, state_of

from pavlov_widgets import Board
from pavlov_widgets.engine import Game, RuleSettings

WIDTHS = (360, 430, 700, 940, 1280, 1700)
"""Container widths (CSS px): phones, a narrow notebook, a laptop notebook, desktops."""

OVERLAY_ALPHA = """(id) => {
    const el = document.querySelector('#a .pavlov-board');
    const r = el.__pavlovBoard.regions().filter((q) => q.id === id).pop();
    const ov = el.querySelector('canvas.pb-overlay');
    const b = ov.getBoundingClientRect();
    const k = ov.width / b.width;
    const px = ov.getContext('2d').getImageData(
        Math.round((r.cx - b.left) * k), Math.round((r.cy - b.top) * k), 1, 1).data;
    return px[3];
}"""


def _move_to(seed: int = 1) -> Board:
    """A board at the choice of where a counter moves: the rooms glow (4.0 Move)."""
    board = Board.new(seed=seed)
    board.apply("end-phase")
    board.apply("move:pavlov")
    assert board.choice["op"] == "move_to"
    return board


def test_a_glowing_room_keeps_its_colour(blank: Page) -> None:
    board = _move_to()
    mount(blank, state_of(board))
    glowing = hook(blank, "h.regions().filter((r) => r.options.length).map((r) => r.id)")
    rooms = [r for r in glowing if r.startswith("square:")]
    purple = [r for r in rooms if "P" in r.removeprefix("square:")]
    assert purple, rooms
    for room in rooms:
        # the highlight is a ring around the room: nothing is laid over its colour
        assert blank.evaluate(OVERLAY_ALPHA, room) == 0, room


@pytest.mark.parametrize("width", WIDTHS)
def test_no_text_on_the_board_is_cut_short(blank: Page, width: int) -> None:
    blank.set_viewport_size({"width": max(width + 40, 400), "height": 900})
    blank.evaluate(f"() => {{ document.getElementById('a').style.width = '{width}px'; }}")
    cases = positions()
    mount(blank, cases[0][1])
    cut: dict[str, list[str]] = {}
    for label, state in cases:
        blank.evaluate("(state) => model.setAll(state)", state)
        found = hook(blank, "(h.draw(), h.clipped())")
        if found:
            cut[label] = found
    assert not cut, f"text cut short at {width} px: {json.dumps(cut)[:1500]}"
    assert hook(blank, "h.scale()") >= 1  # never drawn below its own size (11 px text)


def test_no_panel_for_a_variant_that_is_not_in_play(blank: Page) -> None:
    mount(blank, state_of(Board.new(seed=1)))
    ids = hook(blank, "h.regions().map((r) => r.id)")
    assert "box:operational-support" not in ids
    state = state_of(Board.new(seed=1, settings=RuleSettings(operational_support=True)))
    blank.evaluate("(state) => model.setAll(state)", state)
    blank.wait_for_function(
        "() => document.querySelector('#a .pavlov-board').__pavlovBoard.regions()"
        ".some((r) => r.id === 'box:operational-support')"
    )


def test_the_reserves_box_is_as_tall_as_what_it_holds(blank: Page) -> None:
    board = Board.new(seed=1)  # four counters start in Reserves (Setup 6): one row
    mount(blank, state_of(board))
    box = hook(blank, "h.regions().filter((r) => r.id === 'box:reserves').pop()")
    scale = hook(blank, "h.scale()")
    assert box["h"] / scale <= 76, box


def test_the_keyboard_hint_shows_only_to_keyboard_users(blank: Page) -> None:
    board = Board.new(seed=1)
    mount(blank, state_of(board))
    label = blank.locator("#a .pb-focus-label")
    option = board.choice["options"][0]["id"]
    point = hook(blank, f"h.pointFor({json.dumps(option)})")
    blank.mouse.move(point["x"], point["y"])
    blank.mouse.down()  # a press focuses the board, as a click does
    expect(label).to_be_hidden()
    blank.mouse.up()
    expect(label).to_be_hidden()
    blank.keyboard.press("ArrowRight")
    expect(label).to_be_visible()


def test_the_board_says_where_its_game_is_saved(blank: Page, tmp_path: Path) -> None:
    path = tmp_path / "my-game.json"
    board = Board.autosaved(path, seed=1)
    mount(blank, state_of(board))
    saved = blank.locator("#a .pb-saved")
    expect(saved).to_contain_text("my-game.json")
    assert str(path) in (saved.get_attribute("title") or "")


def _sent(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("() => model.sent")
    return found


def test_why_not_is_asked_of_python_once_and_its_answer_shows(blank: Page) -> None:
    game = Game.new(seed=1)
    board = Board(game)
    mount(blank, state_of(board))
    refused = next(
        f"card:{card}:{unit}"
        for card in game.state.hand
        for unit in game.components.soviet_cards[card].units
        if game.why_not(f"card:{card}:{unit}") is not None
    )
    spot = hook(blank, f"h.regions().filter((r) => r.id === '{refused}').pop()")
    blank.mouse.move(spot["cx"], spot["cy"])
    blank.mouse.move(spot["cx"] + 3, spot["cy"] + 2)  # moving inside it asks nothing more
    blank.wait_for_function("() => model.sent.length > 0")
    blank.wait_for_timeout(300)
    assert _sent(blank) == [{"kind": "why_not", "region": refused, "rev": 0, "game": 0}]
    answer = {"kind": "why_not", "region": refused, "rev": 0, "game": 0,
              "text": "Nobody is home", "rule": "9.9 Test"}
    blank.evaluate("(msg) => model.custom(msg)", answer)
    tip = blank.locator("#a .pb-tip")
    expect(tip).to_contain_text("Nobody is home")
    expect(tip).to_contain_text("9.9 Test")
    blank.mouse.click(spot["cx"], spot["cy"])
    expect(blank.locator("#a .pb-why")).to_contain_text("Nobody is home")
    assert [m["kind"] for m in _sent(blank)] == ["why_not"], "a click on it chose nothing"
    # a glowing place is a choice: nobody asks why not
    option = board.choice["options"][0]["id"]
    point = hook(blank, f"h.pointFor({json.dumps(option)})")
    blank.mouse.move(point["x"], point["y"])
    blank.wait_for_timeout(300)
    assert [m["kind"] for m in _sent(blank)] == ["why_not"]


def test_menu_items_and_buttons_explain_their_action_words(blank: Page) -> None:
    checked = 0
    for label, state in positions():
        game_options = state["choice"]["options"]
        if not any(o.get("term") for o in game_options):
            continue
        if checked:
            blank.evaluate("(state) => model.setAll(state)", state)
        else:
            mount(blank, state)
        titles = hook(blank, "(h.draw(), h.options().map((o) => [o.id, o.hint ?? '']))")
        for option_id, hint in titles:
            option = next(o for o in game_options if o["id"] == option_id)
            if option.get("term"):
                assert hint, f"{label}: {option_id} has no explanation"
        checked += 1
    assert checked > 5
