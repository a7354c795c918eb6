"""Robustness: random games under the invariant checker, illegal actions, mutated saves, replays.

The default suite runs small versions (a few thousand games in all); the long runs carry the
``slow`` marker::

    .venv/bin/pytest -m slow tests/test_robustness.py          # or: bash scripts/test.sh --slow

* 100,000 seeded random games, every decision and roll followed by the package's checker
  :func:`pavlov_widgets.engine.check.check_invariants` (as the simulator's ``--check`` runs
  it, through :mod:`pavlov_widgets.sim.invariants`), and save → load, ``copy()`` and
  undo → redo checked at the end of each game (and every 200 steps in the default run of
  1,000 games);
* 10,000 illegal or malformed actions against random positions: each refused with a
  :class:`~pavlov_widgets.engine.PavlovError` (a ``ValueError``) that says what is wrong,
  the game left exactly as it was;
* 10,000 mutated save files: each either loads (and the loaded game passes the invariants)
  or is refused with :class:`~pavlov_widgets.engine.SaveFormatError` — never another
  exception;
* a saved game replays to the identical log, and so do its seed and choices.

Every case is derived from a seed; a failure message names it.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pavlov_widgets.engine import (
    BadDiceError,
    Game,
    IllegalActionError,
    NotAChanceStepError,
    NothingToUndoError,
    Option,
    PavlovError,
    SaveFormatError,
)
from pavlov_widgets.sim import RandomPolicy, policy_rng, replay
from pavlov_widgets.sim.invariants import (
    InvariantError,
    check_invariants,
    check_round_trips,
    play_checked,
)

# --- random games under the invariant checker --------------------------------------------


def _checked_games(seeds: range, round_trip_every: int) -> int:
    """Play these seeds under the checker; returns how many games were played."""
    for seed in seeds:
        try:
            play_checked(seed, round_trip_every=round_trip_every)
        except Exception as exc:
            raise AssertionError(f"random game seed {seed}: {type(exc).__name__}: {exc}") from exc
    return len(seeds)


def _run_sharded(total: int, start: int, round_trip_every: int, workers: int) -> int:
    """Split the seeds in chunks over a few processes (the long run uses both cores)."""
    chunk = 500
    ranges = [range(s, min(s + chunk, start + total)) for s in range(start, start + total, chunk)]
    if workers <= 1:
        return sum(_checked_games(r, round_trip_every) for r in ranges)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return sum(pool.map(_checked_games, ranges, [round_trip_every] * len(ranges)))


def test_random_games_keep_every_invariant() -> None:
    """1,000 seeded random games, every step checked (the default, quick version)."""
    assert _run_sharded(1000, 0, round_trip_every=200, workers=1) == 1000


@pytest.mark.slow
@pytest.mark.timeout(6 * 3600)  # about an hour on two shared cores; the default limit is 900 s
def test_random_games_keep_every_invariant_100k() -> None:
    """100,000 seeded random games, every step checked, round trips at each game's end."""
    workers = int(os.environ.get("PAVLOV_WORKERS", str(min(2, os.cpu_count() or 1))))
    assert _run_sharded(100_000, 1_000_000, round_trip_every=0, workers=workers) == 100_000


def test_the_checker_catches_a_broken_state() -> None:
    """The checker is not a test that cannot fail: each kind of damage is named."""
    damages: dict[str, Callable[[Game], None]] = {
        "tokens in play": lambda g: g.state.tokens["stock"].__setitem__(
            "suppression", g.state.tokens["stock"]["suppression"] + 1),
        "unknown place": lambda g: setattr(g.state.soviet["pavlov"], "where", "attic"),
        "it is also on track 1": lambda g: g.state.tracks[0].__setitem__(0, "riflemen-1")
        or g.state.tracks[1].__setitem__(0, "riflemen-1"),
        "is already held by": lambda g: [setattr(g.state.soviet[c], "where", "G1")
                            for c in ("pavlov", "glushenko")],
        "alone on position": lambda g: g.state.weapons.__setitem__("m1937", "G2"),
        r"defense\.red: must be 3-6": lambda g: g.state.defense.__setitem__("red", 2),
        "Soviet card .* is in two places": lambda g: g.state.hand.append(g.state.hand[0]),
        "unknown rule step": lambda g: g.state.stack.append({"op": "no_such_step"}),
        "holds one token besides a Disrupted one": lambda g: (
            g.engine.move_tokens("food", "stock", "loc:5"),
            g.engine.move_tokens("sapper", "stock", "loc:5"),
        ),
    }
    for expected, damage in damages.items():
        game = Game.new(seed=11)
        check_invariants(game)
        damage(game)
        with pytest.raises(InvariantError, match=expected):
            check_invariants(game)


def test_round_trip_check_catches_a_diverging_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """check_round_trips compares real states: a copy that loses a field is caught."""
    game = Game.new(seed=3)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    check_round_trips(game)
    original = Game.copy

    def lossy(self: Game) -> Game:
        twin = original(self)
        twin.state.turn += 1
        return twin

    monkeypatch.setattr(Game, "copy", lossy)
    with pytest.raises(InvariantError, match="copy"):
        check_round_trips(game)


# --- illegal and malformed actions --------------------------------------------------------


def _random_position(rng: random.Random) -> Game:
    """A game at a random point: a decision, a chance step (rolled by hand) or the end."""
    seed = rng.randrange(10**6)
    game = Game.new(seed=seed, auto_roll=rng.random() < 0.5)
    policy, prng = RandomPolicy(), policy_rng(seed, "random")
    for _ in range(rng.choice((0, 1, 5, 20, 60, 150, 400))):
        if game.is_over:
            break
        if game.state.pending and game.state.pending["kind"] == "chance":
            game.roll()
        else:
            game.apply(policy(game, prng))
    return game


def _mangle(rng: random.Random, legal: list[str]) -> str:
    """An option id that looks like a legal one but is not."""
    base = rng.choice(legal) if legal else "end-phase"
    tricks = [
        lambda s: s + "x",
        lambda s: s[:-1],
        lambda s: s.upper(),
        lambda s: " " + s,
        lambda s: s.replace(":", "::", 1) if ":" in s else s + ":",
        lambda s: s + ":extra",
        lambda s: s.split(":")[0],
    ]
    for _ in range(10):
        candidate = rng.choice(tricks)(base)
        if candidate not in legal:
            return candidate
    return "not-an-option"


_JUNK: list[Any] = [
    None, 0, -1, 1.5, True, False, b"end-phase", ["end-phase"], ("end-phase",),
    {"id": "end-phase"}, object(), Option("to", "Nowhere", (), place="nowhere"),
    "", " ", "\x00", "a" * 10_000, "Павлов", "card:", "to:", "move:", "back;", "end-phase\n",
]


def _illegal_attempts(game: Game, rng: random.Random) -> Iterator[tuple[str, Callable[[], Any],
                                                                        type[Exception]]]:
    """(description, call, expected error class) of wrong things to do in this position."""
    if game.is_over:
        yield "apply after the end", lambda: game.apply("end-phase"), IllegalActionError
        yield "roll after the end", game.roll, NotAChanceStepError
        yield "force after the end", lambda: game.force([3]), NotAChanceStepError
        return
    pending = game.state.pending
    assert pending is not None
    if pending["kind"] == "chance":
        n = pending["n"]
        yield "apply at a roll", lambda: game.apply("end-phase"), IllegalActionError
        bad_dice: list[Any] = [[], [3] * (n + 1), [0] * n, [7] * n, [-1] * n, ["3"] * n,
                               [3.0] * n, [True] * n, None, "3" * n, 3, [[3]] * n]
        dice = rng.choice(bad_dice)
        yield f"force({dice!r})", lambda: game.force(dice), BadDiceError
        return
    legal = [o.id for o in game.legal_actions()]
    wrong = _mangle(rng, legal) if rng.random() < 0.5 else rng.choice(_JUNK)
    if isinstance(wrong, str) and wrong in legal:
        wrong = "not-an-option"
    yield f"apply({wrong!r:.60})", lambda: game.apply(wrong), IllegalActionError
    if rng.random() < 0.2:
        yield "roll at a decision", game.roll, NotAChanceStepError
    if rng.random() < 0.1:
        yield "force at a decision", lambda: game.force([1]), NotAChanceStepError
    if rng.random() < 0.1 and not game.can_redo:
        yield "redo with nothing undone", game.redo, NothingToUndoError


def _snapshot(game: Game) -> tuple[Any, ...]:
    return (json.dumps(game.state.to_dict(), sort_keys=True), game.log, game.history,
            game.can_undo, game.can_redo)


def _check_illegal(count: int, seed: int) -> int:
    rng = random.Random(seed)
    done = 0
    while done < count:
        game = _random_position(rng)
        for what, call, error in _illegal_attempts(game, rng):
            before = _snapshot(game)
            with pytest.raises(error) as info:
                call()
            exc = info.value
            assert isinstance(exc, PavlovError) and isinstance(exc, ValueError), what
            assert len(str(exc)) >= 10, f"{what}: the message {str(exc)!r} says too little"
            if isinstance(exc, IllegalActionError):
                assert "illegal action" in str(exc) and exc.rule, what
            assert _snapshot(game) == before, f"{what} changed the game"
            done += 1
    return done


def test_illegal_actions_are_refused() -> None:
    """1,000 illegal or malformed actions: a clear error each, the game unchanged."""
    assert _check_illegal(1000, seed=1) >= 1000


@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_illegal_actions_are_refused_10k() -> None:
    """10,000 illegal or malformed actions against random positions."""
    assert _check_illegal(10_000, seed=2) >= 10_000


def test_nothing_to_undo_at_the_start() -> None:
    """Undo at the start and redo with nothing undone are refused, the game unchanged."""
    game = Game.new(seed=5)
    before = _snapshot(game)
    with pytest.raises(NothingToUndoError, match="nothing to undo"):
        game.undo()
    with pytest.raises(NothingToUndoError, match="nothing to redo"):
        game.redo()
    assert _snapshot(game) == before


# --- mutated save files -------------------------------------------------------------------


def _saves(count: int, seed: int) -> list[str]:
    """Saved games at random points (some finished, some rolled by hand)."""
    rng = random.Random(seed)
    return [_random_position(rng).to_json() for _ in range(count)]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


_REPLACEMENTS: list[Any] = [None, -1, 0, 1, 7, 10**20, -(10**20), 1.5, True, False, "", "x",
                            "riflemen-1", "G1", "reserves", "end-phase", [], {}, [1, 2, 3],
                            {"kind": "roll"}, "a" * 5000]


def _mutate_data(data: Any, rng: random.Random) -> tuple[Any, str]:
    """One structural change somewhere in the saved data; returns it and a description."""
    data = copy.deepcopy(data)
    paths = [p for p in _paths(data) if p]
    path = rng.choice(paths)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    old = parent[key]
    action = rng.choice(["delete", "replace", "replace", "bump", "swap", "dup", "retype"])
    if action == "delete":
        del parent[key]
    elif action == "bump" and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + rng.choice((-1, 1, 2, -5))
    elif action == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    elif action == "dup" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(old))
    elif action == "retype":
        parent[key] = json.dumps(old) if not isinstance(old, str) else [old]
    else:
        parent[key] = copy.deepcopy(rng.choice(_REPLACEMENTS))
        action = "replace"
    return data, f"{action} at {'/'.join(map(str, path))}"


def _mutate_text(text: str, rng: random.Random) -> tuple[str, str]:
    """One textual change: a flipped, inserted or deleted character, or a truncation."""
    i = rng.randrange(len(text))
    action = rng.choice(["flip", "insert", "delete", "truncate"])
    if action == "flip":
        return text[:i] + rng.choice('0123456789{}[]":,xe-') + text[i + 1:], f"flip at {i}"
    if action == "insert":
        return text[:i] + rng.choice('0123456789{}[]":,x') + text[i:], f"insert at {i}"
    if action == "delete":
        return text[:i] + text[i + rng.randint(1, 40):], f"delete at {i}"
    return text[:i], f"truncate at {i}"


def _check_mutated_saves(count: int, seed: int, folder: Path) -> dict[str, int]:
    rng = random.Random(seed)
    saves = _saves(12, seed)
    parsed = [json.loads(s) for s in saves]
    outcome = {"loaded": 0, "refused": 0}
    for i in range(count):
        k = rng.randrange(len(saves))
        if rng.random() < 0.7:
            data, what = _mutate_data(parsed[k], rng)
            text = json.dumps(data)
        else:
            text, what = _mutate_text(saves[k], rng)
        try:
            if i % 10 == 0:
                path = folder / f"mutated-{i}.json"
                path.write_text(text, encoding="utf-8")
                game = Game.load(path)
            else:
                game = Game.from_json(text)
        except SaveFormatError as exc:
            # the message names the bad field: save.<field>, settings.<field> or state.<field>
            assert str(exc).startswith(("save", "settings", "state")), (
                f"case {i} ({what}): unclear error {exc}")
            outcome["refused"] += 1
            continue
        except Exception as exc:
            raise AssertionError(
                f"mutated save {i} (seed {seed}, {what}) raised {type(exc).__name__}: {exc}"
            ) from exc
        check_invariants(game)
        outcome["loaded"] += 1
    return outcome


def test_mutated_saves_load_or_are_refused(tmp_path: Path) -> None:
    """1,000 mutated saves: each loads, or is refused with SaveFormatError."""
    outcome = _check_mutated_saves(1000, seed=7, folder=tmp_path)
    assert outcome["loaded"] + outcome["refused"] == 1000
    assert outcome["refused"] > 500  # most mutations must be caught, not silently loaded


@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_mutated_saves_load_or_are_refused_10k(tmp_path: Path) -> None:
    """10,000 mutated save files."""
    outcome = _check_mutated_saves(10_000, seed=8, folder=tmp_path)
    assert outcome["loaded"] + outcome["refused"] == 10_000


def test_an_unreadable_save_file_is_refused(tmp_path: Path) -> None:
    """A file that is not UTF-8, or is missing, is refused with SaveFormatError."""
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveFormatError, match="cannot read"):
        Game.load(bad)
    with pytest.raises(SaveFormatError, match="cannot read"):
        Game.load(tmp_path / "missing.json")


# --- replays ------------------------------------------------------------------------------


def test_a_saved_game_replays_to_the_same_log() -> None:
    """Save -> load, and seed + choices, both reproduce a game's log exactly."""
    for seed in range(25):
        game = Game.new(seed=seed)
        rng, policy = policy_rng(seed, "random"), RandomPolicy()
        while not game.is_over:
            game.apply(policy(game, rng))
        loaded = Game.from_json(game.to_json())
        assert loaded.log == game.log, f"seed {seed}: the loaded log differs"
        assert loaded.state.to_dict() == game.state.to_dict()
        choices = [e["value"] for e in game.history if e["kind"] == "choose"]
        again = replay(seed, choices)
        assert [str(e) for e in again.log] == [str(e) for e in game.log], f"seed {seed}"
