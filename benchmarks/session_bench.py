"""Session benchmark: what one click costs in Python, on a plain board and in a walkthrough.

Run from the repository root with the project's environment::

    .venv/bin/python benchmarks/session_bench.py            # --help for the options

A click reaches Python as one message (``Board.handle_message``). This script sends the same
``choose`` message two ways and prints, for each, the median and 95th percentile of

* **milliseconds** from the message to the board's traits being recomputed (the kernel's
  share of click → repaint; the browser's share is in ``board_bench.py``), and
* **Python function calls** made on the way (counted with ``cProfile``; steady, unlike time
  on a shared machine),

for:

* a **plain board click**: a seeded game, the first option of each of its first
  ``--decisions`` decisions, each on a fresh board at that moment;
* a **walkthrough step on "your turn"**: every choice of the rulebook's Sniper and Ju 87
  examples (and the other examples with choices), clicked on the walkthrough's own board, each
  on a fresh walkthrough standing at that step.

The goal (issue 18): a walkthrough step costs no more than twice a plain click. The messages
and calls are the same before and after the board sessions, so the script runs on an older
checkout too (``--repo``): that is how the "before" figures are made.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SCENARIOS = ("sniper", "ju87", "mortar", "machine-gunners", "move", "command", "attack",
             "weapons", "first-aid")
"""The walkthroughs measured (those whose names exist in the checkout; the first two are the
rulebook's own walkthroughs)."""


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation."""
    ordered = sorted(values)
    k = (len(ordered) - 1) * q / 100
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def measure(make: Callable[[], tuple[Any, dict[str, Any]]], repeat: int) -> tuple[float, int]:
    """The median milliseconds of one click over ``repeat`` fresh boards, and its calls."""
    times = []
    for _ in range(repeat):
        board, message = make()
        began = time.perf_counter()
        board.handle_message(message)
        times.append((time.perf_counter() - began) * 1000)
    board, message = make()
    profile = cProfile.Profile()
    profile.enable()
    board.handle_message(message)
    profile.disable()
    calls = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
    return statistics.median(times), int(calls)


def plain_clicks(decisions: int, repeat: int) -> list[tuple[float, int]]:
    """A plain board click at each of the first ``decisions`` decisions of a seeded game."""
    from pavlov_widgets.engine import Decision, Game
    from pavlov_widgets.widget import Board

    game = Game.new(seed=1)
    out: list[tuple[float, int]] = []
    while len(out) < decisions and not game.is_over:
        if isinstance(game.pending, Decision):
            moment = game.copy()
            option = game.legal_ids()[0]

            def make(moment: Game = moment, option: str = option) -> tuple[Any, dict[str, Any]]:
                board = Board.from_game(moment.copy())
                return board, {"kind": "choose", "option": option, "rev": board.rev,
                               "game": board.game_serial}

            out.append(measure(make, repeat))
            game.apply(option)
        else:
            game.roll()
    return out


def walkthrough_clicks(repeat: int) -> list[tuple[str, float, int]]:
    """Every rulebook choice of the walkthroughs, clicked on "your turn"."""
    tutor = importlib.import_module("pavlov_widgets.tutor")
    walk_cls = tutor.Walkthrough
    try:
        names = set(importlib.import_module("pavlov_widgets.tutor.content").scenario_names())
    except (ImportError, AttributeError):  # an older checkout: the scenarios were engine code
        names = set(importlib.import_module(
            "pavlov_widgets.engine.examples.scenarios").scenario_names())
    out: list[tuple[str, float, int]] = []
    for name in (n for n in SCENARIOS if n in names):
        probe = walk_cls(name, mode="your-turn")
        for step, played in enumerate(probe.steps):
            if played.kind != "choice" or played.option is None:
                continue
            option = played.option.id

            def make(name: str = name, step: int = step,
                     option: str = option) -> tuple[Any, dict[str, Any]]:
                walk = walk_cls(name, mode="your-turn")
                walk.go(step)
                board = walk.widget().board
                return board, {"kind": "choose", "option": option, "rev": board.rev,
                               "game": board.game_serial}

            ms, calls = measure(make, repeat)
            out.append((f"{name} step {step + 1}", ms, calls))
    return out


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the checkout to measure (default: this one)")
    parser.add_argument("--decisions", type=int, default=30,
                        help="plain clicks: how many decisions of a seeded game (30)")
    parser.add_argument("--repeat", type=int, default=7,
                        help="fresh boards timed per click; the median is kept (7)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.repo.resolve()))
    plain = plain_clicks(args.decisions, args.repeat)
    walks = walkthrough_clicks(args.repeat)
    print(f"checkout: {args.repo.resolve()}")
    for label, rows in (("plain board click", [(ms, c) for ms, c in plain]),
                        ("walkthrough step (your turn)", [(ms, c) for _n, ms, c in walks])):
        ms = [r[0] for r in rows]
        calls = [float(r[1]) for r in rows]
        print(f"{label:30s} n={len(rows):3d}  ms median {statistics.median(ms):6.2f}  "
              f"p95 {percentile(ms, 95):6.2f}  calls median {statistics.median(calls):8.0f}  "
              f"p95 {percentile(calls, 95):8.0f}")
    plain_ms = statistics.median(r[0] for r in plain)
    plain_calls = statistics.median(r[1] for r in plain)
    walk_ms = statistics.median(r[1] for r in walks)
    walk_calls = statistics.median(r[2] for r in walks)
    print(f"walkthrough / plain: {walk_ms / plain_ms:.2f}x the milliseconds, "
          f"{walk_calls / plain_calls:.2f}x the calls (goal: at most 2x)")
    for name, step_ms, step_calls in walks:
        print(f"  {name:28s} {step_ms:6.2f} ms  {step_calls:7d} calls")


if __name__ == "__main__":
    main()
