"""Where a random game's time goes: per decision, per rule step, and per Python function.

Run from the repository root (``python benchmarks/engine_profile.py``; ``--help`` for the
options). It plays seeded random-policy games and prints three tables:

* each decision (``Engine.ask`` op): how often a game meets it, how many options it offers,
  and the microseconds spent listing its options and applying a choice (``apply`` includes
  the automatic rolls and rule steps up to the next decision) — with each op's share;
* each automatic rule step: calls per game and microseconds per call (the rolls' own
  bookkeeping is not a step, so the step total is less than ``apply``'s);
* with ``--functions N``, the N Python functions with the most time of their own under
  :mod:`cProfile` (which slows calls down, so read it for proportions only);
* with ``--playouts N``, the what-if lab's own work instead (issue 20): N fast-player
  playouts from each of ``lab_bench.py``'s mid-game positions, the CPU time of each
  decision kind split between the player's judgement and the engine (listing the options,
  applying the choice), then the costliest functions under cProfile.

This is the tool behind the engine's speed work: profile, fix the biggest row, check the
game fingerprint is unchanged (the golden tests), measure with ``engine_bench.py``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine_bench import timed_decisions  # the sibling script (run from the repo root)

from pavlov_widgets.engine import Game, machine
from pavlov_widgets.sim import policy_rng


def decision_table(seeds: range) -> list[tuple[str, float, float, float, float]]:
    """(op, per game, options offered, options µs, apply µs) for every decision op."""
    listing: Counter[str] = Counter()
    applying: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    for op, n_options, list_us, apply_us in timed_decisions(seeds):
        listing[op] += list_us
        applying[op] += apply_us
        seen[op] += 1
        offered[op] += n_options
    games = len(seeds)
    return sorted(
        (
            (op, n / games, offered[op] / n, listing[op] / n, applying[op] / n)
            for op, n in seen.items()
        ),
        key=lambda row: -row[1] * (row[3] + row[4]),
    )


def step_table(seeds: range) -> list[tuple[str, float, float]]:
    """(step op, calls per game, µs per call) for every automatic rule step."""
    spent: Counter[str] = Counter()
    calls: Counter[str] = Counter()
    clock = time.perf_counter_ns
    original = dict(machine.STEPS)

    def timed(name: str, fn: machine.StepFn) -> machine.StepFn:
        def run(e: machine.Engine, frame: dict[str, Any]) -> None:
            t = clock()
            fn(e, frame)
            spent[name] += clock() - t
            calls[name] += 1

        return run

    machine.STEPS.update({name: timed(name, fn) for name, fn in original.items()})
    try:
        for seed in seeds:
            game = Game.new(seed=seed)
            rng = policy_rng(seed, "random")
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
    finally:
        machine.STEPS.update(original)
    games = len(seeds)
    return sorted(
        ((op, calls[op] / games, spent[op] / calls[op] / 1000) for op in calls),
        key=lambda row: -row[1] * row[2],
    )


def function_profile(seeds: range, top: int) -> None:
    """Print the ``top`` functions by their own time under cProfile."""
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in seeds:
        game = Game.new(seed=seed)
        rng = policy_rng(seed, "random")
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
    profiler.disable()
    pstats.Stats(profiler).strip_dirs().sort_stats("tottime").print_stats(top)


def playout_table(playouts: int, top: int) -> None:
    """Print where the lab's playouts spend their time (see the module docstring)."""
    from lab_bench import POSITIONS, mid_game  # the sibling script

    from pavlov_widgets.sim import get_policy

    positions = [mid_game(seed, n) for seed, n in POSITIONS]
    judging: Counter[str] = Counter()
    engine: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    clock = time.thread_time_ns
    profiler = cProfile.Profile()
    for game in positions:
        for seed in range(playouts):
            branch = game.fork(seed=seed, auto_roll=True)
            policy, rng = get_policy("fast"), policy_rng(seed, "fast")
            profiler.enable()
            while not branch.is_over:
                op = (branch.state.pending or {}).get("op", "?")
                t = clock()
                choice = policy(branch, rng)  # lists the options, then judges them
                t1 = clock()
                branch.apply(choice)
                engine[op] += clock() - t1
                judging[op] += t1 - t
                seen[op] += 1
            profiler.disable()
    games = playouts * len(positions)
    total = sum(judging.values()) + sum(engine.values())
    print(f"Fast-player playouts from {len(positions)} mid-game positions, {games} games: "
          f"{total / games / 1e6:.1f} ms CPU per playout (under cProfile)")
    print(f"  {'decision':<20}{'per game':>9}{'choose us':>11}{'apply us':>10}{'share':>8}")
    for op in sorted(seen, key=lambda k: -(judging[k] + engine[k])):
        n = seen[op]
        print(f"  {op:<20}{n / games:9.1f}{judging[op] / n / 1000:11.0f}"
              f"{engine[op] / n / 1000:10.0f}{(judging[op] + engine[op]) / total:8.1%}")
    print()
    pstats.Stats(profiler).strip_dirs().sort_stats("tottime").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games (100)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (0)")
    parser.add_argument("--functions", type=int, default=0, metavar="N",
                        help="also print the N functions with the most own time (cProfile)")
    parser.add_argument("--playouts", type=int, default=0, metavar="N",
                        help="profile N fast-player playouts from each mid-game position of "
                             "lab_bench.py instead (the what-if lab's work)")
    args = parser.parse_args(argv)
    if args.playouts:
        playout_table(args.playouts, args.functions or 25)
        return 0
    seeds = range(args.seed, args.seed + args.games)
    Game.new(seed=args.seed)  # warm the per-component lookup tables

    rows = decision_table(seeds)
    total = sum(n * (o + a) for _, n, _, o, a in rows)
    print(f"Decisions, {args.games} random games (us = microseconds; apply includes the "
          "rolls and steps that follow)")
    print(f"  {'decision':<20}{'per game':>9}{'options':>9}{'list us':>9}{'apply us':>10}"
          f"{'share':>8}")
    for op, n, offered, listing, applying in rows:
        share = n * (listing + applying) / total
        print(f"  {op:<20}{n:9.1f}{offered:9.1f}{listing:9.1f}{applying:10.1f}{share:8.1%}")
    print(f"  {'all':<20}{sum(r[1] for r in rows):9.1f}{'':9}{'':9}{'':10}"
          f"   {total / 1000:.2f} ms per game")

    print("\nRule steps (automatic)")
    print(f"  {'step':<24}{'per game':>9}{'us/call':>9}{'us/game':>9}")
    for op, n, per_call in step_table(seeds):
        print(f"  {op:<24}{n:9.1f}{per_call:9.1f}{n * per_call:9.1f}")

    if args.functions:
        print()
        function_profile(seeds, args.functions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
