"""Notebook 03's questions: the turn, the board, line of sight (1.1–1.3).

Which German counters a defender may attack from a two-coloured room (1.3, 4.0 Attack),
which room sees two given colours, how many tracks a room sees, and a prediction of the
track a Riflemen counter enters (3.0 Place Wehrmacht Counter). Variant 0 is the notebook's;
variant 1 asks the same rule from the other two-coloured room or with another die.
"""

from __future__ import annotations

from collections.abc import Callable

from pavlov_widgets.engine import Game, Position
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.engine.places import Square
from pavlov_widgets.tutor.content.questions.nb02 import german_circles, new_game
from pavlov_widgets.tutor.exercises.registry import ByVariant, Question, register

SIGHT_TEACHES = "03#line-of-sight-1-3"
"""The section of notebook 03 that teaches line of sight."""

# Variant 0: Chekhov in the red-and-purple corner; variant 1: Glushenko in the green-and-red
# one. Each sees infantry and armour on his tracks, and infantry on a track he cannot see.
_SHOOTERS = (("chekhov", "P4R6"), ("glushenko", "G4R1"))
_GERMANS = (
    ((3, 2, "riflemen"), (4, 1, "panzer-iii"), (6, 2, "scouts"), (1, 3, "machine-gunners")),
    ((2, 1, "riflemen"), (3, 3, "stug-iiib"), (5, 2, "machine-gunners"), (6, 1, "scouts")),
)


def _sight_game(variant: int) -> Game:
    """One defender in a two-coloured room, German counters on four tracks, his actions next."""
    who, room = _SHOOTERS[variant]
    p = Position(seed=3).counter(who, room).counter("pavlov", "reserves")
    for track, circle, kind in _GERMANS[variant]:
        p.wehrmacht(track, circle, kind)
    return p.resume("counter_actions").game()


def attack_targets(game: Game) -> tuple[str, ...]:
    """The circles the engine lets the defender fire at once he attacks (1.3, 4.0 Attack)."""
    attack = next(o for o in game.legal_actions() if o.verb == "attack")
    game.apply(attack)
    return tuple(o.targets[0] for o in game.legal_actions() if o.targets)


def rooms_seeing(*colours: str) -> Callable[[Game], tuple[str, ...]]:
    """An answer: the combat positions whose line of sight is exactly these colours (1.3)."""
    def answer(game: Game) -> tuple[str, ...]:
        seen = Observer(game)
        return tuple(Square(sq.id).id for sq in game.components.board.squares
                     if seen.colours_seen(sq.id) == colours)
    return answer


def tracks_seen_from(room: str) -> Callable[[Game], str]:
    """An answer: how many tracks a defender in ``room`` sees (1.3)."""
    def answer(game: Game) -> str:
        return str(len(Observer(game).tracks_seen(room)))
    return answer


def _riflemen_game(variant: int) -> Game:
    """A Riflemen card turned over, its one die scripted: 4 (variant 0) or 6 (variant 1)."""
    return (Position(seed=4)
            .counter("chekhov", "G4R1").counter("glushenko", "R2").counter("potanski", "P1")
            .wehrmacht_cards("d1-riflemen-1").resume("wehrmacht", cards=1)
            .dice((4, 6)[variant])
            .game(auto_roll=False))


def riflemen_on(colour: str) -> Callable[[Game], bool]:
    """An outcome: a Riflemen counter stands on a track of ``colour`` (3.0)."""
    def test(after: Game) -> bool:
        return any(c.colour == colour and c.type == "riflemen"
                   for c in Observer(after).occupied_circles())
    return test


register(Question(
    id="03.corner-targets",
    rule="1.3 Line of Sight",
    kind="click",
    text=("Chekhov stands in R6/P4. Click every German counter he could attack with his own "
          "Attack.",
          "Glushenko stands in G4/R1. Click every German counter he could attack with his "
          "own Attack."),
    position=_sight_game,
    answer=attack_targets,
    among=german_circles,
    pick=None,
    explain=("A two-coloured room sees the tracks of both its colours, here the red and the "
             "purple ones, and a defender's own Attack only removes infantry (4.0 Attack), "
             "so not the Panzer III.",
             "A two-coloured room sees the tracks of both its colours, here the green and the "
             "red ones, and a defender's own Attack only removes infantry (4.0 Attack), so "
             "not the StuG IIIb."),
    teaches=SIGHT_TEACHES,
))

register(Question(
    id="03.two-colours",
    rule="1.3 Line of Sight",
    kind="click",
    text=("Click the combat position that sees both the red and the purple tracks.",
          "Click the combat position that sees both the green and the red tracks."),
    position=new_game,
    answer=ByVariant(rooms_seeing("red", "purple"), rooms_seeing("green", "red")),
    among="square",
    explain=("The corner room carrying red and purple sees the three red tracks and the "
             "purple one.",
             "The corner room carrying green and red sees the two green tracks and the three "
             "red ones."),
    teaches=SIGHT_TEACHES,
))

register(Question(
    id="03.tracks-seen",
    rule="1.3 Line of Sight",
    kind="choice",
    text=("How many tracks can a defender in G4/R1 see?",
          "How many tracks can a defender in R6/P4 see?"),
    position=new_game,
    answer=ByVariant(tracks_seen_from("G4R1"), tracks_seen_from("P4R6")),
    choices=("1", "2", "3", "4", "5", "6"),
    explain=("Green and red: the two green tracks and the three red ones.",
             "Red and purple: the three red tracks and the purple one."),
    teaches=SIGHT_TEACHES,
))

register(Question(
    id="03.riflemen-track",
    rule="3.0 Place Wehrmacht Counter",
    kind="predict",
    text="A Riflemen card has just been turned over: one die decides which track the counter "
         "enters. Which colour of track will it enter?",
    position=_riflemen_game,
    outcomes={"a green track": riflemen_on("green"), "a red track": riflemen_on("red"),
              "the purple track": riflemen_on("purple")},
    explain="One die, one track each: two tracks are green, three red and one purple.",
    teaches="03#9-january-square-middle-panel",
))
