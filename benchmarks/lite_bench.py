"""The JupyterLite site: how big it is, and how long a pupil waits for the first board (issue 22).

Run from the repository root with the project's environment::

    .venv/bin/python benchmarks/lite_bench.py              # 3 runs of notebook 01
    .venv/bin/python benchmarks/lite_bench.py --runs 5 --notebook 05_sniper_and_mortar.ipynb
    .venv/bin/python benchmarks/lite_bench.py --json

It builds the site if it is not fresh (``scripts/build_lite.sh``), serves it on 127.0.0.1 and
prints:

* **the site's size** in MB: the total and the largest files (from ``site_size.py``, the one
  place sizes and their budget are measured), and its parts: the Pyodide runtime, the wheels
  the kernel loads, JupyterLab, the extensions;
* **page open → first board**, as a pupil meets it: a browser with an empty cache opens the
  notebook, the kernel starts (Pyodide, then the preloaded tutor), every cell is run (the
  site's notebooks carry no outputs) and the first board paints; with the time the kernel
  became idle on the way and the MB the page fetched to get there. Then the same page opened
  again in the same browser (its cache warm). Median of ``--runs`` runs; the goal is under 20 s.

Figures depend on the machine and its load (the browser's Python runs on one core); compare
runs made on the same machine. The raw numbers go to ``benchmarks/results/lite_bench.json``
(ignored by git).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from chromium_flags import CHROMIUM_ARGS  # noqa: E402
from site_size import MB, measure  # noqa: E402

from lite import (  # noqa: E402
    KERNEL_IDLE_JS,
    SITE,
    Requests,
    build_site,
    run_all,
    serve,
    start_run_all,
    wait_for_boards,
)

GOAL_S = 20.0
"""Issue 22's goal for page open → first board."""

PARTS = {
    "the Pyodide runtime (static/pyodide/)": "static/pyodide/",
    "the wheels the kernel loads (static/pyodide-lock/)": "static/pyodide-lock/",
    "JupyterLab (build/)": "build/",
    "the extensions (extensions/)": "extensions/",
}
"""The site's parts worth naming: label -> path prefix (the rest is counted as 'the rest')."""


def parts(sizes: dict[str, int]) -> dict[str, int]:
    """Bytes per named part of the site, and the rest."""
    totals = dict.fromkeys([*PARTS, "the rest"], 0)
    for path, size in sizes.items():
        label = next((name for name, prefix in PARTS.items() if path.startswith(prefix)),
                     "the rest")
        totals[label] += size
    return totals


def fetched_bytes(urls: list[str], base: str, site: Path) -> int:
    """The bytes of the site's files behind ``urls`` (each file once)."""
    netloc = urlsplit(base).netloc
    files = set()
    for url in urls:
        parts_ = urlsplit(url)
        if parts_.netloc != netloc:
            continue
        path = unquote(parts_.path).lstrip("/") or "index.html"
        file = site / path
        if file.is_dir():
            file = file / "index.html"
        if file.is_file():
            files.add(file)
    return sum(file.stat().st_size for file in files)


def time_first_board(page: Any, url: str) -> dict[str, float]:
    """Open ``url``, run all cells once the kernel idles; seconds to the kernel and the board."""
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=300_000, polling=100)
    kernel = time.perf_counter() - start
    start_run_all(page)
    wait_for_boards(page, 1, timeout_ms=300_000)
    board = time.perf_counter() - start
    return {"kernel_s": kernel, "board_s": board}


def run_once(browser: Any, base: str, notebook: str) -> dict[str, float]:
    """One cold open (empty cache) and one warm reopen of ``notebook`` in a new context."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        requests = Requests(page)
        url = f"{base}/lab/index.html?path={notebook}"
        cold = time_first_board(page, url)
        fetched = fetched_bytes(requests.urls, base, SITE)
        outside = requests.outside(base)
        # let the run-all finish before reopening, so the next kernel starts alone
        run_all(page)
        page.close()
        warm = time_first_board(context.new_page(), url)
    finally:
        context.close()
    return {
        "kernel_s": cold["kernel_s"],
        "board_s": cold["board_s"],
        "fetched_mb": fetched / MB,
        "outside_requests": float(len(outside)),
        "warm_kernel_s": warm["kernel_s"],
        "warm_board_s": warm["board_s"],
    }


def main(argv: list[str] | None = None) -> int:
    """Build if needed, print the site's size and the first-board times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold opens to time (median)")
    parser.add_argument("--notebook", default="01_introduction.ipynb",
                        help="the notebook to open (a name in the site)")
    parser.add_argument("--top", type=int, default=8, help="how many largest files to list")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error(f"--runs must be 1 or more, not {args.runs}")
    if not (ROOT / "notebooks" / args.notebook).is_file():
        parser.error(f"--notebook {args.notebook!r} is not a notebook of notebooks/")
    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("chromium is not installed (apt-get install chromium)")

    build_site()
    site = measure("lite", SITE)
    if site is None:
        raise SystemExit(f"no site in {SITE} after the build")
    from playwright.sync_api import sync_playwright

    runs = []
    with serve(SITE) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for _ in range(args.runs):
                runs.append(run_once(browser, base, args.notebook))
        finally:
            browser.close()

    def median(key: str) -> float:
        return statistics.median(run[key] for run in runs)

    figures = {
        "site_total_mb": site.total / MB,
        "site_files": len(site.sizes),
        "site_parts_mb": {name: size / MB for name, size in parts(site.sizes).items()},
        "largest_files_mb": {path: size / MB for path, size in site.largest(args.top)},
        "notebook": args.notebook,
        "runs": runs,
        "first_board_s": median("board_s"),
        "kernel_idle_s": median("kernel_s"),
        "fetched_mb": median("fetched_mb"),
        "warm_first_board_s": median("warm_board_s"),
        "outside_requests": max(run["outside_requests"] for run in runs),
        "goal_s": GOAL_S,
    }
    results = ROOT / "benchmarks" / "results"
    results.mkdir(parents=True, exist_ok=True)
    (results / "lite_bench.json").write_text(json.dumps(figures, indent=2) + "\n")
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"Lite site {SITE}: {figures['site_total_mb']:.1f} MB in {len(site.sizes)} files")
    for name, size in figures["site_parts_mb"].items():
        print(f"  {size:6.1f} MB  {name}")
    print("largest files:")
    for path, size in figures["largest_files_mb"].items():
        print(f"  {size:6.2f} MB  {path}")
    print(f"\npage open -> first board, {args.notebook}, median of {args.runs} "
          f"(1366x768, one core for the browser's Python):")
    print(f"  empty cache: kernel idle {figures['kernel_idle_s']:.1f} s, first board "
          f"{figures['first_board_s']:.1f} s (goal < {GOAL_S:g} s: "
          f"{'met' if figures['first_board_s'] < GOAL_S else 'NOT met'}), "
          f"{figures['fetched_mb']:.1f} MB fetched")
    print(f"  warm cache:  first board {figures['warm_first_board_s']:.1f} s")
    print("  each run (cold board s / warm board s): " + ", ".join(
        f"{run['board_s']:.1f}/{run['warm_board_s']:.1f}" for run in runs))
    print(f"  requests that left 127.0.0.1: {int(figures['outside_requests'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
