"""7.4 Competitive (Two or Three Players): a German player plans the Wehrmacht cards.

Each test is named after the clause of 7.4 it checks: the setup, the Wehrmacht Planning
phase (hands, orders, the Tactics card, the must-play restriction), the Wehrmacht Card Phase
(the Tactics card revealed, orders top to bottom) and the end of the game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from pavlov_widgets.engine import (
    Decision,
    Game,
    Option,
    RuleSettings,
    SettingsError,
    WrongRoleError,
    default_components,
)
from pavlov_widgets.engine.check import check_invariants, problems
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.engine.rules.planning import must_play
from pavlov_widgets.engine.rules.setup import initial_state
from pavlov_widgets.engine.state import GameState

COMPONENTS = default_components()
COMPETITIVE = RuleSettings.for_variant("competitive")
THREE = RuleSettings.for_variant("competitive-three")
PASSING = {"end-phase", "actions-done", "moves-done", "done", "decline", "fire", "back", "one",
           "leave", "spend:0", "accept"}


def _eager(game: Game, rng: random.Random) -> str:
    """A random option that prefers doing something (so games last to the later decks)."""
    ids = game.legal_ids()
    op = game.state.pending["op"]  # type: ignore[index]
    if op == "first_aid":
        return "first-aid"
    if op == "suppress_entry":
        return ids[-1]
    active = [i for i in ids if i not in PASSING]
    return rng.choice(active) if active and rng.random() < 0.9 else rng.choice(ids)


def _play(game: Game, rng: random.Random, until: Callable[[Game], bool] = lambda g: False,
          check: bool = False) -> None:
    """Play as the owners of each decision until ``until(game)`` or the end."""
    for _ in range(6000):
        if game.is_over or until(game):
            return
        if check:
            check_invariants(game)
        game.apply(_eager(game, rng), role=game.roles_to_decide()[0])
    raise AssertionError("the game did not end")


def _dealt(seed: int, top: list[str] | None = None,
           settings: RuleSettings = COMPETITIVE) -> Game:
    """A competitive game whose Wehrmacht deck starts with ``top`` (the rest as dealt)."""
    state = initial_state(seed, COMPONENTS, settings)
    for card in reversed(top or []):
        state.wehrmacht_deck.remove(card)
        state.wehrmacht_deck.insert(0, card)
    return Game(state, COMPONENTS, settings)


# --- setup ----------------------------------------------------------------------------------


def test_7_4_setup_adds_the_competitive_riflemen_card_to_deck_1() -> None:
    state = initial_state(1, COMPONENTS, COMPETITIVE)
    assert len(state.wehrmacht_deck) == 64  # 61 Wehrmacht cards + 3 Resupply
    deck1 = state.wehrmacht_deck[:13]
    assert "d1-riflemen-competitive" in deck1
    assert all(c.startswith("d1-") for c in deck1)
    solo = initial_state(1, COMPONENTS, RuleSettings())
    assert "d1-riflemen-competitive" not in solo.wehrmacht_deck and len(solo.wehrmacht_deck) == 63


def test_7_4_setup_deals_the_wehrmacht_and_resupply_cards_as_normal() -> None:
    state = initial_state(4, COMPONENTS, COMPETITIVE)
    resupply = [i for i, c in enumerate(state.wehrmacht_deck) if c in COMPONENTS.resupply_cards]
    assert resupply == [13, 26, 39]  # on top of decks 2, 3 and 4 (Setup 2)
    assert len(state.resupply_removed) == 3


def test_7_4_setup_tactics_remove_one_from_deck_1_and_two_from_decks_2_to_4() -> None:
    for seed in range(5):
        state = initial_state(seed, COMPONENTS, COMPETITIVE)
        removed = Counter(COMPONENTS.tactics[c].deck for c in state.tactics_removed)
        assert removed == {1: 1, 2: 2, 3: 2, 4: 2}
        decks = [COMPONENTS.tactics[c].deck for c in state.tactics_deck]
        assert decks == sorted(decks)  # deck 1 on top ... deck 4 at the bottom
        assert len(state.tactics_deck) == 23  # 21 turns, two left (components.md)


def test_7_4_competitive_takes_no_veteran_or_elite_level() -> None:
    with pytest.raises(SettingsError, match=r"7\.4 Competitive"):
        RuleSettings(competitive=True, tactics="veteran")
    assert THREE.variant_rules == ("7.3", "7.4")


# --- the Wehrmacht Planning phase -------------------------------------------------------------


def test_7_4_planning_opens_every_turn_before_the_soviet_card_phase() -> None:
    game = Game.new(seed=2, settings=COMPETITIVE)
    assert (game.turn, game.phase, game.phase_label) == (1, "planning", "Wehrmacht Planning")
    _play(game, random.Random(2), lambda g: g.turn == 2)
    assert game.phase == "planning" and game.state.pending["op"] == "plan_order"  # type: ignore[index]


def test_7_4_planning_first_turn_draws_four_wehrmacht_and_three_tactics_cards() -> None:
    state = initial_state(2, COMPONENTS, COMPETITIVE)
    top, tactics = state.wehrmacht_deck[:4], state.tactics_deck[:3]
    game = Game(state, COMPONENTS, COMPETITIVE)
    assert game.state.german_hand == top and game.state.german_tactics == tactics
    assert len(game.state.wehrmacht_deck) == 60 and len(game.state.tactics_deck) == 20


def test_7_4_planning_chooses_three_ordered_orders_and_a_tactics_card_then_draws() -> None:
    game = Game.new(seed=2, settings=COMPETITIVE)
    s = game.state
    next_cards, next_tactic = s.wehrmacht_deck[:3], s.tactics_deck[0]
    hand = list(s.german_hand)
    chosen = [hand[2], hand[0], hand[3]]
    for n, card in enumerate(chosen, start=1):
        pending = game.pending
        assert isinstance(pending, Decision)
        assert pending.op == "plan_order" and pending.rule == "7.4 Competitive"
        assert pending.roles == ("german",)
        assert f"order {n} of 3" in pending.prompt
        option = next(o for o in pending.options if o.args["card"] == card)
        assert option.id == f"order:{card}" and option.verb == "order"
        assert option.label.startswith(f"Order {n}: ")
        assert Option.from_id(option.id).args == {"card": card}
        game.apply(option, role="german")
    assert game.state.orders == chosen  # the first chosen is the top: the first order
    tactic = game.state.german_tactics[1]
    assert game.legal_ids() == [f"tactic:{t}" for t in game.state.german_tactics]
    game.apply(f"tactic:{tactic}", role="german")
    assert game.state.tactics_chosen == tactic
    assert game.state.german_hand == [hand[1], *next_cards]  # drew three
    assert tactic not in game.state.german_tactics
    assert game.state.german_tactics[-1] == next_tactic  # and one Tactics card
    assert len(game.state.german_tactics) == 3
    assert game.phase == "soviet_cards"


def test_7_4_planning_must_choose_resupply_and_storm_group_cards() -> None:
    deck2_resupply = initial_state(3, COMPONENTS, COMPETITIVE).wehrmacht_deck[13]
    game = _dealt(3, top=[deck2_resupply])
    hand = game.state.german_hand
    special = hand[0]
    assert special in COMPONENTS.resupply_cards and must_play(game.engine, special)
    others = [c for c in hand if c != special]
    assert not any(must_play(game.engine, c) for c in others)
    # three slots and one card that must be played: any card may come first
    assert sorted(game.legal_ids()) == sorted(f"order:{c}" for c in hand)
    label = next(o.label for o in game.legal_actions() if o.args["card"] == special)
    assert label.endswith("(must be played)")
    game.apply(f"order:{others[0]}", role="german")
    game.apply(f"order:{others[1]}", role="german")
    assert game.legal_ids() == [f"order:{special}"]  # it cannot be kept back
    game.apply(f"order:{special}", role="german")
    assert game.state.orders == [others[0], others[1], special]
    assert others[2] in game.state.german_hand


def test_7_4_planning_the_milk_house_must_be_played_as_soon_as_it_is_drawn() -> None:
    game = _dealt(5, top=["d5-milk-house"])
    game.apply(game.legal_ids()[1], role="german")
    game.apply(game.legal_ids()[1], role="german")
    assert game.legal_ids() == ["order:d5-milk-house"]


def test_7_4_reading_more_must_play_cards_than_orders_offers_only_them() -> None:
    """Rule silent (it cannot happen with the game's cards): only must-play cards are offered.

    The one left over must be played the next turn.
    """
    state = initial_state(6, COMPONENTS, COMPETITIVE)
    specials = [c for c in state.wehrmacht_deck if c in COMPONENTS.resupply_cards]
    specials.append("d5-milk-house")
    game = _dealt(6, top=specials)
    assert sorted(game.legal_ids()) == sorted(f"order:{c}" for c in specials)
    for _ in range(3):
        assert all(o.args["card"] in specials for o in game.legal_actions())
        game.apply(game.legal_ids()[0], role="german")
    assert len([c for c in game.state.german_hand if c in specials]) == 1


def test_7_4_the_german_decisions_belong_to_the_german_player() -> None:
    game = Game.new(seed=7, settings=COMPETITIVE)
    assert game.roles == ("soviet", "german") and game.side_to_decide() == "german"
    before = game.to_dict()
    with pytest.raises(WrongRoleError, match=r"the German player .*7\.4 Competitive"):
        game.apply(game.legal_ids()[0], role="soviet")
    assert game.to_dict() == before
    _play(game, random.Random(7), lambda g: g.phase == "soviet_cards")
    assert game.roles_to_decide() == ("soviet",)
    with pytest.raises(WrongRoleError, match="the Soviet player"):
        game.apply("end-phase", role="german")


def test_7_4_three_players_split_the_soviet_side_as_in_7_3() -> None:
    game = Game.new(seed=7, settings=THREE)
    assert game.roles == ("operations", "house", "german")
    assert game.roles_to_decide() == ("german",)
    _play(game, random.Random(7), lambda g: g.phase == "soviet_cards")
    assert game.roles_to_decide() == ("operations",)
    with pytest.raises(WrongRoleError, match=r"7\.3"):
        game.apply("end-phase", role="house")


# --- the Wehrmacht Card Phase -----------------------------------------------------------------


def test_7_4_the_tactics_card_is_revealed_at_the_start_of_the_wehrmacht_card_phase() -> None:
    game = Game.new(seed=8, settings=COMPETITIVE)
    rng = random.Random(8)
    _play(game, rng, lambda g: g.phase == "soviet_cards")
    chosen = game.state.tactics_chosen
    assert chosen and game.state.tactics_in_play == []
    assert game.engine.tactic("artillery_dice") == 0  # face down: no effect yet
    _play(game, rng, lambda g: g.phase != "soviet_cards")
    assert game.state.tactics_in_play == [chosen] and game.state.tactics_chosen == ""
    revealed = [e for e in game.log if e.card == chosen and not e.seen_by]
    assert revealed and revealed[-1].phase == "Wehrmacht Card Phase"
    assert revealed[-1].rule == "7.4 Competitive"
    # it acts for the rest of the turn, and leaves when the next one is revealed
    _play(game, rng, lambda g: g.turn == 2 and g.phase == "wehrmacht_cards")
    if not game.is_over:
        assert chosen in game.state.tactics_removed


def test_7_4_the_orders_are_resolved_top_to_bottom() -> None:
    for seed in range(8):
        game = Game.new(seed=seed, settings=COMPETITIVE)
        rng = random.Random(seed)
        _play(game, rng, lambda g: g.phase == "soviet_cards")
        orders = list(game.state.orders)
        _play(game, rng, lambda g: g.phase.startswith("counter") or g.turn > 1)
        revealed = [e.card for e in game.log
                    if e.kind == "card" and e.phase == "Wehrmacht Card Phase" and e.turn == 1]
        assert revealed == orders[: len(revealed)]
        if not game.is_over:
            assert revealed == orders and game.state.orders == []


# --- the end of the game ----------------------------------------------------------------------


def test_7_4_the_game_ends_with_one_wehrmacht_and_two_tactics_cards_left() -> None:
    settings = RuleSettings.for_variant("competitive", milk_house_at_bottom=True)
    for seed in range(60):
        game = Game.new(seed=seed, settings=settings)
        assert Observer(game).last_turn == 21
        _play(game, random.Random(seed))
        outcome = game.outcome
        assert outcome is not None
        if outcome["how"] == "deck_exhausted":
            break
    else:
        pytest.fail("no game lasted to the end")
    assert game.turn == 21 and game.state.wehrmacht_deck == []
    assert len(game.state.german_hand) == 1 and len(game.state.german_tactics) == 2
    assert game.state.tactics_deck == []
    check_invariants(game)


def test_7_4_the_game_still_ends_on_the_turn_the_milk_house_is_revealed() -> None:
    game = _dealt(11, top=["d5-milk-house"])
    rng = random.Random(11)
    for card in ("d5-milk-house",):
        game.apply(f"order:{card}", role="german")
    _play(game, rng)
    outcome = game.outcome
    assert outcome is not None
    if outcome["how"] == "deck_exhausted":
        assert game.turn == 1 and "Milk House" in outcome["how_text"]
    assert game.turn == 1


def test_7_4_turns_left_follow_the_german_cards() -> None:
    game = Game.new(seed=12, settings=COMPETITIVE)
    seen = Observer(game)
    assert (seen.last_turn, seen.turns_left, seen.cards_left) == (21, 20, 64)
    _play(game, random.Random(12), lambda g: g.phase == "soviet_cards")
    assert Observer(game).last_turn == 21 and Observer(game).cards_left == 64


# --- the checker, saves and playouts --------------------------------------------------------


def test_7_4_the_checker_knows_the_german_piles() -> None:
    game = Game.new(seed=13, settings=COMPETITIVE)
    state: GameState = game.state.copy()
    assert problems(state, COMPONENTS, COMPETITIVE) == []
    state.orders.append(state.german_hand[0])
    assert any("in two places" in p for p in problems(state, COMPONENTS, COMPETITIVE))
    solo = Game.new(seed=13).state.copy()
    solo.german_hand.append(solo.wehrmacht_deck.pop(0))
    assert any("7.4 Competitive" in p for p in problems(solo, COMPONENTS, RuleSettings()))


@pytest.mark.parametrize("settings", [COMPETITIVE, THREE], ids=["two", "three"])
def test_7_4_saves_round_trip_mid_game_and_at_the_end(settings: RuleSettings) -> None:
    game = Game.new(seed=14, settings=settings)
    rng = random.Random(14)
    for turn in (1, 3):
        _play(game, rng, lambda g, t=turn: bool(g.turn > t))  # type: ignore[misc]
        again = Game.from_json(game.to_json())
        assert again.settings == settings
        assert again.state.to_dict() == game.state.to_dict()
        assert again.roles_to_decide() == game.roles_to_decide()
    _play(game, rng)
    assert Game.from_json(game.to_json()).outcome == game.outcome


@pytest.mark.parametrize("variant", ["competitive", "competitive-three"])
@pytest.mark.parametrize("seed", range(5))
def test_7_4_random_playouts_reach_the_end_with_the_invariants_kept(variant: str,
                                                                    seed: int) -> None:
    settings = RuleSettings.for_variant(variant, milk_house_at_bottom=seed % 2 == 0)
    game = Game.new(seed=100 + seed, settings=settings)
    _play(game, random.Random(seed), check=True)
    check_invariants(game)
    assert game.outcome is not None
