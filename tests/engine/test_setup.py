"""Setup 1-11: where every component starts, and that a seed always deals the same game."""

from __future__ import annotations

from collections import Counter

from pavlov_widgets.engine import Game

from .helpers import COMPONENTS, check_invariants

C = COMPONENTS


def test_setup_1_board_defense_and_empty_tracks() -> None:
    s = Game.new(seed=3).state
    assert s.defense == {"green": 6, "red": 6, "purple": 6}  # Setup 11
    assert [len(t) for t in s.tracks] == [t.circles for t in C.board.tracks]
    assert all(w == "" for t in s.tracks for w in t)
    assert [t.colour for t in C.board.tracks] == ["green", "green", "red", "red", "red", "purple"]


def test_setup_2_wehrmacht_decks_and_resupply_cards() -> None:
    assert len(C.wehrmacht_cards) == 61 and len(C.resupply_cards) == 6
    counts = Counter(c.deck for c in C.wehrmacht_cards.values() if not c.competitive)
    game = Game.new(seed=11)
    s = game.state
    deck = list(s.wehrmacht_deck)  # nothing revealed yet: turn 1, Soviet Card Phase
    assert game.turn == 1 and game.phase == "soviet_cards" and s.wehrmacht_done == []
    assert len(deck) == 63  # 60 Wehrmacht cards + 3 Resupply = 21 turns of three cards
    # decks 1..5 in order, a Resupply card on top of decks 2, 3 and 4
    expected_kinds: list[object] = []
    for d in range(1, 6):
        if d in (2, 3, 4):
            expected_kinds.append("resupply")
        expected_kinds += [d] * counts[d]
    kinds = ["resupply" if cid in C.resupply_cards else C.wehrmacht_cards[cid].deck
             for cid in deck]
    assert kinds == expected_kinds
    # the other three Resupply cards are out of the game; the Competitive card is not used
    assert len(s.resupply_removed) == 3
    assert set(s.resupply_removed) | {c for c in deck if c in C.resupply_cards} == set(
        C.resupply_cards)
    assert "d1-riflemen-competitive" not in deck
    assert sum(c.competitive for c in C.wehrmacht_cards.values()) == 1
    assert sum(c.kind == "storm_group" for c in C.wehrmacht_cards.values()) == 1


def test_setup_2_each_deck_is_shuffled_separately() -> None:
    orders = set()
    for seed in range(8):
        deck = Game.new(seed=seed).state.wehrmacht_deck
        orders.add(tuple(deck[:12]))
        assert {C.wehrmacht_cards[c].deck for c in deck[:12]} == {1}
    assert len(orders) == 8  # eight seeds, eight different orders of deck 1


def test_setup_5_soviet_cards_and_fog_of_war_split() -> None:
    assert len(C.soviet_cards) == 35
    fog = {c for c, card in C.soviet_cards.items() if card.fog}
    assert len(fog) == 7
    s = Game.new(seed=5).state
    assert len(s.fog_stock) == 4 and set(s.fog_stock) <= fog
    in_deck = [c for c in s.soviet_deck + s.hand if c in fog]
    assert len(in_deck) == 3
    assert len(s.soviet_deck) + len(s.hand) == 31 and len(s.hand) == 4
    # the 28 action cards are the 28 pairs of the eight units, each pair once
    pairs = {frozenset(card.units) for card in C.soviet_cards.values() if not card.fog}
    assert len(pairs) == 28


def test_setup_6_to_9_counters_weapons_and_tokens() -> None:
    game = Game.new(seed=9)
    s = game.state
    assert len(s.soviet) == 34 and len(s.weapons) == 7
    assert len(C.wehrmacht_counter_ids()) == 39
    reserves = sorted(c for c, sc in s.soviet.items() if sc.where == "reserves")
    assert reserves == sorted(c for c, spec in C.soviet_counters.items()
                              if spec.starts_in_reserves)
    assert len(reserves) == 4
    assert all(sc.where in ("reserves", "stock") for sc in s.soviet.values())
    assert all(not (sc.exhausted or sc.disrupted or sc.marker) for sc in s.soviet.values())
    assert set(s.weapons.values()) == {"stock"}
    # 99 tokens (2nd printing); 10 Suppression and 2 Food start in Supplies
    totals = {k: t.total for k, t in C.tokens.items()}
    assert totals == {"action": 4, "command": 9, "disrupted": 36, "suppression": 20,
                      "sapper": 6, "ammunition": 4, "first_aid": 4, "wire": 4, "artillery": 2,
                      "food": 6, "aa": 4}
    assert sum(totals.values()) == 99
    assert s.tokens["supplies"] == {"suppression": 10, "food": 2}
    assert s.tokens["stock"]["suppression"] == 10 and s.tokens["stock"]["food"] == 4
    # exactly three Command counters: Pavlov, Afanasyev, Naumov
    assert sorted(c for c, spec in C.soviet_counters.items() if "C" in spec.specials) == [
        "afanasyev", "naumov", "pavlov"]
    check_invariants(game)


def test_setup_same_seed_same_deal() -> None:
    a, b, c = Game.new(seed=42), Game.new(seed=42), Game.new(seed=43)
    assert a.to_dict() == b.to_dict()
    assert a.state.wehrmacht_deck != c.state.wehrmacht_deck
    assert a.state.dice_rng != c.state.dice_rng


def test_setup_first_decision_is_the_soviet_card_phase_of_turn_1() -> None:
    game = Game.new(seed=1)
    assert (game.turn, game.phase, game.phase_label) == (1, "soviet_cards", "Soviet Card Phase")
    assert game.pending is not None and game.pending.op == "card_action"  # type: ignore[union-attr]
    assert game.legal_actions()[-1].id == "end-phase"
    assert str(game.log[0]) == "T1 Soviet Card Phase: Turn 1 begins (1.1 Game Overview)"
    assert not game.can_undo and not game.can_redo and game.history == []
