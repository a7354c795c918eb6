"""``scripts/tutor.sh`` reads its options, checks them, and prints the link that works.

Every test asks ``tutor.sh --print-command`` (or gives it a bad argument), which answers
before anything is installed and starts no server: the port and the token the user gives in
any of JupyterLab's spellings reach ``jupyter lab`` once, in one spelling, and the link names
the same port and token; a bad or busy port stops it with exit status 2 and a message naming
the option and the value. The parsing itself is :mod:`pavlov_widgets.tutor.launch`.
"""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from pavlov_widgets.tutor import launch

REPO = Path(__file__).resolve().parent.parent
FIRST = "/lab/tree/my-notebooks/01_introduction.ipynb"


def tutor(*args: str, env: dict[str, str] | None = None,
          root: Path = REPO) -> subprocess.CompletedProcess[str]:
    """Run ``bash scripts/tutor.sh ARGS`` in ``root``.

    PAVLOV_TUTOR_PORT and JUPYTER_TOKEN come from ``env`` only, never from the caller's.
    """
    environ = {k: v for k, v in os.environ.items()
               if k not in ("PAVLOV_TUTOR_PORT", "JUPYTER_TOKEN")}
    environ.update(env or {})
    return subprocess.run(["bash", str(root / "scripts" / "tutor.sh"), *args], cwd=root,
                          env=environ, capture_output=True, text=True, timeout=60, check=False)


def printed(result: subprocess.CompletedProcess[str]) -> tuple[list[str], str]:
    """The command and the link ``--print-command`` printed."""
    assert result.returncode == 0, result.stderr
    lines = dict(line.split(": ", 1) for line in result.stdout.splitlines())
    assert set(lines) == {"command", "link"}, result.stdout
    return shlex.split(lines["command"]), lines["link"]


def spelled(command: list[str], *names: str) -> list[str]:
    """The arguments of ``command`` that set one of the options ``names``."""
    return [arg for arg in command if arg.partition("=")[0] in names]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port something listens on (on 127.0.0.1) for the test's length."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


def test_print_command_gives_jupyter_lab_its_port_and_token_and_the_same_link() -> None:
    result = tutor("--print-command")
    command, link = printed(result)
    assert command[:2] == [".venv/bin/jupyter", "lab"]
    [port] = spelled(command, *launch.PORT_OPTIONS)
    [token] = spelled(command, *launch.TOKEN_OPTIONS)
    port_number, token_value = port.split("=")[1], token.split("=")[1]
    assert re.fullmatch(r"[0-9a-f]{32}", token_value)
    assert link == f"http://localhost:{port_number}{FIRST}?token={token_value}"
    assert f"--ServerApp.default_url={FIRST}" in command
    assert "--ServerApp.port_retries=0" in command  # a taken port fails, it never moves
    assert "Installing" not in result.stdout + result.stderr  # answered before installing


@pytest.mark.parametrize("spelling", [
    ["--port", "{port}"], ["--port={port}"], ["--ServerApp.port={port}"],
    ["--ServerApp.port", "{port}"], ["--dry-run", "--port", "{port}"],
])
def test_the_port_in_any_spelling_reaches_jupyter_once_and_the_link(spelling: list[str]) -> None:
    port = free_port()
    args = [arg.format(port=port) for arg in spelling]
    command, link = printed(tutor("--print-command", *args))
    assert spelled(command, *launch.PORT_OPTIONS) == [f"--port={port}"]
    assert link.startswith(f"http://localhost:{port}/lab/tree/")


def test_pavlov_tutor_port_still_chooses_the_port_and_an_option_overrides_it() -> None:
    first, second = free_port(), free_port()
    command, link = printed(tutor("--print-command", env={"PAVLOV_TUTOR_PORT": str(first)}))
    assert spelled(command, *launch.PORT_OPTIONS) == [f"--port={first}"]
    assert f":{first}/" in link
    command, link = printed(tutor("--print-command", "--port", str(second),
                                  env={"PAVLOV_TUTOR_PORT": str(first)}))
    assert spelled(command, *launch.PORT_OPTIONS) == [f"--port={second}"]
    assert f":{second}/" in link


@pytest.mark.parametrize("spelling", [
    ["--token", "s3cret"], ["--token=s3cret"], ["--IdentityProvider.token=s3cret"],
    ["--ServerApp.token=s3cret"], ["--IdentityProvider.token", "s3cret"],
])
def test_the_token_in_any_spelling_reaches_jupyter_once_and_the_link(
        spelling: list[str]) -> None:
    command, link = printed(tutor("--print-command", *spelling))
    assert spelled(command, *launch.TOKEN_OPTIONS) == ["--IdentityProvider.token=s3cret"]
    assert link.endswith("?token=s3cret")


def test_jupyter_token_from_the_environment_is_the_token_of_the_link() -> None:
    command, link = printed(tutor("--print-command", env={"JUPYTER_TOKEN": "fromenv"}))
    assert spelled(command, *launch.TOKEN_OPTIONS) == ["--IdentityProvider.token=fromenv"]
    assert link.endswith("?token=fromenv")


def test_other_arguments_go_to_jupyter_lab_in_their_order() -> None:
    command, link = printed(tutor("--no-browser", "--print-command",
                                  "--ServerApp.ip=0.0.0.0", "--LabApp.dev_mode=False"))
    assert command[-3:] == ["--no-browser", "--ServerApp.ip=0.0.0.0", "--LabApp.dev_mode=False"]
    assert link.startswith("http://localhost:")  # served on every address: this one works


def test_the_link_follows_the_address_base_url_and_certificate() -> None:
    port = free_port()
    command, link = printed(tutor(
        "--print-command", f"--port={port}", "--token=t", "--ip", "127.0.0.1",
        "--ServerApp.base_url=/tutor", "--certfile=/tmp/cert.pem"))
    assert link == f"https://127.0.0.1:{port}/tutor{FIRST}?token=t"
    assert command[-3:] == ["--ip=127.0.0.1", "--ServerApp.base_url=/tutor",
                            "--certfile=/tmp/cert.pem"]


def test_an_empty_token_gives_a_link_without_one() -> None:
    command, link = printed(tutor("--print-command", "--token="))
    assert spelled(command, *launch.TOKEN_OPTIONS) == ["--IdentityProvider.token="]
    assert "token" not in link


@pytest.mark.parametrize(("args", "named"), [
    (["--port", "abc"], "--port abc"),
    (["--port=abc"], "--port=abc"),
    (["--port=0"], "--port=0"),
    (["--port", "65536"], "--port 65536"),
    (["--ServerApp.port=8888.5"], "--ServerApp.port=8888.5"),
    (["--port="], "--port="),
    (["--port", "-1"], "--port -1"),
])
def test_a_port_that_is_not_a_port_is_refused_before_installing(
        args: list[str], named: str) -> None:
    result = tutor(*args)
    assert result.returncode == 2
    assert f"error: {named}: not a port" in result.stderr
    assert "1 to 65535" in result.stderr
    assert result.stdout == ""  # no link, no "Installing ..."


def test_a_bad_pavlov_tutor_port_is_named() -> None:
    result = tutor("--print-command", env={"PAVLOV_TUTOR_PORT": "99999"})
    assert result.returncode == 2
    assert "PAVLOV_TUTOR_PORT=99999: not a port" in result.stderr


def test_a_busy_port_is_refused_naming_it(busy_port: int) -> None:
    for args, named in ([["--port", str(busy_port)], f"--port {busy_port}"],
                        [[f"--ServerApp.port={busy_port}"], f"--ServerApp.port={busy_port}"]):
        result = tutor("--print-command", *args)
        assert result.returncode == 2
        assert f"error: {named}: port {busy_port} is already in use" in result.stderr
        assert result.stdout == ""
    result = tutor(env={"PAVLOV_TUTOR_PORT": str(busy_port)})
    assert result.returncode == 2
    assert f"PAVLOV_TUTOR_PORT={busy_port}: port {busy_port} is already in use" in result.stderr


def test_a_busy_port_is_skipped_when_none_is_given(busy_port: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(launch, "FIRST_PORTS", range(busy_port, busy_port + 1))
    chosen = launch.plan(launch.parse([], environ={})).port
    assert chosen != busy_port  # the system's pick, as no port of FIRST_PORTS is free


@pytest.mark.parametrize("option", ["--port", "--token", "--ServerApp.port"])
def test_an_option_without_its_value_is_refused(option: str) -> None:
    for args in ([option], [option, "--no-browser"]):
        result = tutor(*args)
        assert result.returncode == 2
        assert f"error: {option} needs a value" in result.stderr


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_the_usage(flag: str) -> None:
    result = tutor(flag, "--port", "abc")  # help wins: nothing else is checked
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Usage: bash scripts/tutor.sh")
    for option in ("--port N", "--token T", "--no-browser", "--print-command", "--dry-run",
                   "PAVLOV_TUTOR_PORT", "--help"):
        assert option in result.stdout


def test_the_checks_run_before_anything_is_installed(tmp_path: Path) -> None:
    """In a checkout without .venv, tutor.sh answers with the system Python, creating none."""
    for part in ("scripts/tutor.sh", "scripts/venv.sh", "pavlov_widgets/tutor/launch.py"):
        (tmp_path / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / part, tmp_path / part)
    env = {"PYTHON": sys.executable}
    assert tutor("--port", "abc", root=tmp_path, env=env).returncode == 2
    assert tutor("--help", root=tmp_path, env=env).returncode == 0
    command, _ = printed(tutor("--print-command", "--port=8890", root=tmp_path, env=env))
    assert "--port=8890" in command
    assert not (tmp_path / ".venv").exists()


def test_the_launcher_needs_only_the_standard_library() -> None:
    """tutor.sh runs it before .venv exists, with whatever Python the machine has."""
    tree = ast.parse(Path(launch.__file__).read_text(encoding="utf-8"))
    modules = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names}
    modules |= {node.module or "" for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom)}
    outside = {m for m in modules
               if m.split(".")[0] not in sys.stdlib_module_names | {"__future__"}}
    assert outside == set()


def _requirement(specs: list[str], name: str) -> str:
    """The requirement of ``specs`` for the package ``name`` (without spaces)."""
    [found] = [s.replace(" ", "") for s in specs
               if re.match(rf"{re.escape(name)}\s*([<>=!~;\[]|$)", s)]
    return found


def test_the_tutor_test_and_binder_install_the_same_jupyterlab_voila_and_widgets() -> None:
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    binder = [line.strip() for line in (REPO / "binder" / "requirements.txt").read_text()
              .splitlines() if line.strip() and not line.startswith("#")]
    for name in ("ipywidgets", "jupyterlab", "jupyterlab_widgets", "voila"):
        assert _requirement(extras["tutor"], name) == _requirement(extras["test"], name) == \
            _requirement(binder, name)
