"""Notebook 06's questions: artillery and the Ju 87 (3.0 Attack Building, Bomb Stalingrad).

Four questions: which Volga locations two bombs change (a bomb moving on past a Disrupted
location, a bomb destroying a token), how many planes still bomb after the Anti-aircraft dice,
how likely firing is to bring a plane down, and a prediction of an artillery card. Variant 0
is the notebook's; variant 1 asks the same rule on another position or with other dice.
"""

from __future__ import annotations

from pavlov_widgets.engine import Game, Position
from pavlov_widgets.engine.i18n import using
from pavlov_widgets.engine.places import Location
from pavlov_widgets.engine.text import times_in
from pavlov_widgets.tutor.content.questions._wehrmacht import card_game
from pavlov_widgets.tutor.exercises.model import play_card
from pavlov_widgets.tutor.exercises.registry import Question, register


def _two_bombs_game(variant: int) -> Game:
    """Two Ju 87s, no Anti-aircraft token ready; one location Disrupted, one with a token.

    Not the rulebook's raid (Wire on 14, Disrupted 10), which the notebook plays out above.
    """
    p = Position().counter("pavlov", "G1")
    if variant == 0:
        p.tokens("ammunition", 6).disrupt_location(15)
        return card_game(p, "d1-ju87-2-1", (6, 5, 4, 1, 2, 3))
    p.tokens("food", 5).disrupt_location(7)
    return card_game(p, "d1-ju87-2-1", (4, 2, 1, 1, 1, 3))


def changed_locations(game: Game) -> tuple[str, ...]:
    """The Volga locations whose tokens the pending card changes (the engine plays it)."""
    after, _entries = play_card(game)
    places = [Location(n).id for n in sorted(game.components.board.location_names)]
    return tuple(p for p in places
                 if game.state.tokens.get(p, {}) != after.state.tokens.get(p, {}))


register(Question(
    id="06.bomb-locations",
    rule="3.0 Bomb Stalingrad",
    kind="click",
    text=("Two Ju 87s come and no Anti-aircraft token is ready. Location 15 is already "
          "Disrupted and an Ammunition token lies on 6. The bombs roll 6 + 5 + 4 and "
          "1 + 2 + 3. Click the two locations whose tokens change, then Check.",
          "Two Ju 87s come and no Anti-aircraft token is ready. Location 7 is already "
          "Disrupted and a Food token lies on 5. The bombs roll 4 + 2 + 1 and 1 + 1 + 3. "
          "Click the two locations whose tokens change, then Check."),
    position=_two_bombs_game,
    answer=changed_locations,
    among="loc",
    pick=2,
    explain=("15 is already Disrupted, so the first bomb moves on to 16 and Disrupts it (and a "
             "Fog of War card joins the Soviet discards); the second lands on 6 and destroys "
             "the Ammunition token instead of Disrupting it.",
             "7 is already Disrupted, so the first bomb moves on to 8 and Disrupts it; the "
             "second lands on 5 and destroys the Food token instead of Disrupting it."),
    teaches="ju87",
))


def _aa_game(variant: int) -> Game:
    """Anti-aircraft tokens ready and a Ju 87 card turned over, the fire dice known.

    Variant 0: three planes, tokens on 8 and 12. Variant 1: four planes, tokens on 8 and 13.
    """
    if variant == 0:
        p = Position().counter("pavlov", "G1").tokens("aa", 8).tokens("aa", 12)
        return card_game(p, "d2-ju87-3-1", (6, 4, 3, 1, 3, 4, 5))
    p = Position().counter("pavlov", "G1").tokens("aa", 8).tokens("aa", 13)
    return card_game(p, "d4-ju87-4-1", (5, 1, 2, 2, 3, 4, 5, 2, 3, 4, 6, 1, 2))


def fire_every_token(game: Game) -> None:
    """Fire every ready Anti-aircraft token at the raid (3.0 Bomb Stalingrad)."""
    while (token := next((o for o in game.legal_actions() if o.verb == "aa"), None)):
        game.apply(token)
    game.apply("fire")


def bombs_dropped(game: Game) -> str:
    """Fire every token, roll the fire dice, and count the bombs the engine then rolls for."""
    fire_every_token(game)
    game.roll()
    _after, entries = play_card(game)
    # every roll left in this card is a bomb's (three dice for its location)
    return str(sum(1 for e in entries if e.kind == "roll"))


register(Question(
    id="06.aa-hits",
    rule="3.0 Bomb Stalingrad",
    kind="choice",
    text=("Three Ju 87s come, and you fire the Anti-aircraft tokens on 8 and 12. Their four "
          "dice show 6, 4, 3 and 1. How many Ju 87s still drop a bomb?",
          "Four Ju 87s come, and you fire the Anti-aircraft tokens on 8 and 13. Their four "
          "dice show 5, 1, 2 and 2. How many Ju 87s still drop a bomb?"),
    position=_aa_game,
    answer=bombs_dropped,
    choices=("0", "1", "2", "3", "4"),
    explain=("Every die of 4 or more (the Ju 87 Defense) downs one plane: the 6 and the 4 bring "
             "down two of the three.",
             "Every die of 4 or more (the Ju 87 Defense) downs one plane: only the 5 does, so "
             "three of the four still bomb."),
    teaches="ju87",
))


def _one_raid_game(variant: int) -> Game:
    """A Ju 87 card with two planes; one token ready on 9 (variant 0), or two, on 8 and 12."""
    p = Position().counter("pavlov", "G1")
    for n in ((9,), (8, 12))[variant]:
        p.tokens("aa", n)
    return card_game(p, "d1-ju87-2-1")


def chance_to_down_one(game: Game) -> str:
    """Fire every token and read the exact odds of at least one hit."""
    fire_every_token(game)
    chance = game.chance()
    if chance is None:
        raise ValueError("firing the tokens should wait for their dice")
    with using("en"):  # the choices are English until the questions are translated
        return times_in(1 - chance.probability("0 hits"))


register(Question(
    id="06.aa-odds",
    rule="3.0 Bomb Stalingrad",
    kind="choice",
    text=("A Ju 87 card with two planes comes, and one Anti-aircraft token is ready, on 9. If "
          "you fire it, how likely is it that at least one plane comes down?",
          "A Ju 87 card with two planes comes, and two Anti-aircraft tokens are ready, on 8 "
          "and 12. If you fire both, how likely is it that at least one plane comes down?"),
    position=_one_raid_game,
    answer=chance_to_down_one,
    choices=("1 time in 2 (50%)", "3 times in 4 (75%)", "7 times in 8 (88%)",
             "15 times in 16 (94%)"),
    explain=("A token rolls two dice, each missing the Ju 87 Defense of 4 one time in two: both "
             "miss one time in four. Three raids in four lose a bomb, and each bomb that does "
             "not fall is a location that stays clear.",
             "Two tokens roll four dice, each missing the Ju 87 Defense of 4 one time in two: "
             "all four miss one time in 16."),
    teaches="ju87",
))

START_DEFENSE = {"green": 6, "red": 4, "purple": 3}
"""The Defense values of the artillery prediction, in both variants (1.2)."""


def _shelling_game(variant: int) -> Game:
    """A 7.5cm leIG 18 (three dice) against the Defense values of :data:`START_DEFENSE`."""
    p = Position()
    for colour, value in START_DEFENSE.items():
        p.defense(colour, value)
    if variant == 0:
        p.counter("pavlov", "P3", disrupted=True).counter("glushenko", "P1")
        p.counter("chekhov", "R2")
        return card_game(p, "d1-leig18-1", (4, 1, 2, 3))
    p.counter("pavlov", "G2").counter("glushenko", "P5").counter("chekhov", "R3")
    return card_game(p, "d1-leig18-1", (5, 3, 1, 2))


register(Question(
    id="06.artillery-predict",
    rule="3.0 Attack Building",
    kind="predict",
    text=("A 7.5cm leIG 18 (3 dice) is turned over. The green Defense is 6, red 4 and purple "
          "3. Pavlov (already Disrupted) and Glushenko stand on purple, Chekhov on red. What "
          "will this card do?",
          "A 7.5cm leIG 18 (3 dice) is turned over. The green Defense is 6, red 4 and purple "
          "3. Pavlov stands on green, Chekhov on red and Glushenko on purple. What will this "
          "card do?"),
    position=_shelling_game,
    outcomes={
        "A Defense value drops by one": lambda after: after.state.defense != START_DEFENSE,
        "The purple defenders are Disrupted":
            lambda after: after.state.soviet["glushenko"].disrupted,
        "No damage": lambda after: True,
    },
    explain=("The colour die picks each side one time in three. Green at 6 needs a 6, red at 4 "
             "a 4 or more, and purple is at its minimum: a 3 or more there Disrupts everyone "
             "on purple (and Pavlov, already Disrupted, becomes a casualty).",
             "The colour die picks each side one time in three. Green at 6 needs a 6, red at 4 "
             "a 4 or more, and purple is at its minimum: a 3 or more there Disrupts everyone "
             "on purple."),
    teaches="artillery",
))
