"""Typed actions (engine/actions.py) and the Game API around them: one codec, tied options.

Named after the API clauses they check: an option is a verb with typed arguments, one module
writes and reads ids, an option is tied to the decision that offered it, the game owns its
revision and tells its views.
"""

from __future__ import annotations

import pickle
import random

import pytest

from pavlov_widgets.engine import ActionIdError, Game, IllegalActionError, Option
from pavlov_widgets.engine.actions import DONE, END_PHASE, VERBS, Schema, encode, parse
from pavlov_widgets.engine.places import Counter, Place, Square, SuppressionBox, TrackCircle


def test_an_option_is_a_verb_with_typed_arguments() -> None:
    option = Option("load", "AA onto 8", ("loc:8",), token="aa", loc=8)
    assert option.verb == "load"
    assert dict(option.args) == {"token": "aa", "loc": 8}
    assert option.id == "load:aa:8"
    assert option.str_arg("token") == "aa" and option.int_arg("loc") == 8
    with pytest.raises(TypeError, match="loc is a number"):
        option.str_arg("loc")
    with pytest.raises(TypeError, match="token is a name"):
        option.int_arg("token")


def test_the_id_codec_round_trips_every_verb() -> None:
    samples: dict[type, list[str | int]] = {str: ["pavlov", "G4R1", "soviet-03"], int: [3, 12]}
    rng = random.Random(1)
    for verb, schema in VERBS.items():
        args = {name: rng.choice(samples[kind]) for name, kind in schema}
        option_id = encode(verb, args)
        assert parse(option_id) == (verb, args)
        assert Option(verb, "x", (), **args).id == option_id


def test_the_codec_names_what_is_wrong() -> None:
    with pytest.raises(ActionIdError, match="unknown verb 'fly'"):
        encode("fly", {})
    with pytest.raises(ActionIdError, match="verb 'move' takes counter"):
        encode("move", {})
    with pytest.raises(ActionIdError, match=r"move.counter must be a str, not 3"):
        encode("move", {"counter": 3})
    with pytest.raises(ActionIdError, match="hold a colon"):
        encode("move", {"counter": "a:b"})
    with pytest.raises(ActionIdError, match="the form is load:<token>:<loc>"):
        parse("load:aa")
    with pytest.raises(ActionIdError, match="loc must be a whole number"):
        parse("aa:eight")
    with pytest.raises(ActionIdError, match="an option id is a string"):
        parse(7)  # type: ignore[arg-type]
    with pytest.raises(ActionIdError, match="unknown verb"):
        Option("no-such", "No such option")


def test_a_verb_table_of_ones_own_may_take_a_place_as_its_last_argument() -> None:
    """The codec serves other tables (the position editor's): names, numbers, a place last."""
    table: dict[str, Schema] = {
        "rm": (("place", Place),),
        "wput": (("track", int), ("circle", int), ("kind", str)),
        "at": (("square", Square),),
    }
    assert encode("rm", {"place": TrackCircle(5, 2)}, table) == "rm:track:5:2"
    assert parse("rm:track:5:2", table) == ("rm", {"place": TrackCircle(5, 2)})
    assert parse("rm:box:suppress:red", table) == ("rm", {"place": SuppressionBox("red")})
    assert parse("wput:4:1:riflemen", table) == (
        "wput", {"track": 4, "circle": 1, "kind": "riflemen"})
    with pytest.raises(ActionIdError, match="square must be a Square place"):
        parse("at:counter:pavlov", table)
    with pytest.raises(ActionIdError, match="not a place"):
        parse("rm:nowhere:x", table)
    with pytest.raises(ActionIdError, match=r"at\.square must be a Square"):
        encode("at", {"square": Counter("pavlov")}, table)
    with pytest.raises(ActionIdError, match="can only be the last argument"):
        encode("x", {"place": Counter("pavlov"), "n": 1}, {"x": (("place", Place), ("n", int))})
    with pytest.raises(ActionIdError, match="unknown verb"):
        parse("rm:track:5:2")  # the game's own table is unchanged


def test_sentinel_ids_are_verbs_without_arguments() -> None:
    assert VERBS[DONE] == () and VERBS[END_PHASE] == ()
    assert Option(END_PHASE, "End").id == "end-phase"
    assert Option.from_id("end-phase").verb == END_PHASE


def test_every_option_the_engine_offers_is_written_by_the_codec() -> None:
    """A random game: every legal option's id parses back to its own verb and arguments."""
    rng = random.Random(4)
    game = Game.new(seed=4)
    seen: set[str] = set()
    while not game.is_over:
        for option in game.legal_actions():
            assert parse(option.id) == (option.verb, dict(option.args)), option
            seen.add(option.verb)
        game.apply(rng.choice(game.legal_actions()))
    assert {"card", "end-phase", "move", "to", "attack", "actions-done"} <= seen


def test_an_option_from_an_earlier_decision_is_refused_even_with_a_matching_id() -> None:
    game = Game.new(seed=2)
    old = next(o for o in game.legal_actions() if o.id == "end-phase")
    # take card actions until the card phase asks again with end-phase among its options
    game.apply(next(o for o in game.legal_actions() if o.verb == "card"))
    while "end-phase" not in game.legal_ids():
        game.apply(game.legal_actions()[-1])
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="offered at an earlier decision"):
        game.apply(old)
    assert game.to_json() == before
    game.apply("end-phase")  # the id alone (or a hand-made Option) is judged by its id


def test_a_listed_option_is_tied_to_its_decision() -> None:
    game = Game.new(seed=2)
    first, again = game.legal_actions()[0], game.legal_actions()[0]
    assert first.decision == again.decision != 0
    assert Option.from_id(first.id).decision == 0
    game.apply(first)
    assert all(o.decision != first.decision for o in game.legal_actions())


def test_an_option_is_immutable_and_pickles_with_its_decision() -> None:
    option = Game.new(seed=3).legal_actions()[0]
    with pytest.raises(AttributeError, match="immutable"):
        option.label = "changed"  # type: ignore[misc]
    twin = pickle.loads(pickle.dumps(option))
    assert twin == option and twin.decision == option.decision and twin.args == option.args


def test_the_illegal_action_error_lists_every_legal_id() -> None:
    game = Game.new(seed=7)
    legal = game.legal_ids()
    assert len(legal) > 6
    with pytest.raises(IllegalActionError) as err:
        game.apply("move:nobody")
    for option_id in legal:
        assert option_id in str(err.value)


def test_the_game_owns_its_revision_and_tells_its_listeners() -> None:
    game = Game.new(seed=5)
    seen: list[int] = []
    stop = game.on_change(lambda g: seen.append(g.rev))
    rev = game.rev
    game.apply(game.legal_actions()[-1])
    game.undo()
    game.redo()
    assert seen == [rev + 1, rev + 2, rev + 3] and game.rev == rev + 3
    with pytest.raises(IllegalActionError):
        game.apply("move:nobody")
    assert game.rev == rev + 3  # a refused action changes nothing, not even the revision
    stop()
    game.undo()
    assert len(seen) == 3
    assert game.copy().rev == game.rev
