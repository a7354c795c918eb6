"""Bad input: a specific error that names the problem, and the game left exactly as it was.

Never a bare KeyError, IndexError or TypeError.

Covers illegal and malformed actions, rolls and forced dice at the wrong moment, undo with
nothing to undo, corrupt or hand-edited saves (not JSON, wrong format or version, a field
missing or mistyped, a history that no longer replays, an edited snapshot, a start state that
names counters, cards, places or rule steps the components do not have), component files with
a missing or invalid field, bad rule options and an unknown scenario.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from pavlov_widgets.engine import (
    BadDiceError,
    ComponentError,
    DiceScriptExhaustedError,
    Game,
    IllegalActionError,
    NotAChanceStepError,
    NothingToUndoError,
    Option,
    PavlovError,
    RuleSettings,
    SaveFormatError,
    SettingsError,
    UnknownScenarioError,
    load_components,
    victory_level,
)
from pavlov_widgets.engine.components import FILES

from .helpers import blank, check_invariants, counter, reveal


def played(seed: int = 5, decisions: int = 60, auto_roll: bool = True) -> Game:
    """A game some way in: ``decisions`` random choices from a seeded policy.

    With ``auto_roll`` off the dice are rolled by hand, about one roll in three forced.
    """
    game = Game.new(seed=seed, auto_roll=auto_roll)
    rng = random.Random(seed)
    made = 0
    while made < decisions and not game.is_over:
        chance = game.chance()
        if chance is None:
            game.apply(rng.choice(game.legal_actions()))
            made += 1
        elif rng.random() < 1 / 3:
            game.force([rng.randint(1, 6) for _ in range(chance.dice)])
        else:
            game.roll()
    return game


def unchanged(game: Game, call: Callable[[], object], error: type[Exception]) -> Exception:
    """``call()`` raises ``error`` and the game (state, history, log) is as it was."""
    before, log = game.to_dict(), [str(e) for e in game.log]
    undo, redo = game.can_undo, game.can_redo
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, PavlovError)
    assert game.to_dict() == before
    assert [str(e) for e in game.log] == log
    assert (game.can_undo, game.can_redo) == (undo, redo)
    return info.value


# --- actions ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    ["", "nonsense", "END-PHASE", "end-phase ", "card:soviet-01", "card:soviet-01:x:y:z",
     "loc:99", "buy:pavlov", None, 0, -1, 3.5, True, ["end-phase"], ("end-phase",),
     {"id": "end-phase"}, b"end-phase", object(),
     Option("move", "No such counter", (), counter="no-such")],
    ids=repr,
)
def test_illegal_or_malformed_action_is_refused(action: Any) -> None:
    game = Game.new(seed=2)
    err = unchanged(game, lambda: game.apply(action), IllegalActionError)
    assert isinstance(err, ValueError)
    assert err.action is action  # type: ignore[attr-defined]
    assert err.prompt == game.pending.prompt  # type: ignore[attr-defined,union-attr]
    assert err.rule == "2.2 Take up to Three Actions"  # type: ignore[attr-defined]
    assert "illegal action" in str(err) and "(pending: 'Soviet Card Phase:" in str(err)
    assert "rule 2.2 Take up to Three Actions" in str(err)


def test_an_option_of_another_decision_is_refused() -> None:
    game = Game.new(seed=2)
    game.apply("end-phase")  # on to the Counter Phase moves (auto rolls in between)
    while game.state.pending and game.state.pending.get("op") != "move_pick":
        game.apply(game.legal_actions()[-1])
    stale = Option("end-phase", "End the Soviet Card Phase")
    err = unchanged(game, lambda: game.apply(stale), IllegalActionError)
    assert err.reason.startswith(  # type: ignore[attr-defined]
        "Ending the Soviet Card Phase is a choice of that phase (2.2), and the decision now "
        "is another one: Move a Soviet counter")
    assert "(legal: move:" in str(err)
    assert err.rule == "4.0 Move"  # type: ignore[attr-defined]


def test_an_option_id_with_another_label_is_judged_by_its_id() -> None:
    game = Game.new(seed=2)
    game.apply(Option("end-phase", "a label the engine never wrote"))
    assert game.history[0] == {"kind": "choose", "value": "end-phase"}


def test_actions_and_rolls_after_the_game_is_over() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    game = reveal(state, "d1-sniper-1", script=[1, 1, 6, 1, 1, 1])
    assert game.is_over
    err = unchanged(game, lambda: game.apply("end-phase"), IllegalActionError)
    assert "the game is over" in str(err)
    unchanged(game, game.roll, NotAChanceStepError)
    unchanged(game, game.step, NotAChanceStepError)
    unchanged(game, lambda: game.force([1]), NotAChanceStepError)


def test_roll_and_force_at_a_decision() -> None:
    game = played()
    assert game.chance() is None
    err = unchanged(game, game.roll, NotAChanceStepError)
    assert str(err) == "no roll is pending: a decision is pending"
    unchanged(game, game.step, NotAChanceStepError)
    unchanged(game, lambda: game.force([3]), NotAChanceStepError)


@pytest.mark.parametrize(
    "dice",
    [[], [3, 3], [0], [7], [-1], [True], ["6"], [2.0], [None], "6", 6, None, {6}, range(1, 2)],
    ids=repr,
)
def test_force_with_wrong_dice(dice: Any) -> None:
    game = Game.new(seed=4, auto_roll=False)
    game.apply("end-phase")
    chance = game.chance()
    assert chance is not None and chance.dice == 1  # the first card's one-die roll
    err = unchanged(game, lambda: game.force(dice), BadDiceError)
    assert isinstance(err, ValueError)
    assert chance.label in str(err)


def test_apply_at_a_chance_step() -> None:
    game = Game.new(seed=4, auto_roll=False)
    game.apply("end-phase")
    err = unchanged(game, lambda: game.apply("end-phase"), IllegalActionError)
    assert "the game is waiting for a roll: call roll() or force()" in str(err)


def test_a_scripted_game_out_of_dice() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    game = reveal(state, "d1-sniper-1", script=[1], auto_roll=False)
    game.roll()  # the colour die
    assert game.state.script == [] and game.chance() is not None
    err = unchanged(game, game.roll, DiceScriptExhaustedError)
    assert str(err).startswith("the dice script needs 1 more dice but has 0 left: ")
    assert "use_seeded_dice(seed)" in str(err)  # and it says how to play on
    game.force([1])  # forcing still works
    assert game.chance() is not None and game.chance().dice == 4  # type: ignore[union-attr]


def test_undo_and_redo_with_nothing_to_take_back(new_game: Game) -> None:
    game = new_game
    err = unchanged(game, game.undo, NothingToUndoError)
    assert "nothing to undo" in str(err)
    err = unchanged(game, game.redo, NothingToUndoError)
    assert str(err) == "nothing to redo"
    game.apply("end-phase")
    game.undo()
    game.redo()
    unchanged(game, game.redo, NothingToUndoError)


def test_new_game_with_a_bad_seed() -> None:
    for seed in ("1", 1.5, None, True):
        with pytest.raises(TypeError, match="seed must be an int"):
            Game.new(seed=seed)  # type: ignore[arg-type]


# --- saves -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def save() -> dict[str, Any]:
    """A save some turns into a game, with forced and hand-rolled dice in its history."""
    game = played(seed=7, decisions=90, auto_roll=False)
    assert len(game.history) > 100 and not game.is_over
    return game.to_dict()


def edit(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A deep copy of ``data`` with the field at a dotted ``path`` set (or deleted)."""
    out = copy.deepcopy(data)
    *parents, last = path.split(".")
    target: Any = out
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    key: Any = int(last) if isinstance(target, list) else last
    if value is DELETE:
        del target[key]
    else:
        target[key] = value
    return out


DELETE = object()

SAVE_EDITS: list[tuple[str, Any, str]] = [
    ("format", "chess-pgn", "save.format: expected 'pavlov-widgets-save'"),
    ("format", DELETE, "save.format"),
    ("version", 2, "save.version: unsupported version 2"),
    ("version", "1", "save.version"),
    ("components", "0000000000000000", "save.components: the game was saved with other"),
    ("settings", DELETE, "save.settings: must be an object"),
    ("settings.weapons_eat", 1, "save.settings.weapons_eat: must be bool"),
    ("settings.forward_observer_dice", 4, "forward_observer_dice"),
    ("settings.victory_table", "third", "victory_table"),
    ("settings.house_rule", True, "save.settings: unknown field 'house_rule'"),
    ("auto_roll", "yes", "save.auto_roll: must be true or false"),
    ("initial", DELETE, "state: must be an object"),
    ("initial.turn", "one", "state.turn: must be int"),
    ("initial.turn", -1, "save.initial.turn: must not be negative"),
    ("initial.seed", DELETE, "state.seed: missing"),
    ("initial.phase", "lunch", "state.phase: unknown phase 'lunch'"),
    ("initial.soviet.pavlov.marker", "star", "state.soviet.pavlov.marker: unknown marker"),
    ("initial.soviet.pavlov.exhausted", "no", "state.soviet.pavlov.exhausted: must be bool"),
    ("initial.soviet.pavlov", DELETE, "save.initial.soviet: must list the 34 Soviet counters"),
    ("initial.soviet.pavlov.where", "attic", "save.initial.soviet.pavlov.where: unknown place"),
    ("initial.weapons.m1937", "moon", "save.initial.weapons.m1937: unknown place 'moon'"),
    ("initial.weapons.laser", "stock", "save.initial.weapons: must list the 7 weapon"),
    ("initial.tracks", [["", ""]], "save.initial.tracks: must hold 6 tracks, not 1"),
    ("initial.tracks.0", ["", ""], "save.initial.tracks[0]: must have 5 circles, not 2"),
    ("initial.tracks.0.0", "tiger-1", "save.initial.tracks[0]: unknown or repeated Wehrmacht"),
    ("initial.tracks.0.0", 7, "state.tracks[0]: must be a list of counter ids"),
    ("initial.defense", {}, "save.initial.defense: must give the Defense of green, red"),
    ("initial.defense.red", 9, "save.initial.defense.red: must be 3-6, not 9"),
    ("initial.defense.red", "6", "state.defense.red: must be a whole number"),
    ("initial.tokens.stock", DELETE, "save.initial.tokens.stock: missing"),
    ("initial.tokens.stock.gold", 3, "save.initial.tokens.stock.gold: unknown token type"),
    ("initial.tokens.stock.food", -2, "state.tokens.stock.food: must be a count >= 0"),
    ("initial.tokens.stock.food", 9, "save.initial.tokens: 11 Food tokens in play"),
    ("initial.tokens.attic", {"food": 1}, "save.initial.tokens.attic: no such place"),
    ("initial.wehrmacht_deck.0", "d9-tiger", "save.initial.wehrmacht_deck: unknown Wehrmacht"),
    ("initial.wehrmacht_deck.1", "d1-sniper-1", "is in two places"),
    ("initial.wehrmacht_deck", "all", "state.wehrmacht_deck: must be list"),
    ("initial.soviet_deck.0", "soviet-99", "save.initial.soviet_deck: unknown Soviet card"),
    ("initial.storm_box", "nope", "save.initial.storm_box: unknown Wehrmacht or Resupply"),
    ("initial.moved", ["nobody"], "save.initial.moved: names an unknown Soviet counter"),
    ("initial.dice_rng", -1, "save.initial.dice_rng: must be a 64-bit generator state"),
    ("initial.script", [0, 9], "state.script: must be null or a list of dice 1-6"),
    ("initial.stack", [{"op": "no_such_step"}], "save.initial.stack[0].op: unknown rule step"),
    ("initial.stack", [{"step": "x"}], "state.stack: every frame must be an object with an 'op'"),
    ("initial.stack", [{"op": "place_card"}], "save.initial: not a playable state"),
    ("initial.pending", {"kind": "decision", "op": "nope", "prompt": "?", "rule": "?"},
     "save.initial.pending.op: unknown decision 'nope'"),
    ("initial.pending", {"kind": "chance"}, "save.initial.pending.n: must be a number of dice"),
    ("initial.pending", {"kind": "maybe"}, "save.initial.pending.kind: must be 'decision'"),
    ("initial.pending", [], "state.pending: must be null or an object"),
    ("history", {}, "save.history: must be a list"),
    ("history.0", "end-phase", "save.history[0]: must be a choice or a roll"),
    ("history.0.kind", "wish", "save.history[0]: must be a choice or a roll"),
    ("history.0.note", "hi", "save.history[0]: unknown fields ['note']"),
    ("history.0.value", "buy:everything", "save.history[0]: illegal action 'buy:everything'"),
    ("history.0.value", 7, "save.history[0].value: must be an option id"),
    ("history.0.auto", "no", "save.history[0]: forced and auto must be true or false"),
    ("history.0", {"kind": "roll", "value": [1]}, "save.history[0]: no roll is pending"),
    ("state", DELETE, "save.state: does not match the replayed history"),
    ("state.turn", 99, "save.state: does not match the replayed history"),
    ("state.tokens.stock.food", 0, "save.state: does not match the replayed history"),
]


@pytest.mark.parametrize(("path", "value", "message"), SAVE_EDITS,
                         ids=[f"{p}={v!r}"[:60] for p, v, _ in SAVE_EDITS])
def test_corrupt_save_names_the_field(save: dict[str, Any], path: str, value: Any,
                                      message: str) -> None:
    bad = edit(save, path, value)
    with pytest.raises(SaveFormatError) as info:
        Game.from_dict(bad)
    assert message in str(info.value)
    with pytest.raises(SaveFormatError):
        Game.from_json(json.dumps(bad))


def test_history_edited_so_it_no_longer_replays(save: dict[str, Any]) -> None:
    rolls = [i for i, h in enumerate(save["history"]) if h["kind"] == "roll"]
    seeded = next(i for i in rolls if not save["history"][i].get("forced"))
    die = save["history"][seeded]["value"][0]
    bad = edit(save, f"history.{seeded}.value.0", die % 6 + 1)
    with pytest.raises(SaveFormatError, match=rf"save\.history\[{seeded}\]\.value: recorded"):
        Game.from_dict(bad)
    # a forced roll was set by hand, so any dice replay; but they must be dice
    forced = next(i for i in rolls if save["history"][i].get("forced"))
    bad = edit(save, f"history.{forced}.value.0", 9)
    with pytest.raises(SaveFormatError, match=rf"save\.history\[{forced}\]: .*must be 1-6"):
        Game.from_dict(bad)
    bad = edit(save, f"history.{forced}.value", [])
    with pytest.raises(SaveFormatError, match=rf"save\.history\[{forced}\]: .*needs exactly"):
        Game.from_dict(bad)
    # dropping the last entry leaves a history that stops short of the snapshot
    bad = copy.deepcopy(save)
    bad["history"].pop()
    with pytest.raises(SaveFormatError, match=re.escape("save.state: does not match")):
        Game.from_dict(bad)


def test_a_start_that_breaks_only_later_is_refused_on_load() -> None:
    # a hand-edited start whose damage shows only when the game reaches it: the missing
    # frame field is read by a step scheduled under the turn's first decision
    game = Game.new(seed=3)
    data = game.to_dict()
    data["initial"]["stack"].insert(0, {"op": "sapper_roll", "track": 0})
    data["state"]["stack"].insert(0, {"op": "sapper_roll", "track": 0})
    loaded = Game.from_dict(data)  # nothing runs it yet: the save is consistent
    assert loaded.to_dict() == data
    game.apply("end-phase")
    bad = game.to_dict()
    bad["initial"]["stack"].insert(0, {"op": "sapper_roll", "track": 0})
    with pytest.raises(SaveFormatError):
        Game.from_dict(bad)


def test_save_file_that_is_not_a_save(tmp_path: Path) -> None:
    cases = {"empty.json": b"", "text.json": b"my game", "list.json": b"[1, 2]",
             "binary.json": bytes(range(256)), "truncated.json": b'{"format": "pavlov-wid'}
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(SaveFormatError, match=r"^save: "):
            Game.load(path)
    with pytest.raises(SaveFormatError, match="save: cannot read"):
        Game.load(tmp_path / "missing.json")
    with pytest.raises(SaveFormatError, match="save: cannot read"):
        Game.load(tmp_path)  # a folder
    for text in ("", "{", "null", "42", '"x"'):
        with pytest.raises(SaveFormatError, match=r"^save: "):
            Game.from_json(text)
    with pytest.raises(SaveFormatError, match="save: not valid JSON"):
        Game.from_json(None)  # type: ignore[arg-type]


def test_save_and_load_through_a_file(tmp_path: Path, save: dict[str, Any]) -> None:
    game = Game.from_dict(save)
    path = tmp_path / "game.json"
    game.save(path)
    again = Game.load(path)
    assert again.to_dict() == save
    assert [str(e) for e in again.log] == [str(e) for e in game.log]
    check_invariants(again)


def test_random_save_mutations_load_or_raise_save_format_error(save: dict[str, Any]) -> None:
    """Fuzz: 150 random one-field mutations of a save; each loads or is refused by name."""
    rng = random.Random(2024)
    paths = list(_leaf_paths(save))
    loaded = 0
    for _ in range(150):
        path = rng.choice(paths)
        value = rng.choice([None, -1, 0, 1, 7, 10**20, "", "x", "stock", True, [], {}, [1]])
        bad = edit(save, path, value)
        try:
            game = Game.from_dict(bad)
        except SaveFormatError as exc:
            assert str(exc), path
            continue
        loaded += 1
        check_invariants(game)
        assert game.to_dict()["state"] == bad["state"]
    assert loaded < 150  # most mutations must be caught


def _leaf_paths(data: Any, prefix: str = "") -> list[str]:
    out: list[str] = []
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        path = f"{prefix}{key}"
        if isinstance(value, (dict, list)) and value:
            if path.startswith(("history.", "state.")) and len(out) > 400:
                continue
            out += _leaf_paths(value, path + ".")
        else:
            out.append(path)
    return out


# --- component files -------------------------------------------------------------------------


def packaged(name: str) -> Any:
    return json.loads(resources.files("pavlov_widgets.data").joinpath(name).read_text("utf-8"))


def _pop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda record: record.pop(key)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda record: record.update({key: value})


COMPONENT_EDITS: list[tuple[str, str, int, Callable[[dict[str, Any]], None], str]] = [
    # file, list key, record index, edit, expected message
    ("board.json", "squares", 0, _pop("numbers"),
     "board.json: squares[0]: field 'numbers' is missing"),
    ("board.json", "squares", 0, _set("numbers", {"green": 9}),
     "board.json: squares[0]: field 'numbers' green must be a number 1-6, not 9"),
    ("board.json", "squares", 0, _set("numbers", {"blue": 1}),
     "board.json: squares[0]: field 'numbers' has unknown colour 'blue'"),
    ("board.json", "squares", 0, _set("id", 5),
     "board.json: squares[0]: field 'id' must be a str, not 5"),
    ("board.json", "tracks", 2, _set("colour", "blue"),
     "board.json: tracks[2]: field 'colour' must be one of green, red, purple, not 'blue'"),
    ("board.json", "tracks", 0, _set("circles", "5"),
     "board.json: tracks[0]: field 'circles' must be a whole number, not '5'"),
    ("board.json", "tracks", 0, _set("sapper_circles", [9]),
     "board.json: tracks[0]: field 'sapper_circles' holds 9, not a circle 1-5"),
    ("board.json", "units", 0, _set("locations", [2]),
     "board.json: units[0]: field 'locations' holds 2, not a location 3-18"),
    ("board.json", "units", 1, _pop("provenance"),
     "board.json: units[1]: field 'provenance' is missing"),
    ("soviet_counters.json", "counters", 0, _pop("attack"),
     "soviet_counters.json: counters[0]: field 'attack' is missing"),
    ("soviet_counters.json", "counters", 3, _set("cost", 0),
     "soviet_counters.json: counters[3]: field 'cost' must be between 1 and 6, not 0"),
    ("soviet_counters.json", "counters", 0, _set("specials", "CX"),
     "soviet_counters.json: counters[0]: field 'specials' has unknown letter 'X'"),
    ("soviet_counters.json", "counters", 8, _set("specials", "AG"),
     "soviet_counters.json: counters[8]: field 'specials' may hold at most one weapon"),
    ("soviet_counters.json", "counters", 1, _set("starts_in_reserves", "yes"),
     "soviet_counters.json: counters[1]: field 'starts_in_reserves' must be a bool"),
    ("weapons.json", "weapons", 0, _set("special", "C"),
     "weapons.json: weapons[0]: field 'special' must be one of A, G, M, not 'C'"),
    ("weapons.json", "weapons", 2, _set("attack", True),
     "weapons.json: weapons[2]: field 'attack' must be a whole number, not True"),
    ("wehrmacht_counters.json", "types", 0, _set("kind", "cavalry"),
     "wehrmacht_counters.json: types[0]: field 'kind' must be one of infantry, armor"),
    ("wehrmacht_counters.json", "types", 0, _set("defense", 8),
     "wehrmacht_counters.json: types[0]: field 'defense' must be between 1 and 7, not 8"),
    ("wehrmacht_counters.json", "types", 0, _set("id", "riflemen-2"),
     "wehrmacht_counters.json: types[0]: field 'id' must not end in -<number>"),
    ("storm_groups.json", "storm_groups", 0, _pop("colour"),
     "storm_groups.json: storm_groups[0]: field 'colour' is missing"),
    ("storm_groups.json", "storm_groups", 0, _set("defense", "ten"),
     "storm_groups.json: storm_groups[0]: field 'defense' must be a whole number"),
    ("wehrmacht_cards.json", "cards", 0, _set("deck", 9),
     "wehrmacht_cards.json: cards[0]: field 'deck' must be between 1 and 5, not 9"),
    ("wehrmacht_cards.json", "cards", 0, _set("counter_type", "tiger"),
     "wehrmacht_cards.json: cards[0]: field 'counter_type' names no Wehrmacht counter type"),
    ("wehrmacht_cards.json", "cards", 6, _set("colour_table", ["green"]),
     "wehrmacht_cards.json: cards[6]: field 'colour_table' must list six colours"),
    ("wehrmacht_cards.json", "cards", 8, _pop("dice"),
     "wehrmacht_cards.json: cards[8]: field 'dice' is missing"),
    ("wehrmacht_cards.json", "cards", 9, _set("aircraft", 0),
     "wehrmacht_cards.json: cards[9]: field 'aircraft' must be between 1 and 6, not 0"),
    ("wehrmacht_cards.json", "cards", 0, _set("kind", "flamethrower"),
     "wehrmacht_cards.json: cards[0]: field 'kind' must be one of sniper"),
    ("resupply_cards.json", "cards", 0, _set("storm_group", "kremlin"),
     "resupply_cards.json: cards[0]: field 'storm_group' names no storm group: 'kremlin'"),
    ("soviet_cards.json", "cards", 0, _set("units", ["62nd-army-cp", "navy"]),
     "soviet_cards.json: cards[0]: field 'units' names no unit: 'navy'"),
    ("soviet_cards.json", "cards", 0, _set("units", ["62nd-army-cp"]),
     "soviet_cards.json: cards[0]: field 'units' must name two units"),
    ("soviet_cards.json", "cards", 30, _set("units", ["62nd-army-cp", "13th-guards-cp"]),
     "soviet_cards.json: cards[30]: field 'units' must be empty on a Fog of War card"),
    ("tokens.json", "tokens", 0, _set("total", -1),
     "tokens.json: tokens[0]: field 'total' must be between 0 and 99, not -1"),
    ("tokens.json", "tokens", 3, _set("in_supplies", 30),
     "tokens.json: tokens[3]: field 'in_supplies' must be between 0 and 20, not 30"),
    ("tokens.json", "tokens", 0, _set("id", "gold"),
     "tokens.json: tokens[0]: field 'id' must be one of action"),
    ("tokens.json", "tokens", 0, lambda r: r["provenance"].update(kind="guess"),
     "tokens.json: tokens[0].provenance: field 'kind' must be one of rulebook, inferred"),
]


@pytest.mark.parametrize(("file", "key", "index", "change", "message"), COMPONENT_EDITS,
                         ids=[m.split(": field ")[-1][:50] for *_, m in COMPONENT_EDITS])
def test_component_file_with_a_missing_or_invalid_field(
    file: str, key: str, index: int, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = copy.deepcopy(packaged(file))
    change(data[key][index])
    with pytest.raises(ComponentError) as info:
        load_components(overrides={file: data})
    assert isinstance(info.value, ValueError)
    assert message in str(info.value)


@pytest.mark.parametrize("file", FILES)
def test_component_file_of_the_wrong_shape(file: str) -> None:
    for bad in ([], "board", None, {"nothing": []}):
        with pytest.raises(ComponentError, match=rf"^{file}: "):
            load_components(overrides={file: bad})


def test_component_cross_checks() -> None:
    board = copy.deepcopy(packaged("board.json"))
    board["squares"].append(dict(board["squares"][0]))
    with pytest.raises(ComponentError, match=re.escape("board.json: green squares must")):
        load_components(overrides={"board.json": board})
    board = copy.deepcopy(packaged("board.json"))
    board["defense"] = {"start": 4, "min": 6, "max": 3}
    with pytest.raises(ComponentError, match=r"board.json: defense: field 'min' must not be"):
        load_components(overrides={"board.json": board})
    counters = copy.deepcopy(packaged("soviet_counters.json"))
    counters["counters"].append(dict(counters["counters"][0]))
    with pytest.raises(ComponentError, match=re.escape("duplicate id 'pavlov'")):
        load_components(overrides={"soviet_counters.json": counters})
    counters = copy.deepcopy(packaged("soviet_counters.json"))
    for record in counters["counters"]:
        record["specials"] = record["specials"].replace("C", "")
    with pytest.raises(ComponentError, match=r"no counter has Command \[C\]"):
        load_components(overrides={"soviet_counters.json": counters})
    tokens = copy.deepcopy(packaged("tokens.json"))
    tokens["tokens"].pop()
    with pytest.raises(ComponentError, match=re.escape("tokens.json: token types missing: aa")):
        load_components(overrides={"tokens.json": tokens})
    resupply = copy.deepcopy(packaged("resupply_cards.json"))
    del resupply["cards"][2:]
    with pytest.raises(ComponentError, match="at least three Resupply cards"):
        load_components(overrides={"resupply_cards.json": resupply})


def test_component_folder_and_file_names(tmp_path: Path) -> None:
    with pytest.raises(ComponentError, match=re.escape("soviet_counter.json: not a comp")):
        load_components(overrides={"soviet_counter.json": {}})
    with pytest.raises(ComponentError, match="no such folder"):
        load_components(tmp_path / "missing")
    (tmp_path / "tokens.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ComponentError, match=r"^tokens.json: not valid JSON"):
        load_components(tmp_path)
    (tmp_path / "tokens.json").write_text(json.dumps(packaged("tokens.json")), encoding="utf-8")
    comps = load_components(tmp_path)  # a corrected file in a folder replaces the packaged one
    assert comps.tokens["aa"].total == 4


def test_a_save_from_other_components_is_refused() -> None:
    tokens = copy.deepcopy(packaged("tokens.json"))
    tokens["tokens"][2]["total"] = 34  # the 1st printing's Disrupted tokens
    first = load_components(overrides={"tokens.json": tokens})
    game = Game.new(seed=1, components=first)
    with pytest.raises(SaveFormatError, match=re.escape("save.components: the game was")):
        Game.from_dict(game.to_dict())
    assert Game.from_dict(game.to_dict(), components=first).to_dict() == game.to_dict()


# --- options and scenarios -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "settings: must be an object"),
        ([], "settings: must be an object"),
        ({"weapons_eat": "yes"}, "settings.weapons_eat: must be bool, not 'yes'"),
        ({"forward_observer_dice": 2.0}, "settings.forward_observer_dice: must be int"),
        ({"forward_observer_dice": 5}, "forward_observer_dice"),
        ({"victory_table": "third"}, "victory_table"),
        ({"sappers": True}, "settings: unknown field 'sappers'"),
    ],
)
def test_bad_rule_options(data: Any, message: str) -> None:
    with pytest.raises(SaveFormatError) as info:
        RuleSettings.from_dict(data)
    assert message in str(info.value)


def test_unknown_scenario() -> None:
    from pavlov_widgets.tutor.content import get_scenario, scenario_names

    with pytest.raises(UnknownScenarioError) as info:
        get_scenario("no-such-example")
    assert isinstance(info.value, PavlovError)
    assert str(info.value).startswith("unknown scenario 'no-such-example'; known: ")
    assert all(name in str(info.value) for name in scenario_names())


@pytest.mark.parametrize("folder", [5, ["data"], 1.5])
def test_load_components_refuses_a_folder_that_is_no_path(folder: Any) -> None:
    """A number or a list as the folder is named, not a TypeError from deep in pathlib."""
    with pytest.raises(ComponentError, match=r"folder: .* is not a folder's path"):
        load_components(folder)


def test_load_components_refuses_overrides_that_are_no_mapping() -> None:
    with pytest.raises(ComponentError, match=r"overrides: .* is not a mapping"):
        load_components(overrides=["board.json"])  # type: ignore[arg-type]


@pytest.mark.parametrize(("total", "table", "field"),
                         [("x", "second", "total"), (1.5, "second", "total"),
                          (True, "second", "total"), (0, "third", "table"), (0, None, "table")])
def test_victory_level_refuses_what_is_no_score_or_table(
    total: Any, table: Any, field: str
) -> None:
    """6.0 Victory: the score is a whole number and the table one of the two printings'."""
    with pytest.raises(SettingsError, match=f"^{field}: "):
        victory_level(total, table)


def test_victory_level_reads_both_tables() -> None:
    assert victory_level(-5) == ("draw", "Draw", "")
    assert victory_level(-15) == ("loss", "Minor Defeat", "")
    assert victory_level(-15, "first") == ("draw", "Draw", "")
