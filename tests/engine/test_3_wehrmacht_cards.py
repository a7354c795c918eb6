"""3.0 Wehrmacht Card Phase: one scenario per rule clause, on hand-made positions.

Every position is built with :mod:`tests.engine.helpers` and every die is scripted, so each
test asserts the exact resulting state and the exact log lines (text, dice, rule cited).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pavlov_widgets.engine.rules.combat import find_target_square
from pavlov_widgets.engine.state import GameState
from pavlov_widgets.engine.text import plural

from .helpers import (
    COMPONENTS,
    at,
    blank,
    card_phase,
    check_invariants,
    counter,
    disrupt_location,
    ids,
    lines,
    pending_op,
    reveal,
    soviet_on_top,
    start,
    storm_box,
    tokens,
    wehrmacht,
    where,
)

W = "T1 Wehrmacht Card Phase: "


def card(n: int, name: str) -> str:
    return f"{W}Card {n} of 3: {name} (3.0 Wehrmacht Card Phase)"


# --- Attack Defender (Sniper) --------------------------------------------------------------


def test_3_0_sniper_searches_higher_then_lower() -> None:
    state = blank()
    counter(state, "pavlov", "R2")
    counter(state, "glushenko", "R5")
    counter(state, "chekhov", "G1")
    # colour die 3 = red; position 3 is empty: the next higher occupied red is 5 (Glushenko)
    game = reveal(state, "d1-sniper-1", script=[3, 3, 6, 1, 1, 1])
    assert lines(game) == [
        card(3, "Sniper"),
        f"{W}Sniper: colour roll: red [dice 3] (3.0 Attack Defender)",
        f"{W}Sniper: position roll (red): red 3 [dice 3] (3.0 Attack Defender)",
        f"{W}Sniper targets R5: Glushenko (red 3 is empty) (3.0 Attack Defender)",
        f"{W}Sniper: 4 dice against red Defense 6 (casualty on a hit): hit [dice 6 1 1 1]"
        " (3.0 Attack Defender)",
        f"{W}Glushenko is a casualty (Sniper) (3.0 Attack Defender)",
    ]
    assert where(game, "glushenko") == "removed"
    assert where(game, "pavlov") == "R2"
    check_invariants(game)


@pytest.mark.parametrize(
    ("occupied", "roll", "expected"),
    [
        (["R2", "R5"], 2, "R2"),  # the rolled position is occupied
        (["R2", "R5"], 3, "R5"),  # empty: next higher occupied, skipping the empty 4
        (["R2", "R4"], 5, "R4"),  # nothing higher (5, 6 empty): the nearest lower, 4
        (["R2", "G4R1"], 6, "R2"),  # nothing higher: lower 5, 4, 3 empty, 2 occupied
        (["G4R1"], 1, "G4R1"),  # a two-coloured square is red 1
        (["P4R6"], 2, "P4R6"),  # ... and P4/R6 is red 6
    ],
)
def test_3_0_sniper_target_search_table(occupied: list[str], roll: int, expected: str) -> None:
    state = blank()
    for square, cid in zip(occupied, ["pavlov", "glushenko"], strict=False):
        counter(state, cid, square)
    game = reveal(state, "d1-sniper-1")
    assert find_target_square(game.engine, "red", roll) == expected


def test_3_0_sniper_on_an_empty_colour_has_no_effect() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    game = reveal(state, "d1-sniper-1", script=[5])  # 5 = purple: nobody there
    assert lines(game) == [
        card(3, "Sniper"),
        f"{W}Sniper: colour roll: purple [dice 5] (3.0 Attack Defender)",
        f"{W}Sniper: no Soviet counter on purple positions; no effect (3.0 Attack Defender)",
    ]
    assert game.state.script == []
    assert where(game, "pavlov") == "G1"


def test_3_0_sniper_miss_leaves_the_target() -> None:
    state = blank()
    counter(state, "pavlov", "R2")
    state.defense["red"] = 5
    game = reveal(state, "d1-sniper-1", script=[4, 2, 4, 4, 1, 2])
    assert lines(game)[-2:] == [
        f"{W}Sniper: 4 dice against red Defense 5 (casualty on a hit): miss [dice 4 4 1 2]"
        " (3.0 Attack Defender)",
        f"{W}Sniper misses (3.0 Attack Defender)",
    ]
    assert where(game, "pavlov") == "R2"
    assert not game.state.soviet["pavlov"].disrupted


# --- Suppress Defender (Mortar) ----------------------------------------------------------


def test_3_0_mortar_second_disrupted_is_casualty() -> None:
    state = blank()
    counter(state, "pavlov", "P3", disrupted=True)
    counter(state, "glushenko", "P1")
    state.defense["purple"] = 4
    stock_before = state.tokens["stock"]["disrupted"]
    # 5 = purple; 4 is empty, nothing higher, the nearest lower is 3 (Pavlov)
    game = reveal(state, "d1-mortar-1", script=[5, 4, 4, 1, 1, 1])
    assert lines(game) == [
        card(3, "Mortar"),
        f"{W}Mortar: colour roll: purple [dice 5] (3.0 Suppress Defender)",
        f"{W}Mortar: position roll (purple): purple 4 [dice 4] (3.0 Suppress Defender)",
        f"{W}Mortar targets P3: Pavlov (purple 4 is empty) (3.0 Suppress Defender)",
        f"{W}Mortar: 4 dice against purple Defense 4 (Disrupted on a hit): hit [dice 4 1 1 1]"
        " (3.0 Suppress Defender)",
        f"{W}Pavlov is already Disrupted (3.0 Suppress Defender)",
        f"{W}Pavlov is a casualty (second Disrupted token (Mortar)) (3.0 Suppress Defender)",
    ]
    assert where(game, "pavlov") == "removed"
    assert not game.state.soviet["pavlov"].disrupted
    assert game.state.tokens["stock"]["disrupted"] == stock_before + 1  # the token came back
    assert where(game, "glushenko") == "P1" and not game.state.soviet["glushenko"].disrupted
    check_invariants(game)


def test_3_0_mortar_first_hit_places_a_disrupted_token() -> None:
    state = blank()
    counter(state, "pavlov", "G2")
    game = reveal(state, "d1-mortar-1", script=[1, 2, 1, 1, 1, 6])
    assert lines(game)[-1] == f"{W}Pavlov is Disrupted (Mortar) (3.0 Suppress Defender)"
    assert game.state.soviet["pavlov"].disrupted
    assert where(game, "pavlov") == "G2"
    check_invariants(game)


# --- Attack Building (artillery) ------------------------------------------------------------


def test_3_0_artillery_lowers_defense_then_disrupts_at_3() -> None:
    state = blank()
    counter(state, "pavlov", "R2")
    counter(state, "kiselev", "G1")
    state.defense["red"] = 5
    game = reveal(state, "d5-sfh18-1", script=[3, 5, 1, 1, 1, 1])
    assert lines(game) == [
        card(3, "15cm sFH 18 (5 dice against the building)"),
        f"{W}15cm sFH 18: colour roll: red [dice 3] (3.0 Attack Building)",
        f"{W}15cm sFH 18: 5 dice against red Defense 5: hit [dice 5 1 1 1 1]"
        " (3.0 Attack Building)",
        f"{W}15cm sFH 18: red Defense falls from 5 to 4 (3.0 Attack Building)",
    ]
    assert game.state.defense == {"green": 6, "red": 4, "purple": 6}
    assert not game.state.soviet["pavlov"].disrupted

    # at 3, a hit (any die >= 3) disrupts every counter on red, two-coloured squares included;
    # an already Disrupted counter becomes a casualty
    state = blank()
    counter(state, "pavlov", "R2")
    counter(state, "glushenko", "G4R1", disrupted=True)
    counter(state, "chait", "P4R6")
    counter(state, "kiselev", "G1")
    state.defense["red"] = 3
    game = reveal(state, "d5-sfh18-1", script=[4, 3, 1, 1, 1, 1])
    assert lines(game)[2:] == [
        f"{W}15cm sFH 18: 5 dice against red Defense 3: hit [dice 3 1 1 1 1]"
        " (3.0 Attack Building)",
        f"{W}15cm sFH 18: red Defense is at 3; every counter on red is suppressed"
        " (3.0 Attack Building)",
        f"{W}Pavlov is Disrupted (15cm sFH 18) (3.0 Attack Building)",
        f"{W}Glushenko is already Disrupted (3.0 Attack Building)",
        f"{W}Glushenko is a casualty (second Disrupted token (15cm sFH 18)) (3.0 Attack Building)",
        f"{W}Chait is Disrupted (15cm sFH 18) (3.0 Attack Building)",
    ]
    assert game.state.defense["red"] == 3  # never below 3
    assert [game.state.soviet[c].disrupted for c in ("pavlov", "chait", "kiselev")] == [
        True, True, False]
    assert where(game, "glushenko") == "removed"
    check_invariants(game)


def test_3_0_artillery_miss_and_dice_per_card() -> None:
    dice = {c.name: c.dice for c in COMPONENTS.wehrmacht_cards.values() if c.kind == "artillery"}
    assert dice == {"7.5cm leIG 18": 3, "10.5cm leFH 18": 4, "15cm sIG 33": 3, "15cm sFH 18": 5}
    state = blank()
    game = reveal(state, "d2-lefh18-1", script=[1, 5, 5, 4, 1])
    assert lines(game)[1:] == [
        f"{W}10.5cm leFH 18: colour roll: green [dice 1] (3.0 Attack Building)",
        f"{W}10.5cm leFH 18: 4 dice against green Defense 6: miss [dice 5 5 4 1]"
        " (3.0 Attack Building)",
        f"{W}10.5cm leFH 18 does not damage the green positions (3.0 Attack Building)",
    ]
    assert game.state.defense["green"] == 6


# --- Bomb Stalingrad (Ju 87) -------------------------------------------------------------------


def test_3_0_ju87_aa_tokens_two_dice_each() -> None:
    state = blank()
    for loc in (8, 12, 13):
        tokens(state, f"loc:{loc}", "aa", 1)
    tokens(state, "loc:14", "wire", 1)
    disrupt_location(state, 10)
    game = reveal(state, "d4-ju87-4-1", script=[2, 3, 4, 4, 4, 5, 5, 3, 3, 4])
    assert game.pending.prompt == (  # type: ignore[union-attr]
        "4 Ju 87s (Defense 4): choose Anti-aircraft tokens to fire"
    )
    assert ids(game) == ["aa:8", "aa:12", "aa:13", "fire"]
    assert game.legal_actions()[-1].label == "Hold fire"
    game.apply("aa:8")
    assert ids(game) == ["aa:12", "aa:13", "fire"]
    game.apply("aa:13")
    assert [(o.id, o.label) for o in game.legal_actions()] == [
        ("aa:12", "Fire the Anti-aircraft token on 12 (2 dice)"),
        ("fire", "Fire 2 tokens: 4 dice"),
    ]
    game.apply("fire")
    assert lines(game)[1:] == [
        f"{W}Anti-aircraft tokens from 8, 13 fire (3.0 Bomb Stalingrad)",
        f"{W}Anti-aircraft fire: 4 dice, each ≥ 4 downs a Ju 87: 2 hits [dice 2 3 4 4]"
        " (3.0 Bomb Stalingrad)",
        f"{W}2 Ju 87s shot down; 2 bombs (3.0 Bomb Stalingrad)",
        f"{W}Ju 87 bomb: 3 dice for the target location: 14 [dice 4 5 5] (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 14 destroys the Wire Communications token there (3.0 Bomb Stalingrad)",
        f"{W}Ju 87 bomb: 3 dice for the target location: 10 [dice 3 3 4] (3.0 Bomb Stalingrad)",
        f"{W}Location 10 is already Disrupted: the bomb moves to 11 (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 11: 32nd Guards Artillery Regiment is Disrupted (3.0 Bomb Stalingrad)",
    ]
    assert at(game, "loc:12", "aa") == 1  # the unused token stays readied
    assert at(game, "loc:8", "aa") == at(game, "loc:13", "aa") == 0
    assert at(game, "loc:14", "wire") == 0 and at(game, "loc:14", "disrupted") == 0
    assert at(game, "loc:11", "disrupted") == 1
    check_invariants(game)


def test_3_0_ju87_aa_cannot_down_more_than_the_raid() -> None:
    state = blank()
    for loc in (8, 9):
        tokens(state, f"loc:{loc}", "aa", 1)
    game = reveal(state, "d1-ju87-2-1", script=[6, 6, 5, 4])
    game.apply("aa:8")
    game.apply("aa:9")
    game.apply("fire")
    assert lines(game)[-1] == f"{W}2 Ju 87s shot down; 0 bombs (3.0 Bomb Stalingrad)"
    assert game.state.script == []
    assert game.state.pending is None


def test_3_0_ju87_holding_fire_keeps_the_tokens() -> None:
    state = blank()
    tokens(state, "loc:9", "aa", 1)
    game = reveal(state, "d1-ju87-2-1", script=[1, 2, 3, 2, 2, 2])
    game.apply("fire")
    assert at(game, "loc:9", "aa") == 1
    assert lines(game)[1:] == [
        f"{W}Ju 87 bomb: 3 dice for the target location: 6 [dice 1 2 3] (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 6: Volga Military Flotilla is Disrupted (3.0 Bomb Stalingrad)",
        f"{W}Ju 87 bomb: 3 dice for the target location: 6 [dice 2 2 2] (3.0 Bomb Stalingrad)",
        f"{W}Location 6 is already Disrupted: the bomb moves to 7 (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 7: Volga Military Flotilla is Disrupted (3.0 Bomb Stalingrad)",
    ]


def test_3_0_ju87_bomb_removes_token_else_disrupts() -> None:
    state = blank()
    tokens(state, "loc:10", "artillery", 1)
    game = reveal(state, "d1-ju87-2-1", script=[3, 3, 4, 6, 5, 1])
    assert lines(game) == [
        card(3, "Junkers Ju 87 (2 aircraft, Ju 87 Defense 4)"),
        f"{W}Ju 87 bomb: 3 dice for the target location: 10 [dice 3 3 4] (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 10 destroys the Artillery token there (3.0 Bomb Stalingrad)",
        f"{W}Ju 87 bomb: 3 dice for the target location: 12 [dice 6 5 1] (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 12: 267th Separate Anti-aircraft Battalion is Disrupted"
        " (3.0 Bomb Stalingrad)",
    ]
    assert at(game, "loc:10", "artillery") == 0 and at(game, "loc:10", "disrupted") == 0
    assert at(game, "loc:12", "disrupted") == 1
    assert game.state.tokens["stock"]["artillery"] == 2
    check_invariants(game)


def test_3_0_ju87_shift_to_next_higher() -> None:
    state = blank()
    disrupt_location(state, 10, 11, 12)
    tokens(state, "loc:13", "aa", 1)
    # 10, 11, 12 are Disrupted: the bomb moves up to 13, where it destroys the AA token
    # (ju87_shift_removes_tokens, the default)
    game = reveal(state, "d1-ju87-2-1", script=[4, 3, 3, 5, 5, 1])
    game.apply("fire")  # hold fire: the token is still on 13
    assert lines(game)[1:] == [
        f"{W}Ju 87 bomb: 3 dice for the target location: 10 [dice 4 3 3] (3.0 Bomb Stalingrad)",
        f"{W}Location 10 is already Disrupted: the bomb moves to 11 (3.0 Bomb Stalingrad)",
        f"{W}Location 11 is already Disrupted: the bomb moves to 12 (3.0 Bomb Stalingrad)",
        f"{W}Location 12 is already Disrupted: the bomb moves to 13 (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 13 destroys the Anti-aircraft token there (3.0 Bomb Stalingrad)",
        f"{W}Ju 87 bomb: 3 dice for the target location: 11 [dice 5 5 1] (3.0 Bomb Stalingrad)",
        f"{W}Location 11 is already Disrupted: the bomb moves to 12 (3.0 Bomb Stalingrad)",
        f"{W}Location 12 is already Disrupted: the bomb moves to 13 (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 13: 267th Separate Anti-aircraft Battalion is Disrupted"
        " (3.0 Bomb Stalingrad)",
    ]
    assert at(game, "loc:13", "aa") == 0 and at(game, "loc:13", "disrupted") == 1
    check_invariants(game)


def test_3_0_ju87_second_hit_on_3_suppresses_house() -> None:
    state = blank()
    disrupt_location(state, 3)
    counter(state, "pavlov", "G1")
    counter(state, "chait", "R2", disrupted=True)
    counter(state, "kiselev", "reserves")
    game = reveal(state, "d1-ju87-2-1", script=[1, 1, 1])
    assert lines(game)[1:] == [
        f"{W}Ju 87 bomb: 3 dice for the target location: 3 [dice 1 1 1] (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 3 again: every counter in a combat position is suppressed"
        " (3.0 Bomb Stalingrad)",
        f"{W}Pavlov is Disrupted (Ju 87 bomb on 3) (3.0 Bomb Stalingrad)",
        f"{W}Chait is already Disrupted (3.0 Bomb Stalingrad)",
        f"{W}Chait is a casualty (second Disrupted token (Ju 87 bomb on 3)) (3.0 Bomb Stalingrad)",
    ]
    assert game.state.soviet["pavlov"].disrupted
    assert where(game, "chait") == "removed"
    assert where(game, "kiselev") == "reserves" and not game.state.soviet["kiselev"].disrupted
    assert at(game, "loc:3", "disrupted") == 1  # still exactly one token there
    assert pending_op(game) == "chance"  # the second Ju 87 has no scripted dice yet
    check_invariants(game)


def test_3_0_ju87_first_hit_on_3_only_disrupts_the_location() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    game = reveal(state, "d1-ju87-2-1", script=[1, 1, 1])
    assert lines(game)[-1] == (
        f"{W}Bomb on 3: 3rd Rifle Bn, 42nd Guards Rifle Regt is Disrupted (3.0 Bomb Stalingrad)"
    )
    assert not game.state.soviet["pavlov"].disrupted


def test_3_0_ju87_second_disrupted_on_18_loses() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    disrupt_location(state, 18)
    game = reveal(state, "d1-ju87-2-1", script=[6, 6, 6])
    assert lines(game)[1:] == [
        f"{W}Ju 87 bomb: 3 dice for the target location: 18 [dice 6 6 6] (3.0 Bomb Stalingrad)",
        f"{W}A second Disrupted token on the 62nd Army CP (18): the game is lost"
        " (3.0 Bomb Stalingrad)",
    ]
    assert game.is_over and game.outcome is not None
    assert (game.outcome["result"], game.outcome["how"]) == ("loss", "army_cp")
    assert game.outcome["level"] == "Immediate Defeat"
    assert game.legal_actions() == [] and game.pending is None

    # ... also when a shifted bomb climbs from 17 onto a Disrupted 18
    state = blank()
    counter(state, "pavlov", "G1")
    disrupt_location(state, 17, 18)
    game = reveal(state, "d1-ju87-2-1", script=[6, 6, 5])
    assert lines(game)[-2:] == [
        f"{W}Location 17 is already Disrupted: the bomb moves to 18 (3.0 Bomb Stalingrad)",
        f"{W}A second Disrupted token on the 62nd Army CP (18): the game is lost"
        " (3.0 Bomb Stalingrad)",
    ]
    assert game.outcome is not None and game.outcome["how"] == "army_cp"


def test_3_0_ju87_fog_of_war_on_14_to_17() -> None:
    state = blank()
    tokens(state, "loc:16", "wire", 1)
    fog_before = list(state.fog_stock)
    game = reveal(state, "d1-ju87-2-1", script=[5, 5, 5, 6, 5, 5])
    assert lines(game)[1:] == [
        f"{W}Ju 87 bomb: 3 dice for the target location: 15 [dice 5 5 5] (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 15: 139th Signal Battalion is Disrupted (3.0 Bomb Stalingrad)",
        f"{W}A Fog of War card joins the Soviet discards (3.0 Bomb Stalingrad)",
        f"{W}Ju 87 bomb: 3 dice for the target location: 16 [dice 6 5 5] (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 16 destroys the Wire Communications token there (3.0 Bomb Stalingrad)",
    ]
    # one Fog of War card moved from the stock to the discards; destroying a token adds none
    assert game.state.fog_stock == fog_before[1:]
    assert game.state.soviet_discard == fog_before[:1]
    check_invariants(game)


def test_3_0_ju87_fog_of_war_not_added_when_the_stock_is_empty() -> None:
    state = blank()
    state.soviet_deck.extend(state.fog_stock)
    state.fog_stock = []
    game = reveal(state, "d1-ju87-2-1", script=[5, 5, 4, 1, 1, 1])
    assert lines(game)[2] == (
        f"{W}Bomb on 14: 139th Signal Battalion is Disrupted (3.0 Bomb Stalingrad)"
    )
    assert "Fog of War" not in "\n".join(lines(game))
    assert game.state.soviet_discard == []
    check_invariants(game)


# --- Place Wehrmacht Counter -----------------------------------------------------------------


def test_3_0_place_push_forward_and_overrun_loses() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    wehrmacht(state, 4, 1, "riflemen")
    wehrmacht(state, 4, 2, "scouts")
    wehrmacht(state, 4, 4, "panzer-ii")
    game = reveal(state, "d1-machine-gunners-1", script=[4])
    assert lines(game) == [
        card(3, "Machine Gunners (place a counter: Suppress 2, Defense 4)"),
        f"{W}Machine Gunners: placement roll: track 4 [dice 4] (3.0 Place Wehrmacht Counter)",
        f"{W}Machine Gunners enters track 4, pushing 2 counters forward"
        " (3.0 Place Wehrmacht Counter)",
    ]
    # the counters ahead move up only as far as the first open circle; the Panzer stays
    assert game.state.tracks[3] == ["machine-gunners-1", "riflemen-1", "scouts-1",
                                    "panzer-ii-1", ""]
    assert game.state.tracks[:3] == [[""] * 5] * 3
    check_invariants(game)

    state = blank()
    counter(state, "pavlov", "G1")
    for circle in range(1, 6):
        wehrmacht(state, 2, circle, "riflemen")
    game = reveal(state, "d1-panzer-ii-1", script=[2])
    assert lines(game)[1:] == [
        f"{W}Panzer II: placement roll: track 2 [dice 2] (3.0 Place Wehrmacht Counter)",
        f"{W}Panzer II enters track 2 (3.0 Place Wehrmacht Counter)",
        f"{W}The lead counter on track 2 advances into Pavlov's House: the game is lost"
        " (3.0 Place Wehrmacht Counter)",
    ]
    assert game.outcome is not None
    assert (game.outcome["result"], game.outcome["how"], game.outcome["attackers"]) == (
        "loss", "track_overrun", 5)


def test_3_0_place_track_roll_and_empty_track() -> None:
    for die in range(1, 7):
        game = reveal(blank(), "d1-panzer-ii-1", script=[die])
        assert game.state.tracks[die - 1][0] == "panzer-ii-1"
        assert sum(1 for t in game.state.tracks for w in t if w) == 1


def test_3_0_place_with_no_counter_left_has_no_effect() -> None:
    state = blank()
    stugs = COMPONENTS.wehrmacht_types["stug-iiib"].count  # a reconstructed number
    for i in range(1, stugs + 1):  # every StuG IIIb counter is on the board
        wehrmacht(state, i, 1, "stug-iiib")
    game = reveal(state, "d2-stug-iiib-1")
    assert lines(game)[1:] == [
        f"{W}No StuG IIIb counter is left in the stock; the card has no effect"
        " (3.0 Place Wehrmacht Counter)",
    ]
    assert game.state.pending is None


def test_3_0_suppression_tokens_stop_infantry() -> None:
    state = blank()
    tokens(state, "supplies", "suppression", 7)
    tokens(state, "suppress:red", "suppression", 3)
    game = reveal(state, "d1-machine-gunners-1", script=[4, 4, 1])
    assert game.pending.prompt == (  # type: ignore[union-attr]
        "Machine Gunners will enter track 4 (red): spend Suppression tokens?"
    )
    assert [(o.id, o.label) for o in game.legal_actions()] == [
        ("spend:0", "Let it come (spend none)"),
        ("spend:1", "Spend 1: 1 die, any ≥ 4 stops it"),
        ("spend:2", "Spend 2: 2 dice, any ≥ 4 stops it"),
        ("spend:3", "Spend 3: 3 dice, any ≥ 4 stops it"),
    ]
    game.apply("spend:2")
    assert lines(game)[2:] == [
        f"{W}Suppression: 2 dice against Machine Gunners Defense 4: hit [dice 4 1]"
        " (3.0 Place Wehrmacht Counter)",
        f"{W}Machine Gunners is suppressed and returns to the stock (3.0 Place Wehrmacht Counter)",
    ]
    assert game.state.tracks[3] == [""] * 5
    assert at(game, "suppress:red", "suppression") == 1  # the two spent went to the stock
    assert game.state.tokens["stock"]["suppression"] == 10 + 3 + 2 - 3
    check_invariants(game)

    # a miss lets the counter in; spending none lets it in without a roll
    state = blank()
    tokens(state, "suppress:red", "suppression", 1)
    game = reveal(state, "d1-scouts-1", script=[3, 4])
    game.apply("spend:1")
    assert lines(game)[-2:] == [
        f"{W}Suppression: 1 die against Scouts Defense 5: miss [dice 4]"
        " (3.0 Place Wehrmacht Counter)",
        f"{W}Scouts enters track 3 (3.0 Place Wehrmacht Counter)",
    ]
    assert game.state.tracks[2][0] == "scouts-1"
    state = blank()
    tokens(state, "suppress:green", "suppression", 2)
    game = reveal(state, "d1-riflemen-1", script=[1])
    game.apply("spend:0")
    assert game.state.tracks[0][0] == "riflemen-1"
    assert at(game, "suppress:green", "suppression") == 2


def test_3_0_suppression_tokens_only_of_the_track_colour_and_not_for_armour() -> None:
    state = blank()
    tokens(state, "suppress:green", "suppression", 3)
    game = reveal(state, "d1-riflemen-1", script=[6])  # purple track: green tokens don't help
    assert game.state.tracks[5][0] == "riflemen-1"
    state = blank()
    tokens(state, "suppress:green", "suppression", 3)
    game = reveal(state, "d1-panzer-ii-1", script=[1])  # armour: no decision
    assert game.state.tracks[0][0] == "panzer-ii-1"
    assert at(game, "suppress:green", "suppression") == 3


def test_3_0_sapper_roll() -> None:
    state = blank()
    tokens(state, "sapper:4:3", "sapper", 1)
    wehrmacht(state, 4, 1, "riflemen")
    wehrmacht(state, 4, 2, "scouts")
    game = reveal(state, "d1-machine-gunners-1", script=[4, 5, 1, 1])
    assert lines(game)[2:] == [
        f"{W}Machine Gunners enters track 4, pushing 2 counters forward"
        " (3.0 Place Wehrmacht Counter)",
        f"{W}Sapper defenses: 3 dice against Scouts Defense 5: hit [dice 5 1 1]"
        " (3.0 Sapper Defenses)",
        f"{W}The Sappers stop Scouts; it returns to the stock (3.0 Sapper Defenses)",
    ]
    assert game.state.tracks[3] == ["machine-gunners-1", "riflemen-1", "", "", ""]
    assert at(game, "sapper:4:3", "sapper") == 0
    check_invariants(game)

    # a survivor stays on the Sapper circle; the token is spent either way
    state = blank()
    tokens(state, "sapper:4:3", "sapper", 1)
    wehrmacht(state, 4, 1, "riflemen")
    wehrmacht(state, 4, 2, "scouts")
    game = reveal(state, "d1-machine-gunners-1", script=[4, 4, 4, 1])
    assert lines(game)[-1] == f"{W}Scouts survives the Sapper defenses (3.0 Sapper Defenses)"
    assert game.state.tracks[3] == ["machine-gunners-1", "riflemen-1", "scouts-1", "", ""]
    assert at(game, "sapper:4:3", "sapper") == 0
    check_invariants(game)


def test_3_0_sapper_not_triggered_by_counters_that_do_not_enter_it() -> None:
    state = blank()
    tokens(state, "sapper:4:3", "sapper", 1)
    wehrmacht(state, 4, 2, "scouts")  # circle 1 is empty: nobody is pushed
    game = reveal(state, "d1-machine-gunners-1", script=[4])
    assert game.state.tracks[3] == ["machine-gunners-1", "scouts-1", "", "", ""]
    assert at(game, "sapper:4:3", "sapper") == 1
    assert game.state.pending is None


# --- Assault -------------------------------------------------------------------------------------


def test_3_0_assault_by_colour_group() -> None:
    state = blank()
    counter(state, "glushenko", "G4R1")
    counter(state, "pavlov", "P2")
    state.defense["green"] = 5
    wehrmacht(state, 1, 1, "machine-gunners")  # green infantry: 2 + 1 + 1 = 4 dice
    wehrmacht(state, 1, 2, "panzer-ii")  # green armour: 1 + 1 + 3 = 5 dice
    wehrmacht(state, 2, 1, "riflemen")
    wehrmacht(state, 2, 2, "scouts")
    wehrmacht(state, 2, 3, "panzer-ii")
    wehrmacht(state, 2, 4, "stug-iiib")
    wehrmacht(state, 6, 1, "riflemen")  # purple infantry: 1 die; no red infantry
    wehrmacht(state, 4, 1, "panzer-iv")  # red armour: 3 dice; no purple armour
    game = reveal(state, "d1-assault-1",
                  script=[3, 5, 1, 1, 1, 2, 1, 1, 1, 1, 1, 5, 2, 2, 2])
    assert lines(game) == [
        card(3, "Assault"),
        f"{W}Assault: green infantry suppress with 4 dice (3.0 Assault)",
        f"{W}Assault (green infantry): position roll (green): green 3 [dice 3] (3.0 Assault)",
        f"{W}Assault (green infantry) targets G4/R1: Glushenko (green 3 is empty) (3.0 Assault)",
        f"{W}Assault (green infantry): 4 dice against green Defense 5 (Disrupted on a hit):"
        " hit [dice 5 1 1 1] (3.0 Assault)",
        f"{W}Glushenko is Disrupted (Assault (green infantry)) (3.0 Assault)",
        f"{W}Assault: purple infantry suppress with 1 die (3.0 Assault)",
        f"{W}Assault (purple infantry): position roll (purple): purple 2 [dice 2] (3.0 Assault)",
        f"{W}Assault (purple infantry) targets P2: Pavlov (3.0 Assault)",
        f"{W}Assault (purple infantry): 1 die against purple Defense 6 (Disrupted on a hit):"
        " miss [dice 1] (3.0 Assault)",
        f"{W}Assault (purple infantry) misses (3.0 Assault)",
        f"{W}Assault: green armour attacks the building with 5 dice (3.0 Assault)",
        f"{W}Assault (green armour): 5 dice against green Defense 5: hit [dice 1 1 1 1 5]"
        " (3.0 Assault)",
        f"{W}Assault (green armour): green Defense falls from 5 to 4 (3.0 Assault)",
        f"{W}Assault: red armour attacks the building with 3 dice (3.0 Assault)",
        f"{W}Assault (red armour): 3 dice against red Defense 6: miss [dice 2 2 2] (3.0 Assault)",
        f"{W}Assault (red armour) does not damage the red positions (3.0 Assault)",
    ]
    assert game.state.defense == {"green": 4, "red": 6, "purple": 6}
    assert game.state.script == []
    # an Assault moves nobody on the tracks
    assert game.state.tracks[1] == ["riflemen-1", "scouts-1", "panzer-ii-2", "stug-iiib-1", ""]
    check_invariants(game)


def test_3_0_assault_infantry_on_an_empty_colour_has_no_effect() -> None:
    state = blank()
    counter(state, "pavlov", "P2")
    wehrmacht(state, 3, 1, "riflemen")
    game = reveal(state, "d1-assault-1")
    assert lines(game)[1:] == [
        f"{W}Assault: red infantry suppress with 1 die (3.0 Assault)",
        f"{W}Assault (red infantry): no Soviet counter on red positions; no effect (3.0 Assault)",
    ]


# --- Special cards: Resupply and Storm Group --------------------------------------------------


def _fill_house(state: GameState, n: int) -> list[str]:
    """Put the first ``n`` Soviet counters in the house: squares first, then Reserves."""
    squares = [sq.id for sq in COMPONENTS.board.squares]
    chosen = list(state.soviet)[:n]
    for i, cid in enumerate(chosen):
        counter(state, cid, squares[i] if i < len(squares) else "reserves")
    return chosen


def test_3_0_resupply_food_per_five_and_starvation() -> None:
    state = blank()
    house = _fill_house(state, 17)
    tokens(state, "supplies", "food", 3)
    game = reveal(state, "resupply-voentorg")
    assert lines(game) == [
        f"{W}Card 3 of 3: Resupply (3.0 Special Cards)",
        f"{W}Resupply: 17 to feed need 4 Food; 3 paid, 2 go hungry (3.0 Special Cards: Resupply)",
    ]
    assert game.pending.prompt == "Not enough Food: choose a casualty (2 to go)"  # type: ignore[union-attr]
    assert ids(game) == [f"starve:{c}" for c in house]
    game.apply("starve:chekhov")
    assert ids(game) == [f"starve:{c}" for c in house if c != "chekhov"]
    game.apply("starve:pavlov")
    assert lines(game)[2:] == [
        f"{W}Chekhov is a casualty (not enough Food) (3.0 Special Cards: Resupply)",
        f"{W}Pavlov is a casualty (not enough Food) (3.0 Special Cards: Resupply)",
        f"{W}Storm Group: Voentorg (Defense 10, 6 VP; green tracks must be clear) is placed in"
        " the Storm Group box (3.0 Special Cards: Storm Group)",
    ]
    assert at(game, "supplies", "food") == 0
    assert game.state.tokens["stock"]["food"] == 6
    assert len(game.engine.house_counters()) == 15
    assert game.state.storm_box == "resupply-voentorg"
    assert game.state.wehrmacht_current == ""
    assert "resupply-voentorg" not in game.state.wehrmacht_done
    check_invariants(game)


@pytest.mark.parametrize(
    ("counters", "food", "paid", "hungry"),
    [(15, 3, 3, 0), (11, 3, 3, 0), (10, 3, 2, 0), (6, 1, 1, 1), (4, 0, 0, 4), (1, 2, 1, 0)],
)
def test_3_0_resupply_food_arithmetic(counters: int, food: int, paid: int, hungry: int) -> None:
    state = blank()
    _fill_house(state, counters)
    tokens(state, "supplies", "food", food)
    game = reveal(state, "resupply-nail-factory")
    need = -(-counters // 5)
    assert lines(game)[1] == (
        f"{W}Resupply: {counters} to feed need {need} Food; {paid} paid, {hungry} go hungry"
        " (3.0 Special Cards: Resupply)"
    )
    assert at(game, "supplies", "food") == food - paid
    assert pending_op(game) == ("starve_pick" if hungry else None)


def test_3_0_resupply_starving_everyone_loses() -> None:
    state = blank()
    _fill_house(state, 2)
    tokens(state, "supplies", "food", 0)
    game = reveal(state, "resupply-voentorg")
    game.apply("starve:pavlov")
    game.apply("starve:glushenko")
    assert lines(game)[-2:] == [
        f"{W}Glushenko is a casualty (not enough Food) (3.0 Special Cards: Resupply)",
        f"{W}No Soviet counter is left in Pavlov's House: the game is lost (6.0 Ending the Game)",
    ]
    assert game.outcome is not None and game.outcome["how"] == "no_defenders"


def test_3_0_storm_group_card_replaces_previous() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    storm_box(state, "resupply-school-38")
    game = reveal(state, "d5-milk-house")
    assert lines(game) == [
        card(3, "Storm Group: Milk House"),
        f"{W}The School No. 38 Storm Group card leaves the game (3.0 Special Cards: Storm Group)",
        f"{W}Storm Group: Milk House (Defense 12, 10 VP; red tracks must be clear) is placed in"
        " the Storm Group box (3.0 Special Cards: Storm Group)",
    ]
    assert game.state.storm_box == "d5-milk-house"
    assert game.state.storm_lost == ["resupply-school-38"]
    assert "d5-milk-house" not in game.state.wehrmacht_done
    check_invariants(game)


def test_3_0_storm_group_raid_sum_and_casualties() -> None:
    state = blank()
    storm_box(state, "resupply-voentorg")
    for cid, square in [("chekhov", "G1"), ("kiselev", "R2"), ("chait", "reserves"),
                        ("masijashvili", "P1"), ("pavlov", "G2")]:
        counter(state, cid, square)
    counter(state, "glushenko", "G3", exhausted=True)
    counter(state, "naumov", "G5", disrupted=True)
    wehrmacht(state, 3, 1, "riflemen")  # red is not the Voentorg's colour
    game = card_phase(state, "soviet-01", "soviet-02", "soviet-03", "fog-1",
                      script=[4, 4, 2, 1, 1, 1, 5, 4, 6, 1])
    game.apply("card:soviet-01:62nd-army-cp:storm")
    # Exhausted and Disrupted counters may not raid; Reserves may (3.0 Storm Group)
    assert ids(game) == ["raider:pavlov", "raider:chekhov", "raider:masijashvili",
                         "raider:chait", "raider:kiselev"]
    for cid in ("chekhov", "kiselev", "chait", "masijashvili"):
        game.apply(f"raider:{cid}")
    assert [(o.id, o.label) for o in game.legal_actions()] == [
        ("raider:pavlov", "Send Pavlov"),
        ("launch", "Launch the raid: 4 counters, 6 dice"),  # Kiselev [S] rolls 3
    ]
    n = len(game.log)
    game.apply("launch")
    R = "(3.0 Special Cards: Storm Group)"
    assert lines(game, n) == [
        f"T1 Soviet Card Phase: Storm Group raid on Voentorg by Chekhov, Kiselev, Chait,"
        f" Masijashvili {R}",
        f"T1 Soviet Card Phase: Raid on Voentorg: 6 dice, total against Defense 10: success"
        f" [dice 4 4 2 1 1 1] {R}",
        f"T1 Soviet Card Phase: The raid succeeds (13 ≥ 10): 6 VP {R}",
        f"T1 Soviet Card Phase: Raid casualty roll for Chekhov (1-4 is a casualty): unharmed"
        f" [dice 5] {R}",
        f"T1 Soviet Card Phase: Chekhov rolls 5 and returns to Reserves {R}",
        f"T1 Soviet Card Phase: Raid casualty roll for Kiselev (1-4 is a casualty): casualty"
        f" [dice 4] {R}",
        f"T1 Soviet Card Phase: Kiselev is a casualty (raid, rolled 4) {R}",
        f"T1 Soviet Card Phase: Raid casualty roll for Chait (1-4 is a casualty): unharmed"
        f" [dice 6] {R}",
        f"T1 Soviet Card Phase: Chait rolls 6 and returns to Reserves {R}",
        f"T1 Soviet Card Phase: Raid casualty roll for Masijashvili (1-4 is a casualty): casualty"
        f" [dice 1] {R}",
        f"T1 Soviet Card Phase: Masijashvili is a casualty (raid, rolled 1) {R}",
    ]
    assert {c: where(game, c) for c in ("chekhov", "kiselev", "chait", "masijashvili")} == {
        "chekhov": "reserves", "kiselev": "removed", "chait": "reserves",
        "masijashvili": "removed"}
    assert game.state.storm_won == ["resupply-voentorg"] and game.state.storm_box == ""
    assert game.score().raids == 6
    assert pending_op(game) == "card_action"
    check_invariants(game)


def test_3_0_storm_group_raid_failure_keeps_the_card() -> None:
    state = blank()
    storm_box(state, "resupply-voentorg")
    counter(state, "chekhov", "G1")
    counter(state, "pavlov", "G2")
    game = card_phase(state, "soviet-01", "soviet-02", "soviet-03", "fog-1",
                      script=[6, 3, 5])
    game.apply("card:soviet-01:62nd-army-cp:storm")
    game.apply("raider:chekhov")
    game.apply("launch")
    assert lines(game)[-3:] == [
        "T1 Soviet Card Phase: The raid fails (6 < 10); the card stays"
        " (3.0 Special Cards: Storm Group)",
        "T1 Soviet Card Phase: Raid casualty roll for Chekhov (1-4 is a casualty): casualty"
        " [dice 3] (3.0 Special Cards: Storm Group)",
        "T1 Soviet Card Phase: Chekhov is a casualty (raid, rolled 3)"
        " (3.0 Special Cards: Storm Group)",
    ]
    assert game.state.storm_box == "resupply-voentorg" and game.state.storm_won == []
    assert where(game, "chekhov") == "removed"
    assert game.state.script == [5]


def _raid_position() -> GameState:
    state = blank()
    storm_box(state, "resupply-voentorg")
    counter(state, "chekhov", "G1")
    counter(state, "chait", "reserves")
    counter(state, "pavlov", "G2")
    tokens(state, "supplies", "first_aid", 1)
    return state


def test_3_0_storm_group_rolls_each_raider_after_the_last_first_aid() -> None:
    # Voentorg example (3.0 Storm Group): each raider is resolved before the next one rolls
    game = card_phase(_raid_position(), "soviet-01", "fog-1", "fog-2", "fog-3",
                      script=[6, 6, 2, 1])
    game.apply("card:soviet-01:62nd-army-cp:storm")
    game.apply("raider:chekhov")
    game.apply("raider:chait")
    game.apply("launch")
    R = "(3.0 Special Cards: Storm Group)"
    # Chekhov rolled 2: his First Aid is asked while Chait has not rolled yet
    assert pending_op(game) == "first_aid"
    assert game.pending.prompt == (  # type: ignore[union-attr]
        "Chekhov would become a casualty (raid, rolled 2): use First Aid?")
    assert game.state.script == [1]
    assert lines(game)[-1] == (
        f"T1 Soviet Card Phase: Raid casualty roll for Chekhov (1-4 is a casualty): casualty"
        f" [dice 2] {R}")
    assert where(game, "chait") == "raid"
    check_invariants(game)
    n = len(game.log)
    game.apply("first-aid")
    # the token is spent on Chekhov; Chait rolls 1 next and has no First Aid left
    assert lines(game, n) == [
        "T1 Soviet Card Phase: First Aid saves Chekhov (raid, rolled 2) (5.0 First Aid)",
        "T1 Soviet Card Phase: Chekhov returns to Reserves (3.0 Storm Group)",
        f"T1 Soviet Card Phase: Raid casualty roll for Chait (1-4 is a casualty): casualty"
        f" [dice 1] {R}",
        f"T1 Soviet Card Phase: Chait is a casualty (raid, rolled 1) {R}",
    ]
    assert where(game, "chekhov") == "reserves" and where(game, "chait") == "removed"
    assert pending_op(game) == "card_action"
    check_invariants(game)


def test_3_0_storm_group_casualty_roll_is_one_die_per_raider() -> None:
    state = _raid_position()
    soviet_on_top(state, "soviet-01", "fog-1", "fog-2", "fog-3")
    state.phase = "soviet_cards"
    game = start(state, {"op": "soviet_card_phase"}, script=[6, 6, 3, 5], auto_roll=False)
    game.apply("card:soviet-01:62nd-army-cp:storm")
    game.apply("raider:chekhov")
    game.apply("raider:chait")
    game.apply("launch")
    assert game.roll() == [6, 6]  # the raid: one die per raider, the total against 10
    chance = game.chance()
    assert chance is not None and chance.dice == 1
    assert chance.label == "Raid casualty roll for Chekhov (1-4 is a casualty)"
    assert chance.rule == "3.0 Special Cards: Storm Group"
    assert chance.outcomes == (("casualty", Fraction(2, 3)), ("unharmed", Fraction(1, 3)))
    assert game.roll() == [3]
    assert pending_op(game) == "first_aid"  # decided before Chait's die exists
    game.apply("accept")
    assert where(game, "chekhov") == "removed"
    chance = game.chance()
    assert chance is not None and chance.dice == 1
    assert chance.label == "Raid casualty roll for Chait (1-4 is a casualty)"
    assert game.roll() == [5]
    assert where(game, "chait") == "reserves"
    casualty = next(e for e in game.log if e.kind == "casualty")
    assert (casualty.removed, casualty.targets) == (("chekhov",), ("counter:chekhov",))
    check_invariants(game)


# --- the structured log ---------------------------------------------------------------------


def test_3_0_log_names_each_card_that_comes_into_play() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    storm_box(state, "resupply-school-38")
    game = reveal(state, "d1-sniper-1", "d5-milk-house", script=[5])
    entries = game.log
    assert [(e.kind, e.card) for e in entries if e.kind == "card"] == [
        ("card", "d1-sniper-1"), ("card", "d5-milk-house")]
    # the Storm Group box: the old card leaves, the new one is placed (3.0 Special Cards)
    left, placed = entries[-2:]
    assert left.text == "The School No. 38 Storm Group card leaves the game"
    assert placed.text.startswith("Storm Group: Milk House")
    assert (left.card, placed.card) == ("resupply-school-38", "d5-milk-house")


def test_3_0_attack_log_names_its_target_and_casualty() -> None:
    state = blank()
    counter(state, "glushenko", "R5")
    counter(state, "pavlov", "G1")
    game = reveal(state, "d1-sniper-1", script=[3, 3, 6, 1, 1, 1])
    target, roll, casualty = game.log[-3:]
    assert target.text == "Sniper targets R5: Glushenko (red 3 is empty)"
    assert target.targets == ("square:R5", "counter:glushenko")
    assert roll.kind == "roll" and roll.result == "hit"
    assert (casualty.kind, casualty.removed, casualty.targets) == (
        "casualty", ("glushenko",), ("counter:glushenko",))


def test_3_0_bomb_and_building_logs_name_the_place_hit() -> None:
    state = blank()
    tokens(state, "loc:14", "wire", 1)
    game = reveal(state, "d1-ju87-2-1", script=[5, 5, 4, 1, 1, 1])
    bombs = [e for e in game.log if e.text.startswith("Bomb on")]
    assert [(e.text, e.targets) for e in bombs] == [
        ("Bomb on 14 destroys the Wire Communications token there", ("loc:14",)),
        ("Bomb on 3: 3rd Rifle Bn, 42nd Guards Rifle Regt is Disrupted", ("loc:3",)),
    ]
    state = blank()
    counter(state, "pavlov", "G1")
    game = reveal(state, "d2-lefh18-1", script=[1, 6, 1, 1, 1])
    assert game.log[-1].text == "10.5cm leFH 18: green Defense falls from 6 to 5"
    assert game.log[-1].targets == ("defense:green",)


def test_3_0_ju87_log_counts_in_singular_and_plural() -> None:
    state = blank()
    tokens(state, "loc:8", "aa", 1)
    game = reveal(state, "d1-ju87-2-1", script=[6, 1, 5, 5, 4])
    game.apply("aa:8")
    game.apply("fire")
    assert game.log[3].text == "1 Ju 87 shot down; 1 bomb"
    assert plural(1, "die", "dice") == "1 die" and plural(0, "die", "dice") == "0 dice"


def test_3_0_ju87_fog_of_war_only_when_a_disrupted_token_is_placed() -> None:
    state = blank()
    tokens(state, "removed", "disrupted", 36)  # every Disrupted token is out of play
    fog_before = list(state.fog_stock)
    game = reveal(state, "d1-ju87-2-1", script=[5, 5, 5, 1, 1, 1])
    assert lines(game)[1:3] == [
        f"{W}Ju 87 bomb: 3 dice for the target location: 15 [dice 5 5 5] (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 15: no Disrupted token left in the stock (3.0 Bomb Stalingrad)",
    ]
    assert game.state.fog_stock == fog_before
    assert game.state.soviet_discard == []
    check_invariants(game)
