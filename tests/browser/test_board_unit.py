"""board.js in a real Chromium without a kernel: a stand-in model feeds it Python's traits.

These tests load ``static/board.js`` into a blank page with a small fake anywidget model, so
they check the drawing and the event handling directly and fast: every option with a place on
the board is drawn and clickable, clicks and keys send the right intents (and nothing else),
two views of one model stay in step, and cleaning a view up leaves no listener or observer
behind. The full round trip through a kernel is in ``test_board.py``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardpage import page_html
from playwright.sync_api import Page, expect

from pavlov_widgets import Board
from pavlov_widgets.engine import Game
from pavlov_widgets.tutor.content import get_scenario, scenario_names
from pavlov_widgets.widget.board import sync_state


def state_of(board: Board) -> dict[str, Any]:
    """The traits as the browser receives them (a JSON round trip)."""
    return json.loads(json.dumps(sync_state(board)))


def mount(page: Page, state: dict[str, Any], where: str = "a") -> None:
    """Render a live view of a fake model holding ``state`` into #where."""
    page.evaluate(
        """([state, where]) => {
            window.model = window.model ?? new FakeModel(state);
            window.cleanups = window.cleanups ?? {};
            window.cleanups[where] = __pb.render({model: window.model,
                                                          el: document.getElementById(where)});
        }""",
        [state, where],
    )


def hook(page: Page, expression: str, where: str = "a") -> Any:
    """Evaluate ``expression`` with ``h`` bound to the board hook in #where."""
    return page.evaluate(
        f"() => {{ const h = document.querySelector('#{where} .pavlov-board').__pavlovBoard;"
        f" return {expression}; }}"
    )


def positions() -> list[tuple[str, dict[str, Any]]]:
    """Many positions: every rulebook scenario, and every kind of decision of random games."""
    out = []
    for name in scenario_names():
        out.append((f"scenario {name}", state_of(Board.from_game(get_scenario(name).build()))))
    seen: set[str] = set()
    for seed in (1, 2, 3, 5):
        game = Game.new(seed=seed)
        board = Board(game)
        rng = random.Random(seed)
        step = 0
        while not game.is_over:
            op = board.choice["op"]
            if op not in seen or step % 40 == 0:
                seen.add(op)
                out.append((f"seed {seed} step {step} ({op})", state_of(board)))
            options = game.legal_actions()
            act = len(options) > 1 and rng.random() > 0.3
            board.apply((rng.choice(options[:-1]) if act else options[-1]).id)
            step += 1
        out.append((f"seed {seed} over", state_of(board)))
    return out


def test_every_option_with_a_place_is_drawn_and_reachable(blank: Page) -> None:
    """Each option that names board regions is drawn on one, and a click there finds it."""
    cases = positions()
    ops = {state["choice"]["op"] for _, state in cases}
    assert {"card_action", "move_to", "act_pick", "reinforce", "resupply_pick"} <= ops
    for label, state in cases:
        result = blank.evaluate(
            """(state) => {
                const host = document.getElementById('a');
                const board = __pb.drawStatic(host, state);
                const h = board.hook;
                const opts = h.options();
                const regions = h.regions();
                const missing = opts.filter((o) => o.targets.length && !o.drawn).map((o) => o.id);
                const unreachable = opts.filter((o) => o.targets.length && !h.pointFor(o.id))
                                        .map((o) => o.id);
                const buttons = [...host.querySelectorAll('.pb-option')]
                    .map((b) => b.dataset.option);
                board.destroy();
                return {missing, unreachable, buttons, n: regions.length,
                        bare: opts.filter((o) => !o.targets.length).map((o) => o.id)};
            }""",
            state,
        )
        assert result["missing"] == [], f"{label}: options not drawn: {result['missing']}"
        assert result["unreachable"] == [], f"{label}: cannot be clicked: {result['unreachable']}"
        assert result["buttons"] == result["bare"], f"{label}: buttons {result['buttons']}"
        assert result["n"] >= 70, label  # squares, circles, locations, boxes, cards


def test_the_canvas_draws_the_three_colours_crisply_at_device_pixel_ratio_two(
    browser: Any,
) -> None:
    context = browser.new_context(viewport={"width": 1320, "height": 900}, device_scale_factor=2)
    page = context.new_page()
    page.set_content(page_html())
    page.wait_for_function("() => window.__pb !== undefined")
    mount(page, state_of(Board.new(seed=1)))
    sizes = page.evaluate(
        """() => { const c = document.querySelector('#a .pb-scene');
                   return [c.width, c.height, c.getBoundingClientRect().width,
                           c.getBoundingClientRect().height]; }"""
    )
    assert sizes[0] == round(sizes[2] * 2) and sizes[1] == round(sizes[3] * 2)
    # Sample the backing store: each colour's fill (green, red, purple) is there.
    found = page.evaluate(
        """() => {
            const c = document.querySelector('#a .pb-scene');
            const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            const want = {green: [0xd5, 0xeb, 0xc8], red: [0xf5, 0xd2, 0xcc],
                          purple: [0xe3, 0xd7, 0xf0]};
            const hits = {green: 0, red: 0, purple: 0};
            for (let i = 0; i < px.length; i += 4 * 7) {
                for (const [k, [r, g, b]] of Object.entries(want)) {
                    if (Math.abs(px[i] - r) < 6 && Math.abs(px[i + 1] - g) < 6 &&
                        Math.abs(px[i + 2] - b) < 6) hits[k]++;
                }
            }
            return hits;
        }"""
    )
    assert all(n > 500 for n in found.values()), found
    context.close()


def test_a_click_on_a_single_option_sends_it_once_until_python_answers(blank: Page) -> None:
    board = Board.new(seed=1)
    mount(blank, state_of(board))
    option = board.choice["options"][0]["id"]
    point = hook(blank, f"h.pointFor({json.dumps(option)})")
    assert point and not point["menu"]
    blank.mouse.click(point["x"], point["y"])
    blank.mouse.click(point["x"], point["y"])  # a second click before the answer is ignored
    assert blank.evaluate("() => model.sent") == [
        {"kind": "choose", "option": option, "rev": 0, "game": 0}
    ]
    blank.evaluate("() => model.custom({kind: 'ack', ok: false, rev: 0})")
    blank.mouse.click(point["x"], point["y"])
    assert len(blank.evaluate("() => model.sent")) == 2


def test_a_place_with_several_options_opens_a_menu(blank: Page) -> None:
    board = Board.new(seed=1)
    board.apply("card:soviet-07:62nd-army-cp:resupply")  # Resupply: one place, four tokens
    assert board.choice["op"] == "resupply_pick"
    mount(blank, state_of(board))
    choice = board.choice["options"][1]["id"]
    point = hook(blank, f"h.pointFor({json.dumps(choice)})")
    assert point["menu"]
    blank.mouse.click(point["x"], point["y"])
    items = blank.locator("#a .pb-menu button")
    labels = [o["label"] for o in board.choice["options"] if o["targets"]]
    assert items.all_inner_texts() == labels
    blank.keyboard.press("ArrowDown")
    blank.keyboard.press("Escape")
    assert blank.locator("#a .pb-menu").is_hidden()
    point = hook(blank, f"h.pointFor({json.dumps(choice)})")
    blank.mouse.click(point["x"], point["y"])
    blank.locator(f"#a .pb-menu button[data-option='{choice}']").click()
    sent = blank.evaluate("() => model.sent")
    assert sent == [{"kind": "choose", "option": choice, "rev": board.rev, "game": 0}]


def test_keyboard_moves_between_options_and_never_reaches_the_notebook(blank: Page) -> None:
    board = Board.new(seed=1)
    mount(blank, state_of(board))
    blank.locator("#a .pb-surface").focus()
    labels = [o["label"] for o in board.choice["options"]]
    expect(blank.locator("#a .pb-focus-label")).to_have_text(f"Enter: {labels[0]}")
    blank.keyboard.press("ArrowRight")
    # the option, then the glossary line of its action word (issue 11)
    spoken = f"Option 2 of {len(labels)}: {labels[1]}. "
    expect(blank.locator("#a .pb-sr-focus")).to_contain_text(spoken)
    blank.keyboard.press("End")  # the last option is a button: it gets the focus ring
    expect(blank.locator("#a .pb-option.pb-kbd-focus")).to_have_text(labels[-1])
    blank.keyboard.press("Home")
    blank.keyboard.press("ArrowRight")
    blank.keyboard.press("Enter")
    blank.keyboard.press("z")  # one intent at a time: ignored until Python answers
    blank.evaluate("() => model.custom({kind: 'ack', ok: true, rev: 0})")
    blank.keyboard.press("z")
    blank.evaluate("() => model.custom({kind: 'ack', ok: true, rev: 0})")
    blank.keyboard.press("y")
    blank.keyboard.press("a")  # a JupyterLab command-mode key: swallowed by the board
    sent = blank.evaluate("() => model.sent")
    assert sent == [
        {"kind": "choose", "option": board.choice["options"][1]["id"], "rev": 0, "game": 0},
        {"kind": "undo", "rev": 0, "game": 0},
        {"kind": "redo", "rev": 0, "game": 0},
    ]
    assert blank.evaluate("() => window.__keysSeenByDocument") == 0


def test_two_views_of_one_model_stay_in_step_and_clean_up_completely(blank: Page) -> None:
    board = Board.new(seed=1)
    mount(blank, state_of(board), "a")
    mount(blank, state_of(board), "b")
    assert blank.evaluate("() => window.__ro.live") == 2
    listeners = blank.evaluate("() => model.listeners()")
    assert listeners == 2 * (21 + 1)  # twenty-one traits and the custom messages, per view
    board.apply("end-phase")
    blank.evaluate("(state) => model.setAll(state)", state_of(board))
    blank.wait_for_function(
        "() => [...document.querySelectorAll('.pavlov-board')].every(b => b.dataset.rev === '1')"
    )
    prompts = blank.locator(".pavlov-board").evaluate_all("els => els.map(e => e.dataset.prompt)")
    assert prompts == [board.choice["prompt"]] * 2
    newest = board.log_entries[0]
    assert newest["text"] in blank.locator("#a .pb-sr-log").inner_text()
    blank.evaluate("() => { cleanups.a(); cleanups.b(); }")
    assert blank.evaluate("() => model.listeners()") == 0
    assert blank.evaluate("() => window.__ro.live") == 0
    assert blank.locator(".pavlov-board").count() == 0
    # A view made later (as after a page reload) draws the current state from the traits.
    mount(blank, state_of(board), "b")
    assert blank.locator("#b .pavlov-board").get_attribute("data-rev") == "1"
    assert blank.locator("#b .pavlov-board").get_attribute("data-prompt") == board.choice["prompt"]


def test_the_board_reflows_when_its_container_narrows(blank: Page) -> None:
    mount(blank, state_of(Board.new(seed=1)))
    assert hook(blank, "h.mode()") == "wide"
    for width, mode in [(1100, "medium"), (720, "narrow"), (1320, "wide")]:
        blank.set_viewport_size({"width": width, "height": 900})
        blank.wait_for_function(
            f"() => document.querySelector('#a .pavlov-board').dataset.mode === '{mode}'"
        )
        drawn = blank.evaluate(
            "() => document.querySelector('#a .pb-scene').getBoundingClientRect().width"
        )
        assert drawn <= width
        # Never drawn below its own size: the smallest board text (11 px) stays 11 CSS px.
        assert hook(blank, "h.scale()") >= 1


def test_the_error_shows_in_the_bar_under_the_prompt(blank: Page) -> None:
    # The message checks themselves are tested in tests/test_widget.py. The error sits in the
    # bar, under the prompt, where the learner is looking (it moves with the sticky bar).
    state = state_of(Board.new(seed=1))
    state["error"] = "'nope' is not one of the options now; nothing was done."
    mount(blank, state)
    error = blank.locator("#a .pb-bar .pb-error")
    assert error.is_visible() and error.get_attribute("role") == "alert"
    assert "nothing was done" in error.inner_text()
    prompt = blank.locator("#a .pb-prompt").bounding_box()
    assert error.bounding_box()["y"] >= prompt["y"] + prompt["height"] - 1


def test_static_pictures_draw_without_controls(
    blank: Page, save_screenshot: Callable[..., Path]
) -> None:
    board = Board.new(seed=2)
    board.apply("end-phase")
    draw = "(state) => __pb.drawStatic(document.getElementById('a'), state)"
    blank.evaluate(draw, state_of(board))
    assert blank.locator("#a .pavlov-board.pb-static").count() == 1
    assert blank.locator("#a .pb-undo").is_hidden()
    assert all(blank.locator("#a .pb-option").evaluate_all("els => els.map(e => e.disabled)"))
    save_screenshot(blank, "board-static")


def region(page: Page, region_id: str, where: str = "a") -> dict[str, Any]:
    """One region of the board in #where, with its tip (title and lines)."""
    found = hook(page, f"h.regions().filter((r) => r.id === {json.dumps(region_id)})", where)
    assert found, f"no region {region_id}"
    return dict(found[-1])


COLOUR_COUNT = """([x, y, w, h, rgb]) => {
    const c = document.querySelector('#a .pb-scene');
    const k = c.width / c.getBoundingClientRect().width;
    const r = c.getBoundingClientRect();
    const px = c.getContext('2d').getImageData((x - r.left) * k, (y - r.top) * k, w * k, h * k)
        .data;
    let n = 0;
    for (let i = 0; i < px.length; i += 4) {
        if (Math.abs(px[i] - rgb[0]) < 4 && Math.abs(px[i + 1] - rgb[1]) < 4
            && Math.abs(px[i + 2] - rgb[2]) < 4) n++;
    }
    return n;
}"""
GOLD_DIE = [0xFF, 0xF3, 0xC4]  # a die that succeeded
SUCCESS_PILL = [0xFF, 0xE0, 0x82]  # the result of a roll that succeeded


def test_a_roll_is_drawn_from_its_fields_not_from_the_log_text(blank: Page) -> None:
    """Success, hits and each die's mark come from the roll's fields; the sentence is free."""
    state = state_of(Board.new(seed=1))
    state["last_roll"] = {"n": 9, "turn": 1, "dice": [6, 2, 5], "label": "Anti-aircraft fire",
                          "result": "2 hits", "success": True, "hits": 2,
                          "marks": [True, False, True], "rule": "3.0 Bomb Stalingrad"}
    state["log_entries"] = [{"n": 9, "turn": 1, "text": "The guns bark over the Volga",
                             "rule": "3.0 Bomb Stalingrad", "dice": [6, 2, 5], "kind": "roll"}]
    mount(blank, state)
    tray = region(blank, "dice")
    assert tray["tip"]["title"] == "Anti-aircraft fire"
    assert "Result: 2 hits (succeeded)" in tray["tip"]["lines"]
    assert "Hits: 2" in tray["tip"]["lines"]
    assert "2 of 3 dice succeeded (gold outline)" in tray["tip"]["lines"]
    box = [tray["x"], tray["y"], tray["w"], tray["h"]]
    assert blank.evaluate(COLOUR_COUNT, [*box, GOLD_DIE]) > 100
    assert blank.evaluate(COLOUR_COUNT, [*box, SUCCESS_PILL]) > 100
    # the same dice read as a failed roll: no gold, whatever the numbers on the dice
    state["last_roll"].update(result="0 hits", success=False, hits=0, marks=[False] * 3)
    blank.evaluate("(state) => model.setAll(state)", state)
    blank.wait_for_function(
        "() => document.querySelector('#a .pavlov-board').__pavlovBoard.regions()"
        ".some((r) => r.id === 'dice' && r.tip.lines.includes('Hits: 0'))"
    )
    assert blank.evaluate(COLOUR_COUNT, [*box, GOLD_DIE]) == 0
    assert blank.evaluate(COLOUR_COUNT, [*box, SUCCESS_PILL]) == 0


def test_counters_are_drawn_from_named_fields(blank: Page) -> None:
    """Counters are drawn from the view's named fields, never from their ids.

    A Soviet counter's state is two booleans and a marker; a Wehrmacht counter's type and its
    Defense in force come with it (3.0, 7.2).
    """
    state = state_of(Board.new(seed=1))
    state["view"]["soviet"]["pavlov"].update(exhausted=True, disrupted=True, marker="command")
    state["view"]["tracks"][0][0] = {"id": "no-type-in-this-id", "type": "stug-iiib",
                                     "defense": 6}
    mount(blank, state)
    pavlov = region(blank, "counter:pavlov")
    assert "State: Exhausted, Disrupted, Command token" in pavlov["tip"]["lines"]
    circle = region(blank, "track:1:1")
    assert circle["tip"]["lines"][0] == (
        "StuG IIIb (armour): Attack 3, Defense 6 (printed 5, +1 Tactics 7.2)"
    )


def test_the_roll_button_and_enter_send_the_one_roll_intent(blank: Page) -> None:
    board = Board.from_game(get_scenario("sniper").build())
    mount(blank, state_of(board))
    roll = blank.locator("#a .pb-step")
    expect(roll).to_have_text("Roll 1 die")
    expect(roll).to_be_enabled()
    assert "pb-due" in (roll.get_attribute("class") or "")
    assert blank.locator("#a .pb-option").count() == 0
    roll.click()
    blank.evaluate("() => model.custom({kind: 'ack', ok: true, rev: 0})")
    blank.locator("#a .pb-surface").focus()
    blank.keyboard.press("Enter")
    assert blank.evaluate("() => model.sent") == [{"kind": "step", "rev": 0, "game": 0}] * 2
    # at a decision the button has nothing to roll
    while board.choice["kind"] == "chance":
        board.game.step()
    blank.evaluate("(state) => model.setAll(state)", state_of(board))
    expect(roll).to_be_disabled()
    expect(roll).to_have_text("Roll dice")


WOBBLING_BAR_JS = """
() => {
  // The bar's height as the page measures it alternates between two values, as when its
  // text wraps differently at the own size and at the fitted one; after 400 reads it is the
  // real one again, so that a board that never settles still ends (and the test can count).
  const native = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight').get;
  window.barReads = 0;
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get() {
      if (!this.classList.contains('pb-bar') || window.barReads >= 400) {
        return native.call(this);
      }
      window.barReads += 1;
      return window.barReads % 2 ? 93 : 117;
    },
  });
}
"""


def test_a_close_up_settles_when_its_bar_height_depends_on_its_layout(blank: Page) -> None:
    """1.3 close-ups (notebook 03): a close-up whose bar height depends on its layout settles.

    A focus view whose places do not fit below the bar is drawn smaller (screen.js's
    refitFocus); when the bar's height changes with that layout, the board settles after one
    new try instead of being drawn again without end (which hung the page in the JupyterLite
    site, issue 22).
    """
    board = Board.from_game(Game.new(seed=1))
    board.panels = ["house"]
    board.mark(["square:G4R1", "square:G6", "square:P4R6", "square:P1"])
    blank.set_viewport_size({"width": 934, "height": 520})
    blank.evaluate(WOBBLING_BAR_JS)
    mount(blank, state_of(board))
    blank.wait_for_function(
        "() => document.querySelector('#a .pavlov-board')?.__pavlovBoard !== undefined")
    blank.wait_for_timeout(500)  # the frames after the first drawing (the bar placed, kept)
    assert hook(blank, "h.scale()") < 1, "the places fit at the own size: nothing was refitted"
    reads = blank.evaluate("() => window.barReads")
    assert reads < 20, f"the board was drawn again {reads} times for one position"
