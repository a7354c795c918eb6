"""4.0 Soviet Counter Phase: moves, weapons, every counter action, Command Team, Inspire.

Positions are hand-made; the moves phase starts at ``counter_phase`` and the actions at
``counter_actions_start`` (see :func:`tests.engine.helpers.action_phase`).
"""

from __future__ import annotations

from pavlov_widgets.engine import Game, RuleSettings

from .helpers import (
    action_phase,
    at,
    blank,
    check_invariants,
    counter,
    counter_phase,
    disrupt_location,
    ids,
    lines,
    pending_op,
    reveal,
    tokens,
    weapon,
    wehrmacht,
    where,
)

M = "T1 Soviet Counter Phase: moves: "
A = "T1 Soviet Counter Phase: actions: "
END = f"{A}Action and Command tokens are removed (4.0 Ending the Soviet Counter Phase)"


def flags(game: Game, cid: str) -> tuple[str, bool, bool, str]:
    c = game.state.soviet[cid]
    return (c.where, c.exhausted, c.disrupted, c.marker)


# --- moves ------------------------------------------------------------------------------------


def test_4_0_move_displaces_free() -> None:
    state = blank()
    counter(state, "glushenko", "G1")
    counter(state, "masijashvili", "G2")
    counter(state, "kiselev", "reserves")
    game = counter_phase(state)
    assert game.pending.prompt == "Move a Soviet counter (3 moves left)"  # type: ignore[union-attr]
    assert ids(game) == ["move:glushenko", "move:masijashvili", "move:kiselev", "moves-done"]
    game.apply("move:glushenko")
    assert [o.label for o in game.legal_actions()][:2] == ["G2, displacing Masijashvili", "G3"]
    game.apply("to:G2")
    # the displaced counter may go to any empty position (the vacated G1 too) or Reserves
    assert game.pending.prompt == (  # type: ignore[union-attr]
        "Masijashvili is displaced: move it (free) to an empty position or Reserves"
    )
    assert ids(game)[0] == "to:G1" and ids(game)[-1] == "to:reserves"
    assert "to:G2" not in ids(game)
    check_invariants(game)
    game.apply("to:G1")
    assert lines(game) == [
        f"{M}Glushenko moves from position G1 to position G2 (4.0 Move)",
        f"{M}Masijashvili is displaced to position G1 (free move) (4.0 Move)",
    ]
    assert game.state.moves_left == 2  # the displaced counter's move is free
    assert game.state.moved == ["glushenko"]
    # the displaced counter may still make a move of its own
    assert ids(game) == ["move:masijashvili", "move:kiselev", "moves-done"]
    check_invariants(game)


def test_4_0_cannot_displace_exhausted_or_disrupted() -> None:
    state = blank()
    counter(state, "glushenko", "G1")
    counter(state, "masijashvili", "G2")
    counter(state, "chait", "G3", disrupted=True)
    counter(state, "pavlov", "R2", exhausted=True)
    game = counter_phase(state)
    game.apply("move:glushenko")
    targets = ids(game)
    assert "to:G2" in targets  # Masijashvili is fresh
    assert "to:G3" not in targets and "to:R2" not in targets
    assert targets[-1] == "back"
    game.apply("back")  # changing one's mind costs no move
    assert game.state.moves_left == 3 and pending_op(game) == "move_pick"


def test_4_0_three_moves_then_actions() -> None:
    state = blank()
    for cid in ("glushenko", "chait", "kiselev", "masijashvili"):
        counter(state, cid, "reserves")
    game = counter_phase(state)
    for cid, square in [("glushenko", "G1"), ("chait", "G2"), ("kiselev", "G3")]:
        game.apply(f"move:{cid}")
        game.apply(f"to:{square}")
    # three moves made: the actions begin (Masijashvili in Reserves stays there)
    assert game.state.phase == "counter_actions"
    assert where(game, "masijashvili") == "reserves"
    assert pending_op(game) == "act_pick"


def test_4_0_weapons_carry_share_and_left_alone() -> None:
    state = blank()
    counter(state, "sobgayda", "reserves")
    weapon(state, "m1937", "reserves")
    counter(state, "murzaev", "G5")
    game = counter_phase(state)
    game.apply("move:sobgayda")
    game.apply("to:G1")
    assert game.pending.prompt == "Does Sobgayda take a weapon along?"  # type: ignore[union-attr]
    assert [(o.id, o.label) for o in game.legal_actions()] == [
        ("carry:m1937", "Take the M1937 45 mm gun"),
        ("leave", "Move without a weapon"),
    ]
    game.apply("carry:m1937")
    game.apply("move:murzaev")
    # two counters of one designation may share a position with a weapon of it
    assert game.legal_actions()[0].label == "G1, joining Sobgayda"
    game.apply("to:G1")
    assert lines(game) == [
        f"{M}Sobgayda moves from Reserves to position G1 with the M1937 45 mm gun (4.0 Move)",
        f"{M}Murzaev moves from position G5 to position G1 (4.0 Move)",
    ]
    assert where(game, "sobgayda") == where(game, "murzaev") == "G1"
    assert game.state.weapons["m1937"] == "G1"
    check_invariants(game)

    # a weapon left alone goes to Reserves at once (a Sniper kills the last of its crew)
    state = blank()
    counter(state, "sobgayda", "G1")
    weapon(state, "m1937", "G1")
    counter(state, "pavlov", "P1")
    game = reveal(state, "d1-sniper-1", script=[1, 1, 6, 6, 6, 6])
    assert lines(game)[-2:] == [
        "T1 Wehrmacht Card Phase: Sobgayda is a casualty (Sniper) (3.0 Attack Defender)",
        "T1 Wehrmacht Card Phase: M1937 45 mm gun is left alone and goes to Reserves"
        " (4.0 Weapons)",
    ]
    assert game.state.weapons["m1937"] == "reserves"
    check_invariants(game)


def test_4_0_weapon_left_behind_by_a_move_goes_to_reserves() -> None:
    state = blank()
    counter(state, "ramazanov", "G1")
    weapon(state, "dp-1", "G1")
    game = counter_phase(state)
    game.apply("move:ramazanov")
    game.apply("to:G2")
    game.apply("leave")
    assert lines(game) == [
        f"{M}Ramazanov moves from position G1 to position G2 (4.0 Move)",
        f"{M}DP-27 light machine gun is left alone and goes to Reserves (4.0 Weapons)",
    ]
    assert game.state.weapons["dp-1"] == "reserves"


def test_4_0_sharing_needs_a_weapon_of_the_designation() -> None:
    state = blank()
    counter(state, "sobgayda", "G1")
    counter(state, "murzaev", "G2")
    counter(state, "ramazanov", "G3")
    weapon(state, "maxim-1", "G3")
    game = counter_phase(state)
    game.apply("move:murzaev")
    labels = {o.id: o.label for o in game.legal_actions()}
    # no Anti-tank weapon anywhere: moving onto Sobgayda displaces him
    assert labels["to:G1"] == "G1, displacing Sobgayda"
    # a Machine Gun weapon does not let an Anti-tank counter share
    assert labels["to:G3"] == "G3, displacing Ramazanov"
    game.apply("back")
    # a counter bringing its own weapon must carry it to share
    state = blank()
    counter(state, "sobgayda", "G1")
    counter(state, "murzaev", "G2")
    weapon(state, "ptrd-1", "G2")
    game = counter_phase(state)
    game.apply("move:murzaev")
    assert game.legal_actions()[0].label == "G1, joining Sobgayda"
    game.apply("to:G1")
    assert ids(game) == ["carry:ptrd-1"]  # 'leave' is not offered
    game.apply("carry:ptrd-1")
    assert game.state.weapons["ptrd-1"] == "G1"
    check_invariants(game)


def test_4_0_displaced_counter_takes_its_weapon() -> None:
    state = blank()
    counter(state, "sobgayda", "G1")
    weapon(state, "m1937", "G1")
    counter(state, "chekhov", "G2")
    game = counter_phase(state)
    game.apply("move:chekhov")
    game.apply("to:G1")
    game.apply("to:reserves")
    assert lines(game)[-1] == f"{M}Sobgayda is displaced to Reserves (free move) (4.0 Move)"
    assert game.state.weapons["m1937"] == "reserves"
    check_invariants(game)


# --- actions ----------------------------------------------------------------------------------


def test_4_0_attack_line_of_sight() -> None:
    state = blank()
    counter(state, "chekhov", "G1")
    wehrmacht(state, 1, 2, "riflemen")  # green: in sight
    wehrmacht(state, 1, 3, "scouts")
    wehrmacht(state, 3, 1, "riflemen")  # red: out of sight
    wehrmacht(state, 2, 1, "panzer-ii")  # armour cannot be Attacked
    game = action_phase(state, script=[1, 2, 2, 4])
    assert ids(game) == ["attack:chekhov", "actions-done"]
    assert game.legal_actions()[0].label == "Chekhov: Attack (4 dice)"
    game.apply("attack:chekhov")
    assert [(o.id, o.label, o.targets) for o in game.legal_actions()] == [
        ("target:riflemen-1", "Riflemen on track 1 (Defense 4)", ("track:1:2",)),
        ("target:scouts-1", "Scouts on track 1 (Defense 5)", ("track:1:3",)),
    ]
    game.apply("target:riflemen-1")
    assert lines(game) == [
        f"{A}Chekhov attacks (4.0 Attack)",
        f"{A}Chekhov: 4 dice against Riflemen Defense 4: hit [dice 1 2 2 4] (4.0 Attack)",
        f"{A}The Riflemen is destroyed and returns to the stock (4.0 Attack)",
        END,
    ]
    # the others on the track stay where they are (FR note)
    assert game.state.tracks[0] == ["", "", "scouts-1", "", ""]
    assert flags(game, "chekhov") == ("G1", True, False, "")
    check_invariants(game)


def test_4_0_attack_needs_a_combat_position_and_a_fresh_counter() -> None:
    state = blank()
    counter(state, "chekhov", "reserves")
    counter(state, "romanov", "G2", exhausted=True)
    counter(state, "kiselev", "G3", disrupted=True)
    wehrmacht(state, 1, 1, "riflemen")
    game = action_phase(state)
    assert ids(game) == ["recover:kiselev", "recover:romanov", "actions-done"]


def test_4_0_attack_miss_leaves_the_target() -> None:
    state = blank()
    counter(state, "glushenko", "R2")
    wehrmacht(state, 3, 1, "scouts")
    game = action_phase(state, script=[4, 4])
    game.apply("attack:glushenko")
    game.apply("target:scouts-1")
    assert lines(game)[1:3] == [
        f"{A}Glushenko: 2 dice against Scouts Defense 5: miss [dice 4 4] (4.0 Attack)",
        f"{A}Glushenko misses the Scouts (4.0 Attack)",
    ]
    assert game.state.tracks[2][0] == "scouts-1"


def test_4_0_suppress_split_on_two_colours() -> None:
    state = blank()
    counter(state, "afanasyev", "G4R1")
    counter(state, "glushenko", "G1")
    game = action_phase(state)
    game.apply("suppress:afanasyev")  # suppress 2: first how many, then the split
    assert ids(game) == ["place:2", "place:1"]
    game.apply("place:2")
    assert game.pending.prompt == "Afanasyev: split 2 Suppression tokens"  # type: ignore[union-attr]
    assert [(o.id, o.label) for o in game.legal_actions()] == [
        ("split:2", "green 2 / red 0"),
        ("split:1", "green 1 / red 1"),
        ("split:0", "green 0 / red 2"),
    ]
    game.apply("split:1")
    game.apply("suppress:glushenko")
    assert lines(game) == [
        f"{A}Afanasyev suppresses: 1 to green, 1 to red (4.0 Suppress)",
        f"{A}Glushenko suppresses: 1 token to the green Suppression box (4.0 Suppress)",
        END,
    ]
    assert (at(game, "suppress:green", "suppression"), at(game, "suppress:red", "suppression"),
            at(game, "supplies", "suppression")) == (2, 1, 7)
    check_invariants(game)


def test_4_0_suppress_limited_by_supplies() -> None:
    state = blank()
    counter(state, "bondarenko", "P1")  # suppress 2
    tokens(state, "supplies", "suppression", 1)
    game = action_phase(state)
    game.apply("suppress:bondarenko")  # only one token to place: nothing to ask
    assert lines(game)[0] == (
        f"{A}Only 1 Suppression token was in Supplies, so Bondarenko placed it in the purple "
        "Suppression box (4.0 Suppress)"
    )
    assert [e.kind for e in game.log if "Only 1" in e.text] == ["auto"]  # shown as a notice
    assert at(game, "supplies", "suppression") == 0
    # with the Supplies box empty no Suppress is offered
    state = blank()
    counter(state, "bondarenko", "P1")
    tokens(state, "supplies", "suppression", 0)
    game = action_phase(state)
    assert game.state.pending is None  # nothing to do: the phase ends by itself
    assert lines(game) == [END]


def test_4_0_command_three_recovers_not_on_command_counters() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    counter(state, "masijashvili", "G2", exhausted=True, disrupted=True)
    counter(state, "chait", "reserves", disrupted=True)
    counter(state, "glushenko", "G3", exhausted=True)
    counter(state, "naumov", "G5", exhausted=True)  # a Command counter
    counter(state, "kiselev", "R2", exhausted=True, marker="action")  # has acted
    game = action_phase(state)
    assert "command:pavlov" in ids(game)
    game.apply("command:pavlov")
    assert ids(game) == ["cmd:glushenko:exhausted", "cmd:masijashvili:disrupted",
                         "cmd:masijashvili:exhausted", "cmd:chait:disrupted", "done"]
    # the same counter may be recovered twice (rulebook Command example)
    game.apply("cmd:masijashvili:disrupted")
    game.apply("cmd:masijashvili:exhausted")
    game.apply("cmd:chait:disrupted")
    assert lines(game) == [
        f"{A}Pavlov takes Command (4.0 Command)",
        f"{A}Masijashvili recovers: Disrupted token removed (4.0 Command)",
        f"{A}Masijashvili recovers: no longer Exhausted (4.0 Command)",
        f"{A}Chait recovers: Disrupted token removed (4.0 Command)",
    ]
    assert flags(game, "pavlov") == ("G1", True, False, "action")
    assert flags(game, "masijashvili") == ("G2", False, False, "command")
    assert flags(game, "chait") == ("reserves", False, False, "command")
    # counters with a Command token cannot act this phase
    assert ids(game) == ["recover:glushenko", "recover:naumov", "actions-done"]
    check_invariants(game)
    game.apply("actions-done")
    assert all(not c.marker for c in game.state.soviet.values())
    assert lines(game)[-2:] == [
        f"{A}The Soviet Counter Phase ends (4.0 Soviet Counter Phase)", END]
    check_invariants(game)


def test_4_0_command_only_from_a_combat_position() -> None:
    state = blank()
    counter(state, "pavlov", "reserves")
    counter(state, "glushenko", "G3", exhausted=True)
    game = action_phase(state)
    assert ids(game) == ["recover:glushenko", "actions-done"]


def test_4_0_command_team_four_moves_and_actions() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    counter(state, "afanasyev", "G2")
    counter(state, "naumov", "reserves")
    game = counter_phase(state.copy())
    assert (game.state.moves_left, game.state.actions_left) == (3, 3)
    assert lines(game) == []
    counter(state, "naumov", "R2")
    game = counter_phase(state)
    assert (game.state.moves_left, game.state.actions_left) == (4, 4)
    assert lines(game) == [
        f"{M}Command Team: four moves and four actions this phase (4.0 Command Team)"]
    assert game.pending.prompt == "Move a Soviet counter (4 moves left)"  # type: ignore[union-attr]


def test_4_0_request_reinforcements_from_radio() -> None:
    state = blank()
    counter(state, "glushenko", "G6")  # the radio position
    counter(state, "chait", "G5")
    game = action_phase(state)
    assert ids(game) == ["suppress:glushenko", "radio:glushenko", "suppress:chait",
                         "actions-done"]
    game.apply("radio:glushenko")
    assert game.pending.prompt == "Reinforcements: 2 points to spend"  # type: ignore[union-attr]
    assert "buy:pavlov" not in ids(game)  # cost 3
    game.apply("buy:potanski")  # cost 2: the points are spent
    assert lines(game) == [
        f"{A}Glushenko radios for reinforcements (4.0 Request Reinforcements)",
        f"{A}Potanski joins the Reserves (0 points left) (4.0 Request Reinforcements)",
    ]
    assert where(game, "potanski") == "reserves"
    assert flags(game, "glushenko") == ("G6", True, False, "action")
    # a Disrupted 13th Guards CP (4) blocks the radio
    state = blank()
    counter(state, "glushenko", "G6")
    disrupt_location(state, 4)
    game = action_phase(state)
    assert ids(game) == ["suppress:glushenko", "actions-done"]


def test_4_0_forward_observer_spends_artillery() -> None:
    state = blank()
    counter(state, "potanski", "G1")
    tokens(state, "loc:11", "artillery", 1)
    wehrmacht(state, 1, 1, "stug-iiib")
    wehrmacht(state, 1, 2, "machine-gunners")
    wehrmacht(state, 1, 4, "riflemen")
    game = action_phase(state, script=[2, 4, 1, 5, 6, 1])
    assert ids(game) == ["attack:potanski", "suppress:potanski", "observe:potanski",
                         "actions-done"]
    game.apply("observe:potanski")
    assert at(game, "loc:11", "artillery") == 0
    assert ids(game) == ["target:stug-iiib-1", "target:machine-gunners-1", "target:riflemen-1"]
    game.apply("target:stug-iiib-1")
    # the second target must be adjacent on the track (circle 2; circle 4 is not)
    assert ids(game) == ["target:machine-gunners-1", "one"]
    game.apply("target:machine-gunners-1")
    assert lines(game) == [
        f"{A}Potanski calls in the artillery readied on 11 (4.0 Forward Observer)",
        f"{A}Potanski (artillery): 3 dice against StuG IIIb Defense 5: miss [dice 2 4 1]"
        " (4.0 Forward Observer)",
        f"{A}Potanski (artillery) misses the StuG IIIb (4.0 Forward Observer)",
        f"{A}Potanski (artillery): 3 dice against Machine Gunners Defense 4: hit [dice 5 6 1]"
        " (4.0 Forward Observer)",
        f"{A}The Machine Gunners is destroyed and returns to the stock (4.0 Forward Observer)",
        END,
    ]
    assert game.state.tracks[0] == ["stug-iiib-1", "", "", "riflemen-1", ""]
    check_invariants(game)


def test_4_0_forward_observer_needs_a_readied_artillery_token() -> None:
    state = blank()
    counter(state, "potanski", "G1")
    wehrmacht(state, 1, 1, "stug-iiib")
    game = action_phase(state)
    assert ids(game) == ["suppress:potanski", "actions-done"]


def test_4_0_team_actions_and_inspire_not_stacking() -> None:
    # Anti-tank: Sobgayda [A I] and Murzaev [A] with the M1937 (attack 4): 4 + 1 dice
    state = blank()
    counter(state, "sobgayda", "G1")
    counter(state, "murzaev", "G1")
    weapon(state, "m1937", "G1")
    wehrmacht(state, 1, 1, "stug-iiib")
    wehrmacht(state, 2, 1, "riflemen")
    game = action_phase(state, script=[1, 1, 1, 1, 5])
    assert ids(game)[-2:] == ["team:at:G1", "actions-done"]
    assert game.legal_actions()[-2].label == "Sobgayda & Murzaev: Anti-tank (M1937 45 mm gun)"
    game.apply("team:at:G1")
    assert ids(game) == ["target:stug-iiib-1"]  # armour only
    game.apply("target:stug-iiib-1")
    assert lines(game) == [
        f"{A}Inspire: one extra die or token (4.0 Inspire)",
        f"{A}Sobgayda & Murzaev (M1937 45 mm gun): 5 dice against StuG IIIb Defense 5:"
        " hit [dice 1 1 1 1 5] (4.0 Anti-tank)",
        f"{A}The StuG IIIb is destroyed and returns to the stock (4.0 Anti-tank)",
        END,  # two actions spent by the team, the third has no counter left
    ]
    assert flags(game, "sobgayda")[1:3] == flags(game, "murzaev")[1:3] == (True, False)
    check_invariants(game)

    # Machine Gun suppress: two Inspire [G I] counters elsewhere still give only +1
    state = blank()
    counter(state, "ramazanov", "G4R1")
    counter(state, "sarkisyan", "G4R1")
    weapon(state, "maxim-1", "G4R1")  # suppress 4
    counter(state, "voronov", "P1")
    counter(state, "afanasyev", "P2")
    game = action_phase(state)
    game.apply("team:mg-suppress:G4R1")
    assert ids(game) == [f"place:{k}" for k in range(5, 0, -1)]  # up to 4 + 1
    game.apply("place:5")
    assert ids(game) == [f"split:{k}" for k in range(5, -1, -1)]
    game.apply("split:3")
    assert lines(game) == [
        f"{A}Inspire: one extra die or token (4.0 Inspire)",
        f"{A}Ramazanov & Sarkisyan (Maxim M1910 machine gun) suppresses: 3 to green, 2 to red"
        " (4.0 Machine Gun)",
    ]
    assert game.state.actions_left == 1
    check_invariants(game)

    # Mortar: no Inspire bonus; RM-40 suppress 6
    state = blank()
    counter(state, "bondarenko", "P1")
    counter(state, "yakimenko", "P1")
    weapon(state, "rm-40", "P1")
    counter(state, "voronov", "P2")
    game = action_phase(state)
    game.apply("team:mortar:P1")
    assert ids(game) == [f"place:{k}" for k in range(6, 0, -1)]
    game.apply("place:6")
    assert lines(game)[0] == (
        f"{A}Bondarenko & Yakimenko (RM-40 50 mm mortar) suppresses: 6 tokens to the purple"
        " Suppression box (4.0 Mortar)"
    )
    assert at(game, "supplies", "suppression") == 4


def test_4_0_team_action_needs_two_actions_and_two_fresh_counters() -> None:
    state = blank()
    counter(state, "bondarenko", "P1")
    counter(state, "yakimenko", "P1")
    weapon(state, "rm-40", "P1")
    game = action_phase(state.copy(), actions=1)
    assert "team:mortar:P1" not in ids(game)
    counter(state, "yakimenko", "P1", exhausted=True)
    game = action_phase(state)
    assert "team:mortar:P1" not in ids(game)


def test_4_0_recover_does_not_exhaust() -> None:
    state = blank()
    counter(state, "chait", "G1", exhausted=True, disrupted=True)
    counter(state, "kiselev", "G2", disrupted=True)
    game = action_phase(state)
    assert ids(game) == ["recover:chait", "recover:kiselev", "actions-done"]
    game.apply("recover:chait")
    assert game.pending.prompt == "Chait recovers: which?"  # type: ignore[union-attr]
    assert ids(game) == ["disrupted", "exhausted"]
    game.apply("disrupted")
    game.apply("recover:kiselev")
    assert lines(game) == [
        f"{A}Chait recovers: Disrupted token removed (4.0 Recover)",
        f"{A}Kiselev recovers: Disrupted token removed (4.0 Recover)",
        END,
    ]
    # still Exhausted (one Recover a turn), but Recover itself exhausts nobody
    assert flags(game, "chait") == ("G1", True, False, "")
    assert flags(game, "kiselev") == ("G2", False, False, "")
    check_invariants(game)


def test_4_0_ending_the_phase_returns_action_tokens() -> None:
    state = blank()
    counter(state, "glushenko", "G1")
    game = action_phase(state)
    assert game.state.tokens["stock"]["action"] == 4
    game.apply("suppress:glushenko")
    assert game.state.pending is None
    assert game.state.tokens["stock"]["action"] == 4
    assert game.state.soviet["glushenko"].marker == ""
    assert lines(game)[-1] == END


def test_4_0_options_forward_observer_dice() -> None:
    state = blank()
    counter(state, "potanski", "G1")
    tokens(state, "loc:10", "artillery", 1)
    wehrmacht(state, 1, 1, "riflemen")
    game = action_phase(state, script=[1, 1], settings=RuleSettings(forward_observer_dice=2))
    game.apply("observe:potanski")
    game.apply("target:riflemen-1")
    game.apply("one")
    assert lines(game)[1] == (
        f"{A}Potanski (artillery): 2 dice against Riflemen Defense 4: miss [dice 1 1]"
        " (4.0 Forward Observer)"
    )


def test_4_0_shared_position_attack_hits_one_of_choice_suppression_both() -> None:
    state = blank()
    counter(state, "sobgayda", "G1")
    counter(state, "murzaev", "G1")
    weapon(state, "m1937", "G1")
    game = reveal(state, "d1-sniper-1", script=[1, 1, 6, 1, 1, 1])
    assert game.pending.prompt == (  # type: ignore[union-attr]
        "Sniper hits a shared position: choose who is hit"
    )
    assert ids(game) == ["hit:sobgayda", "hit:murzaev"]
    game.apply("hit:murzaev")
    assert lines(game)[-1] == (
        "T1 Wehrmacht Card Phase: Murzaev is a casualty (Sniper) (3.0 Attack Defender)")
    assert where(game, "sobgayda") == "G1" and game.state.weapons["m1937"] == "G1"
    check_invariants(game)
    state = blank()
    counter(state, "sobgayda", "G1")
    counter(state, "murzaev", "G1")
    weapon(state, "m1937", "G1")
    game = reveal(state, "d1-mortar-1", script=[1, 1, 6, 1, 1, 1])
    assert lines(game)[-2:] == [
        "T1 Wehrmacht Card Phase: Sobgayda is Disrupted (Mortar) (3.0 Suppress Defender)",
        "T1 Wehrmacht Card Phase: Murzaev is Disrupted (Mortar) (3.0 Suppress Defender)",
    ]
