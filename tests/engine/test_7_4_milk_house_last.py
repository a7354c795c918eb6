"""7.4 Competitive, the Note on the end of the game: the Milk House is the deck's last card.

The Note says two things: the German player ends the game holding one Wehrmacht card and two
Tactics cards, and the game still ends on the turn the Milk House Storm Group card is
revealed. With the Milk House anywhere in deck 5 the German player, who must play it when it
is drawn (7.4 Restriction), ends the game early with a full hand; with it at the bottom both
hold on turn 21. The reading and the three printings: ``docs/rules-notes.md``.
"""

from __future__ import annotations

import random

import pytest

from pavlov_widgets.engine import Game, RuleSettings
from pavlov_widgets.engine.positions import Position
from pavlov_widgets.engine.rules.setup import initial_state
from pavlov_widgets.sim.invariants import check_invariants
from pavlov_widgets.sim.policies import RandomPolicy

from .helpers import COMPONENTS

MILK_HOUSE = "d5-milk-house"
VARIANTS = ("competitive", "competitive-three")


@pytest.mark.parametrize("variant", VARIANTS)
def test_7_4_setup_puts_the_milk_house_at_the_bottom_of_deck_5(variant: str) -> None:
    settings = RuleSettings.for_variant(variant)
    assert settings.milk_house_at_bottom is False  # the variant itself puts it there
    for seed in range(30):
        deck = initial_state(seed, COMPONENTS, settings).wehrmacht_deck
        assert deck[-1] == MILK_HOUSE
        assert all(card.startswith("d5-") for card in deck[-12:])  # still in deck 5
    solo = {initial_state(seed, COMPONENTS, RuleSettings()).wehrmacht_deck[-1]
            for seed in range(30)}
    assert solo != {MILK_HOUSE}  # the solo game shuffles it into deck 5 (Setup 2)


def _turn_20(seed: int) -> Game:
    """Turn 20 of a competitive game dealt by the rules, at the Wehrmacht Planning phase.

    The German player holds four Wehrmacht and three Tactics cards; the decks hold the last
    three Wehrmacht cards and the last Tactics card; five defenders wait in Reserves.
    """
    pos = Position(seed=seed, settings=RuleSettings.for_variant("competitive"), turn=20)
    s = pos.state
    pos.wehrmacht_deck(*s.wehrmacht_deck[-7:])  # the cards before them are played
    s.german_hand, s.wehrmacht_deck = s.wehrmacht_deck[:4], s.wehrmacht_deck[4:]
    tactics = s.tactics_deck
    s.tactics_removed += tactics[:-4]
    s.german_tactics, s.tactics_deck = tactics[-4:-1], tactics[-1:]
    for cid in ("pavlov", "chernogolov", "glushenko", "alexandrov", "svirin"):
        pos.counter(cid, "reserves")
    assert pos.problems() == []
    return pos.resume("turn_start").game()


def _plan(game: Game, *cards: str) -> None:
    """The German player gives these orders, then places the first Tactics card offered."""
    for card in cards:
        game.apply(f"order:{card}", role="german")
    game.apply(game.legal_ids()[0], role="german")


def _play_until(game: Game, rng: random.Random, phase: str) -> None:
    """The Soviet side plays at random until the game reaches ``phase`` (or ends)."""
    policy = RandomPolicy()
    while not game.is_over and game.phase != phase:
        game.apply(policy(game, rng))
        check_invariants(game)


@pytest.mark.parametrize("seed", [3, 8])
def test_7_4_the_game_ends_on_turn_21_with_the_milk_house_and_one_and_two_cards_left(
        seed: int) -> None:
    game = _turn_20(seed)
    s = game.state
    assert game.state.wehrmacht_deck[-1] == MILK_HOUSE
    _plan(game, *s.german_hand[:3])
    # turn 20's draw takes the deck's last three cards, the Milk House with them
    assert MILK_HOUSE in s.german_hand and len(s.german_hand) == 4
    assert (len(s.german_tactics), s.wehrmacht_deck, s.tactics_deck) == (3, [], [])
    rng = random.Random(seed)
    _play_until(game, rng, "counter_actions")
    _play_until(game, rng, "planning")
    assert not game.is_over and game.turn == 21  # the Milk House not revealed: play on
    others = [card for card in s.german_hand if card != MILK_HOUSE]
    for card in others[:2]:
        game.apply(f"order:{card}", role="german")
    # the last order can only be the Milk House: it cannot be kept (7.4 Restriction)
    assert game.legal_ids() == [f"order:{MILK_HOUSE}"]
    _plan(game, MILK_HOUSE)
    assert (len(s.german_hand), len(s.german_tactics)) == (1, 2)
    _play_until(game, rng, "over")
    outcome = game.outcome
    assert outcome is not None and outcome["how"] == "deck_exhausted"
    revealed = [e.turn for e in game.log if e.kind == "card" and e.card == MILK_HOUSE]
    assert revealed == [21] and outcome["turn"] == 21
    assert (len(s.german_hand), len(s.german_tactics)) == (1, 2)  # as the Note says
    assert outcome["how_text"] == "the Milk House card was revealed this turn"
