"""The command line: ``python -m pavlov_widgets simulate ...`` (also installed as ``pavlov``).

Commands:
    simulate   play many seeded games with a policy and print the statistics
               (see :mod:`pavlov_widgets.sim.cli`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every command."""
    from .sim import cli

    parser = argparse.ArgumentParser(
        prog="python -m pavlov_widgets",
        description="Pavlov's House (DVG 2018) tutor: command-line tools.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    simulate = commands.add_parser(
        "simulate",
        help="play many seeded games and print wins, victory levels, scores, loss causes",
        description="Play N seeded games (game i is dealt from seed S + i) with a policy and "
        "print what they add up to. Exit status 1 when a game raises an error.",
    )
    cli.add_arguments(simulate)
    simulate.set_defaults(handler=cli.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    Usable as a console script (``pavlov = "pavlov_widgets.__main__:main"``).
    """
    args = build_parser().parse_args(argv)
    try:
        status: int = args.handler(args)
    except BrokenPipeError:
        # the reader went away (``... | head``): stop quietly, as command-line tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
