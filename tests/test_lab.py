"""The what-if lab: exact odds, forced rolls, branches and playouts (tutor/lab/model.py)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from pavlov_widgets.engine import Game, NotAChanceStepError
from pavlov_widgets.engine.dice import read
from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.tutor.lab.model import (
    LabError,
    branches,
    compare_options,
    odds,
    play_out,
    what_if,
)


def test_odds_of_the_sniper_colour_roll_are_exact_thirds() -> None:
    table = odds(get_scenario("sniper").build())
    assert [r for r, _ in table.rows] == ["green", "red", "purple"]
    assert all(p == Fraction(1, 3) for _, p in table.rows)
    assert "3.0 Attack Defender" in str(table)
    assert "<table>" in table._repr_html_()


def test_odds_of_four_dice_against_defense_5() -> None:
    game = get_scenario("sniper").build()
    game.force([3])
    game.force([2])
    table = odds(game)
    assert table.probability("hit") == 1 - Fraction(4, 6) ** 4
    assert sum(p for _, p in table.rows) == 1


def test_odds_at_a_decision_says_what_to_do_instead() -> None:
    game = get_scenario("ju87").build(auto_roll=True)
    with pytest.raises(NotAChanceStepError, match="decision"):
        odds(game)


def test_what_if_forces_a_roll_in_a_copy_and_leaves_the_game_alone() -> None:
    game = get_scenario("sniper").build()
    before = game.state.to_dict()
    branch = what_if(game, [1])
    assert game.state.to_dict() == before
    assert branch.state.to_dict() != before
    assert branch.history[-1] == {"kind": "roll", "value": [1], "forced": True}


def test_branches_cover_every_result_with_its_probability() -> None:
    game = get_scenario("sniper").build()
    game.force([3])
    game.force([2])
    found = branches(game)
    assert {b.result for b in found} == {"hit", "miss"}
    assert sum(b.probability for b in found) == 1
    hit = next(b for b in found if b.result == "hit")
    assert hit.game.state.soviet["pavlov"].where == "removed"
    miss = next(b for b in found if b.result == "miss")
    assert miss.game.state.soviet["pavlov"].where == "R2"


def test_play_out_repeats_exactly_for_a_seed() -> None:
    game = get_scenario("ju87").build(auto_roll=True)
    first = play_out(game, games=4, policy="random", seed=5)
    again = play_out(game, games=4, policy="random", seed=5)
    assert first.games == 4 and first.scores == again.scores
    assert sum(first.results.values()) == 4
    assert "4 playouts (random)" in str(first)


def test_play_out_defines_its_terms_and_shows_the_draw_rate() -> None:
    """No bare dict: win, draw and loss are defined (6.0) and the draw rate is shown."""
    result = play_out(get_scenario("ju87").build(auto_roll=True), games=3, seed=2)
    text = str(result)
    assert "draw" in text and "win" in text and "loss" in text
    assert "final score of 1 or more" in text and "immediate loss" in text
    assert "{" not in text
    assert set(result.results) == {"win", "draw", "loss"}
    assert "draw" in result._repr_html_()


def test_compare_options_plays_every_distinct_option_on_the_same_luck() -> None:
    game = get_scenario("ju87").build(auto_roll=True)
    table = compare_options(game, games=2, policy="random", seed=1)
    legal = [o.id for o in game.legal_actions()]
    covered = [row.option_id for row in table.rows]
    assert set(covered) <= set(legal) and covered == sorted(covered, key=legal.index)
    assert all(row.games == 2 for row in table.rows)
    assert [s for s, _, _ in table.rows[0].outcomes] == [1, 2]
    assert "draw" in str(table) and "Terms (6.0)" in str(table)


def test_compare_options_merges_the_order_of_the_tokens() -> None:
    """The lab's "how many tokens?" question: firing 8, 12 or 13 first is one row."""
    game = get_scenario("ju87").build(auto_roll=True)
    table = compare_options(game, games=1)
    assert len(table.rows) == 2
    assert len(table.rows[0].same_as) == 2


def test_compare_options_needs_a_decision() -> None:
    game = get_scenario("sniper").build()
    with pytest.raises(LabError, match="no decision"):
        compare_options(game, games=1)


def test_play_out_goes_through_the_simulators_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """One playout loop (sim.simulate.play_to_end) plays the lab's games too."""
    import importlib

    # the module, not the function of the same name the package exports
    compare = importlib.import_module("pavlov_widgets.tutor.lab.compare")
    calls: list[Game] = []
    real = compare.play_to_end

    def counting(game: Game, *args: Any, **kwargs: Any) -> Game:
        calls.append(game)
        return real(game, *args, **kwargs)

    monkeypatch.setattr(compare, "play_to_end", counting)
    result = play_out(get_scenario("ju87").build(auto_roll=True), games=3, policy="random")
    assert len(calls) == 3 and result.games == 3
    assert all(g.is_over for g in calls)


def test_play_out_names_the_playout_that_failed() -> None:
    """A policy error in a playout says which dice seed it was."""

    def gives_up(game: Game, rng: random.Random) -> str:
        raise RuntimeError("policy gave up")

    with pytest.raises(RuntimeError, match="policy gave up") as info:
        play_out(get_scenario("ju87").build(auto_roll=True), games=2, policy=gives_up, seed=7)
    assert info.value.__notes__ == [
        "in a playout of 'The position as it stands' (dice seed 7, policy gives_up)"]


def test_branches_show_each_result_with_a_roll_the_engine_reads_as_it() -> None:
    """Every branch's example dice give that branch's result (what-if lab, exact odds)."""
    game = get_scenario("ju87").build()
    while game.chance() is None and not game.is_over:
        game.apply(game.legal_ids()[0])
    chance = game.chance()
    assert chance is not None
    for branch in branches(game):
        assert read(list(branch.dice), chance.test) == branch.result
