"""Calibration table: how the base game goes for the heuristic and the random player.

Run from the repository root::

    python benchmarks/calibration.py --games 2000            # the packaged components
    python benchmarks/calibration.py --games 2000 --components old/   # a folder of files

It plays the same seeded games with each policy and prints, as Markdown, the table of
``docs/calibration.md``: wins, draws and losses, the victory levels (6.0), the score's mean
and quartiles, the parts of the score, and how games were lost, turn by turn. ``--json``
prints the raw summaries instead.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pavlov_widgets.engine import Components, RuleSettings, load_components
from pavlov_widgets.sim import Summary, simulate


def run(policy: str, games: int, seed: int, components: Components,
        variant: str | None) -> Summary:
    """The summary of ``games`` games of one policy."""
    options = RuleSettings.for_variant(variant) if variant else RuleSettings()
    return simulate(games, seed, policy, options, variant=variant, components=components)


def table(summaries: dict[str, Summary]) -> str:
    """The Markdown table comparing the policies column by column."""
    names = list(summaries)
    rows: list[tuple[str, list[str]]] = []

    def row(label: str, fn: Any) -> None:
        rows.append((label, [fn(summaries[n]) for n in names]))

    row("games", lambda s: f"{s.games}")
    for key, word in (("win", "wins"), ("draw", "draws"), ("loss", "losses")):
        row(word, lambda s, k=key: f"{s.rate(k):.1%}")
    levels = list(next(iter(summaries.values())).levels)
    for level in levels:
        row(f"· {level}", lambda s, lv=level: f"{s.levels.get(lv, 0) / s.games:.1%}")
    row("score: mean", lambda s: f"{s.score_stats()['mean']:.1f}")
    row("score: quartiles", lambda s: "{q1:g} / {median:g} / {q3:g}".format(**s.score_stats()))
    row("score: min / max", lambda s: "{min:g} / {max:g}".format(**s.score_stats()))
    row("raid VP (mean)", lambda s: f"{statistics.fmean(r.raid_vp for r in s.results):.2f}")
    row("defenders at the end (mean)",
        lambda s: f"{statistics.fmean(r.defenders for r in s.results):.1f}")
    row("Wehrmacht counters at the end (mean)",
        lambda s: f"{statistics.fmean(r.attackers for r in s.results):.1f}")
    row("turns played (mean)", lambda s: f"{s.mean_turns:.2f}")
    causes = sorted({c for s in summaries.values() for c in s.losses()})
    for cause in causes:
        row(f"lost: {cause}", lambda s, c=cause: _loss_cell(s, c))
    header = "| | " + " | ".join(names) + " |"
    rule = "|---|" + "---|" * len(names)
    body = "\n".join(f"| {label} | " + " | ".join(cells) + " |" for label, cells in rows)
    return "\n".join([header, rule, body])


def _loss_cell(s: Summary, cause: str) -> str:
    info = s.losses().get(cause)
    if not info:
        return "0"
    return f"{info['count'] / s.games:.1%} (median turn {info['median_turn']})"


def by_turn(summaries: dict[str, Summary]) -> str:
    """Immediate losses per turn, one line per policy and cause."""
    lines = []
    for name, s in summaries.items():
        for cause, info in s.losses().items():
            turns = ", ".join(f"T{t}: {n}" for t, n in info["by_turn"].items())
            lines.append(f"- {name}, {cause} ({info['count']} games): {turns}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the calibration table (or the raw summaries with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per policy (2000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (1)")
    parser.add_argument("--policies", default="heuristic,random",
                        help="comma-separated policies (heuristic,random)")
    parser.add_argument("--components", type=Path, default=None,
                        help="a folder of component files to use instead of the packaged ones")
    parser.add_argument("--variant", default=None, help="a rules variant (default: base)")
    parser.add_argument("--json", action="store_true", help="print the summaries as JSON")
    args = parser.parse_args(argv)
    components = load_components(args.components)
    summaries = {
        policy: run(policy, args.games, args.seed, components, args.variant)
        for policy in args.policies.split(",")
    }
    if args.json:
        print(json.dumps({k: s.to_dict() for k, s in summaries.items()}, indent=1))
        return 0
    print(f"Components {components.fingerprint}, variant {args.variant or 'base'}, "
          f"seeds {args.seed}-{args.seed + args.games - 1}\n")
    print(table(summaries))
    print("\nLosses by turn:\n")
    print(by_turn(summaries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
