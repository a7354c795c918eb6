"""Board benchmark: how fast the board answers a click, redraws, and how much it syncs.

Run from the repository root with the project's environment::

    .venv/bin/python benchmarks/board_bench.py            # --help for the options

It serves a notebook with one board through Voila on 127.0.0.1 (a local kernel), opens it in
Debian's Chromium (headless, through Playwright) and prints:

* **click → repainted board**: from the click handler sending the intent to the first animation
  frame after the board was redrawn with the kernel's answer (median and 95th percentile over
  ``--clicks`` clicks of a seeded game; target under 100 ms);
* the same seen from outside: Playwright's click until the page shows the new ``data-rev``
  (it adds the automation round trips, so it is an upper bound);
* **the click's phases** (the board times each click on the page's clock): to Python and back
  (the intent sent until the first trait of the answer changed in the browser: the websocket,
  the server, the kernel and the widget manager), waiting for an animation frame, drawing (the
  JavaScript of the redraw), and to the screen (the raster and commit of the canvases until the
  next frame); and the share of the scene canvas repainted (the board repaints only what
  changed; ``--repaint-all`` repaints everything, as before, for comparison);
* **the kernel's share**: ``Board.handle_message`` for the same clicks in this process, plus
  the JSON of the traits it changed (what the comm sends), median and 95th percentile;
* **one full redraw** in JavaScript: the scene canvas, the prompt, buttons and log, and the
  highlight overlay (median and 95th percentile over ``--draws`` redraws; target under 8 ms);
* **bytes per state update**: the JSON of the traits that changed, over a whole seeded game
  played in Python (median, 95th percentile, maximum; target under 20 KB), and the bytes the
  browser's websocket received per click (all kernel messages, framing included).

Figures depend on the machine and its load; compare runs made on the same machine. The raw
numbers go to ``benchmarks/results/board_bench.json`` (ignored by git).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from chromium_flags import CHROMIUM_ARGS  # noqa: E402

from pavlov_widgets.engine import Game  # noqa: E402
from pavlov_widgets.widget import Board  # noqa: E402
from pavlov_widgets.widget.board import sync_state  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q / 100
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def summary(values: list[float]) -> dict[str, float]:
    """Count, median, 95th percentile and maximum."""
    return {
        "n": len(values),
        "median": statistics.median(values) if values else float("nan"),
        "p95": percentile(values, 95),
        "max": max(values) if values else float("nan"),
    }


def pick(options: list[Any], rng: random.Random) -> Any:
    """A seeded player that usually acts rather than ending a phase (as the browser test)."""
    if len(options) > 1 and rng.random() > 0.3:
        return rng.choice(options[:-1])
    return rng.choice(options)


def sync_bytes(seed: int) -> list[float]:
    """JSON bytes of the traits that change, for every update of a whole game in Python."""
    game = Game.new(seed=seed)
    board = Board(game)
    rng = random.Random(seed)
    sizes: list[float] = []
    while not game.is_over:
        before = sync_state(board)
        board.apply(pick(game.legal_actions(), rng).id)
        after = sync_state(board)
        changed = {k: v for k, v in after.items() if before[k] != v}
        sizes.append(len(json.dumps(changed, separators=(",", ":"), ensure_ascii=False)))
    return sizes


def kernel_times(seed: int, clicks: int) -> list[float]:
    """Milliseconds of ``handle_message`` (and the JSON of the changed traits) per click."""
    game = Game.new(seed=seed)
    board = Board(game)
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(clicks):
        if game.is_over:
            break
        choice = pick(board.choice["options"], rng)["id"]
        message = {"kind": "choose", "option": choice, "rev": board.rev,
                   "game": board.game_serial}
        before = sync_state(board)
        start = time.perf_counter()
        board.handle_message(message)
        after = sync_state(board)
        json.dumps({k: v for k, v in after.items() if before[k] != v}, separators=(",", ":"))
        times.append((time.perf_counter() - start) * 1000)
    return times


PHASES = (
    ("to Python and back", "sent", "received"),
    ("waiting for a frame", "received", "drawn"),
    ("drawing (JavaScript)", "drawn", "painted"),
    ("to the screen (raster, next frame)", "painted", "shown"),
)
"""The phases of a click the board times: (name, from, to), keys of its ``phases()``."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_voila(port: int, home: Path, log: Path) -> subprocess.Popen[bytes]:
    """Serve the repository with Voila (throwaway Jupyter folders) and wait until it answers."""
    env = dict(os.environ)
    for variable, name in {
        "HOME": "home",
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "IPYTHONDIR": "ipython",
    }.items():
        (home / name).mkdir(parents=True, exist_ok=True)
        env[variable] = str(home / name)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    command = [
        sys.executable, "-m", "voila", str(ROOT), "--no-browser", f"--port={port}",
        "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=out,
            stderr=subprocess.STDOUT, start_new_session=True,
        )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Voila exited:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                return process
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.25)
    process.terminate()
    raise RuntimeError("Voila did not start in time")


def write_notebook(path: Path, seed: int) -> None:
    """A notebook that shows one board of a seeded game."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        f"from pavlov_widgets import Board\nboard = Board.new(seed={seed})\nboard"
    )]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, path)


def browser_figures(args: argparse.Namespace) -> dict[str, Any]:
    """Play ``args.clicks`` clicks of a seeded game in Chromium and time them; time redraws."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("chromium is not installed (apt-get install chromium)")
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    notebook = artifacts / "board_bench.ipynb"
    write_notebook(notebook, args.seed)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_voila(port, Path(tmp), artifacts / "board_bench_voila.log")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                context = browser.new_context(
                    viewport={"width": args.width, "height": 1000},
                    device_scale_factor=args.dpr,
                )
                if args.repaint_all:
                    context.add_init_script("globalThis.PAVLOV_BOARD_REPAINT_ALL = true")
                page = context.new_page()
                received: list[int] = []
                page.on("websocket", lambda ws: ws.on(
                    "framereceived",
                    lambda payload: received.append(
                        len(payload) if isinstance(payload, (bytes, str)) else 0
                    ),
                ))
                url = f"http://127.0.0.1:{port}/voila/render/test-artifacts/board_bench.ipynb"
                page.goto(url)
                board = page.locator(".pavlov-board").first
                board.wait_for(timeout=120_000)
                page.wait_for_function(
                    "() => document.querySelector('.pavlov-board')?.dataset.rev === '0'",
                    timeout=120_000,
                )
                rng = random.Random(args.seed)
                outside: list[float] = []
                ws_bytes: list[float] = []
                for rev in range(1, args.clicks + 1):
                    if board.get_attribute("data-over") == "1":
                        break
                    options = board.evaluate("el => el.__pavlovBoard.options()")
                    choice = pick(options, rng)["id"]
                    point = board.evaluate("(el, id) => el.__pavlovBoard.reveal(id)", choice)
                    received.clear()
                    start = time.perf_counter()
                    if point is None:
                        board.locator(f".pb-option[data-option='{choice}']").click()
                    else:
                        page.mouse.click(point["x"], point["y"])
                        if point["menu"]:
                            board.locator(f".pb-menu button[data-option='{choice}']").click()
                    page.wait_for_function(
                        f"() => document.querySelector('.pavlov-board').dataset.rev === '{rev}'",
                        polling="raf",
                    )
                    outside.append((time.perf_counter() - start) * 1000)
                    page.wait_for_timeout(30)  # let the trailing frames (ack, idle) arrive
                    ws_bytes.append(float(sum(received)))
                page.wait_for_timeout(100)
                latencies = board.evaluate("el => el.__pavlovBoard.stats().latencies")
                phases = board.evaluate("el => el.__pavlovBoard.phases()")
                board.evaluate("el => el.__pavlovBoard.timeDraws(20)")  # warm up
                timed = board.evaluate(
                    """(el, n) => {
                        const h = el.__pavlovBoard;
                        const out = {total: [], scene: [], dom: [], overlay: []};
                        for (let i = 0; i < n; i++) {
                            out.total.push(h.timeDraws(1, true)[0]);
                            const parts = h.stats().parts;
                            for (const k of ["scene", "dom", "overlay"]) out[k].push(parts[k]);
                        }
                        return out;
                    }""",
                    args.draws,
                )
                draws = timed["total"]
                mode = board.evaluate("el => el.__pavlovBoard.mode()")
                browser.close()
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
    phase_figures = {
        f"phase_{name}": summary([p[end] - p[start] for p in phases])
        for name, start, end in PHASES
    }
    return {
        "click_to_repaint_ms": summary(latencies),
        **phase_figures,
        "scene_share_repainted": summary([100 * p["scene"] for p in phases]),
        "click_to_repaint_seen_by_playwright_ms": summary(outside),
        "redraw_ms": summary(draws),
        "redraw_scene_ms": summary(timed["scene"]),
        "redraw_dom_ms": summary(timed["dom"]),
        "redraw_overlay_ms": summary(timed["overlay"]),
        "websocket_bytes_per_click": summary(ws_bytes),
        "layout": mode,
        "device_pixel_ratio": args.dpr,
        "viewport_width": args.width,
    }


def main() -> None:
    """Run the measurements and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=60, help="clicks to time (default 60)")
    parser.add_argument("--draws", type=int, default=200, help="redraws to time (default 200)")
    parser.add_argument("--seed", type=int, default=3, help="game and player seed (default 3)")
    parser.add_argument("--width", type=int, default=1360, help="browser width (default 1360)")
    parser.add_argument("--dpr", type=float, default=1.0, help="device pixel ratio (default 1)")
    parser.add_argument("--no-browser", action="store_true", help="only the sync sizes")
    parser.add_argument("--repaint-all", action="store_true",
                        help="repaint the whole canvases on every redraw (as before)")
    args = parser.parse_args()

    sizes = sync_bytes(args.seed)
    results: dict[str, Any] = {"sync_bytes_per_update": summary(sizes),
                               "kernel_ms": summary(kernel_times(args.seed, args.clicks))}
    if not args.no_browser:
        results.update(browser_figures(args))

    def line(name: str, key: str, unit: str, target: str = "") -> None:
        s = results[key]
        extra = f"   (target {target})" if target else ""
        print(f"{name:<44} median {s['median']:8.1f} {unit}   p95 {s['p95']:8.1f} {unit}   "
              f"max {s['max']:8.1f} {unit}   n={s['n']}{extra}")

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Board benchmark: seed {args.seed}, Python {sys.version.split()[0]}, "
          f"load average {load}")
    if not args.no_browser:
        print(f"browser: {args.width} px wide, DPR {args.dpr}, {results['layout']} layout"
              f"{', repainting everything' if args.repaint_all else ''}")
        line("click -> repainted board", "click_to_repaint_ms", "ms", "< 100 ms")
        line("  (click -> new rev, seen by Playwright)", "click_to_repaint_seen_by_playwright_ms",
             "ms")
        for name, _start, _end in PHASES:
            line(f"  phase: {name}", f"phase_{name}", "ms")
        line("  share of the scene canvas repainted", "scene_share_repainted", "%")
        line("one full redraw (scene + DOM + overlay)", "redraw_ms", "ms", "< 8 ms")
        line("  of which the scene canvas", "redraw_scene_ms", "ms")
        line("  of which prompt, buttons and log (DOM)", "redraw_dom_ms", "ms")
        line("  of which the highlight overlay", "redraw_overlay_ms", "ms")
        line("websocket bytes received per click", "websocket_bytes_per_click", "B")
    line("kernel: handle_message + JSON (in-process)", "kernel_ms", "ms")
    line("JSON bytes of changed traits per update", "sync_bytes_per_update", "B", "< 20 KB")
    out = ROOT / "benchmarks" / "results"
    out.mkdir(exist_ok=True)
    (out / "board_bench.json").write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
