"""Policies: who makes a player's decisions in a simulated game.

A policy is any callable ``policy(game, rng)`` that returns one of ``game.legal_actions()``
(an :class:`~pavlov_widgets.engine.Option`) or the id of one (a string from
``game.legal_ids()``, cheaper to list when a policy needs no more than the ids). It is called
once per decision; chance steps are rolled by the game itself (``auto_roll=True``). ``rng``
is a :class:`random.Random` the simulator derives from the game's seed and the policy's name
(:func:`policy_rng`), so a run replays exactly; a policy must not use the module-level
:mod:`random`.

Four policies come with the package: :class:`RandomPolicy` (uniform over the legal
options), :class:`~pavlov_widgets.sim.heuristic.HeuristicPolicy` (a sensible player),
:class:`~pavlov_widgets.sim.fast.FastPolicy` (the heuristic with cheap moves, for the
what-if lab's many playouts) and, for the German player of the Competitive variant (7.4),
:class:`~pavlov_widgets.sim.german.GermanHeuristicPolicy`. Writing your own takes a few
lines::

    def always_first(game, rng):
        return game.legal_actions()[0]

    simulate(100, seed=1, policy=always_first)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..engine import Game, Option
from .fast import FastPolicy
from .german import GermanHeuristicPolicy
from .heuristic import HeuristicPolicy

Choice = Option | str
"""What a policy returns: a legal option, or its id."""


class Policy(Protocol):
    """What the simulator calls at each decision: one of ``game.legal_actions()`` or its id."""

    def __call__(self, game: Game, rng: random.Random, /) -> Choice:
        """Choose an option of the pending decision."""
        ...


class RandomPolicy:
    """Uniformly random over the legal options: the baseline every strategy should beat."""

    name = "random"

    def __call__(self, game: Game, rng: random.Random) -> str:
        """The id of a uniformly random legal option (ids are the cheapest list to draw from)."""
        return rng.choice(game.legal_ids())

    def __repr__(self) -> str:
        return "RandomPolicy()"


POLICIES: dict[str, Callable[[], Policy]] = {
    "random": RandomPolicy,
    "heuristic": HeuristicPolicy,
    "fast": FastPolicy,
    "german-heuristic": GermanHeuristicPolicy,
}
"""The policies the command line knows, by name (each entry makes a fresh policy)."""


def get_policy(policy: str | Policy) -> Policy:
    """A policy by name (see :data:`POLICIES`), or the given callable unchanged.

    Raises:
        ValueError: an unknown policy name (the message lists the known ones).
        TypeError: neither a name nor a callable.
    """
    if isinstance(policy, str):
        if policy not in POLICIES:
            raise ValueError(f"unknown policy {policy!r}; known: {', '.join(POLICIES)}")
        return POLICIES[policy]()
    if not callable(policy):
        raise TypeError(f"a policy must be a name or a callable(game, rng), not {policy!r}")
    return policy


def policy_name(policy: str | Policy) -> str:
    """A short name for a policy: its ``name`` attribute, function name or class name."""
    if isinstance(policy, str):
        return policy
    name = getattr(policy, "name", None) or getattr(policy, "__name__", None)
    return str(name) if name else type(policy).__name__


def policy_rng(seed: int, name: str) -> random.Random:
    """The policy's random generator for the game dealt from ``seed``.

    Derived from the seed and the policy's name only, so the same game with the same policy
    always makes the same choices, and two policies do not share a stream.
    """
    return random.Random(f"pavlov_widgets.sim:{name}:{seed}")
