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
  playouts of any position.
"""

from .coach import Coach
from .exercises import Quiz
from .walkthrough import Walkthrough

__all__ = ["Coach", "Quiz", "Walkthrough"]
