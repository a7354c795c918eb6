"""Notebook 11's questions: First Aid, the end of the game and scoring (5.0, 6.0).

Five questions: what becomes of a shared weapon when a Mortar hits its two Disrupted crew and
First Aid saves one of them, or none (5.0 First Aid, 4.0 Soviet Counters and Weapon Counters);
the score of a position mid-game (6.0); the result of a game whose last Soviet Counter Phase
is ending (6.0); whether the free Milk House raid is offered (6.0); and a prediction of a
Mortar on the last, Disrupted defender (6.0 immediate loss). Variant 0 is the notebook's;
variant 1 asks the same rule on another position or with other dice.
"""

from __future__ import annotations

from pavlov_widgets.engine import Decision, Game, Position
from pavlov_widgets.engine.actions import ACCEPT, ACTIONS_DONE, FIRST_AID, MOVES_DONE
from pavlov_widgets.engine.places import Counter
from pavlov_widgets.engine.rules.scoring import victory_level
from pavlov_widgets.tutor.exercises.registry import Question, register

LAST_CARDS = ("d5-sniper-1", "d5-mortar-1", "d4-sniper-1")
"""The last three cards of a deck in the end-of-game questions: with low dice they hurt
nobody and place no counter, so the board the learner reads is the board that is scored."""


def _last_turn(position: Position) -> Game:
    """``position`` on the last turn, its last Soviet Counter Phase about to begin (6.0).

    The last three cards are played first, with low dice: they miss.
    """
    position.wehrmacht_deck(*LAST_CARDS).resume("wehrmacht_start").dice(*[1] * 20)
    return position.game()


def end_the_phase(game: Game) -> Game:
    """End the last Soviet Counter Phase without a move or an action (the game's copy)."""
    game.apply(MOVES_DONE)
    game.apply(ACTIONS_DONE)
    return game


# --- 5.0 First Aid: what it leaves behind -----------------------------------------------------


GUN_PLACES = ("On G2, with Sobgayda", "In Reserves", "Out of the game")
"""Where the M1937 gun can end up, in the words of the choices."""


def _shared_gun_game(variant: int) -> Game:
    """A Mortar about to hit G2, where Sobgayda and Murzaev share the M1937 gun, Disrupted.

    One First Aid token in Supplies (variant 0), none (variant 1).
    """
    p = (Position()
         .counter("sobgayda", "G2", disrupted=True)
         .counter("murzaev", "G2", disrupted=True)
         .weapon("m1937", "G2")
         .counter("pavlov", "R1"))
    if variant == 0:
        p.tokens("first_aid", "supplies", 1)
    p.wehrmacht_cards("d1-mortar-1").resume("wehrmacht", cards=1).dice(1, 2, 6, 1, 1, 1)
    return p.game(auto_roll=False)


def gun_after_mortar(game: Game) -> str:
    """Where the gun is once the Mortar is resolved, First Aid spent on Sobgayda if it can be.

    The Mortar's hit gives each of the two a second Disrupted token, a casualty each (3.0
    Suppress Defender); First Aid cancels one casualty per token (5.0); a weapon left alone on
    its position goes to Reserves (4.0 Soviet Counters and Weapon Counters).
    """
    sobgayda = Counter("sobgayda").id
    for _ in range(50):
        if game.chance() is not None:
            game.roll()
            continue
        decision = game.pending
        if not isinstance(decision, Decision) or decision.op != "first_aid":
            break
        lose = next(o for o in game.legal_actions() if o.id == ACCEPT)
        game.apply(FIRST_AID if sobgayda in lose.targets else ACCEPT)
    where = game.state.weapons["m1937"]
    return {"G2": GUN_PLACES[0], "reserves": GUN_PLACES[1]}.get(where, GUN_PLACES[2])


register(Question(
    id="11.shared-gun",
    rule="5.0 First Aid",
    kind="choice",
    text=("Sobgayda and Murzaev share G2 with the M1937 gun, and both already carry a Disrupted "
          "token. One First Aid token is in Supplies. A Mortar hits G2, and you spend the token "
          "on Sobgayda. Where is the gun afterwards?",
          "Sobgayda and Murzaev share G2 with the M1937 gun, and both already carry a Disrupted "
          "token. Supplies holds no First Aid token. A Mortar hits G2. Where is the gun "
          "afterwards?"),
    position=_shared_gun_game,
    answer=gun_after_mortar,
    choices=GUN_PLACES,
    explain=("A Mortar hit gives everyone on the position a second Disrupted token, a casualty "
             "each. First Aid cancels Sobgayda's casualty only: he stays on G2, still carrying "
             "his first Disrupted token, and the gun stays with him. Murzaev is lost.",
             "Without First Aid both become casualties. A weapon left alone on its position "
             "is not lost: it goes to Reserves, where a new crew can take it (4.0)."),
    teaches="11#what-first-aid-leaves-behind",
))


# --- 6.0 the score ----------------------------------------------------------------------------


def _score_game(variant: int) -> Game:
    """A position mid-game: raid VP won earlier, defenders (one in Reserves), German counters."""
    p = (Position()
         .counter("pavlov", "G2").counter("chait", "R2").counter("kiselev", "P1")
         .counter("masijashvili", "G5").counter("glushenko", "reserves"))
    if variant == 0:
        p.wehrmacht(1, 2, "riflemen").wehrmacht(3, 1, "machine-gunners")
        p.wehrmacht(6, 1, "panzer-ii").storm_won("resupply-school-38")
    else:
        p.counter("sobgayda", "R1").wehrmacht(5, 1, "riflemen").storm_won("resupply-voentorg")
    return p.game()


register(Question(
    id="11.score-now",
    rule="6.0 Ending the Game",
    kind="choice",
    text=("A raid on School No. 38 was won earlier. What would the score be if the game ended "
          "now, on this board?",
          "A raid on the Voentorg was won earlier. What would the score be if the game ended "
          "now, on this board?"),
    position=_score_game,
    answer=lambda game: str(game.score().total),
    # the right totals of both boards and the usual slips on the first: Reserves forgotten
    # (2), the raid forgotten (-4), German counters counted one point each (9)
    choices=("-4", "2", "3", "9"),
    explain=("School No. 38 is worth 7 VP; five defenders count, Glushenko in Reserves too; "
             "three German counters cost 3 each: 7 + 5 - 9 = 3.",
             "The Voentorg is worth 6 VP; six defenders count, Glushenko in Reserves too; one "
             "German counter costs 3: 6 + 6 - 3 = 9."),
    teaches="11#the-score-6-0",
))


def _result_game(variant: int) -> Game:
    """The last Soviet Counter Phase of a game: its final score -10 (variant 0) or -9 (1)."""
    p = (Position().counter("pavlov", "G2").counter("chait", "R2")
         .wehrmacht(1, 2, "riflemen").wehrmacht(3, 1, "machine-gunners")
         .wehrmacht(4, 1, "scouts").wehrmacht(6, 1, "panzer-ii"))
    if variant == 1:
        p.counter("kiselev", "P1")
    return _last_turn(p)


def final_level(game: Game) -> str:
    """The victory level once the last phase ends and the game is scored (6.0)."""
    return victory_level(end_the_phase(game).score().total)[1]


register(Question(
    id="11.result",
    rule="6.0 Ending the Game",
    kind="choice",
    text="The Wehrmacht deck is played out. When this last Soviet Counter Phase ends, with no "
         "move and no action, what is the result of the game?",
    position=_result_game,
    answer=final_level,
    choices=("Minor Victory", "Draw", "Minor Defeat", "Major Defeat"),
    explain=("Two defenders and four German counters: 2 - 12 = -10. From -9 to 0 is a draw; "
             "-10 is the first score of a Minor Defeat, down to -19.",
             "Three defenders and four German counters: 3 - 12 = -9, the lowest score that is "
             "still a draw; one defender fewer and it would be a Minor Defeat."),
    teaches="11#the-score-6-0",
))


def _free_raid_game(variant: int) -> Game:
    """The last turn with the Milk House in the Storm Group box.

    Scouts on track 4, a red track (variant 0), or on track 2, a green one (variant 1).
    """
    p = (Position().counter("pavlov", "G2").counter("chait", "R2").counter("kiselev", "P1")
         .wehrmacht(1, 2, "riflemen").wehrmacht(4 if variant == 0 else 2, 3, "scouts")
         .storm_box("d5-milk-house"))
    return _last_turn(p)


def free_raid(game: Game) -> str:
    """Whether the free Milk House raid is offered once the last phase ends (6.0)."""
    decision = end_the_phase(game).pending
    return "Yes" if isinstance(decision, Decision) and decision.op == "raid_pick" else "No"


register(Question(
    id="11.free-raid",
    rule="6.0 Ending the Game",
    kind="choice",
    text="The last Wehrmacht card has been played and the Milk House lies in the Storm Group "
         "box. When this phase ends, do you get the free raid on it?",
    position=_free_raid_game,
    answer=free_raid,
    choices=("Yes", "No"),
    explain=("The free Milk House raid needs the red tracks clear of German counters; the "
             "Scouts on track 4, a red track, forbid it.",
             "The free Milk House raid needs the red tracks (3, 4 and 5) clear of German "
             "counters. The Scouts and the Riflemen stand on green tracks: the raid is offered."),
    teaches="11#when-the-game-ends-6-0-ending-the-game",
))


# --- 6.0 losing at once ---------------------------------------------------------------------


def _last_man_game(variant: int) -> Game:
    """Chait, Disrupted, alone in the house, no First Aid; a Mortar turned over.

    Its dice miss (variant 0) or hit (variant 1).
    """
    dice = ((3, 2, 5, 2, 1, 1), (3, 2, 6, 1, 1, 1))[variant]
    return (Position().counter("chait", "R2", disrupted=True)
            .wehrmacht_cards("d1-mortar-1").resume("wehrmacht", cards=1)
            .dice(*dice).game(auto_roll=False))


register(Question(
    id="11.last-man",
    rule="6.0 Ending the Game",
    kind="predict",
    text="Chait is the last defender in the house, he already carries a Disrupted token, and "
         "Supplies holds no First Aid token. What will this Mortar do?",
    position=_last_man_game,
    outcomes={
        "The game is lost at once": lambda game: game.is_over,
        "Chait holds on": lambda game: not game.is_over,
    },
    explain="A Mortar hit on Chait gives him a second Disrupted token: a casualty. With no "
            "First Aid to cancel it and nobody else in the house, the game is lost on the "
            "spot, whatever the score.",
    teaches="11#losing-at-once-6-0",
))
