"""The tutor: rulebook walkthroughs and the what-if lab, built from the engine and the board.

* :mod:`pavlov_widgets.tutor.walkthrough` — a rulebook example step by step, narrated, with
  the exact odds of every roll; watch it, make its choices, or roll fresh dice
  (``Walkthrough("sniper")``; :mod:`~pavlov_widgets.tutor.walkthrough_widget` draws it).
* :mod:`pavlov_widgets.tutor.lab` — exact odds of the next roll, forced rolls, branches and
  playouts of any position.
"""

from .walkthrough import Walkthrough

__all__ = ["Walkthrough"]
