"""How ``scripts/tutor.sh`` opens the tutor: its options, checked, made into a JupyterLab command.

``bash scripts/tutor.sh`` installs the tutor into ``.venv`` and opens JupyterLab at the first
notebook; this module reads its arguments, checks them, and starts ``jupyter lab`` with the
port and the token it chose or was given, so that the link it prints is the one that works::

    bash scripts/tutor.sh [--port N] [--token T] [--no-browser] [--print-command]
                          [other jupyter lab options]

``--port N`` / ``--port=N`` / ``--ServerApp.port=N`` (or ``PAVLOV_TUTOR_PORT=N``) chooses the
port; without one the first free port from 8888 is taken. ``--token T`` / ``--token=T`` /
``--IdentityProvider.token=T`` / ``--ServerApp.token=T`` (or ``JUPYTER_TOKEN``) chooses the
token; without one a random token is made. A port that is not a whole number from 1 to 65535,
or that something already listens on, is an error that names the option and the value
(exit status 2). ``--print-command`` (or ``--dry-run``) prints the ``jupyter lab`` command and
the link and stops; ``--help`` prints the usage. Every other argument (``--no-browser``,
``--ip=0.0.0.0``, ...) goes to ``jupyter lab`` as it is; ``--ip``, ``--ServerApp.base_url``
and ``--certfile`` are also read, for the link.

It needs only the standard library and runs by its path with any Python 3.8 or newer, so
``tutor.sh`` asks it about the arguments (``--preflight``) before installing anything::

    python pavlov_widgets/tutor/launch.py --preflight ARGS...   # check only
    .venv/bin/python pavlov_widgets/tutor/launch.py ARGS...     # print the link, start Lab

Exit statuses: 0 when done (or, with ``--preflight``, when the arguments are fine and the
tutor should be installed and started); 2 for a bad argument; 3, with ``--preflight`` only,
when the help or the command has been printed and there is nothing more to do.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import shlex
import socket
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository's top folder: ``jupyter lab`` runs there."""
JUPYTER = ".venv/bin/jupyter"
"""The ``jupyter`` command of the tutor's environment, relative to :data:`ROOT`."""
FIRST_NOTEBOOK = "my-notebooks/01_introduction.ipynb"
"""The learner's copy of the first notebook (see :mod:`pavlov_widgets.tutor.workspace`)."""
FIRST_PORTS = range(8888, 8988)
"""Where a free port is looked for when none is given (JupyterLab's usual ports)."""
PORT_VARIABLE = "PAVLOV_TUTOR_PORT"
"""The environment variable that chooses the port when no option does."""

EXIT_USAGE = 2
"""Exit status for a bad argument."""
EXIT_ANSWERED = 3
"""Exit status of ``--preflight`` when the help or the command has been printed."""

PORT_OPTIONS = ("--port", "--ServerApp.port")
TOKEN_OPTIONS = ("--token", "--IdentityProvider.token", "--ServerApp.token")
# Read for the link, and passed on to jupyter lab as they are.
IP_OPTIONS = ("--ip", "--ServerApp.ip")
BASE_URL_OPTIONS = ("--ServerApp.base_url",)
CERTFILE_OPTIONS = ("--certfile", "--ServerApp.certfile")
VALUE_OPTIONS = PORT_OPTIONS + TOKEN_OPTIONS + IP_OPTIONS + BASE_URL_OPTIONS + CERTFILE_OPTIONS
ALL_INTERFACES = ("", "*", "0.0.0.0", "::")

USAGE = f"""\
Usage: bash scripts/tutor.sh [options] [jupyter lab options]

Install the tutor into .venv and open it in JupyterLab at the first notebook
({FIRST_NOTEBOOK}, your own copy).

Options:
  --port N            serve on port N (1-65535, free); also --port=N, --ServerApp.port=N,
                      or {PORT_VARIABLE}=N. Default: the first free port from 8888.
  --token T           the token in the link; also --token=T, --IdentityProvider.token=T,
                      --ServerApp.token=T, or JUPYTER_TOKEN=T. Default: a random one.
  --no-browser        do not open a browser (open the printed link yourself).
  --print-command     print the jupyter lab command and the link, then stop (nothing is
                      installed or started); --dry-run is the same.
  -h, --help          print this help.

Any other argument goes to jupyter lab as it is, e.g. --ip=0.0.0.0 to let other devices
of your network connect (they need the link with this machine's address).
"""


class UsageError(Exception):
    """A bad argument: the message names the option and the value."""


@dataclass
class Request:
    """What the arguments ask for, before a port or a token is chosen."""

    port: int | None = None
    port_source: str = ""
    """The option as written (``--port 8890``), for messages about the port."""
    token: str | None = None
    ip: str | None = None
    base_url: str = "/"
    https: bool = False
    passthrough: list[str] = field(default_factory=list)
    """The arguments for ``jupyter lab`` as they were given."""
    help: bool = False
    print_only: bool = False
    preflight: bool = False


@dataclass
class Launch:
    """The ``jupyter lab`` command to run and the link that opens the tutor in it."""

    port: int
    token: str
    request: Request

    @property
    def command(self) -> list[str]:
        """``jupyter lab`` with the port, the token, the first notebook, then the rest."""
        command = [
            JUPYTER, "lab",
            f"--port={self.port}",
            # a port taken after the check is an error, not a quiet move away from the link
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.default_url=/lab/tree/{FIRST_NOTEBOOK}",
        ]
        if _is_root() and "--allow-root" not in self.request.passthrough:
            command.append("--allow-root")  # JupyterLab refuses root without it
        return command + self.request.passthrough

    @property
    def link(self) -> str:
        """The URL that opens the first notebook, token included (when there is one)."""
        ip = self.request.ip
        host = "localhost" if ip is None or ip in ALL_INTERFACES or ip == "localhost" else ip
        if ":" in host:
            host = f"[{host}]"
        scheme = "https" if self.request.https else "http"
        query = f"?token={self.token}" if self.token else ""
        return (f"{scheme}://{host}:{self.port}{self.request.base_url}"
                f"lab/tree/{FIRST_NOTEBOOK}{query}")


def _is_root() -> bool:
    geteuid = getattr(os, "geteuid", None)
    return geteuid is not None and geteuid() == 0


def _port(value: str, source: str) -> int:
    """The port ``value`` names; ``source`` is how it was given, for the message."""
    if not re.fullmatch(r"[0-9]+", value) or not 1 <= int(value) <= 65535:
        raise UsageError(f"{source}: not a port (a port is a whole number from 1 to 65535)")
    return int(value)


def parse(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> Request:
    """Read the arguments of ``tutor.sh`` (and ``PAVLOV_TUTOR_PORT``, ``JUPYTER_TOKEN``).

    Raises:
        UsageError: an option without its value, or a port that is not a port.
    """
    environ = os.environ if environ is None else environ
    request = Request(preflight="--preflight" in argv)
    if "-h" in argv or "--help" in argv:  # the help, whatever else is there
        request.help = True
        return request
    if environ.get(PORT_VARIABLE, "").strip():
        value = environ[PORT_VARIABLE].strip()
        request.port = _port(value, f"{PORT_VARIABLE}={value}")
        request.port_source = f"{PORT_VARIABLE}={value}"
    if environ.get("JUPYTER_TOKEN") is not None:
        request.token = environ["JUPYTER_TOKEN"]
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg in ("--print-command", "--dry-run"):
            request.print_only = True
            continue
        if arg == "--preflight":
            continue
        name, equals, value = arg.partition("=")
        if name not in VALUE_OPTIONS:
            request.passthrough.append(arg)
            continue
        source = arg
        if not equals:  # "--port 8890": the value is the next argument
            if i == len(args) or args[i].startswith("--"):
                raise UsageError(f"{name} needs a value, e.g. {name} {_example(name)}")
            value = args[i]
            source = f"{name} {value}"
            i += 1
        if name in PORT_OPTIONS:
            request.port = _port(value, source)
            request.port_source = source
        elif name in TOKEN_OPTIONS:
            request.token = value
        else:
            request.passthrough.append(f"{name}={value}")
            if name in IP_OPTIONS:
                request.ip = value
            elif name in BASE_URL_OPTIONS:
                request.base_url = "/" + value.strip("/") + "/" if value.strip("/") else "/"
            elif name in CERTFILE_OPTIONS:
                request.https = bool(value)
    return request


def _example(option: str) -> str:
    return "8890" if option in PORT_OPTIONS else "0.0.0.0" if option in IP_OPTIONS else "VALUE"


def _bind_error(port: int, ip: str | None) -> OSError | None:
    """Why JupyterLab could not listen on ``port`` (at ``ip``) now, or None if it could.

    Binds as Tornado does (``SO_REUSEADDR``, every address the host name gives), so a port
    a server listens on is busy and a port just closed is not.
    """
    host = None if ip in ALL_INTERFACES else (ip or "localhost")
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                       flags=socket.AI_PASSIVE)
    except socket.gaierror:
        return None  # an address this machine cannot resolve: JupyterLab will say so
    for family, kind, proto, _, address in addresses:
        with socket.socket(family, kind, proto) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                sock.bind(address)
            except OSError as error:
                if error.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
                    continue  # e.g. no IPv6 here: JupyterLab skips that address too
                return error
    return None


def _free_port(ip: str | None) -> int:
    """The first port from 8888 nothing listens on (else one the system picks)."""
    for port in FIRST_PORTS:
        if _bind_error(port, ip) is None:
            return port
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def plan(request: Request) -> Launch:
    """Choose the port and the token; check that the port is free.

    Raises:
        UsageError: the port asked for is in use, or may not be used.
    """
    if request.port is None:
        port = _free_port(request.ip)
    else:
        port = request.port
        error = _bind_error(port, request.ip)
        if error is not None:
            if error.errno == errno.EADDRINUSE:
                why = (f"port {port} is already in use (another Jupyter server?); choose "
                       "another port, or leave the port out to take a free one")
            elif error.errno == errno.EACCES:
                why = f"port {port} may not be used by this user (ports below 1024 need root)"
            else:
                why = f"cannot listen on port {port}: {error.strerror}"
            raise UsageError(f"{request.port_source}: {why}")
    token = request.token if request.token is not None else secrets.token_hex(16)
    return Launch(port=port, token=token, request=request)


def main(argv: Sequence[str] | None = None) -> int:
    """Run as ``tutor.sh`` does; return the exit status, or start JupyterLab in its place."""
    try:
        request = parse(sys.argv[1:] if argv is None else argv)
        if request.help:
            print(USAGE, end="")
            return EXIT_ANSWERED if request.preflight else 0
        launch = plan(request)
    except UsageError as error:
        print(f"tutor.sh: error: {error}\n(bash scripts/tutor.sh --help for the options)",
              file=sys.stderr)
        return EXIT_USAGE
    if request.print_only:
        print(f"command: {shlex.join(launch.command)}")
        print(f"link: {launch.link}")
        return EXIT_ANSWERED if request.preflight else 0
    if request.preflight:
        return 0
    print(f"\n  The tutor opens at its first notebook (stop it with Ctrl-C):\n\n"
          f"      {launch.link}\n", flush=True)
    os.chdir(ROOT)
    os.execv(ROOT / JUPYTER, launch.command)
    return 0  # not reached: os.execv does not return


if __name__ == "__main__":
    sys.exit(main())
