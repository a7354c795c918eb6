"""The board widget's Python side: messages from the browser, traits, displays.

The browser sends intents only; every message is checked here. A good one changes the game
and the synced traits once; a bad one (garbage, an unknown kind, a stale rev, an option that
is not legal now) leaves the game exactly as it was and explains itself in ``error``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pavlov_widgets import Board
from pavlov_widgets.engine import Game, IllegalActionError, NothingToUndoError
from pavlov_widgets.widget import BoardMessageError
from pavlov_widgets.widget import view as views

SYNCED = ("plan", "view", "options", "last_roll", "log_entries", "error", "rev", "auto_roll")


class Sent:
    """Collects the custom messages the board sends back (the acks)."""

    def __init__(self, board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
        self.messages: list[dict[str, Any]] = []
        monkeypatch.setattr(
            board, "send", lambda content, buffers=None: self.messages.append(content)
        )


def message(board: Board, content: Any) -> None:
    """Deliver one message the way the widget's comm does."""
    board._on_msg(board, content, [])


def first_option(board: Board) -> str:
    return str(board.options["options"][0]["id"])


@pytest.fixture
def board() -> Board:
    return Board.new(seed=1)


# --- construction --------------------------------------------------------------------------


def test_board_deals_a_new_game_from_a_seed() -> None:
    board = Board(seed=4)
    assert board.game.to_dict() == Game.new(seed=4).to_dict()
    assert board.rev == 0
    assert board.options["kind"] == "decision"
    assert Board().game.state.seed == 0


def test_board_wraps_an_existing_game_without_copying_it() -> None:
    game = Game.new(seed=2)
    board = Board(game)
    assert board.game is game
    assert Board.from_game(game).game is game


def test_board_rejects_a_game_and_a_seed_together_and_non_games() -> None:
    with pytest.raises(TypeError, match="not both"):
        Board(Game.new(seed=1), seed=1)
    with pytest.raises(TypeError, match="must be a pavlov_widgets Game, not str"):
        Board("game")  # type: ignore[arg-type]
    board = Board.new(seed=1)
    with pytest.raises(TypeError, match="not int"):
        board.game = 5  # type: ignore[assignment]


def test_board_from_a_rulebook_scenario() -> None:
    board = Board.from_scenario("sniper")
    assert board.options["kind"] == "chance"
    assert board.options["options"] == [{"id": "roll", "label": "Roll 1 die", "targets": []}]
    from pavlov_widgets.engine import UnknownScenarioError

    with pytest.raises(UnknownScenarioError, match="no-such"):
        Board.from_scenario("no-such")


def test_importing_the_engine_loads_no_widget_library_and_board_is_lazy() -> None:
    code = (
        "import sys, pavlov_widgets, pavlov_widgets.engine\n"
        "assert not {'anywidget', 'ipywidgets', 'traitlets'} & set(sys.modules), sys.modules\n"
        "from pavlov_widgets import Board\n"
        "assert 'anywidget' in sys.modules\n"
        "print(Board.__module__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "pavlov_widgets.widget.board"


def test_unknown_attribute_of_the_package_is_an_attribute_error() -> None:
    import pavlov_widgets

    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        _ = pavlov_widgets.Nope  # type: ignore[attr-defined]


# --- legal messages ------------------------------------------------------------------------


def test_a_legal_choice_changes_the_game_and_every_trait(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent = Sent(board, monkeypatch)
    option = first_option(board)
    expected = Game.new(seed=1)
    expected.apply(option)
    message(board, {"kind": "choose", "option": option, "rev": 0})
    assert board.game.to_dict() == expected.to_dict()
    assert board.rev == 1
    assert board.error == ""
    assert board.options == views.pending_view(expected)
    assert board.log_entries == views.log_view(expected)
    assert board.view["canUndo"] is True
    assert sent.messages == [{"kind": "ack", "ok": True, "rev": 1}]


def test_the_traits_match_the_view_functions(board: Board) -> None:
    board.apply("end-phase")
    view = views.game_view(board.game)
    view.update(canUndo=True, canRedo=False)
    assert board.view == view
    assert board.last_roll == views.last_roll(board.game)
    assert board.plan == views.layout(board.game.components, board.game.options)
    state = board.sync_state()
    assert set(state) == set(SYNCED)
    json.dumps(state)  # everything synced is plain JSON


def test_undo_and_redo_messages(board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    Sent(board, monkeypatch)
    start = board.game.to_dict()
    message(board, {"kind": "choose", "option": "end-phase", "rev": 0})
    after = board.game.to_dict()
    message(board, {"kind": "undo"})
    assert board.game.to_dict() == start
    assert board.view["canRedo"] is True
    message(board, {"kind": "redo", "rev": board.rev})
    assert board.game.to_dict() == after
    assert board.rev == 3
    assert board.error == ""


def test_step_and_roll_messages_roll_the_pending_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board.new(seed=3, auto_roll=False)
    Sent(board, monkeypatch)
    message(board, {"kind": "choose", "option": "end-phase", "rev": 0})
    assert board.options["kind"] == "chance"
    odds = board.options["odds"]
    assert abs(sum(pct for _, _, pct in odds) - 100) < 0.5
    assert all("/" in frac for _, frac, _ in odds)
    before = len(board.game.history)
    message(board, {"kind": "step", "rev": board.rev})
    assert len(board.game.history) == before + 1
    assert board.last_roll["dice"] == board.game.history[-1]["value"]
    while board.options["kind"] == "chance":
        message(board, {"kind": "choose", "option": "roll", "rev": board.rev})
    assert board.error == ""


def test_turning_auto_roll_on_at_a_chance_step_rolls_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = Board.new(seed=3, auto_roll=False)
    Sent(board, monkeypatch)
    board.apply("end-phase")
    assert board.options["kind"] == "chance"
    message(board, {"kind": "auto_roll", "value": True})
    assert board.auto_roll is True and board.game.auto_roll is True
    assert board.options["kind"] == "decision"
    message(board, {"kind": "auto_roll", "value": False})
    assert board.game.auto_roll is False


# --- bad messages: the game is unchanged, the error says why ------------------------------

BAD_MESSAGES: list[tuple[Any, str]] = [
    (None, "cannot read"),
    ("choose", "cannot read"),
    ([1, 2], "cannot read"),
    ({}, "Unknown message kind None"),
    ({"kind": "launch-missiles"}, "Unknown message kind 'launch-missiles'"),
    ({"kind": 3}, "Unknown message kind 3"),
    ({"kind": "choose", "option": "end-phase"}, "no rev"),
    ({"kind": "choose", "option": "end-phase", "rev": "0"}, "rev must be a whole number"),
    ({"kind": "choose", "option": "end-phase", "rev": True}, "rev must be a whole number"),
    ({"kind": "choose", "option": "end-phase", "rev": 7}, "older position (rev 7"),
    ({"kind": "choose", "rev": 0}, "must name an option id"),
    ({"kind": "choose", "option": 12, "rev": 0}, "must name an option id"),
    ({"kind": "choose", "option": "", "rev": 0}, "must name an option id"),
    ({"kind": "choose", "option": "move:pavlov", "rev": 0}, "'move:pavlov' is not one of"),
    ({"kind": "choose", "option": "roll", "rev": 0}, "'roll' is not one of"),
    ({"kind": "step", "rev": 0}, "No dice to roll"),
    ({"kind": "undo"}, "Nothing to undo"),
    ({"kind": "redo", "rev": 0}, "Nothing to redo"),
    ({"kind": "auto_roll", "value": "yes"}, "true or false"),
]


@pytest.mark.parametrize(("content", "says"), BAD_MESSAGES)
def test_a_bad_message_changes_nothing_and_sets_a_clear_error(
    board: Board, monkeypatch: pytest.MonkeyPatch, content: Any, says: str
) -> None:
    sent = Sent(board, monkeypatch)
    game_before = board.game.to_dict()
    traits_before = {k: v for k, v in board.sync_state().items() if k != "error"}
    message(board, content)
    assert says in board.error
    assert board.error.rstrip().endswith(("done.", "again."))
    assert board.game.to_dict() == game_before
    assert {k: v for k, v in board.sync_state().items() if k != "error"} == traits_before
    assert sent.messages == [{"kind": "ack", "ok": False, "rev": 0}]


def test_a_good_message_clears_the_error(board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    Sent(board, monkeypatch)
    message(board, {"kind": "choose", "option": "nope", "rev": 0})
    assert board.error
    message(board, {"kind": "choose", "option": first_option(board), "rev": 0})
    assert board.error == ""


def test_a_stale_click_after_a_change_is_refused(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    Sent(board, monkeypatch)
    message(board, {"kind": "choose", "option": "end-phase", "rev": 0})
    after = board.game.to_dict()
    # A second view still showing rev 0 sends a click: it must not act on the new position.
    message(board, {"kind": "choose", "option": first_option(board), "rev": 0})
    assert "older position (rev 0; the board is at rev 1)" in board.error
    assert board.game.to_dict() == after


def test_choosing_after_the_game_is_over_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board(play_out(seed=11, policy=11))
    Sent(board, monkeypatch)
    assert board.options["kind"] == "over"
    before = board.game.to_dict()
    message(board, {"kind": "choose", "option": "end-phase", "rev": board.rev})
    assert "The game is over" in board.error
    assert board.game.to_dict() == before


# --- driving from code --------------------------------------------------------------------


def test_code_methods_keep_the_traits_in_step(board: Board) -> None:
    board.apply(first_option(board))
    assert board.rev == 1
    board.undo()
    assert board.rev == 2 and board.game.to_dict() == Game.new(seed=1).to_dict()
    board.redo()
    assert board.rev == 3
    with pytest.raises(IllegalActionError):
        board.apply("nope")
    assert board.rev == 3
    with pytest.raises(NothingToUndoError):
        Board.new(seed=1).undo()


def test_save_and_load_class_and_instance(board: Board, tmp_path: Path) -> None:
    board.apply("end-phase")
    path = tmp_path / "game.json"
    board.save(path)
    loaded = Board.load(path)
    assert isinstance(loaded, Board)
    assert loaded.game.to_dict() == board.game.to_dict()
    other = Board.new(seed=9)
    rev = other.rev
    other.load(path)
    assert other.game.to_dict() == board.game.to_dict()
    assert other.rev == rev + 1
    assert Board.load(board.game.to_json()).game.to_dict() == board.game.to_dict()


def test_replacing_the_game_refreshes_the_view(board: Board) -> None:
    board.game = Game.new(seed=5)
    assert board.view == {**views.game_view(Game.new(seed=5)), "canUndo": False, "canRedo": False}
    assert board.rev == 1


# --- display --------------------------------------------------------------------------------


def test_repr_is_stable_and_names_turn_phase_and_prompt(board: Board) -> None:
    text = repr(board)
    assert text == repr(Board.new(seed=1))
    assert text.startswith("<Board: turn 1, Soviet Card Phase; now: ")
    assert "choose a card action" in text
    over = Board(play_out(seed=11, policy=11))
    assert repr(over).startswith("<Board: game over on turn ")


def test_mimebundle_has_the_widget_text_and_a_static_picture(board: Board) -> None:
    data, _ = board._repr_mimebundle_()
    assert data["text/plain"] == repr(board)
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == board.model_id
    page = data["text/html"]
    assert "drawStatic(root, data)" in page
    assert '<script type="module">' in page
    # The embedded state parses back to exactly what the browser would receive.
    start = page.index('<script type="application/json">') + len('<script type="application/json">')
    blob = page[start : page.index("</script>", start)]
    assert json.loads(blob) == json.loads(json.dumps(board.sync_state()))


def test_the_static_picture_cannot_end_its_script_early_and_is_deterministic() -> None:
    game = Game.new(seed=1)
    board_a, board_b = Board(game.copy()), Board(game.copy())
    page = board_a.static_html()
    scripts = page.split("<script")[1:]
    for chunk in scripts:
        body = chunk.split(">", 1)[1]
        inner = body[: body.index("</script>")]
        assert "</" not in inner.replace("<\\/", "")
    assert page == board_b.static_html()


def test_save_html_writes_a_standalone_page(board: Board, tmp_path: Path) -> None:
    path = tmp_path / "board.html"
    board.save_html(path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>")
    assert "pavlov-static-" in text and "drawStatic" in text


# --- the view model -------------------------------------------------------------------------


def play_out(seed: int, policy: int) -> Game:
    """A whole game by a seeded random policy that prefers acting over ending a phase."""
    game = Game.new(seed=seed)
    rng = random.Random(policy)
    while not game.is_over:
        options = game.legal_actions()
        if len(options) > 1 and rng.random() > 0.3:
            game.apply(rng.choice(options[:-1]))
        else:
            game.apply(rng.choice(options))
    return game


def test_updates_stay_small_over_whole_games() -> None:
    """Every synced update stays well under 20 KB (the performance budget of the issue)."""
    for seed in (2, 3):
        game = Game.new(seed=seed)
        board = Board(game)
        rng = random.Random(seed)
        largest = 0
        while not game.is_over:
            before = board.sync_state()
            options = game.legal_actions()
            acts = len(options) > 1 and rng.random() > 0.3
            pick = rng.choice(options[:-1]) if acts else options[-1]
            board.apply(pick.id)
            after = board.sync_state()
            changed = {k: v for k, v in after.items() if before[k] != v}
            largest = max(largest, len(json.dumps(changed, separators=(",", ":"))))
        assert largest < 20_000, f"seed {seed}: an update of {largest} bytes"
        assert len(json.dumps(board.view, separators=(",", ":"))) < 12_000


def test_card_actions_are_drawn_on_their_half_of_the_card(board: Board) -> None:
    for option in board.options["options"]:
        if option["id"].startswith("card:"):
            _, card, unit, _ = option["id"].split(":")
            assert option["targets"] == [f"card:{card}:{unit}"]
            assert unit in board.plan["sovietCards"][card]
        else:
            assert option["targets"] == []


def test_die_marks_agree_with_the_real_dice_tests() -> None:
    """The per-die hit marks read from a roll's label match the engine's own dice test."""
    checked = 0
    for seed in (1, 4, 8):
        game = Game.new(seed=seed, auto_roll=False)
        rng = random.Random(seed)
        while not game.is_over and checked < 400:
            chance = game.chance()
            if chance is None:
                options = game.legal_actions()
                game.apply(rng.choice(options[:-1]) if len(options) > 1 else options[0])
                continue
            test = chance.test
            dice = game.roll()
            roll = views.last_roll(game)
            assert roll["dice"] == dice
            if test["type"] in ("any", "count", "survive"):
                assert roll["marks"] == [d >= test["target"] for d in dice], roll
            else:
                assert roll["marks"] is None, roll
            checked += 1
    assert checked >= 100


def test_the_log_is_newest_first_with_rules(board: Board) -> None:
    board.apply("end-phase")
    log = board.log_entries
    assert len(log) <= views.LOG_LIMIT
    assert [e["n"] for e in log] == sorted((e["n"] for e in log), reverse=True)
    assert all(e["rule"] for e in log)
    assert log[0]["text"] == board.game.log[-1].text


def test_the_turn_count_ends_on_the_last_turn() -> None:
    game = play_out(seed=3, policy=3)
    if game.outcome and game.outcome["how"] == "deck_exhausted":
        assert views.game_view(game)["turns"] == game.turn
    assert views.game_view(Game.new(seed=3))["turns"] == 21


def test_bad_message_error_type_is_a_value_error() -> None:
    assert issubclass(BoardMessageError, ValueError)


def test_variant_card_actions_show_only_when_the_variant_is_in_play() -> None:
    from pavlov_widgets.engine import RuleSettings

    def actions(board: Board) -> list[str]:
        (cp,) = (u for u in board.plan["units"] if u["id"] == "62nd-army-cp")
        return list(cp["actions"])

    assert "Operational Support" not in actions(Board.new(seed=1))
    variant = Board.new(seed=1, options=RuleSettings(operational_support=True))
    assert actions(variant)[-1] == "Operational Support"
    plain = Board.new(seed=1)
    plain.game = variant.game  # a new game with other options gets a new plan
    assert actions(plain)[-1] == "Operational Support"
