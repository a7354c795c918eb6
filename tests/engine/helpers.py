"""Position builders and invariant checks shared by the engine's tests.

A scenario test builds an exact position and starts the rule machine at the rule under test:

    state = blank()                         # dealt (Setup 1-11), house and tracks empty
    counter(state, "pavlov", "R2")          # put counters, tokens, Wehrmacht counters ...
    game = start(state, {"op": "card_colour", "card": "d1-sniper-1"}, script=[3, 2, 6, 1, 1, 1])

``start`` schedules the given steps (run in the order given), clears the pending decision and
loads a dice script, so every roll is exact; ``Game(state, auto_roll=True)`` rolls the scripted
dice as the steps ask for them and stops when the script runs dry. Every builder moves tokens
to and from the stock, so the component totals stay conserved and :func:`check_invariants`
holds in every hand-made position as in a real game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import fields
from typing import Any

from pavlov_widgets.engine import Game, RuleSettings, default_components
from pavlov_widgets.engine import check as engine_check
from pavlov_widgets.engine.components import Components
from pavlov_widgets.engine.positions import Position
from pavlov_widgets.engine.rules.setup import initial_state
from pavlov_widgets.engine.state import GameState

COMPONENTS: Components = default_components()
SQUARES: frozenset[str] = frozenset(sq.id for sq in COMPONENTS.board.squares)


# --- building positions ------------------------------------------------------------------
# Thin wrappers over the one position builder, engine.positions.Position, working on a
# bare GameState the tests can also edit by hand (Position.wrap edits it in place).


_OWN_COMPONENTS: dict[int, tuple[GameState, Components]] = {}
"""The components of states that :func:`blank` dealt from other component files."""


def _pos(
    state: GameState, settings: RuleSettings | None = None, components: Components | None = None
) -> Position:
    if components is None:
        own = _OWN_COMPONENTS.get(id(state))
        components = own[1] if own is not None and own[0] is state else COMPONENTS
    return Position.wrap(state, settings, components)


def blank(
    seed: int = 0,
    *,
    phase: str = "wehrmacht_cards",
    turn: int = 1,
    settings: RuleSettings | None = None,
    components: Components | None = None,
) -> GameState:
    """A dealt state (Setup 1-11) with an empty house: every Soviet counter in the stock.

    Decks, tokens and Defense are as Setup leaves them (10 Suppression + 2 Food in Supplies);
    nothing is scheduled and no dice are scripted.
    """
    state = Position(seed, settings, components or COMPONENTS, turn=turn).state
    state.phase = phase
    if components is not None and components is not COMPONENTS:
        _OWN_COMPONENTS[id(state)] = (state, components)
    return state


def counter(
    state: GameState,
    cid: str,
    where: str,
    *,
    exhausted: bool = False,
    disrupted: bool = False,
    marker: str = "",
) -> None:
    """Put Soviet counter ``cid`` at ``where`` with these flags (tokens come from the stock)."""
    _pos(state).counter(cid, where, exhausted, disrupted, marker)


def weapon(state: GameState, wid: str, where: str) -> None:
    """Put weapon counter ``wid`` at ``where``."""
    _pos(state).weapon(wid, where)


def tokens(state: GameState, place: str, kind: str, n: int) -> None:
    """Make exactly ``n`` tokens of ``kind`` lie at ``place`` (the difference: to/from stock)."""
    _pos(state).set_tokens(kind, place, n)


def disrupt_location(state: GameState, *locs: int) -> None:
    """Put a Disrupted token on each Volga location in ``locs``."""
    _pos(state).disrupt_location(*locs)


def wehrmacht(state: GameState, track: int, circle: int, kind: str) -> str:
    """Put a Wehrmacht counter of type ``kind`` (or exact id) on a track circle (1-based)."""
    _pos(state).wehrmacht(track, circle, kind)
    return state.tracks[track - 1][circle - 1]


def wehrmacht_on_top(state: GameState, *card_ids: str) -> None:
    """Move these Wehrmacht / Resupply cards to the top of the deck, in this order."""
    _pos(state).wehrmacht_cards(*card_ids)


def storm_box(state: GameState, card_id: str) -> None:
    """Put a Storm Group card (a Resupply card's back, or the Milk House) in its box."""
    _pos(state).storm_box(card_id)


def play_out_deck(state: GameState) -> None:
    """Move every card left in the Wehrmacht deck to the used pile (the deck is exhausted)."""
    _pos(state).wehrmacht_deck()


def soviet_on_top(state: GameState, *card_ids: str) -> None:
    """Move these Soviet cards (Fog of War included) to the top of the Soviet deck, in order."""
    _pos(state).soviet_on_top(*card_ids)


def start(
    state: GameState,
    *frames: dict[str, Any],
    script: Iterable[int] = (),
    settings: RuleSettings | None = None,
    auto_roll: bool = True,
    components: Components | None = None,
) -> Game:
    """Schedule ``frames`` (run in the order given) with scripted dice and start the game."""
    return _pos(state, settings, components).steps(*frames).dice(*script).game(auto_roll)


def reveal(
    state: GameState,
    *card_ids: str,
    script: Iterable[int] = (),
    settings: RuleSettings | None = None,
    auto_roll: bool = True,
    components: Components | None = None,
) -> Game:
    """Start a Wehrmacht Card Phase in which exactly these cards are revealed (3.0)."""
    pos = _pos(state, settings, components).wehrmacht_cards(*card_ids)
    pos.resume("wehrmacht", cards=len(card_ids), rest_of_turn=False)
    return pos.dice(*script).game(auto_roll)


def card_phase(
    state: GameState,
    *card_ids: str,
    script: Iterable[int] = (),
    settings: RuleSettings | None = None,
) -> Game:
    """Start a Soviet Card Phase whose four cards are these (drawn in this order, 2.1)."""
    pos = _pos(state, settings).soviet_on_top(*card_ids)
    return pos.resume("soviet_cards", rest_of_turn=False).dice(*script).game()


def counter_phase(state: GameState, *, script: Iterable[int] = (),
                  settings: RuleSettings | None = None) -> Game:
    """Start a Soviet Counter Phase (4.0) on this position."""
    pos = _pos(state, settings).resume("counter_moves", rest_of_turn=False)
    return pos.dice(*script).game()


def action_phase(state: GameState, *, actions: int = 3, script: Iterable[int] = (),
                 settings: RuleSettings | None = None) -> Game:
    """Start the actions of a Soviet Counter Phase (4.0), the moves being done."""
    pos = _pos(state, settings).resume("counter_actions", actions=actions, rest_of_turn=False)
    return pos.dice(*script).game()


# --- reading the game -------------------------------------------------------------------


def lines(game: Game, since: int = 0) -> list[str]:
    """The log from entry ``since`` on, one ``str(entry)`` per line (turn, phase, dice, rule)."""
    return [str(e) for e in game.log[since:]]


def ids(game: Game) -> list[str]:
    """The ids of the pending decision's legal settings, in their fixed order."""
    return [o.id for o in game.legal_actions()]


def where(game: Game, cid: str) -> str:
    """Where a Soviet counter is."""
    return game.state.soviet[cid].where


def supplies(game: Game) -> dict[str, int]:
    """The Supplies box, without zero counts."""
    return {k: n for k, n in game.state.tokens.get("supplies", {}).items() if n}


def at(game: Game, place: str, kind: str) -> int:
    """How many tokens of ``kind`` lie at ``place``."""
    return game.state.tokens.get(place, {}).get(kind, 0)


def pending_op(game: Game) -> str | None:
    """The pending decision's op, ``"chance"`` at a roll, or None."""
    p = game.state.pending
    if p is None:
        return None
    return "chance" if p["kind"] == "chance" else str(p["op"])


# --- invariants ---------------------------------------------------------------------------
# The package has one checker (pavlov_widgets.engine.check) and the tests use it. Beside it
# stands the census, a small oracle of another kind: it knows no rule, only that the pieces a
# game is dealt stay in the game. Whatever it finds lost or gained, the checker must find too.


def census(state: GameState, components: Components) -> Counter[str]:
    """Every piece a state holds, by kind: tokens (those on counters too), counters, cards.

    Read field by field, whatever the field: a card counts wherever its id stands.
    """
    cards = {*components.wehrmacht_cards, *components.resupply_cards,
             *components.soviet_cards, *components.tactics, *components.operational_support}
    pieces: Counter[str] = Counter()
    for held in state.tokens.values():
        for kind, n in held.items():
            pieces["token " + kind] += n
    for flags in state.soviet.values():
        pieces["token disrupted"] += flags.disrupted
        if flags.marker:
            pieces["token " + flags.marker] += 1
    named = [f"counter {x}" for x in (*state.soviet, *state.weapons)]
    for field in fields(state):
        if field.name != "hand_used":  # a mark on cards of the hand, not a pile of its own
            value = getattr(state, field.name)
            named += [f"card {x}" for x in (value if isinstance(value, list) else [value])
                      if isinstance(x, str) and x in cards]
    pieces.update(named)
    return pieces


_DEALT: dict[tuple[str, str], Counter[str]] = {}


def census_changes(game: Game) -> dict[str, int]:
    """The pieces ``game`` holds more (+) or fewer (-) of than its deal did ({} if none)."""
    key = (game.components.fingerprint, repr(game.settings))
    dealt = _DEALT.get(key)
    if dealt is None:
        dealt = _DEALT[key] = census(initial_state(0, game.components, game.settings),
                                     game.components)
    now = census(game.state, game.components)
    return {k: now[k] - dealt[k] for k in sorted(now.keys() | dealt.keys()) if now[k] != dealt[k]}


def check_invariants(game: Game) -> None:
    """The package's invariant checker, and the census beside it: the two must agree.

    A game started at one rule step may have run all its steps and wait for nothing (the
    playouts check full games for stalls themselves).

    Raises:
        AssertionError: the checker's :class:`~pavlov_widgets.engine.check.InvariantError`
            naming the first broken rule; or, if only the census finds pieces lost or gained,
            an error saying the checker missed them.
    """
    changes = census_changes(game)
    engine_check.check_invariants(game, allow_idle=True)
    assert not changes, f"pieces lost or gained that the checker missed: {changes}"
