"""The position editor and the Hint button on the board, in a real browser (issue 13).

Two kinds of test:

- board.js with a stand-in model (fast, no kernel; see ``test_board_unit.py``): for every
  tool of the editor, each option that names a place is drawn on the board and can be
  clicked (the editor's regions are the board's), the palette is a row of tool buttons with
  the tool in use pressed, the bar shows the edit mode, and no text is cut short;
- in Voila with a real kernel, as a person uses it: open a board, enter edit mode, place a
  counter by clicking it in the stock and then a position, add a token to a Volga location,
  set a Defense from the track's menu, make an impossible position and read the engine's
  message under the board, fix it, Play from here, and ask for a Hint (the tutor's
  ``compare.hint``). Screenshots: ``test-artifacts/editor-*.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardpage import ANSWER_TIMEOUT_MS, RENDER_TIMEOUT_MS, settle, write_notebook
from playwright.sync_api import Locator, Page, expect
from test_board_unit import hook, mount, state_of

from pavlov_widgets import Board
from pavlov_widgets.engine.positions import Position
from pavlov_widgets.widget.editor import TOOLS


def _editing_board() -> Board:
    """A board editing a position with something of every kind on it."""
    pos = (Position().counter("pavlov", "R2").counter("afanasyev", "G1")
           .weapon("maxim-1", "G1").wehrmacht(4, 1, "riflemen").tokens("aa", 12)
           .hand("soviet-03", "soviet-20").resume("soviet_cards"))
    board = Board.new(seed=1)
    board.edit(pos)
    return board


def _steps() -> list[list[str]]:
    """Clicks that open every tool, and every tool's second step."""
    out = [[f"tool:{t}"] for t in TOOLS]
    out += [["tool:soviet", "pick:pavlov"], ["tool:weapon", "pick:maxim-1"],
            ["tool:wehrmacht", "wpick:4:1"], ["tool:token", "tokplace:loc:12"],
            ["tool:token", "tokplace:box:supplies"], ["tool:cards", "cards:wehrmacht"]]
    return out


def test_every_tool_draws_its_places_on_the_board(blank: Page) -> None:
    for clicks in _steps():
        board = _editing_board()
        for oid in clicks:
            board.session.editor.choose(oid)  # type: ignore[attr-defined]
        board.refresh()
        state = state_of(board)
        result = blank.evaluate(
            """(state) => {
                const host = document.getElementById('a');
                const board = __pb.drawStatic(host, state);
                const h = board.hook;
                const opts = h.options();
                const missing = opts.filter((o) => o.targets.length && !o.drawn).map((o) => o.id);
                const unreachable = opts.filter((o) => o.targets.length && !h.pointFor(o.id))
                                        .map((o) => o.id);
                const el = host.querySelector('.pavlov-board');
                const out = {missing, unreachable, clipped: h.clipped(),
                    editing: el.classList.contains('pb-editing'),
                    badge: el.querySelector('.pb-mode').textContent,
                    active: [...el.querySelectorAll('.pb-option.pb-active')]
                        .map((b) => b.dataset.option),
                    tools: el.querySelectorAll('.pb-option.pb-tool').length};
                board.destroy();
                return out;
            }""",
            state,
        )
        assert result["missing"] == [], f"{clicks}: not drawn: {result['missing']}"
        assert result["unreachable"] == [], f"{clicks}: cannot be clicked: {result['unreachable']}"
        assert result["clipped"] == [], clicks
        assert result["editing"] and result["badge"].startswith("Edit mode · tool: ")
        assert result["active"] == [clicks[0]] and result["tools"] == len(TOOLS)


def test_the_edit_bar_looks_like_edit_mode(blank: Page, artifacts_dir: Path) -> None:
    board = _editing_board()
    board.session.editor.choose("tool:wehrmacht")  # type: ignore[attr-defined]
    board.refresh()
    mount(blank, state_of(board))
    bar = blank.locator("#a .pb-bar")
    colour = bar.evaluate("el => getComputedStyle(el).borderLeftColor")
    assert colour == "rgb(106, 27, 154)"  # violet, not the game's orange
    expect(blank.locator("#a .pb-mode")).to_have_text(
        "Edit mode · tool: Wehrmacht counter · resumes at turn 3, Soviet Card Phase")
    # a click on an empty circle opens the menu of the counter types
    point = hook(blank, "h.pointFor('wput:3:1:riflemen')")
    assert point and point["menu"]
    blank.mouse.click(point["x"], point["y"])
    menu = blank.locator("#a .pb-menu button")
    expect(menu).to_have_count(7)
    blank.screenshot(path=str(artifacts_dir / "editor-unit-wehrmacht-menu.png"))
    menu.filter(has_text="Place Scouts").click()
    sent = blank.evaluate("() => window.model.sent")
    assert sent[-1]["kind"] == "choose" and sent[-1]["option"] == "wput:3:1:scouts"
    assert sent[-1]["rev"] == board.rev and sent[-1]["game"] == board.game_serial


# --- in Voila, with a kernel ----------------------------------------------------------------

CELLS = [
    "from functools import partial\n"
    "import ipywidgets as widgets\n"
    "from pavlov_widgets import Board\n"
    "from pavlov_widgets.engine import Game\n"
    "from pavlov_widgets.tutor.lab.compare import hint",
    "board = Board(Game.new(seed=1), hint=partial(hint, budget_s=1.5))\n"
    "go = widgets.Button(description='Edit this position')\n"
    "go.add_class('edit-go')\n"
    "go.on_click(lambda _: board.edit())\n"
    "widgets.VBox([go, board])",
]


def _click_option(page: Page, board: Locator, option: str) -> None:
    """Click the place an option glows on (through its menu when the place has several)."""
    page.wait_for_function(
        "([el, id]) => !!el.__pavlovBoard.pointFor(id) && el.dataset.busy !== '1'",
        arg=[board.element_handle(), option], timeout=ANSWER_TIMEOUT_MS)
    settle(page, board)  # the board's own scrolling (to the places that glow) is over
    point: dict[str, Any] = board.evaluate("(el, id) => el.__pavlovBoard.reveal(id)", option)
    page.mouse.click(point["x"], point["y"])
    if point["menu"]:
        item = board.locator(f".pb-menu button[data-option='{option}']")
        expect(item).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        item.click()


def _press(board: Locator, option: str) -> None:
    """Press a button of the bar (the palette, or an option without a place)."""
    settle(board.page, board)  # a click while the board waits for Python is not sent
    button = board.locator(f".pb-bar .pb-option[data-option='{option}']")
    expect(button).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)
    button.click()


def _newest_log(board: Locator, text: str) -> None:
    expect(board.locator(".pb-log li").first).to_contain_text(text, timeout=ANSWER_TIMEOUT_MS)


def test_voila_edit_a_position_play_it_and_ask_for_a_hint(
    page: Page,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1366, "height": 1100})
    page.goto(served_notebook(write_notebook(artifacts_dir, "editor.ipynb", CELLS)))
    board = page.locator(".pavlov-board")
    expect(board).to_have_count(1, timeout=RENDER_TIMEOUT_MS)
    hint_button = board.locator(".pb-hint")
    expect(hint_button).to_be_visible()  # a hint provider: the button shows
    expect(board).to_have_attribute("data-editing", "0")

    # enter edit mode: the bar turns violet, the palette shows, Hint hides
    page.locator(".edit-go button, button.edit-go").first.click()
    expect(board).to_have_attribute("data-editing", "1", timeout=ANSWER_TIMEOUT_MS)
    expect(board.locator(".pb-mode")).to_contain_text("Edit mode")
    expect(hint_button).to_be_hidden()
    expect(board.locator(".pb-option.pb-tool")).to_have_count(len(TOOLS))

    # place a counter: the tool, then Naumov in the stock tray, then position R2
    _press(board, "tool:soviet")
    expect(board.locator(".pb-option.pb-active")).to_have_text("Soviet counter")
    _click_option(page, board, "pick:naumov")
    settle(page, board)
    board.locator(".pb-surface").evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, board)
    page.screenshot(path=str(artifacts_dir / "editor-voila-stock.png"))
    _click_option(page, board, "put:R2")
    _newest_log(board, "Edit: Naumov → R2")

    # a token: the Token tool, location 12, then + Anti-aircraft
    _press(board, "tool:token")
    _click_option(page, board, "tokplace:loc:12")
    _press(board, "tok:+:aa")
    _newest_log(board, "Edit: Anti-aircraft +1 on location 12")
    settle(page, board)
    page.mouse.move(5, 5)
    page.screenshot(path=str(artifacts_dir / "editor-voila-token.png"))

    # a Defense: the red track's menu, value 4
    _press(board, "tool:defense")
    _click_option(page, board, "def:red:4")
    _newest_log(board, "Edit: red Defense 4")
    expect(board.locator(".pb-error")).to_be_hidden()

    # an impossible position: a machine gun alone on G5; the engine's message under the board
    _press(board, "tool:weapon")
    _click_option(page, board, "pick:maxim-1")
    _click_option(page, board, "put:G5")
    error = board.locator(".pb-error")
    expect(error).to_contain_text("Not playable yet", timeout=ANSWER_TIMEOUT_MS)
    expect(error).to_contain_text("alone on position G5")
    _press(board, "act:play")
    expect(error).to_contain_text("Play from here refused", timeout=ANSWER_TIMEOUT_MS)
    expect(board).to_have_attribute("data-editing", "1")
    board.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, board)
    page.screenshot(path=str(artifacts_dir / "editor-voila-refused.png"))

    # fixed: the weapon removed (nothing else lost), the JSON shown, then Play from here
    _press(board, "tool:remove")
    _click_option(page, board, "rm:weapon:maxim-1")
    expect(error).to_be_hidden(timeout=ANSWER_TIMEOUT_MS)
    _press(board, "act:json")
    json_box = board.locator(".pb-json")
    expect(json_box).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    text = json_box.input_value()
    assert '"naumov": "R2"' in text and '"red": 4' in text and '"aa"' in text
    board.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, board)
    page.screenshot(path=str(artifacts_dir / "editor-voila-json.png"))
    _press(board, "act:play")
    expect(board).to_have_attribute("data-editing", "0", timeout=ANSWER_TIMEOUT_MS)
    expect(board.locator(".pb-mode")).to_be_hidden()

    # a Hint at the decision: "Thinking…", then one sentence and the best option ringed
    expect(hint_button).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)
    hint_button.click()
    expect(hint_button).to_have_text("Thinking…")
    hint_text = board.locator(".pb-hint-text")
    expect(hint_text).to_contain_text("Hint: ", timeout=ANSWER_TIMEOUT_MS)
    expect(hint_button).to_have_text("Hint")
    said = hint_text.text_content() or ""
    assert len(said) > 20, said
    page.wait_for_function("el => el.__pavlovBoard.marks().length > 0",
                           arg=board.element_handle(), timeout=ANSWER_TIMEOUT_MS)
    board.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, board)
    page.mouse.move(5, 5)
    page.screenshot(path=str(artifacts_dir / "editor-voila-hint.png"))
