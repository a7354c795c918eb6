"""The exercise widgets (issue 12): the board asks, a click answers, the feedback shows.

Feedback names the rule and marks the right answer on the board, buttons answer a choice, a
prediction reveals the card. A click exercise's feedback shows in the board's bar, with its
"Try again" button beside it (the question's :class:`AskSession` is settled).

Clicks are the messages the browser sends (``Board.handle_message``: an ``answer`` on an asked
place, a ``choose`` of the bar's "Try again"); the real browser clicks them in
``tests/browser/test_tutor_notebooks.py``.
"""

from __future__ import annotations

from typing import Any

from pavlov_widgets.tutor import Quiz
from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.tutor.exercises.model import (
    _card_moment,
    card_targets,
    next_target,
)
from pavlov_widgets.tutor.exercises.widget import (
    ChoiceWidget,
    ClickWidget,
    PredictWidget,
    ScoreWidget,
)
from pavlov_widgets.widget import AskSession, Board


def _marks(widget: ClickWidget) -> dict[str, str]:
    return {m["region"]: m["style"] for m in widget.board.marks}


def _send(board: Board, kind: str, **fields: Any) -> dict[str, Any]:
    """A click as the browser sends it, made on what the board shows; the board's reply."""
    return board.handle_message({"kind": kind, "rev": board.rev, "game": board.game_serial,
                                 **fields})


def _click(board: Board, place: str) -> None:
    """A click on an asked place: it must be taken."""
    assert _send(board, "answer", region=place)["ok"], board.error


def _asking(board: Board) -> str:
    return str(board.question.get("prompt", ""))


def _mortar(quiz: Quiz) -> ClickWidget:
    ex = quiz.click("Click the position this Mortar will hit.", get_scenario("mortar").build(),
                    answer=next_target("square:"), among="square",
                    rule="3.0 Suppress Defender")
    widget = ex.widget()
    assert isinstance(widget, ClickWidget)
    return widget


def test_the_board_asks_the_question_with_the_places_offered() -> None:
    widget = _mortar(Quiz("05"))
    assert isinstance(widget.board.session, AskSession)
    assert _asking(widget.board) == "Click the position this Mortar will hit."
    assert len(widget.board.question["regions"]) == 16
    assert widget.board.focus == widget.board.question["regions"]
    assert widget.feedback.value == "" and widget.board.marks == []


def test_a_wrong_click_then_a_right_one() -> None:
    quiz = Quiz("05")
    widget = _mortar(quiz)
    _click(widget.board, "square:P1")
    assert "Not quite" in widget.feedback.value and "3.0 Suppress Defender" in widget.feedback.value
    assert _marks(widget) == {"square:P3": "right", "square:P1": "wrong"}
    assert _asking(widget.board) == ""  # answered: the board stops asking until "Try again"
    # the feedback is in the board's bar, where the learner clicked, with "Try again" beside it
    choice = widget.board.choice
    assert choice["op"].startswith("feedback") and "Not quite" in choice["prompt"]
    assert choice["rule"] == "3.0 Suppress Defender"
    assert [o["label"] for o in choice["options"]] == ["Try again"]
    assert set(widget.board.focus) == {"square:P3", "square:P1"}
    assert _send(widget.board, "answer", region="square:P3")["code"] == "asking"
    assert _send(widget.board, "choose", option="Try again")["ok"]
    assert _asking(widget.board) and widget.board.marks == []
    _click(widget.board, "square:P3")
    assert "Right: position P3" in widget.feedback.value
    assert _marks(widget) == {"square:P3": "right"}
    assert repr(quiz) == "<Quiz 05: 0 of 1 right>"  # the first answer counts


def test_a_place_not_asked_about_is_refused_by_the_board_and_nothing_changes() -> None:
    widget = _mortar(Quiz("05"))
    assert _send(widget.board, "answer", region="loc:12")["code"] == "not-asked"
    assert "not one of the places asked about" in widget.board.error
    assert not widget.exercise.answered and widget.feedback.value == ""


def test_an_answer_from_code_shows_in_the_widget() -> None:
    widget = _mortar(Quiz("05"))
    widget.exercise.answer("square:P3")
    assert "Right" in widget.feedback.value and _marks(widget) == {"square:P3": "right"}


def test_picking_several_places_then_check() -> None:
    game = get_scenario("ju87").build()
    for move in ("aa:8", "aa:13", "fire"):
        game.apply(move)
    ex = Quiz("06").click("Which locations get a bomb?", game, answer=card_targets("loc:"),
                          among="loc", pick=3, rule="3.0 Bomb Stalingrad")
    widget = ex.widget()
    assert isinstance(widget, ClickWidget)
    _click(widget.board, "loc:14")
    _click(widget.board, "loc:10")
    assert widget.check_button.disabled and not ex.answered
    _click(widget.board, "loc:10")  # a second click takes a place back
    assert widget.selected == ["loc:14"]
    _click(widget.board, "loc:10")
    _click(widget.board, "loc:11")
    assert not widget.check_button.disabled
    assert _marks(widget) == {"loc:14": "focus", "loc:10": "focus", "loc:11": "focus"}
    widget.check_button.click()
    assert ex.correct and "Right" in widget.feedback.value


def test_a_choice_is_answered_with_its_button() -> None:
    quiz = Quiz("04")
    ex = quiz.choice("How many actions are left this phase?", ["1", "2", "3"],
                     answer=lambda g: str(g.state.actions_left),
                     game=get_scenario("soviet-card-hand").build(),
                     rule="2.2 Take up to Three Actions")
    widget = ex.widget()
    assert isinstance(widget, ChoiceWidget) and widget.board is not None
    # the buttons sit above the board: the question and its choices in view together
    row = next(i for i, c in enumerate(widget.children)
               if widget.buttons[0] in getattr(c, "children", ()))
    assert row < widget.children.index(widget.board)
    # until it is answered the board only shows the position: nothing on it can be played
    assert widget.board is not None and widget.board.choice["op"] == "still"
    assert _send(widget.board, "choose", option="end-phase")["code"] == "still"
    widget.buttons[0].click()
    assert [b.button_style for b in widget.buttons] == ["danger", "", "success"]
    assert "2.2 Take up to Three Actions" in widget.feedback.value
    # answered: still the question's position (a new one would scroll away from the feedback)
    assert widget.board.choice["op"] == "still"
    assert widget.board.choice["prompt"].startswith("You have answered")


def test_predict_then_reveal_resolves_the_card_and_shows_the_odds() -> None:
    game = get_scenario("sniper").build()
    ex = Quiz("05").predict(game, "What will this Sniper do?", {
        "Pavlov is a casualty": lambda g: g.state.soviet["pavlov"].where == "removed",
        "Nobody is hurt": lambda g: all(c.where != "removed" for c in g.state.soviet.values()),
    }, rule="3.0 Attack Defender")
    widget = ex.widget()
    assert isinstance(widget, PredictWidget)
    assert widget.board.game.chance() is not None and widget.odds.value == ""
    # Before the prediction the board is held still: its Roll would show the card's own dice
    before = widget.board.game.to_json()
    assert widget.board.choice["op"] == "still" and widget.board.last_roll == {}
    for kind, fields in (("step", {}), ("choose", {"option": "roll"})):
        assert _send(widget.board, kind, **fields)["code"] == "still"
    assert widget.board.game.to_json() == before
    widget.buttons[1].click()
    assert widget.board.game.state.soviet["pavlov"].where == "removed"
    assert "← this time" in widget.odds.value and "%" in widget.odds.value
    assert "This time: Pavlov is a casualty" in widget.feedback.value
    widget.again_button.click()  # the same card with fresh dice (seed 1)
    again = widget.board.game
    assert again is not ex.after and len(again.log) > len(game.log)
    assert _card_moment(again) != _card_moment(game)  # the Sniper card is done


def test_the_score_follows_the_answers() -> None:
    quiz = Quiz("05")
    score = quiz.widget()
    assert isinstance(score, ScoreWidget) and "0 of 0 right" in score.value
    widget = _mortar(quiz)
    assert "0 of 1 right, 1 not answered yet" in score.value
    _click(widget.board, "square:P3")
    assert "1 of 1 right" in score.value and "right" in score.value
    assert repr(score) == "<Quiz 05: 1 of 1 right>"
