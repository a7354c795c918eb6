"""Notebook benchmark: how long the tutor's notebooks take under nbval, each and in all.

Run from the repository root with the project's environment::

    .venv/bin/python benchmarks/notebooks_bench.py              # 3 runs of every notebook
    .venv/bin/python benchmarks/notebooks_bench.py --repeat 1 notebooks/05_*.ipynb

Each run is the test command's own notebook stage (``pytest notebooks/ --nbval-lax``, with
the project's pytest settings), started fresh, so a kernel starts for every notebook as in
CI. It prints, per notebook, the median over the runs of its time (kernel start and every
cell, from pytest's ``--durations`` report), then the median wall-clock time of the whole set.
The issue's goal: the whole set well under two minutes.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DURATION = re.compile(r"^\s*([0-9.]+)s\s+(call|setup|teardown)\s+(\S+?\.ipynb)::")


def one_run(paths: list[str]) -> tuple[float, dict[str, float], str]:
    """One fresh pytest run of the notebooks: wall time, seconds per notebook, its summary."""
    command = [sys.executable, "-m", "pytest", *paths, "-q", "-p", "no:cacheprovider",
               "--durations=0", "--durations-min=0"]
    t0 = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    per: dict[str, float] = defaultdict(float)
    for line in done.stdout.splitlines():
        found = DURATION.match(line)
        if found:
            per[Path(found.group(3)).name] += float(found.group(1))
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr
    if done.returncode != 0:
        sys.exit(f"the notebooks failed under nbval:\n{done.stdout[-3000:]}")
    return wall, dict(per), summary


def main(argv: list[str] | None = None) -> int:
    """Run the notebooks ``--repeat`` times and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", default=["notebooks"],
                        help="notebooks or folders (default: notebooks)")
    parser.add_argument("--repeat", type=int, default=3, help="runs (default 3)")
    args = parser.parse_args(argv)
    walls: list[float] = []
    per: dict[str, list[float]] = defaultdict(list)
    summary = ""
    for i in range(args.repeat):
        wall, times, summary = one_run(args.paths)
        walls.append(wall)
        for name, seconds in times.items():
            per[name].append(seconds)
        print(f"run {i + 1}: {wall:.1f} s ({summary})", flush=True)
    print(f"\nnotebook{'':<32} median s (of {args.repeat})")
    for name in sorted(per):
        print(f"  {name:<38} {statistics.median(per[name]):6.1f}")
    print(f"  {'sum of the notebooks':<38} "
          f"{sum(statistics.median(v) for v in per.values()):6.1f}")
    print(f"whole set, wall clock (pytest started to finished): median "
          f"{statistics.median(walls):.1f} s, min {min(walls):.1f} s, max {max(walls):.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
