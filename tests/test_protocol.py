"""The board's protocol: every message read once as a typed intent, refusals with a code.

Covers :mod:`pavlov_widgets.widget.protocol` on its own and through ``Board.handle_message``:
a refused message changes nothing, says why in a sentence and carries a code.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.places import Counter, TrackCircle
from pavlov_widgets.widget import REFUSAL_CODES, Board
from pavlov_widgets.widget.board import sync_state
from pavlov_widgets.widget.protocol import (
    KINDS,
    Answer,
    AutoRoll,
    Choose,
    Refusal,
    Stamp,
    Step,
    WhyNot,
    check_stamp,
    parse_intent,
)


def test_each_kind_is_read_as_its_typed_intent() -> None:
    assert parse_intent({"kind": "choose", "option": "end-phase", "rev": 3, "game": 1}) == \
        Choose(Stamp(3, 1), "end-phase")
    assert parse_intent({"kind": "step", "rev": 0}) == Step(Stamp(0, None))
    assert parse_intent({"kind": "auto_roll", "value": False}) == AutoRoll(Stamp(), False)
    assert parse_intent({"kind": "why_not", "region": "counter:pavlov"}) == \
        WhyNot(Stamp(), Counter("pavlov"))
    answer = parse_intent({"kind": "answer", "region": "track:3:2", "rev": 1})
    assert isinstance(answer, Answer) and answer.place == TrackCircle(3, 2)
    assert {parse_intent({"kind": k, "rev": 0, "option": "x", "value": True, "by": 1,
                          "region": "dice"}).kind for k in KINDS} == set(KINDS)


@pytest.mark.parametrize(("message", "code", "words"), [
    ("choose", "unreadable", "cannot read"),
    ({"kind": "teleport"}, "unknown-kind", "Unknown message kind 'teleport'"),
    ({"kind": "choose", "rev": 0}, "unreadable", "must name an option id"),
    ({"kind": "choose", "option": "end-phase"}, "stale", "no rev"),
    ({"kind": "choose", "option": "x", "rev": True}, "unreadable", "rev must be a whole"),
    ({"kind": "auto_roll", "value": "yes"}, "unreadable", "true or false"),
    ({"kind": "why_not", "region": ""}, "unreadable", "needs a place"),
    ({"kind": "answer", "region": "track:x:1", "rev": 0}, "unreadable", "track:x:1"),
])
def test_a_malformed_message_is_refused_with_a_code(message: Any, code: str,
                                                    words: str) -> None:
    with pytest.raises(Refusal) as caught:
        parse_intent(message)
    assert caught.value.code == code and code in REFUSAL_CODES
    assert words in caught.value.text


def test_a_stale_intent_is_refused() -> None:
    check_stamp(Choose(Stamp(4, 2), "x"), rev=4, serial=2)
    with pytest.raises(Refusal, match="another position") as caught:
        check_stamp(Choose(Stamp(3, 2), "x"), rev=4, serial=2)
    assert caught.value.code == "stale"
    with pytest.raises(Refusal, match="no longer shows"):
        check_stamp(Choose(Stamp(4, 1), "x"), rev=4, serial=2)


def test_the_board_answers_a_refusal_with_its_code_and_changes_nothing() -> None:
    board = Board.new(seed=1)
    before = sync_state(board)
    answer = board.handle_message({"kind": "choose", "option": "move:nobody", "rev": 0,
                                   "game": 0})
    assert answer == {"kind": "ack", "ok": False, "rev": 0, "code": "illegal"}
    assert board.error_code == "illegal" and "Illegal action 'move:nobody'" in board.error
    after = sync_state(board)
    assert {k: v for k, v in after.items() if k not in ("error", "error_code")} == \
        {k: v for k, v in before.items() if k not in ("error", "error_code")}
    # the next intent taken clears the refusal
    option = board.choice["options"][0]["id"]
    assert board.handle_message({"kind": "choose", "option": option, "rev": 0,
                                 "game": 0})["ok"] is True
    assert board.error == board.error_code == ""


def test_why_not_is_a_question_answered_with_the_reason_and_the_rule() -> None:
    board = Board.new(seed=1)
    answer = board.handle_message({"kind": "why_not", "region": "counter:pavlov"})
    assert answer["kind"] == "why_not" and answer["region"] == "counter:pavlov"
    assert answer["text"].startswith("Pavlov is not a choice now")
    assert answer["rule"] == "2.2 Take up to Three Actions"
    assert (answer["rev"], answer["game"]) == (board.rev, board.game_serial)


@given(st.one_of(
    st.none(), st.integers(), st.text(max_size=20),
    st.dictionaries(st.sampled_from(["kind", "option", "rev", "game", "value", "region"]),
                    st.one_of(st.none(), st.booleans(), st.integers(-2, 5),
                              st.text(max_size=12), st.sampled_from(KINDS)),
                    max_size=6),
))
def test_any_message_is_taken_or_refused_with_a_known_code(message: Any) -> None:
    game = Game.new(seed=3)
    board = Board.from_game(game)
    before = game.to_json()
    answer = board.handle_message(message)
    assert answer["kind"] in ("ack", "why_not")
    if answer["kind"] == "ack" and not answer["ok"]:
        assert answer["code"] in REFUSAL_CODES and board.error
        assert game.to_json() == before
