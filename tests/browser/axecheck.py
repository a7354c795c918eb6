"""axe-core in a real page: run it once, and say whose each violation is (issue 19).

Helpers for ``test_axe.py`` (and for measuring an older commit the same way):

- :func:`run_axe` injects the pinned ``node_modules/axe-core/axe.min.js`` (package.json) into
  a page, runs ``axe.run(document)`` once and returns every violation with its nodes, each
  node marked with the part of the page it belongs to (:data:`OWNERS`): the board, one of the
  tutor's widgets, a notebook's other output or Markdown, or the front end (JupyterLab,
  Voila) around them.
- :func:`record` merges one page's violations into a JSON file of ``test-artifacts/``
  (``axe_before.json``, ``axe_after.json``), keyed by notebook and front end.
- :func:`summary_markdown` turns such a file into a short Markdown table (rule, impact,
  nodes, where); ``python tests/browser/axecheck.py FILE.json`` prints it.

Why whole pages in one pass: axe's page-level rules (landmarks, duplicate region names, ids
unique across the page) only see a problem between two boards or between a board and
JupyterLab when they run on the whole document; and one run per page keeps the time down.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

AXE_JS = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
"""The pinned axe-core (package.json's devDependencies; ``npm ci`` installs it)."""

OWNERS: tuple[tuple[str, str], ...] = (
    ("board", ".pavlov-board"),
    ("walkthrough", ".pavlov-walkthrough"),
    ("exercise", ".pavlov-exercise"),
    ("score", ".pavlov-score"),
    ("coach", ".pavlov-coach"),
    ("lab", ".pavlov-lab"),
    ("chart", ".pavlov-chart, .pavlov-chart-stop, .pavlov-chart-error"),
)
"""The project's parts of a page, innermost first wins (a board inside a walkthrough is the
board's): their CSS classes, as the widgets add them (``add_class``)."""

SERIOUS = ("serious", "critical")
"""The impacts issue 19 forbids on the board and the tutor's widgets."""

RUN_JS = """
async (owners) => {
  // Whose is a node: the innermost of the project's parts holding it, else a notebook's
  // output or Markdown, else the front end's (JupyterLab's or Voila's page around them).
  const whose = (el) => {
    if (!el || !el.closest) return 'front-end';
    let best = null;
    for (const [name, sel] of owners) {
      const hit = el.closest(sel);
      if (hit && (!best || best.hit.contains(hit))) best = {name, hit};
    }
    if (best) return best.name;
    if (el.closest('.jp-OutputArea-output')) return 'output';
    if (el.closest('.jp-MarkdownOutput, .jp-RenderedMarkdown')) return 'markdown';
    return 'front-end';
  };
  const result = await axe.run(document, {resultTypes: ['violations'], elementRef: true});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({
      owner: whose(n.element), impact: n.impact || v.impact,
      target: n.target.map((t) => Array.isArray(t) ? t.join(' >> ') : t).join(' | '),
      html: n.html.slice(0, 160),
      why: (n.failureSummary || '').split('\\n').slice(1, 3).join(' ').trim().slice(0, 200),
    })),
  }));
}
"""
"""Run axe once on the whole document; each node with its owner (see :data:`OWNERS`)."""


def run_axe(page: Any) -> list[dict[str, Any]]:
    """The page's axe violations, each node marked with its owner (see :data:`RUN_JS`)."""
    if not AXE_JS.is_file():
        raise FileNotFoundError(f"{AXE_JS} is missing: run `npm ci` (package.json pins axe-core)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    found: list[dict[str, Any]] = page.evaluate(RUN_JS, [list(o) for o in OWNERS])
    return found


def ours(node: dict[str, Any]) -> bool:
    """Whether a node belongs to the board or one of the tutor's widgets."""
    return node["owner"] in {name for name, _ in OWNERS}


def brief(violations: list[dict[str, Any]], samples: int = 3) -> list[dict[str, Any]]:
    """The violations as saved: rule, impact, node count, count per owner, a few targets."""
    return [{
        "id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": len(v["nodes"]),
        "owners": dict(Counter(n["owner"] for n in v["nodes"])),
        "sample": [{k: n[k] for k in ("owner", "target", "html", "why")}
                   for n in v["nodes"][:samples]],
    } for v in violations]


def record(path: Path, key: str, violations: list[dict[str, Any]]) -> None:
    """Merge one page's violations (:func:`brief`) into the JSON file ``path`` under ``key``."""
    data: dict[str, Any] = json.loads(path.read_text()) if path.is_file() else {}
    data[key] = brief(violations)
    path.write_text(json.dumps(dict(sorted(data.items())), indent=1) + "\n")


def summary_markdown(data: dict[str, list[dict[str, Any]]]) -> str:
    """A Markdown table of a results file: one row per rule and owner, pages summed."""
    rows: Counter[tuple[str, str, str]] = Counter()
    pages: dict[tuple[str, str, str], set[str]] = {}
    for key, violations in data.items():
        for v in violations:
            for owner, count in v["owners"].items():
                row = (v["id"], v["impact"], owner)
                rows[row] += count
                pages.setdefault(row, set()).add(key)
    order = {"critical": 0, "serious": 1, "moderate": 2, "minor": 3}
    lines = [f"Pages: {', '.join(sorted(data))}", "",
             "| rule | impact | where | nodes | pages |", "|---|---|---|---|---|"]
    for (rule, impact, owner), count in sorted(
            rows.items(), key=lambda r: (order.get(r[0][1], 9), r[0][0], r[0][2])):
        lines.append(f"| {rule} | {impact} | {owner} | {count} | "
                     f"{', '.join(sorted(pages[(rule, impact, owner)]))} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(summary_markdown(json.loads(Path(sys.argv[1]).read_text())))
