"""Notebook 02's questions: setup and the components (Setup 1–11).

Each asks the learner to use a setup fact on a game, not to read back a number the notebook
printed: where the first defenders stand, how many Suppression tokens the Supplies box holds
once Ammunition arrives, how many Fog of War cards are left in the deck of a dealt game, and
which German counter pins the defenders down in an Assault. Variant 0 is the notebook's;
variant 1 is the same rule on another deal or another square.
"""

from __future__ import annotations

from pavlov_widgets.engine import Game, Position
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.engine.places import Box, Location
from pavlov_widgets.tutor.content.questions.nb04 import card_options
from pavlov_widgets.tutor.exercises.registry import Question, register

SETUP_BOXES = ("box:reserves", "box:supplies", "box:staging", "box:storm")
"""The house's boxes a setup question offers."""


def new_game(variant: int) -> Game:
    """A new game (Setup 1–11), another deal for each variant."""
    return Game.new(seed=1 + variant)


def reserves_box(game: Game) -> tuple[str, ...]:
    """The box where the counters in the house stand in a new game (Setup 6)."""
    house = Observer(game).house_counters()
    return tuple(dict.fromkeys(Box(game.state.soviet[cid].where).id for cid in house))


# seed 2 deals the Flotilla into the first hand (2.0 Volga Military Flotilla)
_AMMUNITION_SEED = 2


def _ammunition_game(variant: int) -> Game:
    """A new game with one (variant 0) or two (variant 1) Ammunition tokens on the boats."""
    p = Position.from_game(Game.new(seed=_AMMUNITION_SEED))
    for loc in (5, 6)[:variant + 1]:
        p.tokens("ammunition", Location(loc).id)
    return p.game()


def suppression_after_delivery(game: Game) -> str:
    """The Suppression tokens in Supplies once the Flotilla delivers the boats' cargo (2.0)."""
    game.apply(card_options(game, "deliver")[0])
    return str(Observer(game).tokens("supplies", "suppression"))


# seeds whose first hand holds one and two Fog of War cards (Setup 5, 2.1)
_FOG_SEEDS = (3, 19)


def _fog_game(variant: int) -> Game:
    return Game.new(seed=_FOG_SEEDS[variant])


def fog_in_deck(game: Game) -> str:
    """How many Fog of War cards are left in the Soviet deck (Setup 5, 2.1)."""
    cards = game.components.soviet_cards
    return str(sum(1 for c in game.state.soviet_deck if cards[c].fog))


# Variant 0: one infantry counter among armour; variant 1: another one, on other tracks.
_SQUARE = (
    ((1, 2, "panzer-ii"), (3, 1, "machine-gunners"), (5, 3, "stug-iiib")),
    ((2, 1, "panzer-iv"), (4, 2, "panzer-iii"), (6, 1, "scouts"), (3, 3, "panzer-ii")),
)


def _square_game(variant: int) -> Game:
    """German counters on 9 January Square, only one of them infantry."""
    p = Position(seed=7).counter("pavlov", "G1")
    for track, circle, kind in _SQUARE[variant]:
        p.wehrmacht(track, circle, kind)
    return p.game()


def german_circles(game: Game) -> tuple[str, ...]:
    """Every circle of 9 January Square holding a German counter (the places to click)."""
    return tuple(c.region for c in Observer(game).occupied_circles())


def infantry_circles(game: Game) -> tuple[str, ...]:
    """The circles holding infantry: the counters with a Suppress value (Setup 8, 3.0)."""
    return tuple(c.region for c in Observer(game).occupied_circles() if c.kind == "infantry")


register(Question(
    id="02.first-defenders",
    rule="Setup 6",
    kind="click",
    text=("A game has just been set up. Click the box where its first four defenders wait.",
          "Another game has just been dealt. Click the box where Pavlov, Glushenko, "
          "Chernogolov and Alexandrov stand."),
    position=new_game,
    answer=reserves_box,
    among=SETUP_BOXES,
    explain="The four counters marked with a white square start in Reserves: inside the "
            "house, but not yet at a combat position.",
    teaches="02#soviet-counters-setup-6",
))

register(Question(
    id="02.suppression-supplies",
    rule="Setup 9",
    kind="choice",
    text=("A game has just been set up, and one Ammunition token is already on the boats. "
          "The Flotilla delivers it. How many Suppression tokens are in the Supplies box "
          "then?",
          "A game has just been set up, and two Ammunition tokens are already on the boats. "
          "The Flotilla delivers them. How many Suppression tokens are in the Supplies box "
          "then?"),
    position=_ammunition_game,
    answer=suppression_after_delivery,
    choices=("5", "10", "15", "20"),
    explain=("Half of the twenty Suppression tokens start in Supplies, ten; the Ammunition "
             "token arrives as five more.",
             "Half of the twenty Suppression tokens start in Supplies, ten; each Ammunition "
             "token arrives as five more, so all twenty are in Supplies."),
    teaches="02#tokens-setup-9",
))

register(Question(
    id="02.fog-in-deck",
    rule="Setup 5",
    kind="choice",
    text=("This game has just been dealt, and one card of its first hand is Fog of War. How "
          "many Fog of War cards are still in the Soviet deck?",
          "This game has just been dealt, and two cards of its first hand are Fog of War. "
          "How many Fog of War cards are still in the Soviet deck?"),
    position=_fog_game,
    answer=fog_in_deck,
    choices=("0", "1", "2", "3", "4"),
    explain=("Setup shuffles three of the seven Fog of War cards into the deck (the other "
             "four wait in the stock); one of the three is in the hand, so two are left.",
             "Setup shuffles three of the seven Fog of War cards into the deck (the other "
             "four wait in the stock); two of the three are in the hand, so one is left."),
    teaches="02#soviet-cards-setup-5",
))

register(Question(
    id="02.suppress-value",
    rule="Setup 8",
    kind="click",
    text="Click the German counter on 9 January Square that shows a Suppress value: the one "
         "that pins your defenders down when an Assault comes.",
    position=_square_game,
    answer=infantry_circles,
    among=german_circles,
    explain="Infantry (Riflemen, Machine Gunners, Scouts) show a Suppress value and pin the "
            "defenders down; armour shows an Attack value and batters the house instead "
            "(3.0 Assault).",
    teaches="02#wehrmacht-counters-setup-8",
))
