"""The ``simulate`` command of ``python -m pavlov_widgets``.

``python -m pavlov_widgets simulate --games N --seed S --policy {random,heuristic,fast}
[--variant NAME] [--german-policy NAME] [--json] [--jobs N]`` plays N seeded games (game i
is dealt from seed S + i) and prints the wins, draws and losses, the victory levels, the
score's mean and quartiles, how games were lost (which immediate loss, at which turn), the
mean number of turns and the speed: as text, with a progress bar when the output is a
terminal, or as one JSON object with ``--json``. An engine error stops the run with exit
status 1 and prints the seed and the choices that reproduce it.

``--variant`` takes every variant of ``RuleSettings.for_variant``: ``base``,
``operational-support`` (7.1), ``veteran`` and ``elite`` (7.2) and their combinations,
``cooperative`` (7.3: both Soviet roles play on the one policy, so it plays as the base game),
``competitive`` and ``competitive-three`` (7.4). ``--german-policy`` (``german-heuristic`` by
default, or ``random``) plays the German player of the competitive variants; with any other
variant it is refused with a message saying why.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TextIO

from ..engine import RuleSettings
from .german import GERMAN_POLICIES
from .invariants import check_invariants
from .policies import POLICIES
from .simulate import DEFAULT_GERMAN_POLICY, SimulationError, simulate

EXIT_ERROR = 1
"""Exit status when a game raised an engine (or policy) error."""
EXIT_USAGE = 2
"""Exit status for options that do not go together (as argparse uses for bad options)."""


def variant_names() -> list[str]:
    """The variant names the engine knows (``RuleSettings.for_variant``), ``base`` first."""
    from ..engine import settings as options_mod

    names = list(getattr(options_mod, "VARIANTS", {}) or {})
    return names if "base" in names else ["base", *names]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``simulate`` command's arguments."""
    parser.add_argument("--games", "-n", type=_positive, default=100, metavar="N",
                        help="how many games to play (default 100)")
    parser.add_argument("--seed", "-s", type=_non_negative, default=0, metavar="S",
                        help="seed of the first game; game i uses S + i (default 0)")
    soviet = sorted(n for n in POLICIES if n not in GERMAN_POLICIES or n == "random")
    parser.add_argument("--policy", "-p", choices=soviet, default="random",
                        help="who makes the Soviet side's decisions (default random)")
    parser.add_argument("--variant", "-v", choices=variant_names(), default="base",
                        help="rules variant (default base)")
    parser.add_argument("--german-policy", "-g", choices=sorted(GERMAN_POLICIES), default=None,
                        help="who plays the German player of a competitive variant (7.4; "
                        f"default {DEFAULT_GERMAN_POLICY}); only with --variant competitive "
                        "or competitive-three")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object instead of the text report")
    parser.add_argument("--check", action="store_true",
                        help="check the game's invariants after every decision (slower)")
    parser.add_argument("--no-progress", action="store_true",
                        help="no progress bar even on a terminal")
    parser.add_argument("--jobs", "-j", type=_positive, default=1, metavar="N",
                        help="play on N processes (default 1; the results are the same)")


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the ``simulate`` command; returns the exit status."""
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    variant = None if args.variant == "base" else args.variant
    settings = RuleSettings.for_variant(args.variant) if variant else RuleSettings()
    german = getattr(args, "german_policy", None)
    if german is not None and not settings.competitive:
        print(f"error: --german-policy {german} needs a German player: use it with --variant "
              "competitive or competitive-three (7.4), not --variant "
              f"{args.variant}", file=err)
        return EXIT_USAGE
    bar = None if args.no_progress or not err.isatty() else _ProgressBar(err)
    try:
        summary = simulate(
            args.games, args.seed, args.policy, settings, variant=variant,
            check=check_invariants if args.check else None,
            progress=bar.update if bar else None,
            jobs=args.jobs,
            german_policy=german,
        )
    except SimulationError as exc:
        if bar:
            bar.close()
        print(exc.report(), file=err)
        if args.json:
            print(json.dumps(exc.to_dict()), file=out)
        return EXIT_ERROR
    if bar:
        bar.close()
    if args.json:
        print(json.dumps(summary.to_dict()), file=out)
    else:
        print(summary.format_text(), file=out)
    return 0


class _ProgressBar:
    """A one-line progress bar on a terminal, redrawn at most ten times a second."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream, self.width = stream, width
        self.start = time.perf_counter()
        self.last = 0.0

    def update(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // total
        rate = done / (now - self.start) if now > self.start else 0.0
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] "
                          f"{done}/{total} games, {rate:.0f}/s")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\r" + " " * (self.width + 40) + "\r")
        self.stream.flush()


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _non_negative(text: str) -> int:
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
