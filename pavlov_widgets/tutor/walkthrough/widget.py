"""The walkthrough widget: the board with ◀ ▶, a step slider, the narration and a mode toggle.

:class:`WalkthroughWidget` draws a :class:`~pavlov_widgets.tutor.walkthrough.model.Walkthrough`
(the model: steps, modes, narration, odds) with ipywidgets around the project's
:class:`~pavlov_widgets.widget.Board`, shown as it is and driven through its public API only.
The model is the single source of truth: every control calls one of its methods, and every
change of the model (made here or in another cell, ``walk.next()``) redraws the widget.

The board is driven by a :class:`~pavlov_widgets.tutor.walkthrough.session.WalkthroughSession`:
it draws the game where the walkthrough stands, and a click on the board (a choice, the Roll
button, Undo) is the walkthrough's own step (``choose``, ``next``, ``back``), checked once
there. A choice that differs from the rulebook's changes nothing until the learner decides (go
on or go back). Choosing on the board while watching switches to "your turn".

What a step is about is ringed on the board (the session's focus, a calm blue ring) and named
in the narration too ("Look at: position R2, Pavlov"), for those who do not see the board. The
board draws only the panels the step needs where the whole board would not fit its place
(:attr:`Board.fit_focus <pavlov_widgets.widget.Board.fit_focus>`), and all three where it fits.

It fits the screen people learn on (issues 12 and 18): the title, the ◀ ▶ controls, the step
and the narration make a column beside the board when there is room (a 1366×768 laptop with
JupyterLab's file browser open has about 1000 px for the notebook), above it otherwise. The
board keeps to the height of the screen: it scrolls in its own box, and brings the places of
its focus into view there first, never scrolling the page so far that the narration and the
controls leave the screen. On a phone the walkthrough is as high as the screen, the controls
and the narration on top and the board's box below, so ▶ moves only the board.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from pavlov_widgets.tutor.access import Access, sr_only
from pavlov_widgets.tutor.display import with_text
from pavlov_widgets.tutor.walkthrough.model import (
    MODE_LABELS,
    MODES,
    Narration,
    Walkthrough,
    WalkthroughError,
)
from pavlov_widgets.tutor.walkthrough.session import WalkthroughSession, chooser
from pavlov_widgets.widget import Board

MODE_BUTTONS: tuple[tuple[str, str], ...] = tuple(
    (MODE_LABELS[m].capitalize(), m) for m in MODES
)
"""The mode toggle's buttons: (label, mode)."""

KEEP_IN_VIEW = "pb-keep-in-view"
"""The class the board's JavaScript reads (``screen.js``'s ``KEEP_CLASS``): when the board
scrolls the page to bring its focus into view, the top of this ancestor (the walkthrough's
title, ◀ ▶ and narration) stays on screen; the board's own box scrolls first."""

LAB_BARS = "150px"
"""The height of JupyterLab's bars (menu, tabs, toolbar, status bar) and a line of the cell:
the board's box is the screen less these, so it never runs off the notebook's area."""

PHONE = "700px"
"""Below this screen width the controls and narration go above the board (a phone)."""

STYLE = f"""<style>
.pavlov-walkthrough {{ display: flex; flex-flow: row wrap; align-items: flex-start;
  gap: 8px 16px; width: 100%; }}
.pavlov-walkthrough .pw-side {{ flex: 1 1 270px; min-width: 250px; max-width: 380px;
  font-size: 14px; line-height: 1.4; }}
.pavlov-walkthrough .pw-side p {{ margin: 0 0 6px; }}
.pavlov-walkthrough .pw-steps {{ align-items: center; gap: 4px; flex-wrap: wrap; }}
.pavlov-walkthrough .pw-steps .widget-button {{ font-size: 16px; }}
.pavlov-walkthrough .pw-side .widget-toggle-buttons .widget-toggle-button {{
  width: auto; padding: 0 8px; }}
.pavlov-walkthrough .pw-side .widget-html-content {{ line-height: 1.4; }}
.pavlov-walkthrough .pw-narration {{ border-left: 4px solid #2f6fd6; padding-left: 8px;
  margin: 4px 0; }}
.pavlov-walkthrough .pw-board {{ display: block; flex: 3 1 600px; min-width: 0;
  max-height: calc(100vh - 16px); overflow-x: hidden; overflow-y: auto;
  scrollbar-gutter: stable; overflow-anchor: none; }}
/* overflow-anchor: the board scrolls its focus into view; the browser's scroll anchoring
   would move it back when the board redraws above the anchor */
.jp-LabShell .pavlov-walkthrough .pw-board {{ max-height: calc(100vh - {LAB_BARS}); }}
.pavlov-walkthrough .pw-board > * {{ width: 100%; }}
.pavlov-walkthrough .pw-side .widget-button {{ width: auto; min-width: 44px; }}
.pavlov-walkthrough .pavlov-board .pb-undo, .pavlov-walkthrough .pavlov-board .pb-redo,
.pavlov-walkthrough .pavlov-board .pb-auto {{ display: none; }}
@media (min-width: 1600px) {{
  .pavlov-walkthrough .pw-side {{ font-size: 16px; max-width: 440px; }}
  .pavlov-walkthrough .pw-side .widget-html-content {{ font-size: 16px; }}
}}
@media (max-width: {PHONE}) {{
  .pavlov-walkthrough {{ flex-flow: column nowrap; align-items: stretch; gap: 4px;
    height: calc(100vh - 16px); height: calc(100dvh - 16px); }}
  .pavlov-walkthrough .pw-side {{ flex: 0 0 auto; max-width: none; min-width: 0; }}
  .pavlov-walkthrough .pw-side,
  .pavlov-walkthrough .pw-side .widget-html-content {{ font-size: 13px; line-height: 1.3; }}
  .pavlov-walkthrough .pw-side p {{ margin: 0 0 3px; }}
  .pavlov-walkthrough .pw-narration {{ max-height: 20vh; overflow-y: auto; margin: 0; }}
  .pavlov-walkthrough .pw-board,
  .jp-LabShell .pavlov-walkthrough .pw-board {{ flex: 1 1 0; min-height: 200px;
    max-height: none; }}
}}
</style>"""
"""The walkthrough's layout (scoped to its own class): a column of controls and narration
beside the board when there is room, above it otherwise; the board scrolls in its own box, as
high as the screen. The board's Undo, Redo and auto-roll rest (◀ and ▶ are the walkthrough's
own, and its dice are the example's), which leaves the board's bar short. On a phone the
walkthrough is as high as the screen: the controls and the narration (its own scroll when
long) on top, the board's box below taking the rest, so ▶ never scrolls them away."""


ACCESS: dict[str, Any] = {
    "names": {".pw-slider .noUi-handle": "Step of the walkthrough"},
    "live": {".pw-narration": ("status", "Walkthrough narration"),
             ".pw-status": ("alert", "Walkthrough message")},
    # ▶ disabled at the last step (or while a choice waits): "Go on with my choice" when it
    # shows, else ◀, else the slider; ◀ disabled at the first step: ▶
    "refuge": [".pw-go-on", ".pw-next", ".pw-back", ".pw-slider .noUi-handle"],
}
"""What :class:`~pavlov_widgets.tutor.access.Access` says of the walkthrough: the slider's name,
the narration (with "Step k of N" first) and a refusal announced, and where the focus goes
when the focused ◀ or ▶ is disabled (issue 19)."""


class WalkthroughWidget(widgets.Box):  # type: ignore[misc]
    """A rulebook example, step by step, on the board.

    The controls and the narration make a column (:attr:`side`) beside the board's box
    (:attr:`board_box`) when there is room, above it otherwise (see the module docstring).

    Args:
        walkthrough: the model to show, or a scenario's name (a new walkthrough).

    Attributes:
        walkthrough: the model (:class:`~pavlov_widgets.tutor.walkthrough.model.Walkthrough`).
        board: the board (:class:`pavlov_widgets.widget.Board`) showing the game.
        back_button, next_button: ◀ and ▶.
        slider: the step of the rulebook's line.
        modes: the mode toggle (watch, your turn, roll for real).
        narration: the narration of the step (HTML).
        go_on_button, go_back_button: shown when the learner's choice differs.
        new_dice_button: roll for real: the same position with the next seed.
        line_button: back to the rulebook's line.
        status: why the last request was refused ("" when it was carried out).
        side: the column of the title, controls and narration.
        board_box: the box the board scrolls in (as high as the screen).
    """

    def __init__(self, walkthrough: Walkthrough | str, **kwargs: Any) -> None:
        """Build the controls around a board and follow the walkthrough's changes."""
        model = walkthrough if isinstance(walkthrough, Walkthrough) else Walkthrough(walkthrough)
        self.walkthrough = model
        self.closed = False
        """Whether :meth:`close` was called (the walkthrough then makes a new widget)."""
        self._syncing = False
        self.title = widgets.HTML()
        self.back_button = widgets.Button(description="◀", tooltip="One step back",
                                          layout=widgets.Layout(width="44px"))
        self.next_button = widgets.Button(description="▶", tooltip="One step forward",
                                          layout=widgets.Layout(width="44px"))
        self.slider = widgets.IntSlider(value=model.index, min=0, max=len(model),
                                        continuous_update=False, readout=False,
                                        description_allow_html=False,
                                        layout=widgets.Layout(flex="1 1 90px", width="auto",
                                                              min_width="80px"))
        self.position = widgets.Label(layout=widgets.Layout(margin="0 0 0 6px"))
        self.modes = widgets.ToggleButtons(options=list(MODE_BUTTONS), value=model.mode,
                                           tooltips=["The rulebook's choices and dice",
                                                     "You choose; the rulebook's dice",
                                                     "The same position, fresh dice"],
                                           style={"button_width": "auto"})
        self.narration = widgets.HTML()
        self.narration.add_class("pw-narration")
        self.go_on_button = widgets.Button(description="Go on with my choice",
                                           button_style="warning")
        self.go_back_button = widgets.Button(description="Go back", button_style="info")
        self.new_dice_button = widgets.Button(description="New dice",
                                              tooltip="Roll for real again with the next seed")
        self.line_button = widgets.Button(description="Back to the rulebook",
                                          tooltip="Back to the rulebook's own line")
        self.status = widgets.HTML()
        self.board = Board(session=WalkthroughSession(model))
        self.board.fit_focus = True
        for part, name in ((self.back_button, "pw-back"), (self.next_button, "pw-next"),
                           (self.slider, "pw-slider"), (self.go_on_button, "pw-go-on"),
                           (self.status, "pw-status")):
            part.add_class(name)
        self.access = Access(".pavlov-walkthrough", **ACCESS)
        steps = widgets.HBox([self.back_button, self.slider, self.next_button, self.position])
        steps.add_class("pw-steps")
        self.side = widgets.VBox([
            widgets.HTML(STYLE),
            self.access,
            self.title,
            steps,
            self.narration,
            widgets.HBox([self.go_on_button, self.go_back_button, self.new_dice_button,
                          self.line_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.status,
            self.modes,
        ])
        self.side.add_class("pw-side")
        self.board_box = widgets.Box([self.board])
        self.board_box.add_class("pw-board")
        super().__init__(children=[self.side, self.board_box], **kwargs)
        self.add_class("pavlov-walkthrough")
        self.add_class(KEEP_IN_VIEW)
        self.back_button.on_click(lambda _b: self._act(model.back))
        self.next_button.on_click(lambda _b: self._act(model.next))
        self.go_on_button.on_click(lambda _b: self._act(model.go_on))
        self.go_back_button.on_click(lambda _b: self._act(model.go_back))
        self.new_dice_button.on_click(lambda _b: self._act(model.reseed))
        self.line_button.on_click(lambda _b: self._act(model.back_to_line))
        self.slider.observe(self._slider_moved, names="value")
        self.modes.observe(self._mode_picked, names="value")
        self._stop_model = model.on_change(lambda _w: self._sync())
        self._sync()

    # --- the model drives the view ----------------------------------------------------------

    def _sync(self) -> None:
        """Show the walkthrough as it is now (the board, the controls, the narration)."""
        model = self.walkthrough
        self._syncing = True
        try:
            said = model.narration()
            self.slider.value = model.index
            self.modes.value = model.mode
            self.title.value = (f"<b>{html.escape(said.title)}</b> "
                                f"<span style='color:#666'>({html.escape(said.section)})</span>")
            self.position.value = said.heading
            # the step first, for screen readers: the narration is the region they hear
            self.narration.value = sr_only(f"{html.escape(said.heading)}. ") + narration_html(said)
            self.back_button.disabled = not model.can_back
            blocked = model.why_not_next()
            self.next_button.disabled = blocked is not None
            self.next_button.tooltip = blocked or "One step forward"
            waiting = model.divergence is not None
            self.go_on_button.layout.display = "" if waiting else "none"
            self.go_back_button.layout.display = "" if waiting else "none"
            self.new_dice_button.layout.display = "" if model.mode == "roll" else "none"
            self.line_button.layout.display = "" if not model.on_line else "none"
        finally:
            self._syncing = False

    def _act(self, action: Callable[[], object]) -> None:
        """Run one request of the learner; a refusal is shown, and changes nothing."""
        try:
            action()
        except WalkthroughError as exc:
            self.status.value = f"<span style='color:#a33'>{html.escape(str(exc))}</span>"
            return
        self.status.value = ""

    def _slider_moved(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._act(lambda: self.walkthrough.go(int(change["new"])))

    def _mode_picked(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._act(lambda: self.walkthrough.set_mode(str(change["new"])))

    # --- display --------------------------------------------------------------------------

    def close(self) -> None:
        """Close the widget and its board, and stop following the walkthrough."""
        self.closed = True
        self._stop_model()
        self.board.close()
        super().close()

    def __repr__(self) -> str:
        """The walkthrough's stable text (``<Walkthrough sniper: step 3 of 3 (watch)>``)."""
        return repr(self.walkthrough)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, with its text and a static picture for pages without a kernel."""
        return with_text(super()._repr_mimebundle_(**kwargs), repr(self),
                         f"<div>{self.title.value}<p>{html.escape(self.position.value)}</p>"
                         f"{narration_html(self.walkthrough.narration())}</div>"
                         f"{self.board.static_html()}")


def narration_html(said: Narration) -> str:
    """The narration as HTML.

    The step's text and rule, its dice and odds, what to look at, a pending difference from
    the rulebook, and what comes next.
    """
    esc = html.escape
    parts = [f"<p>{esc(said.text)} <i>({esc(said.rule)})</i></p>"]
    played = said.played
    if played is not None and played.roll is not None:
        roll = played.roll
        dice = " ".join(
            f"<span style='display:inline-block;min-width:1.4em;text-align:center;"
            f"border:1px solid #555;border-radius:4px;margin-right:2px;"
            f"{'background:#f3d38a;' if hit else ''}'>{d}</span>"
            for d, hit in zip(roll.dice, roll.marks or (False,) * len(roll.dice), strict=True)
        )
        parts.append(f"<p>{esc(roll.label)}: {dice} → <b>{esc(roll.result)}</b> "
                      f"<span style='color:#555'>({esc(roll.odds_text)})</span></p>")
    elif played is not None and played.option is not None:
        parts.append(f"<p>{esc(chooser(said))}: <b>{esc(played.option.label)}</b></p>")
    if said.focus_names:
        parts.append(f"<p>Look at: {esc(', '.join(said.focus_names))}</p>")
    if said.message:
        parts.append(f"<p style='border-left:3px solid #c80;padding-left:6px'>"
                     f"{esc(said.message)}</p>")
    parts.append(f"<p style='color:#444'>{esc(said.next)}</p>")
    return "".join(parts)


__all__ = ["KEEP_IN_VIEW", "MODE_BUTTONS", "WalkthroughWidget", "narration_html"]
