"""The :class:`Board`: an anywidget canvas, its synced traits, its comm and a stack of sessions.

Python is the single source of truth. The board draws whatever the **session** on top of its
stack says (:mod:`pavlov_widgets.widget.sessions`): a game played by one person, a role view
or a hot seat (7.3, 7.4), a question asked on the board, the position editor, and the tutor's
walkthrough, coach and lab. After every change the session reports, the board builds the
view model once (:mod:`pavlov_widgets.widget.view`, through one redaction gate for the
session's viewer) and syncs it as traitlets whose shapes are declared in
:mod:`pavlov_widgets.widget.model`. Because the state lives in traits, the board survives a
page reload, shows in saved notebooks and keeps several views of one board in step.

The browser sends intents only; :mod:`pavlov_widgets.widget.protocol` reads each message once
as a typed intent and refuses a stale one (made at another ``rev`` or on another game); the
session says what the intent means. A refusal carries a code and a sentence (the ``error`` and
``error_code`` traits), changes nothing, and goes with the next change. Every message is
answered: ``{"kind": "ack", "ok", "rev", "code"?}``, or for a ``why_not`` question the
engine's reason ``{"kind": "why_not", "region", "rev", "game", "text", "rule"}``.

The tutor marks places (:meth:`Board.mark`: ``focus``, ``right``, ``wrong``), asks questions
(:meth:`Board.ask` pushes an :class:`~pavlov_widgets.widget.sessions.AskSession`) and edits
positions (:meth:`Board.edit` pushes an :class:`~pavlov_widgets.widget.sessions.EditSession`).
With :attr:`Board.fit_focus` on, the board draws only the panels the session's focus is on
where the whole board would not fit its place (the ``room`` the browser measured).

Where the game is saved: :meth:`Board.autosaved` plays a game kept in a file (saved after
every change, picked up again when the cell runs a second time or after a kernel restart);
:meth:`Board.save` and :meth:`Board.load` remember their file too; :attr:`Board.save_path`
says where, and the bar shows it (the ``saved`` trait).

Presenter mode (issue 22): :meth:`Board.present` (or the board's Present button) shows the
board alone on the screen at projector scale, its bar, the narration of a walkthrough
(the ``narration`` trait) and the newest dice in large type beside it; → and ← step (the
``page`` intent: a walkthrough's ▶ and ◀, a played game's Redo and Undo) and Escape leaves.
The ``presenting`` trait says whether it is on; the browser sets it too (the button, Escape).
"""

from __future__ import annotations

import hashlib
import html
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, cast

import anywidget
import traitlets

from pavlov_widgets.engine import Game, Option, RuleSettings
from pavlov_widgets.engine.errors import PlaceError
from pavlov_widgets.engine.places import parse_place
from pavlov_widgets.engine.positions import Position

from . import outline as outlines
from . import protocol
from . import view as views
from .editor import TOOLS as TOOL_LABELS
from .protocol import AutoRoll, BoardError, Refusal, Reveal, WhyNot
from .sessions import AskSession, EditSession, HotSeatSession, PlaySession, Session
from .sessions.play import HintProvider

STATIC = Path(__file__).resolve().parent / "static"
"""The folder of ``board.js`` (the bundle of ``js/src``) and ``board.css``."""

MARK_STYLES = ("focus", "right", "wrong")
"""How :meth:`Board.mark` rings a place: ``focus`` (what a step is about), ``right``, ``wrong``."""

PANELS = views.PANELS
"""The panels a board can draw, in board order (see :attr:`Board.panels`)."""

panels_for = views.panels_for
"""``panels_for(game, places)``: the panels that show ``places`` (all three if none does)."""

WHOLE_BOARD_WIDTH = 1280
"""The width (CSS px) from which the board draws all three panels at their own size side by
side (``WIDE`` in the JavaScript): a fitted board shows the whole board from there on."""


class Panels(traitlets.List):  # type: ignore[misc]
    """The ``panels`` trait: known panel names only, at least one, kept in board order."""

    def validate(self, obj: Any, value: Any) -> list[str]:
        """One name, or a list or tuple of names; an unknown name raises BoardError."""
        try:
            names = [value] if isinstance(value, str) else list(value)
        except TypeError:
            raise BoardError(
                f"Board.panels: {protocol.short(value)} is not a list of panels; give one or "
                f"more of {', '.join(repr(p) for p in PANELS)}. The panels are unchanged."
            ) from None
        bad = [n for n in names if not isinstance(n, str) or n not in PANELS]
        if bad or not names:
            what = (f"unknown panel {', '.join(protocol.short(b) for b in bad)}" if bad
                    else "no panel given")
            raise BoardError(f"Board.panels: {what}; give one or more of "
                             f"{', '.join(repr(p) for p in PANELS)}. The panels are unchanged.")
        return [p for p in PANELS if p in names]


class _Moved:
    """A name ``Board`` had before its sessions (issue 18) that now lives elsewhere.

    Reading or setting it raises :class:`AttributeError` saying where it lives now, so that
    ``board.role = "german"`` from an old notebook fails loudly instead of making a plain
    attribute that nothing reads (the board would go on showing everything).
    """

    def __init__(self, where: str) -> None:
        self.where = where
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def _error(self) -> AttributeError:
        return AttributeError(f"Board.{self.name} is gone: {self.where}")

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            return self  # the class itself: documentation tools, inspect
        raise self._error()

    def __set__(self, obj: object, value: object) -> None:
        raise self._error()


class Board(anywidget.AnyWidget):  # type: ignore[misc]
    """A playable board for one game of *Pavlov's House*, driven by a stack of sessions.

    Args:
        game: the game to play; a new game is dealt when it is None.
        seed: the seed of that new game (0 when not given); not allowed with ``game``.
        auto_roll: roll dice as soon as they come up (default: the game's own setting).
        hint: the hint provider (a Hint button on the board; see
            :class:`~pavlov_widgets.widget.sessions.PlaySession`).
        role: draw the game as that role or side sees it (7.3, 7.4).
        hot_seat: one board for two players at one screen (7.4; see :meth:`hot_seat`).
        session: a session to drive the board instead (the tutor's walkthrough, say);
            not allowed with the other arguments.

    Example:
        >>> board = Board.new(seed=1)
        >>> board.game.apply("end-phase")  # through the game itself: the board follows
        >>> board.rev == board.game.rev == 1
        True
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    # Names the board had before its sessions (issue 18): each says where it lives now.
    role = _Moved("the role belongs to the board's play session: make the board with "
                  "Board.from_game(game, role=...) and read board.session.role.")
    hint_provider = _Moved("the hint provider belongs to the board's play session: give it "
                           "as Board(game, hint=...) or set board.session.hint_provider.")
    covered = _Moved("the cover belongs to the hot seat's session: make the board with "
                     "Board.hot_seat(game) and read board.session.covered.")
    reveal = _Moved("the cover belongs to the hot seat's session: make the board with "
                    "Board.hot_seat(game) and call board.session.reveal().")
    editing = _Moved("editing is a session: board.edit() pushes an EditSession; test "
                     "isinstance(board.session, EditSession).")
    editor = _Moved("the editor belongs to the edit session: board.edit() returns it "
                    "(session.editor), and board.session is it while editing.")
    position = _Moved("the position edited belongs to the edit session: board.edit() "
                      "returns it (session.position).")
    asking = _Moved("a question is a session: board.ask(...) returns an AskSession; test "
                    "isinstance(board.session, AskSession).")

    plan = traitlets.Dict().tag(sync=True)
    """The printed board and components (:func:`~pavlov_widgets.widget.view.layout`)."""
    view = traitlets.Dict().tag(sync=True)
    """Where everything is now (:func:`~pavlov_widgets.widget.view.game_view`)."""
    choice = traitlets.Dict().tag(sync=True)
    """The pending choice (:func:`~pavlov_widgets.widget.view.choice_view`)."""
    last_roll = traitlets.Dict().tag(sync=True)
    """The newest roll (:func:`~pavlov_widgets.widget.view.last_roll`)."""
    log_entries: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    """The newest log entries, newest first (:func:`~pavlov_widgets.widget.view.log_view`)."""
    error = traitlets.Unicode("").tag(sync=True)
    """Why the last intent was refused, or the session's own message ("" when none)."""
    error_code = traitlets.Unicode("").tag(sync=True)
    """The refusal's code (:data:`~pavlov_widgets.widget.protocol.REFUSAL_CODES`), or ""."""
    rev = traitlets.Int(0).tag(sync=True)
    """The revision drawn (the game's, the editor's or the walkthrough's); a click names it."""
    game_serial = traitlets.Int(0).tag(sync=True)
    """One more each time the game or the session changes, so a click made on what was shown
    before is refused even at the same rev."""
    auto_roll = traitlets.Bool(True).tag(sync=True)
    """Roll dice as soon as they come up; off, a Roll button shows the exact odds first."""
    saved = traitlets.Dict().tag(sync=True)
    """Where the game is saved: ``{"path", "name", "rev", "auto"}``, or ``{}``."""
    marks: traitlets.List[dict[str, str]] = traitlets.List().tag(sync=True)
    """The rings drawn: ``[{"region", "style"}]`` (the tutor's :meth:`mark` and the
    session's own; read only)."""
    focus = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The places that matter now (the session's focus): kept in view by the browser."""
    question = traitlets.Dict().tag(sync=True)
    """The question asked (:meth:`ask`): ``{"prompt", "regions"}``, or ``{}`` (read only)."""
    room = traitlets.Dict().tag(sync=True)
    """The size of the board's place as the browser measured it (``{"width", "height"}``, CSS
    px; ``{}`` before it is shown). Set by the browser only."""
    panels = Panels(list(PANELS)).tag(sync=True)
    """Which panels are drawn: some of ``"house"``, ``"square"``, ``"volga"`` in board order
    (all three by default); an unknown name raises :class:`BoardError`."""
    edit_mode = traitlets.Dict().tag(sync=True)
    """The position editor's tool, resume point, JSON and problem count while a position is
    edited (:meth:`edit`); ``{}`` otherwise (read only)."""
    hinting = traitlets.Dict().tag(sync=True)
    """The Hint button: ``{}`` without a hint provider; else ``{"on": true}`` and, once a hint
    is given, its ``text``, ``rev``, ``game`` and ``option`` (read only)."""
    seat = traitlets.Dict().tag(sync=True)
    """Whose view is drawn (7.3, 7.4): ``{}`` for everything, else ``{"role", "side", "name",
    "hot"}`` (read only)."""
    cover = traitlets.Dict().tag(sync=True)
    """The hot seat's cover between two players: ``{}``, or ``{"to", "name", "text",
    "rule"}`` (read only)."""
    narration = traitlets.Dict().tag(sync=True)
    """What a walkthrough says at its step, shown beside the board in presenter mode
    (:func:`~pavlov_widgets.tutor.walkthrough.session.narration_view`); ``{}`` for a board
    that has no narration (read only)."""
    presenting = traitlets.Bool(False).tag(sync=True)
    """Whether the board is in presenter mode (:meth:`present`); the browser sets it too: its
    Present button turns it on, Escape (or Leave) off."""
    outline: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    """The board as text, for a learner who cannot see the canvas: sections of whole
    sentences, each line naming its place (:func:`~pavlov_widgets.widget.outline.outline`,
    built from the ``view`` and ``last_roll`` drawn, so it hides what they hide; read only)."""

    def __init__(
        self,
        game: Game | None = None,
        *,
        seed: int | None = None,
        auto_roll: bool | None = None,
        hint: HintProvider | None = None,
        role: str | None = None,
        hot_seat: bool = False,
        session: Session | None = None,
        **kwargs: Any,
    ) -> None:
        """Play ``game`` (or a new one dealt from ``seed``), or be driven by ``session``.

        Raises:
            TypeError: both a game and a seed, or a game that is not a Game.
            BoardError: ``role`` is not a role of the game, both ``role`` and ``hot_seat``,
                or ``session`` with a game, seed, role or hot seat.
        """
        if session is not None:
            if game is not None or seed is not None or role is not None or hot_seat:
                raise BoardError("Board(): give a session, or a game (seed, role, hot seat), "
                                 "not both; nothing was made.")
        else:
            if game is not None and seed is not None:
                raise TypeError("Board(): give a game or a seed, not both")
            if role is not None and hot_seat:
                raise BoardError("Board(): give a role or hot_seat=True, not both (a hot seat "
                                 "shows each side in turn); nothing was made.")
            if game is None:
                game = Game.new(seed=0 if seed is None else seed)
            session = (HotSeatSession(game, hint=hint) if hot_seat
                       else PlaySession(game, role=role, hint=hint))
        if auto_roll is not None:
            session.game.auto_roll = bool(auto_roll)
        self.fit_focus = False
        """Draw only the panels of the session's focus where the whole board does not fit
        its place (the tutor's walkthroughs, exercises and lab turn it on)."""
        self._stack: list[Session] = []
        self._save_path: Path | None = None
        self._autosave = False
        self._plan_key = ""
        self._places: frozenset[str] = frozenset()
        self._marks: list[dict[str, str]] = []
        self._pictures = 0
        super().__init__(**kwargs)
        self._stack.append(session)
        session.attach(self)
        self.on_msg(lambda _widget, content, _buffers: self.handle_message(content))
        self.observe(lambda _change: self.refresh(), names="room")
        self.observe(lambda change: _follow_auto_roll(self, change["new"]), names="auto_roll")
        self.refresh()

    # --- making boards ----------------------------------------------------------------

    @classmethod
    def new(cls, seed: int = 0, *, settings: RuleSettings | None = None,
            auto_roll: bool = True) -> Board:
        """A board with a new game dealt from ``seed`` (Setup 1–11) under ``settings``."""
        return cls(Game.new(seed=seed, settings=settings, auto_roll=auto_roll))

    @classmethod
    def from_game(cls, game: Game, *, role: str | None = None,
                  hot_seat: bool = False) -> Board:
        """A board playing an existing game (shared, not copied), as ``role`` sees it.

        Raises:
            BoardError: ``role`` is not a role of the game (the message lists them).
        """
        return cls(game, role=role, hot_seat=hot_seat)

    @classmethod
    def hot_seat(cls, game: Game) -> Board:
        """One board for the players of ``game`` taking turns at one screen (7.4).

        It shows the side whose decision it is; when that side changes, a cover ("Pass to the
        German player — click when ready") hides the board until it is clicked
        (``board.session.reveal()`` from code). See
        :class:`~pavlov_widgets.widget.sessions.HotSeatSession`.

        Example:
            >>> from pavlov_widgets.engine import RuleSettings
            >>> game = Game.new(seed=2, settings=RuleSettings.for_variant("competitive"))
            >>> board = Board.hot_seat(game)
            >>> board.cover["text"]
            'Pass to the German player — click when ready'
            >>> board.session.reveal(); board.session.role
            'german'
        """
        return cls(game, hot_seat=True)

    @classmethod
    def autosaved(cls, path: str | Path, *, seed: int = 0,
                  settings: RuleSettings | None = None, auto_roll: bool = True) -> Board:
        """A board whose game lives in the file ``path``: saved there after every change.

        If the file holds a saved game, the board picks it up where it was (so running the
        cell again, or after a kernel restart, goes on with the same game); otherwise a new
        game is dealt from ``seed`` under ``settings`` and saved there at once.

        Raises:
            SaveFormatError: the file is not a saved game (it is left as it was).
        """
        where = Path(path)
        exists = where.exists()
        game = (Game.load(where) if exists
                else Game.new(seed=seed, settings=settings, auto_roll=auto_roll))
        board = cls(game)
        board._save_path, board._autosave = where, True
        board.refresh()  # writes the file and says where
        return board

    def save(self, path: str | Path | None = None) -> None:
        """Save the game (JSON) to ``path``, or to the file it was last saved in or loaded from.

        Raises:
            ValueError: no path was given and the game has never been saved.
        """
        target = Path(path) if path is not None else self._save_path
        if target is None:
            raise ValueError("Board.save(): give a path, e.g. board.save('my-game.json') (this "
                             "board's game has not been saved yet)")
        _write(self.game, target)
        self._save_path = target
        self.saved = _saved(target, self.game.rev, self._autosave)

    @property
    def save_path(self) -> Path | None:
        """The file this board's game is saved in, or None (see :meth:`autosaved`)."""
        return self._save_path

    # --- the game and the sessions ----------------------------------------------------

    @property
    def game(self) -> Game:
        """The game the board shows (the session's); every change to it shows on the board."""
        return self._stack[0].game

    @game.setter
    def game(self, game: Game) -> None:
        base = self._stack[0]
        if not isinstance(base, PlaySession):
            raise BoardError(f"Board.game: this board is driven by a "
                             f"{type(base).__name__}, which owns its game; nothing was "
                             "changed.")
        base.replace_game(game)  # checks the game and the role first
        with self.hold_sync():
            # questions, edits and marks belong to the game they were made for
            while len(self._stack) > 1:
                self._stack.pop().detach()
            self._marks = []
            self.game_serial += 1
            self.refresh()

    @property
    def session(self) -> Session:
        """The session driving the board now (the top of the stack)."""
        return self._stack[-1]

    def push(self, session: Session) -> Session:
        """Let ``session`` drive the board until it is popped (the one below waits)."""
        if not isinstance(session, Session):
            raise TypeError(f"Board.push(): a Session, not {type(session).__name__}")
        self._stack.append(session)
        session.attach(self)
        self.game_serial += 1  # a click made for the session below is not for this one
        self.refresh()
        return session

    def pop(self) -> Session:
        """End the top session: the one below drives the board again.

        Raises:
            BoardError: only the board's own session is left.
        """
        if len(self._stack) == 1:
            raise BoardError("Board.pop(): only the board's own session is left; nothing was "
                             "done.")
        top = self._stack.pop()
        top.detach()
        self.game_serial += 1
        self.refresh()
        return top

    def apply(self, option: str | Option) -> None:
        """Take one legal option of the pending decision, as the session's role.

        Raises:
            IllegalActionError: not a legal option now; the game is unchanged.
            WrongRoleError: the decision belongs to another role (7.3, 7.4).
            BoardError: the session on top takes no choices from code (a question, the
                editor: use its own methods).
        """
        session = self.session
        if not isinstance(session, PlaySession):
            raise BoardError(f"Board.apply(): the board is driven by a "
                             f"{type(session).__name__} now; nothing was done.")
        session.apply(option)

    # --- the tutor's marks, questions and edits ---------------------------------------

    def mark(self, places: Iterable[str] | str, style: str = "focus") -> None:
        """Ring places in ``style``: ``focus`` (blue), ``right`` (green, a tick), ``wrong``.

        Marks add up (a place marked again takes the new style), stay while the game moves
        on, and go with :meth:`clear_marks` or another game.

        Raises:
            BoardError: an unknown style, or a place this board never draws; unchanged.
        """
        if not isinstance(style, str) or style not in MARK_STYLES:
            raise BoardError(f"Board.mark(): unknown style {protocol.short(style)}; the styles "
                             f"are {', '.join(repr(s) for s in MARK_STYLES)}. Nothing was "
                             "marked.")
        wanted = _check_places("Board.mark()", places, self._places, allow_empty=True)
        kept = [m for m in self._marks if m["region"] not in wanted]
        self._marks = kept + [{"region": p, "style": style} for p in wanted]
        self.refresh()

    def clear_marks(self, style: str | None = None) -> None:
        """Take the marks off (only those of ``style`` when it is given).

        Raises:
            BoardError: an unknown style; the marks are unchanged.
        """
        if style is not None and (not isinstance(style, str) or style not in MARK_STYLES):
            raise BoardError(f"Board.clear_marks(): unknown style {protocol.short(style)}; the "
                             f"styles are {', '.join(repr(s) for s in MARK_STYLES)} (or None "
                             "for all). Nothing was cleared.")
        self._marks = [m for m in self._marks if style is not None and m["style"] != style]
        self.refresh()

    def ask(self, prompt: str, places: Iterable[str] | str,
            on_answer: Callable[[str], None]) -> AskSession:
        """Ask the learner to click one of ``places`` (see :class:`AskSession`).

        Another question asked replaces this one; ``session.end()`` ends it.

        Raises:
            BoardError: an empty prompt, no places, a place this board never draws, an
                ``on_answer`` that cannot be called, or the board is editing; unchanged.
        """
        if isinstance(self.session, EditSession):
            raise BoardError("Board.ask(): the board is editing a position (finish with "
                             "Done); nothing was asked.")
        asked = _check_places("Board.ask()", places, self._places, allow_empty=False)
        below = self._stack[-2] if isinstance(self.session, AskSession) else self.session
        try:
            question = AskSession(below, prompt, asked, on_answer)
        except ValueError as exc:
            raise BoardError(str(exc)) from None
        with self.hold_sync():
            if isinstance(self.session, AskSession):
                self._stack.pop().detach()
            self.push(question)
        return question

    def edit(self, position: Position | None = None) -> EditSession:
        """Edit a position on the board (the game waits, unchanged); see :class:`EditSession`.

        ``position`` None takes the game's moment (the last moment at or before now where
        play can resume). "Play from here" makes it the board's game; "Done" goes back.

        Raises:
            BoardError: the board shows one side's view, or asks a question.
            PositionError: no moment of the game can be described (it is over, say).
            TypeError: ``position`` is not a Position.
        """
        session = self.session
        if isinstance(session, PlaySession) and session.viewer() is not None:
            raise BoardError("Board.edit(): this board shows one side's view (7.3, 7.4); edit "
                             "on a board showing everything (role None). Nothing was done.")
        if isinstance(session, AskSession):
            raise BoardError("Board.edit(): the board asks a question now; nothing was done.")
        if position is None:
            position = Position.from_game(self.game, earlier=True)
        editing = EditSession(position, auto_roll=self.game.auto_roll)
        with self.hold_sync():
            if isinstance(session, EditSession):
                self._stack.pop().detach()
            self.push(editing)
        return editing

    # --- drawing ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Draw what the session says now: every trait recomputed once, sent in one message.

        A refusal's sentence belongs to the position it was made at: it goes. A game opened
        with :meth:`autosaved` is saved to its file here, after every change.
        """
        if not self._stack:
            return  # still being built
        frame = self.session.frame()
        game = frame.game
        with self.hold_sync():
            key = views.layout_key(game)
            if self._plan_key != key:
                self.plan = views.layout(game)
                self._places = views.region_ids(game)
                self._plan_key = key
            seen = views.sight(game, frame.viewer)  # the one redaction gate for this drawing
            view = views.game_view(seen)
            view.update(frame.view_patch)
            self.view = view
            self.choice = frame.choice
            self.last_roll = views.last_roll(seen) if frame.roll else {}
            self.outline = outlines.outline(game.components, self.plan, view, self.last_roll)
            self.log_entries = frame.log if frame.log is not None else views.log_view(seen)
            own = [] if frame.own_marks_only else self._marks
            ringed = {m["region"] for m in frame.marks}
            self.marks = [m for m in (*own, *frame.marks)
                          if m["region"] in self._places
                          and (m in frame.marks or m["region"] not in ringed)]
            self.focus = [p for p in frame.focus if p in self._places]
            self.narration = frame.narration
            for name in ("question", "edit_mode", "cover", "seat", "hinting"):
                value = getattr(frame, name)
                if getattr(self, name) != value:
                    setattr(self, name, value)
            self.error, self.error_code = frame.error, ""
            self.rev = frame.rev
            if self.auto_roll != game.auto_roll:
                self.auto_roll = game.auto_roll
            if self.fit_focus:
                wide = self.room.get("width", 0) >= WHOLE_BOARD_WIDTH
                self.panels = list(PANELS) if wide else list(panels_for(game, self.focus))
            if self._autosave and self._save_path is not None and game is self.game:
                try:
                    _write(game, self._save_path)
                except OSError as exc:
                    self.error = f"The game could not be saved in {self._save_path}: {exc}"
                else:
                    self.saved = _saved(self._save_path, game.rev, True)

    def present(self, on: bool = True) -> None:
        """Show the board in presenter mode (issue 22), or leave it with ``on=False``.

        The board covers the whole browser window at projector scale: the board as large as
        the screen shows it whole, the bar, a walkthrough's narration and the newest dice in
        large type beside it (readable from the back of a classroom). Keys while presenting:
        → one moment on and ← one back (in a walkthrough ▶ and ◀; on a board playing a game,
        Redo and Undo: the game's moments made again and taken back), Escape leaves and the
        notebook is as it was; Enter and ↑ ↓ still choose among the options. From Python the
        board covers the window (a page may enter true full screen only on a click): the
        board's own Present button asks for full screen.

        Works wherever the board is shown (JupyterLab, Voila, JupyterLite) with no extension.
        A board not shown yet starts presenting when it is drawn.

        Raises:
            BoardError: ``on`` is not True or False; nothing was changed.
        """
        if not isinstance(on, bool):
            raise BoardError(f"Board.present(): on must be True (present) or False (leave), "
                             f"not {protocol.short(on)}; nothing was changed.")
        self.presenting = on

    # --- messages from the browser ----------------------------------------------------

    def handle_message(self, content: Any) -> dict[str, Any]:
        """Act on one message from the browser and answer it (what ``on_msg`` does).

        The message is read once as a typed intent (:func:`protocol.parse_intent`), a stale
        one is refused, and the session says what it means. A ``why_not`` question is
        answered with the reason; an intent with an ``ack``. A refusal sets ``error`` and
        ``error_code`` and changes nothing.

        Returns:
            The answer sent to the browser.
        """
        session = self.session
        try:
            intent = protocol.parse_intent(content)
            if isinstance(intent, WhyNot):
                text, rule = session.why_not(intent.place.id)
                answer = {"kind": "why_not", "region": intent.place.id, "rev": self.rev,
                          "game": self.game_serial, "text": text, "rule": rule}
                self.send(answer)
                return answer
            if not isinstance(intent, AutoRoll):
                protocol.check_stamp(intent, self.rev, self.game_serial, session.rev_name)
            if isinstance(intent, Reveal) and not isinstance(session, HotSeatSession):
                raise Refusal("not-here", "This board is not a hot seat: there is no cover to "
                                          "take off; nothing was done.")
            session.handle(intent)
        except Refusal as refusal:
            self.error, self.error_code = refusal.text, refusal.code
            answer = {"kind": "ack", "ok": False, "rev": self.rev, "code": refusal.code}
        except Exception:
            # the tutor's code (an answer, a hint) failed: the browser takes clicks again
            self.send({"kind": "ack", "ok": False, "rev": self.rev, "code": "not-here"})
            raise
        else:
            if self.error_code:  # an earlier refusal: this intent was taken
                self.error, self.error_code = "", ""
            answer = {"kind": "ack", "ok": True, "rev": self.rev}
        self.send(answer)
        return answer

    def close(self) -> None:
        """Close the widget and stop every session listening."""
        for session in reversed(getattr(self, "_stack", [])):
            session.detach()
        super().close()

    # --- display ----------------------------------------------------------------------

    def __repr__(self) -> str:
        """Turn, phase and the pending choice: stable text for saved notebooks and nbval."""
        session = self.session
        game = self.game
        if isinstance(session, EditSession):
            tool = TOOL_LABELS.get(session.editor.tool, "") or "none"
            return (f"<Board: editing a position ({session.editor.resume_text()}); tool: "
                    f"{tool}>")
        if game.is_over:
            o = game.outcome or {}
            return f"<Board: game over on turn {game.turn}: {o.get('level')}, score " \
                   f"{o.get('score')}>"
        prompt = str(self.choice.get("prompt", "")).removeprefix(f"{game.phase_label}: ")
        seat = self.seat
        whose = ""
        if isinstance(session, HotSeatSession):
            whose = (" (hot seat, covered)" if session.covered
                     else f" (hot seat: {seat.get('name')}'s view)")
        elif seat.get("name"):
            whose = f" ({seat['name']}'s view)"
        return f"<Board{whose}: turn {game.turn}, {game.phase_label}; now: {prompt}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The live widget, plus a static picture for places without a widget manager."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = cast(tuple[dict[str, Any], dict[str, Any]], bundle)
        data = dict(data)
        data["text/plain"] = repr(self)
        data["text/html"] = self.static_html()
        return data, metadata

    def static_html(self) -> str:
        """A self-contained HTML picture of the board (no kernel, no network).

        Drawn by the same ``board.js`` (inlined as a module script) from the state embedded
        as JSON, so saved notebooks and HTML exports show the board as it was. Pages without
        scripts get the board as text (the game's text in a full view only: it names every
        card, hidden ones included).
        """
        state = json.dumps(sync_state(self), separators=(",", ":"), ensure_ascii=False)
        # A stable id (same state, same id) keeps saved outputs deterministic; the counter
        # keeps two pictures of one board on a page apart.
        self._pictures += 1
        digest = hashlib.sha1(state.encode("utf-8")).hexdigest()[:12]
        ident = f"pavlov-static-{digest}-{self._pictures}"
        css = (STATIC / "board.css").read_text(encoding="utf-8")
        module = (STATIC / "board.js").read_text(encoding="utf-8")
        text = self.game.render_text() if not self.seat else repr(self)
        return (
            f'<div id="{ident}" class="pavlov-static-root">'
            f"<style>{css}</style>"
            f"<noscript><pre>{html.escape(text)}</pre></noscript>"
            f'<script type="application/json">{json_safe(state)}</script>'
            f'<script type="module">\n{script_safe(module)}\n'
            f'const root = document.getElementById("{ident}");\n'
            "const data = JSON.parse(root.querySelector('script[type=\"application/json\"]')"
            ".textContent);\n"
            "drawStatic(root, data);\n"
            "</script></div>"
        )

    def save_html(self, path: str | Path) -> None:
        """Write a standalone HTML page with a picture of the board as it is now."""
        title = html.escape(f"Pavlov's House, turn {self.game.turn}")
        Path(path).write_text(
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{title}</title></head>"
            f'<body style="margin:12px">{self.static_html()}</body></html>\n',
            encoding="utf-8")


SYNCED = ("plan", "view", "choice", "last_roll", "log_entries", "error", "error_code", "rev",
          "game_serial", "auto_roll", "saved", "marks", "focus", "question", "panels",
          "edit_mode", "hinting", "seat", "cover", "outline", "narration", "presenting")
"""The traits the browser draws from (``room`` goes the other way)."""


def sync_state(board: Board) -> dict[str, Any]:
    """The drawable state as the browser receives it (plain JSON data)."""
    return {name: getattr(board, name) for name in SYNCED}


def _follow_auto_roll(board: Board, on: bool) -> None:
    """``board.auto_roll`` set from code: the session's game rolls by itself or waits.

    A module function the board's ``__init__`` observes with (as it does ``room``): the
    board's class keeps its methods for its public interface (a guard test counts them).
    """
    session = board.session if board._stack else None
    if session is None or session.game.auto_roll == on:
        return
    if isinstance(session, PlaySession):
        session.set_auto_roll(bool(on))  # rolls now if dice wait
    else:
        session.game.auto_roll = bool(on)


def load(source: str | Path) -> Board:
    """A board playing a saved game: a path or JSON text (``Board.load`` on the class)."""
    board = Board(_read_game(source))
    _remember_file(board, source)
    return board


def _load_into(board: Board, source: str | Path | Game) -> None:
    """Replace ``board``'s game with a saved one (a path, JSON text or a Game)."""
    board.game = source if isinstance(source, Game) else _read_game(source)
    if not isinstance(source, Game):
        _remember_file(board, source)


class _Load:
    """``Board.load(path)`` makes a new board; ``board.load(path)`` loads into this one."""

    def __get__(self, obj: Board | None, owner: type[Board]) -> Callable[..., Any]:
        if obj is None:
            return load
        return lambda source: _load_into(obj, source)


Board.load = _Load()  # type: ignore[assignment,method-assign]


def _remember_file(board: Board, source: str | Path) -> None:
    """After a load from a file (not JSON text): the game is saved there, as it is now.

    A board made by :meth:`Board.autosaved` keeps its own file: the game it shows lives there.
    """
    if board._autosave:
        return
    if isinstance(source, Path) or not source.lstrip().startswith("{"):
        board._save_path = Path(source)
        board.saved = _saved(board._save_path, board.game.rev, False)


def _check_places(where: str, places: Iterable[str] | str, known: frozenset[str],
                  allow_empty: bool) -> list[str]:
    """The places as a list without repeats, each one the board draws for its game.

    Raises:
        BoardError: naming the bad place and the places of its kind.
    """
    listed = [places] if isinstance(places, str) else places
    try:
        listed = list(listed)
    except TypeError:
        raise BoardError(f"{where}: places must be place ids such as 'square:R2' (a list, or "
                         f"one string), not {protocol.short(places)}; nothing was "
                         "changed.") from None
    if not listed and not allow_empty:
        raise BoardError(f"{where}: no places given; nothing was changed.")
    for place in listed:
        if not isinstance(place, str) or place not in known:
            raise BoardError(f"{where}: {_place_problem(place, known)}; nothing was changed.")
    return list(dict.fromkeys(listed))


def _place_problem(place: object, known: frozenset[str]) -> str:
    """Why ``place`` is not a place of this board: malformed, or not of this game."""
    if not isinstance(place, str):
        return f"a place is a string such as 'square:R2', not {protocol.short(place)}"
    try:
        kind = parse_place(place).kind
    except PlaceError as exc:
        return str(exc).rstrip(".")
    same = sorted(p for p in known if parse_place(p).kind == kind)
    shown = ", ".join(same[:20]) + (f" and {len(same) - 20} more" if len(same) > 20 else "")
    return f"{protocol.short(place)} is not a place of this board (its {kind} places are {shown})"


def _saved(path: Path, rev: int, auto: bool) -> dict[str, Any]:
    """The ``saved`` trait."""
    return {"path": str(path), "name": path.name, "rev": rev, "auto": auto}


def _write(game: Game, path: Path) -> None:
    """Write the saved game to ``path`` whole or not at all (a new file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f".{path.name}.part")
    part.write_text(game.to_json(), encoding="utf-8")
    os.replace(part, path)


def _read_game(source: str | Path) -> Game:
    """A saved game from a path, or from JSON text."""
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return Game.from_json(source)
    if not isinstance(source, (str, Path)):
        raise TypeError(f"load(): expected a path or JSON text, not {type(source).__name__}")
    return Game.load(source)


def script_safe(code: str) -> str:
    """JavaScript that can sit inside a <script> element without ending it.

    Every page that inlines the board's script uses it: the static picture, a replay
    (:mod:`pavlov_widgets.replay`) and the docs' shared copy.
    """
    return code.replace("</", "<\\/")


def json_safe(text: str) -> str:
    """JSON that can sit inside a <script> element: every ``<`` becomes a unicode escape.

    For the saved state of a static picture and a replay's moments.
    """
    return text.replace("<", "\\u003c")


__all__ = [
    "MARK_STYLES",
    "PANELS",
    "STATIC",
    "SYNCED",
    "WHOLE_BOARD_WIDTH",
    "Board",
    "BoardError",
    "json_safe",
    "load",
    "panels_for",
    "script_safe",
    "sync_state",
]
