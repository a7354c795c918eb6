"""2.0 Soviet Card Phase: draw four, one action per card, discard all; every unit's actions.

Each test deals an exact hand (the named cards are put on top of the Soviet deck) and asserts
the offered options in their fixed order, the resulting state and the log with its rules.
"""

from __future__ import annotations

from pavlov_widgets.engine import Game

from .helpers import (
    at,
    blank,
    card_phase,
    check_invariants,
    counter,
    disrupt_location,
    ids,
    lines,
    pending_op,
    start,
    storm_box,
    tokens,
    wehrmacht,
    where,
)

S = "T1 Soviet Card Phase: "


def card_ids(game: Game, card: str) -> list[str]:
    """The options that use one card."""
    return [i for i in ids(game) if i.startswith(f"card:{card}:")]


# --- 2.1 - 2.3: the phase ------------------------------------------------------------------


def test_2_1_draw_four_cards() -> None:
    state = blank()
    deck = list(state.soviet_deck)
    state.phase = "soviet_cards"
    game = start(state, {"op": "soviet_card_phase"})
    assert game.state.hand == deck[:4]
    assert game.state.soviet_deck == deck[4:]
    assert lines(game)[-1].startswith(f"{S}Hand: 4 cards")
    assert pending_op(game) == "card_action"


def test_2_1_draw_four_reshuffles_discards_when_short() -> None:
    state = blank()
    state.phase = "soviet_cards"
    deck = list(state.soviet_deck)
    state.soviet_deck, state.soviet_discard = deck[:2], deck[2:]
    game = start(state, {"op": "soviet_card_phase"})
    s = game.state
    assert s.hand[:2] == deck[:2]  # the last two cards of the old deck first
    assert set(s.hand[2:]) <= set(deck[2:])  # then two from the reshuffled discards
    assert s.soviet_discard == []
    assert sorted(s.soviet_deck + s.hand[2:]) == sorted(deck[2:])
    assert lines(game)[0] == (
        f"{S}The Soviet discards are shuffled into a new deck (2.1 Draw Four Cards)"
    )
    assert lines(game)[1].startswith(f"{S}Hand: 4 cards")
    check_invariants(game)


def test_2_0_card_action_is_drawn_on_the_half_showing_its_unit() -> None:
    # each Soviet card shows two units (2.0): an action's region is its unit's half
    game = card_phase(blank(), "soviet-24", "soviet-25", "soviet-28", "soviet-26")
    first, second = game.legal_actions()[:2]
    assert (first.verb, dict(first.args)) == (
        "card", {"card": "soviet-24", "unit": "32nd-guards-artillery", "action": "ready"})
    assert first.targets == ("card:soviet-24:32nd-guards-artillery",)
    assert second.targets == ("card:soviet-24:267th-aa",)
    assert game.legal_actions()[-1].targets == ()  # End the phase: a plain button
    game.apply(second)
    taken = game.log[-1]
    assert taken.text == "267th Separate Anti-aircraft Battalion: Ready Anti-aircraft"
    assert (taken.card, taken.targets) == ("soviet-24", ("card:soviet-24:267th-aa",))


def test_2_2_one_action_per_card() -> None:
    game = card_phase(blank(), "soviet-24", "soviet-25", "soviet-28", "soviet-26")
    assert ids(game) == [
        "card:soviet-24:32nd-guards-artillery:ready",
        "card:soviet-24:267th-aa:ready",
        "card:soviet-25:32nd-guards-artillery:ready",
        "card:soviet-25:1083rd-aa:ready",
        "card:soviet-28:267th-aa:ready",
        "card:soviet-28:1083rd-aa:ready",
        "card:soviet-26:267th-aa:ready",
        "end-phase",
    ]
    assert game.legal_actions()[1].label == "Card 1, 267th AA: Ready Anti-aircraft"
    game.apply("card:soviet-24:267th-aa:ready")
    game.apply("loc:12")
    # card 1 is spent, both of its actions; the same action stays open on another card
    assert card_ids(game, "soviet-24") == []
    assert "card:soviet-28:267th-aa:ready" in ids(game)
    game.apply("card:soviet-28:267th-aa:ready")  # one 267th location is left: no question
    game.apply("card:soviet-25:32nd-guards-artillery:ready")
    game.apply("loc:11")
    # three actions: the phase ends by itself and every card drawn is discarded (2.3)
    assert game.state.pending is None
    assert lines(game)[1:] == [
        f"{S}267th Separate Anti-aircraft Battalion: Ready Anti-aircraft"
        " (2.0 267th Separate Anti-aircraft Battalion)",
        f"{S}An Anti-aircraft token is readied on 12 (2.0 267th Separate Anti-aircraft Battalion)",
        f"{S}267th Separate Anti-aircraft Battalion: Ready Anti-aircraft"
        " (2.0 267th Separate Anti-aircraft Battalion)",
        f"{S}Only location 13 could take the Anti-aircraft token, so it went there"
        " (2.0 267th Separate Anti-aircraft Battalion)",
        f"{S}32nd Guards Artillery Regiment: Ready Artillery (2.0 32nd Guards Artillery Regiment)",
        f"{S}An Artillery token is readied on 11 (2.0 32nd Guards Artillery Regiment)",
        f"{S}All Soviet cards are discarded (2.3 Discard all Cards)",
    ]
    s = game.state
    assert s.hand == [] and s.actions_left == 0
    assert s.soviet_discard == ["soviet-24", "soviet-25", "soviet-28", "soviet-26"]
    assert (at(game, "loc:12", "aa"), at(game, "loc:13", "aa"), at(game, "loc:11", "artillery")) \
        == (1, 1, 1)
    check_invariants(game)


def test_2_2_end_phase_early_discards_unused_cards() -> None:
    game = card_phase(blank(), "soviet-24", "soviet-25", "soviet-28", "soviet-26")
    game.apply("end-phase")
    assert lines(game)[1:] == [
        f"{S}The Soviet Card Phase ends (2.2 Take up to Three Actions)",
        f"{S}All Soviet cards are discarded (2.3 Discard all Cards)",
    ]
    assert game.state.soviet_discard == ["soviet-24", "soviet-25", "soviet-28", "soviet-26"]


def test_2_2_fog_of_war_cards_give_no_action() -> None:
    game = card_phase(blank(), "fog-1", "soviet-24", "fog-2", "soviet-25")
    assert lines(game) == [f"{S}Hand: 4 cards, 2 Fog of War (2.1 Draw Four Cards)"]
    assert ids(game) == [
        "card:soviet-24:32nd-guards-artillery:ready",
        "card:soviet-24:267th-aa:ready",
        "card:soviet-25:32nd-guards-artillery:ready",
        "card:soviet-25:1083rd-aa:ready",
        "end-phase",
    ]
    assert game.legal_actions()[2].label == "Card 4, Artillery: Ready Artillery"
    game.apply("card:soviet-24:267th-aa:ready")
    game.apply("loc:13")
    game.apply("card:soviet-25:1083rd-aa:ready")
    game.apply("loc:8")
    # a third action is allowed but no card is left to give one
    assert game.state.actions_left == 1
    assert ids(game) == ["end-phase"]
    game.apply("end-phase")
    assert sorted(game.state.soviet_discard) == ["fog-1", "fog-2", "soviet-24", "soviet-25"]


def test_2_0_improved_communications_gives_four_actions() -> None:
    state = blank()
    for loc in (14, 15, 16, 17):
        tokens(state, f"loc:{loc}", "wire", 1)
    game = card_phase(state, "soviet-23", "soviet-24", "soviet-25", "soviet-28")
    assert lines(game) == [
        f"{S}Improved Communications: four card actions this phase (2.0 Wire Communications)",
        f"{S}Hand: 4 cards (2.1 Draw Four Cards)",
    ]
    assert game.pending.prompt == (  # type: ignore[union-attr]
        "Soviet Card Phase: choose a card action (4 left) or end the phase"
    )
    for option, loc in [
        ("card:soviet-23:32nd-guards-artillery:ready", "loc:10"),
        ("card:soviet-24:267th-aa:ready", "loc:12"),
        ("card:soviet-25:1083rd-aa:ready", "loc:9"),
        ("card:soviet-28:267th-aa:ready", None),
    ]:
        game.apply(option)
        if loc:
            game.apply(loc)
    assert game.state.pending is None and game.state.hand == []
    assert lines(game)[-1] == f"{S}All Soviet cards are discarded (2.3 Discard all Cards)"
    assert [at(game, f"loc:{n}", "aa") for n in (8, 9, 12, 13)] == [0, 1, 1, 1]


def test_2_0_three_wires_are_not_improved_communications() -> None:
    state = blank()
    for loc in (14, 15, 16):
        tokens(state, f"loc:{loc}", "wire", 1)
    game = card_phase(state, "soviet-23", "soviet-24", "soviet-25", "soviet-28")
    assert game.state.actions_left == 3
    assert lines(game) == [f"{S}Hand: 4 cards (2.1 Draw Four Cards)"]


# --- the units' actions ---------------------------------------------------------------------------


def test_2_0_62nd_cp_disrupted_blocks_resupply_and_storm_group() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    storm_box(state, "resupply-voentorg")
    game = card_phase(state.copy(), "soviet-01", "fog-1", "fog-2", "fog-3")
    assert card_ids(game, "soviet-01") == [
        "card:soviet-01:62nd-army-cp:resupply",
        "card:soviet-01:62nd-army-cp:storm",
        "card:soviet-01:13th-guards-cp:reinforce",
    ]
    disrupt_location(state, 18)
    game = card_phase(state, "soviet-01", "fog-1", "fog-2", "fog-3")
    assert card_ids(game, "soviet-01") == [
        "card:soviet-01:62nd-army-cp:recover",
        "card:soviet-01:13th-guards-cp:reinforce",
    ]
    game.apply("card:soviet-01:62nd-army-cp:recover")
    assert lines(game)[1:3] == [
        f"{S}62nd Army Command Post: Recover (2.0 62nd Army Command Post)",
        f"{S}Only location 18 had a Disrupted token, so that token returned to the stock "
        "(2.0 62nd Army Command Post)",
    ]
    assert at(game, "loc:18", "disrupted") == 0
    check_invariants(game)


def test_2_0_storm_group_needs_a_card_and_clear_tracks() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    game = card_phase(state.copy(), "soviet-01", "fog-1", "fog-2", "fog-3")
    assert "card:soviet-01:62nd-army-cp:storm" not in ids(game)  # empty Storm Group box
    storm_box(state, "resupply-voentorg")
    wehrmacht(state, 2, 5, "riflemen")  # a counter on a green track
    game = card_phase(state, "soviet-01", "fog-1", "fog-2", "fog-3")
    assert "card:soviet-01:62nd-army-cp:storm" not in ids(game)


def test_2_0_62nd_cp_resupply_up_to_five_tokens_to_staging() -> None:
    game = card_phase(blank(), "soviet-01", "fog-1", "fog-2", "fog-3")
    game.apply("card:soviet-01:62nd-army-cp:resupply")
    assert [(o.id, o.label) for o in game.legal_actions()] == [
        ("take:ammunition", "Add Ammunition (4 in stock)"),
        ("take:first_aid", "Add First Aid (4 in stock)"),
        ("take:food", "Add Food (4 in stock)"),
        ("take:sapper", "Add Sapper (6 in stock)"),
        ("done", "Done (0 added)"),
    ]
    for kind in ("food", "food", "ammunition", "sapper"):
        game.apply(f"take:{kind}")
    assert game.legal_actions()[-1].label == "Done (4 added)"
    game.apply("take:first_aid")  # the fifth ends the action
    assert pending_op(game) == "card_action"
    assert game.state.tokens["staging"] == {"food": 2, "ammunition": 1, "sapper": 1,
                                            "first_aid": 1}
    assert lines(game)[2:7] == [
        f"{S}Food token to the Staging Area (2.0 62nd Army Command Post)",
        f"{S}Food token to the Staging Area (2.0 62nd Army Command Post)",
        f"{S}Ammunition token to the Staging Area (2.0 62nd Army Command Post)",
        f"{S}Sapper token to the Staging Area (2.0 62nd Army Command Post)",
        f"{S}First Aid token to the Staging Area (2.0 62nd Army Command Post)",
    ]
    check_invariants(game)


def test_2_0_13th_cp_disrupted_blocks_send_reinforcements() -> None:
    state = blank()
    disrupt_location(state, 4)
    game = card_phase(state, "soviet-08", "fog-1", "fog-2", "fog-3")
    assert card_ids(game, "soviet-08") == ["card:soviet-08:13th-guards-cp:recover"]
    game.apply("card:soviet-08:13th-guards-cp:recover")
    assert lines(game)[-1] == (
        f"{S}Only location 4 had a Disrupted token, so that token returned to the stock"
        " (2.0 13th Guards Rifle Division Command Post)"
    )
    assert at(game, "loc:4", "disrupted") == 0


def test_2_0_13th_cp_send_reinforcements_spends_six_points() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    game = card_phase(state, "soviet-08", "fog-1", "fog-2", "fog-3")
    game.apply("card:soviet-08:13th-guards-cp:reinforce")
    first = game.legal_actions()
    assert game.pending.prompt == "Reinforcements: 6 points to spend"  # type: ignore[union-attr]
    assert first[0].id == "buy:glushenko" and first[0].label == "Glushenko (cost 1)"
    assert first[0].targets == ("stock-soviet:glushenko",)
    assert "buy:pavlov" not in [o.id for o in first]  # Pavlov is in the house
    assert first[-1].id == "done"
    game.apply("buy:naumov")  # cost 3
    game.apply("buy:m1937")  # cost 2
    assert game.pending.prompt == "Reinforcements: 1 point to spend"  # type: ignore[union-attr]
    assert all(o.label.endswith("(cost 1)") for o in game.legal_actions()[:-1])
    game.apply("buy:chait")  # the last point: the purchase ends by itself
    assert lines(game)[2:5] == [
        f"{S}Naumov joins the Reserves (3 points left)"
        " (2.0 13th Guards Rifle Division Command Post)",
        f"{S}M1937 45 mm gun joins the Reserves (1 point left)"
        " (2.0 13th Guards Rifle Division Command Post)",
        f"{S}Chait joins the Reserves (0 points left)"
        " (2.0 13th Guards Rifle Division Command Post)",
    ]
    assert where(game, "naumov") == where(game, "chait") == "reserves"
    assert game.state.weapons["m1937"] == "reserves"
    assert pending_op(game) == "card_action"
    check_invariants(game)


def test_2_0_buttress_needs_sapper_in_supplies() -> None:
    state = blank()
    state.defense["red"] = 4
    disrupt_location(state, 3)
    game = card_phase(state.copy(), "soviet-08", "fog-1", "fog-2", "fog-3")
    assert card_ids(game, "soviet-08") == ["card:soviet-08:13th-guards-cp:reinforce"]
    tokens(state, "supplies", "sapper", 1)
    game = card_phase(state, "soviet-08", "fog-1", "fog-2", "fog-3")
    assert card_ids(game, "soviet-08") == [
        "card:soviet-08:13th-guards-cp:reinforce",
        "card:soviet-08:8th-guards-sapper:buttress",
        "card:soviet-08:8th-guards-sapper:field",
    ]
    game.apply("card:soviet-08:8th-guards-sapper:buttress")
    assert game.pending.rule == "2.0 8th Guards Sapper Battalion"  # type: ignore[union-attr]
    # only a Defense below its top (6) can rise; location 3 can be cleared instead
    assert [(o.id, o.label) for o in game.legal_actions()] == [
        ("defense:red", "Raise red Defense to 5"),
        ("loc:3", "Remove the Disrupted token from 3"),
    ]
    twin = game.copy()
    game.apply("defense:red")
    assert lines(game)[-1] == (
        f"{S}Sappers buttress the red positions: Defense 5 (2.0 8th Guards Sapper Battalion)"
    )
    assert game.state.defense["red"] == 5 and at(game, "supplies", "sapper") == 0
    assert game.state.tokens["stock"]["sapper"] == 6
    twin.apply("loc:3")
    assert lines(twin)[-1] == (
        f"{S}Sappers clear the Disrupted token from location 3 (2.0 8th Guards Sapper Battalion)"
    )
    assert at(twin, "loc:3", "disrupted") == 0 and twin.state.defense["red"] == 4
    check_invariants(game)
    check_invariants(twin)


def test_2_0_buttress_not_offered_at_full_defense_and_clear_3() -> None:
    state = blank()
    tokens(state, "supplies", "sapper", 1)
    wehrmacht(state, 1, 3, "riflemen")
    for t in range(2, 7):  # every Sapper location occupied: Field Defenses closed too
        circle = [3, 2, 2, 3, 2, 3][t - 1]
        wehrmacht(state, t, circle, "riflemen")
    game = card_phase(state, "soviet-08", "fog-1", "fog-2", "fog-3")
    assert card_ids(game, "soviet-08") == ["card:soviet-08:13th-guards-cp:reinforce"]


def test_2_0_field_defenses_needs_empty_sapper_location() -> None:
    state = blank()
    tokens(state, "supplies", "sapper", 1)
    tokens(state, "sapper:2:2", "sapper", 1)  # already holds a Sapper token
    wehrmacht(state, 4, 3, "scouts")  # occupied by a Wehrmacht counter
    game = card_phase(state, "soviet-14", "fog-1", "fog-2", "fog-3")
    game.apply("card:soviet-14:8th-guards-sapper:field")
    assert [(o.id, o.targets) for o in game.legal_actions()] == [
        ("spot:1:3", ("track:1:3",)),
        ("spot:3:2", ("track:3:2",)),
        ("spot:5:2", ("track:5:2",)),
        ("spot:6:3", ("track:6:3",)),
    ]
    game.apply("spot:5:2")
    assert lines(game)[-1] == (
        f"{S}A Sapper token is placed on track 5, circle 2 (2.0 8th Guards Sapper Battalion)"
    )
    assert at(game, "sapper:5:2", "sapper") == 1 and at(game, "supplies", "sapper") == 0
    check_invariants(game)


def test_2_0_tactical_decision_blocked_when_all_signal_locations_disrupted() -> None:
    state = blank()
    disrupt_location(state, 14, 15, 16)
    game = card_phase(state.copy(), "soviet-14", "fog-1", "fog-2", "fog-3")
    assert card_ids(game, "soviet-14") == [
        "card:soviet-14:139th-signal:recover",
        "card:soviet-14:139th-signal:tactical",
        "card:soviet-14:139th-signal:wire",
    ]
    disrupt_location(state, 17)
    game = card_phase(state, "soviet-14", "fog-1", "fog-2", "fog-3")
    assert card_ids(game, "soviet-14") == [
        "card:soviet-14:139th-signal:recover",
        "card:soviet-14:139th-signal:wire",
    ]
    game.apply("card:soviet-14:139th-signal:recover")
    assert ids(game) == ["loc:14", "loc:15", "loc:16", "loc:17"]
    game.apply("loc:16")
    assert at(game, "loc:16", "disrupted") == 0
    assert lines(game)[-1] == (
        f"{S}The Disrupted token on 16 returns to the stock (2.0 139th Signal Battalion)"
    )


def test_2_0_tactical_decision_swaps_a_fog_of_war_card() -> None:
    state = blank()
    game = card_phase(state, "soviet-14", "fog-1", "soviet-24", "soviet-25")
    assert "card:soviet-14:139th-signal:tactical" in ids(game)
    next_card = game.state.soviet_deck[0]
    fog_stock = list(game.state.fog_stock)
    game.apply("card:soviet-14:139th-signal:tactical")
    assert lines(game)[1:] == [
        f"{S}139th Signal Battalion: Tactical Decision (2.0 139th Signal Battalion)",
        f"{S}A Fog of War card goes back to the stock; a new card is drawn"
        " (2.0 139th Signal Battalion)",
        f"{S}Hand: 4 cards (2.1 Draw Four Cards)",
    ]
    assert game.state.hand == ["soviet-14", "soviet-24", "soviet-25", next_card]
    assert game.state.fog_stock == [*fog_stock, "fog-1"]
    assert game.state.hand_used == ["soviet-14"]
    check_invariants(game)


def test_2_0_tactical_decision_needs_a_fog_of_war_card() -> None:
    game = card_phase(blank(), "soviet-14", "soviet-23", "soviet-24", "soviet-25")
    assert card_ids(game, "soviet-14") == ["card:soviet-14:139th-signal:wire"]


def test_2_0_wire_communications_on_a_free_signal_location() -> None:
    state = blank()
    tokens(state, "loc:14", "wire", 1)
    tokens(state, "loc:16", "wire", 1)
    game = card_phase(state, "soviet-14", "fog-1", "fog-2", "fog-3")
    game.apply("card:soviet-14:139th-signal:wire")
    assert ids(game) == ["loc:15", "loc:17"]
    game.apply("loc:17")
    assert lines(game)[-1] == (
        f"{S}A Wire Communications token is readied on 17 (2.0 139th Signal Battalion)"
    )
    assert [at(game, f"loc:{n}", "wire") for n in (14, 15, 16, 17)] == [1, 0, 1, 1]


def test_2_0_load_supplies_skips_disrupted_flotilla() -> None:
    state = blank()
    tokens(state, "staging", "food", 2)
    tokens(state, "staging", "ammunition", 1)
    disrupt_location(state, 6)
    game = card_phase(state, "soviet-16", "fog-1", "fog-2", "fog-3")
    game.apply("card:soviet-16:volga-flotilla:load")
    assert game.pending.rule == "2.0 Volga Military Flotilla"  # type: ignore[union-attr]
    assert ids(game) == ["load:ammunition:5", "load:ammunition:7", "load:food:5",
                         "load:food:7", "done"]
    game.apply("load:food:7")
    assert ids(game) == ["load:ammunition:5", "load:food:5", "done"]
    game.apply("load:ammunition:5")
    # both open locations hold a token: loading stops with the third token still staged
    assert pending_op(game) == "card_action"
    assert lines(game)[2:4] == [
        f"{S}Food token loaded on 7 (2.0 Volga Military Flotilla)",
        f"{S}Ammunition token loaded on 5 (2.0 Volga Military Flotilla)",
    ]
    assert (at(game, "loc:5", "ammunition"), at(game, "loc:7", "food")) == (1, 1)
    assert game.state.tokens["staging"] == {"food": 1}
    check_invariants(game)


def test_2_0_load_supplies_needs_staging_and_an_open_location() -> None:
    state = blank()
    game = card_phase(state.copy(), "soviet-16", "fog-1", "fog-2", "fog-3")
    assert not [i for i in card_ids(game, "soviet-16") if "flotilla" in i]
    tokens(state, "staging", "food", 1)
    disrupt_location(state, 5, 6, 7)
    game = card_phase(state, "soviet-16", "fog-1", "fog-2", "fog-3")
    assert [i for i in card_ids(game, "soviet-16") if "flotilla" in i] == [
        "card:soviet-16:volga-flotilla:recover"]


def test_2_0_deliver_ammunition_becomes_five_suppression() -> None:
    state = blank()
    tokens(state, "loc:5", "ammunition", 1)
    tokens(state, "loc:6", "food", 1)
    tokens(state, "loc:7", "first_aid", 1)
    game = card_phase(state, "soviet-16", "fog-1", "fog-2", "fog-3")
    assert "card:soviet-16:volga-flotilla:deliver" in ids(game)
    game.apply("card:soviet-16:volga-flotilla:deliver")
    assert lines(game)[2:5] == [
        f"{S}Ammunition from 5 delivered: 5 Suppression tokens to Supplies"
        " (2.0 Volga Military Flotilla)",
        f"{S}Food token from 6 delivered to Supplies (2.0 Volga Military Flotilla)",
        f"{S}First Aid token from 7 delivered to Supplies (2.0 Volga Military Flotilla)",
    ]
    assert game.state.tokens["supplies"] == {"suppression": 15, "food": 3, "first_aid": 1}
    assert game.state.tokens["stock"]["ammunition"] == 4
    check_invariants(game)


def test_2_0_deliver_ammunition_with_a_short_suppression_stock() -> None:
    state = blank()
    tokens(state, "loc:5", "ammunition", 1)
    tokens(state, "supplies", "suppression", 17)  # 3 left in the stock
    game = card_phase(state, "soviet-16", "fog-1", "fog-2", "fog-3")
    game.apply("card:soviet-16:volga-flotilla:deliver")
    assert lines(game)[2] == (
        f"{S}Ammunition from 5 delivered: 3 Suppression tokens to Supplies"
        " (2.0 Volga Military Flotilla)"
    )
    assert at(game, "supplies", "suppression") == 20


def test_2_0_ready_needs_a_token_in_the_stock_and_a_free_location() -> None:
    state = blank()
    tokens(state, "loc:10", "artillery", 1)
    tokens(state, "loc:11", "artillery", 1)
    game = card_phase(state, "soviet-23", "fog-1", "fog-2", "fog-3")
    assert card_ids(game, "soviet-23") == []
