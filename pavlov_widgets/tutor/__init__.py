"""The tutor: rulebook walkthroughs and the what-if lab, built from the engine and the board.

* :mod:`pavlov_widgets.tutor.lab` — exact odds of the next roll, forced rolls, branches and
  playouts of any position.
"""
