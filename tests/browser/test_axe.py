"""axe-core on the tutor's notebooks, in Voila and in JupyterLab (issue 19, "Done means").

Notebooks 01 (the board), 05 (walkthroughs, exercises, the score), 12 (variants, two role
boards), 13 (the coach) and 15 (the lab and its charts), each opened once per front end with
every cell run and the boards drawn; axe-core (pinned in package.json) then runs once on the
whole page (:mod:`axecheck`). The test fails on:

- any serious or critical violation with a node in the board or one of the tutor's widgets
  (the walkthrough, exercises, the score, the coach, the lab, its charts);
- any other serious or critical node that :data:`ALLOWED` does not name: a violation of
  JupyterLab's or Voila's own page is allowed only by a named entry (rule, the front end's
  part, the element's selector) that says why it is not ours to fix.

Every page's violations (all impacts, with the owner of each node) go to
``test-artifacts/axe_after.json`` (``AXE_RESULTS`` names another file: ``axe_before.json`` when
measuring an older commit); ``python tests/browser/axecheck.py test-artifacts/axe_after.json``
prints the Markdown summary.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from axecheck import SERIOUS, ours, record, run_axe
from boardpage import RENDER_TIMEOUT_MS, run_all_in_lab
from playwright.sync_api import Page, expect

NOTEBOOKS = ("01_introduction", "05_sniper_and_mortar", "12_variants", "13_coach", "15_lab")
FRONT_ENDS = ("voila", "lab")


@dataclass(frozen=True)
class Allowed:
    """A front end's own violation, not ours to fix: a rule on one part of its page."""

    rule: str
    owner: str
    """``front-end``: JupyterLab's or Voila's page, outside the notebook's outputs."""
    marker: str
    """A piece of the element's CSS selector (axe's ``target``) or of its opening tag."""
    reason: str


ALLOWED: tuple[Allowed, ...] = (
    Allowed("aria-input-field-name", "front-end", 'class="cm-content"',
            "JupyterLab 4.6's cell editors: CodeMirror's role=textbox has no name"),
    Allowed("aria-allowed-attr", "front-end", "<jp-button",
            "JupyterLab's toolbar and file browser buttons (the toolkit's jp-button element, "
            "Voila's 'Render with Voilà' among them) carry aria-pressed on a role that does "
            "not take it"),
    Allowed("aria-required-children", "front-end", ".jp-WindowedPanel-viewport",
            "JupyterLab's notebook is a role=feed whose cells are not role=article"),
    Allowed("button-name", "front-end", ".jp-collapseHeadingButton",
            "JupyterLab's collapse button beside a Markdown heading has no name"),
)
"""The front ends' own serious violations, each with the reason it is not ours."""


def _allowed(rule: str, node: dict[str, Any]) -> Allowed | None:
    return next((a for a in ALLOWED if a.rule == rule and a.owner == node["owner"]
                 and (a.marker in node["target"] or a.marker in node["html"])), None)


def _drawn(page: Page) -> None:
    """Wait until the notebook has run and every board has answered and painted."""
    boards = page.locator(".pavlov-board")
    expect(boards.first).to_have_attribute("data-busy", "0", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.pavlov-board')]"
        ".every((b) => b.getAttribute('data-busy') === '0')", timeout=RENDER_TIMEOUT_MS)
    page.evaluate(
        "() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")


@pytest.mark.parametrize("front_end", FRONT_ENDS)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_no_serious_violation_of_ours(
        page: Page, request: pytest.FixtureRequest, artifacts_dir: Path, notebook: str,
        front_end: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    source = Path("notebooks") / f"{notebook}.ipynb"
    if front_end == "lab":
        copy = artifacts_dir / f"axe-{notebook}.ipynb"  # JupyterLab saves what it opens
        shutil.copy(request.getfixturevalue("repo_root") / source, copy)
        open_lab: Callable[[Path], str] = request.getfixturevalue("lab_notebook")
        run_all_in_lab(page, open_lab(copy), file_browser=True)
    else:
        page.goto(request.getfixturevalue("served_notebook")(source))
        # Voila hides its spinner once every cell has run
        expect(page.locator("#loading")).to_be_hidden(timeout=RENDER_TIMEOUT_MS)
    _drawn(page)
    violations = run_axe(page)
    record(artifacts_dir / os.environ.get("AXE_RESULTS", "axe_after.json"),
           f"{notebook}/{front_end}", violations)

    serious = [(v["id"], n) for v in violations for n in v["nodes"] if n["impact"] in SERIOUS]
    mine = [f"{rule} on {n['owner']}: {n['target']} ({n['why']})"
            for rule, n in serious if ours(n)]
    assert not mine, "serious axe violations of the board or the tutor:\n" + "\n".join(mine)
    unexplained = [f"{rule} on {n['owner']}: {n['target']} {n['html']}"
                   for rule, n in serious if _allowed(rule, n) is None]
    assert not unexplained, ("serious axe violations no entry of ALLOWED explains:\n"
                             + "\n".join(unexplained))
