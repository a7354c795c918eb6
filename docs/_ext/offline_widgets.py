"""Docs pages load nothing off the site, and carry the board's script once (issue 22).

Two things made the docs heavy and dependent on a network (issue 22, "Nothing loads from a
CDN"):

- MyST-NB draws the saved widgets (the quizzes' boxes) with the ipywidgets HTML manager and
  require.js, which it loads from two CDNs. This extension serves both from ``_static/widgets/``
  (the files come from the npm packages pinned in :data:`NPM_PACKAGES`, fetched once with
  ``npm pack`` into ``build/docs-assets/`` and checked against their pinned hashes), with the
  AMD modules of anywidget and ipycanvas (the lab's charts) from the installed Python packages,
  so their versions always match the saved models, and ``config.js``, which points require.js
  at them. ``conf.py`` names these files in ``nb_ipywidgets_js``.
- Every board picture inlined the whole ``board.js`` (about 180 KB) and ``board.css``, and every
  board model in the saved widget state carried both again as anywidget's ``_esm``/``_css``.
  This extension writes ONE copy of each to ``_static/pavlov/``: ``board-classic.js`` is the
  same bundle as a classic script (``window.pavlovBoard``) that also draws every picture on its
  page, and each page is rewritten to use it. A picture keeps its saved state and its text for
  pages without scripts. A board model's ``_esm`` becomes a two-line module handing anywidget
  ``window.pavlovBoard`` and its ``_css`` is dropped (the page links ``board.css``). A classic
  script, not an ES module or an address for anywidget to import, because a page opened from
  ``file://`` (a teacher's copy of the site) can run it: Chromium refuses module imports of
  ``file://`` addresses, and anywidget only imports ``http(s)`` ones. The widget state keeps
  only the models a widget view on the page shows; a page with none loads no widget manager.

A saved model from a widget library this site does not serve stops the build with its name,
rather than letting the page fetch it from a CDN.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
import tarfile
from pathlib import Path
from typing import Any

from docutils import nodes
from myst_nb.core.render import sanitize_script_content
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

# The board's own escaping rule for a script inside <script> (one place: board.py).
from pavlov_widgets.widget.board import STATIC, script_safe

# the npm fetcher shared with the JupyterLite build (scripts/ is not a package)
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import npm_pack

logger = logging.getLogger(__name__)

NPM_PACKAGES: dict[str, tuple[str, str]] = {
    # name: (version, the registry's sha512 integrity of the package tarball)
    # html-manager 1.0.x is the embed manager of ipywidgets 8 (MyST-NB's default, from a CDN).
    "@jupyter-widgets/html-manager": (
        "1.0.6",
        "sha512-+Mn+Ra8wyIHrYaUpfmf9A3dsLkt/NuwzPQN8sthdxBD35VV5cOJbpmgMhNR27n/rmP3mKyEe0PWCJrtZrXTXDQ==",
    ),
    "requirejs": (
        "2.3.7",
        "sha512-DouTG8T1WanGok6Qjg2SXuCMzszOo0eHeH9hDZ5Y4x8Je+9JB38HdTLT4/VA8OaUhBa0JPVHJ0pyBkM1z+pDsw==",
    ),
}
"""The npm packages the docs serve files from, pinned by version and hash."""

CACHE = Path(__file__).resolve().parents[2] / "build" / "docs-assets"
"""Where the fetched npm tarballs are kept between builds (``build/`` is git-ignored)."""

WIDGETS_DIR = "widgets"
"""``_static/widgets/``: require.js, the HTML manager, anywidget's AMD module, config.js."""

BOARD_DIR = "pavlov"
"""``_static/pavlov/``: the one copy of the board's script and style."""

BOARD_GLOBAL = "pavlovBoard"
"""The ``window`` property ``board-classic.js`` puts the bundle's exports in."""

BOARD_SHIM = f"const board = window.{BOARD_GLOBAL};\nexport default board.default;\n"
"""A board model's ``_esm`` in the docs: the page's shared bundle, as anywidget wants it."""

BUILT_IN_MODULES = frozenset({
    "@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/output",
})
"""Widget libraries inside the HTML manager's own bundle."""

LIBRARY_AMD = {
    "anywidget": ("anywidget", "nbextension/index.js"),
    "ipycanvas": ("ipycanvas", "nbextension/static/index.js"),
}
"""Widget library: (Python package, its AMD module for the classic notebook, in the package)."""

SERVED_MODULES = BUILT_IN_MODULES | set(LIBRARY_AMD)
"""Every widget library a docs page can draw without leaving the site."""

CONFIG_JS = """\
// Written by docs/_ext/offline_widgets.py (issue 22): require.js finds the widget libraries
// on this site, beside this file, not on a CDN.
(function () {
  var here = document.currentScript.src;
  var paths = {};
  LIBRARIES.forEach(function (name) {
    paths[name] = new URL(name, here).href;
  });
  require.config({ paths: paths });
})();
""".replace("LIBRARIES", json.dumps(sorted(LIBRARY_AMD)))

DRAW_ALL_JS = """
// Added by docs/_ext/offline_widgets.py (issue 22): draw every board picture on the page
// from its saved state (the pictures carry no script of their own).
function pavlovDrawAll() {
  var roots = document.querySelectorAll(".pavlov-static-root");
  Array.prototype.forEach.call(roots, function (root) {
    var tag = root.querySelector('script[type="application/json"]');
    if (tag) drawStatic(root, JSON.parse(tag.textContent));
  });
}
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", pavlovDrawAll);
} else {
  pavlovDrawAll();
}
"""

_EXPORTS = re.compile(r"\nexport \{\n(?P<names>[^}]*)\};\s*$")
# What Board.static_html puts after the bundle in a picture's module script.
_PICTURE_TAIL = re.compile(
    r'const root = document\.getElementById\("(?P<ident>pavlov-static-[0-9a-f]+-[0-9]+)"\);\n'
    r"const data = JSON\.parse\(root\.querySelector\('script\[type=\"application/json\"\]'\)"
    r"\.textContent\);\n"
    r"drawStatic\(root, data\);\n</script>"
)


def classic_bundle(module: str) -> str:
    """``board.js`` (an ES module) as a classic script: its exports in ``window.pavlovBoard``.

    The script also draws every board picture on its page.

    esbuild ends a bundle with one ``export { local as name, ... };`` statement and the board's
    bundle imports nothing, so dropping that statement and wrapping the rest in a function
    gives the same code as a classic script (strict, as a module is).
    """
    found = _EXPORTS.search(module)
    if found is None or "import.meta" in module or re.search(r"^import ", module, re.M):
        raise ExtensionError(
            "offline_widgets: board.js is not a self-contained esbuild module ending in one "
            "'export { ... };' statement, so it cannot be served as a classic script")
    exports = []
    for entry in found.group("names").split(","):
        local, _, name = entry.strip().partition(" as ")
        if local:
            exports.append(f"{json.dumps(name or local)}: {local}")
    published = f"window.{BOARD_GLOBAL} = {{{', '.join(exports)}}};\n"
    return (f'(function () {{\n"use strict";\n{module[:found.start()]}\n{published}'
            f"{DRAW_ALL_JS}}})();\n")


def share_pictures(html: str, module: str, css: str) -> str:
    """``html`` with each board picture's inlined ``board.js`` and ``board.css`` taken out.

    The picture keeps its saved state and its ``<noscript>`` text; the page's shared
    ``board-classic.js`` draws it. A picture drawn by another bundle, or whose script does more
    than draw it, stops the build (the shared copy could not draw it the same way).
    """
    count = html.count('class="pavlov-static-root"')
    if not count:
        return html
    inline_module = f'<script type="module">\n{script_safe(module)}\n'
    inline_style = f"<style>{css}</style>"
    if html.count(inline_module) != count or html.count(inline_style) != count:
        raise ExtensionError(
            "offline_widgets: a board picture does not inline this board.js and board.css "
            "(was it saved by another version of the package?)")
    pieces = html.replace(inline_style, "").split(inline_module)
    out = [pieces[0]]
    for piece in pieces[1:]:
        tail = _PICTURE_TAIL.match(piece)
        if tail is None:
            raise ExtensionError(
                "offline_widgets: a board picture's script is not the one Board.static_html "
                "writes (root, data, drawStatic); update share_pictures to match it")
        out.append(piece[tail.end():])
    return "".join(out)


def _model_refs(value: Any) -> list[str]:
    """The model ids a widget state value refers to (``"IPY_MODEL_<id>"`` strings)."""
    if isinstance(value, str):
        return [value[len("IPY_MODEL_"):]] if value.startswith("IPY_MODEL_") else []
    if isinstance(value, list):
        return [ref for item in value for ref in _model_refs(item)]
    if isinstance(value, dict):
        return [ref for item in value.values() for ref in _model_refs(item)]
    return []


def prune_state(state: dict[str, Any], views: list[str], module: str,
                css: str) -> dict[str, Any]:
    """The saved models the ``views`` show (and the models they refer to), nothing else.

    A board model (``_esm``/``_css`` equal to ``board.js``/``board.css``) gets
    :data:`BOARD_SHIM` as its ``_esm`` and no ``_css``. Raises ExtensionError for a model from a
    widget library the site does not serve.
    """
    kept: dict[str, Any] = {}
    todo = list(views)
    while todo:
        ident = todo.pop()
        if ident in kept or ident not in state:
            continue
        model = json.loads(json.dumps(state[ident]))  # a copy: the notebook's state stays
        kept[ident] = model
        library = model.get("model_module", "")
        if library not in SERVED_MODULES:
            raise ExtensionError(
                f"offline_widgets: a widget on this page needs the widget library "
                f"{library!r}, which the docs do not serve (served: "
                f"{', '.join(sorted(SERVED_MODULES))}); its page would fetch it from a CDN")
        fields = model.get("state", {})
        if fields.get("_esm") == module and fields.get("_css") == css:
            fields["_esm"] = BOARD_SHIM
            fields["_css"] = ""
        todo.extend(_model_refs(fields))
    return kept


def _views_in(doctree: nodes.document) -> list[str]:
    """The model ids of the widget views drawn on a page."""
    views: list[str] = []
    for raw in doctree.findall(nodes.raw):
        text = raw.astext()
        if "application/vnd.jupyter.widget-view+json" in text:
            views += re.findall(r'"model_id":\s*"([0-9a-f]+)"', text)
    return views


def _board_files() -> tuple[str, str]:
    return ((STATIC / "board.js").read_text(encoding="utf-8"),
            (STATIC / "board.css").read_text(encoding="utf-8"))


def _on_doctree_read(app: Sphinx, doctree: nodes.document) -> None:
    """Take the board's script out of the page's pictures and its saved widget state."""
    module, css = _board_files()
    for raw in list(doctree.findall(nodes.raw)):
        text = raw.astext()
        if 'class="pavlov-static-root"' in text:
            shared = share_pictures(text, module, css)
            raw.children = [nodes.Text(shared)]
            raw.rawsource = shared
    metadata = getattr(app.env, "nb_metadata", {}).get(app.env.docname, {})
    js_files: dict[str, Any] = metadata.get("js_files", {})
    if "ipywidgets_state" not in js_files:
        return
    _uri, kwargs = js_files["ipywidgets_state"]
    saved = json.loads(kwargs["body"])
    views = _views_in(doctree)
    if not views:
        # Nothing on the page is drawn by the widget manager: load none of it.
        for key in [key for key in js_files if key.startswith("ipywidgets_")]:
            del js_files[key]
        return
    try:
        saved["state"] = prune_state(saved["state"], views, module, css)
    except ExtensionError as error:
        raise ExtensionError(f"{app.env.docname}: {error}") from None
    kwargs["body"] = sanitize_script_content(json.dumps(saved))


def _on_page_context(app: Sphinx, pagename: str, templatename: str,
                     context: dict[str, Any], doctree: Any) -> None:
    """Give a page with boards (pictures or widgets) the shared board script and style."""
    js_files = getattr(app.env, "nb_metadata", {}).get(pagename, {}).get("js_files", {})
    state = js_files.get("ipywidgets_state", (None, {}))[1].get("body", "")
    if 'class="pavlov-static-root"' in context.get("body", "") or BOARD_SHIM_MARK in state:
        app.add_js_file(f"{BOARD_DIR}/board-classic.js")
        app.add_css_file(f"{BOARD_DIR}/board.css")


BOARD_SHIM_MARK = f"window.{BOARD_GLOBAL}"
"""Text only a widget state holding a board model contains (its ``_esm``)."""


def npm_tarball(name: str, cache: Path = CACHE) -> Path:
    """The pinned tarball of npm package ``name``, fetched once and hash-checked.

    The fetcher is ``scripts/npm_pack.py``, shared with the JupyterLite build.
    """
    version, pinned = NPM_PACKAGES[name]
    try:
        return npm_pack.npm_tarball(name, version, pinned, cache)
    except npm_pack.NpmError as exc:
        raise ExtensionError(f"offline_widgets: {exc}") from exc


def _extract(tarball: Path, members: dict[str, str], target: Path) -> None:
    """Write the tarball's ``members`` (a regex on the path: file name in ``target``)."""
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            for pattern, name in members.items():
                if member.isfile() and re.fullmatch(pattern, member.name):
                    data = archive.extractfile(member)
                    assert data is not None
                    out = target / (name or Path(member.name).name)
                    out.write_bytes(data.read())


def write_assets(static: Path) -> None:
    """Write ``widgets/`` and ``pavlov/`` under the site's ``_static`` folder."""
    widgets = static / WIDGETS_DIR
    board = static / BOARD_DIR
    widgets.mkdir(parents=True, exist_ok=True)
    board.mkdir(parents=True, exist_ok=True)
    # embed-amd.js and the Font Awesome fonts its CSS names (woff2: every current browser
    # takes that format first and fetches no other).
    _extract(npm_tarball("@jupyter-widgets/html-manager"), {
        r"package/dist/embed-amd\.js": "",
        r"package/dist/[0-9a-f]+\.woff2": "",
        r"package/LICENSE": "html-manager-LICENSE.txt",
    }, widgets)
    _extract(npm_tarball("requirejs"), {r"package/require\.js": ""}, widgets)
    for library, (package, amd) in LIBRARY_AMD.items():
        spec = importlib.util.find_spec(package)
        if spec is None or spec.origin is None:
            raise ExtensionError(f"offline_widgets: the Python package {package} is not installed")
        shutil.copyfile(Path(spec.origin).parent / amd, widgets / f"{library}.js")
    (widgets / "config.js").write_text(CONFIG_JS, encoding="utf-8")
    module, css = _board_files()
    (board / "board-classic.js").write_text(classic_bundle(module), encoding="utf-8")
    (board / "board.css").write_text(css, encoding="utf-8")


def _on_builder_inited(app: Sphinx) -> None:
    """Fetch the pinned npm packages before reading any page (fail early, not at the end)."""
    if app.builder.format == "html":
        for name in NPM_PACKAGES:
            npm_tarball(name)


def _on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        write_assets(Path(app.outdir) / "_static")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the page rewrites and the asset step."""
    app.connect("builder-inited", _on_builder_inited)
    app.connect("doctree-read", _on_doctree_read)
    app.connect("html-page-context", _on_page_context)
    app.connect("build-finished", _on_build_finished)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
