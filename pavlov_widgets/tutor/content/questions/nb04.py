"""Notebook 04's questions: the Soviet Card Phase (2.0–2.3).

Four questions: how many card actions a hand gives (2.2, Improved Communications), which card
half delivers the boats' cargo and where the boats can load (2.0 Volga Military Flotilla),
and a prediction of a Ju 87 raid on the Wire tokens (3.0 Bomb Stalingrad). Variant 0 is the
notebook's; variant 1 asks the same rule on another hand, other Disrupted locations or other
dice.
"""

from __future__ import annotations

from pavlov_widgets.engine import Game, Option, Position
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.engine.places import CardHalf, Location
from pavlov_widgets.tutor.exercises.registry import Question, register

SIGNALS = (14, 15, 16, 17)
"""The 139th Signal Battalion's locations, where Wire tokens lie (2.0)."""


def _wired(position: Position, locs: tuple[int, ...]) -> Position:
    for n in locs:
        position.tokens("wire", Location(n).id)
    return position


def _hand_game(variant: int) -> Game:
    """A Soviet Card Phase about to start: all four Signals wired (variant 0) or three."""
    p = _wired(Position(seed=6).counter("pavlov", "G1").counter("glushenko", "R2"),
               SIGNALS if variant == 0 else SIGNALS[:3])
    p.tokens("ammunition", "loc:5").tokens("food", "loc:7")
    if variant == 0:
        cards = (p.soviet_card("volga-flotilla", "13th-guards-cp"),
                 p.soviet_card("62nd-army-cp", "267th-aa"),
                 p.soviet_card("32nd-guards-artillery", "1083rd-aa"), "fog-2")
    else:
        cards = (p.soviet_card("8th-guards-sapper", "volga-flotilla"),
                 p.soviet_card("13th-guards-cp", "62nd-army-cp"), "fog-3", "fog-5")
    return p.hand(*cards).resume("soviet_cards").game()


def usable_actions(game: Game) -> str:
    """How many card actions this hand gives (2.2).

    The phase's actions (three, four with Improved Communications), but never more than the
    cards that carry a unit: each action needs its own card.
    """
    cards = [c for c in game.state.hand if not game.components.soviet_cards[c].fog]
    return str(min(game.state.actions_left, len(cards)))


def hand_halves(game: Game) -> tuple[str, ...]:
    """Every half of every card in the hand, as the board's places (2.0)."""
    cards = game.components.soviet_cards
    return tuple(CardHalf(cid, unit).id for cid in game.state.hand for unit in cards[cid].units)


def card_options(game: Game, action: str) -> list[Option]:
    """The legal card actions of this kind ("deliver", "load") in the hand now (2.0)."""
    return [o for o in game.legal_actions()
            if o.verb == "card" and o.str_arg("action") == action]


def deliver_half(game: Game) -> tuple[str, ...]:
    """The card half whose legal action is Deliver Supplies (2.0 Volga Military Flotilla)."""
    return tuple(o.targets[0] for o in card_options(game, "deliver"))


def _load_game(variant: int) -> Game:
    """Three tokens in the Staging Area, the Flotilla on card 1, one boat location Disrupted."""
    p = (Position(seed=5)
         .counter("pavlov", "G1").counter("glushenko", "R2").counter("chait", "P2")
         .tokens("ammunition", "staging").tokens("food", "staging")
         .tokens("first_aid", "staging")
         .disrupt_location(*((7, 11) if variant == 0 else (5,))))
    cards = (p.soviet_card("volga-flotilla", "139th-signal"),
             p.soviet_card("62nd-army-cp", "volga-flotilla"),
             p.soviet_card("8th-guards-sapper", "32nd-guards-artillery"), "fog-1")
    return p.hand(*cards).resume("soviet_cards").game()


def load_spots(game: Game) -> tuple[str, ...]:
    """Where the boats may take a token once the Flotilla's Load Supplies is played (2.0)."""
    game.apply(card_options(game, "load")[0])
    return tuple(sorted({o.targets[0] for o in game.legal_actions() if o.verb == "load"}))


def _raid_game(variant: int) -> Game:
    """Four Wire tokens, and a Ju 87 raid of two aircraft about to roll its dice."""
    dice = ((2, 5, 6, 6, 6, 4), (3, 4, 5, 6, 2, 1))[variant]
    p = _wired(Position(seed=4).counter("pavlov", "G1"), SIGNALS)
    p.wehrmacht_cards("d1-ju87-2-1").resume("wehrmacht", cards=1).dice(*dice)
    return p.game(auto_roll=False)


def wires_left(after: Game) -> int:
    """How many Wire tokens lie on the Signal locations (2.0 139th Signal Battalion)."""
    seen = Observer(after)
    return sum(seen.location_count(n, "wire") for n in SIGNALS)


register(Question(
    id="04.fog-actions",
    rule="2.2 Take up to Three Actions",
    kind="choice",
    text=("All four Signal locations are wired, and one card of this hand is Fog of War. "
          "How many card actions can you take this phase?",
          "Three Signal locations are wired, and two cards of this hand are Fog of War. "
          "How many card actions can you take this phase?"),
    position=_hand_game,
    answer=usable_actions,
    choices=("2", "3", "4"),
    explain=("Improved Communications allows four actions, but each needs its own card, and "
             "the Fog of War card gives none; no Signals half is in this hand to swap it.",
             "Without the fourth Wire token the phase has three actions, and each needs its "
             "own card: two Fog of War cards leave two cards to use."),
    teaches="soviet-card-hand",
))

register(Question(
    id="04.deliver-half",
    rule="2.0 Volga Military Flotilla",
    kind="click",
    text="Click the card half that brings the boats' cargo into the house.",
    position=_hand_game,
    answer=deliver_half,
    among=hand_halves,
    explain="The Flotilla's Deliver Supplies moves the tokens on locations 5, 6 and 7 into "
            "the Supplies box; each Ammunition token arrives as five Suppression tokens.",
    teaches="04#across-the-volga-load-and-deliver-2-0",
))

register(Question(
    id="04.load-spots",
    rule="2.0 Volga Military Flotilla",
    kind="click",
    text="The Flotilla half of card 1 loads supplies. Click every location the boats can "
         "take a token on.",
    position=_load_game,
    answer=load_spots,
    among="loc",
    pick=None,
    explain="The boats take one token on each Flotilla location, 5, 6 and 7, and none on a "
            "Disrupted location.",
    teaches="04#across-the-volga-load-and-deliver-2-0",
))

register(Question(
    id="04.wire-raid",
    rule="3.0 Bomb Stalingrad",
    kind="predict",
    text="A Ju 87 raid of two aircraft comes, and no Anti-aircraft token is ready. How many "
         "of the four Wire tokens will survive it?",
    position=_raid_game,
    outcomes={"all four": lambda after: wires_left(after) == 4,
              "three": lambda after: wires_left(after) == 3,
              "two": lambda after: wires_left(after) == 2},
    explain="Each bomb lands on the total of three dice, and totals of 14 to 17 come up about "
            "one time in six; lose one Wire token and Improved Communications is gone until "
            "it is wired again.",
    teaches="ju87",
))
