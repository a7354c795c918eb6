"""Notebook 05's questions: the Sniper and the Mortar (3.0 Attack Defender, Suppress Defender).

Four questions: which position a Mortar hits after an empty position die (the search up,
then down), what a Mortar hit does to a defender with or without a Disrupted token, how likely
a whole Sniper card is to kill a lone defender (the colour die, then four dice against the
Defense), and a prediction of a Sniper card. Variant 0 is the notebook's; variant 1 asks the
same rule on another position or with other dice.
"""

from __future__ import annotations

from pavlov_widgets.engine import Game, Position
from pavlov_widgets.tutor.content.questions._wehrmacht import (
    card_game,
    chance_words,
    lone_counter,
)
from pavlov_widgets.tutor.exercises.model import next_target, play_card
from pavlov_widgets.tutor.exercises.registry import Question, register


def _search_game(variant: int) -> Game:
    """A Mortar whose position die names an empty position (3.0 Suppress Defender).

    Variant 0: green 3 is empty, a defender stands higher up (green 6) and lower down (green
    1, 2). Variant 1: purple 5 is empty and nobody stands higher, so the search goes down.
    """
    if variant == 0:
        p = Position().counter("glushenko", "G1").counter("pavlov", "G2").counter("chekhov", "G6")
        return card_game(p, "d1-mortar-1", (1, 3, 6, 1, 1, 1))
    p = Position().counter("glushenko", "P1").counter("pavlov", "P3").counter("chekhov", "G2")
    return card_game(p, "d2-mortar-1", (5, 5, 2, 2, 1, 1))


register(Question(
    id="05.mortar-search",
    rule="3.0 Suppress Defender",
    kind="click",
    text=("A Mortar card is turned over. Its colour die picks green and its position die shows "
          "3. Click the position this Mortar will hit.",
          "A Mortar card is turned over. Its colour die picks purple and its position die "
          "shows 5. Click the position this Mortar will hit."),
    position=_search_game,
    answer=next_target("square"),
    among="square",
    explain=("Green 3 is empty, so the search looks up first: green 4 (the corner room) and "
             "green 5 are empty, green 6 holds Chekhov. Green 2 is nearer, but a lower "
             "position counts only when every higher one is empty.",
             "Purple 5 is empty and so is purple 6, the only higher one: now the search goes "
             "down, and the nearest occupied lower position is purple 3, not purple 1."),
    teaches="mortar-disrupted",
))


def _second_token_game(variant: int) -> Game:
    """A Mortar that will hit a lone defender: already Disrupted (variant 0) or not (1)."""
    if variant == 0:
        p = Position().counter("glushenko", "P3", disrupted=True).defense("purple", 4)
        return card_game(p, "d1-mortar-1", (5, 3, 4, 1, 1, 1))
    p = Position().counter("chekhov", "R2").defense("red", 5)
    return card_game(p, "d3-mortar-1", (3, 2, 1, 5, 2, 1))


FATES = ("He stays, Disrupted", "He is a casualty", "He stays, no longer Disrupted")
"""What a Mortar hit can seem to do to its target, in the words of the choices."""


def mortar_fate(game: Game) -> str:
    """What becomes of the lone defender once the Mortar is resolved (3.0 Suppress Defender)."""
    who = lone_counter(game)
    him = play_card(game)[0].state.soviet[who]
    if him.where == "removed":
        return FATES[1]
    return FATES[0] if him.disrupted else FATES[2]


register(Question(
    id="05.second-disrupted",
    rule="3.0 Suppress Defender",
    kind="choice",
    text=("A Mortar hits Glushenko on purple 3, who already carries a Disrupted token. What "
          "happens to him?",
          "A Mortar hits Chekhov on red 2, who carries no Disrupted token. What happens to "
          "him?"),
    position=_second_token_game,
    answer=mortar_fate,
    choices=FATES,
    explain=("A second Disrupted token is never placed: the counter that should get it is a "
             "casualty and leaves the game.",
             "A Mortar hit gives a Disrupted token: Chekhov stays where he is, but may take no "
             "action except Recover until the token is gone."),
    teaches="mortar",
))


def _lone_sniper_game(variant: int) -> Game:
    """A Sniper card turned over, Pavlov alone in the house on red 2 (the dice to come)."""
    defense = (4, 3)[variant]
    return card_game(Position().counter("pavlov", "R2").defense("red", defense),
                     "d1-sniper-1")


register(Question(
    id="05.sniper-odds",
    rule="3.0 Attack Defender",
    kind="choice",
    text=("A Sniper card is turned over. Pavlov is alone in the house, on red 2, and the red "
          "Defense is 4. How likely is this card to make him a casualty?",
          "A Sniper card is turned over. Pavlov is alone in the house, on red 2, and the red "
          "Defense is 3. How likely is this card to make him a casualty?"),
    position=_lone_sniper_game,
    answer=lambda game: chance_words(game, "casualty"),
    choices=("5 times in 16 (31%)", "80 times in 243 (33%)", "15 times in 16 (94%)",
             "80 times in 81 (99%)"),
    explain=("First the colour die must pick red, 2 faces of 6 (1 time in 3); otherwise the "
             "Sniper finds nobody. Then four dice against Defense 4 hit 15 times in 16. "
             "Together: 1/3 × 15/16 = 5/16.",
             "First the colour die must pick red, 2 faces of 6 (1 time in 3); otherwise the "
             "Sniper finds nobody. Then four dice against Defense 3 hit 80 times in 81. "
             "Together: 1/3 × 80/81 = 80/243."),
    teaches="05#picking-a-target-colour-then-position-3-0-attack-defender",
))


def _sniper_game(variant: int) -> Game:
    """Pavlov on red 2 and Glushenko on purple 3, nobody on green; a Sniper card comes."""
    red, purple, dice = ((5, 4, (5, 1, 2, 3, 4, 1)), (4, 6, (4, 2, 1, 2, 4, 1)))[variant]
    p = (Position().counter("pavlov", "R2").counter("glushenko", "P3")
         .defense("red", red).defense("purple", purple))
    return card_game(p, "d1-sniper-1", dice)


register(Question(
    id="05.sniper-predict",
    rule="3.0 Attack Defender",
    kind="predict",
    text=("A Sniper card is turned over. Pavlov stands on red 2 (red Defense 5), Glushenko on "
          "purple 3 (purple Defense 4); nobody is on green. What will this Sniper do?",
          "A Sniper card is turned over. Pavlov stands on red 2 (red Defense 4), Glushenko on "
          "purple 3 (purple Defense 6); nobody is on green. What will this Sniper do?"),
    position=_sniper_game,
    outcomes={
        "Pavlov is a casualty": lambda after: after.state.soviet["pavlov"].where == "removed",
        "Glushenko is a casualty":
            lambda after: after.state.soviet["glushenko"].where == "removed",
        "Nobody is hurt": lambda after: True,
    },
    explain=("A third of the time the colour die picks green, where nobody stands: no effect. "
             "Otherwise four dice go against the Defense of the colour picked: red 5 hits 65 "
             "times in 81, purple 4 hits 15 times in 16.",
             "A third of the time the colour die picks green, where nobody stands: no effect. "
             "Otherwise four dice go against the Defense of the colour picked: red 4 hits 15 "
             "times in 16, purple 6 only 671 times in 1296."),
    teaches="sniper",
))
