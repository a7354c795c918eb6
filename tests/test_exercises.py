"""Exercises the engine grades (issue 12 "check yourself"): right, wrong, garbage, the score.

The answers are computed by the engine from the rulebook's examples (3.0 Attack Defender,
Suppress Defender, Bomb Stalingrad), so these tests also pin what the exercises teach.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.tutor.exercises import model as exercises
from pavlov_widgets.tutor.exercises.model import (
    SOMETHING_ELSE,
    ExerciseError,
    Quiz,
    board_regions,
    card_outcomes,
    card_targets,
    next_target,
    play_card,
)


def _mortar_click(quiz: Quiz | None = None) -> exercises.ClickExercise:
    quiz = quiz or Quiz("05")
    return quiz.click("Click the position this Mortar will hit.", get_scenario("mortar").build(),
                      answer=next_target("square:"), among="square",
                      rule="3.0 Suppress Defender",
                      explain="Purple 4 is empty, so the search goes down to Pavlov on 3")


def _bombs(game_moves: tuple[str, ...] = ("aa:8", "aa:13", "fire")) -> exercises.Game:
    game = get_scenario("ju87").build()
    for move in game_moves:
        game.apply(move)
    return game


def test_3_0_suppress_defender_the_engine_finds_the_mortars_target() -> None:
    ex = _mortar_click()
    assert ex.solution == ("square:P3",)
    assert len(ex.among) == 16 and all(r.startswith("square:") for r in ex.among)


def test_a_wrong_answer_names_the_rule_and_the_right_place() -> None:
    ex = _mortar_click()
    feedback = ex.answer("square:P1")
    assert not feedback.correct
    assert "3.0 Suppress Defender" in feedback.message
    assert "position P3" in feedback.message and "you chose position P1" in feedback.message
    assert "Purple 4 is empty" in feedback.message
    assert ex.status == "not right"


def test_a_right_answer_after_a_wrong_one_keeps_the_first_for_the_score() -> None:
    quiz = Quiz("05")
    ex = _mortar_click(quiz)
    ex.answer("square:P1")
    second = ex.answer("square:P3")
    assert second.correct and second.message.startswith("Right: position P3")
    assert ex.correct is False and quiz.right == 0
    assert repr(quiz) == "<Quiz 05: 0 of 1 right>"


def test_a_right_first_answer_scores() -> None:
    quiz = Quiz("05")
    ex = _mortar_click(quiz)
    assert repr(quiz) == "<Quiz 05: 0 of 1 right>"
    assert ex.answer("square:P3").correct
    assert quiz.right == 1 and repr(ex) == "<ClickExercise 05.1: right>"


@pytest.mark.parametrize("garbage, words", [
    ("loc:12", "not a place this question asks about"),
    ("square:Z9", "not a place this question asks about"),
    ("", "not a place this question asks about"),
    (["square:P3", "square:P1"], "pick 1 place, not 2"),
])
def test_a_garbage_answer_is_refused_clearly_and_changes_nothing(garbage: object,
                                                                  words: str) -> None:
    quiz = Quiz("05")
    ex = _mortar_click(quiz)
    seen: list[object] = []
    quiz.on_change(seen.append)
    with pytest.raises(ExerciseError, match=words):
        ex.answer(garbage)  # type: ignore[arg-type]
    assert not ex.answered and ex.first is None and ex.last is None
    assert seen == [] and quiz.right == 0


def test_3_0_bomb_stalingrad_which_locations_the_bombs_hit() -> None:
    quiz = Quiz("06")
    ex = quiz.click("Which locations get a bomb?", _bombs(), answer=card_targets("loc:"),
                    among="loc", pick=3, rule="3.0 Bomb Stalingrad")
    assert set(ex.solution) == {"loc:14", "loc:10", "loc:11"}
    assert ex.answer(["loc:11", "loc:14", "loc:10"]).correct  # the order does not matter
    with pytest.raises(ExerciseError, match="pick 3 places, not 1"):
        ex.answer("loc:14")


def test_the_exercise_works_on_a_copy_and_leaves_the_authors_game_alone() -> None:
    game = get_scenario("mortar").build()
    history = game.history
    ex = Quiz("05").click("Where?", game, answer=next_target("square:"), among="square",
                          rule="3.0 Suppress Defender")
    ex.answer("square:P3")
    assert game.history == history and game.chance() is not None


def test_play_card_resolves_only_the_pending_card() -> None:
    game = get_scenario("sniper").build()
    after, entries = play_card(game)
    assert after.state.soviet["pavlov"].where == "removed"
    assert [e.kind for e in entries][:3] == ["roll", "roll", "event"]
    assert game.state.soviet["pavlov"].where == "R2"


def test_authoring_mistakes_are_caught_when_the_exercise_is_made() -> None:
    quiz = Quiz("05")
    game = get_scenario("mortar").build()
    with pytest.raises(ExerciseError, match="not among the places offered"):
        quiz.click("Where?", game, answer=next_target("square:"), among=["square:P1"],
                   rule="3.0 Suppress Defender")
    with pytest.raises(ExerciseError, match="unknown kind of place 'room'"):
        quiz.click("Where?", game, answer="square:P3", among="room", rule="3.0")
    with pytest.raises(ExerciseError, match="needs the rule"):
        quiz.click("Where?", game, answer="square:P3", among="square", rule="")
    with pytest.raises(ExerciseError, match="not one of the answers offered"):
        quiz.choice("How many?", ["1", "2"], answer="3", rule="2.2")
    with pytest.raises(ExerciseError, match="needs game="):
        quiz.choice("How many?", ["1", "2"], answer=lambda g: "1", rule="2.2")
    assert quiz.exercises == []


def test_2_2_a_choice_computed_by_the_engine() -> None:
    quiz = Quiz("04")
    game = get_scenario("soviet-card-hand").build()
    ex = quiz.choice("How many actions are left this phase?", ["1", "2", "3", "4"],
                     answer=lambda g: str(g.state.actions_left), game=game,
                     rule="2.2 Take up to Three Actions")
    assert ex.solution == ("3",)
    assert not ex.answer("4").correct
    with pytest.raises(ExerciseError, match="“five” is not one of the answers; answer with "
                                            "“1”, “2”, “3” or “4”"):
        ex.answer("five")
    assert ex.answer(3).correct  # a number is read as its answer
    assert quiz.summary() == "0 of 1 right"


def test_board_regions_lists_every_place_of_a_kind() -> None:
    game = get_scenario("ju87").build()
    assert board_regions(game, "loc") == tuple(f"loc:{n}" for n in range(3, 19))
    assert board_regions(game, "counter") == ("counter:pavlov",)
    assert board_regions(game, "defense") == ("defense:green", "defense:red",
                                              "defense:purple")
    assert all(r.count(":") == 2 for r in board_regions(game, "track"))


def test_3_0_attack_defender_the_exact_odds_of_a_whole_sniper_card() -> None:
    game = get_scenario("sniper").build()
    odds = card_outcomes(game, {
        "Pavlov is a casualty": lambda g: g.state.soviet["pavlov"].where == "removed",
        "Glushenko is a casualty": lambda g: g.state.soviet["glushenko"].where == "removed",
    })
    total = sum((o.probability for o in odds), Fraction(0))
    assert total == 1
    by_name = {o.name: o.probability for o in odds}
    assert 0 < by_name["Pavlov is a casualty"] < 1
    assert by_name[SOMETHING_ELSE] > 0


def test_predict_then_reveal_counts_predictions_apart_from_the_score() -> None:
    quiz = Quiz("05")
    quiz.click("Where?", get_scenario("mortar").build(), answer=next_target("square:"),
               among="square", rule="3.0 Suppress Defender").answer("square:P3")
    ex = quiz.predict(get_scenario("sniper").build(), "What will this Sniper do?", {
        "Pavlov is a casualty": lambda g: g.state.soviet["pavlov"].where == "removed",
        "Nobody is hurt": lambda g: all(c.where != "removed"
                                        for c in g.state.soviet.values()),
    }, rule="3.0 Attack Defender")
    assert ex.happened == "Pavlov is a casualty"  # the rulebook's dice
    feedback = ex.answer("Nobody is hurt")
    assert not feedback.correct and "This time: Pavlov is a casualty" in feedback.message
    assert "3.0 Attack Defender" in feedback.message
    assert quiz.right == 1 and len(quiz.graded) == 1
    assert quiz.summary() == "1 of 1 right; 0 of 1 predictions made came true"
    assert Quiz("05").summary() == "0 of 0 right"  # no prediction: nothing said of them
    before = Quiz("05")
    before.predict(ex.game, ex.question, ex.outcomes, rule=ex.rule)
    assert before.summary() == "0 of 0 right; no prediction made yet"  # never "0 of 0 came"
    with pytest.raises(ExerciseError, match="not an outcome offered"):
        ex.answer("Glushenko")


def test_a_prediction_needs_a_roll_pending() -> None:
    game = get_scenario("ju87").build()  # the player is asked which tokens fire first
    with pytest.raises(ExerciseError, match="no roll is pending"):
        Quiz("06").predict(game, "?", {"a": lambda g: True, "b": lambda g: False},
                           rule="3.0 Bomb Stalingrad")


def test_the_quiz_text_lists_every_exercise() -> None:
    quiz = Quiz("05")
    _mortar_click(quiz).answer("square:P3")
    assert str(quiz).splitlines() == [
        "Check yourself 05: 1 of 1 right",
        "  05.1  right              Click the position this Mortar will hit. "
        "(3.0 Suppress Defender)",
    ]
