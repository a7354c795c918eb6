"""Position: any call of a setter with anything succeeds or raises PositionError, changing nothing.

Covers ``Position(seed, settings, components, turn)``, every setter (``counter``, ``moved``,
``acted``, ``weapon``, ``defense``, ``tokens``, ``set_tokens``, ``disrupt_location``,
``wehrmacht``, ``sapper``, ``wehrmacht_cards``, ``wehrmacht_deck``, ``storm_box``,
``storm_won``, ``hand``, ``soviet_on_top``, ``soviet_discards``, ``tactics_on_top``,
``tactics_in_play``, ``operational_support``, ``operational_support_won``, ``resume``,
``steps``, ``dice``), ``problems``, ``game``, ``to_dict``/``to_json``, ``from_json``/
``from_dict`` and ``from_game`` in every variant: a refused call leaves the position's JSON as
it was, and every position, playable or not, survives its own JSON (issue 20).
"""

from __future__ import annotations

import inspect
import json
import random
from functools import cache
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from pavlov_widgets.engine import Game, Position, PositionError, RuleSettings, default_components
from pavlov_widgets.engine.positions import STEP_FIELDS
from pavlov_widgets.engine.settings import VARIANTS

from .strategies import junk, typed


def words(kind: str) -> st.SearchStrategy[Any]:
    """An id of ``kind``, a name of one, or junk."""
    named = Position.names(kind)
    return typed([*named, *list(named.values())[:20]])


small = st.one_of(st.integers(min_value=-1, max_value=8), junk)
flag = st.one_of(st.booleans(), st.booleans(), junk)
SETTERS: dict[str, tuple[st.SearchStrategy[Any], ...]] = {
    "counter": (words("counters"), words("places"), flag, flag, words("markers")),
    "moved": (words("counters"), words("counters")),
    "acted": (words("counters"),),
    "weapon": (words("weapons"), words("places")),
    "defense": (words("colours"), small),
    "tokens": (words("token_kinds"), words("token_places"), small),
    "set_tokens": (words("token_kinds"), words("token_places"), small),
    "disrupt_location": (small,),
    "wehrmacht": (small, small, st.one_of(words("wehrmacht_types"),
                                           words("wehrmacht_counters"))),
    "sapper": (small, small),
    "wehrmacht_cards": (words("wehrmacht_cards"), words("wehrmacht_cards")),
    "wehrmacht_deck": (words("wehrmacht_cards"), words("wehrmacht_cards")),
    "storm_box": (words("wehrmacht_cards"),),
    "storm_won": (words("wehrmacht_cards"),),
    "hand": (words("soviet_cards"), words("soviet_cards")),
    "soviet_on_top": (words("soviet_cards"),),
    "soviet_discards": (words("soviet_cards"),),
    "tactics_on_top": (words("tactics"),),
    "tactics_in_play": (words("tactics"),),
    "operational_support": (words("operational_support"),),
    "operational_support_won": (words("operational_support"),),
    "resume": (words("resume_points"), small, st.one_of(st.none(), small),
               st.one_of(st.none(), small), flag),
    "steps": (st.fixed_dictionaries({"op": words("steps")}, optional={
        k: junk for fields in STEP_FIELDS.values() for k in fields}),),
    "dice": (small, small, small),
}
KEYWORDS = {"hand": {"used": st.one_of(words("soviet_cards"), st.lists(words("soviet_cards"),
                                                                        max_size=2), junk)},
            "wehrmacht_cards": {"last": flag}, "steps": {"phase": words("phases")}}


def required(name: str) -> int:
    """How many arguments the setter ``name`` cannot do without."""
    params = inspect.signature(getattr(Position, name)).parameters.values()
    return sum(1 for p in params if p.name != "self" and p.default is p.empty
               and p.kind is p.POSITIONAL_OR_KEYWORD)


@st.composite
def calls(draw: st.DrawFn) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """One setter call: its name, some of its arguments, maybe a keyword."""
    name = draw(st.sampled_from(sorted(SETTERS)))
    strategies = SETTERS[name]
    n = draw(st.integers(min_value=required(name), max_value=len(strategies)))
    args = tuple(draw(s) for s in strategies[:n])
    kwargs = {k: draw(s) for k, s in KEYWORDS.get(name, {}).items() if draw(st.booleans())}
    return name, args, kwargs


def snapshot(pos: Position) -> str:
    """All a position says about itself, as text."""
    return pos.to_json()


@given(st.sampled_from(list(VARIANTS)), st.lists(calls(), max_size=8))
@example("base", [("wehrmacht", ("1", 1, "riflemen"), {}), ("hand", (), {"used": 5}),
                  ("steps", ({"op": "place_counter"},), {}), ("disrupt_location", ([],), {}),
                  ("counter", ("Afanasyev", "G1", False, False, None), {})])
def test_a_setter_succeeds_or_refuses_with_a_position_error_changing_nothing(
    variant: str, made: list[tuple[str, tuple[Any, ...], dict[str, Any]]]
) -> None:
    pos = Position(seed=7, settings=RuleSettings.for_variant(variant))
    for name, args, kwargs in made:
        before = snapshot(pos)
        try:
            getattr(pos, name)(*args, **kwargs)
        except PositionError as exc:
            assert str(exc)
            assert snapshot(pos) == before, (name, args, kwargs)
    again = Position.from_json(pos.to_json(), check=False)
    assert again.to_dict() == pos.to_dict()
    problems = pos.problems()
    try:
        game = pos.game()
    except PositionError:
        assert problems
    else:
        assert not problems and isinstance(game, Game)
        assert again.game().state.to_dict() == game.state.to_dict()


@given(st.one_of(junk, st.sampled_from([None, "competitive", 5, RuleSettings()])),
       st.one_of(junk, st.integers(min_value=-2, max_value=25)),
       st.one_of(junk, st.integers(min_value=0, max_value=99)))
@example("competitive", 3, 1)
def test_the_constructor_gives_a_position_or_a_position_error(
    settings: Any, turn: Any, seed: Any
) -> None:
    try:
        pos = Position(seed=seed, settings=settings, turn=turn)
    except PositionError as exc:
        assert str(exc)
    else:
        assert pos.state.turn == turn


@cache
def moments(variant: str) -> tuple[Game, ...]:
    """Copies of one random game of ``variant`` at moments a Position can describe or not."""
    game = Game.new(seed=4, settings=RuleSettings.for_variant(variant))
    rng = random.Random(variant)
    found = []
    while not game.is_over and len(found) < 40:
        if rng.random() < 0.3:
            found.append(game.copy())
        game.apply(rng.choice(game.legal_actions()))
    return tuple(found)


@given(st.sampled_from(list(VARIANTS)), st.integers(min_value=0, max_value=39), st.booleans())
@example("competitive", 4, False)  # a German Tactics card in play (7.4) was refused
def test_from_game_gives_a_position_that_plays_on_alike_or_a_position_error(
    variant: str, k: int, earlier: bool
) -> None:
    games = moments(variant)
    game = games[k % len(games)]
    before = game.to_dict()
    try:
        pos = Position.from_game(game, earlier=earlier)
    except PositionError as exc:
        assert "inside a rule" in str(exc) or "no moment" in str(exc) or "over" in str(exc)
    else:
        again = Position.from_json(pos.to_json())
        assert again.to_dict() == pos.to_dict()
        if not earlier:
            assert again.game().state.to_dict() == game.state.to_dict()
    assert game.to_dict() == before


@given(st.one_of(junk, st.dictionaries(st.sampled_from(
    ["seed", "turn", "settings", "resume", "counters", "tokens", "tracks", "steps", "dice",
     "wehrmacht_cards", "soviet_cards", "tactics_cards", "counts", "rng", "cards_to_come"]),
    junk, max_size=4)))
@example({"resume": "steps", "steps": [{"op": "place_counter"}]})
@example({"tracks": {"1:1": 5}})
def test_any_json_gives_a_position_or_a_position_error(data: Any) -> None:
    try:
        pos = Position.from_json(json.dumps(data), check=False)
    except PositionError as exc:
        assert str(exc)
    else:
        assert Position.from_json(pos.to_json(), check=False).to_dict() == pos.to_dict()


def _field_values() -> dict[str, st.SearchStrategy[Any]]:
    """Values of every kind of rule-step field, most of them of the right kind."""
    c = default_components()
    cards = sorted([*c.wehrmacht_cards, *c.resupply_cards])
    counters = sorted(c.soviet_counters)
    right: dict[str, st.SearchStrategy[Any]] = {
        "text": st.text(max_size=6),
        "count": st.integers(min_value=0, max_value=5),
        "dice": st.lists(st.integers(min_value=1, max_value=6), max_size=4),
        "track": st.integers(min_value=0, max_value=5),
        "circle": st.integers(min_value=0, max_value=4),
        "soviet_counter": st.sampled_from(counters),
        "soviet_counters": st.lists(st.sampled_from(counters), max_size=3, unique=True),
        "wehrmacht_counter": st.sampled_from(sorted(c.wehrmacht_counter_ids())),
        "colour": st.sampled_from(["green", "red", "purple"]),
        "square": st.sampled_from(sorted(c.index.square_ids)),
        "effect": st.sampled_from(["attack", "suppress"]),
        "loss": st.sampled_from(["no_defenders", "track_overrun"]),
    }
    for kind in ("colour_card", "ju87_card", "place_card", "storm_card"):
        right[kind] = st.sampled_from(cards)
    return {kind: st.one_of(values, values, values, junk) for kind, values in right.items()}


FIELD_VALUES = _field_values()
frames = st.sampled_from(sorted(STEP_FIELDS)).flatmap(lambda op: st.fixed_dictionaries(
    {"op": st.just(op)},
    optional={k: FIELD_VALUES[kind.rstrip("?")] for k, kind in STEP_FIELDS[op].items()}))


@given(frames, words("phases"), st.lists(st.integers(0, 99), max_size=4))
@example({"op": "ju87", "card": "d1-riflemen-3"}, "wehrmacht_cards", [])
@example({"op": "storm_group_card", "card": "d3-mortar-1"}, "wehrmacht_cards", [])
def test_a_rule_step_of_any_fields_plays_or_is_refused_with_a_position_error(
    frame: dict[str, Any], phase: Any, picks: list[int]
) -> None:
    pos = Position(seed=5).counter("pavlov", "G1").counter("glushenko", "R2").wehrmacht(
        3, 2, "riflemen")
    before = pos.to_json()
    try:
        game = pos.steps(frame, phase=phase).game()
    except PositionError as exc:
        assert str(exc)
        return
    finally:
        if pos.point != "steps":
            assert pos.to_json() == before  # refused by steps(): nothing changed
    for k in picks:  # the steps played: the game goes on under every rule
        if game.is_over or not game.legal_actions():
            break
        options = game.legal_actions()
        game.apply(options[k % len(options)])
