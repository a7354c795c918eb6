"""The invariant checker the simulator runs with ``--check``, and the round trips.

:func:`check_invariants` runs the engine's own checker
(:func:`pavlov_widgets.engine.check.check_invariants`, the package's one checker of a state:
token totals and places, counters and weapons, tracks, cards and the rule cursor) and then
:func:`check_decisions`, what only the game's log can tell about the decision it waits for
(a counter First Aid saved from hunger is not asked to go hungry again at the same Resupply,
3.0 and 5.0). :class:`InvariantError` is the engine's, re-exported here.

:func:`check_round_trips` is dearer (it replays the game): save → load, ``copy()`` and
undo → redo each give back the same state, log and history. :func:`play_checked` plays one
game under both.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine import Game, Option, RuleSettings
from ..engine import check as engine_check
from ..engine.check import InvariantError

__all__ = ["InvariantError", "check_decisions", "check_invariants", "check_round_trips",
           "play_checked"]

FIRST_AID_RULE = "5.0 First Aid"
"""The rule of the log entry that says First Aid saved a counter."""


def _fail(game: Game, what: str) -> None:
    raise InvariantError(f"turn {game.turn}, {game.phase}: {what}")


def check_invariants(game: Game, *, allow_idle: bool = False) -> None:
    """The engine's checks of the state and cursor, then :func:`check_decisions`.

    ``allow_idle`` as in :func:`pavlov_widgets.engine.check.check_invariants` (a hand-made
    position that ran its steps and waits for nothing).

    Raises:
        InvariantError: the first problem, after the turn and phase.
    """
    engine_check.check_invariants(game, allow_idle=allow_idle)
    check_decisions(game)


def check_decisions(game: Game) -> None:
    """What the log tells about the pending decision (cheap: only at a Resupply's choice).

    At a Resupply (3.0 Special Cards: Resupply) the counters not fed are so many different
    counters, each a casualty First Aid may ignore (5.0): a counter First Aid saved since the
    Resupply card was revealed is not offered again as the next to go hungry.

    Raises:
        InvariantError: a counter offered to go hungry twice at one Resupply.
    """
    pending = game.state.pending
    # a roll waiting (kind "roll") has no op: only a decision can offer a counter
    if pending is None or pending.get("op") != "starve_pick":
        return
    saved: set[str] = set()
    for entry in reversed(game.log):
        if entry.kind == "card":  # the Resupply card itself: this Resupply began here
            break
        # by its section number: a French or Russian game writes the rule's name in its words
        if entry.rule.split(" ", 1)[0] == FIRST_AID_RULE.split(" ", 1)[0]:
            saved.update(entry.targets)
    again = [o.label for o in game.legal_actions() if saved.intersection(o.targets)]
    if again:
        _fail(game, f"a counter First Aid saved at this Resupply is asked to go hungry again: "
              f"{', '.join(again)} (3.0 Special Cards: Resupply, 5.0 First Aid)")


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
