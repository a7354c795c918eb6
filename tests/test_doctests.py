"""The examples in the docstrings run and print what they show.

Every module's docstring example is documentation a reader copies; it must stay true.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import pavlov_widgets


def _modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(pavlov_widgets.__path__, "pavlov_widgets."):
        if info.name.endswith("__main__"):
            continue
        names.append(info.name)
    return names


def _with_examples(name: str) -> ModuleType | None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    return module if any(t.examples for t in finder.find(module)) else None


@pytest.mark.parametrize("name", [n for n in _modules() if _with_examples(n)])
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring examples of {name} failed"
