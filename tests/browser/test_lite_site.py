"""The whole tutor in the JupyterLite site, offline, notebook by notebook (issue 22).

The site built by ``scripts/build_lite.sh`` (the ``lite_server`` fixture serves it on
127.0.0.1) runs in the browser's own Python: one core, no threads, no processes, and no
ipycanvas (no numpy or pillow offline). For **every notebook**: open it, run all cells, and
check that every code cell ran without an error, every board on the page painted, nothing
went to the console as an error beyond :data:`ALLOWED` (each with its reason) and no request
left the site. Then what a class does with it:

* a question answered by clicking a place on the board (notebook 04), the answer kept in
  ``pavlov-progress.json`` in the kernel's folder — which JupyterLite keeps in the browser's
  storage — still there after the browser is quit and started again on the same profile,
  where notebook 01's course map counts it and *Download my results* gives it to the
  teacher;
* the lab's comparison (notebook 15) started with its button, said to take so long on one
  core before it starts, filling in its table live and stopped with Stop;
* presenter mode at a projector's 1920×1080 with nothing cut (notebook 05's walkthrough).

Each test is a new pupil: a fresh browser context (empty storage), its own pages and
kernels. Screenshots of notebook 05's
walkthrough and the lab at 1366×768 and 1920×1080: ``test-artifacts/lite-site-*.png``.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from boardpage import look, settle
from playwright.sync_api import (
    Browser,
    BrowserContext,
    BrowserType,
    Page,
    ViewportSize,
    expect,
)

from lite import (
    Requests,
    cell_errors,
    drawn_boards,
    open_notebook,
    run_all,
    wait_for_boards,
)
from pavlov_widgets.tutor.course import graded
from pavlov_widgets.tutor.progress import FILE_NAME

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PROJECTOR: ViewportSize = {"width": 1920, "height": 1080}
ANSWER_MS = 60_000
"""How long an answer from the browser's Python may take (a cold kernel's first call)."""

BOARD_MAKERS = re.compile(r"\b(Board|Walkthrough|Quiz|Coach|Lab|CourseMap)\(|\.widget\(\)|"
                          r"\bquiz\b|\bwalk\b")
"""Code that puts a board on the page; a notebook with none of it need not show one."""

ALLOWED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"Failed to load resource: the server responded with a status of 404 "
                r"\(File not found\)"),
     "JupyterLite asks its static server for optional files it may not have (the API's "
     "all.json of settings and translations, a favicon); a 404 is how it learns they are "
     "absent, and Requests checks that nothing went off 127.0.0.1"),
)
"""Console errors a healthy Lite site prints, each with why it is harmless here."""

CELLS_RAN_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets.filter((cell) => cell.model.type === 'code');
  return {code: cells.length,
          ran: cells.filter((cell) => cell.model.executionCount !== null).length};
}
"""

CLOSE_ALL_JS = """
async () => {
  // the site's JupyterLab reopens the last visit's notebooks (each with its kernel): close
  // them, kept as they are, so the next visit opens only what it asks for
  const app = window.jupyterapp;
  for (const widget of [...app.shell.widgets('main')]) {
    if (widget.context) widget.context.model.dirty = false;
    widget.close();
  }
  await new Promise((done) => setTimeout(done, 1000));  // the layout is saved
  return [...app.shell.widgets('main')].length;
}
"""

READ_FILE_JS = """
async (path) => {
  try {
    const model = await window.jupyterapp.serviceManager.contents.get(
      path, {content: true, type: 'file', format: 'text'});
    // a file the kernel wrote may come back as base64 (the kernel's drive writes bytes)
    const content = model.format === 'base64' ? atob(model.content) : model.content;
    return typeof content === 'string' ? content : JSON.stringify(content);
  } catch (error) {
    return null;
  }
}
"""


class Console:
    """The page's console errors and uncaught exceptions, less those :data:`ALLOWED`."""

    def __init__(self, page: Page) -> None:
        self.seen: list[str] = []
        page.on("console", lambda message: self.seen.append(message.text)
                if message.type == "error" else None)
        page.on("pageerror", lambda exc: self.seen.append(f"uncaught: {exc}"))

    def unexpected(self) -> list[str]:
        """Every error no entry of :data:`ALLOWED` explains."""
        return [text for text in self.seen
                if not any(pattern.search(text) for pattern, _why in ALLOWED)]


@pytest.fixture
def site(browser: Browser, lite_server: str) -> Iterator[BrowserContext]:
    """A fresh browser context at a laptop's 1366×768: a new pupil, with empty storage.

    Fresh for each test: the site's JupyterLab reopens every notebook of the last visit
    (and starts its kernel), so a context shared by the notebooks would run them all again.
    """
    context = browser.new_context(viewport=LAPTOP)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def restartable(browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
                tmp_path: Path) -> Iterator[Callable[[], BrowserContext]]:
    """``start()``: the browser started on one profile folder, its storage kept on disk.

    Close what ``start()`` gave and call it again: the same pupil's browser, restarted (a
    new process, nothing kept in memory).
    """
    started: list[BrowserContext] = []

    def start() -> BrowserContext:
        context = browser_type.launch_persistent_context(
            str(tmp_path / "profile"), viewport=LAPTOP, accept_downloads=True,
            **browser_type_launch_args)
        started.append(context)
        return context

    yield start
    for context in started:
        with contextlib.suppress(Exception):  # closed already, as the test does
            context.close()


def opened(context: BrowserContext, base: str, name: str) -> tuple[Page, Console, Requests]:
    """A new page with notebook ``name`` open and run; its console and requests recorded."""
    page = context.new_page()
    console, requests = Console(page), Requests(page)
    open_notebook(page, base, name)
    run_all(page)
    return page, console, requests


def clean(page: Page, console: Console, requests: Requests, base: str) -> None:
    """No cell failed, no unexplained console error, no request off the site."""
    assert cell_errors(page) == []
    assert console.unexpected() == []
    assert requests.urls, "the recorder saw no request at all"
    assert requests.outside(base) == []


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_notebook_runs_in_the_lite_site(site: BrowserContext, lite_server: str,
                                              name: str) -> None:
    page, console, requests = opened(site, lite_server, name)
    try:
        ran = page.evaluate(CELLS_RAN_JS)
        assert ran["code"] > 0 and ran["ran"] == ran["code"], ran
        boards = page.locator(".pavlov-board").count()
        source = "".join("".join(cell["source"]) for cell in json.loads(
            (ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
            if cell["cell_type"] == "code")
        if BOARD_MAKERS.search(source):
            assert boards >= 1, "the notebook makes boards, and none is on the page"
        if boards:  # every board the notebook made, not only the one on screen
            assert wait_for_boards(page, boards) == boards
        clean(page, console, requests, lite_server)
    finally:
        page.close()


def _progress(page: Page) -> dict[str, Any]:
    """The progress file in the kernel's folder as the site's storage has it ({} if none)."""
    text = page.evaluate(READ_FILE_JS, FILE_NAME)
    if not text:
        return {}
    try:
        found: dict[str, Any] = json.loads(text)
    except json.JSONDecodeError as exc:
        raise AssertionError(f"{FILE_NAME} is not JSON in the site's storage: {text[:300]!r}"
                             ) from exc
    return found


def _notebook_04_answers(page: Page) -> set[str]:
    """The questions of notebook 04 the progress file holds."""
    return {qid for qid in _progress(page).get("questions", {}) if qid.startswith("04.")}


def test_a_board_click_is_answered_and_the_progress_survives_a_browser_restart(
        restartable: Callable[[], BrowserContext], lite_server: str,
        save_screenshot: Callable[..., Path]) -> None:
    first = restartable()
    page, console, requests = opened(first, lite_server, "04_soviet_cards.ipynb")
    try:
        before = _notebook_04_answers(page)
        exercise = page.locator(".pavlov-exercise-click").first
        board = exercise.locator(".pavlov-board")
        expect(board).to_have_attribute("data-busy", "0", timeout=ANSWER_MS)
        exercise.evaluate("el => el.scrollIntoView({block: 'start'})")
        settle(page, board)
        glowing = look(board)["glowing"]
        assert glowing, "the question's board shows no place to click"
        board.evaluate("(el, id) => el.__pavlovBoard.reveal(id)", glowing[0]["id"])
        settle(page, board)
        place = next(g for g in look(board)["glowing"] if g["id"] == glowing[0]["id"])
        page.mouse.click(place["cx"], place["cy"])
        expect(board).to_have_attribute("data-tone", re.compile("^(right|wrong)$"),
                                        timeout=ANSWER_MS)
        settle(page, board)
        save_screenshot(page, "lite-site-04-answered")
        page.wait_for_function(
            f"async () => {{ const t = await ({READ_FILE_JS})({json.dumps(FILE_NAME)});"
            " return !!t && /\"04\\./.test(t); }", timeout=ANSWER_MS, polling=500)
        answered = _notebook_04_answers(page) - before
        assert len(answered) == 1, answered
        clean(page, console, requests, lite_server)
        page.evaluate(CLOSE_ALL_JS)  # the next visit opens 01 alone (best effort)
    finally:
        page.close()
    first.close()  # the browser quits
    # the browser started again on the same profile: a new kernel, the file still in storage
    page, console, requests = opened(restartable(), lite_server, "01_introduction.ipynb")
    try:
        assert answered <= _notebook_04_answers(page)
        course = page.locator(".pavlov-course").first
        course.evaluate("el => el.scrollIntoView({block: 'start'})")
        expect(course).to_be_visible(timeout=ANSWER_MS)
        total = len(graded("04"))
        row = course.locator("tr").filter(has_text="Soviet Card Phase")
        expect(row).to_contain_text(re.compile(rf"\b{total - 1} not answered yet"))
        export = page.locator(".pavlov-results-export").first
        export.evaluate("el => el.scrollIntoView({block: 'center'})")
        export.get_by_label("Your name").fill("Lite Pupil")
        with page.expect_download(timeout=ANSWER_MS) as arrived:
            export.get_by_role("button", name="Download my results").click()
        results = json.loads(Path(arrived.value.path()).read_text(encoding="utf-8"))
        assert results["learner"] == "Lite Pupil"
        exported = json.dumps(results)
        assert all(f'"{qid}"' in exported for qid in answered), exported[:500]
        clean(page, console, requests, lite_server)
    finally:
        page.close()


def test_the_lab_says_the_time_and_its_comparison_stops_with_stop(
        site: BrowserContext, lite_server: str, save_screenshot: Callable[..., Path]) -> None:
    page, console, requests = opened(site, lite_server, "15_lab.ipynb")
    try:
        lab = page.locator(".pavlov-lab").first
        # JupyterLab lays out only the cells in view: the lab's column is read in view
        lab.evaluate("el => el.scrollIntoView({block: 'start'})")
        side = lab.locator(".pl-side")
        # offline there is no ipycanvas: the numbers are a table, and one sentence says why
        expect(side.locator(".pavlov-no-chart").first).to_contain_text(
            "There is no chart here because this Python cannot load ipycanvas")
        games = side.locator("input[type=number]").first
        games.fill("2000")
        games.press("Enter")
        estimate = side.locator(".pl-estimate")
        expect(estimate).to_have_text(re.compile(
            r"^About \d+ (seconds|minutes) here: this browser's Python runs on one core\.$"),
            timeout=ANSWER_MS)
        side.get_by_role("button", name="Compare the choices").click()
        status = side.locator(".pavlov-comparison .pavlov-chart-status")
        expect(status).to_contain_text(
            re.compile(r"Playing: [1-9][\d,]* of 2,000 games per option"), timeout=ANSWER_MS)
        stop = side.locator(".pavlov-comparison .pavlov-chart-stop")
        stop.evaluate("el => el.scrollIntoView({block: 'end'})")
        save_screenshot(page, "lite-site-lab-running-1366x768")
        stop.click()
        expect(status).to_contain_text(re.compile(r"Stopped: [\d,]+ of 2,000 games per option "
                                                  "kept"), timeout=ANSWER_MS)
        kept = re.search(r"Stopped: ([\d,]+)", status.inner_text())
        assert kept is not None and 1 <= int(kept.group(1).replace(",", "")) < 2000
        table = side.locator("table.pavlov-comparison-table").first
        expect(table).to_be_visible()
        assert table.locator("tbody tr").count() >= 2
        expect(stop).to_be_disabled()
        expect(stop).to_have_text("Stopped")
        clean(page, console, requests, lite_server)
        for size, name in ((LAPTOP, "1366x768"), (PROJECTOR, "1920x1080")):
            page.set_viewport_size(size)
            lab.evaluate("el => el.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(400)
            save_screenshot(page, f"lite-site-lab-{name}")
    finally:
        page.close()


def test_notebook_05_s_walkthrough_and_presenter_mode_at_projector_size(
        site: BrowserContext, lite_server: str, save_screenshot: Callable[..., Path]) -> None:
    page, console, requests = opened(site, lite_server, "05_sniper_and_mortar.ipynb")
    try:
        walk = page.locator(".pavlov-walkthrough").first
        board = walk.locator(".pavlov-board").first
        expect(board).to_have_attribute("data-busy", "0", timeout=ANSWER_MS)
        for size, name in ((LAPTOP, "1366x768"), (PROJECTOR, "1920x1080")):
            page.set_viewport_size(size)
            walk.evaluate("el => el.scrollIntoView({block: 'start'})")
            settle(page, board)
            save_screenshot(page, f"lite-site-05-walkthrough-{name}")
        assert drawn_boards(page) >= 1
        from boardpage import presented  # presenter mode's reading (P's helper, issue 22)

        # presenting may move the walkthrough's board out of its place: find it by a mark
        board.evaluate("el => { el.dataset.testPresented = 'yes'; }")
        board = page.locator(".pavlov-board[data-test-presented='yes']")
        board.locator(".pb-present-btn").click()
        expect(board).to_have_class(re.compile(r"\bpb-presenting\b"), timeout=ANSWER_MS)
        settle(page, board)
        seen = presented(board)
        save_screenshot(page, "lite-site-05-present-1920x1080")
        assert seen["presenting"] and seen["problems"] == [], seen
        page.keyboard.press("Escape")
        expect(board).not_to_have_class(re.compile(r"\bpb-presenting\b"), timeout=ANSWER_MS)
        clean(page, console, requests, lite_server)
    finally:
        page.close()
