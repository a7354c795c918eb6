"""Playing many games: policies, the simulator, the invariant checker, the command line.

The policies are a random, a heuristic and a fast player; the simulator summarises a
run's results;
the invariant checker is the engine's own (:mod:`pavlov_widgets.engine.check`), re-exported
here with the round-trip check of :mod:`pavlov_widgets.sim.invariants`.

Start with :func:`simulate` (``simulate(2000, seed=1, policy="heuristic")``) or the command
``python -m pavlov_widgets simulate --games 2000 --policy heuristic``. A policy is any
callable ``policy(game, rng)`` returning a legal option or its id (see
:mod:`pavlov_widgets.sim.policies`); :func:`play_to_end` lets a policy finish any game.
"""

from .fast import FastPolicy
from .german import GermanHeuristicPolicy
from .invariants import InvariantError, check_invariants, check_round_trips
from .policies import POLICIES, HeuristicPolicy, Policy, RandomPolicy, get_policy, policy_rng
from .simulate import (
    GameResult,
    SimulationError,
    Summary,
    play_game,
    play_to_end,
    replay,
    run_game,
    simulate,
)

__all__ = [
    "POLICIES",
    "FastPolicy",
    "GameResult",
    "GermanHeuristicPolicy",
    "HeuristicPolicy",
    "InvariantError",
    "Policy",
    "RandomPolicy",
    "SimulationError",
    "Summary",
    "check_invariants",
    "check_round_trips",
    "get_policy",
    "play_game",
    "play_to_end",
    "policy_rng",
    "replay",
    "run_game",
    "simulate",
]
