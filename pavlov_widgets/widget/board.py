"""The :class:`Board`: an anywidget canvas bound to an engine :class:`~pavlov_widgets.engine.Game`.

Python is the single source of truth. The board keeps the game and syncs what the browser
draws as traitlets (see :mod:`pavlov_widgets.widget.view`): ``plan`` (the printed board,
once), ``view`` (where everything is), ``options`` (the pending choice), ``last_roll``,
``log_entries``, ``error``, ``rev`` (a number that goes up on every change) and
``auto_roll``. Because the state lives in traits, the board survives a page reload, shows in
saved notebooks and keeps several views of one board in step.

The browser sends intents only, and every one is checked here:

- ``{"kind": "choose", "option": <id>, "rev": <rev>}`` — take an option of the pending
  decision (``"roll"`` at a chance step rolls the dice);
- ``{"kind": "step", "rev": <rev>}`` — roll the pending dice;
- ``{"kind": "undo"}`` / ``{"kind": "redo"}``;
- ``{"kind": "auto_roll", "value": true|false}``.

A bad message (unknown kind, a missing, stale or unknown option, the wrong types) leaves the
game exactly as it was and puts a clear sentence in ``error``, which the board shows under
the picture; the next good message clears it. Each handled message is acknowledged with a
custom ``{"kind": "ack", "ok": ..., "rev": ...}`` message so the browser can take clicks again.

From code, :meth:`Board.apply`, :meth:`~Board.undo`, :meth:`~Board.redo`, :meth:`~Board.step`
and :meth:`~Board.load` drive the same game and keep every view in step; they raise the
engine's errors (and leave the game unchanged) when asked for something illegal.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import anywidget
import traitlets

from pavlov_widgets.engine import Game, Option, RuleSettings
from pavlov_widgets.engine.errors import (
    IllegalActionError,
    NotAChanceStepError,
    NothingToUndoError,
)

from . import view as views

STATIC = Path(__file__).resolve().parent / "static"
"""The folder of ``board.js`` and ``board.css``."""

MESSAGE_KINDS = ("choose", "step", "undo", "redo", "auto_roll")
"""The intents the browser may send."""


class BoardMessageError(ValueError):
    """A message from the browser that the board cannot act on (shown under the board)."""


class _LoadDescriptor:
    """``Board.load(path)`` makes a new board; ``board.load(path)`` loads into this one."""

    def __get__(self, obj: Board | None, owner: type[Board]) -> Callable[..., Any]:
        if obj is None:
            return owner._load_new
        return obj._load_into


class Board(anywidget.AnyWidget):  # type: ignore[misc]
    """A playable board for one game of *Pavlov's House*.

    Args:
        game: the game to show; a new game is dealt when it is None.
        seed: the seed of that new game (0 when not given); not allowed with ``game``.
        auto_roll: roll dice as soon as they come up (default: the game's own setting).

    Example:
        >>> board = Board.new(seed=1)
        >>> board.game.turn
        1
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    plan = traitlets.Dict().tag(sync=True)
    """The printed board and components (:func:`~pavlov_widgets.widget.view.layout`)."""
    view = traitlets.Dict().tag(sync=True)
    """Where everything is now (:func:`~pavlov_widgets.widget.view.game_view`)."""
    options = traitlets.Dict().tag(sync=True)
    """The pending choice (:func:`~pavlov_widgets.widget.view.pending_view`)."""
    last_roll = traitlets.Dict().tag(sync=True)
    """The newest roll (:func:`~pavlov_widgets.widget.view.last_roll`)."""
    log_entries: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    """The newest log entries, newest first (:func:`~pavlov_widgets.widget.view.log_view`)."""
    error = traitlets.Unicode("").tag(sync=True)
    """Why the last message from the browser was refused ("" after a good one)."""
    rev = traitlets.Int(0).tag(sync=True)
    """Goes up by one on every change of the game; a click names the rev it was made at."""
    auto_roll = traitlets.Bool(True).tag(sync=True)
    """Roll dice as soon as they come up; off, a Roll button shows the exact odds first."""

    load = _LoadDescriptor()

    def __init__(
        self,
        game: Game | None = None,
        *,
        seed: int | None = None,
        auto_roll: bool | None = None,
        **kwargs: Any,
    ) -> None:
        """Wrap ``game`` (or deal a new one from ``seed``)."""
        if game is not None and seed is not None:
            raise TypeError("Board(): give a game or a seed, not both")
        if game is None:
            game = Game.new(seed=0 if seed is None else seed)
        elif not isinstance(game, Game):
            raise TypeError(
                f"Board(): game must be a pavlov_widgets Game, not {type(game).__name__}"
            )
        if auto_roll is not None:
            game.auto_roll = bool(auto_roll)
        self._game = game
        self._plan_key = ""
        self._pictures = 0
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)
        self._refresh(bump=False)

    # --- making boards ----------------------------------------------------------------

    @classmethod
    def new(
        cls, seed: int = 0, *, options: RuleSettings | None = None, auto_roll: bool = True
    ) -> Board:
        """A board with a new game dealt from ``seed`` (Setup 1–11)."""
        return cls(Game.new(seed=seed, options=options, auto_roll=auto_roll))

    @classmethod
    def from_game(cls, game: Game) -> Board:
        """A board showing an existing game (the game is shared, not copied)."""
        return cls(game)

    @classmethod
    def from_scenario(cls, name: str, *, auto_roll: bool = False) -> Board:
        """A board at the start of a rulebook example (see :mod:`.engine.examples.scenarios`).

        The example's dice are scripted; by default you roll them with the Roll button, so the
        board shows the exact odds first.

        Raises:
            UnknownScenarioError: no scenario has that name.
        """
        from pavlov_widgets.engine.examples.scenarios import get_scenario

        return cls(get_scenario(name).build(auto_roll=auto_roll))

    @classmethod
    def _load_new(cls, source: str | Path) -> Board:
        return cls(_read_game(source))

    def _load_into(self, source: str | Path | Game) -> None:
        """Replace this board's game with a saved one (a path, JSON text or a Game)."""
        game = source if isinstance(source, Game) else _read_game(source)
        self.game = game

    def save(self, path: str | Path) -> None:
        """Save the game (JSON, see :meth:`pavlov_widgets.engine.Game.save`)."""
        self._game.save(path)

    def save_html(self, path: str | Path) -> None:
        """Write a standalone HTML page with a picture of the board as it is now.

        The page needs no kernel and no network: it carries the state and the drawing code.
        """
        title = f"Pavlov's House, turn {self._game.turn}"
        Path(path).write_text(_page(self.static_html(), title), encoding="utf-8")

    # --- the game ---------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The engine game this board shows (change it through the board to keep views in step)."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"Board.game must be a pavlov_widgets Game, not {type(game).__name__}")
        self._game = game
        self._refresh()

    def apply(self, option: str | Option) -> None:
        """Take one legal option of the pending decision (by id or Option).

        Raises:
            IllegalActionError: not a legal option now; the game is unchanged.
        """
        self._game.apply(option)
        self._changed()

    def step(self) -> None:
        """Roll the pending dice (with ``auto_roll`` off).

        Raises:
            NotAChanceStepError: no roll is pending.
        """
        self._game.step()
        self._changed()

    def force(self, dice: list[int]) -> None:
        """Resolve the pending dice with chosen values (teaching, what-if)."""
        self._game.force(dice)
        self._changed()

    def undo(self) -> None:
        """Take back the last choice (with the automatic rolls that followed it).

        Raises:
            NothingToUndoError: nothing to take back.
        """
        self._game.undo()
        self._changed()

    def redo(self) -> None:
        """Make the last undone step again.

        Raises:
            NothingToUndoError: nothing was undone.
        """
        self._game.redo()
        self._changed()

    def _changed(self) -> None:
        self.error = ""
        self._refresh()

    @traitlets.observe("auto_roll")
    def _auto_roll_changed(self, change: dict[str, Any]) -> None:
        game = getattr(self, "_game", None)
        if game is None or game.auto_roll == change["new"]:
            return
        game.auto_roll = bool(change["new"])
        # Turned on at a chance step: roll now, as the game would have.
        rolled = False
        while game.auto_roll and game.chance() is not None:
            game.roll()
            rolled = True
        if rolled:
            self._refresh()
        else:
            self.options = views.pending_view(game)

    # --- syncing ----------------------------------------------------------------------

    def _refresh(self, bump: bool = True) -> None:
        """Recompute every trait from the game, once, and send them in one message."""
        game = self._game
        view = views.game_view(game)
        view["canUndo"] = game.can_undo
        view["canRedo"] = game.can_redo
        with self.hold_sync():
            plan_key = f"{game.components.fingerprint} {game.options.to_dict()}"
            if self._plan_key != plan_key:
                self.plan = views.layout(game.components, game.options)
                self._plan_key = plan_key
            self.view = view
            self.options = views.pending_view(game)
            self.last_roll = views.last_roll(game)
            self.log_entries = views.log_view(game)
            if self.auto_roll != game.auto_roll:
                self.auto_roll = game.auto_roll
            if bump:
                self.rev = self.rev + 1

    def sync_state(self) -> dict[str, Any]:
        """The drawable state as the browser receives it (plain JSON data)."""
        return {
            "plan": self.plan,
            "view": self.view,
            "options": self.options,
            "last_roll": self.last_roll,
            "log_entries": self.log_entries,
            "error": self.error,
            "rev": self.rev,
            "auto_roll": self.auto_roll,
        }

    # --- messages from the browser ----------------------------------------------------

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Check and act on one intent; a bad one sets ``error`` and changes nothing."""
        try:
            self.handle_message(content)
        except BoardMessageError as exc:
            self.error = str(exc)
            self.send({"kind": "ack", "ok": False, "rev": self.rev})
            return
        self.send({"kind": "ack", "ok": True, "rev": self.rev})

    def handle_message(self, content: Any) -> None:
        """Act on one message from the browser (what the widget does on ``on_msg``).

        Raises:
            BoardMessageError: the message is malformed, stale or asks for something illegal;
                the game is unchanged (the caller shows the message under the board).
        """
        if not isinstance(content, dict):
            raise BoardMessageError(
                f"The board got a message it cannot read ({_short(content)}); nothing was done."
            )
        kind = content.get("kind")
        if not isinstance(kind, str) or kind not in MESSAGE_KINDS:
            raise BoardMessageError(
                f"Unknown message kind {_short(kind)} (expected one of "
                f"{', '.join(MESSAGE_KINDS)}); nothing was done."
            )
        if kind == "auto_roll":
            value = content.get("value")
            if not isinstance(value, bool):
                raise BoardMessageError(
                    f"auto_roll needs true or false, not {_short(value)}; nothing was done."
                )
            self.error = ""
            self.auto_roll = value
            return
        self._check_rev(content, required=kind in ("choose", "step"))
        game = self._game
        try:
            if kind == "choose":
                self._choose(content)
            elif kind == "step":
                game.step()
            elif kind == "undo":
                game.undo()
            else:
                game.redo()
        except NothingToUndoError as exc:
            raise BoardMessageError(f"{_sentence(str(exc))} Nothing was done.") from exc
        except NotAChanceStepError as exc:
            raise BoardMessageError(f"No dice to roll: {exc}. Nothing was done.") from exc
        except IllegalActionError as exc:
            raise BoardMessageError(f"{exc} Nothing was done.") from exc
        self._changed()

    def _check_rev(self, content: dict[str, Any], required: bool) -> None:
        if "rev" not in content:
            if required:
                raise BoardMessageError(
                    "The click did not say which position it was made on (no rev); "
                    "nothing was done."
                )
            return
        rev = content["rev"]
        if isinstance(rev, bool) or not isinstance(rev, int):
            raise BoardMessageError(
                f"rev must be a whole number, not {_short(rev)}; nothing was done."
            )
        if rev != self.rev:
            raise BoardMessageError(
                f"That click was made on an older position (rev {rev}; the board is at rev "
                f"{self.rev}), so nothing was done. Look at the board and choose again."
            )

    def _choose(self, content: dict[str, Any]) -> None:
        option = content.get("option")
        if not isinstance(option, str) or not option:
            raise BoardMessageError(
                f"A choice must name an option id (a string), not {_short(option)}; "
                "nothing was done."
            )
        game = self._game
        if game.is_over:
            raise BoardMessageError(
                "The game is over: there is nothing to choose. Nothing was done."
            )
        chance = game.chance()
        if chance is not None:
            if option != "roll":
                raise BoardMessageError(
                    f"{option!r} is not an option now: the game waits for a roll "
                    f"({chance.label}). Nothing was done."
                )
            game.roll()
            return
        legal = [o.id for o in game.legal_actions()]
        if option not in legal:
            pending = game.pending
            prompt = getattr(pending, "prompt", "")
            raise BoardMessageError(
                f"{_short(option)} is not one of the options now ({prompt}); nothing was done."
            )
        game.apply(option)

    # --- display ----------------------------------------------------------------------

    def __repr__(self) -> str:
        """Turn, phase and the pending choice: stable text for saved notebooks and nbval."""
        game = self._game
        if game.is_over:
            o = game.outcome or {}
            return (
                f"<Board: game over on turn {game.turn}: {o.get('level')}, "
                f"score {o.get('score')}>"
            )
        prompt = str(self.options.get("prompt", "")).removeprefix(f"{game.phase_label}: ")
        return f"<Board: turn {game.turn}, {game.phase_label}; now: {prompt}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The live widget, plus a static picture for places without a widget manager."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = cast(tuple[dict[str, Any], dict[str, Any]], bundle)
        data = dict(data)
        data["text/plain"] = repr(self)
        data["text/html"] = self.static_html()
        return data, metadata

    def static_html(self) -> str:
        """A self-contained HTML picture of the board (no kernel, no network).

        The picture is drawn by the same ``board.js`` (inlined as a module script) from the
        state embedded as JSON, so saved notebooks and HTML exports show the board as it was.
        """
        state = json.dumps(self.sync_state(), separators=(",", ":"), ensure_ascii=False)
        # A stable id (same state, same id) keeps saved outputs deterministic; the counter
        # keeps two pictures of one board on a page apart.
        self._pictures += 1
        digest = hashlib.sha1(state.encode("utf-8")).hexdigest()[:12]
        ident = f"pavlov-static-{digest}-{self._pictures}"
        css = (STATIC / "board.css").read_text(encoding="utf-8")
        module = (STATIC / "board.js").read_text(encoding="utf-8")
        return (
            f'<div id="{ident}" class="pavlov-static-root">'
            f"<style>{css}</style>"
            f'<noscript><pre>{html.escape(self._game.render_text())}</pre></noscript>'
            f'<script type="application/json">{_json_safe(state)}</script>'
            f'<script type="module">\n{_script_safe(module)}\n'
            f'const root = document.getElementById("{ident}");\n'
            "const data = JSON.parse(root.querySelector('script[type=\"application/json\"]')"
            ".textContent);\n"
            "drawStatic(root, data);\n"
            "</script></div>"
        )


def _page(body: str, title: str) -> str:
    """A minimal standalone HTML page around ``body``."""
    return (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{html.escape(title)}</title></head>"
        f'<body style="margin:12px">{body}</body></html>\n'
    )


def _read_game(source: str | Path) -> Game:
    """A saved game from a path, or from JSON text."""
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return Game.from_json(source)
    if not isinstance(source, (str, Path)):
        raise TypeError(f"load(): expected a path or JSON text, not {type(source).__name__}")
    return Game.load(source)


def _script_safe(code: str) -> str:
    """JavaScript that can sit inside a <script> element without ending it."""
    return code.replace("</", "<\\/")


def _json_safe(text: str) -> str:
    """JSON that can sit inside a <script> element: every ``<`` becomes a unicode escape."""
    return text.replace("<", "\\u003c")


def _short(value: Any) -> str:
    """A value as the error messages quote it: repr, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _sentence(text: str) -> str:
    """Capitalise and end with a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


__all__ = ["MESSAGE_KINDS", "STATIC", "Board", "BoardMessageError"]
