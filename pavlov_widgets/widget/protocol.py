"""Typed intents from the browser, parsed once, and refusals with a code and a sentence.

The board's JavaScript sends plain JSON messages; this module is the one place that reads
them. :func:`parse_intent` turns a message into one typed :class:`Intent` (or refuses it), and
:func:`check_stamp` refuses an intent made on a position the board no longer shows. After that
nobody looks at the raw message again: the board hands the intent to its active session
(:mod:`pavlov_widgets.widget.sessions`), which says what it means.

The messages, one class each:

=====================================  =================  =================================
message                                intent             what the learner did
=====================================  =================  =================================
``{"kind": "choose", "option": id}``   :class:`Choose`    clicked an option (or, in the
                                                          position editor, an edit)
``{"kind": "step"}``                   :class:`Step`      Roll: the pending dice
``{"kind": "undo"}``                   :class:`Undo`      Undo
``{"kind": "redo"}``                   :class:`Redo`      Redo
``{"kind": "auto_roll", "value": b}``  :class:`AutoRoll`  switched rolling by itself
``{"kind": "why_not", "region": p}``   :class:`WhyNot`    asked why a place is not a choice
``{"kind": "answer", "region": p}``    :class:`Answer`    answered the board's question
``{"kind": "hint"}``                   :class:`Hint`      asked for a hint
``{"kind": "reveal"}``                 :class:`Reveal`    took the hot seat's cover off
``{"kind": "page", "by": 1 or -1}``    :class:`Page`      pressed → or ← in presenter mode
=====================================  =================  =================================

Every message may carry the ``rev`` and ``game`` (the board's ``game_serial``) it was made at;
:data:`STAMP_REQUIRED` lists the kinds that must.

A refusal is a :class:`Refusal`: a ``code`` from :data:`REFUSAL_CODES` (for code and tests,
like boardgame.io's error types) and a sentence for people, which the board shows where the
learner is looking. A refused intent changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pavlov_widgets.engine.errors import PlaceError
from pavlov_widgets.engine.places import Place, parse_place

REFUSAL_CODES: dict[str, str] = {
    "unreadable": "the message is not an object or a field has the wrong type",
    "unknown-kind": "the message's kind is not one the board knows",
    "stale": "the message was made on another position or another game",
    "illegal": "the engine refused the option (not legal now; the sentence names the rule)",
    "wrong-role": "the decision belongs to another role or side (7.3, 7.4)",
    "covered": "the hot seat is covered: the screen is to be passed on (7.4)",
    "asking": "the board asks a question: only an answer is taken",
    "not-asked": "the place answered is not one the question asks about",
    "still": "the board only shows a question's position until the question is answered",
    "editing": "the position editor refused the edit or the intent",
    "nothing-to-undo": "nothing to take back, or nothing to make again",
    "no-dice": "no roll is pending",
    "dice-script": "a rulebook example's scripted dice have run out",
    "no-hint": "no hint can be given here",
    "undo-off": "undo is off in a role view of a game against the German player (7.4)",
    "walkthrough": "the walkthrough refused the step (the sentence says why)",
    "not-here": "the session on the board does not take this intent",
}
"""Every refusal code, with what it means."""

STAMP_REQUIRED = frozenset({"choose", "step", "answer", "hint", "page"})
"""The kinds that must name the position they were made at (``rev``)."""


class BoardError(ValueError):
    """Bad input to a board or a session (a place, a style, a role): nothing was changed."""


class Refusal(BoardError):
    """An intent the board did not carry out: a code (:data:`REFUSAL_CODES`) and a sentence.

    Attributes:
        code: the kind of refusal, for code and tests.
        text: the sentence shown to the learner.
    """

    def __init__(self, code: str, text: str) -> None:
        if code not in REFUSAL_CODES:
            raise ValueError(f"unknown refusal code {code!r}")
        super().__init__(text)
        self.code = code
        self.text = text


@dataclass(frozen=True)
class Stamp:
    """The position an intent was made at: the board's ``rev`` and ``game_serial`` (or None)."""

    rev: int | None = None
    game: int | None = None


@dataclass(frozen=True)
class Intent:
    """Something the learner did on the board; subclasses say what."""

    stamp: Stamp

    kind = ""


@dataclass(frozen=True)
class Choose(Intent):
    """Take an option of the pending decision (in the editor: make an edit), by its id."""

    option: str
    kind = "choose"


@dataclass(frozen=True)
class Step(Intent):
    """Roll the pending dice (the Roll button, or ▶ in a walkthrough)."""

    kind = "step"


@dataclass(frozen=True)
class Undo(Intent):
    """Take back the last choice (in the editor: the last edit; in a walkthrough: ◀)."""

    kind = "undo"


@dataclass(frozen=True)
class Redo(Intent):
    """Make the last undone step again."""

    kind = "redo"


@dataclass(frozen=True)
class AutoRoll(Intent):
    """Roll dice as soon as they come up (True), or wait for the Roll button (False)."""

    value: bool
    kind = "auto_roll"


@dataclass(frozen=True)
class WhyNot(Intent):
    """Why is this place not a choice now? A question: it changes nothing."""

    place: Place
    kind = "why_not"


@dataclass(frozen=True)
class Answer(Intent):
    """The learner's answer to the board's question: a click on one of the asked places."""

    place: Place
    kind = "answer"


@dataclass(frozen=True)
class Hint(Intent):
    """Which option of the decision is best? (the Hint button)."""

    kind = "hint"


@dataclass(frozen=True)
class Reveal(Intent):
    """The hot seat's cover clicked: the next player is ready (7.4)."""

    kind = "reveal"


@dataclass(frozen=True)
class Page(Intent):
    """One moment on (``by`` 1, the → key) or back (``by`` -1, ←) in presenter mode (issue 22).

    The session says what a moment is: a walkthrough's step (▶ and ◀), a played game's
    Redo and Undo.
    """

    by: int
    kind = "page"


_PLAIN: dict[str, type[Intent]] = {
    cls.kind: cls for cls in (Step, Undo, Redo, Hint, Reveal)
}
KINDS: tuple[str, ...] = ("choose", "step", "undo", "redo", "auto_roll", "why_not", "answer",
                          "hint", "reveal", "page")
"""Every message kind the board takes, in the order of the table above."""


def parse_intent(content: Any) -> Intent:
    """Read one message from the browser as a typed intent.

    Raises:
        Refusal: ``unreadable`` (not an object, a field of the wrong type, a malformed place)
            or ``unknown-kind``.
    """
    if not isinstance(content, dict):
        raise Refusal("unreadable",
                      f"The board got a message it cannot read ({short(content)}); nothing "
                      "was done.")
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise Refusal("unknown-kind",
                      f"Unknown message kind {short(kind)} (expected one of "
                      f"{', '.join(KINDS)}); nothing was done.")
    stamp = _stamp(content, required=kind in STAMP_REQUIRED)
    if kind == "choose":
        option = content.get("option")
        if not isinstance(option, str) or not option:
            raise Refusal("unreadable",
                          f"A choice must name an option id (a string), not {short(option)}; "
                          "nothing was done.")
        return Choose(stamp, option)
    if kind == "auto_roll":
        value = content.get("value")
        if not isinstance(value, bool):
            raise Refusal("unreadable",
                          f"auto_roll needs true or false, not {short(value)}; nothing was "
                          "done.")
        return AutoRoll(stamp, value)
    if kind == "page":
        by = content.get("by")
        if by not in (1, -1) or isinstance(by, bool):
            raise Refusal("unreadable",
                          f"page needs by: 1 (one moment on) or -1 (one back), not {short(by)}; "
                          "nothing was done.")
        return Page(stamp, by)
    if kind in ("why_not", "answer"):
        place = _place(kind, content.get("region"))
        return WhyNot(stamp, place) if kind == "why_not" else Answer(stamp, place)
    return _PLAIN[kind](stamp)


def check_stamp(intent: Intent, rev: int, serial: int, what: str = "game") -> None:
    """Refuse an intent made on another game or another position than the one shown.

    ``what`` names whose rev it is in the sentence (``"game"``, ``"editor"``).

    Raises:
        Refusal: ``stale``.
    """
    stamp = intent.stamp
    if stamp.game is not None and stamp.game != serial:
        raise Refusal("stale",
                      "That click was made on a game this board no longer shows, so nothing "
                      "was done. Look at the board and choose again.")
    if stamp.rev is not None and stamp.rev != rev:
        raise Refusal("stale",
                      f"That click was made on another position (rev {stamp.rev}; the {what} "
                      f"is at rev {rev}), so nothing was done. Look at the board and choose "
                      "again.")


def _stamp(content: dict[str, Any], required: bool) -> Stamp:
    """The ``rev`` and ``game`` a message names (whole numbers, or absent)."""
    values: dict[str, int | None] = {}
    for field in ("rev", "game"):
        value = content.get(field)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise Refusal("unreadable",
                          f"{field} must be a whole number, not {short(value)}; nothing was "
                          "done.")
        values[field] = value
    if required and values["rev"] is None:
        raise Refusal("stale",
                      "The click did not say which position it was made on (no rev); nothing "
                      "was done.")
    return Stamp(values["rev"], values["game"])


def _place(kind: str, text: Any) -> Place:
    """The place a why_not or answer names, through the one place codec."""
    if not isinstance(text, str) or not text:
        raise Refusal("unreadable",
                      f"{'An answer' if kind == 'answer' else 'why_not'} needs a place (a "
                      f"string such as 'counter:pavlov'), not {short(text)}; nothing was "
                      "done.")
    try:
        return parse_place(text)
    except PlaceError as exc:
        raise Refusal("unreadable", f"{exc} Nothing was done.") from None


def short(value: Any) -> str:
    """A value as the messages quote it: its repr, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = [
    "KINDS",
    "REFUSAL_CODES",
    "STAMP_REQUIRED",
    "Answer",
    "AutoRoll",
    "BoardError",
    "Choose",
    "Hint",
    "Intent",
    "Page",
    "Redo",
    "Refusal",
    "Reveal",
    "Stamp",
    "Step",
    "Undo",
    "WhyNot",
    "check_stamp",
    "parse_intent",
]
