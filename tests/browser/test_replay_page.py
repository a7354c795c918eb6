"""A saved replay opened from disk (issue 22): no kernel, no server, no network.

``save_replay`` writes one HTML page; Chromium opens it by its ``file://`` address. The board
draws, Back and Next (and the left and right arrow keys, Home and End) step through the
moments, and the board changes with them: the moment's heading, the rev drawn and the
picture itself, which is the same each time a moment is shown again. No request leaves
``file://`` and the console stays free of errors. Screenshots at 1366×768 and on a
390×844 phone go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pavlov_widgets.replay import save_replay
from pavlov_widgets.tutor.walkthrough import Walkthrough
from pavlov_widgets.widget import Board

LOAD_TIMEOUT_MS = 20_000

SHOWN_JS = """
() => {
  const root = document.getElementById('pavlov-replay');
  const board = root.querySelector('.pavlov-board');
  return {
    moment: Number(root.dataset.moment),
    count: root.__pavlovReplay.count,
    heading: root.querySelector('.pr-heading').textContent,
    caption: root.querySelector('.pr-caption').textContent,
    rev: Number(board.dataset.rev),
    regions: board.__pavlovBoard.regions().length,
    picture: [...board.querySelectorAll('canvas')].map((c) => c.toDataURL()).join(' '),
    prompt: board.querySelector('.pb-prompt').textContent,
    back: root.querySelector('.pr-back').disabled,
    next: root.querySelector('.pr-next').disabled,
  };
}
"""
"""What the replay shows now: the moment, its heading and caption, the board's rev, how
many regions it drew, its picture (both canvases) and its prompt, and whether Back and Next
can be pressed."""


@pytest.fixture
def watched(page: Page) -> Iterator[dict[str, list[str]]]:
    """Every request the page makes and every console error: the test fails on any error."""
    seen: dict[str, list[str]] = {"requests": [], "errors": []}
    page.on("request", lambda request: seen["requests"].append(request.url))
    page.on("console", lambda msg: seen["errors"].append(msg.text) if msg.type == "error"
            else None)
    page.on("pageerror", lambda exc: seen["errors"].append(str(exc)))
    yield seen
    assert not seen["errors"], f"console errors on the replay page: {seen['errors']}"
    gone = [u for u in seen["requests"] if not u.startswith(("file:", "data:", "blob:"))]
    assert not gone, f"requests that left file://: {gone}"


def shown(page: Page) -> dict[str, Any]:
    """What the replay shows once the board has painted (two animation frames)."""
    page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => "
                  "requestAnimationFrame(ok)))")
    result: dict[str, Any] = page.evaluate(SHOWN_JS)
    return result


def open_from_disk(page: Page, path: Path) -> dict[str, Any]:
    """Open the saved page by its file:// address and wait for the board's first drawing."""
    page.goto(path.resolve().as_uri())
    page.wait_for_function(
        "() => { const b = document.querySelector('#pavlov-replay .pavlov-board');"
        " return !!b && !!b.__pavlovBoard && b.__pavlovBoard.regions().length > 0; }",
        timeout=LOAD_TIMEOUT_MS)
    return shown(page)


def test_a_saved_walkthrough_steps_forward_and_back_from_disk(
        page: Page, watched: dict[str, list[str]], tmp_path: Path,
        save_screenshot: Callable[..., Path]) -> None:
    walk = Walkthrough("ju87")
    path = walk.save_replay(tmp_path / "ju87.html")
    page.set_viewport_size({"width": 1366, "height": 768})
    start = open_from_disk(page, path)
    assert start["moment"] == 0 and start["count"] == len(walk) + 1
    assert start["regions"] > 50 and start["back"] and not start["next"]
    assert start["heading"] == f"Step 0 of {len(walk)}."
    assert walk.scenario.summary[:40] in start["caption"]
    expect(page.locator(".pr-title")).to_have_text(f"{walk.scenario.title} "
                                                   f"({walk.scenario.section})")

    page.click(".pr-next")
    one = shown(page)
    assert one["moment"] == 1 and one["heading"] == f"Step 1 of {len(walk)}."
    assert one["rev"] != start["rev"] and one["picture"] != start["picture"]
    assert one["caption"] != start["caption"] and not one["back"]
    save_screenshot(page, "replay-ju87-1366x768")

    page.keyboard.press("ArrowRight")
    two = shown(page)
    assert two["moment"] == 2 and two["picture"] != one["picture"]
    page.keyboard.press("ArrowLeft")
    again = shown(page)
    assert again["moment"] == 1 and again["picture"] == one["picture"]
    assert again["heading"] == one["heading"]
    page.click(".pr-back")
    assert shown(page)["picture"] == start["picture"]

    page.keyboard.press("End")
    end = shown(page)
    assert end["moment"] == len(walk) and end["next"] and not end["back"]
    page.keyboard.press("ArrowRight")  # nothing after the end
    assert shown(page)["moment"] == len(walk)
    page.keyboard.press("Home")
    assert shown(page)["moment"] == 0


def test_a_saved_game_steps_on_a_phone(phone: tuple[Page, list[str]], tmp_path: Path,
                                       save_screenshot: Callable[..., Path]) -> None:
    board = Board.new(seed=5)
    game = board.game
    for _ in range(12):
        if game.chance() is not None:
            game.roll()
        else:
            game.apply(game.legal_ids()[0])
    path = save_replay(board, tmp_path / "game.html")
    page, problems = phone  # its page errors fail the test
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error"
            else None)
    page.on("request", lambda r: None if r.url.startswith(("file:", "data:", "blob:"))
            else problems.append(f"request: {r.url}"))
    start = open_from_disk(page, path)
    assert start["count"] == 1 + len(game.history)
    assert start["heading"].startswith("The start of the game")
    page.tap(".pr-next")
    one = shown(page)
    assert one["moment"] == 1 and one["heading"].startswith(f"Step 1 of {len(game.history)}")
    assert one["picture"] != start["picture"]
    # the controls stay on the phone's screen
    box = page.locator(".pr-next").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390 and box["y"] >= 0
    save_screenshot(page, "replay-game-390x844")
    page.tap(".pr-back")
    assert shown(page)["picture"] == start["picture"]
