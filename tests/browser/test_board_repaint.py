"""The board repaints only what changed, and the picture is the one a full redraw gives.

``retain.js`` records each drawing, finds the painting calls that differ from the last one and
repaints only their boxes (issue 18: a click's repaint at device pixel ratio 2). These tests
play a seeded game, with the tutor's marks and a question, on a stand-in model at device pixel
ratio 2, and after every change compare both canvases with a full redraw of the same state,
pixel for pixel. A repaint that missed a changed place leaves old pixels there (a counter, a
word, a ring: hundreds of channel values off by 100 and more); a clipped repaint may only
shade a few antialiased edge pixels a little differently (Skia may rasterize a path cut by
the clip by another method), which the tolerance allows.
"""

from __future__ import annotations

import json
import random
from typing import Any

from boardpage import page_html

from pavlov_widgets import Board
from pavlov_widgets.engine import Game
from pavlov_widgets.widget.board import sync_state

EDGE = 32
"""A channel difference an antialiased edge may show (a missed repaint shows 100 and more)."""
EDGES = 2000
"""How many channel values over ``EDGE`` a drawing may show: edge pixels, one here and there
(a missed word alone is hundreds of values over 150)."""
WORST = 128
"""No channel value may differ more than this."""

COMPARE = """(k) => {
    const el = document.querySelector('#a .pavlov-board');
    const h = el.__pavlovBoard;
    const pixels = (c) => c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const canvases = [el.querySelector('.pb-scene'), el.querySelector('.pb-overlay')];
    h.draw();  // the repaint of what changed
    const kept = canvases.map(pixels);
    const shares = h.repainted();
    h.timeDraws(1, true);  // the whole board drawn again
    const out = {shares, worst: [0, 0], where: [null, null], edges: [0, 0]};
    canvases.forEach((c, n) => {
        const a = kept[n];
        const b = pixels(c);
        for (let i = 0; i < a.length; i++) {
            const d = Math.abs(a[i] - b[i]);
            if (d > k) out.edges[n]++;
            if (d > out.worst[n]) {
                out.worst[n] = d;
                const p = i >> 2;
                out.where[n] = [p % c.width, Math.floor(p / c.width)];
            }
        }
    });
    return out;
}"""


def states() -> list[tuple[str, dict[str, Any]]]:
    """A seeded game's positions, then marks added and taken off, and a question asked."""
    game = Game.new(seed=3)
    board = Board(game)
    rng = random.Random(3)
    out: list[tuple[str, dict[str, Any]]] = []

    def keep(label: str) -> None:
        out.append((label, json.loads(json.dumps(sync_state(board)))))

    for step in range(45):
        keep(f"step {step}")
        options = game.legal_actions()
        act = len(options) > 1 and rng.random() > 0.3
        board.apply((rng.choice(options[:-1]) if act else options[-1]).id)
    board.mark(["square:R2", "loc:8"], "focus")
    keep("marks")
    board.mark("square:R2", "wrong")
    keep("a mark restyled")
    board.clear_marks()
    keep("marks cleared")
    board.ask("Where is Pavlov?", ["square:R2", "square:G1"], lambda _place: None)
    keep("a question")
    board.pop()
    keep("the question gone")
    return out


def test_a_repaint_of_what_changed_gives_the_picture_of_a_full_redraw(browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1360, "height": 900}, device_scale_factor=2)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_content(page_html())
    page.wait_for_function("() => window.__pb !== undefined")
    cases = states()
    page.evaluate(
        """(state) => {
            window.model = new FakeModel(state);
            __pb.render({model: window.model, el: document.getElementById('a')});
        }""",
        cases[0][1],
    )
    page.evaluate("() => document.querySelector('#a .pavlov-board').__pavlovBoard.draw()")
    partial = 0
    for label, state in cases[1:]:
        page.evaluate("(s) => window.model.setAll(s)", state)
        got = page.evaluate(COMPARE, EDGE)
        for n, canvas in enumerate(("scene", "overlay")):
            assert got["worst"][n] <= WORST and got["edges"][n] <= EDGES, (
                f"{label}: the {canvas} canvas differs from a full redraw by up to "
                f"{got['worst'][n]} at {got['where'][n]} ({got['edges'][n]} values over "
                f"{EDGE}); repainted {got['shares']}"
            )
        partial += got["shares"]["scene"] < 0.5
    assert not errors, errors
    # the point of it: most changes repaint less than half the scene
    assert partial >= len(cases) // 2, partial
    context.close()
