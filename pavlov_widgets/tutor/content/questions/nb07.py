"""Notebook 07's questions: placing Wehrmacht counters, Sappers and the Assault (3.0).

Three questions and a prediction: where a pushed counter ends up (3.0 Advance Wehrmacht
Counters), which counter is pushed onto a Sapper token (3.0 Sapper Defenses), how many dice a
colour's infantry rolls in an Assault, and a prediction of an Assault's infantry round
(3.0 Assault). Variant 0 is the notebook's; variant 1 asks the same rule on another track,
another colour or with other dice.
"""

from __future__ import annotations

from pavlov_widgets.engine import Game, Position
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.tutor.content.questions._wehrmacht import card_game
from pavlov_widgets.tutor.exercises.model import after_card
from pavlov_widgets.tutor.exercises.registry import Question, register


def _push_game(variant: int) -> Game:
    """A counter card whose placement die names a track with a gap ahead of its first counters.

    Variant 0: Machine Gunners onto track 3 (Riflemen 1, Scouts 2, Panzer II 4). Variant 1:
    Riflemen onto track 5 (Scouts 1, Panzer III 2, Riflemen 4). No Suppression token is in
    the boxes, so the counter comes in without a question.
    """
    if variant == 0:
        p = (Position().counter("alexandrov", "R2").wehrmacht(3, 1, "riflemen")
             .wehrmacht(3, 2, "scouts").wehrmacht(3, 4, "panzer-ii"))
        return card_game(p, "d1-machine-gunners-2", (3,))
    p = (Position().counter("alexandrov", "R2").wehrmacht(5, 1, "scouts")
         .wehrmacht(5, 2, "panzer-iii").wehrmacht(5, 4, "riflemen"))
    return card_game(p, "d1-riflemen-1", (5,))


def where_the_scouts_stand(game: Game) -> str:
    """The circle of the (only) Scouts counter on the square."""
    return next(c for c in Observer(game).occupied_circles() if c.type == "scouts").region


register(Question(
    id="07.advance",
    rule="3.0 Advance Wehrmacht Counters",
    kind="click",
    text=("A Machine Gunners card comes up and its placement die will show 3. Track 3 holds "
          "Riflemen on circle 1, Scouts on circle 2 and a Panzer II on circle 4; the red "
          "Suppression box is empty. Click the circle where the Scouts will stand once the "
          "Machine Gunners are in.",
          "A Riflemen card comes up and its placement die will show 5. Track 5 holds Scouts on "
          "circle 1, a Panzer III on circle 2 and Riflemen on circle 4; the red Suppression "
          "box is empty. Click the circle where the Scouts will stand once the new Riflemen "
          "are in."),
    position=_push_game,
    answer=after_card(where_the_scouts_stand),
    among="track",
    explain=("The newcomer takes circle 1 and the unbroken run ahead of it moves up one circle "
             "each, into the first gap: the Riflemen to 2, the Scouts to 3. The Panzer II "
             "beyond the gap stays where it is.",
             "The newcomer takes circle 1 and the unbroken run ahead of it moves up one circle "
             "each, into the first gap: the Scouts to 2, the Panzer III to 3. The Riflemen "
             "beyond the gap stay where they are."),
    teaches="machine-gunners",
))


def _sapper_game(variant: int) -> Game:
    """A counter card pushing a run of counters; a Sapper token waits on the track's Sapper circle.

    Variant 0: Riflemen onto track 1 (Scouts 1, StuG IIIb 2, Panzer IV 4; the Sapper token
    on circle 3). Variant 1: Riflemen onto track 2 (Machine Gunners 1, StuG IIIb 3, Scouts 4;
    the Sapper token on circle 2).
    """
    p = Position().counter("pavlov", "G1")
    if variant == 0:
        p.wehrmacht(1, 1, "scouts").wehrmacht(1, 2, "stug-iiib")
        p.wehrmacht(1, 4, "panzer-iv").sapper(1, 3)
        return card_game(p, "d1-riflemen-1", (1, 1, 1, 1))
    p.wehrmacht(2, 1, "machine-gunners").wehrmacht(2, 3, "stug-iiib")
    p.wehrmacht(2, 4, "scouts").sapper(2, 2)
    return card_game(p, "d1-riflemen-1", (2, 1, 1, 1))


NOBODY = "None of them"
"""The choice for a push that brings no counter onto the Sapper token."""


def meets_the_sapper(game: Game) -> str:
    """The counter that stands on the Sapper token when its three dice are rolled (3.0)."""
    seen = Observer(game)
    spots = [(c.track, c.circle) for t in game.components.board.tracks
             for c in seen.circles(t.number) if seen.sapper_token(c.track, c.circle)]
    while (chance := game.chance()) is not None and chance.rule != "3.0 Sapper Defenses":
        game.roll()
    if chance is None:
        return NOBODY
    here = Observer(game)
    found = [here.circles(track)[circle - 1] for track, circle in spots]
    return next(game.components.wehrmacht_types[c.type].name for c in found if c.type)


register(Question(
    id="07.sapper",
    rule="3.0 Sapper Defenses",
    kind="choice",
    text=("A Riflemen card comes up and its placement die will show 1. Track 1 holds Scouts on "
          "circle 1, a StuG IIIb on circle 2 and a Panzer IV on circle 4; a Sapper token lies "
          "on circle 3. Which counter will face the Sapper dice?",
          "A Riflemen card comes up and its placement die will show 2. Track 2 holds Machine "
          "Gunners on circle 1, a StuG IIIb on circle 3 and Scouts on circle 4; a Sapper token "
          "lies on circle 2. Which counter will face the Sapper dice?"),
    position=_sapper_game,
    answer=meets_the_sapper,
    choices=("Riflemen", "Scouts", "StuG IIIb", "Panzer IV", "Machine Gunners", NOBODY),
    explain=("The push moves the Scouts to circle 2 and the StuG IIIb onto circle 3, the Sapper "
             "token: armour too meets the Sappers' dice. The Panzer IV beyond the gap does not "
             "move.",
             "The push moves the Machine Gunners from circle 1 onto circle 2, the Sapper token; "
             "circle 2 was the gap, so nothing beyond it moves."),
    teaches="machine-gunners",
))


def _red_assault(defense: int, dice: tuple[int, ...]) -> Game:
    """An Assault card; Machine Gunners on track 3, Riflemen on 4, a Panzer III on 5 (red)."""
    p = (Position().counter("alexandrov", "R2").counter("chait", "R4").defense("red", defense)
         .wehrmacht(3, 1, "machine-gunners").wehrmacht(4, 2, "riflemen")
         .wehrmacht(5, 1, "panzer-iii"))
    return card_game(p, "d2-assault-1", dice)


def _assault_game(variant: int) -> Game:
    """An Assault card with infantry and armour on one colour's tracks (3.0 Assault).

    Variant 0: red (:func:`_red_assault`, red Defense 6). Variant 1: green (Scouts and a
    StuG IIIb on track 1, Riflemen on track 2; green Defense 5).
    """
    if variant == 0:
        return _red_assault(6, (2, 3, 6, 1, 4, 2))
    p = (Position().counter("pavlov", "G2").counter("glushenko", "G5").defense("green", 5)
         .wehrmacht(1, 1, "scouts").wehrmacht(1, 2, "stug-iiib").wehrmacht(2, 1, "riflemen"))
    return card_game(p, "d2-assault-1", (2, 3, 6, 1, 4, 2))


def infantry_dice(game: Game) -> str:
    """How many dice the first colour's infantry rolls to suppress (after its position die)."""
    while (chance := game.chance()) is not None and chance.test.get("type") != "any":
        game.roll()  # the position die that picks the target
    if chance is None:
        raise ValueError("the Assault should roll its infantry's dice")
    return str(chance.dice)


register(Question(
    id="07.assault-dice",
    rule="3.0 Assault",
    kind="choice",
    text=("An Assault card comes up. On the red tracks stand Machine Gunners (track 3), "
          "Riflemen (track 4) and a Panzer III (track 5); Alexandrov and Chait hold red "
          "positions. How many dice will the red infantry roll to suppress?",
          "An Assault card comes up. On the green tracks stand Scouts and a StuG IIIb (track "
          "1) and Riflemen (track 2); Pavlov and Glushenko hold green positions. How many "
          "dice will the green infantry roll to suppress?"),
    position=_assault_game,
    answer=infantry_dice,
    choices=("1", "2", "3", "4"),
    explain=("Add the Suppress values of the infantry on the red tracks: Machine Gunners 2 and "
             "Riflemen 1. Armour adds nothing to the suppression; it attacks the building "
             "separately.",
             "Add the Suppress values of the infantry on the green tracks: Scouts 1 and "
             "Riflemen 1. The StuG IIIb adds nothing to the suppression; it attacks the "
             "building separately."),
    teaches="assault",
))


def _red_assault_game(variant: int) -> Game:
    """The red Assault of ``07.assault-dice``: red Defense 6 (variant 0) or 4 (variant 1)."""
    if variant == 0:
        return _red_assault(6, (2, 3, 6, 1, 4, 2))
    return _red_assault(4, (5, 4, 1, 2, 3, 2))


def someone_disrupted(game: Game) -> bool:
    """Whether Alexandrov or Chait carries a Disrupted token (or was made a casualty)."""
    return any(game.state.soviet[name].disrupted or game.state.soviet[name].where == "removed"
               for name in ("alexandrov", "chait"))


register(Question(
    id="07.assault-predict",
    rule="3.0 Assault",
    kind="predict",
    text=("An Assault card comes up. Machine Gunners (track 3) and Riflemen (track 4) stand on "
          "the red tracks with a Panzer III (track 5); Alexandrov and Chait hold red positions "
          "and the red Defense is 6. What will this Assault do to the red defenders?",
          "An Assault card comes up. Machine Gunners (track 3) and Riflemen (track 4) stand on "
          "the red tracks with a Panzer III (track 5); Alexandrov and Chait hold red positions "
          "and the red Defense is 4. What will this Assault do to the red defenders?"),
    position=_red_assault_game,
    outcomes={"Alexandrov or Chait gets a Disrupted token": someone_disrupted,
              "Nobody is Disrupted": lambda after: not someone_disrupted(after)},
    explain=("Whoever the position die picks, three dice must show a 6 to reach the red "
             "Defense of 6: that happens 91 times in 216.",
             "Whoever the position die picks, three dice must show a 4 or more to reach the "
             "red Defense of 4: that misses only one time in eight."),
    teaches="assault",
))
