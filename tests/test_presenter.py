"""Presenter mode on the Python side (issue 22): ``Board.present`` and its traits.

The ``presenting`` and ``narration`` traits, and the ``page`` intent (→ and ←) in a
walkthrough and in a game.

The browser side (full screen at projector size, the keys, Escape) is
``tests/browser/test_present.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from pavlov_widgets.tutor import Walkthrough
from pavlov_widgets.tutor.walkthrough.session import WalkthroughSession
from pavlov_widgets.widget import Board, BoardError
from pavlov_widgets.widget.board import sync_state
from pavlov_widgets.widget.model import check_state
from pavlov_widgets.widget.protocol import Page, Refusal, Stamp, parse_intent


def page(board: Board, by: Any) -> dict[str, Any]:
    """→ (``by`` 1) or ← (-1) as the browser sends it, stamped with what the board shows."""
    return board.handle_message({"kind": "page", "by": by, "rev": board.rev,
                                 "game": board.game_serial})


@pytest.fixture
def walk_board() -> tuple[Walkthrough, Board]:
    """The rulebook's Sniper walkthrough on a board, watching."""
    walk = Walkthrough("sniper")
    return walk, Board(session=WalkthroughSession(walk))


def test_present_turns_presenter_mode_on_and_off() -> None:
    board = Board.new(seed=1)
    assert board.presenting is False
    board.present()
    assert board.presenting is True
    board.present(False)
    assert board.presenting is False


@pytest.mark.parametrize("bad", ["yes", 1, None, [True]])
def test_present_refuses_anything_but_true_or_false(bad: Any) -> None:
    board = Board.new(seed=1)
    with pytest.raises(BoardError, match=r"Board.present\(\): on must be True .* or False"):
        board.present(bad)
    assert board.presenting is False  # nothing was changed


def test_page_is_read_as_a_typed_intent_with_a_rev() -> None:
    assert parse_intent({"kind": "page", "by": -1, "rev": 4, "game": 2}) == \
        Page(Stamp(4, 2), -1)
    for by in (0, 2, True, "1", None):
        with pytest.raises(Refusal, match="page needs by: 1") as refused:
            parse_intent({"kind": "page", "by": by, "rev": 0})
        assert refused.value.code == "unreadable"
    with pytest.raises(Refusal) as stale:
        parse_intent({"kind": "page", "by": 1})
    assert stale.value.code == "stale"  # a page names the position it was pressed on


def test_right_and_left_step_a_walkthrough(walk_board: tuple[Walkthrough, Board]) -> None:
    walk, board = walk_board
    assert board.narration["heading"] == "Step 0 of 3"
    assert "roll" not in board.narration
    assert page(board, 1)["ok"]
    assert walk.index == 1
    said = board.narration
    assert said["heading"] == "Step 1 of 3" and said["title"] == walk.narration().title
    assert said["roll"]["dice"] and "1 time in 3" in said["roll"]["odds"]
    assert page(board, -1)["ok"]
    assert walk.index == 0 and board.narration["heading"] == "Step 0 of 3"


def test_left_at_the_start_is_refused_and_changes_nothing(
        walk_board: tuple[Walkthrough, Board]) -> None:
    walk, board = walk_board
    answer = page(board, -1)
    assert answer == {"kind": "ack", "ok": False, "rev": board.rev, "code": "walkthrough"}
    assert board.error == "Already at the start of the example."
    assert walk.index == 0


def test_right_and_left_redo_and_undo_a_played_game() -> None:
    board = Board.new(seed=1)
    before = board.game.to_dict()["state"]
    board.apply("end-phase")
    after = board.game.to_dict()
    assert page(board, -1)["ok"]
    assert board.game.to_dict()["state"] == before
    assert page(board, 1)["ok"]
    assert board.game.to_dict() == after
    answer = page(board, 1)
    assert not answer["ok"] and answer["code"] == "nothing-to-undo"
    assert board.game.to_dict() == after


def test_a_plain_board_has_no_narration_and_the_state_keeps_its_shape(
        walk_board: tuple[Walkthrough, Board]) -> None:
    assert Board.new(seed=1).narration == {}
    _walk, board = walk_board
    page(board, 1)
    board.present()
    state = sync_state(board)
    assert state["presenting"] is True and state["narration"]["roll"]
    assert check_state(state) == []
