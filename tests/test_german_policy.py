"""The German heuristic policy of the competitive variant (7.4 Competitive).

It takes only the Wehrmacht Planning decisions, picks legal options, respects the
Restriction (Resupply and Storm Group cards must be played), keeps the Ju 87 while the
signal lines are down and the Assault while the tracks are empty, and is deterministic
given its generator.
"""

from __future__ import annotations

import random

import pytest

from pavlov_widgets.engine import Game, RuleSettings
from pavlov_widgets.engine.rules import planning
from pavlov_widgets.sim import get_policy
from pavlov_widgets.sim.german import (
    GERMAN_POLICIES,
    GermanHeuristicPolicy,
    _Board,
    three_dice_totals,
)
from pavlov_widgets.sim.heuristic import HeuristicPolicy


def planning_game(seed: int = 3, variant: str = "competitive") -> Game:
    """A competitive game at its first Wehrmacht Planning decision."""
    game = Game.new(seed=seed, settings=RuleSettings.for_variant(variant))
    assert game.side_to_decide() == "german"
    return game


def play_german_turns(game: Game, turns: int, rng: random.Random) -> list[str]:
    """Play ``turns`` turns: the German heuristic plans, the Soviet heuristic does the rest.

    Returns every German option id chosen; checks each is among the legal ones.
    """
    german, soviet = GermanHeuristicPolicy(), HeuristicPolicy()
    chosen: list[str] = []
    while not game.is_over and game.state.turn <= turns:
        pending = game.state.pending
        if pending is not None and pending["kind"] == "chance":
            game.roll()
            continue
        if game.side_to_decide() == "german":
            option = german(game, rng)
            assert option.id in game.legal_ids()
            chosen.append(option.id)
            game.apply(option)
        else:
            game.apply(soviet(game, rng))
    return chosen


def test_registered_by_name() -> None:
    """``german-heuristic`` is a policy name; the German side's names are listed."""
    assert isinstance(get_policy("german-heuristic"), GermanHeuristicPolicy)
    assert GERMAN_POLICIES == ("german-heuristic", "random")


def test_7_4_wehrmacht_planning_picks_only_legal_options() -> None:
    """Every order and Tactics card chosen is one the engine offers (7.4 Wehrmacht Planning)."""
    game = planning_game()
    chosen = play_german_turns(game, 6, random.Random(1))
    verbs = {c.split(":")[0] for c in chosen}
    assert verbs == {"order", "tactic"}
    assert sum(1 for c in chosen if c.startswith("order")) >= 3 * 5


def test_7_4_restriction_resupply_and_storm_group_are_played() -> None:
    """A Resupply or Storm Group card in hand is always among the turn's orders (7.4)."""
    german, soviet = GermanHeuristicPolicy(), HeuristicPolicy()
    rng = random.Random(2)
    seen_must = 0
    for seed in (1, 2, 4):
        game = planning_game(seed)
        while not game.is_over:
            pending = game.state.pending
            if pending is not None and pending["kind"] == "chance":
                game.roll()
                continue
            if game.side_to_decide() != "german":
                game.apply(soviet(game, rng))
                continue
            if pending and pending["op"] == "plan_order" and not game.state.orders:
                must = [c for c in game.state.german_hand if planning.must_play(game.engine, c)]
                seen_must += bool(must)
                for _ in range(planning.ORDERS):
                    if game.state.pending and game.state.pending["op"] == "plan_order":
                        game.apply(german(game, rng))
                assert all(c in game.state.orders for c in must)
            else:
                game.apply(german(game, rng))
    assert seen_must > 0


def test_deterministic_given_its_rng() -> None:
    """The same game and the same generator give the same choices."""
    first = play_german_turns(planning_game(5), 8, random.Random(7))
    second = play_german_turns(planning_game(5), 8, random.Random(7))
    assert first == second


def test_refuses_a_soviet_decision() -> None:
    """Asked a Soviet decision, it says it plays only the Wehrmacht Planning phase."""
    game = Game.new(seed=1)
    with pytest.raises(ValueError, match="Wehrmacht Planning"):
        GermanHeuristicPolicy()(game, random.Random(0))


def test_3_0_bomb_stalingrad_ju87_hurts_more_while_the_signal_lines_are_up() -> None:
    """Wire tokens on 14-17 raise the Ju 87's value: bombs destroy them (3.0 Bomb Stalingrad)."""
    game = planning_game()
    policy = GermanHeuristicPolicy()
    down = policy.ju87_value(_Board(game), 4, 4)
    for loc in (14, 15, 16, 17):
        assert game.engine.move_tokens("wire", "stock", f"loc:{loc}") == 1
    up = policy.ju87_value(_Board(game), 4, 4)
    assert up > down
    # and a Disrupted 62nd Army CP above Disrupted locations: a climbing bomb wins the game
    for loc in (16, 17, 18):
        game.engine.move_tokens("wire", f"loc:{loc}", "stock")
        game.engine.move_tokens("disrupted", "stock", f"loc:{loc}")
    assert policy.ju87_value(_Board(game), 4, 4) > 2 * up


def test_3_0_ju87_is_kept_while_it_would_do_little() -> None:
    """The Ju 87 is kept while Anti-aircraft waits and no Wire is up (3.0 Bomb Stalingrad).

    It is played when the signal lines are up and the sky is open.
    """
    game = planning_game()
    c = game.components
    policy = GermanHeuristicPolicy()
    ju87 = next(x for x in c.wehrmacht_cards if c.wehrmacht_cards[x].kind == "ju87")
    places = [x for x in c.wehrmacht_cards if c.wehrmacht_cards[x].kind == "place"][:3]
    hand = [*places, ju87]
    for loc in (8, 9, 12, 13):
        assert game.engine.move_tokens("aa", "stock", f"loc:{loc}") == 1
    plan = policy.plan(_Board(game), hand, 3, random.Random(0))
    assert ju87 not in plan and len(plan) == 3
    for loc in (8, 9, 12, 13):
        game.engine.move_tokens("aa", f"loc:{loc}", "stock")
    for loc in (14, 15, 16, 17):
        game.engine.move_tokens("wire", "stock", f"loc:{loc}")
    plan = policy.plan(_Board(game), hand, 3, random.Random(0))
    assert ju87 in plan
    # resolved after the placement cards (the order of the module docstring)
    assert plan[-1] == ju87


def test_3_0_assault_is_worth_more_when_the_tracks_are_full() -> None:
    """An Assault with counters on the tracks beats one with empty tracks (3.0 Assault)."""
    game = planning_game()
    for cid, square in (("pavlov", "G1"), ("glushenko", "G2")):
        game.state.soviet[cid].where = square
    policy = GermanHeuristicPolicy()
    empty = policy.assault_value(_Board(game), {})
    free = list(game.components.wehrmacht_counters_by_type["riflemen"])
    for t in range(2):  # the green tracks
        game.state.tracks[t][0] = free[t]
    assert policy.assault_value(_Board(game), {}) > empty == 0


def test_7_4_tactics_card_adds_most_to_the_orders() -> None:
    """The Tactics card chosen is the one valued highest against the placed orders."""
    game = planning_game()
    policy = GermanHeuristicPolicy()
    rng = random.Random(3)
    while game.state.pending and game.state.pending["op"] == "plan_order":
        game.apply(policy(game, rng))
    assert game.state.pending and game.state.pending["op"] == "plan_tactics"
    board = _Board(game)
    values = {c: policy.tactic_value(board, c) for c in game.state.german_tactics}
    picked = policy(game, rng).str_arg("card")
    assert values[picked] == max(values.values())


def test_bomb_totals_are_a_distribution() -> None:
    """Three dice total 3-18 with probabilities that add up to 1."""
    totals = three_dice_totals()
    assert sorted(totals) == list(range(3, 19))
    assert abs(sum(totals.values()) - 1) < 1e-9


def test_explain_lists_the_hands() -> None:
    """``explain`` names every card in both German hands with a value."""
    game = planning_game()
    text = GermanHeuristicPolicy().explain(game)
    assert len(text.splitlines()) == len(game.state.german_hand) + len(
        game.state.german_tactics)
