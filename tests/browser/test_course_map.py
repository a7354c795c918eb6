"""A question missed in one notebook comes back in notebook 01's course map (issue 21).

A learner answers notebook 04's first question wrong: the feedback names the walkthrough that
teaches its rule and says a similar question will come back, the score at the end of the
notebook lists it to revisit, and the answer is kept in ``pavlov-progress.json`` beside the
notebooks. Then they open notebook 01: its course map shows notebook 04's score and the
question to revisit, with where its rule is taught; they take the similar question there, get
it right, and the entry goes. Last they type their name and click *Download my results*: the
browser downloads one file with their first answers, which the teacher's reader
(``class_results``) reads back (issue 22). In JupyterLab at 1366×768 with the file browser
open, and in Voila on a phone (390×844). Each run works on its own copy of the notebooks in
``test-artifacts/`` (the progress file is written beside them, never in the repository).
Where no file is written, the browser's ``localStorage`` keeps the answers from one visit (a
fresh kernel) to the next. Screenshots: ``test-artifacts/course-map-*.png`` (the map also at
1920×1080; ``*-export`` the export done).
"""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardpage import RENDER_TIMEOUT_MS, run_all_in_lab, write_notebook
from playwright.sync_api import Page, expect

from lite import Requests, open_notebook, run_all
from pavlov_widgets import __version__
from pavlov_widgets.tutor.course import graded, number_in_notebook
from pavlov_widgets.tutor.exercises.registry import get_question
from pavlov_widgets.tutor.progress import FILE_NAME, Progress
from pavlov_widgets.tutor.results import class_results, export_results, graded_notebooks

LAPTOP = {"width": 1366, "height": 768}
QUESTION = get_question("04.fog-actions")
"""A choice question of notebook 04, answered wrong here."""


def _course(artifacts_dir: Path, name: str) -> Path:
    """A fresh copy of the course's notebooks in ``test-artifacts/<name>/``, no progress yet."""
    folder = artifacts_dir / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for nb in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"):
        shutil.copy(nb, folder / nb.name)
    return folder


WRONG = next(c for c in QUESTION.choices if c != QUESTION.exercise(0).solution[0])
"""The wrong choice clicked (the export says it was the first answer)."""


def _answer_wrong(page: Page, folder: Path, shot: Callable[[str], Path]) -> None:
    """Answer notebook 04's question wrong and see the feedback and the score's revisit list."""
    exercise = page.locator(".pavlov-exercise-choice").filter(
        has_text=QUESTION.question(0)).first
    expect(exercise).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    exercise.scroll_into_view_if_needed()
    exercise.get_by_role("button", name=WRONG, exact=True).click()
    feedback = exercise.locator(".pavlov-feedback")
    expect(feedback).to_contain_text("Not quite", timeout=RENDER_TIMEOUT_MS)
    expect(feedback).to_contain_text("in notebook 04 teaches this rule")
    expect(feedback).to_contain_text("A similar question will come back later")
    shot("feedback")
    # kept in the file beside the notebooks (the kernel writes it right after the feedback)
    path = folder / FILE_NAME
    deadline = time.monotonic() + 30
    while not path.is_file() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert Progress.open(folder).due() == [QUESTION.id]
    score = page.locator(".pavlov-score").first
    score.scroll_into_view_if_needed()
    expect(score.locator(".pavlov-revisit-item")).to_have_count(1)
    expect(score).to_contain_text(number_in_notebook(QUESTION))
    shot("score")


def _see_the_map(page: Page, folder: Path, shot: Callable[[str], Path]) -> None:
    """In notebook 01: notebook 04's score and the entry; a similar question answered right."""
    course = page.locator(".pavlov-course").first
    expect(course).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    title = course.get_by_role("heading", name="Your course map")
    title.evaluate("(node) => node.scrollIntoView({block: 'start'})")
    shot("map-top")
    total = len(graded("04"))
    row = course.locator("tr").filter(has_text="Soviet Card Phase")
    expect(row).to_contain_text(f"0 of {total} right, {total - 1} not answered yet")
    expect(row).to_contain_text("1 question")
    # every notebook of the folder is in the map, 12 among them
    expect(course.locator("tr")).to_have_count(len(list(folder.glob("[0-9][0-9]_*.ipynb"))) + 1)
    expect(course.locator("tr").filter(has_text="Variants")).to_have_count(1)
    item = course.locator(".pavlov-revisit-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text(number_in_notebook(QUESTION))
    expect(item).to_contain_text("in notebook 04 teaches this rule")
    item.scroll_into_view_if_needed()
    shot("map")
    item.get_by_role("button", name="Take a similar question").click()
    similar = course.locator(".pavlov-exercise-choice").filter(has_text=QUESTION.question(1))
    expect(similar).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    similar.scroll_into_view_if_needed()
    shot("similar")
    right = QUESTION.exercise(1).solution[0]
    similar.get_by_role("button", name=right, exact=True).click()
    expect(similar.locator(".pavlov-feedback")).to_contain_text("Right",
                                                                timeout=RENDER_TIMEOUT_MS)
    expect(course.locator(".pavlov-revisit-item")).to_have_count(0)
    expect(course).to_contain_text("Nothing to revisit")
    similar.scroll_into_view_if_needed()
    shot("made-good")
    assert Progress.open(folder).due() == []


def _download(page: Page, folder: Path) -> tuple[Path, dict[str, Any]]:
    """Type a name, click *Download my results*; the file saved in ``folder`` and its JSON."""
    export = page.locator(".pavlov-results-export").first
    expect(export).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    export.scroll_into_view_if_needed()
    export.get_by_label("Your name").fill("Ann Smith")
    with page.expect_download(timeout=RENDER_TIMEOUT_MS) as arrived:
        export.get_by_role("button", name="Download my results").click()
    download = arrived.value
    assert re.fullmatch(r"pavlov-results-Ann-Smith-\d{4}-\d\d-\d\d\.json",
                        download.suggested_filename), download.suggested_filename
    saved = folder / download.suggested_filename
    download.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert (data["format"], data["learner"], data["tutor_version"]) == (
        "pavlov-results", "Ann Smith", __version__)
    expect(export.get_by_role("status")).to_contain_text(
        f"{download.suggested_filename}: give this file to your teacher")
    return saved, data


def _export(page: Page, folder: Path, shot: Callable[[str], Path]) -> None:
    """The export after the miss made good: the file holds it, and the teacher reads it."""
    saved, data = _download(page, folder)
    entry = data["notebooks"]["04"]["answers"][QUESTION.id]
    assert (entry["first"], entry["answer"]) == ("wrong", [WRONG])
    assert entry["similar_right_at"] is not None  # made good in the map just before
    shot("export")
    results = class_results([saved])
    assert results.score("Ann Smith", "04")[:2] == (0, 1)
    assert results.missed()[0].wrong_answers == [(WRONG, 1)]


def _follow_the_link(page: Page) -> None:
    """The map's links open the notebooks (JupyterLab asks before leaving an unsaved one)."""
    page.once("dialog", lambda dialog: dialog.accept())
    row = page.locator(".pavlov-course tr").filter(has_text="Soviet Card Phase")
    row.get_by_role("link", name="Soviet Card Phase").click()
    expect(page).to_have_url(re.compile(r"/04_soviet_cards\.ipynb"), timeout=RENDER_TIMEOUT_MS)
    expect(page.get_by_role("heading", name="04 · Soviet Card Phase")).to_be_visible(
        timeout=RENDER_TIMEOUT_MS)


def test_a_miss_in_jupyterlab_shows_in_the_course_map(
    page: Page, lab_notebook: Callable[[str | Path], str], artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    folder = _course(artifacts_dir, "course-map-lab")
    page.set_viewport_size(LAPTOP)

    def shot(name: str) -> Path:
        return save_screenshot(page, f"course-map-lab-{name}")

    run_all_in_lab(page, lab_notebook(folder / "04_soviet_cards.ipynb"), file_browser=True)
    _answer_wrong(page, folder, shot)
    run_all_in_lab(page, lab_notebook(folder / "01_introduction.ipynb"), file_browser=True)
    _see_the_map(page, folder, shot)
    _export(page, folder, shot)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.locator(".pavlov-course-table").scroll_into_view_if_needed()
    shot("map-1920")
    _follow_the_link(page)


def test_a_miss_in_voila_on_a_phone_shows_in_the_course_map(
    phone: tuple[Page, list[str]], served_notebook: Callable[[str | Path], str],
    artifacts_dir: Path, save_screenshot: Callable[..., Path],
) -> None:
    page, _errors = phone
    folder = _course(artifacts_dir, "course-map-voila")

    def shot(name: str) -> Path:
        return save_screenshot(page, f"course-map-phone-{name}")

    page.goto(served_notebook(folder / "04_soviet_cards.ipynb"))
    _answer_wrong(page, folder, shot)
    page.goto(served_notebook(folder / "01_introduction.ipynb"))
    _see_the_map(page, folder, shot)
    _export(page, folder, shot)
    _follow_the_link(page)


STORE_CELLS = [
    "import ipywidgets as widgets\n"
    "from pavlov_widgets.tutor.progress import BrowserStore, Progress\n"
    "progress = Progress(BrowserStore('browser-test'))\n"
    "shown = widgets.HTML()\n"
    "shown.add_class('due-now')\n"
    "progress.on_change(lambda p: setattr(shown, 'value', 'due: ' + ', '.join(p.due())))\n"
    "widgets.VBox([progress.browser, shown])",
]


def test_where_no_file_is_written_the_browser_keeps_the_answers_between_visits(
    page: Page, served_notebook: Callable[[str | Path], str], artifacts_dir: Path,
) -> None:
    # one page misses a question: kept in the page's localStorage, not in a file
    folder = artifacts_dir / "course-map-browser"
    folder.mkdir(exist_ok=True)
    first = write_notebook(folder, "miss.ipynb", [
        *STORE_CELLS, f"progress.record({QUESTION.id!r}, correct=False)"])
    page.goto(served_notebook(first))
    key = "pavlov-progress-browser-test"
    page.wait_for_function(f"() => (localStorage.getItem({key!r}) || '').includes("
                           f"{QUESTION.id!r})", timeout=RENDER_TIMEOUT_MS)
    assert not list(folder.glob("pavlov-progress*.json"))
    # a new kernel (the next visit) learns it from the page, and the page keeps both answers
    second = write_notebook(folder, "later.ipynb", [
        *STORE_CELLS, "progress.record('04.deliver-half', correct=True)"])
    page.goto(served_notebook(second))
    expect(page.locator(".due-now")).to_contain_text(f"due: {QUESTION.id}",
                                                     timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(f"() => (localStorage.getItem({key!r}) || '').includes("
                           "'04.deliver-half')", timeout=RENDER_TIMEOUT_MS)
    kept = page.evaluate(f"() => JSON.parse(localStorage.getItem({key!r})).questions")
    assert kept[QUESTION.id]["first"] == "wrong" and kept["04.deliver-half"]["first"] == "right"


def test_the_export_downloads_in_the_lite_site_with_no_request_leaving_it(
    page: Page, lite_server: str, artifacts_dir: Path, save_screenshot: Callable[..., Path],
) -> None:
    # the browser's own Python: the page makes the file from the kernel's text, no server
    requests = Requests(page)
    page.set_viewport_size(LAPTOP)
    open_notebook(page, lite_server, "01_introduction.ipynb")
    run_all(page)
    folder = artifacts_dir / "course-map-lite"
    folder.mkdir(exist_ok=True)
    _saved, data = _download(page, folder)
    assert set(data["notebooks"]) >= set(graded_notebooks())
    save_screenshot(page, "course-map-lite-export")
    assert requests.outside(lite_server) == []


def _collected(folder: Path) -> list[Path]:
    """Three pupils' downloads in ``folder``/collected: Ann and Bob missed the question."""
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "collected").mkdir(parents=True)
    files = []
    for name, right in (("Ann", False), ("Bob", False), ("Chloe", True)):
        prog = Progress.open(folder, learner=name)
        prog.record(QUESTION.id, correct=right,
                    answer=(QUESTION.exercise(0).solution[0] if right else WRONG,))
        files.append(folder / "collected" / f"{name}.json")
        files[-1].write_text(export_results(prog, name), encoding="utf-8")
    return files


def _see_the_class(page: Page) -> None:
    """The teacher's two tables: three pupils; 04.1 missed by two, with the answer chosen."""
    tables = page.locator(".pavlov-class-table")
    expect(tables).to_have_count(2, timeout=RENDER_TIMEOUT_MS)
    expect(page.get_by_text("3 pupils")).to_be_visible()
    pupils = tables.first.locator("tr")
    expect(pupils).to_have_count(4)
    expect(pupils.nth(1)).to_contain_text(f"Ann0 of {len(graded('04'))}, 1 answered")
    missed = tables.nth(1).locator("tr").nth(1)
    expect(missed).to_contain_text(number_in_notebook(QUESTION))
    expect(missed).to_contain_text("2 of 3")
    expect(missed).to_contain_text(f"“{WRONG}”: 2 pupils")
    tables.first.scroll_into_view_if_needed()


def test_the_teachers_table_of_a_class_in_jupyterlab(
    page: Page, lab_notebook: Callable[[str | Path], str], artifacts_dir: Path,
    save_screenshot: Callable[..., Path],
) -> None:
    # three pupils' downloads copied into collected/: the teacher runs a cell
    folder = artifacts_dir / "class-results"
    _collected(folder)
    # the table, then the most missed question's position on a board, to talk it through
    notebook = write_notebook(folder, "teacher.ipynb", [
        "from pavlov_widgets.tutor.results import class_results\n\n"
        "results = class_results('collected')\nresults",
        "from pavlov_widgets import Board\n"
        "from pavlov_widgets.tutor.exercises.registry import get_question\n\n"
        "Board.from_game(get_question(results.missed()[0].qid).game())"])
    page.set_viewport_size(LAPTOP)
    run_all_in_lab(page, lab_notebook(notebook), file_browser=True)
    _see_the_class(page)
    save_screenshot(page, "class-results-lab")

