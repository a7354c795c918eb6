"""The package's one state checker (engine/check.py): every kind of problem, found and named.

Each test takes a state that breaks no rule (a dealt, empty house from :func:`blank`, or a
game in play), breaks one rule by hand and asserts the problem is found, naming the field and
the rule. The positions are edited directly on the state (not through the position builder,
which refuses impossible positions).
"""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from pavlov_widgets import sim
from pavlov_widgets.engine import (
    ComponentError,
    Game,
    RuleSettings,
    SaveFormatError,
    load_components,
)
from pavlov_widgets.engine.check import (
    InvariantError,
    check_invariants,
    check_state,
    check_variant_cards,
    problems,
)
from pavlov_widgets.engine.state import GameState

from .helpers import COMPONENTS, blank, census_changes
from .helpers import check_invariants as checked_with_census


def _move(state: GameState, kind: str, src: str, dst: str, n: int = 1) -> None:
    """Move tokens by hand, totals kept (no rule consulted)."""
    state.tokens[src][kind] -= n
    here = state.tokens.setdefault(dst, {})
    here[kind] = here.get(kind, 0) + n


def _found(state: GameState, settings: RuleSettings | None = None) -> list[str]:
    return problems(state, COMPONENTS, settings)


def _only(state: GameState, settings: RuleSettings | None = None) -> str:
    """The one problem of ``state`` (the test broke exactly one rule)."""
    found = _found(state, settings)
    assert len(found) == 1, found
    return found[0]


# --- a sound state has no problem -------------------------------------------------------------


def test_a_dealt_position_that_is_not_yet_a_game_has_no_problem() -> None:
    state = blank()
    assert state.pending is None and state.stack == []
    assert _found(state) == []


def test_every_state_of_a_played_game_has_no_problem() -> None:
    game = Game.new(seed=5)
    for _ in range(120):
        if game.is_over:
            break
        assert problems(game.state, game.components, game.settings) == []
        check_invariants(game)
        game.apply(game.legal_actions()[-1])


# --- counters (Setup 6-7, 1.2, 4.0) -----------------------------------------------------------


def test_1_2_a_counter_at_an_unknown_place_is_named_with_the_rule() -> None:
    state = blank()
    state.soviet["pavlov"].where = "G9R9"
    assert _only(state) == "soviet.pavlov.where: unknown place 'G9R9' (1.2 The Game Board)"


def test_setup_6_the_soviet_counters_are_those_of_the_game() -> None:
    state = blank()
    del state.soviet["pavlov"]
    assert _found(state)[0].startswith("soviet: must list the 34 Soviet counters of the game "
                                       "(missing or unknown: pavlov)")


def test_setup_7_a_weapon_at_an_unknown_place() -> None:
    state = blank()
    state.weapons["m1937"] = "moon"
    assert _only(state) == "weapons.m1937: unknown place 'moon' (1.2 The Game Board)"


def test_4_0_two_ordinary_counters_on_one_position() -> None:
    state = blank()
    state.soviet["glushenko"].where = "G1"
    state.soviet["chekhov"].where = "G1"
    assert _only(state) == (
        "soviet.chekhov.where: position G1 is already held by Glushenko; two counters share a "
        "position only if both have the same weapon designation and a weapon of it is there "
        "(4.0 Move)"
    )


def test_4_0_a_weapon_team_may_share_a_position() -> None:
    state = blank()
    for cid in ("sobgayda", "murzaev"):
        state.soviet[cid].where = "G2"
    state.weapons["m1937"] = "G2"
    assert _found(state) == []
    state.weapons["m1937"] = "reserves"  # the two Anti-tank counters without their weapon
    assert "already held by" in _only(state)
    state.weapons["maxim-1"] = "G2"  # a weapon of another designation does not make a team
    assert any("already held by" in p for p in _found(state))


def test_4_0_counters_of_two_designations_are_no_team() -> None:
    state = blank()
    state.soviet["sobgayda"].where = "G2"
    state.soviet["ramazanov"].where = "G2"
    state.weapons["m1937"] = "G2"
    state.weapons["maxim-1"] = "G2"
    assert "soviet.ramazanov.where: position G2 is already held by" in _only(state)


def test_4_0_three_counters_on_one_position() -> None:
    state = blank()
    for cid in ("ramazanov", "sarkisyan", "voronov"):
        state.soviet[cid].where = "R2"
    state.weapons["maxim-1"] = "R2"
    found = _found(state)
    # the first in the components' order holds the position; the others are reported
    assert [p.split(":")[0] for p in found] == ["soviet.ramazanov.where", "soviet.sarkisyan.where"]


def test_4_0_a_displaced_counter_waits_on_the_position_of_its_mover() -> None:
    state = blank(phase="counter_moves")
    state.soviet["glushenko"].where = "G1"
    state.soviet["chekhov"].where = "G1"
    state.pending = {"kind": "decision", "op": "displace_to", "prompt": "?", "rule": "4.0 Move",
                     "counter": "glushenko", "square": "G1"}
    assert _found(state) == []
    state.pending["square"] = "G2"  # the displacement is elsewhere: G1 is over-full
    assert "already held by" in _only(state)


def test_4_0_a_weapon_alone_on_a_position() -> None:
    state = blank()
    state.weapons["m1937"] = "G2"
    assert _only(state) == (
        "weapons.m1937: the M1937 45 mm gun is alone on position G2; a weapon left alone goes "
        "to Reserves (4.0 Soviet Counters and Weapon Counters)"
    )


def test_4_0_a_weapon_without_a_crew_of_its_designation() -> None:
    state = blank()
    state.soviet["chekhov"].where = "G2"
    state.weapons["rm-40"] = "G2"
    problem = _only(state)
    assert problem.startswith("weapons.rm-40: ") and "[M] on position G2 has no crew" in problem


def test_4_0_action_and_command_tokens_only_during_the_counter_actions() -> None:
    state = blank(phase="counter_actions")
    state.soviet["pavlov"].where = "G1"
    state.soviet["pavlov"].marker = "action"
    state.tokens["stock"]["action"] -= 1
    assert _found(state) == []
    state.phase = "wehrmacht_cards"
    assert _only(state) == (
        "soviet.pavlov.marker: Pavlov keeps an Action token outside the Soviet Counter Phase's "
        "actions (4.0 Soviet Counter Phase)"
    )


def test_a_counter_out_of_play_carries_no_token() -> None:
    state = blank()
    state.soviet["pavlov"].disrupted = True  # in the stock (blank() empties the house)
    state.tokens["stock"]["disrupted"] -= 1
    assert "soviet.pavlov: Pavlov is out of play (stock) but Exhausted" in _only(state)


def test_3_0_raiders_are_off_the_board_only_while_the_raid_is_resolved() -> None:
    state = blank()
    state.soviet["pavlov"].where = "raid"
    assert _only(state) == ("soviet.pavlov.where: on a Storm Group raid, but no raid is being "
                            "resolved (3.0 Storm Group)")
    state.stack = [{"op": "raid_fates", "raiders": ["pavlov"], "dice": [3]}]
    assert _found(state) == []


# --- Wehrmacht tracks and Defense (3.0) -------------------------------------------------------


def test_3_0_a_wehrmacht_counter_on_two_circles() -> None:
    state = blank()
    state.tracks[0][0] = "riflemen-1"
    state.tracks[2][1] = "riflemen-1"
    assert _only(state) == (
        "tracks[2]: unknown or repeated Wehrmacht counter 'riflemen-1': it is also on track 1, "
        "and a counter is on one circle at a time (3.0 Advance Wehrmacht Counters)"
    )


def test_setup_8_an_unknown_wehrmacht_counter() -> None:
    state = blank()
    state.tracks[0][0] = "tiger-1"
    assert _only(state).startswith("tracks[0]: unknown or repeated Wehrmacht counter 'tiger-1'")


def test_3_0_a_track_has_its_number_of_circles() -> None:
    state = blank()
    state.tracks[1].append("")
    assert _only(state) == "tracks[1]: must have 5 circles, not 6 (3.0 Advance Wehrmacht Counters)"


def test_3_0_defense_stays_within_its_track() -> None:
    state = blank()
    state.defense["red"] = 2
    assert _only(state) == "defense.red: must be 3-6, not 2 (3.0 Attack Building)"


# --- tokens (Setup 9, 2.0) --------------------------------------------------------------------


def test_setup_9_too_many_tokens() -> None:
    state = blank()
    state.tokens["stock"]["food"] += 1
    assert _only(state) == "tokens: 7 Food tokens in play, the game has 6 (Setup 9)"


def test_setup_9_too_few_tokens_counting_those_on_counters() -> None:
    state = blank(phase="counter_actions")
    state.soviet["pavlov"].where = "G1"
    state.soviet["pavlov"].disrupted = True  # its token was not taken from the stock
    assert _only(state) == "tokens: 37 Disrupted tokens in play, the game has 36 (Setup 9)"


def test_2_0_a_token_on_a_location_that_cannot_hold_it() -> None:
    state = blank()
    _move(state, "wire", "stock", "loc:10")
    assert _only(state) == (
        "tokens.loc:10.wire: Wire Communications tokens cannot lie on location 10 (32nd Guards "
        "Artillery Regiment), which holds only Artillery and Disrupted tokens "
        "(2.0 32nd Guards Artillery Regiment)"
    )


@pytest.mark.parametrize(("kind", "place"), [
    ("wire", "loc:14"), ("wire", "loc:17"), ("artillery", "loc:11"), ("aa", "loc:8"),
    ("aa", "loc:13"), ("food", "loc:5"), ("sapper", "loc:7"), ("disrupted", "loc:3"),
    ("disrupted", "loc:18"), ("suppression", "suppress:red"), ("sapper", "sapper:4:3"),
    ("ammunition", "staging"), ("first_aid", "supplies"),
])
def test_2_0_tokens_lie_where_the_rules_put_them(kind: str, place: str) -> None:
    state = blank()
    _move(state, kind, "stock", place)
    assert _found(state) == []


@pytest.mark.parametrize(("kind", "place"), [
    ("aa", "loc:10"), ("artillery", "loc:14"), ("wire", "loc:5"), ("food", "loc:12"),
    ("wire", "loc:3"), ("artillery", "loc:18"), ("food", "suppress:red"),
    ("suppression", "sapper:4:3"), ("wire", "staging"), ("ammunition", "supplies"),
])
def test_2_0_tokens_anywhere_else_are_refused(kind: str, place: str) -> None:
    state = blank()
    _move(state, kind, "stock", place)
    assert _only(state).startswith(f"tokens.{place}.{kind}: ")


def test_2_0_the_token_homes_come_from_the_board_file() -> None:
    assert COMPONENTS.board.token_homes() == {
        "wire": (14, 15, 16, 17), "artillery": (10, 11), "aa": (8, 9, 12, 13),
        **{kind: (5, 6, 7) for kind in ("ammunition", "first_aid", "food", "sapper")},
    }
    board = json.loads(resources.files("pavlov_widgets.data").joinpath("board.json").read_text())
    signal = next(u for u in board["units"] if u["id"] == "139th-signal")
    signal["tokens"] = []  # a board whose Signal Battalion places no Wire token
    other = load_components(overrides={"board.json": board})
    state = blank(components=other)
    _move(state, "wire", "stock", "loc:14")
    assert problems(state, COMPONENTS) == []
    assert problems(state, other)[0].startswith("tokens.loc:14.wire: ")


@pytest.mark.parametrize(("unit", "tokens", "message"), [
    ("139th-signal", ["gold"], "holds 'gold', not a token type a unit places"),
    ("139th-signal", ["disrupted"], "holds 'disrupted', not a token type a unit places"),
    ("8th-guards-sapper", ["sapper"], "needs locations to place its tokens on"),
    ("139th-signal", None, "field 'tokens' is missing"),
])
def test_2_0_the_board_file_names_the_tokens_of_each_unit(
    unit: str, tokens: list[str] | None, message: str
) -> None:
    board = json.loads(resources.files("pavlov_widgets.data").joinpath("board.json").read_text())
    record = next(u for u in board["units"] if u["id"] == unit)
    if tokens is None:
        del record["tokens"]
    else:
        record["tokens"] = tokens
    with pytest.raises(ComponentError, match=rf"^board\.json: units\[\d\]: .*{message}"):
        load_components(overrides={"board.json": board})


def test_2_0_one_supply_token_per_flotilla_location() -> None:
    state = blank()
    _move(state, "food", "stock", "loc:5")
    _move(state, "sapper", "stock", "loc:5")
    assert _only(state) == (
        "tokens.loc:5: Sapper and Food tokens on location 5 (Volga Military Flotilla), which "
        "holds one token besides a Disrupted one (2.0 Volga Military Flotilla)"
    )
    _move(state, "sapper", "loc:5", "stock")
    _move(state, "disrupted", "stock", "loc:5")  # a Disrupted token besides is no second token
    assert _found(state) == []


def test_2_0_one_token_of_a_kind_per_location() -> None:
    state = blank()
    _move(state, "wire", "stock", "loc:15", 2)
    assert _only(state).startswith("tokens.loc:15.wire: 2 ")
    assert _only(state).endswith("which holds one at most (2.0 139th Signal Battalion)")


def test_setup_9_unknown_token_places_and_types() -> None:
    state = blank()
    state.tokens["attic"] = {"food": 0}
    assert _only(state) == "tokens.attic: no such place for tokens (1.2 The Game Board)"
    del state.tokens["attic"]
    state.tokens["stock"]["gold"] = 1
    assert _only(state) == "tokens.stock.gold: unknown token type (Setup 9)"
    del state.tokens["stock"]["gold"]
    del state.tokens["staging"]
    assert _only(state) == "tokens.staging: missing (Setup 9)"


# --- cards (Setup 2-5, 7.1, 7.2) --------------------------------------------------------------


def test_setup_2_a_card_in_two_piles() -> None:
    state = blank()
    card = state.wehrmacht_deck[0]
    state.wehrmacht_done.append(card)
    assert _only(state) == (f"wehrmacht_done: the Wehrmacht or Resupply card {card!r} is in two "
                            "places (Setup 2)")


def test_setup_2_a_card_lost() -> None:
    state = blank()
    card = state.wehrmacht_deck.pop()
    assert _only(state) == (f"wehrmacht_deck: 1 Wehrmacht or Resupply card in no pile: {card} "
                            "(Setup 2)")


def test_setup_2_the_competitive_card_is_not_in_a_solo_game() -> None:
    state = blank()
    state.wehrmacht_deck.append("d1-riflemen-competitive")
    assert "'d1-riflemen-competitive' is not used in this game" in _only(state)


def test_setup_5_soviet_cards_unknown_or_twice() -> None:
    state = blank()
    state.soviet_deck[0] = "soviet-99"
    found = _found(state)
    assert found[0] == "soviet_deck: unknown Soviet card 'soviet-99' (Setup 5)"
    assert "in no pile" in found[1]
    state = blank()
    state.hand_used = ["soviet-1"]
    assert _only(state) == ("hand_used: names a card that is not in the hand "
                            "(2.0 Soviet Card Phase)")


def test_7_2_variant_cards_match_the_settings() -> None:
    elite = RuleSettings(tactics="elite")
    state = blank(settings=elite)
    assert _found(state, elite) == []
    assert _found(state) == []  # without settings: all the variant's cards, each once
    assert "the variant is off but its piles hold 30 of its 30 cards (7.2 Tactics Cards)" in _only(
        state, RuleSettings())
    state.tactics_removed.append(state.tactics_deck[0])
    assert "is in two places (7.2 Tactics Cards)" in _only(state, elite)
    with pytest.raises(SaveFormatError, match=r"save\.settings\.tactics: the variant is off"):
        check_variant_cards(blank(settings=elite), COMPONENTS, RuleSettings(), "save.initial")


# --- the rule cursor (1.1) --------------------------------------------------------------------


def test_1_1_the_cursor_names_registered_steps_and_decisions() -> None:
    state = blank()
    state.stack = [{"op": "no_such_step"}]
    assert _only(state) == "stack[0].op: unknown rule step 'no_such_step' (1.1 Game Overview)"
    state.stack = []
    state.pending = {"kind": "decision", "op": "nope", "prompt": "?", "rule": "?"}
    assert _only(state) == "pending.op: unknown decision 'nope' (1.1 Game Overview)"
    state.pending = {"kind": "chance", "n": 0}
    assert _only(state) == "pending.n: must be a number of dice, not 0 (1.1 Game Overview)"
    state.pending = {"kind": "chance", "n": 2, "then": "raid_result", "label": "x", "rule": "y",
                     "ctx": {}, "test": {"type": "dance"}}
    assert _only(state).startswith("pending.test: not a dice test")


def test_6_0_a_game_over_has_an_outcome_and_nothing_pending() -> None:
    state = blank()
    state.phase = "over"
    assert _only(state) == ("outcome: the phase is 'over' but the game has no outcome "
                            "(6.0 Ending the Game)")


def test_1_1_a_game_not_over_waits_for_a_decision_with_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.new(seed=2)
    check_invariants(game)
    monkeypatch.setattr(Game, "legal_ids", lambda self: [])
    with pytest.raises(InvariantError, match=r"^turn 1, .*: pending\.op: the decision .* has no "
                       r"legal option \(1\.1 Game Overview\)"):
        check_invariants(game)
    monkeypatch.setattr(Game, "legal_ids", lambda self: ["end-phase", "end-phase"])
    with pytest.raises(InvariantError, match="offers an option twice"):
        check_invariants(game)
    monkeypatch.undo()
    game.state.pending = None
    with pytest.raises(InvariantError, match="waits for no decision or roll"):
        check_invariants(game)
    check_invariants(game, allow_idle=True)  # a scenario fragment that has run its steps


# --- the callers ------------------------------------------------------------------------------


def test_check_state_raises_the_first_problem_under_its_field() -> None:
    state = blank()
    state.soviet["pavlov"].where = "attic"
    state.defense["red"] = 9
    with pytest.raises(SaveFormatError) as info:
        check_state(state, COMPONENTS, "save.initial")
    assert str(info.value) == "save.initial.soviet.pavlov.where: unknown place 'attic' (1.2 The " \
                              "Game Board)"


def test_a_save_with_an_impossible_start_is_refused_on_load() -> None:
    game = Game.new(seed=4)
    data: dict[str, Any] = copy.deepcopy(game.to_dict())
    data["initial"]["weapons"]["m1937"] = "G2"  # a weapon alone in the house
    with pytest.raises(SaveFormatError, match=r"^save\.initial\.weapons\.m1937: .* alone"):
        Game.from_dict(data)


def test_invariant_error_is_an_assertion_error_naming_turn_and_phase() -> None:
    game = Game.new(seed=3)
    game.state.defense["green"] = 1
    with pytest.raises(AssertionError) as info:
        check_invariants(game)
    assert isinstance(info.value, InvariantError)
    assert str(info.value) == (f"turn 1, {game.phase}: defense.green: must be 3-6, not 1 "
                               "(3.0 Attack Building)")


def test_the_simulator_uses_the_engine_checker(monkeypatch: pytest.MonkeyPatch) -> None:
    """The simulator's check is the engine's, then its checks of the decision (sim.invariants)."""
    seen: list[Game] = []
    monkeypatch.setattr("pavlov_widgets.engine.check.check_invariants",
                        lambda game, allow_idle=False: seen.append(game))
    game = Game.new(seed=1)
    sim.check_invariants(game)
    assert seen == [game]
    assert sim.InvariantError is InvariantError


# --- the tests' census agrees with the checker ------------------------------------------------


def test_the_census_and_the_checker_agree_on_lost_and_gained_pieces() -> None:
    """Damage the census can see (pieces lost or gained) the checker finds too."""
    damages = {
        "token": lambda g: g.state.tokens["stock"].__setitem__("aa", 3),
        "card": lambda g: g.state.soviet_deck.pop(),
        "card twice": lambda g: g.state.wehrmacht_done.append(g.state.wehrmacht_deck[0]),
        "marker": lambda g: setattr(g.state.soviet["pavlov"], "marker", "command"),
    }
    for what, damage in damages.items():
        game = Game.new(seed=8)
        assert census_changes(game) == {}
        checked_with_census(game)
        damage(game)
        assert census_changes(game), what
        assert problems(game.state, game.components, game.settings), what
        with pytest.raises(AssertionError):
            checked_with_census(game)


def test_the_census_knows_no_rule() -> None:
    """A weapon alone breaks a rule but loses no piece: only the checker sees it."""
    game = Game.new(seed=8)
    game.state.weapons["m1937"] = "G2"
    assert census_changes(game) == {}
    with pytest.raises(InvariantError, match="alone on position G2"):
        checked_with_census(game)
