"""Is the hint's confidence what it says? A calibration table on fixed mid-game positions.

Run from the repository root, step by step (each one's results are committed, so a rerun
redoes only what is missing)::

    python benchmarks/hint_calibration.py positions   # the fixed set -> results/hint_positions.json
    python benchmarks/hint_calibration.py positions --count 20 --first-seed 116 --append
    nice python benchmarks/hint_calibration.py reference --jobs 2   # the long runs (CPU-heavy)
    python benchmarks/hint_calibration.py prior       # the prior the hint ships (HINT_PRIOR)
    python benchmarks/hint_calibration.py table       # the hints, and the calibration table
    python benchmarks/hint_calibration.py rescore     # the stored hints, rescored (no games)

* **positions**: 50 mid-game decisions (30 from seeds 101-115, then 20 more from seeds
  116-125 with ``--append``) taken from seeded games played by the heuristic, spread over
  the turns (2-20) and over the kinds of decision (the pending ``op``), each with at least
  two options leading to different positions. Stored as the
  save of the position alone (a :meth:`~pavlov_widgets.engine.Game.fork`, no history), so
  the set stays fixed even if the rules or the heuristic that chose them change.
* **reference**: for each position, the hint's candidates (the options the fast player rates
  best, merged as the hint merges them) played ``--games`` (2,000) whole games each on dice
  seeds from :data:`REFERENCE_SEED` (never a hint's seeds) — the long run the hint is judged
  against. Cached per position in ``results/hint_reference.json``.
* **table**: the hint (:func:`~pavlov_widgets.tutor.lab.compare.hint`) asked ``--repeats``
  times at every position on different seeds; each answer is "right" when the long run's
  best option is the hint's pick, "wrong" when the long run is sure (95%, Holm over its rivals)
  that another option is better, and "tie" when it cannot tell. Each hint's confidence is
  worked out again from its games with the prior fitted on the *other* half of the
  positions (cross-fitted, :func:`rescore`), so no position is judged by a prior that saw
  its own long run. Printed as Markdown: hints grouped by that confidence, with the observed
  share of right (and of not wrong) answers in each bin, and the claim the issue asks for:
  hints that state 80% or more are right at least 95% of the time. ``--games-per-hint N``
  plays exactly N games per candidate instead of the hint's time budget (a reproducible
  table, independent of the machine's load).
* **prior**: prints :data:`~pavlov_widgets.tutor.lab.confidence.HINT_PRIOR` fitted on all
  the long runs (the constant the hint ships; a test checks they agree).
* **rescore**: the stored hints of a table again, with today's prior and formula.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pavlov_widgets.engine import Game
from pavlov_widgets.sim import HeuristicPolicy, get_policy, policy_rng
from pavlov_widgets.tutor.lab.compare import (
    DECIDED,
    HINT_BUDGET_S,
    Row,
    _best_rated,
    _starts,
    compare,
    hint,
    paired_split,
    rival_confidence,
)
from pavlov_widgets.tutor.lab.confidence import HINT_PRIOR, fit_prior, rival_posterior

RESULTS = Path(__file__).resolve().parent / "results"
POSITIONS_FILE = RESULTS / "hint_positions.json"
REFERENCE_FILE = RESULTS / "hint_reference.json"
TABLE_FILE = RESULTS / "hint_calibration.txt"
"""The table of hints on the time budget; with ``--games-per-hint N`` it is
``hint_calibration-N.txt`` (and the hints ``hint_calibration-N.json``), so tables at
several sizes stand side by side."""


def table_files(games_per_hint: int | None) -> tuple[Path, Path]:
    """Where a table and its hints are written (see :data:`TABLE_FILE`)."""
    stem = "hint_calibration" + (f"-{games_per_hint}" if games_per_hint else "")
    return RESULTS / f"{stem}.txt", RESULTS / f"{stem}.json"

REFERENCE_SEED = 1_000_000
"""The long runs' first dice seed (the hints play seeds below :data:`HINT_SEED_STEP` × repeats)."""

HINT_SEED_STEP = 10_000
"""Repeat ``k`` of a hint plays dice seeds from ``k`` × this."""

TURN_BANDS: tuple[tuple[int, int], ...] = ((2, 5), (6, 9), (10, 13), (14, 17), (18, 30))
"""The stretches of the game the positions are spread over (turns, inclusive)."""

BINS: tuple[tuple[float, float], ...] = ((0.0, 0.5), (0.5, 0.65), (0.65, 0.8), (0.8, 0.9),
                                         (0.9, 0.95), (0.95, 1.0001))
"""The stated-confidence bins of the table."""


def candidates(game: Game, keep: int = 3) -> list[str]:
    """The option ids a hint plays out at ``game``: the fast player's best-rated few."""
    fast = get_policy("fast")
    return [s.option_id for s in _best_rated(game, fast, _starts(game, None, fast, 0), keep)]


def make_positions(count: int, first_seed: int) -> list[dict[str, Any]]:
    """``count`` decisions from seeded heuristic games, spread over turn bands and kinds.

    Each game is played to its end by the heuristic; among its decisions with at least two
    distinct options (as the hint merges them), a seeded draw takes one per turn band,
    preferring the kinds of decision the set has least of.
    """
    kinds: dict[str, int] = {}
    chosen: list[dict[str, Any]] = []
    seed = first_seed
    band = 0
    while len(chosen) < count:
        pick = random.Random(f"hint-calibration:{seed}")
        game = Game.new(seed=seed)
        policy, rng = HeuristicPolicy(), policy_rng(seed, "heuristic")
        found: list[tuple[int, str, int]] = []  # (decisions made, op, turn)
        made = 0
        while not game.is_over:
            p = game.state.pending
            if p is not None and p["kind"] == "decision":
                if len(game.legal_ids()) > 1:
                    found.append((made, str(p["op"]), game.turn))
                game.apply(policy(game, rng))
                made += 1
            else:
                game.roll()
        for _ in range(2):  # two positions per game, in the next two turn bands
            lo, hi = TURN_BANDS[band % len(TURN_BANDS)]
            here = [f for f in found if lo <= f[2] <= hi]
            pick.shuffle(here)
            here.sort(key=lambda f: kinds.get(f[1], 0))
            for made_then, op, turn in here:
                replay = replay_to(seed, made_then)
                if len(candidates(replay)) < 2:
                    continue
                kinds[op] = kinds.get(op, 0) + 1
                # the position alone (a fork: no history), so a later change of the rules
                # or of the heuristic cannot replay it differently
                chosen.append({"seed": seed, "decisions": made_then, "turn": turn, "op": op,
                               "save": replay.fork().to_dict()})
                break
            band += 1
            if len(chosen) >= count:
                break
        seed += 1
    return chosen


def replay_to(seed: int, decisions: int) -> Game:
    """The game of ``seed`` after the heuristic's first ``decisions`` decisions."""
    game = Game.new(seed=seed)
    policy, rng = HeuristicPolicy(), policy_rng(seed, "heuristic")
    for _ in range(decisions):
        game.apply(policy(game, rng))
    return game


def load_positions() -> list[dict[str, Any]]:
    """The committed position set."""
    data: list[dict[str, Any]] = json.loads(POSITIONS_FILE.read_text(encoding="utf-8"))
    return data


def position_game(position: dict[str, Any]) -> Game:
    """The game of a stored position."""
    return Game.from_dict(position["save"])


def row_data(row: Row) -> dict[str, Any]:
    """A long run's row, compactly: one letter (w/d/l) and one score per game, seed order."""
    return {"option_id": row.option_id, "label": row.label, "same_as": list(row.same_as),
            "first_seed": row.outcomes[0][0] if row.outcomes else REFERENCE_SEED,
            "results": "".join(r[0] for _, r, _ in row.outcomes),
            "scores": [s for _, _, s in row.outcomes]}


def row_from_data(data: dict[str, Any]) -> Row:
    """A row back from :func:`row_data`."""
    first = int(data["first_seed"])
    word = {"w": "win", "d": "draw", "l": "loss"}
    outcomes = tuple((first + i, word[c], int(s))
                     for i, (c, s) in enumerate(zip(data["results"], data["scores"],
                                                    strict=True)))
    return Row(data["option_id"], data["label"], (data["option_id"],),
               tuple(data["same_as"]), tuple(data["same_as"]), outcomes)


def load_reference() -> dict[str, Any]:
    """The cached long runs, by position key."""
    if not REFERENCE_FILE.exists():
        return {}
    data: dict[str, Any] = json.loads(REFERENCE_FILE.read_text(encoding="utf-8"))
    return data


def position_key(position: dict[str, Any]) -> str:
    """A position's key in the cache: its seed and decisions."""
    return f"{position['seed']}+{position['decisions']}"


def run_reference(games: int, jobs: int, only: int | None) -> None:
    """Play the long runs that are not cached yet, saving after each position."""
    cache = load_reference()
    # the latest turns first: their games are the shortest, so an interrupted run leaves
    # the most positions done
    positions = sorted(load_positions()[:only], key=lambda p: -p["turn"])
    for n, position in enumerate(positions, 1):
        key = position_key(position)
        game = position_game(position)
        ids = candidates(game)
        have = cache.get(key, {})
        if have.get("games", 0) >= games and set(ids) <= {r["option_id"] for r in have["rows"]}:
            continue
        began = time.perf_counter()
        result = compare(game, ids, games=games, seed=REFERENCE_SEED, jobs=jobs)
        cache[key] = {"games": games, "turn": position["turn"], "op": position["op"],
                      "rows": [row_data(r) for r in result.rows]}
        REFERENCE_FILE.write_text(json.dumps(cache, separators=(",", ":")) + "\n",
                                  encoding="utf-8")
        print(f"{n}/{len(positions)} {key} turn {position['turn']} {position['op']}: "
              + ", ".join(f"{r.option_id} {r.win_rate:.1%}" for r in result.rows)
              + f" ({time.perf_counter() - began:.0f} s)", flush=True)


def reference_pairs(cache: dict[str, Any], keys: set[str] | None = None) -> list[tuple[int, int]]:
    """Every pair of candidates' (a, b) telling games in the long runs (of ``keys`` only).

    ``a``: the games the first option won and the second did not, ``b`` the other way (the
    same dice for both): what :func:`~pavlov_widgets.tutor.lab.confidence.fit_prior` reads.
    """
    pairs = []
    for key, entry in sorted(cache.items()):
        if keys is not None and key not in keys:
            continue
        rows = [row_from_data(r) for r in entry["rows"]]
        pairs += [paired_split(first, second) for first, second in combinations(rows, 2)]
    return pairs


def prior_text(prior: tuple[float, ...]) -> str:
    """The prior as the Python constant :data:`~pavlov_widgets.tutor.lab.confidence.HINT_PRIOR`."""
    atoms = [f"{x}," for x in prior]
    lines, line = [], "   "
    for atom in atoms:
        if len(line) + len(atom) + 1 > 95:
            lines.append(line)
            line = "   "
        line += " " + atom
    lines.append(line)
    return "HINT_PRIOR: Prior = (\n" + "\n".join(lines) + "\n)"


def judge(reference: list[Row], pick: str) -> tuple[str, float]:
    """Was a hint's pick right by the long run? ("right"/"tie"/"wrong", the long run's certainty).

    "right" when the pick has the long run's highest win rate; otherwise "wrong" when the long
    run is 95% sure its best beats the pick (the same paired test the hint uses), else "tie".
    """
    by_id = {r.option_id: r for r in reference}
    for r in reference:
        for other in r.same_as:
            by_id.setdefault(other, r)
    best = max(reference, key=lambda r: (r.win_rate, r.mean_score))
    mine = by_id[pick]
    if mine is best:
        return "right", rival_confidence(best, [r for r in reference if r is not best])
    sure = rival_confidence(best, [mine])
    return ("wrong" if sure >= 0.95 else "tie"), sure


def halves(positions: list[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """The positions in two halves (alternately in the stored order, which mixes the turns)."""
    keys = [position_key(p) for p in positions]
    return set(keys[0::2]), set(keys[1::2])


def run_table(repeats: int, games_per_hint: int | None, budget: float, jobs: int,
              fresh: bool = False) -> str:
    """Ask the hints, judge them against the long runs, and return the Markdown table.

    A hint's confidence is worked out again from its games with the prior fitted on the
    *other* half of the positions (:func:`halves`), so no hint is judged with a prior that
    saw its own position's long run; the hint's own number (the shipped prior, fitted on
    all the positions) is kept beside it. Hints already stored for this table (same
    position, same repeat) are kept, not asked again: their picks and games do not depend
    on the prior, so adding positions plays only theirs (``--fresh`` asks every one again).
    """
    cache = load_reference()
    positions = load_positions()
    hints_path = table_files(games_per_hint)[1]
    stored = {} if fresh or not hints_path.exists() else {
        (r["position"], r["repeat"]): r for r in json.loads(
            hints_path.read_text(encoding="utf-8"))}
    rows: list[dict[str, Any]] = []
    for position in positions:
        key = position_key(position)
        if key not in cache:
            continue
        reference = [row_from_data(r) for r in cache[key]["rows"]]
        game = position_game(position)
        for k in range(repeats):
            if (key, k) in stored:
                rows.append(stored[key, k])
                continue
            t = time.perf_counter()
            if games_per_hint is None:
                answer = hint(game, budget_s=budget, jobs=jobs, seed=k * HINT_SEED_STEP)
            else:
                answer = hint(game, budget_s=3600, jobs=jobs, seed=k * HINT_SEED_STEP,
                              max_games=games_per_hint)
            seconds = time.perf_counter() - t
            verdict, sure = judge(reference, answer.option_id)
            best = answer.result.row(answer.option_id)
            splits = [paired_split(best, r) for r in answer.result.rows if r is not best]
            rows.append({"position": key, "turn": position["turn"], "op": position["op"],
                         "repeat": k, "pick": answer.option_id, "splits": splits,
                         "seconds": seconds, "games": answer.result.done,
                         "verdict": verdict, "reference": sure})
    return finish(rows, cache, positions, games_per_hint, budget)


def finish(rows: list[dict[str, Any]], cache: dict[str, Any], positions: list[dict[str, Any]],
           games_per_hint: int | None, budget: float) -> str:
    """Rescore the hints, store them with their table, and return the table."""
    rescore(rows, cache, positions)
    table_path, hints_path = table_files(games_per_hint)
    hints_path.write_text(hints_json(rows), encoding="utf-8")
    text = table(rows, cache, games_per_hint, budget)
    table_path.write_text(text + "\n", encoding="utf-8")
    return text


def hints_json(rows: list[dict[str, Any]]) -> str:
    """The stored hints as JSON, one hint a line (a diff shows which hints changed)."""
    return "[\n" + ",\n".join(json.dumps(r, separators=(",", ":")) for r in rows) + "\n]\n"


def rescore(rows: list[dict[str, Any]], cache: dict[str, Any],
            positions: list[dict[str, Any]]) -> None:
    """Each hint's confidence from its games' splits: cross-fitted, and as the hint says it.

    ``confidence``: with the prior fitted on the other half of the positions (the table's
    bins); ``stated``: with the shipped :data:`HINT_PRIOR` (what the hint says today);
    ``decided``: the cross-fitted confidence reaches :data:`DECIDED`.
    """
    first, second = halves(positions)
    # each half's hints are judged with the prior of the other half's long runs
    first_prior = fit_prior(reference_pairs(cache, second))
    second_prior = fit_prior(reference_pairs(cache, first))
    for r in rows:
        splits = [tuple(x) for x in r["splits"]]
        prior = first_prior if r["position"] in first else second_prior
        r["confidence"] = rival_posterior(splits, prior)
        r["stated"] = rival_posterior(splits, HINT_PRIOR)
        r["decided"] = r["confidence"] >= DECIDED


def table(rows: list[dict[str, Any]], cache: dict[str, Any], games_per_hint: int | None,
          budget: float) -> str:
    """The calibration table of rescored hints (:func:`rescore`) as Markdown."""
    played = [r["games"] for r in rows]
    times = [r["seconds"] for r in rows] if not games_per_hint else []
    how = (f"{games_per_hint} games per candidate" if games_per_hint else
           f"a {budget} s budget (games per candidate: median {statistics.median(played):.0f},"
           f" {min(played)}-{max(played)}; time median {statistics.median(times):.2f} s, "
           f"max {max(times):.2f} s)")
    positions = len({r["position"] for r in rows})
    long_games = min((v["games"] for v in cache.values()), default=0)
    lines = [
        f"{len(rows)} hints on {positions} positions ({how}); reference: {long_games} whole "
        "games per candidate.",
        "",
        "| confidence (cross-fitted) | hints | right | tie | wrong | right share | not wrong "
        "| mean confidence |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for lo, hi in BINS:
        inside = [r for r in rows if lo <= r["confidence"] < hi]
        if not inside:
            continue
        right = sum(r["verdict"] == "right" for r in inside)
        tie = sum(r["verdict"] == "tie" for r in inside)
        wrong = sum(r["verdict"] == "wrong" for r in inside)
        mean = statistics.fmean(r["confidence"] for r in inside)
        lines.append(f"| {lo:.0%}-{min(hi, 1):.0%} | {len(inside)} | {right} | {tie} | {wrong} "
                     f"| {right / len(inside):.0%} | {(right + tie) / len(inside):.0%} "
                     f"| {mean:.0%} |")
    sure = [r for r in rows if r["confidence"] >= 0.8]
    if sure:
        not_wrong = sum(r["verdict"] != "wrong" for r in sure)
        right = sum(r["verdict"] == "right" for r in sure)
        lines += ["", f"Hints at 80% or more: {len(sure)}; right {right} "
                  f"({right / len(sure):.0%}), not wrong (right or a tie the long run cannot "
                  f"tell apart) {not_wrong} ({not_wrong / len(sure):.0%})."]
    shipped = [r for r in rows if r["stated"] >= 0.8]
    if shipped:
        not_wrong = sum(r["verdict"] != "wrong" for r in shipped)
        right = sum(r["verdict"] == "right" for r in shipped)
        lines.append(f"With the shipped prior (fitted on all {positions} positions, this one "
                     f"included), hints stating 80% or more: {len(shipped)}; right {right}, "
                     f"not wrong {not_wrong} ({not_wrong / len(shipped):.0%}).")
    lines.append("Cross-fitted: each hint's confidence worked out with the prior fitted on the "
                 "other half of the positions.")
    close = sum(not r["decided"] for r in rows)
    lines.append(f"Hints saying the options are too close to call: {close} of {len(rows)}.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run one step (``positions``, ``reference``, ``prior``, ``table`` or ``rescore``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("positions", "reference", "prior", "table",
                                         "rescore"))
    parser.add_argument("--count", type=int, default=30, help="positions (30)")
    parser.add_argument("--first-seed", type=int, default=101, help="first game seed (101)")
    parser.add_argument("--games", type=int, default=2000,
                        help="games per candidate of the long runs (2000)")
    parser.add_argument("--fresh", action="store_true",
                        help="table: ask every hint again, not only those not stored")
    parser.add_argument("--append", action="store_true",
                        help="positions: add to the stored set instead of replacing it")
    parser.add_argument("--only", type=int, default=None, help="the first N positions only")
    parser.add_argument("--jobs", type=int, default=2, help="processes (2)")
    parser.add_argument("--repeats", type=int, default=10, help="hints per position (10)")
    parser.add_argument("--games-per-hint", type=int, default=None,
                        help="exactly N games per candidate instead of the time budget")
    parser.add_argument("--budget", type=float, default=HINT_BUDGET_S,
                        help=f"the hint's budget_s ({HINT_BUDGET_S})")
    args = parser.parse_args(argv)
    RESULTS.mkdir(exist_ok=True)
    if args.step == "positions":
        positions = make_positions(args.count, args.first_seed)
        kept = load_positions() if args.append else []
        POSITIONS_FILE.write_text(json.dumps(kept + positions, separators=(",", ":")) + "\n",
                                  encoding="utf-8")
        for p in positions:
            print(f"seed {p['seed']} +{p['decisions']}: turn {p['turn']}, {p['op']}")
    elif args.step == "reference":
        run_reference(args.games, args.jobs, args.only)
    elif args.step == "rescore":  # the stored hints again, with today's prior and formula
        hints_path = table_files(args.games_per_hint)[1]
        rows = json.loads(hints_path.read_text(encoding="utf-8"))
        print(finish(rows, load_reference(), load_positions(), args.games_per_hint,
                     args.budget))
    elif args.step == "prior":
        print(prior_text(fit_prior(reference_pairs(load_reference()))))
    else:
        print(run_table(args.repeats, args.games_per_hint, args.budget, args.jobs, args.fresh))
    return 0


if __name__ == "__main__":
    sys.exit(main())
