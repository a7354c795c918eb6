"""6.0 Ending the Game: score, victory table, Milk House raid, immediate losses.

Also the end of the turn on which the Wehrmacht deck runs out, and the 1st printing's
no-Food loss (a rule option).
"""

from __future__ import annotations

import pytest

from pavlov_widgets.engine import RuleSettings, victory_level
from pavlov_widgets.engine.rules.scoring import AWARDS
from pavlov_widgets.engine.state import GameState

from .helpers import (
    blank,
    check_invariants,
    counter,
    disrupt_location,
    ids,
    lines,
    play_out_deck,
    reveal,
    start,
    storm_box,
    tokens,
    wehrmacht,
)

E = "T1 End of the game: "


@pytest.mark.parametrize(
    ("total", "expected"),
    [
        (60, ("win", "Epic Victory", "Hero of the Soviet Union")),
        (50, ("win", "Epic Victory", "Hero of the Soviet Union")),
        (49, ("win", "Major Victory", "Order of Victory")),
        (40, ("win", "Major Victory", "Order of Victory")),
        (39, ("win", "Major Victory", "Order of the Red Banner")),
        (30, ("win", "Major Victory", "Order of the Red Banner")),
        (29, ("win", "Major Victory", "Order of Suvorov")),
        (20, ("win", "Major Victory", "Order of Suvorov")),
        (19, ("win", "Minor Victory", "Order of the Patriotic War")),
        (10, ("win", "Minor Victory", "Order of the Patriotic War")),
        (9, ("win", "Minor Victory", "Order of the Red Star")),
        (1, ("win", "Minor Victory", "Order of the Red Star")),
        (0, ("draw", "Draw", "")),
        (-9, ("draw", "Draw", "")),
        (-10, ("loss", "Minor Defeat", "")),
        (-19, ("loss", "Minor Defeat", "")),
        (-20, ("loss", "Major Defeat", "")),
        (-75, ("loss", "Major Defeat", "")),
    ],
)
def test_6_0_scoring_and_victory_levels(total: int, expected: tuple[str, str, str]) -> None:
    assert victory_level(total) == expected
    assert victory_level(total, "second") == expected
    # 1st printing: every score of 0 or less is a draw
    first = expected if total >= 1 else ("draw", "Draw", "")
    assert victory_level(total, "first") == first
    assert len(AWARDS) == 6


def _end_position(*, milk_house: bool = True) -> GameState:
    state = blank()
    play_out_deck(state)
    if milk_house:
        storm_box(state, "d5-milk-house")
    return state


def test_6_0_score_counts_raids_defenders_and_attackers() -> None:
    state = _end_position(milk_house=False)
    state.storm_won = ["resupply-voentorg"]  # 6 VP
    if "resupply-voentorg" in state.resupply_removed:
        state.resupply_removed.remove("resupply-voentorg")
    else:
        state.wehrmacht_done.remove("resupply-voentorg")
    for cid, where in [("pavlov", "G1"), ("chekhov", "reserves"), ("chait", "R2")]:
        counter(state, cid, where)
    counter(state, "kiselev", "removed")
    wehrmacht(state, 3, 1, "riflemen")
    game = start(state, {"op": "turn_end"})
    sc = game.score()
    assert (sc.raids, sc.defenders, sc.attackers, sc.total) == (6, 3, 1, 6)
    assert game.is_over and game.outcome is not None
    assert {k: game.outcome[k] for k in ("score", "raid_vp", "defenders", "attackers",
                                         "result", "level", "award", "how")} == {
        "score": 6, "raid_vp": 6, "defenders": 3, "attackers": 1, "result": "win",
        "level": "Minor Victory", "award": "Order of the Red Star", "how": "deck_exhausted"}
    assert lines(game)[-1].startswith(f"{E}Final score 6: 6 raid VP")
    assert lines(game)[-1].endswith(
        "3 defenders - 3 x 1 Wehrmacht counter = Minor Victory (Order of the Red Star)"
        " (6.0 Ending the Game)")
    assert game.state.phase == "over" and game.legal_actions() == [] and game.pending is None
    check_invariants(game)


def test_6_0_a_wehrmacht_counter_costs_three_anywhere_on_its_track() -> None:
    """Not only at the door: a counter at circle 1 costs as much as one at the last circle."""
    outcomes = []
    for far in (True, False):
        state = _end_position(milk_house=False)
        counter(state, "pavlov", "G1")
        last = len(state.tracks[2])
        wehrmacht(state, 3, 1 if far else last, "riflemen")
        game = start(state, {"op": "turn_end"})
        assert game.outcome is not None
        outcomes.append((game.score().total, game.outcome["score"], game.outcome["attackers"]))
    assert outcomes[0] == outcomes[1] == (1 - 3, 1 - 3, 1)


def test_6_0_game_ends_after_the_turn_the_deck_runs_out() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    game = start(state.copy(), {"op": "turn_end"})
    assert not game.is_over and game.turn == 2  # cards are left: a new turn begins
    play_out_deck(state)
    game = start(state, {"op": "turn_end"})
    assert game.is_over and game.turn == 1


def test_6_0_milk_house_free_raid() -> None:
    state = _end_position()
    counter(state, "pavlov", "G1")
    counter(state, "chekhov", "R2")
    counter(state, "chait", "G2", exhausted=True)
    wehrmacht(state, 1, 1, "riflemen")  # green does not matter; red is clear
    game = start(state, {"op": "turn_end"}, script=[6, 6, 6, 6, 6, 5])
    assert lines(game) == [
        f"{E}The Wehrmacht deck is exhausted: a free raid on the Milk House (6.0 Ending the Game)"
    ]
    assert game.pending.rule == "6.0 Ending the Game"  # type: ignore[union-attr]
    assert ids(game) == ["raider:pavlov", "raider:chekhov", "decline"]
    game.apply("raider:pavlov")
    game.apply("raider:chekhov")
    game.apply("launch")
    assert lines(game)[3:] == [
        f"{E}The raid succeeds (24 ≥ 12): 10 VP (3.0 Special Cards: Storm Group)",
        f"{E}Raid casualty roll for Pavlov (1-4 is a casualty): unharmed [dice 6]"
        " (3.0 Special Cards: Storm Group)",
        f"{E}Pavlov rolls 6 and returns to Reserves (3.0 Special Cards: Storm Group)",
        f"{E}Raid casualty roll for Chekhov (1-4 is a casualty): unharmed [dice 5]"
        " (3.0 Special Cards: Storm Group)",
        f"{E}Chekhov rolls 5 and returns to Reserves (3.0 Special Cards: Storm Group)",
        f"{E}Final score 10: 10 raid VP + 0 support VP + 3 defenders - 3 x 1 Wehrmacht counter"
        " = Minor Victory (Order of the Patriotic War) (6.0 Ending the Game)",
    ]
    assert game.outcome is not None and game.outcome["score"] == 10
    check_invariants(game)


def test_6_0_milk_house_raid_may_be_declined_and_needs_clear_red_tracks() -> None:
    state = _end_position()
    counter(state, "pavlov", "G1")
    game = start(state.copy(), {"op": "turn_end"})
    game.apply("decline")
    assert lines(game)[1] == f"{E}No raid on the Milk House (6.0 Ending the Game)"
    assert game.outcome is not None and game.outcome["raid_vp"] == 0
    wehrmacht(state, 5, 2, "scouts")
    game = start(state.copy(), {"op": "turn_end"})
    assert lines(game)[0] == (
        f"{E}The Milk House cannot be raided (its tracks are not clear) (6.0 Ending the Game)")
    assert game.is_over
    state.tracks[4][1] = ""
    counter(state, "pavlov", "G1", exhausted=True)
    game = start(state, {"op": "turn_end"})
    assert lines(game)[0] == (
        f"{E}The Milk House cannot be raided (no counter is fit to raid) (6.0 Ending the Game)")


def test_6_0_no_milk_house_raid_for_another_storm_group_card() -> None:
    state = _end_position(milk_house=False)
    storm_box(state, "resupply-voentorg")
    counter(state, "pavlov", "G1")
    game = start(state, {"op": "turn_end"})
    assert game.is_over
    assert [line for line in lines(game) if "Milk House" in line] == []


def test_6_0_immediate_losses() -> None:
    # a Wehrmacht counter advances beyond the end of its track
    state = blank()
    counter(state, "pavlov", "G1")
    for circle in range(1, 6):
        wehrmacht(state, 6, circle, "riflemen")
    game = reveal(state, "d1-panzer-ii-1", "d1-sniper-1", script=[6])
    assert game.outcome is not None
    assert (game.outcome["how"], game.outcome["level"]) == ("track_overrun", "Immediate Defeat")
    assert game.state.wehrmacht_deck[0] == "d1-sniper-1"  # nothing more is revealed
    # a second Disrupted token on the 62nd Army CP
    state = blank()
    counter(state, "pavlov", "G1")
    disrupt_location(state, 18)
    game = reveal(state, "d1-ju87-2-1", script=[6, 6, 6, 1, 1, 1])
    assert game.outcome is not None and game.outcome["how"] == "army_cp"
    assert game.state.script == [1, 1, 1]  # the second bomb never falls
    # no Soviet counter left in the house (Reserves count as in the house)
    state = blank()
    counter(state, "pavlov", "G1")
    counter(state, "chekhov", "reserves")
    game = reveal(state, "d1-sniper-1", script=[1, 1, 6, 1, 1, 1])
    assert not game.is_over
    state = blank()
    counter(state, "pavlov", "G1")
    game = reveal(state, "d1-sniper-1", script=[1, 1, 6, 1, 1, 1])
    assert lines(game)[-2:] == [
        "T1 Wehrmacht Card Phase: Pavlov is a casualty (Sniper) (3.0 Attack Defender)",
        "T1 Wehrmacht Card Phase: No Soviet counter is left in Pavlov's House: the game is lost"
        " (6.0 Ending the Game)",
    ]
    assert game.outcome is not None
    assert {k: game.outcome[k] for k in ("result", "level", "how", "how_text", "defenders")} == {
        "result": "loss", "level": "Immediate Defeat", "how": "no_defenders",
        "how_text": "no Soviet counter left in Pavlov's House", "defenders": 0}
    check_invariants(game)


def test_6_0_first_printing_loses_on_resupply_without_food() -> None:
    options = RuleSettings(immediate_loss_no_food=True)
    state = blank(settings=options)
    counter(state, "pavlov", "G1")
    tokens(state, "supplies", "food", 0)
    game = reveal(state, "resupply-voentorg", settings=options)
    assert lines(game)[-1] == (
        "T1 Wehrmacht Card Phase: A Resupply card with no Food in the house: the game is lost"
        " (3.0 Special Cards: Resupply)"
    )
    assert game.outcome is not None and game.outcome["how"] == "no_food"
    # by default (2nd printing) the same position just starves a counter
    state = blank()
    counter(state, "pavlov", "G1")
    tokens(state, "supplies", "food", 0)
    game = reveal(state, "resupply-voentorg")
    assert not game.is_over and ids(game) == ["starve:pavlov"]
