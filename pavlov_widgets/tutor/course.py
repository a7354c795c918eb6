"""The course: its notebooks read from their folder, where each rule is taught, the course map.

**The notebooks are the one list.** :func:`course_notebooks` reads the ``NN_name.ipynb``
files of the learner's folder (the kernel's working directory): each notebook's number and
title come from its first heading (``# 05 · Wehrmacht cards: Sniper and Mortar``), its sections
from its other headings, its walkthroughs from the ``Walkthrough("sniper")`` calls in its code
cells. No table is written by hand, so a new or renamed notebook appears by itself (notebook
01's old table had skipped notebook 12).

**Where a rule is taught** (:func:`where_taught`): a question of the registry names, in its
``teaches``, a walkthrough's scenario key (``"sniper"``) or a notebook section
(``"04#across-the-volga-load-and-deliver-2-0"``, the heading's words in lower case joined by
hyphens); this module finds that walkthrough or heading in the notebooks and says it in a
whole sentence with a link (issue 21: a wrong answer offers what teaches its rule).

**The course map** (:class:`CourseMap`, shown in notebook 01): every notebook with the
learner's score (first answers right, from :mod:`pavlov_widgets.tutor.progress`), the
questions to revisit, each with what teaches its rule and a button that asks a similar question
(the registry's variant 1 or more) right there. :class:`RevisitList` is that list alone; the
end of each notebook's quiz shows it for the notebook's own questions.
"""

from __future__ import annotations

import html
import json
import re
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from pavlov_widgets.engine import UnknownScenarioError
from pavlov_widgets.engine.text import plural
from pavlov_widgets.tutor.access import Access
from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.tutor.exercises.registry import Question, get_question
from pavlov_widgets.tutor.progress import Progress, progress
from pavlov_widgets.tutor.results import ResultsExport, graded, number_in_notebook

NOTEBOOK_FILE = re.compile(r"(?P<number>[0-9]{2})_[A-Za-z0-9_]+\.ipynb")
"""A notebook of the course: two digits, an underscore, a name (``05_sniper_and_mortar.ipynb``)."""

TITLE = re.compile(r"#\s+(?P<number>[0-9]{2})\s*·\s*(?P<title>.+)")
"""A notebook's first heading: ``# 05 · Wehrmacht cards: Sniper and Mortar``."""

HEADING = re.compile(r"(?P<level>#{1,6})\s+(?P<text>.+?)\s*#*\s*$")
"""A Markdown heading line."""

WALKTHROUGH_CALL = re.compile(r"Walkthrough\(\s*[\"'](?P<key>[a-z0-9-]+)[\"']")
"""A walkthrough shown by a notebook's code cell: ``Walkthrough("sniper")``."""


def heading_slug(text: str) -> str:
    """A heading's anchor as questions name it: its words and numbers, lower case, hyphenated.

    ``"Across the Volga: Load and Deliver (2.0)"`` → ``"across-the-volga-load-and-deliver-2-0"``;
    Markdown emphasis is not part of it.
    """
    return re.sub(r"[^a-z0-9]+", "-", plain(text).lower()).strip("-")


def plain(text: str) -> str:
    """A heading's text without Markdown emphasis or code marks (``**1.2**`` → ``1.2``)."""
    return re.sub(r"[*_`]", "", text).strip()


def jupyter_anchor(text: str) -> str:
    """The anchor JupyterLab and Voila give a heading: its shown text, spaces as hyphens."""
    return plain(text).replace(" ", "-")


@dataclass(frozen=True)
class Section:
    """A heading of a notebook and the walkthroughs under it."""

    heading: str
    slug: str
    walkthroughs: tuple[str, ...]


@dataclass(frozen=True)
class Notebook:
    """One notebook of the course, as its file says.

    Attributes:
        number: "05".
        file: its file name, "05_sniper_and_mortar.ipynb" (a link relative to the notebook
            showing it, as every notebook of the course is in one folder).
        title: its first heading without the number ("Wehrmacht cards: Sniper and Mortar").
        sections: its other headings, in order, each with the walkthroughs shown under it.
    """

    number: str
    file: str
    title: str
    sections: tuple[Section, ...]

    def section(self, slug: str) -> Section | None:
        """The section of this anchor (:func:`heading_slug`), if the notebook has it."""
        return next((s for s in self.sections if s.slug == slug), None)

    def walkthrough(self, key: str) -> Section | None:
        """The section that shows the walkthrough of this scenario key, if any."""
        return next((s for s in self.sections if key in s.walkthroughs), None)

    def link(self, section: Section | None = None) -> str:
        """The notebook's address relative to its folder, at a section if one is given."""
        href = urllib.parse.quote(self.file)
        if section is not None:
            href += "#" + urllib.parse.quote(jupyter_anchor(section.heading))
        return href


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def read_notebook(path: Path) -> Notebook | None:
    """The notebook in ``path`` (None: not a notebook of the course, or not readable)."""
    match = NOTEBOOK_FILE.fullmatch(path.name)
    if match is None:
        return None
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return None
    title = ""
    sections: list[tuple[str, list[str]]] = [("", [])]  # the walkthroughs before any heading
    for cell in cells:
        text = _source(cell)
        if cell.get("cell_type") == "code":
            sections[-1][1].extend(m["key"] for m in WALKTHROUGH_CALL.finditer(text))
            continue
        for line in text.splitlines():
            if not title and (first := TITLE.fullmatch(line.strip())):
                title = first["title"].strip()
            elif heading := HEADING.fullmatch(line.strip()):
                sections.append((heading["text"], []))
    return Notebook(match["number"], path.name, title or path.stem,
                    tuple(Section(h, heading_slug(h), tuple(w)) for h, w in sections if h))


def course_notebooks(folder: str | Path | None = None) -> list[Notebook]:
    """Every notebook of the course in ``folder`` (default: the working directory), in order."""
    root = Path(folder if folder is not None else Path.cwd())
    found = [_read_cached(p) for p in sorted(root.glob("[0-9][0-9]_*.ipynb"))]
    return [nb for nb in found if nb is not None]


_READ: dict[Path, tuple[tuple[int, int], Notebook | None]] = {}

SAVE_RETRIES = 10
SAVE_WAIT_S = 0.1
"""How often, and how long apart, a notebook that does not read is read again (see
:func:`_read_cached`): a second at most, the time a save of a few megabytes takes."""


def _read_cached(path: Path) -> Notebook | None:
    """:func:`read_notebook`, read again only when the file changed (size or time).

    A learner's copy saved by JupyterLab holds its outputs and widget state (megabytes):
    every wrong answer names where its rule is taught, and must not parse them all again.
    """
    try:
        stat = path.stat()
    except OSError:
        return None
    stamp = (stat.st_mtime_ns, stat.st_size)
    kept = _READ.get(path)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    found = read_notebook(path)
    for _ in range(SAVE_RETRIES):
        if found is not None or NOTEBOOK_FILE.fullmatch(path.name) is None:
            break
        # Jupyter saves a notebook in place (its "atomic" writing keeps a copy aside and
        # writes over the file), so a file read while the learner's notebook is being saved
        # can be cut short: read it again once the save is done
        time.sleep(SAVE_WAIT_S)
        found = read_notebook(path)
    if found is None and kept is not None:
        found = kept[1]  # still unreadable: what it was is closer than nothing
    _READ[path] = (stamp, found)
    return found


def _notebook(number: str, notebooks: list[Notebook]) -> Notebook | None:
    return next((nb for nb in notebooks if nb.number == number), None)


LINK_STYLE = "color:#1a4fa0;text-decoration:underline"
"""A link's look, inline: the notebook's pages (Voila's, JupyterLab's widget HTML) show a link
in the text's own colour, not to be told from the words around it."""


def _a(text: str, href: str) -> str:
    return (f"<a href='{html.escape(href, quote=True)}' style='{LINK_STYLE}'>"
            f"{html.escape(text)}</a>")


def where_taught(teaches: str, notebooks: list[Notebook], *, as_html: bool = False) -> str:
    """Whole sentence(s) saying where a rule is taught (a question's ``teaches``).

    A scenario key names the walkthrough and the notebook and section that show it; a
    ``"NN#slug"`` names the notebook and its heading. With ``as_html`` the notebook is a
    link to that place. "" when ``teaches`` is empty.
    """
    if not teaches:
        return ""
    esc: Callable[[str], str] = html.escape if as_html else str
    if "#" in teaches:
        number, slug = teaches.split("#", 1)
        nb = _notebook(number, notebooks)
        section = nb.section(slug) if nb is not None else None
        if nb is None or section is None:
            return f"Notebook {esc(number)} teaches this rule."
        place = _a(f"notebook {number}", nb.link(section)) if as_html else f"notebook {number}"
        heading = esc(plain(section.heading))
        return f"The section “{heading}” of {place} teaches this rule."
    try:
        title = get_scenario(teaches).title
    except UnknownScenarioError:
        return f"The walkthrough {esc(teaches)} teaches this rule."
    shown = [(nb, s) for nb in notebooks if (s := nb.walkthrough(teaches)) is not None]
    if not shown:
        return (f"The walkthrough “{esc(title)}” teaches this rule: "
                f"Walkthrough(\"{esc(teaches)}\") shows it.")
    nb, section = shown[0]
    place = _a(f"notebook {nb.number}", nb.link(section)) if as_html else f"notebook {nb.number}"
    return (f"The walkthrough “{esc(title)}” in {place} teaches this rule, in the section "
            f"“{esc(plain(section.heading))}”.")


COMES_BACK = ("A similar question will come back later: at the end of this notebook's "
              "questions and in the course map of notebook 01.")
"""What a wrong answer adds after where its rule is taught (issue 21)."""

COMES_BACK_AGAIN = "Another similar question will come back later."
"""What a wrong answer to a similar question adds."""

MADE_GOOD = "This makes good the question you missed: it leaves your list to revisit."
"""What a right answer to a similar question adds."""


def missed_on(first_at: str) -> str:
    """When a question was missed, as a sentence for the learner.

    "You missed it on 26 November 2026 at 16:36 UTC." ``first_at`` is the record's ISO
    time; a time that does not read is said as it is.
    """
    try:
        when = datetime.fromisoformat(first_at.replace("Z", "+00:00"))
    except ValueError:
        return f"You missed it on {first_at}."
    return f"You missed it on {when.day} {when:%B %Y} at {when:%H:%M} UTC."


def score_text(prog: Progress, notebook: str) -> str:
    """A notebook's score in words: "2 of 3 right", "not started", "no questions"."""
    ids = graded(notebook)
    if not ids:
        return "no questions"
    right, answered = prog.score(ids)
    if answered == 0:
        return "not started"
    if answered == len(ids):
        return f"{right} of {len(ids)} right"
    return f"{right} of {len(ids)} right, {len(ids) - answered} not answered yet"


class RevisitList(widgets.VBox):  # type: ignore[misc]
    """The questions to revisit, each with what teaches its rule and a similar question.

    Args:
        prog: the learner's progress.
        notebook: only this notebook's questions ("04"); None: every notebook's.
        notebooks: the course's notebooks (where each rule is taught).
    """

    def __init__(self, prog: Progress, notebook: str | None = None,
                 notebooks: list[Notebook] | None = None, *, none_due: str = "") -> None:
        """The list as it is now; it follows the progress (``none_due``: HTML for no row)."""
        self.none_due = none_due
        self.progress = prog
        self.notebook = notebook
        self.notebooks = notebooks if notebooks is not None else course_notebooks()
        self.rows = widgets.VBox()
        self.asked = widgets.VBox()
        """Where the similar question the learner asked for is shown."""
        self.exercise: Any = None
        self.intro = widgets.HTML()
        super().__init__([self.intro, self.rows, self.asked])
        self.add_class("pavlov-revisit")
        self.refresh()
        self._stop = prog.on_change(lambda _p: self.refresh())

    def _due(self) -> list[Question]:
        found = []
        for qid in self.progress.due(self.notebook):
            try:
                found.append(get_question(qid))
            except KeyError:  # a question the registry no longer has: nothing to ask
                continue
        return found

    def refresh(self) -> None:
        """Rebuild the rows from the progress (the question being answered stays shown)."""
        rows = []
        for q in self._due():
            rec = self.progress.get(q.id)
            when = html.escape(missed_on(rec.first_at)) if rec else ""
            text = (f"<b>{html.escape(number_in_notebook(q))}</b> "
                    f"{html.escape(q.question(0))} <i>({html.escape(q.rule)})</i><br>"
                    f"{when} {where_taught(q.teaches, self.notebooks, as_html=True)}")
            button = widgets.Button(description="Take a similar question",
                                    tooltip=f"A question like {number_in_notebook(q)}, "
                                            "on another position",
                                    layout=widgets.Layout(width="auto",
                                                          align_self="flex-start"))
            button.on_click(lambda _b, q=q: self.ask(q))
            row = widgets.VBox([widgets.HTML(text), button],
                               layout=widgets.Layout(margin="4px 0"))
            row.add_class("pavlov-revisit-item")
            rows.append(row)
        self.rows.children = rows
        where = "in this notebook " if self.notebook else ""
        self.intro.value = (
            f"<p><b>To revisit {where}({plural(len(rows), 'question')}):</b> each with "
            "what teaches its rule, and a similar question to try.</p>" if rows
            else self.none_due)

    def ask(self, question: Question) -> Any:
        """Show a similar question (the next variant after 0) under the list; return it."""
        variant = self.progress.next_variant(question.id, question.variants)
        ex = question.exercise(variant, number=f"{number_in_notebook(question)}, again:")
        self.exercise = ex
        self.asked.children = [ex.widget()]
        return ex

    def close(self) -> None:
        """Stop following the progress and close the widget."""
        self._stop()
        super().close()


CELL = "padding:3px 12px 3px 0;vertical-align:top;border-bottom:1px solid #e0e0e0"
"""A course map cell's look, inline (the columns stay apart where no CSS styles tables)."""


def map_html(prog: Progress, notebooks: list[Notebook]) -> str:
    """The course map's table: every notebook with a link, its score and how many to revisit."""
    rows = []
    for nb in notebooks:
        due = len(prog.due(nb.number))
        revisit = plural(due, "question") if due else ""
        cells = (html.escape(nb.number), _a(nb.title, nb.link()),
                 html.escape(score_text(prog, nb.number)), html.escape(revisit))
        rows.append("<tr>" + "".join(f"<td style='{CELL}'>{c}</td>" for c in cells) + "</tr>")
    heads = "".join(f"<th style='{CELL};text-align:left'>{h}</th>"
                    for h in ("no.", "notebook", "your score", "to revisit"))
    return (f"<table class='pavlov-course-table' style='border-collapse:collapse'><tr>{heads}"
            "</tr>" + "".join(rows) + "</table>")


class CourseMap(widgets.VBox):  # type: ignore[misc]
    """Every notebook of the course, the learner's score in each, and what to revisit.

    Args:
        folder: the notebooks' folder (default: the working directory, the notebook's own).
        learner: whose progress (default: ``$PAVLOV_LEARNER``, else the default learner).
    """

    def __init__(self, folder: str | Path | None = None, learner: str | None = None) -> None:
        """Read the notebooks and the learner's progress; show both."""
        self.notebooks = course_notebooks(folder)
        self.progress = progress(folder, learner)
        self.table = widgets.HTML()
        self.notice = widgets.HTML()
        self.revisit = RevisitList(
            self.progress, None, self.notebooks,
            none_due="<p>Nothing to revisit: you have missed no question yet, or a similar "
                     "question has made good each one you missed.</p>")
        self.refresh_button = widgets.Button(
            description="Refresh", tooltip="Read your answers again, after other notebooks")
        self.refresh_button.on_click(lambda _b: self.progress.reload())
        self.export = ResultsExport(self.progress, {nb.number: nb.title for nb in self.notebooks})
        browser = self.progress.browser
        self.access = Access(".pavlov-course", live={".pavlov-course-notice": ("status",
                                                                              "Course map")})
        title = widgets.HTML("<h3 style='margin:4px 0'>Your course map</h3>")
        for_teacher = widgets.HTML(
            "<p style='margin:10px 0 0'><b>For your teacher:</b> your scores and first answers "
            "in one file, downloaded by your browser.</p>")
        super().__init__([self.access, *([browser] if browser is not None else []), title,
                          self.notice, self.table, self.revisit,
                          self.refresh_button, for_teacher, self.export])
        self.add_class("pavlov-course")
        self.notice.add_class("pavlov-course-notice")
        self.draw()
        self._stop = self.progress.on_change(lambda _p: self.draw())

    def draw(self) -> None:
        """Show the table, the notice and the title of the list as the progress is now."""
        prog = self.progress
        self.table.value = map_html(prog, self.notebooks)
        self.notice.value = "<p>" + " ".join(html.escape(n) for n in prog.notices()) + "</p>"

    def close(self) -> None:
        """Stop following the progress and close the widget."""
        self._stop()
        self.revisit.close()
        super().close()

    def __repr__(self) -> str:
        due = len(self.progress.due())
        return f"<CourseMap: {len(self.notebooks)} notebooks, {due} to revisit>"


__all__ = ["COMES_BACK", "COMES_BACK_AGAIN", "MADE_GOOD", "CourseMap", "Notebook",
           "RevisitList", "Section", "course_notebooks", "graded", "heading_slug", "map_html",
           "missed_on", "number_in_notebook", "read_notebook", "score_text", "where_taught"]
