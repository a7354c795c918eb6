"""A pupil's results as one file for the teacher, and the teacher's table of a class (issue 22).

**The pupil's side.** The course map of notebook 01 (:class:`~pavlov_widgets.tutor.course.
CourseMap`) ends with :class:`ResultsExport`: the pupil types a name (filled in from
``PAVLOV_LEARNER`` when set) and clicks *Download my results*; the browser downloads
``pavlov-results-<name>-<date>.json`` (:func:`results_file_name`). Nothing leaves the
browser but that download: no server, no account; it works the same in JupyterLab, Voila
and the JupyterLite site, because the page itself makes the file (a ``Blob``) from the text
the kernel sends. The file (:func:`export_results`) says who, when, which tutor version,
and for every notebook with questions its score and, per question, the first answer (right
or wrong, what was chosen, when) and whether a similar question has made a miss good since.

**The teacher's side.** :func:`class_results` reads the collected files (a folder, or a list
of paths) into a :class:`ClassResults`: shown in a notebook it is a table of pupils ×
notebooks and the questions most missed, with the wrong answers chosen most often; two files
of the same pupil are merged (the earliest first answer counts, as in the progress file). A
learner's progress file (``pavlov-progress*.json``) is read too. A file that is neither is
refused with a message naming it::

    from pavlov_widgets.tutor.results import class_results
    class_results("collected")      # the folder the pupils' files were copied into

Example:
    >>> import tempfile
    >>> from pavlov_widgets.tutor.progress import Progress
    >>> folder = tempfile.mkdtemp()
    >>> p = Progress.open(folder)
    >>> p.record("04.fog-actions", correct=False, answer=("Deliver",))
    >>> text = export_results(p, "Ann")
    >>> path = Path(folder) / results_file_name("Ann", "2026-11-26T19:00:00Z")
    >>> _ = path.write_text(text)
    >>> path.name
    'pavlov-results-Ann-2026-11-26.json'
    >>> results = class_results([path])
    >>> results.score("Ann", "04")[:2]
    (0, 1)
    >>> results.missed()[0].qid, results.missed()[0].wrong_answers
    ('04.fog-actions', [('Deliver', 1)])
"""

from __future__ import annotations

import csv
import html
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from pavlov_widgets import __version__
from pavlov_widgets.engine.text import plural
from pavlov_widgets.tutor.exercises.model import place_words
from pavlov_widgets.tutor.exercises.registry import (
    Question,
    UnknownQuestionError,
    get_question,
    questions,
)
from pavlov_widgets.tutor.progress import (
    FORMAT as PROGRESS_FORMAT,
)
from pavlov_widgets.tutor.progress import (
    Progress,
    ProgressError,
    Record,
    Records,
    merge,
    now,
    parse,
)

FORMAT = "pavlov-results"
"""The ``format`` field of a results file (a progress file says ``pavlov-progress``)."""

VERSION = 1
"""The version of the results file's shape this tutor writes and reads."""

NAME_LIMIT = 60
"""The longest pupil's name the export takes (it becomes part of a file name)."""


def graded(notebook: str) -> list[str]:
    """The ids of a notebook's questions that are right or wrong (not predictions)."""
    return [q.id for q in questions(notebook) if q.kind != "predict"]


def number_in_notebook(question: Question) -> str:
    """The question's number as its notebook's quiz shows it ("04.2": the second asked)."""
    ids = [q.id for q in questions(question.notebook)]
    return f"{question.notebook}.{ids.index(question.id) + 1}"


def graded_notebooks() -> list[str]:
    """The numbers of the notebooks that have right-or-wrong questions, in order."""
    return sorted({q.notebook for q in questions() if q.kind != "predict"})


def pupil_name(text: str) -> str:
    """The pupil's name as typed, spaces tidied; any script, up to :data:`NAME_LIMIT` long.

    Raises:
        ProgressError: empty (the teacher could not tell whose file it is), too long, or
            holding control characters.
    """
    name = " ".join(str(text).split())
    if not name:
        raise ProgressError("Type your name first, so that your teacher knows whose results "
                            "these are.")
    if len(name) > NAME_LIMIT:
        raise ProgressError(f"Your name is {len(name)} characters long; use at most "
                            f"{NAME_LIMIT}.")
    if any(not ch.isprintable() for ch in name):
        raise ProgressError("Your name holds a character that cannot be printed; type it "
                            "again with letters, digits and spaces.")
    return name


def results_file_name(name: str, when: str) -> str:
    """The downloaded file's name: ``pavlov-results-Ann-Smith-2026-11-26.json``.

    The name's letters and digits (any script) joined by hyphens, and the date of ``when``
    (an ISO time): a teacher's folder sorts them by pupil, and a second export of the same
    day replaces the first in the pupil's downloads rather than looking like another pupil.
    """
    slug = re.sub(r"[\W_]+", "-", name).strip("-") or "pupil"
    return f"pavlov-results-{slug}-{when[:10]}.json"


def _answer_entry(qid: str, rec: Record) -> dict[str, Any]:
    """One question's line in a results file: its number and rule for a reader, the record."""
    try:
        question: Question | None = get_question(qid)
    except UnknownQuestionError:
        question = None  # a question this tutor no longer has: its record still goes
    about = ({"number": number_in_notebook(question), "rule": question.rule}
             if question is not None else {})
    return {**about, **rec.to_dict()}


def export_results(prog: Progress, name: str, *, titles: Mapping[str, str] | None = None,
                   when: str | None = None) -> str:
    """The text of a pupil's results file (JSON): who, when, the tutor, every notebook.

    Args:
        prog: the pupil's progress (read again first: other notebooks may have written).
        name: the pupil's name as typed (:func:`pupil_name` checks it).
        titles: the notebooks' titles by number (the course map knows them), if any.
        when: the time of the export (default: now).

    Raises:
        ProgressError: the name is refused (see :func:`pupil_name`).
    """
    name = pupil_name(name)
    prog.reload()
    titles = titles or {}
    numbers = sorted({*graded_notebooks(), *(q.split(".", 1)[0] for q in prog.records)})
    notebooks = {}
    for number in numbers:
        ids = graded(number)
        right, answered = prog.score(ids)
        mine = sorted(q for q in prog.records if q.split(".", 1)[0] == number)
        notebooks[number] = {
            "title": titles.get(number, ""), "right": right, "answered": answered,
            "questions": len(ids), "to_revisit": len(prog.due(number)),
            "answers": {q: _answer_entry(q, prog.records[q]) for q in mine}}
    return json.dumps({"format": FORMAT, "version": VERSION, "learner": name,
                       "exported_at": when or now(), "tutor_version": __version__,
                       "notebooks": notebooks}, indent=1, ensure_ascii=False) + "\n"


@dataclass
class Pupil:
    """One pupil's results, from one file or merged from several.

    Attributes:
        name: the pupil's name (a progress file with none: its file name).
        records: the answers, by question id.
        files: the files read, by name.
        exported_at: the latest export among them ("" for a progress file).
        tutor_version: the tutor that wrote the latest ("" for a progress file).
    """

    name: str
    records: Records
    files: list[str] = field(default_factory=list)
    exported_at: str = ""
    tutor_version: str = ""


def _read_results(data: dict[str, Any], where: str) -> Pupil:
    """A results file's pupil (``data`` is its JSON, ``where`` its name)."""
    if data.get("version") != VERSION:
        raise ProgressError(f"{where} is a results file of version {data.get('version')!r}; "
                            f"this tutor reads version {VERSION}")
    name, notebooks = data.get("learner"), data.get("notebooks")
    if not isinstance(name, str) or not name.strip():
        raise ProgressError(f"{where}: 'learner' must be the pupil's name")
    if not isinstance(notebooks, dict):
        raise ProgressError(f"{where}: 'notebooks' must be an object")
    records: Records = {}
    for number, entry in notebooks.items():
        answers = entry.get("answers") if isinstance(entry, dict) else None
        if not isinstance(answers, dict):
            raise ProgressError(f"{where}: notebook {number}: 'answers' must be an object")
        try:
            records.update({str(q): Record.from_dict(str(q), a) for q, a in answers.items()})
        except ProgressError as exc:
            raise ProgressError(f"{where}: {exc}") from None
    return Pupil(" ".join(name.split()), records, [where], str(data.get("exported_at", "")),
                 str(data.get("tutor_version", "")))


def read_pupil(path: str | Path) -> Pupil:
    """One collected file: a results file (:func:`export_results`) or a progress file.

    Raises:
        ProgressError: the file cannot be read, or is neither; the message names it.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ProgressError(f"{path.name} is not a text file") from None
    except OSError as exc:
        raise ProgressError(f"{path.name} cannot be read ({exc.strerror or exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProgressError(f"{path.name} is not valid JSON ({exc})") from None
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == FORMAT:
        return _read_results(data, path.name)
    if kind == PROGRESS_FORMAT:
        name = str(data.get("learner") or "").strip() or path.name
        return Pupil(name, parse(text, path.name), [path.name])
    raise ProgressError(f"{path.name} is not a pupil's results file (no \"format\": "
                        f"\"{FORMAT}\") nor a progress file")


def _collect(paths_or_folder: str | Path | Iterable[str | Path]) -> list[Path]:
    if isinstance(paths_or_folder, (str, Path)):
        where = Path(paths_or_folder)
        if where.is_dir():
            found = sorted(where.glob("*.json"))
            if not found:
                raise ProgressError(f"the folder {where} holds no .json file: copy the "
                                    "pupils' results files into it")
            return found
        if not where.exists():
            raise ProgressError(f"{where} is neither a file nor a folder")
        return [where]
    paths = [Path(p) for p in paths_or_folder]
    if not paths:
        raise ProgressError("no file given: pass a folder or a list of results files")
    return paths


def class_results(paths_or_folder: str | Path | Iterable[str | Path]) -> ClassResults:
    """The collected results of a class, one row per pupil (see the module docstring).

    Args:
        paths_or_folder: a folder (every ``.json`` file in it), one file, or a list of files.

    Raises:
        ProgressError: a file that is not a results or progress file, or cannot be read;
            every such file is named, so the teacher can take them out and read the rest.
    """
    pupils: dict[str, Pupil] = {}
    problems = []
    for path in _collect(paths_or_folder):
        try:
            one = read_pupil(path)
        except ProgressError as exc:
            problems.append(str(exc))
            continue
        key = one.name.casefold()
        if key in pupils:  # two exports of the same pupil: one row, nothing lost
            kept = pupils[key]
            latest = max(kept, one, key=lambda p: p.exported_at)
            pupils[key] = Pupil(kept.name, merge(kept.records, one.records),
                                kept.files + one.files, latest.exported_at,
                                latest.tutor_version)
        else:
            pupils[key] = one
    if problems:
        raise ProgressError(f"{plural(len(problems), 'file')} could not be read: "
                            + "; ".join(problems))
    return ClassResults(sorted(pupils.values(), key=lambda p: p.name.casefold()))


def _answer_words(question: Question, answer: tuple[str, ...]) -> str:
    """A first answer as the teacher reads it: a choice as shown, places clicked by name."""
    if not answer:
        return "(not kept)"  # a file of the tutor before answers were kept
    if question.kind != "click":
        return ", ".join(answer)
    game = question.game(0)
    return ", ".join(place_words(a, game) for a in answer)


@dataclass(frozen=True)
class Missed:
    """One question as the class answered it first.

    Attributes:
        qid: the question's id ("04.fog-actions").
        number: its number in its notebook's quiz ("04.1").
        question: its text.
        rule: the rule section it is about.
        answered: how many pupils answered it.
        wrong: how many of them answered it wrong the first time.
        wrong_answers: the wrong first answers and how many chose each, commonest first.
    """

    qid: str
    number: str
    question: str
    rule: str
    answered: int
    wrong: int
    wrong_answers: list[tuple[str, int]]


CELL = "padding:3px 10px 3px 0;vertical-align:top;border-bottom:1px solid #e0e0e0;text-align:left"
"""A results table cell's look, inline (JupyterLab's and Voila's tables differ otherwise)."""


def _html_table(rows: list[list[str]]) -> str:
    head, *body = rows
    cells = "".join(f"<th style='{CELL}'>{html.escape(h)}</th>" for h in head)
    lines = ["<tr>" + "".join(f"<td style='{CELL}'>{html.escape(c)}</td>" for c in row)
             + "</tr>" for row in body]
    return (f"<table class='pavlov-class-table' style='border-collapse:collapse'><tr>{cells}"
            "</tr>" + "".join(lines) + "</table>")


@dataclass
class ClassResults:
    """A class's results (:func:`class_results`): pupils × notebooks, and the questions missed.

    Shown in a notebook it is two tables; :meth:`table` and :meth:`missed` give the same as
    data, and :meth:`to_csv` writes the first for a spreadsheet.
    """

    pupils: list[Pupil]

    def pupil(self, name: str) -> Pupil:
        """One pupil's results by name (any case).

        Raises:
            KeyError: no pupil of that name; the message lists the names there are.
        """
        found = next((p for p in self.pupils if p.name.casefold() == name.casefold()), None)
        if found is None:
            raise KeyError(f"no pupil named {name!r}; the pupils are "
                           + ", ".join(p.name for p in self.pupils))
        return found

    def score(self, name: str, notebook: str) -> tuple[int, int, int]:
        """A pupil's score in a notebook: right the first time, answered, questions."""
        ids = graded(notebook)
        recs = [r for q, r in self.pupil(name).records.items() if q in ids]
        return sum(1 for r in recs if r.first_right), len(recs), len(ids)

    def table(self) -> list[list[str]]:
        """Pupils × notebooks: a header row, then a row per pupil ("2 of 3", "1 of 3, 2 answered").

        The last column is the pupil's total over every question answered.
        """
        numbers = graded_notebooks()
        rows = [["pupil", *numbers, "all answered"]]
        for pupil in self.pupils:
            cells = []
            total_right = total_answered = 0
            for number in numbers:
                right, answered, count = self.score(pupil.name, number)
                total_right += right
                total_answered += answered
                cells.append("" if answered == 0 else f"{right} of {count}"
                             if answered == count else f"{right} of {count}, {answered} answered")
            rows.append([pupil.name, *cells, f"{total_right} of {total_answered} right"])
        return rows

    def missed(self) -> list[Missed]:
        """Every question some pupil answered wrong the first time, most missed first."""
        out = []
        known = {q.id: q for q in questions() if q.kind != "predict"}
        for qid, question in known.items():
            recs = [p.records[qid] for p in self.pupils if qid in p.records]
            wrong = [r for r in recs if not r.first_right]
            if not wrong:
                continue
            chosen = Counter(_answer_words(question, r.first_answer) for r in wrong)
            out.append(Missed(qid, number_in_notebook(question), question.question(0),
                              question.rule, len(recs), len(wrong),
                              sorted(chosen.items(), key=lambda kv: (-kv[1], kv[0]))))
        return sorted(out, key=lambda m: (-m.wrong, -m.wrong / m.answered, m.qid))

    def to_csv(self, path: str | Path) -> Path:
        """Write :meth:`table` as a CSV file (for a spreadsheet); return its path."""
        path = Path(path)
        with path.open("w", encoding="utf-8", newline="") as out:
            csv.writer(out).writerows(self.table())
        return path

    def _repr_html_(self) -> str:
        missed = [["question", "rule", "wrong the first time", "wrong answers chosen",
                   "the question"]]
        missed += [[m.number, m.rule, f"{m.wrong} of {m.answered}",
                    "; ".join(f"“{a}”: {plural(n, 'pupil')}" for a, n in m.wrong_answers),
                    m.question]
                   for m in self.missed()]
        files = sum(len(p.files) for p in self.pupils)
        return (f"<p><b>{html.escape(plural(len(self.pupils), 'pupil'))}</b> "
                f"(from {html.escape(plural(files, 'file'))}); each cell is how many questions "
                "of the notebook were answered right the first time.</p>"
                + _html_table(self.table())
                + "<p><b>The questions most missed</b> (first answers):</p>"
                + (_html_table(missed) if len(missed) > 1
                   else "<p>No question was missed.</p>"))

    def __repr__(self) -> str:
        return f"<ClassResults: {plural(len(self.pupils), 'pupil')}>"


EXPORT_JS = """
function download(fileName, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

function render({ model, el }) {
  el.classList.add('pavlov-results-export');
  el.style.margin = 'var(--jp-widgets-margin, 2px)';  // in line with the ipywidgets around it
  const id = 'pavlov-results-name-' + Math.random().toString(36).slice(2);
  el.innerHTML = `
    <div style="display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:6px 0">
      <label for="${id}">Your name</label>
      <input id="${id}" type="text" maxlength="60" autocomplete="name"
        class="widget-input" style="min-width:10em;flex:0 1 16em;height:28px;padding:0 6px;
        border:1px solid #9e9e9e;box-sizing:border-box;font:inherit">
      <button type="button" class="jupyter-widgets jupyter-button widget-button"
        style="width:auto">Download my results</button>
    </div>
    <div role="status" class="pavlov-results-status" style="margin:2px 0;font:inherit"></div>`;
  const input = el.querySelector('input');
  const button = el.querySelector('button');
  const status = el.querySelector('.pavlov-results-status');
  // not remembered in the browser: on a shared school laptop the next pupil would hand in
  // a file under the last one's name
  input.value = model.get('learner');
  const show = () => {
    status.textContent = model.get('status');
    status.style.color = model.get('failed') ? '#b00020' : '';
  };
  show();
  model.on('change:status change:failed', show);
  // a click's answer carries its view's token, so another view of the same map does not
  // download it too; an export called from Python (no token) downloads wherever shown
  let token = '';
  button.addEventListener('click', () => {
    token = Math.random().toString(36).slice(2);
    button.disabled = true;
    setTimeout(() => { button.disabled = false; }, 5000);
    model.send({ event: 'export', name: input.value, token });
  });
  const received = (msg) => {
    if (!msg || (msg.token && msg.token !== token)) return;
    button.disabled = false;
    if (msg.event === 'download') download(msg.file_name, msg.text);
  };
  model.on('msg:custom', received);
  return () => model.off('msg:custom', received);
}
export default { render };
"""
"""The JavaScript of :class:`ResultsExport`: the name, the button, and the download itself."""


class ResultsExport(anywidget.AnyWidget):  # type: ignore[misc]
    """*Download my results*: the pupil's results as one file in the browser's downloads.

    The page sends the name typed; the kernel checks it and answers with the file's name and
    text (:func:`export_results`), which the page turns into a download; :attr:`status` says
    what happened in a whole sentence (or why nothing was downloaded).

    Args:
        prog: the pupil's progress.
        titles: the notebooks' titles by number, written into the file.
    """

    _esm = EXPORT_JS
    learner = traitlets.Unicode("").tag(sync=True)
    """The name the field starts with (the progress's learner, ``PAVLOV_LEARNER``)."""
    status = traitlets.Unicode("").tag(sync=True)
    """What the last click did, for the pupil."""
    failed = traitlets.Bool(False).tag(sync=True)
    """Whether the last click was refused (the status shows in red)."""

    def __init__(self, prog: Progress, titles: Mapping[str, str] | None = None) -> None:
        """The export of ``prog``; nothing is downloaded until the pupil clicks."""
        super().__init__(learner=prog.learner)
        self.progress = prog
        self.titles = dict(titles or {})
        self.on_msg(self._received)

    def export(self, name: str, token: str = "") -> str:
        """Make the file for ``name`` and send it to the page to download; return its name.

        A refused name changes nothing but :attr:`status`, which says why.
        """
        try:
            text = export_results(self.progress, name, titles=self.titles)
        except ProgressError as exc:
            self.failed, self.status = True, str(exc)
            return ""
        data = json.loads(text)
        file_name = results_file_name(data["learner"], data["exported_at"])
        self.send({"event": "download", "token": token,
                   "file_name": file_name, "text": text})
        self.failed = False
        self.status = (f"Your results were downloaded as {file_name}: give this file to "
                       "your teacher.")
        return file_name

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "export":
            self.export(str(content.get("name", "")), str(content.get("token", "")))


__all__ = ["FORMAT", "VERSION", "ClassResults", "Missed", "Pupil", "ResultsExport",
           "class_results", "export_results", "graded", "graded_notebooks",
           "number_in_notebook", "pupil_name", "read_pupil", "results_file_name"]
