"""Playing: any action by any role is taken or refused with the engine's error, changing nothing.

Covers ``Game.new`` (any seed, settings and auto_roll) and ``fork``, ``Game.apply(action,
role)`` (option ids, Options of an earlier decision, junk, by every role of the game and by
none), ``roll``, ``force``, ``undo``, ``redo``, ``legal_actions`` and ``why_not`` over every
variant (7.1-7.4): a refused step raises a :class:`~pavlov_widgets.engine.PavlovError` and
leaves the game's save exactly as it was (issue 20). A seed or ``auto_roll`` of another type
is a ``TypeError`` naming it, as documented.
"""

from __future__ import annotations

from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from pavlov_widgets.engine import Game, Option, PavlovError, RuleSettings
from pavlov_widgets.engine.roles import ROLES
from pavlov_widgets.engine.settings import VARIANTS

from .strategies import junk

STEPS = ("legal", "legal", "legal", "legal", "junk", "stale", "roll", "force", "undo", "redo",
         "why_not")


@given(st.sampled_from(list(VARIANTS)), st.integers(min_value=0, max_value=10**6),
       st.lists(st.tuples(st.sampled_from(STEPS), st.integers(0, 99),
                          st.one_of(st.none(), st.sampled_from(ROLES), junk), junk),
                max_size=25))
def test_every_step_is_taken_or_refused_with_the_engines_error_and_nothing_changed(
    variant: str, seed: int, steps: list[tuple[str, int, Any, Any]]
) -> None:
    game = Game.new(seed=seed, settings=RuleSettings.for_variant(variant),
                    auto_roll=seed % 2 == 0)
    stale: Option | None = None
    for kind, k, role, anything in steps:
        before = game.to_dict()
        options = game.legal_actions()
        try:
            if kind == "legal" and options:
                option = options[k % len(options)]
                owners = game.roles_to_decide()
                # the owner, mostly; another role or junk now and then
                game.apply(option, role=owners[k % len(owners)] if k % 5 and owners else role)
                stale = option
            elif kind == "junk":
                game.apply(anything, role=role)
            elif kind == "stale" and stale is not None:
                game.apply(stale)
            elif kind == "roll":
                game.roll()
            elif kind == "force":
                game.force(anything if k % 2 else [1 + k % 6] * (1 + k % 4))
            elif kind == "undo":
                game.undo()
            elif kind == "redo":
                game.redo()
            elif kind == "why_not":
                game.why_not(anything if isinstance(anything, str) else "square:G1")
        except PavlovError as exc:
            assert isinstance(exc, ValueError) and str(exc)
            assert game.to_dict() == before, (kind, anything, role)
        if game.is_over:
            break


@given(st.one_of(st.integers(min_value=0, max_value=99), junk),
       st.one_of(st.none(), st.sampled_from(list(VARIANTS)), junk),
       st.one_of(st.booleans(), junk))
@example(1, "competitive", True)  # settings by name: an AttributeError before (issue 20)
@example(1, None, "no")
def test_a_new_game_is_dealt_or_refused_naming_the_argument(
    seed: Any, settings: Any, auto_roll: Any
) -> None:
    if isinstance(settings, str) and settings in VARIANTS and seed == 2:
        settings = RuleSettings.for_variant(settings)
    try:
        game = Game.new(seed=seed, settings=settings, auto_roll=auto_roll)
    except (PavlovError, TypeError) as exc:  # TypeError: a seed or auto_roll of another type
        assert "seed" in str(exc) or "settings" in str(exc) or "auto_roll" in str(exc)
    else:
        assert game.turn == 1 and game.auto_roll is auto_roll
        forked = game.fork(seed=seed + 1)
        assert forked.to_dict()["settings"] == game.to_dict()["settings"]
