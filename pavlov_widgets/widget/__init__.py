"""The board widget: an anywidget canvas bound to an engine game, playable by clicking.

:class:`Board` wraps a :class:`pavlov_widgets.engine.Game`; :mod:`.view` turns the engine's
state into the compact JSON the board's JavaScript (``static/board.js``) draws. The tutor
marks places on it (:meth:`Board.mark`), asks questions answered by a click
(:meth:`Board.ask`) and shows only the panels a step needs (:attr:`Board.panels`,
:func:`panels_for`). :meth:`Board.edit` turns the board into a position editor
(:class:`.editor.Editor`), and a board given a hint provider has a Hint button.
"""

from .board import (
    MARK_STYLES,
    MESSAGE_KINDS,
    PANELS,
    Board,
    BoardError,
    BoardMessageError,
    panels_for,
)
from .editor import EditError, Editor

__all__ = ["MARK_STYLES", "MESSAGE_KINDS", "PANELS", "Board", "BoardError", "BoardMessageError",
           "EditError", "Editor", "panels_for"]
