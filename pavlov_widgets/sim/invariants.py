"""The invariant checker the simulator runs with ``--check``, and the round trips.

:func:`check_invariants` and :class:`InvariantError` are the engine's own
(:mod:`pavlov_widgets.engine.check`, the package's one checker): token totals and places,
counters and weapons, tracks, cards and the rule cursor, after every step. They are
re-exported here so ``from pavlov_widgets.sim import check_invariants`` keeps working.

:func:`check_round_trips` is dearer (it replays the game): save → load, ``copy()`` and
undo → redo each give back the same state, log and history. :func:`play_checked` plays one
game under both.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine import Game, Option, RuleSettings
from ..engine.check import InvariantError, check_invariants

__all__ = ["InvariantError", "check_invariants", "check_round_trips", "play_checked"]


def _fail(game: Game, what: str) -> None:
    raise InvariantError(f"turn {game.turn}, {game.phase}: {what}")


def check_round_trips(game: Game) -> None:
    """Save → load, ``copy()`` and undo → redo each give back the same game.

    The game itself is not changed (undo and redo are tried on a copy).

    Raises:
        InvariantError: a round trip that does not give back the same state, log or history.
    """
    state, log, history = game.state.to_dict(), game.log, game.history
    loaded = Game.from_json(game.to_json(), game.components)
    if loaded.state.to_dict() != state:
        _fail(game, "save -> load gives another state")
    if loaded.log != log or loaded.history != history:
        _fail(game, "save -> load gives another log or history")
    twin = game.copy()
    if twin.state.to_dict() != state or twin.log != log or twin.history != history:
        _fail(game, "copy() differs from the game")
    if twin.can_undo:
        twin.undo()
        twin.redo()
        if twin.state.to_dict() != state:
            _fail(game, "undo then redo gives another state")
        if twin.log != log or twin.history != history:
            _fail(game, "undo then redo gives another log or history")


def play_checked(
    seed: int,
    policy: Callable[[Game, random.Random], Option] | None = None,
    settings: RuleSettings | None = None,
    *,
    round_trip_every: int = 0,
) -> Game:
    """Play one game step by step, checking the invariants after every step.

    Every decision and every roll is a step (the game is played with ``auto_roll=False``
    and rolled here, from the game's own dice, so it is the same game the simulator plays
    with the same seed and policy). ``round_trip_every=k`` also runs
    :func:`check_round_trips` every k steps and at the end (0: only at the end).

    Raises:
        InvariantError: the first invariant that fails (the message names turn and phase).
    """
    from .policies import RandomPolicy, policy_name, policy_rng

    chooser = policy if policy is not None else RandomPolicy()
    rng = policy_rng(seed, policy_name(chooser))
    game = Game.new(seed=seed, settings=settings, auto_roll=False)
    check_invariants(game)
    steps = 0
    while not game.is_over:
        if game.state.pending and game.state.pending["kind"] == "chance":
            game.roll()
        else:
            game.apply(chooser(game, rng))
        steps += 1
        check_invariants(game)
        if round_trip_every and steps % round_trip_every == 0:
            check_round_trips(game)
    check_round_trips(game)
    return game
