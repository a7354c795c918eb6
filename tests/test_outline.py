"""The board as text (issue 19): the ``outline`` trait answers in words what the canvas shows.

A learner who cannot see the canvas must be able to answer "who is on red 2, what is the red
Defense, what is on track 4" from the text; every kind of place the board draws has its line;
a role view or the hot seat's cover learns nothing through the text that the canvas hides
(7.3, 7.4); and the text follows the game (a choice, an undo).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pavlov_widgets import Board
from pavlov_widgets.engine import Game, Position, RuleSettings
from pavlov_widgets.engine.places import parse_place
from pavlov_widgets.widget import view as views
from pavlov_widgets.widget.outline import outline


def lines(board: Board) -> list[dict[str, Any]]:
    """Every line of the board's outline, items included, in reading order."""
    out: list[dict[str, Any]] = []

    def walk(rows: list[dict[str, Any]]) -> None:
        for row in rows:
            out.append(row)
            walk(row.get("items", []))

    for section in board.outline:
        walk(section["lines"])
    return out


def line_on(board: Board, place: str) -> str:
    """The sentence of the one line about ``place``."""
    found = [row["text"] for row in lines(board) if row["place"] == place]
    assert len(found) == 1, f"{len(found)} lines about {place}"
    return found[0]


def line_keyed(board: Board, key: str) -> dict[str, Any]:
    """The line with key ``key`` (a line about no place has its own key)."""
    (found,) = [row for row in lines(board) if row.get("key", row["place"]) == key]
    return found


@pytest.fixture
def house() -> Board:
    """Pavlov on red 2 with a crewed machine gun's crew nearby, red Defense 5, track 4 busy."""
    position = (Position()
                .counter("pavlov", "R2", exhausted=True)
                .counter("chernogolov", "G4/R1", disrupted=True)
                .counter("glushenko", "R3")
                .defense("red", 5)
                .wehrmacht(4, 2, "machine-gunners")
                .wehrmacht(4, 5, "panzer-ii")
                .sapper(4, 3)
                .disrupt_location(12))
    return Board(position.game())


# --- the three questions of the issue ------------------------------------------------------


def test_who_is_on_red_2(house: Board) -> None:
    assert line_on(house, "square:R2") == "Position R2 (red 2): Pavlov."
    pavlov = line_keyed(house, "square:R2")["items"]
    assert [row["place"] for row in pavlov] == ["counter:pavlov"]
    assert pavlov[0]["text"].startswith("Pavlov: exhausted; Attack 2, Suppress 1")


def test_what_is_the_red_defense(house: Board) -> None:
    assert line_on(house, "defense:red") == "The red Defense is 5."
    assert line_on(house, "defense:green") == "The green Defense is 6."


def test_what_is_on_track_4(house: Board) -> None:
    track = line_keyed(house, "track-4")
    assert track["text"] == "Track 4 (red): Machine Gunners on circle 2 and Panzer II on circle 5."
    circles = {row["place"]: row["text"] for row in track["items"]}
    assert circles["track:4:2"] == ("Track 4, circle 2: Machine Gunners, Suppress 2, "
                                    "Defense 4.")
    assert circles["track:4:3"] == ("Track 4, circle 3: empty; a Sapper location with a Sapper "
                                    "token waiting.")
    assert line_keyed(house, "track-1")["text"] == "Track 1 (green): no Wehrmacht counter."


def test_the_score_counts_in_words(house: Board) -> None:
    assert ", 3 defenders in the house, " in line_keyed(house, "score")["text"]
    alone = Board(Position().counter("pavlov", "R2").game())
    assert ", 1 defender in the house, " in line_keyed(alone, "score")["text"]


def test_a_room_of_two_colours_and_a_counters_state_read_whole(house: Board) -> None:
    assert line_on(house, "square:G4R1") == "Position G4/R1 (green 4 and red 1): Chernogolov."
    assert line_on(house, "counter:chernogolov").startswith("Chernogolov: ready and disrupted;")
    assert line_on(house, "loc:12").endswith(": disrupted.")


# --- every place, every line -----------------------------------------------------------------


def test_every_kind_of_place_the_board_draws_has_a_line() -> None:
    game = Game.new(seed=1)
    board = Board(game)
    while game.phase == "soviet_cards":  # into the counters' phase: a roll, the hand played
        board.apply(game.legal_actions()[0])
    kinds = {parse_place(row["place"]).kind for row in lines(board) if row["place"]}
    assert kinds >= {"header", "square", "counter", "defense", "suppression-box", "track",
                     "loc", "box", "wehrmacht-slot", "dice"}
    hand = Board(Game.new(seed=1))
    assert {"card", "card-half"} <= {parse_place(row["place"]).kind for row in lines(hand)
                                     if row["place"]}
    # every place named is one the board draws, so the browser can ring it and ask about it
    known = views.region_ids(game)
    assert {row["place"] for row in lines(board) + lines(hand) if row["place"]} <= known


def test_every_line_is_a_sentence_with_a_key_of_its_own() -> None:
    board = Board(Game.new(seed=3))
    keys = [row.get("key", row["place"]) for row in lines(board)]
    assert len(keys) == len(set(keys)) and all(keys)
    for row in lines(board):
        text = row["text"]
        assert text[0].isupper() and text.endswith("."), text
    assert [s["key"] for s in board.outline] == [
        "game", "house", "defense", "square", "volga", "reserves", "cards", "dice"]


def test_a_weapon_says_who_crews_it() -> None:
    game = (Position().counter("ramazanov", "G5").counter("sarkisyan", "G5")
            .weapon("maxim-1", "G5").game())
    board = Board(game)
    assert line_on(board, "square:G5") == ("Position G5 (green 5): Ramazanov, Sarkisyan and "
                                           "Maxim M1910 machine gun.")
    assert line_on(board, "weapon:maxim-1").startswith(
        "Maxim M1910 machine gun, a weapon: crewed by Ramazanov and Sarkisyan;")
    assert line_on(board, "counter:ramazanov") == ("Ramazanov: ready; Attack 2, Suppress 2, "
                                                   "Machine Gun.")


def test_the_last_roll_names_every_face() -> None:
    game = Game.new(seed=1)
    board = Board(game)
    assert line_on(board, "dice") == "No dice rolled yet."
    while not game.log or not board.last_roll:
        board.apply(game.legal_actions()[-1])
    roll = board.last_roll
    faces = " and ".join(str(d) for d in roll["dice"]) if len(roll["dice"]) < 3 else None
    text = line_on(board, "dice")
    assert text.startswith("Rolled ") and roll["label"] in text and roll["rule"] in text
    if faces:
        assert text.startswith(f"Rolled {faces} for ")


# --- what each side may see (7.3, 7.4) -----------------------------------------------------


def competitive() -> Game:
    """A competitive game (7.4) at the German Planning: four cards in hand, three Tactics."""
    return Game.new(seed=2, settings=RuleSettings.for_variant("competitive"))


def hidden_names(game: Game, ids: list[str]) -> list[str]:
    """The names of the Tactics cards among ``ids`` (names no other line of the board uses)."""
    return [game.components.tactics[i].name for i in ids if i in game.components.tactics]


def test_the_soviet_seat_never_reads_the_german_cards() -> None:
    game = competitive()
    secret = [*game.state.german_hand, *game.state.german_tactics]
    soviet = Board.from_game(game, role="soviet")
    text = json.dumps(soviet.outline)
    assert not [c for c in secret if c in text]
    names = hidden_names(game, game.state.german_tactics)
    assert len(names) == 3 and not [n for n in names if n in text]
    assert line_on(soviet, "box:german-hand") == "The German player's hand: 4 cards face down."
    assert "items" not in line_keyed(soviet, "box:german-hand")
    # the German seat reads its own cards, each on its own line
    german = Board.from_game(game, role="german")
    hand = line_keyed(german, "box:german-hand")["items"]
    assert [row["place"] for row in hand] == [f"card:{c}" for c in game.state.german_hand]
    assert all(n in json.dumps(german.outline) for n in names)


def test_the_german_seat_and_the_hot_seats_cover_never_read_the_soviet_hand() -> None:
    game = competitive()
    while game.side_to_decide() == "german":
        game.apply(game.legal_actions()[0], role="german")
    assert game.phase == "soviet_cards" and len(game.state.hand) == 4
    german = Board.from_game(game, role="german")
    soviet = Board.from_game(game, role="soviet")
    covered = Board.hot_seat(game)
    for board in (german, covered):
        text = json.dumps(board.outline)
        assert not [c for c in game.state.hand if c in text]
        assert line_on(board, "box:soviet-hand") == ("4 Soviet cards face down, hidden from "
                                                     "the German player (7.4).")
    assert [row["place"] for row in lines(soviet) if row["place"].startswith("card:soviet")]
    cover_text = json.dumps(covered.outline)
    assert not [c for c in game.state.german_tactics if c in cover_text]


def test_the_outline_is_the_views_and_not_the_games() -> None:
    """Built from the redacted view alone: the same view gives the same text."""
    game = competitive()
    board = Board.from_game(game, role="soviet")
    seen = views.sight(game, "soviet")
    assert board.outline == outline(game.components, board.plan, views.game_view(seen),
                                     views.last_roll(seen))


# --- the text follows the game -----------------------------------------------------------------


def test_the_outline_follows_a_choice_and_an_undo() -> None:
    game = Game.new(seed=1)
    board = Board(game)
    before = board.outline
    card = line_keyed(board, f"card:{game.state.hand[0]}")
    assert card["text"] == "Soviet card 1: Artillery and 1083rd AA."
    board.apply(game.legal_actions()[0])  # Card 1, Artillery: Ready Artillery
    assert board.outline != before
    assert line_keyed(board, f"card:{game.state.hand[0]}")["text"].startswith(
        "Soviet card 1 (used):")
    game.undo()
    assert board.outline == before
