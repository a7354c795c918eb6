"""How big the built docs site and the JupyterLite site are, against their budget (issue 22).

A class on school Wi-Fi loads these sites; issue 22 asks for a size budget and a report.
Run from the repository root after building them::

    .venv/bin/python benchmarks/site_size.py                 # docs/_build/html and build/lite
    .venv/bin/python benchmarks/site_size.py --docs /tmp/html --top 15
    .venv/bin/python benchmarks/site_size.py --json          # the same figures as JSON
    .venv/bin/python benchmarks/site_size.py --check         # exit 1 when over budget

For each site that is built it prints the total (MB, files), the largest files, and for the
docs every page's size (the notebook pages are the heavy ones) and the largest folders; then
each figure beside its budget in :data:`BUDGET`, the one place the budget is written. Sphinx's
own build state inside the output folder (``.doctrees``, ``.buildinfo``) is not part of the
site and is not counted, nor is the Lite site the test command copies into the docs' ``lite/``
(it is measured on its own). A site that is not built is reported as such, not as zero.

The Lite site is built by ``scripts/build_lite.sh`` (into ``build/lite``);
``benchmarks/lite_bench.py`` times it in a browser and takes its size from here.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MB = 1_000_000

BUDGET: dict[str, float] = {
    # The docs: 60.3 MB (notebook pages 1.0-4.2 MB) before issue 22 shared the board's
    # script; 35.0 MB after (pages 0.16-0.85 MB; the HTML manager 4.4 MB once, the 22 replay
    # pages 1.7 MB, the API's source pages and reference 16.7 MB).
    "docs total MB": 40.0,
    "docs largest page MB": 1.2,
    # The Lite site: the Pyodide runtime, the wheels and JupyterLab; 42.5 MB when first built.
    "lite total MB": 60.0,
}
"""Budget: figure name -> the most it may be. The one place the budget is written."""

SKIPPED = {".doctrees", ".buildinfo"}
"""Sphinx's build state kept in its output folder: not served, not counted."""


@dataclass
class Site:
    """The files of one built site and their sizes in bytes (paths relative to its folder)."""

    name: str
    folder: Path
    sizes: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """All the site's bytes."""
        return sum(self.sizes.values())

    def largest(self, count: int, suffix: str = "") -> list[tuple[str, int]]:
        """The ``count`` largest files (whose name ends with ``suffix``), largest first."""
        chosen = [(path, size) for path, size in self.sizes.items() if path.endswith(suffix)]
        return sorted(chosen, key=lambda item: (-item[1], item[0]))[:count]

    def folders(self) -> list[tuple[str, int]]:
        """Bytes per top-level folder (files at the top count as ``.``), largest first."""
        totals: dict[str, int] = {}
        for path, size in self.sizes.items():
            top = path.split("/", 1)[0] if "/" in path else "."
            totals[top] = totals.get(top, 0) + size
        return sorted(totals.items(), key=lambda item: (-item[1], item[0]))


def measure(name: str, folder: Path, inside: tuple[str, ...] = ()) -> Site | None:
    """The site built in ``folder`` (less its top-level folders ``inside``), or None."""
    if not folder.is_dir():
        return None
    site = Site(name, folder)
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if (path.is_file() and not SKIPPED.intersection(relative.parts)
                and relative.parts[0] not in inside):
            site.sizes[relative.as_posix()] = path.stat().st_size
    return site


def figures(docs: Site | None, lite: Site | None) -> dict[str, float]:
    """The figures the budget limits, for the sites that are built."""
    found: dict[str, float] = {}
    if docs is not None:
        found["docs total MB"] = docs.total / MB
        pages = docs.largest(1, ".html")
        found["docs largest page MB"] = pages[0][1] / MB if pages else 0.0
    if lite is not None:
        found["lite total MB"] = lite.total / MB
    return found


def over_budget(found: dict[str, float]) -> list[str]:
    """The figures above their budget, as sentences."""
    return [f"{name} is {value:.2f}, over its budget of {BUDGET[name]:g}"
            for name, value in found.items() if value > BUDGET[name]]


def report(site: Site, top: int) -> list[str]:
    """The printed lines for one site."""
    lines = [f"== {site.name}: {site.folder}",
             f"total {site.total / MB:.2f} MB in {len(site.sizes)} files", "largest files:"]
    lines += [f"  {size / MB:8.3f} MB  {path}" for path, size in site.largest(top)]
    if site.name == "docs":
        lines.append("largest folders:")
        lines += [f"  {size / MB:8.3f} MB  {path}/" for path, size in site.folders()[:top]]
        pages = sorted((path, size) for path, size in site.sizes.items()
                       if path.startswith("notebooks/") and path.endswith(".html"))
        lines.append(f"notebook pages ({len(pages)}):")
        lines += [f"  {size / MB:8.3f} MB  {path}" for path, size in pages]
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print the sizes and the budget; with --check, exit 1 when a figure is over it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=Path, default=ROOT / "docs" / "_build" / "html",
                        help="the built docs (default: docs/_build/html)")
    parser.add_argument("--lite", type=Path, default=ROOT / "build" / "lite",
                        help="the built Lite site (default: build/lite)")
    parser.add_argument("--top", type=int, default=10, help="how many largest files to list")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--check", action="store_true",
                        help="exit with status 1 when a figure is over its budget")
    args = parser.parse_args(argv)
    if args.top < 1:
        parser.error(f"--top must be 1 or more, not {args.top}")
    docs, lite = measure("docs", args.docs, inside=("lite",)), measure("lite", args.lite)
    found = figures(docs, lite)
    over = over_budget(found)
    if args.json:
        print(json.dumps({"figures": found, "budget": BUDGET, "over": over,
                          "built": {"docs": docs is not None, "lite": lite is not None}},
                         indent=2))
    else:
        for name, site, folder in (("docs", docs, args.docs), ("lite", lite, args.lite)):
            print("\n".join(report(site, args.top)) if site else
                  f"== {name}: not built ({folder} does not exist)")
            print()
        print("budget:")
        for name, limit in BUDGET.items():
            value = found.get(name)
            shown = "not built" if value is None else f"{value:.2f}"
            verdict = "" if value is None else ("OVER" if value > limit else "ok")
            print(f"  {name:<22} {shown:>10}  (budget {limit:g})  {verdict}")
    return 1 if args.check and over else 0


if __name__ == "__main__":
    sys.exit(main())
