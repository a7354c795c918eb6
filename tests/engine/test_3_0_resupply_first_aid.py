"""3.0 Resupply with 5.0 First Aid: a hungry counter First Aid saves is not hungry again.

A Resupply card (3.0 Special Cards: Resupply) finds fewer Food tokens than the house needs:
as many counters as are not fed become casualties, the player choosing them one at a time.
First Aid (5.0) may ignore each of those casualties. The counters not fed are so many
*different* counters, so a counter First Aid saved has had its casualty and is not offered
again as the next to go hungry at the same Resupply (the next Resupply is another matter).
"""

from __future__ import annotations

import pytest

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.positions import Position
from pavlov_widgets.engine.rules import wehrmacht
from pavlov_widgets.sim.invariants import InvariantError, check_invariants

W = "T3 Wehrmacht Card Phase: "
HOUSE = ("svirin", "pavlov", "chekhov", "glushenko", "murzaev", "sobgayda", "alexandrov")
"""Seven counters in the house: with one Food, two go hungry."""


def _resupply(first_aid: int, cards: tuple[str, ...] = ("resupply-voentorg",)) -> Game:
    """Resupply cards revealed with seven counters, one Food and ``first_aid`` tokens."""
    pos = Position(seed=5)
    squares = [sq.id for sq in pos.components.board.squares]
    for cid, square in zip(HOUSE, squares, strict=False):
        pos.counter(cid, square)
    pos.set_tokens("food", "supplies", 1).set_tokens("first_aid", "supplies", first_aid)
    pos.wehrmacht_cards(*cards).resume("wehrmacht", cards=len(cards), rest_of_turn=False)
    return pos.game()


def _starving(game: Game) -> set[str]:
    """The counters offered as the next to go hungry."""
    return {o.str_arg("counter") for o in game.legal_actions()}


def test_3_0_resupply_a_hungry_counter_saved_by_first_aid_is_not_offered_again() -> None:
    game = _resupply(first_aid=1)
    assert _starving(game) == set(HOUSE)
    game.apply("starve:svirin")
    game.apply("first-aid")
    assert game.state.pending is not None and game.state.pending["op"] == "starve_pick"
    assert _starving(game) == set(HOUSE) - {"svirin"}
    check_invariants(game)
    game.apply("starve:pavlov")  # no First Aid left: Pavlov is a casualty
    assert [str(e) for e in game.log[1:4]] == [
        f"{W}Resupply: 7 to feed need 2 Food; 1 paid, 2 go hungry (3.0 Special Cards: Resupply)",
        f"{W}First Aid saves Svirin (not enough Food) (5.0 First Aid)",
        f"{W}Pavlov is a casualty (not enough Food) (3.0 Special Cards: Resupply)",
    ]
    assert game.state.soviet["svirin"].where != "removed"
    assert game.state.soviet["pavlov"].where == "removed"
    assert len(game.engine.house_counters()) == 6
    check_invariants(game, allow_idle=True)


def test_3_0_resupply_first_aid_for_every_hungry_counter_saves_them_all() -> None:
    game = _resupply(first_aid=2)
    game.apply("starve:svirin")
    game.apply("first-aid")
    game.apply("starve:pavlov")
    game.apply("first-aid")
    assert game.state.pending is None or game.state.pending["op"] != "starve_pick"
    assert len(game.engine.house_counters()) == 7
    assert game.state.tokens["supplies"].get("first_aid", 0) == 0
    check_invariants(game, allow_idle=True)


def test_3_0_resupply_a_counter_saved_at_one_resupply_may_go_hungry_at_the_next() -> None:
    game = _resupply(first_aid=1, cards=("resupply-voentorg", "resupply-nail-factory"))
    game.apply("starve:svirin")
    game.apply("first-aid")
    game.apply("starve:pavlov")
    assert str(game.log[-1]).endswith(  # the second card: no Food left, six to feed
        "Resupply: 6 to feed need 2 Food; 0 paid, 6 go hungry (3.0 Special Cards: Resupply)")
    assert _starving(game) == set(HOUSE) - {"pavlov"}


def test_3_0_the_invariants_catch_a_saved_counter_offered_as_hungry_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the engine as it was: every counter in the house offered at each pick
    monkeypatch.setattr(wehrmacht, "_starve_candidates",
                        lambda e, chosen: e.house_counters())
    game = _resupply(first_aid=1)
    game.apply("starve:svirin")
    game.apply("first-aid")
    assert "svirin" in _starving(game)
    with pytest.raises(InvariantError, match=r"go hungry again: Svirin goes hungry \(3\.0"):
        check_invariants(game)
