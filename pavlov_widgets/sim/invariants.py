"""What must hold at every step of every game: the invariant checker.

The simulator and the robustness tests both use it.

:func:`check_invariants` is cheap (tens of microseconds) and looks at the state only:

* every token type's count over all places, plus the Disrupted tokens, Action and Command
  markers sitting on counters, equals the number the game has (Setup 9); tokens lie only
  where the rules put them (one supply token per Flotilla location, 2.0);
* the 34 Soviet, 7 Weapon and 39 Wehrmacht counters (Setup 6–8) are each in exactly one
  known place; counters out of the game carry no token and are not Exhausted; counters are
  on a Storm Group raid only while it is resolved (3.0 Storm Group); Action and Command
  markers only during the Soviet Counter Phase's actions (4.0);
* at most one Wehrmacht counter per circle (3.0 Advance Wehrmacht Counters);
* at most one Soviet counter per combat position, except two counters of the same weapon
  designation with a weapon of it (4.0 Move, 4.0 Soviet Counters and Weapon Counters) —
  and, while a displaced counter waits for its free move, the mover and the displaced;
* no weapon alone on a combat position, nor with no crew of its designation (4.0);
* each Defense value within its track (3.0 Attack Building);
* every Wehrmacht, Resupply and Soviet card (and, in the variants, every Tactics and
  Operational Support card) is in exactly one pile;
* a game not over waits for a decision with at least one option (no two alike) or for
  dice, and every rule step on the stack is a registered one.

:func:`check_round_trips` is dearer (it replays the game): save → load, ``copy()`` and
undo → redo each give back the same state, log and history.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from ..engine import Game, Option, RuleSettings
from ..engine.components import COLOURS, SUPPLY_TOKENS
from ..engine.machine import DECISIONS, STEPS
from ..engine.state import GameState

SOVIET_COUNTERS = 34
"""Soviet counters in the game (Setup 6)."""
WEAPON_COUNTERS = 7
"""Weapon counters in the game (Setup 7)."""
WEHRMACHT_COUNTERS = 39
"""Wehrmacht counters in the game (Setup 8)."""

TOKEN_HOMES: dict[str, tuple[int, ...]] = {
    "wire": (14, 15, 16, 17),
    "artillery": (10, 11),
    "aa": (8, 9, 12, 13),
    **{kind: (5, 6, 7) for kind in SUPPLY_TOKENS},
}
"""The Volga locations a token may lie on (2.0): Signal, Artillery, AA, Flotilla."""

_COUNTER_PLACES = ("stock", "reserves", "removed")
_FIXED_TOKEN_PLACES = ("stock", "removed", "supplies", "staging")
_RAID_STEPS = frozenset({"raid_fates", "raid_fate", "casualty"})


class InvariantError(AssertionError):
    """A state that breaks a rule of the game; the message says which and where."""


def _fail(game: Game, what: str) -> None:
    raise InvariantError(f"turn {game.turn}, {game.phase}: {what}")


def _raid_under_way(s: GameState) -> bool:
    """Whether a Storm Group raid is being resolved (its raiders are off the board)."""
    p = s.pending or {}
    return (
        p.get("then") in ("raid_result", "raid_fates")
        or p.get("op") == "first_aid"
        or any(f["op"] in _RAID_STEPS for f in s.stack)
    )


def check_invariants(game: Game) -> None:
    """Check the state-only invariants listed in the module docstring.

    Raises:
        InvariantError: the first invariant that does not hold.
    """
    _check_counters(game)
    _check_tokens(game)
    _check_cards(game)
    _check_cursor(game)


def _check_counters(game: Game) -> None:
    s, c = game.state, game.components
    squares = {sq.id for sq in c.board.squares}
    if len(c.soviet_counters) != SOVIET_COUNTERS or set(s.soviet) != set(c.soviet_counters):
        _fail(game, f"the state has {len(s.soviet)} Soviet counters, the game "
              f"{len(c.soviet_counters)} (Setup 6: {SOVIET_COUNTERS})")
    if len(c.weapons) != WEAPON_COUNTERS or set(s.weapons) != set(c.weapons):
        _fail(game, f"the state has {len(s.weapons)} weapon counters (Setup 7: "
              f"{WEAPON_COUNTERS})")
    raid_ok = _raid_under_way(s)
    markers_ok = s.phase == "counter_actions"
    occupants: dict[str, list[str]] = {}
    for cid, counter in s.soviet.items():
        where = counter.where
        if where in squares:
            occupants.setdefault(where, []).append(cid)
        elif where == "raid":
            if not raid_ok:
                _fail(game, f"{cid} is on a Storm Group raid but no raid is being resolved")
        elif where not in _COUNTER_PLACES:
            _fail(game, f"Soviet counter {cid} is at an unknown place {where!r}")
        if where in ("stock", "removed") and (
            counter.disrupted or counter.exhausted or counter.marker
        ):
            _fail(game, f"{cid} is at {where} but Exhausted, Disrupted or marked")
        if counter.marker:
            if counter.marker not in ("action", "command"):
                _fail(game, f"{cid} carries an unknown marker {counter.marker!r}")
            if not markers_ok:
                _fail(game, f"{cid} keeps a {counter.marker} token outside the counter actions")
    weapons_at: dict[str, list[str]] = {}
    for wid, where in s.weapons.items():
        if where in squares:
            weapons_at.setdefault(where, []).append(wid)
        elif where not in _COUNTER_PLACES:
            _fail(game, f"weapon {wid} is at an unknown place {where!r}")

    # one counter per position, or a crewed weapon pair (or a displacement under way)
    pending = s.pending or {}
    displacing = pending.get("square") if pending.get("op") == "displace_to" else None
    for sq_id, here in occupants.items():
        if len(here) == 1 or (sq_id == displacing and len(here) == 2):
            continue
        specials = {c.soviet_counters[cid].weapon_special for cid in here}
        if len(here) > 2 or len(specials) != 1 or None in specials or not any(
            c.weapons[w].special in specials for w in weapons_at.get(sq_id, [])
        ):
            _fail(game, f"position {sq_id} holds {here} with weapons "
                  f"{weapons_at.get(sq_id, [])} (4.0: one counter, or two of one "
                  "designation with its weapon)")
    for sq_id, weapons in weapons_at.items():
        here = occupants.get(sq_id, [])
        if not here:
            _fail(game, f"weapon(s) {weapons} alone on position {sq_id} (4.0 Weapons)")
        crews = {c.soviet_counters[cid].weapon_special for cid in here}
        for wid in weapons:
            if c.weapons[wid].special not in crews:
                _fail(game, f"{wid} on {sq_id} without a crew of its designation ({here})")

    # Wehrmacht tracks: known counters, each at most once, one per circle
    ids = c.wehrmacht_counter_ids()
    if len(ids) != WEHRMACHT_COUNTERS:
        _fail(game, f"the game has {len(ids)} Wehrmacht counters (Setup 8: "
              f"{WEHRMACHT_COUNTERS})")
    if len(s.tracks) != len(c.board.tracks):
        _fail(game, f"{len(s.tracks)} tracks in the state, {len(c.board.tracks)} on the board")
    known, seen = set(ids), set()
    for track, circles in zip(c.board.tracks, s.tracks, strict=False):
        if len(circles) != track.circles:
            _fail(game, f"track {track.number} has {len(circles)} circles, not {track.circles}")
        for wid in circles:
            if not wid:
                continue
            if wid not in known:
                _fail(game, f"unknown Wehrmacht counter {wid!r} on track {track.number}")
            if wid in seen:
                _fail(game, f"Wehrmacht counter {wid} is on the board twice")
            seen.add(wid)

    low, high = c.board.defense_min, c.board.defense_max
    for colour in COLOURS:
        value = s.defense.get(colour)
        if value is None or not low <= value <= high:
            _fail(game, f"{colour} Defense is {value}, outside {low}-{high}")


_PLACE_OK: dict[tuple[str, str, str, int], bool] = {}
"""Memo of :func:`_token_place_ok` by (components fingerprint, place, kind, min(n, 2))."""


def _check_tokens(game: Game) -> None:
    s, c = game.state, game.components
    totals: Counter[str] = Counter()
    for place, kinds in s.tokens.items():
        for kind, n in kinds.items():
            if kind not in c.tokens:
                _fail(game, f"unknown token type {kind!r} at {place}")
            if not isinstance(n, int) or n < 0:
                _fail(game, f"{n!r} {kind} tokens at {place}")
            totals[kind] += n
            if not n or place in ("stock", "removed", "supplies"):
                continue
            key = (c.fingerprint, place, kind, min(n, 2))
            ok = _PLACE_OK.get(key)
            if ok is None:
                sapper_places = {
                    f"sapper:{t.number}:{circle}"
                    for t in c.board.tracks
                    for circle in t.sapper_circles
                }
                ok = _PLACE_OK[key] = _token_place_ok(place, kind, n, sapper_places)
            if not ok:
                _fail(game, f"{n} {kind} token(s) at {place!r}, where the rules put none")
    for counter in s.soviet.values():
        totals["disrupted"] += counter.disrupted
        if counter.marker:
            totals[counter.marker] += 1
    for kind, spec in c.tokens.items():
        if totals[kind] != spec.total:
            _fail(game, f"{totals[kind]} {spec.name} tokens in play, the game has {spec.total} "
                  "(Setup 9)")
    for loc in TOKEN_HOMES["food"]:
        supply = sum(n for k, n in s.tokens.get(f"loc:{loc}", {}).items() if k != "disrupted")
        if supply > 1:
            _fail(game, f"{supply} tokens on Flotilla location {loc} (2.0: one each)")


def _token_place_ok(place: str, kind: str, n: int, sapper_places: set[str]) -> bool:
    if place in ("stock", "removed", "supplies"):
        return True
    if place == "staging":
        return kind in SUPPLY_TOKENS
    if place.startswith("suppress:"):
        return kind == "suppression" and place[9:] in COLOURS
    if place.startswith("sapper:"):
        return kind == "sapper" and n == 1 and place in sapper_places
    if place.startswith("loc:") and place[4:].isdigit() and 3 <= int(place[4:]) <= 18:
        loc = int(place[4:])
        return n == 1 and (kind == "disrupted" or loc in TOKEN_HOMES.get(kind, ()))
    return False


def _check_cards(game: Game) -> None:
    s, c = game.state, game.components
    soviet = s.soviet_deck + s.hand + s.soviet_discard + s.fog_stock
    if sorted(soviet) != sorted(c.soviet_cards):
        _fail(game, "Soviet cards lost or duplicated (deck + hand + discards + stock)")
    if not set(s.hand_used) <= set(s.hand):
        _fail(game, f"cards used {s.hand_used} are not all in the hand {s.hand}")
    wehrmacht = (
        s.wehrmacht_deck + s.wehrmacht_done + s.resupply_removed + s.storm_won + s.storm_lost
        + ([s.wehrmacht_current] if s.wehrmacht_current else [])
        + ([s.storm_box] if s.storm_box else [])
    )
    expected = [k for k, card in c.wehrmacht_cards.items() if not card.competitive]
    if sorted(wehrmacht) != sorted(expected + list(c.resupply_cards)):
        _fail(game, "Wehrmacht or Resupply cards lost or duplicated")
    options = game.options
    if options.tactics != "none":
        tactics = s.tactics_deck + s.tactics_in_play + s.tactics_removed
        if sorted(tactics) != sorted(c.tactics):
            _fail(game, "Tactics cards lost or duplicated (7.2)")
    if options.operational_support:
        support = s.os_deck + s.os_won + ([s.os_current] if s.os_current else [])
        if sorted(support) != sorted(c.operational_support):
            _fail(game, "Operational Support cards lost or duplicated (7.1)")


def _check_cursor(game: Game) -> None:
    s = game.state
    for frame in s.stack:
        if frame.get("op") not in STEPS:
            _fail(game, f"unknown rule step {frame.get('op')!r} on the stack")
    if game.is_over:
        if s.pending is not None or s.phase != "over":
            _fail(game, "the game is over but a decision or roll is pending")
        return
    p = s.pending
    if p is None:
        _fail(game, "the game is not over but nothing is pending")
    elif p["kind"] == "decision":
        if p["op"] not in DECISIONS:
            _fail(game, f"unknown decision {p['op']!r}")
        ids = [o.id for o in game.legal_actions()]
        if not ids:
            _fail(game, f"decision {p['op']!r} has no legal option")
        if len(set(ids)) != len(ids):
            _fail(game, f"decision {p['op']!r} offers an option twice: {ids}")
    elif p["kind"] == "chance":
        if not isinstance(p.get("n"), int) or p["n"] < 1 or p.get("then") not in STEPS:
            _fail(game, f"a chance step of {p.get('n')!r} dice then {p.get('then')!r}")
    else:
        _fail(game, f"unknown pending kind {p['kind']!r}")


def check_round_trips(game: Game) -> None:
    """Save → load, ``copy()`` and undo → redo each give back the same game.

    The game itself is not changed (undo and redo are tried on a copy).

    Raises:
        InvariantError: a round trip that does not give back the same state, log or history.
    """
    state, log, history = game.state.to_dict(), game.log, game.history
    loaded = Game.from_json(game.to_json(), game.components)
    if loaded.state.to_dict() != state:
        _fail(game, "save -> load gives another state")
    if loaded.log != log or loaded.history != history:
        _fail(game, "save -> load gives another log or history")
    twin = game.copy()
    if twin.state.to_dict() != state or twin.log != log or twin.history != history:
        _fail(game, "copy() differs from the game")
    if twin.can_undo:
        twin.undo()
        twin.redo()
        if twin.state.to_dict() != state:
            _fail(game, "undo then redo gives another state")
        if twin.log != log or twin.history != history:
            _fail(game, "undo then redo gives another log or history")


def play_checked(
    seed: int,
    policy: Callable[[Game, random.Random], Option] | None = None,
    options: RuleSettings | None = None,
    *,
    round_trip_every: int = 0,
) -> Game:
    """Play one game step by step, checking the invariants after every step.

    Every decision and every roll is a step (the game is played with ``auto_roll=False``
    and rolled here, from the game's own dice, so it is the same game the simulator plays
    with the same seed and policy). ``round_trip_every=k`` also runs
    :func:`check_round_trips` every k steps and at the end (0: only at the end).

    Raises:
        InvariantError: the first invariant that fails (the message names turn and phase).
    """
    from .policies import RandomPolicy, policy_name, policy_rng

    chooser = policy if policy is not None else RandomPolicy()
    rng = policy_rng(seed, policy_name(chooser))
    game = Game.new(seed=seed, options=options, auto_roll=False)
    check_invariants(game)
    steps = 0
    while not game.is_over:
        if game.state.pending and game.state.pending["kind"] == "chance":
            game.roll()
        else:
            game.apply(chooser(game, rng))
        steps += 1
        check_invariants(game)
        if round_trip_every and steps % round_trip_every == 0:
            check_round_trips(game)
    check_round_trips(game)
    return game
