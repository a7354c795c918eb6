"""Saves: any edit of a save loads as a game or is refused with SaveFormatError, never else.

Covers ``Game.to_dict``/``to_json`` (full and one-sided, ``for_side``), ``Game.from_dict``,
``Game.from_json``, :func:`pavlov_widgets.engine.hidden.load_view` and
:func:`~pavlov_widgets.engine.hidden.redacted`, over games of every variant: a save with one
value replaced by anything, or deleted, loads or is refused with the engine's error; the data
given is never changed; a save made before the rename of ``options`` to ``settings`` still
loads (issue 18: one meaning per word; issue 20).
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pavlov_widgets.engine import Game, RoleError, RuleSettings, SaveFormatError
from pavlov_widgets.engine.hidden import SideView, load_view, redacted
from pavlov_widgets.engine.roles import ROLES
from pavlov_widgets.engine.settings import VARIANTS
from pavlov_widgets.sim.invariants import check_invariants

from .strategies import junk, typed

DELETE = object()


@cache
def played(variant: str, decisions: int) -> Game:
    """A game of ``variant`` after ``decisions`` random choices (seeded by both)."""
    game = Game.new(seed=decisions, settings=RuleSettings.for_variant(variant))
    rng = random.Random(f"{variant}:{decisions}")
    for _ in range(decisions):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


games = st.builds(played, st.sampled_from(list(VARIANTS)), st.sampled_from([0, 5, 30]))
"""A game of any variant early, a little way in or further on (shown by its variant)."""


@st.composite
def edited(draw: st.DrawFn, game: Game, side: str | None = None) -> Any:
    """The save of ``game`` (one-sided for ``side``), one value in it replaced or deleted.

    It takes the game rather than its save, so that Hypothesis shows a short example.
    """
    data = game.to_dict(for_side=side)
    parent: Any = None
    key: Any = None
    node = data
    while isinstance(node, (dict, list)) and node and draw(st.integers(0, 3)):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, draw(st.sampled_from(keys))
        node = node[key]
    new = draw(st.one_of(junk, st.just(DELETE)))
    if parent is None:
        return new if new is not DELETE else None
    if new is DELETE:
        del parent[key]
    else:
        parent[key] = new
    return data


@given(games, st.data())
def test_an_edited_save_loads_or_is_refused_with_a_save_format_error(
    game: Game, data: st.DataObject
) -> None:
    save = data.draw(edited(game), label="save")
    given_save = copy.deepcopy(save)
    try:
        loaded = Game.from_dict(save)
    except SaveFormatError as exc:
        assert str(exc).startswith(("save", "settings", "state")), exc
    else:
        check_invariants(loaded, allow_idle=True)
    assert save == given_save  # the data given is not changed


@given(st.one_of(st.text(max_size=40), junk.map(json.dumps)))
@example("")
@example("[1, 2")
def test_any_text_loads_or_is_refused_with_a_save_format_error(text: str) -> None:
    with pytest.raises(SaveFormatError):
        Game.from_json(text)


@given(games, typed(ROLES))
@example(played("competitive", 5), "x")
@example(played("base", 5), None)
def test_a_one_sided_save_is_made_for_a_side_or_role_or_refused_with_a_role_error(
    game: Game, side: Any
) -> None:
    before = game.to_dict()
    try:
        view = game.to_dict(for_side=side)
    except RoleError as exc:
        assert repr(side) in str(exc)
    else:
        if side is None:
            assert view == before
        else:  # the view opens as itself
            sent = json.loads(json.dumps(view))
            opened = load_view(sent).to_dict()
            assert opened == {k: sent[k] for k in opened}
            assert opened["state"] == redacted(game, side).state
    assert game.to_dict() == before


@given(games, st.sampled_from(ROLES), st.data())
@example(played("competitive", 5), "soviet", None)
def test_an_edited_one_sided_save_opens_or_is_refused_with_a_save_format_error(
    game: Game, side: str, data: st.DataObject | None
) -> None:
    if data is None:  # the crash of issue 20: options that are not options
        view = {**game.to_dict(for_side=side), "options": [{"x": 1}, 5]}
    else:
        view = data.draw(edited(game, side), label="view")
    try:
        opened = load_view(view)
    except SaveFormatError as exc:
        assert str(exc).startswith("view"), exc
    else:
        assert isinstance(opened, SideView)


@pytest.mark.parametrize("variant", ["base", "competitive"])
def test_a_save_of_before_the_rename_with_options_still_loads(variant: str) -> None:
    game = played(variant, 30)
    old = game.to_dict()
    old["options"] = old.pop("settings")  # as saves were written until issue 18's rename
    assert Game.from_json(json.dumps(old)).to_dict() == game.to_dict()
    old["settings"] = old["options"]
    with pytest.raises(SaveFormatError, match=r"save\.settings: give the rule settings once"):
        Game.from_dict(old)
    del old["settings"]
    old["options"]["tactics"] = "expert"
    with pytest.raises(SaveFormatError, match=r"save\.options\.tactics: must be one of"):
        Game.from_dict(old)
