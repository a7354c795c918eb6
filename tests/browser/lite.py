"""The JupyterLite site in a real browser: build it (or reuse a fresh build), serve it, drive it.

Shared by the Lite browser tests and ``benchmarks/lite_bench.py`` (issue 22). Fixtures
(imported by ``conftest.py``):

- ``lite_site -> Path``: the built site folder; ``bash scripts/build_lite.sh`` runs first and
  does nothing when the site is fresh (``scripts/test.sh`` builds it before pytest).
- ``lite_server -> str``: the site served on 127.0.0.1 on a free port (one server per
  session), e.g. ``"http://127.0.0.1:40123"``.

Helpers for a Playwright ``page``:

- :class:`Requests` ``(page)``: records every request the page (and its workers) makes;
  ``.outside(base)`` lists those not to the site's own host.
- :func:`open_notebook` ``(page, base, "05_sniper_and_mortar.ipynb")``: opens a notebook of
  the site in JupyterLite's lab and waits until its kernel is idle (the tutor is preloaded).
- :func:`run_all` ``(page)``: runs every cell (``runmenu:run-all`` through the app the site
  exposes as ``window.jupyterapp``) and waits until each code cell has run and the kernel
  is idle; :func:`start_run_all` ``(page)`` starts it and returns at once.
- :func:`cell_errors` ``(page)``: every error output of the open notebook's code cells.
- :func:`drawn_boards` ``(page)``: how many boards are on the page with pixels painted;
  :func:`wait_for_boards` ``(page, count)`` waits until at least ``count`` are.
- :func:`stretched_boards` ``(page)``: the boards shown at another size than they were drawn
  for (a stretched or squashed picture), each with both sizes.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SITE = REPO_ROOT / "build" / "lite"
#: a cold kernel in a cold site: Pyodide, the kernel and the tutor's wheels load first
KERNEL_TIMEOUT_MS = 180_000
RUN_TIMEOUT_MS = 300_000


def build_site() -> Path:
    """Build the site with ``scripts/build_lite.sh`` (a no-op when fresh); return its folder."""
    subprocess.run(["bash", str(REPO_ROOT / "scripts" / "build_lite.sh")], check=True)
    return SITE


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files with the types a browser insists on, without logging."""

    # module workers need JavaScript's type for .mjs, and streaming compilation wasm's
    extensions_map = {  # noqa: RUF012 (the base class's own class attribute)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        """Say nothing per request (the tests record requests in the browser)."""


@contextlib.contextmanager
def serve(folder: Path, port: int = 0) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1 (``port`` 0: a free one) in a thread; yield its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="session")
def lite_site() -> Path:
    """The built JupyterLite site (built now unless a fresh build is there)."""
    return build_site()


@pytest.fixture(scope="session")
def lite_server(lite_site: Path) -> Iterator[str]:
    """The site served on 127.0.0.1 for the whole session; yields its base URL."""
    with serve(lite_site) as base:
        yield base


class Requests:
    """Every URL a page requests, its workers' fetches included (Playwright reports them)."""

    def __init__(self, page: Any) -> None:
        self.urls: list[str] = []
        page.context.on("request", lambda request: self.urls.append(request.url))

    def outside(self, base: str) -> list[str]:
        """The requests that went anywhere but ``base``'s host and port.

        ``data:`` and ``blob:`` URLs never leave the browser and are not counted.
        """
        site = urlsplit(base).netloc
        return [
            url
            for url in self.urls
            if urlsplit(url).scheme not in ("data", "blob") and urlsplit(url).netloc != site
        ]


KERNEL_IDLE_JS = """
() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  const context = panel && panel.sessionContext;
  const kernel = context && context.session && context.session.kernel;
  return !!kernel && context.isReady && kernel.status === 'idle';
}
"""

RUN_ALL_JS = """
() => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  // the notebook must have focus for the Run menu's command to act on it
  app.shell.activateById(panel.id);
  return app.commands.execute('runmenu:run-all');
}
"""
"""Runs every cell of the open notebook; returns the command's promise (settled when done)."""

ALL_RAN_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets.filter((cell) => cell.model.type === 'code');
  const ran = cells.every((cell) => cell.model.executionCount !== null &&
    !cell.node.querySelector('.jp-InputPrompt').textContent.includes('*'));
  const kernel = panel.sessionContext.session.kernel;
  return ran && kernel.status === 'idle';
}
"""

CELL_ERRORS_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const found = [];
  panel.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    for (const output of cell.model.outputs.toJSON()) {
      if (output.output_type === 'error') {
        found.push({cell: index, ename: output.ename, evalue: output.evalue});
      }
    }
  });
  return found;
}
"""

DRAWN_BOARDS_JS = """
() => [...document.querySelectorAll('.pavlov-board canvas.pb-scene')].filter((canvas) => {
  if (!canvas.width || !canvas.height) return false;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
  return false;
}).length
"""


def open_notebook(page: Any, base: str, name: str) -> None:
    """Open notebook ``name`` of the site in JupyterLite's lab; wait until its kernel is idle."""
    page.goto(f"{base}/lab/index.html?path={quote(name)}")
    page.wait_for_function(KERNEL_IDLE_JS, timeout=KERNEL_TIMEOUT_MS, polling=250)


def start_run_all(page: Any) -> None:
    """Start running every cell of the open notebook, and return at once."""
    page.evaluate(f"() => {{ ({RUN_ALL_JS})(); }}")


def run_all(page: Any) -> None:
    """Run every cell of the open notebook; wait until each code cell ran and the kernel idles."""
    page.evaluate(RUN_ALL_JS)
    page.wait_for_function(ALL_RAN_JS, timeout=RUN_TIMEOUT_MS, polling=250)


def cell_errors(page: Any) -> list[dict[str, Any]]:
    """Every error output in the open notebook: ``{cell, ename, evalue}`` (cell index)."""
    found: list[dict[str, Any]] = page.evaluate(CELL_ERRORS_JS)
    return found


def drawn_boards(page: Any) -> int:
    """How many boards on the page have painted pixels on their scene canvas."""
    count: int = page.evaluate(DRAWN_BOARDS_JS)
    return count


def wait_for_boards(page: Any, count: int = 1, timeout_ms: float = 60_000) -> int:
    """Wait until at least ``count`` boards have painted; return how many have."""
    page.wait_for_function(
        f"() => ({DRAWN_BOARDS_JS})() >= {int(count)}", timeout=timeout_ms, polling=250
    )
    return drawn_boards(page)


STRETCHED_BOARDS_JS = """
() => {
  const found = [];
  document.querySelectorAll('.pavlov-board canvas.pb-scene').forEach((canvas, index) => {
    const dpr = window.devicePixelRatio || 1;
    const drawn = [canvas.width / dpr, canvas.height / dpr];
    const box = canvas.getBoundingClientRect();
    if (Math.abs(box.width - drawn[0]) > 1 || Math.abs(box.height - drawn[1]) > 1) {
      found.push({board: index, drawn, shown: [box.width, box.height]});
    }
  });
  return found;
}
"""


def stretched_boards(page: Any) -> list[dict[str, Any]]:
    """The boards whose scene is shown at another size than it was drawn for.

    Each is ``{board, drawn: [w, h], shown: [w, h]}`` in CSS pixels; a board drawn for one
    width and shown at another has a stretched or squashed picture.
    """
    found: list[dict[str, Any]] = page.evaluate(STRETCHED_BOARDS_JS)
    return found
