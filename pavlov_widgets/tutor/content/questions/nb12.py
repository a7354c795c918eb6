"""Notebook 12's questions: the variants (7.3 Cooperative, 7.4 Competitive).

Three questions: which commander decides at a moment of the cooperative game (a Wehrmacht
card's question, the Soviet Counter Phase, the Soviet Card Phase; 7.3), the German order that
strikes first (7.4 Wehrmacht Planning), and whether the German player may keep a card back
(7.4: Resupply and Storm Group cards must be played). Variant 0 is the notebook's; variant 1
and more ask the same rule at another moment or on another deal.
"""

from __future__ import annotations

import random

from pavlov_widgets.engine import Decision, Game, Position, RuleSettings
from pavlov_widgets.engine.places import Card
from pavlov_widgets.engine.roles import ROLE_NAMES
from pavlov_widgets.sim.policies import get_policy
from pavlov_widgets.tutor.exercises.registry import Question, register

# --- 7.3 Cooperative: who decides -------------------------------------------------------------

COMMANDERS = ("The operations commander", "The house commander", "Either of them")
"""Who may decide at a moment of the cooperative game, in the words of the choices."""


def _cooperative_game(variant: int) -> Game:
    """A cooperative game at a moment where somebody decides (7.3).

    Variant 0: a Wehrmacht card's question (First Aid after a Sniper's hit); 1: the Soviet
    Counter Phase; 2: the Soviet Card Phase.
    """
    p = (Position(settings=RuleSettings.for_variant("cooperative"))
         .counter("pavlov", "G2").counter("chait", "R2"))
    if variant == 0:
        p.tokens("first_aid", "supplies", 1).wehrmacht_cards("d1-sniper-1")
        p.resume("wehrmacht", cards=1).dice(1, 2, 6, 1, 1, 1)
    else:
        p.resume("counter_moves" if variant == 1 else "soviet_cards")
    return p.game()


def who_decides(game: Game) -> str:
    """The commander the cooperative game waits for now, or both (7.3)."""
    deciders = game.roles_to_decide()
    if len(deciders) > 1:
        return COMMANDERS[2]
    return ROLE_NAMES[deciders[0]].capitalize()


register(Question(
    id="12.who-decides",
    rule="7.3 Cooperative (Two Players)",
    kind="choice",
    text=("In the cooperative game a Sniper has hit Pavlov, and the game asks whether to spend "
          "a First Aid token. Which commander may answer?",
          "In the cooperative game, who moves the defenders in this Soviet Counter Phase?",
          "In the cooperative game, who chooses the card actions of this Soviet Card Phase?"),
    position=_cooperative_game,
    answer=who_decides,
    choices=COMMANDERS,
    explain=("A question of a Wehrmacht card comes in the Wehrmacht Card Phase, which belongs "
             "to neither commander: either of them may answer it, here whether to spend First "
             "Aid on Pavlov.",
             "The house commander plays the Soviet Counter Phase: the moves and the counters' "
             "actions. The operations commander plays the Soviet Card Phase.",
             "The operations commander plays the Soviet Card Phase: the card actions. The "
             "house commander plays the Soviet Counter Phase."),
    teaches="12#two-commanders-7-3-cooperative",
    variants=3,
))


# --- 7.4 Competitive: the German player's orders ------------------------------------------


def _planned_game(variant: int) -> Game:
    """A competitive game whose German player has planned turn 1: three orders face down.

    The German player is the simulator's German policy; variant 1 is another deal.
    """
    game = Game.new(seed=(4, 5)[variant], settings=RuleSettings.for_variant("competitive"))
    policy, rng = get_policy("german-heuristic"), random.Random(2)
    while game.side_to_decide() == "german":
        game.apply(policy(game, rng), role="german")
    return game


def german_cards(game: Game) -> tuple[str, ...]:
    """The German player's Wehrmacht cards: the orders placed and the hand (7.4)."""
    return tuple(Card(c).id for c in (*game.state.orders, *game.state.german_hand))


register(Question(
    id="12.first-order",
    rule="7.4 Competitive",
    kind="click",
    text="The German player has placed three orders. Click the card that strikes first.",
    position=_planned_game,
    answer=lambda game: Card(game.state.orders[0]).id,
    among=german_cards,
    explain="The first order chosen lies on top of the pile: it is resolved first, then the "
            "second and the third.",
    teaches="12#playing-against-the-germans-7-4-competitive",
))


def _planning_game(variant: int) -> Game:
    """Wehrmacht Planning, four Wehrmacht cards in the German hand (7.4).

    Turn 3, a Resupply card in the hand (variant 0); turn 5, only ordinary cards (variant 1).
    The card the question names is the first of the hand.
    """
    p = Position(settings=RuleSettings.for_variant("competitive")).counter("pavlov", "G1")
    cards = ["d1-sniper-1", "d1-mortar-1", "d1-riflemen-1"]
    if variant == 0:
        cards.insert(0, next(c for c in p.state.wehrmacht_deck if c in p.components.resupply_cards))
    else:
        p.counter("chait", "R2").wehrmacht(3, 1, "riflemen")
        cards.append("d1-scouts-1")
    data = p.to_dict()
    data["wehrmacht_cards"] = {"german_hand": cards}
    data["turn"] = 3 if variant == 0 else 5
    data["resume"] = "turn_start"
    return Position.from_dict(data).game()


def may_keep_first(game: Game) -> str:
    """Whether the German player can keep the hand's first card for a later turn (7.4).

    The three orders are placed avoiding that card for as long as the engine lets them.
    """
    kept = game.state.german_hand[0]
    for _ in range(10):
        decision = game.pending
        if not isinstance(decision, Decision) or decision.op != "plan_order":
            break
        options = game.legal_actions()
        game.apply(next((o for o in options if o.str_arg("card") != kept), options[0]),
                   role="german")
    return "Yes" if kept in game.state.german_hand else "No"


register(Question(
    id="12.keep-card",
    rule="7.4 Competitive",
    kind="choice",
    text=("The German hand holds a Resupply card at the Wehrmacht Planning phase. May the German "
          "player keep it for a later turn?",
          "The German hand holds a Sniper at the Wehrmacht Planning phase. May the German player "
          "keep it for a later turn?"),
    position=_planning_game,
    answer=may_keep_first,
    choices=("Yes", "No"),
    explain=("Resupply and Storm Group cards cannot be held back: they must be among the "
             "turn's three orders.",
             "Of four cards in hand, three become orders and one may be kept for a later turn: "
             "any card but a Resupply or a Storm Group card."),
    teaches="12#playing-against-the-germans-7-4-competitive",
))
