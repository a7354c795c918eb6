"""Charts for the what-if lab, drawn with ipycanvas (issue 13).

* :class:`OddsChart` — the exact odds of a roll or of a whole card as bars: each result with
  its bar, its exact fraction and its percentage, under a title saying what it answers.
  Takes :func:`pavlov_widgets.tutor.lab.model.odds` (the next roll, 3.0 dice), a card's odds
  (anything with ``.outcomes``) or any list of ``(label, probability)``.
* :class:`ComparisonChart` — a comparison of options filling in live: per option the share
  of games won, drawn and lost with the win rate's 95% interval, and the spread of final
  scores coloured by the result they give (6.0 Ending the Game), with a progress bar and a
  Stop button. ``ComparisonChart().run(game, games=1000)`` plays
  :func:`pavlov_widgets.tutor.lab.compare.compare` in a background thread, so the notebook stays
  free to press Stop; ``chart.result`` keeps the result table for Python. Where threads
  cannot start (the browser's Python, issue 22) it is an asyncio task that plays a block of
  games at a time (:func:`~pavlov_widgets.tutor.lab.compare.compare_steps`) and hands the
  loop back between blocks, so the chart still fills in and Stop still works.

Without ipycanvas (the browser's Python offline: its numpy and pillow come only from
Pyodide's own package index, issue 22) this module still imports — ipycanvas is imported
where a chart is drawn (:func:`ipycanvas_or_none`) — and both charts show the same numbers
as a table under one sentence saying why there is no chart (:data:`NO_CHART`).

Crisp on high-density screens: ipycanvas knows no device pixel ratio, so every canvas has
:data:`SCALE` backing pixels per CSS pixel and is laid out at its CSS width (and shrinks to a
narrower screen, keeping its shape). All the geometry is computed by pure functions
(:func:`nice_ticks`, :func:`fit_label`, :func:`odds_layout`, :func:`comparison_layout`, ...)
that the tests check without a browser; the drawing only follows them.
"""

from __future__ import annotations

import asyncio
import html
import importlib
import math
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from pavlov_widgets.engine import PavlovError
from pavlov_widgets.sim.simulate import in_browser
from pavlov_widgets.tutor.display import with_text
from pavlov_widgets.tutor.walkthrough.steps import percent

if TYPE_CHECKING:
    from ipycanvas import Canvas

SCALE = 2
"""Backing pixels per CSS pixel: sharp on screens of device pixel ratio 2 (ipycanvas has none)."""

DEFAULT_WIDTH = 400
"""CSS width of a chart: beside the board at 1366×768, and (almost) a phone's full width."""

FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
PAD = 12
TITLE_PX = 15
TEXT_PX = 13
SMALL_PX = 11

INK = "#1f2328"
MUTED = "#57606a"
GRID = "#d8dee4"
BACKGROUND = "#ffffff"
BAR = "#3f6e9e"
WIN = "#1a7f4b"
DRAW = "#9aa3ad"
LOSS = "#c2410c"
RESULT_COLOURS = {"win": WIN, "draw": DRAW, "loss": LOSS}
"""Colours of the three results, the same in bars, histograms and the legend."""

RESULT_DEFINITIONS = (
    ("win", "win: final score 1 or more"),
    ("draw", "draw: final score −9 to 0"),
    ("loss", "loss: −10 or less, or an immediate loss"),
)
"""What each result means, in our words (6.0 Ending the Game)."""

REDRAWS_PER_SECOND = 4
"""At most this many redraws of a live chart per second (progress comes faster)."""

TASK_BLOCK_S = 0.1
"""How long the asyncio task of a comparison plays games before it pauses (issue 22)."""
TASK_PAUSE_S = 0.004
"""The pause between the task's blocks, in seconds. Not ``sleep(0)``: Pyodide runs a zero
delay through a MessageChannel, which a web worker serves before the page's own messages, so
the kernel never heard Stop (the Lite site played all 2,000 games). Above 2 ms it is a timer,
and the page's messages come in first."""

_DRAW_LOCK = threading.Lock()
"""ipycanvas batches drawing in one process-wide manager: one chart draws at a time."""


class ChartError(PavlovError, ValueError):
    """Data a chart cannot draw, or a request it cannot carry out now (nothing changes)."""


NO_CHART = ("There is no chart here because this Python cannot load ipycanvas (the browser's "
            "Python has no numpy or pillow offline), so the same numbers are shown as a table.")
"""The one sentence a chart shows above its table where ipycanvas cannot load (issue 22)."""


def ipycanvas_or_none() -> ModuleType | None:
    """The ipycanvas module if this Python can load it, else None (charts then show tables).

    Imported here, where a chart is made, and not at the top: ipycanvas imports numpy and
    pillow, which the browser's Python has only from Pyodide's own package index; offline
    the whole tutor failed to import for lack of them (issue 22).
    """
    try:
        return importlib.import_module("ipycanvas")
    except ImportError:
        return None


def _surface(*classes: str) -> tuple[Canvas | None, widgets.HTML | None]:
    """A chart's drawing surface: an ipycanvas Canvas, or (without ipycanvas) an HTML table.

    Exactly one of the two is not None; it carries the chart's CSS ``classes``.
    """
    module = ipycanvas_or_none()
    if module is not None:
        canvas: Canvas = module.Canvas(width=1, height=1)
        for name in classes:
            canvas.add_class(name)
        return canvas, None
    table = widgets.HTML()
    table._view_count = 0  # the page counts its views: a comparison may wait to be shown
    for name in ("pavlov-chart-table", *classes):
        table.add_class(name)
    return None, table


def _no_chart_html(table: str) -> str:
    """The table of a chart drawn without ipycanvas, under the sentence saying why."""
    return (f"<p class='pavlov-no-chart' style='font-size:13px;color:{MUTED};margin:0 0 4px'>"
            f"{html.escape(NO_CHART)}</p>{table}")


# --- measuring text --------------------------------------------------------------------------

_NARROW = set("ijlI.,:;'!|()[]{} ·-ft")
_WIDE = set("mwMW%@—")


def text_width(text: str, px: float, bold: bool = False) -> float:
    """An upper estimate of the CSS width of ``text`` in the chart's sans-serif font.

    Python cannot measure text in the browser, so the width is estimated per character,
    generously (real fonts come out narrower), and the drawing also passes the width as the
    canvas's ``maxWidth``: a label never runs over its column.
    """
    total = 0.0
    for ch in text:
        if ch in _NARROW:
            total += 0.34
        elif ch in _WIDE:
            total += 0.9
        elif ch.isupper() or ch.isdigit():
            total += 0.66 if ch.isupper() else 0.58
        else:
            total += 0.56
    return total * px * (1.08 if bold else 1.0)


def fit_label(text: str, max_width: float, px: float, bold: bool = False) -> str:
    """``text`` cut with "…" so that it fits ``max_width`` CSS pixels (whole if it fits)."""
    if text_width(text, px, bold) <= max_width:
        return text
    for end in range(len(text) - 1, 0, -1):
        short = text[:end].rstrip() + "…"
        if text_width(short, px, bold) <= max_width:
            return short
    return "…"


def wrap_text(text: str, max_width: float, px: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines of at most ``max_width`` CSS pixels, at spaces.

    A single word wider than the line is cut with "…" (:func:`fit_label`).
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, px, bold) <= max_width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return [fit_label(one, max_width, px, bold) for one in lines] or [""]


# --- axes --------------------------------------------------------------------------------------


def nice_ticks(low: float, high: float, max_ticks: int = 6, integer: bool = False) -> list[float]:
    """Round tick values covering ``low``..``high``: steps of 1, 2, 2.5 or 5 times a power of 10.

    The first tick is at or below ``low``, the last at or above ``high``, and there are at
    most ``max_ticks`` of them. ``integer`` keeps steps whole (scores).

    Raises:
        ChartError: ``high`` is below ``low``, or fewer than two ticks are asked for.
    """
    if high < low:
        raise ChartError(f"an axis from {low} to {high}: the high end is below the low end")
    if max_ticks < 2:
        raise ChartError(f"an axis needs at least 2 ticks, not {max_ticks}")
    if high == low:
        low, high = (low - 1, high + 1) if integer or low != 0 else (0.0, 1.0)
    raw = (high - low) / (max_ticks - 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    multipliers = (1, 2, 5, 10, 20) if integer else (1, 2, 2.5, 5, 10, 20)
    best: tuple[float, int, float, float] | None = None
    for multiplier in multipliers:
        step = multiplier * magnitude
        if integer:
            step = max(1, round(step))
        first = math.floor(low / step + 1e-9) * step
        last = math.ceil(high / step - 1e-9) * step
        count = round((last - first) / step) + 1
        # the tightest cover of the range wins; then the one with more ticks
        if count <= max_ticks and (best is None or (last - first, -count) < best[:2]):
            best = (last - first, -count, first, step)
    assert best is not None  # a step of 20 × magnitude always fits
    _span, negative_count, first, step = best
    return [round(first + i * step, 10) for i in range(-negative_count)]


def percent_ticks(top: float) -> list[float]:
    """Ticks for a probability axis from 0 to at least ``top`` (at most 1): 0, 0.1, 0.2, ..."""
    ticks = nice_ticks(0.0, min(1.0, max(top, 0.01)), max_ticks=5)
    return [t for t in ticks if t <= 1.0 + 1e-9]


def tick_label(value: float) -> str:
    """A probability tick as a percentage: ``0%``, ``25%``, ``2.5%``."""
    pct = value * 100
    return f"{pct:.0f}%" if abs(pct - round(pct)) < 1e-6 else f"{pct:.1f}%"


# --- odds: data -------------------------------------------------------------------------------


@dataclass(frozen=True)
class OddsData:
    """What an odds chart shows: its question, a line of context, and its rows."""

    name: str
    question: str
    subtitle: str
    rows: tuple[tuple[str, Fraction | float], ...]


def odds_data(odds: Any, question: str | None = None, top: int = 12) -> OddsData:
    """The rows and title of anything an :class:`OddsChart` draws.

    Accepts :class:`pavlov_widgets.tutor.lab.model.Odds` (the next roll: ``.label``, ``.rule``,
    ``.dice``, ``.rows``), a card's odds (``.outcomes``: ``(description, probability)``) or
    any sequence of ``(label, probability)``; probabilities are Fractions (exact) or floats.
    More than ``top`` rows: the first ``top - 1`` and one row for all the others together.

    Raises:
        ChartError: no rows, a row that is not a pair, a label that is not text or a
            probability outside 0..1, or ``top`` under 2.
    """
    name, subtitle = "", ""
    if hasattr(odds, "rows") and hasattr(odds, "label"):  # the next roll (lab.odds)
        rows_in: Any = odds.rows
        name = str(odds.label)
        dice = getattr(odds, "dice", None)
        rule = getattr(odds, "rule", "")
        counted = f"{dice} {'die' if dice == 1 else 'dice'}" if dice else ""
        subtitle = " · ".join(part for part in (counted, str(rule)) if part)
        default = f"{name}: how likely is each result?"
    elif hasattr(odds, "outcomes"):  # a whole card (card_odds)
        rows_in = odds.outcomes
        name = str(getattr(odds, "name", "") or getattr(odds, "label", "") or "the card")
        asked = getattr(odds, "question", "")
        default = asked if isinstance(asked, str) and asked else (
            f"What will {name} do? Chance of each outcome")
        policy = getattr(odds, "policy", "")
        subtitle = (f"Exact over every roll; decisions: {policy}" if policy else
                    str(getattr(odds, "rule", "") or ""))
    else:
        rows_in = odds
        default = "How likely is each outcome?"
    if isinstance(rows_in, (str, bytes)) or not isinstance(rows_in, Iterable):
        raise ChartError(
            f"an odds chart needs (label, probability) rows, not {type(rows_in).__name__}"
        )
    rows: list[tuple[str, Fraction | float]] = []
    for i, row in enumerate(rows_in):
        if not isinstance(row, Sequence) or isinstance(row, str) or len(row) != 2:
            raise ChartError(f"row {i + 1} of the odds is {row!r}: expected (label, probability)")
        label, p = row
        if not isinstance(label, str):
            raise ChartError(f"row {i + 1}: the label {label!r} is not text")
        if isinstance(p, bool) or not isinstance(p, (Fraction, int, float)):
            raise ChartError(f"row {i + 1} ({label}): the probability {p!r} is not a number")
        if not 0 <= p <= 1:
            raise ChartError(f"row {i + 1} ({label}): the probability {p} is not between 0 and 1")
        rows.append((label, Fraction(p) if isinstance(p, int) else p))
    if not rows:
        raise ChartError("an odds chart needs at least one (label, probability) row")
    if top < 2:
        raise ChartError(f"top must be at least 2 rows, not {top}")
    if len(rows) > top:  # a Ju 87 raid ends in thousands of ways: the likeliest, then the rest
        rest = rows[top - 1:]
        total = sum((p for _, p in rest), Fraction(0)) if all(
            isinstance(p, Fraction) for _, p in rest) else sum(float(p) for _, p in rest)
        rows = [*rows[:top - 1], (f"{len(rest)} other outcomes together", total)]
    return OddsData(name or (question or default), question or default, subtitle, tuple(rows))


def value_text(p: Fraction | float) -> str:
    """A probability as the chart writes it: exact and in percent (``1/3 · 33%``)."""
    if isinstance(p, Fraction):
        return f"{p} · {percent(p)}"
    return percent(Fraction(p).limit_denominator(10**6))


# --- odds: layout -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Text:
    """One line of text to draw: where (CSS px, left or right edge and middle), how big."""

    text: str
    x: float
    y: float
    px: float
    max_width: float
    bold: bool = False
    colour: str = INK
    align: str = "left"


@dataclass(frozen=True)
class BarGeometry:
    """One bar: its box (CSS px) with the label and the value written beside it."""

    x: float
    y: float
    w: float
    h: float
    label: Text
    value: Text


@dataclass(frozen=True)
class OddsLayout:
    """Where everything of an odds chart goes, for a chart ``width`` CSS pixels wide."""

    width: float
    height: float
    texts: tuple[Text, ...]
    bars: tuple[BarGeometry, ...]
    axis_x: float
    axis_w: float
    axis_top: float
    axis_bottom: float
    ticks: tuple[tuple[float, Text], ...]
    stacked: bool


def odds_layout(data: OddsData, width: float = DEFAULT_WIDTH) -> OddsLayout:
    """The geometry of an odds chart ``width`` CSS pixels wide.

    Labels stand left of their bars when they fit in 40% of the width; otherwise (a phone, a
    long card outcome) each label gets a line of its own above its bar. Bars share one axis
    from 0 to a round percentage above the largest probability.

    Raises:
        ChartError: a width too narrow for any chart (under 200 CSS px).
    """
    if width < 200:
        raise ChartError(f"a chart {width} CSS px wide is too narrow to read (at least 200)")
    inner = width - 2 * PAD
    texts: list[Text] = []
    y: float = PAD
    for line in wrap_text(data.question, inner, TITLE_PX, bold=True):
        texts.append(Text(line, PAD, y + 10, TITLE_PX, inner, bold=True))
        y += 20
    if data.subtitle:
        for line in wrap_text(data.subtitle, inner, SMALL_PX + 1):
            texts.append(Text(line, PAD, y + 8, SMALL_PX + 1, inner, colour=MUTED))
            y += 16
    y += 8
    values = [value_text(p) for _, p in data.rows]
    value_w = max(text_width(v, TEXT_PX) for v in values) + 6
    label_w = max(text_width(label, TEXT_PX) for label, _ in data.rows)
    stacked = label_w > 0.4 * inner or inner - label_w - value_w - 16 < 80
    label_col = 0.0 if stacked else label_w + 10
    axis_x = PAD + label_col
    axis_w = inner - label_col - value_w - 6
    top = max(float(p) for _, p in data.rows)
    tick_values = percent_ticks(top)
    axis_max = tick_values[-1] or 1.0
    bars: list[BarGeometry] = []
    axis_top = y
    bar_h = 16.0
    for (label, p), shown in zip(data.rows, values, strict=True):
        if stacked:  # up to two lines of label above the bar
            lines = wrap_text(label, inner, TEXT_PX)
            if len(lines) > 2:
                lines = [lines[0], fit_label(" ".join(lines[1:]), inner, TEXT_PX)]
            for extra in lines[:-1]:
                texts.append(Text(extra, PAD, y + 8, TEXT_PX, inner))
                y += 17
            label_text = Text(lines[-1], PAD, y + 8, TEXT_PX, inner)
            y += 18
        row_mid = y + 13
        if not stacked:
            label_text = Text(fit_label(label, label_w + 4, TEXT_PX), PAD, row_mid, TEXT_PX,
                              label_w + 4)
        bar_len = axis_w * float(p) / axis_max
        value = Text(shown, axis_x + bar_len + 6, row_mid, TEXT_PX, value_w, colour=INK)
        bars.append(BarGeometry(axis_x, row_mid - bar_h / 2, bar_len, bar_h, label_text, value))
        y += 26 + (6 if stacked else 0)
    axis_bottom = y
    ticks = tuple(
        (axis_x + axis_w * t / axis_max,
         Text(tick_label(t), axis_x + axis_w * t / axis_max, y + 9, SMALL_PX, 40,
              colour=MUTED, align="center"))
        for t in tick_values
    )
    height = y + 18 + PAD - 4
    return OddsLayout(width, math.ceil(height), tuple(texts), tuple(bars), axis_x, axis_w,
                      axis_top, axis_bottom, ticks, stacked)


# --- drawing -----------------------------------------------------------------------------------


def _font(px: float, bold: bool = False) -> str:
    return f"{'bold ' if bold else ''}{px:g}px {FONT_FAMILY}"


def _size_canvas(canvas: Canvas, width: float, height: float) -> None:
    """Give the canvas SCALE× backing pixels and lay it out at its CSS size (shrinks to fit)."""
    w, h = math.ceil(width * SCALE), math.ceil(height * SCALE)
    if canvas.width != w:
        canvas.width = w
    if canvas.height != h:
        canvas.height = h
    canvas.layout.width = "100%"
    canvas.layout.max_width = f"{math.ceil(width)}px"
    canvas.layout.height = "auto"


def _begin(canvas: Canvas, width: float, height: float) -> None:
    """Clear the canvas to white and draw in CSS pixels from here on."""
    canvas.reset_transform()
    canvas.clear()
    canvas.scale(SCALE, SCALE)
    canvas.fill_style = BACKGROUND
    canvas.fill_rect(0, 0, width, height)


def _text(canvas: Canvas, t: Text) -> None:
    canvas.font = _font(t.px, t.bold)
    canvas.fill_style = t.colour
    canvas.text_align = t.align
    canvas.text_baseline = "middle"
    canvas.fill_text(t.text, t.x, t.y, max(1.0, t.max_width))


def _grounded_text(canvas: Canvas, t: Text) -> None:
    """A text on a white ground as wide as its ink: no grid line runs through its letters."""
    width = min(t.max_width, text_width(t.text, t.px, t.bold))
    left = {"right": t.x - width, "center": t.x - width / 2}.get(t.align, t.x)
    canvas.fill_style = BACKGROUND
    canvas.fill_rect(left - 3, t.y - t.px * 0.7, width + 6, t.px * 1.4)
    _text(canvas, t)


def draw_odds(canvas: Canvas, layout: OddsLayout) -> None:
    """Draw an odds chart on ``canvas`` following ``layout`` (sizes the canvas too).

    The grid goes first and every text after it on its own white ground: a grid line that
    crossed a label made "(1083rd" read "(1033rd".
    """
    _size_canvas(canvas, layout.width, layout.height)
    _begin(canvas, layout.width, layout.height)
    canvas.stroke_style = GRID
    canvas.line_width = 1
    for x, _label in layout.ticks:
        canvas.stroke_line(round(x) + 0.5, layout.axis_top, round(x) + 0.5, layout.axis_bottom)
    canvas.fill_style = BAR
    for bar in layout.bars:
        if bar.w > 0:
            canvas.fill_rect(bar.x, bar.y, max(bar.w, 1.5), bar.h)
    for t in layout.texts:
        _grounded_text(canvas, t)
    for bar in layout.bars:
        _grounded_text(canvas, bar.label)
        _grounded_text(canvas, bar.value)
    for _x, label in layout.ticks:
        _text(canvas, label)


def _redraw_for_every_page(canvas: Canvas, draw: Callable[[], None]) -> None:
    """Draw again whenever a page starts showing ``canvas``.

    A canvas keeps no drawing: a page that opens later (Voila, a reload, a second view) gets
    it empty. ipycanvas says when a page is ready for drawing (``on_client_ready``); as a
    second path, the page also counts its views (``_view_count``), so a drawing sent before
    the page could take it is sent again when a view appears.
    """
    canvas.on_client_ready(draw)
    canvas._view_count = 0

    def view_added(change: dict[str, Any]) -> None:
        if (change["new"] or 0) > (change["old"] or 0):
            draw()

    canvas.observe(view_added, names="_view_count")


def _draw_safely(canvas: Canvas, draw: Callable[[], None]) -> None:
    """Run one drawing as a single batch of canvas commands (one chart at a time).

    Every batch names its canvas first. ipycanvas sends "switch to this canvas" only when the
    canvas changes since its last command, and a drawing made before the page could take it
    (Voila runs every cell first) still counts as sent: the redraw for the page then went
    without it, the page did not know which canvas to draw on ("Cannot read properties of
    undefined (reading 'executeCommand')") and every chart of a Voila page stayed blank.
    """
    module = ipycanvas_or_none()
    assert module is not None  # a Canvas was made, so ipycanvas loaded
    with _DRAW_LOCK, module.hold_canvas():
        canvas._canvas_manager._current_canvas = None  # see above
        draw()


# --- the odds chart ----------------------------------------------------------------------------


class OddsChart(widgets.VBox):  # type: ignore[misc]
    """Bars of exact odds: each result with its bar, fraction and percentage (3.0 dice).

    Args:
        odds: :func:`pavlov_widgets.tutor.lab.model.odds` of a game (the next roll), a card's odds
            (with ``.outcomes``), or a list of ``(label, probability)``.
        question: the title (what the chart answers); a default is made from ``odds``.
        width: the chart's CSS width; it shrinks to a narrower screen.
        top: the most rows drawn; the rest share one row ("2265 other outcomes together").

    A card's odds draw its whole outcomes (they add up to 1); its ``facts`` (each thing the
    card may do, several at once) draw as ``OddsChart(odds.facts, question=...)``.

    ``canvas`` is the ipycanvas Canvas drawn on; where ipycanvas cannot load it is None and
    ``table`` (an HTML widget) shows the same rows under :data:`NO_CHART`.

    Raises:
        ChartError: rows the chart cannot draw (empty, not pairs, not probabilities).

    Example:
        >>> from pavlov_widgets.tutor.content import get_scenario
        >>> from pavlov_widgets.tutor.lab.model import odds
        >>> OddsChart(odds(get_scenario("sniper").build()))
        <OddsChart: Sniper: colour roll, 3 results>
    """

    def __init__(self, odds: Any, *, question: str | None = None,
                 width: float = DEFAULT_WIDTH, top: int = 12) -> None:
        self.data = odds_data(odds, question, top)
        self.layout_ = odds_layout(self.data, width)
        # no tooltip on the canvas: ipycanvas 0.14's view then fails to render in the browser
        self.canvas, self.table = _surface("pavlov-chart", "pavlov-odds-chart")
        if self.canvas is not None:
            # a page that opens later (Voila, a reload) gets an empty canvas: draw again for it
            _redraw_for_every_page(self.canvas, self.draw)
        super().__init__([self.canvas or self.table])
        self.draw()

    @property
    def rows(self) -> tuple[tuple[str, Fraction | float], ...]:
        """The rows drawn: ``(label, probability)``."""
        return self.data.rows

    def draw(self) -> None:
        """Draw the chart (again); without ipycanvas, write its table."""
        canvas = self.canvas
        if canvas is None:
            assert self.table is not None
            self.table.value = _no_chart_html(self._repr_html_())
            return
        _draw_safely(canvas, lambda: draw_odds(canvas, self.layout_))

    def text(self) -> str:
        """The chart as text: the question, then each row with its exact odds."""
        width = max(len(label) for label, _ in self.rows)
        lines = [self.data.question] + ([self.data.subtitle] if self.data.subtitle else [])
        lines += [f"  {label:<{width}}  {value_text(p)}" for label, p in self.rows]
        return "\n".join(lines)

    def __repr__(self) -> str:
        """Stable text: ``<OddsChart: Sniper: colour roll, 3 results>``."""
        n = len(self.rows)
        return f"<OddsChart: {self.data.name}, {n} result{'' if n == 1 else 's'}>"

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><td>{html.escape(label)}</td><td>{html.escape(value_text(p))}</td></tr>"
            for label, p in self.rows
        )
        return (f"<p><b>{html.escape(self.data.question)}</b> "
                f"{html.escape(self.data.subtitle)}</p><table>{body}</table>")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live chart, with its stable text and a table for pages without widgets."""
        return with_text(super()._repr_mimebundle_(**kwargs), repr(self), self._repr_html_())


# --- comparison: reading a result ---------------------------------------------------------------


def row_label(row: Any) -> str:
    """The option's label of a comparison row (``label``, else ``option``)."""
    for name in ("label", "option_label", "option"):
        value = getattr(row, name, None)
        if isinstance(value, str) and value:
            return value
    return "?"


def result_band(score: int) -> str:
    """The result a final score gives at the end of the game (6.0 Ending the Game).

    An immediate loss (6.0) ends the game lost whatever its score; the histogram colours
    such a game's score by this band all the same.
    """
    if score >= 1:
        return "win"
    return "draw" if score >= -9 else "loss"


def score_bins(low: int, high: int, max_bins: int = 24) -> list[tuple[int, int]]:
    """Bins ``(first, last)`` of whole scores covering ``low``..``high``.

    Bin widths are 1, 2, 5 or 10, and bins start at 1 + k·width, so no bin straddles the
    edges between the results at 1 and −9 (6.0 Ending the Game): each bin has one colour.
    Scores spread over more than ``max_bins`` tens get more bins, 10 wide.

    Raises:
        ChartError: ``high`` below ``low``.
    """
    if high < low:
        raise ChartError(f"scores from {low} to {high}: the high end is below the low end")
    span = high - low + 1
    # a width that divides 10 keeps both edges (1 and −9) on bin starts
    width = next((w for w in (1, 2, 5) if math.ceil(span / w) + 1 <= max_bins), 10)
    start = 1 + math.floor((low - 1) / width) * width
    bins = []
    while start <= high:
        bins.append((start, start + width - 1))
        start += width
    return bins


@dataclass(frozen=True)
class OptionView:
    """One option of a comparison as the chart shows it (shares of its games)."""

    label: str
    games: int
    win: float
    draw: float
    loss: float
    interval: tuple[float, float]
    mean_score: float
    score_counts: Mapping[int, int]


def option_views(result: Any) -> list[OptionView]:
    """The rows of a comparison result (``ComparisonResult`` of tutor/lab/compare.py) as shares."""
    views = []
    for row in getattr(result, "rows", ()):
        games = int(row.games)

        def share(n: int, games: int = games) -> float:
            return n / games if games else 0.0

        interval = tuple(getattr(row, "win_rate_interval", None) or (0.0, 0.0))
        label = row_label(row)
        same = len(getattr(row, "same_as", ()) or ())
        if same:  # options leading to the same position share a row (tutor/lab/compare.py)
            label += f" (and {same} the same)"
        views.append(OptionView(
            label, games, share(row.wins), share(row.draws), share(row.losses),
            (float(interval[0]), float(interval[1])), float(getattr(row, "mean_score", 0.0)),
            {int(k): int(v) for k, v in dict(getattr(row, "score_counts", {}) or {}).items()},
        ))
    return views


# --- comparison: layout -------------------------------------------------------------------------


@dataclass(frozen=True)
class HistogramBar:
    """One bin of a score histogram: its box and its result's colour."""

    x: float
    y: float
    w: float
    h: float
    colour: str


@dataclass(frozen=True)
class OptionBlock:
    """Where one option goes: label, the win/draw/loss bar, whisker, histogram and its axis."""

    label: Text
    games: Text
    bar_x: float
    bar_y: float
    bar_w: float
    bar_h: float
    segments: tuple[tuple[float, float, str], ...]
    whisker: tuple[float, float, float] | None
    summary: tuple[Text, ...]
    hist_x: float
    hist_top: float
    hist_bottom: float
    hist_bars: tuple[HistogramBar, ...]
    hist_ticks: tuple[tuple[float, Text], ...]
    hist_caption: Text


@dataclass(frozen=True)
class ComparisonLayout:
    """Where everything of a comparison chart goes, for a chart ``width`` CSS pixels wide."""

    width: float
    height: float
    texts: tuple[Text, ...]
    legend: tuple[tuple[float, float, str, Text], ...]
    blocks: tuple[OptionBlock, ...]
    percent_ticks: tuple[float, ...]


def comparison_layout(views: Sequence[OptionView], question: str,
                      width: float = DEFAULT_WIDTH, note: str = "") -> ComparisonLayout:
    """The geometry of a comparison chart ``width`` CSS pixels wide.

    Each option gets: its label and number of games; one bar split into the shares of games
    won, drawn and lost, with a whisker over the win share's 95% interval; a line saying the
    three shares; and a small histogram of final scores on an axis shared by all options
    (so their spreads compare), each bin coloured by the result its scores give.

    Raises:
        ChartError: a width under 200 CSS px.
    """
    if width < 200:
        raise ChartError(f"a chart {width} CSS px wide is too narrow to read (at least 200)")
    inner = width - 2 * PAD
    texts: list[Text] = []
    y: float = PAD
    for line in wrap_text(question, inner, TITLE_PX, bold=True):
        texts.append(Text(line, PAD, y + 10, TITLE_PX, inner, bold=True))
        y += 20
    if note:
        for line in wrap_text(note, inner, SMALL_PX + 1):
            texts.append(Text(line, PAD, y + 8, SMALL_PX + 1, inner, colour=MUTED))
            y += 16
    y += 4
    legend = []
    for key, words in RESULT_DEFINITIONS:
        legend.append((PAD, y + 2, RESULT_COLOURS[key],
                       Text(fit_label(words, inner - 18, SMALL_PX + 1), PAD + 18, y + 8,
                            SMALL_PX + 1, inner - 18, colour=INK)))
        y += 17
    y += 8
    scores = [s for v in views for s, n in v.score_counts.items() if n > 0]
    bins = score_bins(min(scores), max(scores)) if scores else []
    low = bins[0][0] if bins else 0
    high = bins[-1][1] + 1 if bins else 1
    # ticks inside the scores' range only: the axis is not stretched to round ends
    ticks = [t for t in nice_ticks(low, high - 1, max_ticks=max(3, min(7, int(inner // 48))),
                                   integer=True) if low <= t <= high - 1]
    most = max(
        (sum(n for s, n in v.score_counts.items() if a <= s <= b) / v.games
         for v in views if v.games for a, b in bins),
        default=0.0,
    )
    blocks = []
    for v in views:
        games_text = f"{v.games:,} games"
        games_w = text_width(games_text, SMALL_PX + 1) + 4
        room = inner - games_w - 8
        games = Text(games_text, PAD + inner, y + 9, SMALL_PX + 1, games_w, colour=MUTED,
                     align="right")
        lines = wrap_text(v.label, room, TEXT_PX, bold=True)  # two lines at most
        if len(lines) > 2:
            lines = [lines[0], fit_label(" ".join(lines[1:]), room, TEXT_PX, bold=True)]
        for extra in lines[:-1]:
            texts.append(Text(extra, PAD, y + 9, TEXT_PX, room, bold=True))
            y += 18
        label = Text(lines[-1], PAD, y + 9, TEXT_PX, room, bold=True)
        y += 20
        bar_y, bar_h = y, 18.0
        segments = []
        x = float(PAD)
        for key, share in (("win", v.win), ("draw", v.draw), ("loss", v.loss)):
            segments.append((x, inner * share, RESULT_COLOURS[key]))
            x += inner * share
        whisker = None
        if v.games:
            lo, hi = v.interval
            whisker = (PAD + inner * max(0.0, lo), PAD + inner * min(1.0, hi), bar_y + bar_h / 2)
        y += bar_h + 4
        if v.games:
            words = (f"win {percent_of(v.win)} (95%: {percent_of(v.interval[0])}–"
                     f"{percent_of(v.interval[1])}) · draw {percent_of(v.draw)} · "
                     f"loss {percent_of(v.loss)}")
        else:
            words = "no games finished yet"
        summary = []
        for line in wrap_text(words, inner, TEXT_PX - 1):
            summary.append(Text(line, PAD, y + 8, TEXT_PX - 1, inner))
            y += 17
        y += 4
        hist_top, hist_h = y, 40.0
        span = max(1, high - low)
        hist_bars = []
        for a, b in bins:
            count = sum(n for s, n in v.score_counts.items() if a <= s <= b)
            if not count or not v.games or most <= 0:
                continue
            h = hist_h * (count / v.games) / most
            x0 = PAD + inner * (a - low) / span
            w = inner * (b + 1 - a) / span
            hist_bars.append(HistogramBar(x0 + 0.5, hist_top + hist_h - h, max(1.0, w - 1), h,
                                          RESULT_COLOURS[result_band(a)]))
        hist_bottom = hist_top + hist_h
        hist_ticks = tuple(
            (PAD + inner * (t + 0.5 - low) / span,
             Text(f"{t:g}".replace("-", "−"), PAD + inner * (t + 0.5 - low) / span,
                  hist_bottom + 9, SMALL_PX, 36, colour=MUTED, align="center"))
            for t in ticks
        ) if bins else ()
        y = hist_bottom + 18
        caption_words = (f"final scores (mean {v.mean_score:.1f})".replace("-", "−")
                         if v.games else "final scores")
        caption = Text(caption_words, PAD, y + 7, SMALL_PX, inner, colour=MUTED)
        y += 14 + 14
        blocks.append(OptionBlock(label, games, PAD, bar_y, inner, bar_h, tuple(segments),
                                  whisker, tuple(summary), PAD, hist_top, hist_bottom,
                                  tuple(hist_bars), hist_ticks, caption))
    if not views:
        texts.append(Text("Waiting for the first games…", PAD, y + 8, TEXT_PX, inner,
                          colour=MUTED))
        y += 24
    height = y + PAD - 10
    return ComparisonLayout(width, math.ceil(height), tuple(texts), tuple(legend),
                            tuple(blocks), (0.25, 0.5, 0.75))


def percent_of(share: float) -> str:
    """A share of games as a whole percentage (``42%``); never 0% or 100% unless exact."""
    pct = share * 100
    if 0 < share < 0.005:
        return "<1%"
    if 0.995 <= share < 1:
        return ">99%"
    return f"{pct:.0f}%"


def comparison_table(views: Sequence[OptionView], question: str, note: str) -> str:
    """A comparison as an HTML table: the chart's numbers where it cannot be drawn.

    The question, one row per option (games, won with its 95% interval, drawn, lost, mean
    final score), the note on how the games were played, and what each result means (6.0).
    """
    head = "".join(f"<th style='text-align:{align};padding:2px 6px'>{name}</th>" for name, align
                   in (("option", "left"), ("games", "right"), ("won (95%)", "right"),
                       ("drawn", "right"), ("lost", "right"), ("mean score", "right")))
    rows = []
    for v in views:
        cells = (v.label, f"{v.games:,}",
                 f"{percent_of(v.win)} ({percent_of(v.interval[0])}–{percent_of(v.interval[1])})",
                 percent_of(v.draw), percent_of(v.loss), f"{v.mean_score:+.1f}")
        rows.append("<tr>" + "".join(
            f"<td style='text-align:{'left' if i == 0 else 'right'};padding:2px 6px'>"
            f"{html.escape(c)}</td>" for i, c in enumerate(cells)) + "</tr>")
    if not rows:
        rows.append("<tr><td colspan='6' style='padding:2px 6px'>No games played yet.</td></tr>")
    legend = "; ".join(words for _key, words in RESULT_DEFINITIONS)
    return (f"<p style='margin:0 0 4px'><b>{html.escape(question)}</b></p>"
            "<table class='pavlov-comparison-table' style='border-collapse:collapse;"
            f"font-size:13px'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
            f"</table><p style='font-size:12px;color:{MUTED};margin:4px 0 0'>"
            f"{html.escape(note)} {html.escape(legend)}.</p>")


def draw_comparison(canvas: Canvas, layout: ComparisonLayout) -> None:
    """Draw a comparison chart on ``canvas`` following ``layout`` (sizes the canvas too)."""
    _size_canvas(canvas, layout.width, layout.height)
    _begin(canvas, layout.width, layout.height)
    for t in layout.texts:
        _text(canvas, t)
    for x, y, colour, words in layout.legend:
        canvas.fill_style = colour
        canvas.fill_rect(x, y, 12, 12)
        _text(canvas, words)
    for b in layout.blocks:
        _text(canvas, b.label)
        _text(canvas, b.games)
        canvas.fill_style = "#eef1f4"
        canvas.fill_rect(b.bar_x, b.bar_y, b.bar_w, b.bar_h)
        for x, w, colour in b.segments:
            if w > 0:
                canvas.fill_style = colour
                canvas.fill_rect(x, b.bar_y, w, b.bar_h)
        canvas.stroke_style = BACKGROUND
        canvas.line_width = 1
        for share in layout.percent_ticks:  # quarter marks: read the shares off the bar
            x = round(b.bar_x + b.bar_w * share) + 0.5
            canvas.stroke_line(x, b.bar_y + b.bar_h - 4, x, b.bar_y + b.bar_h)
        if b.whisker is not None:
            lo, hi, mid = b.whisker
            for colour, width in ((BACKGROUND, 4.0), (INK, 1.6)):  # a halo keeps it visible
                canvas.stroke_style = colour
                canvas.line_width = width
                canvas.stroke_line(lo, mid, hi, mid)
                canvas.stroke_line(lo, mid - 5, lo, mid + 5)
                canvas.stroke_line(hi, mid - 5, hi, mid + 5)
        for t in b.summary:
            _text(canvas, t)
        canvas.stroke_style = GRID
        canvas.line_width = 1
        canvas.stroke_line(b.hist_x, round(b.hist_bottom) + 0.5, b.bar_x + b.bar_w,
                           round(b.hist_bottom) + 0.5)
        for hb in b.hist_bars:
            canvas.fill_style = hb.colour
            canvas.fill_rect(hb.x, hb.y, hb.w, hb.h)
        canvas.stroke_style = MUTED
        for x, label in b.hist_ticks:
            canvas.stroke_line(round(x) + 0.5, b.hist_bottom, round(x) + 0.5, b.hist_bottom + 3)
            _text(canvas, label)
        _text(canvas, b.hist_caption)


# --- throttling ---------------------------------------------------------------------------------


@dataclass
class Throttle:
    """Lets an action through at most ``per_second`` times a second (the first one at once)."""

    per_second: float = REDRAWS_PER_SECOND
    clock: Callable[[], float] = time.monotonic
    _last: float | None = field(default=None, repr=False)

    def ready(self) -> bool:
        """True (and the clock restarts) when enough time has passed since the last one."""
        now = self.clock()
        if self._last is not None and now - self._last < 1.0 / self.per_second:
            return False
        self._last = now
        return True


# --- the comparison chart -----------------------------------------------------------------------


def _no_games() -> Generator[None, None, Any]:
    """The steps of no comparison (before :meth:`ComparisonChart.run`): none at all."""
    yield from ()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop the notebook's cells run on (a kernel's, the browser's), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    try:  # Pyodide's loop is the current one, though no task may be running at this moment
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            loop = asyncio.get_event_loop()
    except RuntimeError:
        return None
    if loop.is_closed():
        return None
    # Pyodide's loop says it is not running between JavaScript's callbacks, yet runs every
    # task it is given: trusted in the browser, a stopped loop elsewhere would never run one
    # (with "not running" taken at its word there, the Lite site's comparison played to the
    # end inside the button's click, and Stop was never heard)
    return loop if loop.is_running() or in_browser() else None


Runner = Callable[..., Any]
"""``compare(game, options, *, games, seed, jobs, on_progress, should_stop, ...)``."""


def _default_runner() -> Runner:
    """:func:`pavlov_widgets.tutor.lab.compare.compare`, imported when first needed."""
    try:
        module = importlib.import_module("pavlov_widgets.tutor.lab.compare")
    except ImportError as exc:
        raise ChartError(
            "the comparison (pavlov_widgets.tutor.lab.compare) cannot be imported: "
            f"{exc}; pass runner= to ComparisonChart"
        ) from exc
    runner: Runner = module.compare
    return runner


class ComparisonChart(widgets.VBox):  # type: ignore[misc]
    """A comparison of options filling in live as games finish, with a Stop button.

    Per option: the shares of games won, drawn and lost (one bar, with the win share's 95%
    interval as a whisker) and the spread of final scores, coloured by the result a score
    gives (6.0 Ending the Game); a legend defines the three results. Below: a progress bar
    and Stop.

    Args:
        result: a finished ``ComparisonResult`` to show (or None, then :meth:`run` one).
        question: the title; by default the result's prompt, else "Which option does best?".
        width: the chart's CSS width; it shrinks to a narrower screen.
        runner: the comparison to run (default :func:`pavlov_widgets.tutor.lab.compare.compare`);
            tests pass a small fake with the same signature.

    Attributes:
        result: the latest ``ComparisonResult`` (the final one once done): the table, from
            Python.
        error: the exception that stopped the comparison, if any (also shown in the widget).
        canvas: the ipycanvas Canvas the chart is drawn on (None where ipycanvas cannot
            load: then ``table``, an HTML widget, shows the numbers under :data:`NO_CHART`).
        progress: the progress bar (games played of games asked for).
        status: the line under it ("Playing: 120 of 1,000 games per option").
        stop_button: Stop (the comparison keeps the games already played).
        error_box: where an error of the comparison is shown.
        redraws: how many times the chart was drawn (throttled while running).

    Example::

        chart = ComparisonChart().run(game, games=1000, jobs=2)
        chart            # fills in live; press Stop to keep what is done
        chart.wait()     # from code: the final ComparisonResult
    """

    def __init__(self, result: Any = None, *, question: str | None = None,
                 width: float = DEFAULT_WIDTH, runner: Runner | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if width < 200:
            raise ChartError(f"a chart {width} CSS px wide is too narrow to read (at least 200)")
        self.result: Any = result
        self.error: BaseException | None = None
        self.redraws = 0
        self._waiting = False  # run(when_shown=True) before the chart is on a page
        self._question = question
        self._width = width
        self._runner = runner
        self._throttle = Throttle(REDRAWS_PER_SECOND, clock)
        self._stop_flag = threading.Event()
        # the controls are written by the games' thread and by Stop's click: one at a time,
        # each from the state it reads (see _update_controls)
        self._controls_lock = threading.RLock()
        self._settings: dict[str, Any] = {}  # the running comparison's keyword settings
        self._thread: threading.Thread | None = None
        self._make_steps: Callable[[], Generator[None, None, Any]] = _no_games  # run()'s
        self._steps: Generator[None, None, Any] | None = None  # or step by step (no threads)
        self._task: asyncio.Future[None] | None = None
        self._games = 0
        self._jobs = 1
        self._state = "done" if result is not None else "idle"
        self.canvas, self.table = _surface("pavlov-chart", "pavlov-comparison-chart")
        if self.canvas is not None:
            _redraw_for_every_page(self.canvas, self.draw)
        self._shown: widgets.DOMWidget = self.canvas or self.table  # counts the page's views
        self.progress = widgets.IntProgress(value=0, min=0, max=1, bar_style="info",
                                            layout=widgets.Layout(flex="1 1 auto",
                                                                  min_width="80px"))
        self.status = widgets.HTML()
        self.status.add_class("pavlov-chart-status")
        self.stop_button = widgets.Button(description="Stop", icon="stop", disabled=True,
                                          tooltip="Stop the comparison and keep the games done",
                                          layout=widgets.Layout(width="auto", flex="0 0 auto"))
        self.stop_button.add_class("pavlov-chart-stop")
        self.stop_button.on_click(lambda _b: self.stop())
        self.error_box = widgets.HTML()
        self.error_box.add_class("pavlov-chart-error")
        controls = widgets.HBox([self.progress, self.stop_button],
                                layout=widgets.Layout(max_width=f"{math.ceil(width)}px",
                                                      align_items="center"))
        super().__init__([self._shown, controls, self.status, self.error_box])
        self.add_class("pavlov-comparison")
        self._update_controls()
        self.draw()

    # --- running ---

    @property
    def running(self) -> bool:
        """True while a comparison runs in the background (or waits for its page)."""
        return self._waiting or self._steps is not None or (
            self._thread is not None and self._thread.is_alive())

    @property
    def stop_requested(self) -> bool:
        """True once Stop was pressed (the running comparison polls this)."""
        return self._stop_flag.is_set()

    def run(self, game: Any, options: Sequence[Any] | None = None, games: int = 1000,
            seed: int = 0, jobs: int = 2, *, when_shown: bool = False,
            **settings: Any) -> ComparisonChart:
        """Start comparing the options of ``game`` in the background; return the chart.

        ``games`` per option, dice from ``seed``, on ``jobs`` processes; other keyword
        arguments (``policy=``) go to the comparison as they are. With ``when_shown`` the games
        start once the chart is on a page (or at :meth:`wait`): Voila shows a page only when
        every cell has run, and comparisons started by the cells held the whole page back.
        The games run in a thread; where no thread can start (the browser's Python) in an
        asyncio task that plays a block of games at a time (see :meth:`_start`).

        Raises:
            ChartError: a comparison is already running, or ``games``/``jobs`` is not a
                positive whole number (nothing starts).
        """
        if self.running:
            raise ChartError("a comparison is already running: press Stop or wait() for it")
        for name, value in (("games", games), ("jobs", jobs)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ChartError(f"{name} must be a whole number of at least 1, not {value!r}")
        runner = self._runner or _default_runner()
        self._games, self._jobs = games, jobs
        self._settings = dict(settings)
        self.result, self.error = None, None
        self._stop_flag.clear()
        self._state = "running"
        self.error_box.value = ""
        self._update_controls()
        self.draw()

        arguments = {"games": games, "seed": seed, "jobs": jobs,
                     "on_progress": self._on_progress,
                     "should_stop": self._stop_flag.is_set, **settings}

        def steps() -> Generator[None, None, Any]:
            """The games as steps: compare's own, or (another runner) all in one step."""
            if self._runner is None:
                module = importlib.import_module("pavlov_widgets.tutor.lab.compare")
                return (yield from module.compare_steps(game, options, **arguments))
            yield
            return runner(game, options, **arguments)

        self._make_steps = steps
        if when_shown and not self._shown._view_count:
            self._waiting = True
            self._shown.observe(self._start_when_shown, names="_view_count")
        else:
            self._start()
        return self

    def _start(self) -> None:
        """Start the games: in a thread, or where none can start, as an asyncio task.

        The browser's Python cannot start a thread ("can't start new thread", issue 22):
        there the games are a task on the page's event loop that plays one block of games,
        then pauses (:data:`TASK_PAUSE_S`), so the chart's updates go out and a press of Stop
        comes in between blocks. Without a running event loop they are played here and now.
        """
        self._steps = self._make_steps()
        thread = threading.Thread(target=self._play_all, name="pavlov-comparison", daemon=True)
        try:
            thread.start()
        except RuntimeError:
            self._thread = None
            loop = _running_loop()
            if loop is None:
                self._play_all()
                return

            async def play() -> None:
                while True:
                    until = time.perf_counter() + TASK_BLOCK_S
                    while time.perf_counter() < until:
                        if not self._step():
                            return
                    await asyncio.sleep(TASK_PAUSE_S)

            self._task = asyncio.ensure_future(play(), loop=loop)
        else:
            self._thread = thread

    def _play_all(self) -> None:
        """Play every step left (a thread's work, or :meth:`wait` where there is none)."""
        while self._step():
            pass

    def _step(self) -> bool:
        """Play one block of games; False once the comparison has ended (or failed)."""
        steps = self._steps
        if steps is None:
            return False
        try:
            next(steps)
            return True
        except StopIteration as done:
            self.result = done.value if done.value is not None else self.result
            self._state = "stopped" if self.stop_requested else "done"
        except BaseException as exc:  # shown in the widget, never lost in a thread or task
            self.error = exc
            self._state = "failed"
            self._show_error(exc)
        self._steps = None
        self._update_controls()
        self.draw()
        return False

    def _start_when_shown(self, change: dict[str, Any]) -> None:
        """The chart is on a page: start the games that waited for it."""
        if (change["new"] or 0) > 0:
            self._start_waiting()

    def _start_waiting(self) -> None:
        self._shown.unobserve(self._start_when_shown, names="_view_count")
        if self._waiting:
            self._waiting = False
            self._start()

    def stop(self) -> None:
        """Ask the running comparison to stop; the games already played are kept."""
        self._stop_flag.set()
        self._update_controls()

    def close(self) -> None:
        """Stop a running comparison (it keeps its games) and close the widget."""
        flag = getattr(self, "_stop_flag", None)  # None: a chart refused while being made
        if flag is not None:
            flag.set()
        super().close()

    def wait(self, timeout: float | None = None) -> Any:
        """Wait for the comparison to end (or ``timeout`` seconds); return :attr:`result`.

        A comparison still waiting for its page starts now. One played as an asyncio task (no
        threads here) cannot be awaited from a cell's code: its games left are played now.
        """
        if self._waiting:
            self._start_waiting()
        if self._thread is not None:
            self._thread.join(timeout)
        elif self._steps is not None:  # an asyncio task: it cannot be waited for from here
            if self._task is not None:
                self._task.cancel()
            self._play_all()
        return self.result

    def _on_progress(self, result: Any) -> None:
        """Keep the latest result; redraw at most :data:`REDRAWS_PER_SECOND` times a second."""
        self.result = result
        if self._throttle.ready():
            self._update_controls()
            self.draw()

    def _show_error(self, exc: BaseException) -> None:
        where = traceback.format_exception(exc)
        self.error_box.value = (
            "<div role='alert' style='color:#b42318;border-left:4px solid #b42318;"
            "padding:4px 8px;margin:4px 0'><b>The comparison stopped with an error:</b> "
            f"{html.escape(type(exc).__name__)}: {html.escape(str(exc))}"
            "<details><summary>details</summary><pre style='white-space:pre-wrap;"
            f"font-size:11px'>{html.escape(''.join(where[-6:]))}</pre></details></div>"
        )

    # --- reading ---

    def views(self) -> list[OptionView]:
        """The options of the latest result, as the chart shows them."""
        return option_views(self.result) if self.result is not None else []

    def done(self) -> tuple[int, int]:
        """(games finished per option, games asked per option) of the latest result."""
        views = self.views()
        finished = min((v.games for v in views), default=0)
        asked = getattr(self.result, "games", None)
        if isinstance(asked, bool) or not isinstance(asked, int):
            asked = self._games
        return finished, max(asked, finished)

    def question(self) -> str:
        """The chart's title: what it answers."""
        if self._question:
            return self._question
        prompt = getattr(self.result, "prompt", "") or getattr(self.result, "question", "")
        if prompt:
            return f"{str(prompt).rstrip(' .?:')} — which option does best?"
        return "Which option does best? Games won, drawn and lost per option"

    def _note(self) -> str:
        policy = getattr(self.result, "policy", "")
        rule = getattr(self.result, "rule", "")
        horizon = getattr(self.result, "horizon", None) or self._settings.get("horizon")
        how_far = (f"{horizon} turns ahead, then scored as the game stands (6.0)" if horizon
                   else "to the end")
        played = (f"Each option played {how_far} by the {policy} player, on the same dice"
                  if policy else f"Each option played {how_far} many times")
        return (f"{played}{f' ({rule})' if rule else ''}. Bar: share won · drawn · lost; "
                "whisker: 95% interval of the win share.")

    def draw(self) -> None:
        """Draw the chart (again) from the latest result; without ipycanvas, its table."""
        self.redraws += 1
        canvas = self.canvas
        if canvas is None:
            assert self.table is not None
            self.table.value = _no_chart_html(
                comparison_table(self.views(), self.question(), self._note()))
            return
        layout = comparison_layout(self.views(), self.question(), self._width, self._note())
        _draw_safely(canvas, lambda: draw_comparison(canvas, layout))

    def _update_controls(self) -> None:
        """Write the Stop button, the progress bar and the status from the state now.

        Under a lock: the games' thread ends the run and writes "Stopped" while Stop's click
        may be writing "Stopping…"; a click that wrote its word after the thread's left the
        button at "Stopping…" for good (a clean-clone run caught it). Each call reads the
        state inside the lock, and the thread's last call follows its last change of state.
        """
        with self._controls_lock:
            self._write_controls()

    def _write_controls(self) -> None:
        views = self.views()
        total = max(1, self._games * max(1, len(views)))
        played = sum(v.games for v in views)
        finished, asked = self.done()
        self.progress.max = max(total, played, 1)
        self.progress.value = min(played, self.progress.max)
        running = self._state == "running"
        self.stop_button.disabled = not running or self.stop_requested
        if running and self.stop_requested:  # "Stopping…" only while it winds down
            self.stop_button.description = "Stopping…"
        else:
            self.stop_button.description = "Stopped" if self._state == "stopped" else "Stop"
        styles = {"running": "info", "done": "success", "stopped": "warning",
                  "failed": "danger", "idle": "info"}
        self.progress.bar_style = styles[self._state]
        options = f"{len(views)} option{'' if len(views) == 1 else 's'}"
        words = {
            "idle": "Not started: call run(game).",
            "running": (f"Playing: {finished:,} of {asked:,} games per option done"
                        f" ({options})" if views else "Starting…"),
            "done": f"Done: {finished:,} of {asked:,} games per option ({options}).",
            "stopped": f"Stopped: {finished:,} of {asked:,} games per option kept ({options}).",
            "failed": "Failed: see the error below.",
        }[self._state]
        why = self._one_core()
        self.status.value = (f"<span style='font-size:13px;color:{MUTED}'>{words}"
                             f"{' ' + html.escape(why) if why else ''}</span>")

    def _one_core(self) -> str:
        """Why games asked for on several processes run on one, in a sentence ("" if not)."""
        if self._jobs < 2 or self._state == "idle":
            return ""
        module = importlib.import_module("pavlov_widgets.tutor.lab.compare")
        reason: str = module.one_core_reason()
        used = getattr(self.result, "jobs", None)
        return reason if reason and used in (None, 1) else ""

    def text(self) -> str:
        """The chart as text: the question, the legend and one line per option."""
        lines = [self.question()]
        lines += [f"  {words}" for _key, words in RESULT_DEFINITIONS]
        for v in self.views():
            lines.append(
                f"  {v.label}: {v.games} games, win {percent_of(v.win)} (95%: "
                f"{percent_of(v.interval[0])}–{percent_of(v.interval[1])}), draw "
                f"{percent_of(v.draw)}, loss {percent_of(v.loss)}, mean score {v.mean_score:.1f}"
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        """Stable text: ``<ComparisonChart: 1000 of 1000 games, 2 options>``."""
        finished, asked = self.done()
        n = len(self.views())
        state = {"stopped": ", stopped", "failed": ", failed"}.get(self._state, "")
        return (f"<ComparisonChart: {finished} of {asked} games, {n} option"
                f"{'' if n == 1 else 's'}{state}>")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live chart, with its stable text and the result's table for static pages."""
        table = getattr(self.result, "_repr_html_", None)
        return with_text(super()._repr_mimebundle_(**kwargs), repr(self),
                         table() if callable(table) else None)
