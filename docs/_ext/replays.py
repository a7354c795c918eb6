"""Every rulebook walkthrough as a replay in the docs, stepped with no kernel (issue 22).

At the end of an HTML build this extension writes one page per scenario of the registry
(:func:`pavlov_widgets.tutor.content.scenario_names`) to ``replays/<name>.html``: the
example's start and each step of the rulebook's line, narrated, on the board
(:mod:`pavlov_widgets.replay`). The pages share ONE copy of the player with the board
(``_static/replay/replay.js``, a classic script, so a copy of the site opened from disk works
too) and of the board's style sheet, instead of inlining them in each page as a saved replay
does; the docs have a size budget.

The ``replay-list`` directive lists the pages (title, rule section, how many steps), each
linked from wherever the directive stands. Usage in a MyST page::

    ```{replay-list}
    ```
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from pavlov_widgets.replay import BUNDLE, CSS, replay_of
from pavlov_widgets.tutor.content import get_scenario, scenario_names
from pavlov_widgets.tutor.walkthrough import Walkthrough

PAGES_DIR = "replays"
"""The folder of the replay pages in the built site."""

PLAYER_DIR = "_static/replay"
"""The folder of the one shared copy of the player (``replay.js``) and ``board.css``."""

LIST_PAGE = "replays"
"""The docs page that lists the replays (``docs/replays.md``): each replay links back to it."""

BACK_TEXT = "All the replays of the rulebook's examples"
"""The words of the link above each replay page."""


def write_replays(outdir: Path) -> list[Path]:
    """Write the shared player and one replay page per scenario under ``outdir``.

    Returns:
        The pages written, in the registry's order.
    """
    player = outdir / PLAYER_DIR
    player.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(BUNDLE, player / BUNDLE.name)
    shutil.copyfile(CSS, player / CSS.name)
    pages = outdir / PAGES_DIR
    pages.mkdir(parents=True, exist_ok=True)
    up = "../"  # from PAGES_DIR, one folder down, to the site's top
    written = []
    for name in scenario_names():
        page = replay_of(Walkthrough(name)).page(
            script_src=f"{up}{PLAYER_DIR}/{BUNDLE.name}", css_href=f"{up}{PLAYER_DIR}/{CSS.name}",
            home=(f"{up}{LIST_PAGE}.html", BACK_TEXT))
        path = pages / f"{name}.html"
        path.write_text(page, encoding="utf-8")
        written.append(path)
    return written


class ReplayList(SphinxDirective):
    """``replay-list``: a list of the replay pages, one item per rulebook example."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """One item per scenario: its title linked to its page, its rule section and steps."""
        here = self.env.app.builder.get_target_uri(self.env.docname)
        listed = nodes.bullet_list()
        for name in scenario_names():
            scenario = get_scenario(name)
            steps = len(Walkthrough(scenario))
            link = nodes.reference("", scenario.title,
                                   refuri=relative_uri(here, f"{PAGES_DIR}/{name}.html"),
                                   internal=False)
            said = (f" ({scenario.section}; one step)" if steps == 1
                    else f" ({scenario.section}; {steps} steps)")
            listed += nodes.list_item("", nodes.paragraph("", "", link, nodes.Text(said)))
        return [listed]


def _build_finished(app: Sphinx, exception: Exception | None) -> None:
    """Write the pages once the HTML build went well (other builders have no pages)."""
    if exception is None and app.builder.format == "html":
        write_replays(Path(app.outdir))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive and the pages' writer."""
    app.add_directive("replay-list", ReplayList)
    app.connect("build-finished", _build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
