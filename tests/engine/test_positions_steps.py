"""Rule steps given by hand (``Position.steps``): checked where they are given.

Every rule step's fields are declared once (:data:`~pavlov_widgets.engine.positions.STEP_FIELDS`);
a step with a field missing, unknown or of the wrong kind is refused with a
:class:`~pavlov_widgets.engine.errors.PositionError` naming the step and the field, never a
bare ``KeyError`` from deep in the rules (issue 20). The declaration is held to the rules by
whole games of every variant in which every step the rules push is checked against it and
then run with its declared fields only.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from pavlov_widgets.engine import Game, Position, PositionError, RuleSettings, machine
from pavlov_widgets.engine.positions import STEP_FIELDS
from pavlov_widgets.engine.settings import VARIANTS
from pavlov_widgets.sim import HeuristicPolicy, policy_rng


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        ({"op": "place_counter"}, "rule step 'place_counter' needs the field 'counter'"),
        ({"op": "place_counter", "counter": "riflemen-1"},
         "rule step 'place_counter' needs the field 'track'"),
        ({"op": "place_counter", "counter": "riflemen-1", "track": 9},
         "track=9 is not a track's index, 0-5"),
        ({"op": "place_counter", "counter": "nobody", "track": 1},
         "counter='nobody' is not a Wehrmacht counter's id"),
        ({"op": "card_colour", "card": "d1-sniper-1", "dice": [7]},
         "dice=[7] is not a list of dice, each 1-6"),
        ({"op": "card_colour", "card": "d1-sniper-1", "dice": [3], "extra": 1},
         "rule step 'card_colour' has no field 'extra'"),
        ({"op": "turn_start", "card": "d1-sniper-1"}, "it takes no fields"),
        ({"op": "casualty", "counter": "pavlov", "rule": "3.0", "why": 5}, "why=5 is not a string"),
        ({"op": "no_such_step"}, "no rule step 'no_such_step'"),
        ({}, "rule step None: give an id or a name"),
        ("turn_start", "a rule step is a dict"),
    ],
)
def test_a_hand_written_step_is_refused_where_it_is_given(frame: Any, message: str) -> None:
    pos = Position().counter("pavlov", "G1")
    before = pos.to_dict()
    with pytest.raises(PositionError, match="steps\\[0\\]") as info:
        pos.steps(frame)
    assert message in str(info.value)
    assert pos.to_dict() == before  # nothing changed


def test_a_step_given_by_a_part_of_its_name_is_stored_by_its_id() -> None:
    pos = Position().steps({"op": "TURN START"})
    assert pos.to_dict()["steps"] == [{"op": "turn_start"}]
    assert pos.game().turn == 4  # turn_start counts the next turn


def test_a_step_with_its_fields_plays() -> None:
    pos = Position().counter("pavlov", "G1").steps(
        {"op": "place_counter", "counter": "riflemen-1", "track": 2}, phase="wehrmacht_cards")
    game = pos.game()
    assert "riflemen-1" in game.state.tracks[2]


@pytest.fixture
def declared_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """Run every rule step with its declared fields only, after checking them; yields the ops.

    A step that reads a field :data:`STEP_FIELDS` does not declare fails with a KeyError; a
    frame the rules push that the declaration refuses fails with a PositionError.
    """
    seen: set[str] = set()
    checker = Position(settings=RuleSettings.for_variant("competitive-three"))

    def wrap(op: str, handler: machine.StepFn) -> machine.StepFn:
        def run(engine: machine.Engine, frame: dict[str, Any]) -> None:
            seen.add(op)
            checker._step_frame(0, frame)
            fields = STEP_FIELDS.get(op, {})
            handler(engine, {k: v for k, v in frame.items() if k == "op" or k in fields})

        return run

    for op, handler in list(machine.STEPS.items()):
        monkeypatch.setitem(machine.STEPS, op, wrap(op, handler))
    yield seen


def test_every_step_the_rules_push_fits_its_declared_fields(declared_only: set[str]) -> None:
    for variant in VARIANTS:
        for seed in range(3):
            game = Game.new(seed=seed, settings=RuleSettings.for_variant(variant))
            policy, rng = HeuristicPolicy(), policy_rng(seed, "heuristic")
            coin = random.Random(seed)
            while not game.is_over:
                options = game.legal_actions()
                # half heuristic (raids, Forward Observers), half random (the odd corners)
                game.apply(policy(game, rng) if coin.random() < 0.5 else coin.choice(options))
    unreached = set(STEP_FIELDS) - declared_only
    assert not unreached, f"steps with fields never reached: {sorted(unreached)}"
    assert set(STEP_FIELDS) <= set(machine.STEPS), "a declared step that the rules lack"
