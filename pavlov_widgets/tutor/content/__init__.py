"""The tutor's content: the rulebook's gameplay examples, with their narration.

:mod:`.scenarios` registers every gameplay example of the rulebook (2nd printing) as a
:class:`Scenario`: the position it starts from (a :class:`~pavlov_widgets.engine.Position`),
its scripted dice and moves, the outcome the rulebook states, and a narration of each step
with its rule section. The walkthroughs, the exercises, the notebooks and the tests all play
the same scenarios, so the tutor cannot drift from the engine.

Example:
    >>> from pavlov_widgets.tutor.content import get_scenario, scenario_names
    >>> "sniper" in scenario_names()
    True
    >>> get_scenario("sniper").verify(get_scenario("sniper").play())
    []
"""

from .scenarios import SCENARIOS, Scenario, Step, get_scenario, scenario_names

__all__ = ["SCENARIOS", "Scenario", "Step", "get_scenario", "scenario_names"]
