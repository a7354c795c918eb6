"""Editing a position on the board: the position editor as a session (issue 13).

:class:`EditSession` puts the position editor (:class:`~pavlov_widgets.widget.editor.Editor`)
on the board: the bar becomes its palette of tools, a tool makes the places it applies to glow,
and a :class:`~pavlov_widgets.widget.protocol.Choose` names an edit (or a palette action: Play
from here, Copy JSON, Done), judged by the validating
:class:`~pavlov_widgets.engine.positions.Position`. Undo and Redo take back edits. The game
below waits, unchanged, and the tutor's marks are hidden while the editor shows its own.

A refused edit changes nothing and its sentence shows by the bar. A position that is impossible
as a whole is kept, to be fixed one field at a time; its problems show by the bar and "Play
from here" refuses it with the engine's words until it is fixed.
"""

from __future__ import annotations

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.errors import PositionError
from pavlov_widgets.engine.positions import Position

from .. import view as views
from ..editor import TOOLS as TOOL_LABELS
from ..editor import EditError, Editor
from ..protocol import Choose, Intent, Redo, Refusal, Undo
from .base import Frame, Session


class EditSession(Session):
    """Edit ``position`` on the board (a copy is edited).

    Args:
        position: the position to edit.
        auto_roll: whether the game made by :meth:`play_from_here` rolls by itself.
    """

    rev_name = "editor"

    def __init__(self, position: Position, *, auto_roll: bool = True) -> None:
        super().__init__()
        if not isinstance(position, Position):
            raise TypeError(f"Board.edit(): give a Position (or None for the game's moment), "
                            f"not {type(position).__name__}")
        self.editor = Editor(position)
        """The editor (its position, tool, log, undo and redo)."""
        self.auto_roll = auto_roll
        self._show_json = False

    @property
    def position(self) -> Position:
        """The position being edited (it changes with every edit)."""
        return self.editor.position

    @property
    def game(self) -> Game:
        """The game the position would make now (what the board draws)."""
        return self.editor.preview()

    def frame(self) -> Frame:
        """The position being edited, the editor's palette as the choice, its problems."""
        editor = self.editor
        preview = editor.preview()
        show_json, self._show_json = self._show_json, False
        turn = editor.position.state.turn
        log = [{"n": i, "turn": turn, "text": f"Edit: {text}", "rule": "Position",
                "kind": "edit"}
               for i, text in reversed(list(enumerate(editor.log[-views.LOG_LIMIT:])))]
        problems = editor.problems()
        error = editor.error
        if not error and problems:
            error = ("Not playable yet: Play from here will refuse this position until it is "
                     "fixed.\n" + "\n".join(f"  - {p}" for p in problems))
        focus = tuple(editor.focus())
        return Frame(
            game=preview, viewer=None, choice=editor.choice(), rev=editor.rev, focus=focus,
            marks=tuple({"region": r, "style": "focus"} for r in focus), own_marks_only=True,
            edit_mode={
                "tool": TOOL_LABELS.get(editor.tool, ""),
                "toolId": editor.tool_option_id(),
                "resume": editor.resume_text(),
                "json": editor.position.to_json() if show_json else "",
                "problems": len(problems),
            },
            error=error, log=log, roll=False,
            view_patch={"canUndo": editor.can_undo, "canRedo": editor.can_redo})

    def handle(self, intent: Intent) -> None:
        """An edit, a palette action, or undo/redo of edits; anything else is refused."""
        editor = self.editor
        try:
            if isinstance(intent, Choose):
                action = editor.choose(intent.option)
            elif isinstance(intent, Undo):
                editor.undo()
                action = ""
            elif isinstance(intent, Redo):
                editor.redo()
                action = ""
            else:
                raise Refusal("editing", "The board is editing a position: choose a tool in "
                                         "the bar, or Play from here to play it; nothing was "
                                         "done.")
        except EditError as exc:
            raise Refusal("editing", str(exc)) from exc
        if editor.refused:  # the Position refused the edit: a refusal with its code
            self.changed()
            raise Refusal("editing", editor.error)
        if action == "play":
            try:
                self.play_from_here()
            except PositionError as exc:
                raise Refusal("editing", editor.error or str(exc)) from exc
            return
        if action == "done":
            self.stop()
            return
        if action == "json":
            editor.rev += 1
            self._show_json = True
        self.changed()

    def why_not(self, place: str) -> tuple[str, str]:
        """While editing no place is refused: the tools say what they apply to."""
        return "", ""

    def play_from_here(self) -> Game:
        """Make the edited position the board's game and play it (editing ends).

        Returns:
            The new game.

        Raises:
            PositionError: the position cannot be played; its problems show by the bar and
                the editing goes on with nothing lost.
        """
        editor = self.editor
        try:
            game = editor.position.game(auto_roll=self.auto_roll)
        except PositionError as exc:
            # the learner reads the problems in plain sentences (the exception names fields)
            problems = editor.problems()
            listed = "\n".join(f"  - {p}" for p in problems) if problems else f"  - {exc}"
            editor.error = ("Play from here refused: this position cannot be played until it "
                            "is fixed.\n" + listed)
            editor.rev += 1
            self.changed()
            raise
        board = self.board
        if board is not None:
            board.game = game  # ends the editing: the game below is replaced
        return game

    def stop(self) -> None:
        """Leave the editor: the board shows its game again, as it was (edits dropped)."""
        board = self.board
        if board is not None and board.session is self:
            board.pop()


__all__ = ["EditSession"]
