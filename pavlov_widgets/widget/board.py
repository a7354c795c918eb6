"""The :class:`Board`: an anywidget canvas bound to an engine :class:`~pavlov_widgets.engine.Game`.

Python is the single source of truth, and the game owns its revision: the board listens to
its game (:meth:`Game.on_change <pavlov_widgets.engine.Game.on_change>`) and after every change
— made by a click, by the board's methods or straight through ``board.game.apply(...)`` —
recomputes what the browser draws and syncs it as traitlets (see
:mod:`pavlov_widgets.widget.view`): ``plan`` (the printed board, once per game), ``view``
(where everything is), ``choice`` (the pending choice), ``last_roll``, ``log_entries``,
``error``, ``rev`` (the game's :attr:`~pavlov_widgets.engine.Game.rev`), ``game_serial``
(which game the board shows), ``auto_roll`` and ``saved`` (where the game is saved). Three more
traits belong to the tutor, not to the game: ``marks`` (places ringed by :meth:`Board.mark`),
``question`` (a question asked with :meth:`Board.ask`) and ``panels`` (which panels are drawn).
Because
the state lives in traits, the board survives a page reload (JupyterLab restores every view
whose output the notebook file holds from the running kernel, at the moment the game is at),
shows in saved notebooks and keeps several views of one board in step.

The browser sends intents only:

- ``{"kind": "choose", "option": <id>, "rev": <rev>, "game": <serial>}`` — take an option
  of the pending decision;
- ``{"kind": "step", "rev": <rev>, "game": <serial>}`` — roll the pending dice;
- ``{"kind": "undo"}`` / ``{"kind": "redo"}`` (with ``rev`` and ``game`` from the board);
- ``{"kind": "auto_roll", "value": true|false}``;
- ``{"kind": "answer", "region": <region>, "rev": <rev>, "game": <serial>}`` — the learner's
  answer to the question the board asks (:meth:`Board.ask`): a click on one of the asked
  places. While a question is asked the board takes no other intent (the learner answers, not
  plays);
- ``{"kind": "why_not", "region": <region>, "rev": <rev>, "game": <serial>}`` — a question,
  not an intent: why is this place not a choice now? The board answers with a custom
  ``{"kind": "why_not", "region", "rev", "game", "text", "rule"}`` message carrying the
  engine's reason (:meth:`Game.why_not <pavlov_widgets.engine.Game.why_not>`; an empty text
  when the place is a choice) for the position the game is at, and changes nothing.

A message that cannot be read (not an object, an unknown kind, the wrong types) or that was
made on another position (its ``rev`` is not the game's, or its ``game`` not the one shown)
is refused here; everything else goes to the game, which is the only judge of what is legal:
its error is shown as it is. A refused message leaves the game exactly as it was and puts a
clear sentence in ``error``, which the board shows under the picture; the next change of the
game clears it. Each message is acknowledged with a custom
``{"kind": "ack", "ok": ..., "rev": ...}`` message so the browser can take clicks again.

The tutor marks places and asks questions on the board (issue 12):

- :meth:`Board.mark` rings places in a style: ``focus`` (what a walkthrough step is about, a
  calm blue ring), ``right`` (green, with a tick) or ``wrong`` (red, with a cross);
  :meth:`Board.clear_marks` takes them off. Marks stay while the game moves on and go when the
  board is given another game.
- :meth:`Board.ask` turns the board into a question: the asked places glow in the question's
  colour instead of the game's options, the bar shows the prompt, and a click on one of them
  (or :meth:`Board.answer` from code) calls ``on_answer(region)``; :meth:`Board.end_ask` ends
  it. :attr:`Board.asking` is the prompt, or "".
- :attr:`Board.panels` says which panels are drawn (``house``, ``square``, ``volga``): a board
  drawing only the panels a step is about is smaller (a focus view). :func:`panels_for` picks
  them for a set of regions.

Bad input to any of these raises :class:`BoardError` (a ``ValueError``) naming what is wrong
and what is allowed, and changes nothing.

The what-if lab (issue 13) adds two things:

- an edit mode: :meth:`Board.edit` opens a position (the game's moment by default) in the
  position editor (:mod:`pavlov_widgets.widget.editor`); the bar becomes its palette of tools
  and the board draws the position being edited. The browser sends the same ``choose``
  intents (and ``undo``/``redo``, which take back edits); the editor judges them with the
  validating :class:`~pavlov_widgets.engine.examples.positions.Position`. A refused edit
  changes nothing and says why under the board; an impossible position is kept to be fixed
  and :meth:`Board.play_from_here` refuses it with the engine's message.
  :meth:`Board.stop_editing` goes back to the game unchanged. The ``edit_mode`` trait says
  the board is editing (the bar turns violet, with an "Edit mode" badge);
- a Hint button, when the board has a :attr:`Board.hint_provider` (set by the tutor, so the
  widget never imports it): the browser sends ``{"kind": "hint", "rev", "game"}``,
  :meth:`Board.hint` asks the provider, rings the best option's places and shows its
  sentence in the bar (the ``hinting`` trait) until the game moves on.

The two-player variants (issue 14; 7.3 Cooperative, 7.4 Competitive) add **role views** and
the **hot seat**:

- ``Board.from_game(game, role="house")`` (or :attr:`Board.role` set later) draws the game as
  one role (or side) sees it: the other side's hidden cards are face-down backs with their
  counts (the German hand, order pile and Tactics cards for the Soviet side; the Soviet hand
  not yet played for the German side), the log leaves out the entries marked for the other
  side, and while the decision belongs to another role the bar says "Waiting for the house
  commander (7.3)" and nothing glows. A choice for another role is refused with the engine's
  :class:`~pavlov_widgets.engine.errors.WrongRoleError` text, rule included, shown under the
  board like every refusal. ``role=None`` (the default) draws everything, as for one person.
  Several boards on one game (two screens on one kernel, or side by side) all follow the game
  (:meth:`Game.on_change <pavlov_widgets.engine.Game.on_change>`), so they stay in step.
  In the competitive game the German view's cards strip holds the German hand, the Tactics
  hand, the orders placed so far (in order) and the Tactics card chosen: the Wehrmacht
  Planning options glow on those cards.
- :meth:`Board.hot_seat` is one board for two players at one screen: it shows the view of the
  side whose decision it is (``game.side_to_decide()``), and when that side changes it puts up
  a cover over the whole board, "Pass to the German player — click when ready", drawn from
  what both sides may see (both hands face down, :data:`~pavlov_widgets.widget.view.NOBODY`).
  The browser sends ``{"kind": "reveal", "game": <serial>}`` when the cover is clicked
  (:meth:`Board.reveal` from code): the next side's view shows. Nothing the side on screen
  may not see is ever in the synced traits (they are visible in the browser's developer
  tools), covered or not.

In a game with a German player, a role view (and the hot seat) has no Undo: a choice taken
back could be made again knowing what the other side did since.

Where the game is saved: :meth:`Board.autosaved` plays a game kept in a file (saved after every
change, picked up again when the cell runs a second time or after a kernel restart);
:meth:`Board.save` and :meth:`Board.load` remember their file too. :attr:`Board.save_path`
says where, and the bar shows it (the ``saved`` trait).
"""

from __future__ import annotations

import hashlib
import html
import json
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

import anywidget
import traitlets

from pavlov_widgets.engine import Decision, Game, Option, RuleSettings
from pavlov_widgets.engine import roles as roles_mod
from pavlov_widgets.engine.errors import (
    DiceScriptExhaustedError,
    IllegalActionError,
    NotAChanceStepError,
    NothingToUndoError,
    PositionError,
)
from pavlov_widgets.engine.examples.positions import Position

from . import view as views
from .editor import TOOLS as TOOLS_LABELS
from .editor import EditError, Editor

STATIC = Path(__file__).resolve().parent / "static"
"""The folder of ``board.js`` and ``board.css``."""

MESSAGE_KINDS = ("choose", "step", "undo", "redo", "auto_roll", "why_not", "answer", "hint",
                 "reveal")
"""The messages the browser may send: five intents, one question (``why_not``), the
learner's answer to the board's own question (``answer``), a request for a hint (``hint``,
see :meth:`Board.hint`) and a click on the hot seat's cover (``reveal``, see
:meth:`Board.reveal`)."""

HintProvider = Callable[[Game], Any]
"""What :attr:`Board.hint_provider` is: a function of the game at a decision returning a hint
with ``option_id`` and ``sentence`` (the tutor's ``pavlov_widgets.tutor.compare.hint``)."""

MARK_STYLES = ("focus", "right", "wrong")
"""How :meth:`Board.mark` rings a place: ``focus`` (what a step is about), ``right``, ``wrong``."""

PANELS = views.PANELS
"""The panels a board can draw, in board order (see :attr:`Board.panels`)."""

panels_for = views.panels_for
"""``panels_for(game, regions)``: the panels that show ``regions`` (all three if none does)."""


class BoardError(ValueError):
    """Bad input to the board (a region, a style, a panel, an answer): nothing was changed."""


class BoardMessageError(BoardError):
    """A message from the browser that the board cannot act on (shown under the board)."""


class _LoadDescriptor:
    """``Board.load(path)`` makes a new board; ``board.load(path)`` loads into this one."""

    def __get__(self, obj: Board | None, owner: type[Board]) -> Callable[..., Any]:
        if obj is None:
            return owner._load_new
        return obj._load_into


class Board(anywidget.AnyWidget):  # type: ignore[misc]
    """A playable board for one game of *Pavlov's House*.

    Args:
        game: the game to show; a new game is dealt when it is None.
        seed: the seed of that new game (0 when not given); not allowed with ``game``.
        auto_roll: roll dice as soon as they come up (default: the game's own setting).

    Example:
        >>> board = Board.new(seed=1)
        >>> board.game.apply("end-phase")  # through the game itself: the board follows
        >>> board.rev == board.game.rev == 1
        True
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

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
    """Why the last message from the browser was refused ("" once the game has moved on)."""
    rev = traitlets.Int(0).tag(sync=True)
    """The game's revision (:attr:`Game.rev <pavlov_widgets.engine.Game.rev>`) as drawn; a
    click names the rev it was made at."""
    game_serial = traitlets.Int(0).tag(sync=True)
    """Which game the board shows: one more each time the game is replaced (``load``,
    ``board.game = ...``), so a click made on the game shown before is refused even where
    the two games are at the same rev."""
    auto_roll = traitlets.Bool(True).tag(sync=True)
    """Roll dice as soon as they come up; off, a Roll button shows the exact odds first."""
    saved = traitlets.Dict().tag(sync=True)
    """Where the game is saved: ``{"path": ..., "name": <the file's name>, "rev": <the rev
    saved>, "auto": <saved after every change>}``, or ``{}`` when it has not been saved (see
    :attr:`save_path`)."""
    marks: traitlets.List[dict[str, str]] = traitlets.List().tag(sync=True)
    """The places ringed by :meth:`mark`: ``[{"region": ..., "style": ...}]`` (read only;
    set them with :meth:`mark` and :meth:`clear_marks`)."""
    question = traitlets.Dict().tag(sync=True)
    """The question the board asks (:meth:`ask`): ``{"prompt": ..., "regions": [...]}``, or
    ``{}`` (read only; see :meth:`ask`, :meth:`end_ask`)."""
    room = traitlets.Dict().tag(sync=True)
    """The size of the board's place as the browser last measured it: ``{"width": ...,
    "height": ...}`` in CSS px (``{}`` before it is shown). Set by the browser only; the
    tutor reads it to choose a focus view (:attr:`panels`) where the whole board would not
    fit."""
    # Any, not List: every value is checked (and put in board order) by _valid_panels, which
    # names what is wrong in a BoardError
    panels = traitlets.Any().tag(sync=True)
    """Which panels are drawn: a list of some of ``"house"``, ``"square"``, ``"volga"`` (kept
    in board order; all three by default). The header, the cards and dice strip and the log
    are always drawn. Set it to a list, a tuple or one name; an unknown name raises
    :class:`BoardError`."""

    edit_mode = traitlets.Dict().tag(sync=True)
    """The position editor's state while the board edits a position (:meth:`edit`):
    ``{"tool": <the tool's label or "">, "resume": <where play resumes, in words>, "json":
    <the position's JSON once Copy JSON was clicked, else "">, "problems": <how many>}``;
    ``{}`` while the board plays its game (read only)."""
    hinting = traitlets.Dict().tag(sync=True)
    """The Hint button: ``{}`` without a :attr:`hint_provider` (no button); else ``{"on":
    true}`` and, once a hint is given, its ``text`` and the ``rev`` and ``game`` it answers
    (read only; see :meth:`hint`)."""
    seat = traitlets.Dict().tag(sync=True)
    """Whose view the board draws (7.3, 7.4): ``{}`` for everything; else ``{"role": ...,
    "side": ..., "name": "the German player", "hot": <a hot seat>}`` (read only; see
    :attr:`role` and :meth:`hot_seat`)."""
    cover = traitlets.Dict().tag(sync=True)
    """The hot seat's cover between two players: ``{}`` when none; else ``{"to": <the side
    to pass to>, "name": "the German player", "text": "Pass to the German player — click when
    ready", "rule": ...}`` (read only; see :meth:`reveal`)."""

    load = _LoadDescriptor()

    def __init__(
        self,
        game: Game | None = None,
        *,
        seed: int | None = None,
        auto_roll: bool | None = None,
        hint: HintProvider | None = None,
        role: str | None = None,
        hot_seat: bool = False,
        **kwargs: Any,
    ) -> None:
        """Wrap ``game`` (or deal a new one from ``seed``).

        ``hint`` is the :attr:`hint_provider` (a Hint button on the board when given).
        ``role`` draws the game as that role (or side) sees it (see :attr:`role`);
        ``hot_seat`` makes the board a hot seat (see :meth:`hot_seat`).

        Raises:
            BoardError: ``role`` is not a role of the game, or both ``role`` and
                ``hot_seat`` were given.
        """
        if game is not None and seed is not None:
            raise TypeError("Board(): give a game or a seed, not both")
        if game is None:
            game = Game.new(seed=0 if seed is None else seed)
        elif not isinstance(game, Game):
            raise TypeError(
                f"Board(): game must be a pavlov_widgets Game, not {type(game).__name__}"
            )
        if role is not None and hot_seat:
            raise BoardError("Board(): give a role or hot_seat=True, not both (a hot seat "
                             "shows each side in turn); nothing was made.")
        if role is not None:
            _check_role(game, role)
        if auto_roll is not None:
            game.auto_roll = bool(auto_roll)
        self._game = game
        self._role: str | None = role
        self._hot = bool(hot_seat)
        # the hot seat: the side on screen, and the side the cover asks to pass to ("")
        self._side_shown = ""
        self._cover_to = ""
        if self._hot:
            self._start_hot_seat(game)
        self._save_path: Path | None = None
        self._autosave = False
        self._plan_key = ""
        self._pictures = 0
        self._held = 0
        self._missed = False
        self._regions: frozenset[str] = frozenset()
        self._on_answer: Callable[[str], None] | None = None
        self._editor: Editor | None = None
        self._marks_before_edit: list[dict[str, str]] = []
        self._hint_provider: HintProvider | None = None
        self._hint_marks: list[str] = []
        self._show_json = False  # the next drawing of the editor shows the position's JSON
        self._stop_listening = game.on_change(self._game_changed)
        super().__init__(**kwargs)
        self.hint_provider = hint
        self.on_msg(self._on_msg)
        self._refresh()

    # --- making boards ----------------------------------------------------------------

    @classmethod
    def new(
        cls, seed: int = 0, *, settings: RuleSettings | None = None, auto_roll: bool = True
    ) -> Board:
        """A board with a new game dealt from ``seed`` (Setup 1–11) under ``settings``."""
        return cls(Game.new(seed=seed, settings=settings, auto_roll=auto_roll))

    @classmethod
    def from_game(cls, game: Game, *, role: str | None = None,
                  hot_seat: bool = False) -> Board:
        """A board showing an existing game (the game is shared, not copied).

        ``role`` draws it as one role or side sees it (7.3, 7.4; see :attr:`role`);
        ``hot_seat=True`` is :meth:`hot_seat`.

        Raises:
            BoardError: ``role`` is not a role of the game (the message lists them).
        """
        return cls(game, role=role, hot_seat=hot_seat)

    @classmethod
    def hot_seat(cls, game: Game) -> Board:
        """One board for the players of ``game`` taking turns at one screen (7.4).

        It shows the view of the side whose decision it is (``game.side_to_decide()``). When
        that side changes, a cover hides the whole board ("Pass to the German player — click
        when ready"), drawn from what both sides may see; a click on it (or
        :meth:`reveal`) shows the next side's view. A game with one side only (solo, 7.3) has
        nothing to hide: the board never covers.

        Example:
            >>> from pavlov_widgets.engine import RuleSettings
            >>> game = Game.new(seed=2, settings=RuleSettings.for_variant("competitive"))
            >>> board = Board.hot_seat(game)
            >>> board.cover["text"]
            'Pass to the German player — click when ready'
            >>> board.reveal(); board.role
            'german'
        """
        return cls(game, hot_seat=True)

    @classmethod
    def from_scenario(cls, name: str, *, auto_roll: bool = False) -> Board:
        """A board at the start of a rulebook example (see :mod:`.engine.examples.scenarios`).

        The example's dice are scripted; by default you roll them with the Roll button, so the
        board shows the exact odds first.

        Raises:
            UnknownScenarioError: no scenario has that name.
        """
        from pavlov_widgets.engine.examples.scenarios import get_scenario

        return cls(get_scenario(name).build(auto_roll=auto_roll))

    @classmethod
    def autosaved(
        cls,
        path: str | Path,
        *,
        seed: int = 0,
        settings: RuleSettings | None = None,
        auto_roll: bool = True,
    ) -> Board:
        """A board whose game lives in the file ``path``: saved there after every change.

        If the file holds a saved game, the board picks it up where it was, with its own
        settings and dice (so running the cell again, or after a kernel restart, goes on with
        the same game); otherwise a new game is dealt from ``seed`` under ``settings`` and saved
        there at once. Whatever game the board shows later (``board.load(...)``,
        ``board.game = ...``) is saved there too. The bar shows where the game is saved;
        :attr:`save_path` says it too.

        Raises:
            SaveFormatError: the file is not a saved game (it is left as it was).
        """
        where = Path(path)
        exists = where.exists()
        if exists:
            game = Game.load(where)
        else:
            game = Game.new(seed=seed, settings=settings, auto_roll=auto_roll)
        board = cls(game)
        board._save_path = where
        board._autosave = True
        if not exists:
            board._write(where)
        board._mark_saved()
        return board

    @classmethod
    def _load_new(cls, source: str | Path) -> Board:
        board = cls(_read_game(source))
        board._remember_file(source)
        return board

    def _load_into(self, source: str | Path | Game) -> None:
        """Replace this board's game with a saved one (a path, JSON text or a Game)."""
        game = source if isinstance(source, Game) else _read_game(source)
        self.game = game
        if not isinstance(source, Game):
            self._remember_file(source)

    @property
    def save_path(self) -> Path | None:
        """The file this board's game is saved in, or None if it has not been saved.

        Set by :meth:`autosaved` (saved after every change), :meth:`save` and :meth:`load`.
        """
        return self._save_path

    def save(self, path: str | Path | None = None) -> None:
        """Save the game (JSON, see :meth:`pavlov_widgets.engine.Game.save`).

        Without ``path``, to the file it was last saved in or loaded from
        (:attr:`save_path`); the board remembers the file either way.

        Raises:
            ValueError: no path was given and the game has never been saved.
        """
        target = Path(path) if path is not None else self._save_path
        if target is None:
            raise ValueError(
                "Board.save(): give a path, e.g. board.save('my-game.json') (this board's "
                "game has not been saved yet)"
            )
        self._write(target)
        self._save_path = target
        self._mark_saved()

    def save_html(self, path: str | Path) -> None:
        """Write a standalone HTML page with a picture of the board as it is now.

        The page needs no kernel and no network: it carries the state and the drawing code.
        """
        title = f"Pavlov's House, turn {self._game.turn}"
        Path(path).write_text(_page(self.static_html(), title), encoding="utf-8")

    # --- the game ---------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The engine game this board shows; every change to it shows on the board."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"Board.game must be a pavlov_widgets Game, not {type(game).__name__}")
        if self._role is not None:
            _check_role(game, self._role)
        self._stop_listening()
        self._game = game
        self._stop_listening = game.on_change(self._game_changed)
        if self._hot:
            self._start_hot_seat(game)
        with self.hold_sync():
            self.game_serial += 1
            # marks, a question, a hint and an edit belong to the game they were made for
            self.marks = []
            self.question = {}
            self._on_answer = None
            self._editor = None
            self._hint_marks = []
            self._refresh()

    def apply(self, option: str | Option) -> None:
        """Take one legal option of the pending decision (by id or Option).

        A role view (or the hot seat) chooses as its role: the game refuses a decision
        that belongs to another role.

        Raises:
            IllegalActionError: not a legal option now; the game is unchanged.
            WrongRoleError: the decision belongs to another role than this view's (7.3,
                7.4); the game is unchanged.
        """
        if self._cover_to:
            raise BoardError(
                f"Board.apply(): the hot seat is covered for {self.cover.get('name')}; "
                "board.reveal() first (a click on the cover). Nothing was done.")
        self._game.apply(option, role=self._acting_role())

    # --- role views and the hot seat (7.3, 7.4) ----------------------------------------

    @property
    def role(self) -> str | None:
        """Whose view the board draws: a role or side of the game, or None for everything.

        A hot seat's role is the side on screen (it changes with :meth:`reveal`). Setting
        it draws the game as that role sees it (see the module docstring).

        Raises:
            BoardError: (on setting) not a role of the game, or the board is a hot seat;
                nothing changes.
        """
        if self._hot:
            return self._side_shown or None  # None also before the first reveal
        return self._role

    @role.setter
    def role(self, role: str | None) -> None:
        if self._hot:
            raise BoardError("Board.role: a hot seat shows each side in turn (see "
                             "Board.reveal); make a board with Board.from_game(game, "
                             "role=...) for one role. Nothing was changed.")
        if role is not None:
            _check_role(self._game, role)
        self._role = role
        self._refresh()

    @property
    def is_hot_seat(self) -> bool:
        """Whether this board is a hot seat (:meth:`hot_seat`)."""
        return self._hot

    @property
    def covered(self) -> bool:
        """Whether the hot seat's cover is up (the screen is to be passed on)."""
        return bool(self._cover_to)

    def reveal(self) -> None:
        """Take the hot seat's cover off: the side it named sees its view (a click on it).

        Raises:
            BoardError: the board is not a hot seat, or no cover is up; nothing changes.
        """
        if not self._hot:
            raise BoardError("Board.reveal(): this board is not a hot seat (see "
                             "Board.hot_seat); nothing was done.")
        if not self._cover_to:
            raise BoardError("Board.reveal(): the board is not covered; nothing was done.")
        self._side_shown, self._cover_to = self._cover_to, ""
        self._refresh()

    def _start_hot_seat(self, game: Game) -> None:
        """A hot seat opens covered, for the side to decide first (nothing to hide solo)."""
        side = game.side_to_decide() or "soviet"
        if _two_sides(game) and not game.is_over:
            self._side_shown, self._cover_to = "", side  # nobody has the screen yet
        else:
            self._side_shown, self._cover_to = side, ""

    def _follow_turn(self) -> None:
        """Hot seat: cover the board when the side to decide is not the side on screen."""
        game = self._game
        if game.is_over or not _two_sides(game):
            self._cover_to = ""
            return
        side = game.side_to_decide()
        if side is None:  # a roll: the side on screen watches it
            return
        # back to the side on screen (the other side's turn was taken from code): no cover
        self._cover_to = "" if side == self._side_shown else side

    def _viewer(self) -> str | None:
        """Whose view is drawn: a role or side, :data:`view.NOBODY` under the cover, or None."""
        if self._hot:
            return views.NOBODY if self._cover_to else self._side_shown
        return self._role

    def _acting_role(self) -> str | None:
        """The role a choice made on this board is made as (None speaks for every role)."""
        who = self._role if not self._hot else (self._side_shown or None)
        game = self._game
        if who is None or who in game.roles:
            return who
        # a side: the role of that side that owns the decision (7.4 with three players)
        mine = [r for r in game.roles if roles_mod.side_of(r) == who]
        owners = [r for r in game.roles_to_decide() if r in mine]
        return (owners or mine or [who])[0]

    def _undo_refusal(self) -> str:
        """Why Undo is off on this board ("" when it is on)."""
        if self._viewer() is None or "german" not in self._game.roles:
            return ""
        return ("Undo is off in a role view of a game against the German player (7.4 "
                "Competitive): a choice taken back could be made again knowing what the "
                "other side did since. Nothing was done.")

    def step(self) -> None:
        """Roll the pending dice (with ``auto_roll`` off).

        Raises:
            NotAChanceStepError: no roll is pending.
        """
        self._game.step()

    def force(self, dice: list[int]) -> None:
        """Resolve the pending dice with chosen values (teaching, what-if)."""
        self._game.force(dice)

    def undo(self) -> None:
        """Take back the last choice (with the automatic rolls that followed it).

        Raises:
            NothingToUndoError: nothing to take back.
        """
        self._game.undo()

    def redo(self) -> None:
        """Make the last undone step again.

        Raises:
            NothingToUndoError: nothing was undone.
        """
        self._game.redo()

    def close(self) -> None:
        """Close the widget and stop listening to the game."""
        stop = getattr(self, "_stop_listening", None)  # None: closed before it was built
        if stop is not None:
            stop()
        super().close()

    @traitlets.observe("auto_roll")
    def _auto_roll_changed(self, change: dict[str, Any]) -> None:
        game = getattr(self, "_game", None)
        if game is None or game.auto_roll == change["new"]:
            return
        game.auto_roll = bool(change["new"])
        # Turned on at a chance step: roll now, as the game would have (one refresh at the
        # end; a dice script that has run dry leaves the roll to the Roll button).
        with self._one_refresh():
            while game.auto_roll and game.chance() is not None:
                try:
                    game.roll()
                except DiceScriptExhaustedError:
                    break

    # --- marks, questions and panels (the tutor) -----------------------------------------

    def mark(self, regions: Iterable[str] | str, style: str = "focus") -> None:
        """Ring places of the board in ``style`` (see :data:`MARK_STYLES`).

        ``focus`` is what a step is about (a calm blue ring, unlike the orange glow of the
        choices), ``right`` a correct answer (green, with a tick), ``wrong`` a wrong one (red,
        with a cross). Marks add up: a place marked again takes the new style. They stay while
        the game moves on (a place that leaves the board is not drawn), and go with
        :meth:`clear_marks` or when the board is given another game. If none of the marked
        places is on screen, the board scrolls the first into view.

        Args:
            regions: region ids as in :attr:`pavlov_widgets.engine.Option.targets`
                (``"square:R2"``, ``"counter:pavlov"``, ``"track:4:1"``, ``"loc:12"``,
                ``"defense:red"``, ``"box:supplies"``, ``"card:<id>"``...); one string is one
                region.
            style: ``"focus"``, ``"right"`` or ``"wrong"``.

        Raises:
            BoardError: an unknown style, or a region this board never draws for this game;
                the marks are unchanged.
        """
        if not isinstance(style, str) or style not in MARK_STYLES:
            raise BoardError(
                f"Board.mark(): unknown style {_short(style)}; the styles are "
                f"{', '.join(repr(s) for s in MARK_STYLES)}. Nothing was marked."
            )
        wanted = self._check_regions("Board.mark()", regions, allow_empty=True)
        kept = [m for m in self.marks if m["region"] not in wanted]
        self.marks = kept + [{"region": region, "style": style} for region in wanted]

    def clear_marks(self, style: str | None = None) -> None:
        """Take the marks off (only those of ``style`` when it is given).

        Raises:
            BoardError: an unknown style; the marks are unchanged.
        """
        if style is None:
            self.marks = []
            return
        if not isinstance(style, str) or style not in MARK_STYLES:
            raise BoardError(
                f"Board.clear_marks(): unknown style {_short(style)}; the styles are "
                f"{', '.join(repr(s) for s in MARK_STYLES)} (or None for all). Nothing was "
                "cleared."
            )
        self.marks = [m for m in self.marks if m["style"] != style]

    def ask(self, prompt: str, regions: Iterable[str] | str,
            on_answer: Callable[[str], None]) -> None:
        """Ask the learner to click one of ``regions`` (question mode).

        The asked places glow in the question's colour, the game's own choices and buttons are
        hidden (the learner answers, not plays) and the bar shows ``prompt``. A click on an
        asked place, or :meth:`answer` from code, calls ``on_answer(region)``; a click
        anywhere else does nothing. The question stays until :meth:`end_ask` (or another
        :meth:`ask`, or another game on the board), so ``on_answer`` may take several answers.

        Raises:
            BoardError: an empty prompt, no regions, a region this board never draws, or an
                ``on_answer`` that cannot be called; nothing changes.
        """
        if self._editor is not None:
            raise BoardError("Board.ask(): the board is editing a position (see "
                             "Board.stop_editing); nothing was asked.")
        if not isinstance(prompt, str) or not prompt.strip():
            raise BoardError(
                f"Board.ask(): the prompt must be a sentence for the learner, not "
                f"{_short(prompt)}; nothing was asked."
            )
        if not callable(on_answer):
            raise BoardError(
                f"Board.ask(): on_answer must be a function taking the region clicked, not "
                f"{_short(on_answer)}; nothing was asked."
            )
        asked = self._check_regions("Board.ask()", regions, allow_empty=False)
        self._on_answer = on_answer
        self.question = {"prompt": prompt.strip(), "regions": asked}

    def answer(self, region: str) -> None:
        """Answer the board's question with ``region``, as a click on it does.

        Raises:
            BoardError: no question is asked, or ``region`` is not one of the asked places
                (the message lists them); nothing changes and ``on_answer`` is not called.
        """
        asked = list(self.question.get("regions", []))
        if not asked or self._on_answer is None:
            raise BoardError(
                f"Board.answer({_short(region)}): the board asks no question now (see "
                "Board.ask); nothing was done."
            )
        if not isinstance(region, str) or region not in asked:
            listed = ", ".join(asked[:12]) + (", ..." if len(asked) > 12 else "")
            raise BoardError(
                f"Board.answer(): {_short(region)} is not one of the places asked about "
                f"({listed}); nothing was done."
            )
        self._on_answer(region)

    def end_ask(self) -> None:
        """End the question: the game's own choices and buttons come back."""
        self._on_answer = None
        self.question = {}

    @property
    def asking(self) -> str:
        """The prompt of the question the board asks, or "" when it asks none."""
        return str(self.question.get("prompt", ""))

    @traitlets.default("panels")
    def _all_panels(self) -> list[str]:
        """All three panels (a new list for each board)."""
        return list(PANELS)

    @traitlets.validate("panels")
    def _valid_panels(self, proposal: dict[str, Any]) -> list[str]:
        """Known panel names only, at least one, kept in board order."""
        value = proposal["value"]
        try:
            names = [value] if isinstance(value, str) else list(value)
        except TypeError:
            raise BoardError(
                f"Board.panels: {_short(value)} is not a list of panels; give one or more of "
                f"{', '.join(repr(p) for p in PANELS)}. The panels are unchanged."
            ) from None
        bad = [n for n in names if not isinstance(n, str) or n not in PANELS]
        if bad or not names:
            what = (f"unknown panel {', '.join(_short(b) for b in bad)}" if bad
                    else "no panel given")
            raise BoardError(
                f"Board.panels: {what}; give one or more of "
                f"{', '.join(repr(p) for p in PANELS)}. The panels are unchanged."
            )
        return [p for p in PANELS if p in names]

    def _check_regions(self, where: str, regions: Iterable[str] | str,
                       allow_empty: bool) -> list[str]:
        """The regions as a list without repeats, each one this board draws for its game."""
        if isinstance(regions, str):
            regions = [regions]
        try:
            listed = list(regions)
        except TypeError:
            raise BoardError(
                f"{where}: regions must be region ids such as 'square:R2' (a list, or one "
                f"string), not {_short(regions)}; nothing was changed."
            ) from None
        if not listed and not allow_empty:
            raise BoardError(f"{where}: no regions given; nothing was changed.")
        for region in listed:
            problem = self._region_problem(region)
            if problem:
                raise BoardError(f"{where}: {problem}; nothing was changed.")
        return list(dict.fromkeys(listed))

    def _region_problem(self, region: Any) -> str:
        """Why ``region`` is not a region this board draws ("" when it is one)."""
        if not isinstance(region, str):
            return f"a region is a string such as 'square:R2', not {_short(region)}"
        if region in self._regions:
            return ""
        kind = region.partition(":")[0]
        same = sorted(r for r in self._regions if r.partition(":")[0] == kind)
        if same and ":" in region:
            shown = ", ".join(same[:20]) + (f" and {len(same) - 20} more" if len(same) > 20
                                            else "")
            return (f"{_short(region)} is not a region of this board (its {kind} regions are "
                    f"{shown})")
        kinds = sorted({r.partition(":")[0] + ":" for r in self._regions if ":" in r})
        return (f"{_short(region)} is not a region of this board (regions start with "
                f"{', '.join(kinds)}, e.g. 'square:R2', 'counter:pavlov', 'loc:12', "
                "'track:4:1', 'defense:red', 'box:supplies'; or are 'dice' or 'header')")

    # --- the position editor (issue 13) ----------------------------------------------

    def edit(self, position: Position | None = None) -> None:
        """Edit a position on this board (edit mode): the game waits, unchanged.

        The bar turns into the editor's palette (see :mod:`pavlov_widgets.widget.editor`):
        a tool makes the places it applies to glow, a click on one edits the position, and the
        board draws the position as it is edited. "Play from here" (:meth:`play_from_here`)
        makes it the board's game; "Done" (:meth:`stop_editing`) goes back to the game.

        An edit the Position refuses changes nothing and its message shows under the board;
        a position that is impossible as a whole is kept (to be fixed), its problems show
        under the board, and Play from here refuses it (see the editor's module docstring).

        Args:
            position: the position to edit (a copy is edited); None takes the game's moment
                (``Position.from_game(game, earlier=True)``: the last moment at or before
                this one where play can resume).

        Raises:
            PositionError: ``position`` is None and no moment of the game can be described
                (the game is over, say); the board is unchanged.
            TypeError: ``position`` is not a Position.
        """
        if self._viewer() is not None:
            raise BoardError("Board.edit(): this board shows one side's view (7.3, 7.4); "
                             "edit on a board showing everything (role None). Nothing was "
                             "done.")
        if position is None:
            position = Position.from_game(self._game, earlier=True)
        if not isinstance(position, Position):
            raise TypeError(
                f"Board.edit(): give a Position (or None for the game's moment), not "
                f"{type(position).__name__}"
            )
        editor = Editor(position)
        with self.hold_sync():
            if self._editor is None:
                self._marks_before_edit = list(self.marks)
            self._editor = editor
            self.question = {}
            self._on_answer = None
            self.game_serial += 1  # a click made on the game is not an edit
            self._refresh()

    @property
    def editing(self) -> bool:
        """Whether the board is editing a position (:meth:`edit`)."""
        return self._editor is not None

    @property
    def editor(self) -> Editor | None:
        """The editor while the board edits a position, else None."""
        return self._editor

    @property
    def position(self) -> Position:
        """The position being edited (it changes with every edit made on the board).

        Change it from code with its setters, then call ``board.edit(board.position)`` to
        draw it.

        Raises:
            BoardError: the board is not editing (see :meth:`edit`).
        """
        if self._editor is None:
            raise BoardError("Board.position: the board is not editing a position; "
                             "board.edit() opens the game's moment in the editor.")
        return self._editor.position

    def play_from_here(self) -> Game:
        """Make the edited position the board's game and play it (edit mode ends).

        Returns:
            The new game (also :attr:`game`).

        Raises:
            BoardError: the board is not editing.
            PositionError: the position cannot be played; the engine's message (every
                problem, each with its rule) also shows under the board, and the board
                goes on editing with nothing lost.
        """
        editor = self._editor
        if editor is None:
            raise BoardError("Board.play_from_here(): the board is not editing a position "
                             "(see Board.edit); nothing was done.")
        try:
            game = editor.position.game(auto_roll=self._game.auto_roll)
        except PositionError as exc:
            editor.error = f"Play from here refused: {exc}"
            editor.rev += 1
            self._refresh()
            raise
        self.game = game  # ends edit mode: marks, question and editor go with the old game
        return game

    def stop_editing(self) -> None:
        """Leave edit mode: the board shows its game again, as it was (the edits are dropped).

        Nothing happens when the board is not editing.
        """
        if self._editor is None:
            return
        with self.hold_sync():
            self._editor = None
            self.game_serial += 1  # a click made in the editor is not a move
            self.marks = self._marks_before_edit
            self._marks_before_edit = []
            self._refresh()

    def _edit_choose(self, option_id: str) -> None:
        """An option of the editor clicked: edit, or carry out a palette action."""
        editor = self._editor
        assert editor is not None
        try:
            action = editor.choose(option_id)
        except EditError as exc:
            raise BoardMessageError(str(exc)) from exc
        if action == "play":
            try:
                self.play_from_here()
            except PositionError as exc:
                raise BoardMessageError(editor.error or str(exc)) from exc
            return
        if action == "done":
            self.stop_editing()
            return
        if action == "json":
            editor.rev += 1
            self._show_json = True
        self._refresh()

    # --- the hint (issue 13) -----------------------------------------------------------

    @property
    def hint_provider(self) -> HintProvider | None:
        """What answers the Hint button: a function of the game returning a Hint, or None.

        The tutor sets it (``Board(hint=...)``) so that the widget never imports the tutor
        (the layers import tutor → widget → engine); None hides the button.
        """
        return self._hint_provider

    @hint_provider.setter
    def hint_provider(self, provider: HintProvider | None) -> None:
        if provider is not None and not callable(provider):
            raise BoardError(
                f"Board.hint_provider: a function of the game returning a Hint (or None), "
                f"not {_short(provider)}; nothing was changed."
            )
        self._hint_provider = provider
        self.hinting = {"on": True} if provider is not None else {}

    def hint(self) -> Any:
        """Ask the :attr:`hint_provider` which option of the decision is best; mark it.

        The best option's places are ringed (``focus``) and the hint's sentence shows in
        the bar until the game moves on. The provider runs here, in the kernel (about the
        budget it is given; the browser shows "thinking…" meanwhile).

        Returns:
            The provider's Hint (``option_id``, ``label``, ``sentence``, ...).

        Raises:
            BoardError: no hint provider, the board edits a position or asks a question, or
                the game waits for no decision; nothing changes.
        """
        if self._hint_provider is None:
            raise BoardError("Board.hint(): this board has no hint provider (Board(hint=...)); "
                             "nothing was done.")
        if self._editor is not None:
            raise BoardError("Board.hint(): the board is editing a position; Play from here "
                             "first. Nothing was done.")
        if self.question:
            raise BoardError("Board.hint(): the board asks a question now; nothing was done.")
        if not views.may_decide(self._game, self._viewer()):
            raise BoardError("Board.hint(): the decision is not this view's to take (7.3, "
                             "7.4); nothing was done.")
        game = self._game
        if not isinstance(game.pending, Decision):
            raise BoardError("Board.hint(): there is no decision to hint at now (the game "
                             "waits for dice, or is over); nothing was done.")
        self.hinting = {"on": True, "thinking": True, "rev": game.rev,
                        "game": self.game_serial}
        try:
            answer = self._hint_provider(game)
        except Exception:
            self.hinting = {"on": True}
            raise
        option = next((o for o in game.legal_actions() if o.id == answer.option_id), None)
        regions = [t for t in (option.targets if option else ()) if t in self._regions]
        with self.hold_sync():
            self._clear_hint_marks()
            if regions:
                self.mark(regions, "focus")
            self._hint_marks = regions
            self.hinting = {"on": True, "text": str(answer.sentence), "rev": game.rev,
                            "game": self.game_serial, "option": answer.option_id}
        return answer

    def _clear_hint_marks(self) -> None:
        """Take off the rings a hint put on (not the tutor's own marks)."""
        if self._hint_marks:
            gone = set(self._hint_marks)
            self.marks = [m for m in self.marks
                          if not (m["region"] in gone and m["style"] == "focus")]
            self._hint_marks = []

    def _current_rev(self) -> int:
        """The rev a click must name: the editor's while editing, else the game's."""
        return self._editor.rev if self._editor is not None else self._game.rev

    # --- syncing ----------------------------------------------------------------------

    def _game_changed(self, game: Game) -> None:
        """The game moved on (:meth:`Game.on_change`): show it as it is now."""
        if self._held:
            self._missed = True
            return
        self._refresh()

    @contextmanager
    def _one_refresh(self) -> Iterator[None]:
        """Changes of the game inside the block refresh the traits once, at its end."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held and self._missed:
                self._missed = False
                self._refresh()

    def _write(self, path: Path) -> None:
        """Write the saved game to ``path`` whole or not at all (a new file, then a rename)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f".{path.name}.part")
        part.write_text(self._game.to_json(), encoding="utf-8")
        os.replace(part, path)

    def _mark_saved(self) -> None:
        """Tell the browser where the game is saved, and at which rev."""
        if self._save_path is not None:
            self.saved = {"path": str(self._save_path), "name": self._save_path.name,
                          "rev": self._game.rev, "auto": self._autosave}

    def _remember_file(self, source: str | Path) -> None:
        """After a load from a file (not JSON text): the game is saved there, as it is now.

        A board made by :meth:`autosaved` keeps its own file: the game it shows lives there.
        """
        if self._autosave:
            return
        if isinstance(source, Path) or not source.lstrip().startswith("{"):
            self._save_path = Path(source)
            self._autosave = False
            self._mark_saved()

    def _refresh(self) -> None:
        """Recompute every trait from the game, once, and send them in one message.

        The error of a refused message belongs to the position it was sent at: it goes. A
        game opened with :meth:`autosaved` is saved to its file here, after every change.
        """
        if self._editor is not None:
            self._refresh_editing(self._editor)
            return
        game = self._game
        with self.hold_sync():
            if self.edit_mode:
                self.edit_mode = {}
            hinted = self.hinting
            if hinted.get("text") and (hinted.get("rev") != game.rev
                                       or hinted.get("game") != self.game_serial):
                self._clear_hint_marks()
                self.hinting = {"on": True}
            plan_key = views.layout_key(game)
            if self._plan_key != plan_key:
                self.plan = views.layout(game)
                self._regions = views.region_ids(game)
                self._plan_key = plan_key
            if self._hot:
                self._follow_turn()
            who = self._viewer()
            view = views.game_view(game, who)
            if self._undo_refusal():
                view["canUndo"] = view["canRedo"] = False
            self.view = view
            self.choice = self._cover_choice() if who == views.NOBODY else (
                views.choice_view(game, who))
            self.last_roll = views.last_roll(game, who)
            self.log_entries = views.log_view(game, who=who)
            self.seat = self._seat()
            self.cover = self._cover()
            self.error = ""
            self.rev = game.rev
            if self.auto_roll != game.auto_roll:
                self.auto_roll = game.auto_roll
            if getattr(self, "_autosave", False) and self._save_path is not None:
                try:
                    self._write(self._save_path)
                except OSError as exc:
                    self.error = f"The game could not be saved in {self._save_path}: {exc}"
                else:
                    self._mark_saved()

    def _refresh_editing(self, editor: Editor) -> None:
        """Draw the position being edited, the editor's choice and its messages."""
        preview = editor.preview()
        show_json = self._show_json
        self._show_json = False
        with self.hold_sync():
            plan_key = views.layout_key(preview)
            if self._plan_key != plan_key:
                self.plan = views.layout(preview)
                self._regions = views.region_ids(preview)
                self._plan_key = plan_key
            view = views.game_view(preview)
            view["canUndo"], view["canRedo"] = editor.can_undo, editor.can_redo
            self.view = view
            self.choice = editor.choice()
            self.last_roll = {}
            turn = editor.position.state.turn
            self.log_entries = [
                {"n": i, "turn": turn, "text": f"Edit: {text}", "rule": "Position",
                 "kind": "edit"}
                for i, text in reversed(list(enumerate(editor.log[-views.LOG_LIMIT:])))
            ]
            problems = editor.problems()
            if editor.error:
                self.error = editor.error
            elif problems:
                self.error = ("Not playable yet (Play from here will refuse it):\n"
                              + "\n".join(f"  - {p}" for p in problems))
            else:
                self.error = ""
            self.rev = editor.rev
            self.marks = [{"region": r, "style": "focus"} for r in editor.focus()
                          if r in self._regions]
            self.edit_mode = {
                "tool": TOOLS_LABELS.get(editor.tool, ""),
                "toolId": f"tool:{editor.tool}" if editor.tool else "",
                "resume": editor.resume_text(),
                "json": editor.position.to_json() if show_json else "",
                "problems": len(problems),
            }

    def _seat(self) -> dict[str, Any]:
        """The ``seat`` trait: whose view is drawn."""
        who = self._side_shown if self._hot else self._role
        if not who:
            return {"role": "", "side": "", "name": "", "hot": True} if self._hot else {}
        side = roles_mod.side_of(who)
        return {"role": who, "side": side, "name": _seat_name(self._game, who),
                "hot": self._hot}

    def _cover(self) -> dict[str, Any]:
        """The ``cover`` trait: the hot seat's "pass the screen" cover, or {}."""
        if not self._cover_to:
            return {}
        name = _seat_name(self._game, self._cover_to)
        rule = roles_mod.COMPETITIVE_RULE if "german" in self._game.roles else (
            roles_mod.COOPERATIVE_RULE)
        return {"to": self._cover_to, "name": name,
                "text": f"Pass to {name} — click when ready", "rule": rule}

    def _cover_choice(self) -> dict[str, Any]:
        """The ``choice`` under the cover: its sentence, no options, no dice."""
        cover = self._cover()
        return {"kind": "cover", "op": "", "prompt": cover["text"], "rule": cover["rule"],
                "options": [], "dice": 0, "odds": []}

    def sync_state(self) -> dict[str, Any]:
        """The drawable state as the browser receives it (plain JSON data)."""
        return {
            "plan": self.plan,
            "view": self.view,
            "choice": self.choice,
            "last_roll": self.last_roll,
            "log_entries": self.log_entries,
            "error": self.error,
            "rev": self.rev,
            "game_serial": self.game_serial,
            "auto_roll": self.auto_roll,
            "saved": self.saved,
            "marks": self.marks,
            "question": self.question,
            "panels": self.panels,
            "edit_mode": self.edit_mode,
            "hinting": self.hinting,
            "seat": self.seat,
            "cover": self.cover,
        }

    # --- messages from the browser ----------------------------------------------------

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Check and act on one message; a refused one sets ``error`` and changes nothing.

        An intent is acknowledged; a question (``why_not``) is answered instead.
        """
        try:
            answer = self.handle_message(content)
        except BoardMessageError as exc:
            self.error = str(exc)
            self.send({"kind": "ack", "ok": False, "rev": self._current_rev()})
            return
        except Exception:
            # on_answer or the hint provider (the tutor's code) failed: the browser still
            # takes clicks again
            self.send({"kind": "ack", "ok": False, "rev": self._current_rev()})
            raise
        if answer is not None:
            self.send(answer)
            return
        self.send({"kind": "ack", "ok": True, "rev": self._current_rev()})

    def handle_message(self, content: Any) -> dict[str, Any] | None:
        """Act on one message from the browser (what the widget does on ``on_msg``).

        The game judges the intent; the board only checks that the message can be read and
        was made on the position the game is at. A ``why_not`` question returns its answer
        (the engine's reason, see the module docstring); an intent returns None.

        Raises:
            BoardMessageError: the message is malformed or stale, or the game refused it
                (the engine's reason is in the message); the game is unchanged.
        """
        if not isinstance(content, dict):
            raise BoardMessageError(
                f"The board got a message it cannot read ({_short(content)}); nothing was done."
            )
        kind = content.get("kind")
        if not isinstance(kind, str) or kind not in MESSAGE_KINDS:
            raise BoardMessageError(
                f"Unknown message kind {_short(kind)} (expected one of "
                f"{', '.join(MESSAGE_KINDS)}); nothing was done."
            )
        if kind == "auto_roll":
            value = content.get("value")
            if not isinstance(value, bool):
                raise BoardMessageError(
                    f"auto_roll needs true or false, not {_short(value)}; nothing was done."
                )
            self.error = ""
            self.auto_roll = value
            return None
        if kind == "why_not":
            return self._why_not(content)
        if kind == "reveal":
            self._check_position(content, required=False)
            try:
                self.reveal()
            except BoardError as exc:
                raise BoardMessageError(str(exc)) from exc
            return None
        if self._editor is not None:
            self._edit_message(kind, content)
            return None
        if kind == "answer":
            self._answer_message(content)
            return None
        if self._cover_to:
            raise BoardMessageError(
                f"The board is covered for {self.cover.get('name', 'the next player')}: "
                "click the cover when ready; nothing was done.")
        if kind == "hint":
            self._check_position(content, required=True)
            try:
                self.hint()
            except BoardError as exc:
                raise BoardMessageError(str(exc)) from exc
            self.error = ""
            return None
        if self.question:
            raise BoardMessageError(
                f"The board asks a question now ({self.asking}): click one of the glowing "
                "places to answer; nothing was done."
            )
        self._check_position(content, required=kind in ("choose", "step"))
        game = self._game
        if kind in ("undo", "redo") and self._undo_refusal():
            raise BoardMessageError(self._undo_refusal())
        try:
            if kind == "choose":
                game.apply(_option_id(content), role=self._acting_role())
            elif kind == "step":
                game.step()
            elif kind == "undo":
                game.undo()
            else:
                game.redo()
        except NothingToUndoError as exc:
            raise BoardMessageError(f"{_sentence(str(exc))} Nothing was done.") from exc
        except NotAChanceStepError as exc:
            raise BoardMessageError(f"No dice to roll: {exc}. Nothing was done.") from exc
        except (IllegalActionError, DiceScriptExhaustedError) as exc:
            raise BoardMessageError(f"{_sentence(str(exc))} Nothing was done.") from exc
        return None

    def _edit_message(self, kind: str, content: dict[str, Any]) -> None:
        """A message while the board edits a position: an edit, or undo/redo of edits."""
        if kind not in ("choose", "undo", "redo"):
            raise BoardMessageError(
                "The board is editing a position: choose a tool in the bar, or Play from "
                "here to play it; nothing was done."
            )
        self._check_position(content, required=kind == "choose")
        editor = self._editor
        assert editor is not None
        if kind == "choose":
            self._edit_choose(_option_id(content))
            return
        try:
            editor.undo() if kind == "undo" else editor.redo()
        except EditError as exc:
            raise BoardMessageError(str(exc)) from exc
        self._refresh()

    def _why_not(self, content: dict[str, Any]) -> dict[str, Any]:
        """The engine's reason a region is not a choice at the position the game is at.

        The answer names that position (``rev``, ``game``): the browser drops an answer for a
        position it no longer shows.
        """
        region = content.get("region")
        if not isinstance(region, str) or not region:
            raise BoardMessageError(
                f"why_not needs a region (a string such as 'counter:pavlov'), not "
                f"{_short(region)}; nothing was done."
            )
        # while editing no place is refused: the tools say what they apply to
        text, rule = "", ""
        if self._editor is None:
            text, rule = self._role_refusal(region)
            if not text:
                refusal = self._game.why_not(region)
                if refusal is not None:
                    text, rule = refusal.text, refusal.rule
        return {
            "kind": "why_not",
            "region": region,
            "rev": self._current_rev(),
            "game": self.game_serial,
            "text": text,
            "rule": rule,
        }

    def _role_refusal(self, region: str) -> tuple[str, str]:
        """Why a place is not a choice in this role view, before the engine is asked.

        Under the cover nothing is; while another role decides, the decision is theirs; a
        card this view may not see is not named (the engine's reason could name it).
        """
        who = self._viewer()
        game = self._game
        if who is None:
            return "", ""
        if who == views.NOBODY:
            return (f"the board is covered for {self.cover.get('name', 'the next player')}: "
                    "click the cover when ready", str(self.cover.get("rule", "")))
        pending = game.pending
        if isinstance(pending, Decision) and not views.may_decide(game, who):
            owners = game.roles_to_decide()
            return (f"this decision belongs to {roles_mod.names(owners)}, not to "
                    f"{_seat_name(game, who)}", roles_mod.rule_of(game.settings, pending.op))
        card = region.removeprefix("card:").partition(":")[0]
        shown, _hidden = views.visible_state(game, who)
        secret = {*game.state.hand, *game.state.german_hand, *game.state.orders,
                  *game.state.german_tactics, game.state.tactics_chosen} - {""}
        visible = {*shown.get("hand", []), *shown.get("german_hand", []),
                   *shown.get("orders", []), *shown.get("german_tactics", []),
                   shown.get("tactics_chosen", "")}
        if region.startswith("card:") and card in secret and card not in visible:
            return "that card is hidden from your side", roles_mod.COMPETITIVE_RULE
        return "", ""

    def _answer_message(self, content: dict[str, Any]) -> None:
        """A click on an asked place: check it, then hand it to ``on_answer``."""
        region = content.get("region")
        if not isinstance(region, str) or not region:
            raise BoardMessageError(
                f"An answer must name a region (a string such as 'square:R2'), not "
                f"{_short(region)}; nothing was done."
            )
        self._check_position(content, required=True)
        try:
            self.answer(region)
        except BoardMessageError:
            raise
        except BoardError as exc:
            raise BoardMessageError(str(exc)) from exc
        self.error = ""

    def _check_position(self, content: dict[str, Any], required: bool) -> None:
        """Refuse a message made on another position than the game's (its rev or game)."""
        serial = content.get("game", self.game_serial)
        if isinstance(serial, bool) or not isinstance(serial, int):
            raise BoardMessageError(
                f"game must be a whole number, not {_short(serial)}; nothing was done."
            )
        if serial != self.game_serial:
            raise BoardMessageError(
                "That click was made on a game this board no longer shows, so nothing was "
                "done. Look at the board and choose again."
            )
        if "rev" not in content:
            if required:
                raise BoardMessageError(
                    "The click did not say which position it was made on (no rev); "
                    "nothing was done."
                )
            return
        rev = content["rev"]
        if isinstance(rev, bool) or not isinstance(rev, int):
            raise BoardMessageError(
                f"rev must be a whole number, not {_short(rev)}; nothing was done."
            )
        if rev != self._current_rev():
            raise BoardMessageError(
                f"That click was made on another position (rev {rev}; the "
                f"{'editor' if self._editor is not None else 'game'} is at rev "
                f"{self._current_rev()}), so nothing was done. Look at the board and choose "
                "again."
            )

    # --- display ----------------------------------------------------------------------

    def __repr__(self) -> str:
        """Turn, phase and the pending choice: stable text for saved notebooks and nbval."""
        game = self._game
        if self._editor is not None:
            tool = TOOLS_LABELS.get(self._editor.tool, "") or "none"
            return (f"<Board: editing a position ({self._editor.resume_text()}); tool: "
                    f"{tool}>")
        if game.is_over:
            o = game.outcome or {}
            return (
                f"<Board: game over on turn {game.turn}: {o.get('level')}, "
                f"score {o.get('score')}>"
            )
        prompt = str(self.choice.get("prompt", "")).removeprefix(f"{game.phase_label}: ")
        whose = ""
        if self._hot:
            whose = (" (hot seat, covered)" if self._cover_to
                     else f" (hot seat: {_seat_name(game, self._side_shown)}'s view)")
        elif self._role is not None:
            whose = f" ({_seat_name(game, self._role)}'s view)"
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

        The picture is drawn by the same ``board.js`` (inlined as a module script) from the
        state embedded as JSON, so saved notebooks and HTML exports show the board as it was.
        """
        state = json.dumps(self.sync_state(), separators=(",", ":"), ensure_ascii=False)
        # A stable id (same state, same id) keeps saved outputs deterministic; the counter
        # keeps two pictures of one board on a page apart.
        self._pictures += 1
        digest = hashlib.sha1(state.encode("utf-8")).hexdigest()[:12]
        ident = f"pavlov-static-{digest}-{self._pictures}"
        css = (STATIC / "board.css").read_text(encoding="utf-8")
        module = (STATIC / "board.js").read_text(encoding="utf-8")
        return (
            f'<div id="{ident}" class="pavlov-static-root">'
            f"<style>{css}</style>"
            f'<noscript><pre>{html.escape(self._text_picture())}</pre></noscript>'
            f'<script type="application/json">{_json_safe(state)}</script>'
            f'<script type="module">\n{_script_safe(module)}\n'
            f'const root = document.getElementById("{ident}");\n'
            "const data = JSON.parse(root.querySelector('script[type=\"application/json\"]')"
            ".textContent);\n"
            "drawStatic(root, data);\n"
            "</script></div>"
        )


    def _text_picture(self) -> str:
        """The board as text for pages without scripts (the game's text in a full view only).

        The game's text names every card, hidden ones included.
        """
        return self._game.render_text() if self._viewer() is None else repr(self)


def _check_role(game: Game, role: Any) -> None:
    """Refuse a role the game does not have (a side some role of it plays is fine).

    Raises:
        BoardError: naming the game's roles.
    """
    ok = isinstance(role, str) and (role in game.roles or (
        role in roles_mod.SIDES and any(roles_mod.side_of(r) == role for r in game.roles)))
    if not ok:
        raise BoardError(
            f"Board: {_short(role)} is not a role of this game; its roles are "
            f"{', '.join(repr(r) for r in game.roles)} (7.3, 7.4), or None for a board "
            "showing everything. Nothing was changed.")


def _two_sides(game: Game) -> bool:
    """Whether the game has a German player: the sides hide cards from each other (7.4)."""
    return "german" in game.roles


def _seat_name(game: Game, who: str) -> str:
    """A person's name for a role or side: "the German player", "the Soviet players"."""
    if who == "soviet" and "soviet" not in game.roles:
        return "the Soviet players"  # the side of two roles (7.4 with three players)
    return roles_mod.ROLE_NAMES[who]


def _page(body: str, title: str) -> str:
    """A minimal standalone HTML page around ``body``."""
    return (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{html.escape(title)}</title></head>"
        f'<body style="margin:12px">{body}</body></html>\n'
    )


def _read_game(source: str | Path) -> Game:
    """A saved game from a path, or from JSON text."""
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return Game.from_json(source)
    if not isinstance(source, (str, Path)):
        raise TypeError(f"load(): expected a path or JSON text, not {type(source).__name__}")
    return Game.load(source)


def _script_safe(code: str) -> str:
    """JavaScript that can sit inside a <script> element without ending it."""
    return code.replace("</", "<\\/")


def _json_safe(text: str) -> str:
    """JSON that can sit inside a <script> element: every ``<`` becomes a unicode escape."""
    return text.replace("<", "\\u003c")


def _option_id(content: dict[str, Any]) -> str:
    """The option id a choose message names (a non-empty string; the game judges it)."""
    option = content.get("option")
    if not isinstance(option, str) or not option:
        raise BoardMessageError(
            f"A choice must name an option id (a string), not {_short(option)}; "
            "nothing was done."
        )
    return option


def _short(value: Any) -> str:
    """A value as the error messages quote it: repr, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _sentence(text: str) -> str:
    """Capitalise and end with a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


__all__ = [
    "MARK_STYLES",
    "MESSAGE_KINDS",
    "PANELS",
    "STATIC",
    "Board",
    "BoardError",
    "BoardMessageError",
    "panels_for",
]
