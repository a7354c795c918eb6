"""A fast playout player: the heuristic's judgement, without its costliest refinement.

The what-if lab (:mod:`pavlov_widgets.tutor.lab.compare`) plays a position out hundreds of times
per question, so its player must cost little more than the engine itself.
:class:`FastPolicy` is :class:`~pavlov_widgets.sim.heuristic.HeuristicPolicy` with one
change, in the Soviet Card Phase (2.0): each card action is valued alone, without the
heuristic's small discount for what the card's other half could have done instead — a
refinement that asks the worth of every other action of the card at every card decision
(the most frequent decision of a game) and, measured on the same seeds, does not make the
heuristic win more often (``benchmarks/lab_bench.py`` prints both players' results and
speeds).

Everything else — moves, actions, tokens, raids, First Aid — is the heuristic's own,
including its speed work (:meth:`HeuristicPolicy._view`). Like the heuristic it is
deterministic: ``rng`` is accepted for the policy interface and not used.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Option
from ..engine.actions import END_PHASE
from .heuristic import _HANDLERS, HeuristicPolicy, Scored, View


class FastPolicy(HeuristicPolicy):
    """The heuristic with card actions valued alone (see the module docstring)."""

    name = "fast"

    def _handler(self, op: str) -> Callable[[HeuristicPolicy, View, Option], Scored] | None:
        """The scoring rule of a decision: this player's own where it has one (see above)."""
        return _FAST_HANDLERS.get(op) or _HANDLERS.get(op)

    def __repr__(self) -> str:
        return "FastPolicy()"

    def fast_card_action(self, v: View, o: Option) -> Scored:
        """A card action's worth alone (2.0): no discount for the card's other half."""
        if o.verb == END_PHASE:
            return 0.0, "nothing else is worth a card"
        return self.unit_action(v, o.str_arg("unit"), o.str_arg("action"))


_FAST_HANDLERS: dict[str, Callable[[HeuristicPolicy, View, Option], Scored]] = {
    "card_action": FastPolicy.fast_card_action,  # type: ignore[dict-item]
}
"""The decisions (by op) where the fast player differs from the heuristic."""
