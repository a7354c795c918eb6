"""How the tutor's widgets show in a notebook: live, with a stable text and a static picture.

nbval compares only the text next to a widget, and a page without a kernel (a saved
notebook, the docs) shows only HTML, so every tutor widget gives its stable ``repr`` as
``text/plain`` and, where it has one, a static HTML picture beside the live view.
"""

from __future__ import annotations

from typing import Any


def with_text(bundle: Any, text: str, picture: str | None = None) -> Any:
    """A widget's mime bundle with ``text`` as its plain text and ``picture`` as its HTML.

    A bundle that is not a dict (a display hook that returned nothing) is returned as it is.
    """
    if not isinstance(bundle, dict):
        return bundle
    data = {**bundle, "text/plain": text}
    if picture is not None:
        data["text/html"] = picture
    return data


__all__ = ["with_text"]
