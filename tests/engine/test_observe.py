"""The Observer (engine/observe.py): one answer to each derived question, true to the rules."""

from __future__ import annotations

import random

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.observe import Observer

_FRESH_ACTIONS = {"attack", "suppress", "command", "radio", "observe"}


def test_1_1_a_new_game_lasts_21_turns() -> None:
    seen = Observer(Game.new(seed=1))
    assert (seen.last_turn, seen.turns_left, seen.cards_left) == (21, 20, 63)
    assert seen.wehrmacht_phases_to_come == 21


def test_observer_answers_agree_with_the_rules_at_every_decision() -> None:
    rng = random.Random(6)
    game = Game.new(seed=6)
    while not game.is_over:
        seen = Observer(game)
        s = game.state
        assert seen.wehrmacht_phases_to_come == len(s.wehrmacht_deck) // 3
        assert seen.turns_left == seen.last_turn - s.turn >= 0
        for circle in seen.occupied_circles():
            assert s.tracks[circle.track - 1][circle.circle - 1] == circle.counter
            assert circle.defense == game.engine.wehrmacht_defense(circle.counter)
            assert circle.region == f"track:{circle.track}:{circle.circle}"
        options = game.legal_actions()
        acting = {o.str_arg("counter") for o in options if o.verb in _FRESH_ACTIONS}
        assert acting <= set(seen.counters_that_may_act())
        if (s.pending or {}).get("op") == "move_pick":
            moving = {o.str_arg("counter") for o in options if o.verb == "move"}
            assert moving == set(seen.counters_that_may_move())
        game.apply(rng.choice(options))


def test_1_3_a_position_sees_the_tracks_of_its_colours() -> None:
    game = Game.new(seed=2)
    seen = Observer(game)
    board = game.components.board
    for square in board.squares:
        colours = seen.colours_seen(square.id)
        assert set(colours) == set(square.numbers)
        assert seen.tracks_seen(square.id) == tuple(
            t.number for t in board.tracks if t.colour in colours)
    assert seen.colours_seen("reserves") == () and seen.tracks_seen("reserves") == ()
