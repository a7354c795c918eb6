"""Sessions drive the board: play, the hot seat (7.4), a question, the editor, a walkthrough.

Each test goes through ``Board.handle_message`` as the browser does, so the protocol, the
staleness check and the session's meaning of an intent are covered together.
"""

from __future__ import annotations

import ast
import inspect
import re
from typing import Any

import pytest

from pavlov_widgets.engine import Game, RuleSettings
from pavlov_widgets.tutor import Walkthrough
from pavlov_widgets.tutor.walkthrough.session import WalkthroughSession
from pavlov_widgets.widget import (
    AskSession,
    Board,
    BoardError,
    EditSession,
    HotSeatSession,
    PlaySession,
)
from pavlov_widgets.widget import board as board_module
from pavlov_widgets.widget.board import sync_state
from pavlov_widgets.widget.model import check_state


def send(board: Board, kind: str, **fields: Any) -> dict[str, Any]:
    """A message as the browser sends it, stamped with what the board shows."""
    return board.handle_message({"kind": kind, "rev": board.rev, "game": board.game_serial,
                                 **fields})


def test_board_keeps_traits_a_comm_and_a_session_stack_in_at_most_25_methods() -> None:
    tree = ast.parse(inspect.getsource(board_module))
    board_class = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Board")
    methods = [n.name for n in board_class.body if isinstance(n, ast.FunctionDef)]
    assert len(methods) <= 25, methods


@pytest.mark.parametrize(("name", "lives"), [
    ("role", "Board.from_game(game, role=...)"),
    ("hint_provider", "board.session.hint_provider"),
    ("covered", "board.session.covered"),
    ("editing", "EditSession"),
    ("position", "session.position"),
])
def test_a_name_the_board_had_before_its_sessions_says_where_it_lives_now(
        name: str, lives: str) -> None:
    board = Board.new(seed=1)
    with pytest.raises(AttributeError, match=rf"Board\.{name} is gone: .*{re.escape(lives)}"):
        setattr(board, name, "german")
    with pytest.raises(AttributeError, match=re.escape(lives)):
        getattr(board, name)
    assert name not in vars(board)  # nothing was stored on the board
    assert board.seat == {} and isinstance(board.session, PlaySession)


def test_a_plain_board_is_a_play_session_whose_focus_is_the_options_places() -> None:
    board = Board.new(seed=1)
    assert isinstance(board.session, PlaySession)
    targets = {t for o in board.choice["options"] for t in o["targets"]}
    assert set(board.focus) == targets
    assert not check_state(sync_state(board))


def test_a_question_takes_only_answers_and_its_feedback_sits_in_the_bar() -> None:
    board = Board.new(seed=1)
    answers: list[str] = []
    question = board.ask("Where is Pavlov?", ["square:R2", "square:G1"], answers.append)
    assert isinstance(board.session, AskSession)
    assert board.question == {"prompt": "Where is Pavlov?",
                              "regions": ["square:R2", "square:G1"]}
    assert board.focus == ["square:R2", "square:G1"]
    assert send(board, "choose", option="end-phase")["code"] == "asking"
    assert send(board, "answer", region="square:P1")["code"] == "not-asked"
    assert answers == []
    assert send(board, "answer", region="square:G1")["ok"]
    assert answers == ["square:G1"]
    again: list[bool] = []
    question.settle("Not quite: Pavlov is on R2.", "1.2", focus=["square:R2"],
                    buttons={"Try again": lambda: again.append(True)})
    assert board.question == {} and board.choice["op"] == "feedback"
    assert board.choice["prompt"] == "Not quite: Pavlov is on R2."
    assert [o["label"] for o in board.choice["options"]] == ["Try again"]
    assert send(board, "answer", region="square:R2")["code"] == "asking"
    assert send(board, "choose", option="Try again")["ok"] and again == [True]
    question.ask_again()
    assert board.question["prompt"] == "Where is Pavlov?"
    question.end()
    assert isinstance(board.session, PlaySession) and board.question == {}


def test_a_bad_question_changes_nothing() -> None:
    board = Board.new(seed=1)
    with pytest.raises(BoardError, match="is not a place of this board"):
        board.ask("Which?", ["square:Z9"], print)
    with pytest.raises(BoardError, match="prompt must be a sentence"):
        board.ask("  ", ["square:R2"], print)
    assert isinstance(board.session, PlaySession)


def test_giving_the_board_another_game_ends_its_question_and_marks() -> None:
    board = Board.new(seed=1)
    board.mark("square:R2", "right")
    board.ask("Which?", ["square:R2"], print)
    serial = board.game_serial
    board.game = Game.new(seed=2)
    assert isinstance(board.session, PlaySession) and board.marks == []
    assert board.game_serial > serial


def test_the_editor_is_a_session_and_its_refusal_names_what_is_wrong() -> None:
    board = Board.new(seed=1)
    editing = board.edit()
    assert isinstance(board.session, EditSession) and board.edit_mode["problems"] == 0
    answer = send(board, "step")
    assert answer["code"] == "editing" and "editing a position" in board.error
    tool = next(o["id"] for o in board.choice["options"] if o["label"] == "Defense")
    assert send(board, "choose", option=tool)["ok"]
    assert board.edit_mode["tool"] == "Defense"
    editing.stop()
    assert isinstance(board.session, PlaySession) and board.edit_mode == {}


def test_a_hot_seat_covers_between_players_and_a_click_on_the_cover_reveals() -> None:
    game = Game.new(seed=2, settings=RuleSettings.for_variant("competitive"))
    board = Board.hot_seat(game)
    session = board.session
    assert isinstance(session, HotSeatSession) and session.covered
    assert board.choice["kind"] == "cover" and board.focus == []
    assert send(board, "choose", option="x")["code"] == "covered"
    assert send(board, "reveal")["ok"]
    assert not session.covered and session.role == "german"
    assert board.seat["side"] == "german"


def test_a_role_view_refuses_another_roles_choice_and_hides_its_cards() -> None:
    game = Game.new(seed=2, settings=RuleSettings.for_variant("competitive"))
    board = Board.from_game(game, role="soviet")
    assert board.choice["kind"] == "wait" and board.choice["options"] == []
    legal = game.legal_ids()[0]
    assert send(board, "choose", option=legal)["code"] == "wrong-role"
    assert game.rev == 0


def test_a_walkthrough_click_is_the_walkthroughs_own_step() -> None:
    walk = Walkthrough("move", mode="your-turn")
    board = Board(session=WalkthroughSession(walk))
    assert board.game is walk.shown  # no copy
    upcoming = walk.upcoming
    assert upcoming is not None and upcoming.option is not None
    assert send(board, "choose", option=upcoming.option.id)["ok"]
    assert walk.index == 1 and board.rev == walk.rev
    assert send(board, "undo")["ok"] and walk.index == 0
    assert send(board, "redo")["code"] == "walkthrough"
    with pytest.raises(BoardError, match="owns its game"):
        board.game = Game.new(seed=1)


def test_choosing_while_watching_switches_to_your_turn() -> None:
    walk = Walkthrough("move")
    board = Board(session=WalkthroughSession(walk))
    upcoming = walk.upcoming
    assert upcoming is not None and upcoming.option is not None
    send(board, "choose", option=upcoming.option.id)
    assert walk.mode == "your-turn" and walk.index == 1


def test_a_fitted_board_draws_the_panels_of_its_focus_where_the_whole_board_does_not_fit(
) -> None:
    walk = Walkthrough("ju87")
    board = Board(session=WalkthroughSession(walk))
    board.fit_focus = True
    board.room = {"width": 900, "height": 700}
    walk.go(2)
    assert board.panels == ["volga"]
    board.room = {"width": 1600, "height": 900}
    assert board.panels == ["house", "square", "volga"]
