"""The tutor: rulebook walkthroughs and the what-if lab, built from the engine and the board.

* :mod:`pavlov_widgets.tutor.walkthrough` — a rulebook example step by step, narrated, with
  the exact odds of every roll; watch it, make its choices, or roll fresh dice
  (``Walkthrough("sniper")``; :mod:`~pavlov_widgets.tutor.walkthrough_widget` draws it).
* :mod:`pavlov_widgets.tutor.exercises` — "check yourself": questions the engine grades,
  answered on the board or with buttons, predictions with the exact odds of a whole card, and
  a notebook's score (``Quiz("05")``; :mod:`~pavlov_widgets.tutor.exercise_widgets` draws
  them).
* :mod:`pavlov_widgets.tutor.coach` — a full game with a coach: every option explained on
  request, "why not?" for any place, and a review of the turning points at the end
  (``Coach(seed=1)``).
* :mod:`pavlov_widgets.tutor.lab` — exact odds of the next roll, forced rolls, branches and
  playouts of any position; :mod:`~pavlov_widgets.tutor.card_odds` the exact odds of a whole
  card (``card_odds``); :mod:`~pavlov_widgets.tutor.compare` options and whole plans played
  out on the same dice (``compare``, ``Plan``) and a one-sentence ``hint``;
  :mod:`~pavlov_widgets.tutor.charts` their charts (``OddsChart``, ``ComparisonChart``);
  :mod:`~pavlov_widgets.tutor.lab_widget` all of it beside the board (``Lab()``).
"""

from .card_odds import card_odds
from .charts import ComparisonChart, OddsChart
from .coach import Coach
from .compare import Plan, compare, hint
from .exercises import Quiz
from .lab_widget import Lab
from .walkthrough import Walkthrough

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
