"""The position editor on the board: any message is taken or refused, the position unchanged.

Covers ``Board.edit`` and the :class:`~pavlov_widgets.widget.EditSession`'s intents through
``Board.handle_message`` (choose an offered edit, a palette action, a made-up option id,
undo, redo, why-not, steps, junk messages) and the :class:`~pavlov_widgets.widget.editor.Editor`
under it, in every variant: a message is acknowledged, or refused with a code and the
position being edited (its JSON) exactly as it was; never an exception (issue 20).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pavlov_widgets import Board
from pavlov_widgets.engine import Position, RuleSettings
from pavlov_widgets.engine.settings import VARIANTS
from pavlov_widgets.widget import EditSession

from .strategies import junk

KINDS = ("offered", "offered", "offered", "offered", "made-up", "undo", "redo", "why_not",
         "step", "junk")


def shown(board: Board) -> str:
    """What the board is about: the position being edited, or the game it plays."""
    session = board.session
    if isinstance(session, EditSession):
        return session.position.to_json()
    return repr(board.game.to_dict())


@given(st.sampled_from(list(VARIANTS)),
       st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 999), junk), max_size=20))
def test_every_message_in_edit_mode_is_taken_or_refused_changing_nothing(
    variant: str, messages: list[tuple[str, int, Any]]
) -> None:
    board = Board.new(seed=2, settings=RuleSettings.for_variant(variant))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(board, "send", lambda msg, buffers=None: None)
        board.edit(Position(settings=RuleSettings.for_variant(variant)))
        for kind, k, anything in messages:
            stamp = {"rev": board.rev, "game": board.game_serial}
            session = board.session
            if kind == "offered" and isinstance(session, EditSession):
                ids = session.editor.option_ids()
                content: Any = {"kind": "choose", "option": ids[k % len(ids)], **stamp}
            elif kind == "made-up":
                content = {"kind": "choose", "option": str(anything) or "x", **stamp}
            elif kind in ("undo", "redo", "step"):
                content = {"kind": kind, **stamp}
            elif kind == "why_not":
                content = {"kind": "why_not", "region": anything, **stamp}
            else:
                content = anything
            before = shown(board)
            reply = board.handle_message(content)
            if reply.get("kind") == "ack" and not reply["ok"]:
                assert reply["code"] and board.error, content
                assert shown(board) == before, content
