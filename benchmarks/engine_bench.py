"""Engine benchmark: how fast the rules engine plays, and how big its saves are.

Run from the repository root (``python benchmarks/engine_bench.py``; ``--help`` for the
options). Prints medians over repeated runs, on one core:

* random-policy full games per second (wall clock and CPU time), and heuristic games;
* microseconds per decision for ``legal_actions()`` + ``apply()`` (median and 90th
  percentile), and for each alone;
* ``Game.new``, ``Game.copy`` and save → load times;
* the size of a saved game (``Game.to_json``) at the end of a game, and of one state
  snapshot (``GameState.to_dict`` as JSON).

Figures depend on the machine and its load; compare runs made on the same machine.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pavlov_widgets.engine import Game
from pavlov_widgets.sim import HeuristicPolicy, RandomPolicy, policy_rng


def play(seed: int, policy: Callable[[Game, random.Random], Any], name: str) -> Game:
    """One full game with a policy (the simulator's loop, without its checks)."""
    game = Game.new(seed=seed)
    rng = policy_rng(seed, name)
    while not game.is_over:
        game.apply(policy(game, rng))
    return game


def games_per_second(
    seeds: range, policy: Callable[[Game, random.Random], Any], name: str, repeat: int
) -> dict[str, float]:
    """Median games per second (wall and CPU) over ``repeat`` runs of the same seeds."""
    wall, cpu = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        for seed in seeds:
            play(seed, policy, name)
        wall.append(len(seeds) / (time.perf_counter() - w))
        cpu.append(len(seeds) / (time.process_time() - c))
    return {"wall": statistics.median(wall), "cpu": statistics.median(cpu),
            "best_cpu": max(cpu)}


def timed_decisions(seeds: range) -> Iterator[tuple[str, int, float, float]]:
    """Every decision of random games: (op, options offered, µs listing, µs applying).

    ``apply`` includes the automatic rolls and rule steps up to the next decision.
    """
    clock = time.perf_counter_ns
    for seed in seeds:
        game = Game.new(seed=seed)
        rng = policy_rng(seed, "random")
        while not game.is_over:
            op = game.state.pending["op"]  # type: ignore[index]
            t0 = clock()
            options = game.legal_actions()
            t1 = clock()
            choice = rng.choice(options)
            t2 = clock()
            game.apply(choice)
            t3 = clock()
            yield op, len(options), (t1 - t0) / 1000, (t3 - t2) / 1000


def decision_times(seeds: range) -> dict[str, float]:
    """Per-decision microseconds of legal_actions + apply in random games (all decisions)."""
    pairs, legal, applied = [], [], []
    for _, _, listing, applying in timed_decisions(seeds):
        legal.append(listing)
        applied.append(applying)
        pairs.append(listing + applying)
    q = statistics.quantiles(pairs, n=10)
    return {
        "decisions": len(pairs),
        "legal_apply_median_us": statistics.median(pairs),
        "legal_apply_p90_us": q[8],
        "legal_actions_median_us": statistics.median(legal),
        "apply_median_us": statistics.median(applied),
    }


def timed_us(fn: Callable[[], Any], n: int) -> float:
    """Median microseconds of ``fn()`` over ``n`` calls."""
    times = []
    for _ in range(n):
        t = time.perf_counter_ns()
        fn()
        times.append((time.perf_counter_ns() - t) / 1000)
    return statistics.median(times)


def sizes_and_copies(seeds: range) -> dict[str, float]:
    """Save sizes and the cost of new / copy / save-load, over finished random games."""
    saves, snapshots, heuristic_saves = [], [], []
    loads, copies = [], []
    for seed in seeds:
        game = play(seed, RandomPolicy(), "random")
        text = game.to_json()
        saves.append(len(text.encode()))
        snapshots.append(len(json.dumps(game.state.to_dict(), separators=(",", ":")).encode()))
        copies.append(timed_us(game.copy, 5))
        loads.append(timed_us(lambda t=text: Game.from_json(t), 1) / 1000)
    for seed in seeds[:3]:
        heuristic_saves.append(len(play(seed, HeuristicPolicy(), "heuristic").to_json().encode()))
    return {
        "new_game_us": timed_us(lambda: Game.new(seed=1), 50),
        "copy_us": statistics.median(copies),
        "load_ms": statistics.median(loads),
        "saved_game_bytes_random": statistics.median(saves),
        "saved_game_bytes_heuristic": statistics.median(heuristic_saves),
        "state_snapshot_bytes": statistics.median(snapshots),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures (``--json`` for one JSON object)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per run (200)")
    parser.add_argument("--heuristic-games", type=int, default=20,
                        help="heuristic games per run (20)")
    parser.add_argument("--repeat", type=int, default=5, help="runs to take the median of (5)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    figures: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "games": args.games,
        "repeat": args.repeat,
    }
    figures["random_games_per_s"] = games_per_second(seeds, RandomPolicy(), "random",
                                                     args.repeat)
    figures["heuristic_games_per_s"] = games_per_second(
        range(args.seed, args.seed + args.heuristic_games), HeuristicPolicy(), "heuristic",
        max(1, args.repeat // 2),
    )
    figures.update(decision_times(range(args.seed, args.seed + min(args.games, 100))))
    figures.update(sizes_and_copies(range(args.seed, args.seed + min(args.games, 20))))
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    r, h = figures["random_games_per_s"], figures["heuristic_games_per_s"]
    print(f"Pavlov's House engine benchmark (Python {figures['python']}, one core, "
          f"medians of {args.repeat} runs)")
    print(f"  random-policy games/s     {r['wall']:8.1f} wall   {r['cpu']:8.1f} CPU "
          f"(best {r['best_cpu']:.1f}; {args.games} games per run)")
    print(f"  heuristic games/s         {h['wall']:8.1f} wall   {h['cpu']:8.1f} CPU "
          f"({args.heuristic_games} games per run)")
    print(f"  legal_actions + apply     {figures['legal_apply_median_us']:8.1f} us median, "
          f"{figures['legal_apply_p90_us']:.1f} us p90 ({figures['decisions']} decisions)")
    print(f"    legal_actions alone     {figures['legal_actions_median_us']:8.1f} us median")
    print(f"    apply alone             {figures['apply_median_us']:8.1f} us median "
          "(includes the automatic rolls and rule steps that follow)")
    print(f"  Game.new                  {figures['new_game_us']:8.1f} us")
    print(f"  Game.copy (end of game)   {figures['copy_us']:8.1f} us")
    print(f"  save -> load (replay)     {figures['load_ms']:8.2f} ms")
    print(f"  saved game (random)       {figures['saved_game_bytes_random']:8.0f} bytes")
    print(f"  saved game (heuristic)    {figures['saved_game_bytes_heuristic']:8.0f} bytes")
    print(f"  one state snapshot        {figures['state_snapshot_bytes']:8.0f} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
