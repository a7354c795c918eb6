"""The rulebook's 19 gameplay examples and our variations of them reach the rulebook's outcomes.

The variations (``variation_of`` names the example) show edges of the same rules. Each
scenario lives in :mod:`pavlov_widgets.tutor.content.scenarios`; the notebooks use the same
registry, so a change that breaks an example breaks this test first.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pavlov_widgets.engine import Game, UnknownScenarioError, default_components
from pavlov_widgets.engine.places import known, parse_place
from pavlov_widgets.engine.positions import Position, PositionError
from pavlov_widgets.tutor.content import SCENARIOS, get_scenario, scenario_names


def test_all_nineteen_rulebook_examples_are_registered() -> None:
    examples = [s for s in SCENARIOS.values() if not s.variation_of]
    assert len(examples) == 19
    sections = {s.section.split()[0] for s in examples}
    assert {"2.2", "3.0", "4.0", "5.0", "7.1", "7.2.1", "7.2.2"} <= sections


def test_each_variation_follows_its_rulebook_example_in_the_same_section() -> None:
    names = scenario_names()
    variations = {n: s for n, s in SCENARIOS.items() if s.variation_of}
    assert set(variations) == {"mortar-disrupted", "ju87-disrupted", "bomb-18"}
    for name, scenario in variations.items():
        base = get_scenario(scenario.variation_of)
        assert not base.variation_of and base.section == scenario.section, name
        between = names[names.index(base.name) + 1 : names.index(name)]
        assert all(SCENARIOS[n].variation_of == base.name for n in between), name


def test_3_0_mortar_variation_disrupts_a_fresh_defender_found_upwards() -> None:
    """Red 1 empty: the search goes up to Glushenko on red 3, who is Disrupted, not killed."""
    game = get_scenario("mortar-disrupted").play()
    assert any("Mortar targets R3" in e.text for e in game.log)
    assert game.state.soviet["glushenko"].disrupted
    assert game.state.soviet["glushenko"].where == "R3"


def test_3_0_bomb_on_disrupted_3_suppresses_the_combat_positions_only() -> None:
    """Location 3 does not pass a bomb on to 4; counters in Reserves are not hit."""
    game = get_scenario("ju87-disrupted").play()
    bomb_on_3 = next(e for e in game.log if "every counter in a combat position" in e.text)
    assert "counter:chekhov" not in bomb_on_3.targets
    assert game.engine.count("loc:4", "disrupted") == 0
    assert game.state.soviet["pavlov"].where == "removed"


def test_3_0_bomb_18_on_a_clear_army_cp_disrupts_it_and_the_game_goes_on() -> None:
    scenario = get_scenario("bomb-18")
    game = scenario.build(auto_roll=False)
    game.roll()
    assert game.engine.count("loc:18", "disrupted") == 1
    assert not game.is_over
    chance = game.chance()
    assert chance is not None and dict(chance.outcomes)["18"] == Fraction(1, 216)


@pytest.mark.parametrize("direct", [True, False])
def test_3_0_a_second_disrupted_token_on_18_loses_direct_or_moved_on(direct: bool) -> None:
    """Both a bomb that rolls 18 and one that moves on to it from 17 lose the game (6.0)."""
    dice = (6, 6, 6) if direct else (5, 6, 6)
    game = (
        Position()
        .counter("pavlov", "G1")
        .disrupt_location(17, 18)
        .wehrmacht_cards("d1-ju87-2-1")
        .resume("wehrmacht", cards=1)
        .dice(*dice, 1, 1, 1)
        .game()
    )
    assert game.is_over and game.outcome is not None
    assert game.outcome["result"] == "loss" and game.outcome["how"] == "army_cp"


@pytest.mark.parametrize("name", scenario_names())
def test_scenario_reaches_the_rulebook_outcome(name: str) -> None:
    scenario = get_scenario(name)
    game = scenario.play()
    assert scenario.verify(game) == []


@pytest.mark.parametrize("name", scenario_names())
def test_scenario_starts_at_a_roll_or_decision_for_the_learner(name: str) -> None:
    game = get_scenario(name).build()
    assert not game.is_over
    assert game.pending is not None
    assert game.history == []


@pytest.mark.parametrize("name", ["sniper", "ju87", "assault", "first-aid"])
def test_scenario_can_be_stepped_roll_by_roll(name: str) -> None:
    """With auto_roll off, each scripted roll is a chance step with exact odds."""
    scenario = get_scenario(name)
    game = scenario.build(auto_roll=False)
    moves = list(scenario.moves)
    while moves or game.chance() is not None:
        chance = game.chance()
        if chance is not None:
            assert sum(p for _, p in chance.outcomes) == 1
            game.roll()
        else:
            game.apply(moves.pop(0))
        if game.chance() is None and not moves:
            break
    assert scenario.verify(game) == []


def test_every_step_focuses_on_places_of_the_board() -> None:
    """1.2: each region a step rings is a place of the board, as the place codec reads it."""
    components = default_components()
    for name in scenario_names():
        for step in get_scenario(name).steps:
            for region in step.focus:
                assert known(parse_place(region), components), (name, region)


def test_unknown_scenario_names_the_known_ones() -> None:
    with pytest.raises(UnknownScenarioError, match="sniper"):
        get_scenario("no-such-example")


def test_2_2_hand_offers_one_action_per_card_and_the_same_unit_twice() -> None:
    game = get_scenario("soviet-card-hand").build(auto_roll=True)
    ids = [o.id for o in game.legal_actions()]
    assert "card:soviet-12:13th-guards-cp:reinforce" in ids
    assert "card:soviet-13:13th-guards-cp:reinforce" in ids
    assert not any(i.startswith("card:fog-1") for i in ids)
    game.apply("card:soviet-12:13th-guards-cp:reinforce")
    game.apply("done")
    ids = [o.id for o in game.legal_actions()]
    assert not any(i.startswith("card:soviet-12:") for i in ids)
    assert "card:soviet-13:13th-guards-cp:reinforce" in ids


def test_3_0_sniper_example_targets_glushenko_when_pavlov_is_absent() -> None:
    game = (
        Position()
        .counter("glushenko", "R4")
        .defense("red", 5)
        .wehrmacht_cards("d1-sniper-1")
        .resume("wehrmacht", cards=1)
        .dice(3, 2, 5, 1, 2, 3)
        .game()
    )
    assert game.state.soviet["glushenko"].where == "removed"
    assert any("Sniper targets R4" in e.text for e in game.log)


def test_3_0_artillery_example_at_defense_3_disrupts_both() -> None:
    game = (
        Position()
        .counter("glushenko", "R2")
        .counter("pavlov", "R3")
        .defense("red", 3)
        .wehrmacht_cards("d5-sfh18-1")
        .resume("wehrmacht", cards=1)
        .dice(3, 3, 1, 1, 1, 1)
        .game()
    )
    assert game.state.defense["red"] == 3
    assert game.state.soviet["glushenko"].disrupted and game.state.soviet["pavlov"].disrupted


def test_4_0_move_example_glushenko_cannot_enter_chaits_position() -> None:
    game = get_scenario("move").build(auto_roll=True)
    game.apply("move:glushenko")
    ids = [o.id for o in game.legal_actions()]
    assert "to:G3" in ids  # Masijashvili can be displaced
    assert "to:R2" not in ids  # Chait is Disrupted
    assert "to:P1" in ids  # an empty position


def test_4_0_forward_observer_rule_text_rolls_three_dice() -> None:
    """With the default option (EN rule text: three dice), the same attack rolls 3 per target."""
    game = (
        Position()
        .counter("potanski", "G1")
        .tokens("artillery", "loc:10")
        .wehrmacht(1, 1, "stug-iiib")
        .resume("counter_actions")
        .game(auto_roll=False)
    )
    game.apply("observe:potanski")
    game.apply("target:stug-iiib-1")
    game.apply("one")
    chance = game.chance()
    assert chance is not None and chance.dice == 3


def test_scenario_games_round_trip_through_a_save() -> None:
    game = get_scenario("ju87").play()
    again = Game.from_json(game.to_json())
    assert again.state.to_dict() == game.state.to_dict()
    assert [str(e) for e in again.log] == [str(e) for e in game.log]


def test_position_errors_name_the_problem() -> None:
    with pytest.raises(PositionError, match="nobody"):
        Position().counter("nobody", "G1")
    with pytest.raises(PositionError, match="G9"):
        Position().counter("pavlov", "G9")
    with pytest.raises(PositionError, match="occupied"):
        Position().wehrmacht(1, 1, "riflemen").wehrmacht(1, 1, "scouts")
