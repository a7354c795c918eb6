"""Card-odds benchmark: how long the exact odds of one whole card take (issue 13: < 100 ms).

Run from the repository root (``python benchmarks/card_odds_bench.py``; ``--help`` for the
options). For each kind of card (Sniper, Mortar, artillery, a four-plane Ju 87 with 0, 1, 2
or 3 Anti-aircraft tokens fired and with the heuristic choosing, Machine Gunners, Assault,
Resupply, a Storm Group raid) it computes :func:`pavlov_widgets.tutor.lab.card_odds.card_odds`
once to warm up, then ``--repeat`` times, and prints the median milliseconds per card (wall
clock and CPU time: on a shared machine the CPU time is the steadier figure), with the
positions the count followed and the distinct outcomes it found.

Figures depend on the machine and its load; compare runs made on the same machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pavlov_widgets.engine import Game
from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.tutor.lab.card_odds import card_odds


def _scenario(name: str, moves: int = 0) -> Callable[[], Game]:
    def build() -> Game:
        scenario = get_scenario(name)
        game = scenario.build()
        for move in scenario.moves[:moves]:
            game.apply(move)
        return game

    return build


def _ju87(fired: int) -> Callable[[], Game]:
    """The rulebook's four-plane Ju 87 (AA tokens on 8, 12 and 13), ``fired`` of them fired."""

    def build() -> Game:
        game = get_scenario("ju87").build()
        for loc in (8, 12, 13)[:fired]:
            game.apply(f"aa:{loc}")
        game.apply("fire")
        return game

    return build


CASES: dict[str, Callable[[], Game]] = {
    "sniper": _scenario("sniper"),
    "mortar": _scenario("mortar"),
    "artillery": _scenario("artillery"),
    "ju87, 4 planes, 0 AA": _ju87(0),
    "ju87, 4 planes, 1 AA": _ju87(1),
    "ju87, 4 planes, 2 AA": _ju87(2),
    "ju87, 4 planes, 3 AA": _ju87(3),
    "ju87, heuristic fires": _scenario("ju87"),
    "ju87 on Disrupted 3": _scenario("ju87-disrupted"),
    "ju87 bombs on 18": _scenario("bomb-18"),
    "machine gunners": _scenario("machine-gunners"),
    "assault": _scenario("assault"),
    "resupply": _scenario("resupply"),
    "storm group raid": _scenario("storm-group", moves=6),
}
"""Every kind of card measured, each a function building the game at that card."""


def measure(build: Callable[[], Game], repeat: int) -> dict[str, float]:
    """The median wall-clock milliseconds of ``card_odds`` on one card (after a warm-up)."""
    game = build()
    odds = card_odds(game)
    times, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        card_odds(game)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return {"median_ms": statistics.median(times), "cpu_ms": statistics.median(cpu),
            "max_ms": max(times),
            "positions": odds.positions, "outcomes": len(odds.outcomes)}


def main(argv: list[str] | None = None) -> int:
    """Measure every case and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs per card (median)")
    parser.add_argument("--only", default="", help="only the cases whose name contains this")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = {name: measure(build, max(1, args.repeat))
               for name, build in CASES.items() if args.only in name}
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    print(f"card_odds: median of {args.repeat} runs per card (ms), one core")
    print(f"  {'card':<24} {'median ms':>9} {'cpu ms':>8} {'max ms':>8} {'positions':>9} "
          f"{'outcomes':>8}")
    for name, f in figures.items():
        print(f"  {name:<24} {f['median_ms']:9.1f} {f['cpu_ms']:8.1f} {f['max_ms']:8.1f} "
              f"{f['positions']:9.0f} {f['outcomes']:8.0f}")
    worst = max(figures.values(), key=lambda f: f["median_ms"])["median_ms"] if figures else 0
    print(f"  slowest card: {worst:.1f} ms median (goal: under 100 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
