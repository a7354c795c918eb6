"""Hypothesis strategies shared by the property tests: what a person or a notebook may type.

``junk`` is any small JSON-like value; ``typed(words)`` mixes the real words of a kind (ids,
names, variant names) with junk, so a test reaches both the paths that succeed and the
refusals.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-3, max_value=30),
    st.floats(allow_nan=False, allow_infinity=False, width=16), st.text(max_size=8))
"""One small value of any JSON type but containers."""

junk: st.SearchStrategy[Any] = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)
"""Any small JSON-like value."""


def typed(words: Iterable[Any]) -> st.SearchStrategy[Any]:
    """A real word of a kind most of the time, else junk."""
    real = st.sampled_from(sorted(words, key=repr))
    return st.one_of(real, real, junk)
