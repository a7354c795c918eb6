"""The board widget: an anywidget canvas bound to an engine game, playable by clicking.

:class:`Board` wraps a :class:`pavlov_widgets.engine.Game`; :mod:`.view` turns the engine's
state into the compact JSON the board's JavaScript (``static/board.js``) draws.
"""

from .board import MESSAGE_KINDS, Board, BoardMessageError

__all__ = ["MESSAGE_KINDS", "Board", "BoardMessageError"]
