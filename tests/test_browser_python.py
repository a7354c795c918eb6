"""The tutor in the browser's Python, simulated on CPython (issue 22).

JupyterLite's Pyodide kernel is Python on one core: ``sys.platform`` is "emscripten", a
process pool cannot start (``multiprocessing.get_context("fork")`` succeeds, but ``Pool``
raises ``ModuleNotFoundError: _multiprocessing``), ``threading.Thread.start`` raises
"can't start new thread", and offline there is no numpy or pillow, so no ipycanvas. Each of
these is reproduced here — the platform and the pools and threads by monkeypatching, the
missing packages by an import hook in a fresh interpreter — and the tutor must still import,
compare and hint on one core, run the lab's live comparison as an asyncio task that Stop
ends, show the lab's numbers as a table, and say why in whole sentences.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import multiprocessing.context
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest

from pavlov_widgets.engine import Game
from pavlov_widgets.sim.simulate import simulate
from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.tutor.lab import charts
from pavlov_widgets.tutor.lab.charts import NO_CHART, ComparisonChart
from pavlov_widgets.tutor.lab.compare import ONE_CORE, Hint, hint, one_core_reason
from pavlov_widgets.tutor.lab.widget import BROWSER_GAMES, DEFAULT_GAMES, Lab

compare = importlib.import_module("pavlov_widgets.tutor.lab.compare")
"""The module (the package's ``compare`` is its function)."""

ROOT = Path(__file__).resolve().parents[1]
NO_PROCESSES = "No module named '_multiprocessing'"


def no_pool(*_args: Any, **_kwargs: Any) -> Any:
    """What Pyodide's ``Pool`` does."""
    raise ModuleNotFoundError(NO_PROCESSES)


def no_thread(_self: threading.Thread) -> None:
    """What Pyodide's ``Thread.start`` does."""
    raise RuntimeError("can't start new thread")


@pytest.fixture(autouse=True)
def no_leaked_loop() -> Any:
    """No event loop marked running in this thread while a test plays the browser's loop.

    Playwright's sync API (the browser tests, earlier in the same pytest process) leaves its
    loop marked running in the main thread, and ``asyncio.run`` then refuses to start.
    """
    leaked = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    yield
    asyncio._set_running_loop(leaked)


@pytest.fixture
def no_pools(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pools fail to start as in Pyodide; no warm pool of an earlier test is reused."""
    monkeypatch.setattr(multiprocessing.context.BaseContext, "Pool", no_pool)
    monkeypatch.setattr(compare._WarmPool, "_pools", {})
    monkeypatch.setattr(compare, "_POOL_FAILED", [])


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch, no_pools: None) -> None:
    """The browser's Python: its platform, and no pools (threads: see :func:`no_threads`)."""
    monkeypatch.setattr(sys, "platform", "emscripten")


@pytest.fixture
def no_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads cannot start, as in Pyodide."""
    monkeypatch.setattr(threading.Thread, "start", no_thread)


def ju87() -> Game:
    """The Ju 87 raid with its dice rolled: a decision of several options is pending."""
    return get_scenario("ju87").build(auto_roll=True)


def test_compare_and_hint_play_on_one_core_in_the_browser(browser: None) -> None:
    game = ju87()
    result = compare.compare(game, games=4, jobs=2)
    assert result.jobs == 1  # asked for two processes, played here
    assert all(row.games == 4 for row in result.rows) and len(result.rows) >= 2
    assert one_core_reason() == ONE_CORE["browser"]
    assert "the browser's Python cannot start other processes" in one_core_reason()
    found = hint(game, jobs=2, budget_s=0.3)
    assert isinstance(found, Hint) and found.sentence and found.result.jobs == 1
    assert found.option_id in {option.id for option in game.legal_actions()}


def test_a_pool_that_fails_to_start_plays_the_same_games_on_one_core(no_pools: None) -> None:
    game = ju87()
    assert one_core_reason() == ""  # nothing failed yet: processes may work here
    on_two = compare.compare(game, games=3, jobs=2)
    assert on_two.jobs == 1
    assert one_core_reason() == ONE_CORE["failed"]
    on_one = compare.compare(game, games=3, jobs=1)
    assert [row.outcomes for row in on_two.rows] == [row.outcomes for row in on_one.rows]
    lab = Lab(ju87())
    try:
        said = lab.expected(games=50, jobs=2)
        assert said.startswith("About ") and said.endswith(
            "here: other processes could not be started, so the games run on one core.")
    finally:
        lab.close()


def test_simulate_plays_on_one_core_in_the_browser(browser: None) -> None:
    summary = simulate(3, seed=5, policy="fast", jobs=2)
    assert summary.jobs == 1
    alone = simulate(3, seed=5, policy="fast", jobs=1)
    assert [r.score for r in summary.results] == [r.score for r in alone.results]


def test_the_live_comparison_is_an_asyncio_task_that_stop_ends(browser: None,
                                                                no_threads: None) -> None:
    async def scenario() -> ComparisonChart:
        chart = ComparisonChart()
        chart.run(ju87(), games=500, jobs=2)
        assert chart._thread is None and chart._task is not None  # no thread: a task
        assert chart.running
        for _ in range(10_000):  # the task plays a block, then hands the loop back
            await asyncio.sleep(0)
            if chart.done()[0] >= 2:
                break
        assert 2 <= chart.done()[0] < 500 and chart.running  # live: partly played
        assert chart.redraws > 2  # the chart was redrawn while it ran (canvas or table)
        chart.stop_button.click()
        for _ in range(10_000):
            await asyncio.sleep(0)
            if not chart.running:
                break
        return chart

    chart = asyncio.run(scenario())
    assert not chart.running and chart.result.stopped
    assert chart.stop_button.description == "Stopped"
    finished, asked = chart.done()
    assert 2 <= finished < asked == 500
    assert ONE_CORE["browser"] in chart.status.value.replace("&#x27;", "'")


def test_wait_plays_the_rest_of_a_task_and_gives_compare_s_result(browser: None,
                                                                    no_threads: None) -> None:
    async def scenario() -> Any:
        chart = ComparisonChart()
        chart.run(ju87(), games=6, jobs=1)
        await asyncio.sleep(0)
        return chart.wait()

    result = asyncio.run(scenario())
    alone = compare.compare(ju87(), games=6, jobs=1)
    assert not result.stopped
    assert [row.outcomes for row in result.rows] == [row.outcomes for row in alone.rows]


def test_without_an_event_loop_or_threads_the_games_are_played_at_once(
        no_pools: None, no_threads: None) -> None:
    chart = ComparisonChart().run(ju87(), games=3, jobs=1)
    assert not chart.running and chart.result.done == 3


def test_in_the_browser_the_current_loop_gets_the_task_though_it_is_not_running(
        browser: None, no_threads: None) -> None:
    """Pyodide's loop is not "running" inside a button's click, yet runs its tasks.

    Played at once instead, the Lite site's comparison ran inside the click, and the page's
    Stop was never heard.
    """
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        chart = ComparisonChart().run(ju87(), games=3, jobs=1)
        assert chart._task is not None and chart.running and chart.done()[0] == 0
        loop.run_until_complete(chart._task)
        assert not chart.running and chart.result.done == 3
    finally:
        asyncio.set_event_loop(None)
        loop.close()


def test_the_lab_in_the_browser_plays_fewer_games_and_says_how_long(browser: None) -> None:
    lab = Lab(ju87())
    try:
        assert lab.games_box.value == BROWSER_GAMES < DEFAULT_GAMES
        assert list(lab.jobs_box.options) == [1]
        said = lab.estimate.value.replace("&#x27;", "'")
        assert said.startswith("<p>About ") and said.endswith(
            " here: this browser's Python runs on one core.</p>")
        lab.games_box.value = 400  # ten times the games: the sentence follows the box
        longer = lab.estimate.value
        assert longer != said and ("seconds" in longer or "minutes" in longer)
    finally:
        lab.close()


def test_the_lab_shows_tables_and_why_when_ipycanvas_cannot_load(
        monkeypatch: pytest.MonkeyPatch, browser: None, no_threads: None) -> None:
    monkeypatch.setattr(charts, "ipycanvas_or_none", lambda: None)

    async def scenario() -> Lab:
        lab = Lab(ju87())
        lab.run_comparison(games=3)
        for _ in range(10_000):
            await asyncio.sleep(0)
            if lab.comparison is not None and not lab.comparison.running:
                break
        return lab

    lab = asyncio.run(scenario())
    try:
        assert lab.chart is not None and lab.chart.canvas is None and lab.chart.table is not None
        odds = lab.chart.table.value.replace("&#x27;", "'")
        assert NO_CHART in odds and "<table>" in odds
        for label, _p in lab.chart.rows:
            assert label.split()[0] in odds
        comparison = lab.comparison
        assert comparison is not None and comparison.canvas is None
        assert comparison.table is not None
        table = comparison.table.value.replace("&#x27;", "'")
        assert NO_CHART in table and "pavlov-comparison-table" in table
        for view in comparison.views():
            assert view.label.replace("'", "&#x27;").split()[0] in comparison.table.value
            assert f"<td style='text-align:right;padding:2px 6px'>{view.games:,}</td>" in table
        assert comparison.result.done == 3
    finally:
        lab.close()


HIDDEN = ("ipycanvas", "numpy", "PIL")
"""What the browser's Python offline cannot load (no numpy or pillow, so no ipycanvas)."""

OFFLINE = textwrap.dedent('''
    import ast, importlib.abc, json, sys

    class Hide(importlib.abc.MetaPathFinder):
        """The browser's Python offline: these packages are not there."""
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in HIDDEN:
                raise ModuleNotFoundError(f"No module named {name!r}")
            return None

    sys.meta_path.insert(0, Hide())
    import pavlov_widgets.tutor  # the tutor imports with nothing of them
    ran = []
    for notebook in NOTEBOOKS:
        cells = json.load(open(notebook, encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            lines = [line for line in source.splitlines() if not line.startswith(("%", "!"))]
            for node in ast.parse("\\n".join(lines)).body:
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    exec(ast.unparse(node), {})
                    ran.append(ast.unparse(node))
    from pavlov_widgets.tutor import Lab
    from pavlov_widgets.tutor.content import get_scenario
    lab = Lab(get_scenario("ju87").build(auto_roll=True))
    comparison = lab.compare(games=2, jobs=1)
    loaded = sorted({m.split(".")[0] for m in sys.modules} & set(HIDDEN))
    print(json.dumps({"imports": ran, "loaded": loaded, "odds": lab.chart.table.value,
                      "comparison": lab.comparison.table.value,
                      "canvas": lab.chart.canvas is None and lab.comparison.canvas is None}))
''')


def test_the_tutor_and_every_notebook_s_imports_load_without_ipycanvas_numpy_pillow() -> None:
    notebooks = sorted(str(p) for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert len(notebooks) >= 15
    script = f"HIDDEN = {HIDDEN!r}\nNOTEBOOKS = {notebooks!r}\n{OFFLINE}"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["loaded"] == []  # nothing of them was half-imported either
    assert any("pavlov_widgets.tutor" in line for line in found["imports"])
    assert len(found["imports"]) >= 30  # every notebook's imports, not just one
    assert found["canvas"] is True
    for shown in (found["odds"], found["comparison"]):
        assert NO_CHART.replace("'", "&#x27;") in shown and "<table" in shown
