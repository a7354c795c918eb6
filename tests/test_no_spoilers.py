"""No notebook gives a check-yourself answer away before the learner gives theirs (issue 21).

Two learners read the answers off the page: the code cell that built each question showed
its ``answer=``, its ``explain=`` and the scripted dice of every prediction, and a cell two
screens earlier had printed the answer. This test reads each committed notebook as a learner
does, every cell's source and its saved outputs, top to bottom, and fails when:

- a code cell builds a question by hand (``quiz.choice(``, ``quiz.click(``,
  ``quiz.predict(``, ``answer=``, ``explain=``, an exercise class) or reads one's answer
  (``.solution``, ``.explanation(``, ``get_question(``): questions come from the registry,
  one ``quiz.ask("slug")`` per cell and nothing else in that cell;
- any part of the page, its saved widget state included, shows a question's explanation;
- a cell before the question printed its answer: all the places a click question wants in
  one output, or its answer on an output line that speaks of what the question asks (three
  of the question's words on the line or its table's header);
- for a prediction, an earlier output shows what its card's own dice will do (a line of the
  card's log).

It runs per notebook, so the report says which notebook still leaks.
"""

from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from pavlov_widgets.engine.places import PlaceError, Square, parse_place, place_name
from pavlov_widgets.tutor.exercises import ClickExercise, Exercise, Prediction, get_question
from pavlov_widgets.tutor.exercises.registry import ID_PATTERN

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("[0-9]*.ipynb"))

BUILT_BY_HAND = ("quiz.choice(", "quiz.click(", "quiz.predict(", "answer=", "explain=",
                 "ChoiceExercise(", "ClickExercise(", "Prediction(", ".solution",
                 ".explanation(", "get_question(")
"""Code that builds a question in the notebook or reads its answer."""

ASK_CELL = re.compile(r'(?:#[^\n]*\n)*quiz\.ask\("[0-9a-z.-]+"(?:, variant=[0-9]+)?\)\s*')
"""A question's cell: comments, then the one call."""

WIDGET = "application/vnd.jupyter.widget-view+json"
"""A widget's output: the page draws the widget itself."""

WINDOW = 10
"""How many words of an explanation in a row count as showing it (fewer: a rule's usual
wording, "a defender's own Attack only removes infantry", restated from the lesson)."""

SHARED_WORDS = 3
"""How many of a question's own words an output line must share to be about it."""

STOP = frozenset(re.findall(r"[a-z]+", """
a an the and or but of in on at to by for from with as is are was were be been being it its
this that these those there here his her he him they them their you your yours we our
how many much what which who whom whose when where why will would can could may might must
shall should does did do done has have had not no all any each every one two three four
five six click game just still into then than also only more most very so if after before
"""))


def _cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text())["cells"]
    return cells


def _outputs(cell: dict[str, Any]) -> list[str]:
    """The text a learner reads in a cell's saved outputs (stream, plain, HTML, markdown)."""
    texts = []
    for out in cell.get("outputs", []):
        if "text" in out:
            texts.append("".join(out["text"]))
        data = out.get("data", {})
        # a widget's text/plain is only its fallback (a page shows the widget, not that)
        shown = ("text/markdown",) if WIDGET in data else ("text/plain", "text/markdown")
        for mime in shown:
            if mime in data:
                texts.append("".join(data[mime]))
        if "text/html" in data:  # the words shown: no script, no style, no tags
            page = re.sub(r"<(script|style)\b.*?</\1>", " ", "".join(data["text/html"]),
                          flags=re.S | re.I)
            texts.append(html.unescape(re.sub(r"<[^>]+>", " ", page)))
    return texts


def _words(text: str) -> list[str]:
    """Lower-case words ("g4/r1" kept whole), a plural's s dropped, stop words out."""
    found = re.findall(r"[a-z0-9]+(?:/[a-z0-9]+)*", text.lower())
    return [w.removesuffix("s") if len(w) > 3 else w for w in found
            if any(ch.isalpha() for ch in w) and len(w) >= 2 and w not in STOP]


def _asks(source: str, notebook: str) -> list[tuple[str, int]]:
    """The questions a cell asks: (id, variant) for every ``quiz.ask`` call."""
    if "quiz.ask(" not in source:
        return []
    asked = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "ask" and node.args
                and isinstance(node.args[0], ast.Constant)):
            slug = str(node.args[0].value)
            variant = next((int(k.value.value) for k in node.keywords
                            if k.arg == "variant" and isinstance(k.value, ast.Constant)), 0)
            qid = slug if ID_PATTERN.fullmatch(slug) else f"{notebook}.{slug}"
            asked.append((qid, variant))
    return asked


def _answer_texts(ex: Exercise) -> list[set[str]]:
    """Each part of the answer, as the ways a page could show it (id, name, label)."""
    if not isinstance(ex, ClickExercise):
        return [{ex.solution[0]}]
    parts = []
    for region in ex.solution:
        ways = {region, place_name(region, ex.game.components)}
        try:
            place = parse_place(region)
        except PlaceError:
            place = None
        if isinstance(place, Square):
            ways.add(ex.game.components.index.labels[place.square])
        parts.append(ways)
    return parts


def _shows(text: str, way: str) -> bool:
    """Whether ``text`` shows ``way`` on its own (not "3" inside "13" or "2.3")."""
    return re.search(rf"(?<![\w.-]){re.escape(way.lower())}(?![\w-]|\.\w)",
                     text.lower()) is not None


def _leaks(ex: Exercise, earlier: list[str]) -> list[str]:
    """Where earlier outputs give this exercise's answer away."""
    found = []
    asked = set(_words(ex.question))
    parts = _answer_texts(ex)
    for text in earlier:
        if len(parts) > 1 and all(any(_shows(text, w) for w in ways) for ways in parts):
            found.append(f"every place of the answer in one output: {text[:120]!r}")
            continue
        lines = text.splitlines()
        # a table's header says what its columns are: "token   in the game   in Supplies"
        table = len(lines) > 1 and all(re.search(r"\S {2,}\S", ln) for ln in lines[:2])
        header = set(_words(lines[0])) if table else set()
        for line in lines:
            if not any(_shows(line, w) for ways in parts for w in ways):
                continue
            if len(asked & (set(_words(line)) | header)) >= SHARED_WORDS:
                found.append(f"the answer on a line about the question: {line.strip()!r}")
    if isinstance(ex, Prediction):
        for entry in ex.entries:
            found += [f"the card's own roll shown: {entry.text!r}"
                      for text in earlier if entry.text in text]
    return found


def _strings(value: Any) -> list[str]:
    """Every text in a notebook's JSON: sources, outputs, saved widget state, metadata."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _windows(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return {" ".join(words[i:i + WINDOW]) for i in range(len(words) - WINDOW + 1)}


def _notebook_number(path: Path) -> str:
    return path.name[:2]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_no_cell_builds_a_question_or_reads_its_answer(path: Path) -> None:
    bad = []
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        bad += [f"cell {i}: {s}" for s in BUILT_BY_HAND if s in source]
        if "quiz.ask(" in source and not ASK_CELL.fullmatch(source):
            bad.append(f"cell {i}: a question's cell holds more than its quiz.ask call")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_nothing_shows_an_answer_before_it_is_asked(path: Path) -> None:
    notebook = _notebook_number(path)
    shown = _windows(" ".join(_strings(json.loads(path.read_text()))))
    earlier: list[str] = []
    problems = []
    for i, cell in enumerate(_cells(path)):
        source = "".join(cell["source"])
        for qid, variant in _asks(source, notebook) if cell["cell_type"] == "code" else []:
            question = get_question(qid)
            for v in range(question.variants):
                if _windows(question.explanation(v)) & shown:
                    problems.append(f"cell {i} ({qid}): the page shows its explanation")
            ex = question.exercise(variant)
            problems += [f"cell {i} ({qid}): {leak}" for leak in _leaks(ex, earlier)]
        if cell["cell_type"] == "code":
            earlier += _outputs(cell)
    assert not problems, "\n".join(problems)


def test_the_scan_catches_what_the_learners_read(tmp_path: Path) -> None:
    """The checks fire on the leaks issue 21 reports: answers printed above, built by hand."""
    corner = get_question("03.tracks-seen").exercise(0)  # five tracks from G4/R1
    assert _leaks(corner, ["G4/R1  sees green+red     tracks (1, 2, 3, 4, 5)"])
    assert not _leaks(corner, ["R2     sees red     tracks (3, 4, 5)"])
    load = get_question("04.load-spots").exercise(0)  # locations 5 and 6
    assert _leaks(load, ["where tokens may go: ['loc:5', 'loc:6']"])
    assert not _leaks(load, ["where tokens may go: ['loc:5', 'loc:7']"])
    raid = get_question("04.wire-raid").exercise(0)
    assert _leaks(raid, [f"log: {raid.entries[-1].text}"])
    page = {"cells": [
        {"cell_type": "code", "source": 'quiz.ask("fog-actions")\nprint(1)', "outputs": []},
        {"cell_type": "code", "source": "quiz.choice('?', ['1'], answer=1)", "outputs": []},
    ]}
    leaky = tmp_path / "04_leaky.ipynb"
    leaky.write_text(json.dumps(page))
    with pytest.raises(AssertionError, match="cell 0: a question's cell holds more"):
        test_no_cell_builds_a_question_or_reads_its_answer(leaky)
    with pytest.raises(AssertionError, match=r"cell 1: quiz\.choice"):
        test_no_cell_builds_a_question_or_reads_its_answer(leaky)
    explained = {"cells": [
        {"cell_type": "markdown", "source": get_question("04.load-spots").explanation(0)},
        {"cell_type": "code", "source": 'quiz.ask("load-spots")', "outputs": []},
    ]}
    leaky.write_text(json.dumps(explained))
    with pytest.raises(AssertionError, match="the page shows its explanation"):
        test_nothing_shows_an_answer_before_it_is_asked(leaky)
