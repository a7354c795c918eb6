"""What the Wehrmacht card questions of notebooks 05–07 share: a card about to resolve (3.0).

Every such question is asked at the moment a Wehrmacht card has been turned over and its
first roll is pending, so the engine can play the card with the position's scripted dice (a
click or a choice) or follow every roll of it (a prediction's exact odds). Not a question
module itself: the package imports only the ``nbNN`` modules.
"""

from __future__ import annotations

from fractions import Fraction

from pavlov_widgets.engine import Game, Position
from pavlov_widgets.engine.i18n import using
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.engine.text import times_in
from pavlov_widgets.tutor.exercises.model import ExerciseError, card_outcomes


def card_game(position: Position, card: str, dice: tuple[int, ...] = ()) -> Game:
    """``position`` with the Wehrmacht ``card`` turned over, its first roll still to make.

    ``dice`` are the scripted dice the card will roll, in order (none: the position's seeded
    dice, for a question that asks only about the odds).
    """
    position.wehrmacht_cards(card).resume("wehrmacht", cards=1)
    if dice:
        position.dice(*dice)
    return position.game(auto_roll=False)


def lone_counter(game: Game) -> str:
    """The one Soviet counter in the house, whom the question's card aims at."""
    house = Observer(game).house_counters()
    if len(house) != 1:
        raise ExerciseError(f"the question needs one Soviet counter in the house, not "
                            f"{len(house)}")
    return house[0]


def chance_of(game: Game, happens: str) -> Fraction:
    """The exact probability that the pending card makes ``happens`` true of one counter.

    ``happens`` is "casualty" (the counter leaves the game) or "disrupted"; the counter is
    the only Soviet counter in the house (every roll of the card is followed).
    """
    who = lone_counter(game)
    tests = {
        "casualty": lambda after: after.state.soviet[who].where == "removed",
        "disrupted": lambda after: after.state.soviet[who].disrupted,
    }
    outcome = card_outcomes(game, {happens: tests[happens]})[0]
    return outcome.probability


def chance_words(game: Game, happens: str) -> str:
    """:func:`chance_of` in the words of the choices ("5 times in 16 (31%)")."""
    with using("en"):  # the choices are English until the questions are translated
        return times_in(chance_of(game, happens))
