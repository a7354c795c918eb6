"""5.0 First Aid: a First Aid token in Supplies may cancel any casualty, at no action cost.

One test per kind of casualty the rule lists (Sniper, second Disrupted token, Storm Group
raid, hunger), plus declining, and the rulebook's two tokens for one Mortar hit.
"""

from __future__ import annotations

from .helpers import (
    at,
    blank,
    card_phase,
    check_invariants,
    counter,
    ids,
    lines,
    pending_op,
    reveal,
    storm_box,
    tokens,
    weapon,
    where,
)

W = "T1 Wehrmacht Card Phase: "


def test_5_0_first_aid_cases() -> None:
    # a Sniper hit
    state = blank()
    counter(state, "sobgayda", "G1")
    tokens(state, "supplies", "first_aid", 1)
    game = reveal(state, "d1-sniper-1", script=[1, 1, 6, 1, 1, 1])
    assert game.pending.prompt == (  # type: ignore[union-attr]
        "Sobgayda would become a casualty (Sniper): use First Aid?"
    )
    assert game.pending.rule == "5.0 First Aid"  # type: ignore[union-attr]
    assert [(o.id, o.label) for o in game.legal_actions()] == [
        ("first-aid", "Use First Aid (1 in Supplies)"),
        ("accept", "Lose Sobgayda"),
    ]
    game.apply("first-aid")
    assert lines(game)[-1] == f"{W}First Aid saves Sobgayda (Sniper) (5.0 First Aid)"
    assert where(game, "sobgayda") == "G1"
    assert at(game, "supplies", "first_aid") == 0
    assert game.state.tokens["stock"]["first_aid"] == 4
    check_invariants(game)

    # a second Disrupted token, twice in one Mortar hit on a shared position (rulebook example)
    state = blank()
    counter(state, "sobgayda", "G1", disrupted=True)
    counter(state, "murzaev", "G1", disrupted=True)
    weapon(state, "m1937", "G1")
    tokens(state, "supplies", "first_aid", 2)
    game = reveal(state, "d1-mortar-1", script=[1, 1, 6, 1, 1, 1])
    game.apply("first-aid")
    game.apply("first-aid")
    assert lines(game)[4:] == [
        f"{W}Mortar: 4 dice against green Defense 6 (Disrupted on a hit): hit [dice 6 1 1 1]"
        " (3.0 Suppress Defender)",
        f"{W}Sobgayda is already Disrupted (3.0 Suppress Defender)",
        f"{W}First Aid saves Sobgayda (second Disrupted token (Mortar)) (5.0 First Aid)",
        f"{W}Murzaev is already Disrupted (3.0 Suppress Defender)",
        f"{W}First Aid saves Murzaev (second Disrupted token (Mortar)) (5.0 First Aid)",
    ]
    # saved, still carrying their first Disrupted token
    assert [game.state.soviet[c].disrupted for c in ("sobgayda", "murzaev")] == [True, True]
    assert at(game, "supplies", "first_aid") == 0
    check_invariants(game)

    # a raid casualty: saved, the raider returns to Reserves
    state = blank()
    storm_box(state, "resupply-voentorg")
    counter(state, "chekhov", "G1")
    counter(state, "pavlov", "G2")
    tokens(state, "supplies", "first_aid", 1)
    game = card_phase(state, "soviet-01", "fog-1", "fog-2", "fog-3", script=[6, 2])
    game.apply("card:soviet-01:62nd-army-cp:storm")
    game.apply("raider:chekhov")
    game.apply("launch")
    assert pending_op(game) == "first_aid"
    assert where(game, "chekhov") == "raid"
    check_invariants(game)
    game.apply("first-aid")
    assert lines(game)[-2:] == [
        "T1 Soviet Card Phase: First Aid saves Chekhov (raid, rolled 2) (5.0 First Aid)",
        "T1 Soviet Card Phase: Chekhov returns to Reserves (3.0 Storm Group)",
    ]
    assert where(game, "chekhov") == "reserves"
    check_invariants(game)

    # hunger at a Resupply
    state = blank()
    counter(state, "pavlov", "G1")
    tokens(state, "supplies", "food", 0)
    tokens(state, "supplies", "first_aid", 1)
    game = reveal(state, "resupply-voentorg")
    game.apply("starve:pavlov")
    game.apply("first-aid")
    assert lines(game)[-2:] == [
        f"{W}First Aid saves Pavlov (not enough Food) (5.0 First Aid)",
        f"{W}Storm Group: Voentorg (Defense 10, 6 VP; green tracks must be clear) is placed in"
        " the Storm Group box (3.0 Special Cards: Storm Group)",
    ]
    assert where(game, "pavlov") == "G1" and not game.is_over
    check_invariants(game)


def test_5_0_first_aid_may_be_declined() -> None:
    state = blank()
    counter(state, "sobgayda", "G1")
    counter(state, "pavlov", "P1")
    tokens(state, "supplies", "first_aid", 1)
    game = reveal(state, "d1-sniper-1", script=[1, 1, 6, 1, 1, 1])
    game.apply("accept")
    assert lines(game)[-1] == f"{W}Sobgayda is a casualty (Sniper) (3.0 Attack Defender)"
    assert where(game, "sobgayda") == "removed"
    assert at(game, "supplies", "first_aid") == 1


def test_5_0_no_first_aid_token_no_question() -> None:
    state = blank()
    counter(state, "sobgayda", "G1")
    counter(state, "pavlov", "P1")
    tokens(state, "staging", "first_aid", 1)  # in the Staging Area it does not count
    game = reveal(state, "d1-sniper-1", script=[1, 1, 6, 1, 1, 1])
    assert game.state.pending is None
    assert where(game, "sobgayda") == "removed"
    assert ids(game) == []
