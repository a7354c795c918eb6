"""Bring the tutor notebooks into the Sphinx source folder at build time.

The notebooks live in ``notebooks/`` at the repository root (where JupyterLab, Binder and
nbval find them); Sphinx only reads files under its source folder. When the configuration is
read, this extension mirrors ``../notebooks`` into ``docs/notebooks/`` (git-ignored):
copying, not linking, so it works everywhere, and keeping modification times, so incremental
builds re-read only changed notebooks. Markdown and reST files are left out (they would become
pages of their own); files that disappeared from the source are removed.

It also writes ``docs/notebooks/_toctree.md``, a toctree of the notebooks in file-name order
(or a sentence saying there are none yet), for a page to include::

    ```{include} notebooks/_toctree.md
    ```
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

logger = logging.getLogger(__name__)

IGNORED = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", ".*", "*.md", "*.rst")
TOCTREE_FILE = "_toctree.md"


def mirror_notebooks(source: Path, target: Path) -> list[Path]:
    """Make ``target`` a copy of ``source`` (notebooks and the files beside them).

    Returns the notebooks now in ``target``, sorted. A missing ``source`` gives an empty
    ``target``.
    """
    if target.exists():
        shutil.rmtree(target)
    if not source.is_dir():
        target.mkdir(parents=True)
        return []
    shutil.copytree(source, target, ignore=IGNORED, copy_function=shutil.copy2)
    return sorted(target.rglob("*.ipynb"))


def toctree_markdown(notebooks: list[Path], folder: Path, caption: str) -> str:
    """A MyST toctree of ``notebooks`` (paths inside ``folder``), or a note that none exist."""
    if not notebooks:
        return "The tutor notebooks have not been written yet.\n"
    docnames = (nb.relative_to(folder.parent).with_suffix("").as_posix() for nb in notebooks)
    entries = "\n".join(docnames)
    return f"```{{toctree}}\n:caption: {caption}\n:maxdepth: 1\n\n{entries}\n```\n"


def _on_config_inited(app: Sphinx, config: Config) -> None:
    """Mirror the notebook folder and write its toctree before Sphinx looks for sources."""
    srcdir = Path(app.srcdir)
    source = (srcdir / config.notebook_sources_from).resolve()
    target = srcdir / config.notebook_sources_to
    notebooks = mirror_notebooks(source, target)
    toctree = toctree_markdown(notebooks, target, config.notebook_sources_caption)
    (target / TOCTREE_FILE).write_text(toctree, encoding="utf-8")
    # The toctree file is included by a page, not a page itself.
    config.exclude_patterns = [
        *config.exclude_patterns,
        f"{config.notebook_sources_to}/{TOCTREE_FILE}",
    ]
    logger.info("notebook_sources: %d notebook(s) from %s", len(notebooks), source)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the settings and the copy step."""
    app.add_config_value("notebook_sources_from", "../notebooks", "env", str)
    app.add_config_value("notebook_sources_to", "notebooks", "env", str)
    app.add_config_value("notebook_sources_caption", "Tutor", "env", str)
    app.connect("config-inited", _on_config_inited)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
