"""What a session is: whoever drives a board, with two duties — what to draw, what an intent means.

A :class:`~pavlov_widgets.widget.Board` keeps its traits, its comm and a stack of sessions;
the session on top drives it. Every feature that needs the board is a session, never a mode
inside the board: play (one person, a role view, the hot seat), a question asked on the board,
the position editor, and the tutor's walkthrough, coach and lab.

A session answers:

- :meth:`Session.frame`: what to draw now, as a :class:`Frame` (the game or position drawn,
  whose view it is, the pending choice, the places that matter now — its *focus* — and the
  extra panels of the bar: a question, the editor's tools, the hot seat's cover, a hint);
- :meth:`Session.handle`: what an intent (:mod:`pavlov_widgets.widget.protocol`) means; it
  acts, or raises a :class:`~pavlov_widgets.widget.protocol.Refusal` and changes nothing;
- :meth:`Session.why_not`: why a place is not a choice now (a question; it changes nothing).

A session tells its board to draw again with :meth:`Session.changed`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pavlov_widgets.engine import Game

from ..protocol import Intent, Refusal

if TYPE_CHECKING:
    from ..board import Board


@dataclass
class Frame:
    """What a session asks its board to draw, built once per change.

    Attributes:
        game: the game drawn (the editor's preview while a position is edited).
        viewer: whose view it is (a role, a side, ``view.NOBODY``), or None for everything;
            every field is built through that one redaction gate.
        choice: the ``choice`` trait (see :func:`pavlov_widgets.widget.view.choice_view`).
        rev: the rev a click must name to be taken (the game's, the editor's, the
            walkthrough's).
        focus: the places that matter now: the question's places, the options' places, the
            step's places. The board keeps them in view and draws the panels they are on.
        marks: rings the session draws itself (a hint's option, the editor's tool); the
            tutor's own marks (:meth:`Board.mark`) are added unless ``own_marks_only``.
        own_marks_only: draw only this frame's marks (the editor hides the tutor's).
        question: the board's ``question`` trait.
        edit_mode: the board's ``edit_mode`` trait.
        cover: the board's ``cover`` trait.
        seat: the board's ``seat`` trait.
        hinting: the board's ``hinting`` trait.
        error: a message of the session's own (the editor's problems), or "".
        log: the log entries to show, or None for the game's log as the viewer may read it.
        view_patch: fields laid over the ``view`` trait (``canUndo`` off in a role view).
        roll: whether the dice tray shows the game's last roll.
        narration: what a walkthrough says at this step, for presenter mode's panel (the
            board's ``narration`` trait; ``{}`` for a board that has none).
    """

    game: Game
    viewer: str | None
    choice: dict[str, Any]
    rev: int
    focus: tuple[str, ...] = ()
    marks: tuple[dict[str, str], ...] = ()
    own_marks_only: bool = False
    question: dict[str, Any] = field(default_factory=dict)
    edit_mode: dict[str, Any] = field(default_factory=dict)
    cover: dict[str, Any] = field(default_factory=dict)
    seat: dict[str, Any] = field(default_factory=dict)
    hinting: dict[str, Any] = field(default_factory=dict)
    error: str = ""
    log: list[dict[str, Any]] | None = None
    view_patch: dict[str, Any] = field(default_factory=dict)
    roll: bool = True
    narration: dict[str, Any] = field(default_factory=dict)


class Session:
    """Whoever drives a board (the base: subclasses say what to draw and what intents mean).

    Attributes:
        board: the board this session drives while it is on the board's stack, else None.
    """

    rev_name = "game"
    """What the rev a click names belongs to, in refusals ("game", "editor", "walkthrough")."""

    def __init__(self) -> None:
        self.board: Board | None = None

    @property
    def game(self) -> Game:
        """The game this session plays or shows."""
        raise NotImplementedError

    def frame(self) -> Frame:
        """What to draw now."""
        raise NotImplementedError

    def handle(self, intent: Intent) -> None:
        """Carry out an intent, or raise a Refusal (and change nothing)."""
        raise Refusal("not-here", f"This board does not take '{intent.kind}' now; nothing was "
                                  "done.")

    def why_not(self, place: str) -> tuple[str, str]:
        """Why ``place`` is not a choice now, and the rule: ``("", "")`` when it is one."""
        refusal = self.game.why_not(place)
        return ("", "") if refusal is None else (refusal.text, refusal.rule)

    def attach(self, board: Board) -> None:
        """The session is put on ``board``'s stack (it starts listening to what it shows)."""
        self.board = board

    def detach(self) -> None:
        """The session leaves its board's stack (it stops listening)."""
        self.board = None

    def changed(self) -> None:
        """What this session shows changed: its board draws again.

        A session below the top one changes what the top one draws too (a question asked
        over a game that moved on).
        """
        if self.board is not None:
            self.board.refresh()


class OverSession(Session):
    """A session laid over another one, showing its game: a question asked, a board held still.

    It draws from ``below`` and keeps its rev's name (a click made for the game below is
    stale the same way); :meth:`end` takes it off the board, and the one below drives again.
    """

    def __init__(self, below: Session) -> None:
        super().__init__()
        self.below = below
        self.rev_name = below.rev_name

    @property
    def game(self) -> Game:
        """The game of the session below."""
        return self.below.game

    def end(self) -> None:
        """End this session: the session below drives the board again."""
        board = self.board
        if board is not None and board.session is self:
            board.pop()


__all__ = ["Frame", "OverSession", "Session"]
