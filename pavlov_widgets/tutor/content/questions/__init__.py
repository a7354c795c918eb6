"""Every notebook's check-yourself questions, registered in the question registry.

One module per notebook (``nb04`` asks notebook 04's questions); each registers its
questions with :func:`pavlov_widgets.tutor.exercises.registry.register` when imported. This
package imports every ``nbNN`` module beside it, so a new notebook's module is found without
editing this file. Notebooks ask them with ``quiz.ask("slug")``
(:meth:`pavlov_widgets.tutor.exercises.model.Quiz.ask`).
"""

from __future__ import annotations

import importlib
import pkgutil

MODULES: tuple[str, ...] = tuple(sorted(
    m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("nb")))
"""The question modules, in notebook order (``nb02``, ``nb03``, …)."""

for _name in MODULES:
    importlib.import_module(f"{__name__}.{_name}")

__all__ = ["MODULES"]
