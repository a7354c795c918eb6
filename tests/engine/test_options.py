"""The rule options (``RuleSettings``): each printing or reading does what its field says.

The defaults follow the 2nd printing; each test runs the same position under the default and
under the alternative and asserts where they differ.
"""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

from pavlov_widgets.engine import Game, RuleSettings, load_components

from .helpers import (
    at,
    blank,
    check_invariants,
    counter,
    disrupt_location,
    ids,
    lines,
    play_out_deck,
    reveal,
    start,
    tokens,
    weapon,
    wehrmacht,
)

W = "T1 Wehrmacht Card Phase: "


def packaged(name: str) -> Any:
    return json.loads(resources.files("pavlov_widgets.data").joinpath(name).read_text("utf-8"))


SECOND_PRINTING = {
    "forward_observer_dice": 3,
    "victory_table": "second",
    "immediate_loss_no_food": False,
    "weapons_eat": False,
    "ju87_shift_removes_tokens": True,
    "ju87_shift_adds_fog": True,
    "sapper_on_placement": True,
    "milk_house_at_bottom": False,
}


def test_options_defaults_are_the_second_printing() -> None:
    defaults = RuleSettings().to_dict()
    assert {k: defaults[k] for k in SECOND_PRINTING} == SECOND_PRINTING
    opts = RuleSettings(forward_observer_dice=2, victory_table="first", weapons_eat=True)
    assert RuleSettings.from_dict(opts.to_dict()) == opts
    assert Game.new(seed=1, settings=opts).to_dict()["settings"] == opts.to_dict()


def test_options_forward_observer_dice() -> None:
    for dice in (2, 3):
        options = RuleSettings(forward_observer_dice=dice)
        state = blank(settings=options)
        counter(state, "potanski", "G1")
        tokens(state, "loc:10", "artillery", 1)
        wehrmacht(state, 1, 1, "riflemen")
        state.phase = "counter_actions"
        state.actions_left = 3
        game = start(state, {"op": "counter_actions_start"}, script=[1] * dice, settings=options)
        game.apply("observe:potanski")
        game.apply("target:riflemen-1")
        game.apply("one")
        dice_text = " ".join(["1"] * dice)
        assert lines(game)[1] == (
            f"T1 Soviet Counter Phase: actions: Potanski (artillery): {dice} dice against"
            f" Riflemen Defense 4: miss [dice {dice_text}] (4.0 Forward Observer)"
        )


def test_options_victory_table() -> None:
    for table, level in (("second", "Minor Defeat"), ("first", "Draw")):
        options = RuleSettings(victory_table=table)
        state = blank(settings=options)
        play_out_deck(state)
        counter(state, "pavlov", "G1")
        for track in range(1, 5):  # 1 defender - 3 x 4 attackers = -11
            wehrmacht(state, track, 1, "riflemen")
        game = start(state, {"op": "turn_end"}, settings=options)
        assert game.outcome is not None
        assert (game.outcome["score"], game.outcome["level"]) == (-11, level)


def test_options_immediate_loss_no_food() -> None:
    options = RuleSettings(immediate_loss_no_food=True)
    state = blank(settings=options)
    counter(state, "pavlov", "G1")
    tokens(state, "supplies", "food", 1)  # some Food: no loss, the counter is fed
    game = reveal(state, "resupply-voentorg", settings=options)
    assert not game.is_over and at(game, "supplies", "food") == 0


def test_options_weapons_eat() -> None:
    def position(options: RuleSettings) -> Game:
        state = blank(settings=options)
        for cid, square in [("sobgayda", "G1"), ("murzaev", "G1"), ("pavlov", "G2"),
                            ("chekhov", "G3"), ("chait", "reserves")]:
            counter(state, cid, square)
        weapon(state, "m1937", "G1")
        weapon(state, "dp-1", "reserves")
        tokens(state, "supplies", "food", 1)
        return reveal(state, "resupply-voentorg", settings=options)

    game = position(RuleSettings())  # five counters, one Food: all fed
    assert lines(game)[1] == (
        f"{W}Resupply: 5 to feed need 1 Food; 1 paid, 0 go hungry (3.0 Special Cards: Resupply)"
    )
    game = position(RuleSettings(weapons_eat=True))  # seven mouths
    assert lines(game)[1] == (
        f"{W}Resupply: 7 to feed need 2 Food; 1 paid, 2 go hungry (3.0 Special Cards: Resupply)"
    )
    assert ids(game)[-2:] == ["starve:m1937", "starve:dp-1"]
    game.apply("starve:dp-1")
    assert lines(game)[-1] == (
        f"{W}DP-27 light machine gun is lost for want of food (3.0 Special Cards: Resupply)"
    )
    assert game.state.weapons["dp-1"] == "removed"
    check_invariants(game)


def _shifted_bomb(options: RuleSettings) -> Game:
    state = blank(settings=options)
    disrupt_location(state, 13)
    tokens(state, "loc:14", "wire", 1)
    # 13 is Disrupted: the bomb shifts to 14, which holds a Wire token
    return reveal(state, "d1-ju87-2-1", script=[4, 4, 5, 1, 1, 1], settings=options)


def test_options_ju87_shift_removes_tokens() -> None:
    game = _shifted_bomb(RuleSettings())
    assert lines(game)[2:4] == [
        f"{W}Location 13 is already Disrupted: the bomb moves to 14 (3.0 Bomb Stalingrad)",
        f"{W}Bomb on 14 destroys the Wire Communications token there (3.0 Bomb Stalingrad)",
    ]
    assert (at(game, "loc:14", "wire"), at(game, "loc:14", "disrupted")) == (0, 0)
    game = _shifted_bomb(RuleSettings(ju87_shift_removes_tokens=False, ju87_shift_adds_fog=True))
    # the token stays; the location is Disrupted instead (and a Fog of War card comes)
    assert lines(game)[3:5] == [
        f"{W}Bomb on 14: 139th Signal Battalion is Disrupted (3.0 Bomb Stalingrad)",
        f"{W}A Fog of War card joins the Soviet discards (3.0 Bomb Stalingrad)",
    ]
    assert (at(game, "loc:14", "wire"), at(game, "loc:14", "disrupted")) == (1, 1)
    check_invariants(game)


def test_options_ju87_shift_adds_fog() -> None:
    for adds in (True, False):
        options = RuleSettings(ju87_shift_adds_fog=adds)
        state = blank(settings=options)
        disrupt_location(state, 14)
        game = reveal(state, "d1-ju87-2-1", script=[5, 5, 4, 1, 1, 1], settings=options)
        assert lines(game)[3] == (
            f"{W}Bomb on 15: 139th Signal Battalion is Disrupted (3.0 Bomb Stalingrad)")
        assert len(game.state.soviet_discard) == (1 if adds else 0)
        # a direct hit on 14-17 always adds one
        state = blank(settings=options)
        game = reveal(state, "d1-ju87-2-1", script=[5, 5, 4, 1, 1, 1], settings=options)
        assert len(game.state.soviet_discard) == 1


def test_options_sapper_on_placement() -> None:
    board = copy.deepcopy(packaged("board.json"))
    board["tracks"][3]["sapper_circles"] = [1]  # a Sapper location on track 4's first circle
    comps = load_components(overrides={"board.json": board})
    for on in (True, False):
        options = RuleSettings(sapper_on_placement=on)
        state = blank(settings=options, components=comps)
        counter(state, "pavlov", "G1")
        tokens(state, "sapper:4:1", "sapper", 1)
        game = reveal(state, "d1-scouts-1", script=[4, 5, 1, 1], settings=options,
                      components=comps)
        if on:
            assert lines(game)[3:] == [
                f"{W}Sapper defenses: 3 dice against Scouts Defense 5: hit [dice 5 1 1]"
                " (3.0 Sapper Defenses)",
                f"{W}The Sappers stop Scouts; it returns to the stock (3.0 Sapper Defenses)",
            ]
            assert game.state.tracks[3][0] == ""
        else:
            assert lines(game)[-1] == f"{W}Scouts enters track 4 (3.0 Place Wehrmacht Counter)"
            assert game.state.tracks[3][0] == "scouts-1"
            assert at(game, "sapper:4:1", "sapper") == 1
            assert game.state.script == [5, 1, 1]


def test_options_milk_house_at_bottom() -> None:
    seeds_last = []
    for seed in range(6):
        deck = Game.new(seed=seed, settings=RuleSettings(milk_house_at_bottom=True)).state
        assert deck.wehrmacht_deck[-1] == "d5-milk-house"
        seeds_last.append(Game.new(seed=seed).state.wehrmacht_deck[-1])
    assert any(last != "d5-milk-house" for last in seeds_last)  # shuffled in by default
