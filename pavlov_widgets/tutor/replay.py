"""Replays without a kernel (issue 22): a game or a rulebook example as one HTML page.

:func:`save_replay` writes one self-contained page, the board's bundle and the game's moments
inline, that steps forward and back in any browser, offline, opened from disk: a teacher can
send a pupil's game as one file. ``walkthrough.save_replay(path)`` does the same for a
rulebook example. (The board has no method of its own for it:
:class:`~pavlov_widgets.widget.Board` keeps to 25 methods, its guard test says so, and it has
them all; call ``save_replay(board, path)``.)

A **moment** is what the board shows at one point of the replay. For a board's game: the
start (the first moment a step can be taken back to), then one moment after each entry of
the game's history (a choice, a roll, a switch to seeded dice), so a replay has
``1 + len(history)`` moments less the rolls made before the first decision. Its caption is the
log lines that moment wrote. For a walkthrough: the example's start and each step of the
rulebook's line (``len(walkthrough) + 1`` moments), its caption the walkthrough's narration.

Each moment's traits are made by a real :class:`~pavlov_widgets.widget.Board` playing a copy
of the game step by step, so they pass through the board's one redaction gate
(:mod:`pavlov_widgets.widget.view`) for the same viewer: a role view replays as that role
saw it, a hot seat as the side on screen saw it. In the page, a small stand-in for the
widget's model serves those traits to the same board code (``js/src/replay.js``, bundled as
``static/replay.js``), with Back, Next, a slider and the arrow keys.

Example:
    >>> from pavlov_widgets.widget import Board
    >>> board = Board.new(seed=1)
    >>> board.game.apply("end-phase")
    >>> replay = replay_of(board)
    >>> len(replay.moments), replay.moments[1].heading
    (6, 'Step 1 of 5: turn 1, Wehrmacht Card Phase.')
"""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.errors import PavlovError
from pavlov_widgets.widget.board import STATIC, Board, json_safe, script_safe, sync_state
from pavlov_widgets.widget.sessions import HotSeatSession, PlaySession, Session
from pavlov_widgets.widget.sessions.base import OverSession

if TYPE_CHECKING:
    from pavlov_widgets.tutor.walkthrough import Walkthrough

BUNDLE = STATIC / "replay.js"
"""The replay player with the whole board, a classic script (built from ``js/src/replay.js``)."""

CSS = STATIC / "board.css"
"""The board's style sheet."""

LABELS: dict[str, str] = {
    "back": "◀ Back",
    "next": "Next ▶",
    "slider": "Moment of the replay",
    "keys": "The left and right arrow keys step back and forward; Home and End go to the "
            "start and the end.",
}
"""The player's words (each one whole)."""

CAPTION_LINES = 5
"""At most this many log lines caption the first moment of a game (its setup writes many)."""

PLAYER_CSS = """
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1b1b1b; background: #fff; }
.pavlov-replay { display: flex; flex-flow: row wrap; align-items: flex-start; gap: 8px 16px;
  padding: 8px; box-sizing: border-box; }
.pavlov-replay .pr-side { flex: 1 1 270px; min-width: 250px; max-width: 400px;
  font-size: 15px; line-height: 1.4; }
.pavlov-replay .pr-title { font-size: 20px; margin: 0 0 8px; }
.pavlov-replay .pr-bar { display: flex; align-items: center; gap: 6px; }
.pavlov-replay .pr-bar button { font-size: 16px; min-width: 44px; min-height: 36px;
  padding: 2px 10px; cursor: pointer; }
.pavlov-replay .pr-slider { flex: 1 1 auto; min-width: 60px; }
.pavlov-replay .pr-heading { font-weight: 600; margin: 8px 0 4px; }
.pavlov-replay .pr-caption { border-left: 4px solid #2f6fd6; padding-left: 8px; }
.pavlov-replay .pr-caption p { margin: 0 0 6px; }
.pavlov-replay .pr-keys { color: #555; font-size: 13px; }
.pr-home { padding: 6px 8px 0; font-size: 14px; }
.pavlov-replay .pr-board { flex: 3 1 600px; min-width: 0; max-height: calc(100vh - 16px);
  overflow-x: hidden; overflow-y: auto; }
@media (max-width: 700px) {
  .pavlov-replay { flex-flow: column nowrap; align-items: stretch; gap: 4px; padding: 4px;
    height: 100vh; height: 100dvh; }
  .pavlov-replay .pr-side { flex: 0 0 auto; max-width: none; min-width: 0; font-size: 13px; }
  .pavlov-replay .pr-title { font-size: 16px; margin: 0 0 4px; }
  .pavlov-replay .pr-heading { margin: 4px 0 2px; }
  .pavlov-replay .pr-caption { max-height: 18vh; overflow-y: auto; }
  .pavlov-replay .pr-keys { display: none; }
  .pavlov-replay .pr-board { flex: 1 1 0; min-height: 200px; max-height: none; }
}
"""
"""The player's layout: the controls and caption beside the board when there is room, above
it on a phone (the board then takes the rest of the screen and scrolls in its own box)."""


class ReplayError(PavlovError, ValueError):
    """A replay that cannot be made or written: the message says why; no file is changed."""


@dataclass(frozen=True)
class Moment:
    """What the replay shows at one point.

    Attributes:
        heading: where the moment stands, one whole sentence ("Step 3 of 12: turn 1, …").
        html: the caption (the narration, or the moment's log lines), escaped HTML.
        state: every trait the board draws from at this moment (``Board``'s ``SYNCED``).
    """

    heading: str
    html: str
    state: dict[str, Any]


@dataclass(frozen=True)
class Replay:
    """A game's or an example's moments, ready to be written as a page (:meth:`page`)."""

    title: str
    moments: tuple[Moment, ...]

    def data(self) -> dict[str, Any]:
        """The page's data: each moment after the first keeps only the traits that changed."""
        out: list[dict[str, Any]] = []
        before: dict[str, Any] = {}
        for m in self.moments:
            changed = {k: v for k, v in m.state.items() if before.get(k, _NONE) != v}
            out.append({"heading": m.heading, "html": m.html, "state": changed})
            before = m.state
        return {"title": self.title, "labels": LABELS, "moments": out}

    def page(self, *, script_src: str | None = None, css_href: str | None = None,
             home: tuple[str, str] | None = None) -> str:
        """The replay as one HTML page.

        Args:
            script_src: where the page loads the player (``static/replay.js``) from; None
                inlines it (a page that stands alone).
            css_href: where it loads the board's style sheet from; None inlines it.
            home: a link above the replay, ``(href, text)`` (the docs' list of replays);
                None for none.
        """
        data = json.dumps(self.data(), separators=(",", ":"), ensure_ascii=False)
        css = (f'<link rel="stylesheet" href="{html.escape(css_href)}">' if css_href
               else f"<style>{CSS.read_text(encoding='utf-8')}</style>")
        script = (f'<script src="{html.escape(script_src)}"></script>' if script_src
                  else f"<script>\n{script_safe(BUNDLE.read_text(encoding='utf-8'))}\n"
                       "</script>")
        nav = (f'<nav class="pr-home"><a href="{html.escape(home[0])}">'
               f"{html.escape(home[1])}</a></nav>\n" if home else "")
        text = "".join(f"<li><p><b>{html.escape(m.heading)}</b></p>{m.html}</li>"
                       for m in self.moments)
        return (
            '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(self.title)}</title>\n{css}\n<style>{PLAYER_CSS}</style>\n"
            f"</head><body>\n{nav}"
            '<main id="pavlov-replay" class="pavlov-replay"></main>\n'
            f"<noscript><ol>{text}</ol></noscript>\n"
            f'<script type="application/json" id="pavlov-replay-data">{json_safe(data)}'
            f"</script>\n{script}\n"
            '<script>PavlovReplay.startReplay(document.getElementById("pavlov-replay"), '
            'JSON.parse(document.getElementById("pavlov-replay-data").textContent));</script>\n'
            "</body></html>\n"
        )


_NONE = object()


def replay_of(source: object) -> Replay:
    """The moments of a board's game, or of a walkthrough's example (see the module).

    ``source`` is a :class:`~pavlov_widgets.widget.Board`, a
    :class:`~pavlov_widgets.tutor.walkthrough.Walkthrough` or its widget. A board driven by a
    walkthrough replays the walkthrough.

    Raises:
        ReplayError: ``source`` is none of these.
    """
    from pavlov_widgets.tutor.walkthrough import (
        Walkthrough,
        WalkthroughSession,
        WalkthroughWidget,
    )

    if isinstance(source, WalkthroughWidget):
        source = source.walkthrough
    if isinstance(source, Board):
        base = _base_session(source)
        if isinstance(base, WalkthroughSession):
            source = base.walkthrough
        else:
            return _game_replay(source.game, base)
    if isinstance(source, Walkthrough):
        return _walkthrough_replay(source)
    raise ReplayError(f"save_replay(): a replay is made of a Board or a Walkthrough (or its "
                      f"widget), not {type(source).__name__}; nothing was written.")


def save_replay(source: object, path: str | os.PathLike[str]) -> Path:
    """Write ``source``'s replay to ``path`` as one self-contained HTML page; returns the path.

    The page needs no kernel, no server and no network: the board's script, its style and
    every moment are inside it. An existing file at ``path`` is replaced (whole, or not at
    all).

    Raises:
        ReplayError: ``source`` is not a Board or a Walkthrough; ``path`` is not a path, does
            not end in ``.html`` or ``.htm``, is a folder, its folder does not exist, or the
            file cannot be written. Nothing is written then.
    """
    target = _check_path(path)
    page = replay_of(source).page()
    part = target.with_name(f".{target.name}.part")
    try:
        part.write_text(page, encoding="utf-8")
        os.replace(part, target)
    except OSError as exc:
        part.unlink(missing_ok=True)
        raise ReplayError(f"save_replay(): {str(target)!r} could not be written ({exc}); "
                          "nothing was written.") from exc
    return target


# --- a board's game ------------------------------------------------------------------------

GAME_TITLE = "Pavlov's House: a replayed game"
GAME_START = "The start of the game: turn {turn}, {phase}."
GAME_STEP = "Step {step} of {of}: turn {turn}, {phase}."
"""The title and headings of a game's replay (whole sentences with slots)."""


def _base_session(board: Board) -> Session:
    """The session under the board's questions and stills: it says whose view is drawn."""
    session = board.session
    while isinstance(session, OverSession):
        session = session.below
    return session


def _game_replay(game: Game, base: Session) -> Replay:
    """Play a copy of ``game`` again entry by entry on a board seen as ``base`` sees it."""
    start = game.copy()
    start.auto_roll = False
    while start.can_undo:
        start.undo()
    entries = game.history[len(start.history):]
    if isinstance(base, HotSeatSession):
        session: PlaySession = HotSeatSession(start)
    else:
        session = PlaySession(start, role=base.role if isinstance(base, PlaySession) else None)
    board = Board(session=session)
    try:
        moments = [_game_moment(board, session, 0, len(entries), -1)]
        for i, entry in enumerate(entries, start=1):
            logged = len(start.log)
            _replay_entry(start, entry, i)
            moments.append(_game_moment(board, session, i, len(entries), logged))
    finally:
        board.close()
    return Replay(GAME_TITLE, tuple(moments))


def _replay_entry(game: Game, entry: dict[str, Any], step: int) -> None:
    """Make one history entry again on ``game``; its dice must fall as recorded."""
    kind, value = entry["kind"], entry["value"]
    if kind == "choose":
        game.apply(value)
    elif kind == "seed":
        game.use_seeded_dice(value)
    elif entry.get("forced"):
        game.force(value)
    elif game.roll() != value:
        raise ReplayError(f"save_replay(): step {step} of the game's history, a roll recorded "
                          f"as {value}, replays otherwise; nothing was written.")


def _game_moment(board: Board, session: PlaySession, step: int, of: int,
                 logged: int) -> Moment:
    """The board's traits now, headed and captioned by the log lines written since ``logged``.

    A hot seat's cover is taken off: the side to decide sees its own view, as at the table.
    """
    if isinstance(session, HotSeatSession) and session.covered:
        session.reveal()
    game = board.game
    words = {"step": step, "of": of, "turn": game.turn, "phase": game.phase_label}
    heading = (GAME_STEP if step else GAME_START).format(**words)
    entries = board.log_entries  # the viewer's log, newest first
    new = [e for e in entries if e["n"] >= logged] if logged >= 0 else entries[:CAPTION_LINES]
    caption = "".join(f"<p>{html.escape(e['text'])} <i>({html.escape(e['rule'])})</i></p>"
                      for e in reversed(new) if e.get("text"))
    return Moment(heading, caption, sync_state(board))


# --- a walkthrough -------------------------------------------------------------------------


def _walkthrough_replay(walk: Walkthrough) -> Replay:
    """The example's start and each step of the rulebook's line, narrated."""
    from pavlov_widgets.tutor.walkthrough import Walkthrough, WalkthroughSession
    from pavlov_widgets.tutor.walkthrough.widget import narration_html

    line = Walkthrough(walk.scenario, seed=walk.seed)  # watching, on the rulebook's line
    board = Board(session=WalkthroughSession(line))
    moments: list[Moment] = []
    try:
        for step in range(len(line) + 1):
            line.go(step)
            said = line.narration()
            moments.append(Moment(f"{said.heading}.", narration_html(said), sync_state(board)))
    finally:
        board.close()
    sc = walk.scenario
    return Replay(f"{sc.title} ({sc.section})", tuple(moments))


# --- paths and pages -----------------------------------------------------------------------


def _check_path(path: object) -> Path:
    """The page's path, checked before anything is made."""
    if not isinstance(path, (str, os.PathLike)) or not str(os.fspath(path)).strip():
        raise ReplayError(f"save_replay(): the path must be a file name such as 'game.html', "
                          f"not {path!r}; nothing was written.")
    target = Path(os.fspath(path)).expanduser()
    if target.suffix.lower() not in (".html", ".htm"):
        raise ReplayError(f"save_replay(): {str(target)!r} does not end in .html (a replay is "
                          "a web page, e.g. 'game.html'); nothing was written.")
    if target.is_dir():
        raise ReplayError(f"save_replay(): {str(target)!r} is a folder; give a file name in "
                          "it, e.g. 'game.html'; nothing was written.")
    if not target.parent.is_dir():
        raise ReplayError(f"save_replay(): the folder {str(target.parent)!r} does not exist; "
                          "make it first or give another path; nothing was written.")
    return target


__all__ = ["BUNDLE", "LABELS", "Moment", "Replay", "ReplayError", "replay_of", "save_replay"]
