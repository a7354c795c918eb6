"""The real-browser harness: Debian's Chromium driven by Playwright, notebooks served by Voila.

Fixtures for browser tests (every test in this folder is marked ``browser``):

- ``served_notebook(path) -> url``: serves a notebook of this repository with Voila and
  returns the URL that renders it; ``page.goto(url)`` then shows it with live widgets.
  ``path`` is absolute or relative to the repository root, e.g.
  ``served_notebook("notebooks/01_introduction.ipynb")`` or
  ``served_notebook("tests/browser/notebooks/button.ipynb")``.
- ``save_screenshot(page, name) -> Path``: writes ``test-artifacts/<name>.png``.
- ``lab_notebook(path) -> url``: the URL at which a JupyterLab server (one per session, on
  the repository, with the tutor's settings from ``binder/overrides.json``) opens that
  notebook; see ``boardpage.run_all_in_lab`` to run it.
- ``page``, ``browser``, ``context``… from pytest-playwright, launched on the system Chromium.

One Voila server (in folder mode, rooted at the repository) serves the whole session; every
page load starts a fresh kernel that runs the notebook from the top. The server gets a
throwaway HOME and Jupyter folders, listens on 127.0.0.1 on a free port, and logs to
``test-artifacts/voila.log``.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from boardpage import phone_page
from chromium_flags import CHROMIUM_ARGS

from lite import lite_server, lite_site  # noqa: F401 (the JupyterLite site's fixtures)

SERVER_START_TIMEOUT_S = 90.0
BROWSER_DIR = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test collected from this folder as ``browser``."""
    for item in items:
        if BROWSER_DIR in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Path of the system Chromium; missing means skip locally, fail on CI (CI=true)."""
    path = shutil.which("chromium")
    if path is None:
        message = "chromium is not installed (bash scripts/test.sh installs Debian's chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], chromium_path: str
) -> dict[str, Any]:
    """Launch the system Chromium (Playwright never downloads a browser here)."""
    return {**browser_type_launch_args, "executable_path": chromium_path, "args": CHROMIUM_ARGS}


def _free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _throwaway_jupyter_env(base: Path) -> dict[str, str]:
    """The environment for a server: HOME and every Jupyter/IPython folder under ``base``."""
    env = dict(os.environ)
    folders = {
        "HOME": "home",
        "JUPYTER_CONFIG_DIR": "jupyter-config",
        "JUPYTER_DATA_DIR": "jupyter-data",
        "JUPYTER_RUNTIME_DIR": "jupyter-runtime",
        "IPYTHONDIR": "ipython",
    }
    for variable, name in folders.items():
        (base / name).mkdir(parents=True, exist_ok=True)
        env[variable] = str(base / name)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _wait_until_answering(
    url: str, process: subprocess.Popen[bytes], log: Path, name: str = "Voila"
) -> None:
    """Poll ``url`` until it answers 200; fail with the server log if it dies or times out."""
    deadline = time.monotonic() + SERVER_START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"{name} exited with code {process.returncode}:\n{log.read_text()[-4000:]}"
            )
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    raise RuntimeError(f"{name} did not answer at {url} in time:\n{log.read_text()[-4000:]}")


@contextmanager
def _serving(
    name: str, command: list[str], env: dict[str, str], cwd: Path, log: Path, probe: str
) -> Iterator[subprocess.Popen[bytes]]:
    """Run a server ``command`` logging to ``log``; wait until ``probe`` answers; stop it after."""
    with log.open("wb") as log_file:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            _wait_until_answering(probe, process, log, name)
            yield process
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture(scope="session")
def voila_server(
    repo_root: Path, artifacts_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """Start Voila on the whole repository; yield its base URL; stop it after the session."""
    port = _free_port()
    env = _throwaway_jupyter_env(tmp_path_factory.mktemp("voila-home"))
    log = artifacts_dir / "voila.log"
    command = [
        sys.executable,
        "-m",
        "voila",
        str(repo_root),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--show_tracebacks=True",
    ]
    base_url = f"http://127.0.0.1:{port}"
    with _serving("Voila", command, env, repo_root, log, base_url + "/"):
        yield base_url


@pytest.fixture(scope="session")
def served_notebook(voila_server: str, repo_root: Path) -> Callable[[str | Path], str]:
    """Return ``serve(path) -> url``: the URL at which Voila renders that notebook.

    ``path`` is absolute or relative to the repository root and must lie inside it.
    """

    def serve(path: str | Path) -> str:
        notebook = Path(path)
        if not notebook.is_absolute():
            notebook = repo_root / notebook
        notebook = notebook.resolve()
        if not notebook.is_file():
            raise FileNotFoundError(f"no notebook at {notebook}")
        relative = notebook.relative_to(repo_root).as_posix()  # ValueError if outside
        return f"{voila_server}/voila/render/{urllib.parse.quote(relative)}"

    return serve


@pytest.fixture
def save_screenshot(artifacts_dir: Path) -> Callable[..., Path]:
    """Return ``save(page, name, **options) -> path``: a PNG in ``test-artifacts/``.

    Extra keyword arguments go to Playwright's ``page.screenshot`` (e.g. ``full_page=True``).
    """

    def save(page: Any, name: str, **options: Any) -> Path:
        path = artifacts_dir / f"{name}.png"
        page.screenshot(path=str(path), **options)
        return path

    return save


@pytest.fixture(scope="session")
def jupyterlab_server(
    repo_root: Path, artifacts_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """Start JupyterLab on the repository as the tutor does; yield its base URL with token.

    The server reads its settings from a copy of ``binder/overrides.json`` (what
    ``scripts/tutor.sh`` and Binder use), so the tests see the learner's JupyterLab. It gets
    a throwaway HOME and Jupyter folders and logs to ``test-artifacts/jupyterlab.log``.
    """
    port = _free_port()
    token = secrets.token_hex(12)
    base = tmp_path_factory.mktemp("jupyterlab-home")
    env = _throwaway_jupyter_env(base)
    settings = base / "lab-settings"
    settings.mkdir()
    shutil.copy(repo_root / "binder" / "overrides.json", settings / "overrides.json")
    log = artifacts_dir / "jupyterlab.log"
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        "--allow-root",
        f"--ServerApp.root_dir={repo_root}",
        f"--LabApp.app_settings_dir={settings}",
    ]
    base_url = f"http://127.0.0.1:{port}"
    with _serving("JupyterLab", command, env, repo_root, log,
                  f"{base_url}/lab?token={token}"):
        yield f"{base_url}?token={token}"


@pytest.fixture(scope="session")
def lab_notebook(jupyterlab_server: str, repo_root: Path) -> Callable[[str | Path], str]:
    """Return ``open(path) -> url``: the URL at which JupyterLab opens that notebook.

    ``path`` is absolute or relative to the repository root and must lie inside it. JupyterLab
    saves the notebooks it opens: give it copies (in ``test-artifacts/``), never the
    repository's own.
    """
    base, _, query = jupyterlab_server.partition("?")

    def open_(path: str | Path) -> str:
        notebook = Path(path)
        if not notebook.is_absolute():
            notebook = repo_root / notebook
        relative = notebook.resolve().relative_to(repo_root).as_posix()
        # `reset`: a fresh workspace, so no notebook of an earlier test opens beside it
        return f"{base}/lab/tree/{urllib.parse.quote(relative)}?reset&{query}"

    return open_


@pytest.fixture
def phone(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page on a phone (390×844, touch) and its JavaScript errors, which fail the test."""
    yield from phone_page(browser)


@pytest.fixture
def errors(page: Any) -> Iterator[list[str]]:
    """The page's JavaScript errors: a test that asks for this fixture fails on any."""
    found: list[str] = []
    page.on("pageerror", lambda exc: found.append(str(exc)))
    yield found
    assert not found, f"JavaScript errors on the page: {found}"


@pytest.fixture
def blank(page: Any, errors: list[str]) -> Any:
    """A page with board.js and a stand-in model loaded, and no board yet.

    The page is :func:`boardpage.page_html`; JavaScript errors fail the test.
    """
    from boardpage import page_html  # the browser tests' helpers, beside this file

    page.set_viewport_size({"width": 1320, "height": 900})
    page.set_content(page_html())
    page.wait_for_function("() => window.__pb !== undefined")
    return page
