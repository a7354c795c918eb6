"""Notebook 10's questions: Command, reinforcements, weapon teams (4.0).

Four questions: which position's defender may radio for reinforcements (4.0 Request
Reinforcements), how many actions the Command Team gives, how many dice a weapon team rolls
(the weapon's Attack value, one more with Inspire), and a prediction of a Mortar card on a
shared position (a Suppress hit Disrupts both crew members). Variant 0 is the notebook's;
variant 1 asks the same rule on another house, another team or other dice.
"""

from __future__ import annotations

from pavlov_widgets.engine import Game, Position
from pavlov_widgets.engine.places import Square
from pavlov_widgets.tutor.content.questions.nb09 import before_counter_phase, phase_actions
from pavlov_widgets.tutor.exercises.model import ExerciseError
from pavlov_widgets.tutor.exercises.registry import ByVariant, Question, register

DEFENDERS = ("chait", "glushenko", "alexandrov", "chernogolov", "masijashvili", "kiselev",
             "svirin", "demchenko", "shkuratov", "ivashchenko", "stepanoshvili", "mosiyashvili",
             "yakymenko", "anikin", "gridin", "kalinin")
"""Sixteen defenders without a letter, one for every position of the house."""


def _manned_game(variant: int) -> Game:
    """Every position manned (variant 0), or every other one with two locations Disrupted."""
    p = Position()
    squares = [square.id for square in p.components.board.squares]
    if variant == 0:
        for name, square in zip(DEFENDERS, squares, strict=True):
            p.counter(name, square)
    else:  # the radio room G6 is the sixth; the 62nd Army CP and location 3 Disrupted
        for name, square in zip(DEFENDERS[1::2], squares[1::2], strict=True):
            p.counter(name, square)
        p.disrupt_location(3, 18)
    return p.resume("counter_actions").game()


def radio_positions(game: Game) -> tuple[str, ...]:
    """The positions of the defenders the engine offers a radio call (4.0)."""
    soviet = game.state.soviet
    return tuple(Square(soviet[o.str_arg("counter")].where).id
                 for o in game.legal_actions() if o.verb == "radio")


def _phase_game(variant: int) -> Game:
    """The Soviet Counter Phase is next; the three commanders' places differ by variant."""
    p = Position().counter("chait", "G3")
    if variant == 0:
        p.counter("pavlov", "G1").counter("naumov", "P1")
        p.counter("afanasyev", "R2", exhausted=True, disrupted=True)
    else:
        p.counter("pavlov", "G1", disrupted=True).counter("naumov", "P1")
        p.counter("afanasyev", "reserves")
    return before_counter_phase(p)


def _crew_game(variant: int) -> Game:
    """A weapon team about to fire: the anti-tank rifle at a StuG, or the DP-27 at Riflemen."""
    p = Position()
    if variant == 0:
        p.counter("sobgayda", "G2").counter("murzaev", "G2").weapon("ptrd-1", "G2")
        p.wehrmacht(1, 1, "stug-iiib")
    else:  # Voronov, with Inspire and the Machine Gun letter, stands on another position
        p.counter("ramazanov", "R2").counter("sarkisyan", "R2").weapon("dp-1", "R2")
        p.counter("voronov", "G1").wehrmacht(3, 2, "riflemen")
    return p.resume("counter_actions").game(auto_roll=False)


def team_dice(game: Game) -> str:
    """Fire the team's weapon on the engine's copy and count the dice of the roll (4.0)."""
    game.apply(next(o.id for o in game.legal_actions()
                    if o.verb == "team" and o.str_arg("kind") in ("at", "mg-attack")))
    game.apply(next(o.id for o in game.legal_actions() if o.verb == "target"))
    roll = game.chance()
    if roll is None:
        raise ExerciseError("the team's attack did not roll at once")
    return str(roll.dice)


def _mortar_game(variant: int) -> Game:
    """A Mortar card about to roll; Sobgayda and Murzaev share green 2, Pavlov holds red 2."""
    dice = ((1, 2, 5, 1, 1, 1), (1, 2, 2, 3, 1, 1))[variant]
    return (Position()
            .counter("sobgayda", "G2").counter("murzaev", "G2").weapon("m1937", "G2")
            .counter("pavlov", "R2").defense("green", 4)
            .wehrmacht_cards("d1-mortar-1").resume("wehrmacht", cards=1).dice(*dice)
            .game(auto_roll=False))


def crew_disrupted(game: Game) -> int:
    """How many of the two crew members carry a Disrupted token."""
    return sum(game.state.soviet[cid].disrupted for cid in ("sobgayda", "murzaev"))


register(Question(
    id="10.radio",
    rule="4.0 Request Reinforcements",
    kind="click",
    text=("Every position of the house is manned, and no Volga location is Disrupted. Click "
          "the position whose defender may call for reinforcements.",
          "Every other position of the house is manned, and locations 3 and 18 on the Volga "
          "are Disrupted. Click the position whose defender may call for reinforcements."),
    position=_manned_game,
    answer=radio_positions,
    among="square",
    explain=("Only the green 6 position has the radio; any defender standing there may use "
             "it, unless location 4 is Disrupted.",
             "The radio is in the green 6 room, and only a Disrupted 13th Guards Command Post "
             "(location 4) silences it: Disrupted tokens on 3 and 18 change nothing for it."),
    teaches="10#reinforcements-by-radio-4-0-request-reinforcements",
))

register(Question(
    id="10.team-actions",
    rule="4.0 Command Team",
    kind="choice",
    text=("The turn's last German card is about to be placed; then the Soviet Counter Phase "
          "begins. Pavlov, Naumov and Afanasyev stand on combat positions; Afanasyev is "
          "Exhausted and Disrupted. How many actions will that phase give?",
          "The turn's last German card is about to be placed; then the Soviet Counter Phase "
          "begins. Pavlov (Disrupted) and Naumov stand on combat positions; Afanasyev waits "
          "in Reserves. How many actions will that phase give?"),
    position=_phase_game,
    answer=phase_actions,
    choices=("2", "3", "4"),
    explain=("Pavlov, Afanasyev and Naumov all stand on combat positions as the phase begins: "
             "that is all the Command Team asks. Being Exhausted or Disrupted does not matter.",
             "The Command Team needs all three commanders on combat positions, and Afanasyev "
             "is in Reserves: the usual three. Pavlov's Disrupted token is not what decides "
             "it."),
    teaches="10#the-command-team-4-0-command-team",
))

register(Question(
    id="10.team-dice",
    rule="4.0 Inspire",
    kind="choice",
    text=("Sobgayda and Murzaev share green 2 with the PTRD-41 anti-tank rifle (Attack 3) and "
          "fire it at the StuG IIIb. How many dice do they roll?",
          "Ramazanov and Sarkisyan share red 2 with the DP-27 light machine gun (Attack 2) "
          "and fire it at the Riflemen; Voronov stands on green 1. How many dice do they "
          "roll?"),
    position=_crew_game,
    answer=team_dice,
    choices=ByVariant(("2", "3", "4", "5"), ("1", "2", "3", "4")),
    explain=("A team uses the weapon's Attack, not the counters' own; Sobgayda's Inspire adds "
             "one die to every Anti-tank action while he stands on a combat position.",
             "A team uses the weapon's Attack value. Voronov has Inspire and the Machine Gun "
             "letter, and he stands on a combat position: every Machine Gun attack rolls one "
             "die more, even one he does not fire himself."),
    teaches="10#attributes-inspire-and-storm-group-4-0-attributes",
))

register(Question(
    id="10.mortar-crew",
    rule="4.0 Soviet Counters and Weapon Counters",
    kind="predict",
    text="A Mortar card is about to resolve. Sobgayda and Murzaev share green 2 with their "
         "gun, Pavlov holds red 2, and the green Defense is down to 4. What will this Mortar "
         "do to the crew on green 2?",
    position=_mortar_game,
    outcomes={
        "Both are Disrupted": lambda game: crew_disrupted(game) == 2,
        "One of them is Disrupted": lambda game: crew_disrupted(game) == 1,
        "Neither is Disrupted": lambda game: crew_disrupted(game) == 0,
    },
    explain="A Suppress hit on a shared position Disrupts both counters; only an Attack hit "
            "lets you choose which of the two is hit.",
    teaches="weapons",
))
