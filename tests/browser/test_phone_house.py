"""On a phone the house keeps the printed board's grid of rooms (issue 18).

The printed board draws Pavlov's House as a grid of combat positions: where a room sits on the
grid is what a learner reads line of sight and the colour areas from (the green rooms at the
top, the purple ones at the bottom, the corner rooms at the corners). Voila on a 390×844 phone
(touch, device scale 2) draws a board whose rooms hold counters with long names, some of them
Exhausted or carrying tokens, three to a room; the test reads the rooms' drawn rectangles from
the board's hook (``regions()``) and asserts, as a person sees them:

- every room stands where the plan puts it: a room is left of another exactly when its column
  is, above it exactly when its row is, and the four corner rooms are at the grid's corners;
- no counter name or other text is cut short (``hook.clipped()`` is empty) and every counter
  lies inside its room;
- the rooms are big enough to tap (44 CSS px or more each way) and the board does not scroll
  sideways.

Screenshot: ``test-artifacts/phone-house-390x844.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardpage import RENDER_TIMEOUT_MS, look, settle, write_notebook
from playwright.sync_api import Page, expect

from pavlov_widgets import Board
from pavlov_widgets.engine.places import Counter, Square, Weapon

CELLS = [
    "from pavlov_widgets import Board\nfrom pavlov_widgets.engine import Position",
    # long names (and the longest special letters), Exhausted or Disrupted, and two crews
    # (two counters with a weapon of their designation: the most a room holds, 4.0 Move), in
    # the four corner rooms and beside them
    'game = (Position()\n'
    '        .counter("chernogolov", "G1").counter("mosiyashvili", "G4R1")\n'
    '        .counter("stepanoshvili", "P1", exhausted=True)\n'
    '        .counter("bondarenko", "P4", exhausted=True).counter("yakimenko", "P4")\n'
    '        .weapon("rm-40", "P4")\n'
    '        .counter("afanasyev", "G2", disrupted=True).counter("masijashvili", "R2")\n'
    '        .counter("ivashchenko", "R3").counter("voronov", "G5").counter("sarkisyan", "G5")\n'
    '        .weapon("maxim-1", "G5")\n'
    '        .game())\n'
    "board = Board.from_game(game)\nboard",
]

MIN_TAP = 44
"""The smallest room a finger hits reliably (CSS px)."""


def _rooms() -> dict[str, tuple[int, int]]:
    """Every combat position's place on the printed grid: ``{region id: (column, row)}``."""
    return {Square(sq["id"]).id: (sq["x"], sq["y"]) for sq in Board.new(seed=1).plan["squares"]}


def test_the_rooms_keep_their_places_on_a_phone(
    phone: tuple[Page, list[str]],
    served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    page, _errors = phone
    page.goto(served_notebook(write_notebook(artifacts_dir, "phone_house.ipynb", CELLS)))
    board = page.locator(".pavlov-board").first
    expect(board).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
    grid = _rooms()
    first = next(iter(grid))
    board.evaluate("(el, id) => el.__pavlovBoard.revealRegion(id)", first)
    settle(page, board)
    save_screenshot(page, "phone-house-390x844")
    seen = look(board)
    assert seen["clipped"] == [], f"the board cut {seen['clipped']}"
    assert seen["sideways"] == [], f"the board scrolls sideways: {seen['sideways']}"
    regions: list[dict[str, Any]] = board.evaluate("el => el.__pavlovBoard.regions()")
    drawn = {r["id"]: r for r in regions if r["id"] in grid}
    assert set(drawn) == set(grid), f"rooms not drawn: {set(grid) - set(drawn)}"
    for a, (col_a, row_a) in grid.items():
        ra = drawn[a]
        assert ra["w"] >= MIN_TAP and ra["h"] >= MIN_TAP, f"{a} is too small to tap: {ra}"
        for b, (col_b, row_b) in grid.items():
            rb = drawn[b]
            if col_a < col_b:
                assert ra["x"] + ra["w"] <= rb["x"] + 1, f"{a} is not left of {b}: {ra} {rb}"
            if row_a < row_b:
                assert ra["y"] + ra["h"] <= rb["y"] + 1, f"{a} is not above {b}: {ra} {rb}"
    cols = max(c for c, _ in grid.values())
    rows = max(r for _, r in grid.values())
    left = min(r["x"] for r in drawn.values())
    top = min(r["y"] for r in drawn.values())
    right = max(r["x"] + r["w"] for r in drawn.values())
    bottom = max(r["y"] + r["h"] for r in drawn.values())
    for room, (col, row) in grid.items():
        if col not in (0, cols) or row not in (0, rows):
            continue
        r = drawn[room]
        x = r["x"] if col == 0 else r["x"] + r["w"]
        y = r["y"] if row == 0 else r["y"] + r["h"]
        assert abs(x - (left if col == 0 else right)) <= 1, f"{room} is not at a corner: {r}"
        assert abs(y - (top if row == 0 else bottom)) <= 1, f"{room} is not at a corner: {r}"
    # every counter and weapon lies inside the room it is in
    where = {Counter(c).id: Square(sq).id for c, sq in (
        ("chernogolov", "G1"), ("mosiyashvili", "G4R1"), ("stepanoshvili", "P1"),
        ("bondarenko", "P4R6"), ("yakimenko", "P4R6"), ("afanasyev", "G2"),
        ("masijashvili", "R2"), ("ivashchenko", "R3"), ("voronov", "G5"),
        ("sarkisyan", "G5"))}
    where.update({Weapon("rm-40").id: Square("P4R6").id, Weapon("maxim-1").id: Square("G5").id})
    placed = {r["id"]: r for r in regions if r["id"] in where}
    assert set(placed) == set(where), f"not drawn: {set(where) - set(placed)}"
    for piece, r in placed.items():
        box = drawn[where[piece]]
        inside = (r["x"] >= box["x"] - 1 and r["y"] >= box["y"] - 1
                  and r["x"] + r["w"] <= box["x"] + box["w"] + 1
                  and r["y"] + r["h"] <= box["y"] + box["h"] + 1)
        assert inside, f"{piece} spills out of {where[piece]}: {r} {box}"
