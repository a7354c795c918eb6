"""The lab's charts (pavlov_widgets.tutor.lab.charts): layout, drawing, live comparisons.

The geometry is pure functions checked here without a browser; drawing runs on real ipycanvas
canvases (without a frontend their commands are only buffered). The comparison runs a small
fake with the contract of ``tutor/compare.compare`` (on_progress, should_stop), so these
tests need neither the simulator nor time.
"""

from __future__ import annotations

import itertools
import math
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest
from ipycanvas import Canvas

from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.tutor.lab import charts
from pavlov_widgets.tutor.lab.charts import (
    PAD,
    ChartError,
    ComparisonChart,
    OddsChart,
    OptionView,
    Throttle,
    comparison_layout,
    fit_label,
    nice_ticks,
    odds_data,
    odds_layout,
    option_views,
    percent_ticks,
    result_band,
    score_bins,
    text_width,
    wrap_text,
)
from pavlov_widgets.tutor.lab.model import odds

# --- a fake comparison with the contract of tutor/lab/compare.py ---------------------------------


@dataclass
class FakeRow:
    label: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score_counts: dict[int, int] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_rate_interval(self) -> tuple[float, float]:
        """Wilson's 95% interval."""
        n, p, z = self.games, self.win_rate, 1.96
        if not n:
            return (0.0, 1.0)
        mid = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, mid - half), min(1.0, mid + half))

    @property
    def mean_score(self) -> float:
        return sum(s * n for s, n in self.score_counts.items()) / self.games if self.games else 0.0


@dataclass
class FakeResult:
    rows: list[FakeRow]
    prompt: str = "Fire how many AA tokens?"
    policy: str = "fast"

    def _repr_html_(self) -> str:
        return "<table><tr><td>fake</td></tr></table>"


def fake_compare(
    game: Any,
    options: Sequence[str] | None = None,
    *,
    games: int = 1000,
    seed: int = 0,
    jobs: int = 2,
    on_progress: Callable[[FakeResult], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    step: int = 10,
    pause: Callable[[], None] | None = None,
) -> FakeResult:
    """Plays ``games`` pretend games per option, ``step`` at a time, reporting each step."""
    rng = random.Random(seed)
    result = FakeResult([FakeRow(label) for label in options or ["Fire two", "Fire three"]])
    for _ in range(0, games, step):
        if should_stop is not None and should_stop():
            break
        for i, row in enumerate(result.rows):
            for _game in range(step):
                score = rng.randint(-25, 20) + 5 * i
                row.games += 1
                row.score_counts[score] = row.score_counts.get(score, 0) + 1
                band = result_band(score)
                row.wins += band == "win"
                row.draws += band == "draw"
                row.losses += band == "loss"
        if on_progress is not None:
            on_progress(result)
        if pause is not None:
            pause()
    return result


class RecordingCanvas(Canvas):  # type: ignore[misc]
    """A canvas that remembers the text it was asked to write."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.written: list[tuple[str, float, float, float | None]] = []

    def fill_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None:
        self.written.append((text, x, y, max_width))
        super().fill_text(text, x, y, max_width)


# --- axes and text ------------------------------------------------------------------------------


@pytest.mark.parametrize(("low", "high"), [(0, 0.33), (0, 1), (-23, 41), (3, 7), (0.01, 0.02)])
def test_nice_ticks_cover_the_range_in_round_steps(low: float, high: float) -> None:
    ticks = nice_ticks(low, high, max_ticks=6)
    assert ticks[0] <= low and ticks[-1] >= high
    assert 2 <= len(ticks) <= 6
    steps = {round(b - a, 9) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1
    step = steps.pop()
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 6) in (1, 2, 2.5, 5, 10)


def test_integer_ticks_are_whole_and_a_single_value_gets_an_axis() -> None:
    assert all(float(t).is_integer() for t in nice_ticks(-3, 4, integer=True))
    assert nice_ticks(5, 5, integer=True) == [4, 5, 6]
    assert nice_ticks(0, 0, max_ticks=5) == [0.0, 0.25, 0.5, 0.75, 1.0]


def test_bad_axes_are_refused_with_what_is_wrong() -> None:
    with pytest.raises(ChartError, match="below the low end"):
        nice_ticks(2, 1)
    with pytest.raises(ChartError, match="at least 2 ticks"):
        nice_ticks(0, 1, max_ticks=1)


def test_percent_ticks_stop_at_a_round_value_above_the_largest_probability() -> None:
    assert percent_ticks(1 / 3) == [0.0, 0.1, 0.2, 0.3, 0.4]
    assert percent_ticks(1.0)[-1] == 1.0
    assert percent_ticks(0.0)[-1] > 0


def test_text_estimates_grow_with_the_text_and_bold_is_wider() -> None:
    assert text_width("purple", 13) < text_width("purple and green", 13)
    assert text_width("Sniper", 13) < text_width("Sniper", 13, bold=True)
    assert text_width("WWW", 13) > text_width("iii", 13)


def test_fit_label_keeps_what_fits_and_cuts_the_rest_with_an_ellipsis() -> None:
    assert fit_label("green", 100, 13) == "green"
    long = "Pavlov is a casualty and the Mortar suppresses the position"
    cut = fit_label(long, 120, 13)
    assert cut.endswith("…") and long.startswith(cut[:-1])
    assert text_width(cut, 13) <= 120
    assert fit_label("anything", 1, 13) == "…"


def test_wrap_text_breaks_at_spaces_within_the_width() -> None:
    lines = wrap_text("Which option does best? Games won, drawn and lost per option", 200, 15,
                      bold=True)
    assert len(lines) > 1
    assert all(text_width(line, 15, bold=True) <= 200 for line in lines)
    assert " ".join(lines).replace("…", "") in (
        "Which option does best? Games won, drawn and lost per option"
    )


# --- odds ----------------------------------------------------------------------------------------


def test_odds_data_reads_the_labs_odds_a_cards_outcomes_and_plain_rows() -> None:
    roll = odds_data(odds(get_scenario("sniper").build()))
    assert roll.name == "Sniper: colour roll"
    assert "3.0 Attack Defender" in roll.subtitle and "1 die" in roll.subtitle
    assert roll.question.endswith("how likely is each result?")
    assert [r for r, _ in roll.rows] == ["green", "red", "purple"]

    @dataclass
    class CardOdds:
        outcomes: list[tuple[str, Fraction]]
        label: str = "this Sniper"

    card = odds_data(CardOdds([("Pavlov is a casualty", Fraction(1, 6)),
                               ("nobody is hurt", Fraction(5, 6))]))
    assert card.question.startswith("What will this Sniper do?")
    plain = odds_data([("hit", Fraction(1, 2)), ("miss", 0.5)], question="Does it hit?")
    assert plain.question == "Does it hit?" and plain.name == "Does it hit?"


@pytest.mark.parametrize(
    ("rows", "words"),
    [
        ([], "at least one"),
        ("green", "rows"),
        ([("green",)], "expected \\(label, probability\\)"),
        ([(3, Fraction(1, 2))], "not text"),
        ([("green", "1/2")], "not a number"),
        ([("green", Fraction(3, 2))], "between 0 and 1"),
        ([("green", True)], "not a number"),
    ],
)
def test_rows_an_odds_chart_cannot_draw_are_refused(rows: Any, words: str) -> None:
    with pytest.raises(ChartError, match=words):
        OddsChart(rows)


def test_odds_layout_puts_short_labels_beside_bars_as_long_as_their_odds() -> None:
    data = odds_data([("green", Fraction(1, 6)), ("red", Fraction(1, 3)),
                      ("purple", Fraction(1, 2))])
    layout = odds_layout(data, 400)
    assert not layout.stacked
    assert layout.height > 0 and layout.width == 400
    top = layout.ticks[-1]
    assert top[1].text == "50%"
    for bar, (_, p) in zip(layout.bars, data.rows, strict=True):
        assert bar.w == pytest.approx(layout.axis_w * float(p) / 0.5)
        assert bar.label.x + bar.label.max_width <= bar.x  # the label stays left of its bar
        assert bar.value.x >= bar.x + bar.w  # the value right of it
        assert bar.value.x + bar.value.max_width <= 400 - PAD + 1  # and inside the chart
    ys = [bar.y for bar in layout.bars]
    assert ys == sorted(ys) and all(b - a >= 16 for a, b in itertools.pairwise(ys))


def test_odds_layout_gives_long_labels_and_narrow_screens_a_line_of_their_own() -> None:
    long = odds_data([("Pavlov and Glushchenko are both casualties", Fraction(1, 36)),
                      ("nobody is hurt", Fraction(35, 36))])
    layout = odds_layout(long, 400)
    assert layout.stacked
    for bar in layout.bars:
        assert bar.label.y < bar.y  # above its bar
        assert bar.label.x + bar.label.max_width <= 400 - PAD + 1
    narrow = odds_layout(odds_data(odds(get_scenario("sniper").build())), 240)
    assert all(t.x + t.max_width <= 240 - PAD + 1 for t in narrow.texts)
    with pytest.raises(ChartError, match="too narrow"):
        odds_layout(long, 120)


def test_odds_chart_draws_every_label_and_exact_value_on_a_high_density_canvas() -> None:
    chart = OddsChart(odds(get_scenario("sniper").build()), width=400)
    assert chart.canvas.width == 2 * 400 and chart.canvas.height == 2 * chart.layout_.height
    assert chart.canvas.layout.max_width == "400px"
    recorder = RecordingCanvas(width=1, height=1)
    charts.draw_odds(recorder, chart.layout_)
    written = [t for t, *_ in recorder.written]
    assert {"green", "red", "purple", "1/3 · 33%"} <= set(written)
    assert any("how likely" in t for t in written)
    assert all(max_width is not None for *_, max_width in recorder.written)


def test_odds_chart_has_a_stable_text_form() -> None:
    chart = OddsChart(odds(get_scenario("sniper").build()))
    assert repr(chart) == "<OddsChart: Sniper: colour roll, 3 results>"
    bundle = chart._repr_mimebundle_()
    assert bundle["text/plain"] == repr(chart)
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "1/3 · 33%" in bundle["text/html"] and "1/3 · 33%" in chart.text()
    one = OddsChart([("hit", Fraction(1))], question="Does it hit?")
    assert repr(one) == "<OddsChart: Does it hit?, 1 result>"


# --- comparisons: layout -----------------------------------------------------------------------


def test_result_bands_follow_the_end_of_game_table() -> None:
    assert [result_band(s) for s in (1, 0, -9, -10, 50)] == ["win", "draw", "draw", "loss", "win"]


@pytest.mark.parametrize(("low", "high"), [(-24, 45), (0, 0), (-9, 1), (-200, 300), (3, 4)])
def test_score_bins_cover_the_scores_and_never_straddle_a_result_edge(low: int,
                                                                      high: int) -> None:
    bins = score_bins(low, high)
    assert bins[0][0] <= low and bins[-1][1] >= high
    assert len(bins) <= max(24, (high - low) // 10 + 2)
    for (_a, b), (c, _d) in itertools.pairwise(bins):
        assert c == b + 1
    for a, b in bins:
        assert result_band(a) == result_band(b), (a, b)
    with pytest.raises(ChartError, match="below the low end"):
        score_bins(3, 2)


def _views(result: FakeResult) -> list[OptionView]:
    return option_views(result)


def test_comparison_layout_splits_each_bar_into_win_draw_loss_with_the_interval() -> None:
    result = fake_compare(None, games=200)
    layout = comparison_layout(_views(result), "Fire how many?", 400)
    inner = 400 - 2 * PAD
    assert len(layout.blocks) == 2 and len(layout.legend) == 3
    for block, row in zip(layout.blocks, result.rows, strict=True):
        assert sum(w for _, w, _ in block.segments) == pytest.approx(inner)
        assert [c for *_, c in block.segments] == [charts.WIN, charts.DRAW, charts.LOSS]
        win_w = block.segments[0][1]
        assert win_w == pytest.approx(inner * row.wins / row.games)
        assert block.whisker is not None
        lo, hi, _mid = block.whisker
        assert PAD <= lo <= PAD + win_w <= hi <= PAD + inner
        for bar in block.hist_bars:
            assert bar.x >= PAD and bar.x + bar.w <= 400 - PAD + 1
            assert block.hist_top - 0.01 <= bar.y and bar.y + bar.h <= block.hist_bottom + 0.01
        assert {bar.colour for bar in block.hist_bars} <= set(charts.RESULT_COLOURS.values())
        assert "win" in block.summary[0].text and "draw" in " ".join(t.text for t in
                                                                     block.summary)
    tops = [b.bar_y for b in layout.blocks]
    assert tops == sorted(tops) and layout.height > tops[-1]


def test_comparison_layout_before_any_game_says_it_is_waiting() -> None:
    layout = comparison_layout([], "Which option does best?", 400)
    assert not layout.blocks
    assert any("Waiting" in t.text for t in layout.texts)


# --- comparisons: running ------------------------------------------------------------------------


def test_a_comparison_chart_runs_in_the_background_and_keeps_the_result() -> None:
    chart = ComparisonChart(runner=fake_compare)
    assert repr(chart) == "<ComparisonChart: 0 of 0 games, 0 options>"
    assert chart.run(None, games=40, jobs=1) is chart
    result = chart.wait(10)
    assert not chart.running and chart.error is None
    assert result is chart.result and [r.games for r in result.rows] == [40, 40]
    assert repr(chart) == "<ComparisonChart: 40 of 40 games, 2 options>"
    assert chart.progress.value == chart.progress.max == 80
    assert chart.stop_button.disabled
    assert "Done: 40 of 40 games per option" in chart.status.value
    assert chart.question() == "Fire how many AA tokens — which option does best?"
    bundle = chart._repr_mimebundle_()
    assert bundle["text/plain"] == repr(chart) and "fake" in bundle["text/html"]
    assert "Fire two: 40 games" in chart.text()


def test_a_finished_result_can_be_shown_without_running() -> None:
    chart = ComparisonChart(fake_compare(None, games=20))
    assert repr(chart) == "<ComparisonChart: 20 of 20 games, 2 options>"
    assert chart.canvas.width == 2 * 400


def test_redraws_are_throttled_to_four_a_second() -> None:
    now = [0.0]
    throttle = Throttle(4, clock=lambda: now[0])
    passed = []
    for _ in range(100):  # progress every 10 ms for one second
        passed.append(throttle.ready())
        now[0] += 0.01
    assert passed[0] and sum(passed) == 4

    chart = ComparisonChart(runner=fake_compare, clock=lambda: now[0])

    def tick() -> None:
        now[0] += 0.01

    chart.run(None, games=1000, jobs=1, step=10, pause=tick).wait(10)
    # 100 progress reports over one (fake) second: 4 throttled redraws, plus the start and end
    assert chart.redraws <= 1 + 4 + 1 + 1, chart.redraws
    assert chart.result.rows[0].games == 1000


def paused_run() -> tuple[ComparisonChart, threading.Event]:
    """A chart whose comparison has reported its first 10 games and waits for the event."""
    reported = threading.Event()
    go_on = threading.Event()

    def pause() -> None:
        reported.set()
        go_on.wait(5)

    chart = ComparisonChart(runner=fake_compare)
    chart.run(None, games=1000, jobs=1, step=10, pause=pause)
    assert reported.wait(5) and chart.running
    return chart, go_on


def test_stop_sets_the_flag_the_comparison_polls_and_the_games_done_are_kept() -> None:
    chart, go_on = paused_run()
    assert not chart.stop_button.disabled
    chart.stop_button.click()
    assert chart.stop_requested and chart.stop_button.disabled
    go_on.set()
    result = chart.wait(5)
    assert not chart.running
    assert result.rows[0].games == 10
    assert repr(chart) == "<ComparisonChart: 10 of 1000 games, 2 options, stopped>"
    assert "Stopped: 10 of 1,000 games per option kept" in chart.status.value
    assert chart.stop_button.description == "Stopped"


def test_a_stop_click_that_ends_after_the_games_did_leaves_the_button_at_stopped() -> None:
    """Stop's click that the games' thread overtakes leaves the button at "Stopped".

    The race a clean-clone run caught (Voila): the click set the flag, the thread saw it,
    ended and wrote "Stopped", and then the click wrote "Stopping…" over it, for good. Here
    the thread ends first, then the click's writing comes: the button says what the end says.
    """
    chart, go_on = paused_run()
    chart._stop_flag.set()  # the click's first half: the thread sees it and ends
    go_on.set()
    chart.wait(5)
    assert chart.stop_button.description == "Stopped"
    chart.stop()  # the click's second half, late
    assert chart.stop_button.disabled
    assert chart.stop_button.description == "Stopped"
    assert "Stopped:" in chart.status.value


def test_an_error_in_the_comparison_is_shown_in_the_widget() -> None:
    def broken(game: Any, options: Any, **kwargs: Any) -> Any:
        kwargs["on_progress"](fake_compare(None, games=10))
        raise ValueError("no decision is pending: roll first")

    chart = ComparisonChart(runner=broken)
    chart.run(None, games=10).wait(5)
    assert isinstance(chart.error, ValueError)
    assert "no decision is pending: roll first" in chart.error_box.value
    assert "ValueError" in chart.error_box.value
    assert repr(chart) == "<ComparisonChart: 10 of 10 games, 2 options, failed>"
    assert chart.stop_button.disabled
    # the chart can run again once the error is read
    chart._runner = fake_compare
    chart.run(None, games=10).wait(5)
    assert chart.error is None and chart.error_box.value == ""


@pytest.mark.parametrize(("kwargs", "words"), [({"games": 0}, "games must be"),
                                               ({"jobs": 1.5}, "jobs must be"),
                                               ({"games": True}, "games must be")])
def test_bad_run_settings_are_refused_and_nothing_starts(kwargs: dict[str, Any],
                                                         words: str) -> None:
    chart = ComparisonChart(runner=fake_compare)
    with pytest.raises(ChartError, match=words):
        chart.run(None, **kwargs)
    assert not chart.running and chart.result is None


def test_a_second_run_while_one_runs_is_refused() -> None:
    go_on = threading.Event()
    chart = ComparisonChart(runner=fake_compare)
    chart.run(None, games=100, step=10, pause=lambda: go_on.wait(5))
    try:
        with pytest.raises(ChartError, match="already running"):
            chart.run(None, games=10)
    finally:
        go_on.set()
        chart.stop()
        chart.wait(5)


def test_too_narrow_a_comparison_chart_is_refused() -> None:
    with pytest.raises(ChartError, match="too narrow"):
        ComparisonChart(width=150)
