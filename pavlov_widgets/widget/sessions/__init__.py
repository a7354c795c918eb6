"""Sessions: whoever drives a board (see :mod:`pavlov_widgets.widget.sessions.base`).

- :class:`PlaySession`: a game, for one person or as one role sees it (7.3, 7.4);
- :class:`HotSeatSession`: two players taking turns at one screen (7.4);
- :class:`AskSession`: a question asked on the board, answered by a click;
- :class:`StillSession`: a board held still while a question is answered elsewhere;
- :class:`EditSession`: the position editor.

The tutor adds its own (walkthrough, coach, lab) on the same base.
"""

from .ask import AskSession
from .base import Frame, Session
from .edit import EditSession
from .play import HintProvider, HotSeatSession, PlaySession
from .still import StillSession

__all__ = ["AskSession", "EditSession", "Frame", "HintProvider", "HotSeatSession",
           "PlaySession", "Session", "StillSession"]
