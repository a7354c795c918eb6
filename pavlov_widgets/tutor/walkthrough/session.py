"""A walkthrough on the board: the board's clicks are the walkthrough's own steps.

:class:`WalkthroughSession` drives a :class:`~pavlov_widgets.widget.Board` for a
:class:`~pavlov_widgets.tutor.walkthrough.model.Walkthrough`. It draws the game where the
walkthrough stands (its own line, not a copy) with the step's places as the focus, and it says
what an intent means in walkthrough terms: a choice is :meth:`Walkthrough.choose` (one
legality check, there; choosing while watching switches to "your turn"), the Roll button and
▶ are :meth:`Walkthrough.next`, Undo and ◀ are :meth:`Walkthrough.back`. A refusal of the
walkthrough ("The dice come first…") comes back as a refusal with the code ``walkthrough`` and
shows by the board's bar; nothing changes.

In presenter mode (issue 22, :meth:`Board.present <pavlov_widgets.widget.Board.present>`) the →
and ← keys (:class:`~pavlov_widgets.widget.protocol.Page`) are ▶ and ◀, and the board shows
the step's narration (:func:`narration_view`, the board's ``narration`` trait) in large type
beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pavlov_widgets.engine import Game
from pavlov_widgets.tutor.walkthrough.model import (
    MODE_LABELS,
    Narration,
    Walkthrough,
    WalkthroughError,
)
from pavlov_widgets.widget import view as views
from pavlov_widgets.widget.protocol import Choose, Intent, Page, Redo, Refusal, Step, Undo
from pavlov_widgets.widget.sessions import Frame, Session

if TYPE_CHECKING:
    from pavlov_widgets.widget import Board

WATCHING = "{prompt} (watching: ▶ shows the rulebook's choice)"
"""The bar's prompt while the learner watches the rulebook's line: one whole sentence, with
the decision's own prompt in its slot (translated whole, issue 23)."""


class WalkthroughSession(Session):
    """Drive a board for ``walkthrough`` (see the module docstring)."""

    rev_name = "walkthrough"

    def __init__(self, walkthrough: Walkthrough) -> None:
        super().__init__()
        self.walkthrough = walkthrough
        self._stop: Callable[[], None] = lambda: None

    @property
    def game(self) -> Game:
        """The game where the walkthrough stands (its own: read it, never change it)."""
        return self.walkthrough.shown

    def frame(self) -> Frame:
        """The game where the walkthrough stands; the step's places are the focus."""
        walk = self.walkthrough
        game = walk.shown
        said = walk.narration()
        choice = views.choice_view(game)
        if walk.mode == "watch" and choice["kind"] == "decision" and not walk.at_end:
            # watching: the rulebook chooses; the options still glow, a click switches modes
            # (at the example's end the rulebook has no choice left to show)
            choice = {**choice, "prompt": WATCHING.format(prompt=choice["prompt"])}
        options = tuple(dict.fromkeys(t for o in choice["options"] for t in o["targets"]))
        # the learner's turn: the places to click matter first, then what the step is about
        learner = walk.mode == "your-turn" and not walk.at_end
        focus = (tuple(dict.fromkeys(options + tuple(said.focus))) if learner
                 else tuple(said.focus) or options)
        return Frame(game=game, viewer=None, choice=choice, rev=walk.rev, focus=focus,
                     marks=tuple({"region": r, "style": "focus"} for r in said.focus),
                     view_patch={"canUndo": walk.can_back, "canRedo": False},
                     narration=narration_view(said))

    def handle(self, intent: Intent) -> None:
        """A choice, a roll (▶) or undo (◀), as the walkthrough's own step.

        Presenter mode's → (:class:`Page` by 1) is ▶ and ← is ◀.
        """
        walk = self.walkthrough
        if isinstance(intent, Page):
            intent = Step(intent.stamp) if intent.by > 0 else Undo(intent.stamp)
        try:
            if isinstance(intent, Choose):
                if walk.mode == "watch":
                    walk.set_mode("your-turn")
                walk.choose(intent.option)
            elif isinstance(intent, Step):
                walk.next()
            elif isinstance(intent, Undo):
                walk.back()
            elif isinstance(intent, Redo):
                raise Refusal("walkthrough", "A walkthrough has no Redo: ▶ goes one step "
                                             "forward. Nothing was done.")
            else:
                super().handle(intent)
        except WalkthroughError as exc:
            raise Refusal("walkthrough", str(exc)) from exc

    def attach(self, board: Board) -> None:
        """Follow the walkthrough: every change of it shows on the board."""
        super().attach(board)
        self._stop = self.walkthrough.on_change(lambda _w: self.changed())

    def detach(self) -> None:
        """Stop following the walkthrough."""
        self._stop()
        self._stop = lambda: None
        super().detach()


def chooser(said: Narration) -> str:
    """Whose choice the step made, as the narration names it ("The rulebook's choice")."""
    played = said.played
    if played is None or not played.by_rulebook:
        return "Your choice"
    if said.mode == "your-turn" and not said.branch_steps:
        return "Your choice, the rulebook's too"
    return "The rulebook's choice"


def narration_view(said: Narration) -> dict[str, Any]:
    """The narration as presenter mode shows it (the board's ``narration`` trait).

    Plain text only, each field one whole line: ``title``, ``heading`` ("Step 2 of 3"),
    ``mode``, the step's ``text`` and its ``rule``, ``played`` (the choice made, or ""),
    ``look`` (what to look at, or ""), ``message`` (a difference from the rulebook, or "")
    and ``next``; ``roll`` (``label``, ``dice``, ``marks``, ``result``, ``odds``) when the
    step rolled dice, so the big dice beside the board are the step's own with their odds.
    """
    played = said.played
    view: dict[str, Any] = {
        "title": said.title, "heading": said.heading, "mode": MODE_LABELS[said.mode],
        "text": said.text, "rule": said.rule, "played": "", "look": "",
        "message": said.message, "next": said.next,
    }
    if played is not None and played.roll is not None:
        roll = played.roll
        view["roll"] = {"label": roll.label, "dice": list(roll.dice),
                        "marks": list(roll.marks) or None, "result": roll.result,
                        "odds": roll.odds_text}
    elif played is not None and played.option is not None:
        view["played"] = f"{chooser(said)}: {played.option.label}"
    if said.focus_names:
        view["look"] = f"Look at: {', '.join(said.focus_names)}"
    return view


__all__ = ["WalkthroughSession", "chooser", "narration_view"]
