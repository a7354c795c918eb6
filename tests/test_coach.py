"""The coach of notebook 13 (issue 12): explain the choices, why not?, the review.

Each test names the rule its refusal or explanation cites; positions are built with the
validating :class:`~pavlov_widgets.engine.positions.Position`.
"""

from __future__ import annotations

from typing import Any

import pytest

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.positions import Position
from pavlov_widgets.sim.policies import get_policy, policy_rng
from pavlov_widgets.sim.simulate import play_to_end
from pavlov_widgets.tutor.coach import (
    Coach,
    Review,
    TurningPoint,
    UnknownPlaceError,
    resolve_place,
    review,
    static_value,
    value,
)


def _played(seed: int, until_turn: int | None = None) -> Game:
    """A seeded game played by the sensible player (to the end, or into ``until_turn``)."""
    game = Game.new(seed=seed)
    policy = get_policy("heuristic")
    if until_turn is None:
        play_to_end(game, policy, policy_rng(seed, "heuristic"))
        return game
    rng = policy_rng(seed, "heuristic")
    while not game.is_over and game.turn < until_turn:
        game.apply(policy(game, rng))
    return game


# --- explain the choices ------------------------------------------------------------------------


def test_explain_lists_every_legal_option_with_a_rule_and_a_hint() -> None:
    coach = Coach(seed=1)
    lines = coach.explain()
    options = coach.game.legal_actions()
    bullets = [line for line in lines if line.startswith("- ")]
    assert len(bullets) == len(options)
    for option, line in zip(options, bullets, strict=True):
        assert line.startswith(f"- {option.label}: ")
        assert line.rstrip(")").rsplit("(", 1)[1][:1].isdigit(), line  # ends with its rule
    assert lines[0].endswith("(2.2 Take up to Three Actions)")
    assert lines[-1].startswith("Hint: the coach's sensible player would pick ")


def test_explain_a_target_choice_names_line_of_sight() -> None:
    game = (Position().counter("pavlov", "R2").wehrmacht(3, 1, "riflemen")
            .resume("counter_actions").game())
    game.apply("attack:pavlov")
    lines = Coach.from_game(game).explain()
    assert any("(1.3 Line of Sight)" in line for line in lines if line.startswith("- "))


def test_explain_at_a_roll_gives_the_exact_odds() -> None:
    game = Game.new(seed=2, auto_roll=False)
    game.apply("end-phase")
    lines = Coach.from_game(game).explain()
    assert lines[0].startswith("The dice come next: ")
    assert all("%" in line for line in lines[1:])


# --- why not? ---------------------------------------------------------------------------------


def test_why_not_an_exhausted_counter_that_has_acted_names_4_0() -> None:
    game = (Position().counter("naumov", "R2", exhausted=True).acted("naumov")
            .counter("pavlov", "R3").resume("counter_actions").game())
    coach = Coach.from_game(game)
    assert coach.why_not("Naumov") == (
        "Naumov has already taken an action this phase (one action per counter): "
        "4.0 Soviet Counter Phase")
    assert coach.why_not("counter:naumov") == coach.why_not("naumov")


def test_why_not_a_used_card_names_the_action_budget_of_2_2() -> None:
    game = (Position().counter("pavlov", "R2")
            .hand("soviet-14", "soviet-07", "soviet-25", used=["soviet-14", "soviet-07"])
            .resume("soviet_cards", actions=1).game())
    assert Coach.from_game(game).why_not("card:soviet-14") == (
        "This card has been used this phase: one action per card: "
        "2.2 Take up to Three Actions")


def test_why_not_a_track_out_of_sight_names_1_3() -> None:
    game = (Position().counter("pavlov", "R2").wehrmacht(6, 1, "riflemen")
            .wehrmacht(3, 1, "riflemen").resume("counter_actions").game())
    game.apply("attack:pavlov")
    coach = Coach.from_game(game)
    assert coach.why_not("track 6") == (
        "Pavlov sees only the red tracks; track 6 is purple: 1.3 Line of Sight")
    assert coach.why_not("track 3").startswith("Track 3, circle 1 is a choice now: ")


def test_why_not_a_moved_counter_names_4_0_move() -> None:
    game = (Position().counter("naumov", "R2").counter("pavlov", "R3").moved("naumov")
            .resume("counter_moves", moves=2).game())
    assert Coach.from_game(game).why_not("naumov").endswith(
        "has already moved this phase (each counter moves once): 4.0 Move")


@pytest.mark.parametrize(("typed", "region"), [
    ("R2", "square:R2"), ("g4/r1", "square:G4R1"), ("Pavlov", "counter:pavlov"),
    ("loc 12", "loc:12"), ("12", "loc:12"), ("loc:12", "loc:12"), ("track 3 2", "track:3:2"),
    ("red", "defense:red"), ("reserves", "box:reserves"),
])
def test_places_are_found_by_name(typed: str, region: str) -> None:
    assert resolve_place(Game.new(seed=1), typed) == region


@pytest.mark.parametrize("garbage", ["", "   ", "xyz", "track 99", "loc 40", 7])
def test_garbage_gets_a_clear_message_and_changes_nothing(garbage: Any) -> None:
    coach = Coach(seed=1)
    before, rev = coach.game.to_dict(), coach.game.rev
    answer = coach.why_not(garbage)
    assert answer.startswith("I don't know that place: ")
    assert "counter's name (pavlov)" in answer and "track 3" in answer
    assert coach.game.to_dict() == before and coach.game.rev == rev
    with pytest.raises(UnknownPlaceError):
        resolve_place(coach.game, "xyz")


def test_the_coach_shows_the_boards_latest_refusal() -> None:
    game = (Position().counter("naumov", "R2", exhausted=True).acted("naumov")
            .counter("pavlov", "R3").resume("counter_actions").game())
    coach = Coach.from_game(game)
    board = coach.board
    board.handle_message({"kind": "why_not", "region": "counter:naumov"})
    assert coach.last_refusal.endswith(": 4.0 Soviet Counter Phase")
    assert "On the board: Naumov has already taken an action" in coach.why_answer.value
    board.handle_message({"kind": "choose", "option": "x", "rev": board.rev})  # not a question
    assert coach.last_refusal.endswith(": 4.0 Soviet Counter Phase")


def test_the_coachs_answer_goes_when_the_game_moves_on() -> None:
    coach = Coach(seed=1)
    coach.board.handle_message({"kind": "why_not", "region": "counter:pavlov"})
    assert coach.why_answer.value and coach.last_refusal
    coach.game.apply("end-phase")
    assert coach.why_answer.value == "" and coach.last_refusal == ""


def test_the_why_box_answers_in_the_widget() -> None:
    coach = Coach(seed=1)
    coach.why_box.value = "xyz"
    assert "I don&#x27;t know that place" in coach.why_answer.value


# --- the review --------------------------------------------------------------------------------


def test_review_of_a_short_game_sorts_turning_points_by_size() -> None:
    game = _played(3, until_turn=4)
    done = review(game)
    assert isinstance(done, Review) and 1 <= len(done) <= 5
    assert all(isinstance(p, TurningPoint) for p in done)
    luck = [abs(p.delta) for p in done if p.luck]
    assert luck == sorted(luck, reverse=True)
    costs = [-p.delta for p in done if not p.luck]  # the costliest choice first
    assert costs == sorted(costs, reverse=True)
    for point in done:
        assert point.rule[:1].isdigit(), point
        assert point.kind in ("roll", "choice", "card")
        assert (point.kind == "roll") == bool(point.dice), point
        assert 1 <= point.turn <= 4 and point.text
    assert any(p.dice for p in review(game, top=30))  # the rolls carry their dice
    lines = str(done).splitlines()
    assert lines[1].startswith("Your choices, each against the best alternative")
    assert lines[2].startswith("1. Turn ")
    assert "Your choices (against the best alternative" in done._repr_html_()


def test_review_is_deterministic_and_leaves_the_game_alone() -> None:
    game = _played(5, until_turn=5)
    before = game.to_dict()
    first = review(game)
    assert game.to_dict() == before
    again = review(_played(5, until_turn=5))
    assert [str(p) for p in first] == [str(p) for p in again]
    assert str(first) == str(again)


def test_review_at_the_end_uses_the_final_score() -> None:
    game = _played(1)
    done = review(game)
    assert done.over and done.now == static_value(game)
    assert len(done) == 5


def test_review_refuses_a_bad_top() -> None:
    with pytest.raises(ValueError, match="top must be"):
        review(Game.new(seed=1), top=0)


def test_value_changes_nothing_and_a_roll_is_its_expected_results() -> None:
    game = Game.new(seed=2, auto_roll=False)
    game.apply("end-phase")  # a Wehrmacht card's dice are pending
    before = game.to_dict()
    assert value(game) == value(game)
    assert game.to_dict() == before


# --- the widget -------------------------------------------------------------------------------


def test_coach_repr_and_the_explain_toggle() -> None:
    coach = Coach(seed=1)
    assert repr(coach) == "<Coach seed 1: turn 1, Soviet Card Phase>"
    assert coach.explanation.value == ""
    coach.explain_toggle.value = True
    assert "<li>" in coach.explanation.value
    coach.game.apply("end-phase")  # the explanation follows the game
    assert "Soviet Card Phase: choose" not in coach.explanation.value
    assert repr(Coach.from_game(Game.new(seed=4))).startswith("<Coach: turn 1, ")


def test_the_review_shows_by_itself_at_the_end() -> None:
    game = _played(2, until_turn=21)
    coach = Coach.from_game(game)
    assert coach.review_panel.value == ""
    coach.review_button.click()
    assert "Review." in coach.review_panel.value
    play_to_end(game, get_policy("heuristic"), policy_rng(2, "heuristic"))
    assert "final score" in coach.review_panel.value
    assert repr(coach).startswith("<Coach: game over on turn ")


def test_coach_refuses_a_bad_seed() -> None:
    with pytest.raises(TypeError, match="seed must be a whole number"):
        Coach(seed="one")  # type: ignore[arg-type]
