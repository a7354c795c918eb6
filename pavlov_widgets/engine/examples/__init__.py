"""The rulebook's gameplay examples as positions the engine plays.

:mod:`.positions` builds a position (``Position``); :mod:`.scenarios` registers every
gameplay example of the rulebook, with its scripted dice and moves, for the tests, the
walkthroughs and the notebooks alike.
"""
