"""The board's help and its saved game, on the Python side (issue 11).

- "Why not?": the browser asks ``{"kind": "why_not", "region", "rev", "game"}`` for a place that
  does not glow; the board answers with the engine's :meth:`Game.why_not` (the one judge),
  in a custom message, and changes nothing.
- The glossary: every option of the ``choice`` trait names the glossary line that explains it
  (``term``); the lines themselves travel once, in the ``plan`` (small updates).
- The saved game: ``Board.autosaved(path, seed=...)`` plays a game that is saved to ``path`` after
  every change and is picked up again when the cell runs a second time (or after a kernel
  restart); ``board.save_path`` and the ``saved`` trait say where it is saved.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pavlov_widgets import Board
from pavlov_widgets.engine import Game
from pavlov_widgets.engine.glossary import explain_option


def _answers(board: Board) -> list[dict[str, Any]]:
    """Collect what the board sends to the browser."""
    sent: list[dict[str, Any]] = []
    board.send = sent.append  # type: ignore[method-assign]
    return sent


def _refused_region(game: Game) -> str:
    for card in game.state.hand:
        for unit in game.components.soviet_cards[card].units:
            if game.why_not(f"card:{card}:{unit}") is not None:
                return f"card:{card}:{unit}"
    raise AssertionError("every card half glows")


def test_why_not_answers_with_the_engines_refusal_and_changes_nothing() -> None:
    board = Board.new(seed=1)
    sent = _answers(board)
    region = _refused_region(board.game)
    refusal = board.game.why_not(region)
    assert refusal is not None
    rev = board.rev
    board._handle_custom_msg({"kind": "why_not", "region": region, "rev": rev, "game": 0}, [])
    assert sent == [{"kind": "why_not", "region": region, "rev": rev, "game": 0,
                     "text": refusal.text, "rule": refusal.rule}]
    assert board.rev == board.game.rev == rev and board.error == ""


def test_why_not_of_a_glowing_place_is_an_empty_answer() -> None:
    board = Board.new(seed=1)
    sent = _answers(board)
    region = board.game.legal_actions()[0].targets[0]
    board._handle_custom_msg({"kind": "why_not", "region": region, "rev": 0, "game": 0}, [])
    assert sent[-1]["text"] == "" and sent[-1]["region"] == region


def test_why_not_asked_about_an_older_position_answers_for_that_rev_only() -> None:
    board = Board.new(seed=1)
    board.apply("end-phase")
    sent = _answers(board)
    board._handle_custom_msg({"kind": "why_not", "region": "counter:pavlov", "rev": 0,
                              "game": 0}, [])
    # the browser drops an answer for a position it no longer shows: the reply says which
    assert sent[-1]["rev"] == board.rev and sent[-1]["kind"] == "why_not"


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "why_not"},
        {"kind": "why_not", "region": 7, "rev": 0},
        {"kind": "why_not", "region": "", "rev": 0},
    ],
)
def test_a_why_not_without_a_region_is_refused_and_changes_nothing(bad: dict[str, Any]) -> None:
    board = Board.new(seed=1)
    sent = _answers(board)
    board._handle_custom_msg(bad, [])
    assert "needs a place" in board.error and board.rev == 0
    assert board.error_code == "unreadable"
    assert sent[-1] == {"kind": "ack", "ok": False, "rev": 0, "code": "unreadable"}


def test_every_option_names_the_line_of_the_glossary_that_explains_it() -> None:
    game = Game.new(seed=3)
    board = Board(game)
    seen = 0
    for _ in range(200):
        if game.is_over:
            break
        for option, shown in zip(game.legal_actions(), board.choice["options"], strict=True):
            term = explain_option(option)
            if term is None:
                assert not shown.get("term"), shown
                continue
            word, meaning, rule = board.plan["glossary"][shown["term"]]
            assert (word, meaning, rule) == (term.word, term.meaning, term.rule)
            seen += 1
        game.apply(game.legal_actions()[0 if game.turn % 2 else -1])
    assert seen > 20


def test_each_unit_lists_the_glossary_lines_of_its_card_actions() -> None:
    board = Board.new(seed=1)
    glossary = board.plan["glossary"]
    for unit in board.plan["units"]:
        assert len(unit["terms"]) == len(unit["actions"]), unit["id"]
        for key, label in zip(unit["terms"], unit["actions"], strict=True):
            assert key in glossary, (unit["id"], label)


def test_autosaved_starts_a_game_saved_at_the_path(tmp_path: Path) -> None:
    path = tmp_path / "games" / "intro.json"
    board = Board.autosaved(path, seed=1)
    assert board.save_path == path and path.is_file()
    assert board.saved == {"path": str(path), "name": "intro.json", "rev": board.rev,
                           "auto": True}
    board.apply("end-phase")
    assert Game.load(path).history == board.game.history
    assert board.saved["rev"] == board.rev


def test_autosaved_again_picks_the_saved_game_up_where_it_was(tmp_path: Path) -> None:
    path = tmp_path / "intro.json"
    first = Board.autosaved(path, seed=1)
    first.apply("end-phase")
    again = Board.autosaved(path, seed=1)  # the cell run a second time: the same game goes on
    assert again.game.history == first.game.history
    assert again.game.turn == first.game.turn
    assert repr(again) == repr(first)


def test_autosaved_refuses_a_file_that_is_not_a_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({"hello": 1}), encoding="utf-8")
    with pytest.raises(ValueError, match="save"):
        Board.autosaved(path, seed=1)
    assert json.loads(path.read_text(encoding="utf-8")) == {"hello": 1}  # left as it was


def test_save_remembers_where_and_a_new_board_is_saved_nowhere(tmp_path: Path) -> None:
    board = Board.new(seed=1)
    assert board.save_path is None and board.saved == {}
    path = tmp_path / "g.json"
    board.save(path)
    assert board.save_path == path
    assert board.saved == {"path": str(path), "name": "g.json", "rev": board.rev,
                           "auto": False}
    board.apply("end-phase")  # not saved again by itself: the board says so (rev differs)
    assert board.saved["rev"] != board.rev
    board.save()  # to the same place
    assert board.saved["rev"] == board.rev
    assert Game.load(path).history == board.game.history


def test_save_without_a_path_on_a_board_never_saved_says_so() -> None:
    with pytest.raises(ValueError, match="path"):
        Board.new(seed=1).save()


def test_a_game_loaded_into_an_autosaved_board_lives_in_its_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    board = Board.autosaved(path, seed=1)
    other = tmp_path / "other.json"
    Game.new(seed=4).save(other)
    before = other.read_text(encoding="utf-8")
    board.load(other)
    assert board.save_path == path and board.saved["auto"] is True
    assert Game.load(path).history == Game.load(other).history
    board.apply(board.game.legal_actions()[-1])
    assert Game.load(path).history == board.game.history
    assert other.read_text(encoding="utf-8") == before  # the file loaded from is left alone
