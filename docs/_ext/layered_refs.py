"""Bare class names that two layers both define, read as the layer of the page means them.

The engine has a ``Board`` (the printed board, :mod:`pavlov_widgets.engine.components`) and a
``Refusal`` (why a place is not a choice, :mod:`pavlov_widgets.engine.explain`); the widget has
its own (the anywidget ``Board``, the protocol's ``Refusal``). A reference written with the bare
name (a ``Raises: Refusal:`` line, an annotation imported only for type checking, such as a
session's ``attach(board: Board)``) finds both, and Sphinx warns that it cannot choose. In the
widget's and the tutor's modules the name means the widget's class, as it does in their code:
this extension points such references there before Sphinx resolves them.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

MEANING: dict[str, tuple[tuple[str, ...], str]] = {
    "Board": (("pavlov_widgets.widget", "pavlov_widgets.tutor"),
              "pavlov_widgets.widget.board.Board"),
    "Refusal": (("pavlov_widgets.widget",), "pavlov_widgets.widget.protocol.Refusal"),
}
"""A bare name → (the modules in which it means the widget's class, that class's full name)."""


def full_name(name: str, module: str) -> str | None:
    """What the bare ``name`` means in ``module``, or None to leave it to Sphinx."""
    meaning = MEANING.get(name)
    if meaning is None:
        return None
    packages, target = meaning
    inside = any(module == p or module.startswith(p + ".") for p in packages)
    return target if inside else None


def _point_references(_app: Sphinx, doctree: nodes.document) -> None:
    """Give the bare references of the widget's and tutor's pages their full names."""
    for ref in doctree.findall(addnodes.pending_xref):
        if ref.get("refdomain") != "py":
            continue
        target = full_name(str(ref.get("reftarget", "")).lstrip("~."),
                           str(ref.get("py:module") or ""))
        if target is not None:
            ref["reftarget"] = target


def setup(app: Sphinx) -> dict[str, Any]:
    """Point the references once a page is read, before any is resolved."""
    app.connect("doctree-read", _point_references)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
