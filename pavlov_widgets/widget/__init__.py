"""The board widget: an anywidget canvas driven by sessions, playable by clicking.

:class:`Board` keeps the synced traits, the comm and a stack of sessions
(:mod:`.sessions`): whoever drives the board — a game played (:class:`PlaySession`, also a
role view or the hot seat), a question asked on the board (:meth:`Board.ask`), the position
editor (:meth:`Board.edit`), the tutor's walkthrough — says what to draw and what a click
means. :mod:`.protocol` reads the browser's messages once as typed intents; :mod:`.view`
turns the engine's state into the compact JSON the board's JavaScript (``static/board.js``,
bundled from ``js/src``) draws.
"""

from .board import MARK_STYLES, PANELS, Board, panels_for
from .editor import EditError, Editor
from .protocol import KINDS, REFUSAL_CODES, BoardError, Refusal
from .sessions import (
    AskSession,
    EditSession,
    HotSeatSession,
    PlaySession,
    Session,
    StillSession,
)

__all__ = ["KINDS", "MARK_STYLES", "PANELS", "REFUSAL_CODES", "AskSession", "Board",
           "BoardError", "EditError", "EditSession", "Editor", "HotSeatSession",
           "PlaySession", "Refusal", "Session", "StillSession", "panels_for"]
