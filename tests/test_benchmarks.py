"""The benchmark scripts run from the repository root and print their figures.

These are smoke runs on a handful of games: they check that the scripts work and print every
figure, not how fast anything is (speed is read from the scripts' own output, never asserted).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_engine_bench_prints_every_figure() -> None:
    figures = json.loads(_run("benchmarks/engine_bench.py", "--games", "3", "--repeat", "1",
                              "--heuristic-games", "1", "--json"))
    assert figures["random_games_per_s"]["cpu"] > 0
    assert figures["heuristic_games_per_s"]["cpu"] > 0
    for key in ("legal_apply_median_us", "legal_actions_median_us", "apply_median_us",
                "new_game_us", "copy_us", "load_ms"):
        assert figures[key] > 0, key
    assert 1_000 < figures["state_snapshot_bytes"] < figures["saved_game_bytes_random"]


def test_engine_profile_names_the_decisions_and_steps() -> None:
    out = _run("benchmarks/engine_profile.py", "--games", "2", "--functions", "3")
    assert "card_action" in out and "move_loop" in out
    assert "ms per game" in out and "Ordered by: internal time" in out


def test_framework_floor_plays_the_shape_of_a_random_game() -> None:
    out = _run("benchmarks/framework_floor.py", "--games", "3", "--repeat", "1")
    assert "162 decisions, 62 rolls" in out and "games/s" in out


def test_notebooks_bench_times_each_notebook_and_the_set() -> None:
    out = _run("benchmarks/notebooks_bench.py", "--repeat", "1",
               "notebooks/01_introduction.ipynb")
    assert "01_introduction.ipynb" in out and "whole set, wall clock" in out


def test_lab_bench_prints_speed_hint_comparison_and_agreement() -> None:
    figures = json.loads(_run("benchmarks/lab_bench.py", "--quick", "--json"))
    assert {"random", "heuristic", "fast"} <= set(figures["playout_speed"])
    assert figures["hint_s"]["median"] > 0 and len(figures["hint_s"]["each"]) == 2
    assert figures["comparison"]["games"] == 4 and figures["comparison"]["wall_s"] > 0
    verdicts = {"agree", "tie", "missed (hint said low)", "DISAGREE"}
    assert {r["verdict"] for r in figures["agreement"]} <= verdicts
