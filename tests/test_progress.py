"""The learner's progress and the course map (issue 21, "lessons that come back when you miss").

The store round-trips and is written atomically; a file it cannot read is refused with a
message and kept (never overwritten); each learner has a file of their own; a question missed
is queued for a similar question and cleared by a right answer to one; the course map reads
the notebooks from their folder and finds where every question's rule is taught.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

import pavlov_widgets
from pavlov_widgets.tutor.course import (
    COMES_BACK,
    MADE_GOOD,
    CourseMap,
    RevisitList,
    course_notebooks,
    heading_slug,
    where_taught,
)
from pavlov_widgets.tutor.exercises import ChoiceExercise, Exercise, Quiz
from pavlov_widgets.tutor.exercises.registry import get_question, questions
from pavlov_widgets.tutor.exercises.widget import follow_up
from pavlov_widgets.tutor.progress import (
    FILE_NAME,
    BrowserStore,
    FileStore,
    Progress,
    ProgressError,
    Record,
    dump,
    parse,
    progress,
)
from pavlov_widgets.tutor.results import (
    ResultsExport,
    class_results,
    export_results,
    graded,
    read_pupil,
    results_file_name,
)

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
MISSED = "04.fog-actions"
"""A choice question of the registry, missed in these tests."""


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A learner's folder with a copy of the notebooks, made the working directory."""
    for nb in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy(nb, tmp_path / nb.name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PAVLOV_LEARNER", raising=False)
    return tmp_path


def _wrong(ex: Exercise) -> str:
    """A wrong answer to a choice question."""
    assert isinstance(ex, ChoiceExercise)
    return next(c for c in ex.answers if c not in ex.solution)


# --- the store -------------------------------------------------------------------------------


def test_records_round_trip_through_the_file(tmp_path: Path) -> None:
    p = Progress.open(tmp_path)
    p.record("04.fog-actions", correct=False)
    p.record("05.mortar-search", correct=True)
    p.record("04.fog-actions", correct=False, variant=1)
    again = Progress.open(tmp_path)
    assert again.records == p.records
    assert again.get("04.fog-actions") == Record(False, p.records["04.fog-actions"].first_at,
                                                 similar_tries=1)
    assert parse(dump(p.records, ""), "text") == p.records
    data = json.loads((tmp_path / FILE_NAME).read_text())
    assert data["format"] == "pavlov-progress" and data["version"] == 1
    assert data["questions"]["05.mortar-search"]["first"] == "right"


def test_the_first_answer_counts_and_later_ones_change_nothing(tmp_path: Path) -> None:
    p = Progress.open(tmp_path)
    p.record(MISSED, correct=False)
    first = p.get(MISSED)
    p.record(MISSED, correct=True)
    assert p.get(MISSED) == first and Progress.open(tmp_path).get(MISSED) == first


def test_the_file_is_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = Progress.open(tmp_path)
    p.record("04.fog-actions", correct=True)
    before = (tmp_path / FILE_NAME).read_text()

    def crash(_src: object, _dst: object) -> None:
        raise KeyboardInterrupt  # the kernel stopped between writing and renaming

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        p.record("04.deliver-half", correct=False)
    # the old file whole, and no temporary file left beside it
    assert (tmp_path / FILE_NAME).read_text() == before
    assert sorted(f.name for f in tmp_path.iterdir()) == [FILE_NAME]


@pytest.mark.parametrize(("text", "reason"), [
    ("{ not json", "is not valid JSON"),
    ('{"questions": {}}', "is not a progress file"),
    ('{"format": "pavlov-progress", "version": 7, "questions": {}}', "of version 7"),
    ('{"format": "pavlov-progress", "version": 1, "questions": {"04.x": {"first": "maybe"}}}',
     "'first' must be 'right' or 'wrong'"),
])
def test_an_unreadable_file_is_refused_and_kept(tmp_path: Path, text: str, reason: str) -> None:
    path = tmp_path / FILE_NAME
    path.write_text(text)
    with pytest.raises(ProgressError, match=reason):
        FileStore(path).load()
    p = Progress.open(tmp_path)
    assert reason in p.notice and f"{FILE_NAME}.unreadable-1" in p.notice
    assert (tmp_path / f"{FILE_NAME}.unreadable-1").read_text() == text  # untouched
    p.record(MISSED, correct=False)
    assert Progress.open(tmp_path).due() == [MISSED]
    # a second unreadable file never overwrites the first one kept; every one is named
    path.write_text("garbage")
    assert Progress.open(tmp_path).notices()[1:] == [
        f"An unreadable progress file is kept as {FILE_NAME}.unreadable-1, untouched.",
        f"Your answers are kept in {FILE_NAME} in {tmp_path.resolve()}."]
    assert (tmp_path / f"{FILE_NAME}.unreadable-1").read_text() == text
    assert (tmp_path / f"{FILE_NAME}.unreadable-2").read_text() == "garbage"


def test_a_file_spoilt_while_a_kernel_runs_is_kept_too(tmp_path: Path) -> None:
    p = Progress.open(tmp_path)
    p.record("04.deliver-half", correct=True)
    (tmp_path / FILE_NAME).write_text("spoilt")
    p.record(MISSED, correct=False)
    assert (tmp_path / f"{FILE_NAME}.unreadable-1").read_text() == "spoilt"
    assert set(Progress.open(tmp_path).records) == {"04.deliver-half", MISSED}


def test_two_kernels_writing_the_same_file_keep_both_answers(tmp_path: Path) -> None:
    nb04, nb05 = Progress.open(tmp_path), Progress.open(tmp_path)
    nb04.record("04.fog-actions", correct=False)
    nb05.record("05.mortar-search", correct=True)
    assert set(Progress.open(tmp_path).records) == {"04.fog-actions", "05.mortar-search"}


def test_each_learner_has_a_file_of_their_own(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    Progress.open(tmp_path, learner="ann").record(MISSED, correct=False)
    Progress.open(tmp_path, learner="bob").record(MISSED, correct=True)
    assert Progress.open(tmp_path, learner="ann").due() == [MISSED]
    assert Progress.open(tmp_path, learner="bob").due() == []
    assert Progress.open(tmp_path).records == {}  # the default learner answered nothing
    assert (tmp_path / "pavlov-progress-ann.json").is_file()
    monkeypatch.setenv("PAVLOV_LEARNER", "ann")
    assert Progress.open(tmp_path).due() == [MISSED]
    with pytest.raises(ProgressError, match=re.escape("learner name '../eve'")):
        Progress.open(tmp_path, learner="../eve")


def test_where_no_file_can_be_written_the_browser_keeps_the_answers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(_self: FileStore, _text: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(FileStore, "write", refuse)
    p = Progress.open(tmp_path)
    p.record(MISSED, correct=False)
    store = p.browser
    assert isinstance(store, BrowserStore) and "browser's storage" in p.notice
    assert parse(store.data, "sent")[MISSED].first_right is False
    # the page sends what it kept from an earlier visit: both are known, and sent back
    earlier = {"05.mortar-search": Record(True, "2026-11-01T10:00:00Z")}
    store.stored = dump(earlier, "")
    assert set(p.records) == {MISSED, "05.mortar-search"}
    assert set(parse(store.data, "sent")) == {MISSED, "05.mortar-search"}
    p.record("04.deliver-half", correct=True)
    assert set(parse(store.data, "sent")) == {MISSED, "05.mortar-search", "04.deliver-half"}


# --- a miss comes back ---------------------------------------------------------------------


def test_a_miss_queues_a_similar_question_and_a_right_one_clears_it(tmp_path: Path) -> None:
    p = Progress.open(tmp_path)
    p.record(MISSED, correct=False)
    p.record("04.deliver-half", correct=True)
    assert p.due() == [MISSED] and p.due("04") == [MISSED] and p.due("05") == []
    assert p.next_variant(MISSED, variants=3) == 1
    p.record(MISSED, correct=False, variant=1)  # the similar question missed too
    assert p.due() == [MISSED] and p.next_variant(MISSED, variants=3) == 2
    p.record(MISSED, correct=True, variant=2)
    assert p.due() == [] and Progress.open(tmp_path).due() == []
    assert p.score(["04.fog-actions", "04.deliver-half", "04.load-spots"]) == (1, 2)


def test_a_wrong_answer_in_a_notebook_names_what_teaches_it_and_comes_back(course: Path) -> None:
    quiz = Quiz("04", "Soviet Card Phase")
    ex = quiz.ask("fog-actions")
    widget = ex.widget()
    score = quiz.widget()
    ex.answer(_wrong(ex))
    text = follow_up(ex)
    assert "The walkthrough “Drawing four cards, taking three actions” in notebook 04" in text
    assert text.endswith(COMES_BACK)
    assert "href='04_soviet_cards.ipynb#" in widget.feedback.value
    assert progress().due() == [MISSED]
    # Try again with the answer in view does not make the miss good
    ex.answer(ex.solution[0])
    assert progress().due() == [MISSED]
    # the end of the notebook offers the similar question; answered right, it is cleared
    assert len(score.revisit.rows.children) == 1
    similar = score.revisit.ask(get_question(MISSED))
    assert similar.variant == 1 and similar.question == get_question(MISSED).question(1)
    similar.widget()
    similar.answer(similar.solution[0])
    assert progress().due() == [] and score.revisit.rows.children == ()
    # and a right first answer says nothing more
    right = quiz.ask("deliver-half")
    right.widget()
    right.answer(right.solution[0])
    assert follow_up(right) == ""


def test_the_course_map_shows_every_notebook_its_score_and_what_to_revisit(course: Path) -> None:
    Progress.open(course).record(MISSED, correct=False)
    course_map = CourseMap()
    numbers = [nb.number for nb in course_map.notebooks]
    assert numbers == sorted(p.name[:2] for p in course.glob("[0-9][0-9]_*.ipynb"))
    graded = [q for q in questions("04") if q.kind != "predict"]
    row = next(r for r in course_map.table.value.split("<tr>") if "Soviet Card Phase" in r)
    assert f">0 of {len(graded)} right, {len(graded) - 1} not answered yet</td>" in row
    assert ">1 question</td>" in row
    rows = course_map.revisit.rows.children
    assert len(rows) == 1 and "notebook 04" in rows[0].children[0].value
    similar = course_map.revisit.ask(get_question(MISSED))
    similar.widget()
    similar.answer(_wrong(similar))
    assert len(course_map.revisit.rows.children) == 1  # still to revisit
    assert "pavlov-progress.json" in course_map.notice.value


def test_a_revisit_list_of_one_notebook_lists_only_its_questions(tmp_path: Path) -> None:
    p = Progress.open(tmp_path)
    p.record(MISSED, correct=False)
    p.record("05.mortar-search", correct=False)
    assert len(RevisitList(p, "05", course_notebooks(NOTEBOOKS)).rows.children) == 1


# --- the course, read from the notebooks -----------------------------------------------------


def test_the_course_is_read_from_the_notebooks_themselves() -> None:
    notebooks = course_notebooks(NOTEBOOKS)
    numbers = [nb.number for nb in notebooks]
    assert numbers == [f"{n:02d}" for n in range(1, len(numbers) + 1)], numbers
    assert "12" in numbers and all(nb.title and nb.sections for nb in notebooks)
    sniper = next(nb for nb in notebooks if nb.number == "05")
    assert sniper.walkthrough("sniper") is not None


def test_notebook_01_has_no_hand_written_table_of_notebooks() -> None:
    cells = json.loads((NOTEBOOKS / "01_introduction.ipynb").read_text())["cells"]
    sources = ["".join(c["source"]) for c in cells]
    assert any("CourseMap()" in s for s in sources)
    assert not any(line.startswith("| 0") for s in sources for line in s.splitlines())


def test_heading_slugs_are_the_questions_anchors() -> None:
    assert heading_slug("Across the Volga: Load and Deliver (2.0)") == \
        "across-the-volga-load-and-deliver-2-0"
    assert heading_slug("The board: three panels (**1.2**)") == "the-board-three-panels-1-2"


@pytest.mark.parametrize("qid", [q.id for q in questions()])
def test_every_question_names_a_walkthrough_or_section_the_notebooks_have(qid: str) -> None:
    notebooks = course_notebooks(NOTEBOOKS)
    teaches = get_question(qid).teaches
    if "#" in teaches:
        number, slug = teaches.split("#", 1)
        nb = next((n for n in notebooks if n.number == number), None)
        assert nb is not None and nb.section(slug) is not None, \
            f"{qid}: no heading {slug!r} in notebook {number}: " \
            f"{[s.slug for s in nb.sections] if nb else 'no such notebook'}"
    else:
        assert any(nb.walkthrough(teaches) for nb in notebooks), \
            f"{qid}: no notebook shows the walkthrough {teaches!r}"
    assert where_taught(teaches, notebooks).endswith("teaches this rule.") or \
        "teaches this rule, in the section" in where_taught(teaches, notebooks)


def test_a_similar_question_answered_right_says_the_miss_is_made_good(course: Path) -> None:
    Progress.open(course).record(MISSED, correct=False)
    similar = RevisitList(progress()).ask(get_question(MISSED))
    similar.widget()
    similar.answer(_wrong(similar))
    assert follow_up(similar).endswith("Another similar question will come back later.")
    similar.answer(similar.solution[0])  # right after Try again: the first answer counted
    assert follow_up(similar) == "" and progress().due() == [MISSED]
    again = RevisitList(progress()).ask(get_question(MISSED))
    again.widget()
    again.answer(again.solution[0])
    assert follow_up(again) == MADE_GOOD and progress().due() == []


def test_a_notebook_read_while_jupyter_saves_it_is_read_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pavlov_widgets.tutor.course as course_module

    path = tmp_path / "04_soviet_cards.ipynb"
    whole = (NOTEBOOKS / path.name).read_text()
    path.write_text(whole[:1000])  # Jupyter writes over the file in place: cut short

    def save_done(_seconds: float) -> None:
        path.write_text(whole)

    monkeypatch.setattr(course_module.time, "sleep", save_done)
    [nb] = course_notebooks(tmp_path)
    assert nb.walkthrough("soviet-card-hand") is not None


def test_the_progress_file_is_an_ordinary_file(tmp_path: Path) -> None:
    Progress.open(tmp_path).record(MISSED, correct=False)
    assert (tmp_path / FILE_NAME).stat().st_mode & 0o777 == 0o644


def test_the_score_of_a_notebook_says_when_a_progress_file_was_refused(course: Path) -> None:
    (course / FILE_NAME).write_text("{ not json")
    score = Quiz("04", "Soviet Card Phase").widget()
    assert "could not be read" in score.notice.value
    assert f"{FILE_NAME}.unreadable-1" in score.notice.value


def test_refresh_reads_what_another_notebook_wrote_since(course: Path) -> None:
    course_map = CourseMap()
    assert course_map.revisit.rows.children == ()
    Progress.open(course).record(MISSED, correct=False)  # notebook 04's kernel, meanwhile
    course_map.refresh_button.click()
    assert len(course_map.revisit.rows.children) == 1
    assert ">1 question</td>" in course_map.table.value


# --- the pupil's results for the teacher (issue 22) ------------------------------------------


def _answers(tmp_path: Path, learner: str = "") -> Progress:
    """A pupil who missed 04.fog-actions (choosing the first wrong choice) and got 05 right."""
    p = Progress.open(tmp_path, learner=learner or None)
    wrong = _wrong(get_question(MISSED).exercise(0))
    p.record(MISSED, correct=False, answer=(wrong,))
    p.record("05.mortar-search", correct=True, answer=("square:P1",))
    return p


def test_the_first_answer_given_is_kept_and_files_without_it_still_read(tmp_path: Path) -> None:
    p = _answers(tmp_path)
    assert Progress.open(tmp_path).records["05.mortar-search"].first_answer == ("square:P1",)
    p.record("05.mortar-search", correct=False, answer=("square:G1",))  # the first counts
    assert Progress.open(tmp_path).records["05.mortar-search"].first_answer == ("square:P1",)
    old = ('{"format": "pavlov-progress", "version": 1, "questions": {"04.x": '
           '{"first": "wrong", "at": "2026-11-01T10:00:00Z"}}}')
    assert parse(old, "old")["04.x"] == Record(False, "2026-11-01T10:00:00Z")
    with pytest.raises(ProgressError, match="'answer' must be a list of texts"):
        parse(old.replace('"wrong",', '"wrong", "answer": 3,'), "bad")


def test_the_answer_clicked_in_a_notebook_is_what_the_progress_keeps(course: Path) -> None:
    ex = Quiz("04", "Soviet Card Phase").ask("fog-actions")
    ex.widget()
    wrong = _wrong(ex)
    ex.answer(wrong)
    assert progress().records[MISSED].first_answer == (wrong,)


def test_the_export_says_who_when_which_tutor_and_every_first_answer(tmp_path: Path) -> None:
    p = _answers(tmp_path)
    data = json.loads(export_results(p, "  Ann   Smith ", titles={"04": "Soviet Card Phase"},
                                     when="2026-11-26T19:00:00Z"))
    assert (data["format"], data["version"], data["learner"], data["exported_at"],
            data["tutor_version"]) == ("pavlov-results", 1, "Ann Smith",
                                       "2026-11-26T19:00:00Z", pavlov_widgets.__version__)
    nb04 = data["notebooks"]["04"]
    ids = [q.id for q in questions("04") if q.kind != "predict"]
    assert (nb04["title"], nb04["right"], nb04["answered"], nb04["questions"],
            nb04["to_revisit"]) == ("Soviet Card Phase", 0, 1, len(ids), 1)
    entry = nb04["answers"][MISSED]
    assert (entry["number"], entry["rule"], entry["first"], entry["answer"]) == (
        "04.1", get_question(MISSED).rule, "wrong", list(p.records[MISSED].first_answer))
    assert data["notebooks"]["05"]["right"] == 1
    # every notebook with questions is there, answered or not: the teacher sees "not started"
    assert set(data["notebooks"]) == {q.notebook for q in questions() if q.kind != "predict"}
    assert data["notebooks"]["02"] == {"title": "", "right": 0, "answered": 0,
                                       "questions": len(graded("02")), "to_revisit": 0,
                                       "answers": {}}


@pytest.mark.parametrize(("name", "reason"), [
    ("   ", "Type your name first"),
    ("x" * 61, "61 characters long"),
    ("Ann\x07", "cannot be printed"),
])
def test_the_export_refuses_a_name_a_teacher_could_not_use(tmp_path: Path, name: str,
                                                           reason: str) -> None:
    p = _answers(tmp_path)
    with pytest.raises(ProgressError, match=reason):
        export_results(p, name)
    sent: list[dict[str, object]] = []
    export = ResultsExport(p)
    export.send = sent.append
    assert export.export(name, "t1") == "" and sent == []
    assert export.failed and reason in export.status


def test_the_download_has_the_pupils_name_and_the_date(tmp_path: Path) -> None:
    assert results_file_name("Ann Smith", "2026-11-26T19:00:00Z") == \
        "pavlov-results-Ann-Smith-2026-11-26.json"
    assert results_file_name("Аня К.", "2026-11-26T19:00:00Z") == \
        "pavlov-results-Аня-К-2026-11-26.json"
    assert results_file_name("../..", "2026-11-26") == "pavlov-results-pupil-2026-11-26.json"
    p = _answers(tmp_path, "ann")
    sent: list[dict[str, object]] = []
    export = ResultsExport(p, {"04": "Soviet Card Phase"})
    assert export.learner == "ann"  # the field starts with PAVLOV_LEARNER's name
    export.send = sent.append
    file_name = export.export("Ann", "t2")
    [message] = sent
    assert message["event"] == "download" and message["token"] == "t2"
    data = json.loads(str(message["text"]))
    assert message["file_name"] == file_name == results_file_name("Ann", data["exported_at"])
    assert data["learner"] == "Ann" and data["notebooks"]["04"]["title"] == "Soviet Card Phase"
    assert not export.failed and file_name in export.status


def test_an_exported_file_reads_back_as_the_pupils_answers(tmp_path: Path) -> None:
    p = _answers(tmp_path)
    path = tmp_path / "ann.json"
    path.write_text(export_results(p, "Ann", when="2026-11-26T19:00:00Z"), encoding="utf-8")
    pupil = read_pupil(path)
    assert (pupil.name, pupil.records, pupil.files, pupil.exported_at) == (
        "Ann", p.records, ["ann.json"], "2026-11-26T19:00:00Z")


def test_the_class_table_merges_every_file_one_row_per_pupil(tmp_path: Path) -> None:
    ann = _answers(tmp_path)
    collected = tmp_path / "collected"
    collected.mkdir()
    (collected / "a1.json").write_text(export_results(ann, "Ann", when="2026-11-26T09:00:00Z"))
    # the same pupil again, later, after more answers: merged, the first answers kept
    ann.record(MISSED, correct=True, variant=1)
    ann.record("04.deliver-half", correct=True, answer=("card:soviet-11:volga-flotilla",))
    (collected / "a2.json").write_text(export_results(ann, "ann", when="2026-11-27T09:00:00Z"))
    bob = Progress.open(tmp_path, learner="bob")
    click = get_question("04.deliver-half")
    bob.record("04.deliver-half", correct=False, answer=("card:soviet-11:13th-guards-cp",))
    bob.record(MISSED, correct=False, answer=(_wrong(get_question(MISSED).exercise(0)),))
    shutil.copy(tmp_path / "pavlov-progress-bob.json", collected)  # a progress file reads too
    results = class_results(collected)
    assert [p.name for p in results.pupils] == ["Ann", "bob"]
    first = results.pupil("ANN")
    assert first.files == ["a1.json", "a2.json"] and first.exported_at == "2026-11-27T09:00:00Z"
    assert first.records[MISSED].first_right is False  # the earliest first answer counts
    assert results.score("Ann", "04") == (1, 2, len(graded("04")))
    table = results.table()
    column = table[0].index("04")
    assert table[0][0] == "pupil" and table[1][column] == f"1 of {len(graded('04'))}, 2 answered"
    assert table[1][table[0].index("02")] == ""
    assert table[2][-1] == "0 of 2 right"
    [most, *_rest] = results.missed()
    assert (most.qid, most.answered, most.wrong) == (MISSED, 2, 2)
    assert most.wrong_answers == [(_wrong(get_question(MISSED).exercise(0)), 2)]
    clicked = next(m for m in results.missed() if m.qid == click.id)
    assert clicked.wrong_answers == [("the 13th CP half of card 1", 1)]  # the place by name
    shown = results._repr_html_()
    assert "2 pupils</b> (from 3 files)" in shown
    assert "“the 13th CP half of card 1”: 1 pupil" in shown
    csv_text = results.to_csv(tmp_path / "class.csv").read_text(encoding="utf-8")
    assert csv_text.splitlines()[0] == ",".join(table[0])
    with pytest.raises(KeyError, match="the pupils are Ann, bob"):
        results.pupil("eve")


@pytest.mark.parametrize(("text", "reason"), [
    ("{ not json", "bad.json is not valid JSON"),
    ('{"name": "a notebook"}', "bad.json is not a pupil's results file"),
    ('[1, 2]', "bad.json is not a pupil's results file"),
    ('{"format": "pavlov-results", "version": 2}', "bad.json is a results file of version 2"),
    ('{"format": "pavlov-results", "version": 1, "learner": "", "notebooks": {}}',
     "bad.json: 'learner' must be the pupil's name"),
    ('{"format": "pavlov-results", "version": 1, "learner": "A", "notebooks": {"04": {}}}',
     "bad.json: notebook 04: 'answers' must be an object"),
    ('{"format": "pavlov-results", "version": 1, "learner": "A", "notebooks": {"04": '
     '{"answers": {"04.x": {"first": "yes"}}}}}',
     "bad.json: question 04.x: 'first' must be 'right' or 'wrong'"),
    ('{"format": "pavlov-progress", "version": 9, "questions": {}}',
     "bad.json is a progress file of version 9"),
])
def test_a_file_that_is_not_a_pupils_results_is_named(tmp_path: Path, text: str,
                                                      reason: str) -> None:
    (tmp_path / "good.json").write_text(export_results(_answers(tmp_path), "Ann"))
    (tmp_path / "bad.json").write_text(text)
    with pytest.raises(ProgressError, match=re.escape(f"1 file could not be read: {reason}")):
        class_results(tmp_path)
    assert [p.name for p in class_results([tmp_path / "good.json"]).pupils] == ["Ann"]


def test_the_reader_says_what_it_was_given_wrong(tmp_path: Path) -> None:
    (tmp_path / "photo.json").write_bytes(b"\xff\xd8\xff\xe0 not text")
    (tmp_path / "notes.json").write_text("{}")
    with pytest.raises(ProgressError, match=r"2 files could not be read: notes.json is not a "
                                            r"pupil's results file.*; photo.json is not a text"):
        class_results(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ProgressError, match=r"holds no \.json file"):
        class_results(empty)
    with pytest.raises(ProgressError, match="neither a file nor a folder"):
        class_results(tmp_path / "missing")
    with pytest.raises(ProgressError, match="no file given"):
        class_results([])


def test_the_course_map_ends_with_the_export_for_the_teacher(course: Path) -> None:
    course_map = CourseMap(learner="ann")
    assert course_map.children[-1] is course_map.export
    assert course_map.export.learner == "ann"
    assert course_map.export.titles["04"] == "Soviet Card Phase"
    sent: list[dict[str, object]] = []
    course_map.export.send = sent.append
    Progress.open(course, learner="ann").record(MISSED, correct=False)  # another notebook
    course_map.export.export("Ann")
    # the export reads the progress again first: the answer of the other notebook is in it
    data = json.loads(str(sent[0]["text"]))
    assert data["notebooks"]["04"]["answers"][MISSED]["first"] == "wrong"
