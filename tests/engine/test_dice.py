"""The dice module: exact odds, the reading of a roll, per-die marks and the generator."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from pavlov_widgets.engine import Game
from pavlov_widgets.engine import dice as dice_mod

TESTS: list[tuple[int, dict[str, Any]]] = [
    (1, {"type": "pick", "labels": ["green", "green", "red", "red", "purple", "purple"]}),
    (3, {"type": "any", "target": 5}),
    (2, {"type": "any", "target": 7}),  # a Defense raised past 6 cannot be hit
    (3, {"type": "count", "target": 4}),
    (2, {"type": "sum", "target": 9}),
    (3, {"type": "total"}),
    (3, {"type": "survive", "target": 5}),
]


@pytest.mark.parametrize(("n", "test"), TESTS, ids=[t["type"] for _, t in TESTS])
def test_the_odds_are_the_exact_share_of_all_rolls(n: int, test: dict[str, Any]) -> None:
    """distribution() equals counting every one of the 6**n ordered rolls read by read()."""
    rolls = list(itertools.product(range(1, 7), repeat=n))
    counted = Counter(dice_mod.read(list(r), test) for r in rolls)
    exact = {label: p for label, p in dice_mod.distribution(n, test) if p}
    assert exact == {label: Fraction(k, len(rolls)) for label, k in counted.items()}
    assert sum(p for _, p in dice_mod.distribution(n, test)) == 1


@pytest.mark.parametrize(("n", "test"), TESTS, ids=[t["type"] for _, t in TESTS])
def test_hit_marks_agree_with_the_result(n: int, test: dict[str, Any]) -> None:
    """The marked dice are the ones the result counts; whole-roll tests mark nothing."""
    for roll in itertools.product(range(1, 7), repeat=n):
        dice = list(roll)
        marks = dice_mod.hit_marks(dice, test)
        result = dice_mod.read(dice, test)
        if test["type"] == "any":
            assert len(marks) == n and (result == "hit") == any(marks)
        elif test["type"] in ("count", "survive"):
            assert len(marks) == n and int(result.split()[0]) == sum(marks)
        else:
            assert marks == ()


def test_roll_log_entries_carry_the_marks() -> None:
    """Every logged roll of a game carries its per-die marks (the board draws them)."""
    game = Game.new(seed=5)
    while not game.is_over and game.turn < 4:
        game.apply(game.legal_actions()[-1])
    rolls = [e for e in game.log if e.kind == "roll"]
    assert rolls
    for entry in rolls:
        assert len(entry.marks) in (0, len(entry.dice))
        assert entry.to_dict()["marks"] == list(entry.marks)
    assert any(entry.marks for entry in rolls)


def test_the_generator_is_reproducible_and_uniform() -> None:
    """SplitMix64 from a seed repeats exactly; 60,000 draws of a die are close to uniform."""
    state = dice_mod.seed_state(42, "dice")
    faces: Counter[int] = Counter()
    for _ in range(60_000):
        state, value = dice_mod.below(state, 6)
        faces[value] += 1
    assert sorted(faces) == [0, 1, 2, 3, 4, 5]
    assert _draws(42) == _draws(42) != _draws(43)
    # chi-square with 5 degrees of freedom: 20.5 is the 0.1% critical value
    chi2 = sum((k - 10_000) ** 2 / 10_000 for k in faces.values())
    assert chi2 < 20.5, faces


def _draws(seed: int, n: int = 20) -> list[int]:
    state, out = dice_mod.seed_state(seed, "dice"), []
    for _ in range(n):
        state, value = dice_mod.below(state, 6)
        out.append(value)
    return out
