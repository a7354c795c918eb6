"""Checks a loaded state against the components, so a corrupt save fails on load, by name.

:meth:`GameState.from_dict <pavlov_widgets.engine.state.GameState.from_dict>` checks the
shape and types of a saved state; :func:`check_state` checks what only the components know:
that every counter, card and token it names exists, sits in a place the board has, that the
token totals are those of the game (Setup 9), and that the rule cursor names registered
steps. A hand-edited save that passes both can be played without an internal error.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import dice as dice_mod
from .components import COLOURS, Components
from .errors import SaveFormatError
from .machine import DECISIONS, STEPS
from .settings import RuleSettings
from .state import GameState

_COUNTER_PLACES = frozenset({"stock", "reserves", "removed", "raid"})
_WEAPON_PLACES = frozenset({"stock", "reserves", "removed"})
_FIXED_TOKEN_PLACES = ("stock", "removed", "supplies", "staging")


def check_state(s: GameState, c: Components, where: str = "state") -> None:
    """Raise :class:`SaveFormatError` naming the first field of ``s`` the components deny."""

    def fail(field: str, problem: str) -> SaveFormatError:
        return SaveFormatError(f"{where}.{field}: {problem}")

    squares = {sq.id for sq in c.board.squares}
    # counters (Setup 6-8)
    if set(s.soviet) != set(c.soviet_counters):
        odd = sorted(set(s.soviet) ^ set(c.soviet_counters))
        raise fail("soviet", f"must list the {len(c.soviet_counters)} Soviet counters ({odd})")
    for cid, counter in s.soviet.items():
        if counter.where not in squares and counter.where not in _COUNTER_PLACES:
            raise fail(f"soviet.{cid}.where", f"unknown place {counter.where!r}")
    if set(s.weapons) != set(c.weapons):
        odd = sorted(set(s.weapons) ^ set(c.weapons))
        raise fail("weapons", f"must list the {len(c.weapons)} weapon counters ({odd})")
    for wid, place in s.weapons.items():
        if place not in squares and place not in _WEAPON_PLACES:
            raise fail(f"weapons.{wid}", f"unknown place {place!r}")
    if len(s.tracks) != len(c.board.tracks):
        raise fail("tracks", f"must hold {len(c.board.tracks)} tracks, not {len(s.tracks)}")
    known = set(c.wehrmacht_counter_ids())
    seen: set[str] = set()
    for i, (track, circles) in enumerate(zip(c.board.tracks, s.tracks, strict=True)):
        if len(circles) != track.circles:
            raise fail(f"tracks[{i}]", f"must have {track.circles} circles, not {len(circles)}")
        for wid in circles:
            if wid and (wid not in known or wid in seen):
                raise fail(f"tracks[{i}]", f"unknown or repeated Wehrmacht counter {wid!r}")
            seen.add(wid)
    if set(s.defense) != set(COLOURS):
        raise fail("defense", f"must give the Defense of {', '.join(COLOURS)}")
    low, high = c.board.defense_min, c.board.defense_max
    for colour, value in s.defense.items():
        if not low <= value <= high:
            raise fail(f"defense.{colour}", f"must be {low}-{high}, not {value}")
    _check_tokens(s, c, fail)
    _check_cards(s, c, fail)
    # numbers and the rule cursor
    for name in ("turn", "cards_in_phase", "actions_left", "moves_left"):
        if getattr(s, name) < 0:
            raise fail(name, "must not be negative")
    for name in ("dice_rng", "card_rng"):
        if not 0 <= getattr(s, name) <= dice_mod.MASK64:
            raise fail(name, "must be a 64-bit generator state")
    if not set(s.moved) <= set(s.soviet):
        raise fail("moved", "names an unknown Soviet counter")
    for i, frame in enumerate(s.stack):
        if frame["op"] not in STEPS:
            raise fail(f"stack[{i}].op", f"unknown rule step {frame['op']!r}")
    if s.pending is not None:
        _check_pending(s.pending, fail)


def _check_tokens(s: GameState, c: Components, fail: Any) -> None:
    sappers = {f"sapper:{t.number}:{n}" for t in c.board.tracks for n in t.sapper_circles}
    places = set(_FIXED_TOKEN_PLACES) | sappers
    places |= {f"suppress:{colour}" for colour in COLOURS}
    places |= {f"loc:{n}" for n in range(3, 19)}
    for place in _FIXED_TOKEN_PLACES:
        if place not in s.tokens:
            raise fail(f"tokens.{place}", "missing")
    totals: Counter[str] = Counter()
    for place, kinds in s.tokens.items():
        if place not in places:
            raise fail(f"tokens.{place}", "no such place for tokens")
        for kind, n in kinds.items():
            if kind not in c.tokens:
                raise fail(f"tokens.{place}.{kind}", "unknown token type")
            totals[kind] += n
    for counter in s.soviet.values():
        totals["disrupted"] += counter.disrupted
        if counter.marker:
            totals[counter.marker] += 1
    for kind, spec in c.tokens.items():
        if totals[kind] != spec.total:
            raise fail("tokens", f"{totals[kind]} {spec.name} tokens in play, the game has "
                       f"{spec.total} (Setup 9)")


def _check_cards(s: GameState, c: Components, fail: Any) -> None:
    wehrmacht = set(c.wehrmacht_cards) | set(c.resupply_cards)
    piles = {
        "wehrmacht_deck": s.wehrmacht_deck,
        "wehrmacht_current": [s.wehrmacht_current] if s.wehrmacht_current else [],
        "wehrmacht_done": s.wehrmacht_done,
        "resupply_removed": s.resupply_removed,
        "storm_box": [s.storm_box] if s.storm_box else [],
        "storm_won": s.storm_won,
        "storm_lost": s.storm_lost,
    }
    _unique_known(piles, wehrmacht, "Wehrmacht or Resupply card", fail)
    soviet = {
        "soviet_deck": s.soviet_deck,
        "hand": s.hand,
        "soviet_discard": s.soviet_discard,
        "fog_stock": s.fog_stock,
    }
    _unique_known(soviet, set(c.soviet_cards), "Soviet card", fail)
    if not set(s.hand_used) <= set(s.hand):
        raise fail("hand_used", "names a card that is not in the hand")


def _unique_known(piles: dict[str, list[str]], known: set[str], what: str, fail: Any) -> None:
    seen: set[str] = set()
    for name, cards in piles.items():
        for card in cards:
            if card not in known:
                raise fail(name, f"unknown {what} {card!r}")
            if card in seen:
                raise fail(name, f"the {what} {card!r} is in two places")
            seen.add(card)


def _check_pending(p: dict[str, Any], fail: Any) -> None:
    if p.get("kind") == "decision":
        if p.get("op") not in DECISIONS:
            raise fail("pending.op", f"unknown decision {p.get('op')!r}")
        if not isinstance(p.get("prompt"), str) or not isinstance(p.get("rule"), str):
            raise fail("pending", "a decision needs a prompt and a rule")
        return
    if p.get("kind") != "chance":
        raise fail("pending.kind", f"must be 'decision' or 'chance', not {p.get('kind')!r}")
    n = p.get("n")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 60:
        raise fail("pending.n", f"must be a number of dice, not {n!r}")
    if p.get("then") not in STEPS:
        raise fail("pending.then", f"unknown rule step {p.get('then')!r}")
    for key in ("label", "rule"):
        if not isinstance(p.get(key), str):
            raise fail(f"pending.{key}", "must be text")
    if not isinstance(p.get("ctx"), dict):
        raise fail("pending.ctx", "must be an object")
    try:
        dice_mod.distribution(n, p["test"])
    except Exception as exc:  # any malformed test: name it
        raise fail("pending.test", f"not a dice test ({exc!r})") from exc


def check_variant_cards(s: GameState, c: Components, options: RuleSettings, where: str) -> None:
    """Raise :class:`SaveFormatError` if the variant cards dealt disagree with the options.

    With Operational Support (7.1) or a Tactics level (7.2) on, setup deals every card of
    that variant into its piles; with it off, none. A save whose options were changed after
    the deal would otherwise load as a game that can never play the variant.
    """
    variants = (
        ("operational_support", options.operational_support, c.operational_support,
         [*s.os_deck, *s.os_won, *([s.os_current] if s.os_current else [])]),
        ("tactics", options.tactics != "none", c.tactics,
         [*s.tactics_deck, *s.tactics_in_play, *s.tactics_removed]),
    )
    for field, on, cards, dealt in variants:
        if sorted(dealt) != (sorted(cards) if on else []):
            state = "on" if on else "off"
            raise SaveFormatError(
                f"save.options.{field}: the variant is {state} but {where} holds "
                f"{len(dealt)} of its {len(cards)} cards"
            )
