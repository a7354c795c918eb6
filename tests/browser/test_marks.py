"""Marks, questions and focus views on the board, drawn by board.js (issue 12).

Two kinds of test:

- in a blank page with a stand-in model (fast, no kernel; see ``test_board_unit.py``): the
  marks ring their places in their style and survive a redraw; a question takes the options'
  place (its places glow, the game's buttons and tools rest, a click on an asked place sends
  ``{kind: "answer", ...}``, a click elsewhere sends nothing, the keyboard answers too); a
  focus view is smaller than the whole board and cuts no text short;
- in Voila with a real kernel: a board with marks and a board that asks a question; a click
  on an asked place calls ``on_answer`` (it writes into a label the test reads), a click
  elsewhere does nothing. Screenshots: ``test-artifacts/marks-*.png``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from boardpage import ANSWER_TIMEOUT_MS, RENDER_TIMEOUT_MS, marks_in_view, settle, write_notebook
from playwright.sync_api import Page, expect
from test_board_unit import hook, mount, state_of

from pavlov_widgets import Board
from pavlov_widgets.tutor.content import get_scenario, scenario_names

ASKED = ["square:P3", "square:P4R6", "square:R2"]


def _pixel(page: Page, x: float, y: float) -> list[int]:
    """The overlay's colour at a page point (RGBA)."""
    found: list[int] = page.evaluate(
        """([x, y]) => {
            const c = document.querySelector('#a canvas.pb-overlay');
            const r = c.getBoundingClientRect();
            const k = c.width / r.width;
            return [...c.getContext('2d').getImageData(
                Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data];
        }""",
        [x, y],
    )
    return found


# --- board.js with a stand-in model ---------------------------------------------------------


def test_marks_ring_their_places_in_their_style_and_survive_a_redraw(blank: Page) -> None:
    board = Board.new(seed=1)
    board.mark(["square:R2", "counter:pavlov"])
    board.mark(["defense:red"], "right")
    board.mark(["square:G1"], "wrong")
    mount(blank, state_of(board))
    marks = {m["region"]: m for m in hook(blank, "h.marks()")}
    assert {r: m["style"] for r, m in marks.items()} == {
        "square:R2": "focus", "counter:pavlov": "focus", "defense:red": "right",
        "square:G1": "wrong",
    }
    # the ring is drawn just outside the place, in the style's colour (its dark inner band:
    # every ring has a dark band and a light one outside, for 3:1 on any ground, issue 19)
    for region, rgb in (("square:R2", (11, 61, 145)), ("square:G1", (127, 29, 29)),
                        ("defense:red", (27, 77, 30))):
        m = marks[region]
        r, g, b, a = _pixel(blank, m["x"] - 3.5, m["cy"])
        assert a > 200 and max(abs(r - rgb[0]), abs(g - rgb[1]), abs(b - rgb[2])) < 40, (
            region, (r, g, b, a))
    # the game moves on: the marks stay; the counter's ring follows it
    board.apply("end-phase")
    blank.evaluate("(s) => model.setAll(s)", state_of(board))
    blank.wait_for_function("() => document.querySelector('#a .pavlov-board')"
                                 ".dataset.rev === '1'")
    assert {m["region"] for m in hook(blank, "h.marks()")} == set(marks)
    # a focus view without the house draws no mark on it
    board.panels = ["square", "volga"]
    blank.evaluate("(s) => model.setAll(s)", state_of(board))
    blank.wait_for_function("() => document.querySelector('#a .pavlov-board')"
                                 ".__pavlovBoard.marks().length === 0")


def test_a_question_takes_the_place_of_the_options(blank: Page) -> None:
    board = Board.from_game(get_scenario("mortar").build())
    question = board.ask("Click the position this Mortar will hit.", ASKED, print)
    mount(blank, state_of(board))
    el = blank.locator("#a .pavlov-board")
    expect(el).to_have_attribute("data-asking", "1")
    expect(el.locator(".pb-prompt")).to_have_text("Click the position this Mortar will hit.")
    expect(el.locator(".pb-rule")).to_have_text("Click a place that glows to answer")
    expect(el.locator(".pb-odds")).to_be_hidden()
    assert el.locator(".pb-bar .pb-option").count() == 0  # the game's Roll waits
    expect(el.locator(".pb-step")).to_be_disabled()
    expect(el.locator(".pb-undo")).to_be_disabled()
    glowing = [r["id"] for r in hook(blank, "h.regions()") if r["options"]]
    assert sorted(glowing) == sorted(ASKED)
    # a click elsewhere does nothing (no choice, no "why not?")
    other = hook(blank, "h.regions().find(r => r.id === 'square:G1')")
    blank.mouse.click(other["cx"], other["cy"])
    blank.wait_for_timeout(200)
    assert blank.evaluate("() => model.sent") == []
    point = hook(blank, f"h.pointFor({json.dumps('square:R2')})")
    blank.mouse.click(point["x"], point["y"])
    assert blank.evaluate("() => model.sent") == [
        {"kind": "answer", "region": "square:R2", "rev": board.rev, "game": board.game_serial}
    ]
    # the keyboard: arrows move between the asked places, Enter answers
    blank.evaluate("() => model.custom({kind: 'ack', ok: true, rev: 0})")
    el.locator(".pb-surface").focus()
    blank.keyboard.press("Home")
    blank.keyboard.press("ArrowRight")
    blank.keyboard.press("Enter")
    sent = blank.evaluate("() => model.sent")
    assert sent[-1] == {"kind": "answer", "region": ASKED[1], "rev": board.rev,
                        "game": board.game_serial}
    # the question ends: the game's options come back
    question.end()
    blank.evaluate("(s) => model.setAll(s)", state_of(board))
    expect(el).to_have_attribute("data-asking", "0")
    expect(el.locator(".pb-step")).to_be_enabled()


@pytest.mark.parametrize("width", [1320, 700, 420])
def test_focus_views_are_smaller_and_cut_no_text(blank: Page, width: int) -> None:
    blank.set_viewport_size({"width": width, "height": 900})
    views = [["house"], ["square"], ["volga"], ["house", "volga"], ["square", "volga"]]
    names = [n for n in scenario_names() if n in ("ju87", "storm-group", "soviet-card-hand",
                                                    "operational-support", "tactics-elite")]
    for name in names:
        board = Board.from_game(get_scenario(name).build())
        mount(blank, state_of(board))
        whole = hook(blank, "document.querySelector('#a .pb-surface').offsetHeight")
        for panels in views:
            board.panels = panels
            blank.evaluate("(s) => model.setAll(s)", state_of(board))
            blank.wait_for_function(
                "(p) => JSON.stringify(document.querySelector('#a .pavlov-board')"
                ".__pavlovBoard.panels()) === p", arg=json.dumps(panels, separators=(",", ":")))
            blank.evaluate(
                "() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))"
            )
            where = f"{name} {panels} at {width}px"
            assert hook(blank, "h.clipped()") == [], where
            ids = {r["id"].split(":")[0] for r in hook(blank, "h.regions()")}
            assert ("square" in ids) == ("house" in panels), where
            assert ("track" in ids) == ("square" in panels), where
            assert ("loc" in ids) == ("volga" in panels), where
            assert {"dice", "header"} <= ids, where  # the strip and header stay
            sideways = blank.evaluate(
                "() => document.scrollingElement.scrollWidth > window.innerWidth + 1")
            assert not sideways, where
            if width >= 700:
                height = hook(blank, "document.querySelector('#a .pb-surface')"
                                          ".offsetHeight / h.scale()")
                assert height < whole, (where, height, whole)
        blank.evaluate("() => { window.cleanups.a(); window.model = undefined; }")


# --- in Voila, with a kernel ----------------------------------------------------------------

CELLS = [
    "from pavlov_widgets import Board\nfrom pavlov_widgets.tutor.content import get_scenario\n"
    "import ipywidgets as widgets",
    # a board with marks of the three styles
    "marked = Board.from_game(get_scenario('sniper').build())\n"
    "marked.mark(['card:d1-sniper-1', 'counter:pavlov'])\n"
    "marked.mark(['defense:red'], 'right')\n"
    "marked.mark(['square:G1'], 'wrong')\n"
    "marked",
    # a board that asks a question, in a focus view of the house
    "asked = Board.from_game(get_scenario('mortar').build())\n"
    "asked.panels = ['house']\n"
    "said = widgets.Label('no answer yet', layout=widgets.Layout(min_height='28px'))\n"
    "said.add_class('answer-label')\n"
    "def on_answer(region):\n"
    "    said.value = f'answered {region}'\n"
    "    asked.mark([region], 'right' if region == 'square:P3' else 'wrong')\n"
    f"asked.ask('Click the position this Mortar will hit.', {ASKED!r}, on_answer)\n"
    "asked.mark(['card:d1-mortar-1'])\n"
    "widgets.VBox([said, asked])",
]


def test_voila_marks_and_a_question_answered_by_a_click(
    page: Page,
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    errors: list[str],
) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(served_notebook(write_notebook(artifacts_dir, "marks.ipynb", CELLS)))
    boards = page.locator(".pavlov-board")
    expect(boards).to_have_count(2, timeout=RENDER_TIMEOUT_MS)
    marked, asked = boards.nth(0), boards.nth(1)

    page.set_viewport_size({"width": 1366, "height": 1150})  # the whole board, for its picture
    marked.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, marked)
    styles = {m["region"]: m["style"] for m in marks_in_view(marked)}
    assert styles == {"card:d1-sniper-1": "focus", "counter:pavlov": "focus",
                      "defense:red": "right", "square:G1": "wrong"}
    marked.screenshot(path=str(artifacts_dir / "marks-voila-styles.png"))
    page.set_viewport_size({"width": 1366, "height": 900})

    asked.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, asked)
    expect(asked).to_have_attribute("data-asking", "1")
    expect(asked.locator(".pb-prompt")).to_have_text("Click the position this Mortar will hit.")
    assert asked.evaluate("el => el.__pavlovBoard.panels()") == ["house"]
    label = page.locator(".answer-label")
    expect(label).to_have_text("no answer yet")
    page.screenshot(path=str(artifacts_dir / "marks-voila-question.png"))

    # a click on a place that is not asked: nothing happens
    other: dict[str, Any] = asked.evaluate(
        "el => el.__pavlovBoard.regions().find(r => r.id === 'square:G2')")
    page.mouse.click(other["cx"], other["cy"])
    page.wait_for_timeout(500)
    expect(label).to_have_text("no answer yet")
    expect(asked.locator(".pb-why")).to_be_hidden()

    # a wrong answer, then the right one: on_answer gets each; its marks show on the board
    for region, style in (("square:R2", "wrong"), ("square:P3", "right")):
        point = asked.evaluate("(el, id) => el.__pavlovBoard.pointFor(id)", region)
        assert point, region
        page.mouse.click(point["x"], point["y"])
        expect(label).to_have_text(f"answered {region}", timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_function(
            "([el, id]) => el.__pavlovBoard.marks().some(m => m.region === id)",
            arg=[asked.element_handle(), region], timeout=ANSWER_TIMEOUT_MS)
        settle(page, asked)
        shown = {m["region"]: m for m in marks_in_view(asked)}
        assert shown[region]["style"] == style and shown[region]["visible"], shown
    assert asked.evaluate("el => el.querySelector('.pb-error').hidden")
    page.mouse.move(5, 5)  # no tip over the picture
    page.set_viewport_size({"width": 1366, "height": 1000})
    label.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, asked)
    page.screenshot(path=str(artifacts_dir / "marks-voila-answered.png"))
