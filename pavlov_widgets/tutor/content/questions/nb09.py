"""Notebook 09's questions: the Soviet Counter Phase (4.0).

Four questions: how many actions the phase gives (the Command Team counts where the three
commanders stand, not how they are), which positions a mover may not enter (no counter moves
onto an Exhausted or Disrupted one), which counter may still take an action other than
Recover, and a prediction of one Suppression token's die against German infantry (3.0 Place
Wehrmacht Counter, what Suppress prepares). Variant 0 is the notebook's; variant 1 asks the
same rule on another position or with other dice.
"""

from __future__ import annotations

from pavlov_widgets.engine import Game, Position
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.engine.places import Counter, Square
from pavlov_widgets.tutor.exercises.model import play_card
from pavlov_widgets.tutor.exercises.registry import Question, register


def before_counter_phase(position: Position) -> Game:
    """``position`` with the turn's last German card still to resolve (Riflemen, to track 6).

    Asked at the start of the Soviet Counter Phase, the board's bar would already show the
    moves and actions left, the very answer; one card earlier it shows nothing of them.
    """
    return (position.wehrmacht_cards("d1-riflemen-1").resume("wehrmacht", cards=1).dice(6)
            .game(auto_roll=False))


def _budget_game(variant: int) -> Game:
    """The phase is next: all three commanders on positions (variant 0), or Naumov out."""
    p = Position().counter("pavlov", "G1").counter("glushenko", "G2")
    if variant == 0:
        p.counter("afanasyev", "R3").counter("naumov", "P1", disrupted=True)
    else:
        p.counter("afanasyev", "R3", exhausted=True).counter("naumov", "reserves")
    return before_counter_phase(p)


def phase_actions(game: Game) -> str:
    """The actions the Soviet Counter Phase gives once the pending card is resolved (4.0)."""
    return str(play_card(game)[0].state.actions_left)


MOVER = "glushenko"
"""The counter about to move in the moving question."""


def _crowded_game(variant: int) -> Game:
    """Glushenko picked to move; one fresh, one Disrupted and one Exhausted counter around."""
    if variant == 0:
        p = (Position().counter(MOVER, "G2").counter("masijashvili", "G3")
             .counter("chait", "P2", disrupted=True).counter("chekhov", "R4", exhausted=True))
    else:
        p = (Position().counter(MOVER, "R3").counter("masijashvili", "R2")
             .counter("kiselev", "G5", exhausted=True).counter("chait", "P1", disrupted=True))
    game = p.resume("counter_moves").game()
    game.apply(next(o.id for o in game.legal_actions() if Counter(MOVER).id in o.targets))
    return game


def other_squares(game: Game) -> tuple[str, ...]:
    """Every combat position but the mover's own (the places the moving question offers)."""
    here = game.state.soviet[MOVER].where
    return tuple(Square(sq.id).id for sq in game.components.board.squares if sq.id != here)


def closed_to_mover(game: Game) -> tuple[str, ...]:
    """The positions the engine does not let the mover enter (4.0 Move)."""
    open_to_him = {Square(square).id for square in Observer(game).destinations(MOVER)}
    return tuple(region for region in other_squares(game) if region not in open_to_him)


def _later_game(variant: int) -> Game:
    """The action part of the phase: one counter Exhausted, one Disrupted, one done, one fresh."""
    p = Position().wehrmacht(1, 2, "riflemen")
    if variant == 0:
        p.counter("chekhov", "G1", exhausted=True).counter("glushenko", "R3", disrupted=True)
        p.counter("kiselev", "G2", marker="action").counter("svirin", "P1")
    else:
        p.counter("chait", "G1", disrupted=True).counter("kiselev", "R1", exhausted=True)
        p.counter("masijashvili", "P2", marker="action").counter("glushenko", "G3")
    return p.resume("counter_actions").game()


def ready(game: Game) -> tuple[str, ...]:
    """The counters that may still take an action other than Recover (4.0)."""
    return tuple(Counter(name).id for name in Observer(game).counters_that_may_act())


def _entry_game(variant: int) -> Game:
    """A Riflemen card has rolled a green track; the one green Suppression token is spent."""
    dice = ((1, 5), (2, 3))[variant]
    entry = (Position().counter("glushenko", "G1").tokens("suppression", "suppress:green", 1)
             .wehrmacht_cards("d1-riflemen-1").resume("wehrmacht", cards=1).dice(*dice))
    game = entry.game(auto_roll=False)
    game.roll()  # the placement die: a green track
    game.apply("spend:1")
    return game


def riflemen_placed(game: Game) -> bool:
    """Whether a Riflemen counter stands on the square (3.0 Place Wehrmacht Counter)."""
    return any(c.type == "riflemen" for c in Observer(game).occupied_circles())


register(Question(
    id="09.budget",
    rule="4.0 Command Team",
    kind="choice",
    text=("The turn's last German card, Riflemen, is about to be placed; then the Soviet "
          "Counter Phase begins. Pavlov, Afanasyev and Naumov stand on combat positions, and "
          "Naumov carries a Disrupted token. How many actions will that phase give?",
          "The turn's last German card, Riflemen, is about to be placed; then the Soviet "
          "Counter Phase begins. Pavlov and Afanasyev stand on combat positions, Afanasyev "
          "Exhausted, and Naumov waits in Reserves. How many actions will that phase give?"),
    position=_budget_game,
    answer=phase_actions,
    choices=("2", "3", "4"),
    explain=("All three Command counters stand on combat positions as the phase begins, so "
             "the Command Team gives four moves and four actions. A Disrupted token does not "
             "matter here: only where they stand.",
             "The Command Team needs all three commanders on combat positions as the phase "
             "begins; with Naumov in Reserves the phase has the usual three. Afanasyev being "
             "Exhausted changes nothing either way."),
    teaches="09#the-budget-4-0-soviet-counter-phase",
))

register(Question(
    id="09.closed-squares",
    rule="4.0 Move",
    kind="click",
    text=(
        "Glushenko, on green 2, is about to move. Masijashvili holds green 3, Chait "
        "(Disrupted) purple 2 and Chekhov (Exhausted) red 4. Click the two positions "
        "Glushenko may not move onto, then Check.",
        "Glushenko, on red 3, is about to move. Masijashvili holds red 2, Kiselev "
        "(Exhausted) green 5 and Chait (Disrupted) purple 1. Click the two positions "
        "Glushenko may not move onto, then Check."),
    position=_crowded_game,
    answer=closed_to_mover,
    among=other_squares,
    pick=2,
    explain=("Nobody may move onto a counter that is Exhausted or Disrupted: Chait's and "
             "Chekhov's positions are closed. Masijashvili is neither, so Glushenko may take "
             "green 3 and displace him.",
             "Nobody may move onto a counter that is Exhausted or Disrupted: Kiselev's and "
             "Chait's positions are closed. Masijashvili is fresh, so Glushenko may take red "
             "2 and displace him."),
    teaches="move",
))

register(Question(
    id="09.who-acts",
    rule="4.0 Soviet Counter Phase",
    kind="click",
    text=("Later in the Soviet Counter Phase: Chekhov is Exhausted, Glushenko is Disrupted, "
          "Kiselev has already acted, and Svirin has done nothing yet. Click the counter that "
          "may still Attack or Suppress this phase.",
          "Later in the Soviet Counter Phase: Chait is Disrupted, Kiselev is Exhausted, "
          "Masijashvili has already acted, and Glushenko has done nothing yet. Click the "
          "counter that may still Attack or Suppress this phase."),
    position=_later_game,
    answer=ready,
    among="counter",
    explain=("One action per counter: Kiselev's Action token says he is done. Chekhov and "
             "Glushenko may only Recover. Svirin is fresh.",
             "One action per counter: Masijashvili's Action token says he is done. Chait and "
             "Kiselev may only Recover. Glushenko is fresh."),
    teaches="09#the-budget-4-0-soviet-counter-phase",
))

register(Question(
    id="09.suppress-die",
    rule="3.0 Place Wehrmacht Counter",
    kind="predict",
    text="One Suppression token waits in the green Suppression box. A Riflemen card has just "
         "rolled a green track for its counter, and you spend the token: one die against the "
         "Riflemen's Defense of 4. What will the token do?",
    position=_entry_game,
    outcomes={"The Riflemen are stopped": lambda game: not riflemen_placed(game),
              "The Riflemen enter the track": riflemen_placed},
    explain="One die, and a 4, 5 or 6 stops them: this is what the Suppress action (4.0) "
            "prepares. The token goes back to the stock either way.",
    teaches="09#suppress-4-0-suppress",
))
