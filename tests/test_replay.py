"""Replays without a kernel (issue 22): ``save_replay`` writes one self-contained HTML page.

The page holds the player (the board's bundle) and every moment of the game or the rulebook
example: one moment per history entry of a board's game after its start, one per step of a
walkthrough's rulebook line after its start. Each moment is what the board itself would draw
for the same viewer (its one redaction gate), and bad paths or sources raise a clear error
and write nothing. The page itself is stepped in a browser in
tests/browser/test_replay_page.py.
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from pavlov_widgets.engine import Game, RuleSettings
from pavlov_widgets.replay import BUNDLE, ReplayError, replay_of, save_replay
from pavlov_widgets.tutor.content import scenario_names
from pavlov_widgets.tutor.walkthrough import Walkthrough, WalkthroughSession, WalkthroughWidget
from pavlov_widgets.widget import Board
from pavlov_widgets.widget.board import SYNCED, sync_state

DATA = re.compile(r'<script type="application/json" id="pavlov-replay-data">(.*?)</script>',
                  re.S)


def page_data(path: Path) -> dict[str, Any]:
    """The moments stored in a saved page, each made whole again as the player does."""
    text = path.read_text(encoding="utf-8")
    found = DATA.search(text)
    assert found, "the page has no replay data"
    data: dict[str, Any] = json.loads(found.group(1))
    whole: dict[str, Any] = {}
    for moment in data["moments"]:
        whole = {**whole, **moment["state"]}
        moment["whole"] = whole
    return data


def play(game: Game, steps: int) -> None:
    """Make ``steps`` moves: the first option of each decision, or the dice."""
    for _ in range(steps):
        if game.is_over:
            return
        if game.chance() is not None:
            game.roll()
        else:
            game.apply(game.legal_ids()[0])


def assert_stands_alone(path: Path) -> None:
    """Nothing in the page is fetched: no src= or href= to a file, no web address."""
    text = path.read_text(encoding="utf-8")
    assert "src=" not in text
    assert "href=" not in text
    assert not re.search(r"https?://", text)
    assert "PavlovReplay.startReplay" in text


@pytest.mark.parametrize("name", ["sniper", "ju87"])
def test_a_walkthrough_replays_its_start_and_every_step_narrated(name: str,
                                                                 tmp_path: Path) -> None:
    walk = Walkthrough(name)
    path = walk.save_replay(tmp_path / f"{name}.html")
    assert path == tmp_path / f"{name}.html"
    assert_stands_alone(path)
    data = page_data(path)
    moments = data["moments"]
    assert len(moments) == len(walk) + 1
    assert walk.scenario.title in data["title"]
    line = Walkthrough(name)
    for step, moment in enumerate(moments):
        line.go(step)
        said = line.narration()
        assert moment["heading"] == f"{said.heading}."
        assert html.escape(said.text) in moment["html"]
        assert set(moment["whole"]) == set(SYNCED)
        assert moment["whole"]["view"] == sync_state(Board(session=WalkthroughSession(line)))[
            "view"]
    # each step after the start changes what the board draws
    assert all(m["state"] for m in moments[1:])


def test_a_walkthrough_replays_the_rulebook_line_wherever_it_stands(tmp_path: Path) -> None:
    walk = Walkthrough("sniper", mode="roll", seed=4)
    walk.next()
    before = repr(walk)
    data = page_data(walk.save_replay(tmp_path / "r.html"))
    assert len(data["moments"]) == len(walk) + 1
    assert repr(walk) == before  # the walkthrough itself did not move
    ended = Walkthrough("sniper")
    ended.go(len(ended))
    assert data["moments"][-1]["whole"]["view"] == sync_state(
        Board(session=WalkthroughSession(ended)))["view"]


def test_a_walkthrough_widget_or_a_board_driving_one_replays_the_walkthrough() -> None:
    walk = Walkthrough("sniper")
    board = Board(session=WalkthroughSession(walk))
    assert len(replay_of(board).moments) == len(walk) + 1
    assert len(replay_of(WalkthroughWidget(walk)).moments) == len(walk) + 1


@pytest.mark.parametrize("auto_roll", [True, False])
def test_a_board_replays_one_moment_per_history_entry(auto_roll: bool, tmp_path: Path) -> None:
    board = Board.new(seed=5, auto_roll=auto_roll)
    play(board.game, 25)
    path = save_replay(board, tmp_path / "game.htm")
    assert_stands_alone(path)
    moments = page_data(path)["moments"]
    assert len(moments) == 1 + len(board.game.history)
    assert moments[0]["heading"].startswith("The start of the game")
    assert moments[-1]["heading"].startswith(
        f"Step {len(board.game.history)} of {len(board.game.history)}: turn {board.game.turn}")
    # the last moment is the board as it is now
    now = sync_state(board)
    for trait in ("view", "choice", "last_roll", "log_entries", "outline"):
        assert moments[-1]["whole"][trait] == now[trait], trait
    # each moment's caption is the log lines it wrote, whole
    newest = board.log_entries[0]
    assert html.escape(newest["text"]) in "".join(m["html"] for m in moments[-3:])


def test_a_role_view_replays_as_that_role_saw_it() -> None:
    game = Game.new(seed=2, settings=RuleSettings.for_variant("competitive"))
    play(game, 30)
    board = Board.from_game(game, role="german")
    moments = replay_of(board).moments
    mine, everything = sync_state(board), sync_state(Board.from_game(game))
    assert mine["view"] != everything["view"]  # the German side does not see everything
    for trait in ("view", "choice", "log_entries", "seat", "outline"):
        assert moments[-1].state[trait] == mine[trait], trait


def test_a_hot_seat_replays_each_side_s_own_view_without_the_cover() -> None:
    game = Game.new(seed=2, settings=RuleSettings.for_variant("competitive"))
    board = Board.hot_seat(game)
    board.session.reveal()  # type: ignore[attr-defined]
    play(game, 30)
    moments = replay_of(board).moments
    assert all(m.state["cover"] == {} for m in moments)
    assert {m.state["seat"].get("side") for m in moments} == {"soviet", "german"}


def test_replaying_leaves_the_board_and_its_game_as_they_were() -> None:
    board = Board.new(seed=5)
    play(board.game, 12)
    before, rev, history = sync_state(board), board.game.rev, board.game.history
    replay_of(board)
    assert sync_state(board) == before
    assert (board.game.rev, board.game.history) == (rev, history)


@pytest.mark.parametrize(("path", "says"), [
    ("game.txt", "does not end in .html"),
    ("no-such-folder/game.html", "does not exist"),
    ("", "must be a file name"),
    (None, "must be a file name"),
    (42, "must be a file name"),
])
def test_a_bad_path_is_refused_and_nothing_is_written(path: Any, says: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ReplayError, match=says):
        save_replay(Walkthrough("sniper"), path)
    assert list(tmp_path.iterdir()) == []


def test_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.html").mkdir()
    with pytest.raises(ReplayError, match="is a folder"):
        save_replay(Walkthrough("sniper"), tmp_path / "a.html")


@pytest.mark.parametrize("source", [None, "sniper", Game.new(seed=1)])
def test_a_source_that_is_not_a_board_or_walkthrough_is_refused(source: Any,
                                                                tmp_path: Path) -> None:
    kept = tmp_path / "kept.html"
    kept.write_text("as it was", encoding="utf-8")
    with pytest.raises(ReplayError, match="a Board or a Walkthrough"):
        save_replay(source, kept)
    assert kept.read_text(encoding="utf-8") == "as it was"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.html"]


def test_the_page_s_text_cannot_end_its_script() -> None:
    """A log line or narration holding ``</script>`` stays inside the page's JSON."""
    page = replay_of(Walkthrough("sniper")).page()
    data = DATA.search(page)
    assert data is not None and "</" not in data.group(1)


def test_pages_for_the_docs_share_the_player_by_address() -> None:
    page = replay_of(Walkthrough("sniper")).page(script_src="../_static/replay.js",
                                                 css_href="../_static/board.css")
    assert '<script src="../_static/replay.js"></script>' in page
    assert '<link rel="stylesheet" href="../_static/board.css">' in page
    assert len(page) < 150_000  # the 190 KB player is not inlined


def test_the_docs_write_every_rulebook_example_sharing_one_player(tmp_path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))
    import replays

    pages = replays.write_replays(tmp_path)
    assert [p.stem for p in pages] == list(scenario_names())
    assert {"sniper", "ju87"} <= {p.stem for p in pages}
    player = tmp_path / replays.PLAYER_DIR / "replay.js"
    assert player.read_bytes() == BUNDLE.read_bytes()
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"https?://", text)
        for link in re.findall(r'(?:src|href)="([^"]+)"', text):
            target = (page.parent / link).resolve()
            assert target == (tmp_path / "replays.html").resolve() or target.is_file(), link
        assert len(text) < len(player.read_text(encoding="utf-8"))  # the player is not inlined
