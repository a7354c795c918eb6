"""Why not? on a room (a combat position) or a Volga location gives the rule's reason.

A learner clicks rooms and locations more than any other place that is not a choice; each
test is named after the rule its refusal cites and plays a seeded game to the decision it is
about. The last test checks that no room or location ever just restates the prompt.
"""

from __future__ import annotations

import random
from typing import Any

from pavlov_widgets.engine import Game, Refusal

LOCATIONS = [f"loc:{n}" for n in range(3, 19)]


def _squares(game: Game) -> list[str]:
    return [f"square:{sq.id}" for sq in game.components.board.squares]


def _in_house(game: Game) -> list[str]:
    """The Soviet counters on combat positions."""
    return [cid for cid, c in game.state.soviet.items() if game.engine.is_square(c.where)]


def _reach(op: str, seeds: range = range(40), *, manned: bool = False) -> Game:
    """A game whose pending decision is ``op`` (random play from one of ``seeds``).

    With ``manned``, a Soviet counter must be in the house too.
    """
    for seed in seeds:
        rng = random.Random(seed)
        game = Game.new(seed=seed)
        while not game.is_over and game.turn <= 8:
            if (game.state.pending or {}).get("op") == op and (_in_house(game) or not manned):
                return game
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no seed reaches {op}")


def _pending(game: Game) -> dict[str, Any]:
    pending = game.state.pending
    assert pending is not None
    return pending


def _refusal(game: Game, region: str) -> Refusal:
    refusal = game.why_not(region)
    assert refusal is not None, region
    return refusal


def _empty_square(game: Game) -> str:
    busy = {c.where for c in game.state.soviet.values()}
    return next(sq for sq in _squares(game) if sq.split(":")[1] not in busy)


def test_2_2_soviet_card_phase_a_location_is_no_card_action_target() -> None:
    game = Game.new(seed=3)
    assert _pending(game)["op"] == "card_action"
    refusal = _refusal(game, "loc:3")
    assert refusal.text == ("No card action targets location 3 now: you choose a card first, "
                            "and a card whose action works on the Volga then asks for its "
                            "location")
    assert refusal.rule == "2.2 Take up to Three Actions"


def test_2_2_soviet_card_phase_no_card_action_is_taken_on_a_position() -> None:
    game = Game.new(seed=3)
    refusal = _refusal(game, "square:G1")
    assert refusal.text.startswith("No card action is taken on a position: in the Soviet Card "
                                   "Phase you choose a card")
    assert "position G1" in refusal.text
    assert refusal.rule == "2.2 Take up to Three Actions"


def test_4_0_move_an_empty_position_has_no_counter_to_move() -> None:
    game = _reach("move_pick")
    square = _empty_square(game)
    refusal = _refusal(game, square)
    assert refusal.text.endswith("has no defender, and a move starts with the Soviet counter "
                                 "that takes it: choose a glowing counter")
    assert refusal.rule == "4.0 Move"


def test_4_0_move_a_room_gives_its_counters_reason() -> None:
    game = _reach("move_pick", manned=True)
    glowing = {t for o in game.legal_actions() for t in o.targets}
    where = game.state.soviet[_in_house(game)[0]].where
    first = game.engine.counters_at(where)[0]  # the counter a click on the room stands for
    refusal = _refusal(game, f"square:{where}")
    name = game.engine.name(first)
    if f"counter:{first}" in glowing:
        assert refusal.text.startswith(f"Choose {name}, not the position")
    else:
        assert refusal.text.startswith(name), refusal
    assert refusal.rule == "4.0 Move"


def test_4_0_move_a_location_holds_tokens_not_counters() -> None:
    game = _reach("move_to")
    refusal = _refusal(game, "loc:8")
    assert refusal.text.startswith("Soviet counters fight in the house, and location 8 on the "
                                   "Volga holds tokens, not counters")
    assert refusal.text.endswith("this decision asks for a position")
    assert refusal.rule == "4.0 Move"


def test_4_0_soviet_counter_phase_a_position_with_no_defender() -> None:
    game = _reach("act_pick")
    refusal = _refusal(game, _empty_square(game))
    assert "has no defender, and an action starts with the Soviet counter" in refusal.text
    assert refusal.rule == "4.0 Soviet Counter Phase"


def test_4_0_attack_fires_at_the_tracks_not_at_a_room() -> None:
    game = _reach("fire_target")
    source = _pending(game)["source"]
    refusal = _refusal(game, "square:G1")
    assert refusal.text == (f"{source} fires at a Wehrmacht counter on a track it sees, not at "
                            "a room of the house")
    assert refusal.rule == _pending(game)["rule"]


def test_3_0_bomb_stalingrad_a_location_without_a_readied_anti_aircraft_token() -> None:
    game = _reach("aa_fire")
    glowing = {t for o in game.legal_actions() for t in o.targets}
    bare = next(loc for loc in LOCATIONS if loc not in glowing)
    refusal = _refusal(game, bare)
    assert refusal.text.endswith("holds no readied Anti-aircraft token to fire")
    assert refusal.rule == "3.0 Bomb Stalingrad"
    position = _refusal(game, "square:G1")
    assert position.text == ("Position G1 is not part of this decision: it asks for a Volga "
                             "location")


def test_2_0_a_card_location_outside_the_units_locations() -> None:
    game = _reach("card_location")
    p = _pending(game)
    own = game.engine.unit_locations(p["unit"])
    other = next(n for n in range(3, 19) if n not in own)
    refusal = _refusal(game, f"loc:{other}")
    assert refusal.text.startswith(f"Location {other} is not one of the ")
    assert refusal.rule == p["rule"]
    assert _refusal(game, "square:G1").text.startswith("This card action is taken on a Volga "
                                                       "location")


def test_2_0_volga_military_flotilla_loads_only_onto_its_locations() -> None:
    game = _reach("load_pick")
    refusal = _refusal(game, "loc:18")
    assert refusal.text.startswith("Supplies are loaded only onto the Flotilla's locations")
    assert refusal.rule == "2.0 Volga Military Flotilla"


def test_no_room_or_location_restates_the_prompt() -> None:
    for seed in range(4):
        rng = random.Random(seed)
        game = Game.new(seed=seed)
        while not game.is_over and game.turn <= 6:
            glowing = {t for o in game.legal_actions() for t in o.targets}
            if game.chance() is None:
                for region in [*_squares(game), *LOCATIONS]:
                    refusal = game.why_not(region)
                    assert (refusal is None) == (region in glowing)
                    if refusal is not None:
                        assert "is not a choice now" not in refusal.text, refusal
                        assert refusal.rule[:1].isdigit()
            game.apply(rng.choice(game.legal_actions()))
