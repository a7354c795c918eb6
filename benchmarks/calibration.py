"""Calibration tables: the base game for the heuristic and the random player, and every variant.

Run from the repository root::

    python benchmarks/calibration.py --games 2000 --jobs 2       # the packaged components
    python benchmarks/calibration.py --games 2000 --components old/   # a folder of files
    python benchmarks/calibration.py --variants --games 2000 --jobs 2  # the variants' table

It plays the same seeded games with each policy and prints, as Markdown, the table of
``docs/calibration.md``: wins, draws and losses, the victory levels (6.0), the score's mean
and quartiles, the parts of the score, and how games were lost, turn by turn. ``--json``
prints the raw summaries instead.

``--variants`` plays the heuristic in every variant of :data:`VARIANT_RUNS` (7.1-7.4; the
competitive variant against the German heuristic and against the random German player) and
prints one row per variant, then the Operational Support statistics (7.1): how often the
heuristic completes each card when it is face up, what each costs in tokens, and what the
variant costs the house next to the base game on the same seeds.
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

VARIANT_RUNS: tuple[tuple[str, str, str | None], ...] = (
    ("base", "heuristic", None),
    ("operational-support", "heuristic", None),
    ("veteran", "heuristic", None),
    ("elite", "heuristic", None),
    ("cooperative", "heuristic", None),
    ("competitive", "heuristic", "german-heuristic"),
    ("competitive", "heuristic", "random"),
)
"""The variant table's rows: (variant, Soviet policy, German policy or None)."""


def run(policy: str, games: int, seed: int, components: Components,
        variant: str | None, jobs: int = 1, german_policy: str | None = None) -> Summary:
    """The summary of ``games`` games of one policy (per side in a competitive variant)."""
    options = RuleSettings.for_variant(variant) if variant else RuleSettings()
    return simulate(games, seed, policy, options, variant=variant, components=components,
                    jobs=jobs, german_policy=german_policy)


def variant_table(summaries: dict[str, Summary]) -> str:
    """One Markdown row per variant run: results, immediate defeats, score, turns."""
    lines = [
        "| variant | Soviet | German | games | wins | draws | losses | immediate defeats "
        "| score: mean | score: quartiles | turns (mean) |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in summaries.values():
        st = s.score_stats()
        immediate = s.levels.get("Immediate Defeat", 0) / s.games
        lines.append(
            f"| {s.variant} | {s.policy} | {s.german_policy or '—'} | {s.games} "
            f"| {s.rate('win'):.1%} | {s.rate('draw'):.1%} | {s.rate('loss'):.1%} "
            f"| {immediate:.1%} | {st['mean']:.1f} "
            f"| {st['q1']:g} / {st['median']:g} / {st['q3']:g} | {s.mean_turns:.2f} |"
        )
    return "\n".join(lines)


def support_table(support: Summary, base: Summary | None, components: Components) -> str:
    """The Operational Support statistics (7.1): each card taken, its cost, the house's cost.

    ``base`` is the base game on the same seeds: the difference is what the variant does to
    the house (the score without the cards' VP, the defenders left, the immediate defeats).
    """
    cards = components.operational_support
    lines = [
        "| card | VP | tokens | Disrupted-free locations | face up (games) | taken "
        "| taken when face up |",
        "|---|---|---|---|---|---|---|",
    ]
    stats = support.operational_support()
    for cid, card in cards.items():
        info = stats.get(cid, {"seen": 0, "taken": 0, "rate": 0.0})
        tokens = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in card.tokens.items())
        lines.append(f"| {card.name} | {card.vp} | {tokens} | {len(card.locations)} "
                     f"| {info['seen']} | {info['taken']} | {info['rate']:.1%} |")
    n = support.games
    won = [len(r.os_won) for r in support.results]
    vp = [sum(cards[c].vp for c in r.os_won) for r in support.results]
    spent = [sum(sum(cards[c].tokens.values()) for c in r.os_won) for r in support.results]
    lines += [
        "",
        f"Cards completed per game: mean {statistics.fmean(won):.2f} "
        f"(none in {sum(1 for w in won if not w) / n:.1%} of games); their VP: mean "
        f"{statistics.fmean(vp):.2f}; tokens removed from the game for them: mean "
        f"{statistics.fmean(spent):.2f}.",
    ]
    if base is not None and base.games == n:
        without = [r.score - v for r, v in zip(support.results, vp, strict=True)]
        cost = base.score_stats()["mean"] - statistics.fmean(without)
        lines.append(
            f"Against the base game on the same seeds: score {support.score_stats()['mean']:.2f} "
            f"vs {base.score_stats()['mean']:.2f}; without the cards' VP "
            f"{statistics.fmean(without):.2f} (what the rest of the game loses for the cards: "
            f"{cost:+.2f} points, for {statistics.fmean(vp):.2f} VP); defenders at the end "
            f"{statistics.fmean(r.defenders for r in support.results):.1f} vs "
            f"{statistics.fmean(r.defenders for r in base.results):.1f}; Wehrmacht counters "
            f"at the end {statistics.fmean(r.attackers for r in support.results):.1f} vs "
            f"{statistics.fmean(r.attackers for r in base.results):.1f}; immediate defeats "
            f"{support.levels.get('Immediate Defeat', 0) / n:.1%} vs "
            f"{base.levels.get('Immediate Defeat', 0) / n:.1%}."
        )
    return "\n".join(lines)


def variants(games: int, seed: int, components: Components, jobs: int,
             as_json: bool, only: set[str] | None = None) -> int:
    """Play and print the variants' table and the Operational Support statistics.

    ``only``: play just the runs of these variants (e.g. ``{"base", "competitive"}``).
    """
    summaries: dict[str, Summary] = {}
    for variant, policy, german in VARIANT_RUNS:
        if only and variant not in only:
            continue
        key = f"{variant} ({policy} vs {german})" if german else variant
        summaries[key] = run(policy, games, seed, components,
                             None if variant == "base" else variant, jobs, german)
        print(f"... {key}: {summaries[key].elapsed:.0f} s", file=sys.stderr)
    if as_json:
        print(json.dumps({k: s.to_dict() for k, s in summaries.items()}, indent=1))
        return 0
    print(f"Components {components.fingerprint}, seeds {seed}-{seed + games - 1}\n")
    print(variant_table(summaries))
    if "operational-support" in summaries:
        print("\nOperational Support (7.1):\n")
        print(support_table(summaries["operational-support"], summaries.get("base"),
                            components))
    print("\nLosses by turn:\n")
    print(by_turn(summaries))
    return 0


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
    parser.add_argument("--jobs", type=int, default=1, help="processes to play on (1)")
    parser.add_argument("--variants", action="store_true",
                        help="the heuristic in every variant (7.1-7.4) and the Operational "
                        "Support statistics")
    parser.add_argument("--only", default="",
                        help="with --variants: comma-separated variants to play (default all)")
    args = parser.parse_args(argv)
    components = load_components(args.components)
    if args.variants:
        only = {v for v in args.only.split(",") if v} or None
        return variants(args.games, args.seed, components, args.jobs, args.json, only)
    summaries = {
        policy: run(policy, args.games, args.seed, components, args.variant, args.jobs)
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
