"""The board widget's Python side: messages from the browser, traits, the view model.

The browser sends intents only; every message is checked here. A good one changes the game
once and the board, listening to its game, syncs the traits once; a bad one (garbage, an
unknown kind, a stale rev, an option the game refuses) leaves the game exactly as it was,
explains itself in ``error`` and names its kind in ``error_code``. The view model hands the
JavaScript named fields only — no flag strings, no positional records, nothing to read back
out of the log's sentences.
"""

from __future__ import annotations

import ast
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pavlov_widgets import Board
from pavlov_widgets.engine import (
    Game,
    IllegalActionError,
    LogEntry,
    NothingToUndoError,
    RuleSettings,
)
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.widget import REFUSAL_CODES, BoardError, Refusal
from pavlov_widgets.widget import view as views
from pavlov_widgets.widget.board import STATIC, sync_state

SYNCED = ("plan", "view", "choice", "last_roll", "log_entries", "error", "error_code", "rev",
          "game_serial", "auto_roll", "saved", "marks", "focus", "question", "panels",
          "edit_mode", "hinting", "seat", "cover", "outline", "narration", "presenting")
WIDGET = Path(views.__file__).resolve().parent


class Sent:
    """Collects the custom messages the board sends back (the acks)."""

    def __init__(self, board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
        self.messages: list[dict[str, Any]] = []
        monkeypatch.setattr(
            board, "send", lambda content, buffers=None: self.messages.append(content)
        )


def message(board: Board, content: Any) -> None:
    """Deliver one message the way the widget's comm does."""
    board._handle_custom_msg(content, [])


def first_option(board: Board) -> str:
    return str(board.choice["options"][0]["id"])


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


@pytest.fixture
def board() -> Board:
    return Board.new(seed=1)


# --- construction --------------------------------------------------------------------------


def test_board_deals_a_new_game_from_a_seed() -> None:
    board = Board(seed=4)
    assert board.game.to_dict() == Game.new(seed=4).to_dict()
    assert board.rev == 0
    assert board.choice["kind"] == "decision"
    assert Board().game.state.seed == 0


def test_board_new_takes_rule_settings_by_the_settings_keyword() -> None:
    settings = RuleSettings(operational_support=True)
    board = Board.new(seed=1, settings=settings)
    assert board.game.settings == settings
    with pytest.raises(TypeError):
        Board.new(seed=1, options=settings)  # type: ignore[call-arg]


def test_board_wraps_an_existing_game_without_copying_it() -> None:
    game = Game.new(seed=2)
    board = Board(game)
    assert board.game is game
    assert Board.from_game(game).game is game


def test_board_rejects_a_game_and_a_seed_together_and_non_games() -> None:
    with pytest.raises(TypeError, match="not both"):
        Board(Game.new(seed=1), seed=1)
    with pytest.raises(TypeError, match="plays a pavlov_widgets Game, not str"):
        Board("game")  # type: ignore[arg-type]
    board = Board.new(seed=1)
    with pytest.raises(TypeError, match="not int"):
        board.game = 5  # type: ignore[assignment]


def test_board_from_a_rulebook_scenario_waits_for_a_roll() -> None:
    board = Board.from_game(get_scenario("sniper").build(auto_roll=False))
    assert board.choice["kind"] == "chance"
    assert board.choice["dice"] == 1
    assert board.choice["options"] == []  # one way to roll: the step intent


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


# --- the game owns the revision ------------------------------------------------------------


def test_the_board_shows_the_games_own_rev(board: Board) -> None:
    assert board.rev == board.game.rev == 0
    board.apply(first_option(board))
    assert board.rev == board.game.rev == 1
    board.game.undo()
    board.game.redo()
    assert board.rev == board.game.rev == 3


def test_changing_the_game_directly_refreshes_every_trait(board: Board) -> None:
    """``board.game.apply(...)`` reaches the board through Game.on_change."""
    board.game.apply("end-phase")
    game = board.game
    assert board.rev == game.rev == 1
    assert board.view == views.game_view(game)
    assert board.choice == views.choice_view(game)
    assert board.last_roll == views.last_roll(game)
    assert board.log_entries == views.log_view(game)
    assert board.view["canUndo"] is True
    game.undo()
    assert board.rev == 2 and board.choice == views.choice_view(Game.new(seed=1))


def test_a_replaced_game_is_no_longer_listened_to(board: Board) -> None:
    old = board.game
    new = Game.new(seed=5)
    board.game = new
    assert board.game_serial == 1
    view = board.view
    old.apply("end-phase")  # the old game moves on: the board does not follow it
    assert board.view == view and board.rev == new.rev == 0
    new.apply("end-phase")
    assert board.rev == 1 and board.view == views.game_view(new)


def test_a_closed_board_stops_listening() -> None:
    board = Board.new(seed=1)
    view = board.view
    board.close()
    board.game.apply("end-phase")
    assert board.view == view


def test_replacing_the_game_refreshes_the_view(board: Board) -> None:
    board.apply("end-phase")
    board.game = Game.new(seed=5)
    assert board.view == views.game_view(Game.new(seed=5))
    assert board.rev == 0 and board.game_serial == 1


# --- legal messages ------------------------------------------------------------------------


def test_a_legal_choice_changes_the_game_and_every_trait(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent = Sent(board, monkeypatch)
    option = first_option(board)
    expected = Game.new(seed=1)
    expected.apply(option)
    message(board, {"kind": "choose", "option": option, "rev": 0, "game": 0})
    assert board.game.to_dict() == expected.to_dict()
    assert board.rev == 1
    assert board.error == ""
    assert board.choice == views.choice_view(expected)
    assert board.log_entries == views.log_view(expected)
    assert board.view["canUndo"] is True
    assert sent.messages == [{"kind": "ack", "ok": True, "rev": 1}]


def test_the_traits_match_the_view_functions(board: Board) -> None:
    board.apply("end-phase")
    assert board.view == views.game_view(board.game)
    assert board.last_roll == views.last_roll(board.game)
    assert board.plan == views.layout(board.game)
    state = sync_state(board)
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
    message(board, {"kind": "redo", "rev": board.rev, "game": 0})
    assert board.game.to_dict() == after
    assert board.rev == 3
    assert board.error == ""


def test_the_step_message_is_the_one_way_to_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board.new(seed=3, auto_roll=False)
    Sent(board, monkeypatch)
    message(board, {"kind": "choose", "option": "end-phase", "rev": 0})
    assert board.choice["kind"] == "chance"
    odds = board.choice["odds"]
    assert abs(sum(o["percent"] for o in odds) - 100) < 0.5
    assert all(set(o) == {"result", "fraction", "percent"} for o in odds)
    assert all("/" in o["fraction"] for o in odds)
    before = board.game.to_dict()
    message(board, {"kind": "choose", "option": "roll", "rev": board.rev})
    assert "waiting for a roll" in board.error  # the game's own words
    assert board.game.to_dict() == before
    while board.choice["kind"] == "chance":
        count = len(board.game.history)
        message(board, {"kind": "step", "rev": board.rev})
        assert len(board.game.history) == count + 1
        assert board.last_roll["dice"] == board.game.history[-1]["value"]
    assert board.error == ""


def test_turning_auto_roll_on_at_a_chance_step_rolls_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = Board.new(seed=3, auto_roll=False)
    Sent(board, monkeypatch)
    board.apply("end-phase")
    assert board.choice["kind"] == "chance"
    message(board, {"kind": "auto_roll", "value": True})
    assert board.auto_roll is True and board.game.auto_roll is True
    assert board.choice["kind"] == "decision"
    assert board.rev == board.game.rev
    message(board, {"kind": "auto_roll", "value": False})
    assert board.game.auto_roll is False


# --- bad messages: the game is unchanged, the error says why ------------------------------

BAD_MESSAGES: list[tuple[Any, str, str]] = [
    (None, "unreadable", "cannot read"),
    ("choose", "unreadable", "cannot read"),
    ([1, 2], "unreadable", "cannot read"),
    ({}, "unknown-kind", "Unknown message kind None"),
    ({"kind": "launch-missiles"}, "unknown-kind", "Unknown message kind 'launch-missiles'"),
    ({"kind": 3}, "unknown-kind", "Unknown message kind 3"),
    ({"kind": "choose", "option": "end-phase"}, "stale", "no rev"),
    ({"kind": "choose", "option": "end-phase", "rev": "0"}, "unreadable",
     "rev must be a whole number"),
    ({"kind": "choose", "option": "end-phase", "rev": True}, "unreadable",
     "rev must be a whole number"),
    ({"kind": "choose", "option": "end-phase", "rev": 7}, "stale", "another position (rev 7"),
    ({"kind": "choose", "option": "end-phase", "rev": 0, "game": 3}, "stale",
     "no longer shows"),
    ({"kind": "choose", "option": "end-phase", "rev": 0, "game": "0"}, "unreadable",
     "game must be a whole"),
    ({"kind": "choose", "rev": 0}, "unreadable", "must name an option id"),
    ({"kind": "choose", "option": 12, "rev": 0}, "unreadable", "must name an option id"),
    ({"kind": "choose", "option": "", "rev": 0}, "unreadable", "must name an option id"),
    ({"kind": "choose", "option": "move:pavlov", "rev": 0}, "illegal",
     "Illegal action 'move:pavlov'"),
    ({"kind": "choose", "option": "roll", "rev": 0}, "illegal", "Illegal action 'roll'"),
    ({"kind": "step", "rev": 0}, "no-dice", "No dice to roll"),
    ({"kind": "undo"}, "nothing-to-undo", "Nothing to undo"),
    ({"kind": "redo", "rev": 0}, "nothing-to-undo", "Nothing to redo"),
    ({"kind": "auto_roll", "value": "yes"}, "unreadable", "true or false"),
]


@pytest.mark.parametrize(("content", "code", "says"), BAD_MESSAGES)
def test_a_bad_message_changes_nothing_and_sets_a_clear_error(
    board: Board, monkeypatch: pytest.MonkeyPatch, content: Any, code: str, says: str
) -> None:
    sent = Sent(board, monkeypatch)
    game_before = board.game.to_dict()
    refusal = ("error", "error_code")
    traits_before = {k: v for k, v in sync_state(board).items() if k not in refusal}
    message(board, content)
    assert says in board.error
    assert board.error_code == code and code in REFUSAL_CODES
    assert board.error.rstrip().endswith(("done.", "again."))
    assert board.game.to_dict() == game_before
    assert {k: v for k, v in sync_state(board).items() if k not in refusal} == traits_before
    assert sent.messages == [{"kind": "ack", "ok": False, "rev": 0, "code": code}]


def test_an_illegal_choice_reports_the_engines_error(board: Board) -> None:
    answer = board.handle_message({"kind": "choose", "option": "move:pavlov", "rev": 0})
    assert answer == {"kind": "ack", "ok": False, "rev": 0, "code": "illegal"}
    with pytest.raises(IllegalActionError) as engine:
        board.game.apply("move:pavlov")
    assert str(engine.value).removeprefix("illegal") in board.error
    assert "legal: " in board.error  # the engine lists what is legal


def test_a_good_message_clears_the_error(board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    Sent(board, monkeypatch)
    message(board, {"kind": "choose", "option": "nope", "rev": 0})
    assert board.error
    message(board, {"kind": "choose", "option": first_option(board), "rev": 0})
    assert board.error == ""


def test_a_stale_rev_is_refused_and_the_game_is_unchanged(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    Sent(board, monkeypatch)
    board.game.apply("end-phase")  # the game moves on from Python
    after = board.game.to_dict()
    # A view still showing rev 0 sends a click: it must not act on the new position.
    message(board, {"kind": "choose", "option": first_option(board), "rev": 0})
    assert "another position (rev 0; the game is at rev 1)" in board.error
    assert board.game.to_dict() == after
    message(board, {"kind": "undo", "rev": 0})
    assert "another position" in board.error
    assert board.game.to_dict() == after


def test_a_click_made_on_a_replaced_game_is_refused(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    Sent(board, monkeypatch)
    board.game = Game.new(seed=2)  # at rev 0, as the game shown before
    before = board.game.to_dict()
    message(board, {"kind": "choose", "option": "end-phase", "rev": 0, "game": 0})
    assert "no longer shows" in board.error
    assert board.game.to_dict() == before
    message(board, {"kind": "choose", "option": "end-phase", "rev": 0, "game": 1})
    assert board.error == "" and board.rev == 1


def test_choosing_after_the_game_is_over_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board(play_out(seed=11, policy=11))
    Sent(board, monkeypatch)
    assert board.choice["kind"] == "over"
    before = board.game.to_dict()
    message(board, {"kind": "choose", "option": "end-phase", "rev": board.rev})
    assert "the game is over" in board.error
    assert board.game.to_dict() == before


# --- driving from code --------------------------------------------------------------------


def test_code_methods_keep_the_traits_in_step(board: Board) -> None:
    board.apply(first_option(board))
    assert board.rev == 1
    board.game.undo()
    assert board.rev == 2 and board.game.to_dict() == Game.new(seed=1).to_dict()
    board.game.redo()
    assert board.rev == 3
    with pytest.raises(IllegalActionError):
        board.apply("nope")
    assert board.rev == 3
    with pytest.raises(NothingToUndoError):
        Board.new(seed=1).game.undo()


def test_save_and_load_class_and_instance(board: Board, tmp_path: Path) -> None:
    board.apply("end-phase")
    path = tmp_path / "game.json"
    board.save(path)
    loaded = Board.load(path)
    assert isinstance(loaded, Board)
    assert loaded.game.to_dict() == board.game.to_dict()
    other = Board.new(seed=9)
    other.load(path)
    assert other.game.to_dict() == board.game.to_dict()
    assert other.game_serial == 1
    assert Board.load(board.game.to_json()).game.to_dict() == board.game.to_dict()


# --- display --------------------------------------------------------------------------------


def test_repr_is_stable_and_names_turn_phase_and_prompt(board: Board) -> None:
    text = repr(board)
    assert text == repr(Board.new(seed=1))
    assert text.startswith("<Board: turn 1, Soviet Card Phase; now: ")
    assert "choose a card action" in text
    over = Board(play_out(seed=11, policy=11))
    assert repr(over).startswith("<Board: game over on turn ")


def test_mimebundle_has_the_widget_text_and_a_static_picture(board: Board) -> None:
    bundle = board._repr_mimebundle_()
    assert bundle is not None
    data, _ = bundle
    assert data["text/plain"] == repr(board)
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == board.model_id
    page = data["text/html"]
    assert "drawStatic(root, data)" in page
    assert '<script type="module">' in page
    # The embedded state parses back to exactly what the browser would receive.
    start = page.index('<script type="application/json">') + len('<script type="application/json">')
    blob = page[start : page.index("</script>", start)]
    assert json.loads(blob) == json.loads(json.dumps(sync_state(board)))


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


# --- the view model: named fields, read from the engine's public API ----------------------


def test_updates_stay_small_over_whole_games() -> None:
    """Every synced update stays well under 20 KB (the performance budget of the issue)."""
    for seed in (2, 3):
        game = Game.new(seed=seed)
        board = Board(game)
        rng = random.Random(seed)
        largest = 0
        while not game.is_over:
            before = sync_state(board)
            options = game.legal_actions()
            acts = len(options) > 1 and rng.random() > 0.3
            pick = rng.choice(options[:-1]) if acts else options[-1]
            board.apply(pick.id)
            after = sync_state(board)
            changed = {k: v for k, v in after.items() if before[k] != v}
            largest = max(largest, len(json.dumps(changed, separators=(",", ":"))))
        assert largest < 20_000, f"seed {seed}: an update of {largest} bytes"
        assert len(json.dumps(board.view, separators=(",", ":"))) < 12_000


def _records(value: Any, path: str = "") -> list[str]:
    """Paths of the lists in a JSON value that mix types (positional records)."""
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _records(v, f"{path}.{k}")
    elif isinstance(value, list):
        kinds = {type(v).__name__ for v in value if v is not None}
        if len(kinds) > 1:
            out.append(path)
        for v in value:
            out += _records(v, f"{path}[]")
    return out


def test_records_sent_to_javascript_are_objects_with_names() -> None:
    """No list mixes types: a record is an object with named fields, never an array."""
    board = Board(play_out(seed=2, policy=2))
    busy = Board.new(seed=1)
    busy.apply("card:soviet-07:62nd-army-cp:resupply")  # a choice with a menu on one place
    rolling = Board.from_game(get_scenario("sniper").build(auto_roll=False))  # odds to show
    for state in (sync_state(board), sync_state(busy), sync_state(rolling)):
        assert _records(state) == []
    plan = board.plan
    assert set(plan["soviet"]["pavlov"]) == {"name", "attack", "suppress", "specials", "cost",
                                             "reserves"}
    assert all(isinstance(t, dict) for t in plan["wtypes"].values())
    assert all(isinstance(w, dict) for w in plan["weapons"].values())
    assert all(isinstance(h, dict) for h in busy.view["hand"])


def test_counter_state_is_sent_as_named_booleans(board: Board) -> None:
    game = board.game
    seen: set[str] = set()
    rng = random.Random(4)
    while not game.is_over and len(seen) < 4:
        for cid, c in board.view["soviet"].items():
            assert set(c) == {"where", "exhausted", "disrupted", "marker"}
            real = game.state.soviet[cid]
            assert c == {"where": real.where, "exhausted": real.exhausted,
                         "disrupted": real.disrupted, "marker": real.marker}
            assert isinstance(c["exhausted"], bool) and isinstance(c["disrupted"], bool)
            seen.update(k for k in ("exhausted", "disrupted") if c[k])
            if c["marker"]:
                seen.add(c["marker"])
        options = game.legal_actions()
        game.apply(rng.choice(options[:-1]) if len(options) > 1 else options[0])
    assert seen >= {"exhausted", "action"}, seen


def test_wehrmacht_counters_come_with_type_and_defense_from_the_observer() -> None:
    """3.0, 7.2: each circle names its counter's type and the Defense in force."""
    game = play_out(seed=3, policy=3)
    for settings in (RuleSettings(), RuleSettings(tactics="elite")):
        game = Game.new(seed=7, settings=settings)
        rng = random.Random(7)
        while not game.is_over and game.turn < 6:
            options = game.legal_actions()
            game.apply(rng.choice(options[:-1]) if len(options) > 1 else options[0])
        seen = Observer(game)
        tracks = views.game_view(game)["tracks"]
        occupied = 0
        for t, circles in enumerate(tracks, start=1):
            assert len(circles) == len(game.state.tracks[t - 1])
            for c, circle in enumerate(circles, start=1):
                wid = game.state.tracks[t - 1][c - 1]
                if not wid:
                    assert circle is None
                    continue
                occupied += 1
                assert circle == {"id": wid, "type": game.components.wehrmacht_type_of(wid).id,
                                  "defense": seen.effective_defense(wid)}
        assert occupied


def test_the_cards_played_this_turn_come_from_the_state_and_components() -> None:
    game = Game.new(seed=1)
    assert views.game_view(game)["wplayed"] == []
    game.apply("end-phase")  # the three Wehrmacht cards are resolved
    played = views.game_view(game)["wplayed"]
    state = game.state
    assert len(played) == state.cards_in_phase == 3
    resolved = {*state.wehrmacht_done, *state.storm_lost, state.storm_box}
    comps = game.components
    for card in played:
        assert card["id"] in resolved
        name = ("Resupply" if card["id"] in comps.resupply_cards
                else comps.wehrmacht_cards[card["id"]].name)
        assert card["name"] == name


def test_weapons_carry_their_crew_from_the_observer() -> None:
    """4.0 Weapons: a weapon with two counters of its designation is crewed."""
    crewed = get_scenario("first-aid").build()
    alone = get_scenario("weapons").build()
    assert views.game_view(crewed)["weapons"]["m1937"] == {"where": "G2",
                                                           "crew": ["sobgayda", "murzaev"]}
    assert views.game_view(alone)["weapons"]["m1937"] == {"where": "reserves", "crew": []}
    for game in (crewed, alone, play_out(seed=5, policy=5)):
        seen = Observer(game)
        for wid, weapon in views.game_view(game)["weapons"].items():
            assert weapon == {"where": game.state.weapons[wid], "crew": seen.crew(wid)}


def test_card_actions_keep_the_targets_the_engine_gave_them(board: Board) -> None:
    """A card action is drawn on the half of the card that shows its unit (2.0).

    The engine names that half (``card:<card>:<unit>``); the board passes targets on untouched.
    """
    options = board.game.legal_actions()
    assert [o["targets"] for o in board.choice["options"]] == [list(o.targets) for o in options]
    cards = [o for o in options if o.verb == "card"]
    assert cards
    for option in cards:
        unit = option.str_arg("unit")
        assert unit in board.plan["sovietCards"][option.str_arg("card")]


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


def test_a_refusal_is_a_board_error_and_a_value_error_with_a_known_code() -> None:
    assert issubclass(Refusal, BoardError) and issubclass(Refusal, ValueError)
    assert Refusal("illegal", "No.").code == "illegal"
    with pytest.raises(ValueError, match="unknown refusal code"):
        Refusal("nonsense", "No.")


def test_variant_card_actions_show_only_when_the_variant_is_in_play() -> None:
    """7.1: the Operational Support action of the 62nd Army CP is there only in the variant."""

    def actions(board: Board) -> list[str]:
        (cp,) = (u for u in board.plan["units"] if u["id"] == "62nd-army-cp")
        return list(cp["actions"])

    assert "Operational Support" not in actions(Board.new(seed=1))
    variant = Board.new(seed=1, settings=RuleSettings(operational_support=True))
    assert actions(variant)[-1] == "Operational Support"
    plain = Board.new(seed=1)
    plain.game = variant.game  # a new game with other settings gets a new plan
    assert actions(plain)[-1] == "Operational Support"


# --- dice: the result, success, hits and marks are the entry's fields ----------------------


def test_a_roll_is_shown_from_the_entrys_fields_not_its_text() -> None:
    """A log entry whose sentence says nothing of hits still shows its hits and marks."""
    entry = LogEntry(4, "Wehrmacht Card Phase", "The guns bark over the Volga",
                     "3.0 Bomb Stalingrad", (6, 2, 5), "roll", (True, False, True), "2 hits",
                     label="Anti-aircraft fire", success=True, hits=2)
    roll = views.last_roll(SimpleNamespace(log=[entry]))  # type: ignore[arg-type]
    assert roll == {"n": 0, "turn": 4, "dice": [6, 2, 5], "label": "Anti-aircraft fire",
                    "result": "2 hits", "success": True, "hits": 2,
                    "marks": [True, False, True], "rule": "3.0 Bomb Stalingrad"}
    quiet = LogEntry(1, "Setup", "Anything at all", "3.0", (3,), "roll", (), "red",
                     label="Sniper: colour roll")
    assert views.roll_view(quiet, 7)["success"] is None
    assert views.roll_view(quiet, 7)["marks"] is None


def test_roll_facts_agree_with_the_real_dice_tests() -> None:
    """The marks, success and hits of every roll match the engine's own dice test."""
    checked: dict[str, int] = {}
    for seed in (1, 4, 8):
        game = Game.new(seed=seed, auto_roll=False)
        rng = random.Random(seed)
        while not game.is_over and sum(checked.values()) < 400:
            chance = game.chance()
            if chance is None:
                options = game.legal_actions()
                game.apply(rng.choice(options[:-1]) if len(options) > 1 else options[0])
                continue
            test, label = chance.test, chance.label
            dice = game.roll()
            roll = views.last_roll(game)
            assert roll["dice"] == dice and roll["label"] == label
            kind = test["type"]
            if kind in ("any", "count", "survive"):
                marks = [d >= test["target"] for d in dice]
                assert roll["marks"] == marks, roll
            else:
                assert roll["marks"] is None, roll
            if kind == "any":
                assert roll["success"] is any(d >= test["target"] for d in dice)
            elif kind == "count":
                assert roll["hits"] == sum(d >= test["target"] for d in dice)
                assert roll["success"] is (roll["hits"] > 0)
            elif kind == "sum":
                assert roll["success"] is (sum(dice) >= test["target"])
            else:
                assert roll["success"] is None and roll["hits"] is None
            checked[kind] = checked.get(kind, 0) + 1
    assert sum(checked.values()) >= 100
    assert {"any", "count", "pick"} <= set(checked), checked


# --- nothing parses prose; the widget uses the engine's public API -------------------------


def test_the_widget_uses_only_the_engines_public_api() -> None:
    """No ``.engine`` (the rule machine), no import of the machine or the rule modules."""
    for path in sorted(WIDGET.rglob("*.py")):  # the sessions too
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("engine", "_engine"), (path, node.lineno)
            if isinstance(node, ast.ImportFrom) and node.module:
                assert ".machine" not in node.module and ".rules" not in node.module, (
                    path, node.module)


def test_the_board_script_reads_no_text_back() -> None:
    """board.js matches no regular expression against text (only a word splitter)."""
    js = (STATIC / "board.js").read_text(encoding="utf-8")
    assert not re.search(r"\.(test|match|matchAll|search)\(", js)
    assert re.findall(r"\.(?:replace|replaceAll|split)\(/", js) == [".split(/"]  # wrap()
    assert "-\\d+$" not in js  # counter types come from the view, not from ids
