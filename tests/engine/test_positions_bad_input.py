"""Position's public entries refuse bad arguments with a PositionError, changing nothing.

Each case is one that crashed with a bare Python error before (issue 20): a track given as
text, ``used=`` given as a number, a kind of id that is not text, settings given by name, and
a Competitive position that did not survive its own JSON.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from pavlov_widgets.engine import Game, Position, PositionError, RuleSettings

COMPETITIVE = RuleSettings.for_variant("competitive")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda p: p.wehrmacht("1", 1, "riflemen"), "track '1', circle 1 is not on the board"),
        (lambda p: p.wehrmacht(1, 2.0, "riflemen"), "circle 2.0 is not on the board"),
        (lambda p: p.hand(used=5), "used=5: give the used cards as a list"),
        (lambda p: p.counter("pavlov", "G1", exhausted="yes"),
         "exhausted must be True or False, not 'yes'"),
        (lambda p: p.resume("wehrmacht", rest_of_turn=0), "rest_of_turn must be True or False"),
        (lambda p: p.game(auto_roll="no"), "auto_roll must be True or False"),
        (lambda p: p.known(5), "no kind of id 5"),
        (lambda p: p.tokens(["aa"], 12), "token kind ['aa']: give an id or a name"),
        (lambda p: p.steps({"op": "place_counter"}), "needs the field 'counter'"),
    ],
)
def test_a_setter_refuses_a_bad_argument_and_changes_nothing(
    call: Callable[[Position], Any], message: str
) -> None:
    pos = Position().counter("pavlov", "G1").defense("red", 5)
    before = (pos.to_dict(), pos.point)
    with pytest.raises(PositionError) as info:
        call(pos)
    assert message in str(info.value)
    assert (pos.to_dict(), pos.point) == before


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Position.names(5), "no kind of id 5"),
        (lambda: Position(settings="competitive"),  # type: ignore[arg-type]
         "settings must be a RuleSettings, not 'competitive'; for a variant: "
         "settings=RuleSettings.for_variant('competitive')"),
        (lambda: Position(components={}), "components must be a Components"),  # type: ignore
        (lambda: Position.help(components="x"), "components must be a Components"),  # type: ignore
        (lambda: Position.from_game("game"), "from_game needs a Game, not str"),  # type: ignore
        (lambda: Position.from_json("{}", check="yes"), "check must be True or False"),  # type: ignore
        (lambda: Position.from_dict({"settings": {"tactics": 5}}), "settings: "),
        (lambda: Position.from_dict({5: 1}), "position: unknown key 5"),  # type: ignore[dict-item]
        (lambda: Position.wrap({}), "state must be a GameState"),  # type: ignore[arg-type]
    ],
)
def test_a_class_entry_refuses_a_bad_argument(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(PositionError) as info:
        call()
    assert message in str(info.value)


def _moments(settings: RuleSettings, seed: int) -> list[Game]:
    """Copies of a random game at every moment a Position can describe."""
    game, rng, found = Game.new(seed=seed, settings=settings), random.Random(seed), []
    while not game.is_over and len(found) < 12:
        try:
            Position.from_game(game)
        except PositionError:
            pass
        else:
            found.append(game.copy())
        game.apply(rng.choice(game.legal_actions()))
    return found


@pytest.mark.parametrize("variant", ["competitive", "competitive-three"])
def test_7_4_a_competitive_position_survives_its_own_json(variant: str) -> None:
    moments = _moments(RuleSettings.for_variant(variant), seed=3)
    assert moments
    for game in moments:
        pos = Position.from_game(game)
        again = Position.from_json(pos.to_json())
        assert again.to_dict() == pos.to_dict()
        assert again.game().state.to_dict() == game.state.to_dict()
    assert any(game.state.german_hand for game in moments)
    assert any(game.state.german_tactics for game in moments)


def test_7_4_the_german_cards_are_written_in_their_families() -> None:
    game = _moments(COMPETITIVE, seed=3)[-1]
    data = Position.from_game(game).to_dict()
    assert data["wehrmacht_cards"]["german_hand"] == game.state.german_hand
    assert data["tactics_cards"]["german_hand"] == game.state.german_tactics


def test_7_4_the_competitive_riflemen_card_can_be_named() -> None:
    pos = Position(settings=COMPETITIVE).wehrmacht_cards("Competitive Riflemen")
    assert pos.state.wehrmacht_deck[0] == "d1-riflemen-competitive"
    assert "Riflemen (Competitive)" in Position.names("wehrmacht_cards")["d1-riflemen-competitive"]
    with pytest.raises(PositionError, match="only the competitive variant plays it"):
        Position().wehrmacht_cards("Competitive Riflemen")
