"""Sphinx configuration for the pavlov_widgets site.

Pages are MyST Markdown; the tutor notebooks are copied in from ``../notebooks`` at build time
(``_ext/notebook_sources.py``), executed by MyST-NB, and rendered with their widget state so
the board shows without a kernel. The API reference is generated from docstrings and the
component-provenance tables from ``pavlov_widgets/data/*.json`` (``_ext/provenance.py``).
The built site loads nothing off itself (``_ext/offline_widgets.py``); the build needs the
network only once, for npm to fetch the pinned widget manager into ``build/docs-assets``.
Build it with ``bash scripts/test.sh`` or::

    .venv/bin/sphinx-build -E -W --keep-going -b html docs docs/_build/html
"""

from __future__ import annotations

import sys
from pathlib import Path

import pavlov_widgets

# The small extensions of this site (notebook_sources, provenance, layered_refs,
# offline_widgets) live in docs/_ext.
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "pavlov_widgets"
author = "pavlov_widgets contributors"
copyright = "the pavlov_widgets contributors"
release = pavlov_widgets.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "notebook_sources",
    "provenance",
    "layered_refs",
    "offline_widgets",
    "replays",
]

exclude_patterns = ["_build", "jupyter_execute", "**.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]
templates_path = ["_templates"]
# Pages and notebooks arrive over time (e.g. calibration.md): globs that match nothing yet
# are expected, not an error.
suppress_warnings = ["toc.empty_glob"]

# --- MyST / MyST-NB: execute every notebook on each build and keep the widget state.
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath"]
myst_heading_anchors = 3
nb_execution_mode = "force"
nb_execution_timeout = 300
nb_execution_raise_on_error = True  # a notebook that fails to run fails the build
nb_execution_show_tb = True
nb_merge_streams = True
# nbclient stores the widget state in the executed notebook's metadata (its default); MyST-NB
# embeds that state and the ipywidgets HTML manager draws the widgets (the board) statically.
# A Board also carries its own static picture (text/html drawn by its board.js, with no
# network); prefer that to the widget view, which needs the whole widget manager.
nb_mime_priority_overrides = [("html", "text/html", 5)]
# The widget manager and require.js come from this site, not from MyST-NB's default CDNs
# (issue 22): _ext/offline_widgets.py writes these files under _static/ (config.js points
# require.js at the local anywidget module); paths are relative to _static/.
nb_ipywidgets_js: dict[str, dict[str, str]] = {
    "widgets/require.js": {},
    "widgets/config.js": {},
    "widgets/embed-amd.js": {},
}

# --- API reference from docstrings (Google style).
# Every module gets a page with the public names it defines; names a package re-exports
# (its ``__all__``) are documented once, where they are defined ("ignore-module-all").
autosummary_generate = True
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_typehints = "description"
add_module_names = False  # signatures read `roll(n)`, the page title names the module
autodoc_member_order = "bysource"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True

# --- HTML
html_theme = "furo"
html_title = "Pavlov's House tutor"
html_static_path = ["_static"]
html_css_files = ["custom.css"]
