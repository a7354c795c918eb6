"""Why not? ``Game.why_not(region)``: the engine's reason a board place is not a choice now.

Named after the rule each refusal cites, plus the API clause that ties it to the legal
options: a region is refused exactly when no legal option is drawn on it.
"""

from __future__ import annotations

import random

import pytest

from pavlov_widgets.engine import Game, Refusal


def _regions(game: Game) -> list[str]:
    """Every region a learner can point at in this position."""
    s, c = game.state, game.components
    out = [f"counter:{cid}" for cid in s.soviet]
    out += [f"square:{sq.id}" for sq in c.board.squares]
    out += [f"loc:{n}" for n in range(3, 19)]
    out += [f"track:{t + 1}:{i + 1}" for t, track in enumerate(s.tracks) for i in range(len(track))]
    out += [f"card:{cid}:{unit}" for cid in s.hand for unit in c.soviet_cards[cid].units]
    out += ["box:reserves", "box:supplies"]
    return out


@pytest.mark.parametrize("seed", [3, 11])
def test_a_region_is_refused_exactly_when_no_legal_option_is_drawn_on_it(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    checked = 0
    while not game.is_over and game.turn <= 6:
        options = game.legal_actions()
        glowing = {t for o in options for t in o.targets}
        if rng.random() < 0.3:
            for region in _regions(game):
                refusal = game.why_not(region)
                assert (refusal is None) == (region in glowing), (region, refusal)
                if refusal is not None:
                    assert refusal.text and refusal.rule[:1].isdigit(), refusal
                    assert refusal.region == region
            checked += 1
        game.apply(rng.choice(options))
    assert checked > 20


def _to_phase(game: Game, op: str) -> bool:
    """Play the last option (end phase / done) until the decision ``op`` is asked."""
    while not game.is_over:
        if (game.state.pending or {}).get("op") == op:
            return True
        game.apply(game.legal_actions()[-1])
    return False


def test_2_2_a_used_card_says_one_action_per_card() -> None:
    game = Game.new(seed=3)
    card = next(o for o in game.legal_actions() if o.verb == "card")
    game.apply(card)
    assert _to_phase(game, "card_action")
    refusal = game.why_not(card.targets[0])
    assert refusal == Refusal(card.targets[0],
                              "This card has been used this phase: one action per card",
                              "2.2 Take up to Three Actions")


def test_2_0_a_unit_half_names_the_missing_condition() -> None:
    game = Game.new(seed=3)  # the Sapper half of soviet-14: no Sapper token in Supplies
    refusal = game.why_not("card:soviet-14:8th-guards-sapper")
    assert refusal is not None
    assert refusal.text == "Sappers: no Sapper token is in the Supplies box"
    assert refusal.rule == "2.0 8th Guards Sapper Battalion"
    assert game.why_not("card:soviet-14:139th-signal") is None  # that half glows


def test_4_0_a_counter_that_has_acted_says_so() -> None:
    rng = random.Random(8)
    game = Game.new(seed=8)
    while not game.is_over:
        options = game.legal_actions()
        attack = next((o for o in options if o.verb == "attack"), None)
        if attack is not None and game.state.actions_left >= 2:
            break
        game.apply(rng.choice(options))
    assert attack is not None, "the seed must reach an attack with an action to spare"
    cid = attack.str_arg("counter")
    game.apply(attack)
    while (game.state.pending or {}).get("op") != "act_pick":
        game.apply(game.legal_actions()[0])
    refusal = game.why_not(f"counter:{cid}")
    assert refusal is not None
    assert refusal.text.endswith("has already taken an action this phase (one action per counter)")
    assert refusal.rule == "4.0 Soviet Counter Phase"


def test_4_0_a_counter_that_has_moved_says_so() -> None:
    game = Game.new(seed=5)
    assert _to_phase(game, "move_pick")
    move = game.legal_actions()[0]
    cid = move.str_arg("counter")
    game.apply(move)
    game.apply(game.legal_actions()[0])  # its first destination
    while (game.state.pending or {}).get("op") not in ("move_pick", "act_pick"):
        game.apply(game.legal_actions()[-1])
    assert (game.state.pending or {}).get("op") == "move_pick"  # two moves are left
    refusal = game.why_not(f"counter:{cid}")
    assert refusal is not None
    assert refusal.text.endswith("has already moved this phase (each counter moves once)")
    assert refusal.rule == "4.0 Move"


def test_the_dice_come_first_at_a_chance_step() -> None:
    game = Game.new(seed=2, auto_roll=False)
    game.apply("end-phase")
    assert game.chance() is not None
    refusal = game.why_not("counter:pavlov")
    assert refusal is not None and refusal.text.startswith("The dice come first: ")


def test_why_not_takes_a_region_string() -> None:
    with pytest.raises(TypeError, match="a region is a string"):
        Game.new(seed=1).why_not(3)  # type: ignore[arg-type]
