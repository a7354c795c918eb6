"""What a learner has answered, kept from one notebook to the next: no account, no server.

Each check-yourself question of the registry (:mod:`pavlov_widgets.tutor.exercises.registry`,
ids like ``"04.fog-actions"``) gets one :class:`Record` once the learner has answered it: was
the **first** answer right or wrong, and when; and, for a question missed, whether a similar
question (its variant 1 or more) has been answered right since. A missed question whose
similar question is not yet answered right is *due* (:meth:`Progress.due`): the end of its
notebook's quiz and the course map of notebook 01 (:mod:`pavlov_widgets.tutor.course`) offer
it again (issue 21, "lessons that come back when you miss").

Where it is kept:

- **A small JSON file beside the learner's notebooks** (:data:`FILE_NAME` in the kernel's
  working directory, which JupyterLab, Voila and JupyterLite set to the notebook's folder), so
  notebook 05's kernel writes what notebook 01's kernel reads. Each learner has a file of
  their own: ``pavlov-progress.json``, or ``pavlov-progress-ann.json`` for the learner named
  ``ann`` (``Progress.open(learner="ann")``, or the ``PAVLOV_LEARNER`` environment variable).
  The file is written **atomically** (a temporary file in the same folder, flushed, then
  renamed over the old one): a kernel stopped mid-write leaves the old file or the new one,
  never half of one. Before each write the file is read again and merged (the earliest first
  answer wins), so two notebooks open at once do not undo each other's answers.
- **The browser's storage** (``localStorage``, through the small invisible
  :class:`BrowserStore` anywidget) where no file can be written (a read-only folder, a
  kernel with no file system): the answers are kept in memory and sent to the page, which
  keeps them for the next visit and sends them back when the widget is shown again.

A file that is not a progress file this tutor can read (bad JSON, another format, a newer
version) is **refused** with a message that says why, and never overwritten: it is moved
aside to ``pavlov-progress.json.unreadable-1`` (the first free number), the message says so,
and the answers from then on go to a new file.

Example:
    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> p = Progress.open(folder)
    >>> p.record("04.fog-actions", correct=False)
    >>> p.due()
    ['04.fog-actions']
    >>> p.record("04.fog-actions", correct=True, variant=1)
    >>> p.due()
    []
    >>> Progress.open(folder).get("04.fog-actions").first_right
    False
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

import anywidget
import traitlets

from pavlov_widgets.engine import PavlovError

FILE_NAME = "pavlov-progress.json"
"""The default learner's progress file, beside the notebooks."""

FORMAT = "pavlov-progress"
"""The ``format`` field every progress file carries (so another JSON file is not taken for
one)."""

VERSION = 1
"""The version of the file's shape this tutor writes and reads."""

LEARNER_VARIABLE = "PAVLOV_LEARNER"
"""The environment variable naming the learner when none is given."""

LEARNER_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
"""A learner's name: letters, digits, ``_`` and ``-`` (it becomes part of a file name)."""

STORAGE_KEY = "pavlov-progress"
"""The browser storage key of the default learner (``pavlov-progress-ann`` for ``ann``)."""


class ProgressError(PavlovError, ValueError):
    """A progress file or stored text this tutor cannot read, or a learner name it refuses."""


def now() -> str:
    """The time now, UTC, to the second, as ISO 8601 (``2026-11-26T16:40:05Z``)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


@dataclass(frozen=True)
class Record:
    """What one learner did with one question.

    Attributes:
        first_right: whether the first answer was right.
        first_at: when it was given (ISO 8601, UTC).
        similar_tries: how many times a similar question was answered since.
        similar_right_at: when a similar question was first answered right (None: not yet).
        first_answer: what the first answer was (the choice, or the places clicked), so a
            teacher sees which wrong answer a class chose (issue 22); () when not kept.
    """

    first_right: bool
    first_at: str
    similar_tries: int = 0
    similar_right_at: str | None = None
    first_answer: tuple[str, ...] = ()

    @property
    def due(self) -> bool:
        """Missed the first time, and no similar question answered right since."""
        return not self.first_right and self.similar_right_at is None

    def merged(self, other: Record) -> Record:
        """This record and another kernel's of the same question, nothing lost.

        The earlier first answer is the first answer; a similar question answered right in
        either counts, from the earlier time; the tries are the larger count.
        """
        first = self if self.first_at <= other.first_at else other
        rights = [t for t in (self.similar_right_at, other.similar_right_at) if t is not None]
        return Record(first.first_right, first.first_at,
                      max(self.similar_tries, other.similar_tries),
                      min(rights) if rights else None, first.first_answer)

    def to_dict(self) -> dict[str, Any]:
        """The record as the file keeps it."""
        return {"first": "right" if self.first_right else "wrong", "at": self.first_at,
                "similar_tries": self.similar_tries,
                "similar_right_at": self.similar_right_at, "answer": list(self.first_answer)}

    @classmethod
    def from_dict(cls, qid: str, data: Any) -> Record:
        """A record read from the file; a field of the wrong shape is named.

        Raises:
            ProgressError: a field missing or of the wrong type.
        """
        if not isinstance(data, dict):
            raise ProgressError(f"question {qid}: a record must be an object")
        first, at = data.get("first"), data.get("at")
        tries, right_at = data.get("similar_tries", 0), data.get("similar_right_at")
        answer = data.get("answer", [])  # absent from the files of issue 21's tutor
        if first not in ("right", "wrong"):
            raise ProgressError(f"question {qid}: 'first' must be 'right' or 'wrong', "
                                f"not {first!r}")
        if not isinstance(at, str):
            raise ProgressError(f"question {qid}: 'at' must be a time, not {at!r}")
        if not isinstance(tries, int) or isinstance(tries, bool) or tries < 0:
            raise ProgressError(f"question {qid}: 'similar_tries' must be a count, "
                                f"not {tries!r}")
        if right_at is not None and not isinstance(right_at, str):
            raise ProgressError(f"question {qid}: 'similar_right_at' must be a time or "
                                f"null, not {right_at!r}")
        if not isinstance(answer, list) or not all(isinstance(a, str) for a in answer):
            raise ProgressError(f"question {qid}: 'answer' must be a list of texts, "
                                f"not {answer!r}")
        return cls(first == "right", at, tries, right_at, tuple(answer))


Records = dict[str, Record]
"""Every record of one learner, by question id."""


def parse(text: str, where: str) -> Records:
    """The records in a progress file's text (``where`` names the file in messages).

    Raises:
        ProgressError: not JSON, not a progress file, or a version this tutor does not read.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProgressError(f"{where} is not valid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ProgressError(f"{where} is not a progress file (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise ProgressError(f"{where} is a progress file of version {data.get('version')!r}; "
                            f"this tutor reads version {VERSION}")
    questions = data.get("questions")
    if not isinstance(questions, dict):
        raise ProgressError(f"{where}: 'questions' must be an object")
    try:
        return {str(qid): Record.from_dict(str(qid), rec) for qid, rec in questions.items()}
    except ProgressError as exc:
        raise ProgressError(f"{where}: {exc}") from None


def dump(records: Mapping[str, Record], learner: str) -> str:
    """The text of a progress file holding ``records`` (question ids in sorted order)."""
    return json.dumps({"format": FORMAT, "version": VERSION, "learner": learner,
                       "questions": {q: records[q].to_dict() for q in sorted(records)}},
                      indent=1) + "\n"


def merge(a: Mapping[str, Record], b: Mapping[str, Record]) -> Records:
    """Two learners' record sets of the same learner made one (:meth:`Record.merged`)."""
    out = dict(a)
    for qid, rec in b.items():
        out[qid] = out[qid].merged(rec) if qid in out else rec
    return out


class Store(Protocol):
    """Where one learner's records are kept: :class:`FileStore` or :class:`BrowserStore`."""

    where: str
    """Where, in words, for the learner ("pavlov-progress.json in /home/me/notebooks")."""

    def load(self) -> Records:
        """The records kept (none yet: empty). Raises :class:`ProgressError` if unreadable."""
        ...

    def save(self, records: Records) -> Records:
        """Keep ``records`` merged with what is kept; return the merged records.

        Raises :class:`OSError` where nothing can be written.
        """
        ...


class FileStore:
    """One learner's records in a JSON file, written atomically (see the module docstring).

    Args:
        path: the file (``pavlov-progress.json`` beside the notebooks).
        learner: the learner's name, written into the file.
    """

    def __init__(self, path: Path, learner: str = "") -> None:
        """Keep the path; nothing is read or written yet."""
        self.path = Path(path)
        self.learner = learner
        self.where = f"{self.path.name} in {self.path.parent.resolve()}"

    def load(self) -> Records:
        """The records in the file (none when there is no file yet).

        Raises:
            ProgressError: the file is not one this tutor can read (it is left untouched).
        """
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except UnicodeDecodeError:
            raise ProgressError(f"{self.path.name} is not a text file") from None
        return parse(text, self.path.name)

    def set_aside(self) -> Path:
        """Move an unreadable file to the first free ``<name>.unreadable-N``; return that path.

        Nothing is overwritten: the learner (or a newer tutor) can still read it.
        """
        n = 1
        while True:
            backup = self.path.with_name(f"{self.path.name}.unreadable-{n}")
            try:
                # a hard link fails if the name is taken, where a rename would replace it
                os.link(self.path, backup)
            except FileExistsError:
                n += 1
                continue
            self.path.unlink()
            return backup

    def save(self, records: Records) -> Records:
        """Merge with the file as it is now and write the result atomically.

        A file that became unreadable since is set aside first (never overwritten).

        Raises:
            OSError: the folder cannot be written (the caller falls back to the browser).
        """
        try:
            kept = self.load()
        except ProgressError:
            self.set_aside()
            kept = {}
        merged = merge(kept, records)
        self.write(dump(merged, self.learner))
        return merged

    def write(self, text: str) -> None:
        """Write ``text`` to the file atomically.

        A temporary file in the same folder, flushed to disk, then renamed over the file: a
        rename within a folder is atomic.
        """
        fd, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.",
                                         suffix=".tmp")
        try:
            # mkstemp makes the file private (0600): keep the old file's mode, else an
            # ordinary file's (a teacher's script may read a learner's progress)
            try:
                mode = self.path.stat().st_mode & 0o777
            except FileNotFoundError:
                mode = 0o644
            os.chmod(temporary, mode)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise


BROWSER_JS = """
function render({ model, el }) {
  el.style.display = 'none';
  const key = model.get('key');
  let stored = null;
  try { stored = window.localStorage.getItem(key); } catch (e) { stored = null; }
  const keep = () => {
    const text = model.get('data');
    if (!text) return;
    try {
      const old = window.localStorage.getItem(key);
      // a text the kernel refused is kept under a key of its own, never overwritten
      if (old !== null && model.get('refused') === old) {
        window.localStorage.setItem(key + '.unreadable', old);
      }
      window.localStorage.setItem(key, text);
    } catch (e) { /* storage full or forbidden: the answers stay in the kernel */ }
  };
  if (stored !== null && stored !== model.get('stored')) {
    // the kernel merges what the page kept with its own answers and sends the whole back:
    // storing the kernel's text now would drop the answers of earlier visits
    model.set('stored', stored);
    model.save_changes();
  } else {
    keep();
  }
  model.on('change:data', keep);
  return () => model.off('change:data', keep);
}
export default { render };
"""
"""The JavaScript of :class:`BrowserStore`: sends the page's stored text to the kernel once
shown, and stores every text the kernel sends."""


class BrowserStore(anywidget.AnyWidget):  # type: ignore[misc]
    """One learner's records in the browser's ``localStorage``, where no file can be written.

    An invisible widget: shown on the page (the quiz's score and the course map include it),
    it sends what the browser kept (``stored``) and stores what the kernel sends (``data``).
    Until it is shown the kernel knows only this session's answers.
    """

    _esm = BROWSER_JS
    key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    data = traitlets.Unicode("").tag(sync=True)
    """The records as the kernel has them (the file's text)."""
    stored = traitlets.Unicode("").tag(sync=True)
    """The text the browser had kept, sent when the widget is shown."""
    refused = traitlets.Unicode("").tag(sync=True)
    """A stored text the kernel could not read (the page keeps it under ``<key>.unreadable``)."""

    def __init__(self, learner: str = "", **kwargs: Any) -> None:
        """A store under the learner's key; empty until the page sends what it kept."""
        super().__init__(key=STORAGE_KEY + (f"-{learner}" if learner else ""), **kwargs)
        self.learner = learner
        self.where = "this browser's storage"
        self.layout.display = "none"
        self._arrived: list[Callable[[], None]] = []
        self.observe(lambda _c: self._received(), names="stored")

    def load(self) -> Records:
        """What the browser sent (none before the widget is shown)."""
        return parse(self.stored, self.where) if self.stored else {}

    def save(self, records: Records) -> Records:
        """Merge with what the browser sent and send the result to be stored."""
        try:
            merged = merge(self.load(), records)
        except ProgressError:
            self.refused = self.stored
            merged = dict(records)
        self.data = dump(merged, self.learner)
        return merged

    def on_arrival(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` when the page sends what it kept."""
        self._arrived.append(listener)

    def _received(self) -> None:
        for listener in list(self._arrived):
            listener()


class Progress:
    """One learner's answers to the registry's questions, kept in a :class:`Store`.

    Made by :meth:`open` (the learner's file beside the notebooks) or :func:`progress` (the
    one this kernel shares between its quizzes and its course map).
    """

    def __init__(self, store: Store, learner: str = "", notice: str = "") -> None:
        """The records ``store`` holds; ``notice`` is a message for the learner, if any."""
        self.store: Store = store
        self.learner = learner
        self.notice = notice
        """What the learner should know about where their answers are kept ("" if nothing):
        a file refused and set aside, or the browser's storage used instead of a file."""
        self._listeners: list[Callable[[Progress], None]] = []
        self.records: Records = {}
        self.reload()
        if isinstance(store, BrowserStore):
            store.on_arrival(self._page_sent)

    @classmethod
    def open(cls, folder: str | Path | None = None, learner: str | None = None) -> Progress:
        """The learner's progress file in ``folder`` (default: the working directory).

        A file this tutor cannot read is set aside (see the module docstring) and the
        :attr:`notice` says so; a folder where nothing can be written falls back to the
        browser's storage, and the notice says that too.

        Raises:
            ProgressError: ``learner`` is not a usable name.
        """
        name = learner_name(learner)
        path = Path(folder if folder is not None else Path.cwd()) / file_name(name)
        store = FileStore(path, name)
        notice = ""
        try:
            store.load()
        except ProgressError as exc:
            try:
                backup = store.set_aside()
            except OSError:
                return cls(BrowserStore(name), name, _refused_in_place(exc, path))
            notice = (f"Your progress file could not be read: {exc}. It is kept as "
                      f"{backup.name}, untouched, and your answers from now on are kept in a "
                      f"new {path.name}.")
        if not os.access(path.parent, os.W_OK):
            return cls(BrowserStore(name), name,
                       f"The folder {path.parent} cannot be written, so your answers are "
                       "kept in this browser's storage.")
        return cls(store, name, notice)

    def reload(self) -> None:
        """Read the store again (another notebook's kernel may have written since)."""
        try:
            self.records = merge(self.store.load(), self.records)
        except ProgressError as exc:
            self.notice = f"Your stored progress could not be read: {exc}."
        self._changed()

    def _page_sent(self) -> None:
        """The page sent what it kept: merge, and send the whole back for it to keep."""
        self.reload()
        if self.records:
            self._save()

    def get(self, qid: str) -> Record | None:
        """The record of one question (None: never answered)."""
        return self.records.get(qid)

    def record(self, qid: str, correct: bool, variant: int = 0,
               answer: Iterable[str] = ()) -> None:
        """Keep an answer: variant 0's first answer, or a similar question's (variant 1+).

        A later answer to variant 0 changes nothing (the first counts); a similar question
        answered counts a try, and answered right clears the question from :meth:`due`.
        ``answer`` is what was answered (kept with the first answer only).
        """
        rec = self.records.get(qid)
        if variant == 0:
            if rec is not None:
                return
            rec = Record(correct, now(), first_answer=tuple(answer))
        else:
            if rec is None:  # a similar question taken first: it counts as the first answer
                rec = Record(correct, now(), first_answer=tuple(answer))
            rec = replace(rec, similar_tries=rec.similar_tries + 1,
                          similar_right_at=rec.similar_right_at or (now() if correct else None))
        self.records[qid] = rec
        self._save()
        self._changed()

    def _save(self) -> None:
        try:
            self.records = merge(self.records, self.store.save(self.records))
        except OSError as exc:
            # no file can be written here (any more): the browser keeps them from now on
            browser = BrowserStore(self.learner)
            browser.on_arrival(self._page_sent)
            self.store = browser
            self.notice = (f"Your progress could not be written to a file ({exc.strerror or exc}),"
                           " so it is kept in this browser's storage.")
            browser.save(self.records)

    def due(self, notebook: str | None = None) -> list[str]:
        """The questions missed and not made good yet, in id order (one notebook's, or all).

        Missed: the first answer was wrong; made good: a similar question answered right since.
        """
        return sorted(q for q, r in self.records.items()
                      if r.due and (notebook is None or q.split(".", 1)[0] == notebook))

    def next_variant(self, qid: str, variants: int) -> int:
        """Which similar question to ask next: variant 1, then 2… in turn.

        ``variants`` is how many variants the question has (two or more).
        """
        rec = self.records.get(qid)
        tries = rec.similar_tries if rec is not None else 0
        return 1 + tries % max(1, variants - 1)

    def score(self, qids: Iterable[str]) -> tuple[int, int]:
        """Of these questions: how many were answered right the first time, how many at all."""
        recs = [self.records[q] for q in qids if q in self.records]
        return sum(1 for r in recs if r.first_right), len(recs)

    def on_change(self, listener: Callable[[Progress], None]) -> Callable[[], None]:
        """Call ``listener(progress)`` after every change; returns a function that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    def kept_aside(self) -> list[Path]:
        """The unreadable progress files of this learner set aside in the folder, in order.

        Another kernel may have set one aside (its :attr:`notice` said so there): the course
        map names them all, so the learner hears of it wherever they look.
        """
        if not isinstance(self.store, FileStore):
            return []
        path = self.store.path
        return sorted(path.parent.glob(f"{path.name}.unreadable-*"),
                      key=lambda p: (len(p.name), p.name))

    def notices(self) -> list[str]:
        """Everything the learner should know about where their answers are, as sentences."""
        out = [self.notice] if self.notice else []
        out += [f"An unreadable progress file is kept as {p.name}, untouched."
                for p in self.kept_aside() if p.name not in self.notice]
        return [*out, f"Your answers are kept in {self.store.where}."]

    @property
    def browser(self) -> BrowserStore | None:
        """The invisible widget to show on the page when the answers are kept in the browser."""
        return self.store if isinstance(self.store, BrowserStore) else None

    def __repr__(self) -> str:
        due = len(self.due())
        return (f"<Progress {self.learner or 'default learner'}: {len(self.records)} answered, "
                f"{due} to revisit, kept in {self.store.where}>")


def _refused_in_place(exc: ProgressError, path: Path) -> str:
    return (f"Your progress file could not be read: {exc}. It could not be moved aside "
            f"either, so it is left as it is and your answers are kept in this browser's "
            f"storage instead of {path.name}.")


def learner_name(learner: str | None = None) -> str:
    """The learner's name: ``learner``, else ``$PAVLOV_LEARNER``, else "" (the default).

    Raises:
        ProgressError: a name with characters a file name cannot safely hold.
    """
    name = learner if learner is not None else os.environ.get(LEARNER_VARIABLE, "")
    name = name.strip()
    if name and LEARNER_PATTERN.fullmatch(name) is None:
        raise ProgressError(f"learner name {name!r}: use letters, digits, '_' and '-' "
                            "(up to 40), as 'ann' or 'table-3'")
    return name


def file_name(learner: str = "") -> str:
    """The progress file of a learner: ``pavlov-progress.json``, ``pavlov-progress-ann.json``."""
    return FILE_NAME if not learner else f"pavlov-progress-{learner}.json"


_SHARED: dict[tuple[str, str], Progress] = {}


def progress(folder: str | Path | None = None, learner: str | None = None) -> Progress:
    """The progress this kernel shares between its quizzes and its course map.

    One :class:`Progress` per folder and learner (default: the working directory and
    ``$PAVLOV_LEARNER``), opened at first use and read again on each call, so a course map
    built later sees what other notebooks wrote.
    """
    name = learner_name(learner)
    key = (str(Path(folder if folder is not None else Path.cwd()).resolve()), name)
    if key not in _SHARED:
        _SHARED[key] = Progress.open(key[0], name)
    else:
        _SHARED[key].reload()
    return _SHARED[key]


__all__ = ["FILE_NAME", "FORMAT", "LEARNER_VARIABLE", "VERSION", "BrowserStore", "FileStore",
           "Progress", "ProgressError", "Record", "Store", "dump", "file_name",
           "learner_name", "merge", "now", "parse", "progress"]
