"""The what-if lab widget (pavlov_widgets.tutor.lab.widget.Lab): the odds follow the game.

The comparisons here play a handful of games on one process: what is tested is that the lab
asks the right question and shows the answer, not the numbers (tests/test_compare.py).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pavlov_widgets.engine import Game, NotAChanceStepError, PositionError
from pavlov_widgets.engine.positions import Position
from pavlov_widgets.tutor import Lab, Plan
from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.tutor.lab import widget as lab_widget
from pavlov_widgets.tutor.lab.card_odds import CardOddsError, card_odds
from pavlov_widgets.tutor.lab.charts import ComparisonChart, OddsChart
from pavlov_widgets.tutor.lab.compare import ComparisonResult, Hint, compare
from pavlov_widgets.tutor.lab.model import LabError
from pavlov_widgets.tutor.lab.widget import card_rows
from pavlov_widgets.widget import EditSession, PlaySession

TWO = Plan("Fire two tokens", ["aa:8", "aa:13", "fire"])
THREE = Plan("Fire three tokens", ["aa:8", "aa:12", "aa:13", "fire"])


def ju87_lab() -> Lab:
    """A four-plane Ju 87 with three Anti-aircraft tokens ready (3.0 Bomb Stalingrad)."""
    return Lab(get_scenario("ju87").build())


def test_a_card_about_to_resolve_shows_the_whole_cards_odds() -> None:
    lab = ju87_lab()
    assert lab.showing == "card"
    assert isinstance(lab.chart, OddsChart)
    assert lab.chart.data.question == "What will this Junkers Ju 87 do?"
    # the tokens the heuristic fires for certain are said, not drawn as full bars
    assert all(p < 1 for _, p in lab.chart.rows)
    assert "For certain: the Anti-aircraft token on 12 fires" in lab.caption.value
    assert "3.0 Bomb Stalingrad" in lab.caption.value
    assert lab.card_odds().outcomes == card_odds(lab.game).outcomes


def test_the_odds_follow_every_change_of_the_game() -> None:
    lab = ju87_lab()
    before = lab.chart
    lab.game.apply("aa:8")
    lab.game.apply("fire")  # now two dice wait: a roll inside the card
    assert lab.chart is not before
    assert lab.view_toggle.layout.display == ""  # both apply: the learner chooses
    assert lab.showing == "card"
    lab.view_toggle.value = "roll"
    assert lab.showing == "roll"
    assert lab.chart is not None
    assert [label for label, _ in lab.chart.rows] == ["0 hits", "1 hit", "2 hits"]
    assert lab.odds().probability("2 hits") == Fraction(1, 4)
    lab.game.undo()
    assert lab.game.chance() is None  # back at the decision
    assert lab.view_toggle.layout.display == "none"
    assert lab.showing == "card"


def test_a_roll_outside_any_card_shows_the_next_rolls_odds() -> None:
    game = (Position().counter("pavlov", "R2").wehrmacht_cards("d1-sniper-1")
            .resume("wehrmacht", cards=1).game(auto_roll=False))
    lab = Lab(game)
    assert lab.showing == "card"  # the Sniper is turned over: the whole card
    sniper = lab.card_odds()
    assert sniper.casualty["pavlov"] > 0
    assert lab.odds().label.startswith("Sniper")


def test_a_decision_outside_a_card_has_no_chart_and_says_why() -> None:
    lab = Lab(get_scenario("storm-group").build())
    assert lab.chart is None and lab.showing == ""
    assert "No dice are waiting" in lab.caption.value
    with pytest.raises(NotAChanceStepError):
        lab.odds()
    with pytest.raises(CardOddsError, match="no Wehrmacht card is being resolved"):
        lab.card_odds()
    assert not lab.compare_button.disabled and not lab.hint_button.disabled


def test_a_raid_charts_success_and_losses() -> None:
    game = get_scenario("storm-group").build()
    for move in get_scenario("storm-group").moves[:5]:  # four raiders chosen
        game.apply(move)
    lab = Lab(game)
    assert lab.showing == "card"
    assert lab.chart is not None
    labels = [label for label, _ in lab.chart.rows]
    assert labels[0] == "the raid succeeds"
    assert "4 raiders lost" in labels
    assert "Raiders lost on average: <b>2.67</b>" in lab.caption.value
    rows, certain = card_rows(lab.card_odds())
    assert rows[0] == ("the raid succeeds", Fraction(65, 72)) and certain == []


def test_compare_returns_the_result_and_shows_it() -> None:
    lab = ju87_lab()
    before = lab.game.rev
    result = lab.compare([TWO, THREE], games=3, jobs=1)
    assert isinstance(result, ComparisonResult)
    assert [r.label for r in result.rows] == ["Fire two tokens", "Fire three tokens"]
    assert isinstance(lab.comparison, ComparisonChart)
    assert lab.compare_box.children == (lab.comparison,)
    assert lab.comparison.result is result
    assert lab.game.rev == before  # the game is never changed


def test_the_button_compares_the_plans_last_asked_at_this_moment_live() -> None:
    lab = ju87_lab()
    lab.compare([TWO, THREE], games=2, jobs=1)
    lab.games_box.value = 2
    lab.jobs_box.value = 1
    lab.compare_button.click()
    chart = lab.comparison
    assert chart is not None
    result = chart.wait(120)
    assert lab.message.value == ""
    assert [r.label for r in result.rows] == ["Fire two tokens", "Fire three tokens"]
    assert result.done == 2
    lab.game.apply("aa:8")  # another moment: every option of the decision again
    chart = lab.run_comparison(games=1, jobs=1)
    assert "Fire two tokens" not in [r.label for r in chart.wait(120).rows]


def test_hint_says_a_sentence_and_rings_the_option_on_the_board() -> None:
    lab = ju87_lab()
    found = lab.hint(budget_s=0.2, jobs=1)
    assert isinstance(found, Hint)
    assert lab.last_hint is found
    assert found.sentence in lab.hint_box.value
    option = next(o for o in lab.game.legal_actions() if o.id == found.option_id)
    marked = [m["region"] for m in lab.board.marks]
    assert marked == [t for t in option.targets if t in marked] and (
        marked or not option.targets)
    if option.targets:
        assert "volga" in lab.board.panels
    lab.game.apply("aa:8")  # the game moves on: the old hint and its rings go
    assert lab.board.marks == [] and lab.hint_box.value == ""


def test_a_hint_too_close_to_call_rings_both_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two options the games cannot tell apart: both are ringed and the words say so."""
    lab = ju87_lab()
    result = compare(lab.game, ["aa:8", "aa:12"], games=2, jobs=1, policy="random")
    close = Hint("aa:8", result.rows[0].label, "Too close to call.", 0.3, result, False,
                 "aa:12")
    monkeypatch.setattr(lab_widget, "find_hint", lambda game, **_: close)
    assert lab.hint() is close
    targets = {t for o in lab.game.legal_actions() if o.id in ("aa:8", "aa:12")
               for t in o.targets}
    assert targets and {m["region"] for m in lab.board.marks} == targets
    assert "Both are ringed on the board." in lab.hint_box.value


def test_the_hint_button_at_a_roll_says_why_and_changes_nothing() -> None:
    lab = ju87_lab()
    lab.game.apply("fire")
    assert lab.hint_button.disabled and lab.compare_button.disabled
    before = lab.game.rev
    with pytest.raises(LabError, match="no decision to hint at"):
        lab.hint()
    with pytest.raises(LabError, match="no decision to compare"):
        lab.run_comparison()
    lab._safely(lab.run_comparison)  # what a button does: the reason is shown
    assert "no decision to compare" in lab.message.value
    assert lab.game.rev == before


def test_bad_counts_are_refused_under_the_buttons() -> None:
    lab = ju87_lab()
    lab._safely(lambda: lab.run_comparison(games=0))
    assert "games must be a whole number" in lab.message.value


def test_opening_positions_json_and_games() -> None:
    position = (Position().counter("pavlov", "R2").wehrmacht_cards("Sniper (deck 1)")
                .resume("wehrmacht", cards=1))
    from_position = Lab(position)
    assert not from_position.game.auto_roll  # the odds show before the dice fall
    from_json = Lab(position.to_json())
    assert repr(from_json) == repr(from_position) == (
        "<Lab: turn 3, Wehrmacht Card Phase: Sniper: colour roll>")
    game = Game.new(seed=3)
    assert Lab(game).game is game  # shared, not copied
    fresh = Lab(seed=4)
    assert repr(fresh).startswith("<Lab: turn 1, Soviet Card Phase")
    assert fresh.position().to_json()


def test_load_follows_the_new_game() -> None:
    lab = Lab(get_scenario("storm-group").build())
    assert lab.showing == ""
    new = lab.load(get_scenario("ju87").build())
    assert lab.game is new and lab.showing == "card"
    new.apply("fire")  # the lab listens to the new game
    assert "Anti-aircraft" in repr(lab) or lab.showing == "card"
    assert lab.game.rev == new.rev


@pytest.mark.parametrize(("source", "error", "words"), [
    (42, LabError, "open a Game, a Position"),
    ("sniper", LabError, "position's JSON"),
    ('{"counters": {"pavlof": "R2"}}', PositionError, "pavlov"),
])
def test_bad_input_is_a_clear_error(source: object, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        Lab(source)  # type: ignore[arg-type]


def test_a_bad_seed_and_a_bad_load_change_nothing() -> None:
    with pytest.raises(LabError, match="seed must be a whole number"):
        Lab(seed="one")  # type: ignore[arg-type]
    lab = ju87_lab()
    game = lab.game
    with pytest.raises(LabError):
        lab.load(None)  # type: ignore[arg-type]
    with pytest.raises(PositionError):
        lab.load('{"tokens": {"loc:99": "aa"}}')
    assert lab.game is game


def test_edit_position_then_play_from_here() -> None:
    lab = ju87_lab()
    old = lab.game
    assert not lab.edit_button.disabled and lab.play_button.disabled
    lab.edit_button.click()
    session = lab.board.session
    assert isinstance(session, EditSession) and lab.message.value == ""
    assert lab.chart is None and "Play from here" in lab.caption.value
    assert lab.edit_button.disabled and not lab.play_button.disabled
    assert lab.compare_button.disabled and lab.hint_button.disabled
    with pytest.raises(LabError, match="editing a position"):
        lab.hint()
    session.position.counter("glushenko", "R2")
    lab.play_button.click()
    assert lab.message.value == ""
    assert isinstance(lab.board.session, PlaySession) and lab.game is not old
    assert lab.game.state.soviet["glushenko"].where == "R2"
    assert lab.showing == "card"  # the Ju 87 again, from the edited position
    lab.game.apply("fire")  # the lab follows the new game
    assert lab.showing == "card" and lab.view_toggle.layout.display == ""


def test_the_boards_hint_button_asks_the_lab() -> None:
    lab = ju87_lab()
    session = lab.board.session
    assert isinstance(session, PlaySession) and session.hint_provider is not None
    assert lab.board.hinting == {"on": True}
    assert lab.hint_button.layout.display == "none"  # one Hint button: the board's
    lab._hint_settings = {"budget_s": 0.2, "jobs": 1}
    found = session.hint()
    assert lab.last_hint is found
    assert isinstance(found, Hint) and found.sentence in lab.hint_box.value


def test_repr_is_stable_and_the_page_gets_a_picture() -> None:
    lab = ju87_lab()
    assert repr(lab) == ("<Lab: turn 3, Wehrmacht Card Phase: 4 Ju 87s (Defense 4): choose "
                         "Anti-aircraft tokens to fire>")
    bundle = lab._repr_mimebundle_()
    assert bundle["text/plain"] == repr(lab)
    assert "What will this Junkers Ju 87 do?" in bundle["text/html"]


def test_close_stops_following_the_game() -> None:
    lab = ju87_lab()
    chart = lab.chart
    lab.close()
    lab.game.apply("fire")
    assert lab.chart is chart


def test_the_lab_compares_whole_games_by_default_and_four_turns_ahead_on_request() -> None:
    from pavlov_widgets.tutor.lab.widget import LOOK_AHEAD

    # whole games are 0, not None: a dropdown shows no label for None
    assert LOOK_AHEAD[0] == ("whole games", 0)
    lab = ju87_lab()
    assert lab.ahead_box.value == 0 and lab.ahead_box.label == "whole games"
    quick = lab.compare(["aa:8", "fire"], games=4, jobs=1, horizon=4, show=False)
    assert quick.horizon == 4 and "4 turns ahead" in quick.text()
    lab.ahead_box.value = 4
    chart = lab.run_comparison(["aa:8", "fire"], games=4, jobs=1)
    result = chart.wait(60)
    assert result is not None and result.horizon == 4
    assert "4 turns ahead" in chart._note()
