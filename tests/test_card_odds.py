"""Odds of a whole card (pavlov_widgets.tutor.lab.card_odds), checked against odds worked by hand.

Each expected probability below is worked out from the rules (3.0) with pencil-and-paper
arithmetic, not read off the code: four dice against Defense 5 miss with (4/6)^4, a Ju 87
bomb lands on 3 only with three 1s (1/216), Anti-aircraft dice hit at Defense 4 with 1/2
each, a raid's fate die loses the raider on 1-4 (4/6).
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.dice import p_sum_at_least
from pavlov_widgets.engine.positions import Position
from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.tutor.lab.card_odds import CardOddsError, card_ends, card_odds
from pavlov_widgets.tutor.lab.model import branches

ROOT = Path(__file__).resolve().parents[1]
MISS_4_AT_5 = Fraction(4, 6) ** 4


def _card(card: str, *setup: tuple[str, tuple[Any, ...]]) -> Game:
    pos = Position().counter("pavlov", "R2").defense("red", 5)
    for method, args in setup:
        getattr(pos, method)(*args)
    return pos.wehrmacht_cards(card).resume("wehrmacht", cards=1).game(auto_roll=False)


def test_3_0_sniper_four_dice_against_defense_5_with_the_target_known() -> None:
    game = get_scenario("sniper").build()
    game.force([3])  # red
    game.force([2])  # red 2: Pavlov
    odds = card_odds(game)
    assert odds.casualty["pavlov"] == 1 - MISS_4_AT_5
    assert odds.casualty["glushenko"] == 0
    assert odds.probability("Pavlov is a casualty") == 1 - MISS_4_AT_5
    assert odds.probability("nothing changes") == MISS_4_AT_5
    assert sum(p for _, p in odds.outcomes) == 1
    assert odds.expected_casualties == 1 - MISS_4_AT_5


def test_3_0_mortar_target_search_finds_the_only_red_counter() -> None:
    """Red comes up on 2 faces of 6; whatever the position die, the search finds R2."""
    game = _card("d1-mortar-1")
    odds = card_odds(game)
    assert odds.disrupted["pavlov"] == Fraction(2, 6) * (1 - MISS_4_AT_5)
    assert odds.casualty["pavlov"] == 0


def test_3_0_mortar_on_a_disrupted_counter_makes_a_casualty() -> None:
    game = (Position().counter("pavlov", "R2", disrupted=True).defense("red", 5)
            .wehrmacht_cards("d1-mortar-1").resume("wehrmacht", cards=1).game(auto_roll=False))
    odds = card_odds(game)
    assert odds.casualty["pavlov"] == Fraction(2, 6) * (1 - MISS_4_AT_5)
    assert odds.disrupted["pavlov"] == 0


@pytest.mark.parametrize(("card", "planes"), [("d1-ju87-2-1", 2), ("d2-ju87-3-1", 3)])
def test_3_0_ju87_location_3_is_hit_by_three_ones(card: str, planes: int) -> None:
    """Nothing moves on to 3 (it is the first location): hit iff a bomb that falls rolls 3.

    With three planes one more case: two bombs on 18 lose the game at once (6.0), so the
    third bomb never falls (18, 18, then 3: (1/216)^3 less).
    """
    odds = card_odds(_card(card))
    lost_first = Fraction(1, 216) ** 3 if planes == 3 else 0
    assert odds.location_disrupted[3] == 1 - Fraction(215, 216) ** planes - lost_first
    if planes == 2:  # lost only when both bombs roll 18
        assert odds.losses_by["army_cp"] == Fraction(1, 216) ** 2
    assert sum(p for _, p in odds.outcomes) == 1


def test_3_0_ju87_one_bomb_lands_on_the_total_of_three_dice() -> None:
    """With two planes, 12 is Disrupted when a bomb rolls 12, or rolls 11 after 11 was hit."""
    odds = card_odds(_card("d1-ju87-2-1"))
    p11, p12 = Fraction(27, 216), Fraction(25, 216)
    miss12 = (1 - p12) ** 2  # no bomb rolls 12 ...
    both11 = p11 * p11  # ... but the second 11 moves on to 12
    assert odds.location_disrupted[12] == 1 - miss12 + both11
    assert odds.location_hit[12] == odds.location_disrupted[12]


def test_3_0_ju87_bomb_destroys_the_token_before_disrupting() -> None:
    game = _card("d1-ju87-2-1", ("tokens", ("wire", "loc:14")))
    odds = card_odds(game)
    p13, p14 = Fraction(21, 216), Fraction(15, 216)
    # a bomb on 14, or a second bomb on 13 that moves on to 14 (it destroys tokens too)
    assert odds.tokens_destroyed[(14, "wire")] == 1 - (1 - p14) ** 2 + p13 * p13
    assert odds.location_disrupted[14] == p14 * p14  # only a second bomb on 14 Disrupts it


def test_3_0_anti_aircraft_fire_downs_planes_binomially_at_defense_4() -> None:
    """Two tokens fired: four dice, each downs a plane on 4+ (1/2); 4 - k planes bomb."""
    game = get_scenario("ju87").build()
    for move in ("aa:8", "aa:12", "fire"):
        game.apply(move)
    odds = card_odds(game)
    # every bomb that falls changes something: nothing changes only when all four are down
    assert odds.probability("nothing changes") == comb(4, 4) * Fraction(1, 2) ** 4
    three = get_scenario("ju87").build()
    for move in ("aa:8", "aa:12", "aa:13", "fire"):
        three.apply(move)
    six_dice = sum((comb(6, k) for k in range(4, 7)), 0) * Fraction(1, 2) ** 6
    assert card_odds(three).probability("nothing changes") == six_dice


def test_3_0_ju87_with_the_heuristic_says_which_tokens_fired() -> None:
    game = get_scenario("ju87").build()
    odds = card_odds(game)
    assert "heuristic" in odds.policy
    fired = [t for t, p in odds.facts if "Anti-aircraft token" in t and "fires" in t]
    assert fired and all(odds.probability(t) == 1 for t in fired)
    assert all(kind != "aa" for (_loc, kind) in odds.tokens_destroyed if _loc in (8, 12, 13)
               and f"the Anti-aircraft token on {_loc} fires" in fired)
    assert sum(p for _, p in odds.outcomes) == 1


def test_3_0_storm_group_raid_success_and_expected_losses() -> None:
    game = get_scenario("storm-group").build()
    for move in get_scenario("storm-group").moves[:5]:  # four raiders chosen, not launched
        game.apply(move)
    assert game.state.tokens["supplies"].get("first_aid", 0) == 0
    odds = card_odds(game)
    assert odds.raid is not None
    assert odds.raid.success == p_sum_at_least(4, 10)
    assert odds.raid.expected_losses == 4 * Fraction(4, 6)
    assert odds.raid.losses[4] == Fraction(4, 6) ** 4
    assert "raiders chosen" in odds.policy
    launched = get_scenario("storm-group").build()
    for move in get_scenario("storm-group").moves:
        launched.apply(move)
    assert card_odds(launched).raid == odds.raid


def test_every_scenario_card_adds_up_to_one_and_leaves_the_game_alone() -> None:
    for name in ("sniper", "mortar", "artillery", "ju87", "ju87-disrupted", "bomb-18",
                 "machine-gunners", "assault", "resupply", "mortar-disrupted"):
        game = get_scenario(name).build()
        before = json.dumps(game.to_dict(), sort_keys=True)
        odds = card_odds(game)
        assert sum(p for _, p in odds.outcomes) == 1, name
        assert all(0 < p <= 1 for _, p in odds.facts), name
        assert json.dumps(game.to_dict(), sort_keys=True) == before, name
        assert odds.question in odds.text() and "exact" in odds._repr_html_().lower()


def _brute_force(game: Game) -> dict[str, Fraction]:
    """Every roll of the card followed on whole games (lab.branches), no shortcuts."""
    out: dict[str, Fraction] = {}
    moment = (game.turn, game.phase, game.state.wehrmacht_current)
    todo = [(game, Fraction(1))]
    while todo:
        node, p = todo.pop()
        for branch in branches(node):
            after, q = branch.game, p * branch.probability
            if after.is_over or after.chance() is None or (
                    after.turn, after.phase, after.state.wehrmacht_current) != moment:
                key = _essence(after)
                out[key] = out.get(key, Fraction(0)) + q
            else:
                todo.append((after, q))
    return out


def _essence(game: Game) -> str:
    s = game.state
    return json.dumps({
        "soviet": {k: (c.where, c.disrupted) for k, c in s.soviet.items()},
        "locs": {k: v for k, v in s.tokens.items() if k.startswith("loc:") and v},
        "stock": s.tokens["stock"], "fog": s.fog_stock, "discard": s.soviet_discard,
        "lost": (s.outcome or {}).get("how"),
    }, sort_keys=True)


@pytest.mark.parametrize("name", ["ju87-disrupted", "bomb-18", "sniper", "assault"])
def test_the_fast_count_matches_following_every_roll_on_whole_games(name: str) -> None:
    """The compact bombs, merging and hand-offs give the same ends as the plain way."""
    game = get_scenario(name).build()
    fast: dict[str, Fraction] = {}
    for after, p in card_ends(game, policy="stop"):
        fast[_essence(after)] = fast.get(_essence(after), Fraction(0)) + p
    assert fast == _brute_force(game)


def test_no_card_pending_is_a_clear_error_and_changes_nothing() -> None:
    game = Game.new(seed=1)
    before = game.to_json()
    with pytest.raises(CardOddsError, match="no Wehrmacht card is being resolved"):
        card_odds(game)
    assert game.to_json() == before
    with pytest.raises(CardOddsError, match="unknown policy 'best'"):
        card_odds(get_scenario("sniper").build(), policy="best")


def test_policy_stop_ends_the_count_at_a_decision() -> None:
    odds = card_odds(get_scenario("ju87").build(), policy="stop")
    assert odds.outcomes == (("nothing changes", Fraction(1)),)
    assert odds.policy.startswith("stop")


def test_branches_read_as_results_not_games() -> None:
    game = get_scenario("sniper").build()
    game.force([3])
    game.force([2])
    found = branches(game)
    text = repr(found)
    assert "<Game" not in text
    assert "hit (65/81, 80.2%), e.g. dice [5, 1, 1, 1]: Pavlov is a casualty" in text
    assert "miss" in text and text.splitlines()[0].startswith("What each result of")
    assert "<Game" not in repr(found[0]) and "Pavlov is a casualty" in repr(found[0])
    assert "<table>" in found._repr_html_()  # type: ignore[attr-defined]


def test_card_odds_bench_prints_a_median_per_card() -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/card_odds_bench.py", "--repeat", "1", "--only", "sniper"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "sniper" in done.stdout and "median ms" in done.stdout
