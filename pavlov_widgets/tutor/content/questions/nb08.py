"""Notebook 08's questions: Resupply and Storm Groups (3.0 Special Cards).

Three questions: how many counters a Resupply card costs for want of Food (weapons do not
eat), whether a Storm Group raid may start while German counters stand on the card's colour,
and a prediction of a raid's total against the card's Defense. Variant 0 is the notebook's;
variant 1 asks the same rule on another house, another Storm Group card or other dice.
"""

from __future__ import annotations

from pavlov_widgets.engine import Game, Position
from pavlov_widgets.tutor.exercises.registry import Question, register

HOUSE = ("pavlov", "glushenko", "chernogolov", "alexandrov", "masijashvili", "chait", "kiselev",
         "svirin", "demchenko", "shkuratov", "ivashchenko", "stepanoshvili", "mosiyashvili",
         "yakymenko", "anikin", "gridin")
"""Defenders without a weapon letter, enough to fill a hungry house."""


def _hungry_game(variant: int) -> Game:
    """A Resupply card next: 16 counters and 3 Food (variant 0), or 12, a weapon and 2 Food."""
    on_positions, in_reserves = ((11, 5), (9, 3))[variant]
    p = Position()
    squares = [square.id for square in p.components.board.squares]
    names = HOUSE[:on_positions + in_reserves]
    for name, square in zip(names, squares[:on_positions], strict=False):
        p.counter(name, square)
    for name in names[on_positions:]:
        p.counter(name, "reserves")
    if variant == 1:
        p.weapon("maxim-1", "reserves")
    card = ("resupply-school-38", "resupply-gerhardt-mill")[variant]
    p.set_tokens("food", "supplies", (3, 2)[variant])
    return p.wehrmacht_cards(card).resume("soviet_cards").game()


def counters_lost(game: Game) -> str:
    """How many counters the Resupply card removes: end the card phase, starve whoever is asked.

    No First Aid token is in Supplies, so every casualty asked for is lost (3.0, 5.0).
    """
    game.apply("end-phase")  # no Soviet card this turn: the Resupply card comes up
    lost = 0
    while starving := [o for o in game.legal_actions() if o.verb == "starve"]:
        game.apply(starving[0].id)
        lost += 1
    return str(lost)


def _waiting_game(variant: int) -> Game:
    """A 62nd Army CP card in hand; a Storm Group card in the box; German infantry out there."""
    p = Position()
    card = p.soviet_card("62nd-army-cp", "13th-guards-cp")
    p.counter("glushenko", "G1").counter("chait", "R2").counter("kiselev", "reserves")
    if variant == 0:  # the L-shaped House is red; Riflemen on track 5, a red track
        p.wehrmacht(5, 1, "riflemen").storm_box("resupply-l-shaped-house")
    else:  # The Mill is purple; the Germans stand on green and red tracks only
        p.wehrmacht(2, 1, "scouts").wehrmacht(3, 2, "riflemen")
        p.storm_box("resupply-gerhardt-mill")
    return p.hand(card, "fog-1", "fog-2", "fog-3").resume("soviet_cards").game()


def may_raid(game: Game) -> str:
    """Whether the hand offers the 62nd Army CP's Storm Group action now (3.0, 2.0)."""
    offered = any(o.verb == "card" and o.str_arg("action") == "storm"
                  for o in game.legal_actions())
    return "Yes" if offered else "No"


def _mill_game(variant: int) -> Game:
    """Glushenko (1 die) and Kiselev (3 dice, Storm Group attribute) raid The Mill (Def. 9)."""
    dice = ((4, 2, 5, 1, 5, 2), (1, 3, 2, 2, 6, 1))[variant]
    p = Position()
    card = p.soviet_card("62nd-army-cp", "13th-guards-cp")
    p.counter("glushenko", "G1").counter("kiselev", "R2").counter("chait", "P1")
    p.storm_box("resupply-gerhardt-mill").hand(card, "fog-1", "fog-2", "fog-3")
    game = p.resume("soviet_cards").dice(*dice).game(auto_roll=False)
    storm = next(o.id for o in game.legal_actions()
                 if o.verb == "card" and o.str_arg("action") == "storm")
    for move in (storm, "raider:glushenko", "raider:kiselev", "launch"):
        game.apply(move)
    return game


register(Question(
    id="08.food",
    rule="3.0 Special Cards: Resupply",
    kind="choice",
    text=("The next German card is a Resupply card. Sixteen counters are in the house, "
          "eleven on combat positions and five in Reserves, and the Supplies box holds three "
          "Food tokens. How many counters will be lost for want of Food?",
          "The next German card is a Resupply card. Twelve counters are in the house, nine "
          "on combat positions and three in Reserves, a machine gun waits in Reserves too, and "
          "the Supplies box holds two Food tokens. How many counters will be lost for want "
          "of Food?"),
    position=_hungry_game,
    answer=counters_lost,
    choices=("0", "1", "2", "3"),
    explain=("Counters in Reserves eat too. Each Food token feeds five, so three tokens feed "
             "fifteen of the sixteen; the last one is a casualty, unless a First Aid token "
             "saves him (5.0).",
             "Only Soviet counters eat, in Reserves as well as on combat positions; the "
             "machine gun does not. Two Food tokens feed ten of the twelve counters, so two "
             "are casualties, unless First Aid tokens save them (5.0)."),
    teaches="resupply",
))

register(Question(
    id="08.may-raid",
    rule="3.0 Special Cards: Storm Group",
    kind="choice",
    text=(
        "The L-shaped House, a red Storm Group card, waits in the Storm Group box, "
        "Riflemen stand on track 5, and the hand holds a 62nd Army Command Post card. May you "
        "start a Storm Group raid on it this turn?",
        "The Mill, a purple Storm Group card, waits in the Storm Group box, Scouts stand on "
        "track 2 and Riflemen on track 3, and the hand holds a 62nd Army Command Post card. "
        "May you start a Storm Group raid on it this turn?"),
    position=_waiting_game,
    answer=may_raid,
    choices=("Yes", "No"),
    explain=("A raid needs the tracks of the card's colour clear of German counters. The "
             "L-shaped House is red, and track 5 is a red track: first remove the Riflemen "
             "(4.0 Attack).",
             "A raid needs only the tracks of the card's colour clear. The Mill is purple, "
             "and track 6, the purple one, is empty: the Germans on green and red tracks do "
             "not stop it."),
    teaches="storm-group",
))

register(Question(
    id="08.mill-raid",
    rule="3.0 Special Cards: Storm Group",
    kind="predict",
    text="The Mill, a purple Storm Group card with Defense 9, is in the Storm Group box and "
         "the purple track is clear. Glushenko and Kiselev raid it, and Kiselev has the Storm "
         "Group attribute. Will the raid succeed?",
    position=_mill_game,
    outcomes={"The raid succeeds": lambda game: bool(game.state.storm_won),
              "The raid fails": lambda game: not game.state.storm_won},
    explain="Glushenko rolls one die and Kiselev three (his Storm Group attribute adds two): "
            "the total of four dice must reach 9, and the odds show how rarely four dice fall "
            "that low.",
    teaches="storm-group",
))
