"""What-if lab benchmark: playout speed, the hint's time and advice, a 1,000-game comparison.

Run from the repository root (``python benchmarks/lab_bench.py``; ``--quick`` for a smoke run,
``--help`` for the options). It prints:

* **playout speed** of each policy (random, heuristic, fast): full games per second on one
  core (wall clock and CPU time, medians of the runs), the same seeds for every policy, with
  each policy's results on them; and the heuristic as it was before the speed work (its
  source at :data:`BEFORE_COMMIT`, loaded from git) as the "before" figure;
* **the hint** (:func:`pavlov_widgets.tutor.lab.compare.hint`) on a fixed set of mid-game
  positions (seeded games played a fixed number of decisions in by the heuristic): the time
  of each answer and the median;
* **a 1,000-game comparison** of two options from a mid-game position (``compare`` with both
  cores): wall clock, CPU time of all processes, and playouts per second;
* **agreement**: for each position, does the hint's pick agree with a long comparison of the
  same candidates (``--long-games`` games each)? "agree" when it names the long run's best
  option, "tie" when the long run cannot tell the two apart (paired confidence under 95%),
  "missed (hint said low)" when the long run finds the hint's pick worse but the
  hint had said the options were too close to call (``Hint.decided`` False), "DISAGREE"
  when a hint that chose was wrong. ``benchmarks/hint_calibration.py`` makes the same check
  on 30 positions, many times over, for the calibration table.

Figures depend on the machine and its load: on a shared machine read the CPU figures too.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pavlov_widgets.engine import Game
from pavlov_widgets.sim import HeuristicPolicy, get_policy, play_game, policy_rng
from pavlov_widgets.sim.simulate import play_to_end
from pavlov_widgets.tutor.lab.compare import (
    HINT_BUDGET_S,
    ComparisonResult,
    _best_rated,
    _starts,
    compare,
    hint,
    paired_confidence,
)

ROOT = Path(__file__).resolve().parents[1]

BEFORE_COMMIT = "ba6e0ec29cf46331dbb97cfc8ad5e0e69e6971f6"
"""The last commit of the heuristic before issue 13's speed work (the "before" figures)."""

POSITIONS: tuple[tuple[int, int], ...] = ((24, 200), (13, 200), (19, 240), (11, 240), (8, 240),
                                          (23, 240))
"""(seed, decisions played by the heuristic) of the fixed mid-game positions: turns 9-12 of
games the heuristic goes on to win narrowly or draw, with an Anti-aircraft fire, a First Aid
token, Suppression tokens against an entering counter, a card action, a counter action and a
move to decide."""


def cpu_all() -> float:
    """CPU seconds of this process and of its child processes, finished or still running.

    The hint's warm workers live on between comparisons, so the CPU they spend is read from
    ``/proc`` while they run (Linux; elsewhere only finished children count).
    """
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    live = 0.0
    for child in multiprocessing.active_children():
        try:  # fields 14 and 15 of /proc/<pid>/stat: user and system clock ticks
            fields = Path(f"/proc/{child.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        live += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime + live


def mid_game(seed: int, decisions: int) -> Game:
    """The game of ``seed`` after the heuristic's first ``decisions`` decisions.

    Then on to the first decision with at least two options leading to different positions
    (the hint has something to weigh there).
    """
    game = Game.new(seed=seed)
    policy = HeuristicPolicy()
    rng = policy_rng(seed, "heuristic")
    for _ in range(decisions):
        game.apply(policy(game, rng))
    while len(_starts(game, None, get_policy("fast"), 0)) < 2:
        game.apply(policy(game, rng))
    return game


def before_heuristic() -> Callable[[], Any] | None:
    """The heuristic as it was at :data:`BEFORE_COMMIT` (None without git or that commit)."""
    try:
        source = subprocess.run(
            ["git", "show", f"{BEFORE_COMMIT}:pavlov_widgets/sim/heuristic.py"], cwd=ROOT,
            capture_output=True, text=True, check=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    name = "pavlov_widgets.sim._heuristic_before"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "pavlov_widgets.sim"
    sys.modules[name] = module
    exec(compile(source, f"{BEFORE_COMMIT[:7]}:heuristic.py", "exec"), module.__dict__)
    cls: Callable[[], Any] = module.HeuristicPolicy
    return cls


def playout_speed(games: int, repeat: int) -> dict[str, dict[str, float]]:
    """Full games per second (one core) of each policy on the same seeds, and their results."""
    makers: dict[str, Callable[[], Any]] = {
        name: functools.partial(get_policy, name) for name in ("random", "heuristic", "fast")}
    before = before_heuristic()
    if before is not None:
        makers = {"heuristic (before)": before, **makers}
    out: dict[str, dict[str, float]] = {}
    seeds = range(1000, 1000 + games)
    for label, make in makers.items():
        wall, cpu = [], []
        results: list[Any] = []
        for _ in range(repeat):
            w, c = time.perf_counter(), time.process_time()
            results = [play_game(s, make()) for s in seeds]
            wall.append(games / (time.perf_counter() - w))
            cpu.append(games / (time.process_time() - c))
        decisions = sum(r.decisions for r in results)
        out[label] = {
            "wall": statistics.median(wall), "cpu": statistics.median(cpu),
            "us_per_decision": 1e6 / statistics.median(cpu) * games / decisions,
            "win": sum(r.result == "win" for r in results) / games,
            "draw": sum(r.result == "draw" for r in results) / games,
            "mean_score": statistics.fmean(r.score for r in results),
        }
    return out


def mid_game_playouts(positions: list[Game], playouts: int) -> dict[str, float]:
    """CPU milliseconds per playout from the mid-game positions (and the heuristic before)."""
    out: dict[str, float] = {}
    makers: dict[str, Callable[[], Any]] = {
        name: functools.partial(get_policy, name) for name in ("fast", "heuristic")}
    before = before_heuristic()
    if before is not None:
        makers["heuristic (before)"] = before
    for name, make in makers.items():
        out[name] = play_out(positions, playouts, make(), name) * 1000 / (
            playouts * len(positions))
    return out


def play_out(positions: list[Game], playouts: int, policy: Any, name: str) -> float:
    """CPU seconds to play ``playouts`` seeded games to the end from each position."""
    c = time.process_time()
    for game in positions:
        for s in range(playouts):
            branch = game.fork(seed=s, auto_roll=True)
            play_to_end(branch, policy, policy_rng(s, name))
    return time.process_time() - c


def engine_share(positions: list[Game], playouts: int) -> dict[str, float]:
    """CPU ms per mid-game fast playout: the engine's part and the player's judgement.

    The engine's part is everything but the player's call, plus the option listing the
    player asks for inside it (``Game.legal_actions``, timed by a wrapper for this run
    only): what a playout would cost with a player that took no time to think, the floor
    of any lab comparison on this engine.
    """
    policy = get_policy("fast")
    listing = thinking = 0.0

    real_list = Game.legal_actions

    def timed_list(game: Game) -> list[Any]:
        nonlocal listing
        t = time.process_time()
        found = real_list(game)
        listing += time.process_time() - t
        return found

    def timed_policy(game: Game, rng: Any) -> Any:
        nonlocal thinking
        t = time.process_time()
        choice = policy(game, rng)
        thinking += time.process_time() - t
        return choice

    Game.legal_actions = timed_list  # type: ignore[method-assign]
    try:
        total = play_out(positions, playouts, timed_policy, "fast")
    finally:
        Game.legal_actions = real_list  # type: ignore[method-assign]
    n = playouts * len(positions)
    engine = total - thinking + listing
    return {"playout_ms": total * 1000 / n, "engine_ms": engine * 1000 / n,
            "player_ms": (thinking - listing) * 1000 / n}


def candidates(game: Game, keep: int = 3) -> list[str]:
    """The option ids a hint would play out at ``game``: the fast player's best-rated few."""
    fast = get_policy("fast")
    return [s.option_id for s in _best_rated(game, fast, _starts(game, None, fast, 0), keep)]


def timed_comparisons(game: Game, two: list[str], games: int, jobs: int, repeat: int,
                      horizon: int | None) -> dict[str, Any]:
    """Wall and CPU seconds of ``repeat`` runs of one comparison (medians and each run)."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), cpu_all()
        compare(game, two, games=games, jobs=jobs, horizon=horizon)
        walls.append(time.perf_counter() - wall)
        cpus.append(cpu_all() - cpu)
    return {"median_wall_s": statistics.median(walls), "median_cpu_s": statistics.median(cpus),
            "wall_s": walls, "cpu_s": cpus}


def interval(result: ComparisonResult, option: str) -> str:
    """A row's win rate with its interval, and its mean score with its interval."""
    row = result.row(option)
    lo, hi = row.win_rate_interval
    slo, shi = row.mean_score_interval
    return (f"{row.win_rate:4.0%} ({lo:.0%}-{hi:.0%}) {row.mean_score:+6.1f}"
            f"±{(shi - slo) / 2:.1f}")


def horizon_agreement(positions: list[Game], games: int, long_games: int, horizon: int,
                      jobs: int, say: Callable[[str], None], keep: int = 3
                      ) -> list[dict[str, Any]]:
    """Quick (``horizon``) against full-length comparisons of the same candidates.

    For each position: the hint's candidates compared ``games`` times each with the horizon
    (seeds from 0) and ``long_games`` times each to the end (other seeds, from 10,000). The
    quick best is the highest mean score as it stands, the full best the highest win rate.
    "agree" when they name the same option, "tie" when the full run cannot tell the quick
    pick from its best (paired sign test on wins under 95%), else "DISAGREE".
    """
    rows = []
    for (seed, n), game in zip(POSITIONS, positions, strict=False):
        ids = candidates(game, keep)
        quick = compare(game, ids, games=games, jobs=jobs, horizon=horizon)
        full = compare(game, ids, games=long_games, jobs=jobs, seed=10_000)
        qbest, fbest = quick.best(), full.best()
        picked = full.row(qbest.option_id)
        sure = paired_confidence(fbest, picked) if picked is not fbest else 1.0
        verdict = ("agree" if picked is fbest else "tie" if sure < 0.95 else "DISAGREE")
        # how clearly the full run separates its pick from the next best (sign test on wins)
        runner = max((r for r in full.rows if r is not fbest), key=full.rank)
        apart = paired_confidence(fbest, runner)
        op = (game.state.pending or {}).get("op", "")
        say(f"  seed {seed} +{n} (turn {game.turn}, {op}): {verdict}; full run's confidence "
            f"in its pick over the quick pick {sure:.0%}, over the next best {apart:.0%}")
        for r in full.rows:
            mark = ("Q" if r.option_id == qbest.option_id else " ") + (
                "F" if r.option_id == fbest.option_id else " ")
            say(f"    {mark} {r.label[:44]:<44} quick {interval(quick, r.option_id)}  "
                f"full {interval(full, r.option_id)}")
        rows.append({"seed": seed, "decisions": n, "op": op, "candidates": ids,
                     "quick_best": qbest.option_id, "full_best": fbest.option_id,
                     "full_confidence": sure, "full_apart": apart, "verdict": verdict,
                     "quick": quick.to_dict(), "full": full.to_dict()})
    return rows


def quick_section(positions: list[Game], args: argparse.Namespace,
                  say: Callable[[str], None]) -> dict[str, Any]:
    """The horizon's figures: comparison and hint times before/after, and the agreement."""
    out: dict[str, Any] = {}
    if args.agreement_only:
        return {"agreement": agreement(positions, args, say)}
    game = positions[0]
    two = candidates(game)[:2]
    say(f"\nComparison of two options ({', '.join(two)}), {args.compare_games} games EACH "
        f"(so {2 * args.compare_games} playouts), seed {POSITIONS[0][0]} turn {game.turn}, "
        f"{args.jobs} processes, {args.repeat} runs:")
    for label, h in (("full games (before)", None), (f"horizon {args.horizon} (after)",
                                                      args.horizon)):
        f = out[f"comparison_{'full' if h is None else 'horizon'}"] = timed_comparisons(
            game, two, args.compare_games, args.jobs, args.repeat, h)
        say(f"  {label:<22} median {f['median_wall_s']:5.1f} s wall, "
            f"{f['median_cpu_s']:5.1f} s CPU (runs: "
            + ", ".join(f"{w:.1f}" for w in f["wall_s"]) + ")")
    say(f"\nHint (budget {args.budget} s) on {len(positions)} positions, full games against "
        f"horizon {args.horizon}:")
    for label, h in (("full games", None), (f"horizon {args.horizon}", args.horizon)):
        times, played = [], []
        for g in positions:
            t = time.perf_counter()
            answer = hint(g, budget_s=args.budget, jobs=args.jobs, horizon=h)
            times.append(time.perf_counter() - t)
            played.append(answer.result.done)
        out[f"hint_{'full' if h is None else 'horizon'}"] = {
            "median_s": statistics.median(times), "each_s": times, "games": played}
        say(f"  {label:<12} median {statistics.median(times):.2f} s (max {max(times):.2f}), "
            f"games per candidate {min(played)}-{max(played)}")
    if not args.no_agreement:
        out["agreement"] = agreement(positions, args, say)
    return out


def agreement(positions: list[Game], args: argparse.Namespace,
              say: Callable[[str], None]) -> list[dict[str, Any]]:
    """The agreement table of :func:`horizon_agreement`, printed with its summary."""
    say(f"\nAgreement: horizon {args.horizon}, {args.compare_games} games per candidate "
        f"(quick best: highest mean score as it stands) against full-length games, "
        f"{args.long_games} per candidate (full best: highest win rate); the "
        f"{args.candidates} options the fast player rates best. Q = quick pick, "
        "F = full pick; win rate (95%) and mean score ± 95%:")
    rows = horizon_agreement(positions, args.compare_games, args.long_games, args.horizon,
                             args.jobs, say, args.candidates)
    agree = sum(r["verdict"] in ("agree", "tie") for r in rows)
    say(f"  {agree} of {len(rows)} agree or tie; "
        f"{sum(r['verdict'] == 'DISAGREE' for r in rows)} disagree")
    return rows


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures (``--json`` for one JSON object)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per policy speed run (40)")
    parser.add_argument("--repeat", type=int, default=3, help="speed runs per policy (3)")
    parser.add_argument("--positions", type=int, default=len(POSITIONS),
                        help=f"mid-game positions (at most {len(POSITIONS)})")
    parser.add_argument("--compare-games", type=int, default=1000,
                        help="games per option of the two-option comparison (1000)")
    parser.add_argument("--long-games", type=int, default=2000,
                        help="games per candidate of the agreement check (2000)")
    parser.add_argument("--budget", type=float, default=HINT_BUDGET_S,
                        help=f"the hint's budget_s ({HINT_BUDGET_S})")
    parser.add_argument("--jobs", type=int, default=2, help="processes (2)")
    parser.add_argument("--horizon", type=int, default=4,
                        help="turns ahead of the quick comparisons (4)")
    parser.add_argument("--candidates", type=int, default=3,
                        help="options per position in the horizon agreement (3)")
    parser.add_argument("--agreement-only", action="store_true",
                        help="with --only-horizon: the agreement table alone")
    parser.add_argument("--no-agreement", action="store_true",
                        help="with --only-horizon: the timings alone")
    parser.add_argument("--only-horizon", action="store_true",
                        help="only the horizon figures: timings before/after and agreement")
    parser.add_argument("--speed-only", action="store_true",
                        help="only the speed figures: playouts, hints, the 1,000-game "
                             "comparison (no agreement check, no horizon)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: a few games everywhere (figures meaningless)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.repeat, args.positions = 2, 1, 2
        args.compare_games, args.long_games, args.budget = 4, 6, 0.2
    say: Callable[[str], None] = (lambda _: None) if args.json else print
    figures: dict[str, Any] = {}

    say(f"What-if lab benchmark (Python {sys.version.split()[0]}, {args.jobs} processes, "
        f"load average {os.getloadavg()[0]:.1f} at the start)")
    if args.only_horizon:
        chosen = [mid_game(seed, n) for seed, n in POSITIONS[: args.positions]]
        figures["horizon"] = quick_section(chosen, args, say)
        if args.json:
            print(json.dumps(figures, indent=1, default=str))
        return 0
    speed = figures["playout_speed"] = playout_speed(args.games, args.repeat)
    say(f"\nPlayout speed: full games from the start, one core, seeds 1000-{999 + args.games}, "
        f"median of {args.repeat} runs")
    say(f"  {'policy':<20}{'games/s wall':>13}{'games/s CPU':>13}{'us/decision':>13}"
        f"{'wins':>7}{'draws':>7}{'mean score':>12}")
    for label, f in speed.items():
        say(f"  {label:<20}{f['wall']:13.1f}{f['cpu']:13.1f}{f['us_per_decision']:13.0f}"
            f"{f['win']:7.0%}{f['draw']:7.0%}{f['mean_score']:12.1f}")

    positions = [mid_game(seed, n) for seed, n in POSITIONS[: args.positions]]
    per = figures["mid_game_ms_per_playout"] = mid_game_playouts(
        positions, 3 if args.quick else 10)
    say("\nMid-game playouts (CPU ms per playout to the end): "
        + ", ".join(f"{k} {v:.1f}" for k, v in per.items()))
    share = figures["engine_share"] = engine_share(positions, 3 if args.quick else 10)
    floor = 2 * args.compare_games * share["engine_ms"] / 1000 / args.jobs
    say(f"  of a fast playout's {share['playout_ms']:.1f} ms: the engine (listing, applying, "
        f"rolling) {share['engine_ms']:.1f} ms, the player's judgement "
        f"{share['player_ms']:.1f} ms; with a player that took no time, "
        f"{args.compare_games:,} games of each of two options would still take "
        f"{floor:.1f} s on {args.jobs} cores")

    say(f"\nHint (budget {args.budget} s, {args.jobs} processes) on {len(positions)} mid-game "
        "positions")
    hints, times, played = [], [], []
    for (seed, n), game in zip(POSITIONS, positions, strict=False):
        t = time.perf_counter()
        answer = hint(game, budget_s=args.budget, jobs=args.jobs)
        times.append(time.perf_counter() - t)
        hints.append(answer)
        played.append(answer.result.done)
        op = (game.state.pending or {}).get("op", "")
        say(f"  seed {seed:>2} +{n} decisions (turn {game.turn}, {op}): "
            f"{times[-1]:.2f} s  {answer.sentence}")
    figures["hint_s"] = {"median": statistics.median(times), "each": times,
                         "games_per_option": played}
    say(f"  median {statistics.median(times):.2f} s (max {max(times):.2f} s); games per option:"
        f" median {statistics.median(played):.0f} ({min(played)}-{max(played)})")

    game = positions[0]
    two = [r.option_id for r in hints[0].result.rows][:2]
    wall, cpu = time.perf_counter(), cpu_all()
    result = compare(game, two, games=args.compare_games, jobs=args.jobs)
    wall, cpu = time.perf_counter() - wall, cpu_all() - cpu
    figures["comparison"] = {"games": args.compare_games, "options": two, "wall_s": wall,
                             "cpu_s": cpu, "playouts_per_s": 2 * args.compare_games / wall}
    say(f"\nComparison of two options, {args.compare_games} games each, from seed "
        f"{POSITIONS[0][0]} turn {game.turn}: {wall:.1f} s wall, {cpu:.1f} s CPU "
        f"({2 * args.compare_games / wall:.0f} playouts/s; load average "
        f"{os.getloadavg()[0]:.1f})")
    say("  " + result.text().replace("\n", "\n  "))
    if args.speed_only:
        if args.json:
            print(json.dumps(figures, indent=1, default=str))
        return 0

    say(f"\nAgreement: the hint's pick against {args.long_games} games per candidate (other "
        "seeds)")
    say(f"  {'position':<14}{'hint (its confidence)':<36}{'long run best':<28}{'sure':>5}  "
        "verdict")
    rows = []
    for (seed, n), game, answer in zip(POSITIONS, positions, hints, strict=False):
        ids = [r.option_id for r in answer.result.rows]  # the hint's own candidates
        long = compare(game, ids, games=args.long_games, jobs=args.jobs, seed=10_000)
        best = long.best()
        picked = long.row(answer.option_id)
        sure = paired_confidence(best, picked) if picked is not best else 1.0
        if picked is best:
            verdict = "agree"
        elif sure < 0.95:
            verdict = "tie"  # the long run cannot tell them apart either
        elif not answer.decided:
            verdict = "missed (hint said low)"
        else:
            verdict = "DISAGREE"
        rows.append({"seed": seed, "decisions": n, "hint": answer.option_id,
                     "hint_confidence": answer.confidence, "long_best": best.option_id,
                     "confidence": sure, "verdict": verdict})
        mine = f"{answer.label[:28]} ({answer.confidence:.0%})"
        say(f"  {seed:>2} +{n:<9}{mine:<36}{best.label[:27]:<28}{sure:5.0%}  {verdict}")
    figures["agreement"] = rows
    agree = sum(r["verdict"] in ("agree", "tie") for r in rows)
    wrong = sum(r["verdict"] == "DISAGREE" for r in rows)
    say(f"  {agree} of {len(rows)} agree or tie; {wrong} confidently wrong")
    figures["horizon"] = quick_section(positions, args, say)
    if args.json:
        print(json.dumps(figures, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
