"""Role views and the hot seat on the board (issue 14; 7.3 Cooperative, 7.4 Competitive).

What the browser receives is the board's synced traits (``sync_state(board)``): anyone can
read them in the browser's developer tools, so the hidden-information tests read that JSON.
The ``plan`` trait is left out of those checks: it lists every component of the game (every
Soviet card of the deck included), which is public knowledge, not a hand.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pavlov_widgets import Board
from pavlov_widgets.engine import Game, RuleSettings
from pavlov_widgets.widget import BoardError, HotSeatSession, Refusal
from pavlov_widgets.widget.board import sync_state
from pavlov_widgets.widget.view import NOBODY, game_view


def competitive(seed: int = 2) -> Game:
    """A two-player competitive game (7.4), at the first Wehrmacht Planning decision."""
    return Game.new(seed=seed, settings=RuleSettings.for_variant("competitive"))


def cooperative(seed: int = 1) -> Game:
    """A cooperative game (7.3), at the operations commander's first decision."""
    return Game.new(seed=seed, settings=RuleSettings.for_variant("cooperative"))


def synced(board: Board) -> str:
    """The traits as the browser receives them, as JSON text, without the ``plan``."""
    state = {k: v for k, v in sync_state(board).items() if k != "plan"}
    return json.dumps(state)


def german_secrets(game: Game) -> list[str]:
    """The ids of the German player's hidden cards (7.4), quoted as they are in JSON."""
    s = game.state
    ids = [*s.german_hand, *s.orders, *s.german_tactics]
    if s.tactics_chosen:
        ids.append(s.tactics_chosen)
    return [json.dumps(i) for i in ids]


def soviet_secrets(game: Game) -> list[str]:
    """The ids of the Soviet cards in hand not yet played, quoted as in JSON."""
    s = game.state
    return [json.dumps(c) for c in s.hand if c not in s.hand_used]


def plan_as_german(game: Game) -> None:
    """The German player places the first orders offered and the first Tactics card."""
    while game.side_to_decide() == "german":
        game.apply(game.legal_actions()[0], role="german")


def message(board: Board, content: dict[str, Any]) -> None:
    """Deliver one message the way the widget's comm does (refusals go to ``error``)."""
    board.send = lambda *a, **k: None  # type: ignore[method-assign]
    board._handle_custom_msg(content, [])


def hot_seat(board: Board) -> HotSeatSession:
    """The hot seat driving ``board``."""
    session = board.session
    assert isinstance(session, HotSeatSession)
    return session


def choose(board: Board, option: str) -> None:
    message(board, {"kind": "choose", "option": option, "rev": board.rev,
                    "game": board.game_serial})


# --- role views --------------------------------------------------------------------------


def test_the_soviet_view_shows_the_german_cards_face_down_with_their_counts() -> None:
    game = competitive()
    soviet = Board.from_game(game, role="soviet")
    assert soviet.session.role == "soviet" and soviet.seat["name"] == "the Soviet player"
    secrets = german_secrets(game)
    assert len(secrets) == 7  # four Wehrmacht and three Tactics cards (7.4 Planning)
    text = synced(soviet)
    assert not [c for c in secrets if c in text]
    german = soviet.view["german"]
    assert german["sees"] is False
    assert (german["handCount"], german["tacticsCount"], german["ordersCount"]) == (4, 3, 0)
    assert german["hand"] == german["tactics"] == [] and german["chosen"] is None
    # after the planning: three orders and a Tactics card face down, counted, never named
    plan_as_german(game)
    text = synced(soviet)
    assert not [c for c in german_secrets(game) if c in text]
    german = soviet.view["german"]
    assert (german["ordersCount"], german["chosenCount"], german["handCount"]) == (3, 1, 4)
    assert "German hand:" not in text and "Order 1:" not in text  # the German log entries


def test_the_german_view_shows_the_planning_cards_and_options_on_them() -> None:
    game = competitive()
    german = Board.from_game(game, role="german")
    g = german.view["german"]
    assert g["sees"] is True
    assert [c["id"] for c in g["hand"]] == game.state.german_hand
    assert [c["id"] for c in g["tactics"]] == game.state.german_tactics
    options = german.choice["options"]
    assert german.choice["kind"] == "decision" and len(options) == 4
    assert {o["targets"][0] for o in options} == {f"card:{c}" for c in game.state.german_hand}
    first = options[0]["id"]
    choose(german, first)
    assert german.error == ""
    assert [c["id"] for c in german.view["german"]["orders"]] == game.state.orders
    assert german.view["german"]["ordersCount"] == 1
    assert any(e["text"].startswith("German hand:") for e in german.log_entries)
    # the Tactics card is chosen on the Tactics hand
    while game.state.pending and game.state.pending["op"] == "plan_order":
        choose(german, german.choice["options"][0]["id"])
    assert german.choice["op"] == "plan_tactics"
    assert {o["targets"][0] for o in german.choice["options"]} == {
        f"card:{c}" for c in game.state.german_tactics}
    choose(german, german.choice["options"][0]["id"])
    assert german.view["german"]["chosen"]["id"] == game.state.tactics_chosen


def test_the_german_view_never_shows_the_soviet_hand_before_it_is_played() -> None:
    game = competitive()
    plan_as_german(game)
    german = Board.from_game(game, role="german")
    soviet = Board.from_game(game, role="soviet")
    assert game.phase == "soviet_cards" and len(game.state.hand) == 4
    text = synced(german)
    assert not [c for c in soviet_secrets(game) if c in text]
    assert german.view["hand"] == [] and german.view["handHidden"] == 4
    assert german.choice["kind"] == "wait"
    assert german.choice["prompt"] == "Waiting for the Soviet player (7.4)"
    # the Soviet player sees the hand; a card played becomes visible to both
    assert [h["card"] for h in soviet.view["hand"]] == game.state.hand
    play = next(o["id"] for o in soviet.choice["options"] if o["id"].startswith("card:"))
    choose(soviet, play)
    assert soviet.error == ""
    played = game.state.hand_used[0]
    assert [h["card"] for h in german.view["hand"]] == [played]
    assert german.view["handHidden"] == 3
    assert not [c for c in soviet_secrets(game) if c in synced(german)]


def test_a_role_view_waits_for_the_other_role_and_nothing_glows() -> None:
    game = cooperative()
    house = Board.from_game(game, role="house")
    assert house.choice["kind"] == "wait"
    assert house.choice["prompt"] == "Waiting for the operations commander (7.3)"
    assert house.choice["rule"] == "7.3 Cooperative (Two Players)"
    assert house.choice["options"] == []
    assert "operations commander's view" not in repr(house)
    assert repr(house).startswith("<Board (the house commander's view): turn 1")
    operations = Board.from_game(game, role="operations")
    assert operations.choice["kind"] == "decision" and operations.choice["options"]


def test_a_choice_for_the_other_role_is_refused_with_the_rule_and_changes_nothing() -> None:
    game = cooperative()
    house = Board.from_game(game, role="house")
    rev, state = game.rev, game.state.to_dict()
    option = game.legal_actions()[0].id
    choose(house, option)
    assert game.rev == rev and game.state.to_dict() == state
    assert "belongs to the operations commander" in house.error
    assert "not to the house commander" in house.error
    assert "7.3 Cooperative" in house.error and house.error.endswith("Nothing was done.")
    reply = house.handle_message({"kind": "choose", "option": option, "rev": rev, "game": 0})
    assert reply == {"kind": "ack", "ok": False, "rev": rev, "code": "wrong-role"}
    assert house.error_code == "wrong-role"
    assert "belongs to the operations commander" in house.error
    # from code too: the board chooses as its role
    from pavlov_widgets.engine.errors import WrongRoleError

    with pytest.raises(WrongRoleError) as caught:
        house.apply(option)
    assert caught.value.role == "house" and caught.value.owners == ("operations",)
    assert game.rev == rev


def test_why_not_in_a_role_view_names_whose_decision_it_is_and_no_hidden_card() -> None:
    game = competitive()
    soviet = Board.from_game(game, role="soviet")
    answer = soviet.handle_message({"kind": "why_not", "region": "counter:pavlov",
                                    "rev": game.rev, "game": 0})
    assert answer is not None
    assert answer["text"] == ("this decision belongs to the German player, not to the Soviet "
                              "player")
    assert answer["rule"] == "7.4 Competitive"
    plan_as_german(game)
    hidden = game.state.orders[0]
    answer = soviet.handle_message({"kind": "why_not", "region": f"card:{hidden}",
                                    "rev": game.rev, "game": 0})
    assert answer is not None and answer["text"] == "that card is hidden from your side"


def test_two_boards_on_one_game_stay_in_step() -> None:
    game = cooperative()
    operations = Board.from_game(game, role="operations")
    house = Board.from_game(game, role="house")
    everything = Board.from_game(game)
    choose(operations, "end-phase")
    assert operations.error == ""
    assert operations.rev == house.rev == everything.rev == game.rev
    assert operations.view["phase"] == house.view["phase"] == game.phase
    # play on (either may decide the Wehrmacht cards' questions) until the house's phase
    while game.phase not in ("counter_moves", "counter_actions"):
        board = operations if "operations" in game.roles_to_decide() else house
        choose(board, board.choice["options"][0]["id"])
        assert board.error == ""
    assert house.choice["kind"] == "decision"
    assert operations.choice["prompt"] == "Waiting for the house commander (7.3)"
    assert house.log_entries == everything.log_entries == operations.log_entries


def test_a_role_must_be_one_of_the_games() -> None:
    solo = Game.new(seed=1)
    with pytest.raises(BoardError, match="'german' is not a role of this game; its roles are "
                                         "'soviet'"):
        Board.from_game(solo, role="german")
    with pytest.raises(BoardError, match="not both"):
        Board(competitive(), role="german", hot_seat=True)
    coop = cooperative()
    with pytest.raises(BoardError, match="'pilot' is not a role"):
        Board.from_game(coop, role="pilot")
    board = Board.from_game(coop, role="house")
    with pytest.raises(BoardError, match="not a role of this game"):
        board.game = solo  # the house commander has no view of a solo game
    assert board.session.role == "house" and board.game is coop
    everything = Board.from_game(coop)  # role None: everything
    assert everything.choice["kind"] == "decision" and everything.seat == {}
    # the side of two roles is a view too (7.4 with three players)
    three = Game.new(seed=2, settings=RuleSettings.for_variant("competitive-three"))
    assert Board.from_game(three, role="soviet").seat["name"] == "the Soviet players"


def test_undo_is_off_in_a_role_view_of_a_game_against_the_german_player() -> None:
    game = competitive()
    german = Board.from_game(game, role="german")
    choose(german, german.choice["options"][0]["id"])
    assert game.can_undo and german.view["canUndo"] is False
    message(german, {"kind": "undo", "rev": game.rev, "game": 0})
    assert "Undo is off" in german.error and len(game.state.orders) == 1
    assert german.error_code == "undo-off"
    # in the cooperative game the partners may take a choice back
    coop = cooperative()
    ops = Board.from_game(coop, role="operations")
    choose(ops, "end-phase")
    assert ops.view["canUndo"] is coop.can_undo


def test_a_role_views_saved_picture_names_no_hidden_card() -> None:
    game = competitive()
    plan_as_german(game)
    soviet = Board.from_game(game, role="soviet")
    picture = soviet.static_html()
    assert not [c.strip('"') for c in german_secrets(game) if c.strip('"') in picture]


# --- the hot seat ------------------------------------------------------------------------


def test_the_hot_seat_opens_covered_for_the_first_side_and_hides_both_hands() -> None:
    game = competitive()
    board = Board.hot_seat(game)
    seat = hot_seat(board)
    assert seat.covered and seat.role is None
    assert board.cover["text"] == "Pass to the German player — click when ready"
    assert board.choice["kind"] == "cover" and board.choice["options"] == []
    text = synced(board)
    assert not [c for c in german_secrets(game) if c in text]
    assert repr(board).startswith("<Board (hot seat, covered): turn 1")
    # a choice while covered is refused; the click on the cover reveals
    choose(board, game.legal_actions()[0].id)
    assert "covered for the German player" in board.error and game.rev == 0
    assert board.error_code == "covered"
    message(board, {"kind": "reveal", "rev": board.rev, "game": board.game_serial})
    assert not seat.covered and seat.role == "german" and board.cover == {}
    assert board.view["german"]["sees"] and board.choice["kind"] == "decision"


def test_the_hot_seat_covers_between_the_sides_and_shows_only_the_side_on_screen() -> None:
    game = competitive()
    board = Board.hot_seat(game)
    seat = hot_seat(board)
    seat.reveal()
    for _ in range(4):  # three orders and a Tactics card, clicked on the board
        choose(board, board.choice["options"][0]["id"])
        assert board.error == ""
    assert game.side_to_decide() == "soviet"
    assert seat.covered and board.cover["to"] == "soviet"
    assert board.cover["text"] == "Pass to the Soviet player — click when ready"
    text = synced(board)
    assert not [c for c in german_secrets(game) + soviet_secrets(game) if c in text]
    assert board.view["handHidden"] == 4 and board.view["german"]["sees"] is False
    seat.reveal()
    text = synced(board)
    assert seat.role == "soviet"
    assert all(c in text for c in soviet_secrets(game))
    assert not [c for c in german_secrets(game) if c in text]
    # the Soviet side plays its turn; at the next planning the cover comes back
    while game.side_to_decide() == "soviet":
        choose(board, board.choice["options"][-1]["id"])
        assert board.error == ""
    assert game.phase == "planning" and seat.covered and board.cover["to"] == "german"
    text = synced(board)
    assert not [c for c in german_secrets(game) + soviet_secrets(game) if c in text]


def test_the_hot_seat_takes_the_cover_off_when_the_turn_comes_back() -> None:
    game = competitive()
    board = Board.hot_seat(game)
    seat = hot_seat(board)
    seat.reveal()
    plan_as_german(game)  # the German side played from code: still the German on screen?
    assert seat.covered and board.cover["to"] == "soviet"
    seat.reveal()
    with pytest.raises(Refusal, match="not covered") as refused:
        seat.reveal()
    assert refused.value.code == "not-here"
    plain = Board.from_game(game)
    assert plain.handle_message({"kind": "reveal"})["code"] == "not-here"
    assert "not a hot seat" in plain.error
    with pytest.raises(BoardError, match="a hot seat shows each side in turn"):
        Board(game, role="german", hot_seat=True)


def test_a_hot_seat_with_three_players_chooses_as_the_soviet_role_that_decides() -> None:
    game = Game.new(seed=2, settings=RuleSettings.for_variant("competitive-three"))
    board = Board.hot_seat(game)
    hot_seat(board).reveal()
    plan_as_german(game)
    assert board.cover["name"] == "the Soviet players"
    hot_seat(board).reveal()
    board.apply("end-phase")  # the operations commander's decision, taken on the Soviet seat
    assert game.phase != "soviet_cards"


def test_a_solo_hot_seat_never_covers() -> None:
    board = Board.hot_seat(Game.new(seed=1))
    seat = hot_seat(board)
    assert not seat.covered and seat.role == "soviet"
    board.apply("end-phase")
    assert not seat.covered


def test_nobody_sees_both_hands_face_down() -> None:
    game = competitive()
    plan_as_german(game)
    view = game_view(game, NOBODY)
    assert view["hand"] == [] and view["handHidden"] == 4
    assert view["german"]["ordersCount"] == 3 and view["german"]["orders"] == []
