"""Positions from any resting moment of a game, and their short JSON (issue 13).

``Position.from_game(game).game()`` gives back the very state of the game at the moments a
position can describe (2.2 card actions, 4.0 moves and actions, a Wehrmacht card just
revealed, 3.0), and refuses the moments inside a rule, saying which it can take.
``Position.to_json`` writes only what differs from a fresh position; ``from_json`` reads
it back (names welcome), refusing bad JSON and unknown keys with the nearest key.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pavlov_widgets.engine import Game, PositionError
from pavlov_widgets.engine.check import check_state
from pavlov_widgets.engine.positions import JSON_KEYS, Position
from pavlov_widgets.sim.policies import get_policy, policy_rng
from pavlov_widgets.tutor.content import get_scenario, scenario_names

SEEDS = range(6)


def _plain(state: dict[str, Any]) -> dict[str, Any]:
    """A state's data with zero token counts dropped (a zero count is no token)."""
    out = dict(state)
    out["tokens"] = {place: {k: n for k, n in held.items() if n}
                     for place, held in state["tokens"].items()}
    return out


def _moments(seed: int, auto_roll: bool = True, every: int = 1) -> list[Game]:
    """Copies of a seeded random game at every ``every``-th stop, to its end."""
    game, rng, out, i = Game.new(seed=seed, auto_roll=auto_roll), random.Random(seed), [], 0
    while not game.is_over:
        if i % every == 0:
            out.append(game.copy())
        i += 1
        if game.chance():
            game.roll()
        else:
            game.apply(rng.choice(game.legal_ids()))
    return out


# --- from_game: the same state back ------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("auto_roll", [True, False])
def test_from_game_gives_back_the_very_state_at_every_resting_moment(
    seed: int, auto_roll: bool
) -> None:
    taken = refused = 0
    for game in _moments(seed, auto_roll, every=3):
        try:
            pos = Position.from_game(game)
        except PositionError as exc:
            refused += 1
            assert "inside a rule" in str(exc) and "earlier=True" in str(exc)
            continue
        taken += 1
        again = pos.game(auto_roll=auto_roll)
        assert again.state.to_dict() == game.state.to_dict()
        check_state(again.state, again.components)
        # and through its JSON: the same game again
        loaded = Position.from_json(pos.to_json()).game(auto_roll=auto_roll)
        assert _plain(loaded.state.to_dict()) == _plain(game.state.to_dict())
    assert taken > 10 and refused > 0


def _at(seed: int, op: str) -> Game:
    """The first moment of a seeded random game that waits for decision ``op``."""
    for game in _moments(seed):
        if game.state.pending and game.state.pending["op"] == op:
            return game
    raise AssertionError(f"no {op} in game {seed}")


@pytest.mark.parametrize("op", ["card_action", "move_pick", "act_pick"])
def test_from_game_plays_on_with_the_same_dice_and_cards(op: str) -> None:
    game = _at(2, op)
    twin = Position.from_json(Position.from_game(game).to_json()).game()
    rng = random.Random(5)
    for _ in range(40):
        if game.is_over:
            break
        choice = rng.choice(game.legal_ids())
        game.apply(choice)
        twin.apply(choice)
        assert _plain(twin.state.to_dict()) == _plain(game.state.to_dict())


def test_from_game_refuses_a_moment_inside_a_rule_and_says_which_moments_it_takes() -> None:
    game = _at(1, "move_to")
    with pytest.raises(PositionError) as info:
        Position.from_game(game)
    text = str(info.value)
    assert "inside a rule" in text and "4.0 Move" in text and "earlier=True" in text
    before = game.state.to_dict()
    pos = Position.from_game(game, earlier=True)
    assert pos.point == "counter_moves"
    assert game.state.to_dict() == before  # the game itself is not changed


def test_from_game_refuses_a_game_that_is_over() -> None:
    game, rng = Game.new(seed=0), random.Random(0)
    while not game.is_over:
        game.apply(rng.choice(game.legal_ids()))
    with pytest.raises(PositionError, match="the game is over"):
        Position.from_game(game)


def test_a_wehrmacht_card_just_revealed_opens_as_the_moment_before_it() -> None:
    for game in _moments(0, auto_roll=False):
        if game.state.wehrmacht_current and game.chance() is not None:
            break
    else:
        pytest.fail("no card revealed")
    card = game.state.wehrmacht_current
    pos = Position.from_game(game)
    assert pos.point == "wehrmacht" and pos.state.wehrmacht_deck[0] == card
    assert pos.to_dict()["cards_to_come"] == 4 - game.state.cards_in_phase


# --- JSON ----------------------------------------------------------------------------------------


def test_a_fresh_position_is_a_few_bytes() -> None:
    assert json.loads(Position().to_json()) == {"seed": 11, "turn": 3}
    assert Position.from_json('{"seed": 11}').state.to_dict() == Position().state.to_dict()


def test_json_holds_only_what_differs_in_a_stable_order_with_names_welcome() -> None:
    pos = (Position(seed=4).counter("Pavlov", "G4/R1", disrupted=True)
           .counter("chekhov", "square:R2", exhausted=True).weapon("M1937", "reserves")
           .tokens("Anti-aircraft", 12).wehrmacht(3, 2, "Riflemen").defense("Red", 5)
           .wehrmacht_cards("Sniper (deck 1)").resume("wehrmacht", cards=1).dice(3, 2))
    data = json.loads(pos.to_json())
    assert list(data) == [k for k in JSON_KEYS if k in data]
    assert data["counters"] == {"pavlov": "G4R1 disrupted", "chekhov": "R2 exhausted"}
    assert data["weapons"] == {"m1937": "reserves"}
    assert data["tokens"] == {"loc:12": "aa"}
    assert data["tracks"] == {"3:2": "riflemen"}
    assert data["wehrmacht_cards"] == {"top": ["d1-sniper-1"]}
    assert data["dice"] == [3, 2] and data["cards_to_come"] == 1
    again = Position.from_json(pos.to_json())
    assert again.to_json() == pos.to_json()
    assert again.game().state.to_dict() == pos.game().state.to_dict()


def test_hand_written_json_takes_names() -> None:
    text = """{"seed": 4, "resume": "Wehrmacht", "cards_to_come": 1,
               "counters": {"Pavlov": "R2", "Chekhov": "g1 exhausted"},
               "tokens": {"12": "Anti-aircraft", "supplies": {"food": 2}},
               "wehrmacht_cards": {"top": ["Ju 87 deck 4"]}}"""
    pos = Position.from_json(text)
    assert pos.state.soviet["chekhov"].where == "G1" and pos.state.soviet["chekhov"].exhausted
    assert pos.state.tokens["loc:12"] == {"aa": 1}
    assert pos.state.wehrmacht_deck[0] == "d4-ju87-4-1"
    assert pos.game().state.wehrmacht_current == "d4-ju87-4-1"


@pytest.mark.parametrize("name", scenario_names())
def test_every_scenario_position_round_trips_through_json(name: str) -> None:
    game = get_scenario(name).build(auto_roll=True)
    try:
        pos = Position.from_game(game)
    except PositionError:
        return  # a walkthrough that starts inside a card (its steps) is not a resting moment
    again = Position.from_json(pos.to_json()).game()
    assert _plain(again.state.to_dict()) == _plain(game.state.to_dict())


def test_a_typical_mid_game_position_is_under_1_5_kb() -> None:
    sizes = []
    for seed in range(8):
        game, policy, rng = Game.new(seed=seed), get_policy("heuristic"), policy_rng(seed, "h")
        while not game.is_over and game.turn < 5:
            game.apply(policy(game, rng))
        if not game.is_over:
            sizes.append(len(Position.from_game(game, earlier=True).to_json()))
    sizes.sort()
    assert sizes and sizes[len(sizes) // 2] < 1500, sizes


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{seed: 4}", "not JSON: Expecting property name"),
        ("[1, 2]", "position: must be an object"),
        ('{"countres": {}}', "position: unknown key 'countres' (did you mean 'counters'?)"),
        ('{"counters": {"pavlof": "G1"}}', "counters.pavlof: no Soviet counter 'pavlof' "
                                           "(did you mean 'pavlov'?)"),
        ('{"counters": {"pavlov": "G1 tired"}}', "counters.pavlov: unknown flag 'tired'"),
        ('{"tokens": {"loc:8": {"aa": -1}}}', "tokens.loc:8.aa: -1 is not a count"),
        ('{"tokens": {"loc:8": {"aa": 9}}}', "tokens.loc:8.aa: 9 Anti-aircraft tokens wanted"),
        ('{"tracks": {"3-2": "riflemen"}}', "tracks.3-2: a key is 'track:circle'"),
        ('{"wehrmacht_cards": {"topp": []}}', "wehrmacht_cards: unknown key 'topp' "
                                              "(did you mean 'top'?)"),
        ('{"wehrmacht_cards": {"top": ["Ju 87"]}}', "wehrmacht_cards: top: Wehrmacht card "
                                                    "'Ju 87' fits 5 ids"),
        ('{"settings": {"tactic": "veteran"}}', "did you mean 'tactics'?"),
        ('{"resume": "wehrmact"}', "resume: no resume point 'wehrmact'"),
        ('{"dice": [7]}', "dice: dice must be 1-6"),
        ('{"counters": {"pavlov": "G1", "chekhov": "G1"}}', "cannot be played"),
    ],
)
def test_from_json_refuses_bad_input_naming_the_key(text: str, message: str) -> None:
    with pytest.raises(PositionError) as info:
        Position.from_json(text)
    assert message in str(info.value)


def test_from_json_check_false_loads_an_impossible_position_to_fix() -> None:
    pos = Position.from_json('{"counters": {"pavlov": "G1", "chekhov": "G1"}}', check=False)
    assert pos.problems()
    assert not pos.counter("chekhov", "G2").problems()
