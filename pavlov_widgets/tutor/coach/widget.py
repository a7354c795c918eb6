"""The coach as a widget: the board, "Explain the choices", "Why not…?" and the review.

:class:`Coach` puts the coach's answers (:mod:`pavlov_widgets.tutor.coach.model`:
explanations, why-not, the review of the turning points) around a board driven by a
:class:`~pavlov_widgets.tutor.coach.session.CoachSession`.
"""


from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from pavlov_widgets.engine import Game
from pavlov_widgets.tutor.access import Access
from pavlov_widgets.tutor.coach.model import (
    Review,
    TurningPoint,
    UnknownPlaceError,
    explain,
    resolve_place,
    review,
    review_html,
    static_value,
    value,
    why_not,
)
from pavlov_widgets.tutor.coach.session import CoachSession
from pavlov_widgets.tutor.display import with_text
from pavlov_widgets.widget import Board

ACCESS: dict[str, Any] = {
    "live": {".pavlov-coach-why": ("status", "Coach's answer"),
             ".pavlov-coach-explain": ("status", "Explanation of the choices")},
}
"""What :class:`~pavlov_widgets.tutor.access.Access` says of the coach: its answer to "why
not?" (typed or clicked on the board) and the explanation of the choices, announced as they
change (issue 19)."""


class Coach(widgets.VBox):  # type: ignore[misc]
    """A full game on the board with a coach beside it (issue 12; rules 1.0–6.0).

    Args:
        seed: the seed the game is dealt from (Setup 1–11).

    Attributes:
        game: the game (shared with the board).
        board: the :class:`~pavlov_widgets.widget.Board`.
        seed: the seed, or None for a coach made with :meth:`from_game`.
        explain_toggle: shows and hides the explanation of the choices.
        explanation: the explanation (HTML).
        why_box, why_button: type a place and ask why it is not a choice.
        why_answer: the answer, to a typed place or to the last click on the board.
        review_button: "Review so far".
        review_panel: the review (HTML): your choices and the dice in two columns, the raids
            and what to do next time; it appears by itself at the end of the game.
        last_refusal: the last answer to a click on the board that was not a choice ("").
        review_seconds: how long the last review took (seconds).

    Example:
        >>> coach = Coach(seed=1)
        >>> coach
        <Coach seed 1: turn 1, Soviet Card Phase>
    """

    def __init__(self, seed: int = 1, *, game: Game | None = None, **kwargs: Any) -> None:
        """Deal a new game from ``seed`` (or coach ``game``: see :meth:`from_game`)."""
        if game is None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise TypeError(f"Coach(seed): the seed must be a whole number, not {seed!r}")
            game = Game.new(seed=seed)
            self.seed: int | None = seed
        elif not isinstance(game, Game):
            raise TypeError(f"Coach: game must be a pavlov_widgets Game, not {game!r}")
        else:
            self.seed = None
        self.game = game
        self.last_refusal = ""
        self.review_seconds = 0.0
        self._review: Review | None = None
        self._review_rev = -1
        self._review_asked = (0, 0)  # the top and playouts of the review kept
        # the coach's own session: every "why not?" asked by a click shows here too
        self.board = Board(session=CoachSession(game, self._show_reason))
        self.title = widgets.HTML()
        self.explain_toggle = widgets.ToggleButton(
            value=False, description="Explain the choices", icon="question",
            tooltip="Each choice of this decision in a sentence, with its rule")
        self.explanation = widgets.HTML()
        self.why_box = widgets.Text(placeholder="a place: R2, pavlov, loc 12, track 3",
                                    description="Why not…?", continuous_update=False)
        self.why_button = widgets.Button(description="Ask", tooltip="Why is this not a choice?")
        self.why_answer = widgets.HTML()
        self.review_button = widgets.Button(description="Review so far", icon="list",
                                            tooltip="The turning points of the game so far")
        self.review_panel = widgets.HTML()
        self.access = Access(".pavlov-coach", **ACCESS)
        super().__init__(
            children=[
                self.access,
                self.title,
                widgets.HBox([self.explain_toggle, self.review_button]),
                self.explanation,
                widgets.HBox([self.why_box, self.why_button]),
                self.why_answer,
                self.board,
                self.review_panel,
            ],
            **kwargs,
        )
        self.add_class("pavlov-coach")  # what pages and browser tests find it by
        self.why_answer.add_class("pavlov-coach-why")
        self.explanation.add_class("pavlov-coach-explain")
        self.explain_toggle.observe(lambda _c: self._sync(), names="value")
        self.why_button.on_click(lambda _b: self._ask(self.why_box.value))
        self.why_box.observe(lambda c: self._ask(str(c["new"])) if c["new"] else None,
                             names="value")
        self.review_button.on_click(lambda _b: self.show_review())
        self._stop: Callable[[], None] = game.on_change(lambda _g: self._moved())
        self._sync()

    @classmethod
    def from_game(cls, game: Game) -> Coach:
        """A coach for a game already under way (the game is shared, not copied)."""
        return cls(game=game)

    # --- the helpers as data -------------------------------------------------------------------

    def explain(self) -> list[str]:
        """The pending decision's options, a sentence each with its rule, and the hint."""
        return explain(self.game)

    def why_not(self, place: str) -> str:
        """Why ``place`` (a region id or a name) is not a choice now, with the rule."""
        return why_not(self.game, place)

    def review(self, top: int = 5, playouts: int = 0) -> Review:
        """The review so far: choices apart from luck, the raids, the lessons (:func:`review`).

        ``playouts``: play each choice shown and its best alternative that many times to the
        end instead of the coach's estimate (slower). Worked out again only when the game
        moved on or another ``top`` or ``playouts`` is asked.
        """
        if (self._review is None or self._review_rev != self.game.rev
                or self._review_asked != (top, playouts)):
            began = time.perf_counter()
            self._review = review(self.game, top, playouts=playouts)
            self.review_seconds = time.perf_counter() - began
            self._review_rev, self._review_asked = self.game.rev, (top, playouts)
        return self._review

    def show_review(self) -> Review:
        """Work out the review and show it under the board."""
        done = self.review()
        self.review_panel.value = review_html(done)
        return done

    # --- the widget --------------------------------------------------------------------------

    def _moved(self) -> None:
        """The game moved on: an answer to "why not?" belonged to the position before."""
        self.last_refusal = ""
        self.why_answer.value = ""
        self._sync()

    def _sync(self) -> None:
        """Show the coach as the game is now."""
        game = self.game
        self.title.value = f"<b>{html.escape(self._status())}</b>"
        if self.explain_toggle.value:
            lines = self.explain()
            items = "".join(f"<li>{html.escape(line[2:])}</li>" for line in lines
                            if line.startswith("- "))
            rest = [line for line in lines if not line.startswith("- ")]
            head = html.escape(rest[0]) if rest else ""
            tail = "".join(f"<p><i>{html.escape(line)}</i></p>" for line in rest[1:])
            self.explanation.value = f"<p>{head}</p><ul>{items}</ul>{tail}"
        else:
            self.explanation.value = ""
        if game.is_over and self._review_rev != game.rev:
            self.show_review()

    def _ask(self, text: str) -> None:
        self.why_answer.value = f"<p>{html.escape(self.why_not(text))}</p>"

    def _show_reason(self, text: str, rule: str) -> None:
        """A click on a place that is not a choice: the reason shows here too."""
        self.last_refusal = f"{text}: {rule}"
        self.why_answer.value = f"<p>On the board: {html.escape(self.last_refusal)}</p>"

    def _status(self) -> str:
        game = self.game
        if game.is_over:
            o = game.outcome or {}
            return f"game over on turn {game.turn}, {o.get('level')} (score {o.get('score')})"
        return f"turn {game.turn}, {game.phase_label}"

    def close(self) -> None:
        """Close the coach and its board, and stop following the game."""
        stop = getattr(self, "_stop", None)  # None: refused before it was built
        if stop is not None:
            stop()
        board = getattr(self, "board", None)
        if board is not None:
            board.close()
        super().close()

    def __repr__(self) -> str:
        """Stable text: ``<Coach seed 1: turn 3, Soviet Counter Phase>``."""
        seed = f" seed {self.seed}" if self.seed is not None else ""
        return f"<Coach{seed}: {self._status()}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, with its stable text and a static picture for pages without one."""
        return with_text(super()._repr_mimebundle_(**kwargs), repr(self),
                         f"<div>{self.title.value}{self.explanation.value}</div>"
                         f"{self.board.static_html()}{self.review_panel.value}")


__all__ = [
    "Coach",
    "Review",
    "TurningPoint",
    "UnknownPlaceError",
    "explain",
    "resolve_place",
    "review",
    "static_value",
    "value",
    "why_not",
]
