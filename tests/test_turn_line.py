"""The turn line is true (issue 21): "Turn 3 of 21" in a game, never "Turn 3 of 24".

A hand-built position (``Position(turn=3)``) keeps a whole Wehrmacht deck: played on, it would
last to turn 23 or 24, which no game by the rules does (1.1, one deck, three cards a turn). The
board's header, the board as text and :class:`Observer` then name the turn without a last turn;
where the deck fits the turn (every dealt game, a position of turn 1, the notebooks' end-game
positions) the line says the last turn as before.
"""

from __future__ import annotations

import random

import pytest

from pavlov_widgets.engine import Game, Position
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.widget import Board
from pavlov_widgets.widget.board import sync_state
from pavlov_widgets.widget.model import check_state
from pavlov_widgets.widget.view import game_view


@pytest.mark.parametrize("seed", [1, 6])
def test_1_1_a_dealt_game_says_turn_n_of_21_all_game(seed: int) -> None:
    game = Game.new(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        seen = Observer(game)
        assert seen.turns_in_game == 21
        assert seen.turn_line == f"Turn {game.turn} of {seen.last_turn}"
        assert seen.last_turn <= 21
        game.apply(rng.choice(game.legal_actions()))


def test_1_1_a_hand_built_position_with_a_whole_deck_names_no_last_turn() -> None:
    for pos in (Position(), Position().wehrmacht_cards("d1-sniper-1").resume("wehrmacht",
                                                                             cards=1)):
        game = pos.game()
        seen = Observer(game)
        assert seen.last_turn > 21  # what the deck alone would say: the slip of issue 21
        assert seen.turn_line == f"Turn {game.turn}"
        view = game_view(game)
        assert view["turnLine"] == f"Turn {game.turn}"


def test_1_1_a_position_whose_deck_fits_its_turn_says_its_last_turn() -> None:
    assert Observer(Position(turn=1).game()).turn_line == "Turn 1 of 21"
    end = Position(turn=20).wehrmacht_deck("d1-sniper-1", "d1-mortar-1", "d5-riflemen-2")
    assert Observer(end.game()).turn_line == "Turn 20 of 20"


def test_the_board_as_text_says_the_same_turn_line() -> None:
    board = Board(Position().counter("pavlov", "R2").game())
    lines = [line["text"] for part in board.outline for line in part["lines"]]
    assert "Turn 3, Soviet Card Phase." in lines
    assert not check_state(sync_state(board))  # turnLine is a declared field of the view
