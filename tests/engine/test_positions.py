"""The position builder (``engine.positions.Position``): what it sets, what it refuses.

A position resumes where it says and under every rule (2.0 Improved Communications, 4.0
Command Team); ``game()`` refuses an impossible position with one ``PositionError`` listing
every problem, and changes nothing; a position that plays also saves and loads. The last
part checks ``Game.use_seeded_dice``: a scripted game whose dice run out plays on.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pavlov_widgets.engine import (
    DiceScriptExhaustedError,
    Game,
    PavlovError,
    PositionError,
    RuleSettings,
    SaveFormatError,
)
from pavlov_widgets.engine.positions import RESUME_POINTS, Position
from pavlov_widgets.tutor.content import get_scenario, scenario_names

from .helpers import check_invariants, ids, pending_op

SIGNAL_WIRES = (14, 15, 16, 17)
COMMANDERS = ("pavlov", "afanasyev", "naumov")


def wired(pos: Position) -> Position:
    """Wire on every 139th Signal location: Improved Communications (2.0)."""
    for loc in SIGNAL_WIRES:
        pos.tokens("wire", f"loc:{loc}")
    return pos


def command_team(pos: Position, last: str = "R2") -> Position:
    """The three Command counters on combat positions (4.0 Command Team)."""
    return pos.counter("pavlov", "G1").counter("afanasyev", "G2").counter("naumov", last)


def round_trip(game: Game) -> None:
    """Save and load give back the same state, log and history."""
    again = Game.from_json(game.to_json())
    assert again.state.to_dict() == game.state.to_dict()
    assert [str(e) for e in again.log] == [str(e) for e in game.log]
    assert again.history == game.history


# --- a fresh position plays from the start of its turn (1.1) ----------------------------------


def test_1_1_a_fresh_position_plays_from_the_start_of_its_turn() -> None:
    pos = Position(turn=5).counter("pavlov", "G1")
    assert repr(pos) == "<Position turn 5, resume at turn_start>"
    game = pos.game()
    assert (game.turn, game.phase, pending_op(game)) == (5, "soviet_cards", "card_action")
    assert str(game.log[0]) == "T5 Soviet Card Phase: Turn 5 begins (1.1 Game Overview)"
    assert len(game.state.hand) == 4
    game.apply("end-phase")  # on into the Wehrmacht Card Phase: cards are revealed, dice rolled
    assert game.phase in ("wehrmacht_cards", "counter_moves", "counter_actions")
    assert any(e.kind == "card" for e in game.log)
    check_invariants(game)


def test_1_1_turn_one_starts_like_a_new_game() -> None:
    game = Position(turn=1).counter("pavlov", "G1").game()
    assert (game.turn, game.phase, pending_op(game)) == (1, "soviet_cards", "card_action")
    round_trip(game)


# --- resuming does not skip rules ---------------------------------------------------------------


@pytest.mark.parametrize("wires", [True, False])
def test_2_0_resuming_at_the_soviet_card_phase_applies_improved_communications(
    wires: bool,
) -> None:
    pos = Position().counter("pavlov", "G1")
    if wires:
        wired(pos)
    game = pos.resume("soviet_cards").game()
    assert game.state.actions_left == (4 if wires else 3)
    said = any("Improved Communications" in e.text for e in game.log)
    assert said == wires
    assert len(game.state.hand) == 4


@pytest.mark.parametrize("wires", [True, False])
def test_2_0_a_fresh_turn_applies_improved_communications(wires: bool) -> None:
    pos = Position().counter("pavlov", "G1")
    game = (wired(pos) if wires else pos).game()
    assert game.state.actions_left == (4 if wires else 3)


def test_2_1_the_hand_of_a_position_is_drawn_first_and_topped_up_to_four() -> None:
    pos = Position().counter("pavlov", "G1")
    card = pos.soviet_card("62nd-army-cp", "13th-guards-cp")
    deck = pos.state.soviet_deck
    drawn = [c for c in deck if c != card][:2]
    game = pos.hand(card, "fog-1").resume("soviet_cards").game()
    assert game.state.hand == [card, "fog-1", *drawn]
    assert any(e.text.startswith("Hand: 4 cards") for e in game.log)


@pytest.mark.parametrize(("wires", "left"), [(False, 2), (True, 3)])
def test_2_2_resuming_in_the_middle_of_the_card_actions_counts_the_cards_used(
    wires: bool, left: int
) -> None:
    pos = Position().counter("pavlov", "G1")
    a = pos.soviet_card("13th-guards-cp", "267th-aa")
    b = pos.soviet_card("32nd-guards-artillery", "volga-flotilla")
    pos = (wired(pos) if wires else pos).hand(a, b, "fog-1", "fog-2", used=[a])
    game = pos.resume("soviet_cards").game()
    assert game.state.hand == [a, b, "fog-1", "fog-2"]
    assert game.state.hand_used == [a]
    assert game.state.actions_left == left
    assert not any(i.startswith(f"card:{a}:") for i in ids(game))  # one action per card
    assert any(i.startswith(f"card:{b}:") for i in ids(game))


@pytest.mark.parametrize(("last", "team"), [("R2", True), ("reserves", False)])
def test_4_0_resuming_at_the_moves_applies_the_command_team(last: str, team: bool) -> None:
    game = command_team(Position(), last).resume("counter_moves").game()
    n = 4 if team else 3
    assert (game.state.moves_left, game.state.actions_left) == (n, n)
    assert any(e.rule == "4.0 Command Team" for e in game.log) == team
    assert pending_op(game) == "move_pick"


def test_4_0_counters_already_moved_resume_in_the_middle_of_the_moves() -> None:
    pos = command_team(Position()).counter("chait", "reserves").moved("pavlov", "chait")
    game = pos.resume("counter_moves").game()
    assert game.state.moves_left == 2  # four with the Command Team, two made
    assert game.state.moved == ["pavlov", "chait"]
    assert "move:pavlov" not in ids(game) and "move:afanasyev" in ids(game)


def test_4_0_counters_that_acted_hold_action_tokens_and_use_up_actions() -> None:
    pos = Position().counter("glushenko", "G1").counter("chait", "G2").acted("glushenko")
    game = pos.resume("counter_actions").game()
    assert game.state.soviet["glushenko"].marker == "action"
    assert game.state.actions_left == 2
    assert "suppress:glushenko" not in ids(game) and "suppress:chait" in ids(game)
    check_invariants(game)


def test_4_0_explicit_moves_and_actions_are_used_as_given() -> None:
    game = Position().counter("pavlov", "G1").resume("counter_moves", moves=1, actions=2).game()
    assert (game.state.moves_left, game.state.actions_left) == (1, 2)


# --- setting everything a position has -----------------------------------------------------


def test_setup_2_the_wehrmacht_deck_can_be_set_to_its_last_card() -> None:
    pos = Position().counter("pavlov", "G1").wehrmacht_deck("d1-sniper-1", "d5-sfh18-1")
    assert pos.state.wehrmacht_deck == ["d1-sniper-1", "d5-sfh18-1"]
    pos.wehrmacht_cards("d1-mortar-1", last=True)
    assert pos.state.wehrmacht_deck[-1] == "d1-mortar-1"
    game = pos.resume("wehrmacht", cards=3).dice(*[6] * 40).game()
    assert game.state.wehrmacht_deck == []
    assert game.state.wehrmacht_done[-3:] == ["d1-sniper-1", "d5-sfh18-1", "d1-mortar-1"]
    check_invariants(game)


def test_3_0_a_resupply_card_set_aside_comes_into_play_in_place_of_another() -> None:
    pos = Position()
    aside = pos.state.resupply_removed[0]
    in_deck = [c for c in pos.state.wehrmacht_deck if c.startswith("resupply-")]
    pos.wehrmacht_cards(aside)
    assert pos.state.wehrmacht_deck[0] == aside
    now = [c for c in pos.state.wehrmacht_deck if c.startswith("resupply-")]
    assert len(now) == len(in_deck) == 3  # the game keeps three Resupply cards


def test_2_1_the_soviet_deck_order_and_discards_can_be_set() -> None:
    pos = Position().counter("pavlov", "G1")
    deck = list(pos.state.soviet_deck)
    pos.soviet_on_top(deck[5], deck[6]).soviet_discards(deck[0], "fog-4")
    assert pos.state.soviet_deck[:2] == [deck[5], deck[6]]
    assert pos.state.soviet_discard == [deck[0], "fog-4"]
    game = pos.game()
    assert game.state.hand[:2] == [deck[5], deck[6]]
    assert game.state.soviet_discard == [deck[0], "fog-4"]


def test_7_2_the_tactics_cards_in_play_act_on_a_resumed_phase() -> None:
    pos = (
        Position(settings=RuleSettings(tactics="veteran"))
        .counter("pavlov", "G1")
        .tactics_in_play("t1-artillery-barrage-1")
        .wehrmacht_cards("d1-leig18-1")
        .resume("wehrmacht", cards=1)
        .dice(1, 1, 1, 1, 1)
    )
    game = pos.game()
    assert game.state.tactics_in_play == ["t1-artillery-barrage-1"]
    assert any("7.5cm leIG 18: 4 dice" in e.text for e in game.log)  # 3 + 1 (7.2)
    with pytest.raises(PositionError, match="at most 1"):
        pos.tactics_in_play("t1-artillery-barrage-1", "t1-recon-1")


def test_7_1_operational_support_cards_in_play_and_won() -> None:
    pos = Position(settings=RuleSettings(operational_support=True)).counter("pavlov", "G1")
    pos.operational_support("barrikady").operational_support_won("mamayev-kurgan")
    game = pos.game()
    assert game.state.os_current == "barrikady"
    assert game.score().support == 4
    round_trip(game)


def test_3_0_storm_group_cards_won_count_their_vp() -> None:
    game = Position().counter("pavlov", "G1").storm_won("resupply-voentorg").game()
    assert game.state.storm_won == ["resupply-voentorg"]
    assert game.score().raids == 6


def test_variant_cards_need_the_variant_on() -> None:
    with pytest.raises(PositionError, match="operational_support=True"):
        Position().operational_support("barrikady")
    with pytest.raises(PositionError, match="tactics="):
        Position().tactics_in_play("t1-recon-1")


# --- setters refuse at once, naming the nearest valid id ------------------------------------


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda p: p.counter("pavlof", "G1"), "no Soviet counter 'pavlof' (did you mean 'pavlov'?)"
         "; Position.names('counters') lists them"),
        (lambda p: p.counter("pavlov", "G9"), "no place 'G9'"),
        (lambda p: p.weapon("m1973", "G1"), "did you mean 'm1937'?"),
        (lambda p: p.tokens("aa", "loc:99"), "no token place 'loc:99'"),
        (lambda p: p.tokens("amo", "supplies"), "Position.names('token_kinds')"),
        (lambda p: p.tokens("aa", "loc:8", 5), "5 Anti-aircraft tokens wanted but 4 left"),
        (lambda p: p.wehrmacht(1, 1, "rifleman"), "did you mean 'riflemen'?"),
        (lambda p: p.wehrmacht(7, 1, "riflemen"), "not on the board"),
        (lambda p: p.wehrmacht_cards("d1-snipper-1"), "did you mean 'd1-sniper-1'?"),
        (lambda p: p.hand("soviet-99"), "Position.names('soviet_cards')"),
        (lambda p: p.defense("grean", 5), "did you mean 'green'?"),
        (lambda p: p.defense("green", 9), "off the track"),
        (lambda p: p.resume("wehrmact"), "did you mean 'wehrmacht'?"),
        (lambda p: p.resume("wehrmacht", cards=4), "1-3 Wehrmacht cards"),
        (lambda p: p.counter("pavlov", "G1", marker="acton"), "did you mean 'action'?"),
        (lambda p: p.counter("pavlov", "stock", disrupted=True), "carries no token"),
        (lambda p: p.soviet_card("62nd-armee-cp", "13th-guards-cp"),
         "did you mean '62nd-army-cp'?"),
        (lambda p: p.sapper(1, 1), "not a Sapper location"),
        (lambda p: p.dice(0, 7), "dice must be 1-6"),
        (lambda p: p.known("cards"), "no kind of id 'cards'"),
    ],
)
def test_setters_refuse_at_once_and_change_nothing(
    build: Callable[[Position], object], message: str
) -> None:
    pos = Position().counter("chait", "G2")
    before = pos.state.to_dict()
    with pytest.raises(PositionError) as info:
        build(pos)
    assert message in str(info.value)
    assert isinstance(info.value, PavlovError) and isinstance(info.value, ValueError)
    assert pos.state.to_dict() == before


def test_known_lists_what_the_errors_point_to() -> None:
    pos = Position()
    assert "pavlov" in pos.known("counters")
    assert "sapper:4:3" in pos.known("token_places")
    assert set(pos.known("resume_points")) == set(RESUME_POINTS)


# --- game() refuses an impossible position, listing every problem --------------------------


def _direct(edit: Callable[[Position], None]) -> Callable[[Position], Position]:
    """A build step that edits the state by hand, past the setters' own checks."""

    def build(p: Position) -> Position:
        edit(p)
        return p

    return build


def _six_cards(p: Position) -> None:
    p.state.hand.extend(p.state.soviet_deck[:6])
    del p.state.soviet_deck[:6]


IMPOSSIBLE: list[tuple[str, Callable[[Position], Position], str]] = [
    ("two ordinary counters on one position",
     lambda p: p.counter("pavlov", "G1").counter("chekhov", "G1"),
     "soviet.chekhov.where: position G1 is already held by Pavlov"),
    ("a weapon alone", lambda p: p.weapon("m1937", "G2"),
     "weapons.m1937: the M1937 45 mm gun is alone on position G2"),
    ("a token on a place that does not exist",
     _direct(lambda p: p.state.tokens.update({"loc:99": {"aa": 1}})),
     "tokens.loc:99: no such place for tokens"),
    ("more tokens than the stock",
     _direct(lambda p: p.state.tokens["supplies"].update({"food": 9})),
     "tokens: 13 Food tokens in play, the game has 6 (Setup 9)"),
    ("a six-card hand at the start of a turn", _direct(_six_cards),
     "hand: 6 cards resuming at turn_start"),
    ("a five-card hand in the Soviet Card Phase",
     lambda p: p.hand(*p.state.soviet_deck[:5]).resume("soviet_cards", actions=2),
     "hand: 5 cards; a hand holds at most 4"),
    ("a hand in the Wehrmacht Card Phase",
     lambda p: p.hand(p.state.soviet_deck[0]).resume("wehrmacht"),
     "hand: 1 card resuming at wehrmacht"),
    ("an Action token outside the counter actions",
     lambda p: p.counter("chekhov", "G3", marker="action").resume("counter_moves"),
     "soviet.chekhov.marker: Chekhov keeps an Action token outside"),
    ("more moves than a phase grants",
     lambda p: p.counter("chekhov", "G3").moved("chekhov", "pavlov").resume(
         "counter_moves", moves=3),
     "moves_left: 3 left and 2 counters already moved make 5"),
    ("more counters moved than the phase grants",
     lambda p: p.counter("chekhov", "G3").counter("chait", "G4R1").counter("kiselev", "G5")
     .moved("pavlov", "chekhov", "chait", "kiselev").resume("counter_moves"),
     "moves_left: 4 counters already moved, more than the 3 this phase grants (4.0 Move)"),
    ("more card actions than a phase grants",
     lambda p: p.hand(*p.state.soviet_deck[:4], used=p.state.soviet_deck[:2])
     .resume("soviet_cards", actions=3),
     "actions_left: 3 left and 2 cards already used make 5"),
    ("a Tactics card of a variant that is off",
     _direct(lambda p: p.state.tactics_in_play.append("t1-recon-1")),
     "the variant is off"),
]


@pytest.mark.parametrize(("what", "build", "message"), IMPOSSIBLE,
                         ids=[what for what, _, _ in IMPOSSIBLE])
def test_game_refuses_an_impossible_position(
    what: str, build: Callable[[Position], Position], message: str
) -> None:
    pos = build(Position().counter("pavlov", "G1"))
    assert any(message in p for p in pos.problems()), pos.problems()
    with pytest.raises(PositionError) as info:
        pos.game()
    assert message in str(info.value)


def test_game_lists_every_problem_in_one_error() -> None:
    pos = Position().counter("pavlov", "G1").counter("chekhov", "G1").weapon("dp-1", "P1")
    _six_cards(pos)
    with pytest.raises(PositionError) as info:
        pos.game()
    text = str(info.value)
    assert text.startswith("this position cannot be played (3 problems):\n  - ")
    for part in ("hand: 6 cards", "soviet.chekhov.where", "weapons.dp-1"):
        assert part in text


def test_a_refused_position_is_unchanged_and_can_be_fixed() -> None:
    pos = (Position().counter("pavlov", "G1").counter("chekhov", "G1")
           .tokens("aa", "loc:8").resume("counter_actions").dice(1, 2, 3))
    before = pos.state.to_dict()
    with pytest.raises(PositionError, match="already held by Pavlov"):
        pos.game()
    assert pos.state.to_dict() == before
    assert repr(pos) == "<Position turn 3, resume at counter_actions>"
    game = pos.counter("chekhov", "G2").game()  # fix the one field; the rest is kept
    assert game.phase == "counter_actions" and game.state.script == [1, 2, 3]
    assert game.state.tokens["loc:8"] == {"aa": 1}
    assert pos.state.stack == before["stack"]  # game() plays a copy


# --- a position that plays also saves and loads -----------------------------------------------


def _anywhere(point: str) -> Position:
    pos = (Position(seed=4).counter("pavlov", "G1").counter("chekhov", "R2")
           .counter("glushenko", "reserves").tokens("aa", "loc:8")
           .wehrmacht(3, 2, "riflemen").defense("red", 5))
    return pos.resume(point, cards=2) if point != "turn_start" else pos


@pytest.mark.parametrize("point", list(RESUME_POINTS))
def test_a_position_resumed_anywhere_saves_loads_and_plays_on(point: str) -> None:
    game = _anywhere(point).game()
    check_invariants(game)
    round_trip(game)
    for _ in range(6):  # play on a little; the save still replays exactly
        if game.is_over:
            break
        game.apply(game.legal_actions()[-1])
    round_trip(game)


@pytest.mark.parametrize("name", scenario_names())
def test_every_scenario_position_saves_and_loads(name: str) -> None:
    scenario = get_scenario(name)
    round_trip(scenario.build(auto_roll=True))
    round_trip(scenario.play())


# --- Game.use_seeded_dice: a scripted game plays on ----------------------------------------


def _dry() -> Game:
    """A Sniper with one scripted die: the colour roll is made, the position roll is not."""
    return (Position().counter("pavlov", "R2").counter("chekhov", "G1")
            .counter("glushenko", "reserves").wehrmacht_cards("d1-sniper-1")
            .resume("wehrmacht", cards=1).dice(3).game())


def test_dice_script_exhausted_says_how_to_go_on() -> None:
    game = _dry()
    assert game.state.script == [] and game.chance() is not None
    with pytest.raises(DiceScriptExhaustedError, match=r"use_seeded_dice\(seed\)"):
        game.roll()


def test_use_seeded_dice_rolls_the_seeded_generator_from_now_on() -> None:
    game, twin = _dry(), _dry()
    game.use_seeded_dice(9)
    assert game.state.script is None
    assert game.history[-1]["kind"] != "seed"  # auto_roll rolled at once, from the seed
    branch = twin.fork(seed=9)  # the same generator a seeded branch uses
    since = len(twin.log)
    rolls = [e.dice for e in game.log[since:] if e.kind == "roll"]
    assert rolls and rolls == [e.dice for e in branch.log[since:] if e.kind == "roll"]
    assert {"kind": "seed", "value": 9} in game.history
    check_invariants(game)


def test_use_seeded_dice_survives_save_and_load() -> None:
    game = _dry()
    game.use_seeded_dice(3)
    while not game.is_over and game.turn == 3:
        game.apply(game.legal_actions()[-1])
    round_trip(game)


def test_use_seeded_dice_is_undone_and_redone_exactly() -> None:
    game = _dry()
    before = game.state.to_dict()
    game.use_seeded_dice(3)
    switched = game.state.to_dict()
    for _ in range(3):
        game.apply(game.legal_actions()[-1])
    after, log = game.state.to_dict(), [str(e) for e in game.log]
    for _ in range(3):  # back to just after the switch: the seeded dice are still in force
        game.undo()
    assert game.state.to_dict() == switched and game.state.script is None
    game.undo()  # the switch itself, with the roll made at once after it
    assert game.state.to_dict() == before and game.state.script == []
    assert not game.can_undo
    while game.can_redo:
        game.redo()
    assert game.state.to_dict() == after and [str(e) for e in game.log] == log
    round_trip(game)


def test_use_seeded_dice_without_auto_roll_waits_for_roll() -> None:
    game = (Position().counter("pavlov", "R2").wehrmacht_cards("d1-sniper-1")
            .resume("wehrmacht", cards=1).dice().game(auto_roll=False))
    game.use_seeded_dice(1)
    assert game.history == [{"kind": "seed", "value": 1}] and game.chance() is not None
    game.roll()
    game.undo()
    game.undo()
    assert game.state.script == [] and game.history == []


def test_use_seeded_dice_refuses_a_seed_that_is_no_int() -> None:
    game = _dry()
    with pytest.raises(TypeError, match="seed must be an int"):
        game.use_seeded_dice("7")  # type: ignore[arg-type]
    data = game.to_dict()
    data["history"] = [{"kind": "seed", "value": "7"}]
    with pytest.raises(SaveFormatError, match=r"save.history\[0\].value: must be a seed"):
        Game.from_dict(data)


# --- names: accepted wherever an id is, listed, completed --------------------------------------


def test_names_are_accepted_wherever_ids_are() -> None:
    pos = (Position().counter("Pavlov", "G4/R1").counter("chekhov", "square:R2")
           .weapon("M1937", "reserves").tokens("Anti-aircraft", 12).tokens("Wire", "loc 14")
           .tokens("Food", "Supplies").defense("Red", 5).wehrmacht(2, 1, "Panzer II")
           .wehrmacht_cards("Ju 87 deck 4").resume("Wehrmacht", cards=1))
    s = pos.state
    assert s.soviet["pavlov"].where == "G4R1" and s.soviet["chekhov"].where == "R2"
    assert s.weapons["m1937"] == "reserves"
    assert s.tokens["loc:12"] == {"aa": 1} and s.tokens["loc:14"] == {"wire": 1}
    assert s.defense["red"] == 5 and s.tracks[1][0].startswith("panzer-ii-")
    assert s.wehrmacht_deck[0] == "d4-ju87-4-1" and pos.point == "wehrmacht"
    assert pos.soviet_card("62nd CP", "Signals") == "soviet-03"


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda p: p.wehrmacht_cards("Ju 87"),
         "Wehrmacht card 'Ju 87' fits 5 ids: 'd1-ju87-2-1' (Junkers Ju 87 (deck 1, 2 aircraft))"),
        (lambda p: p.wehrmacht(1, 1, "Panzer"), "fits 3 ids: 'panzer-ii' (Panzer II)"),
        (lambda p: p.counter("Glushenkov", "G1"), "did you mean 'glushenko'?"),
        (lambda p: p.tokens("aa", 99), "no token place 'loc:99'"),
        (lambda p: p.counter(7, "G1"), "Soviet counter 7: give an id or a name, as a string"),
    ],
)
def test_a_name_that_fits_several_ids_or_none_is_refused_with_the_list(
    build: Callable[[Position], object], message: str
) -> None:
    pos = Position()
    before = pos.state.to_dict()
    with pytest.raises(PositionError) as info:
        build(pos)
    assert message in str(info.value)
    assert pos.state.to_dict() == before


def test_names_list_every_id_with_a_name() -> None:
    assert Position.names("token_kinds")["aa"] == "Anti-aircraft token"
    assert Position.names("wehrmacht_cards")["d4-ju87-4-1"] == "Junkers Ju 87 (deck 4, 4 aircraft)"
    assert Position.names("places")["G4R1"] == "combat position G4/R1"
    assert list(Position.names("counters")) == Position().known("counters")
    with pytest.raises(PositionError, match="did you mean 'counters'"):
        Position.names("counter")
    text = Position.help()
    assert repr(text) == str(text)
    assert all(kind in text for kind in ("counters", "token_places", "resume_points"))


def test_ids_complete_with_tab() -> None:
    assert Position.ids.wehrmacht_cards.d4_ju87_4_1 == "d4-ju87-4-1"
    assert Position.ids.token_places.loc_12 == "loc:12"
    assert Position.ids.units.n62nd_army_cp == "62nd-army-cp"
    assert "pavlov" in dir(Position.ids.counters) and "counters" in dir(Position.ids)
    with pytest.raises(AttributeError, match="did you mean 'pavlov'"):
        _ = Position.ids.counters.pavlof
