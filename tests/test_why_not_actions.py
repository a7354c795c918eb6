"""Why not, for actions too (issue 21): a refused action says which rule refuses it.

``Game.apply`` raises :class:`IllegalActionError` whose ``reason`` is a whole sentence with the
rule section and what may be done instead (:func:`pavlov_widgets.engine.explain.why_refused`);
the coach's ``why_not`` answers the same for an option id, and for a counter that is still a
choice but may do only some things. One test per kind of reason, named after its rule; a
property test that every refused action has a reason and changes nothing.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pavlov_widgets.engine import Game, IllegalActionError, Position
from pavlov_widgets.engine.actions import VERBS, encode
from pavlov_widgets.engine.explain import VERB_HOMES, why_refused
from pavlov_widgets.tutor.coach.model import explain
from pavlov_widgets.tutor.coach.model import why_not as coach_why_not
from pavlov_widgets.widget import Board
from pavlov_widgets.widget.board import sync_state
from pavlov_widgets.widget.model import check_state


def refused(game: Game, action: str) -> IllegalActionError:
    """The error ``apply(action)`` raises; the game's save must be unchanged by it."""
    before, log = game.to_json(), len(game.log)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert game.to_json() == before and len(game.log) == log
    err = info.value
    assert err.reason and err.reason[0].isupper() and err.reason.endswith(".")
    assert f"({err.rule})" in err.reason  # the rule section is in the sentence
    return err


def actions(*build: str) -> Game:
    """Chekhov Exhausted on G1, Pavlov fresh on R2 and riflemen on green track 1: 4.0 actions."""
    pos = (Position().counter("chekhov", "G1", exhausted=True).counter("pavlov", "R2")
           .wehrmacht(1, 3, "riflemen"))
    for cid in build:
        pos = pos.counter(cid, "P5")
    return pos.resume("counter_actions").game()


# --- 4.0 counter actions -------------------------------------------------------------------


def test_4_0_recover_an_exhausted_counter_may_only_recover() -> None:
    game = actions()
    err = refused(game, "attack:chekhov")
    assert err.reason == ("Chekhov is Exhausted: a counter on its Exhausted side may only Recover "
                          "(4.0 Recover). What Chekhov may do now: Chekhov: Recover.")
    assert err.rule == "4.0 Recover" and "recover:chekhov" in err.legal
    assert err.reason in str(err)


def test_4_0_recover_a_disrupted_counter_may_only_recover() -> None:
    game = (Position().counter("chekhov", "G1", disrupted=True).wehrmacht(1, 3, "riflemen")
            .resume("counter_actions").game())
    assert refused(game, "attack:chekhov").reason.startswith(
        "Chekhov is Disrupted: a counter with a Disrupted token may only Recover (4.0 Recover).")


def test_4_0_recover_a_fresh_counter_has_nothing_to_recover_from() -> None:
    err = refused(actions(), "recover:pavlov")
    assert err.reason.startswith("Pavlov is neither Exhausted nor Disrupted")
    assert "What Pavlov may do now: Pavlov: Suppress" in err.reason


def test_4_0_attack_needs_german_infantry_in_line_of_sight() -> None:
    err = refused(actions(), "attack:pavlov")
    assert err.reason.startswith(
        "No German infantry is on a track Pavlov can see (the red tracks) (4.0 Attack).")


def test_4_0_suppress_needs_suppression_tokens_in_supplies() -> None:
    game = (Position().counter("pavlov", "R2").counter("chekhov", "G1", exhausted=True)
            .set_tokens("suppression", "supplies", 0).resume("counter_actions").game())
    assert refused(game, "suppress:pavlov").reason.startswith(
        "The Supplies box holds no Suppression token to place (4.0 Suppress).")


def test_4_0_command_is_a_command_counters_action() -> None:
    assert refused(actions(), "command:chekhov").reason.startswith("Chekhov is Exhausted")
    game = actions("glushenko")
    assert "is not a Command counter (4.0 Command)." in refused(game, "command:glushenko").reason


def test_4_0_one_action_per_counter() -> None:
    game = (Position().counter("pavlov", "R2").acted("pavlov").counter("chekhov", "G1",
                                                                       exhausted=True)
            .resume("counter_actions").game())
    assert refused(game, "suppress:pavlov").reason.startswith(
        "Pavlov has already taken an action this phase: one action per counter "
        "(4.0 Soviet Counter Phase).")


def test_4_0_request_reinforcements_is_radioed_from_a_radio_position() -> None:
    assert refused(actions(), "radio:pavlov").reason.startswith(
        "Position R2 has no radio: reinforcements are requested from a radio position "
        "(4.0 Request Reinforcements).")


def test_4_0_forward_observer_is_a_forward_observers_action() -> None:
    assert "is not a Forward Observer (4.0 Forward Observer)." in refused(
        actions(), "observe:pavlov").reason


def test_4_0_anti_tank_needs_two_counters_with_their_weapon() -> None:
    assert refused(actions(), "team:at:G1").reason.startswith(
        "Position G1 does not hold two counters of this weapon's designation with their weapon "
        "(4.0 Anti-tank).")


# --- 4.0 Move -------------------------------------------------------------------------------


def moves() -> Game:
    return (Position().counter("pavlov", "R2").counter("chekhov", "G1", exhausted=True)
            .counter("naumov", "R3").moved("naumov").resume("counter_moves").game())


def test_4_0_move_each_counter_moves_once() -> None:
    assert refused(moves(), "move:naumov").reason.startswith(
        "Naumov has already moved this phase (each counter moves once) (4.0 Move).")


def test_4_0_move_never_into_reserves() -> None:
    game = moves()
    game.apply("move:pavlov")
    assert refused(game, "to:reserves").reason.startswith(
        "A move takes Pavlov from Reserves or a position to another combat position, never "
        "into Reserves: only a counter displaced by a move goes there (4.0 Move).")


def test_4_0_move_never_onto_an_exhausted_counter() -> None:
    game = moves()
    game.apply("move:pavlov")
    assert refused(game, "to:G1").reason.startswith(
        "Chekhov on G1 is Exhausted: no counter may move onto its position (4.0 Move).")


# --- 2.0 / 2.2 Soviet cards ------------------------------------------------------------------


def test_2_2_a_card_not_in_hand_is_no_action() -> None:
    game = Game.new(seed=3)
    assert refused(game, "card:soviet-99:62nd-army-cp:recover").reason.startswith(
        "The card 'soviet-99' is not in the hand this phase (2.2 Take up to Three Actions).")


def test_2_0_a_units_action_with_its_condition_unmet_names_the_unit() -> None:
    pos = Position().counter("pavlov", "R2")
    card = pos.soviet_card("62nd-army-cp", "13th-guards-cp")
    game = pos.hand(card).resume("soviet_cards").game()
    err = refused(game, encode("card", {"card": card, "unit": "62nd-army-cp",
                                        "action": "recover"}))
    assert err.rule == "2.0 62nd Army Command Post"
    assert err.reason.startswith(
        "No location of the 62nd CP is Disrupted (2.0 62nd Army Command Post).")


def test_2_0_field_defenses_a_sapper_token_goes_on_an_empty_sapper_location() -> None:
    pos = Position().counter("pavlov", "R2").tokens("sapper", "supplies").sapper(1, 3)
    card = pos.soviet_card("8th-guards-sapper", "13th-guards-cp")
    game = pos.hand(card).resume("soviet_cards").game()
    game.apply(encode("card", {"card": card, "unit": "8th-guards-sapper", "action": "field"}))
    assert refused(game, "spot:1:3").reason.startswith(
        "Track 1, circle 3 already holds a Sapper token (2.0 8th Guards Sapper Battalion).")
    assert refused(game, "spot:1:1").reason.startswith(
        "Track 1, circle 1 is not a Sapper location (they are, by track:circle, 1:3, 2:2")


# --- 3.0 Storm Group


def test_3_0_storm_group_a_raid_needs_a_raider_and_a_card_raid_is_not_declined() -> None:
    pos = Position().counter("pavlov", "R2").storm_box("resupply-voentorg")
    card = pos.soviet_card("62nd-army-cp", "13th-guards-cp")
    game = pos.hand(card).resume("soviet_cards").game()
    game.apply(encode("card", {"card": card, "unit": "62nd-army-cp", "action": "storm"}))
    assert refused(game, "launch").reason.startswith(
        "A raid needs at least one raider: choose a counter to send first (3.0 Special Cards: "
        "Storm Group). The options now: raider:pavlov (Send Pavlov).")
    assert refused(game, "decline").reason.startswith(
        "Only the free Milk House raid at the end of the game may be declined")
    assert refused(game, "raider:chekhov").reason.startswith(
        "Chekhov is not in the house (3.0 Special Cards: Storm Group).")


# --- actions of another decision, and nonsense -----------------------------------------------


def test_an_action_of_another_decision_says_where_it_belongs() -> None:
    err = refused(Game.new(seed=2), "attack:pavlov")
    assert err.reason.startswith("A counter action is taken in the Soviet Counter Phase, after "
                                 "the moves (4.0), and the decision now is another one: ")
    assert "The options now: " in err.reason and "end-phase (End the Soviet Card Phase)" in (
        err.reason)


def test_an_unknown_verb_lists_the_legal_options() -> None:
    err = refused(Game.new(seed=2), "nonsense")
    assert "unknown verb 'nonsense'" in err.reason
    assert err.reason.endswith("end-phase (End the Soviet Card Phase).")


def test_every_verb_says_which_decisions_offer_it() -> None:
    assert set(VERB_HOMES) == set(VERBS)


@pytest.mark.parametrize("seed", [4, 9])
def test_every_legal_option_is_offered_where_its_verb_says(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    seen: set[str] = set()
    while not game.is_over and game.turn <= 8:
        op = (game.state.pending or {}).get("op")
        options = game.legal_actions()
        for option in options:
            assert op in VERB_HOMES[option.verb][0], (option.id, op)
            seen.add(option.verb)
        game.apply(rng.choice(options))
    assert len(seen) > 12


# --- 4.0 Move: what the coach says a move may do is what the engine offers


@pytest.mark.parametrize("seed", [5, 12])
def test_4_0_move_the_coachs_sentences_agree_with_the_legal_options(seed: int) -> None:
    """A move never goes into Reserves, a displaced counter may: the coach and the options agree."""
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    moves_seen = displaced = 0
    while not game.is_over and game.turn <= 10:
        op = (game.state.pending or {}).get("op")
        if op == "move_pick":
            lines = explain(game)
            for option in game.legal_actions():
                if option.verb != "move":
                    continue
                line = next(x for x in lines if x.startswith(f"- {option.label}: "))
                assert "never into Reserves" in line and "(4.0 Move)" in line
                branch = game.copy()
                branch.apply(option)
                assert "to:reserves" not in branch.legal_ids()  # what the sentence says
                moves_seen += 1
        if op == "displace_to":
            line = next(x for x in explain(game) if x.startswith("- Reserves: "))
            assert "an empty position or Reserves" in line
            assert "to:reserves" in game.legal_ids()
            displaced += 1
        game.apply(rng.choice(game.legal_actions()))
    assert moves_seen > 10 and displaced > 0, (moves_seen, displaced)


# --- the coach --------------------------------------------------------------------------------


def test_the_coach_says_why_a_glowing_exhausted_counter_may_only_recover() -> None:
    game = actions()
    answer = coach_why_not(game, "chekhov")
    assert answer == ("Chekhov is Exhausted: a counter on its Exhausted side may only Recover "
                      "(4.0 Recover). What Chekhov may do now: Chekhov: Recover.")
    assert coach_why_not(game, "attack:chekhov") == answer
    assert coach_why_not(game, "recover:chekhov") == "recover:chekhov is a choice now: " \
        "Chekhov: Recover."


# --- any refused action: a reason, and nothing changed ----------------------------------------

ARGS = st.one_of(st.sampled_from(["pavlov", "chekhov", "naumov", "G1", "R2", "reserves", "red",
                                  "ammunition", "at", "soviet-03", "62nd-army-cp", "recover",
                                  "exhausted"]),
                 st.integers(0, 20).map(str), st.text(max_size=6))


@st.composite
def action_strings(draw: st.DrawFn) -> str:
    """An action id of any verb with arguments of every kind, or any text at all."""
    verb = draw(st.sampled_from(sorted(VERBS)))
    args = [draw(ARGS) for _ in VERBS[verb]]
    return draw(st.one_of(st.just(":".join([verb, *args])), st.text(max_size=12)))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 10**4), st.integers(0, 80), st.lists(action_strings(), min_size=1,
                                                          max_size=6))
def test_every_refused_action_gives_a_reason_and_leaves_the_game_unchanged(
    seed: int, steps: int, tries: list[str]
) -> None:
    game = Game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    legal = set(game.legal_ids())
    for action in tries:
        if action in legal:
            continue
        before = game.to_json()
        refusal = why_refused(game, action)
        assert refusal is not None and refusal.text.strip() and refusal.rule[:1].isdigit()
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.reason.strip()
        assert game.to_json() == before


# --- a choice made unasked: the log and the board say so ------------------------------------


def test_2_0_ready_with_one_free_location_says_it_was_taken_for_you() -> None:
    pos = Position().counter("pavlov", "R2").tokens("aa", 12)
    card = pos.soviet_card("267th-aa", "32nd-guards-artillery")
    board = Board(pos.hand(card).resume("soviet_cards").game())
    assert "notice" not in board.choice
    ready = encode("card", {"card": card, "unit": "267th-aa", "action": "ready"})
    assert board.handle_message({"kind": "choose", "option": ready, "rev": board.rev})["ok"]
    entry = board.game.log[-1]
    assert (entry.kind, entry.text) == (
        "auto", "Only location 13 could take the Anti-aircraft token, so it went there")
    assert board.choice["notice"] == (
        "Only location 13 could take the Anti-aircraft token, so it went there (2.0 267th "
        "Separate Anti-aircraft Battalion).")
    assert not check_state(sync_state(board))  # the notice is a declared field of the trait
    board.handle_message({"kind": "choose", "option": "end-phase", "rev": board.rev})
    assert "notice" not in board.choice  # it was about that step only


def test_2_0_recover_with_one_disrupted_location_says_so() -> None:
    pos = Position().counter("pavlov", "R2").disrupt_location(4)
    card = pos.soviet_card("13th-guards-cp", "62nd-army-cp")
    game = pos.hand(card).resume("soviet_cards").game()
    game.apply(encode("card", {"card": card, "unit": "13th-guards-cp", "action": "recover"}))
    assert game.log[-1].text == (
        "Only location 4 had a Disrupted token, so that token returned to the stock")
