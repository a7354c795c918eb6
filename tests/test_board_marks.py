"""The board's tutor API: marks, questions and focus views (issue 12), on the Python side.

``Board.mark`` rings places (focus, right, wrong), ``Board.ask`` puts a question on the board
(an :class:`AskSession` the learner answers with a click, handed to ``on_answer``),
``Board.panels`` draws only some panels. Bad input gets a :class:`BoardError` (a
``ValueError``) naming what is wrong and what is allowed, and changes nothing; a refused click
is answered with its code. The walkthrough widget marks what each step is about and
draws the panels it needs.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pavlov_widgets import Board
from pavlov_widgets.engine import Game
from pavlov_widgets.tutor.content import scenario_names
from pavlov_widgets.tutor.walkthrough.model import Walkthrough
from pavlov_widgets.tutor.walkthrough.widget import WalkthroughWidget
from pavlov_widgets.widget import AskSession, PlaySession
from pavlov_widgets.widget.board import (
    MARK_STYLES,
    PANELS,
    BoardError,
    panels_for,
    sync_state,
)
from pavlov_widgets.widget.protocol import KINDS, Refusal
from pavlov_widgets.widget.view import region_ids


@pytest.fixture
def board() -> Board:
    return Board.new(seed=1)


def acks(board: Board, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The custom messages the board sends back, collected."""
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(board, "send", lambda content, buffers=None: sent.append(content))
    return sent


# --- the vocabulary -------------------------------------------------------------------------


def test_every_target_the_engine_names_is_a_region_the_board_accepts() -> None:
    """Validation never refuses a real place: every option's targets over whole games."""
    for seed in (1, 2):
        game = Game.new(seed=seed)
        known = region_ids(game)
        rng = random.Random(seed)
        while not game.is_over:
            options = game.legal_actions()
            for option in options:
                assert set(option.targets) <= known, (option.id, option.targets)
            game.apply(rng.choice(options).id)


def test_every_walkthrough_focus_is_a_region_the_board_accepts() -> None:
    for name in scenario_names():
        walk = Walkthrough(name)
        known = region_ids(walk.game)
        for step in range(len(walk) + 1):
            walk.go(step)
            assert set(walk.narration().focus) <= known, (name, step)


# --- marks ----------------------------------------------------------------------------------


def test_mark_rings_places_in_a_style_and_marks_add_up(board: Board) -> None:
    board.mark(["square:R2", "counter:pavlov"])
    board.mark("defense:red", "right")  # one string is one region
    board.mark(["square:R2"], "wrong")  # marked again: the new style
    assert board.marks == [
        {"region": "counter:pavlov", "style": "focus"},
        {"region": "defense:red", "style": "right"},
        {"region": "square:R2", "style": "wrong"},
    ]
    assert sync_state(board)["marks"] == board.marks  # saved pictures show them too
    board.clear_marks("focus")
    assert [m["region"] for m in board.marks] == ["defense:red", "square:R2"]
    board.clear_marks()
    assert board.marks == []


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda b: b.mark(["square:Z9"]), ["'square:Z9'", "square:R2", "square:G4R1"]),
        (lambda b: b.mark(["kitchen:1"]), ["'kitchen:1'", "square:", "track:", "loc:"]),
        (lambda b: b.mark(["track:4:9"]), ["'track:4:9'", "track:4:5"]),
        (lambda b: b.mark(["square:R2", 7]), ["not 7"]),
        (lambda b: b.mark(42), ["not 42"]),
        (lambda b: b.mark(["square:R2"], "blue"), ["'blue'", "'focus', 'right', 'wrong'"]),
        (lambda b: b.clear_marks("blue"), ["'blue'", "'focus', 'right', 'wrong'"]),
    ],
)
def test_a_bad_mark_is_a_clear_error_and_changes_nothing(
    board: Board, call: Any, words: list[str]
) -> None:
    board.mark(["loc:12"], "right")
    before = list(board.marks)
    with pytest.raises(BoardError) as refused:
        call(board)
    assert isinstance(refused.value, ValueError)
    for word in words:
        assert word in str(refused.value), (word, str(refused.value))
    assert board.marks == before


def test_marks_stay_while_the_game_moves_and_go_with_another_game(board: Board) -> None:
    board.mark(["square:R2"])
    board.game.apply("end-phase")
    board.game.undo()
    assert board.marks == [{"region": "square:R2", "style": "focus"}]
    board.game = Game.new(seed=2)
    assert board.marks == []


def test_mark_styles_are_the_three_of_the_contract() -> None:
    assert MARK_STYLES == ("focus", "right", "wrong")


# --- questions ------------------------------------------------------------------------------


def asking(board: Board) -> str:
    """The question the board asks now ("" when none)."""
    return str(board.question.get("prompt", ""))


def test_ask_answer_and_end(board: Board) -> None:
    answers: list[str] = []
    assert asking(board) == ""
    question = board.ask("Click the position the Mortar hits.", ["square:P3", "square:R2"],
                         answers.append)
    assert board.session is question and isinstance(question, AskSession)
    assert asking(board) == "Click the position the Mortar hits."
    assert board.question == {"prompt": "Click the position the Mortar hits.",
                              "regions": ["square:P3", "square:R2"]}
    assert sync_state(board)["question"] == board.question
    question.answer("square:R2")
    question.answer("square:P3")  # several answers until the question ends (pick two, Check)
    assert answers == ["square:R2", "square:P3"]
    question.end()
    assert asking(board) == "" and board.question == {}
    assert isinstance(board.session, PlaySession)
    # the question has ended: an answer is refused, from code or from the browser
    with pytest.raises(Refusal, match="has ended") as refused:
        question.answer("square:R2")
    assert refused.value.code == "not-here"
    reply = board.handle_message({"kind": "answer", "region": "square:R2", "rev": board.rev,
                                  "game": board.game_serial})
    assert reply["code"] == "not-here" and "'answer'" in board.error
    assert answers == ["square:R2", "square:P3"]


def test_an_answer_outside_the_question_is_refused_and_nothing_is_called(board: Board) -> None:
    answers: list[str] = []
    question = board.ask("Which location?", ["loc:12", "loc:13"], answers.append)
    for bad in ("loc:14", "square:R2", 12, ""):
        with pytest.raises(Refusal) as refused:
            question.answer(bad)  # type: ignore[arg-type]
        assert refused.value.code == "not-asked"
        assert "loc:12, loc:13" in str(refused.value)
    assert answers == [] and asking(board) == "Which location?"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("", ["loc:12"]), "prompt"),
        (("   ", ["loc:12"]), "prompt"),
        (("Which?", []), "no places"),
        (("Which?", ["loc:99"]), "'loc:99'"),
        (("Which?", ["loc:12"], "print"), "on_answer"),
    ],
)
def test_a_bad_question_is_a_clear_error_and_changes_nothing(
    board: Board, args: tuple[Any, ...], words: str
) -> None:
    first: list[str] = []
    question = board.ask("The first question", ["square:R2"], first.append)
    call = args if len(args) == 3 else (*args, print)
    with pytest.raises(BoardError, match=words):
        board.ask(*call)
    assert board.session is question
    assert board.question == {"prompt": "The first question", "regions": ["square:R2"]}
    question.answer("square:R2")
    assert first == ["square:R2"]  # the first question still answers to its own function


def test_the_browser_answers_with_a_click_checked_like_a_choice(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent = acks(board, monkeypatch)
    answers: list[str] = []
    board.ask("Which position?", ["square:R2", "square:G1"], answers.append)
    here = {"rev": board.rev, "game": board.game_serial}
    board._handle_custom_msg({"kind": "answer", "region": "square:G1", **here}, [])
    assert answers == ["square:G1"] and sent[-1] == {"kind": "ack", "ok": True, "rev": 0}
    for bad, code in (
        ({"kind": "answer", "region": "square:P1", **here}, "not-asked"),
        ({"kind": "answer", "region": 5, **here}, "unreadable"),
        ({"kind": "answer", "region": "square:R2", "rev": 7, "game": board.game_serial},
         "stale"),
        ({"kind": "answer", "region": "square:R2", "game": board.game_serial}, "stale"),  # no rev
        ({"kind": "answer", "region": "square:R2", "rev": 0, "game": 99}, "stale"),
    ):
        board._handle_custom_msg(bad, [])
        assert sent[-1] == {"kind": "ack", "ok": False, "rev": 0, "code": code}, bad
        assert board.error_code == code and board.error, bad
    assert answers == ["square:G1"]


def test_asking_a_question_makes_a_click_on_the_game_below_stale(board: Board) -> None:
    """A click made on the board before the question was asked is not taken as anything."""
    serial = board.game_serial
    board.ask("Which position?", ["square:R2"], lambda _r: None)
    assert board.game_serial > serial
    reply = board.handle_message({"kind": "choose", "option": "end-phase", "rev": 0,
                                  "game": serial})
    assert reply["code"] == "stale" and board.game.rev == 0


def test_while_asking_the_board_takes_no_move(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    acks(board, monkeypatch)
    question = board.ask("Which position?", ["square:R2"], lambda _r: None)
    before = board.game.to_dict()
    for kind in ("choose", "step", "undo", "redo"):
        reply = board.handle_message({"kind": kind, "option": "end-phase", "rev": 0,
                                      "game": board.game_serial})
        assert reply == {"kind": "ack", "ok": False, "rev": 0, "code": "asking"}, kind
        assert "asks a question" in board.error
    assert board.game.to_dict() == before
    question.end()
    board.handle_message({"kind": "choose", "option": "end-phase", "rev": 0,
                          "game": board.game_serial})
    assert board.rev == 1


def test_a_failing_on_answer_still_lets_the_browser_click_again(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent = acks(board, monkeypatch)

    def broken(_region: str) -> None:
        raise RuntimeError("the tutor's own bug")

    board.ask("Which position?", ["square:R2"], broken)
    with pytest.raises(RuntimeError):  # the comm logs it; code sees it raised
        board.handle_message({"kind": "answer", "region": "square:R2", "rev": 0,
                              "game": board.game_serial})
    assert sent[-1] == {"kind": "ack", "ok": False, "rev": 0, "code": "not-here"}


def test_another_game_ends_the_question(board: Board) -> None:
    board.ask("Which position?", ["square:R2"], lambda _r: None)
    board.game = Game.new(seed=3)
    assert asking(board) == "" and board.question == {}
    assert isinstance(board.session, PlaySession)


def test_answer_is_a_message_kind() -> None:
    assert "answer" in KINDS
    assert issubclass(Refusal, BoardError) and issubclass(BoardError, ValueError)


# --- panels ---------------------------------------------------------------------------------


def test_panels_default_to_all_three_and_keep_board_order(board: Board) -> None:
    assert board.panels == list(PANELS) == ["house", "square", "volga"]
    board.panels = ("volga", "house", "volga")
    assert board.panels == ["house", "volga"]
    assert sync_state(board)["panels"] == ["house", "volga"]
    assert Board(panels=["square"]).panels == ["square"]
    board.panels = "square"  # one name
    assert board.panels == ["square"]


@pytest.mark.parametrize("bad", [["kitchen"], ["house", "garden"], [], [3], 3, "hall"])
def test_a_bad_panel_is_a_clear_error_and_changes_nothing(board: Board, bad: Any) -> None:
    board.panels = ["square"]
    with pytest.raises(BoardError) as refused:
        board.panels = bad
    assert "'house', 'square', 'volga'" in str(refused.value)
    assert board.panels == ["square"]


def test_panels_for_picks_the_panels_a_step_is_about() -> None:
    game = Game.new(seed=1)
    ju87 = next(c for c, card in game.components.wehrmacht_cards.items() if card.kind == "ju87")
    assert panels_for(game, ["square:R2", "counter:pavlov", "defense:red"]) == ("house",)
    assert panels_for(game, ["box:suppress:red", "box:storm", "box:reserves"]) == ("house",)
    assert panels_for(game, ["track:4:1"]) == ("square",)
    assert panels_for(game, ["loc:12", "box:staging"]) == ("volga",)
    assert panels_for(game, ["loc:8", f"card:{ju87}"]) == ("volga",)
    assert panels_for(game, ["loc:10", "square:G2"]) == ("house", "volga")
    assert panels_for(game, []) == PANELS
    assert panels_for(game, ["card:soviet-01:62nd-army-cp"]) == PANELS


# --- the walkthrough widget -----------------------------------------------------------------


def test_the_walkthrough_widget_marks_each_steps_focus_and_draws_its_panels() -> None:
    widget = WalkthroughWidget("sniper")
    walk, board = widget.walkthrough, widget.board
    assert board.marks == [] and board.panels == list(PANELS)  # step 0: the whole example
    for step in range(1, len(walk) + 1):
        widget.next_button.click()
        focus = walk.narration().focus
        assert [m["region"] for m in widget.board.marks] == list(dict.fromkeys(focus))
        assert {m["style"] for m in widget.board.marks} == {"focus"}
        assert widget.board.panels == list(panels_for(walk.game, focus)), step
        assert "Look at:" in widget.narration.value  # named for those who do not see it
    assert widget.board.panels == ["house"]
    # where the whole board fits its place, the whole board is drawn
    widget.board.room = {"width": 1500, "height": 900}
    assert widget.board.panels == list(PANELS)
    widget.back_button.click()
    assert widget.board.panels == list(PANELS) and widget.board.marks
    widget.board.room = {"width": 640, "height": 600}
    assert widget.board.panels == ["house"]
    widget.close()


def test_the_walkthrough_widget_puts_its_controls_beside_the_board() -> None:
    widget = WalkthroughWidget("ju87")
    assert "pavlov-walkthrough" in widget._dom_classes
    assert widget.children == (widget.side, widget.board_box)
    assert widget.board_box.children == (widget.board,)
    # the step buttons are a row of the side column (wherever the hidden Access helper sits)
    rows = [c for c in widget.side.children if widget.next_button in getattr(c, "children", ())]
    assert len(rows) == 1
    import pavlov_widgets.tutor.walkthrough.widget as module

    assert "cannot" not in (module.__doc__ or "").lower()
    widget.close()
