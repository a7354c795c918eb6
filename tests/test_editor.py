"""The position editor and the Hint button on the board (issue 13).

Every tool, refusals that keep the position, JSON, Play from here, a game's moment in the
editor, the board's messages while it edits (an :class:`EditSession`), and the Hint button
(the :class:`PlaySession`'s).

The editor (:mod:`pavlov_widgets.widget.editor`) is driven by option ids as the board's clicks
send them; the board's side is driven by the messages the browser sends
(``Board.handle_message``), so these run without a browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from pavlov_widgets import Board
from pavlov_widgets.engine import Decision, Game
from pavlov_widgets.engine.actions import encode, parse
from pavlov_widgets.engine.errors import PositionError
from pavlov_widgets.engine.positions import Position
from pavlov_widgets.widget import EditSession, PlaySession
from pavlov_widgets.widget.board import BoardError
from pavlov_widgets.widget.editor import (
    ACTIONS,
    EDIT_VERBS,
    TOOLS,
    EditError,
    Editor,
    copy_position,
)
from pavlov_widgets.widget.protocol import Refusal


def run(ed: Editor, *ids: str) -> Editor:
    """Choose each option in turn, checking it is offered."""
    for oid in ids:
        assert oid in ed.option_ids(), (oid, ed.choice()["prompt"])
        assert ed.choose(oid) == "", oid
    return ed


def targets(ed: Editor, oid: str) -> list[str]:
    """The regions an offered option is drawn on."""
    return next(o["targets"] for o in ed.choice()["options"] if o["id"] == oid)


# --- the editor ---------------------------------------------------------------------------


def test_the_palette_is_always_offered_as_bar_buttons() -> None:
    ed = Editor(Position())
    choice = ed.choice()
    assert choice["kind"] == "decision" and choice["op"] == "edit"
    ids = [o["id"] for o in choice["options"]]
    assert ids[: len(TOOLS) + len(ACTIONS)] == (
        [f"tool:{t}" for t in TOOLS] + [f"act:{a}" for a in ACTIONS])
    assert all(not o["targets"] for o in choice["options"])  # buttons, nothing glows yet
    run(ed, "tool:token")
    assert [o["id"] for o in ed.choice()["options"]][:3] == ["tool:soviet", "tool:weapon",
                                                             "tool:wehrmacht"]


def test_soviet_counters_are_placed_moved_and_removed() -> None:
    ed = run(Editor(Position()), "tool:soviet")
    assert targets(ed, "pick:pavlov") == ["stock-soviet:pavlov"]  # from the stock tray
    run(ed, "pick:pavlov")
    assert targets(ed, "put:R2") == ["square:R2"]
    assert targets(ed, "put:reserves") == ["box:reserves"]
    run(ed, "put:R2")
    assert ed.position.state.soviet["pavlov"].where == "R2"
    assert targets(ed, "pick:pavlov") == ["counter:pavlov"]  # on the board now: move it
    run(ed, "pick:pavlov", "put:G1")
    assert ed.position.state.soviet["pavlov"].where == "G1"
    run(ed, "tool:remove", "rm:counter:pavlov")
    assert ed.position.state.soviet["pavlov"].where == "stock"
    run(ed, "tool:soviet", "pick:glushenko", "put:removed")
    assert ed.position.state.soviet["glushenko"].where == "removed"
    assert ed.log == ["Pavlov → R2", "Pavlov → G1", "Pavlov → stock", "Glushenko → removed"]


def test_weapons_and_wehrmacht_counters() -> None:
    ed = run(Editor(Position()), "tool:weapon")
    assert targets(ed, "pick:maxim-1") == ["stock-weapon:maxim-1"]
    run(ed, "pick:maxim-1", "put:G3")
    assert ed.position.state.weapons["maxim-1"] == "G3"
    run(ed, "tool:remove", "rm:weapon:maxim-1")
    assert ed.position.state.weapons["maxim-1"] == "stock"

    run(ed, "tool:wehrmacht")
    # an empty circle offers one option per type (the board's menu), all on that circle
    here = [o for o in ed.choice()["options"] if o["targets"] == ["track:4:1"]]
    assert len(here) == 7 and {o["id"] for o in here} >= {"wput:4:1:riflemen"}
    run(ed, "wput:4:1:riflemen", "wput:2:1:panzer-ii")
    tracks = ed.position.state.tracks
    assert tracks[3][0] == "riflemen-1" and tracks[1][0] == "panzer-ii-1"
    # an occupied circle: move or remove
    assert {o["id"] for o in ed.choice()["options"] if o["targets"] == ["track:4:1"]} == {
        "wpick:4:1", "wdel:4:1"}
    run(ed, "wpick:4:1", "wmove:5:2")
    assert tracks is not ed.position.state.tracks  # the edit was made on a copy
    assert ed.position.state.tracks[3][0] == "" and ed.position.state.tracks[4][1] == "riflemen-1"
    run(ed, "wdel:2:1")
    assert "panzer-ii-1" not in [w for t in ed.position.state.tracks for w in t]
    run(ed, "tool:remove", "rm:track:5:2")
    assert not any(w for t in ed.position.state.tracks for w in t)


def test_disrupted_exhausted_tokens_and_defense() -> None:
    ed = run(Editor(Position()), "tool:soviet", "pick:pavlov", "put:R2")
    run(ed, "tool:disrupted", "dis:pavlov", "tool:exhausted", "exh:pavlov")
    c = ed.position.state.soviet["pavlov"]
    assert c.disrupted and c.exhausted and c.where == "R2"
    run(ed, "tool:disrupted", "dis:pavlov")
    assert not ed.position.state.soviet["pavlov"].disrupted
    run(ed, "disloc:12")
    assert ed.position.state.tokens["loc:12"] == {"disrupted": 1}

    # tokens on every location and box: + and -
    run(ed, "tool:token")
    offered = {o["targets"][0] for o in ed.choice()["options"] if o["id"].startswith("tokplace:")}
    assert {"loc:3", "loc:18", "box:supplies", "box:staging", "box:suppress:red",
            "track:1:3"} <= offered
    run(ed, "tokplace:loc:12", "tok:+:aa")
    assert ed.position.state.tokens["loc:12"] == {"disrupted": 1, "aa": 1}
    run(ed, "tok:-:aa")
    assert ed.position.state.tokens["loc:12"] == {"disrupted": 1}
    run(ed, "tokplace:box:suppress:red")
    kinds = {o["id"] for o in ed.choice()["options"] if o["id"].startswith("tok:")}
    assert kinds == {"tok:+:suppression"}  # only what the rules put there (Setup 9)
    run(ed, "tok:+:suppression", "tok:+:suppression")
    assert ed.position.state.tokens["suppress:red"] == {"suppression": 2}
    assert ed.focus() == ["box:suppress:red"]

    run(ed, "tool:defense")
    assert targets(ed, "def:purple:4") == ["defense:purple"]
    run(ed, "def:purple:4", "def:green:3", "def:red:5")
    assert ed.position.state.defense == {"green": 3, "red": 5, "purple": 4}


def test_cards_and_where_play_resumes() -> None:
    ed = run(Editor(Position()), "tool:cards", "cards:hand", "hand-in:soviet-03")
    assert ed.position.state.hand == ["soviet-03"]
    run(ed, "cancel")
    assert targets(ed, "hand-used:soviet-03") == ["card:soviet-03"]
    run(ed, "hand-used:soviet-03")
    assert ed.position.state.hand_used == ["soviet-03"]
    run(ed, "hand-used:soviet-03", "hand-out:soviet-03")
    assert ed.position.state.hand == [] and ed.position.state.soviet_deck[0] == "soviet-03"
    run(ed, "cards:soviet", "stop:soviet-20")
    assert ed.position.state.soviet_deck[0] == "soviet-20"
    run(ed, "cards:wehrmacht", "wnext:d1-sniper-1")
    assert ed.position.state.wehrmacht_deck[0] == "d1-sniper-1"

    run(ed, "tool:resume", "resume-wehrmacht:2")
    assert ed.position.point == "wehrmacht" and ed.resume_text() == (
        "turn 3, Next Wehrmacht card (2 to come)")
    preview = ed.preview()
    assert preview.state.wehrmacht_current == "d1-sniper-1"  # drawn as the card to resolve
    assert preview.phase == "wehrmacht_cards" and preview.pending is None
    run(ed, "turn:+")
    assert ed.position.state.turn == 4
    run(ed, "resume:counter_actions")
    assert ed.position.point == "counter_actions"


def test_a_refused_edit_changes_nothing_and_says_why() -> None:
    ed = run(Editor(Position()), "tool:wehrmacht", "wput:1:1:riflemen")
    before = ed.position.to_json()
    # a track circle with a counter on it offers no "place" options: from code, refused
    with pytest.raises(EditError, match="not one of the editor's options"):
        ed.choose("wput:1:1:scouts")
    # the stock runs out of Anti-aircraft tokens: the Position's own message, nothing lost
    run(ed, "tool:token", "tokplace:loc:12")
    for _ in range(4):
        run(ed, "tok:+:aa")
    kept = ed.position.to_json()
    run(ed, "tok:+:aa")
    assert ed.error.startswith("Refused: ") and "left in the stock" in ed.error
    assert ed.position.to_json() == kept and kept != before
    run(ed, "tok:-:aa")
    assert ed.error == ""
    # the turn cannot go below 1
    run(ed, "tool:resume", "turn:-", "turn:-")
    assert ed.position.state.turn == 1
    run(ed, "turn:-")
    assert "Turns count from 1" in ed.error and ed.position.state.turn == 1


def test_an_impossible_position_is_kept_to_be_fixed() -> None:
    ed = run(Editor(Position()), "tool:weapon", "pick:maxim-1", "put:R2")
    problems = ed.problems()
    assert problems == ["The Maxim M1910 machine gun is alone on position R2; a weapon left "
                        "alone goes to Reserves (4.0 Soviet Counters and Weapon Counters)."]
    with pytest.raises(PositionError, match="alone on position R2"):
        ed.position.game()
    # a counter that cannot crew it: still impossible, and the engine says why
    run(ed, "tool:soviet", "pick:pavlov", "put:R2")
    assert "no crew of its designation" in ed.problems()[0]
    # fixed by its crew (a G counter, 4.0)
    run(ed, "pick:pavlov", "put:G1", "pick:afanasyev", "put:R2")
    assert ed.problems() == []
    assert isinstance(ed.position.game(), Game)


def test_problems_are_sentences_for_a_learner_without_field_names() -> None:
    """1.2, 2.1, 2.2, 4.0: what makes a position impossible, said without the state's fields."""
    ed = run(Editor(Position()), "tool:soviet", "pick:pavlov", "put:G1", "pick:chekhov",
             "put:G1", "tool:token", "tokplace:loc:12", "tok:+:aa", "tok:+:aa", "tool:cards",
             "cards:hand", "hand-in:soviet-03", "hand-in:soviet-04", "cancel", "tool:resume",
             "resume:counter_moves")
    problems = ed.problems()
    assert problems == [
        "The hand holds 2 cards but play resumes at the moves of the Soviet Counter Phase; "
        "every card drawn is discarded at the end of the Soviet Card Phase (2.3) and only "
        "the next one draws (2.1).",
        "Chekhov: position G1 is already held by Pavlov; two counters share a position only "
        "if both have the same weapon designation and a weapon of it is there (4.0 Move).",
        "2 Anti-aircraft tokens on location 12 (267th Separate Anti-aircraft Battalion), which "
        "holds one at most (2.0 267th Separate Anti-aircraft Battalion).",
    ], problems
    fields = ("soviet.", "weapons.", "tokens.", "hand:", "hand_used", "actions_left",
              "moves_left", "counter_moves", "loc:12")
    assert not [p for p in problems for f in fields if f in p]
    # the same problems, for code, name their fields
    assert [p.split(":")[0] for p in ed.position.problems()] == [
        "hand", "soviet.chekhov.where", "tokens.loc"]


def test_every_id_is_written_and_read_by_the_codec_with_the_editors_verb_table() -> None:
    """The editor builds no id by hand: each one parses by EDIT_VERBS and encodes back."""
    ed = run(Editor(Position()), "tool:soviet", "pick:pavlov", "put:R2", "tool:weapon",
             "pick:maxim-1", "put:G3", "tool:wehrmacht", "wput:4:1:riflemen", "tool:cards",
             "cards:hand", "hand-in:soviet-03", "cancel")
    seen: set[str] = set()
    for tool in TOOLS:
        run(ed, f"tool:{tool}")
        ids = ed.option_ids()
        picks = [i for i in ids if i.split(":")[0] in ("pick", "wpick", "tokplace", "cards")]
        for oid in ids + [o for p in picks for o in _after(ed, tool, p)]:
            verb, args = parse(oid, EDIT_VERBS)
            assert encode(verb, args, EDIT_VERBS) == oid
            seen.add(verb)
    assert seen == set(EDIT_VERBS)
    # the palette keeps the ids the browser knows them by
    assert ed.tool_option_id() == "tool:resume"
    assert parse("rm:track:5:2", EDIT_VERBS)[1]["place"].id == "track:5:2"


def _after(ed: Editor, tool: str, pick: str) -> list[str]:
    """The ids offered once ``pick`` is picked (on a copy of the editor)."""
    other = Editor(ed.position)
    run(other, f"tool:{tool}", pick)
    return other.option_ids()


def test_undo_and_redo_edits() -> None:
    ed = run(Editor(Position()), "tool:defense", "def:red:4", "def:red:3")
    run(ed, "tool:soviet")
    ed.undo()
    assert ed.position.state.defense["red"] == 4 and ed.log == ["red Defense 4"]
    ed.undo()
    assert ed.position.state.defense["red"] == 6 and not ed.can_undo
    with pytest.raises(EditError):
        ed.undo()
    ed.redo()
    ed.redo()
    assert ed.position.state.defense["red"] == 3 and not ed.can_redo
    with pytest.raises(EditError):
        ed.redo()


def test_json_round_trip_and_the_callers_position_is_not_changed() -> None:
    start = Position()
    ed = run(Editor(start), "tool:soviet", "pick:pavlov", "put:R2", "tool:defense",
             "def:red:5", "tool:token", "tokplace:loc:12", "tok:+:aa", "tool:wehrmacht",
             "wput:3:1:scouts", "tool:resume", "resume-wehrmacht:3", "tool:cards",
             "cards:wehrmacht", "wnext:d1-mortar-1")
    assert start.state.soviet["pavlov"].where == "stock"
    text = ed.position.to_json()
    back = Position.from_json(text)
    assert back.to_json() == text
    again = Editor(back)
    assert again.position.state.to_dict() == ed.position.state.to_dict()
    assert copy_position(back).to_json() == text


def test_a_game_moment_opens_in_the_editor() -> None:
    game = Game.new(seed=4)
    ed = Editor(Position.from_game(game, earlier=True))
    assert ed.problems() == []
    assert ed.position.game().state.to_dict() == game.state.to_dict()


# --- the board in edit mode ------------------------------------------------------------------


class Sent:
    """Collects the custom messages the board sends back."""

    def __init__(self, board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
        self.messages: list[dict[str, Any]] = []
        monkeypatch.setattr(board, "send", lambda msg, buffers=None: self.messages.append(msg))


def click(board: Board, option: str) -> None:
    """What a click on a glowing place or a bar button sends (through the comm)."""
    board._handle_custom_msg({"kind": "choose", "option": option, "rev": board.rev,
                              "game": board.game_serial}, [])


def editing(board: Board) -> EditSession | None:
    """The edit session driving ``board``, or None when it is not editing."""
    session = board.session
    return session if isinstance(session, EditSession) else None


def playing(board: Board) -> PlaySession:
    """The play session driving ``board``."""
    session = board.session
    assert isinstance(session, PlaySession)
    return session


def refused(board: Board, content: dict[str, Any]) -> str:
    """Send ``content``; it must be refused. Returns the refusal's code."""
    reply = board.handle_message(content)
    assert reply["ok"] is False and board.error_code == reply["code"], reply
    return str(reply["code"])


@pytest.fixture
def board(monkeypatch: pytest.MonkeyPatch) -> Board:
    b = Board.new(seed=1)
    Sent(b, monkeypatch)
    return b


def test_edit_mode_draws_the_position_and_the_editors_choice(board: Board) -> None:
    game_before = board.game.to_dict()
    serial = board.game_serial
    board.mark(["square:G1"])
    session = board.edit()
    assert editing(board) is session and board.game_serial == serial + 1
    assert board.edit_mode["tool"] == "" and board.edit_mode["resume"].startswith("turn 1")
    assert board.choice["op"] == "edit" and board.marks == []
    assert repr(board) == ("<Board: editing a position (turn 1, Soviet Card Phase); tool: "
                           "none>")
    click(board, "tool:soviet")
    assert board.edit_mode["tool"] == "Soviet counter" and board.edit_mode["toolId"] == (
        "tool:soviet")
    click(board, "pick:pavlov")
    assert board.marks == [{"region": "counter:pavlov", "style": "focus"}]
    click(board, "put:G2")
    assert board.view["soviet"]["pavlov"]["where"] == "G2"
    assert board.log_entries[0]["text"] == "Edit: Pavlov → G2"
    assert board.view["canUndo"] and board.error == ""
    assert session.position.state.soviet["pavlov"].where == "G2"
    # the game waited, unchanged; Done goes back to it with its marks
    assert board.game.to_dict() == game_before
    click(board, "act:done")
    assert editing(board) is None and board.edit_mode == {}
    assert board.marks == [{"region": "square:G1", "style": "focus"}]
    assert board.view["soviet"]["pavlov"]["where"] == "reserves"


def test_board_messages_in_edit_mode(board: Board) -> None:
    board.edit(Position())
    # stale: a click made on the game before edit mode
    assert refused(board, {"kind": "choose", "option": "tool:soviet", "rev": board.rev,
                           "game": board.game_serial - 1}) == "stale"
    assert "no longer shows" in board.error
    assert refused(board, {"kind": "step", "rev": board.rev,
                           "game": board.game_serial}) == "editing"
    assert "editing a position" in board.error
    assert refused(board, {"kind": "choose", "option": "end-phase", "rev": board.rev,
                           "game": board.game_serial}) == "editing"
    assert "not one of the editor's options" in board.error
    rev = board.rev
    click(board, "tool:defense")
    assert board.rev == rev + 1
    assert refused(board, {"kind": "choose", "option": "def:red:4", "rev": rev,
                           "game": board.game_serial}) == "stale"
    assert "another position (rev " in board.error and "the editor is at rev" in board.error
    click(board, "def:red:4")
    board.handle_message({"kind": "undo", "rev": board.rev, "game": board.game_serial})
    assert board.view["defense"]["red"] == 6
    board.handle_message({"kind": "redo", "rev": board.rev, "game": board.game_serial})
    assert board.view["defense"]["red"] == 4
    answer = board.handle_message({"kind": "why_not", "region": "square:R2", "rev": board.rev,
                                   "game": board.game_serial})
    assert answer is not None and answer["text"] == "" and answer["rev"] == board.rev


def test_a_refused_edit_shows_under_the_board(board: Board) -> None:
    board.edit(Position())
    for oid in ("tool:token", "tokplace:loc:12", "tok:+:aa", "tok:+:aa", "tok:+:aa",
                "tok:+:aa"):
        click(board, oid)
    assert "cannot be played" not in board.error
    assert board.error.startswith("Not playable yet") and "holds one at most" in board.error
    click(board, "tok:+:aa")  # a fifth: the stock has four
    assert board.error.startswith("Refused: ") and "left in the stock" in board.error
    session = editing(board)
    assert session is not None and session.position.state.tokens["loc:12"] == {"aa": 4}


def test_play_from_here_refused_then_played(board: Board) -> None:
    session = board.edit(Position())
    for oid in ("tool:weapon", "pick:maxim-1", "put:R2"):
        click(board, oid)
    click(board, "act:play")  # a weapon without its crew: refused, shown, nothing lost
    assert editing(board) is session and board.error_code == "editing"
    assert board.error.startswith("Play from here refused: this position cannot be played")
    assert "alone on position R2" in board.error
    with pytest.raises(PositionError, match="alone on position R2"):
        session.play_from_here()
    assert session.position.state.weapons["maxim-1"] == "R2"
    for oid in ("tool:soviet", "pick:afanasyev", "put:R2", "tool:defense", "def:red:4"):
        click(board, oid)
    assert board.error == ""
    serial = board.game_serial
    click(board, "act:play")
    assert editing(board) is None and board.game_serial == serial + 1
    assert board.game.state.soviet["afanasyev"].where == "R2"
    assert board.game.state.defense["red"] == 4
    assert board.choice["op"] != "edit" and board.rev == board.game.rev


def test_copy_json_shows_the_json_once(board: Board) -> None:
    board.edit(Position().defense("red", 5))
    click(board, "act:json")
    text = board.edit_mode["json"]
    assert Position.from_json(text).state.defense["red"] == 5
    click(board, "tool:soviet")
    assert board.edit_mode["json"] == ""
    board.edit(Position.from_json(text))
    assert board.view["defense"]["red"] == 5


def test_edit_refuses_what_is_not_a_position(board: Board) -> None:
    game = board.game
    with pytest.raises(TypeError, match="give a Position"):
        board.edit("not a position")  # type: ignore[arg-type]
    assert editing(board) is None
    session = board.edit()
    session.stop()
    session.stop()  # a closed editor: nothing happens
    assert editing(board) is None and board.game is game


# --- the hint -----------------------------------------------------------------------------


@dataclass
class FakeHint:
    """The shape of pavlov_widgets.tutor.lab.compare.Hint the board reads."""

    option_id: str
    label: str
    sentence: str
    confidence: float = 0.9
    result: Any = None


def first_with_targets(game: Game) -> Any:
    pending = game.pending
    assert isinstance(pending, Decision)
    return next(o for o in pending.options if o.targets)


def test_no_provider_no_hint_button(board: Board) -> None:
    assert board.hinting == {} and playing(board).hint_provider is None
    with pytest.raises(Refusal, match="no hint provider") as caught:
        playing(board).hint()
    assert caught.value.code == "no-hint"
    assert refused(board, {"kind": "hint", "rev": board.rev,
                           "game": board.game_serial}) == "no-hint"
    with pytest.raises(BoardError, match="a function of the game"):
        Board(Game.new(seed=1), hint=3)  # type: ignore[arg-type]


def test_the_hint_marks_the_best_option_and_goes_when_the_game_moves_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def provider(game: Game) -> FakeHint:
        asked.append(game.rev)
        option = first_with_targets(game)
        return FakeHint(option.id, option.label, f"{option.label} wins most often.")

    board = Board(Game.new(seed=1), hint=provider)
    Sent(board, monkeypatch)
    assert board.hinting == {"on": True}
    option = first_with_targets(board.game)
    board.handle_message({"kind": "hint", "rev": board.rev, "game": board.game_serial})
    assert asked == [0]
    assert board.hinting["text"] == f"{option.label} wins most often."
    assert board.hinting["option"] == option.id and board.hinting["rev"] == board.rev
    assert {m["region"] for m in board.marks} == set(option.targets)
    answer = playing(board).hint()
    assert answer.option_id == option.id
    board.mark(["square:G1"], "right")  # the tutor's own mark stays
    board.game.apply(option.id)
    assert board.hinting == {"on": True}
    assert board.marks == [{"region": "square:G1", "style": "right"}]
    board.edit()
    assert refused(board, {"kind": "hint", "rev": board.rev,
                           "game": board.game_serial}) == "editing"
    assert "editing a position" in board.error


def test_a_hint_at_dice_is_refused() -> None:
    from pavlov_widgets.tutor.content import get_scenario

    game = get_scenario("sniper").build(auto_roll=False)
    while not game.chance():
        game.apply(game.legal_actions()[0].id)
    board = Board(game, hint=lambda g: FakeHint("x", "x", "x"))
    with pytest.raises(Refusal, match="no decision") as caught:
        playing(board).hint()
    assert caught.value.code == "no-hint"


def test_the_tutors_hint_fits_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board takes the tutor's compare.hint as its provider (the contract of issue 13)."""
    from functools import partial

    from pavlov_widgets.tutor.lab.compare import hint

    board = Board(Game.new(seed=1), hint=partial(hint, budget_s=0.3, jobs=1))
    Sent(board, monkeypatch)
    answer = playing(board).hint()
    assert answer.option_id in {o.id for o in board.game.legal_actions()}
    assert board.hinting["text"] == answer.sentence and answer.sentence


def test_no_question_while_editing(board: Board) -> None:
    board.edit()
    with pytest.raises(BoardError, match="editing a position"):
        board.ask("Where?", ["square:R2"], lambda region: None)
