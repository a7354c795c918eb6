"""The tutor: walkthroughs, exercises, the coach and the what-if lab, on the engine and board.

Each part is a folder whose ``model`` holds what it knows (no widgets), whose ``session``
drives the board (a :class:`~pavlov_widgets.widget.Session`) and whose ``widget`` shows it:

* :mod:`pavlov_widgets.tutor.walkthrough` — a rulebook example step by step, narrated, with
  the exact odds of every roll; watch it, make its choices, or roll fresh dice
  (``Walkthrough("sniper")``);
* :mod:`pavlov_widgets.tutor.exercises` — "check yourself": questions the engine grades,
  answered on the board or with buttons, predictions with the exact odds of a whole card, and
  a notebook's score (``Quiz("05")``);
* :mod:`pavlov_widgets.tutor.coach` — a full game with a coach: every option explained on
  request, "why not?" for any place, and a review of the turning points at the end
  (``Coach(seed=1)``);
* :mod:`pavlov_widgets.tutor.lab` — exact odds of the next roll and of a whole card, options
  and plans played out on the same dice, a one-sentence hint, their charts, and all of it
  beside the board (``Lab()``);
* :mod:`pavlov_widgets.tutor.content` — the rulebook's examples as scenarios, with their
  narration.
"""

from pavlov_widgets.tutor.coach import Coach
from pavlov_widgets.tutor.exercises.model import Quiz
from pavlov_widgets.tutor.lab.card_odds import card_odds
from pavlov_widgets.tutor.lab.charts import ComparisonChart, OddsChart
from pavlov_widgets.tutor.lab.compare import Plan, compare, hint
from pavlov_widgets.tutor.lab.widget import Lab
from pavlov_widgets.tutor.walkthrough.model import Walkthrough

__all__ = [
    "Coach",
    "ComparisonChart",
    "Lab",
    "OddsChart",
    "Plan",
    "Quiz",
    "Walkthrough",
    "card_odds",
    "compare",
    "hint",
]
