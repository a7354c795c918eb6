"""7.3 Cooperative (Two Players): two roles share the Soviet side, each owning its phase.

Our reading (see :mod:`pavlov_widgets.engine.roles`): the operations commander takes every
decision of the Soviet Card Phase, the house commander every decision of the Soviet Counter
Phase, and either may take what the Wehrmacht cards ask (and the end-of-game Milk House raid).
"""

from __future__ import annotations

import random

import pytest

from pavlov_widgets.engine import (
    Decision,
    Game,
    IllegalActionError,
    RuleSettings,
    SettingsError,
    WrongRoleError,
)
from pavlov_widgets.engine.check import check_invariants

COOP = RuleSettings.for_variant("cooperative")


def _play_until(game: Game, rng: random.Random, done: object) -> None:
    """Play random legal options, as the role that owns each decision, until ``done(game)``."""
    assert callable(done)
    for _ in range(5000):
        if game.is_over or done(game):
            return
        game.apply(rng.choice(game.legal_ids()), role=rng.choice(game.roles_to_decide()))
    raise AssertionError("the game never got there")


def test_7_3_the_cooperative_settings_give_two_roles() -> None:
    assert COOP.cooperative and not COOP.competitive
    assert COOP.variant_rules == ("7.3",)
    game = Game.new(seed=1, settings=COOP)
    assert game.roles == ("operations", "house")
    assert Game.new(seed=1).roles == ("soviet",)


def test_7_3_cooperative_play_needs_no_other_modification() -> None:
    """The game is dealt and played as the solo game (7.3: "no modifications")."""
    solo, coop = Game.new(seed=5), Game.new(seed=5, settings=COOP)
    assert solo.state.to_dict() == coop.state.to_dict()
    rng = random.Random(5)
    for _ in range(60):
        option = rng.choice(solo.legal_ids())
        solo.apply(option)
        coop.apply(option)
    assert [str(e) for e in solo.log] == [str(e) for e in coop.log]


def test_7_3_the_operations_commander_takes_the_soviet_card_phase() -> None:
    game = Game.new(seed=1, settings=COOP)
    assert game.phase == "soviet_cards"
    pending = game.pending
    assert isinstance(pending, Decision) and pending.roles == ("operations",)
    assert game.roles_to_decide() == ("operations",)
    game.apply("end-phase", role="operations")
    assert game.phase.startswith("counter")


def test_7_3_the_house_commander_takes_the_soviet_counter_phase() -> None:
    game = Game.new(seed=1, settings=COOP)
    game.apply("end-phase", role="operations")
    _play_until(game, random.Random(1), lambda g: g.phase.startswith("counter"))
    assert game.roles_to_decide() == ("house",)
    assert game.side_to_decide() == "soviet"


def test_7_3_either_commander_resolves_the_wehrmacht_cards() -> None:
    """AA fire, Suppression spent, First Aid, who starves: both roles may decide (7.3)."""
    seen: set[str] = set()
    for seed in range(40):
        game = Game.new(seed=seed, settings=COOP)
        rng = random.Random(seed)
        while not game.is_over and len(seen) < 2:
            if game.phase == "wehrmacht_cards" and game.roles_to_decide():
                assert game.roles_to_decide() == ("operations", "house")
                seen.add(game.state.pending["op"])  # type: ignore[index]
                option = game.legal_ids()[-1]
                twin = game.copy()
                game.apply(option, role="house")
                twin.apply(option, role="operations")
                assert twin.state.to_dict() == game.state.to_dict()
                continue
            game.apply(rng.choice(game.legal_ids()), role=rng.choice(game.roles_to_decide()))
        if len(seen) >= 2:
            break
    assert seen, "no Wehrmacht card asked the defenders anything"


def test_7_3_a_choice_by_the_wrong_role_is_refused_and_changes_nothing() -> None:
    game = Game.new(seed=3, settings=COOP)
    before, log, rev = game.to_dict(), list(game.log), game.rev
    with pytest.raises(WrongRoleError) as info:
        game.apply("end-phase", role="house")
    err = info.value
    assert isinstance(err, IllegalActionError)
    assert err.role == "house" and err.owners == ("operations",)
    assert err.rule == "7.3 Cooperative (Two Players)"
    assert "the operations commander" in str(err) and "7.3" in str(err)
    assert game.to_dict() == before and game.log == log and game.rev == rev
    # the house commander is refused in the card phase, the operations one in the counters'
    game.apply("end-phase", role="operations")
    before = game.to_dict()
    with pytest.raises(WrongRoleError, match="the house commander"):
        game.apply(game.legal_ids()[0], role="operations")
    assert game.to_dict() == before


def test_7_3_an_unknown_role_is_refused_naming_the_roles() -> None:
    game = Game.new(seed=3, settings=COOP)
    before = game.to_dict()
    with pytest.raises(WrongRoleError, match="operations, house"):
        game.apply("end-phase", role="german")
    with pytest.raises(WrongRoleError, match="not a role of this game"):
        Game.new(seed=3).apply("end-phase", role="house")
    assert game.to_dict() == before


def test_7_3_solo_play_is_unchanged_without_a_role() -> None:
    game = Game.new(seed=3)
    assert game.roles_to_decide() == ("soviet",)
    game.apply("end-phase")  # no role: the caller speaks for every role
    game.apply(game.legal_ids()[0], role="soviet")


def test_7_3_the_setting_is_one_record_that_saves_and_loads() -> None:
    game = Game.new(seed=9, settings=COOP)
    _play_until(game, random.Random(9), lambda g: g.turn >= 3)
    again = Game.from_json(game.to_json())
    assert again.settings == COOP and again.roles == ("operations", "house")
    assert again.roles_to_decide() == game.roles_to_decide()
    assert again.state.to_dict() == game.state.to_dict()
    with pytest.raises(SettingsError, match="did you mean 'cooperative'"):
        RuleSettings.for_variant("cooperativ")


@pytest.mark.parametrize("seed", range(6))
def test_7_3_random_playouts_reach_the_end_with_the_invariants_kept(seed: int) -> None:
    game = Game.new(seed=seed, settings=COOP)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        check_invariants(game)
        roles = game.roles_to_decide()
        assert roles and set(roles) <= {"operations", "house"}
        ids = game.legal_ids()
        active = [i for i in ids if i not in ("end-phase", "actions-done", "moves-done")]
        pick = rng.choice(active) if active and rng.random() < 0.85 else rng.choice(ids)
        game.apply(pick, role=rng.choice(roles))
        steps += 1
        assert steps < 4000
    check_invariants(game)
    assert game.outcome is not None
    if seed % 2 == 0:
        again = Game.from_json(game.to_json())
        assert again.outcome == game.outcome
